package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials"

	"github.com/organism-dev/organism/platform/tlsconfig"
)

var certsCmd = &command{
	name:    "certs",
	summary: "TLS certificates for serve --tls-* and the clients",
	subs: []*command{
		{
			name:    "dev",
			summary: "write a development CA and one certificate for loopback and the in-cluster Service names",
			setup: func(fs *flag.FlagSet) action {
				out := fs.String("out", ".organism/tls", "directory to write ca.crt, ca.key, tls.crt, tls.key into")
				hosts := fs.String("hosts", "", "extra DNS names or IPs, comma separated, besides localhost and the organism-* Services")
				validity := fs.Duration("validity", 90*24*time.Hour, "how long the certificates are valid")
				return func(_ context.Context, c *call) error {
					all := tlsconfig.DevHosts()
					for _, h := range strings.Split(*hosts, ",") {
						if h = strings.TrimSpace(h); h != "" {
							all = append(all, h)
						}
					}
					written, err := tlsconfig.WriteDev(*out, all, *validity)
					if err != nil {
						return err
					}
					return c.printValue(map[string][]string{"written": written}, func(w io.Writer) error {
						for _, p := range written {
							if _, err := fmt.Fprintln(w, p); err != nil {
								return err
							}
						}
						_, err := fmt.Fprintf(w, "serve with --tls-cert %s/tls.crt --tls-key %s/tls.key --tls-ca %s/ca.crt\n", *out, *out, *out)
						return err
					})
				}
			},
		},
	},
}

// tlsFlags binds --tls-cert, --tls-key, --tls-ca and --tls-mutual (env ORGANISM_TLS_*); serve
// and every client verb share the spelling.
func tlsFlags(fs *flag.FlagSet, f *tlsconfig.Files, server bool) {
	fs.StringVar(&f.Cert, "tls-cert", envOr("ORGANISM_TLS_CERT", ""), "PEM certificate of this side; with --tls-key turns TLS on (env ORGANISM_TLS_CERT)")
	fs.StringVar(&f.Key, "tls-key", envOr("ORGANISM_TLS_KEY", ""), "PEM private key for --tls-cert (env ORGANISM_TLS_KEY)")
	fs.StringVar(&f.CA, "tls-ca", envOr("ORGANISM_TLS_CA", ""), "PEM CA that signs the other side's certificate (env ORGANISM_TLS_CA)")
	if server {
		fs.BoolVar(&f.Mutual, "tls-mutual", envOr("ORGANISM_TLS_MUTUAL", "") == "true", "require client certificates signed by --tls-ca (env ORGANISM_TLS_MUTUAL=true)")
	}
}

// clientTLS is the dial option a client verb adds when TLS files were given; nil means plaintext.
func clientTLS(f tlsconfig.Files) ([]grpc.DialOption, error) {
	if !f.Enabled() {
		return nil, nil
	}
	if err := f.Check(false); err != nil {
		return nil, err
	}
	src, err := tlsconfig.Load(f)
	if err != nil {
		return nil, err
	}
	return []grpc.DialOption{grpc.WithTransportCredentials(credentials.NewTLS(src.Client()))}, nil
}
