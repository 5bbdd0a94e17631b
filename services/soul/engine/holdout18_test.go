package engine_test

import "testing"

// TestEighteenthHoldoutClasses: a file named foo under real directories (astro's `./test/foo.test.js`),
// an example export named foo that history once held (`./foo`), and a cited line that calls what the
// hint writes as an empty call (saleor's `F()` on `voucher.py:85`), each beside its twin.
func TestEighteenthHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("foo", "scratch\n")
	g.write("test/cli.test.js", "test('cli', () => {})\n")
	g.write("app/voucher.py", "from django.db.models import F\n\nvoucher.used = F(\"used\") + 1\n")
	g.commit("2026-06-01T10:00:00Z", "init")
	g.remove("foo")
	g.commit("2026-06-02T10:00:00Z", "drop the scratch file")
	repo := g.open(t)

	runDriftCases(t, repo, "CONTRIBUTING.md", []driftCase{
		{"a test file named foo", "Run one file with `node --test ./test/foo.test.js`.", nil},
		{"twin: a real test file gone", "Run one file with `node --test ./test/api.test.js`.", []string{"unverified unanchored ./test/api.test.js"}},
		{"an example export named foo", "**Example — public export `./foo`** (add to both maps):", nil},
		{"a cited line calling the hinted function", "| `F()` atomic increment | `app/voucher.py:3` | Counter updates |", nil},
		{"twin: a cited line that does not call it", "| `G()` atomic increment | `app/voucher.py:3` | Counter updates |", []string{"evidence_changed app/voucher.py:3"}},
	})
}
