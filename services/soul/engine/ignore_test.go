package engine_test

import (
	"context"
	"strings"
	"testing"

	"github.com/organism-dev/organism/services/soul/engine"
	"github.com/organism-dev/organism/services/soul/gitrepo"
)

// checkRepoText runs the whole entry the server and the CLI share (CheckRepo), so the repository's
// .soulignore is read as in production.
func checkRepoText(t *testing.T, root, soulPath, soul string) *engine.Report {
	t.Helper()
	repo, err := gitrepo.Open(context.Background(), root)
	if err != nil {
		t.Fatal(err)
	}
	rep, err := engine.CheckRepo(context.Background(), repo, soulPath, []byte(soul), engine.ParseOptions{},
		engine.CheckOptions{Now: mustTime("2026-07-06T09:00:00Z"), IncludeClaims: true})
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

func staleAnchors(rep *engine.Report) []string {
	var out []string
	for _, f := range rep.Stale {
		out = append(out, f.Anchor)
	}
	return out
}

func TestIgnoreMarkers(t *testing.T) {
	g := newGitFixture(t)
	g.write("main.go", "package main\n")
	g.commit("2026-07-01T10:00:00Z", "init")
	const head = "# AGENTS\n\n## Layout\n\n"
	tests := []struct {
		name        string
		doc         string
		wantStale   []string
		wantIgnored int
	}{
		{"no marker flags both", head + "- `gone/a.go` holds A.\n- `gone/b.go` holds B.\n", []string{"gone/a.go", "gone/b.go"}, 0},
		{"soul-ignore skips the next claim only", head + "<!-- soul-ignore -->\n- `gone/a.go` holds A.\n- `gone/b.go` holds B.\n", []string{"gone/b.go"}, 1},
		{"soul-ignore-next-line", head + "<!-- soul-ignore-next-line -->\n- `gone/a.go` holds A.\n- `gone/b.go` holds B.\n", []string{"gone/b.go"}, 1},
		{"driftlint's marker is honoured", head + "<!-- driftlint-ignore -->\n- `gone/a.go` holds A.\n- `gone/b.go` holds B.\n", []string{"gone/b.go"}, 1},
		{"a marker with a reason", head + "<!-- soul-ignore: lands next sprint -->\n- `gone/a.go` holds A.\n\n- `gone/b.go` holds B.\n", []string{"gone/b.go"}, 1},
		{"blank lines between marker and claim", head + "<!-- soul-ignore -->\n\n`gone/a.go` holds A.\n\n`gone/b.go` holds B.\n", []string{"gone/b.go"}, 1},
		{"block form", head + "<!-- soul-ignore-start -->\n- `gone/a.go` holds A.\n- `gone/b.go` holds B.\n<!-- soul-ignore-end -->\n\n`gone/c.go` holds C.\n", []string{"gone/c.go"}, 2},
		{"unclosed block runs to the end", head + "`gone/c.go` holds C.\n\n<!-- soul-ignore-start -->\n\n`gone/a.go` holds A.\n", []string{"gone/c.go"}, 1},
		{"markdownlint's marker is not soul's", head + "<!-- markdownlint-disable-next-line -->\n- `gone/a.go` holds A.\n", []string{"gone/a.go"}, 0},
		{"link checker's marker is not soul's", head + "<!-- markdown-link-check-disable-next-line -->\n- `gone/a.go` holds A.\n", []string{"gone/a.go"}, 0},
		{"a marker inside a code fence is text", head + "```md\n<!-- soul-ignore -->\n```\n\n`gone/a.go` holds A.\n", []string{"gone/a.go"}, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rep := checkRepoText(t, g.root, "AGENTS.md", tc.doc)
			if got := staleAnchors(rep); strings.Join(got, ",") != strings.Join(tc.wantStale, ",") {
				t.Errorf("stale anchors: got %v, want %v", got, tc.wantStale)
			}
			if rep.Ignored != tc.wantIgnored {
				t.Errorf("ignored: got %d, want %d", rep.Ignored, tc.wantIgnored)
			}
			if tc.wantIgnored > 0 && !strings.Contains(rep.ReceiptLine, "ignored") {
				t.Errorf("receipt line: got %q, want it to show the ignored claims", rep.ReceiptLine)
			}
		})
	}
}

func TestSoulIgnoreFile(t *testing.T) {
	g := newGitFixture(t)
	g.write("main.go", "package main\n")
	g.write(".soulignore", "# generated at build time\nanchor:build/**\nanchor: *.pb.go\ndoc:vendor/\nthird_party/\n")
	g.commit("2026-07-01T10:00:00Z", "init")
	doc := "# AGENTS\n\n## Layout\n\n- `build/out/app` is the binary.\n- `api/v1/api.pb.go` is generated.\n" +
		"- `third_party/lib/x.go` is vendored.\n- `gone/a.go` holds A.\n- `main.go` and `build/tmp/x` are here.\n"
	rep := checkRepoText(t, g.root, "AGENTS.md", doc)
	if got := staleAnchors(rep); strings.Join(got, ",") != "gone/a.go" {
		t.Errorf("stale anchors: got %v, want [gone/a.go]", got)
	}
	if rep.Ignored != 3 {
		t.Errorf("ignored: got %d, want 3 (the claims citing only ignored paths)", rep.Ignored)
	}
	if rep.ByState.Fresh != 1 {
		t.Errorf("fresh: got %d, want 1 (main.go still checked beside an ignored anchor)", rep.ByState.Fresh)
	}
}

