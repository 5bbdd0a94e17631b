package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"time"

	"github.com/organism-dev/organism/platform/auth"
)

var tokenCmd = &command{
	name:    "token",
	summary: "credentials minted with the owner key in the data dir",
	subs: []*command{
		{
			name:    "mint",
			summary: "mint a credential: --agent ID --seat SEAT --brain BRAIN, --owner, or --peer NAME",
			setup: func(fs *flag.FlagSet) action {
				agent := fs.String("agent", "", "agent id the credential speaks for")
				seat := fs.String("seat", "", "the agent's seat: orchestrator, executor, runner, judge, curator, ...")
				brain := fs.String("brain", "", "the one brain the agent is bound to")
				owner := fs.Bool("owner", false, "mint the owner's credential (origin human-cli)")
				peer := fs.String("peer", "", "mint a federation peer credential with this name")
				ttl := fs.Duration("ttl", 720*time.Hour, "lifetime; 0 means no expiry")
				dataDir := fs.String("data-dir", envOr("ORGANISM_DATA_DIR", defaultDataDir), "data directory holding owner.key (env ORGANISM_DATA_DIR)")
				return func(_ context.Context, c *call) error {
					req := auth.MintRequest{TTL: *ttl}
					switch {
					case *owner && (*agent != "" || *peer != ""), *agent != "" && *peer != "":
						return usageError{"choose one of --owner, --agent, --peer"}
					case *owner:
						req.Kind = auth.KindOwner
					case *peer != "":
						req.Kind, req.Subject = auth.KindPeer, *peer
					case *agent != "":
						if *seat == "" || *brain == "" {
							return usageError{"--agent needs --seat and --brain"}
						}
						req.Kind, req.Subject, req.Seat, req.Brain = auth.KindAgent, *agent, *seat, *brain
					default:
						return usageError{"say who the credential is for: --agent ID --seat SEAT --brain BRAIN, --owner, or --peer NAME"}
					}
					key, _, err := auth.LoadOrCreateOwnerKey(*dataDir)
					if err != nil {
						return err
					}
					tok, err := auth.NewSigner(key, nil).Mint(req)
					if err != nil {
						return err
					}
					return c.printValue(map[string]string{"token": tok}, func(w io.Writer) error {
						_, err := fmt.Fprintln(w, tok)
						return err
					})
				}
			},
		},
	},
}
