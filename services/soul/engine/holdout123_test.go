package engine_test

import (
	"strings"
	"testing"

	"github.com/organism-dev/organism/services/soul/engine"
)

// TestHundredTwentyThirdHoldoutClasses: the false rows of the hundred-and-twenty-third holdout that
// were fixed, each beside a twin that stays drift.
func TestHundredTwentyThirdHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("desktop/package.json", "{}\n")
	g.write("web/package.json", "{}\n")
	g.write("scripts/parser/build.sh", "echo\n")
	g.write("desktop/src/components/Editor.tsx", "export {}\n")
	g.write("desktop/src/components/Toolbar.tsx", "export {}\n")
	g.write("desktop/src/legacy/Toolbar.tsx", "export {}\n")
	g.write("web/src/components/BackendEditor.tsx", "export {}\n")
	g.write("web/Panel.tsx", "export {}\n")
	g.commit("2026-05-01T10:00:00Z", "app")
	g.remove("web/Panel.tsx")
	g.write("web/src/components/Panel.tsx", "export {}\n")
	g.commit("2026-05-02T10:00:00Z", "move the panel")
	repo := g.open(t)
	runDriftCases(t, repo, "CLAUDE.md", []driftCase{
		{"files named by their package", "- `desktop/Editor.tsx` and `web/BackendEditor.tsx` both mount the editor.", nil},
		{"a line of a file named by its package", "- The editor mounts at `desktop/Editor.tsx:1`.", nil},
		{"twin: a name two files of the package have", "- `desktop/Toolbar.tsx` renders the buttons.", []string{"unverified unanchored desktop/Toolbar.tsx"}},
		{"twin: a link into the package resolves exactly", "- Back to [the web guide](web/Editor.tsx).", []string{"evidence_file_missing web/Editor.tsx"}},
		{"twin: a tree's entry keeps its place", "## Layout\n\n```\ndesktop/\n├── package.json\n└── Editor.tsx     # the editor\n```\n", []string{"evidence_file_missing desktop/Editor.tsx"}},
		{"twin: a directory that is no package", "- Run `scripts/build.sh` first.", []string{"unverified unanchored scripts/build.sh"}},
		{"twin: a path history held, since moved", "- `web/Panel.tsx` renders the side panel.", []string{"evidence_file_missing web/Panel.tsx"}},
	})
}

// TestRowSaysItsOwnFailure: a claim whose detail a later pass took from its second name (a near miss)
// reports its first name with that name's own failure, and the second in a row of its own (the
// hundred-and-twenty-third holdout's Spartan-IDE showed `typeshed-fallback/stdlib/builtins.pyi` beside
// "desktop/Editor.tsx never landed …").
func TestRowSaysItsOwnFailure(t *testing.T) {
	g := newGitFixture(t)
	g.write("lib/ttsGenerator.ts", "export {}\n")
	g.commit("2026-05-01T10:00:00Z", "app")
	repo := g.open(t)
	rep := checkDoc(t, repo, "CLAUDE.md", "## Layout\n\n```\nlib/\n├── vertex-ai.ts      # model client\n├── tts-generator.ts  # speech\n└── ttsGenerator.ts   # speech, new\n```\n")
	rows := 0
	for _, f := range rep.Stale {
		if f.Kind != engine.KindDrift {
			continue
		}
		rows++
		if !strings.HasPrefix(f.Detail, f.Anchor+" ") {
			t.Errorf("row %q carries another anchor's detail: %q", f.Anchor, f.Detail)
		}
	}
	if rows == 0 {
		t.Errorf("no drift rows: %+v", rep.Stale)
	}
}
