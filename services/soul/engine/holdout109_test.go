package engine_test

import "testing"

// TestHundredNinthHoldoutClasses: the false rows of the hundred-and-ninth holdout that were fixed, each
// beside a twin that stays drift.
func TestHundredNinthHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("README.md", "# x\n")
	g.write("widgets/header/LandingHeader.tsx", "export {}\n")
	g.write("mockups/home.html", "<html></html>\n")
	g.write("app/parser/parse.py", "x = 1\n")
	g.commit("2026-05-01T10:00:00Z", "app")
	g.remove("mockups/home.html")
	g.remove("app/parser/parse.py")
	g.commit("2026-05-02T10:00:00Z", "drop mockups")
	repo := g.open(t)
	runDriftCases(t, repo, "CLAUDE.md", []driftCase{
		{"a module written as an import", "| `widgets/header/LandingHeader` | 랜딩 전용 헤더 |", nil},
		{"twin: a module no file is", "| `widgets/header/StudentHeader` | 학생 헤더 |", []string{"evidence_file_missing widgets/header/StudentHeader"}},
		{"not currently on disk", "- `mockups/` is referenced by convention docs but is not currently present on disk.", nil},
		{"currently not on disk", "- Design reference: `mockups/` (currently not on disk; preserve existing patterns)", nil},
		{"twin: currently there", "- Design reference: `mockups/` (currently the source of truth)", []string{"expired mockups/"}},
		{"files of the original repository", "원본 레포에서 다음 파일들을 참조하여 재구현:\n\n1. **검색 관련**: `app/search_adapter/hybrid.py`\n2. **파서 관련**: `app/parser/parse.py`", nil},
		{"twin: files of this repository", "다음 파일들을 참조하여 재구현:\n\n1. **검색 관련**: `app/search_adapter/hybrid.py`", []string{"unverified unanchored app/search_adapter/hybrid.py"}},
	})
}
