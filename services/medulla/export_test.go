package medulla_test

import (
	"os"
	"path/filepath"
	"testing"

	"google.golang.org/grpc/codes"

	medullav1 "github.com/organism-dev/organism/proto/organism/medulla/v1"
	"github.com/organism-dev/organism/services/medulla"
)

func listAll(t *testing.T, c medullav1.MedullaServiceClient, brain string, history bool) []*medullav1.Claim {
	t.Helper()
	var out []*medullav1.Claim
	token := ""
	for pages := 0; ; pages++ {
		if pages == maxPages {
			t.Fatalf("no end to the list after %d pages", maxPages)
		}
		res, err := c.ListClaims(ctx(), &medullav1.ListClaimsRequest{Brain: brain, IncludeHistory: history, Page: pageReq(2, token)})
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, res.GetClaims()...)
		if token = res.GetPage().GetNextPageToken(); token == "" {
			return out
		}
	}
}

// TestExportImportRoundTrip exports a brain to markdown files and imports them into a fresh
// medulla through the same door: live claims, provenance, state and history all survive.
func TestExportImportRoundTrip(t *testing.T) {
	src := newFixture(t)
	src.writeFile("pkg/a.go", "package a\n")
	req := fact("alpha", "Alpha v1.")
	req.Evidence = []*medullav1.EvidenceAnchor{fileAnchor("pkg/a.go")}
	req.SoulSource = "docs/PATHOS.md#Alpha"
	src.memorize(src.agent, req)
	req.Body = "Alpha v2.\n\n---\nwith a rule inside\n"
	src.memorize(src.agent, req)
	if _, err := src.judge.Verify(ctx(), &medullav1.VerifyRequest{Brain: "loja", Slug: "alpha"}); err != nil {
		t.Fatal(err)
	}
	src.memorize(src.agent, fact("beta", "Beta stands alone."))

	dir := t.TempDir()
	all := listAll(t, src.owner, "loja", true)
	if n, err := medulla.WriteExport(dir, all); err != nil || n != 4 {
		t.Fatalf("got %d files %v, want 4 (alpha v1..v3, beta)", n, err)
	}
	for _, p := range []string{"alpha.md", "beta.md", ".history/alpha/v1.md", ".history/alpha/v2.md"} {
		if _, err := os.Stat(filepath.Join(dir, p)); err != nil {
			t.Fatalf("export lacks %s: %v", p, err)
		}
	}
	files, err := medulla.ReadExport(dir)
	if err != nil {
		t.Fatal(err)
	}

	dst := newFixture(t)
	_, err = dst.agent.ImportClaims(ctx(), &medullav1.ImportClaimsRequest{Brain: "loja", Files: files})
	wantRefusal(t, err, codes.PermissionDenied, "OWNER_ONLY")
	res, err := dst.owner.ImportClaims(ctx(), &medullav1.ImportClaimsRequest{Brain: "loja", Files: files})
	if err != nil {
		t.Fatal(err)
	}
	if res.GetImported() != 4 || res.GetRefused() != 0 || len(res.GetReceipts()) != 4 {
		t.Fatalf("got imported %d refused %d receipts %d, want 4/0/4", res.GetImported(), res.GetRefused(), len(res.GetReceipts()))
	}
	before, after := listAll(t, src.owner, "loja", false), listAll(t, dst.owner, "loja", false)
	if len(before) != len(after) {
		t.Fatalf("got %d live claims after import, want %d", len(after), len(before))
	}
	for i := range before {
		a, b := before[i], after[i]
		if a.GetSlug() != b.GetSlug() || a.GetBody() != b.GetBody() || a.GetState() != b.GetState() || a.GetKind() != b.GetKind() ||
			a.GetProvenance().GetSourceAgent() != b.GetProvenance().GetSourceAgent() || a.GetProvenance().GetSoulSource() != b.GetProvenance().GetSoulSource() ||
			!a.GetProvenance().GetCreated().AsTime().Equal(b.GetProvenance().GetCreated().AsTime()) ||
			a.GetProvenance().GetVerifiedVia() != b.GetProvenance().GetVerifiedVia() || len(a.GetEvidence()) != len(b.GetEvidence()) ||
			(len(a.GetEvidence()) > 0 && a.GetEvidence()[0].GetSha256() != b.GetEvidence()[0].GetSha256()) {
			t.Fatalf("claim %s changed in transit:\n got %v\nwant %v", a.GetSlug(), b, a)
		}
	}
	hist, err := dst.owner.History(ctx(), &medullav1.HistoryRequest{Brain: "loja", Slug: "alpha"})
	if err != nil || len(hist.GetVersions()) != 3 {
		t.Fatalf("got %d versions %v, want alpha's 3-version history replayed", len(hist.GetVersions()), err)
	}
	t.Run("malformed files are refused one by one with receipts", func(t *testing.T) {
		res, err := dst.owner.ImportClaims(ctx(), &medullav1.ImportClaimsRequest{Brain: "loja", Files: []*medullav1.ClaimFile{
			{Name: "bad.md", Content: "no frontmatter"},
			{Name: "secret.md", Content: "---\nSlug: s\nKind: fact\n---\nkey AKIAIOSFODNN7EXAMPLE\n"},
			{Name: "ok.md", Content: "---\nSlug: gamma\nKind: fact\n---\nGamma.\n"},
		}})
		if err != nil {
			t.Fatal(err)
		}
		reasons := map[string]bool{}
		for _, r := range res.GetReceipts() {
			if rej := r.GetRejection(); rej != nil {
				reasons[rej.GetReason()] = true
				if rej.GetReceiptId() == "" {
					t.Fatalf("got a rejection without a receipt id")
				}
			}
		}
		if res.GetImported() != 1 || res.GetRefused() != 2 || !reasons["MALFORMED_CLAIM_FILE"] || !reasons["SECRET_DETECTED"] {
			t.Fatalf("got %d imported, %d refused, reasons %v; want 1, 2, MALFORMED_CLAIM_FILE and SECRET_DETECTED", res.GetImported(), res.GetRefused(), reasons)
		}
	})
}
