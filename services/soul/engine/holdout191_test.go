package engine_test

import "testing"

// TestHundredNinetyFirstHoldoutClasses: the false rows of the hundred-and-ninety-first holdout that were
// fixed, each beside a twin that stays a finding.
func TestHundredNinetyFirstHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("main.go", "package main\n")
	g.write("web/index.html", "<html></html>\n")
	g.write("web/shared.js", "export {}\n")
	g.commit("2026-05-01T10:00:00Z", "one")
	g.git("tag", "v0.0.1")
	g.remove("web/shared.js")
	g.commit("2026-05-02T10:00:00Z", "two")
	g.git("tag", "v0.0.2")
	repo := g.open(t)

	// dotfiles: the version examples are written with
	runDriftCases(t, repo, "pkg/version/AGENTS.md", []driftCase{
		{"the example version", "- Non-standard `v` prefix in release tags -> use `CleanVersion` to normalize `v1.2.3` and `1.2.3`.", nil},
		{"twin: a version of the repository's scheme", "- Non-standard `v` prefix in release tags -> use `CleanVersion` to normalize `v0.1.3` and `0.1.3`.", []string{"version_not_tagged v0.1.3"}},
	})

	// ai-coding-kit: a checklist item that asks for a file's absence, in Chinese
	runDriftCases(t, repo, "web/AGENTS.md", []driftCase{
		{"a file the checklist asks to be absent", "- [ ] 是否不存在 `shared.js` 等额外 JS 依赖。", nil},
		{"twin: a file the checklist asks to be present", "- [ ] 是否存在 `shared.js` 等额外 JS 依赖。", []string{"evidence_file_missing shared.js"}},
	})
}
