package engine_test

import (
	"strings"
	"testing"
)

// TestGlobHistory pins that globs follow the tier rule (globtrace.go): a glob no tracked file matches
// and no commit ever matched is traceless, an unverified mention unless its sentence asserts it; one
// whose files a commit deleted stays drift. The sixth holdout's classes: tmux's run-time log files
// (`tmux-server*.log`) and ktor's branch pattern (`release/*`), each with its drift twin.
func TestGlobHistory(t *testing.T) {
	g := newGitFixture(t)
	g.write("main.go", "package main\n\nfunc main() {}\n")
	g.write("vfs/vfs.go", "package vfs\n")
	g.write("vfs/vfs_linux.go", "package vfs\n")
	g.write("capi_linux_amd64.go", "package libc\n")
	g.write("release/notes.md", "# notes\n")
	g.commit("2026-06-01T10:00:00Z", "init")
	g.remove("vfs/vfs_linux.go")
	g.remove("capi_linux_amd64.go")
	g.remove("release/notes.md")
	g.write("docs/index.md", "# docs\n")
	g.commit("2026-06-02T10:00:00Z", "drop generated files")
	repo := g.open(t)
	tests := []struct {
		name, body string
		want       []string
	}{
		{"a run-time log glob no commit ever matched", "The log files are:\n\n- `tmux-server*.log`: server log file.", []string{"unverified evidence_file_missing tmux-server*.log"}},
		{"twin: a bare glob whose files a commit deleted stays drift", "- `capi_*.go` — vestigial manifests.", []string{"evidence_file_missing capi_*.go"}},
		{"a branch pattern no commit ever matched", "- **`hotfix/*`** – Next patch release. Target for bug fixes.", []string{"unverified evidence_file_missing hotfix/*"}},
		{"twin: a directory glob whose files a commit deleted stays drift", "- **`release/*`** – release notes.", []string{"evidence_file_missing release/*"}},
		{"twin: a glob under a directory whose matches were deleted stays drift", "| `vfs/vfs_*.go` | Generated from the C. |", []string{"evidence_file_missing vfs/vfs_*.go"}},
		{"twin: a traceless glob the sentence says is committed stays drift", "Only durable artifacts are committed: `proofs/*.proof`.", []string{"evidence_file_missing proofs/*.proof"}},
		{"a glob with matches is fresh", "Sources are `vfs/*.go`.", nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			assertDrift(t, findingsOf(t, repo, "AGENTS.md", notes(tc.body)), tc.want)
		})
	}
	t.Run("the unverified detail says no commit ever held a match", func(t *testing.T) {
		got := driftLabeled(t, repo, "AGENTS.md", notes("- `tmux-out*.log`: output log file."), withDetail)
		want := []string{"unverified evidence_file_missing tmux-out*.log: no tracked file matches tmux-out*.log; no commit of this repository's history ever held a match"}
		assertDrift(t, got, want)
	})
}

// TestGlobUnderPackages pins that a relative glob is read below packages as a plain path is: rails'
// "`lib/*/helpers/`" names actionview/lib/action_view/helpers/ (a directory glob, matched through the
// files below it), and a glob under one package resolves there as a unique plain path does. The
// sibling "`lib/*/tags/`" matches nowhere either (tags/ sits one level deeper, under helpers/): it was
// not flagged only because a claim's row names its first failed anchor, and `lib/*/helpers/` failed
// first (Glob answered the files below actionview/lib/action_view/helpers/, and globUnderPackages read
// the package off the file's own last segments, so no place matched). With helpers/ resolved, the "or"
// list needs one choice to hold (fileKind in judge.go), and the line is fresh; tags/ alone is still
// raised. The twins: a directory glob whose files a commit deleted stays drift; one no commit ever
// matched is unverified.
func TestGlobUnderPackages(t *testing.T) {
	g := newGitFixture(t)
	g.write("Gemfile", "source 'https://rubygems.org'\n")
	g.write("actioncable/lib/action_cable/helpers/action_cable_helper.rb", "module ActionCable; end\n")
	g.write("actionview/lib/action_view/helpers/tag_helper.rb", "module ActionView; end\n")
	g.write("actionview/lib/action_view/helpers/tags/base.rb", "module ActionView; end\n")
	g.write("actionview/lib/action_view/legacy/old.rb", "module ActionView; end\n")
	g.write("activejob/lib/active_job/queue_adapters/inline_adapter.rb", "module ActiveJob; end\n")
	g.commit("2026-06-01T10:00:00Z", "init")
	g.remove("actionview/lib/action_view/legacy/old.rb")
	g.commit("2026-06-02T10:00:00Z", "drop legacy")
	repo := g.open(t)
	tests := []struct {
		name, body string
		want       []string
	}{
		{"a directory glob under several packages", "Look in the same `lib/*/helpers/` directory.", nil},
		{"a directory glob under one package", "Adapters live in `lib/*/queue_adapters/`.", nil},
		{"a file glob under one package", "Adapters are `queue_adapters/*_adapter.rb` files.", nil},
		{"the rails line: helpers resolves, and an or list needs one choice", "**Similar functionality**: Look in the same `lib/*/helpers/` or `lib/*/tags/` directory", nil},
		{"tags alone matches nowhere", "Look in the same `lib/*/tags/` directory.", []string{"unverified evidence_file_missing lib/*/tags/"}},
		{"twin: a directory glob whose files a commit deleted stays drift", "Old views are in `lib/*/legacy/`.", []string{"evidence_file_missing lib/*/legacy/"}},
		{"twin: a directory glob no commit ever matched", "Look in `lib/*/widgets/`.", []string{"unverified evidence_file_missing lib/*/widgets/"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			assertDrift(t, findingsOf(t, repo, "AGENTS.md", notes(tc.body)), tc.want)
		})
	}
}

