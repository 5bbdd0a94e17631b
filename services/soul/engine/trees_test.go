package engine_test

import (
	"testing"

	"github.com/organism-dev/organism/services/soul/engine"
)

// TestTreeEntries: a directory tree drawn in a code block is checked entry by entry (trees.go): a file
// a commit moved is drift with where it went, a directory moved is one row for all its files, an entry
// no commit ever held is no drift (an unverified mention when it is the tree's only failure), a build
// directory .gitignore keeps out is held, and a tree whose root is another project's is not this
// repository's (the twenty-ninth holdout's Tachikoma,
// fourteen moved files drawn in its ARCHITECTURE.md).
func TestTreeEntries(t *testing.T) {
	g := newGitFixture(t)
	g.write("go.mod", "module github.com/acme/widget\n\ngo 1.22\n")
	g.write(".gitignore", "dist/\n")
	g.write("Sources/Widget/Core/Model.swift", "struct Model {}\n")
	g.write("Sources/Widget/Core/Errors.swift", "enum Failure {}\n")
	g.write("Sources/Widget/Providers/OpenAI/Client.swift", "struct Client {}\n")
	g.write("Sources/Widget/Providers/OpenAI/Types.swift", "struct Types {}\n")
	g.write("Sources/Widget/Widget.swift", "struct Widget {}\n")
	g.commit("2026-05-01T10:00:00Z", "init")
	g.git("mv", "Sources/Widget/Core/Errors.swift", "Sources/Widget/Core/WidgetError.swift")
	g.git("mv", "Sources/Widget/Providers/OpenAI", "Sources/Widget/Providers/OpenAIProvider")
	g.commit("2026-05-02T10:00:00Z", "rename")
	repo := g.open(t)

	tree := func(root string) string {
		return "## Module Structure\n\n```\n" + root + "\n" +
			"├── Sources/Widget/\n" +
			"│   ├── Widget.swift              # Main API entry point\n" +
			"│   ├── Core/                     # Core abstractions\n" +
			"│   │   ├── Model.swift           # Provider protocol\n" +
			"│   │   ├── Errors.swift          # Error handling\n" +
			"│   │   └── Cache.swift           # Planned\n" +
			"│   └── Providers/\n" +
			"│       ├── OpenAI/\n" +
			"│       │   ├── Client.swift\n" +
			"│       │   └── Types.swift\n" +
			"│       └── ...\n" +
			"└── dist/                         # build output\n" +
			"```\n"
	}
	runDriftCases(t, repo, "docs/ARCHITECTURE.md", []driftCase{
		{"under this repository's name", tree("widget/"), []string{"evidence_file_missing Sources/Widget/Core/Errors.swift", "evidence_file_missing Sources/Widget/Providers/OpenAI/"}},
		{"under no root", tree(""), []string{"evidence_file_missing Sources/Widget/Core/Errors.swift", "evidence_file_missing Sources/Widget/Providers/OpenAI/"}},
		{"under a root named otherwise whose entries are here", tree("Widget-fork/"), []string{"evidence_file_missing Sources/Widget/Core/Errors.swift", "evidence_file_missing Sources/Widget/Providers/OpenAI/"}},
		{"a planned file only", "```\n.\n├── Sources/Widget/\n│   ├── Widget.swift\n│   └── Core/\n│       └── Cache.swift\n```\n", []string{"unverified unanchored Sources/Widget/Core/Cache.swift"}},
		{"twin: another project's tree", "Your app will look like this:\n\n```\nmy-app/\n├── src/\n│   └── main.ts\n└── package.json\n```\n", nil},
		{"twin: a tree of crates", "```text\nwidget\n├── widget-core\n├── widget-extra → widget-core\n└── widget-macros\n```\n", nil},
		{"twin: an npm ls", "```\nwidget@1.0.0\n├── lodash@4.17.21\n└─┬ chalk@5.3.0\n  └── ansi-styles@6.2.1\n```\n", nil},
		{"twin: an ordinary code block", "```\nls Sources/Widget\nError.swift\n```\n", nil},
	})

	rep := checkDoc(t, repo, "docs/ARCHITECTURE.md", tree("widget/"))
	for _, f := range rep.Stale {
		if f.Anchor == "Sources/Widget/Core/Errors.swift" && f.Detail != "Sources/Widget/Core/Errors.swift → Sources/Widget/Core/WidgetError.swift, renamed in "+f.Detail[len(f.Detail)-7:] {
			t.Errorf("moved entry's detail: %q", f.Detail)
		}
	}
}

