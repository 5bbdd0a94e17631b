package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"time"

	presencev1 "github.com/organism-dev/organism/proto/organism/presence/v1"
	"github.com/organism-dev/organism/services/mission/runner"
)

var runnerCmd = &command{
	name: "runner", client: true,
	summary: "the reference runner: claim pinned work, run the gate in a fresh git worktree, report",
	long:    "a runner works with its own runner-seat token (organism token mint --agent ID --seat runner --brain B), never the owner's",
	setup: func(fs *flag.FlagSet) action {
		id := fs.String("id", "", "this runner's id; must match the credential (a runner-seat token) and runners.toml")
		workDir := fs.String("workdir", "", "directory for per-mission worktrees (default <tmp>/organism-runner)")
		wait := fs.Duration("wait", 30*time.Second, "long-poll wait per claim")
		once := fs.Bool("once", false, "run at most one mission, then exit")
		return func(ctx context.Context, c *call) error {
			if *id == "" {
				return usageError{"organism runner needs --id (the id pinned in the owner's runners.toml)"}
			}
			if c.dialer.owner {
				return errors.New("a runner works with its own runner-seat token (organism token mint --agent ID --seat runner --brain B), never the owner's")
			}
			mc, err := c.mission()
			if err != nil {
				return err
			}
			logger := slog.New(slog.NewTextHandler(c.out, nil))
			r, err := runner.New(runner.Options{
				Client: mc, ID: *id, WorkDir: *workDir, Wait: *wait,
				Presence: presencev1.NewPresenceServiceClient(c.conn), Logger: logger,
			})
			if err != nil {
				return err
			}
			if !*once {
				return r.Loop(ctx)
			}
			if _, err := r.Sweep(ctx); err != nil {
				logger.Warn("runner: sweep", "err", err)
			}
			res, ran, err := r.RunOnce(ctx)
			if err != nil {
				return err
			}
			if !ran {
				return c.printValue(map[string]any{"ran": false}, func(w io.Writer) error {
					_, err := fmt.Fprintln(w, "no work")
					return err
				})
			}
			return c.print(res.Letter, func(w io.Writer) error {
				_, err := fmt.Fprintf(w, "%s -> %s\n", res.MissionID, phaseName(res.Phase))
				return err
			})
		}
	},
}
