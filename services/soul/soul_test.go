package soul_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"google.golang.org/grpc/codes"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"

	commonv1 "github.com/organism-dev/organism/proto/organism/common/v1"
	soulv1 "github.com/organism-dev/organism/proto/organism/soul/v1"
)

func TestCheckSoulReportsAndKeepsReceipts(t *testing.T) {
	f := newFixture(t)
	resp, err := f.agent.CheckSoul(ctx(), &soulv1.CheckSoulRequest{Brain: "loja", IncludeClaims: true})
	if err != nil {
		t.Fatal(err)
	}
	rep := resp.GetReport()
	checks := []struct {
		name      string
		got, want any
	}{
		{"schema", rep.GetSchema(), "m1nd-soul-check-v0"},
		{"soul path", rep.GetSoulPath(), "docs/PATHOS.md"},
		{"fresh", rep.GetByState().GetVerifiedFresh(), int32(2)},
		{"stale", rep.GetByState().GetEvidenceStale(), int32(1)},
		{"declared", rep.GetClaims().GetDeclared(), int32(1)},
		{"stale reason (never landed)", rep.GetStale()[0].GetReason(), "unanchored"},
		{"stale anchor", rep.GetStale()[0].GetAnchor(), "src/gone.go"},
		{"stale section", rep.GetStale()[0].GetSection(), "Current State"},
		{"stale line", rep.GetStale()[0].GetLine(), int32(8)},
		{"headline", rep.GetHeadline(), "Checkpoint 3 — the loja era"},
		{"claim rows", len(rep.GetClaimRows()), 4},
		{"lag known", rep.GetSoulLag().GetKnown(), true},
		{"receipt kind", resp.GetReceipt().GetKind(), "check"},
		{"receipt by", resp.GetReceipt().GetBy().GetAgentId(), "agent-7"},
		{"receipt line", resp.GetReceipt().GetReceiptLine(), rep.GetReceiptLine()},
	}
	for _, c := range checks {
		if c.got != c.want {
			t.Errorf("%s: got %v, want %v", c.name, c.got, c.want)
		}
	}
	if !strings.HasPrefix(rep.GetReceiptLine(), "soul: checked 2026-07-06 @") {
		t.Errorf("receipt line: got %q", rep.GetReceiptLine())
	}
	f.clock.Advance(time.Hour)
	if _, err := f.agent.CheckSoul(ctx(), &soulv1.CheckSoulRequest{Brain: "loja", DryRun: true}); err != nil {
		t.Fatal(err)
	}
	if _, err := f.agent.CheckSoul(ctx(), &soulv1.CheckSoulRequest{}); err != nil { // the credential's own brain
		t.Fatal(err)
	}
	list, err := f.agent.ListReceipts(ctx(), &soulv1.ListReceiptsRequest{Brain: "loja"})
	if err != nil {
		t.Fatal(err)
	}
	if got := len(list.GetReceipts()); got != 2 {
		t.Fatalf("receipts: got %d, want 2 (a dry run stores none)", got)
	}
	if !list.GetReceipts()[0].GetAt().AsTime().After(list.GetReceipts()[1].GetAt().AsTime()) {
		t.Errorf("receipts: got oldest first, want newest first")
	}
}

func TestReadSoul(t *testing.T) {
	f := newFixture(t)
	if _, err := f.agent.CheckSoul(ctx(), &soulv1.CheckSoulRequest{Brain: "loja"}); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name         string
		req          *soulv1.ReadSoulRequest
		wantMarkdown string
	}{
		{"whole", &soulv1.ReadSoulRequest{Brain: "loja"}, smallSoul},
		{"section", &soulv1.ReadSoulRequest{Brain: "loja", Section: "operating doctrine"}, "## Operating Doctrine\n\n- Never ship on a Friday.\n"},
		{"headline only", &soulv1.ReadSoulRequest{Brain: "loja", HeadlineOnly: true}, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := f.agent.ReadSoul(ctx(), tc.req)
			if err != nil {
				t.Fatal(err)
			}
			if got.GetMarkdown() != tc.wantMarkdown {
				t.Errorf("markdown: got %q, want %q", got.GetMarkdown(), tc.wantMarkdown)
			}
			if got.GetHeadline() != "Checkpoint 3 — the loja era" {
				t.Errorf("headline: got %q", got.GetHeadline())
			}
			if got.GetLastReceipt().GetKind() != "check" {
				t.Errorf("last receipt: got %v, want the check", got.GetLastReceipt())
			}
		})
	}
	_, err := f.agent.ReadSoul(ctx(), &soulv1.ReadSoulRequest{Brain: "loja", Section: "no such heading"})
	if code, reason, _ := refusalOf(t, err); code != codes.NotFound || reason != "SECTION_NOT_FOUND" {
		t.Errorf("missing section: got %v/%s, want NotFound/SECTION_NOT_FOUND", code, reason)
	}
}

