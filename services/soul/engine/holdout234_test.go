package engine_test

import (
	"strings"
	"testing"
)

// TestTwoHundredThirtyFourthHoldoutClasses: the false rows of the two-hundred-and-thirty-fourth holdout
// that were fixed, each beside a twin that stays a finding.
func TestTwoHundredThirtyFourthHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("line-budget.allowlist.json", strings.Repeat("{}\n", 14))
	g.write("src/components/ui/button.tsx", "export {}\n")
	g.write("src/shared/api/client.ts", "export {}\n")
	g.write("api/src/presentation/controllers/todo.ts", "export {}\n")
	g.write("api/src/middleware/auth.ts", "export {}\n")
	g.gone("2026-05-01T10:00:00Z", "2026-05-02T10:00:00Z", "shared/repos/horus.md", "Button.tsx",
		"generated/endpoints/todo.ts", "run_pipeline.py", "ledger_validation.py", "sql/load.sql")
	g.write("docs/old.md", "# old\n")
	g.commit("2026-05-03T10:00:00Z", "docs")
	g.git("mv", "docs", ".github")
	g.commit("2026-05-04T10:00:00Z", "docs move to .github")
	repo := g.open(t)

	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		// Horus: pages of an outside knowledge store
		{"a page under a Vault pages heading", "## Always Load (Vault Pages)\n\n| Page | What it covers |\n|---|---|\n| `shared/repos/horus.md` | Repo structure |", nil},
		{"twin: a page under a docs heading", "## Always Load (Docs)\n\n| Page | What it covers |\n|---|---|\n| `shared/repos/horus.md` | Repo structure |", []string{"evidence_file_missing shared/repos/horus.md"}},
		// ScoopBucket: an import the document says is skipped when absent
		{"an import used when present", "## Project-Specific Extensions\n\nProject orientation lives in `CLAUDE.project.md` (created by the consuming project). The line below auto-imports it when present; Claude Code silently ignores the import if the file is absent.\n\n@CLAUDE.project.md", []string{"unverified unanchored CLAUDE.project.md"}},
		{"twin: an import", "## Project-Specific Extensions\n\nProject orientation lives in `CLAUDE.project.md`. The line below imports it.\n\n@CLAUDE.project.md", []string{"unverified unanchored CLAUDE.project.md", "unanchored @CLAUDE.project.md"}},
		// seichigo: a rule's limit
		{"a file limit", "- Do not exceed 800-line file limit without adding to `line-budget.allowlist.json`.", nil},
		{"twin: a file's size", "- `line-budget.allowlist.json` has 800 lines.", []string{"size_drift line-budget.allowlist.json"}},
		// todo-app: a layout under a heading marked planned in full-width parentheses
		{"a layout under a planned heading, full-width", "## 構成（予定）\n\n| Task | Location |\n|---|---|\n| Auth | `api/src/presentation/middleware/auth.ts` |", []string{"unverified unanchored api/src/presentation/middleware/auth.ts"}},
		{"twin: a layout under a plain heading", "## 構成\n\n| Task | Location |\n|---|---|\n| Auth | `api/src/presentation/middleware/auth.ts` |", []string{"evidence_file_missing api/src/presentation/middleware/auth.ts"}},
		// boilerplate: a case style written as a code span, then its sample
		{"a case style span and its sample", "- **Components**: `PascalCase` 파일명 (`Button.tsx`)", nil},
		{"twin: a component and its file", "- **Components**: 버튼 컴포넌트 (`Button.tsx`)", []string{"evidence_file_missing Button.tsx"}},
		// InnoTraderV3.2: a layout row whose cell says the folder is generated
		{"a folder a cell calls generated, Korean", "| Directory | Purpose |\n|---|---|\n| `generated/endpoints/` | Orval로 자동 생성된 API 함수 |", nil},
		{"a folder a cell calls auto-generated", "| Directory | Purpose |\n|---|---|\n| `generated/endpoints/` | Auto-generated API functions |", nil},
		{"twin: a folder of API functions", "| Directory | Purpose |\n|---|---|\n| `generated/endpoints/` | API 함수 |", []string{"evidence_file_missing generated/endpoints/"}},
		// ledgerone: scripts that used to live here
		{"scripts that used to live here", "Two other scripts used to live here: `run_pipeline.py` (ran `sql/*.sql` in\norder) and `ledger_validation.py` (hand-written checks).", nil},
		{"twin: scripts that live here", "Two other scripts live here: `run_pipeline.py` and `ledger_validation.py`.", []string{"evidence_file_missing run_pipeline.py", "evidence_file_missing ledger_validation.py"}},
		// agent-identity-discovery: a file of a repository named in a code span
		{"a file in a named repository", "- Full context: `docs/admin/MIGRATION.md` in the `agentcommunity_page` repo.", nil},
		{"twin: a file in this repository", "- Full context: `docs/admin/MIGRATION.md` in this repo.", []string{"evidence_file_missing docs/admin/MIGRATION.md"}},
	})
}
