package engine_test

import "testing"

// TestTwoHundredEleventhHoldoutClasses: the false rows of the two-hundred-and-eleventh holdout that were
// fixed, each beside a twin that stays a finding.
func TestTwoHundredEleventhHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("package.json", `{"name":"app"}`+"\n")
	g.write("src/config.ts", "export {}\n")
	g.write("docs/development/README.md", "# dev\n")
	g.write("examples/CLAUDE.md", "# sample\n")
	g.write("samples/CLAUDE.md", "# sample\n")
	g.write("samples/app/main.py", "x = 1\n")
	g.commit("2026-06-01T10:00:00Z", "init")
	repo := g.open(t)

	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		// lsfusion platform: a file named with the condition of its making
		{"a file if added", "- `.github/copilot-instructions.md` — if added, Copilot in IDEs will pick it up.", nil},
		{"twin: the file named as read", "- `.github/copilot-instructions.md` — Copilot in IDEs reads it.", []string{"unanchored .github/copilot-instructions.md"}},
		// event2table: a link marked as still to write, mid-line
		{"a link marked TODO", "- [TDD](docs/development/tdd-practices.md) (TODO) - TDD practice", nil},
		{"twin: a link with a note", "- [TDD](docs/development/tdd-practices.md) (draft) - TDD practice", []string{"unanchored docs/development/tdd-practices.md"}},
	})
	// opentabs: a file the document places in the user's home, named again by its base
	runDriftCases(t, repo, "src/CLAUDE.md", []driftCase{
		{"the home file's base named later", "Local plugins are listed in `~/.opentabs/config.json`.\n\nSettings are stored in `config.json` under `settings.<name>`.", nil},
		{"twin: a base no home path names", "Local plugins are listed in `~/.opentabs/plugins.json`.\n\nSettings are stored in `config.json` under `settings.<name>`.", []string{"unverified unanchored config.json"}},
	})
	// chemometrics_vibe_coding_public: a sample guide alone in examples/
	runDriftCases(t, repo, "examples/CLAUDE.md", []driftCase{
		{"a guide alone in an examples folder", "- `data/nir_spectra.csv`: NIR absorbance spectra", nil},
	})
	runDriftCases(t, repo, "samples/CLAUDE.md", []driftCase{
		{"twin: a samples folder with code beside the guide", "- `data/nir_spectra.csv`: NIR absorbance spectra", []string{"unanchored data/nir_spectra.csv"}},
	})
}
