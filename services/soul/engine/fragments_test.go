package engine_test

import "testing"

// TestHeadingLinks: a link to a heading of the document itself holds when a heading or an explicit
// anchor gives the name, however a forge or a site spells it; one no heading gives is drift (the
// twenty-ninth holdout's coolify: a table of contents linking "#7-create-a-pull-request" under six
// numbered headings).
func TestHeadingLinks(t *testing.T) {
	g := newGitFixture(t)
	g.write("README.md", "# app\n")
	g.commit("2026-05-01T10:00:00Z", "init")
	repo := g.open(t)

	body := func(link string) string {
		return "# Development\n\n## Contents\n\n- [Go there](" + link + ")\n\n" +
			"## 1. Set up your machine\n\nText.\n\n## 🚀 Quick start\n\nText.\n\n## Testing\n\nText.\n\n## Testing\n\nAgain.\n\n" +
			"## Release process {#releasing}\n\nText.\n\n## Choosing a task [![Join the chat at https://gitter.im/x/y](https://badges.gitter.im/Join%20Chat.svg)](https://gitter.im/x/y)\n\nText.\n\n<a name=\"legacy-notes\"></a>\n\n## Values (WIP)\n\nText.\n"
	}
	runDriftCases(t, repo, "DEVELOPMENT.md", []driftCase{
		{"a numbered heading", body("#1-set-up-your-machine"), nil},
		{"the same, spelled by another site", body("#1.-set-up-your-machine"), nil},
		{"an emoji heading", body("#-quick-start"), nil},
		{"a repeated heading's second anchor", body("#testing-1"), nil},
		{"a custom id", body("#releasing"), nil},
		{"an HTML anchor", body("#legacy-notes"), nil},
		{"GitHub's prefix", body("#user-content-testing"), nil},
		{"the top of the page", body("#top"), nil},
		{"a heading with a badge", body("#choosing-a-task-"), nil},
		{"url-encoded", body("#1-set-up-your-machine%20"), nil},
		{"twin: a heading that is gone", body("#7-create-a-pull-request"), []string{"evidence_changed #7-create-a-pull-request"}},
		{"twin: a heading renamed", body("#values"), []string{"evidence_changed #values"}},
	})
	// a document with no heading names no places: its fragments are not judged
	if rep := checkDoc(t, repo, "DEVELOPMENT.md", "- [Go there](#anywhere) for the `README.md` file.\n"); len(rep.Stale) != 0 {
		t.Errorf("a document without headings: got rows %+v, want none", rep.Stale)
	}
}

// TestLinkedHeadings: a link into another markdown file names one of its headings
// ("[setup](docs/dev.md#install)"); the file's fenced code, a badge and a site's custom id are read as
// the document's own are. A file that is no markdown, or has no headings, names no places.
func TestLinkedHeadings(t *testing.T) {
	g := newGitFixture(t)
	g.write("docs/dev.md", "# Development\n\n## Install the tools {#tools}\n\n```sh\n# not a heading\n```\n\nRelease notes\n-------------\n\n- a type written\n   ``` `${string}@${string}` ```, no fence\n\n## Things not to do\n\nText.\n\n## <img src=\"moon.svg\" width=\"18\" alt=\"\" /> How this repo is run\n\nText.\n")
	g.write("docs/plain.md", "No headings here.\n")
	g.write("main.go", "package main\n")
	g.commit("2026-05-01T10:00:00Z", "init")
	repo := g.open(t)

	runDriftCases(t, repo, "CONTRIBUTING.md", []driftCase{
		{"a heading of the linked file", "Read [the setup](docs/dev.md#install-the-tools) first.", nil},
		{"a custom id", "Read [the setup](docs/dev.md#tools) first.", nil},
		{"a setext heading", "Read [the notes](docs/dev.md#release-notes) first.", nil},
		{"a heading after a code span that opens a line", "Read [the list](docs/dev.md#things-not-to-do) first.", nil},
		{"a heading that opens with an icon", "Read [how it runs](docs/dev.md#how-this-repo-is-run) first.", nil},
		{"a line of a source file", "See [main](main.go#L1).", nil},
		{"a file without headings", "See [plain](docs/plain.md#anything).", nil},
		{"twin: a heading the file lacks", "Read [the setup](docs/dev.md#not-a-heading) first.", []string{"evidence_changed docs/dev.md"}},
		{"twin: the icon's tag is no heading", "Read [the icon](docs/dev.md#img-srcmoonsvg-how-this-repo-is-run) first.", []string{"evidence_changed docs/dev.md"}},
	})
}
