package engine_test

import (
	"testing"
)

// TestSixtySixthHoldoutClasses: the false rows of the sixty-sixth holdout, each beside a twin that
// stays drift.
func TestSixtySixthHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("composer.json", `{"name":"acme/module"}`+"\n")
	g.write("src/lib/docx-builder.ts", "export {}\n")
	g.write("src/jobs.ts", "// jobs\n// the drain reads job_cancellations\nfunction run(store) {\n  const c = new CancelSource(store.db);\n  return c;\n}\nconst FIXTURES = resolve(\n  here, \"../fixtures\");\n")
	g.gone("2026-04-01T10:00:00Z", "2026-04-02T10:00:00Z", "src/lib/format.ts")
	g.gone("2026-04-03T10:00:00Z", "2026-04-04T10:00:00Z", "ledger/seq.ts", "backup/restore.ts", "tools/retrieval-eval.ts", "tools/retrieval-eval.test.ts")
	g.commit("2026-05-03T10:00:00Z", "module")
	repo := g.open(t)

	runDriftCases(t, repo, "CLAUDE.md", []driftCase{
		{"a command a later mention runs in the parent", "- **Composer install BEFORE `make up`**: without `vendor/` the container exits. Run `composer install` here before triggering `make up` from the parent shell.", nil},
		{"twin: a command with no other place", "- **Composer install BEFORE `make up`**: without `vendor/` the container exits.", []string{"evidence_file_missing make up"}},
	})
	runDriftCases(t, repo, "src/AGENTS.md", []driftCase{
		{"samples after a Chinese naming cue", "- **`lib/`** — 工具/生成器按语义命名（`docx-builder.ts`、`format.ts`）。", nil},
		{"twin: a Chinese sentence placing a gone file", "- 格式化函数在 `lib/format.ts` 里。", []string{"evidence_file_missing lib/format.ts"}},
	})
	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"a cited line that holds code the claim quotes whole", "- `jobs run` still constructs `new CancelSource(store.db)` (`src/jobs.ts:4`) and polls `job_cancellations`.", nil},
		{"a cited line that holds the call a quote paraphrases", "- Resolve against `FIXTURES = resolve(dir-of-this-module, \"../fixtures\")` (`src/jobs.ts:7`), three levels up; the drain reads `job_cancellations`.", nil},
		{"twin: quoted code the cited line no longer holds", "- `jobs run` still constructs `new CancelSource(store.db)` (`src/jobs.ts:6`) and polls `job_cancellations`.", []string{"line_drift src/jobs.ts:6"}},
		{"a line cited in prose, held by the code the claim quotes", "- `jobs run` still constructs `new CancelSource(store.db)` at `src/jobs.ts` line 4 and polls `job_cancellations`.", nil},
		{"twin: a line cited in prose that no longer holds the quoted code", "- `jobs run` still constructs `new CancelSource(store.db)` at `src/jobs.ts` line 6 and polls `job_cancellations`.", []string{"line_drift src/jobs.ts:6"}},
	})
	runDriftCases(t, repo, "CLAUDE.md", []driftCase{
		{"each name of a list a former cue opens", "- The durability residuals all lived in the deleted `ledger/`+`backup/` subtrees.", nil},
		{"a list joined by a plus, in parentheses, said removed in bold", "- The harness (`tools/retrieval-eval.ts` + `tools/retrieval-eval.test.ts`) was **removed** in #155.", nil},
		{"twin: the same names as current", "- The residuals live in `ledger/`+`backup/`; the harness is `tools/retrieval-eval.ts`.", []string{"evidence_file_missing ledger/", "evidence_file_missing backup/", "evidence_file_missing tools/retrieval-eval.ts"}},
	})
}

// TestSixtySixthSessionRecall: a miss the sixty-fifth holdout's readers found, now drift, beside a twin
// that stays unverified.
func TestSixtySixthSessionRecall(t *testing.T) {
	g := newGitFixture(t)
	g.write("packages/ui/src/Timeline/index.vue", "<script setup>\nfunction applyPosition(p) {}\nfunction applyResize(p) {}\n</script>\n")
	g.commit("2026-04-01T10:00:00Z", "timeline")
	g.write("packages/ui/src/Timeline/index.vue", "<script setup>\nfunction applyResize(p) {}\n</script>\n")
	g.write("packages/core/src/__tests__/provider.test.ts", "import { describe, mock } from \"bun:test\";\nconst helper = () => 1;\n")
	g.commit("2026-04-02T10:00:00Z", "drop applyPosition")
	g.write("packages/core/src/__tests__/provider.test.ts", "describe(\"p\", () => {});\n")
	g.commit("2026-04-03T10:00:00Z", "drop the mocks")
	repo := g.open(t)

	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"a function removed from the directory the section places its subject in", "#### Timeline\n\nLocated in `packages/ui/src/Timeline/`, the wrapper.\n\n**Key Functions:**\n- `applyPosition()` - handles a drop\n- `applyResize()` - updates bounds", []string{"symbol_removed applyPosition()"}},
		{"a name the sentence takes from a module", "## Testing\n\nTests live in `packages/core/src/__tests__/`. Use `mock()` from `bun:test` for provider mocks.", nil},
		{"twin: a helper removed from the directory the section names", "## Testing\n\nTests live in `packages/core/src/__tests__/`. Use `helper()` for provider mocks.", []string{"symbol_removed helper()"}},
		{"twin: a function no commit there defined", "#### Timeline\n\nLocated in `packages/ui/src/Timeline/`, the wrapper.\n\n**Key Functions:**\n- `applyMove()` - handles a drop", []string{"unverified symbol_missing applyMove()"}},
	})
	// attack: a soul (SOUL-INV-1) cannot hide a removed helper by naming a module it comes from
	runDriftCases(t, repo, "PATHOS.md", []driftCase{
		{"attack: a soul's removed helper said to come from a module keeps its drift", "## Testing\n\nTests live in `packages/core/src/__tests__/`. Use `helper()` from `lodash` for provider mocks.", []string{"symbol_removed helper()"}},
	})
}
