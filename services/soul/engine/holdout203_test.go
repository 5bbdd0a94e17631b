package engine_test

import "testing"

// TestTwoHundredThirdHoldoutClasses: the false rows of the two-hundred-and-third holdout that were fixed,
// each beside a twin that stays a finding.
func TestTwoHundredThirdHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("package.json", `{"name":"app"}`+"\n")
	g.write("src/proxy.ts", "export {}\n")
	g.write("docs/TOOL_NAMING.md", "x\n")
	g.gone("2026-05-01T10:00:00Z", "2026-05-02T10:00:00Z",
		"middleware.ts", ".agents/logs/.archive/202508240848-review-pr-fixes.md", "FIX_SUMMARY.md", "AUDIT_REPORT.md")
	repo := g.open(t)

	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		// enhanced-ado-mcp: a heading right over a list forbids making what it names
		{"patterns under a heading that forbids creating them", "### ❌ ABSOLUTELY FORBIDDEN TO CREATE UNLESS USER SPECIFICALLY ASKS:\n- Summary files: `*_SUMMARY.md`, `*_REPORT.md`", nil},
		{"twin: the patterns under a plain heading", "### Summaries\n- Summary files: `*_SUMMARY.md`, `*_REPORT.md`", []string{"evidence_file_missing *_SUMMARY.md", "evidence_file_missing *_REPORT.md"}},
		// allthingslinux monorepo: a name never to rename to
		{"a name never to rename to", "- **Middleware is `src/proxy.ts`** — never rename it to `middleware.ts`; Sentry depends on this.", nil},
		{"twin: the name stated", "- **Middleware is `middleware.ts`**; Sentry depends on this.", []string{"evidence_file_missing middleware.ts"}},
	})
	// blz: a column of example file names
	rows := "|---|---|---|\n| `recap-` | Daily summaries | `202508261735-recap-daily-development.md` |\n| `review-` | PR review notes | `202508240848-review-pr-fixes.md` |\n"
	naming := "## File Naming Convention\n\nAll log files must follow this format: `YYYYMMDDHHmm-[type]-description.md`\n\n### Type Prefixes\n\n"
	runDriftCases(t, repo, ".agents/logs/AGENTS.md", []driftCase{
		{"a column of example file names", naming + "| Type | When to Use | Example Filename |\n" + rows, nil},
		{"twin: a column of files", naming + "| Type | When to Use | Latest File |\n" + rows, []string{"unverified unanchored 202508261735-recap-daily-development.md", "evidence_file_missing 202508240848-review-pr-fixes.md"}},
	})
}
