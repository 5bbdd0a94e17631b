package engine_test

import "testing"

// TestTwoHundredFirstHoldoutClasses: the false rows of the two-hundred-and-first holdout that were fixed,
// each beside a twin that stays a finding.
func TestTwoHundredFirstHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("package.json", `{"name":"app"}`+"\n")
	g.write("agents/LOCKED/Dockerfile.agent", "FROM node:22\nRUN mkdir -p /workspace/.claude/signals \\\n    && mkdir -p /workspace/code\nWORKDIR /workspace/code\n")
	g.write("internal/algorithms/kelly.go", "package algorithms\n\nfunc Size() int { return 1 }\n")
	g.write("app/page.tsx", "export default function Page() { return null }\n")
	g.write("frontend/app/auth/login/page.tsx", "export default function Page() { return null }\n")
	g.write("mcp_server/server.py", "x = 1\n")
	g.gone("2026-05-01T10:00:00Z", "2026-05-02T10:00:00Z",
		"COMMENTS.md", "appsettingsProduction.json", "mcp/__init__.py", "app/auth/old/page.tsx")
	g.write("internal/algorithms/bankroll.go", "package algorithms\n\nfunc SetRealBankroll(v float64) {}\n")
	g.commit("2026-05-03T10:00:00Z", "bankroll")
	g.remove("internal/algorithms/bankroll.go")
	g.commit("2026-05-04T10:00:00Z", "drop bankroll")
	repo := g.open(t)

	runDriftCases(t, repo, "agents/LOCKED/CLAUDE.md", []driftCase{
		// maf: the folder an agent image makes before its WORKDIR
		{"a folder the agent image makes", "| Signal | Meaning | Where |\n|---|---|---|\n| stuck.json | Report stuck state | `.claude/signals/` |", nil},
		{"twin: a folder no image makes", "| Signal | Meaning | Where |\n|---|---|---|\n| stuck.json | Report stuck state | `.claude/outbox/` |", []string{"unanchored .claude/outbox/"}},
	})
	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		// kalshi-ghost-trader: a change note's removals
		{"names a change note says removed", "- `algorithms.SetRealBankroll()` and `realBankroll` global removed. `RealOrderConfig.Bankroll` field removed.", nil},
		{"twin: the function named to call", "- Call `algorithms.SetRealBankroll()` once at start.", []string{"symbol_removed algorithms.SetRealBankroll()"}},
		// yayacal: the missing contract
		{"a file called missing", "**KDoc required** on every public function. (This is the missing `COMMENTS.md` contract.)", nil},
		{"twin: the file as the contract", "**KDoc required** on every public function. (This is the `COMMENTS.md` contract.)", []string{"evidence_file_missing COMMENTS.md"}},
		// BlazorDataOrchestrator: a name never to emit
		{"a name never to emit", "- Never emit `appsettingsProduction.json`; that name is no longer recognised.", nil},
		{"twin: the name to edit", "- Edit `appsettingsProduction.json` for production.", []string{"evidence_file_missing appsettingsProduction.json"}},
		// Sigap-backend: a folder name the sentence supposes
		{"a folder if you name it so", "Python finds local folders first, so if\nyou name your folder `mcp/`, Python imports your empty package instead.", nil},
		{"twin: the folder stated", "Python finds the local folder `mcp/` first.", []string{"evidence_file_missing mcp/"}},
	})
	// iwalu-erp: pages under a title that calls the work still to do, asserted by no one
	runDriftCases(t, repo, "frontend/CLAUDE.md", []driftCase{
		{"pages under a title of work required", "# Phase 7a — Onboarding (Frontend Work Required)\n\n## Summary of New Pages\n\n| Item | Path | Priority |\n|---|---|---|\n| Verify screen | `app/auth/verify/page.tsx` | High |", []string{"unverified unanchored app/auth/verify/page.tsx"}},
		{"twin: the same table under no such title", "## Summary of New Pages\n\n| Item | Path | Priority |\n|---|---|---|\n| Verify screen | `app/auth/verify/page.tsx` | High |", []string{"evidence_file_missing app/auth/verify/page.tsx"}},
		{"twin: a removed page under that title", "# Phase 7a — Onboarding (Frontend Work Required)\n\n## Summary of New Pages\n\n| Item | Path | Priority |\n|---|---|---|\n| Old screen | `app/auth/old/page.tsx` | High |", []string{"evidence_file_missing app/auth/old/page.tsx"}},
	})
}
