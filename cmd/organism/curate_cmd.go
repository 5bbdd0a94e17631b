package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"time"

	missionv1 "github.com/organism-dev/organism/proto/organism/mission/v1"
	"github.com/organism-dev/organism/services/mission/runner"
)

var curateCmd = &command{
	name: "curate", args: "BRAIN|CURATION", nargs: exactly(1), client: true,
	summary: "send the brain's candidate to its pinned hand-runner (the owner only), or show a curation (cur_...)",
	long:    "the hand-runner proposes ops as data; mission validates, sanitizes and applies them under the candidate lease, then posts the summary letter; review with `organism skeleton diff` and `organism ratify`",
	setup: func(fs *flag.FlagSet) action {
		letter := fs.String("letter", "", "what the owner asks of the hand (the curation letter)")
		runnerID := fs.String("runner", "", "a pinned hand-runner (default: the first that serves the brain)")
		return func(ctx context.Context, c *call) error {
			mc, err := c.mission()
			if err != nil {
				return err
			}
			if id := c.args[0]; strings.HasPrefix(id, "cur_") {
				resp, err := mc.GetCuration(ctx, &missionv1.GetCurationRequest{CurationId: id})
				if err != nil {
					return err
				}
				return c.print(resp, func(w io.Writer) error { return printCuration(w, resp.GetCuration()) })
			}
			resp, err := mc.Curate(ctx, &missionv1.CurateRequest{Brain: c.args[0], Letter: *letter, RunnerId: *runnerID})
			if err != nil {
				return err
			}
			return c.print(resp, func(w io.Writer) error {
				fmt.Fprintf(w, "sent to hand-runner %s; mission %s\n", resp.GetCuration().GetRunnerId(), resp.GetMission().GetMissionId())
				return printCuration(w, resp.GetCuration())
			})
		}
	},
}

func printCuration(w io.Writer, cur *missionv1.Curation) error {
	fmt.Fprintf(w, "%s  %s  %s  skeleton %s at store version %d  mission %s\n", cur.GetCurationId(), cur.GetBrain(),
		strings.ToLower(strings.TrimPrefix(cur.GetState().String(), "CURATION_STATE_")), cur.GetSkeletonId(), cur.GetExpectedStoreVersion(), cur.GetMissionId())
	if cur.GetReport() != "" {
		fmt.Fprintf(w, "applied %d ops (store version %d); report:\n%s\n", cur.GetOpsApplied(), cur.GetStoreVersionAfter(), cur.GetReport())
	}
	if cur.GetFailure() != "" {
		fmt.Fprintf(w, "failed %s: %s\n", cur.GetFailureReason(), cur.GetFailure())
	}
	return nil
}

var handRunnerCmd = &command{
	name: "hand-runner", client: true,
	summary: "the reference hand-runner: claim curations, run the pinned command once with the packet on stdin, submit what it printed",
	long:    "works with its own runner-seat token, pinned in runners.toml with capabilities = [\"hand-runner\"] and a command (see examples/hand-runner)",
	setup: func(fs *flag.FlagSet) action {
		id := fs.String("id", "", "this hand-runner's id; must match the credential and runners.toml")
		wait := fs.Duration("wait", 30*time.Second, "long-poll wait per claim")
		once := fs.Bool("once", false, "run at most one curation, then exit")
		return func(ctx context.Context, c *call) error {
			if *id == "" {
				return usageError{"organism hand-runner needs --id (the id pinned in the owner's runners.toml)"}
			}
			if c.dialer.owner {
				return errors.New("a hand-runner works with its own runner-seat token, never the owner's")
			}
			mc, err := c.mission()
			if err != nil {
				return err
			}
			h, err := runner.NewHand(runner.HandOptions{Client: mc, ID: *id, Wait: *wait, Logger: slog.New(slog.NewTextHandler(c.out, nil))})
			if err != nil {
				return err
			}
			if !*once {
				return h.Loop(ctx)
			}
			out, ran, err := h.RunOnce(ctx)
			if err != nil {
				return err
			}
			if !ran {
				return c.printValue(map[string]any{"ran": false}, func(w io.Writer) error {
					_, err := fmt.Fprintln(w, "no curation")
					return err
				})
			}
			if out.Err != nil {
				return fmt.Errorf("curation %s failed: %w", out.CurationID, out.Err)
			}
			return c.print(out.Curation, func(w io.Writer) error { return printCuration(w, out.Curation) })
		}
	},
}
