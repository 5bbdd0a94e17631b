package engine_test

import (
	"testing"
)

// TestSixtyNinthHoldoutClasses: the false rows of the sixty-ninth holdout, each beside a twin that
// stays drift.
func TestSixtyNinthHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("apps/api/app/main.py", "app = None\n")
	g.gone("2026-04-01T10:00:00Z", "2026-04-02T10:00:00Z", "apps/api/app/core/errors.py")
	g.write("apps/desktop/src/settings.ts", "export {}\n")
	g.commit("2026-05-03T10:00:00Z", "api")
	repo := g.open(t)

	runDriftCases(t, repo, "apps/api/AGENTS.md", []driftCase{
		{"a tree under a heading of a suggested structure", "## 建议应用结构\n\n如果任务要求创建后端 scaffold，优先保持类似结构：\n\n```text\napps/api/\n  app/\n    main.py\n    core/\n      errors.py\n```", nil},
		{"twin: the same tree under a heading of the directories' duties", "## 目录职责\n\n```text\napps/api/\n  app/\n    main.py\n    core/\n      errors.py\n```", []string{"evidence_file_missing apps/api/app/core/"}},
	})
	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"a document an index names only if present", "- `apps/mobile/AGENTS.md` — mobile app conventions (if present)", nil},
		{"twin: a document an index names outright", "- `apps/mobile/AGENTS.md` — mobile app conventions", []string{"unanchored apps/mobile/AGENTS.md"}},
	})
	runDriftCases(t, repo, "apps/desktop/AGENTS.md", []driftCase{
		{"a file in Electron's per-user data directory", "| Concern | Location |\n|---|---|\n| Settings state | `src/settings.ts` — `userData/settings.json` |", nil},
		{"twin: a file under a data directory of the tree's own", "| Concern | Location |\n|---|---|\n| Settings state | `src/settings.ts` — `data/settings.json` |", []string{"unanchored data/settings.json"}},
	})
}