// TestMakeMacroTargets pins that a target missing from a Makefile's literal rules is unverified when the
// Makefile makes targets its lines do not spell (make_macros.go): a define template evaluated per app
// (elixir's `test_$(1)`), an $(eval ...), a rule whose targets are a variable. A pattern rule still
// matches as it stands. The twins: a plain Makefile, and one whose define holds only a recipe, still
// fail a missing target as drift (each fixture's history once defined the target).
func TestMakeMacroTargets(t *testing.T) {
	tests := []struct {
		name, makefile, body string
		want                 []string
	}{
		{"a define template evaluated per app",
			"define APP_TEMPLATE\ntest_$(1): compile\n\techo $(2)\nendef\n\ncompile:\n\techo ok\n\n$(eval $(call APP_TEMPLATE,ex_unit,ExUnit))\n",
			"Run one app's tests with `make test_ex_unit`.", []string{"unverified evidence_changed make test_ex_unit"}},
		{"an eval of a foreach",
			"APPS := a b\nall:\n\techo ok\n$(foreach a,$(APPS),$(eval build_$(a): ; echo $(a)))\n",
			"Build one with `make build_a`.", []string{"unverified evidence_changed make build_a"}},
		{"a rule whose targets are a variable set elsewhere",
			"include tools.mk\nall: $(BINS)\n$(BINS):\n\tgo build ./cmd/$@\n",
			"Build it with `make tool1`.", []string{"unverified evidence_changed make tool1"}},
		{"a pattern rule the name fits",
			"all:\n\techo ok\ntest_%:\n\techo $*\n",
			"Run `make test_ex_unit`.", nil},
		{"twin: a target from variables this Makefile assigns is a file, not a list kept elsewhere",
			"TOOLS = $(CURDIR)/.tools\nall:\n\techo ok\n$(TOOLS):\n\tmkdir -p $@\n",
			"Run `make precommit`.", []string{"evidence_changed make precommit"}},
		{"twin: a plain Makefile still fails a missing target",
			"all: build\nbuild:\n\tgo build ./...\ntest:\n\tgo test ./...\n",
			"Run `make test_ex_unit`.", []string{"evidence_changed make test_ex_unit"}},
		{"twin: a define holding only a recipe opens nothing",
			"define CHECK\n\terl -noshell -eval 'halt().'\nendef\nall:\n\t$(CHECK)\ntest:\n\techo ok\n",
			"Run `make test_ex_unit`.", []string{"evidence_changed make test_ex_unit"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			// An earlier Makefile defined the asked target literally, so its absence has history
			// behind it (commandtrace.go): a missing target is drift, unless the Makefile may make it
			// through a macro.
			target := strings.TrimSuffix(strings.SplitN(tc.body, "`make ", 2)[1], "`.")
			g := newGitFixture(t)
			g.write("Makefile", target+":\n\techo old\n")
			g.write("main.go", "package main\n\nfunc main() {}\n")
			g.commit("2026-05-01T10:00:00Z", "init")
			g.write("Makefile", tc.makefile)
			g.commit("2026-06-01T10:00:00Z", "rework the Makefile")
			assertDrift(t, findingsOf(t, g.open(t), "AGENTS.md", notes(tc.body)), tc.want)
		})
	}
}
