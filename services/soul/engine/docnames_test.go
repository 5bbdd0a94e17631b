package engine_test

import "testing"

// TestDocumentClasses pins the classes a sentence alone cannot settle, found on ruff, rclone and
// ollama: one name of an "or" list of files, paths of a block the lead-in runs in another repository,
// the file of an example import, a file an earlier command writes, the name the document picks for the
// reader's new thing, and paths relative to the installed program. Each has its drift twin: the same
// shape where the sentence does claim the repository holds the file.
func TestDocumentClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("pyproject.toml", "[project]\nname = \"acme\"\n")
	g.write("report.py", "print(1)\n")
	g.write("foo.py", "import os\n")
	g.write("docs/content/docs.md", "docs\n")
	g.commit("2026-06-01T10:00:00Z", "init (#1)")
	g.remove("foo.py")
	g.commit("2026-06-02T10:00:00Z", "drop the stray module (#2)")
	repo := g.open(t)

	tests := []struct {
		name, body string
		// want is the drift anchors the check must report, in order
		want []string
	}{
		{"one of an or list exists", "The project root is the directory containing the `pyproject.toml`, `acme.toml`, or `.acme.toml` file.", nil},
		{"no name of an or list exists", "Settings are read from the `lint.toml`, `checks.toml`, or `.checks.toml` file.", []string{"unverified lint.toml"}},
		{"block run in another named repository", "To benchmark, remove the following files from the CPython repository:\n\n```shell\nrm Lib/test/bad_coding.py \\\n  Lib/test/bad_coding2.py\n```", nil},
		{"block run in this repository stays checked", "Before a release, remove the following files from the Acme repository:\n\n```shell\nrm tools/stale_gen.py\n```", []string{"unverified tools/stale_gen.py"}},
		{"file of an example import", "Given an import, like `import foo`, check for a directory `foo` or a file `foo.py`.", nil},
		{"a gone file beside an example stays drift", "Given an import, like `import bar`, the resolver reads `foo.py` first.", []string{"foo.py"}},
		{"file an earlier command writes", "- Run `python report.py -o table.csv`\n- open `table.csv` in a spreadsheet", nil},
		{"a file no command writes stays drift", "- Run `python report.py -o table.csv`\n- open `summary.csv` in a spreadsheet", []string{"unverified summary.csv"}},
		{"the document's chosen name", "Choose a name. The docs here will use `remote` as an example.\n\nNext edit these files:\n\n- `docs/content/remote.md` - main docs page\n- `docs/content/docs.md` - the index", nil},
		{"a missing file beside the chosen name stays drift", "Choose a name. The docs here will use `remote` as an example.\n\nNext edit these files:\n\n- `docs/content/remote.md` - main docs page\n- `docs/content/overview.md` - the overview", []string{"docs/content/overview.md"}},
		{"a script the block downloads", "```shell\nwget https://apt.llvm.org/llvm.sh\nchmod +x llvm.sh\n./llvm.sh 17\n```", nil},
		{"a script no command downloads stays drift", "```shell\nwget https://apt.llvm.org/llvm.sh\n./install.sh 17\n```", []string{"unverified ./install.sh"}},
		{"a per-user Windows file", "For WSL, make sure you have sufficient memory allocated in `.wslconfig`.", nil},
		{"paths relative to the installed program", "Acme looks for libraries in the following paths relative to the `acme` executable:\n\n* `./lib/acme` (Windows)\n* `../lib/acme` (Linux)", nil},
		{"places the program searches when it runs", "Acme looks for native helpers and libraries in installed and local development layouts:\n\n* `../lib/acme` for standard installs\n* `./lib/acme` for Windows release-style payloads", nil},
		{"a list without that lead-in stays drift", "Acme keeps its libraries in these paths:\n\n* `./lib/acme` (Windows)", []string{"unverified ./lib/acme"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			assertDrift(t, driftOf(t, repo, "AGENTS.md", notes(tc.body)), tc.want)
		})
	}
}
