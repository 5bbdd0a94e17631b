package engine_test

import (
	"strings"
	"testing"
)

// TestFiftyFourthHoldoutClasses: the false rows of the fifty-fourth holdout, each beside a twin that
// stays drift.
func TestFiftyFourthHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("main.go", "package main\n")
	g.write("big.go", "package main\n")
	g.write("cmd/types.go", "package cmd\n\ntype CanonicalizeRequest struct{}\n")
	g.commit("2026-04-01T10:00:00Z", "types")
	g.write("cmd/types.go", "package cmd\n")
	g.write("internal/canon/request.go", "package canon\n\ntype Request struct{ InputPath string }\n")
	g.commit("2026-04-02T10:00:00Z", "Merge pull request #12 from acme/request: move the request type")
	g.gone("2026-05-01T10:00:00Z", "2026-05-02T10:00:00Z",
		"internal/mq/queue.go", "cmd/initializer.go", "openspec/specs/AGENTS.md", "notes/typescript-errors.md",
		"srv/latest.log", "tests/integration/firebase-auth.md")
	repo := g.open(t)

	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"a table cell that says the row's folder does not exist", "| Folder | Owner | Status |\n|---|---|---|\n| `internal/mq/` | — | **Does not exist** |", nil},
		{"twin: a table row that describes its folder", "| Folder | Owner | Status |\n|---|---|---|\n| `internal/mq/` | — | message queue |", []string{"evidence_file_missing internal/mq/"}},
		{"an old name in '(was X)'", "- `canon.Request{InputPath}` — the per-call input (was `cmd.CanonicalizeRequest`)", nil},
		{"twin: the old name as the current one", "- The per-call input is `cmd.CanonicalizeRequest`.", []string{"symbol_removed cmd.CanonicalizeRequest"}},
		{"where code was lifted out of", "- Lifts the per-ref render loop out of `cmd/initializer.go`.", nil},
		{"twin: where code lives", "- The per-ref render loop lives in `cmd/initializer.go`.", []string{"evidence_file_missing cmd/initializer.go"}},
		{"a name labelled removed", "- **Removed**: `openspec/specs/AGENTS.md` (deleted; the rules now live in the config).", nil},
		{"twin: a name labelled otherwise", "- **Rules**: `openspec/specs/AGENTS.md` holds them.", []string{"evidence_file_missing openspec/specs/AGENTS.md"}},
		{"a pattern shown with what it matches", "- `srv/*.log` → matches `srv/latest.log`, `debug.log`", nil},
		{"twin: a pattern of kept files", "- Server logs are kept as `srv/*.log`.", []string{"evidence_file_missing srv/*.log"}},
		{"a place to fill when it is created", "- **Integration Tests:** `tests/integration/firebase-auth.md` (when created)", nil},
		{"twin: a place said to be there", "- **Integration Tests:** `tests/integration/firebase-auth.md`", []string{"evidence_file_missing tests/integration/firebase-auth.md"}},
		{"a size limit beside a file", "- Keep Go files at or below 500 lines. Existing larger files are listed in `main.go`.", nil},
		{"twin: a file's size", "- `big.go` is about 500 lines.", []string{"size_drift big.go"}},
	})
	for _, tc := range []struct {
		name, heading string
		want          []string
	}{
		{"names under 'What Does NOT Belong Here'", "What Does NOT Belong Here", nil},
		{"twin: names under 'What Belongs Here'", "What Belongs Here", []string{"evidence_file_missing notes/typescript-errors.md"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			doc := "# A\n\n## " + tc.heading + "\n\n- Error notes: `notes/typescript-errors.md`\n"
			assertDrift(t, findingsOf(t, repo, "AGENTS.md", []byte(doc)), tc.want)
		})
	}
	for _, tc := range []struct {
		name, open, close string
		want              []string
	}{
		{"a fork's memory activity block", "<codex-mem-context>", "</codex-mem-context>", nil},
		{"twin: the same table outside such a block", "", "", []string{"ref_missing #4609", "ref_missing #69"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			table := "### Nov 7, 2025\n\n| ID | Time | T | Title | Read |\n|----|------|---|-------|------|\n| #4609 | 6:33 PM | ✅ | PR #69 Successfully Merged to Main Branch | ~516 |\n"
			// in a soul, where a PR number its log lacks is drift (an ordinary document's is held)
			doc := "# A\n\n## Current state\n\n" + strings.TrimSpace(tc.open+"\n\n"+table+"\n\n"+tc.close) + "\n"
			assertDrift(t, findingsOf(t, repo, "PATHOS.md", []byte(doc)), tc.want)
		})
	}
}
