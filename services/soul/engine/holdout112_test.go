package engine_test

import (
	"strings"
	"testing"
)

// TestHundredTwelfthHoldoutClasses: the false rows of the hundred-and-twelfth holdout that were fixed,
// each beside a twin that stays drift.
func TestHundredTwelfthHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("package.json", `{"name":"mem","scripts":{"dev":"bun src/index.ts"}}`)
	g.write("scripts/anti-pattern-test/detect.ts", "console.log(1)\n")
	g.write("scripts/seed.ts", "console.log(1)\n")
	g.write("src/index.ts", "export {}\n")
	g.commit("2026-05-01T10:00:00Z", "app")
	g.remove("scripts/seed.ts")
	g.commit("2026-05-02T10:00:00Z", "no seed")
	repo := g.open(t)
	runDriftCases(t, repo, "CLAUDE.md", []driftCase{
		{"bun runs a file", "Run the detector: `bun run scripts/anti-pattern-test/detect.ts`.", nil},
		{"bun runs a file without run", "Start it with `bun src/index.ts`.", nil},
		{"twin: bun runs a file a commit deleted", "Seed the database: `bun run scripts/seed.ts`.", []string{"evidence_file_missing scripts/seed.ts"}},
		{"twin: bun runs a script package.json never had", "Seed the database: `bun run db:seed`.", []string{"unverified evidence_changed bun run db:seed"}},
	})
}

// TestHundredTwelfthHoldoutGoneInAside: a name that opens a parenthesis whose rest says it was deleted,
// or that a sentence says code was moved out of, is gone by the document's own word; twins stay drift.
func TestHundredTwelfthHoldoutGoneInAside(t *testing.T) {
	g := newGitFixture(t)
	g.write("src/pages/Universo.tsx", "export {}\n")
	g.write("src/pages/Mapas.tsx", "export {}\n")
	g.write("src/workflows/projects-sync/claude-repo.ts", "export {}\n")
	g.write("src/services/claude.ts", "export {}\n")
	g.commit("2026-05-01T10:00:00Z", "app")
	g.remove("src/pages/Universo.tsx")
	g.remove("src/workflows/projects-sync/claude-repo.ts")
	g.commit("2026-05-02T10:00:00Z", "drop Universo, share claude")
	repo := g.open(t)
	runDriftCases(t, repo, "src/pages/CLAUDE.md", []driftCase{
		{"an aside saying the page was deleted", "Current state: `Mapas.tsx` has one raw fetch. (`Universo.tsx` had 3; the page was\ndeleted on 2026-08-20 — \"ya no sirve\".)", nil},
		{"an aside ending deleted with a date", "**117 bare buttons** across the project. (`Universo.tsx` alone had introduced 15 hex values; deleted 2026-08-20.)", nil},
		{"twin: an aside saying another page was deleted", "Current state: one raw fetch. (`Universo.tsx` replaced the deleted page.)", []string{"evidence_file_missing Universo.tsx"}},
		{"twin: an aside naming what was deleted", "Current state: one raw fetch. (`Universo.tsx` holds it; `Mapas.tsx` was deleted.)", []string{"evidence_file_missing Universo.tsx"}},
	})
	runDriftCases(t, repo, "src/workflows/projects-sync/CLAUDE.md", []driftCase{
		{"code moved out of a modified name", "This shape lives in `src/services/claude.ts` (moved out of a projects-sync-local `claude-repo.ts`).", nil},
		{"twin: code moved into it", "This shape lives in `src/services/claude.ts` (moved into a projects-sync-local `claude-repo.ts`).", []string{"evidence_file_missing claude-repo.ts"}},
	})
}

