package engine_test

import (
	"strings"
	"testing"

	"github.com/organism-dev/organism/services/soul/engine"
)

// TestLongLinesKeepOffsets: a front matter line longer than the parser's indent cap (koel's docs page,
// a 110-character `description:`) and a line indented past it shift nothing after them: the headline,
// each claim's text and each anchor read the document as written (the twenty-ninth holdout: headline
// "ontributing.", a link cut to `./guide/getti`, 10 claims of 72 lines).
func TestLongLinesKeepOffsets(t *testing.T) {
	long := strings.Repeat("x", 120)
	deep := strings.Repeat(" ", 130) + "deep"
	src := "---\ndescription: " + long + "\n---\n\n# Local Development\n\n" + deep + "\n\n## Setup\n\nFor more, read [the requirements](./guide/getting-started.md#requirements).\n\nBuild with `make build` and test with `make test`.\n"
	soul, err := engine.Parse("docs/development.md", []byte(src), engine.ParseOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if soul.Headline != "Local Development" {
		t.Errorf("headline: got %q, want %q", soul.Headline, "Local Development")
	}
	want := map[string]bool{"./guide/getting-started.md": false, "make build": false, "make test": false}
	for _, c := range soul.Claims {
		if strings.Contains(c.Text, "xxx") {
			t.Errorf("a claim holds the front matter: %q", c.Text)
		}
		for _, a := range c.Anchors {
			if _, ok := want[a.Ref]; ok {
				want[a.Ref] = true
			}
		}
	}
	for ref, seen := range want {
		if !seen {
			t.Errorf("no anchor %q; claims: %q", ref, texts(soul))
		}
	}
}

func texts(s *engine.Soul) []string {
	var out []string
	for _, c := range s.Claims {
		out = append(out, c.Text)
	}
	return out
}

// TestSitePageLinks: a link without an extension names the page a documentation site builds from the
// markdown file beside it (koel's "[Requirements section](./guide/getting-started#requirements)" for
// docs/guide/getting-started.md). A link to a page no file makes is still broken.
func TestSitePageLinks(t *testing.T) {
	g := newGitFixture(t)
	g.write("docs/guide/getting-started.md", "# Getting started\n\n## Requirements\n")
	g.write("docs/api/index.md", "# API\n")
	g.commit("2026-05-01T10:00:00Z", "init")
	repo := g.open(t)

	runDriftCases(t, repo, "docs/development.md", []driftCase{
		{"a page from its markdown file", "For more requirements, refer to the [Requirements section](./guide/getting-started#requirements).", nil},
		{"a page from a directory's index", "The [API reference](./api/) lists every endpoint.", nil},
		{"twin: a page no file makes", "For more requirements, refer to the [Requirements section](./guide/installing#requirements).", []string{"unanchored ./guide/installing"}},
	})
}

// TestBlockInThisCheckoutByPath: a block that changes into a path ending in this repository's name
// runs here ("cd /path/to/erlmcp" then four make targets the Makefile lost: erlmcp's DEVELOPMENT.md,
// the twenty-ninth holdout), where a scratch directory outside it is another tree.
func TestBlockInThisCheckoutByPath(t *testing.T) {
	g := newGitFixture(t)
	g.write("go.mod", "module github.com/acme/widget\n\ngo 1.22\n")
	g.write("Makefile", "build:\n\tgo build ./...\n\ntest-unit:\n\tgo test ./...\n")
	g.commit("2026-05-01T10:00:00Z", "init")
	g.write("Makefile", "build:\n\tgo build ./...\n")
	g.commit("2026-05-02T10:00:00Z", "one target")
	repo := g.open(t)

	runDriftCases(t, repo, "DEVELOPMENT.md", []driftCase{
		{"a placeholder path to this checkout", "Start the loop:\n\n```bash\ncd /path/to/widget\nmake test-unit\n```", []string{"evidence_changed make test-unit"}},
		{"a home path to this checkout", "Start the loop:\n\n```bash\ncd ~/src/widget\nmake test-unit\n```", []string{"evidence_changed make test-unit"}},
		{"twin: a scratch directory", "Try it out:\n\n```bash\ncd /tmp/test-project\nmake test-unit\n```", nil},
	})
}
