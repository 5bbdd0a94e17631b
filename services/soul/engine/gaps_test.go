package engine_test

import (
	"strings"
	"testing"

	"github.com/organism-dev/organism/services/soul/engine"
)

// The tests of the engine gaps the planted-drift suite found (testdata/planted/README.md, G1–G7), one
// per gap, each over a real git history where history matters.

// docWant is one claim of a document checked in a gap fixture.
type docWant struct {
	doc string
	recallWant
}

func assertDocs(t *testing.T, root string, wants []docWant) {
	t.Helper()
	reps := map[string]*engine.Report{}
	for _, w := range wants {
		if reps[w.doc] == nil {
			reps[w.doc] = check(t, root, w.doc, engine.CheckOptions{})
		}
	}
	for _, w := range wants {
		t.Run(w.doc, func(t *testing.T) { assertRecall(t, reps[w.doc], []recallWant{w.recallWant}) })
	}
}

// G1: renames are recorded by full path, so a name written relative to a sub-directory document, or
// bare, is asked of history by the full paths it stood for.
func TestRecallMovedToFullPath(t *testing.T) {
	g := newGitFixture(t)
	g.write("lib/exec.go", "package lib\n")
	g.write("zstd/decoder_test.go", "package zstd\n")
	g.write("pkg/a/main.go", "package main\n")
	g.write("pkg/b/main.go", "package main\n")
	g.write("lib/keep.go", "package lib\n")
	g.commit("2026-06-01T10:00:00Z", "start")
	g.git("mv", "lib/exec.go", "lib/execmode.go")
	g.git("mv", "zstd/decoder_test.go", "zstd/decode_test.go")
	g.git("mv", "pkg/a/main.go", "pkg/a/cmd.go")
	g.git("mv", "pkg/b/main.go", "pkg/b/cmd.go")
	moved := g.commit("2026-06-02T10:00:00Z", "renames")
	g.write("lib/CLAUDE.md", "# lib\n\n## Layout\n\n- `exec.go` runs the shim.\n- `keep.go` stays.\n")
	g.write("AGENTS.md", "# Agents\n\n## Layout\n\n- `decoder_test.go` holds the decoder tests.\n- `main.go` starts the program.\n")
	g.commit("2026-06-03T10:00:00Z", "docs")
	assertDocs(t, g.root, []docWant{
		{"lib/CLAUDE.md", recallWant{"runs the shim", engine.StateStale, engine.ReasonFileMissing, "lib/exec.go → lib/execmode.go, renamed in " + moved[:7], ""}},
		{"lib/CLAUDE.md", recallWant{"stays", engine.StateFresh, "", "", ""}},
		{"AGENTS.md", recallWant{"decoder tests", engine.StateStale, engine.ReasonFileMissing, "zstd/decoder_test.go → zstd/decode_test.go, renamed in " + moved[:7], ""}},
		// two places of one bare name were renamed: the hint would be a guess
		{"AGENTS.md", recallWant{"starts the program", engine.StateStale, engine.ReasonFileMissing, "main.go is gone", "renamed"}},
	})
}

// G2: a point-in-time claim expired by a missing path still says where the path went.
func TestRecallMovedToExpired(t *testing.T) {
	g := newGitFixture(t)
	g.write("check.go", "package gc\n")
	g.write("scratch.go", "package gc\n")
	g.commit("2026-06-01T10:00:00Z", "start")
	g.git("mv", "check.go", "checker.go")
	moved := g.commit("2026-06-02T10:00:00Z", "rename checker")
	g.remove("scratch.go")
	g.commit("2026-06-03T10:00:00Z", "drop scratch")
	g.write("CLAUDE.md", "# gc\n\n## Status\n\n- Type checker (WIP) in `check.go`.\n- The spike is currently in `scratch.go`.\n")
	g.commit("2026-06-04T10:00:00Z", "doc")
	assertDocs(t, g.root, []docWant{
		{"CLAUDE.md", recallWant{"Type checker", engine.StateStale, engine.ReasonExpired, "point-in-time claim outlived: check.go → checker.go, renamed in " + moved[:7], ""}},
		{"CLAUDE.md", recallWant{"The spike", engine.StateStale, engine.ReasonExpired, "point-in-time claim outlived: scratch.go is gone", "renamed"}},
	})
}

