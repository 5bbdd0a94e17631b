package engine_test

import "testing"

// TestNinetySixthHoldoutClasses: the false rows of the ninety-sixth holdout, each beside a twin that
// stays drift.
func TestNinetySixthHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("README.md", "# x\n")
	g.write("examples/hello/a-hello.typ", "x\n")
	g.write("static/app.css", "x\n")
	g.gone("2026-04-01T10:00:00Z", "2026-04-02T10:00:00Z", "examples/errors/g-error.typ", "static/styles_old.css", "static/theme.css")
	g.commit("2026-05-01T10:00:00Z", "app")
	repo := g.open(t)
	runDriftCases(t, repo, "examples/CLAUDE.md", []driftCase{
		// a status table's rows still to come
		{"a row not yet created", "| Directory | File | Status |\n|---|---|---|\n| `hello/` | `a-hello.typ` | done |\n| `struct/` | `b-struct.typ` | not yet created |", nil},
		{"twin: a row said done", "| Directory | File | Status |\n|---|---|---|\n| `hello/` | `a-hello.typ` | done |\n| `errors/` | `g-error.typ` | done |", []string{"evidence_file_missing errors/"}},
	})
	runDriftCases(t, repo, "static/CLAUDE.md", []driftCase{
		// a kind of file the reader must not add
		{"not a new file of a kind", "- New CSS belongs in an existing bundle (`app.css`), not a new `styles_*.css`.", nil},
		{"twin: files of that kind said to hold it", "- New CSS belongs in an existing bundle (`app.css`), beside the `styles_*.css` files.", []string{"evidence_file_missing styles_*.css"}},
	})
}

// TestNinetySixthHoldoutShippedTemplate: a document whose opening says it is downloaded into the
// reader's project names that project's directories (lolek-mcp-server's examples/CLAUDE.md, five rows);
// a name this repository had and lost stays drift, and the same names in an ordinary document do too.
func TestNinetySixthHoldoutShippedTemplate(t *testing.T) {
	g := newGitFixture(t)
	g.write("README.md", "# x\n")
	g.gone("2026-04-01T10:00:00Z", "2026-04-02T10:00:00Z", "tools/rules.ts")
	g.commit("2026-05-01T10:00:00Z", "app")
	repo := g.open(t)
	head := "# Application Rules\n\n**USAGE**: Download this file to your project for consistent agent behavior.\n\n"
	body := "### Key Directories\n- `src/app/` - Next.js App Router pages and layouts\n- `src/lib/` - Utility functions\n- `tools/rules.ts` - the rules"
	runDriftCases(t, repo, "examples/CLAUDE.md", []driftCase{
		{"a template for readers' projects", head + body, []string{"evidence_file_missing tools/rules.ts"}},
		{"twin: an ordinary document", "# Application Rules\n\n" + body, []string{"unanchored src/app/", "unanchored src/lib/", "evidence_file_missing tools/rules.ts"}},
	})
	// attack: a soul (SOUL-INV-1) cannot silence the names its verifiable tissue cites by saying in its
	// opening that it is to be copied into its readers' projects
	runDriftCases(t, repo, "PATHOS.md", []driftCase{
		{"attack: a soul that calls itself a template keeps its drift", "# PATHOS\n\n**USAGE**: Download this file to your project.\n\n## Current state\n\n- `src/app/` holds the routes.", []string{"unanchored src/app/"}},
	})
}
