package engine_test

import "testing"

// TestTwoHundredSeventhHoldoutClasses: the false rows of the two-hundred-and-seventh holdout that were
// fixed, each beside a twin that stays a finding.
func TestTwoHundredSeventhHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("package.json", `{"name":"app"}`+"\n")
	g.write("app/page.tsx", "export default function Page() {}\n")
	g.write(".agents/stories/story-1.md", "# story\n")
	g.write(".agents/plans/plan-1.md", "# plan\n")
	g.write("firmware/CMakeLists.txt", "project(fw)\n")
	g.write("firmware/build/fw.uf2", "x\n")
	g.write("firmware/images/fw.bin", "x\n")
	g.commit("2026-06-01T10:00:00Z", "init")
	g.remove(".agents/stories/story-1.md")
	g.write(".agents/stories/.gitkeep", "")
	g.remove(".agents/plans/plan-1.md")
	g.write(".agents/plans/README.md", "# plans\n")
	g.remove("firmware/build/fw.uf2")
	g.remove("firmware/images/fw.bin")
	g.write(".gitignore", "firmware/build/\n")
	g.commit("2026-06-02T10:00:00Z", "keep the stories folder empty; ignore the firmware build")
	repo := g.open(t)

	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		// microservicio-venta-celulares: a layout given as the rules to keep
		{"a layout that must follow these guidelines (Spanish)", "La arquitectura de carpetas debe seguir en todo momento estos lineamientos:\n\n- `app/`: Enrutamiento principal.\n- `hooks/`: Custom hooks compartidos.\n- `styles/`: Archivos globales de CSS.", nil},
		{"a layout that should follow these conventions", "The folder structure should follow these conventions:\n\n- `app/`: routes.\n- `hooks/`: shared hooks.", nil},
		{"twin: a layout as it stands", "The folder structure:\n\n- `app/`: routes.\n- `hooks/`: shared hooks.", []string{"unanchored hooks/"}},
		// my-unicorn: a nested list under an item that places it in the user's home
		{"a nested list under a home place", "- Configuration stored in `~/.config/my-unicorn/`:\n    - `cache/releases/` - Cache files\n    - `logs/` - Log files", nil},
		{"a list under a home lead-in", "Files in `$HOME/.my-unicorn/`:\n\n- `logs/` - Log files", nil},
		{"twin: a nested list under a folder of the repository", "- Configuration stored in `app/`:\n    - `logs/` - Log files", []string{"unanchored logs/"}},
		// ia-workflow-template-04: a glob into a folder git keeps empty on purpose
		{"a glob into a folder kept by a .gitkeep", "| Phase | Command | Output |\n|---|---|---|\n| Stories | `/create-stories` | `.agents/stories/*.md` |", nil},
		{"twin: a glob into a folder whose files are gone", "| Phase | Command | Output |\n|---|---|---|\n| Plans | `/plan` | `.agents/plans/*-1.md` |", []string{"evidence_file_missing .agents/plans/*-1.md"}},
	})
	// depth: a glob of the base of a file the document places in a vault beside the checkout
	runDriftCases(t, repo, "CLAUDE.md", []driftCase{
		{"a glob of a file outside the repository", "- The specs index (`../vault/specs/2026-07-07-roadmap-specs-index.md`) lists every spec.\n- [ ] Vault index (`*-roadmap-specs-index.md`) row added", nil},
		{"twin: a glob that nothing the document names matches", "- [ ] Vault index (`*-roadmap-specs-index.md`) row added", []string{"unverified evidence_file_missing *-roadmap-specs-index.md"}},
	})
	// turtlebot3_robopico: a build's output under a folder the root .gitignore keeps out, though the
	// first commit held a copy
	runDriftCases(t, repo, "firmware/AGENTS.md", []driftCase{
		{"a gitignored build output", "Build output: `build/fw.uf2` (~45 KB).", nil},
		{"twin: a removed file no .gitignore keeps out", "Build output: `images/fw.bin` (~45 KB).", []string{"evidence_file_missing images/fw.bin"}},
	})
}
