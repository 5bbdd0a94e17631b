package engine_test

import "testing"

// TestTwoHundredFourthHoldoutClasses: the false rows of the two-hundred-and-fourth holdout that were
// fixed, each beside a twin that stays a finding.
func TestTwoHundredFourthHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("package.json", `{"name":"app"}`+"\n")
	g.write("web/client/src/App.tsx", "export {}\n")
	g.gone("2026-05-01T10:00:00Z", "2026-05-02T10:00:00Z", "web/client/src/RevokeSmsApprovalPage.tsx", ".azure/config")
	repo := g.open(t)

	runDriftCases(t, repo, "web/client/CLAUDE.md", []driftCase{
		// V-Notification-System: a file a fix deleted, with what it was
		{"a file a commit deleted", "- Fixed in the last release, which also deleted the orphan `RevokeSmsApprovalPage.tsx`.", nil},
		{"twin: the file as the page", "- The approval is revoked in the orphan `RevokeSmsApprovalPage.tsx`.", []string{"evidence_file_missing RevokeSmsApprovalPage.tsx"}},
	})
	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		// options-screener: where an agent may write
		{"a scope of writes", "- `@devops` — writes only `.github/workflows/**`, `.azure/**`, `Dockerfile`.", nil},
		{"twin: the folder's files stated", "- `@devops` reads `.azure/**` for the deploy settings.", []string{"evidence_file_missing .azure/**"}},
	})
}
