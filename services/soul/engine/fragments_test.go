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
