package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	medullav1 "github.com/organism-dev/organism/proto/organism/medulla/v1"
)

// The gauntlet: only verified claims cross into the medulla tier (promote), the curator merges
// what says the same thing (consolidate), reuse is reported back (learn), and the owner sees
// it per brain (portfolio).

var promoteCmd = &command{
	name: "promote", args: "SLUG", nargs: exactly(1), client: true,
	summary: "elevate a verified claim into the medulla tier, with its origin: promote SLUG --reason WHY",
	setup: func(fs *flag.FlagSet) action {
		brain := brainFlag(fs)
		reason := fs.String("reason", "", "why the lesson matters beyond its project (required)")
		return func(ctx context.Context, c *call) error {
			mc, err := medullaIn(c, brain)
			if err != nil {
				return err
			}
			res, err := mc.Promote(ctx, &medullav1.PromoteRequest{Brain: *brain, Slug: c.args[0], Reason: strings.TrimSpace(*reason)})
			if err != nil {
				return err
			}
			return c.print(res, func(w io.Writer) error {
				fmt.Fprintln(w, res.GetNote())
				printClaim(w, res.GetClaim())
				if r := res.GetReceipt(); r != nil {
					fmt.Fprintf(w, "receipt %s · medulla store %d→%d\n", r.GetReceiptId(), r.GetStoreVersionBefore(), r.GetStoreVersionAfter())
				}
				return nil
			})
		}
	},
}

var consolidateCmd = &command{
	name: "consolidate", args: "SOURCE SOURCE...", nargs: atLeast(2), client: true,
	summary: "merge medulla claims that say the same thing (C8.4); the sources retire into history",
	setup: func(fs *flag.FlagSet) action {
		slug := fs.String("slug", "", "slug of the merged claim (default generated)")
		summary := fs.String("summary", "", "one line stating what the sources agree on")
		raise := fs.Float64("raise-confidence", 0, "owner only: confidence above the least confident source")
		return func(ctx context.Context, c *call) error {
			mc, err := c.medulla()
			if err != nil {
				return err
			}
			res, err := mc.Consolidate(ctx, &medullav1.ConsolidateRequest{Sources: c.args, Slug: *slug, Summary: *summary, RaiseConfidenceTo: *raise})
			if err != nil {
				return err
			}
			return c.print(res, func(w io.Writer) error {
				cl := res.GetClaim()
				fmt.Fprintf(w, "consolidated %d source(s) into medulla/%s v%d · confidence %.2f (cap %.2f) · %d anchor(s)\n",
					len(res.GetSources()), cl.GetSlug(), cl.GetVersion(), cl.GetConfidence(), res.GetConfidenceCap(), len(cl.GetEvidence()))
				for _, s := range res.GetSources() {
					fmt.Fprintf(w, "  retired medulla/%s v%d (kept in history)\n", s.GetSlug(), s.GetVersion())
				}
				printClaim(w, cl)
				return nil
			})
		}
	},
}

var learnCmd = &command{
	name: "learn", args: "MEDULLA-SLUG not_wrong|wrong", nargs: exactly(2), client: true,
	summary: "report a crossed medulla claim as not_wrong or wrong (the reuse meter counts survival, not causation)",
	setup: func(fs *flag.FlagSet) action {
		brain := brainFlag(fs)
		note := fs.String("note", "", "context kept in the receipt")
		return func(ctx context.Context, c *call) error {
			fb := map[string]medullav1.Feedback{"not_wrong": medullav1.Feedback_FEEDBACK_NOT_WRONG, "not-wrong": medullav1.Feedback_FEEDBACK_NOT_WRONG, "wrong": medullav1.Feedback_FEEDBACK_WRONG}[c.args[1]]
			if fb == medullav1.Feedback_FEEDBACK_UNSPECIFIED {
				return usageError{fmt.Sprintf("feedback %q: want not_wrong or wrong", c.args[1])}
			}
			mc, err := medullaIn(c, brain)
			if err != nil {
				return err
			}
			res, err := mc.Learn(ctx, &medullav1.LearnRequest{Brain: *brain, Slug: c.args[0], Feedback: fb, Note: *note})
			if err != nil {
				return err
			}
			return c.print(res, func(w io.Writer) error {
				fmt.Fprintln(w, res.GetNote())
				_, err := fmt.Fprintf(w, "medulla/%s: %d reuse event(s), %d wrong\n", c.args[0], res.GetReuseCount(), res.GetWrongCount())
				return err
			})
		}
	},
}

var portfolioCmd = &command{
	name: "portfolio", client: true,
	summary: "per brain: live, verified, promoted out, reused elsewhere",
	run: func(ctx context.Context, c *call) error {
		mc, err := c.medulla()
		if err != nil {
			return err
		}
		res, err := mc.Portfolio(ctx, &medullav1.PortfolioRequest{})
		if err != nil {
			return err
		}
		return c.print(res, func(w io.Writer) error {
			// The CLI's table printer (as brain ls): columns as wide as their widest cell, two
			// spaces apart, so a long brain name or header never runs into the next column.
			tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
			fmt.Fprintln(tw, "BRAIN\tLIVE\tVERIFIED\tPROMOTED-OUT\tREUSED-ELSEWHERE\tWRONG")
			for _, r := range res.GetRows() {
				fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%d\t%d\n", r.GetBrain(), r.GetLiveClaims(), r.GetVerified(), r.GetPromotedOut(), r.GetReusedElsewhere(), r.GetWrongElsewhere())
			}
			tw.Flush()
			fmt.Fprintf(w, "medulla tier: %d live claim(s); isolated brains: %d (counted only)\n", res.GetMedullaLive(), res.GetIsolatedCount())
			_, err := fmt.Fprintln(w, res.GetNote())
			return err
		})
	},
}
