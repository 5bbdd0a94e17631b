package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"

	medullav1 "github.com/organism-dev/organism/proto/organism/medulla/v1"
	missionv1 "github.com/organism-dev/organism/proto/organism/mission/v1"
	presencev1 "github.com/organism-dev/organism/proto/organism/presence/v1"
	soulv1 "github.com/organism-dev/organism/proto/organism/soul/v1"

	"github.com/organism-dev/organism/platform/auth"
	"github.com/organism-dev/organism/platform/grpcserver"
	"github.com/organism-dev/organism/platform/tlsconfig"
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

// call is one invocation of a verb: its positionals, its output, the one connection it dials
// and the one printer it answers through.
type call struct {
	out    io.Writer
	args   []string
	json   bool
	dialer dialer
	set    []string // flags given explicitly on the command line
	conn   *grpc.ClientConn
}

// given reports whether the flag was set on the command line (not merely defaulted).
func (c *call) given(name string) bool { return slices.Contains(c.set, name) }

// dial connects once per call; every client of the call shares the connection.
func (c *call) dial() (*grpc.ClientConn, error) {
	if c.conn != nil {
		return c.conn, nil
	}
	conn, err := c.dialer.dial()
	if err != nil {
		return nil, err
	}
	c.conn = conn
	return conn, nil
}

func (c *call) close() {
	if c.conn != nil {
		c.conn.Close()
	}
}

func (c *call) medulla() (medullav1.MedullaServiceClient, error) {
	conn, err := c.dial()
	if err != nil {
		return nil, err
	}
	return medullav1.NewMedullaServiceClient(conn), nil
}

func (c *call) mission() (missionv1.MissionServiceClient, error) {
	conn, err := c.dial()
	if err != nil {
		return nil, err
	}
	return missionv1.NewMissionServiceClient(conn), nil
}

func (c *call) presence() (presencev1.PresenceServiceClient, error) {
	conn, err := c.dial()
	if err != nil {
		return nil, err
	}
	return presencev1.NewPresenceServiceClient(conn), nil
}

func (c *call) soul() (soulv1.SoulServiceClient, error) {
	conn, err := c.dial()
	if err != nil {
		return nil, err
	}
	return soulv1.NewSoulServiceClient(conn), nil
}

// dialer holds the connection flags every client verb shares.
type dialer struct {
	addr    string
	token   string
	owner   bool
	dataDir string
	tls     tlsconfig.Files
}

// bind adds --addr, --token, --owner and --data-dir to fs.
func (d *dialer) bind(fs *flag.FlagSet) {
	fs.StringVar(&d.addr, "addr", envOr("ORGANISM_ADDR", defaultGRPCAddr), "gRPC address of the service (env ORGANISM_ADDR)")
	fs.StringVar(&d.token, "token", os.Getenv("ORGANISM_TOKEN"), "bearer credential (env ORGANISM_TOKEN)")
	fs.BoolVar(&d.owner, "owner", false, "use the owner credential from <data-dir>/owner.token (origin human-cli)")
	fs.StringVar(&d.dataDir, "data-dir", envOr("ORGANISM_DATA_DIR", defaultDataDir), "data directory (env ORGANISM_DATA_DIR)")
	tlsFlags(fs, &d.tls, false)
}

