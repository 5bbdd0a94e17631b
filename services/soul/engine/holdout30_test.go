package engine_test

import "testing"

// TestThirtiethHoldoutClasses: a release page's step that makes a release names one that does not exist
// yet ("Create a reviewed draft GitHub Release named `v4.4.0`": coolify; "(e.g., "trigger.dev
// v4.3.4")": trigger.dev), and a link written with Windows separators ("[`global.json`](..\global.json)":
// dotnet/extensions) names the file its slashes would. A version said to be released that no tag has,
// and a link to a file that is not there in either spelling, are still drift.
func TestThirtiethHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("global.json", "{}\n")
	g.write("README.md", "# app\n")
	g.commit("2026-05-01T10:00:00Z", "init")
	for _, tag := range []string{"v4.3.1", "v4.3.2", "v4.3.3"} {
		g.git("tag", tag)
	}
	repo := g.open(t)

	runDriftCases(t, repo, "docs/RELEASE.md", []driftCase{
		{"a release a step creates", "6. Create a reviewed draft GitHub Release named `v4.4.0`.", nil},
		{"an example release name", "- Creates a single unified GitHub release (e.g., \"trigger.dev v4.3.4\")", nil},
		{"twin: a release said to be out", "- v4.3.9 was released last week.", []string{"version_not_tagged v4.3.9"}},
		{"a Windows separator", "It builds with the SDK in the [`global.json`](..\\global.json) file in the repository root.", nil},
		{"twin: a Windows separator to nothing", "It builds with the SDK in the [`sdk.json`](..\\sdk.json) file in the repository root.", []string{"unanchored ../sdk.json"}},
	})
}

// TestPlaceholderVersions: a version scheme written with placeholders names no file ("Create
// `conda-conda-rc-YY.MM.x`", "bump `MAJOR.MINOR.PATCH`", "`v2.x.x`"), while a file with a one-letter
// extension is still a path.
func TestPlaceholderVersions(t *testing.T) {
	g := newGitFixture(t)
	g.write("src/parser.c", "int parse(void);\n")
	g.write("README.md", "# app\n")
	g.commit("2026-05-01T10:00:00Z", "init")
	g.remove("src/parser.c")
	g.commit("2026-05-02T10:00:00Z", "drop the C parser")
	repo := g.open(t)

	runDriftCases(t, repo, "RELEASE.md", []driftCase{
		{"a calendar scheme", "1. Create the branch `conda-conda-rc-YY.MM.x` from main.", nil},
		{"a semantic scheme", "2. Bump the version as `MAJOR.MINOR.PATCH` in `README.md`.", nil},
		{"a major line", "3. Backport fixes to `v2.x.x` and `0.x.y`.", nil},
		{"twin: a file of a one-letter extension", "4. Regenerate `src/parser.c` first.", []string{"evidence_file_missing src/parser.c"}},
	})
}

// TestDeletedProgram: a program run from the work tree by its path is one a build leaves, unless history
// shows the repository tracked it and a commit deleted it ("`./runner xcodebuild …`": Peekaboo removed
// its runner wrapper; the thirtieth holdout's miss).
func TestDeletedProgram(t *testing.T) {
	g := newGitFixture(t)
	g.write("runner", "#!/bin/sh\nexec \"$@\"\n")
	g.write("server", "#!/bin/sh\n")
	g.write("examples/printerdemo/main.rs", "fn main() {}\n")
	g.write("README.md", "# app\n")
	g.commit("2026-05-01T10:00:00Z", "init")
	g.remove("runner")
	g.remove("server")
	g.remove("examples/printerdemo/main.rs")
	g.commit("2026-05-02T10:00:00Z", "remove runner wrapper")
	repo := g.open(t)

	runDriftCases(t, repo, "docs/RELEASING.md", []driftCase{
		{"a tracked program a commit deleted", "- [ ] Build the release apps:\n  - `./runner xcodebuild -scheme Playground build`", []string{"evidence_file_missing ./runner"}},
		{"twin: a program a build leaves", "- [ ] Check the licenses: `./licgen -check`", nil},
		{"twin: a program in the build directory", "Run it:\n\n```sh\ncd build-dbg && ninja server\n./server --alsologtostderr\n```", nil},
		{"twin: a name history had elsewhere", "Run the demo: `DISPLAY=:0 ./printerdemo`", nil},
	})
}
