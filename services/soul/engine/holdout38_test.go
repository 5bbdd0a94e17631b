package engine_test

import "testing"

// TestThirtyEighthHoldoutLoweredReadme: a path whose file name is a capitalised conventional name
// written in lower case ("please refer to internal/mocks/readme.md", cloudwego/kitex, for
// internal/mocks/README.md) names that file; a lowered name of an ordinary file, and a link, are still
// checked as spelt.
func TestThirtyEighthHoldoutLoweredReadme(t *testing.T) {
	g := newGitFixture(t)
	g.write("internal/mocks/README.md", "# mocks\n")
	g.write("docs/Setup.md", "# setup\n")
	g.commit("2026-06-01T10:00:00Z", "init")
	repo := g.open(t)

	line := func(ref string) string {
		return "## Contributing\n\n6. Create your patch. Go-Mock is recommended to mock interfaces, please refer to " + ref + " for more details.\n"
	}
	runDriftCases(t, repo, "CONTRIBUTING.md", []driftCase{
		{"a lowered README in prose", line("internal/mocks/readme.md"), nil},
		{"the same in a code span", line("`internal/mocks/readme.md`"), nil},
		{"twin: a lowered ordinary name", line("`docs/setup.md`"), []string{"evidence_file_missing docs/setup.md"}},
		{"twin: a link, which the forge resolves as spelt", line("[the mocks guide](internal/mocks/readme.md)"),
			[]string{"evidence_file_missing internal/mocks/readme.md"}},
	})
}

// TestThirtyEighthHoldoutSpanVersionNote: a language version in parentheses right after a code span says
// since when that command exists ("Use `node --test` (Node 20+)", nodejs/undici, under engines >=
// 22.19.0), not what the project needs; the same version as a requirement stays drift.
func TestThirtyEighthHoldoutSpanVersionNote(t *testing.T) {
	g := newGitFixture(t)
	g.write("package.json", "{\"name\": \"undici\", \"engines\": {\"node\": \">=22.19.0\"}}\n")
	g.commit("2026-06-01T10:00:00Z", "init")
	repo := g.open(t)

	runDriftCases(t, repo, "CONTRIBUTING.md", []driftCase{
		{"when a command appeared", "## Tests\n\nUse `node --test` (Node 20+) for new tests.\n", nil},
		{"twin: what the project needs", "## Tests\n\nThe tests need Node 20+.\n", []string{"evidence_changed need Node 20+"}},
	})
}
