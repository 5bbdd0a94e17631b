package engine_test

import "testing"

// TestHundredTwentiethHoldoutClasses: the false rows of the hundred-and-twentieth holdout that were
// fixed, each beside a twin that stays drift.
func TestHundredTwentiethHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("backend/api/index.py", "app = None\n")
	g.write("lib/chat/notifications-page.jsx", "export {}\n")
	g.write("docker/AGENTS.md", "# agents\n")
	g.write("lib/chat/messages-page.jsx", "export {}\n")
	g.write("api/index.py", "app = None\n")
	g.commit("2026-05-01T10:00:00Z", "app")
	for _, f := range []string{"backend/api/index.py", "lib/chat/notifications-page.jsx", "docker/AGENTS.md"} {
		g.remove(f)
	}
	g.commit("2026-05-02T10:00:00Z", "move")
	repo := g.open(t)
	runDriftCases(t, repo, "CLAUDE.md", []driftCase{
		{"a place the sentence rejects, in Spanish", "Los entrypoints viven en `api/` al root del repo, NO en `backend/api/`.", nil},
		{"twin: the same place affirmed", "Los entrypoints viven en `backend/api/` al root del repo.", []string{"evidence_file_missing backend/api/"}},
		{"replaces the old global file", "| `MessagesPage` | `lib/chat/messages-page.jsx` | Per-user inbox. Replaces the old global `lib/chat/notifications-page.jsx`. |", nil},
		{"twin: the old file named as today's", "| `NotificationsPage` | `lib/chat/notifications-page.jsx` | Global inbox. |", []string{"evidence_file_missing lib/chat/notifications-page.jsx"}},
	})
	runDriftCases(t, repo, "docker/CLAUDE.md", []driftCase{
		{"copied into the workspace at run time", "| opencode | Copied to `AGENTS.md` in workspace root |", nil},
		{"twin: the file named as the repository's", "| opencode | Reads `AGENTS.md` in this directory |", []string{"evidence_file_missing AGENTS.md"}},
	})
}

// TestEmptyDirectoryInATree: a tree's directory whose note says it is empty is absent from every clone,
// git keeping no empty directory (the hundred-and-seventeenth holdout's ppcall-integration-wizard); the
// same entry with a note of what it holds stays drift.
func TestEmptyDirectoryInATree(t *testing.T) {
	g := newGitFixture(t)
	g.write("src/components/App.tsx", "export {}\n")
	g.write("src/data/seed.ts", "export {}\n")
	g.write("src/models/types.ts", "export {}\n")
	g.write("src/assets/logo.png", "png")
	g.commit("2026-05-01T10:00:00Z", "app")
	g.remove("src/assets/logo.png")
	g.commit("2026-05-02T10:00:00Z", "no images yet")
	repo := g.open(t)
	runDriftCases(t, repo, "src/CLAUDE.md", []driftCase{
		{"an entry said to be empty", "## Layout\n\n```\nsrc/\n  assets/      static images imported by components (empty today)\n  components/  UI, grouped by feature area\n  data/        seed data for first-run state\n  models/      shared TypeScript types\n```\n", nil},
		{"twin: the entry said to hold files", "## Layout\n\n```\nsrc/\n  assets/      static images imported by components\n  components/  UI, grouped by feature area\n  data/        seed data for first-run state\n  models/      shared TypeScript types\n```\n", []string{"evidence_file_missing src/assets/"}},
	})
}
