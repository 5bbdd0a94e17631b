package engine_test

import (
	"testing"
)

// TestFiftyFifthHoldoutClasses: the false rows of the fifty-fifth holdout, each beside a twin that
// stays drift.
func TestFiftyFifthHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("pubspec.yaml", "name: diet\ndependencies:\n  flutter:\n    sdk: flutter\n  flutter_bloc: ^9.0.0\n")
	g.write("lib/main.dart", "void main() {}\n")
	g.write("app/layout.tsx", "export default 1\n")
	g.write("lib/db.ts", "export const db = 1\n")
	g.write("lib/site.ts", "export const site = 1\n")
	g.write("lib/telegram.ts", "export const t = 1\n")
	g.write("components/Header.tsx", "export default 1\n")
	g.write("aider/main.py", "x = 1\n")
	g.write("tests/test_main.py", "x = 1\n")
	g.write("tests/conftest.py", "x = 1\n")
	g.gone("2026-05-01T10:00:00Z", "2026-05-02T10:00:00Z", ".serena/memories/a.md", "config/base/a.yaml", "docs/setup.md", "aider/tests/test_main.py", "aider/tests/conftest.py")
	repo := g.open(t)

	runDriftCases(t, repo, "lib/AGENTS.md", []driftCase{
		{"a Dart package's file by its import path", "- `flutter/foundation.dart` — debug printing", nil},
		{"twin: a Dart file of no package the project depends on", "- `provider/foundation.dart` — debug printing", []string{"unanchored provider/foundation.dart"}},
	})
	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"a folder the sentence calls removed", "- Do not keep the removed `.serena/memories/` notes around.", nil},
		{"twin: the same folder as a place", "- Keep the notes in `.serena/memories/`.", []string{"evidence_file_missing .serena/memories/"}},
		{"files never to bring back, of a kind", "- Do not reintroduce tracked `config/base/*.yaml` parents.", nil},
		{"twin: files to read, of a kind", "- Read the tracked `config/base/*.yaml` parents.", []string{"evidence_file_missing config/base/*.yaml"}},
	})
	split := "# Site\n\n## Key files\n\n- `site/app/` — App Router root\n- `site/lib/db` — database helpers\n- `site/lib/site.ts` — metadata\n- `site/components/` — UI\n- `site/lib/telegram.ts` — bot calls\n"
	for _, tc := range []struct {
		name, doc, body string
		want            []string
	}{
		{"paths written in the repository this one was split out of", "AGENTS.md", split, nil},
		{"twin: one such path that is not here either", "AGENTS.md", split + "- `site/lib/email.ts` — mail\n", []string{"unanchored site/lib/email.ts"}},
		{"twin: one directory moved out of a top", "AGENTS.md", "# A\n\n## Tests\n\n- Tests live in `aider/tests`.\n- One file per module: `aider/tests/test_main.py`.\n- Shared fixtures: `aider/tests/conftest.py`.\n", []string{"evidence_file_missing aider/tests", "evidence_file_missing aider/tests/test_main.py", "evidence_file_missing aider/tests/conftest.py"}},
		{"twin: a moved path the split does not explain", "AGENTS.md", "# A\n\n## Docs\n\n- Setup is in `docs/setup.md`.\n", []string{"evidence_file_missing docs/setup.md"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assertDrift(t, findingsOf(t, repo, tc.doc, []byte(tc.body)), tc.want)
		})
	}
}
