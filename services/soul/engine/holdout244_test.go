package engine_test

import (
	"testing"
)

// TestTwoHundredFortyFourthHoldoutClasses: the false rows of the two-hundred-and-forty-fourth holdout that
// were fixed, each beside a twin that stays a finding.
func TestTwoHundredFortyFourthHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("src/mux-runner.ts", "export {}\n")
	g.commit("2026-06-01T10:00:00Z", "init")
	repo := g.open(t)

	runDriftCases(t, repo, "CLAUDE.md", []driftCase{
		// NeoVet: a notes vault's pages
		{"a vault's page table", "| Vault path | Contents |\n|---|---|\n| `wiki/architecture/overview.md` | C4 context |", nil},
		{"twin: a docs table", "| Docs path | Contents |\n|---|---|\n| `wiki/architecture/overview.md` | C4 context |", []string{"unanchored wiki/architecture/overview.md"}},
		{"a page in the project vault", "**Open work is tracked in the lint.** See `wiki/lint/landing-audit.md` in the project Obsidian vault.", nil},
		{"twin: a page in the project folder", "**Open work is tracked in the lint.** See `wiki/lint/landing-audit.md` in the project folder.", []string{"unanchored wiki/lint/landing-audit.md"}},
		// pickle-rick-claude: ticket ids in a paragraph about completion commits
		{"tickets named by hex ids", "- `src/mux-runner.ts` — the guard refuses a Done flip without a completion commit (live incident session `2026-05-23-17b2f716`, tickets `be5a047d`, `aec0cda1`, near-miss `8fefc179`).", nil},
		{"twin: a commit named in the same paragraph", "- `src/mux-runner.ts` — the guard refuses a Done flip without a completion commit (fixed in commit `be5a047d`).", []string{"ref_missing be5a047d"}},
	})
}

// TestTwoHundredFortyFifthHoldoutClasses: the false rows of the two-hundred-and-forty-fifth holdout that
// were fixed, each beside a twin that stays a finding.
func TestTwoHundredFortyFifthHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("front/app.ts", "export {}\n")
	g.commit("2026-06-01T10:00:00Z", "init")
	g.gone("2026-06-02T10:00:00Z", "2026-06-19T10:00:00Z", "lib/local-engine/index.ts", "Byok.tsx", "test-vectors/a.json", "quota.py", "tier.py", "redeem_repo.py")
	repo := g.open(t)

	runDriftCases(t, repo, "CLAUDE.md", []driftCase{
		// translate: Chinese lists the sentence says were deleted, removed or taken offline
		{"a list all deleted", "买断整套（`lib/local-engine/`、`Byok.tsx`、金标向量 `test-vectors/`）全部删除。", nil},
		{"a list taken offline", "**已删 freemium**（原「匿名每天 3 页」连同 `quota.py`/`tier.py` 全下线）；`redeem_repo.py` 与前端 `lib/local-engine/` 整套移除。", nil},
		{"a list removed along with a feature", "原金标向量 `Byok.tsx` + `test-vectors/` 随 BYOK 撤除。", nil},
		{"twin: deleting inside a file", "在 `quota.py` 中删除旧逻辑。", []string{"evidence_file_missing quota.py"}},
		// brainbrew-devkit: a plugin's uninstall step
		{"a forced removal", "## Uninstall\n\n```bash\nrm -rf .claude/plugins/caffeine\n```", nil},
		{"twin: a removal that is not forced", "## Uninstall\n\n```bash\nrm .claude/plugins/caffeine/state.json\n```", []string{"unverified unanchored .claude/plugins/caffeine/state.json"}},
		{"twin: a list kept", "买断整套（`lib/local-engine/`、`Byok.tsx`）全部保留。", []string{"evidence_file_missing lib/local-engine/", "evidence_file_missing Byok.tsx"}},
	})
}

// TestTwoHundredFortyFifthHoldoutGeneratedCopy: chora-base keeps a verification run's generated project,
// part of it, beside the run's notes; its guide names the whole generated project.
func TestTwoHundredFortyFifthHoldoutGeneratedCopy(t *testing.T) {
	g := newGitFixture(t)
	g.write("docs/runs/2025-11-08-fast-setup/generated-project/pyproject.toml", "[project]\n")
	g.write("docs/runs/2025-11-08-fast-setup/generated-project/README.md", "# generated\n")
	g.write("docs/runs/2025-11-08-fast-setup/project/README.md", "# kept\n")
	g.commit("2026-06-01T10:00:00Z", "init")
	repo := g.open(t)

	guide := []byte("# Generated\n\n## Layout\n\n- `src/app/server.py` — the MCP server\n")
	assertDrift(t, findingsOf(t, repo, "docs/runs/2025-11-08-fast-setup/generated-project/AGENTS.md", guide), nil)
	// twin: the same guide in a folder of the project's own
	assertDrift(t, findingsOf(t, repo, "docs/runs/2025-11-08-fast-setup/project/AGENTS.md", guide), []string{"unanchored src/app/server.py"})
}

