package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/organism-dev/organism/platform/auth"
)

func init() {
	register(command{name: "token", summary: "mint credentials with the owner key (token mint --agent ID --seat SEAT --brain BRAIN | --owner)", run: runToken})
}

func runToken(_ context.Context, args []string, out io.Writer) error {
	if len(args) == 0 || args[0] != "mint" {
		return errors.New("usage: organism token mint (--agent ID --seat SEAT --brain BRAIN | --owner | --peer NAME) [--ttl 720h] [--data-dir DIR]")
	}
	fs := newFlagSet("token mint", out)
	agent := fs.String("agent", "", "agent id the credential speaks for")
	seat := fs.String("seat", "", "the agent's seat: orchestrator, executor, runner, judge, curator, ...")
	brain := fs.String("brain", "", "the one brain the agent is bound to")
	owner := fs.Bool("owner", false, "mint the owner's credential (origin human-cli)")
	peer := fs.String("peer", "", "mint a federation peer credential with this name")
	ttl := fs.Duration("ttl", 720*time.Hour, "lifetime; 0 means no expiry")
	dataDir := fs.String("data-dir", envOr("ORGANISM_DATA_DIR", defaultDataDir), "data directory holding owner.key (env ORGANISM_DATA_DIR)")
	if err := fs.Parse(args[1:]); err != nil {
		return err
	}
	req := auth.MintRequest{TTL: *ttl}
	switch {
	case *owner && (*agent != "" || *peer != ""), *agent != "" && *peer != "":
		return errors.New("choose one of --owner, --agent, --peer")
	case *owner:
		req.Kind = auth.KindOwner
	case *peer != "":
		req.Kind, req.Subject = auth.KindPeer, *peer
	case *agent != "":
		if *seat == "" || *brain == "" {
			return errors.New("--agent needs --seat and --brain")
		}
		req.Kind, req.Subject, req.Seat, req.Brain = auth.KindAgent, *agent, *seat, *brain
	default:
		return errors.New("say who the credential is for: --agent ID --seat SEAT --brain BRAIN, --owner, or --peer NAME")
	}
	key, _, err := auth.LoadOrCreateOwnerKey(*dataDir)
	if err != nil {
		return err
	}
	tok, err := auth.NewSigner(key, nil).Mint(req)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintln(out, tok)
	return err
}
