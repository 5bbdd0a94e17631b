package engine_test

import (
	"fmt"
	"strings"
	"testing"
)

// TestTwoHundredFortySeventhHoldoutClasses: the false rows of the two-hundred-and-forty-seventh holdout
// that were fixed, each beside a twin that stays a finding.
func TestTwoHundredFortySeventhHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("package.json", `{"name":"anima","devDependencies":{"vitest":"^4.1.10"}}`+"\n")
	g.write("packages/stocks/src/generated/tickers.json", "{}\n")
	g.write("packages/stocks/src/generated/.tickers-meta.json", "{}\n")
	g.write("packages/stocks/src/index.ts", "export {}\n")
	g.write("docker/compose.yml", "services: {}\n")
	g.write("backend/app.php", "<?php\n")
	g.write("memory.md", strings.Repeat("- entry\n", 120))
	g.write("docs/adr/ADR-003-line-order.md", strings.Repeat("text\n", 40))
	g.write("frontend/main.tsx", "export {}\n")
	g.write("deploy/seed/a.sql", "\n")
	g.commit("2026-06-01T10:00:00Z", "init")
	g.gone("2026-06-02T10:00:00Z", "2026-08-14T10:00:00Z", "k8s/app.yaml", "docker/vault-configs/a.json", "docker/ecommerce.sql", "scripts/seed/run.sh")
	repo := g.open(t)

	runDriftCases(t, repo, "CLAUDE.md", []driftCase{
		// microservice-ecommerce: lists said to be deleted
		{"a list after 'deleted' and a dash", "> All 19 SCARs below are preserved verbatim. Several reference paths that Phase 8\n> deleted — `k8s/`, `docker/vault-configs/`, `scripts/seed/`.", nil},
		{"names with their kind, then 'were deleted'", "Seeds come from `deploy/seed/`, not from `docker/` — the old `docker/vault-configs/`,\n`docker/ecommerce.sql` and top-level `scripts/seed/` seed sources were\ndeleted once the canonical path replaced them.", nil},
		{"twin: the same names read from", "Seeds come from the old `docker/vault-configs/`,\n`docker/ecommerce.sql` and top-level `scripts/seed/` seed sources.", []string{"evidence_file_missing scripts/seed/"}},
		// beaconai-customer-ready: the size of each entry
		{"the size each entry keeps to", "`memory.md` entries are template-shaped only (≤15 lines, fields per the template at `memory.md` L20–36).", nil},
		{"twin: the file's own size", "`memory.md` is template-shaped only (≤15 lines).", []string{"size_drift memory.md"}},
		// buygo-plus-one: a file name with "-line-" in it
		{"a number in a file name", "Decisions: [`docs/adr/ADR-003-line-order.md`](docs/adr/ADR-003-line-order.md) keeps `memory.md` in sync.", nil},
		// ticketflow: nested guides not to add
		{"nested guides not to add", "- Keep this file as the single guidance file for now. Do not add nested `backend/AGENTS.md` or `frontend/AGENTS.md` unless the instructions grow too large.", nil},
		{"twin: nested guides to read", "- Keep this file as the single guidance file for now. Follow the nested `backend/AGENTS.md` and `frontend/AGENTS.md` as well.", []string{"unverified unanchored backend/AGENTS.md"}},
		// axon_rust: a policy's exemptions
		{"an exempt pattern", "- File size: ≤ 500 lines (hard fail)\n- Exempt: `benches/**`, `**/config.rs`", nil},
		{"twin: a pattern that is checked", "- File size: ≤ 500 lines (hard fail)\n- Checked: `benches/**`", []string{"unverified evidence_file_missing benches/**"}},
		// Anima-Engine: how an older release behaved
		{"an older release's behaviour", "Under `@vitest/spy` 4 a mock constructed with `new` reaches its implementation via `Reflect.construct`. Vitest 1 called the implementation plainly, so the arrow form worked there.", nil},
		{"twin: the release the project tests with", "Tests run on Vitest 1 with the arrow form.", []string{"evidence_changed Vitest 1"}},
		// simple-job-listing-web: samples of a naming rule's number
		{"a sample of plural names", "## File Naming\n\n- Router files are **plural** nouns matching the resource: `jobs.py`, `users.py`, `auth.py`", nil},
		{"twin: a list of the router files", "## Files\n\n- Router files matching the resource: `jobs.py`, `users.py`, `auth.py`", []string{"unverified unanchored jobs.py"}},
	})
	runDriftCases(t, repo, "packages/stocks/CLAUDE.md", []driftCase{
		// better-giving: the files of a folder named by its whole contents
		{"a dotfile in a folder's contents", "- **`src/generated/**`** — `tickers.json` and its `.tickers-meta.json` provenance stamp.", nil},
		{"twin: a dotfile in a folder without it", "- **`src/**`** — `index.ts` and its `.tickers-meta.json` provenance stamp.", []string{"evidence_file_missing .tickers-meta.json"}},
	})
}

