package engine_test

import (
	"strings"
	"testing"
)

// TestHundredThirtyNinthHoldoutClasses: the false rows of the hundred-and-thirty-ninth holdout that were
// fixed, each beside a twin that stays a finding.
func TestHundredThirtyNinthHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("go.mod", "module example.com/cpm\n\ngo 1.25.0\n")
	g.write("mod.rs", "pub fn camera_name() {}\n")
	g.write("Makefile", "build:\n\tgo build ./...\n")
	g.write("rules/NORMATIVES.md", strings.Repeat("rule\n\n", 120)+strings.Repeat("\n", 3))
	g.write("rules/SHORT.md", strings.Repeat("rule\n", 40))
	g.write("core/types.ts", strings.Repeat("export type A = 1;\n", 2036)+strings.Repeat("\n", 300))
	g.write("backend/views.py", "x = 1\n")
	g.gone("2026-05-01T10:00:00Z", "2026-05-02T10:00:00Z", "app/features/home/AGENTS.md", "app/data/AGENTS.md",
		"backend/rules/styles/a.md", "backend/forms.py")
	repo := g.open(t)

	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		// Curio
		{"a list item marked as to come", "- (Future) `app/features/home/AGENTS.md` — per-screen contracts, added in Phase 3+.", nil},
		{"twin: the same item unmarked", "- `app/features/home/AGENTS.md` — per-screen contracts.", []string{"evidence_file_missing app/features/home/AGENTS.md"}},
		// novel-writer
		{"Chinese: an entry kept for a later extension", "- `backend/rules/styles/` — 写作风格模板（预留扩展）", nil},
		{"twin: Chinese, an entry described", "- `backend/rules/styles/` — 写作风格模板（已实现）", []string{"evidence_file_missing backend/rules/styles/"}},
		// cpm
		{"Chinese: the release that brought a syntax", "- 使用 Go 1.22+ 的新路由语法（支持路径参数如 `{id}`）", nil},
		{"twin: Chinese, the version the project needs", "- 需要 Go 1.22+", []string{"evidence_changed Go 1.22+"}},
		// PhotoExifAnalyzer
		{"two words joined, no make command", "- 相机名：`ExifData::camera_name()`（`mod.rs`）是 `make + model` 格式的单一来源", nil},
		{"twin: a make target", "- 构建：`make model`", []string{"unverified evidence_changed make model"}},
		// SIRES
		{"a ban's kinds of file", "Hard ban: critical business logic in `views.py`, `serializers.py`, `forms.py`, middleware, or helper utils.", nil},
		{"twin: the files a step edits", "Edit the business logic in `backend/views.py` and `backend/forms.py`.", []string{"evidence_file_missing backend/forms.py"}},
		// gentle-vanguard
		{"a count of the lines that hold text", "| NORMATIVES (index) | `rules/NORMATIVES.md` (120 lines) |", nil},
		{"twin: a count the lines that hold text are near, not within 5%", "- `core/types.ts` (~1844 lines) holds the types.", []string{"size_drift core/types.ts"}},
		{"twin: a count neither way holds", "| SHORT | `rules/SHORT.md` (120 lines) |", []string{"size_drift rules/SHORT.md"}},
		// githubintegration-poc
		{"a storage bucket's prefixes", "| Folder | Who writes | Notes |\n|---|---|---|\n| `uploads/` | App code at runtime | User uploads. Private — presigned URL. |\n| `exports/` | App code at runtime | Reports. Public — direct S3 URL. |", nil},
		{"twin: a folder of the checkout", "| Folder | Who writes | Notes |\n|---|---|---|\n| `uploads/` | Agent | Sample uploads for the tests. |", []string{"unanchored uploads/"}},
	})
}
