package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"google.golang.org/protobuf/encoding/protojson"

	soulv1 "github.com/organism-dev/organism/proto/organism/soul/v1"
)

// The curator's verbs (§5): update registers one curated claim through medulla's memorize door,
// curate is the seat check of a curator report. Both were reachable only over gRPC before.

// anchorFlag collects repeated --anchor PATH[:LINE] flags.
type anchorFlag []string

func (a *anchorFlag) String() string { return strings.Join(*a, ",") }

func (a *anchorFlag) Set(v string) error { *a = append(*a, v); return nil }

func soulUpdate(fs *flag.FlagSet) action {
	brain := fs.String("brain", "", "brain (default: the credential's own)")
	section := fs.String("section", "", "the soul section the claim belongs to (Soul-Source <soul path>#<section>)")
	slug := fs.String("slug", "", "the claim's slug (default: medulla derives one from the body)")
	confidence := fs.Float64("confidence", 0, "confidence, 0..1")
	expected := fs.Int64("expected-version", 0, "refuse unless the claim's live version is this (0: create or supersede)")
	var anchors anchorFlag
	fs.Var(&anchors, "anchor", "an anchor of the claim, PATH or PATH:LINE, repeatable; each is checked against the repository before the write")
	return func(ctx context.Context, c *call) error {
		body := c.args[0]
		if body == "-" {
			b, err := io.ReadAll(io.LimitReader(os.Stdin, 1<<20))
			if err != nil {
				return err
			}
			body = string(b)
		}
		sc, err := c.soul()
		if err != nil {
			return err
		}
		resp, err := sc.UpdateSoulClaim(ctx, &soulv1.UpdateSoulClaimRequest{Brain: *brain, Section: *section, Body: body, Slug: *slug,
			Confidence: *confidence, ExpectedVersion: *expected, Anchors: anchors})
		if err != nil {
			return err
		}
		return c.print(resp, func(w io.Writer) error {
			fmt.Fprintf(w, "%s v%d  %s  receipt %s\n", resp.GetSlug(), resp.GetVersion(), resp.GetSoulSource(), resp.GetReceipt().GetReceiptId())
			for _, a := range resp.GetAnchors() {
				fmt.Fprintf(w, "anchor %s %s\n", a.GetRef(), a.GetStatus())
			}
			return nil
		})
	}
}

func soulCurate(fs *flag.FlagSet) action {
	brain := fs.String("brain", "", "brain (default: the credential's own)")
	return func(ctx context.Context, c *call) error {
		var data []byte
		var err error
		if c.args[0] == "-" {
			data, err = io.ReadAll(io.LimitReader(os.Stdin, 1<<20))
		} else {
			data, err = os.ReadFile(c.args[0])
		}
		if err != nil {
			return usageError{fmt.Sprintf("curator report: %v", err)}
		}
		report := &soulv1.CuratorReport{}
		if err := protojson.Unmarshal(data, report); err != nil {
			return usageError{fmt.Sprintf("curator report %s is not a CuratorReport in JSON: %v", c.args[0], err)}
		}
		sc, err := c.soul()
		if err != nil {
			return err
		}
		resp, err := sc.VerifyCuratorReport(ctx, &soulv1.VerifyCuratorReportRequest{Brain: *brain, Report: report})
		if err != nil {
			return err
		}
		return c.print(resp, func(w io.Writer) error {
			_, err := fmt.Fprintf(w, "%s: report by %s graded by %s — %d pruned (%d proposed), %d still stale\n%s\n", resp.GetVerdict(),
				resp.GetCuratedBy(), resp.GetGrader(), resp.GetPruned(), resp.GetProposed(), resp.GetStillStale(), resp.GetReceipt().GetReceiptLine())
			return err
		})
	}
}
