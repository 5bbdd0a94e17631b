package engine_test

import "testing"

// TestHundredFortyFourthHoldoutClasses: the false rows of the hundred-and-forty-fourth holdout that were
// fixed, each beside a twin that stays a finding.
func TestHundredFortyFourthHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("plugins/monitor/server.ts", "export {}\n")
	g.write("plugins/monitor/tui.ts", "export {}\n")
	g.write("plugins/monitor/package.json", "{}\n")
	g.write("unit/embeddings.cloud.test.js", "export {}\n")
	g.write("_tasks/research/README.md", "# research\n")
	g.write("internal/errors/errors.go", "package errors\n")
	g.write("backend/routes_sim.py", "pass\n")
	g.write("src/app/api/ai/summarize/route.ts", "export {}\n")
	g.gone("2026-05-01T10:00:00Z", "2026-05-02T10:00:00Z", "cloud/src/handlers/embeddings.js", "docs/research/notes.md",
		".claude/skills/local/SKILL.md", ".sim_stream/frame.json", "internal/utils/utils.go", "src/app/api/upload/route.ts")
	repo := g.open(t)

	runDriftCases(t, repo, "CLAUDE.md", []driftCase{
		// ai-share: what a build makes of the TypeScript sources beside it
		{"files a build makes from their sources", "- `installPlugins` copies built `plugins/monitor/server.js`, `plugins/monitor/tui.js`, and `plugins/monitor/package.json` into the user plugin dir.", nil},
		{"twin: the same files, not said to be built", "- `installPlugins` copies `plugins/monitor/server.js`, `plugins/monitor/tui.js`, and `plugins/monitor/package.json` into the user plugin dir.",
			[]string{"evidence_file_missing plugins/monitor/server.js", "evidence_file_missing plugins/monitor/tui.js"}},
		{"twin: built, with no source beside", "- `installPlugins` copies built `plugins/monitor/worker.js` into the user plugin dir.", []string{"unverified unanchored plugins/monitor/worker.js"}},
		// 9router: a place the sentence says this repository lacks, and a file under it
		{"a place said not to be in this repository", "- `unit/embeddings.cloud.test.js` imports `cloud/src/handlers/embeddings.js` — `cloud/` worker dir **not in this repo**, always fails here.", nil},
		{"twin: the same place described", "- `unit/embeddings.cloud.test.js` imports `cloud/src/handlers/embeddings.js` — `cloud/` is the worker dir, always fails here.",
			[]string{"evidence_file_missing cloud/src/handlers/embeddings.js", "evidence_file_missing cloud/"}},
		{"twin: another file before a place said absent", "- `cloud/src/handlers/embeddings.js` imports `vendor/` — not in this repo.", []string{"evidence_file_missing cloud/src/handlers/embeddings.js"}},
		// myrouter: a column of defaults the reader must not use
		{"a column of places not to use", "| Artifact | Default (do NOT use) | Save here instead |\n|---|---|---|\n| Research | `docs/research/` | `_tasks/research/` |", nil},
		{"Chinese: a column of places not to use", "| 产物 | 默认（不要用） | 保存到这里 |\n|---|---|---|\n| 调研 | `docs/research/` | `_tasks/research/` |", nil},
		{"twin: a column of defaults", "| Artifact | Default | Save here instead |\n|---|---|---|\n| Research | `docs/research/` | `_tasks/research/` |", []string{"evidence_file_missing docs/research/"}},
		{"a list of bad samples", "Each internal package should have a single, clear purpose.\n\n**❌ Bad**:\n\n- `internal/utils/`: Dumping ground for everything", nil},
		{"twin: a list of places", "Each internal package should have a single, clear purpose.\n\n**Packages**:\n\n- `internal/utils/`: Dumping ground for everything", []string{"evidence_file_missing internal/utils/"}},
		// python-harness: a place that holds its things "if any"
		{"a place that holds things if any", "- `.claude/skills/` holds only this repo's own skills, if any. A shared one appearing there is a bug.", nil},
		{"twin: a place that holds things", "- `.claude/skills/` holds only this repo's own skills. A shared one appearing there is a bug.", []string{"evidence_file_missing .claude/skills/"}},
		// robotagent: a directory a run makes
		{"a runtime directory", "- `.sim_stream/` is a runtime frame/replay directory consumed by `backend/routes_sim.py`; treat it as generated state.", nil},
		{"twin: a directory of frames", "- `.sim_stream/` is a frame/replay directory consumed by `backend/routes_sim.py`.", []string{"evidence_file_missing .sim_stream/"}},
		// RAIS: a bracketed route segment stands for any route, however deep
		{"a route's hole over nested routes", "| Task | Location | Notes |\n|------|----------|-------|\n| Add API endpoint | `src/app/api/[route]/route.ts` | RESTful route handlers |", nil},
		{"twin: a hole over no such file", "| Task | Location | Notes |\n|------|----------|-------|\n| Add API endpoint | `src/app/api/[route]/handler.ts` | RESTful route handlers |", []string{"unverified evidence_file_missing src/app/api/[route]/handler.ts"}},
		// myrouter: branch wildcards
		{"branch wildcards", "Tear down only the worktrees/branches you created (by name, never `fix/*`/`feat/*` wildcards).", nil},
		{"twin: file wildcards", "Tear down only the files you created (by name, never `fix/*`/`feat/*` wildcards).", []string{"unverified evidence_file_missing fix/*"}},
	})

	// sortTF: a tree's entry that would be separate, drawn in the package's own document
	runDriftCases(t, repo, "internal/CLAUDE.md", []driftCase{
		// sortTF: samples of what not to do, and a tree's entry that would be separate
		{"a tree's entry that would be separate", "```text\ninternal/\n├── errors/\n│   ├── errors.go        # Error utilities\n│   └── CLAUDE.md        # (this would be separate)\n└── CLAUDE.md            # This file\n```", nil},
		{"twin: a tree's entry described", "```text\ninternal/\n├── errors/\n│   ├── errors.go        # Error utilities\n│   └── CLAUDE.md        # package notes\n└── CLAUDE.md            # This file\n```", []string{"unverified unanchored internal/errors/CLAUDE.md"}},
	})
}
