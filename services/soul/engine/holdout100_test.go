package engine_test

import "testing"

// TestHundredthHoldoutClasses: the false rows of the hundredth holdout and a recall the ninety-ninth's
// labellers listed, each beside a twin.
func TestHundredthHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("README.md", "# x\n")
	g.write("mobile/src/data/catalog/en-tr/sets.json", "{}\n")
	g.write("src/services/session.interface.ts", "export {}\n")
	g.gone("2026-04-01T10:00:00Z", "2026-04-02T10:00:00Z", "src/data.ts", "mobile/src/data/catalog/fr-tr/sets.json")
	g.commit("2026-05-01T10:00:00Z", "app")
	repo := g.open(t)
	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		// a file the step adds something to is a file that is there
		{"adding to a deleted file", "4. Add mock data to `src/data.ts`", []string{"evidence_file_missing src/data.ts"}},
		{"twin: writing a file to make", "4. Write the mock data to `src/data.ts`", nil},
		{"twin: adding to a folder", "4. Add the fixtures to `src/fixtures/`", nil},
		// an example opened by "ex:"
		// the style's name with a second ending is no file at all (round 174's `ComponentName.module.css`)
		{"an example after ex:", "- Interfaces: `PascalCase.interface.ts` (ex: `Session.interface.ts`)", nil},
		{"twin: a file after see", "- Interfaces: read `Session.interface.ts` first", []string{"evidence_file_missing Session.interface.ts"}},
	})
	runDriftCases(t, repo, "mobile/CLAUDE.md", []driftCase{
		// steps that spell out the example their lead-in names
		{"steps through a sample name", "Yeni bir dil çifti (ör. `es-tr`) eklemek için yapılacaklar:\n\n1. `src/data/catalog/es-tr/sets.json` üret.\n2. `src/data/catalog/index.ts` güncelle.", []string{"unverified unanchored src/data/catalog/index.ts"}},
		{"steps through an English sample", "To add a pair (e.g. `es-tr`):\n\n1. Copy `src/data/catalog/es-tr/sets.json`.", nil},
		{"twin: steps through a pair that was here", "To add a pair (e.g. `fr-tr`):\n\n1. Copy `src/data/catalog/fr-tr/sets.json`.", []string{"evidence_file_missing src/data/catalog/fr-tr/sets.json"}},
		{"twin: steps with no sample", "To add a pair:\n\n1. Copy `src/data/catalog/es-tr/sets.json`.", []string{"evidence_file_missing src/data/catalog/es-tr/sets.json"}},
	})
}
