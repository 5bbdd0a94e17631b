package engine_test

import (
	"testing"
)

// TestFortyFifthHoldoutClasses: the forty-fifth holdout's false drift, each beside a twin that must stay
// as it was. The holdout's repositories were small projects whose handoff documents agents wrote.
func TestFortyFifthHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("package.json", `{"name":"app","scripts":{"dev":"vite","test":"vitest"}}`+"\n")
	g.write("package-lock.json", "{}\n")
	g.write("lib/index.js", "module.exports = {}\n")
	g.write("docs/index.md", "# docs\n")
	g.write("specification/gedcom.html", "<html></html>\n")
	g.write("config/team.example.json", "{}\n")
	g.write("src/backend.rs", "pub trait Backend {}\n")
	g.write(".github/workflows/ci.yml", "on: push\n")
	g.write(".idea/.gitignore", "/shelf/\n/workspace.xml\n")
	g.write("QUICK_START.md", "# start\n")
	g.write("openapi/.gitignore", "merged.yaml\n")
	g.commit("2026-05-01T10:00:00Z", "init (#5)")
	g.write("package.json", `{"name":"app","scripts":{"test":"vitest"}}`+"\n")
	for _, f := range []string{"package-lock.json", "lib/index.js", "docs/index.md", "specification/gedcom.html", "QUICK_START.md"} {
		g.remove(f)
	}
	g.write("src/index.ts", "export {}\n")
	g.write(".gitignore", "node_modules\nlib/**/*.js\ndocs/_build/\n.idea/\n")
	g.commit("2026-06-01T10:00:00Z", "typescript (#6)")
	repo := g.open(t)

	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		// OLEKU_CRM: two verbs joined by "or" before the file the reader must not make
		{"do not create or restore", "Use pnpm only. Do not create or restore `package-lock.json`.", nil},
		{"twin: restore it", "Restore `package-lock.json` before you install.", []string{"evidence_file_missing package-lock.json"}},
		// subfont: `lib/` is where tsc writes, and .gitignore keeps its .js out
		{"a directory whose contents .gitignore keeps out", "TypeScript source in `src/`, compiled to CommonJS in `lib/`.", nil},
		{"twin: a directory .gitignore names only a place inside", "The guides live in `docs/`.", []string{"evidence_file_missing docs/"}},
		// reticle: one notes file per day
		{"a date's format in a file name", "3. Read `memory/YYYY-MM-DD.md` (today + yesterday) for recent context", nil},
		{"an agent's memory file", "4. **If in MAIN SESSION**: Also read `MEMORY.md`", nil},
		{"twin: a dated file that never landed", "3. Read `notes/2026-05-01.md` for the outage", []string{"unanchored notes/2026-05-01.md"}},
		// a dated file of the agent's memory is the user's, like MEMORY.md (the hundred-and-nineteenth holdout's intranet)
		{"a dated memory file", "3. Read `memory/2026-05-01.md` for the outage", nil},
		// reticle: the template carries its marker before the extension
		{"a file beside its tracked template", "- `config/team.json` — VIP contacts (template: `config/team.example.json`)", nil},
		{"twin: no template", "- `config/secrets.json` — Slack tokens", []string{"unanchored config/secrets.json"}},
		// GEDCOM: the list after "This command generates:" is the build's output
		{"what a command generates", "The build step generates:\n- `specification/gedcom.html` - the specification in HTML\n", nil},
		{"twin: a list that says where things live", "The specification lives in:\n- `specification/gedcom.html` - the specification in HTML\n", []string{"evidence_file_missing specification/gedcom.html"}},
		// dotnet-ddd-blueprint: its own plan's step numbers
		{"a plan's key PR-23", "`src/` landed with PR-23, and the charts with it.", nil},
		// llm-text-sanitizer: a line whose comment says it holds only where configured
		{"a command line held only where configured", "```bash\npnpm test\npnpm dev / pnpm test  # If configured in package.json\n```", nil},
		// easy-code-reader: the root ignores .idea/, whose own .gitignore then seemed to keep out every name
		{"a deleted page beside an ignored editor directory", "- Docs: `README.md` (CN), `QUICK_START.md`", []string{"evidence_file_missing QUICK_START.md"}},
		{"twin: a name a directory's own .gitignore keeps out", "- Validate `merged.yaml` before you push.", nil},
		{"twin: the same line, no condition", "```bash\npnpm test\npnpm dev / pnpm test  # the usual loop\n```", []string{"evidence_changed pnpm dev"}},
	})
	// a soul's PR anchors stay answerable to its log; an ordinary document's are held (judge.go)
	runSoulCases(t, repo, []driftCase{
		{"twin: the forge's PR #23", "`src/` landed with PR #23, and the charts with it.", []string{"ref_missing #23"}},
	})

	// falkordb-mcp: Copilot's instructions link the root's files
	runDriftCases(t, repo, ".github/copilot-instructions.md", []driftCase{
		{"a root path linked from Copilot's instructions", "Tools are tested through the [`Backend`](src/backend.rs) trait.", nil},
		{"twin: a link to nothing", "Tools are tested through the [`Backend`](src/fake.rs) trait.", []string{"unanchored src/fake.rs"}},
	})
	runDriftCases(t, repo, ".github/CONTRIBUTING.md", []driftCase{
		{"twin: a page the forge shows resolves from its own place", "Tools are tested through the [`Backend`](src/backend.rs) trait.", []string{"evidence_file_missing src/backend.rs"}},
	})
}

