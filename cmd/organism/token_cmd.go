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
			summary: "mint a credential: --agent ID --seat SEAT --brain BRAIN, --owner, --peer NAME, --service NAME or --gateway",
			setup: func(fs *flag.FlagSet) action {
				agent := fs.String("agent", "", "agent id the credential speaks for")
				seat := fs.String("seat", "", "the agent's seat: orchestrator, executor, runner, judge, curator, ...")
				brain := fs.String("brain", "", "the one brain the agent is bound to")
				owner := fs.Bool("owner", false, "mint the owner's credential (origin human-cli)")
				peer := fs.String("peer", "", "mint a federation peer credential with this name")
				service := fs.String("service", "", "mint a service's own credential (organism-soul, organism-mission) for a deployed target")
				gw := fs.Bool("gateway", false, "mint the gateway's own credential for a deployed gateway")
				ttl := fs.Duration("ttl", 720*time.Hour, "lifetime; 0 means no expiry")
				dataDir := fs.String("data-dir", envOr("ORGANISM_DATA_DIR", defaultDataDir), "data directory holding owner.key (env ORGANISM_DATA_DIR)")
				return func(_ context.Context, c *call) error {
					req := auth.MintRequest{TTL: *ttl}
					chosen := 0
					for _, given := range []bool{*owner, *agent != "", *peer != "", *service != "", *gw} {
						if given {
							chosen++
						}
					}
					switch {
					case chosen > 1:
						return usageError{"choose one of --owner, --agent, --peer, --service, --gateway"}
					case *service != "":
						req.Kind, req.Subject = auth.KindService, *service
					case *gw:
						req.Kind, req.Subject = auth.KindGateway, "gateway"
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
						return usageError{"say who the credential is for: --agent ID --seat SEAT --brain BRAIN, --owner, --peer NAME, --service NAME or --gateway"}
					}
					signer, err := loadSigner(*dataDir)
					if err != nil {
						return err
					}
					tok, err := signer.Mint(req)
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
