package engine_test

import "testing"

// TestNinetiethHoldoutClasses: the false rows of the ninetieth holdout, each beside a twin that stays
// drift.
func TestNinetiethHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("package.json", `{"name":"pcb","scripts":{"shared:link":"node link.js"}}`+"\n")
	g.write("src/generated/ipc.ts", "export {}\n")
	g.write("src/utils/checkVer.ts", "export {}\n")
	g.write("frontend/.prettierignore", "static/admin\n")
	g.write("frontend/static/app.js", "//\n")
	g.gone("2026-04-01T10:00:00Z", "2026-04-02T10:00:00Z", "src/api/ipc.ts", "src/utils/aggregateInfo.ts",
		".eslintignore", "skill/scripts/bundle.cjs")
	g.commit("2026-05-01T10:00:00Z", "app")
	repo := g.open(t)
	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		// a name labelled forbidden after a dash
		{"a place labelled forbidden", "## Anti-patterns\n\n- `src/api/` — forbidden; all IPC via `src/generated/` auto-gen", nil},
		{"twin: a place labelled by its use", "## Layout\n\n- `src/api/` — the IPC layer; all calls via `src/generated/` auto-gen", []string{"evidence_file_missing src/api/"}},
		// "(deleted)" alone after a name
		{"a name said deleted in a parenthesis", "| `src/utils/checkVer.ts` | live `getHigherVer` — do not edit the dead duplicate that was in `src/utils/aggregateInfo.ts` (deleted) |", nil},
		{"twin: a name said kept in a parenthesis", "| `src/utils/checkVer.ts` | live `getHigherVer` — do not edit the duplicate in `src/utils/aggregateInfo.ts` (kept) |", []string{"evidence_file_missing src/utils/aggregateInfo.ts"}},
		// generated, said after the rule
		{"generated, said after the rule", "**Never edit `skill/scripts/bundle.cjs` directly** — it is generated.", nil},
		{"twin: the source, said after the rule", "**Always edit `skill/scripts/bundle.cjs` directly** — it is the source.", []string{"evidence_file_missing skill/scripts/bundle.cjs"}},
		// a path in a sibling checkout the claim names one level up
		{"a sibling checkout's file", "Run `npm run shared:link` to point this app at a sibling `../shared/` checkout. See `shared/DEVELOPING.md` for the workflow.", nil},
	})
	runDriftCases(t, repo, "frontend/static/AGENTS.md", []driftCase{
		// a dotfile a tool finds up the directories
		{"a dotfile one directory up", "- The formatter skips what `.prettierignore` lists.", nil},
		{"twin: a dotfile gone from the root", "- The lint skips what `.eslintignore` lists.", []string{"evidence_file_missing .eslintignore"}},
	})
}

// TestNinetiethHoldoutFrameworks: "Zod v4" over zod 3.25 and later, which ships Zod 4 at "zod/v4"
// (litefuse, twice); before 3.25 there is no Zod 4 to speak of. A major's release name ("React 18.0",
// as "Tauri 2.0" was written in rounds 82 and 85) is the line it opened, not its first minor.
func TestNinetiethHoldoutFrameworks(t *testing.T) {
	for _, tc := range []struct {
		name, manifest, body string
		want                 []string
	}{
		{"zod 3.25 ships Zod 4", `{"name":"w","dependencies":{"zod":"^3.25.62","react":"^18.3.1"}}`, "- Schemas use Zod v4 in `src/schema.ts`.", nil},
		{"twin: zod 3.22 has no Zod 4", `{"name":"w","dependencies":{"zod":"^3.22.0","react":"^18.3.1"}}`, "- Schemas use Zod v4 in `src/schema.ts`.", []string{"evidence_changed Zod v4"}},
		{"a major's release name", `{"name":"w","dependencies":{"zod":"^3.22.0","react":"^18.3.1"}}`, "- **React 18.0**: components are functions, in `src/schema.ts`.", nil},
		{"twin: a minor the manifest moved past", `{"name":"w","dependencies":{"zod":"^3.22.0","react":"^18.3.1"}}`, "- **React 18.1**: components are functions, in `src/schema.ts`.", []string{"evidence_changed React 18.1"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := newGitFixture(t)
			g.write("package.json", tc.manifest+"\n")
			g.write("src/schema.ts", "export {}\n")
			g.commit("2026-05-01T10:00:00Z", "app")
			assertDrift(t, findingsOf(t, g.open(t), "AGENTS.md", notes(tc.body)), tc.want)
		})
	}
}
