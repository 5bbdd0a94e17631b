package engine_test

import "testing"

// TestHundredNineteenthHoldoutClasses: the false rows of the hundred-and-nineteenth holdout that were
// fixed, each beside a twin that stays drift.
func TestHundredNineteenthHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	for _, d := range []string{"feature", "fix", "chore", "docs", "legacy"} {
		g.write(d+"/README.md", "x\n")
	}
	g.write("next.config.js", "module.exports = {}\n")
	g.write("src/components/button.tsx", "export {}\n")
	g.write("src/app/components.tsx", "export {}\n")
	g.commit("2026-05-01T10:00:00Z", "app")
	for _, d := range []string{"feature", "fix", "chore", "docs", "legacy"} {
		g.remove(d + "/README.md")
	}
	g.commit("2026-05-02T10:00:00Z", "tidy")
	g.write("next.config.ts", "export default {}\n")
	g.remove("next.config.js")
	g.commit("2026-05-03T10:00:00Z", "typescript config")
	repo := g.open(t)
	runDriftCases(t, repo, "CONTRIBUTING.md", []driftCase{
		{"a bold branch lead-in", "**Branch naming conventions:**\n\n- `feature/` - New features\n- `fix/` - Bug fixes\n", nil},
		{"twin: a bold layout lead-in", "**Top-level folders:**\n\n- `feature/` - New features\n", []string{"evidence_file_missing feature/"}},
		{"prefixes of kinds of change", "## Git Workflow\n\n- Branch names must be lowercase.\n- Use prefixes: `feature/`, `fix/`, `chore/`, `docs/`.\n", nil},
		{"twin: prefixes that are no kinds of change", "## Git Workflow\n\n- Use prefixes: `legacy/`.\n", []string{"evidence_file_missing legacy/"}},
		{"a config file in whichever ending", "| Rule | Scope |\n|---|---|\n| Next.js quirks | `next.config.{ts,js,mjs}` |\n", nil},
		{"twin: the ending that went", "| Rule | Scope |\n|---|---|\n| Next.js quirks | `next.config.js` |\n", []string{"evidence_file_missing next.config.js"}},
	})
	runDriftCases(t, repo, "src/components/CLAUDE.md", []driftCase{
		{"a test and its subject shown side by side", "- Co-locate tests: `component.test.tsx` next to `component.tsx`.\n", nil},
		{"twin: the subject named alone", "- The base is `component.tsx`, beside `button.tsx`.\n", []string{"evidence_file_missing component.tsx"}},
	})
}

// TestHundredNineteenthHoldoutMemoryTopics: a topic file of an agent's memory ("see
// `memory/rate-limiting.md`") that no commit held is the user's, beside MEMORY.md; under a memory/ the
// repository has, or once had, it is a path like any other.
func TestHundredNineteenthHoldoutMemoryTopics(t *testing.T) {
	g := newGitFixture(t)
	g.write("src/app.ts", "export {}\n")
	g.write("docs/memory/old.md", "x\n")
	g.commit("2026-05-01T10:00:00Z", "app")
	g.remove("docs/memory/old.md")
	g.commit("2026-05-02T10:00:00Z", "tidy")
	repo := g.open(t)
	runDriftCases(t, repo, "CLAUDE.md", []driftCase{
		{"a memory topic file", "Server action rate limiting is deferred; see `memory/rate-limiting.md`.", nil},
		{"twin: a memory file the repository held", "Old notes are in `docs/memory/old.md`.", []string{"evidence_file_missing docs/memory/old.md"}},
	})
	g2 := newGitFixture(t)
	g2.write("memory/index.md", "x\n")
	g2.commit("2026-05-01T10:00:00Z", "app")
	repo2 := g2.open(t)
	runDriftCases(t, repo2, "CLAUDE.md", []driftCase{
		{"twin: a repository with a memory/ of its own", "Server action rate limiting is deferred; see `memory/rate-limiting.md`.", []string{"unanchored memory/rate-limiting.md"}},
	})
}

// TestLayoutRowFileLivedElsewhere: a list of files named by their bare names names each wherever it
// lives; a file that lived beside its siblings and moved deeper is out of place (the hundred-and-twelfth
// holdout's mcp-center, whose ServerDetailDrawer.tsx was in servers/ from its first commit, and the
// hundred-and-seventeenth's pixelvault_yang, whose gallery hook moved into cards/).
func TestLayoutRowFileLivedElsewhere(t *testing.T) {
	g := newGitFixture(t)
	for _, f := range []string{"Header.tsx", "Footer.tsx", "Sidebar.tsx", "Nav.tsx"} {
		g.write("src/components/"+f, "export {}\n")
	}
	g.write("src/components/servers/ServerDrawer.tsx", "export {}\n")
	g.write("src/components/Gallery.tsx", "export {}\n")
	g.commit("2026-05-01T10:00:00Z", "components")
	g.remove("src/components/Gallery.tsx")
	g.write("src/components/cards/Gallery.tsx", "export {}\n")
	g.commit("2026-05-02T10:00:00Z", "cards")
	repo := g.open(t)
	list := func(last string) string {
		return "## Components\n\n- `Header.tsx` — top\n- `Footer.tsx` — bottom\n- `Sidebar.tsx` — side\n- `Nav.tsx` — links\n- `" + last + "` — more\n"
	}
	runDriftCases(t, repo, "src/components/CLAUDE.md", []driftCase{
		{"a file that always lived deeper", list("ServerDrawer.tsx"), nil},
		{"twin: a file that moved away from its siblings", list("Gallery.tsx"), []string{"evidence_file_missing Gallery.tsx"}},
	})
}

// TestLayoutRowCommonName: a listed bare name many directories hold, none below the document's, is not
// the file meant (the hundred-and-tenth holdout's outcomes-optimizer, whose research adapter lists a
// `types.ts` two sibling adapters have); one a directory below the document holds is (round 98's ProOps,
// `loading.tsx` of each route).
func TestLayoutRowCommonName(t *testing.T) {
	g := newGitFixture(t)
	for _, f := range []string{"runner.ts", "ssh.ts", "ssh.test.ts", "index.ts"} {
		g.write("server/adapters/research/"+f, "export {}\n")
	}
	g.write("server/adapters/realtime/types.ts", "export {}\n")
	g.write("server/adapters/email/types.ts", "export {}\n")
	g.write("server/adapters/research/jobs/loading.ts", "export {}\n")
	g.write("server/adapters/research/feeds/loading.ts", "export {}\n")
	g.commit("2026-05-01T10:00:00Z", "adapters")
	repo := g.open(t)
	list := func(last string) string {
		return "## Files\n\n- `runner.ts` — entry\n- `ssh.ts` — sockets\n- `ssh.test.ts` — tests\n- `index.ts` — exports\n- `" + last + "` — more\n"
	}
	runDriftCases(t, repo, "server/adapters/research/CLAUDE.md", []driftCase{
		{"a name the routes below the document hold", list("loading.ts"), nil},
		{"twin: a name only other directories hold", list("types.ts"), []string{"unverified unanchored types.ts"}},
	})
}
