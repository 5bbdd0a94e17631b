package engine_test

import "testing"

// TestHundredFortyFifthHoldoutClasses: the false rows of the hundred-and-forty-fifth holdout that were
// fixed, each beside a twin that stays a finding.
func TestHundredFortyFifthHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("tests/unit/client.test.ts", "export {}\n")
	g.write("supabase/migrations/0001.sql", "select 1;\n")
	g.write("docs/archive/sql/README.md", "# archive\n")
	g.write("src/routes.tsx", "export {}\n")
	g.gone("2026-05-01T10:00:00Z", "2026-05-02T10:00:00Z", "src/api/database/a.sql", "nodes/graph.py", "pages/index.tsx",
		"specs/a.md", "script/seed/a.parquet", "tests/unit/file.test.ts.bak")
	repo := g.open(t)

	runDriftCases(t, repo, "CLAUDE.md", []driftCase{
		// SZRoute (42 rows): a test file named with a generic noun, in a command's slot
		{"a generic test file in a command", "| What | Command |\n|---|---|\n| Single file | `node --import tsx/esm --test tests/unit/file.test.ts` |", nil},
		{"twin: a named test file in a command", "| What | Command |\n|---|---|\n| Single file | `node --import tsx/esm --test tests/unit/server.test.ts` |", []string{"unverified unanchored tests/unit/server.test.ts"}},
		// seikotsuin_no_saas: Japanese "旧" before a list of places moved into an archive
		{"Japanese: old places", "- 実行正本は `supabase/migrations/` のみ。旧 `src/database/`・`sql/`・`src/api/database/*.sql` は `docs/archive/sql/` に隔離済みであり直接適用禁止", nil},
		{"twin: Japanese, places named", "- 実行正本は `supabase/migrations/` のみ。`src/api/database/*.sql` を直接適用する", []string{"evidence_file_missing src/api/database/*.sql"}},
		// server-monitoring: a list in parentheses the sentence says was retired
		{"a list retired", "The legacy node/edge graph (`DefinitionBasedOrchestrator`, the `nodes/` package,\n`PipelineDefinition.config`) was **retired in Phase D** — do not reintroduce it.", nil},
		{"twin: a list kept", "The node/edge graph (`DefinitionBasedOrchestrator`, the `nodes/` package,\n`PipelineDefinition.config`) was **extended in Phase D**.", []string{"evidence_file_missing nodes/"}},
		// kabin: a table cell that calls its directory empty
		{"a cell calling its directory empty", "| Path | Use |\n|---|---|\n| `pages/` | Empty — routing is handled via TanStack Router in `src/routes.tsx` |", nil},
		{"twin: a cell describing its directory", "| Path | Use |\n|---|---|\n| `pages/` | Pages — routing is handled via TanStack Router in `src/routes.tsx` |", []string{"evidence_file_missing pages/"}},
		// okena: a row marked optional
		{"a row's place marked optional", "| Path | Use |\n|---|---|\n| `specs/` *(optional)* | design docs for big features |", nil},
		{"twin: a row's place", "| Path | Use |\n|---|---|\n| `specs/` | design docs for big features |", []string{"evidence_file_missing specs/"}},
		// hecon app: a list of what is ignored by default
		{"a list under an ignore heading", "## Ignore By Default\n- `node_modules/`\n- `script/seed/*.parquet`", nil},
		{"twin: a list under a data heading", "## Seed Data\n- `script/seed/*.parquet`", []string{"evidence_file_missing script/seed/*.parquet"}},
	})
}
