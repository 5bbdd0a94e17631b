package engine_test

import (
	"strings"
	"testing"
)

// TestTwoHundredThirtySixthHoldoutClasses: the false rows of the two-hundred-and-thirty-sixth holdout
// that were fixed, each beside a twin that stays a finding.
func TestTwoHundredThirtySixthHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("main.go", "package main\n\nfunc main() {}\n")
	g.write("config/sloc_budgets.yaml", strings.Repeat("limit: 500\n", 17))
	g.write("ml/prediction_models.py", strings.Repeat("# model code\n", 168)+"def _simple_sentiment(text):\n"+strings.Repeat("    pass\n", 30))
	g.write("diagnose-a.js", "1\n")
	g.write("fix-b.js", "1\n")
	g.write("src/pages/vi/index.astro", "---\n---\n")
	g.gone("2026-05-01T10:00:00Z", "2026-05-02T10:00:00Z", "deploy/install-macos.sh", "deploy/hubctl",
		"config/README.md", "config/agent/README.md", "_zoomgap1.png")
	repo := g.open(t)

	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		// gethome-hub: a place the sentence says there was, and that it was removed
		{"what there was and was removed", "There was a native macOS path — `install-macos.sh`, launchd agents, `deploy/hubctl` — and it was removed because it had quietly stopped being a hub.", nil},
		{"twin: what there was, kept", "There was a native macOS path — `install-macos.sh` — and it is kept for old hubs.", []string{"evidence_file_missing install-macos.sh"}},
		// theseus: two names a parenthesis after both says were retired
		{"two names retired in one parenthesis", "`config/README.md` and `config/agent/README.md` (retired per Decision 127 B2) were curated portal projections of the zone rules above.", nil},
		{"twin: two names kept", "`config/README.md` and `config/agent/README.md` (kept per Decision 127 B2) are curated portal projections of the zone rules above.", []string{"evidence_file_missing config/README.md", "evidence_file_missing config/agent/README.md"}},
		{"a per-file limit a file enforces", "The 500-SLOC-per-file limit (`config/sloc_budgets.yaml`, `validate_sloc_limits`) is load-bearing.", nil},
		{"twin: the file's own size", "`config/sloc_budgets.yaml` is about 500 SLOC.", []string{"size_drift config/sloc_budgets.yaml"}},
		// podcastflow-analytics: names the sentence says are present despite the cited line
		{"names present despite the line", "Sentiment is a hardcoded word-list (`ml/prediction_models.py:169`) — not HuggingFace, despite `transformers`/`sentence-transformers` in requirements.", nil},
		{"twin: a name the line should hold", "Sentiment uses `transformers` (`ml/prediction_models.py:169`).", []string{"evidence_changed ml/prediction_models.py:169"}},
		// simmersmith: a directory git is told to exclude
		{"a directory git excludes", "Local-only stealth install — `.beads/` is git-excluded via `.git/info/exclude`; nothing is committed.", nil},
		{"twin: the same directory, kept", "Stealth install — `.beads/` holds the pilot's issues.", []string{"unverified unanchored .beads/"}},
		// menon-medispa: debug leftovers the reader is told to prune
		{"stale leftovers to prune", "The root `diagnose-*.js` / `fix-*.js` / `_zoomgap*.png` files are stale debug artifacts — ignore/prune, don't build on them.", nil},
		{"twin: files the tests compare against", "The root `_zoomgap*.png` files are the screenshots the tests compare against.", []string{"evidence_file_missing _zoomgap*.png"}},
		// dotfiles: a kernel source line quoted from a crash
		{"a source line of a language the repository never held", "The old panic (kernel BUG at `jump_label.c:73` during suspend) was not a kernel regression.", nil},
		{"twin: a source line of its own language", "The old panic (BUG at `jump_label.go:73` during suspend) was not a regression.", []string{"unanchored jump_label.go:73"}},
		// quizpulse-app: a planning file the document gives by a Windows path, then by its base
		{"a base name of a file given on Windows", "Built per `C:\\Users\\Ryan\\Doc\\Quizpulse\\DESIGN_REVIEW_addendum.md` — not the raw plan.\n\n- The `responses` shape follows `DESIGN_REVIEW_addendum.md` §E1.", nil},
		{"twin: the base name alone", "Built per the plan.\n\n- The `responses` shape follows `DESIGN_REVIEW_addendum.md` §E1.", []string{"unverified unanchored DESIGN_REVIEW_addendum.md"}},
		// 3Tea discord-bot: a one-letter stand-in for the page a recipe adds
		{"a lower-case letter for the page to add", "Create VI wrapper: `src/pages/vi/x.astro` → `<XPage lang=\"vi\" />`", nil},
		{"twin: a page named x, nothing built on an X", "The VI wrapper is `src/pages/vi/x.astro`.", []string{"evidence_file_missing src/pages/vi/x.astro"}},
		{"twin: a named page", "The VI wrapper is `src/pages/vi/home.astro`.", []string{"unverified evidence_file_missing src/pages/vi/home.astro"}},
	})
}
