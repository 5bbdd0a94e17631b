package engine_test

import "testing"

// TestHundredEleventhHoldoutClasses: the false rows of the hundred-and-eleventh holdout that were fixed,
// each beside a twin that stays drift.
func TestHundredEleventhHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("README.md", "# x\n")
	g.write("src/content/newsletter.ts", "export {}\n")
	g.write("src/content/feedback.ts", "export {}\n")
	g.write("src/PreviewBanner.tsx", "export {}\n")
	g.write("src/effectiveSession.ts", "export {}\n")
	g.commit("2026-05-01T10:00:00Z", "app")
	g.remove("src/content/newsletter.ts")
	g.remove("src/content/feedback.ts")
	g.remove("src/PreviewBanner.tsx")
	g.remove("src/effectiveSession.ts")
	g.commit("2026-05-02T10:00:00Z", "cleanup")
	repo := g.open(t)
	runDriftCases(t, repo, "CLAUDE.md", []driftCase{
		{"a clause saying both went", "- Copy lives inline (G9 superseded the `src/content/newsletter.ts` and `src/content/feedback.ts` byCode maps — both files deleted)", nil},
		{"both files are now deleted", "- No copy modules (G9 superseded `src/content/newsletter.ts` copy sourcing; both files are now deleted).", nil},
		{"twin: a clause saying both stay", "- Copy lives inline (G9 kept the `src/content/newsletter.ts` and `src/content/feedback.ts` byCode maps — both files remain)", []string{"evidence_file_missing src/content/newsletter.ts", "evidence_file_missing src/content/feedback.ts"}},
		{"twin: a change that deleted something else", "| `src/content/newsletter.ts` | The port to Rust — the change that deleted the C++ `PermissionEngine` |", []string{"evidence_file_missing src/content/newsletter.ts"}},
		{"an Italian label over a list of deleted files", "**Preview ruolo:** rimosso completamente. File eliminati: `src/PreviewBanner.tsx`, `src/effectiveSession.ts`.", nil},
		{"twin: an Italian label over kept files", "**Preview ruolo:** rimasto. File principali: `src/PreviewBanner.tsx`, `src/effectiveSession.ts`.", []string{"evidence_file_missing src/PreviewBanner.tsx", "evidence_file_missing src/effectiveSession.ts"}},
	})
}
