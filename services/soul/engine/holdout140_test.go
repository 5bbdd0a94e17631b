package engine_test

import (
	"strings"
	"testing"
)

// TestHundredFortiethHoldoutClasses: the false rows of the hundred-and-fortieth holdout that were fixed,
// each beside a twin that stays a finding.
func TestHundredFortiethHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("server/config.example.json", "{}\n")
	g.write("python/main.py", "x = 1\n")
	g.write("src/modules/users/a.ts", "export {}\n")
	g.write("web/viewer.js", strings.Repeat("let a = 1;\n", 4)+"throw new SyntaxError('x');\n"+strings.Repeat("let b = 2;\n", 14)+
		"this._contentDispositionFilename ??= contentDispositionFilename;\n"+strings.Repeat("let c = 3;\n", 10))
	g.gone("2026-05-01T10:00:00Z", "2026-05-02T10:00:00Z", "server/config.json", "server/secrets.json", "server/app.py",
		"user/a.ts", "design/gallery/_test-normalized/a.png", "backend/app.py", "src/plugins/process.py")
	repo := g.open(t)

	runDriftCases(t, repo, "server/CLAUDE.md", []driftCase{
		// Personal-Dashboard
		{"a file each checkout makes from its tracked template", "Codex reads local session files (configurable cadence via `config.json`).", nil},
		{"twin: a file with no template", "Codex reads local session files (configurable cadence via `secrets.json`).", []string{"evidence_file_missing secrets.json"}},
	})
	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		// ShiBanChuanQi
		{"Chinese: a place set against the one that holds it", "**后端位置**：`python/` (非 `backend/`)", nil},
		{"twin: Chinese, the place given", "**后端位置**：`backend/`", []string{"evidence_file_missing backend/"}},
		// FuckSchools backend
		{"modules a module should be split into", "- **Module `userCollections`**: Should likely be split into separate `user/` and `project/` modules.", nil},
		{"twin: modules it is split into", "- **Module `userCollections`**: It is split into separate `user/` and `src/modules/users/` modules.", []string{"evidence_file_missing user/"}},
		// robert-hoffmann
		{"a directory the sentence calls ignored", "`design/gallery/_test-normalized/` is ignored temporary review output.", nil},
		{"twin: a directory the sentence calls the gallery", "`design/gallery/_test-normalized/` is the normalized gallery.", []string{"evidence_file_missing design/gallery/_test-normalized/"}},
		// AI-ClaudeCat
		{"Chinese: a heading that says its files were removed", "### ❌ 移除（归档到 `backup/`）\n\n2. **ProcessPlugin** (`src/plugins/process.py`)", nil},
		{"twin: Chinese, a heading that says its files were added", "### ✅ 新增\n\n2. **ProcessPlugin** (`src/plugins/process.py`)", []string{"evidence_file_missing src/plugins/process.py"}},
		// vnote
		{"a cited line quoted up to an ellipsis", "The two `SyntaxError`s in the log are exactly `web/viewer.js:20` (`this._contentDispositionFilename ??= …`).", nil},
		{"twin: a cited line that holds neither the quote nor its words", "The two `SyntaxError`s in the log are exactly `web/viewer.js:24` (`this._contentDispositionFilename ??= …`).", []string{"line_drift web/viewer.js:24"}},
		// com-chr
		{"Korean: files under a heading of things to come", "## Stack C (향후)\n- `engine/evolution.ts` — 레벨업/진화 판정", []string{"unverified unanchored engine/evolution.ts"}},
		{"twin: Korean, files under a plain heading", "## Stack C\n- `engine/evolution.ts` — 레벨업/진화 판정", []string{"unanchored engine/evolution.ts"}},
	})
}
