package engine_test

import (
	"strings"
	"testing"
)

// TestHundredTwentyEighthHoldoutClasses: the false rows of the hundred-and-twenty-eighth holdout that
// were fixed, each beside a twin that stays drift.
func TestHundredTwentyEighthHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("services/api/src/server.ts", "export function createApiServer() {}\nexport function start() {}\n"+strings.Repeat("x\n", 640))
	g.write("src/model.py", strings.Repeat("x = 1\n", 120))
	g.write("app/views/ocr/old.html.erb", "x\n")
	g.write("db/seeds/demo/wondong_users.yml", "a: 1\n")
	g.commit("2026-05-01T10:00:00Z", "app")
	g.remove("app/views/ocr/old.html.erb")
	g.remove("db/seeds/demo/wondong_users.yml")
	g.write("db/seeds/demo/sample_users.yml", "a: 1\n")
	g.commit("2026-05-02T10:00:00Z", "rename the demo school")
	repo := g.open(t)
	runDriftCases(t, repo, "CLAUDE.md", []driftCase{
		{"a distance inside a file", "- `services/api/src/server.ts` declares `createApiServer` and calls it 195 lines below in `start()`.", nil},
		{"a tool's output counted in lines", "- `LC_ALL=C grep -rn Edits services/api/src/server.ts` prints 7 lines.", nil},
		{"twin: the file's own size", "- `services/api/src/server.ts` is about 195 lines.", []string{"size_drift services/api/src/server.ts"}},
		{"a ratio before the word line", "- `src/model.py` calibrates where the 50/50 line falls, not the ordering.", nil},
		{"twin: the model's size", "- `src/model.py` is about 50 lines.", []string{"size_drift src/model.py"}},
		{"Korean: a folder with no views", "- `app/views/ocr/` — (뷰 없음) 업로드 후 편집 화면으로 이동한다.", nil},
		{"twin: Korean, the folder's views", "- `app/views/ocr/` — 업로드 화면.", []string{"evidence_file_missing app/views/ocr/"}},
		{"Korean: a file's former name", "- `db/seeds/demo/sample_*.yml`(구 `wondong_*.yml`)", nil},
	})
}
