package engine_test

import "testing"

// TestHundredTwentyNinthHoldoutClasses: the false rows of the hundred-and-twenty-ninth holdout that
// were fixed, each beside a twin that stays drift.
func TestHundredTwentyNinthHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("docs/agent/README.md", "# agent docs\n")
	g.write("docs/old.md", "# old\n")
	g.write("lint/prompt_lint.py", "DEFAULT_EXCLUDES = []\n")
	g.write("prod-mgmt/curator-prd.md", "# the curator's requirements\n")
	g.write("package.json", `{"devDependencies": {"vitest": "^3.2.4"}}`+"\n")
	g.write("src/app.ts", "export {}\n")
	for _, gone := range []string{"manifest.json", "gym-info/index.ts", "review-list/index.ts", "thoughts/shared/research/a.md"} {
		g.write(gone, "x\n")
	}
	g.commit("2026-05-01T10:00:00Z", "init")
	for _, gone := range []string{"docs/old.md", "manifest.json", "gym-info/index.ts", "review-list/index.ts", "prod-mgmt/curator-prd.md", "thoughts/shared/research/a.md"} {
		g.remove(gone)
	}
	g.write("prod-mgmt/prd.md", "# the curator's requirements\n") // renamed from curator-prd.md
	g.commit("2026-05-02T10:00:00Z", "drop the old page")
	repo := g.open(t)

	runDriftCases(t, repo, ".agents/AGENTS.md", []driftCase{
		{"a hidden agent document links from the root", "- Read [the agent docs](docs/agent/README.md) first.", nil},
		{"twin: a gone page linked from the root", "- Read [the old page](../docs/old.md) first.", []string{"evidence_file_missing ../docs/old.md"}},
	})
	runDriftCases(t, repo, "specialized/adversary/CLAUDE.md", []driftCase{
		{"a column of patterns", "| Document | Patterns to match |\n|---|---|\n| PRD | `*-prd.md`, `*prd*.md`, `PRD.md` |", nil},
		{"twin: a column of files", "| Document | File |\n|---|---|\n| PRD | `*-prd.md` |", []string{"evidence_file_missing *-prd.md"}},
	})
	runDriftCases(t, repo, "web/AGENTS.md", []driftCase{
		{"twin: a nested document's link resolves from its own place", "- Read [the agent docs](docs/agent/README.md) first.", []string{"unanchored docs/agent/README.md"}},
	})
	runDriftCases(t, repo, "CLAUDE.md", []driftCase{
		{"a directory the document makes a condition of", "1. `.10x/tasks.json` — what tasks exist\n\nIf `.10x/` doesn't exist, the project hasn't been initialized.", nil},
		{"twin: the same files with no condition", "1. `.10x/tasks.json` — what tasks exist", []string{"unanchored .10x/tasks.json"}},
		{"a file fetched from a URL", "- The device fetches `manifest.json` from `CONFIG_OTA_MANIFEST_URL` (default GitHub Pages).", nil},
		{"twin: a file loaded from the repository", "- The device loads `manifest.json` from the repository root.", []string{"evidence_file_missing manifest.json"}},
		{"a module's constant written as a path", "- Frozen baselines are skipped: see `lint/DEFAULT_EXCLUDES` in `lint/prompt_lint.py`.", nil},
		{"twin: a directory beside the file", "- Baselines live in `lint/baselines/` next to `lint/prompt_lint.py`.", []string{"unverified unanchored lint/baselines/"}},
		{"a test count after a runner", "| 2 | Regression gate — Vitest 953 PASS · typecheck · lint |", nil},
		{"twin: the runner's version", "| 2 | Regression gate — Vitest 1.6 · typecheck · lint |", []string{"evidence_changed Vitest 1.6"}},
		{"Korean: folder names in kebab case", "- 폴더명: 케밥케이스 (`gym-info/`, `review-list/`)", nil},
		{"twin: Korean, folders said to be here", "- 폴더: (`gym-info/`, `review-list/`)", []string{"evidence_file_missing gym-info/", "evidence_file_missing review-list/"}},
		{"a file the step checks for", "Before any evaluation, check for `./prod-mgmt/risk-acceptances.md`.", nil},
		{"twin: a file the step reads", "Before any evaluation, read `./prod-mgmt/risk-acceptances.md`.", []string{"unanchored ./prod-mgmt/risk-acceptances.md"}},
		{"globs labelled as a workflow's output", "**Output**: `thoughts/shared/research/*.md`, `thoughts/shared/plans/*.md`", nil},
		{"twin: globs labelled as its input", "**Input**: `thoughts/shared/research/*.md`", []string{"evidence_file_missing thoughts/shared/research/*.md"}},
	})
}

// TestHundredTwentyNinthHoldoutSubmoduleTree: a tree drawn under a submodule that bears the
// repository's own name is the submodule's, whose files the clone does not hold (10CG/Aria).
func TestHundredTwentyNinthHoldoutSubmoduleTree(t *testing.T) {
	tree := "```\naria/\n├── hooks/\n│   └── hooks.json\n├── VERSION\n└── README.md\n```"
	sub := newGitFixture(t)
	sub.write("hooks/hooks.json", "{}\n")
	sub.commit("2026-05-01T10:00:00Z", "plugin")
	g := newGitFixture(t)
	g.write("package.json", `{"name": "aria"}`+"\n")
	g.write("VERSION", "1.0.0\n")
	g.write("README.md", "# aria\n")
	g.commit("2026-05-01T10:00:00Z", "init")
	g.git("-c", "protocol.file.allow=always", "submodule", "add", "-q", sub.root, "aria")
	g.commit("2026-05-02T10:00:00Z", "the plugin as a submodule")
	g.git("submodule", "deinit", "-q", "-f", "aria") // a clone without its submodules
	runDriftCases(t, g.open(t), "CLAUDE.md", []driftCase{
		{"a tree under the submodule", tree, nil},
	})

	twin := newGitFixture(t)
	twin.write("package.json", `{"name": "aria"}`+"\n")
	twin.write("VERSION", "1.0.0\n")
	twin.write("README.md", "# aria\n")
	twin.gone("2026-05-01T10:00:00Z", "2026-05-02T10:00:00Z", "hooks/hooks.json")
	runDriftCases(t, twin.open(t), "CLAUDE.md", []driftCase{
		{"twin: the tree under the repository's name", tree, []string{"evidence_file_missing hooks/"}},
	})

	// a launcher script named like the tree's root is a file, not a submodule: the tree is drawn from
	// the package's top, under its name (the hundred-and-thirty-first holdout's elevate-agent)
	script := newGitFixture(t)
	script.write("cli/pyproject.toml", "[project]\nname = \"elevate\"\n")
	script.write("cli/elevate", "#!/bin/sh\nexec python3 run_agent.py \"$@\"\n")
	script.write("cli/run_agent.py", "x = 1\n")
	script.write("cli/hooks/hooks.json", "{}\n")
	script.commit("2026-05-01T10:00:00Z", "init")
	runDriftCases(t, script.open(t), "cli/AGENTS.md", []driftCase{
		{"a tree under a script's name", "```\nelevate/\n├── run_agent.py   # the loop\n└── hooks/\n```", nil},
	})
}