func TestRefusalsAreTypedAndChangeNothing(t *testing.T) {
	f := newFixture(t)
	bad := t.TempDir()
	writeRepo(t, bad, smallSoul)
	if err := os.WriteFile(filepath.Join(bad, "BINARY.md"), []byte("\x00\x01\x02PATHOS\x00"), 0o644); err != nil {
		t.Fatal(err)
	}
	huge, err := os.Create(filepath.Join(bad, "HUGE.md"))
	if err != nil {
		t.Fatal(err)
	}
	if err := huge.Truncate(50 << 20); err != nil {
		t.Fatal(err)
	}
	huge.Close()
	f.register("nosoul", bad, "nope/PATHOS.md")
	f.register("dirsoul", bad, "docs")
	f.register("binsoul", bad, "BINARY.md")
	f.register("hugesoul", bad, "HUGE.md")
	f.register("gone", filepath.Join(bad, "vanished"), "PATHOS.md")
	outside := filepath.Join(t.TempDir(), "secret.md")
	if err := os.WriteFile(outside, []byte("# secret\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(outside, filepath.Join(bad, "LINK.md")); err != nil {
		t.Fatal(err)
	}
	f.register("linksoul", bad, "LINK.md")
	other := f.agentIn("agent-9", "other")

	tests := []struct {
		name       string
		client     soulv1.SoulServiceClient
		req        *soulv1.CheckSoulRequest
		wantCode   codes.Code
		wantReason string
		wantField  string
	}{
		{"foreign brain", other, &soulv1.CheckSoulRequest{Brain: "loja"}, codes.PermissionDenied, "FOREIGN_BRAIN", ""},
		{"unknown brain", f.owner, &soulv1.CheckSoulRequest{Brain: "nobody"}, codes.NotFound, "BRAIN_NOT_FOUND", ""},
		{"owner names no brain", f.owner, &soulv1.CheckSoulRequest{}, codes.InvalidArgument, "INVALID_ARGUMENT", "brain"},
		{"malformed brain", f.owner, &soulv1.CheckSoulRequest{Brain: "../etc"}, codes.InvalidArgument, "INVALID_ARGUMENT", "brain"},
		{"bad tissue", f.owner, &soulv1.CheckSoulRequest{Brain: "loja", Tissues: map[string]string{"state": "holy"}}, codes.InvalidArgument, "INVALID_ARGUMENT", "tissues[state]"},
		{"missing soul", f.owner, &soulv1.CheckSoulRequest{Brain: "nosoul"}, codes.NotFound, "SOUL_NOT_FOUND", ""},
		{"soul is a directory", f.owner, &soulv1.CheckSoulRequest{Brain: "dirsoul"}, codes.FailedPrecondition, "SOUL_IS_DIRECTORY", ""},
		{"binary soul", f.owner, &soulv1.CheckSoulRequest{Brain: "binsoul"}, codes.FailedPrecondition, "SOUL_NOT_TEXT", ""},
		{"50 MB soul", f.owner, &soulv1.CheckSoulRequest{Brain: "hugesoul"}, codes.FailedPrecondition, "SOUL_TOO_LARGE", ""},
		{"repository gone", f.owner, &soulv1.CheckSoulRequest{Brain: "gone"}, codes.FailedPrecondition, "REPO_NOT_FOUND", ""},
		{"soul symlinked out of the repository", f.owner, &soulv1.CheckSoulRequest{Brain: "linksoul"}, codes.NotFound, "SOUL_NOT_FOUND", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := tc.client.CheckSoul(ctx(), tc.req)
			code, reason, fields := refusalOf(t, err)
			if code != tc.wantCode || reason != tc.wantReason {
				t.Errorf("got %v/%s, want %v/%s (%v)", code, reason, tc.wantCode, tc.wantReason, err)
			}
			if tc.wantField != "" && !slices.Contains(fields, tc.wantField) {
				t.Errorf("field violations: got %v, want %s", fields, tc.wantField)
			}
			brain := tc.req.GetBrain()
			if brain == "" || strings.Contains(brain, "/") {
				return
			}
			list, err := f.owner.ListReceipts(ctx(), &soulv1.ListReceiptsRequest{Brain: brain})
			if err != nil {
				t.Fatal(err)
			}
			if n := len(list.GetReceipts()); n != 0 {
				t.Errorf("receipts after a refusal: got %d, want 0", n)
			}
		})
	}
	unauth := soulv1.NewSoulServiceClient(f.env.Conn(nil))
	if _, err := unauth.CheckSoul(ctx(), &soulv1.CheckSoulRequest{Brain: "loja"}); err == nil {
		t.Error("no credential: got success, want Unauthenticated")
	} else if code, _, _ := refusalOf(t, err); code != codes.Unauthenticated {
		t.Errorf("no credential: got %v, want Unauthenticated", code)
	}
}

