package engine_test

import "testing"

// TestThirtyFifthHoldoutExtraTop: a path no commit had, whose rest below its top directory is a tracked
// path of the kind written, is drift naming that path (grafana/k6's AGENTS.md put its HTTP module in
// `internal/js/modules/k6/http/` and ran `go test` there; the module is js/modules/k6/http/). A rest the
// repository lacks, a top it lacks, or a rest that is a lone name stays an unverified mention.
func TestThirtyFifthHoldoutExtraTop(t *testing.T) {
	g := newGitFixture(t)
	g.write("js/modules/k6/http/request.go", "package http\n")
	g.write("internal/js/modules/k6/browser/browser.go", "package browser\n")
	g.write("internal/cmd/root.go", "package cmd\n")
	g.write("version.go", "package k6\n")
	g.commit("2026-06-01T10:00:00Z", "init")
	repo := g.open(t)

	line := func(p string) string { return "## Common File Locations\n\n**HTTP Module**: `" + p + "`\n" }
	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"one top directory too many", line("internal/js/modules/k6/http/"),
			[]string{"evidence_file_missing internal/js/modules/k6/http/"}},
		{"the same in a go test command", "## Tests\n\n```bash\ngo test ./internal/js/modules/k6/http/\n```\n",
			[]string{"evidence_file_missing ./internal/js/modules/k6/http/"}},
		{"twin: the rest is not tracked either", line("internal/js/modules/k6/grpc/"),
			[]string{"unverified unanchored internal/js/modules/k6/grpc/"}},
		{"twin: the top is no directory of the repository", line("pkg/js/modules/k6/http/"),
			[]string{"unverified unanchored pkg/js/modules/k6/http/"}},
		{"twin: the rest is a lone name", line("internal/version.go"),
			[]string{"unverified unanchored internal/version.go"}},
		{"twin: the path exists", line("internal/js/modules/k6/browser/"), nil},
	})
}

// TestThirtyFifthHoldoutFilteredScript: a script run in a workspace package ("pnpm -F @sveltejs/kit
// test:unit:dev", sveltejs/kit's AGENTS.md, months after the script was removed) is read past the
// options that choose the package; the flag hid it before. Scripts that exist hold however the package
// is chosen.
func TestThirtyFifthHoldoutFilteredScript(t *testing.T) {
	g := newGitFixture(t)
	g.write("package.json", "{\"name\": \"root\", \"scripts\": {\"lint\": \"eslint\"}}\n")
	g.write("packages/kit/package.json", "{\"name\": \"@sveltejs/kit\", \"scripts\": {\"test:unit\": \"vitest\", \"test:unit:dev\": \"vitest dev\"}}\n")
	g.commit("2026-06-01T10:00:00Z", "init")
	g.write("packages/kit/package.json", "{\"name\": \"@sveltejs/kit\", \"scripts\": {\"test:unit\": \"vitest\"}}\n")
	g.commit("2026-07-29T10:00:00Z", "fix up vitest configs")
	repo := g.open(t)

	block := func(cmd string) string {
		return "## Testing\n\n```bash\n# Run a single unit test file\n" + cmd + "\n```\n"
	}
	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"pnpm -F, a removed script", block("pnpm -F @sveltejs/kit test:unit:dev path/to/test.spec.js"),
			[]string{"evidence_changed pnpm test:unit:dev"}},
		{"yarn workspace, a removed script", block("yarn workspace @sveltejs/kit test:unit:dev"),
			[]string{"evidence_changed yarn test:unit:dev"}},
		{"twin: --filter=, a script the package has", block("pnpm --filter=@sveltejs/kit test:unit"), nil},
		{"twin: npm -w, a script the package has", block("npm -w @sveltejs/kit run test:unit"), nil},
		{"twin: pnpm -w is the root, no value", block("pnpm -w lint"), nil},
	})
}

// TestThirtyFifthHoldoutHeadingInCodeLink: a link whose text is the same path in code
// ("[`CHANGELOG.md`](CHANGELOG.md#upcoming-release)", sharkdp/fd's CONTRIBUTING.md) keeps the link's
// heading when the two are read as one anchor, so a heading the file no longer has is drift.
func TestThirtyFifthHoldoutHeadingInCodeLink(t *testing.T) {
	g := newGitFixture(t)
	g.write("CHANGELOG.md", "# Unreleased\n\n## Features\n\n- a thing\n\n# v10.4.2\n\n- fixes\n")
	g.commit("2026-06-01T10:00:00Z", "init")
	repo := g.open(t)

	line := func(dest string) string {
		return "## Add an entry to the changelog\n\nPlease update the [`CHANGELOG.md`](" + dest + ") file and describe your changes.\n"
	}
	runDriftCases(t, repo, "CONTRIBUTING.md", []driftCase{
		{"a heading the changelog lost", line("CHANGELOG.md#upcoming-release"), []string{"evidence_changed CHANGELOG.md"}},
		{"twin: a heading it has", line("CHANGELOG.md#unreleased"), nil},
		{"twin: no heading named", line("CHANGELOG.md"), nil},
	})
}

// TestThirtyFifthHoldoutWeakLocalMoved: a two-word path in a document below the root is read from the
// document's directory even when its top directory is gone (lancedb/lance's java/AGENTS.md: "Java code:
// `core/src`", after java/core/ moved to java/src/). History having had the whole path is the evidence;
// a phrase that only looks like a path never was a path there.
func TestThirtyFifthHoldoutWeakLocalMoved(t *testing.T) {
	g := newGitFixture(t)
	g.write("java/core/src/main/Main.java", "class Main {}\n")
	g.write("java/pom.xml", "<project/>\n")
	g.commit("2026-06-01T10:00:00Z", "init")
	g.remove("java/core/src/main/Main.java")
	g.write("java/src/main/Main.java", "class Main {}\n")
	g.commit("2026-06-02T10:00:00Z", "adjust java module directory structure")
	repo := g.open(t)

	line := func(text string) string { return "## Structure\nJava code: " + text + "\n" }
	runDriftCases(t, repo, "java/AGENTS.md", []driftCase{
		{"a moved directory of the document's own", line("`core/src`"), []string{"evidence_file_missing core/src"}},
		{"twin: the directory it moved to", line("`src/main`"), nil},
		{"twin: a phrase with a slash", line("`read/write` access"), nil},
	})
}
