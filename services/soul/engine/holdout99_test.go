package engine_test

import "testing"

// TestNinetyNinthHoldoutClasses: the false rows of the ninety-ninth holdout, each beside a twin that
// stays drift.
func TestNinetyNinthHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("README.md", "# x\n")
	g.write("lib/db/activities.ts", "export {}\n")
	g.gone("2026-04-01T10:00:00Z", "2026-04-02T10:00:00Z", "bot/car_state.py", "bot/return_fsm.py", "functions/services/agentLogger.js", "lib/db/users.ts", "site-app/js/old.js")
	g.commit("2026-05-01T10:00:00Z", "app")
	repo := g.open(t)
	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		// paths of a repository the document names as one
		{"a path of a repository the log names", "Never run a bare deploy from the `synchintro-app` hosting repo.\n\n- `synchintro-app/js/pitchViewer.js` — popup sizing", nil},
		{"a path of a repository named bare", "- **Routes file**: `src/admin.js` in the PathManager_backend repo\n- `PathManager_backend/AI_GAP_REPORT.md` — the full report", nil},
		{"twin: the report alone", "- `PathManager_backend/AI_GAP_REPORT.md` — the full report", []string{"unanchored PathManager_backend/AI_GAP_REPORT.md"}},
		{"twin: a path under a top directory nobody names", "- `synchintro-app/js/pitchViewer.js` — popup sizing", []string{"unanchored synchintro-app/js/pitchViewer.js"}},
		{"twin: a named repository's top this history had", "Never run a bare deploy from the `site-app` hosting repo.\n\n- `site-app/js/old.js` — popup sizing", []string{"evidence_file_missing site-app/js/old.js"}},
		// a list joined by "/" that the sentence says was deleted
		{"names joined by / all deleted", "> ⚠️ 已过时：`bot/car_state.py` / `bot/return_fsm.py` 均已删除。以下为历史参考。", nil},
		{"twin: names joined by / all kept", "> 说明：`bot/car_state.py` / `bot/return_fsm.py` 均保留。", []string{"evidence_file_missing bot/car_state.py", "evidence_file_missing bot/return_fsm.py"}},
		// a table a lead-in calls branch prefixes
		{"a table of branch prefixes", "Create a branch from `main` using one of these prefixes:\n\n| Prefix | When to use |\n|---|---|\n| `feat/` | New feature |\n| `chore/` | Build changes |", nil},
		{"twin: a table of folders", "Put new work in one of these folders:\n\n| Folder | When to use |\n|---|---|\n| `feat/` | New feature |", []string{"unanchored feat/"}},
		// a file label over a list that opens by saying it was deleted
		{"a label over Deleted", "**`functions/services/agentLogger.js`**\n\n- Deleted. Zero imports across all files.\n- Was dead code from an earlier sprint.", nil},
		{"twin: a label over Rewritten", "**`functions/services/agentLogger.js`**\n\n- Rewritten. Zero imports across all files.", []string{"evidence_file_missing functions/services/agentLogger.js"}},
		// a list a lead-in says holds where things were
		{"places things previously existed in", "These constants replace duplicated values that previously existed in:\n\n- `lib/db/activities.ts`\n- `lib/db/users.ts`", nil},
		{"twin: places things live in", "These constants are read by:\n\n- `lib/db/activities.ts`\n- `lib/db/users.ts`", []string{"evidence_file_missing lib/db/users.ts"}},
	})
}