func TestNotGitRepositoryNamesSkippedGitClass(t *testing.T) {
	f := newFixture(t)
	plain := t.TempDir()
	if err := os.WriteFile(filepath.Join(plain, "PATHOS.md"), []byte("# PATHOS\n\n## Current State\n\n- Tag `v1.0.0` is cut and `PATHOS.md` exists.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	f.register("plain", plain, "")
	resp, err := f.owner.CheckSoul(ctx(), &soulv1.CheckSoulRequest{Brain: "plain", IncludeClaims: true})
	if err != nil {
		t.Fatal(err)
	}
	var why string
	for _, s := range resp.GetReport().GetChecksSkipped() {
		if s.GetCheckClass() == "git" {
			why = s.GetWhy()
		}
	}
	if !strings.Contains(why, "not a git repository") {
		t.Errorf("checks_skipped git: got %q, want it named", why)
	}
	if got := resp.GetReport().GetByState().GetVerifiedFresh(); got != 0 {
		t.Errorf("fresh: got %d, want 0 (an unchecked tag is never fresh)", got)
	}
	if got := resp.GetReport().GetByState().GetUnprovableNow(); got != 1 {
		t.Errorf("unprovable now: got %d, want 1", got)
	}
}

func TestVerifyCuratorReport(t *testing.T) {
	f := newFixture(t)
	ok := func() *soulv1.CuratorReport {
		return &soulv1.CuratorReport{CuratedBy: "curator-2", Checked: 4, StillStale: &soulv1.StillStale{},
			Pruned: []*soulv1.Prune{{What: "old probe line", Why: "file deleted", WhereItWent: "PATHOS-ARCHIVE.md", Section: "Current State"}}}
	}
	tests := []struct {
		name       string
		mutate     func(r *soulv1.CuratorReport)
		wantCode   codes.Code
		wantReason string
		wantField  string
	}{
		{"seated", func(*soulv1.CuratorReport) {}, codes.OK, "", ""},
		{"grader is author", func(r *soulv1.CuratorReport) { r.CuratedBy = "agent-7" }, codes.PermissionDenied, "GRADER_IS_AUTHOR", "report.curated_by"},
		{"silent prune", func(r *soulv1.CuratorReport) { r.Pruned[0].WhereItWent = "" }, codes.FailedPrecondition, "SILENT_PRUNE", "report.pruned[0].where_it_went"},
		{"declared removal", func(r *soulv1.CuratorReport) { r.Pruned[0].Section = "Operating Doctrine" }, codes.FailedPrecondition, "DECLARED_REMOVAL_NOT_PROPOSED", "report.pruned[0].proposed"},
		{"declared removal proposed", func(r *soulv1.CuratorReport) { r.Pruned[0].Section = "Operating Doctrine"; r.Pruned[0].Proposed = true }, codes.OK, "", ""},
		{"still stale missing", func(r *soulv1.CuratorReport) { r.StillStale = nil }, codes.InvalidArgument, "STILL_STALE_MISSING", "report.still_stale"},
		{"no author", func(r *soulv1.CuratorReport) { r.CuratedBy = "" }, codes.InvalidArgument, "INVALID_ARGUMENT", "report.curated_by"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := ok()
			tc.mutate(r)
			resp, err := f.agent.VerifyCuratorReport(ctx(), &soulv1.VerifyCuratorReportRequest{Brain: "loja", Report: r})
			if tc.wantCode == codes.OK {
				if err != nil {
					t.Fatalf("got %v, want seated", err)
				}
				if resp.GetSchema() != "m1nd-soul-curator-seatcheck-v0" || resp.GetVerdict() != "seated" || resp.GetGrader() != "agent-7" {
					t.Errorf("got %v, want a seated m1nd-soul-curator-seatcheck-v0 graded by agent-7", resp)
				}
				return
			}
			code, reason, fields := refusalOf(t, err)
			if code != tc.wantCode || reason != tc.wantReason || !slices.Contains(fields, tc.wantField) {
				t.Errorf("got %v/%s %v, want %v/%s with %s", code, reason, fields, tc.wantCode, tc.wantReason, tc.wantField)
			}
		})
	}
	list, err := f.agent.ListReceipts(ctx(), &soulv1.ListReceiptsRequest{Brain: "loja"})
	if err != nil {
		t.Fatal(err)
	}
	var verdicts []string
	for _, r := range list.GetReceipts() {
		verdicts = append(verdicts, r.GetVerdict())
	}
	for _, want := range []string{"seated", "GRADER_IS_AUTHOR", "SILENT_PRUNE", "DECLARED_REMOVAL_NOT_PROPOSED", "STILL_STALE_MISSING"} {
		if !slices.Contains(verdicts, want) {
			t.Errorf("seat-check receipts: got %v, want one with verdict %s (refusals are logged)", verdicts, want)
		}
	}
}

func TestNorthAtomGoldens(t *testing.T) {
	f := newFixture(t)
	hostile := "# " + strings.Repeat("Ω\u202e<script>", 1000) + "\n\n## Current State\n\n- `src/main.go` serves.\n"
	f.register("hostile", writeRepo(t, t.TempDir(), hostile), "docs/PATHOS.md")
	empty := t.TempDir()
	writeRepo(t, empty, "x")
	f.register("nosoul", empty, "SOUL-NOT-HERE.md")
	binary := t.TempDir()
	writeRepo(t, binary, "x")
	if err := os.WriteFile(filepath.Join(binary, "BIN.md"), []byte("\x00\x01PATHOS"), 0o644); err != nil {
		t.Fatal(err)
	}
	f.register("binsoul", binary, "BIN.md")

	tests := []struct {
		name    string
		brain   string
		advance time.Duration
		// check first: the atom reads the last receipt and never checks on its own
		check bool
	}{
		{"with_soul", "loja", 0, true},
		{"stale_receipt_date_visible", "loja", 30 * 24 * time.Hour, false},
		{"without_soul", "nosoul", 0, false},
		{"hostile_headline", "hostile", 0, true},
		{"unparseable_soul_fails_open", "binsoul", 0, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f.clock.Advance(tc.advance)
			if tc.check {
				if _, err := f.owner.CheckSoul(ctx(), &soulv1.CheckSoulRequest{Brain: tc.brain}); err != nil {
					t.Fatal(err)
				}
			}
			resp, err := f.owner.NorthAtom(ctx(), &soulv1.NorthAtomRequest{Brain: tc.brain})
			if err != nil {
				t.Fatal(err)
			}
			if a := resp.GetSoul(); a != nil {
				if n := utf8.RuneCountInString(a.GetHeadline()) + utf8.RuneCountInString(a.GetReceipt()); n > 220 {
					t.Errorf("atom: got %d characters, want at most 220", n)
				}
				if !utf8.ValidString(a.GetHeadline()) || strings.ContainsRune(a.GetHeadline(), '\u202e') {
					t.Errorf("headline: got %q, want valid text without bidi overrides", a.GetHeadline())
				}
			}
			golden(t, filepath.Join("testdata", "north_"+tc.name+".json"), stableJSON(t, resp))
		})
	}
}

