package engine_test

import "testing"

// TestHundredThirtyFirstHoldoutClasses: the false rows of the hundred-and-thirty-first holdout that
// were fixed, each beside a twin that stays drift.
func TestHundredThirtyFirstHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	for _, f := range []string{"README.md", "docs/index.md", "rspress.config.ts", "app/main.ts"} {
		g.write(f, "x\n")
	}
	g.gone("2026-05-01T10:00:00Z", "2026-05-02T10:00:00Z", "BUSINESS-Specs.md/a.md", "Docs/a.md", "app/user.ts", "docs/archive/a.md", "scripts/old.ts")
	repo := g.open(t)

	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"old folders not to recreate, named by kind and place", "Do not recreate the old folders `BUSINESS-Specs.md/`, root `Docs/`. The project now uses `docs/`.", nil},
		{"twin: the same folders kept", "Keep the old folders `BUSINESS-Specs.md/`, root `Docs/`.", []string{"evidence_file_missing BUSINESS-Specs.md/", "evidence_file_missing Docs/"}},
		{"an event's name", "1. **Welcome mail** (`sendSignUpEmail`)\n   - Trigger event: `app/user.created`", nil},
		{"twin: a file beside it", "1. **Welcome mail** (`sendSignUpEmail`)\n   - Source: `app/user.ts`", []string{"evidence_file_missing app/user.ts"}},
		{"Chinese: a link the line says may be missing", "- [cli/README.md](./cli/README.md) - CLI 详细文档 (如有)", nil},
		{"twin: the same link, no condition", "- [cli/README.md](./cli/README.md) - CLI 详细文档", []string{"unanchored ./cli/README.md"}},
		{"Chinese: globs a filter leaves out", "以下内容 **不参与** 公开路由（`rspress.config.ts` → `route.exclude`）：\n\n- `**/archive/**`\n- `**/plan/**`", nil},
		{"twin: globs of the pages kept", "以下内容参与公开路由：\n\n- `docs/archive/**`", []string{"evidence_file_missing docs/archive/**"}},
		{"Russian: a section of planned domains", "### Планируемые домены (из ТЗ)\n\n- `sites/` — центры оценки\n- `media/` — медиафайлы", []string{"unverified unanchored sites/", "unverified unanchored media/"}},
		{"twin: Russian, the domains built", "### Домены\n\n- `sites/` — центры оценки\n- `media/` — медиафайлы", []string{"unanchored sites/", "unanchored media/"}},
	})
}
