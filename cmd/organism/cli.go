package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"google.golang.org/grpc"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"

	"github.com/organism-dev/organism/platform/auth"
	"github.com/organism-dev/organism/platform/grpcserver"
)

// Defaults shared by the server and every client verb.
const (
	defaultGRPCAddr = "127.0.0.1:7700"
	defaultHTTPAddr = "127.0.0.1:7780"
	defaultDataDir  = ".organism"
)

// envOr returns the environment variable's value, or def when it is unset or empty.
func envOr(name, def string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return def
}

// dialFlags are the connection flags every client verb shares.
type dialFlags struct {
	addr    string
	token   string
	owner   bool
	dataDir string
	json    bool
}

// bind adds --addr, --token, --owner, --data-dir and --json to fs.
func (d *dialFlags) bind(fs *flag.FlagSet) {
	fs.StringVar(&d.addr, "addr", envOr("ORGANISM_ADDR", defaultGRPCAddr), "gRPC address of the service (env ORGANISM_ADDR)")
	fs.StringVar(&d.token, "token", os.Getenv("ORGANISM_TOKEN"), "bearer credential (env ORGANISM_TOKEN)")
	fs.BoolVar(&d.owner, "owner", false, "use the owner credential from <data-dir>/owner.token (origin human-cli)")
	fs.StringVar(&d.dataDir, "data-dir", envOr("ORGANISM_DATA_DIR", defaultDataDir), "data directory (env ORGANISM_DATA_DIR)")
	fs.BoolVar(&d.json, "json", false, "print machine-readable JSON")
}

// credential returns the token to present: --token/ORGANISM_TOKEN, or the owner's with --owner.
func (d *dialFlags) credential() (string, error) {
	if d.owner {
		raw, err := os.ReadFile(filepath.Join(d.dataDir, auth.OwnerTokenFile))
		if err != nil {
			return "", fmt.Errorf("read owner credential: %w (run 'organism serve' once, or 'organism token mint --owner')", err)
		}
		return strings.TrimSpace(string(raw)), nil
	}
	if d.token == "" {
		return "", errors.New("no credential: pass --token or set ORGANISM_TOKEN (mint one with 'organism token mint'), or use --owner")
	}
	return d.token, nil
}

// dial connects to --addr with the chosen credential.
func (d *dialFlags) dial() (*grpc.ClientConn, error) {
	tok, err := d.credential()
	if err != nil {
		return nil, err
	}
	return grpcserver.Dial(d.addr, grpcserver.DialOptions{Credentials: auth.Bearer(tok)})
}

// printJSON writes a proto message as indented JSON.
func printJSON(w io.Writer, m proto.Message) error {
	return printJSONWith(w, m, protojson.MarshalOptions{})
}

// printJSONWith writes a proto message as indented JSON with the given options.
func printJSONWith(w io.Writer, m proto.Message, o protojson.MarshalOptions) error {
	o.Multiline, o.Indent = true, "  "
	b, err := o.Marshal(m)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintln(w, string(b))
	return err
}

// printAnyJSON writes a plain Go value as indented JSON.
func printAnyJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// newFlagSet returns a flag set whose errors come back to the verb instead of exiting.
func newFlagSet(name string, out io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet("organism "+name, flag.ContinueOnError)
	fs.SetOutput(out)
	return fs
}