// stableJSON renders a message the same way on every build (protojson varies its whitespace on purpose).
func stableJSON(t *testing.T, m proto.Message) []byte {
	t.Helper()
	raw, err := protojson.MarshalOptions{UseProtoNames: true}.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		t.Fatal(err)
	}
	out, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	return append(out, '\n')
}

func golden(t *testing.T, path string, got []byte) {
	t.Helper()
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("golden %s: %v (run with -update)", path, err)
	}
	if string(got) != string(want) {
		t.Errorf("%s: got\n%s\nwant\n%s", path, got, want)
	}
}

func TestUpdateSoulClaimWithoutMedullaIsUnavailable(t *testing.T) {
	dir := t.TempDir()
	svc, err := soulOpenWithoutMedulla(t, dir)
	if err != nil {
		t.Fatal(err)
	}
	env := startAlone(t, svc)
	c := soulv1.NewSoulServiceClient(env.Agent("agent-7", "curator", "loja"))
	_, err = c.UpdateSoulClaim(ctx(), &soulv1.UpdateSoulClaimRequest{Brain: "loja", Section: "Current State", Body: "x"})
	if code, reason, _ := refusalOf(t, err); code != codes.Unavailable || reason != "MEDULLA_SINK_UNAVAILABLE" {
		t.Errorf("got %v/%s, want Unavailable/MEDULLA_SINK_UNAVAILABLE", code, reason)
	}
}