// TestTwoHundredFortySeventhHoldoutQuotedLine: a line hint in words whose line holds the string the claim
// quotes (the two-hundred-and-forty-fifth holdout's code, left over till now), while another span of the
// claim, about another file, matches the line above.
func TestTwoHundredFortySeventhHoldoutQuotedLine(t *testing.T) {
	g := newGitFixture(t)
	var src string
	for i := 1; i <= 40; i++ {
		switch i {
		case 34:
			src += "      <h1>{t('searchTitle')}</h1>\n"
		case 35:
			src += "      <p>{n === 1 ? 'projeto' : 'projetos'}</p>\n"
		default:
			src += "      <div />\n"
		}
	}
	g.write("src/views/SearchProjects.tsx", src)
	g.write("src/views/Reports.tsx", "export {}\n")
	g.commit("2026-06-01T10:00:00Z", "init")
	repo := g.open(t)

	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"the quoted string on the cited line", "`src/views/SearchProjects.tsx` line 35 always renders \"projeto\"/\"projetos\" in Portuguese; `Reports.tsx` uses `t()` nowhere.", nil},
		{"twin: a quoted string the line lacks", "`src/views/SearchProjects.tsx` line 35 always renders \"proyecto\" in Spanish; `Reports.tsx` uses `t()` nowhere.", []string{"line_drift src/views/SearchProjects.tsx:35"}},
	})
}

// TestTwoHundredFortySeventhHoldoutSlashRoots: fnb-webapp's admin guide draws "/src", then "/docs" and
// "/scripts" at the left edge; their files are not in the src tree's last folder.
func TestTwoHundredFortySeventhHoldoutSlashRoots(t *testing.T) {
	g := newGitFixture(t)
	g.write("admin/src/styles/globals.css", "\n")
	g.write("admin/docs/nav-rbac.md", "# nav\n")
	g.write("admin/src/styles/themes/dark.css", "\n")
	g.write("admin/scripts/cleanup.js", "\n")
	g.commit("2026-06-01T10:00:00Z", "init")
	repo := g.open(t)

	tree := func(docs string) string {
		return "```\n/src\n└── styles/                # Global styles\n    ├── globals.css        # Tailwind\n    └── themes/            # themes\n\n" + docs + "\n│   ├── nav-rbac.md        # Navigation RBAC\n\n/scripts                   # Dev tooling\n    ├── cleanup.js         # Feature removal\n```"
	}
	runDriftCases(t, repo, "admin/AGENTS.md", []driftCase{
		{"folders at the left edge after a tree", tree("/docs                      # Documentation"), nil},
		{"twin: a folder drawn inside the tree", tree("│   └── docs/              # Documentation"), []string{"unanchored styles/docs/", "evidence_file_missing styles/nav-rbac.md"}},
	})
}

// TestTwoHundredFortyEighthHoldoutExampleTree: ai-chatbot-fe-template's experiments guide draws "an example
// of the structure of this folder" in Korean, from a list item right above the tree: its folders are
// samples, no drift (at most unverified).
func TestTwoHundredFortyEighthHoldoutExampleTree(t *testing.T) {
	g := newGitFixture(t)
	g.write("experiments/CLAUDE.md", "# x\n")
	g.commit("2026-06-01T10:00:00Z", "init")
	repo := g.open(t)

	tree := "```\nproject-root/\n└── experiments/\n    ├── CLAUDE.md\n    ├── exp-20240111-feature-name/\n    │   └── CLAUDE.md\n    └── exp-20240115-auth-system/\n        └── CLAUDE.md\n```"
	runDriftCases(t, repo, "experiments/CLAUDE.md", []driftCase{
		{"an example structure in Korean", "- 독립된 실험들을 위한 폴더다.\n- 다음은 이 폴더와 그 하위의 구조 예시다.\n\n" + tree, []string{"unverified unanchored experiments/exp-20240111-feature-name/"}},
		{"an example structure in English", "- A folder for experiments.\n- Below is an example structure of this folder.\n\n" + tree, []string{"unverified unanchored experiments/exp-20240111-feature-name/"}},
		{"twin: the folder's structure", "- 독립된 실험들을 위한 폴더다.\n- 다음은 이 폴더의 구조다.\n\n" + tree, []string{"evidence_file_missing experiments/exp-20240111-feature-name/"}},
	})
}

