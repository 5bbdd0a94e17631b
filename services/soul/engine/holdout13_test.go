package engine_test

import "testing"

// TestThirteenthHoldoutClasses: sibling directories written as one slashed name (openrewrite's
// `rewrite-java-8/11/17/21/25`), beside its twins: a family with a member the repository lacks, and a
// real path under one of the family's directories.
func TestThirteenthHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	for _, d := range []string{"rewrite-java-8", "rewrite-java-11", "rewrite-java-17", "rewrite-json", "rewrite-yaml", "rewrite-xml", "lang_go", "lang_rust"} {
		g.write(d+"/build.gradle.kts", "plugins {}\n")
	}
	g.commit("2026-06-01T10:00:00Z", "init")
	repo := g.open(t)

	runDriftCases(t, repo, "CLAUDE.md", []driftCase{
		{"versions of one module", "- **`rewrite-java-8/11/17`**: Java version-specific features", nil},
		{"formats of one family", "- **`rewrite-json/yaml/xml`**: Configuration and data formats", nil},
		{"an underscore family", "- `lang_go/rust`: the language crates", nil},
		{"twin: a member the family lacks", "- **`rewrite-java-8/11/21`**: Java version-specific features", []string{"evidence_file_missing rewrite-java-8/11/21"}},
		{"twin: a path under a family's directory", "- `rewrite-json/src/main`: the JSON parser's sources", []string{"evidence_file_missing rewrite-json/src/main"}},
	})
}

// TestThirteenthHoldoutBraces: a brace group names several paths (crewAI's `docs/{ar,ko,pt-BR}/`,
// moved with `docs/en/`), each checked as a path, beside twins: a group whose paths are all there, a
// braced glob, and a placeholder in braces.
func TestThirteenthHoldoutBraces(t *testing.T) {
	g := newGitFixture(t)
	for _, l := range []string{"en", "ar", "ko"} {
		g.write("docs/"+l+"/index.mdx", "# "+l+"\n")
	}
	g.write("src/app.ts", "export const app = 1\n")
	g.commit("2026-06-01T10:00:00Z", "init")
	for _, l := range []string{"en", "ar", "ko"} {
		g.git("mv", "docs/"+l, "docs/edge-"+l)
	}
	g.commit("2026-06-02T10:00:00Z", "move the docs")
	repo := g.open(t)

	runDriftCases(t, repo, "CONTRIBUTING.md", []driftCase{
		{"a brace group of moved directories", "- Update translations in `docs/{ar,ko}/` to maintain parity", []string{"evidence_file_missing docs/ar/", "evidence_file_missing docs/ko/"}},
		{"twin: a brace group of directories that are there", "- Update translations in `docs/edge-{ar,ko}/` to maintain parity", nil},
		{"twin: a braced glob", "- Format `src/**/*.{ts,tsx}` before you commit", nil},
		{"twin: a placeholder in braces", "- Each language lives in `docs/{lang}/`", nil},
	})
}
