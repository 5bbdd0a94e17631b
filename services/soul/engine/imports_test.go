package engine_test

import (
	"strings"
	"testing"

	"github.com/organism-dev/organism/services/soul/engine"
)

// TestImportLines: a line `@path` of its own is Claude Code's import, a strong assertion that the file
// exists relative to the importing document: missing at HEAD it is drift, with history's gone or
// renamed evidence, traceless or not. Each twin that only looks like one (an e-mail, a mention, an
// npm scope, a decorator, code) is no import, and a per-user import is never checked.
func TestImportLines(t *testing.T) {
	g := newGitFixture(t)
	g.write("main.go", "package main\n\nfunc main() {}\n")
	g.write("AGENTS.md", "# Agents\n\nRun `go test ./...`.\n")
	g.write("docs/agents.md", "# Agents\n")
	g.write("docs/setup.md", "# Setup\n")
	g.write("docs/rules.md", "# Rules\n")
	g.commit("2026-06-01T10:00:00Z", "init")
	g.git("mv", "docs/setup.md", "docs/guide-setup.md")
	g.remove("docs/rules.md")
	g.commit("2026-06-02T10:00:00Z", "docs: move setup, drop rules")
	repo := g.open(t)
	tests := []struct {
		name, doc, body string
		want            []string
	}{
		{"an import of a file that exists", "CLAUDE.md", "@AGENTS.md", nil},
		{"an import under a directory", "CLAUDE.md", "@docs/agents.md", nil},
		{"an import written ./", "CLAUDE.md", "@./docs/agents.md", nil},
		{"an import relative to a nested document", "docs/CLAUDE.md", "@agents.md", nil},
		{"an import ../ from a nested document", "docs/CLAUDE.md", "@../AGENTS.md", nil},
		{"a traceless import is drift, not unverified", "CLAUDE.md", "@HOOKS.md", []string{"unanchored @HOOKS.md"}},
		{"a nested document imports from its own directory", "pkg/CLAUDE.md", "@AGENTS.md", []string{"unanchored @AGENTS.md"}},
		{"an import of a removed file", "CLAUDE.md", "@docs/rules.md", []string{"evidence_file_missing @docs/rules.md"}},
		{"an import of a renamed file", "CLAUDE.md", "@docs/setup.md", []string{"evidence_file_missing @docs/setup.md"}},
		{"imports amid prose", "CLAUDE.md", "Read these first.\n@AGENTS.md\n@docs/rules.md\n\nThen run the tests.", []string{"evidence_file_missing @docs/rules.md"}},
		{"a per-user import is never checked", "CLAUDE.md", "@~/.claude/my-notes.md", nil},
		{"an absolute import is never checked", "CLAUDE.md", "@/etc/agents/rules.md", nil},
		// twins: none is an import
		{"an e-mail address", "CLAUDE.md", "Write to maintainer@HOOKS.md about it.", nil},
		{"a mention", "CLAUDE.md", "@octocat", nil},
		{"an npm scope", "CLAUDE.md", "@scope/pkg", nil},
		{"a decorator", "CLAUDE.md", "@Override", nil},
		{"a dotted decorator", "CLAUDE.md", "@app.route", nil},
		{"an import word inside a sentence", "CLAUDE.md", "We once kept @HOOKS.md here as the list of hooks.", nil},
		{"a code span", "CLAUDE.md", "`@HOOKS.md`", nil},
		{"a fence", "CLAUDE.md", "```\n@HOOKS.md\n```", nil},
		{"an indented code block", "CLAUDE.md", "    @HOOKS.md", nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			assertDrift(t, findingsOf(t, repo, tc.doc, []byte(tc.body+"\n")), tc.want)
		})
	}
	t.Run("a renamed import says where it went", func(t *testing.T) {
		got := driftLabeled(t, repo, "CLAUDE.md", []byte("@docs/setup.md\n"), func(f engine.Finding) string { return f.Detail })
		if len(got) != 1 || !strings.Contains(got[0], "docs/guide-setup.md") {
			t.Errorf("got details %q, want one naming docs/guide-setup.md", got)
		}
	})
}

// TestImportsOnly: a document is only imports when every non-blank line imports a file of this
// repository; prose, a per-user import or an import leaving the repository makes it a document.
func TestImportsOnly(t *testing.T) {
	tests := []struct {
		name, doc, body string
		want            string // the imported paths, "" when the document is not only imports
	}{
		{"one import", "CLAUDE.md", "@AGENTS.md\n", "AGENTS.md"},
		{"one import with blank lines", "CLAUDE.md", "\n@AGENTS.md\n\n", "AGENTS.md"},
		{"nested, relative to the document", "web/CLAUDE.md", "@./AGENTS.md\n", "web/AGENTS.md"},
		{"two imports", "CLAUDE.md", "@AGENTS.md\n@docs/style.md\n", "AGENTS.md docs/style.md"},
		{"prose and an import", "CLAUDE.md", "# Claude\n\n@AGENTS.md\n", ""},
		{"a per-user import beside", "CLAUDE.md", "@AGENTS.md\n@~/.claude/mine.md\n", ""},
		{"an import leaving the repository", "CLAUDE.md", "@../other/AGENTS.md\n", ""},
		{"a mention", "CLAUDE.md", "@octocat\n", ""},
		{"empty", "CLAUDE.md", "\n", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			paths, ok := engine.ImportsOnly(tc.doc, []byte(tc.body))
			if got := strings.Join(paths, " "); got != tc.want || ok != (tc.want != "") {
				t.Errorf("got %q (only imports %v), want %q", got, ok, tc.want)
			}
		})
	}
}
