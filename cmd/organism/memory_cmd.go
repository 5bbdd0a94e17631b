package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"google.golang.org/protobuf/types/known/timestamppb"

	medullav1 "github.com/organism-dev/organism/proto/organism/medulla/v1"
)

// The two doors of a brain's memory: memorize writes, recall reads.

var memorizeCmd = &command{
	name: "memorize", client: true,
	summary: "write one claim through the memorize door (body from --file or stdin); a receipt every time",
	long: `file evidence is hashed from --repo (default .) when the file is there, else by the server in
the brain's repository`,
	setup: func(fs *flag.FlagSet) action {
		brain := brainFlag(fs)
		var files, lines, commits, receipts multiFlag
		slug := fs.String("slug", "", "claim slug (generated from the body when empty)")
		kind := fs.String("kind", "fact", "fact, decision, process, doctrine or problem")
		bodyFile := fs.String("file", "", "read the markdown body from this file instead of stdin")
		repo := fs.String("repo", ".", "repository root to hash file evidence in")
		confidence := fs.Float64("confidence", 0, "confidence between 0 and 1")
		expected := fs.Int64("expected-version", 0, "refuse unless the live version is this one")
		downgrade := fs.Bool("allow-downgrade", false, "owner only: admit a write that downgrades a verified claim or drops evidence")
		fs.Var(&files, "evidence", "repository-relative file backing the claim (repeatable)")
		fs.Var(&lines, "evidence-line", "PATH:LINE backing the claim (repeatable)")
		fs.Var(&commits, "commit", "commit sha or tag backing the claim (repeatable)")
		fs.Var(&receipts, "receipt", "receipt id backing the claim (repeatable)")
		return func(ctx context.Context, c *call) error {
			mc, err := medullaIn(c, brain)
			if err != nil {
				return err
			}
			k, err := parseKind(*kind)
			if err != nil {
				return err
			}
			var body []byte
			if *bodyFile != "" {
				body, err = os.ReadFile(*bodyFile)
			} else {
				body, err = io.ReadAll(io.LimitReader(os.Stdin, 1<<20))
			}
			if err != nil {
				return fmt.Errorf("read body: %w", err)
			}
			req := &medullav1.MemorizeRequest{Brain: *brain, Slug: *slug, Kind: k, Body: string(body), Confidence: *confidence,
				ExpectedVersion: *expected, AllowDowngrade: *downgrade}
			for _, f := range files {
				req.Evidence = append(req.Evidence, &medullav1.EvidenceAnchor{Kind: medullav1.EvidenceKind_EVIDENCE_KIND_FILE, Path: f, Sha256: hashLocal(*repo, f)})
			}
			for _, l := range lines {
				i := strings.LastIndex(l, ":")
				n, err := strconv.Atoi(l[i+1:])
				if i <= 0 || err != nil {
					return usageError{fmt.Sprintf("--evidence-line %q: want PATH:LINE", l)}
				}
				req.Evidence = append(req.Evidence, &medullav1.EvidenceAnchor{Kind: medullav1.EvidenceKind_EVIDENCE_KIND_LINE, Path: l[:i], Line: int32(n), Sha256: hashLocal(*repo, l[:i])})
			}
			for _, r := range commits {
				req.Evidence = append(req.Evidence, &medullav1.EvidenceAnchor{Kind: medullav1.EvidenceKind_EVIDENCE_KIND_COMMIT, Ref: r})
			}
			for _, r := range receipts {
				req.Evidence = append(req.Evidence, &medullav1.EvidenceAnchor{Kind: medullav1.EvidenceKind_EVIDENCE_KIND_RECEIPT, Ref: r})
			}
			res, err := mc.Memorize(ctx, req)
			if err != nil {
				return err
			}
			return c.print(res, func(w io.Writer) error {
				r := res.GetReceipt()
				_, err := fmt.Fprintf(w, "memorized %s v%d in %s (store %d→%d, receipt %s)\n", res.GetClaim().GetSlug(), res.GetClaim().GetVersion(),
					res.GetClaim().GetBrain(), r.GetStoreVersionBefore(), r.GetStoreVersionAfter(), r.GetReceiptId())
				return err
			})
		}
	},
}

var recallCmd = &command{
	name: "recall", args: "[QUERY...]", nargs: atLeast(0), client: true,
	summary: "full-text recall over your brain and the medulla tier (at most --limit hits, best first)",
	setup: func(fs *flag.FlagSet) action {
		brain := brainFlag(fs)
		var kinds, states, tiers multiFlag
		fs.Var(&kinds, "kind", "only this kind (repeatable)")
		fs.Var(&states, "state", "only this state: authored or verified (repeatable)")
		fs.Var(&tiers, "tier", "only this tier: project or medulla (repeatable)")
		since := fs.String("since", "", "only claims written since a duration ago (72h) or an RFC 3339 time")
		limit := fs.Int("limit", 0, "at most this many hits (default 20, at most 200)")
		bodies := fs.Bool("bodies", false, "print whole bodies, not first lines")
		return func(ctx context.Context, c *call) error {
			req := &medullav1.RecallRequest{Brain: *brain, Query: strings.Join(c.args, " "), Limit: int32(*limit)}
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
						return usageError{fmt.Sprintf("--since %q: want a duration (72h) or an RFC 3339 time", *since)}
					}
					t = time.Now().Add(-d)
				}
				req.Since = timestamppb.New(t)
			}
			mc, err := medullaIn(c, brain)
			if err != nil {
				return err
			}
			req.Brain = *brain
			res, err := mc.Recall(ctx, req)
			if err != nil {
				return err
			}
			return c.print(res, func(w io.Writer) error { printHits(w, res, *bodies); return nil })
		}
	},
}

func printHits(w io.Writer, res *medullav1.RecallResponse, bodies bool) {
	for _, h := range res.GetHits() {
		cl := h.GetClaim()
		age := ""
		if cl.GetAge().GetAgedOut() {
			age = " · aged out"
		}
		fmt.Fprintf(w, "[%s] %s v%d · %s · %s%s\n", h.GetTierLabel(), cl.GetSlug(), cl.GetVersion(), enumName(cl.GetKind().String(), "CLAIM_KIND_"),
			enumName(cl.GetState().String(), "CLAIM_STATE_"), age)
		if line := cl.GetProvenanceLine(); line != "" {
			fmt.Fprintf(w, "  %s\n", line)
		}
		body := strings.TrimSpace(cl.GetBody())
		if !bodies {
			body, _, _ = strings.Cut(body, "\n")
		}
		for _, l := range strings.Split(body, "\n") {
			fmt.Fprintf(w, "  │ %s\n", l)
		}
	}
	fmt.Fprintln(w, res.GetNote())
}
