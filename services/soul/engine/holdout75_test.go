package engine_test

import (
	"testing"
)

// TestSeventyFifthHoldoutClasses: the false rows of the seventy-fifth holdout, each beside a twin that
// stays drift.
func TestSeventyFifthHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("apps/gateway/src/main.ts", "export {}\n")
	g.write("apps/admin/package.json", "{}\n")
	g.write("src/shared/unwrap.ts", "export function unwrapResult() {}\n")
	g.gone("2026-04-01T10:00:00Z", "2026-04-02T10:00:00Z", "apps/gateway/src/store.ts", ".rex/prd.md",
		"apps/web/page.tsx", "apps/docs/page.mdx", "deploy/mock-qtsps/main.go",
		".cursor/rules/style.mdc", "scripts/verify-host.sh", "src/review.rs", "src/shared/legacy.js", "route-old/index.tsx", "route-name/index.tsx", "qa/bootstrap.env")
	g.commit("2026-04-03T10:00:00Z", "feat: gates (#12)")
	g.commit("2026-04-04T10:00:00Z", "Merge branch 'feat/2858-design-system-violations' into 'main'")
	g.commit("2026-05-03T10:00:00Z", "app")
	repo := g.open(t)

	runDriftCases(t, repo, "apps/gateway/CLAUDE.md", []driftCase{
		{"a list its lead-in forbids adding", "## Runtime\n\n禁止新增：\n\n- `apps/gateway/src/store.ts`", nil},
		{"twin: a list its lead-in keeps", "## Runtime\n\n应保留：\n\n- `apps/gateway/src/store.ts`", []string{"evidence_file_missing apps/gateway/src/store.ts"}},
		{"a name an item forbids restoring", "- 禁止恢复全局 `apps/gateway/src/store.ts` / 万能 DAO；新增数据访问必须先判断归属领域。", nil},
		{"twin: a name an item keeps", "- 保留全局 `apps/gateway/src/store.ts` 作为唯一 DAO。", []string{"evidence_file_missing apps/gateway/src/store.ts"}},
		{"a list its English lead-in forbids reintroducing", "## Runtime\n\nNever reintroduce:\n\n- `apps/gateway/src/store.ts`", nil},
	})
	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"a row whose cell calls its file legacy", "| File | Purpose |\n|---|---|\n| `.rex/prd.md` | (Legacy) flat Markdown PRD; migration source. Absent after migration. |", nil},
		{"twin: a row that describes the file as current", "| File | Purpose |\n|---|---|\n| `.rex/prd.md` | Flat Markdown PRD; the source of truth. |", []string{"evidence_file_missing .rex/prd.md"}},
		{"names a next sentence says were removed", "- `apps/web` and `apps/docs` were scaffolds with no business code. Removed in commit `abc1234` to clear the way for `apps/admin`.", nil},
		{"names a next sentence gives to a track deleted", "- The old layout also included a row owning `deploy/mock-qtsps/`. That track was parked, then deleted, in the rename.", nil},
		{"a paragraph's next sentence that says its names were removed", "`apps/web` and `apps/docs` were scaffolds with no business code. Removed in commit `abc1234` to clear the way for `apps/admin`. Do **not** recreate them.", nil},
		{"a paragraph's next sentence that says a track was deleted", "The old layout also included a row owning `deploy/mock-qtsps/`. That track was parked, then deleted, in the rename.", nil},
		{"twin: a paragraph's next sentence that keeps them", "`apps/web` and `apps/docs` were scaffolds with no business code. Rebuilt in commit `abc1234` for `apps/admin`.", []string{"evidence_file_missing apps/web", "evidence_file_missing apps/docs"}},
		{"names a dash's clause says were removed", "`apps/web` and `apps/docs` were the default template scaffolds — removed in commit `abc1234` because they had no business code.", nil},
		{"twin: names a dash's clause rebuilds", "`apps/web` and `apps/docs` were the default template scaffolds — rebuilt in commit `abc1234` because they had no business code.", []string{"evidence_file_missing apps/web", "evidence_file_missing apps/docs"}},
		{"twin: names a next sentence does not remove", "- `apps/web` and `apps/docs` were scaffolds with no business code. Rebuilt in commit `abc1234` for `apps/admin`.", []string{"evidence_file_missing apps/web", "evidence_file_missing apps/docs"}},
		{"a module named by its import specifier", "- Use `unwrapResult` from `src/shared/unwrap.js`; the hook unwraps to `T`.", nil},
		{"twin: a module whose specifier names a file gone", "- Use `legacyUnwrap` from `src/shared/legacy.js`; the hook unwraps to `T`.", []string{"evidence_file_missing src/shared/legacy.js"}},
		{"a directory written as a kind and the word name", "- `route-name/index.tsx` - main route component", nil},
		{"twin: a route directory by its own name, gone", "- `route-old/index.tsx` - main route component", []string{"evidence_file_missing route-old/index.tsx"}},
		{"a file offered beside a placeholder path", "- For isolated QA, read the target from `<qa-output-path>/qa/bootstrap-manifest.json` or `bootstrap.env` instead of hardcoding the port.", nil},
		{"twin: a file offered beside a real path", "- For isolated QA, read the target from `route-old/index.tsx` or `bootstrap.env` instead of hardcoding the port.", []string{"evidence_file_missing route-old/index.tsx"}},
		{"an issue whose branch merged", "- Four rules recurred and every sweep fixed only the sites (#2858).", nil},
	})
	// a soul's PR anchors stay answerable to its log; an ordinary document's are held (judge.go)
	runSoulCases(t, repo, []driftCase{
		{"twin: an issue no branch or subject names", "- Four rules recurred and every sweep fixed only the sites (#2859).", []string{"ref_missing #2859"}},
	})

	// A clause runs on over a line wrapped inside prose, and stops where a new item starts.
	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"a removal whose verb the wrap carries to the next line", "- There is one test system: the old hand-run `scripts/verify-*`\n  regime has been folded into the tiers and removed. Host specifics follow.", nil},
		{"a removal verb on the line before the name", "- `LensReviewPort` exists only for the TUI. ADR 0020 removes the\n  unused `src/review.rs` path; nothing else intercepts.", nil},
		{"twin: a contrast after the name keeps the name asserted", "- Remaining `.cursor/rules/*.mdc` files should stay thin wrappers around shared\n  docs or skills rather than owning durable repo guidance directly.", []string{"evidence_file_missing .cursor/rules/*.mdc"}},
		{"twin: a new list item is a new clause", "- The hand-run `scripts/verify-*` regime runs the tiers.\n- Old checks have been folded into the tiers and removed.", []string{"evidence_file_missing scripts/verify-*"}},
	})
}