// TestHundredTwelfthHoldoutSizes: a size a file had, and the size of a part of a file, are no claim of
// its size now; twins stay drift.
func TestHundredTwelfthHoldoutSizes(t *testing.T) {
	g := newGitFixture(t)
	g.write("src/app/Game.tsx", strings.Repeat("x\n", 458))
	g.commit("2026-05-01T10:00:00Z", "app")
	repo := g.open(t)
	runDriftCases(t, repo, "src/app/CLAUDE.md", []driftCase{
		{"a size the file used to have", "`Game.tsx` used to be 726 lines and 26 effects. Each hook below owns one slice.", nil},
		{"a size it was before a split", "`Game.tsx` was ~900 lines before the split into hooks.", nil},
		{"the size of a part", "| `Game.tsx` | top-level state and every overlay. ~30 lines of state, one JSX tree |", nil},
		{"twin: a size it is", "`Game.tsx` is 726 lines and 26 effects. Each hook below owns one slice.", []string{"size_drift Game.tsx"}},
		{"twin: lines of code", "| `Game.tsx` | top-level state and every overlay. ~30 lines of code, one JSX tree |", []string{"size_drift Game.tsx"}},
	})
}

// TestHundredTwelfthHoldoutReexport: a definition moved to another module and re-exported where it was
// is not removed (simlin's `engine::Results`, whose lower-cased qualifier reads as the type `Engine` of
// that file); its twin, an alias no line re-exports, stays removed.
func TestHundredTwelfthHoldoutReexport(t *testing.T) {
	g := newGitFixture(t)
	g.write("src/simlin-engine/Cargo.toml", "[package]\nname = \"simlin-engine\"\n")
	g.write("src/libsimlin/src/lib.rs", "use simlin_engine as engine;\n\npub struct SimlinResults {}\n")
	g.write("src/libsimlin/src/results.rs", "use crate::SimlinResults;\n")
	g.write("src/simlin-engine/src/results.rs", "pub struct Results<F> { pub step: F }\n\npub struct Specs {}\n")
	g.write("src/simlin-engine/src/lib.rs", "pub mod results;\n\npub struct Engine {}\n\npub type Results = self::results::Results<f64>;\npub type Legacy = self::results::Results<f32>;\n")
	g.commit("2026-05-01T10:00:00Z", "engine")
	g.write("src/simlin-engine/src/lib.rs", "pub mod results;\n\npub struct Engine {}\n\npub use self::results::{Method, Results, Specs as SimSpecs};\n")
	g.commit("2026-05-02T10:00:00Z", "salsa")
	repo := g.open(t)
	runDriftCases(t, repo, "src/libsimlin/CLAUDE.md", []driftCase{
		{"a type re-exported where it was defined", "- **`src/results.rs`** - `SimlinResults`: an opaque handle around an `engine::Results` table (the struct lives in `lib.rs`; immutable after construction).", nil},
		{"twin: a type no line re-exports", "- **`src/results.rs`** - `SimlinResults`: an opaque handle around an `engine::Legacy` table (the struct lives in `lib.rs`; immutable after construction).", []string{"symbol_removed engine::Legacy"}},
	})
}

// TestHundredTwelfthHoldoutWrappedLiteral: a code span a wrapped paragraph breaks across two lines still
// names the cited line's code (LocalJobs' `stages/apply.ts` ~line 54); its twin, code the line lacks,
// stays changed.
func TestHundredTwelfthHoldoutWrappedLiteral(t *testing.T) {
	g := newGitFixture(t)
	g.write("stages/apply.ts", strings.Repeat("// setup\n", 53)+"    if (!discover || typeof evalDetail.proposedAudio?.streamId !== 'number') {\n      skipped++;\n    }\n")
	g.commit("2026-05-01T10:00:00Z", "apply")
	repo := g.open(t)
	runDriftCases(t, repo, "CLAUDE.md", []driftCase{
		{"a wrapped span of the cited line", "This is the malformation `apply.ts` checks for and skips (`!discover ||\ntypeof evalDetail.proposedAudio?.streamId !== 'number'`, `stages/apply.ts` ~line 54).", nil},
		{"twin: a wrapped span the line lacks", "This is the malformation `apply.ts` checks for and skips (`!discovered ||\ntypeof evalDetail.currentAudio?.streamId !== 'string'`, `stages/apply.ts` ~line 54).", []string{"evidence_changed stages/apply.ts:54"}},
	})
}
