package engine_test

import (
	"strings"
	"testing"
)

// TestTwoHundredFortySecondHoldoutLineOwners: a line number belongs to the file named right before it or
// inside its own parentheses, and a formatter's "line 110" is a line length, each beside a twin.
func TestTwoHundredFortySecondHoldoutLineOwners(t *testing.T) {
	g := newGitFixture(t)
	stack := strings.Repeat("filler\n", 41) + "service name: platform-service\n" + strings.Repeat("filler\n", 100)
	g.write("archive/stack.md", stack)
	g.write("archive/phases/phase-11.md", strings.Repeat("text\n", 60)+"platform-service lives here\n")
	g.write("auth/build.gradle.kts", strings.Repeat("plugins {}\n", 80))
	g.write("rag/uv.lock", strings.Repeat("[[package]]\n", 200))
	g.write("rag/src/rag_service/__init__.py", "\n")
	g.commit("2026-06-01T10:00:00Z", "init")
	repo := g.open(t)

	runDriftCases(t, repo, "platform/CLAUDE.md", []driftCase{
		// AGENTIC: "(line 42)" right after the second file is that file's line
		{"a line right after its file", "It implements **Phase 11** (`../archive/phases/phase-11.md`); `../archive/stack.md` (line 42) names the service `platform-service`.", nil},
		{"twin: the same file's line moved", "It implements **Phase 11** (`../archive/phases/phase-11.md`); `../archive/stack.md` (line 30) names the service `platform-service`.", []string{"line_drift ../archive/stack.md:30"}},
		// AGENTIC: lines of a file named bare inside the parentheses
		{"lines of a bare name in the same parentheses", "When scaffolded, expect the standard `../auth/build.gradle.kts` and `src/main/kotlin` (per stack.md Kotlin scaffold, lines 125-137).", nil},
		{"twin: lines with no other file named", "When scaffolded, expect the standard `../auth/build.gradle.kts` (see lines 125-137) for the plugins.", []string{"line_drift ../auth/build.gradle.kts:125"}},
	})
	runDriftCases(t, repo, "rag/CLAUDE.md", []driftCase{
		// AGENTIC: ruff's line length
		{"a formatter's line length", "- **Build/deps:** uv (`uv.lock`, frozen), hatchling wheel (`src/rag_service`). Lint: ruff (line 110, `E,F,I,UP,B,ASYNC,C4,SIM`). Tests: pytest + pytest-asyncio (`asyncio_mode=auto`, `pythonpath=[\"src\"]`), asgi-lifespan, respx.", nil},
		{"twin: a line of the lock file", "**Build/deps:** uv (`uv.lock`, frozen; line 110), hatchling wheel (`src/rag_service`).", []string{"evidence_changed uv.lock:110"}},
	})
}

// TestTwoHundredFortySecondHoldoutWording: a count against a remote, a release named for what it brought,
// and a path of a repository the document links, each beside a twin.
func TestTwoHundredFortySecondHoldoutWording(t *testing.T) {
	g := newGitFixture(t)
	g.write("go.mod", "module example.com/bridge\n\ngo 1.25.0\n")
	g.write("main.go", "package main\n")
	g.commit("2026-06-01T10:00:00Z", "init")
	repo := g.open(t)

	runDriftCases(t, repo, "CLAUDE.md", []driftCase{
		// liquidclips
		{"a count against the remote", "**Deploy method:** `railway up` from this folder (local main was 31 commits ahead of origin when deployed).", nil},
		{"twin: a count against a ref that is not there", "**Deploy method:** `railway up` from this folder (main is 31 commits ahead of v9.9).", []string{"ref_missing 31 commits ahead of v9.9"}},
		// bridge
		{"a release's routing named with two words", "Default to the standard library `net/http` with the Go 1.22+ `ServeMux` pattern syntax.", nil},
		{"a release's type after an article", "Go (pinned in `go.mod`) · stdlib `net/http` with the Go 1.22+ `ServeMux` · `log/slog`.", nil},
		{"twin: the project's least version", "Requires Go 1.22+ to build.", []string{"evidence_changed Requires Go 1.22+"}},
		{"a path of a linked repository", "See `ai-instructions/workflows/personal-dev-workflow.md` for the workflow. Full rules: [`x.md`](https://github.com/freaxnx01/ai-instructions/blob/main/.ai/x.md)", nil},
		{"a path of a repository linked on Codeberg", "See `ai-instructions/workflows/personal-dev-workflow.md` for the workflow. Full rules: <https://codeberg.org/freaxnx01/ai-instructions>", nil},
		{"twin: the same path with no such link", "See `ai-instructions/workflows/personal-dev-workflow.md` for the workflow. Full rules: [`x.md`](https://github.com/freaxnx01/other/blob/main/.ai/x.md)", []string{"unanchored ai-instructions/workflows/personal-dev-workflow.md"}},
	})
}

// TestTwoHundredFortySecondHoldoutDraft: harmonik's draft of its context guide, kept under plans/…/drafts/,
// names the files beside the guide it will replace.
func TestTwoHundredFortySecondHoldoutDraft(t *testing.T) {
	g := newGitFixture(t)
	g.write(".harmonik/context/CLAUDE.md", "# context\n")
	g.write("plans/revamp/drafts/context/notes.md", "notes\n")
	g.write("plans/revamp/drafts/other/notes.md", "notes\n")
	g.commit("2026-06-01T10:00:00Z", "init")
	g.gone("2026-06-02T10:00:00Z", "2026-06-03T10:00:00Z", ".harmonik/context/lanes.json")
	repo := g.open(t)

	guide := []byte("# Context\n\n## Files\n\n- `lanes.json` — the lane registry; update it first.\n")
	assertDrift(t, findingsOf(t, repo, "plans/revamp/drafts/context/CLAUDE.md", guide), nil)
	// twin: a draft of no guide the repository holds
	assertDrift(t, findingsOf(t, repo, "plans/revamp/drafts/other/CLAUDE.md", guide), []string{"evidence_file_missing lanes.json"})
}
