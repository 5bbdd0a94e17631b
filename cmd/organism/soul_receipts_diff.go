package main

import (
	"context"
	"fmt"
	"io"
	"strings"
	"time"

	commonv1 "github.com/organism-dev/organism/proto/organism/common/v1"
	soulv1 "github.com/organism-dev/organism/proto/organism/soul/v1"
)

// receiptDiff is what changed between two check receipts (§5.3 Profundo: the unanchored count in
// verifiable tissue does not grow across a curation, checked by diffing receipts).
type receiptDiff struct {
	From, To      string
	Counts        []countDelta
	BecameStale   []diffRow `json:"became_stale"`
	NoLongerStale []diffRow `json:"no_longer_stale"`
	// Partial is set when a receipt stored more stale rows than it hands back: rows past
	// worst_offenders were not compared.
	Partial bool
	// UnanchoredGrew is the Profundo breach: the verb exits 1 when it is set.
	UnanchoredGrew bool `json:"unanchored_grew"`
}

type countDelta struct {
	Name     string
	From, To int32
}

type diffRow struct {
	Line                        int32
	Kind, Reason, Anchor, Claim string
}

func soulReceiptsDiff(ctx context.Context, c *call, sc soulv1.SoulServiceClient, brain string) error {
	if len(c.args) != 0 && len(c.args) != 2 {
		return usageError{"--diff takes two receipt ids (older, newer) or none (the newest two check receipts)"}
	}
	var checks []*soulv1.SoulReceipt
	err := pageAll(func(token string) (string, error) {
		resp, err := sc.ListReceipts(ctx, &soulv1.ListReceiptsRequest{Brain: brain, Page: &commonv1.PageRequest{PageSize: 100, PageToken: token}})
		for _, r := range resp.GetReceipts() {
			if r.GetKind() == "check" {
				checks = append(checks, r)
			}
		}
		return resp.GetPage().GetNextPageToken(), err
	})
	if err != nil {
		return err
	}
	var a, b *soulv1.SoulReceipt
	if len(c.args) == 2 {
		for _, r := range checks {
			switch r.GetReceiptId() {
			case c.args[0]:
				a = r
			case c.args[1]:
				b = r
			}
		}
		if a == nil || b == nil {
			return usageError{fmt.Sprintf("no check receipts %s and %s for this brain", c.args[0], c.args[1])}
		}
	} else {
		if len(checks) < 2 {
			return usageError{fmt.Sprintf("--diff needs two check receipts; the brain has %d", len(checks))}
		}
		a, b = checks[1], checks[0] // newest first
	}
	d := diffReceipts(a, b)
	err = c.printValue(d, func(w io.Writer) error { return printDiff(w, a, b, d) })
	if err == nil && d.UnanchoredGrew {
		return exitError{1}
	}
	return err
}

func diffReceipts(a, b *soulv1.SoulReceipt) receiptDiff {
	d := receiptDiff{From: a.GetReceiptId(), To: b.GetReceiptId()}
	sa, sb := a.GetByState(), b.GetByState()
	d.Counts = []countDelta{
		{"fresh", sa.GetVerifiedFresh(), sb.GetVerifiedFresh()},
		{"stale", sa.GetEvidenceStale(), sb.GetEvidenceStale()},
		{"superseded", sa.GetSuperseded(), sb.GetSuperseded()},
		{"receipt-priced", sa.GetReceiptRequired(), sb.GetReceiptRequired()},
		{"verifiable", a.GetVerifiable(), b.GetVerifiable()},
		{"declared", a.GetDeclared(), b.GetDeclared()},
		{"unanchored", a.GetUnanchored(), b.GetUnanchored()},
	}
	d.UnanchoredGrew = b.GetUnanchored() > a.GetUnanchored()
	d.Partial = int(a.GetStaleRows()) > len(a.GetWorstOffenders()) || int(b.GetStaleRows()) > len(b.GetWorstOffenders())
	before, after := rowSet(a), rowSet(b)
	for _, r := range b.GetWorstOffenders() {
		if !before[rowKey(r)] {
			d.BecameStale = append(d.BecameStale, toDiffRow(r))
		}
	}
	for _, r := range a.GetWorstOffenders() {
		if !after[rowKey(r)] {
			d.NoLongerStale = append(d.NoLongerStale, toDiffRow(r))
		}
	}
	return d
}

// rowKey names a finding apart from its line, so an edit above it does not make it new.
func rowKey(r *soulv1.StaleRow) string {
	if r.GetAnchor() != "" {
		return r.GetReason() + "\x00" + r.GetAnchor()
	}
	return r.GetReason() + "\x00" + r.GetClaim()
}

func rowSet(r *soulv1.SoulReceipt) map[string]bool {
	out := map[string]bool{}
	for _, s := range r.GetWorstOffenders() {
		out[rowKey(s)] = true
	}
	return out
}

func toDiffRow(r *soulv1.StaleRow) diffRow {
	return diffRow{Line: r.GetLine(), Kind: r.GetKind(), Reason: r.GetReason(), Anchor: r.GetAnchor(), Claim: r.GetClaim()}
}

func printDiff(w io.Writer, a, b *soulv1.SoulReceipt, d receiptDiff) error {
	fmt.Fprintf(w, "%s (%s @%s) → %s (%s @%s)\n", d.From, a.GetAt().AsTime().UTC().Format(time.RFC3339), a.GetRepoSha(),
		d.To, b.GetAt().AsTime().UTC().Format(time.RFC3339), b.GetRepoSha())
	for _, c := range d.Counts {
		mark := ""
		if c.From != c.To {
			mark = fmt.Sprintf(" (%+d)", c.To-c.From)
		}
		fmt.Fprintf(w, "  %-15s %d → %d%s\n", c.Name, c.From, c.To, mark)
	}
	if d.UnanchoredGrew {
		fmt.Fprintf(w, "unanchored grew across the curation: claims lost their anchors (Profundo)\n")
	}
	for _, s := range []struct {
		title string
		rows  []diffRow
	}{{"became stale", d.BecameStale}, {"no longer stale", d.NoLongerStale}} {
		if len(s.rows) == 0 {
			continue
		}
		fmt.Fprintf(w, "%s:\n", s.title)
		for _, r := range s.rows {
			fmt.Fprintf(w, "  L%-4d %-10s %-22s %s  %s\n", r.Line, r.Kind, r.Reason, r.Anchor, oneLineClaim(r.Claim))
		}
	}
	if d.Partial {
		fmt.Fprintf(w, "(a receipt stored more stale rows than it hands back; rows past the first %d were not compared)\n", 10)
	}
	return nil
}

func oneLineClaim(s string) string {
	r := []rune(strings.Join(strings.Fields(s), " "))
	if len(r) > 80 {
		return string(r[:79]) + "…"
	}
	return string(r)
}
