package engine_test

import "testing"

// TestHundredSixteenthHoldoutClasses: the false rows of the hundred-and-sixteenth holdout that were
// fixed, each beside a twin that stays drift.
func TestHundredSixteenthHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("src/db/index.ts", "export {}\n")
	g.write("src/db/pool.js", "export {}\n")
	g.write("src/Commands/CommandRegistry.ts", "export {}\n")
	g.write("src/Commands/handlers.ts", "export {}\n")
	g.commit("2026-05-01T10:00:00Z", "app")
	g.remove("src/db/pool.js")
	g.remove("src/Commands/CommandRegistry.ts")
	g.commit("2026-05-02T10:00:00Z", "typescript; handlers extracted")
	repo := g.open(t)
	runDriftCases(t, repo, "src/api/routes/CLAUDE.md", []driftCase{
		{"a TypeScript module named as its ESM import, in Slovene", "- Direct preko `db` importa iz `src/db/index.js`. Uporabi `db.transaction`.", nil},
		{"twin: a JavaScript name with no TypeScript twin", "- Direct preko `pool` importa iz `src/db/pool.js`. Uporabi `pool.query`.", []string{"evidence_file_missing src/db/pool.js"}},
		{"twin: the same name where no import is said", "- The client lives in `src/db/index.js`.", []string{"evidence_file_missing src/db/index.js"}},
	})
	runDriftCases(t, repo, "src/Commands/CLAUDE.md", []driftCase{
		{"extracted from the old file", "Command handlers, extracted from the old `CommandRegistry.ts`, live in `handlers.ts`.", nil},
		{"twin: the registry named as today's", "Command handlers are registered in `CommandRegistry.ts` and live in `handlers.ts`.", []string{"evidence_file_missing CommandRegistry.ts"}},
	})
}