// G3: a member removed from under its qualifier is symbol_removed, naming the commit, even when
// another definition of the bare name lives on elsewhere.
func TestRecallRemovedMemberUnderQualifier(t *testing.T) {
	g := newGitFixture(t)
	g.write("memory.go", "package memory\n\ntype Allocator struct{}\n\nfunc (a *Allocator) mmap(n int) {}\n\nfunc (a *Allocator) Free() {}\n")
	g.write("sys.go", "package memory\n\nfunc mmap(n int) {}\n")
	g.write("ast.go", "package cc\n\ntype Declarator struct{}\n\ntype Pool struct{}\n")
	g.write("ast2.go", "package cc\n\nfunc (n *Declarator) Name() string { return \"\" }\n\nfunc (n *Declarator) Type() int { return 0 }\n")
	g.write("names.go", "package cc\n\ntype Field struct{}\n\nfunc (f *Field) Name() string { return \"\" }\n")
	g.write("pcache/pool.go", "package pcache\n\nfunc New() int { return 0 }\n\nfunc Get() int { return 0 }\n")
	g.write("cache/cache.go", "package cache\n\nfunc New() int { return 0 }\n")
	g.commit("2026-06-01T10:00:00Z", "start")
	g.write("memory.go", "package memory\n\ntype Allocator struct{}\n\nfunc (a *Allocator) Free() {}\n")
	g.write("ast2.go", "package cc\n\nfunc (n *Declarator) Type() int { return 0 }\n")
	g.write("pcache/pool.go", "package pcache\n\nfunc Get() int { return 0 }\n")
	gone := g.commit("2026-06-02T10:00:00Z", "drop members")
	g.write("CLAUDE.md", strings.Join([]string{
		"# Notes", "", "## API", "",
		"- `Allocator.mmap` maps pages.",
		"- `Declarator.Name` names the declarator.",
		"- `pcache.New()` builds a pool.",
		"- `Pool.Name` names the pool.",
		"- `Allocator.Free` returns pages.",
		"",
	}, "\n"))
	g.commit("2026-06-03T10:00:00Z", "doc")
	assertDocs(t, g.root, []docWant{
		{"CLAUDE.md", recallWant{"maps pages", engine.StateStale, engine.ReasonSymbolRemoved, "Allocator.mmap was removed in " + gone[:7] + " (memory.go)", ""}},
		// the method lived in another file of the type's package
		{"CLAUDE.md", recallWant{"names the declarator", engine.StateStale, engine.ReasonSymbolRemoved, "Declarator.Name was removed in " + gone[:7] + " (ast2.go)", ""}},
		{"CLAUDE.md", recallWant{"builds a pool", engine.StateStale, engine.ReasonSymbolRemoved, "pcache.New was removed in " + gone[:7] + " (pcache/pool.go)", ""}},
		// Pool never had Name: no commit removed it, and the weaker reason stays
		{"CLAUDE.md", recallWant{"names the pool", engine.StateStale, engine.ReasonChanged, "Name is defined, but not under Pool", "removed"}},
		{"CLAUDE.md", recallWant{"returns pages", engine.StateFresh, "", "", ""}},
	})
}

// G4: a lower-cased qualifier ("task" for a variable of type Task) is recognised from history once
// the method is gone; a lower-cased word that history does not tie to a removed method stays skipped.
func TestRecallLowerCasedQualifier(t *testing.T) {
	g := newGitFixture(t)
	g.write("ccgo.go", "package lib\n\ntype Task struct{}\n\nfunc (t *Task) Exec() {}\n\nfunc (t *Task) Main() {}\n")
	g.write("step.go", "package lib\n\ntype Step struct{}\n\nfunc (s *Step) Run() {}\n")
	g.write("jobs.go", "package lib\n\ntype Job struct{}\n")
	g.commit("2026-06-01T10:00:00Z", "start")
	g.write("ccgo.go", "package lib\n\ntype Task struct{}\n\nfunc (t *Task) Main() {}\n")
	g.write("step.go", "package lib\n\ntype Step struct{}\n")
	gone := g.commit("2026-06-02T10:00:00Z", "drop Exec and Run")
	g.write("CLAUDE.md", strings.Join([]string{
		"# lib", "", "## Entry points", "",
		"1. `task.Exec()` — runs the shim.",
		"2. `task.Main()` — the normal path.",
		"3. `step.Run()` — one step.",
		"4. `job.Exec()` — never a method here.",
		"",
	}, "\n"))
	g.commit("2026-06-03T10:00:00Z", "doc")
	rep := check(t, g.root, "CLAUDE.md", engine.CheckOptions{})
	assertRecall(t, rep, []recallWant{
		// task is neither a type, a package nor a file stem here: only history ties it to Task
		{"runs the shim", engine.StateStale, engine.ReasonSymbolRemoved, "task.Exec was removed in " + gone[:7] + " (ccgo.go)", ""},
		{"the normal path", engine.StateFresh, "", "", ""},
		// step is the stem of step.go, so Run reads as defined nowhere; the type Step says where it lived
		{"one step", engine.StateStale, engine.ReasonSymbolRemoved, "step.Run was removed in " + gone[:7] + " (step.go)", ""},
	})
	if c := findClaim(t, rep, "never a method"); c.State == engine.StateStale {
		t.Errorf("job.Exec(): got %s/%s (%s), want no finding: history never tied Exec to Job", c.State, c.Reason, c.Detail)
	}
}

