package engine_test

import (
	"strings"
	"testing"
)

// TestHundredTwentyFourthHoldoutClasses: the false rows of the hundred-and-twenty-fourth holdout that
// were fixed, each beside a twin that stays drift.
func TestHundredTwentyFourthHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("src/OrderBook.sol", "contract OrderBook {}\n")
	g.write("app/loading.tsx", "export {}\n")
	g.write("packages/shared/index.ts", "export {}\n")
	g.write("app.json", "{}\n")
	g.write("rs/src/prn.rs", "pub fn prn() {}\n")
	g.write("test/helpers/fixture.js", strings.Repeat("x\n", 140))
	g.write("test/Core.create.test.js", "test()\n")
	g.commit("2026-05-01T10:00:00Z", "app")
	g.remove("src/OrderBook.sol")
	g.remove("app/loading.tsx")
	g.remove("packages/shared/index.ts")
	g.remove("app.json")
	g.write("src/Clob.sol", "contract Clob {}\n")
	g.commit("2026-05-02T10:00:00Z", "rewrite")
	g.git("mv", "rs/src/prn.rs", "rs/src/resource_name.rs")
	g.commit("2026-05-03T10:00:00Z", "avoid a reserved name")
	repo := g.open(t)
	runDriftCases(t, repo, "CLAUDE.md", []driftCase{
		{"a template's placeholder change", "### Files Modified\n- `src/OrderBook.sol`: Added feature X\n- `test/OrderBook.t.sol`: Tests for feature X", nil},
		{"twin: a file the list says holds the book", "### Files\n- `src/OrderBook.sol`: the order book", []string{"evidence_file_missing src/OrderBook.sol"}},
		{"a numbered step adds a file", "### Add a page\n\n1. Fetch the data on the server\n2. Add `loading.tsx` when data can block rendering", nil},
		{"twin: a bullet that says a file was added", "- `loading.tsx` shows the spinner while data loads.", []string{"evidence_file_missing loading.tsx"}},
		{"Korean: no such directory", "공용 `packages/` 디렉토리는 없으며, 공유 로직은 각 앱 내부에 위치합니다.", nil},
		{"twin: Korean, the directory holds it", "공용 `packages/` 디렉토리에 공유 로직이 있습니다.", []string{"evidence_file_missing packages/"}},
		{"Korean: a stub a wrong command creates", "- EAS 명령은 항상 `cd apps/mobile`에서 실행. 루트에서 돌리면 빈 `app.json` stub이 생성됨", nil},
		{"twin: Korean, the settings are in the file", "- 앱 설정은 `app.json`에 있음", []string{"evidence_file_missing app.json"}},
		{"a size of each of a set", "The suite is split across files matched by `Core.*.test.js`, each ≤200 LOC, all sharing `test/helpers/fixture.js`.", nil},
		{"a bound written as a sign", "- `test/helpers/fixture.js` (≤ 200 lines) holds the fixtures.", nil},
		{"twin: a bound the file passes", "- `test/helpers/fixture.js` (≤ 50 lines) holds the fixtures.", []string{"size_drift test/helpers/fixture.js"}},
		{"a rename written as an arrow", "- The bad path reds main after merge (SMA-448: `prn.rs` → `resource_name.rs`).", nil},
		{"twin: the old name as the place", "- `prn.rs` mints the names.", []string{"evidence_file_missing prn.rs"}},
	})
}
