package report_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"google.golang.org/protobuf/types/known/timestamppb"

	soulv1 "github.com/organism-dev/organism/proto/organism/soul/v1"
	"github.com/organism-dev/organism/services/soul/report"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// fixedSet is two documents: a soul with drift, a discipline and an age finding, and an ordinary
// AGENTS.md with a drift finding, an unverified mention, a disagreement with itself, and an anchorless
// sentence only counted.
func fixedSet() report.Set {
	at := time.Date(2026, 7, 6, 9, 0, 0, 0, time.UTC)
	soul := &soulv1.SoulCheckReport{
		Schema: "m1nd-soul-check-v0", SoulPath: "docs/PATHOS.md", Headline: "Checkpoint 3 — the loja era",
		CheckedAt: timestamppb.New(at), CheckedAtMs: at.UnixMilli(), RepoSha: "0123456789abcdef0123456789abcdef01234567",
		Claims:      &soulv1.ClaimTotals{Total: 5, Verifiable: 4, Declared: 1},
		ByState:     &soulv1.StateCounts{VerifiedFresh: 2, EvidenceStale: 2},
		Unanchored:  1,
		SoulTissue:  true,
		Enxuto:      &soulv1.Enxuto{LiveLines: 12, Budget: 450},
		ReceiptLine: "soul: checked 2026-07-06 @0123456 — 2 fresh · 2 stale · 0 receipt-priced · 1 declared · 1 unanchored · 1 aged out",
		Stale: []*soulv1.StaleRow{
			{Claim: "`src/gone.go` holds the cart, a, b: c", Section: "Current State", Line: 8, State: "evidence_stale", Reason: "evidence_file_missing", Anchor: "src/gone.go", Detail: "src/gone.go is missing; renamed to src/cart.go in abc1234", Kind: "drift"},
			{Claim: "Releases stall on Fridays.\n100% of them.", Section: "Current State", Line: 9, State: "evidence_stale", Reason: "unanchored", Detail: "verifiable tissue with no anchor to check", Kind: "discipline"},
			{Claim: "`src/cart.go` totals the cart.", Section: "Current State", Line: 10, State: "evidence_stale", Reason: "aged_out", Anchor: "src/cart.go", Detail: "no commit touched its evidence in the 720h before HEAD (2026-07-01)", Kind: "age"},
		},
	}
	agents := &soulv1.SoulCheckReport{
		Schema: "m1nd-soul-check-v0", SoulPath: "AGENTS.md", Headline: "Agents",
		CheckedAt: timestamppb.New(at), CheckedAtMs: at.UnixMilli(), RepoSha: "0123456789abcdef0123456789abcdef01234567",
		Claims:      &soulv1.ClaimTotals{Total: 5, Verifiable: 5},
		ByState:     &soulv1.StateCounts{VerifiedFresh: 1, EvidenceStale: 3},
		Unanchored:  1,
		Ignored:     2,
		Enxuto:      &soulv1.Enxuto{LiveLines: 6, Budget: 450},
		ReceiptLine: "soul: checked 2026-07-06 @0123456 — 1 fresh · 1 stale · 0 receipt-priced · 0 declared · 1 unanchored · 1 unverified · 1 disagreeing · 2 ignored",
		Stale: []*soulv1.StaleRow{
			{Claim: "Run `make lint` first.", Section: "Commands", Line: 4, State: "evidence_stale", Reason: "evidence_changed", Anchor: "make lint", Detail: "the Makefile has no target lint", Kind: "drift"},
			// an unverified mention: a name history never saw, which the sentence does not assert
			{Claim: "Reads `.env.local` variants too.", Section: "Config", Line: 6, State: "evidence_stale", Reason: "unanchored", Anchor: ".env.local", Detail: ".env.local never landed in this repository's history", Kind: "unverified"},
			// the document against itself: no soul, so which count is wrong is nobody's finding to make
			{Claim: "The API serves 12 routes.", Section: "API", Line: 9, State: "evidence_stale", Reason: "contradicted", Detail: "api routes: this claim says 12, the document also says 14", Kind: "disagreement"},
		},
	}
	return report.Set{Reports: []*soulv1.SoulCheckReport{soul, agents}, Many: true}
}