// A member its type still declares is not removed, whatever history removed of its name in the type's
// file: the hundred-and-twelfth holdout's wiretap-client cites `eventsClass.events`, EventsClass's field
// today, while a commit deleted a module-level `const events` beside the class. Its twin, a method the
// class lost, stays removed.
func TestRecallLowerCasedQualifierMemberStillDeclared(t *testing.T) {
	g := newGitFixture(t)
	g.write("src/classes/events-class.ts", "const events: SingleEvent[] = [\n]\n\nclass EventsClass {\n\tpublic events: Map<EventUUID, SingleEvent> = new Map()\n\tpublic loadMarkets(): void {\n\t}\n}\n\nexport default new EventsClass()\n")
	g.commit("2026-06-01T10:00:00Z", "start")
	g.write("src/classes/events-class.ts", "class EventsClass {\n\tpublic events: Map<EventSlug, SingleEvent> = new Map()\n}\n\nexport default new EventsClass()\n")
	gone := g.commit("2026-06-02T10:00:00Z", "slugs, markets loaded elsewhere")
	g.write("CLAUDE.md", "# app\n\n## State\n\n- `eventsClass.events` - Map of events by EventSlug\n- `eventsClass.loadMarkets()` - fills the markets\n")
	g.commit("2026-06-03T10:00:00Z", "doc")
	rep := check(t, g.root, "CLAUDE.md", engine.CheckOptions{})
	if c := findClaim(t, rep, "Map of events"); c.State == engine.StateStale {
		t.Errorf("eventsClass.events: got %s/%s (%s), want no finding: EventsClass declares events today", c.State, c.Reason, c.Detail)
	}
	assertRecall(t, rep, []recallWant{
		{"fills the markets", engine.StateStale, engine.ReasonSymbolRemoved, "eventsClass.loadMarkets was removed in " + gone[:7] + " (src/classes/events-class.ts)", ""},
	})
}

// G5: a slash word without an extension, written in a sub-directory document, is read from that
// directory when its top directory lives there; it fails only when history shows it lived there.
func TestWeakPathFromDocumentDir(t *testing.T) {
	g := newGitFixture(t)
	g.write("lib/internal/secret_sauce/dce.go", "package secret_sauce\n")
	g.write("lib/internal/keep/keep.go", "package keep\n")
	g.commit("2026-06-01T10:00:00Z", "start")
	g.git("mv", "lib/internal/secret_sauce", "lib/internal/deadcode")
	moved := g.commit("2026-06-02T10:00:00Z", "rename pass")
	g.write("lib/CLAUDE.md", strings.Join([]string{
		"# lib", "", "## Layout", "",
		"- `internal/secret_sauce` — dead-variable elimination.",
		"- `internal/keep` — kept helpers.",
		"- `internal/planned_pass` — a pass still to be written.",
		"",
	}, "\n"))
	g.commit("2026-06-03T10:00:00Z", "doc")
	rep := check(t, g.root, "lib/CLAUDE.md", engine.CheckOptions{})
	assertRecall(t, rep, []recallWant{
		{"dead-variable", engine.StateStale, engine.ReasonFileMissing, "lib/internal/secret_sauce → lib/internal/deadcode, renamed in " + moved[:7], ""},
		{"kept helpers", engine.StateFresh, "", "", ""},
	})
	if c := findClaim(t, rep, "still to be written"); c.State == engine.StateStale {
		t.Errorf("internal/planned_pass: got %s/%s (%s), want no finding: it never lived here", c.State, c.Reason, c.Detail)
	}
}