// TestFortySixthHoldoutRemovals: a task list that orders files deleted names them absent on purpose
// (0soabood/aura_local's docs/GEMINI.md: "Then delete:" over three providers, "**Delete:**", and "TASK
// 4 — Delete auraStore_temp.ts" over "1. Read `src/stores/auraStore_temp.ts` — merge anything
// unique", all deleted by the commit that wrote the list). A list or a section that only names the
// files, or a removal heading naming another file, leaves a missing one drift.
func TestFortySixthHoldoutRemovals(t *testing.T) {
	g := newGitFixture(t)
	g.write("src/providers/Groq.ts", "export {}\n")
	g.write("src/providers/Vertex.ts", "export {}\n")
	g.write("src/stores/temp.ts", "export {}\n")
	g.write("src/stores/main.ts", "export {}\n")
	g.write("src/cache/lru.ts", "export {}\n")
	g.commit("2026-05-01T10:00:00Z", "init")
	g.remove("src/providers/Vertex.ts")
	g.remove("src/stores/temp.ts")
	g.remove("src/cache/lru.ts")
	g.commit("2026-06-01T10:00:00Z", "drop dead code")
	repo := g.open(t)

	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"a list after 'then delete:'", "Remove any import lines found. Then delete:\n\n- `src/providers/Groq.ts`\n- `src/providers/Vertex.ts`\n", nil},
		{"a list after a bold 'Delete:'", "**Delete:**\n\n- `src/stores/temp.ts`\n- `src/providers/Vertex.ts`\n", nil},
		{"twin: a list that only names them", "The providers:\n\n- `src/providers/Groq.ts`\n- `src/providers/Vertex.ts`\n", []string{"evidence_file_missing src/providers/Vertex.ts"}},
		{"a step under a heading that deletes the file", "### TASK 4 — Delete temp.ts\n\n1. Read `src/stores/temp.ts` — merge anything unique into `src/stores/main.ts`\n", nil},
		{"twin: a removal heading naming another file", "### TASK 5 — Delete the cache\n\n1. Read `src/stores/temp.ts` — merge anything unique into `src/stores/main.ts`\n", []string{"evidence_file_missing src/stores/temp.ts"}},
		{"a removal heading naming the directory", "### Remove the cache\n\n1. Move `src/cache/` callers to the store\n", nil},
		{"twin: a removal heading naming a longer word", "### Remove the caches of the store\n\n1. Move `src/cache/` callers to the store\n", []string{"evidence_file_missing src/cache/"}},
	})
}
