package engine_test

import "testing"

// TestTwoHundredSecondHoldoutClasses: the false rows of the two-hundred-and-second holdout that were
// fixed, each beside a twin that stays a finding.
func TestTwoHundredSecondHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("package.json", `{"name":"app"}`+"\n")
	g.write("go.mod", "module example.com/orva\n\ngo 1.22\n")
	g.write("frontend/src/main.tsx", "export {}\n")
	g.write(".claude/skills/bug-fix/SKILL.md", "# bug fix\n")
	g.write("backend/internal/version/version.go", "package version\n\nvar Version = \"dev\"\n")
	g.write("internal/shared/util.go", "package shared\n")
	g.write("docs/requests/add-cli.md", "# add cli\n")
	g.gone("2026-05-01T10:00:00Z", "2026-05-02T10:00:00Z",
		"docs/requests/scenario-config-builder.md", "feature/readme.md", "docs/how-to/old.md")
	repo := g.open(t)

	// vid-creation: a package's rules that vibe-rules wrote into the document
	vibe := "<!-- vibe-rules Integration -->\n\n<@tanstack/react-router_api>\nAlways Apply: false\n\n# Install\n\nSee [installation](./how-to/install.md) first.\n\n</@tanstack/react-router_api>\n\n"
	runDriftCases(t, repo, "frontend/CLAUDE.md", []driftCase{
		{"a link of a package's rules block", vibe + "- The app starts in `src/main.tsx`.", nil},
		{"twin: the same link outside the block", vibe + "- See [the guide](./how-to/old.md) first.", []string{"unanchored ./how-to/old.md"}},
	})
	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		// template-github-copilot: branch prefixes under a heading on branches and pull requests
		{"branch prefixes under a branch and PR heading", "### Branch and Pull Request Naming Conventions\n\n**Required Types:**\n- `feature/` - New features\n- `docs/` - Documentation updates", nil},
		{"twin: the same folders under a layout heading", "### Layout\n\n**Folders:**\n- `feature/` - New features\n- `docs/` - Documentation updates", []string{"evidence_file_missing feature/"}},
		// Orva: a Go package's name, the package below the root
		{"a Go name of a package under backend/", "| Variable | Set from |\n|---|---|\n| `internal/version.Version` | git tag |", nil},
		{"twin: a name of a package nowhere", "| Variable | Set from |\n|---|---|\n| `internal/build.Version` | git tag |", []string{"evidence_file_missing internal/build.Version"}},
	})
	// SimCash: a case style's samples
	runDriftCases(t, repo, "docs/requests/CLAUDE.md", []driftCase{
		{"samples of a case style under a naming heading", "### File Naming\n\nUse kebab-case names that describe the feature or change:\n- `scenario-config-builder.md`\n- `add-cli.md`", nil},
		{"twin: the same list under no naming heading", "### Requests\n\nUse kebab-case names that describe the feature or change:\n- `scenario-config-builder.md`\n- `add-cli.md`", []string{"evidence_file_missing scenario-config-builder.md"}},
	})
	// AI-Frontend-Workspace: a link of .claude/CLAUDE.md written from its own folder
	runDriftCases(t, repo, ".claude/CLAUDE.md", []driftCase{
		{"a link from the document's folder", "| Skill | File |\n|---|---|\n| bug-fix | [skills/bug-fix/SKILL.md](skills/bug-fix/SKILL.md) |", nil},
		{"twin: a link neither place holds", "| Skill | File |\n|---|---|\n| review | [skills/review/SKILL.md](skills/review/SKILL.md) |", []string{"unanchored skills/review/SKILL.md"}},
	})
}