// G6: a make target written with no directory is checked against the Makefile nearest the document,
// and the finding names that Makefile.
func TestMakeNearestMakefile(t *testing.T) {
	g := newGitFixture(t)
	g.write("Makefile", "build_all:\n\ttrue\ntest:\n\ttrue\n")
	g.write("lib/Makefile", "test:\n\ttrue\neditor:\n\ttrue\n")
	g.write("lib/CLAUDE.md", "# lib\n\n## Commands\n\n- `make test` runs the tests.\n- `make build_all` builds every target.\n")
	g.write("lib/sub/NOTES.md", "# sub\n\n## Commands\n\n- `make editor` regenerates the code.\n")
	g.write("docs/GUIDE.md", "# guide\n\n## Commands\n\n- `make build_all` builds every target.\n")
	g.commit("2026-06-01T10:00:00Z", "start")
	assertDocs(t, g.root, []docWant{
		{"lib/CLAUDE.md", recallWant{"runs the tests", engine.StateFresh, "", "", ""}},
		{"lib/CLAUDE.md", recallWant{"builds every target", engine.StateStale, engine.ReasonChanged, "lib/Makefile has no target build_all", ""}},
		// no Makefile beside it: the nearest one up is lib's
		{"lib/sub/NOTES.md", recallWant{"regenerates", engine.StateFresh, "", "", ""}},
		// no Makefile between the document and the root: the root's decides
		{"docs/GUIDE.md", recallWant{"builds every target", engine.StateFresh, "", "", ""}},
	})
}

// G7: a markdown link target is a path from the document that resolves exactly; a bare mention of the
// same name still matches wherever the file lives.
func TestLinkTargetExact(t *testing.T) {
	g := newGitFixture(t)
	g.write("GOVERNANCE.md", "# who\n")
	g.write("docs/guide.md", "# guide\n")
	g.write("SETUP.md", "# setup\n")
	g.commit("2026-06-01T10:00:00Z", "start")
	// docs/ exists already: docs/guide.md landed in the first commit
	g.git("mv", "GOVERNANCE.md", "docs/GOVERNANCE.md")
	moved := g.commit("2026-06-02T10:00:00Z", "move governance")
	g.write("CONTRIBUTING.md", strings.Join([]string{
		"# Contributing", "", "## Where", "",
		"- For who maintains what, see [GOVERNANCE.md](GOVERNANCE.md).",
		"- Roles are written down in `GOVERNANCE.md`.",
		"- Start with [the guide](docs/guide.md).",
		"",
	}, "\n"))
	g.write("docs/README.md", "# docs\n\n## Where\n\n- Read [the guide](guide.md) first.\n- Setup is in [SETUP](../SETUP.md).\n")
	g.commit("2026-06-03T10:00:00Z", "docs")
	assertDocs(t, g.root, []docWant{
		{"CONTRIBUTING.md", recallWant{"who maintains", engine.StateStale, engine.ReasonFileMissing, "GOVERNANCE.md → docs/GOVERNANCE.md, renamed in " + moved[:7], ""}},
		{"CONTRIBUTING.md", recallWant{"Roles are written", engine.StateFresh, "", "", ""}},
		{"CONTRIBUTING.md", recallWant{"Start with", engine.StateFresh, "", "", ""}},
		{"docs/README.md", recallWant{"Read [the guide]", engine.StateFresh, "", "", ""}},
		{"docs/README.md", recallWant{"Setup is in", engine.StateFresh, "", "", ""}},
	})
}

// TestLinkAnchorsAreMarked: a link destination is a Link anchor, and a code span naming the same path
// inside the link text stays one anchor that keeps the mark.
func TestLinkAnchorsAreMarked(t *testing.T) {
	tests := []struct {
		name, doc, text string
		wantPath        string
		wantLink        bool
		wantCount       int
	}{
		{"link", "CONTRIBUTING.md", "see [GOVERNANCE.md](GOVERNANCE.md)", "GOVERNANCE.md", true, 1},
		{"code span in link text", "CONTRIBUTING.md", "see [`GOVERNANCE.md`](GOVERNANCE.md)", "GOVERNANCE.md", true, 1},
		{"link from a sub-directory", "docs/README.md", "read [the guide](guide.md#start)", "docs/guide.md", true, 1},
		{"bare mention", "CONTRIBUTING.md", "see `GOVERNANCE.md`", "GOVERNANCE.md", false, 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var paths []engine.Anchor
			for _, a := range engine.ExtractAnchors(tc.doc, tc.text) {
				if a.Kind == engine.AnchorPath {
					paths = append(paths, a)
				}
			}
			if len(paths) != tc.wantCount {
				t.Fatalf("got %d path anchors %+v, want %d", len(paths), paths, tc.wantCount)
			}
			if a := paths[0]; a.Path != tc.wantPath || a.Link != tc.wantLink {
				t.Fatalf("got path %q link %v, want %q link %v", a.Path, a.Link, tc.wantPath, tc.wantLink)
			}
		})
	}
}