// TestTwoHundredFortyFifthHoldoutInstalledCopies: raven's guides name its skills where setup installs them
// in the reader's project, and brainbrew-devkit's plugin guides name their own install folder; the
// tracked files are the copies' sources.
func TestTwoHundredFortyFifthHoldoutInstalledCopies(t *testing.T) {
	g := newGitFixture(t)
	g.write("skills/andie/SKILL.md", "# Andie\n")
	g.write("plugin/scripts/detect.py", "print()\n")
	g.write("plugins/fast-diff/src/main.rs", "fn main() {}\n")
	g.write(".claude/settings.json", "{}\n")
	g.commit("2026-06-01T10:00:00Z", "init")
	repo := g.open(t)

	runDriftCases(t, repo, "CLAUDE.md", []driftCase{
		{"a skill where setup installs it", "Andie is at: `.claude/skills/andie/SKILL.md`.", nil},
		{"twin: a skill the repository has no source of", "Bexley is at: `.claude/skills/bexley/SKILL.md`.", []string{"unverified unanchored .claude/skills/bexley/SKILL.md"}},
	})
	runDriftCases(t, repo, "plugin/CLAUDE.md", []driftCase{
		{"a script installed from the guide's folder", "If missing, run `python3 .claude/scripts/detect.py`.", nil},
	})
	runDriftCases(t, repo, "plugins/fast-diff/CLAUDE.md", []driftCase{
		{"the plugin's own install folder", "- `.claude/plugins/fast-diff/` — the plugin's folder; edit `src/main.rs` there.", nil},
		{"twin: a file the plugin does not have", "To customise, edit `.claude/plugins/fast-diff/src/lib.rs`.", []string{"unverified unanchored .claude/plugins/fast-diff/src/lib.rs"}},
	})
}

// TestTwoHundredFortySixthHoldoutClasses: the false rows of the two-hundred-and-forty-sixth holdout that
// were fixed, each beside a twin that stays a finding.
func TestTwoHundredFortySixthHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("dashboard/vite.config.ts", "export default {}\n")
	g.write("dashboard/public/favicon.svg", "<svg/>\n")
	g.write("Makefile", "build:\n\tgo build\n")
	g.commit("2026-06-01T10:00:00Z", "init")
	repo := g.open(t)

	// lulu: a label line in the tree block starts the folder's own files again
	tree := func(label string) []byte {
		return []byte("# Dashboard\n\n## Layout\n\n```\npublic/\n├── favicon.svg\n" + label + "\n├── vite.config.ts   # Vite config\n```\n")
	}
	assertDrift(t, findingsOf(t, repo, "dashboard/CLAUDE.md", tree("\nConfiguration:")), nil)
	// twin: without the label the file is drawn inside public/
	assertDrift(t, findingsOf(t, repo, "dashboard/CLAUDE.md", tree("")), []string{"unverified unanchored public/vite.config.ts"})

	runDriftCases(t, repo, "CLAUDE.md", []driftCase{
		// opencues: a voice prompt
		{"a prompt that makes it something", "- `make it caps _` (no prior content) → reliable", nil},
		{"twin: a target the Makefile lacks", "- `make caps` (no prior content) → reliable", []string{"unverified evidence_changed make caps"}},
	})
}

// TestTwoHundredFortySixthHoldoutForkFiles: opencues lists the files it patches in a fork cloned under the
// user's home, after a lead-in that says so at length.
func TestTwoHundredFortySixthHoldoutForkFiles(t *testing.T) {
	g := newGitFixture(t)
	g.write("integrations/gemini-cli/patch.ts", "export {}\n")
	g.commit("2026-06-01T10:00:00Z", "init")
	repo := g.open(t)

	list := func(lead string) []byte {
		return []byte("# Gemini\n\n## Patches\n\n" + lead + "\n\n- `packages/cli/src/ui/AppContainer.tsx` — adds the key hook.\n")
	}
	assertDrift(t, findingsOf(t, repo, "integrations/gemini-cli/CLAUDE.md", list("The four files patched in the fork (paths relative to the cloned\n`~/.opencues/forks/gemini-cli/` tree — they are NOT files in the OpenCues repo):")), nil)
	// twin: the same list said to be this folder's files
	assertDrift(t, findingsOf(t, repo, "integrations/gemini-cli/CLAUDE.md", list("The four files we patch (kept here beside `patch.ts` in this folder, as the build expects them):")), []string{"unanchored packages/cli/src/ui/AppContainer.tsx"})
}