// checkDoc checks one document's body against the repository.
func checkDoc(t *testing.T, repo engine.Repo, doc, body string) *engine.Report {
	t.Helper()
	soul, err := engine.Parse(doc, []byte(body), engine.ParseOptions{})
	if err != nil {
		t.Fatal(err)
	}
	rep, err := engine.Check(t.Context(), soul, repo, engine.CheckOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

// TestIndentationTrees: a tree drawn by indentation alone (the thirty-first holdout's kubebuilder
// "Directory Map") is read as a branch tree is: moved and removed entries are drift, a directory gone
// gives one row, a planned file is no drift, a description wrapped under a file is no entry; a block
// of several top-level entries this repository mostly lacks is another project's, and commands,
// YAML and a flat list are no tree.
func TestIndentationTrees(t *testing.T) {
	g := newGitFixture(t)
	g.write("go.mod", "module sigs.k8s.io/builder\n\ngo 1.24\n")
	g.write("main.go", "package main\n")
	g.write("pkg/cli/alpha/cmd.go", "package alpha\n")
	g.write("pkg/cli/init.go", "package cli\n")
	g.write("pkg/machinery/marker.go", "package machinery\n")
	g.write("test/e2e/v4/plugin_test.go", "package v4\n")
	g.write("test/e2e/utils/ctx.go", "package utils\n")
	g.write("cmd/version.go", "package main\n")
	g.commit("2026-05-01T10:00:00Z", "init")
	g.remove("pkg/cli/alpha/cmd.go")
	g.write("internal/alpha/cmd.go", "package alpha\n")
	g.remove("test/e2e/v4/plugin_test.go")
	g.write("test/e2e/all/plugin_v4_test.go", "package all\n")
	g.remove("cmd/version.go")
	g.commit("2026-05-02T10:00:00Z", "consolidate")
	repo := g.open(t)

	tree := "## Directory Map\n\n```\n" +
		"pkg/\n" +
		"  cli/              CLI command implementations\n" +
		"    alpha/          Alpha commands (generate, update, etc.)\n" +
		"    init.go         'init' command + default bundle\n" +
		"                    definition, wrapped\n" +
		"  machinery/        Scaffolding engine\n" +
		"    marker.go       Marker detection\n" +
		"    template.go     Base template interface\n" +
		"test/\n" +
		"  e2e/              E2E tests\n" +
		"    v4/             Tests for v4 plugin\n" +
		"    utils/          Test helpers\n" +
		"  **/testdata/      Sample projects\n" +
		"cmd/                CLI entry point\n" +
		"  version.go        Version info\n" +
		"main.go             Application entry point\n" +
		"```\n"
	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"an indentation tree", tree, []string{"evidence_file_missing pkg/cli/alpha/", "evidence_file_missing test/e2e/v4/", "evidence_file_missing cmd/"}},
		{"under one root", "```\nbuilder/\n  pkg/\n    cli/\n      init.go\n      gone.go\n  main.go\n```\n", []string{"unverified unanchored pkg/cli/gone.go"}},
		{"twin: another project's layout", "Your project will look like:\n\n```\nconfig/\n  default/\n    kustomization.yaml\napi/\n  v1/\n    types.go\nDockerfile\n```\n", nil},
		{"twin: the layout each app follows", "```text\n<app>/\n├── cmd/\n├── api/\n└── views.py\n```\n", nil},
		{"twin: a YAML block", "```\nspec:\n  replicas: 2\n  template:\n    metadata: {}\n```\n", nil},
		{"twin: a flat list", "```\npkg/cli/\npkg/gone/\ncmd/x.go\nmain.go\n```\n", nil},
		{"twin: commands", "```\ngit status\n  git log -1\ngit diff\ngo vet ./...\n```\n", nil},
	})
}
