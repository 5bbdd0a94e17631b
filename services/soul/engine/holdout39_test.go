package engine_test

import (
	"strings"
	"testing"
)

// TestThirtyNinthHoldoutSizeOnItsLine: a size note in a drawn tree belongs to the entry on its own line
// (nats-io/nats.go: "nats.go  # Core connection (~6500 lines)" over "parser.go  # protocol parser"); the
// next line's name, nearer in bytes, was measured instead.
func TestThirtyNinthHoldoutSizeOnItsLine(t *testing.T) {
	g := newGitFixture(t)
	g.write("nats.go", "package nats\n"+strings.Repeat("// line\n", 6830))
	g.write("parser.go", "package nats\n"+strings.Repeat("// line\n", 553))
	for _, f := range []string{"ws.go", "js.go", "kv.go", "enc.go", "jetstream/jetstream.go", "jetstream/stream.go", "jetstream/consumer.go", "micro/service.go"} {
		g.write(f, "package nats\n")
	}
	g.commit("2026-06-01T10:00:00Z", "init")
	repo := g.open(t)

	tree := func(size string) string {
		return "## Project Structure\n\n```\n" +
			"nats.go                 # Core connection, pub/sub, request/reply (~" + size + " lines)\n" +
			"parser.go               # Client-side protocol parser\n" +
			"ws.go                   # WebSocket transport support\n" +
			"js.go                   # Legacy JetStream API (deprecated, see jetstream/)\n" +
			"kv.go                   # Legacy KeyValue API\n" +
			"enc.go                  # EncodedConn (deprecated)\n\n" +
			"jetstream/              # New JetStream API (preferred over legacy)\n" +
			"  jetstream.go          #   Top-level JetStream interface\n" +
			"  stream.go             #   Stream management\n" +
			"  consumer.go           #   Consumer management\n\n" +
			"micro/                  # Micro services framework\n" +
			"  service.go            #   Service interface and implementation\n```\n"
	}
	runDriftCases(t, repo, "CLAUDE.md", []driftCase{
		{"the note beside its own entry", tree("6500"), nil},
		{"twin: a note its entry outgrew", tree("3000"), []string{"size_drift nats.go"}},
	})
}

// TestThirtyNinthHoldoutQuotedExampleLink: a link inside a quoted sentence of example wording is the
// example's, not the guide's (delta-kernel-rs's user-guide CLAUDE.md: "Before reading this page, make
// sure you understand [Building a Scan](../reading/building_a_scan.md)."), also when the quotation opened
// in the sentence before; a link merely set in quotes still names its file.
func TestThirtyNinthHoldoutQuotedExampleLink(t *testing.T) {
	g := newGitFixture(t)
	g.write("docs/user-guide/src/reading/building_a_scan.md", "# scan\n")
	g.commit("2026-06-01T10:00:00Z", "init")
	repo := g.open(t)

	runDriftCases(t, repo, "docs/user-guide/CLAUDE.md", []driftCase{
		{"a link in a quoted example sentence", "## Page structure\n\n3. **Prerequisite link**: \"Before reading this page, make sure you understand [Building a Scan](../reading/building_a_scan.md).\"\n", nil},
		{"the quotation opened a sentence before", "## Tutorials\n\nUse explicit forward references: \"We're using the default engine here. [The Engine Trait](../concepts/engine_trait.md) explains how to customize it.\"\n", nil},
		{"twin: a link merely set in quotes", "## Guides\n\nRead \"[The Engine Trait](concepts/engine_trait.md)\" first.\n",
			[]string{"unanchored concepts/engine_trait.md"}},
		{"twin: a link with no quotation", "## Guides\n\nRead [The Engine Trait](concepts/engine_trait.md) first.\n",
			[]string{"unanchored concepts/engine_trait.md"}},
	})
}

// TestThirtyNinthHoldoutBranchSection: the slashed names of a table or list in a section headed as one on
// branches are branch prefixes (github/spec-kit's "Branch naming" table of `feat/`, `fix/`, `chore/`);
// the same table under another heading is still read as paths.
func TestThirtyNinthHoldoutBranchSection(t *testing.T) {
	g := newGitFixture(t)
	g.write("src/main.py", "print()\n")
	g.commit("2026-06-01T10:00:00Z", "init")
	repo := g.open(t)

	table := "| Prefix | When to use | Example |\n|---|---|---|\n| `feat/` | New features | `feat/2342-workflow-cli-alignment` |\n| `chore/` | Maintenance | `chore/2366-editorconfig` |\n"
	runDriftCases(t, repo, "CONTRIBUTING.md", []driftCase{
		{"a branch naming table", "### Branch naming\n\nWe recommend naming branches as `<type>/<number>-<short-slug>`, where `<number>` is the issue number and `<type>` is one of:\n\n" + table, nil},
		{"twin: the same table under a layout heading", "### Layout\n\n" + table,
			[]string{"unanchored feat/", "unanchored chore/"}},
	})
}
