package engine_test

import "testing"

// TestHundredNinetyNinthHoldoutClasses: the false rows of the hundred-and-ninety-ninth holdout that
// were fixed, each beside a twin that stays a finding.
func TestHundredNinetyNinthHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("package.json", `{"name":"app"}`+"\n")
	g.write("Dockerfile", "FROM node:22\nWORKDIR /app\nCOPY . .\nRUN npm ci && \\\n    mkdir -p /app/data/notes /app/data/screenshots\nCMD [\"node\", \"server.js\"]\n")
	g.write("data/notes.db", "sqlite\n")
	g.write("src/db/mod.rs", "pub mod schema;\n")
	g.write(".gitignore", "references/\n")
	g.gone("2026-05-01T10:00:00Z", "2026-05-02T10:00:00Z",
		"data/notes/welcome.md", "data/drafts/one.md", "src/db.rs", "cloud/main.go", "tokens/check.mjs")
	repo := g.open(t)

	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		// leaflet: a folder the image build makes
		{"a folder the Dockerfile makes", "- Each workspace maps to a subfolder in `data/notes/`.", nil},
		{"twin: a folder no build makes", "- Each workspace maps to a subfolder in `data/drafts/`.", []string{"evidence_file_missing data/drafts/"}},
		// links: a file said to have been split into a module
		{"a file split into a module (zh)", "- R2 重构后 `src/db.rs` 1686 行已拆为 `src/db/` 子模块。", nil},
		{"twin: the file stated", "- `src/db.rs` 1686 行负责数据库。", []string{"evidence_file_missing src/db.rs"}},
		// bbclaw: a nested list under another repository's item
		{"paths of a private repository's item", "- `acme/app` — main public repo:\n  - `src/` — the code\n- `app-reference` — private repo (gitignored at `references/app-reference/`):\n  - `cloud/` — cloud backend (Go)", nil},
		{"twin: the same paths under this repository's item", "- `acme/app` — main public repo:\n  - `src/` — the code\n  - `cloud/` — cloud backend (Go)", []string{"evidence_file_missing cloud/"}},
	})
	// bambiui: a document in an archive folder that opens by saying it is archived
	runDriftCases(t, repo, "apps/_archived/studio/AGENTS.md", []driftCase{
		{"an archived document", "> **ARCHIVED — DO NOT USE AS ACTIVE REFERENCE**\n> Do not follow these instructions for active development.\n\n- Token checks run from `tokens/check.mjs`.", nil},
		{"twin: the same folder, no notice", "- Token checks run from `tokens/check.mjs`.", []string{"evidence_file_missing tokens/check.mjs"}},
	})
	runDriftCases(t, repo, "apps/studio/AGENTS.md", []driftCase{
		{"twin: the notice outside an archive folder", "> **ARCHIVED — DO NOT USE AS ACTIVE REFERENCE**\n\n- Token checks run from `tokens/check.mjs`.", []string{"evidence_file_missing tokens/check.mjs"}},
	})
}
