package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/organism-dev/organism/platform/auth"
	"github.com/organism-dev/organism/platform/clock"
)

// serveKeys is what a serving process verifies and calls with. Only --target=all in development mode
// holds a signer; every deployed target has the owner's public key and its own credential.
type serveKeys struct {
	verifier       *auth.Verifier
	serviceToken   string // presented on calls this process makes for itself (soul, mission)
	gatewayToken   string // the gateway's credential, sent upstream beside an owner session
	ownerTokenPath string // development mode only: where the owner's credential was written
}

// devMode is `serve --target=all` with no deployment key material given: the one case in which
// serve creates the owner's private key, so `make run` works on a fresh machine.
func devMode(cfg config) bool {
	return cfg.target == "all" && cfg.ownerPub == "" && cfg.serviceToken == "" && cfg.gatewayToken == ""
}

// needsServiceToken reports whether the target calls another service on its own behalf.
func needsServiceToken(target string) bool {
	return target == "all" || target == "soul" || target == "mission"
}

func loadKeys(cfg config, clk clock.Clock) (serveKeys, error) {
	// A target that calls medulla but was not told where it is would dial itself: refuse.
	if (cfg.target == "soul" || cfg.target == "mission") && cfg.peers["medulla"] == "" {
		return serveKeys{}, fmt.Errorf("--target=%s calls medulla: give its address with --medulla-addr or ORGANISM_MEDULLA_ADDR", cfg.target)
	}
	if devMode(cfg) {
		key, _, err := auth.InitOwnerKey(cfg.dataDir)
		if err != nil {
			return serveKeys{}, fmt.Errorf("owner key: %w", err)
		}
		signer := auth.NewSigner(key, clk.Now)
		k := serveKeys{verifier: signer.Verifier()}
		if k.ownerTokenPath, err = ensureOwnerToken(cfg.dataDir, signer); err != nil {
			return serveKeys{}, err
		}
		if k.serviceToken, err = signer.Mint(auth.MintRequest{Kind: auth.KindService, Subject: "organism-all"}); err != nil {
			return serveKeys{}, err
		}
		if k.gatewayToken, err = signer.Mint(auth.MintRequest{Kind: auth.KindGateway, Subject: "gateway"}); err != nil {
			return serveKeys{}, err
		}
		return k, nil
	}
	pubPath := cfg.ownerPub
	if pubPath == "" {
		pubPath = filepath.Join(cfg.dataDir, auth.OwnerPublicKeyFile)
	}
	pub, err := auth.LoadOwnerPublicKey(pubPath)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return serveKeys{}, fmt.Errorf("owner public key: %w (run 'organism keys init' where the owner keeps the key and give this target owner.pub with --owner-pub)", err)
		}
		return serveKeys{}, fmt.Errorf("owner public key: %w", err)
	}
	k := serveKeys{verifier: auth.NewVerifier(pub, clk.Now)}
	// Each credential is checked against the key now, so a pod given the wrong Secret fails its
	// start with the cause instead of answering Unauthenticated on its first call.
	check := func(flagName, tok string, want auth.Kind) (string, error) {
		c, err := k.verifier.Verify(tok)
		if err != nil {
			return "", fmt.Errorf("--%s: %w (mint it with 'organism token mint' against this owner key)", flagName, err)
		}
		if c.Kind != want {
			return "", fmt.Errorf("--%s: a %s credential, want a %s credential", flagName, c.Kind, want)
		}
		return tok, nil
	}
	if needsServiceToken(cfg.target) {
		if cfg.serviceToken == "" {
			return serveKeys{}, fmt.Errorf("--target=%s calls other services and needs its own credential: --service-token or ORGANISM_SERVICE_TOKEN ('organism token mint --service organism-%s')", cfg.target, cfg.target)
		}
		if k.serviceToken, err = check("service-token", cfg.serviceToken, auth.KindService); err != nil {
			return serveKeys{}, err
		}
	}
	if cfg.hosts("gateway") {
		if cfg.gatewayToken == "" {
			return serveKeys{}, errors.New("the gateway needs its credential: --gateway-token or ORGANISM_GATEWAY_TOKEN ('organism token mint --gateway')")
		}
		if k.gatewayToken, err = check("gateway-token", cfg.gatewayToken, auth.KindGateway); err != nil {
			return serveKeys{}, err
		}
	}
	return k, nil
}

// ensureOwnerToken writes the owner's credential into the data dir on first run so the owner can
// find it; it never overwrites one that exists.
func ensureOwnerToken(dataDir string, signer *auth.Signer) (string, error) {
	p := filepath.Join(dataDir, auth.OwnerTokenFile)
	if _, err := os.Stat(p); err == nil {
		return p, nil
	}
	tok, err := signer.Mint(auth.MintRequest{Kind: auth.KindOwner})
	if err != nil {
		return "", err
	}
	if err := os.WriteFile(p, []byte(tok+"\n"), 0o600); err != nil {
		return "", fmt.Errorf("write owner credential: %w", err)
	}
	return p, nil
}

