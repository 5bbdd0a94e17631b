package main

import (
	"context"
	"fmt"
	"io"
	"strings"
	"time"

	"google.golang.org/protobuf/types/known/timestamppb"

	medullav1 "github.com/organism-dev/organism/proto/organism/medulla/v1"
)

func init() {
	register(command{name: "recall", summary: "search your brain and the medulla tier: recall QUERY", run: runRecall})
}

const recallUsage = `usage:
  organism recall [QUERY] --brain B [--kind K]... [--state authored|verified]... [--tier project|medulla]...
                  [--since 72h|2026-06-01T00:00:00Z] [--limit N] [--bodies]`

func runRecall(ctx context.Context, args []string, out io.Writer) error {
	fs := newFlagSet("recall", out)
	var m medullaFlags
	m.bind(fs)
	var kinds, states, tiers multiFlag
	fs.Var(&kinds, "kind", "only this kind (repeatable)")
	fs.Var(&states, "state", "only this state (repeatable)")
	fs.Var(&tiers, "tier", "only this tier (repeatable)")
	since := fs.String("since", "", "only claims written since a duration ago (72h) or an RFC 3339 time")
	limit := fs.Int("limit", 0, "at most this many hits (default 20)")
	bodies := fs.Bool("bodies", false, "print whole bodies, not first lines")
	pos, err := parseInterleaved(fs, args)
	if err != nil {
		return err
	}
	req := &medullav1.RecallRequest{Brain: m.brain, Query: strings.Join(pos, " "), Limit: int32(*limit)}
	for _, k := range kinds {
		v, err := parseKind(k)
		if err != nil {
			return err
		}
		req.Kinds = append(req.Kinds, v)
	}
	for _, s := range states {
		v, err := parseState(s)
		if err != nil {
			return err
		}
		req.States = append(req.States, v)
	}
	for _, t := range tiers {
		v, err := parseTier(t)
		if err != nil {
			return err
		}
		req.Tiers = append(req.Tiers, v)
	}
	if *since != "" {
		t, err := time.Parse(time.RFC3339, *since)
		if err != nil {
			d, derr := time.ParseDuration(*since)
			if derr != nil {
				return fmt.Errorf("--since %q: want a duration (72h) or an RFC 3339 time", *since)
			}
			t = time.Now().Add(-d)
		}
		req.Since = timestamppb.New(t)
	}
	c, done, err := m.client(true)
	if err != nil {
		return err
	}
	defer done()
	res, err := c.Recall(ctx, req)
	if err != nil {
		return refusalError(err)
	}
	if m.json {
		return printJSON(out, res)
	}
	for _, h := range res.GetHits() {
		cl := h.GetClaim()
		age := ""
		if cl.GetAge().GetAgedOut() {
			age = " · aged out"
		}
		fmt.Fprintf(out, "[%s] %s v%d · %s · %s%s\n", h.GetTierLabel(), cl.GetSlug(), cl.GetVersion(), enumName(cl.GetKind().String(), "CLAIM_KIND_"),
			enumName(cl.GetState().String(), "CLAIM_STATE_"), age)
		if line := cl.GetProvenanceLine(); line != "" {
			fmt.Fprintf(out, "  %s\n", line)
		}
		body := strings.TrimSpace(cl.GetBody())
		if !*bodies {
			body, _, _ = strings.Cut(body, "\n")
		}
		for _, l := range strings.Split(body, "\n") {
			fmt.Fprintf(out, "  │ %s\n", l)
		}
	}
	fmt.Fprintln(out, res.GetNote())
	return nil
}