func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	p := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(p, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(p)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s: got\n%s\nwant\n%s", name, got, want)
	}
}

func TestFormatsGolden(t *testing.T) {
	tests := []struct {
		name   string
		render func(*bytes.Buffer, report.Set) error
	}{
		{"text.golden", func(b *bytes.Buffer, s report.Set) error { report.Text(b, s, false); return nil }},
		{"json.golden", func(b *bytes.Buffer, s report.Set) error { return report.JSON(b, s) }},
		{"sarif.golden", func(b *bytes.Buffer, s report.Set) error { return report.SARIF(b, s, "test") }},
		{"github.golden", func(b *bytes.Buffer, s report.Set) error { report.GitHub(b, s); return nil }},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var b bytes.Buffer
			if err := tc.render(&b, fixedSet()); err != nil {
				t.Fatal(err)
			}
			golden(t, tc.name, b.Bytes())
		})
	}
}

func TestJSONOneDocumentIsTheReport(t *testing.T) {
	set := fixedSet()
	set.Reports, set.Many = set.Reports[:1], false
	var b bytes.Buffer
	if err := report.JSON(&b, set); err != nil {
		t.Fatal(err)
	}
	var got map[string]any
	if err := json.Unmarshal(b.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	if got["schema"] != "m1nd-soul-check-v0" || got["soul_path"] != "docs/PATHOS.md" {
		t.Errorf("got %v, want the m1nd-soul-check-v0 report of docs/PATHOS.md", got)
	}
	rows, _ := got["stale"].([]any)
	if len(rows) != 3 || rows[1].(map[string]any)["kind"] != "discipline" || rows[2].(map[string]any)["kind"] != "age" {
		t.Errorf("stale rows: got %v, want three: drift, discipline, age", rows)
	}
}

// TestSARIFShape checks the log against the properties SARIF 2.1.0 requires (§3.13 sarifLog, §3.14
// run, §3.18 tool, §3.19 toolComponent, §3.49 reportingDescriptor, §3.27 result, §3.11 message,
// §3.29 physicalLocation, §3.30 region) and the value sets it fixes (level).
func TestSARIFShape(t *testing.T) {
	var b bytes.Buffer
	if err := report.SARIF(&b, fixedSet(), "test"); err != nil {
		t.Fatal(err)
	}
	var log map[string]any
	if err := json.Unmarshal(b.Bytes(), &log); err != nil {
		t.Fatal(err)
	}
	var problems []string
	need := func(where string, m map[string]any, keys ...string) {
		for _, k := range keys {
			if _, ok := m[k]; !ok {
				problems = append(problems, where+" lacks "+k)
			}
		}
	}
	obj := func(v any) map[string]any { m, _ := v.(map[string]any); return m }
	arr := func(v any) []any { a, _ := v.([]any); return a }
	need("sarifLog", log, "version", "runs")
	if log["version"] != "2.1.0" {
		problems = append(problems, "version is not 2.1.0")
	}
	runs := arr(log["runs"])
	if len(runs) != 1 {
		t.Fatalf("runs: got %d, want 1", len(runs))
	}
	run := obj(runs[0])
	need("run", run, "tool")
	driver := obj(obj(run["tool"])["driver"])
	need("toolComponent", driver, "name")
	rules := arr(driver["rules"])
	for _, r := range rules {
		need("reportingDescriptor", obj(r), "id")
	}
	results := arr(run["results"])
	if len(results) != 6 {
		t.Fatalf("results: got %d, want 6", len(results))
	}
	levels := map[string]bool{"none": true, "note": true, "warning": true, "error": true}
	kinds := map[string]string{}
	for _, rv := range results {
		r := obj(rv)
		need("result", r, "message", "ruleId", "level", "locations")
		need("message", obj(r["message"]), "text")
		if !levels[r["level"].(string)] {
			problems = append(problems, "level "+r["level"].(string)+" is not a SARIF level")
		}
		idx := int(r["ruleIndex"].(float64))
		if idx >= len(rules) || obj(rules[idx])["id"] != r["ruleId"] {
			problems = append(problems, "ruleIndex does not point at ruleId")
		}
		for _, l := range arr(r["locations"]) {
			pl := obj(obj(l)["physicalLocation"])
			need("physicalLocation", pl, "artifactLocation")
			if reg := obj(pl["region"]); reg != nil && reg["startLine"].(float64) < 1 {
				problems = append(problems, "region.startLine below 1")
			}
		}
		kinds[r["ruleId"].(string)] = r["level"].(string)
	}
	if kinds["soul/drift/evidence_file_missing"] != "error" || kinds["soul/discipline/unanchored"] != "warning" || kinds["soul/unverified/unanchored"] != "note" || kinds["soul/age/aged_out"] != "note" || kinds["soul/disagreement/contradicted"] != "note" {
		problems = append(problems, "drift is not error, discipline not warning, or unverified, age or disagreement not note")
	}
	if len(problems) > 0 {
		t.Errorf("SARIF shape: got %v, want none", problems)
	}
}

func TestGitHubEscapes(t *testing.T) {
	var b bytes.Buffer
	report.GitHub(&b, fixedSet())
	lines := strings.Split(strings.TrimSpace(b.String()), "\n")
	if len(lines) != 7 {
		t.Fatalf("got %d lines, want 6 annotations and a notice:\n%s", len(lines), b.String())
	}
	for _, l := range lines[:6] {
		head, data, ok := strings.Cut(strings.TrimPrefix(l, "::"), "::")
		if !ok || strings.ContainsAny(data, "\n\r") || strings.Count(head, "::") > 0 {
			t.Errorf("annotation %q: want ::cmd props::data on one line", l)
		}
		for _, p := range strings.Split(strings.SplitN(head, " ", 2)[1], ",") {
			if k, v, _ := strings.Cut(p, "="); strings.ContainsAny(v, ":,") {
				t.Errorf("property %s=%q: want : and , escaped", k, v)
			}
		}
	}
	if !strings.HasPrefix(lines[0], "::error file=AGENTS.md,line=4,") || !strings.Contains(b.String(), "::warning file=docs/PATHOS.md,line=9,") || !strings.Contains(b.String(), "::notice file=docs/PATHOS.md,line=10,") || !strings.Contains(b.String(), "::notice file=AGENTS.md,line=6,title=soul unverified") {
		t.Errorf("got\n%s\nwant drift as ::error, discipline as ::warning, unverified and age as ::notice with file and line", b.String())
	}
	if !strings.Contains(b.String(), "100%25 of them") {
		t.Errorf("got\n%s\nwant %% escaped in data", b.String())
	}
}

func TestBaselineAcceptsTodayAndFailsOnNew(t *testing.T) {
	var file bytes.Buffer
	if err := report.NewBaseline(fixedSet()).Write(&file); err != nil {
		t.Fatal(err)
	}
	b, err := report.ReadBaseline(&file)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name    string
		mutate  func(report.Set)
		wantNew []string
	}{
		{"same findings", func(report.Set) {}, nil},
		{"lines moved", func(s report.Set) {
			for _, r := range s.Reports {
				for _, row := range r.Stale {
					row.Line += 40
				}
			}
		}, nil},
		{"a new anchor", func(s report.Set) {
			s.Reports[1].Stale = append(s.Reports[1].Stale, &soulv1.StaleRow{Claim: "`b.go`", Reason: "evidence_file_missing", Anchor: "b.go", Kind: "drift"})
		}, []string{"b.go"}},
		{"the same finding once more", func(s report.Set) {
			s.Reports[1].Stale = append(s.Reports[1].Stale, &soulv1.StaleRow{Claim: "again", Reason: "evidence_changed", Anchor: "make lint", Kind: "drift"})
		}, []string{"make lint"}},
		{"same anchor, other reason", func(s report.Set) { s.Reports[1].Stale[0].Reason = "line_drift" }, []string{"make lint"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			set := fixedSet()
			tc.mutate(set)
			report.OnlyNew(set, b.Accepted())
			var got []string
			for _, r := range set.Reports {
				for _, row := range r.Stale {
					got = append(got, row.Anchor)
				}
			}
			if strings.Join(got, ",") != strings.Join(tc.wantNew, ",") {
				t.Errorf("new findings: got %v, want %v", got, tc.wantNew)
			}
		})
	}
	if _, err := report.ReadBaseline(strings.NewReader(`{"schema":"other"}`)); err == nil {
		t.Errorf("a baseline of another schema: got no error, want one")
	}
}
