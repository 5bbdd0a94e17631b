package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"sort"
	"strings"
	"text/tabwriter"

	commonv1 "github.com/organism-dev/organism/proto/organism/common/v1"
	missionv1 "github.com/organism-dev/organism/proto/organism/mission/v1"
)

// charterCmd is the owner's side of the charter composer: sweep the spool now, read it, and
// read what was refused and why.
var charterCmd = &command{
	name:    "charter",
	summary: "the charter composer: field reports screened into missions or named refusals (owner only)",
	subs: []*command{
		{name: "sweep", client: true, summary: "screen every unread field report now: a chartered mission or a named refusal each", run: charterSweep},
		{name: "reports", client: true, summary: "the field-report spool in filing order, with each report's screening", setup: charterReports},
		{name: "refusals", client: true, summary: "the reports the composer refused, and the count of each reason", setup: charterRefusals},
	},
}

func charterSweep(ctx context.Context, c *call) error {
	mc, err := c.mission()
	if err != nil {
		return err
	}
	resp, err := mc.SweepCharter(ctx, &missionv1.SweepCharterRequest{})
	if err != nil {
		return err
	}
	return c.print(resp, func(w io.Writer) error {
		tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
		for _, r := range resp.GetScreened() {
			printReportRow(tw, r)
		}
		tw.Flush()
		_, err := fmt.Fprintf(w, "screened %d: %d chartered, %d refused\n", len(resp.GetScreened()), resp.GetChartered(), resp.GetRefused())
		return err
	})
}

func charterReports(fs *flag.FlagSet) action {
	unread := fs.Bool("unread", false, "only the reports no sweep has screened yet")
	limit := fs.Int("limit", 0, "at most this many reports (0 = all)")
	return func(ctx context.Context, c *call) error {
		mc, err := c.mission()
		if err != nil {
			return err
		}
		all := &missionv1.ListReportsResponse{}
		err = pageAll(func(token string) (string, error) {
			res, err := mc.ListReports(ctx, &missionv1.ListReportsRequest{Unread: *unread,
				Page: &commonv1.PageRequest{PageSize: limitedPage(*limit, len(all.Reports)), PageToken: token}})
			all.Reports = append(all.Reports, res.GetReports()...)
			if *limit > 0 && len(all.Reports) >= *limit {
				return "", err
			}
			return res.GetPage().GetNextPageToken(), err
		})
		if err != nil {
			return err
		}
		return c.print(all, func(w io.Writer) error {
			tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
			for _, r := range all.GetReports() {
				printReportRow(tw, r)
			}
			return tw.Flush()
		})
	}
}

func charterRefusals(fs *flag.FlagSet) action {
	reason := fs.String("reason", "", "only this reason (INELIGIBLE_CLASS, NO_GATE_DERIVABLE, UNKNOWN_BLOCK, FOREIGN_BRAIN, CAP_REACHED, DUPLICATE_REPORT)")
	limit := fs.Int("limit", 0, "at most this many refusals (0 = all); the counts are always the whole spool's")
	return func(ctx context.Context, c *call) error {
		mc, err := c.mission()
		if err != nil {
			return err
		}
		all := &missionv1.ListCharterRefusalsResponse{}
		err = pageAll(func(token string) (string, error) {
			res, err := mc.ListCharterRefusals(ctx, &missionv1.ListCharterRefusalsRequest{Reason: strings.ToUpper(*reason),
				Page: &commonv1.PageRequest{PageSize: limitedPage(*limit, len(all.Refusals)), PageToken: token}})
			all.Refusals = append(all.Refusals, res.GetRefusals()...)
			all.Counts, all.Total = res.GetCounts(), res.GetTotal()
			if *limit > 0 && len(all.Refusals) >= *limit {
				return "", err
			}
			return res.GetPage().GetNextPageToken(), err
		})
		if err != nil {
			return err
		}
		return c.print(all, func(w io.Writer) error {
			tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
			for _, r := range all.GetRefusals() {
				printReportRow(tw, r)
			}
			tw.Flush()
			reasons := make([]string, 0, len(all.GetCounts()))
			for r := range all.GetCounts() {
				reasons = append(reasons, r)
			}
			sort.Strings(reasons)
			fmt.Fprintf(w, "%d refused", all.GetTotal())
			for _, r := range reasons {
				fmt.Fprintf(w, "; %s %d", r, all.GetCounts()[r])
			}
			_, err := fmt.Fprintln(w)
			return err
		})
	}
}

// printReportRow prints one report on one line: id, class, tool, outcome, and the first line
// of what was said.
func printReportRow(w io.Writer, r *missionv1.FieldReport) {
	outcome := "unread"
	if sc := r.GetScreen(); sc != nil {
		switch sc.GetOutcome() {
		case missionv1.ScreenOutcome_SCREEN_OUTCOME_CHARTERED:
			outcome = "chartered " + sc.GetMissionId()
		case missionv1.ScreenOutcome_SCREEN_OUTCOME_REFUSED:
			outcome = "refused " + sc.GetReason()
		}
	}
	first, _, _ := strings.Cut(r.GetWhat(), "\n")
	if r := []rune(first); len(r) > 60 {
		first = string(r[:60]) + "…"
	}
	fmt.Fprintf(w, "%s\t%s\t%s\t%s\t%s\t%s\n", r.GetReportId(), className(r.GetClass()), r.GetTool(), r.GetReporter().GetAgentId(), outcome, first)
}