func TestListReceiptsPagesToTheEnd(t *testing.T) {
	f := newFixture(t)
	for i := 0; i < 5; i++ {
		f.clock.Advance(time.Minute)
		if _, err := f.agent.CheckSoul(ctx(), &soulv1.CheckSoulRequest{Brain: "loja"}); err != nil {
			t.Fatal(err)
		}
	}
	var ids []string
	token := ""
	for pages := 1; ; pages++ {
		if pages > 10 {
			t.Fatalf("paging: still going after %d pages, want the end after 3 (got %v)", pages-1, ids)
		}
		resp, err := f.agent.ListReceipts(ctx(), &soulv1.ListReceiptsRequest{Brain: "loja", Page: &commonv1.PageRequest{PageSize: 2, PageToken: token}})
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range resp.GetReceipts() {
			ids = append(ids, r.GetReceiptId())
		}
		if token = resp.GetPage().GetNextPageToken(); token == "" {
			break
		}
	}
	if len(slices.Compact(slices.Sorted(slices.Values(ids)))) != 5 || len(ids) != 5 {
		t.Errorf("receipts over all pages: got %v, want 5 distinct", ids)
	}

	tests := []struct {
		name      string
		page      *commonv1.PageRequest
		wantField string
	}{
		{"a token soul never issued", &commonv1.PageRequest{PageToken: "not-a-number"}, "page.page_token"},
		{"a negative token", &commonv1.PageRequest{PageToken: "-4"}, "page.page_token"},
		{"a page too large", &commonv1.PageRequest{PageSize: 500}, "page.page_size"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := f.agent.ListReceipts(ctx(), &soulv1.ListReceiptsRequest{Brain: "loja", Page: tc.page})
			code, reason, fields := refusalOf(t, err)
			if code != codes.InvalidArgument || reason != "INVALID_ARGUMENT" || !slices.Contains(fields, tc.wantField) {
				t.Errorf("got %v/%s %v, want InvalidArgument/INVALID_ARGUMENT on %s", code, reason, fields, tc.wantField)
			}
		})
	}
}

// TestNorthNamesASoulOutsideTheRepository: a soul path that leaves the repository is a named
// gap in the north packet (never its contents), while a soul that is simply absent is no atom.
func TestNorthNamesASoulOutsideTheRepository(t *testing.T) {
	f := newFixture(t)
	outside := filepath.Join(t.TempDir(), "secret.md")
	if err := os.WriteFile(outside, []byte("# secret headline\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	linked := writeRepo(t, t.TempDir(), smallSoul)
	if err := os.Symlink(outside, filepath.Join(linked, "LINK.md")); err != nil {
		t.Fatal(err)
	}
	f.register("linksoul", linked, "LINK.md")
	f.register("abssoul", f.repo, outside)
	f.register("climbsoul", f.repo, "../../secret.md")
	f.register("nosoul", f.repo, "NOT-HERE.md")
	tests := []struct {
		brain    string
		wantGaps []string
	}{
		{"linksoul", []string{"soul unreadable: invalid soul path"}},
		{"abssoul", []string{"soul unreadable: invalid soul path"}},
		{"climbsoul", []string{"soul unreadable: invalid soul path"}},
		{"nosoul", nil},
	}
	for _, tc := range tests {
		t.Run(tc.brain, func(t *testing.T) {
			resp, err := f.owner.NorthAtom(ctx(), &soulv1.NorthAtomRequest{Brain: tc.brain})
			if err != nil {
				t.Fatal(err)
			}
			if resp.GetSoul() != nil {
				t.Errorf("atom: got %v, want none", resp.GetSoul())
			}
			if !slices.Equal(resp.GetHonestGaps(), tc.wantGaps) {
				t.Errorf("gaps: got %q, want %q", resp.GetHonestGaps(), tc.wantGaps)
			}
		})
	}
}