// credential returns the token to present: the owner's with --owner, else --token/ORGANISM_TOKEN.
func (d *dialer) credential() (string, error) {
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

func (d *dialer) dial() (*grpc.ClientConn, error) {
	tok, err := d.credential()
	if err != nil {
		return nil, err
	}
	extra, err := clientTLS(d.tls)
	if err != nil {
		return nil, err
	}
	return grpcserver.Dial(d.addr, grpcserver.DialOptions{Credentials: auth.Bearer(tok), Extra: extra})
}

// jsonOptions is the one JSON spelling of every answer: the proto field names, the spelling of
// the wire's JSON and of the m1nd-soul-check-v0 report other tools read.
var jsonOptions = protojson.MarshalOptions{UseProtoNames: true, Multiline: true, Indent: "  "}

// print is the printer every verb answers through: with --json the message as protojson,
// otherwise the verb's human rendering.
func (c *call) print(m proto.Message, human func(w io.Writer) error) error {
	if c.json {
		return writeJSON(c.out, m)
	}
	return human(c.out)
}

// printValue is print for the few answers that are not proto messages (token mint, export).
func (c *call) printValue(v any, human func(w io.Writer) error) error {
	if c.json {
		enc := json.NewEncoder(c.out)
		enc.SetIndent("", "  ")
		return enc.Encode(v)
	}
	return human(c.out)
}

func writeJSON(w io.Writer, m proto.Message) error {
	b, err := jsonOptions.Marshal(m)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintln(w, string(b))
	return err
}

// streamJSON writes one event of a stream on one line (NDJSON), so a reader can act on each
// as it arrives.
func streamJSON(w io.Writer, m proto.Message) error {
	b, err := protojson.MarshalOptions{UseProtoNames: true}.Marshal(m)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintln(w, string(b))
	return err
}

// pageAll fetches pages until the server answers the explicit end, an empty next token. fetch
// gets the token to ask with and returns the next one. A server that hands back the token it was
// given would loop forever, so that is an error, not a hang.
func pageAll(fetch func(token string) (next string, err error)) error {
	token := ""
	for {
		next, err := fetch(token)
		if err != nil {
			return err
		}
		if next == "" {
			return nil
		}
		if next == token {
			return fmt.Errorf("the server answered page token %q with itself; stopping instead of looping", token)
		}
		token = next
	}
}

// statusError is a gRPC refusal rendered for a person (reason code, message, fields, the
// rejection receipt that logged it) that still answers status.FromError with the original
// status, so scripts and tests read the reason from it as from the wire.
type statusError struct {
	st  *status.Status
	msg string
}

func (e *statusError) Error() string              { return e.msg }
func (e *statusError) GRPCStatus() *status.Status { return e.st }

// renderStatus turns a gRPC status error into a statusError; other errors pass unchanged.
func renderStatus(err error) error {
	var already *statusError
	if err == nil || errors.As(err, &already) {
		return err
	}
	st, ok := status.FromError(err)
	if !ok || st.Code() == codes.OK {
		return err
	}
	reason, receipt, fields := st.Code().String(), "", []string(nil)
	for _, d := range st.Details() {
		switch d := d.(type) {
		case *errdetails.ErrorInfo:
			reason, receipt = d.GetReason(), d.GetMetadata()["receipt_id"]
		case *errdetails.BadRequest:
			for _, v := range d.GetFieldViolations() {
				fields = append(fields, v.GetField())
			}
		}
	}
	msg := reason + ": " + st.Message()
	if len(fields) > 0 {
		msg += " [field " + strings.Join(fields, ", ") + "]"
	}
	if receipt != "" {
		msg += " (rejection receipt " + receipt + ")"
	}
	return &statusError{st: st, msg: msg}
}

// unreachable words a failed dial (gRPC's own Unavailable, which carries no ErrorInfo) for a
// person: the address tried and what to check, instead of grpc-go's "connection error: desc =
// \"transport: Error while dialing: ...\"". The status stays Unavailable for scripts. An
// Unavailable a server sent (STORE_UNAVAILABLE, ...) carries its reason and passes unchanged.
func unreachable(addr string, err error) error {
	st, ok := status.FromError(err)
	if !ok || st.Code() != codes.Unavailable || len(st.Details()) > 0 {
		return err
	}
	var already *statusError
	if errors.As(err, &already) {
		return err
	}
	cause := st.Message()
	if i := strings.LastIndex(cause, ": "); i >= 0 {
		cause = cause[i+2:]
	}
	cause = strings.Trim(cause, `"`)
	return &statusError{st: st, msg: fmt.Sprintf("UNAVAILABLE: no server answered at %s (%s); is 'organism serve' running there? --addr or ORGANISM_ADDR names it", addr, cause)}
}

// multiFlag collects a repeatable flag.
type multiFlag []string

func (m *multiFlag) String() string     { return strings.Join(*m, ",") }
func (m *multiFlag) Set(v string) error { *m = append(*m, v); return nil }

// listFlag collects a repeatable flag; commas also separate values.
type listFlag []string

func (l *listFlag) String() string { return strings.Join(*l, ",") }

func (l *listFlag) Set(v string) error {
	for p := range strings.SplitSeq(v, ",") {
		if p = strings.TrimSpace(p); p != "" {
			*l = append(*l, p)
		}
	}
	return nil
}

// brainFlag binds --brain with the ORGANISM_BRAIN default the memory verbs share; resolveBrain
// falls back to the credential's own brain when both are empty.
func brainFlag(fs *flag.FlagSet) *string {
	return fs.String("brain", os.Getenv("ORGANISM_BRAIN"), "brain to act in (default: env ORGANISM_BRAIN, else the credential's own)")
}

// resolveBrain fills an empty *brain with the brain the credential is bound to, as the soul and
// presence organs do on their side for these verbs' siblings (medulla and mission take the brain
// as named). The credential is read, not verified: it only picks what to ask for, and the organ
// still checks the binding. An owner's credential names no brain: then --brain is required.
func resolveBrain(c *call, brain *string) error {
	if *brain != "" {
		return nil
	}
	tok, err := c.dialer.credential()
	if err != nil {
		return err
	}
	if *brain = credentialBrain(tok); *brain == "" {
		return usageError{"--brain is required: this credential is bound to no brain (or set ORGANISM_BRAIN)"}
	}
	return nil
}

// credentialBrain is the brain in a credential's payload ("org1.<payload>.<signature>"), "" when
// it names none or cannot be read.
func credentialBrain(tok string) string {
	if c, ok := auth.Peek(tok); ok && auth.ValidName(c.Brain) {
		return c.Brain
	}
	return ""
}

// counted is n and the noun, plural unless n is 1 ("1 worktree", "3 worktrees").
func counted(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
