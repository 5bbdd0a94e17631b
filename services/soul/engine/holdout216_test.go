package engine_test

import "testing"

// TestTwoHundredSixteenthHoldoutClasses: the false rows of the two-hundred-and-sixteenth holdout that
// were fixed, each beside a twin that stays a finding.
func TestTwoHundredSixteenthHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("package.json", `{"name":"app","scripts":{"dev":"vite","pm2:dev":"pm2 start"}}`+"\n")
	g.write("plugins/look/web/index.ts", "// chip renders enum fields generically through FieldRenderer\nexport const look = 1\n")
	g.write("plugins/core/web/id.ts", "export function identity() {}\n")
	g.write("plugins/store/web/index.ts", "export enum Store { Memory }\nexport function evict() {}\n")
	g.commit("2026-06-01T10:00:00Z", "init")
	repo := g.open(t)

	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		// singularity: a comment's words read as a type
		{"a type named only in a comment", "This barrel registers the `FieldIdentity` in the `fields.identity` registry.", nil},
		{"twin: a member the type lacks", "Entries leave through `Store.identity` when full.", []string{"unverified evidence_changed Store.identity"}},
		// ScaledTest: commands the text forbids
		{"a script never to run", "**CRITICAL: NEVER use `npm run dev` or `npm run start` directly. ALWAYS use PM2.**", nil},
		{"twin: the script to run", "Start the server with `npm run start` after `npm run dev`.", []string{"unverified evidence_changed npm run start"}},
		{"a script under a forbidding comment", "```bash\n# ✅ CORRECT - Use PM2 for development server\nnpm run pm2:dev\n\n# ❌ FORBIDDEN - Never use npm run start directly\nnpm run start\n```", nil},
		{"twin: a script under an approving comment", "```bash\n# ✅ CORRECT - Use PM2 for development server\nnpm run pm2:dev\nnpm run start\n```", []string{"unverified evidence_changed npm run start"}},
		// ScaledTest: names of files not to make
		{"forbidden file patterns", "**FORBIDDEN root-level file patterns:**\n\n- Debug scripts: `debug-*.ts`, `check-*.ts`", nil},
		{"twin: the patterns as the repository's", "**Root-level file patterns:**\n\n- Debug scripts: `debug-*.ts`, `check-*.ts`", []string{"unverified evidence_file_missing debug-*.ts"}},
		// ios-stress-app: the skill files GitNexus installs, named in its block
		{"a tool's block", "<!-- gitnexus:start -->\n# GitNexus\n\n| Task | Skill |\n|---|---|\n| Explore | `.claude/skills/gitnexus/gitnexus-exploring/SKILL.md` |\n<!-- gitnexus:end -->", nil},
		{"twin: the same row outside it", "# GitNexus\n\n| Task | Skill |\n|---|---|\n| Explore | `.claude/skills/gitnexus/gitnexus-exploring/SKILL.md` |", []string{"unverified unanchored .claude/skills/gitnexus/gitnexus-exploring/SKILL.md"}},
	})
}
