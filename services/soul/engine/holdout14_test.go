package engine_test

import "testing"

// TestFourteenthHoldoutClasses: a Java field declared with its type (fory's `Types.BOOL`), a sibling
// checkout the sentence asks about ("check whether `../x` already exists"), make in a project whose
// Makefile configure writes (htop), and a dot-file each of many directories holds (devenv's
// `.test-config.yml`), each beside its twin.
func TestFourteenthHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("java/org/x/Types.java", "package org.x;\n\npublic class Types {\n    public static final int BOOL = 1;\n    public static final int STRING = 13;\n\n    public static <T> Serializer<T> newSerializer(Class<T> c) {\n        return null;\n    }\n\n    public static int size() {\n        return LIMIT;\n    }\n}\n")
	g.write("java/org/x/Other.java", "package org.x;\n\npublic class Other {\n    public static final int LIMIT = 2;\n}\n")
	g.write("configure.ac", "AC_INIT([htop], [3.4])\n")
	g.write("Makefile.am", "bin_PROGRAMS = htop\n")
	g.write("autogen.sh", "#!/bin/sh\nautoreconf -fi\n")
	g.write(".test-config.yml", "root: true\n")
	g.write(".only-once.yml", "root: true\n")
	g.write("examples/a/.test-config.yml", "a: 1\n")
	g.write("examples/b/.test-config.yml", "b: 1\n")
	g.write("examples/a/.only-once.yml", "a: 1\n")
	g.commit("2026-06-01T10:00:00Z", "init")
	g.remove(".test-config.yml")
	g.remove(".only-once.yml")
	g.commit("2026-06-02T10:00:00Z", "per-example configs")
	repo := g.open(t)

	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"a Java field declared with its type", "In native mode only `Types.BOOL` through `Types.STRING` share type ids.", nil},
		{"a generic static method with its return type", "Build one with `Types.newSerializer()`.", nil},
		{"twin: a member the type only uses", "The cap is `Types.LIMIT`, read by every writer.", []string{"unverified symbol_missing Types.LIMIT"}},
		{"a sibling checkout the sentence asks about", "- When comparing benchmark results, use a separate sibling worktree named `fory-benchmark-baseline` by default. Before creating a new worktree, check whether `../fory-benchmark-baseline` already exists and reuse it.", nil},
		{"twin: a sibling checkout said to hold the fix", "- When comparing benchmark results, the sibling worktree `../fory-benchmark-baseline` may hold the fix.", []string{"expired "}},
		{"make where configure writes the Makefile", "Build it:\n\n```sh\n./autogen.sh && ./configure && make\n```", nil},
		// (written without the source's "(optional)", which holds a name by itself since the
		// two-hundred-and-eighteenth round)
		{"a dot-file each of many directories holds", "Each test is a directory containing:\n\n- `.test-config.yml` - Test configuration", nil},
		{"twin: a dot-file one directory holds, gone from the root", "Each test is a directory containing:\n\n- `.only-once.yml` - Test configuration", []string{"evidence_file_missing .only-once.yml"}},
	})

	bare := newGitFixture(t)
	bare.write("main.c", "int main(void) { return 0; }\n")
	bare.commit("2026-06-01T10:00:00Z", "init")
	runDriftCases(t, bare.open(t), "AGENTS.md", []driftCase{
		{"twin: make with no Makefile and nothing to write one", "Build it:\n\n```sh\nmake\n```", []string{"evidence_file_missing make"}},
	})
}
