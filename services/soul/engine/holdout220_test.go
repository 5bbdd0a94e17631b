package engine_test

import "testing"

// TestTwoHundredTwentiethHoldoutClasses: the false rows of the two-hundred-and-twentieth holdout that
// were fixed, each beside a twin that stays a finding.
func TestTwoHundredTwentiethHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("backend/server.js", "x\n")
	g.write("backend/db.js", "x\n")
	g.write("app/main.py", "x\n")
	g.write("frontend/data/history.js", "x\n")
	g.write("app/settings/base.py", "x\n")
	g.commit("2026-06-01T10:00:00Z", "init")
	g.remove("app/settings/base.py")
	g.commit("2026-06-02T10:00:00Z", "settings move to the environment")
	repo := g.open(t)

	tree := "```\nSLA Dashboard/\n├── CLAUDE.md                   ← This file\n├── backend/\n│   ├── db.js                   ← Complete\n│   ├── server.js               ← Expand with real endpoints\n│   └── routes/                 ← Optional: split endpoints into separate files\n│       ├── teams.js\n│       └── history.js\n├── frontend/\n│   └── data/\n│       └── history.js          ← DELETE after Phase 4\n```"
	runDriftCases(t, repo, "frontend/src/CLAUDE.md", []driftCase{
		// sla-dashboard: a numbered heading that calls its tree the target state
		{"a target state's tree", "## 19. Recommended Project Structure (Target State)\n\n" + tree, []string{"unverified unanchored backend/routes/"}},
		{"a numbered recommended structure", "## 7. Recommended Project Structure\n\n" + tree, []string{"unverified unanchored backend/routes/"}},
		{"twin: the tree as it is", "## 19. Project Structure\n\n" + tree, []string{"evidence_file_missing backend/routes/"}},
		// AI-English-Teaching: providers joined by slashes, the last written in Chinese
		{"names in two scripts", "**AI服务集成**: OpenAI/Anthropic/智谱AI API调用", nil},
		{"twin: a folder word after the slash", "**配置**: 写在 app/settings/目录下", []string{"evidence_file_missing app/settings/"}},
	})
}
