package engine_test

import (
	"strings"
	"testing"
)

// TestFiftyThirdHoldoutClasses: the false rows of the fifty-third holdout, each beside a twin that
// stays drift.
func TestFiftyThirdHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("main.go", "package main\n")
	g.write("README.md", "# readme\n")
	g.write("docs/_archive/structure/system/AGENTS.md", "# system\n")
	g.write("docs/_archive/structure/domain/AGENTS.md", "# domain\n")
	g.gone("2026-05-01T10:00:00Z", "2026-05-02T10:00:00Z",
		"src/adapter/provider.ts", "src/adapter/mapper/a.ts", "apps/mobile/app.ts", "docs/options.md",
		"old/a.tpl.md", "docs/structure/system/AGENTS.md", "docs/structure/billing/AGENTS.md")
	repo := g.open(t)

	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"a list of things never to make again", "Never:\n\n- Recreate `src/adapter/provider.ts` or provider-specific mapper forests.", nil},
		{"twin: a list of things never to do to a file", "Never:\n\n- Edit `src/adapter/provider.ts` by hand.", []string{"evidence_file_missing src/adapter/provider.ts"}},
		{"twin: a list of files to make", "Steps:\n\n- Recreate `src/adapter/provider.ts` from the template.", []string{"evidence_file_missing src/adapter/provider.ts"}},
		{"names the sentence says no longer exist", "- Never reference `src/adapter/mapper/`, `ProviderMapper`, or `src/adapter/provider.ts` — these no longer exist.", nil},
		{"names that must stay removed", "- `src/adapter/mapper/` and `src/adapter/provider.ts` are legacy architecture and must stay removed.", nil},
		{"twin: names that must stay small", "- `src/adapter/provider.ts` is legacy architecture and must stay small.", []string{"evidence_file_missing src/adapter/provider.ts"}},
		{"a directory the repository has no more, in Chinese", "- 说明：当前仓库没有 `apps/mobile/` 目录，以实际目录为准。", nil},
		{"twin: a directory the repository has, in Chinese", "- 说明：当前仓库有 `apps/mobile/` 目录。", []string{"evidence_file_missing apps/mobile/"}},
		{"an item described as generated, never committed", "- `src-tauri/gen/android/` — generated Android project that consumes these assets", nil},
		{"twin: a generated file history held and deleted", "- `docs/options.md` — generated options reference", []string{"evidence_file_missing docs/options.md"}},
		{"a glob a filter excludes", "- **Glob patterns**: `*.go` only. Excludes `README.md` and names matching `old/*.tpl.md`.", nil},
		{"twin: a glob of kept files", "- Templates are kept as `old/*.tpl.md`.", []string{"evidence_file_missing old/*.tpl.md"}},
	})
	t.Run("a bound beside a count", func(t *testing.T) {
		got := findingsOf(t, repo, "AGENTS.md", notes("### Execution Time\n\n- **Fast Path**: <100ms for a typical file (13 variables, 11 connections)\n- **Slow Path**: ~2-3s for large models (>100 variables, >50 connections)"))
		assertDrift(t, got, nil)
	})
	t.Run("twin: two counts of one subject", func(t *testing.T) {
		got := findingsOf(t, repo, "AGENTS.md", notes("### Execution Time\n\n- **Fast Path**: <100ms for a typical file (13 variables, 11 connections)\n- **Slow Path**: ~2-3s for large models (100 variables, 50 connections)"))
		if len(got) == 0 {
			t.Fatalf("two counts of one subject were not compared")
		}
	})
	for _, tc := range []struct {
		name, header, row string
		want              []string
	}{
		{"a table's column of places", "| Task | Location | Notes |", "| Provider | `src/context/WalletProvider.tsx` | Context |\n| Entry | `main.go` | the binary |", []string{"unanchored src/context/WalletProvider.tsx"}},
		{"twin: a name in another column", "| Task | Location | Notes |", "| Provider | `main.go` | wraps `src/context/WalletProvider.tsx` |", []string{"unverified unanchored src/context/WalletProvider.tsx"}},
		{"twin: a place the cell denies", "| Issue | Severity | Location |", "| No CI | MEDIUM | No `.github/workflows/` |", []string{"unverified unanchored .github/workflows/"}},
		{"twin: a bare name in a column of files", "| File | Purpose |", "| `wakeup.md` | the agent's notes |", []string{"unverified unanchored wakeup.md"}},
		{"twin: a column of key files", "| Tab | Key Files | Notes |", "| Regime | `src/styles/regime.css` | strip |", []string{"unverified unanchored src/styles/regime.css"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rule := strings.Repeat("---|", strings.Count(tc.header, "|")-1)
			doc := "# A\n\n## WHERE TO LOOK\n\n" + tc.header + "\n|" + rule + "\n" + tc.row + "\n"
			assertDrift(t, findingsOf(t, repo, "AGENTS.md", []byte(doc)), tc.want)
		})
	}
	runDriftCases(t, repo, "docs/_archive/structure/domain/AGENTS.md", []driftCase{
		{"an archived document's sibling, archived with it", "- System decisions live in `docs/structure/system/AGENTS.md`.", nil},
		{"twin: a sibling the archive does not hold", "- Billing decisions live in `docs/structure/billing/AGENTS.md`.", []string{"evidence_file_missing docs/structure/billing/AGENTS.md"}},
	})
}
