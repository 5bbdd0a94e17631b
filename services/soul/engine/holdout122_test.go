package engine_test

import "testing"

// TestHundredTwentySecondHoldoutClasses: the false rows of the hundred-and-twenty-second holdout that
// were fixed, each beside a twin that stays drift.
func TestHundredTwentySecondHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("app/components/ZaeliFAB.tsx", "export {}\n")
	g.write("app/landing.tsx", "export {}\n")
	g.write("app/index.tsx", "export {}\n")
	g.commit("2026-05-01T10:00:00Z", "app")
	g.remove("app/components/ZaeliFAB.tsx")
	g.remove("app/landing.tsx")
	g.commit("2026-05-02T10:00:00Z", "clean up")
	repo := g.open(t)
	runDriftCases(t, repo, "CLAUDE.md", []driftCase{
		{"a log's step that deleted the file", "## Session 30\n\n1. Moved the header into `app/index.tsx`.\n2. **Deleted `app/components/ZaeliFAB.tsx`** — killed Session 14 but file kept around.\n", nil},
		{"twin: a step that edits the file", "## Session 30\n\n1. Moved the header into `app/index.tsx`.\n2. **Edited `app/components/ZaeliFAB.tsx`** — the button's colour.\n", []string{"evidence_file_missing app/components/ZaeliFAB.tsx"}},
		{"deleted in a session of the work", "Legacy files (e.g. `app/landing.tsx` deleted Session 25, some old helpers) still read the old variables.", nil},
		{"twin: a session that edited it", "Legacy files (e.g. `app/landing.tsx` edited Session 25, some old helpers) still read the old variables.", []string{"evidence_file_missing app/landing.tsx"}},
	})
}

// TestClassWrittenAsItsFile: a CamelCase file name in a language that names its files in snake_case
// is the file of that class (the hundred-and-twenty-second holdout's synther-holographic-pro); a
// CamelCase name with no snake_case file stays drift.
func TestClassWrittenAsItsFile(t *testing.T) {
	g := newGitFixture(t)
	g.write("lib/core/audio_engine.dart", "class AudioEngine {}\n")
	g.write("lib/core/MixerPanel.dart", "class MixerPanel {}\n")
	g.write("apps/ingestion/receiver.py", "pass\n")
	g.commit("2026-05-01T10:00:00Z", "app")
	g.remove("lib/core/MixerPanel.dart")
	g.commit("2026-05-02T10:00:00Z", "no mixer")
	repo := g.open(t)
	runDriftCases(t, repo, "native/CLAUDE.md", []driftCase{
		{"a class written as its file", "- The FFI bridge feeds `AudioEngine.dart` through the method channel.", nil},
		{"twin: a name in another case alone", "- The ingestion entry point is `Receiver.py`.", []string{"evidence_file_missing Receiver.py"}},
		{"twin: a class file that went", "- The FFI bridge feeds `MixerPanel.dart` through the method channel.", []string{"evidence_file_missing MixerPanel.dart"}},
	})
}
