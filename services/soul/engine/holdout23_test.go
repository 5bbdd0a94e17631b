package engine_test

import "testing"

// TestTwentyThirdHoldoutClasses: a member of a Scala object nested in another with Scala 3's indented
// blocks (kyo's `Sync.Unsafe.defer`, with other files' `trait Unsafe`), beside its twin.
func TestTwentyThirdHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("core/src/main/scala/kyo/Sync.scala", "package kyo\n\nobject Sync:\n    inline def defer[A](inline f: => A): A = f\n\n    object Unsafe:\n        inline def defer[A](inline f: => A): A = f\n        def evalOrThrow[A](v: A): A = v\nend Sync\n")
	g.write("core/src/main/scala/kyo/AllowUnsafe.scala", "package kyo\n\ntrait Unsafe:\n    def embrace: Unit\n")
	g.commit("2026-05-01T10:00:00Z", "init")
	repo := g.open(t)

	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"a member of a nested object", "- Suspend a side effect with `Sync.Unsafe.defer`.", nil},
		{"twin: a member no object of that name has", "- Suspend a side effect with `Sync.Unsafe.suspendNow`.", []string{"unverified symbol_missing Sync.Unsafe.suspendNow"}},
	})
}

// TestPytestNodeIDs: a pytest node id names a test in a file, and the file is checked (sqlfluff's
// "pytest test/core/parser/grammar_test.py::test_sequence_matching", a file split in 2023).
func TestPytestNodeIDs(t *testing.T) {
	g := newGitFixture(t)
	g.write("test/core/parser/grammar_test.py", "def test_sequence_matching():\n    pass\n")
	g.write("test/core/parser/lexer_test.py", "def test_lex():\n    pass\n")
	g.commit("2023-08-01T10:00:00Z", "init")
	g.remove("test/core/parser/grammar_test.py")
	g.write("test/core/parser/grammar/grammar_sequence_test.py", "def test_sequence_matching():\n    pass\n")
	g.commit("2023-08-09T10:00:00Z", "split the grammar tests")
	repo := g.open(t)

	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"a node id in a file that is there", "```bash\npytest test/core/parser/lexer_test.py::test_lex -v\n```\n", nil},
		{"a node id in a test file named for the reader's", "```bash\npytest tests/path/test_file.py::test_function_name -v\npytest test/core/new_feature_test.py::test_x\n```\n", nil},
		{"a node id in a file gone", "```bash\npytest test/core/parser/grammar_test.py::test_sequence_matching -v\n```\n", []string{"evidence_file_missing test/core/parser/grammar_test.py"}},
	})
}

// TestTwentyFourthHoldoutBlocks: a command block that enters a scratch directory outside the repository
// runs there (ast-grep's "mkdir -p /tmp/test-project/src && cd /tmp/test-project"), and a file a command
// writes (`echo … > src/test.js`, `touch`, `tee`) is its output, not a claim; beside their twins.
func TestTwentyFourthHoldoutBlocks(t *testing.T) {
	g := newGitFixture(t)
	g.write("crates/core/src/lib.rs", "pub fn scan() {}\n")
	g.write("src/main.js", "console.log(1)\n")
	g.commit("2026-01-01T10:00:00Z", "init")
	g.remove("src/main.js")
	g.commit("2026-02-01T10:00:00Z", "move the sources under crates/")
	repo := g.open(t)

	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"a block in a scratch directory", "Scan a project:\n\n```bash\nmkdir -p /tmp/test-project/src && cd /tmp/test-project\nnode src/main.js\n```\n", nil},
		{"a file a redirect writes", "Write a sample:\n\n```bash\necho 'var y = 10;' > src/main.js\n```\n", nil},
		{"twin: the same file read in this checkout", "Run the sample:\n\n```bash\nnode src/main.js\n```\n", []string{"evidence_file_missing src/main.js"}},
	})
}

// TestNameEndings: a span that is the ending of names ("with `_test.rb` suffix") is no file, beside a
// bare file of that name that is gone.
func TestNameEndings(t *testing.T) {
	g := newGitFixture(t)
	g.write("test/server_test.rb", "class ServerTest; end\n")
	g.write("_config.rb", "CONFIG = {}\n")
	g.commit("2026-01-01T10:00:00Z", "init")
	g.remove("_config.rb")
	g.commit("2026-02-01T10:00:00Z", "drop the config file")
	repo := g.open(t)

	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"an ending of names", "- Test files are in `test/` directory with `_test.rb` suffix", nil},
		{"twin: a file of that shape gone", "- Settings are read from `_config.rb` at start-up", []string{"evidence_file_missing _config.rb"}},
	})
}