// TestTwoHundredFortyEighthHoldoutDisabledWorkflows: homy's guides list the workflows a rename to
// ".disabled" switched off; a guide that still says to edit one stays drift.
func TestTwoHundredFortyEighthHoldoutDisabledWorkflows(t *testing.T) {
	g := newGitFixture(t)
	g.write(".github/workflows/ci-unified.yml", "on: push\n")
	g.write(".github/workflows/base-images.yml.disabled", "on: push\n")
	g.write(".github/workflows/lights-test.yml.disabled", "on: push\n")
	g.commit("2026-06-01T10:00:00Z", "init")
	g.gone("2026-06-02T10:00:00Z", "2026-06-19T10:00:00Z", ".github/workflows/base-images.yml", ".github/workflows/lights-test.yml")
	repo := g.open(t)

	runDriftCases(t, repo, "CLAUDE.md", []driftCase{
		{"a workflow said to be replaced", "**Disabled Workflows**: renamed to `.disabled` and replaced:\n- `base-images.yml` (replaced by ci-unified.yml image building)", nil},
		{"a workflow said to be there before", "**Replaced Workflow**: Previously implemented as standalone `lights-test.yml`, now a stage of `ci-unified.yml`.", nil},
		{"twin: a workflow to edit", "Edit `.github/workflows/base-images.yml` to add an image.", []string{"evidence_file_missing .github/workflows/base-images.yml"}},
	})
}

// TestTwoHundredFortySeventhHoldoutPartsOfWhole: adapty-webdev's status splits its 48 posts into the 23
// with full content and the 25 still to do; figures that only come near stay contradicted.
func TestTwoHundredFortySeventhHoldoutPartsOfWhole(t *testing.T) {
	g := newGitFixture(t)
	g.write("package.json", "{}\n")
	g.commit("2026-06-01T10:00:00Z", "init")
	repo := g.open(t)

	status := func(rest int) string {
		return fmt.Sprintf("## Blog Content Import\n\n### Current Status\n- **48 posts** have metadata (title, excerpt, category, author, cover image)\n- **23 posts** have full Portable Text content\n- **%d posts** still need full content (have excerpts only)\n\n"+
			"<claude-mem-context>\n# Recent Activity\n\n<!-- This section is auto-generated by claude-mem. Edit content outside the tags. -->\n\n### Jan 15, 2026\n\n| ID | Time | T | Title | Read |\n|----|------|---|-------|------|\n| #1282 | 3:20 AM | 🔵 | Technology Stack - Framer Motion and Sanity CMS | ~488 |", rest)
	}
	runDriftCases(t, repo, "CLAUDE.md", []driftCase{
		{"a total and its parts", status(25), nil},
		{"attack: three counts that do not add up stay contradicted", status(26), []string{"contradicted ", "contradicted ", "contradicted "}},
	})
}

