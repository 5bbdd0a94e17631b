package main

import (
	"context"
	"fmt"
	"io"

	medullav1 "github.com/organism-dev/organism/proto/organism/medulla/v1"
)

func init() {
	register(command{name: "consolidate", summary: "merge medulla claims that say the same thing (C8.4): consolidate SLUG SLUG...", run: runConsolidate})
}

const consolidateUsage = `usage:
  organism consolidate SOURCE SOURCE... [--slug MERGED] [--summary "what they agree on"] [--raise-confidence 0.9 (owner)]`

func runConsolidate(ctx context.Context, args []string, out io.Writer) error {
	fs := newFlagSet("consolidate", out)
	var d dialFlags
	d.bind(fs)
	slug := fs.String("slug", "", "slug of the merged claim (default generated)")
	summary := fs.String("summary", "", "one line stating what the sources agree on")
	raise := fs.Float64("raise-confidence", 0, "owner only: confidence above the least confident source")
	pos, err := parseInterleaved(fs, args)
	if err != nil {
		return err
	}
	if len(pos) < 2 {
		return fmt.Errorf("want at least two source slugs\n%s", consolidateUsage)
	}
	conn, err := d.dial()
	if err != nil {
		return err
	}
	defer conn.Close()
	res, err := medullav1.NewMedullaServiceClient(conn).Consolidate(ctx, &medullav1.ConsolidateRequest{Sources: pos, Slug: *slug, Summary: *summary, RaiseConfidenceTo: *raise})
	if err != nil {
		return refusalError(err)
	}
	if d.json {
		return printJSON(out, res)
	}
	c := res.GetClaim()
	fmt.Fprintf(out, "consolidated %d source(s) into medulla/%s v%d · confidence %.2f (cap %.2f) · %d anchor(s)\n",
		len(res.GetSources()), c.GetSlug(), c.GetVersion(), c.GetConfidence(), res.GetConfidenceCap(), len(c.GetEvidence()))
	for _, s := range res.GetSources() {
		fmt.Fprintf(out, "  retired medulla/%s v%d (kept in history)\n", s.GetSlug(), s.GetVersion())
	}
	printClaim(out, c)
	return nil
}
