package engine_test

import "testing"

// TestNinetyFirstHoldoutClasses: the false rows of the ninety-first holdout, each beside a twin that stays
// drift.
func TestNinetyFirstHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("site/apps/claw/.env.mock", "API=http://localhost:8000\n")
	g.write("site/apps/claw/package.json", `{"name":"claw"}`+"\n")
	g.gone("2026-04-01T10:00:00Z", "2026-04-02T10:00:00Z", "site/.env.mock")
	g.commit("2026-05-01T10:00:00Z", "site")
	repo := g.open(t)
	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		// a README of a repository the document lists
		{"a listed repository's README", "## Repos\n\n| Repo | What |\n|---|---|\n| `ownpulse` | The app |\n| `ownpulse-infra` | Infrastructure — OpenTofu, Ansible |\n\nThis file covers `ownpulse`. For infra work, see `ownpulse-infra/README.md`.", nil},
		{"twin: a README of a directory never listed", "## Repos\n\nThis file covers the app. For infra work, see `ownpulse-infra/README.md`.", []string{"unanchored ownpulse-infra/README.md"}},
	})
	runDriftCases(t, repo, "site/CLAUDE.md", []driftCase{
		// a file written from the directory its section's heading names
		{"a file under its section's directory", "## HyperClaw App (apps/claw/) — Primary Focus\n\n### Local Development\n\n- **`.env.mock`** — Pre-configured for mock servers (localhost:8000)", nil},
		{"twin: the same file under a plain heading", "## HyperClaw App — Primary Focus\n\n### Local Development\n\n- **`.env.mock`** — Pre-configured for mock servers (localhost:8000)", []string{"evidence_file_missing .env.mock"}},
	})
}
