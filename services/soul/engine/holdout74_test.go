package engine_test

import (
	"strings"
	"testing"
)

// TestSeventyFourthHoldoutClasses: the false rows of the seventy-fourth holdout, each beside a twin
// that stays drift.
func TestSeventyFourthHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("internal/deckui/model.go", "package deckui\n"+strings.Repeat("// filler\n", 40))
	g.write("src/boot.ts", "export {}\n")
	g.write("src/index.ts", "export {}\n")
	g.write("packages/frontend/src/lib/graphql.ts", "export {}\n")
	g.write("packages/frontend/src/pages/home.graphql", "query Home { id }\n")
	g.write("docs/adr/0001-storage.md", "# ADR 1\n")
	g.write(".otto/knowledge/index.md", "# knowledge\n")
	g.gone("2026-04-01T10:00:00Z", "2026-04-02T10:00:00Z", "packages/ui/button.tsx", "src/prediction.ts",
		"src/renderer.ts", "src/stage-application.ts", "src/world-event-art.ts", "src/tiny-swords-art.ts",
		"archdocs/decisions.md", "src/schema/old.graphql", "docs/adr/NNNN-slug.md", "docs/adr/0002-slug.md")
	g.commit("2026-05-03T10:00:00Z", "app")
	repo := g.open(t)

	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"a struck-through entry", "- ~~`internal/deckui/model.go:30` — bookmark picker\n  (`bookmarkCursor`, bespoke filter input)~~ → phase 2 ✓ (migrated to `bubbles/list`).", nil},
		{"twin: the same entry not struck", "- `internal/deckui/model.go:30` — bookmark picker (`bookmarkCursor`, bespoke filter input).", []string{"evidence_changed internal/deckui/model.go:30"}},
		{"what the sentence says something replaced, the owner between", "- The component comes from upstream. It replaced the project's own `packages/ui/` shadcn copy, which is\n  deleted; adding a component is an upstream concern.", nil},
		{"twin: what something was replaced by", "- The component comes from upstream and is kept in the project's own `packages/ui/` shadcn copy.", []string{"evidence_file_missing packages/ui/"}},
		{"a list a past verb opens after another clause", "- The client owns a `HeroState` — and deleted `step()`, `PLAYER_SPEED`,\n  `src/prediction.ts` and the whole command-queue model with it.", nil},
		{"twin: the same list named as kept", "- The client owns a `HeroState` — and keeps `step()`, `PLAYER_SPEED`,\n  `src/prediction.ts` and the whole command-queue model with it.", []string{"evidence_file_missing src/prediction.ts"}},
		{"a list whose names carry notes and parts, deleted with it", "- PixiJS retired. `src/renderer.ts` (5 378 lines), `src/stage-application.ts`,\n`src/world-event-art.ts` and `src/tiny-swords-art.ts`'s three `slice*` helpers were\ndeleted with it, and `pixi.js` left the dependencies.", nil},
		{"twin: the same list said to stay with it", "- PixiJS retired. `src/renderer.ts` (5 378 lines), `src/stage-application.ts`,\n`src/world-event-art.ts` and `src/tiny-swords-art.ts`'s three `slice*` helpers were\nkept with it, and `pixi.js` left the dependencies.", []string{"evidence_file_missing src/renderer.ts", "evidence_file_missing src/stage-application.ts", "evidence_file_missing src/world-event-art.ts", "evidence_file_missing src/tiny-swords-art.ts"}},
		{"a glob spelled from the package of a file the row names", "| Generated API | `packages/frontend/src/lib/graphql.ts` | Generated from `src/**/*.graphql`; do not hand-edit |", nil},
		{"twin: a glob the root's own tree no longer matches", "| Generated API | `src/index.ts` | Generated from `src/**/*.graphql`; do not hand-edit |", []string{"evidence_file_missing src/**/*.graphql"}},
		{"the place a record was retired from", "| **Knowledge** (`.otto/knowledge/`) | The durable architecture record - retired from `archdocs/` | Present |", nil},
		{"twin: the same place named as the record's", "| **Knowledge** (`.otto/knowledge/`) | The durable architecture record - kept in `archdocs/` | Present |", []string{"evidence_file_missing archdocs/"}},
		{"a four-N number to fill", "- `docs/adr/NNNN-slug.md` — the ledger of lasting decisions.", nil},
		{"twin: a numbered record gone", "- `docs/adr/0002-slug.md` — the ledger of lasting decisions.", []string{"evidence_file_missing docs/adr/0002-slug.md"}},
	})
	// attack: a soul (SOUL-INV-1) cannot strike a stale name out of its checks
	runDriftCases(t, repo, "PATHOS.md", []driftCase{
		{"attack: a soul's struck entry keeps its drift", "## Current state\n\n- ~~`internal/deckui/model.go:30` — bookmark picker (`bookmarkCursor`)~~ → phase 2 ✓.", []string{"evidence_changed internal/deckui/model.go:30"}},
	})
}