// TestTwoHundredFortyEighthHoldoutClasses: false rows of the two-hundred-and-forty-eighth and
// -ninth holdouts that were fixed (cctest's paragraph labelled historical, vayu's deleted file and lines
// a run reflows, agora's home place), each beside a twin that stays a finding.
func TestTwoHundredFortyEighthHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("engine/brain.py", "x = 1\n")
	g.commit("2026-06-01T10:00:00Z", "init")
	g.gone("2026-06-02T10:00:00Z", "2026-06-19T10:00:00Z", "engine/analytics/a.py", "engine/loop.py", "engine/render-assertions.sh", "engine/HelloWorld.vue", "engine/TheWelcome.vue")
	repo := g.open(t)

	runDriftCases(t, repo, "engine/CLAUDE.md", []driftCase{
		{"a paragraph labelled historical", "**Historical (pre-refactor cleanup, kept for the record):** v8.29.0 deleted\n`loop.py` (~4700 LOC); v8.30.0 deleted 8 internal modules +\n`analytics/` (~9918 LOC).", nil},
		{"twin: a legacy list", "**Legacy (don't use):** `brain.py`, `loop.py`", []string{"evidence_file_missing loop.py"}},
		{"a file deleted, with its article", "The sync test stays green: #877 deleted the `loop.py` it used to be pinned against.", nil},
		{"lines of a file a run touches", "Prettier skips `brain.py` - a run reflows ~480 lines of it.", nil},
		{"twin: the file's lines", "Prettier skips `brain.py` - it has ~480 lines.", []string{"size_drift brain.py"}},
		{"folders of a home place with its variable", "All runtime data lives in `~/.agora/` (or `$AGORA_HOME`):\n- `discussions/` — transcripts and metadata\n- `memory/` — agent memory streams", nil},
		{"twin: folders of the engine", "All runtime data lives in `engine/` (or `$AGORA_HOME`):\n- `discussions/` — transcripts and metadata\n- `memory/` — agent memory streams", []string{"unanchored discussions/", "unanchored memory/"}},
		// claude-sentient: what a profile is detected by
		{"a profile table's detection markers", "| Profile | Detected By | Tools |\n|---------|-------------|-------|\n| Python | `pyproject.toml`, `*.py` | ruff, pytest |", nil},
		{"twin: a table of the project's files", "| Profile | Config File | Tools |\n|---------|-------------|-------|\n| Python | `pyproject.toml`, `*.py` | ruff, pytest |", []string{"unverified unanchored pyproject.toml"}},
		// infinite-room-labs-infra: what not to commit
		{"a list of what not to commit", "❌ **DO NOT commit:**\n- `engine/templates/command-templates/` - These are templates, not final commands", nil},
		{"twin: a list of what to commit", "✅ **DO commit:**\n- `engine/templates/command-templates/` - These are templates, not final commands", []string{"unanchored engine/templates/command-templates/"}},
		// zenborg: a key binding
		{"a keyboard shortcut", "### Key Bindings Reference\n\n| Normal Mode | Action |\n| ----------- | ------ |\n| `hjkl` | Navigate grid (left/down/up/right) |\n| `gg` / `G` | First / Last moment |\n| `w` / `b` | Next / Previous moment |\n| `dd` | Delete moment |\n| `:` | Command mode |\n| `Ctrl+/` | Toggle compass view |", nil},
		{"twin: a folder of key bindings", "- Key bindings live in `engine/keys/`.", []string{"unverified unanchored engine/keys/"}},
		// event-junkie
		{"a script that became something else", "There is no `deploy/scripts/` any more. `engine/render-assertions.sh` became the suites above in #430.", nil},
		{"a script a new one supersedes", "- **`engine/brain.py`** — pure functions. Supersedes the git-diff-based `engine/render-assertions.sh` (see the Decisions Log).", nil},
		{"twin: a script replaced by one that is gone", "- **`engine/brain.py`** — pure functions. Replaced by `engine/render-assertions.sh` later.", []string{"evidence_file_missing engine/render-assertions.sh"}},
		{"twin: a script that builds something", "`engine/render-assertions.sh` builds the suites above.", []string{"evidence_file_missing engine/render-assertions.sh"}},
		{"a release line", "Raising to the 24 line rather than `^22.22.2` matches what `brain.py` and CI pin.", nil},
		{"twin: a file's lines", "Raising it to 24 lines: `brain.py` is 24 lines.", []string{"size_drift brain.py"}},
		{"every sample of a case rule", "- **Component naming**: PascalCase for filenames (`HelloWorld.vue`, `TheWelcome.vue`).", nil},
		{"twin: the components", "- **Components**: the views (`HelloWorld.vue`, `TheWelcome.vue`).", []string{"evidence_file_missing HelloWorld.vue", "evidence_file_missing TheWelcome.vue"}},
		{"twin: the same names in a current paragraph", "**Layout:** `loop.py` runs the loop; `analytics/` holds the reports.", []string{"evidence_file_missing loop.py", "evidence_file_missing analytics/"}},
	})
}

// TestTwoHundredFiftiethHoldoutCopiedGuide: SVJ keeps its root CLAUDE.md, word for word, as an appendix of
// its product spec; the copy's links are written from the root. A guide that differs keeps its own
// folder, and its links stay drift.
func TestTwoHundredFiftiethHoldoutCopiedGuide(t *testing.T) {
	body := "> UI conventions are in **[docs/UI_GUIDE.md](docs/UI_GUIDE.md)**.\n"
	g := newGitFixture(t)
	g.write("docs/UI_GUIDE.md", "# UI\n")
	g.write("CLAUDE.md", string(notes(body)))
	g.commit("2026-06-01T10:00:00Z", "init")
	repo := g.open(t)

	runDriftCases(t, repo, "docs/PRD/appendices/CLAUDE.md", []driftCase{
		{"a word-for-word copy of the root guide", body, nil},
		{"twin: a guide of its own", "> UI conventions are in [docs/UI_GUIDE.md](docs/UI_GUIDE.md).\n", []string{"evidence_file_missing docs/UI_GUIDE.md"}},
	})
}
