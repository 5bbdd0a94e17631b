package engine_test

import (
	"testing"
)

// TestTwoHundredThirtyEighthHoldoutClasses: the false rows of the two-hundred-and-thirty-eighth holdout
// that were fixed, each beside a twin that stays a finding.
func TestTwoHundredThirtyEighthHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("config/app.json", "{}\n")
	g.write("src/squawk/main.py", "print(1)\n")
	g.write("documents/prompt_engineer/PROMPT_CONVENTION.md", "# conventions\n")
	g.write("documents/prompt_engineer/archive_pre_refactor/PROMPT_CONVENTION.md", "# conventions, before\n")
	g.write("documents/old_notes/NOTES.md", "# notes\n")
	g.gone("2026-05-01T10:00:00Z", "2026-05-02T10:00:00Z", "config/nsfw_scenes.json", "deploy/install.sh", "tools/conversation_search.py")
	guide := "# Old guide\n\n## Tools\n\n- Search with `tools/conversation_search.py`.\n"
	g.write("documents/prompt_engineer/archive_pre_refactor/CLAUDE.md", guide)
	g.write("documents/old_notes/CLAUDE.md", guide)
	g.commit("2026-05-03T10:00:00Z", "archive")
	repo := g.open(t)

	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		// ai-chatbot-manager: an item whose status says it was dropped
		{"an item marked DROPPED", "- **`config/nsfw_scenes.json`** — full NSFW scene catalog (and `.bak`). DROPPED.", nil},
		{"twin: an item marked KEPT", "- **`config/nsfw_scenes.json`** — full NSFW scene catalog (and `.bak`). KEPT.", []string{"evidence_file_missing config/nsfw_scenes.json"}},
		{"twin: an item with a DELETED state", "- **`config/nsfw_scenes.json`** — holds the DELETED state machine.", []string{"evidence_file_missing config/nsfw_scenes.json"}},
		{"what a folder intentionally leaves out", "## What's intentionally not here\n\n- Systemd unit files / `deploy/install.sh` — host-specific setup belongs in the operator's own ops repo.", nil},
		{"twin: what a folder holds", "## What's here\n\n- Systemd unit files / `deploy/install.sh` — host-specific setup.", []string{"evidence_file_missing deploy/install.sh"}},
		// squawk: no top-level tests directory
		{"no top-level directory", "Tests are colocated with the code they test — no top-level `tests/` directory.", nil},
		{"twin: a top-level directory", "Tests live in the top-level `tests/` directory.", []string{"unverified unanchored tests/"}},
		// remotion: a French step that creates a file
		{"a file a French step creates", "Creer `rules.md` definissant les standards React/Remotion", nil},
		{"twin: a file a French step reads", "Lire `rules.md` definissant les standards React/Remotion", []string{"unverified unanchored rules.md"}},
	})

	// Auto-ERP-Agent: a guide in an archive of copies, beside the files it copied
	rep := findingsOf(t, repo, "documents/prompt_engineer/archive_pre_refactor/CLAUDE.md", []byte(guide))
	assertDrift(t, rep, nil)
	// twin: a guide in an "old" folder that copies nothing
	rep = findingsOf(t, repo, "documents/old_notes/CLAUDE.md", []byte(guide))
	assertDrift(t, rep, []string{"evidence_file_missing tools/conversation_search.py"})
}

// TestTwoHundredThirtyEighthHoldoutOutputsGuide: Multi-Asset-Strategy's outputs/CLAUDE.md tables what its
// scripts write there, results a commit cleared; a guide of another folder naming the same file keeps it
// answerable.
func TestTwoHundredThirtyEighthHoldoutOutputsGuide(t *testing.T) {
	g := newGitFixture(t)
	g.write("scripts/optimize_sma_lookback.py", "print(1)\n")
	g.write("outputs/.gitkeep", "")
	g.write("docs/.gitkeep", "")
	g.gone("2026-05-01T10:00:00Z", "2026-05-02T10:00:00Z", "outputs/sma_optimization_results.csv")
	repo := g.open(t)
	row := "| File | Source |\n|---|---|\n| `sma_optimization_results.csv` | `scripts/optimize_sma_lookback.py` |"
	assertDrift(t, findingsOf(t, repo, "outputs/CLAUDE.md", []byte("# outputs/ - results\n\n## Files\n\n"+row+"\n")), nil)
	assertDrift(t, findingsOf(t, repo, "docs/CLAUDE.md", []byte("# docs\n\n## Files\n\n"+row+"\n")), []string{"evidence_file_missing sma_optimization_results.csv"})
}

// TestOutputsGuideKeepsASoulsLaws: the reading of a guide to a folder of run outputs never reaches a soul
// kept there; a missing result it vouches for stays drift (SOUL-INV-1).
func TestOutputsGuideKeepsASoulsLaws(t *testing.T) {
	g := newGitFixture(t)
	g.write("outputs/summary.csv", "a,b\n")
	g.gone("2026-05-01T10:00:00Z", "2026-05-02T10:00:00Z", "outputs/sma_optimization_results.csv")
	repo := g.open(t)
	soul := "# PATHOS\n\n## Checkpoint 4\n\n### Current State\n\n- `summary.csv` holds the run's totals.\n- `sma_optimization_results.csv` holds the SMA sweep.\n\n## Operating Doctrine\n\n- Never ship on a Friday.\n"
	assertDrift(t, findingsOf(t, repo, "outputs/PATHOS.md", []byte(soul)), []string{"evidence_file_missing sma_optimization_results.csv"})
}