// loadSigner reads the owner's private key for the explicit minting verbs; it never creates one.
func loadSigner(dataDir string) (*auth.Signer, error) {
	key, err := auth.LoadOwnerKey(filepath.Join(dataDir, auth.OwnerKeyFile))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("no owner key in %s: run 'organism keys init --data-dir %s' first", dataDir, dataDir)
	}
	if err != nil {
		return nil, err
	}
	return auth.NewSigner(key, nil), nil
}

// deployTargets are the targets `keys export` writes a credential for, with the kind each needs.
var deployTargets = []struct {
	target string
	kind   auth.Kind
}{{"soul", auth.KindService}, {"mission", auth.KindService}, {"gateway", auth.KindGateway}}

var keysCmd = &command{
	name:    "keys",
	summary: "the owner's signing key: create it, print its public half, export what pods need",
	subs: []*command{
		{
			name:    "init",
			summary: "create owner.key (private, stays with the owner), owner.pub and owner.token in the data dir",
			setup: func(fs *flag.FlagSet) action {
				dataDir := fs.String("data-dir", envOr("ORGANISM_DATA_DIR", defaultDataDir), "data directory (env ORGANISM_DATA_DIR)")
				return func(_ context.Context, c *call) error {
					key, created, err := auth.InitOwnerKey(*dataDir)
					if err != nil {
						return err
					}
					tokPath, err := ensureOwnerToken(*dataDir, auth.NewSigner(key, nil))
					if err != nil {
						return err
					}
					res := map[string]string{"owner_key": filepath.Join(*dataDir, auth.OwnerKeyFile),
						"owner_pub": filepath.Join(*dataDir, auth.OwnerPublicKeyFile), "owner_token": tokPath}
					return c.printValue(res, func(w io.Writer) error {
						verb := "kept the existing"
						if created {
							verb = "created"
						}
						_, err := fmt.Fprintf(w, "%s owner key %s\npublic key (give this to services): %s\nowner credential: %s\n", verb, res["owner_key"], res["owner_pub"], tokPath)
						return err
					})
				}
			},
		},
		{
			name:    "public",
			summary: "print the owner's public key (PEM) from the data dir",
			setup: func(fs *flag.FlagSet) action {
				dataDir := fs.String("data-dir", envOr("ORGANISM_DATA_DIR", defaultDataDir), "data directory (env ORGANISM_DATA_DIR)")
				return func(_ context.Context, c *call) error {
					s, err := loadSigner(*dataDir)
					if err != nil {
						return err
					}
					pem, err := auth.EncodePublicKey(s.Verifier().PublicKey())
					if err != nil {
						return err
					}
					return c.printValue(map[string]string{"public_key": string(pem)}, func(w io.Writer) error {
						_, err := w.Write(pem)
						return err
					})
				}
			},
		},
		{
			name:    "export",
			summary: "write what the pods need into --out: owner.pub and one credential per calling target (never the private key)",
			setup: func(fs *flag.FlagSet) action {
				dataDir := fs.String("data-dir", envOr("ORGANISM_DATA_DIR", defaultDataDir), "data directory holding owner.key (env ORGANISM_DATA_DIR)")
				outDir := fs.String("out", "", "directory to write owner.pub and <target>.token into (for example deploy/k8s/overlays/kind/secrets)")
				return func(_ context.Context, c *call) error {
					if *outDir == "" {
						return usageError{"--out is required"}
					}
					s, err := loadSigner(*dataDir)
					if err != nil {
						return err
					}
					written, err := exportKeys(s, *outDir)
					if err != nil {
						return err
					}
					return c.printValue(map[string][]string{"written": written}, func(w io.Writer) error {
						for _, p := range written {
							if _, err := fmt.Fprintln(w, p); err != nil {
								return err
							}
						}
						return nil
					})
				}
			},
		},
	},
}

// exportKeys writes owner.pub and soul.token, mission.token, gateway.token into dir.
func exportKeys(s *auth.Signer, dir string) ([]string, error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, err
	}
	var written []string
	pub := filepath.Join(dir, auth.OwnerPublicKeyFile)
	if err := auth.WriteOwnerPublicKey(pub, s.Verifier().PublicKey()); err != nil {
		return nil, err
	}
	written = append(written, pub)
	for _, t := range deployTargets {
		subject := "organism-" + t.target
		if t.kind == auth.KindGateway {
			subject = "gateway"
		}
		tok, err := s.Mint(auth.MintRequest{Kind: t.kind, Subject: subject})
		if err != nil {
			return written, err
		}
		p := filepath.Join(dir, t.target+".token")
		if err := os.WriteFile(p, []byte(tok), 0o600); err != nil {
			return written, err
		}
		written = append(written, p)
	}
	return written, nil
}