func TestIgnoreGlobs(t *testing.T) {
	ig := engine.ParseIgnore([]byte("doc:vendor/\nanchor:build/**\n*.gen.md # both\ndocs/**/AGENTS.md\n"))
	tests := []struct {
		name     string
		doc      string
		wantDoc  bool
		anchor   string
		wantAnch bool
	}{
		{"doc under vendor", "vendor/x/AGENTS.md", true, "vendor/x.go", false},
		{"anchor under build", "build/AGENTS.md", false, "build/a/b", true},
		{"bare name at any depth", "a/b/notes.gen.md", true, "c/d.gen.md", true},
		{"double star in the middle", "docs/a/b/AGENTS.md", true, "docs/AGENTS.md", true},
		{"no match", "AGENTS.md", false, "main.go", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := ig.Doc(tc.doc); got != tc.wantDoc {
				t.Errorf("Doc(%q): got %v, want %v", tc.doc, got, tc.wantDoc)
			}
			if got := ig.Anchor(engine.Anchor{Kind: engine.AnchorPath, Ref: tc.anchor, Path: tc.anchor}); got != tc.wantAnch {
				t.Errorf("Anchor(%q): got %v, want %v", tc.anchor, got, tc.wantAnch)
			}
		})
	}
}

// An ordinary handoff file never promised an anchor per sentence; a soul did (SOUL-INV-1).
func TestAnchorlessSentenceCountedOutsideSouls(t *testing.T) {
	g := newGitFixture(t)
	g.write("main.go", "package main\n")
	g.commit("2026-07-01T10:00:00Z", "init")
	body := "## Current State\n\n- Releases sometimes stall on Fridays.\n- `gone/a.go` holds A.\n"
	tests := []struct {
		name           string
		path, doc      string
		wantSoul       bool
		wantDiscipline int
		wantDrift      int
		// gone/a.go never landed: outside a soul a mention of it is unverified; a soul keeps it drift
		wantUnverified int
	}{
		{"ordinary AGENTS.md", "AGENTS.md", "# Agents\n\n" + body, false, 0, 0, 1},
		{"PATHOS.md is a soul", "PATHOS.md", "# Pathos\n\n" + body, true, 1, 1, 0},
		{"a tissue directive makes a soul", "AGENTS.md", "# Agents\n\n<!-- soul: verifiable -->\n\n" + body, true, 1, 1, 0},
		{"checkpoints make a soul", "CLAUDE.md", "# Claude\n\n## Checkpoint 3\n\n" + strings.Replace(body, "## ", "### ", 1), true, 1, 1, 0},
		{"a soul receipt makes a soul", "AGENTS.md", "# Agents\n\n**Soul receipt:** checked 2026-07-01\n\n" + body, true, 1, 1, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rep := checkRepoText(t, g.root, tc.path, tc.doc)
			if rep.SoulTissue != tc.wantSoul {
				t.Errorf("soul tissue: got %v, want %v", rep.SoulTissue, tc.wantSoul)
			}
			kinds := map[engine.FindingKind]int{}
			for _, f := range rep.Stale {
				kinds[f.Kind]++
			}
			if kinds[engine.KindDiscipline] != tc.wantDiscipline || kinds[engine.KindDrift] != tc.wantDrift || kinds[engine.KindUnverified] != tc.wantUnverified {
				t.Errorf("findings: got %v, want %d discipline, %d drift and %d unverified", kinds, tc.wantDiscipline, tc.wantDrift, tc.wantUnverified)
			}
			if rep.Unanchored != 1 {
				t.Errorf("unanchored: got %d, want 1 (counted either way)", rep.Unanchored)
			}
			// an unverified mention's claim is evidence_stale all the same: never verified fresh
			if want := tc.wantDiscipline + tc.wantDrift + tc.wantUnverified; rep.ByState.Stale != want {
				t.Errorf("stale: got %d, want %d", rep.ByState.Stale, want)
			}
			if !strings.Contains(rep.ReceiptLine, "1 unanchored") {
				t.Errorf("receipt line: got %q, want the unanchored count", rep.ReceiptLine)
			}
			if !tc.wantSoul {
				c := findClaim(t, rep, "Releases sometimes stall")
				if c.State != engine.StateUnanchored {
					t.Errorf("claim state: got %s, want %s", c.State, engine.StateUnanchored)
				}
			}
		})
	}
}

// FuzzIgnoreFile: any .soulignore and any path are answered, in time bounded by their sizes.
func FuzzIgnoreFile(f *testing.F) {
	f.Add("doc:vendor/\nanchor:build/**\n*.md # c\n", "a/b/c.md")
	f.Add(strings.Repeat("**/a/", 40)+"b", strings.Repeat("a/", 60)+"c")
	f.Add("[\n\x00", "[")
	f.Fuzz(func(t *testing.T, file, p string) {
		ig := engine.ParseIgnore([]byte(file))
		_ = ig.Doc(p)
		_ = ig.Anchor(engine.Anchor{Kind: engine.AnchorPath, Path: p})
	})
}

// FuzzIgnoreMarkers: markers anywhere never break the parse, and a skipped claim is counted.
func FuzzIgnoreMarkers(f *testing.F) {
	f.Add("<!-- soul-ignore -->\n- `a.go` x y.\n<!-- soul-ignore-start -->\n```\n<!-- soul-ignore-end -->\n")
	f.Add("<!-- driftlint-ignore -->")
	f.Fuzz(func(t *testing.T, doc string) {
		s, err := engine.Parse("AGENTS.md", []byte(doc), engine.ParseOptions{})
		if err != nil {
			return
		}
		if s.Ignored < 0 || s.Ignored > strings.Count(doc, "\n")+1 {
			t.Fatalf("ignored: got %d for a document of %d lines", s.Ignored, strings.Count(doc, "\n")+1)
		}
		for i, c := range s.Claims {
			if c.Index != i {
				t.Fatalf("claim %d: index %d, want its position", i, c.Index)
			}
		}
	})
}
