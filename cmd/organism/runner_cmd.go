package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"time"

	missionv1 "github.com/organism-dev/organism/proto/organism/mission/v1"
	presencev1 "github.com/organism-dev/organism/proto/organism/presence/v1"
	"github.com/organism-dev/organism/services/mission/runner"
)

func init() {
	register(command{name: "runner", summary: "the reference runner: claim pinned work, run the gate in a fresh worktree, report", run: runRunner})
}

func runRunner(ctx context.Context, args []string, out io.Writer) error {
	fs := newFlagSet("runner", out)
	var d dialFlags
	d.bind(fs)
	id := fs.String("id", "", "this runner's id; must match the credential (a runner-seat token) and runners.toml")
	workDir := fs.String("workdir", "", "directory for per-mission worktrees (default <tmp>/organism-runner)")
	wait := fs.Duration("wait", 30*time.Second, "long-poll wait per claim")
	once := fs.Bool("once", false, "run at most one mission, then exit")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *id == "" {
		return errors.New("organism runner needs --id (the id pinned in the owner's runners.toml)")
	}
	if d.owner {
		return errors.New("a runner works with its own runner-seat token (organism token mint --agent ID --seat runner --brain B), never the owner's")
	}
	conn, err := d.dial()
	if err != nil {
		return err
	}
	defer conn.Close()
	logger := slog.New(slog.NewTextHandler(out, nil))
	r, err := runner.New(runner.Options{
		Client: missionv1.NewMissionServiceClient(conn), ID: *id, WorkDir: *workDir, Wait: *wait,
		Presence: presencev1.NewPresenceServiceClient(conn), Logger: logger,
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
		fmt.Fprintln(out, "no work")
		return nil
	}
	if d.json {
		return printJSON(out, res.Letter)
	}
	fmt.Fprintf(out, "%s -> %s\n", res.MissionID, phaseName(res.Phase))
	return nil
}
