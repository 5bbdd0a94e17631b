package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	medullav1 "github.com/organism-dev/organism/proto/organism/medulla/v1"
)

func init() {
	register(command{name: "memorize", summary: "write one claim through the memorize door (body from --file or stdin)", run: runMemorize})
}

const memorizeUsage = `usage:
  organism memorize --brain B [--slug S] [--kind fact|decision|process|doctrine|problem] [--file F | < body.md]
                    [--evidence PATH]... [--evidence-line PATH:LINE]... [--commit REF]... [--receipt ID]...
                    [--repo DIR] [--confidence 0..1] [--expected-version N] [--allow-downgrade]
file evidence is hashed from --repo (default .) when the file is there, else by the server in the brain's repository`

func runMemorize(ctx context.Context, args []string, out io.Writer) error {
	fs := newFlagSet("memorize", out)
	var m medullaFlags
	m.bind(fs)
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
	pos, err := parseInterleaved(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 0 {
		return fmt.Errorf("unexpected arguments %v\n%s", pos, memorizeUsage)
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
	req := &medullav1.MemorizeRequest{Brain: m.brain, Slug: *slug, Kind: k, Body: string(body), Confidence: *confidence,
		ExpectedVersion: *expected, AllowDowngrade: *downgrade}
	for _, f := range files {
		req.Evidence = append(req.Evidence, &medullav1.EvidenceAnchor{Kind: medullav1.EvidenceKind_EVIDENCE_KIND_FILE, Path: f, Sha256: hashLocal(*repo, f)})
	}
	for _, l := range lines {
		i := strings.LastIndex(l, ":")
		n, err := strconv.Atoi(l[i+1:])
		if i <= 0 || err != nil {
			return fmt.Errorf("--evidence-line %q: want PATH:LINE", l)
		}
		req.Evidence = append(req.Evidence, &medullav1.EvidenceAnchor{Kind: medullav1.EvidenceKind_EVIDENCE_KIND_LINE, Path: l[:i], Line: int32(n), Sha256: hashLocal(*repo, l[:i])})
	}
	for _, c := range commits {
		req.Evidence = append(req.Evidence, &medullav1.EvidenceAnchor{Kind: medullav1.EvidenceKind_EVIDENCE_KIND_COMMIT, Ref: c})
	}
	for _, r := range receipts {
		req.Evidence = append(req.Evidence, &medullav1.EvidenceAnchor{Kind: medullav1.EvidenceKind_EVIDENCE_KIND_RECEIPT, Ref: r})
	}
	c, done, err := m.client(true)
	if err != nil {
		return err
	}
	defer done()
	res, err := c.Memorize(ctx, req)
	if err != nil {
		return refusalError(err)
	}
	if m.json {
		return printJSON(out, res)
	}
	r := res.GetReceipt()
	fmt.Fprintf(out, "memorized %s v%d in %s (store %d→%d, receipt %s)\n", res.GetClaim().GetSlug(), res.GetClaim().GetVersion(),
		res.GetClaim().GetBrain(), r.GetStoreVersionBefore(), r.GetStoreVersionAfter(), r.GetReceiptId())
	return nil
}
