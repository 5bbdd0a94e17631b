package engine_test

import (
	"bytes"
	"path"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/organism-dev/organism/platform/refusal"
	"github.com/organism-dev/organism/services/soul/engine"
)

func hostileSeeds() [][]byte {
	return [][]byte{
		[]byte(probeSoul),
		[]byte(strings.Repeat(">", 5000) + " deep\n"),
		[]byte(strings.Repeat("- ", 3000) + "nested list `a/b.go`\n"),
		[]byte(strings.Repeat("  ", 2000) + "* x\n"),
		[]byte("# \xff\xfe title\n\n- `\xff/x.go:12` \xc3\x28 #12 v1.2.3\n"),
		// a branch list's lead-in, a pending section, an attribute-list heading id, a command's outputs
		[]byte("Branch naming conventions:\n- `feature/` - New\n- `fix/*` - Bugs\n\n## What's missing today\n\n- `a/b.go` — none\n\n### `x` {: #x y}\n\n```sh\nopenssl req -keyout priv/k.pem -out ./p/c.pem\n```\n"),
		[]byte("| a | b |\n|---|---|\n| `x.go:1` | #3 |\n"),
		// reference links and their definitions, folder items, a step into a folder, layout rows
		[]byte("Read [the guide][g] and [Bugs].\n\n[g]: docs/guide.md \"t\"\n[bugs]: ./bugs.md\n\n- src\n  - util\n    - `./platform`\n\n1. Open the `backend` folder\n2. Run `go run ./cmd`\n\n- `a/` – x\n- `b/` – y\n- `c/` – z\n"),
		[]byte("```sh\nmake test && ./scripts/run.sh\n```\n"),
		// a changelog heading, a Chinese removal lead-in, names moved away, an "until" told as history
		[]byte("## 变更记录 (Changelog)\n\n- 建立 `a/` 目录\n\n**已删除的文件**（不要重新创建）:\n- ❌ `b/`\n\n`c.rs` and `d.rs` have been moved to `e/`. It was kept until 2026-01-01, when `f.md` moved. Do not reintroduce X or `g.ts`. `h.js` `../../ui/dist` 合并自原 `i.md` /\n`j.md`。 `k` в проекте нет.\n"),
		// continued command lines, a conditional comment, an edition, removal lists and headings
		[]byte("```sh\napt-get install a \\\n  make b \\\n\\\n\\\npnpm dev  # if configured\n```\n\nRust 2024 edition; `edition = \"2021\"`.\n\nThen delete:\n- `x/y.ts`\n\n### Delete `y.ts`\n\n1. Read `x/y.ts`\n\nThis command generates:\n- `out/memory/YYYY-MM-DD.md`\n"),
		[]byte("[x](../../../etc/passwd) `~/secret` `/etc/hosts` http://localhost:1/x"),
		bytes.Repeat([]byte("`"), 4096),
		[]byte("line 99999999999999999999 of `a.go`"),
		// Found by fuzzing: an "LN" line hint beside a code span used the "line N" groups (-1).
		[]byte("00` L0"),
		[]byte("- `a.go` L12 holds it\n"),
		// Import lines (imports.go): a line of its own, beside look-alikes and per-user paths.
		[]byte("@AGENTS.md\n\nProse @user wrote.\n@./docs/x.md\n@~/.claude/me.md\n@/etc/x.md\n@@\n@\xff.md\n```\n@in/fence.md\n```\n"),
		[]byte("`make clean` — remove `log-*`, `cpu.test`, `*.out`; `vfs.Open` was removed. e.g. `F(...)` [mr #N](...) refs/x/<id>/y **a/b/** `.o.go` files"),
		// Links to the document's own headings (fragments.go): custom ids, HTML anchors, encodings.
		[]byte("# T\n## A {#x}\n<a name=\"y\">\n[z](#x) [w](#%zz) [v](#) [u](#\xff) [t](#a-1)\n"),
		// Directory trees (trees.go): roots, guides of several widths, placeholders, a deep one.
		[]byte("```\nrepo/\n├── a/\n│   ├── b.go  # c\n│   └── ...\n└── c/\n    `-- d/e.go\n|-- x\n```\n"),
		[]byte("```text\n" + strings.Repeat("│   ", 500) + "├── deep.go\n└── \xff/\n```\n"),
		// Indentation trees (indenttrees.go): tabs, wrapped descriptions, placeholders, a placeholder root.
		[]byte("```\npkg/\n  cli/   x\n\talpha/ y\n    init.go  z\n             wrapped\n  **/testdata/\n<app>/\n  ../up/\ncmd/\n  \xff.go\n```\n"),
		[]byte("```\n" + strings.Repeat("a/\n ", 300) + "b.go\n```\n"),
		[]byte("`gen.go` lives in `../up` — run `make x` in that repo. " + strings.Repeat(" — ", 2000) + strings.Repeat(". ", 2000)),
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range hostileSeeds() {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		soul, err := engine.Parse("docs/PATHOS.md", src, engine.ParseOptions{})
		if err != nil {
			return
		}
		for _, c := range soul.Claims {
			if c.StartLine < 1 || c.EndLine < c.StartLine || c.StartLine > soul.Lines+1 {
				t.Fatalf("claim %q: span %d-%d outside 1..%d", c.Text, c.StartLine, c.EndLine, soul.Lines)
			}
			if !utf8.ValidString(c.Text) {
				t.Fatalf("claim text is not valid UTF-8: %q", c.Text)
			}
		}
		if !utf8.ValidString(soul.Headline) {
			t.Fatalf("headline is not valid UTF-8: %q", soul.Headline)
		}
	})
}

func FuzzExtractAnchors(f *testing.F) {
	for _, s := range hostileSeeds() {
		f.Add(string(s))
	}
	f.Add("`http_server::resolve_brain` at `src/http_server.rs:1281` (#267) @5b1a37d v1.3.0 `make bench` 37 cases")
	f.Fuzz(func(t *testing.T, s string) {
		for _, a := range engine.ExtractAnchors("docs/PATHOS.md", s) {
			if a.Kind == engine.AnchorPath && !a.Workspace && (strings.HasPrefix(a.Path, "/") || strings.HasPrefix(a.Path, "../")) {
				t.Fatalf("repo path anchor escapes the repository: %+v", a)
			}
			if a.Kind == engine.AnchorLine && (a.Start < 1 || a.End < a.Start) {
				t.Fatalf("bad line range: %+v", a)
			}
		}
	})
}

// TestHostileInputIsBounded runs the shapes the fuzz targets guard at full size.
func TestHostileInputIsBounded(t *testing.T) {
	tests := []struct {
		name    string
		src     []byte
		max     int
		wantErr refusal.Reason
	}{
		{"10 MB line over the default limit", bytes.Repeat([]byte("a `b/c.go` "), 1<<20), 0, engine.RefuseSoulTooLarge},
		{"10 MB line under a raised limit", bytes.Repeat([]byte("a `b/c.go` "), 1<<20), 16 << 20, ""},
		{"deep blockquotes", []byte(strings.Repeat(">", 100_000) + " x\n"), 0, ""},
		{"deep lists", []byte(strings.Repeat("- ", 50_000) + "x\n"), 0, ""},
		{"deep indentation", deepIndent(6 << 20), 0, ""},
		{"invalid UTF-8", bytes.Repeat([]byte("# t\xff\xfe\n- `x\xff.go`\n"), 1000), 0, ""},
		{"binary", []byte("\x00\x01\x02\x03"), 0, engine.RefuseSoulNotText},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			soul, err := engine.Parse("PATHOS.md", tc.src, engine.ParseOptions{MaxBytes: tc.max})
			if tc.wantErr != "" {
				if got := refusal.ReasonOf(err); got != tc.wantErr {
					t.Fatalf("got %v (reason %q), want a %s refusal", err, got, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatalf("got %v, want a parse", err)
			}
			for _, c := range soul.Claims {
				if len(c.Text) > 20<<10 {
					t.Fatalf("claim of %d bytes, want the 16 KiB bound", len(c.Text))
				}
			}
		})
	}
}

func deepIndent(size int) []byte {
	var b bytes.Buffer
	for k := 0; b.Len() < size; k++ {
		b.WriteString(strings.Repeat("  ", k) + "- x\n")
	}
	return b.Bytes()
}

func TestFrontmatterIsNotATitle(t *testing.T) {
	src := "---\ntitle: Project notes\nowner: agents\n---\n\n# CLAUDE.md\n\n## Current State\n\n- `a.go` exists.\n"
	soul, err := engine.Parse("CLAUDE.md", []byte(src), engine.ParseOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if soul.Headline != "CLAUDE.md" || soul.Sections[0].Heading != "CLAUDE.md" {
		t.Errorf("headline: got %q (first section %q), want the document's own title", soul.Headline, soul.Sections[0].Heading)
	}
	if len(soul.Claims) != 1 || soul.Claims[0].StartLine != 10 {
		t.Errorf("claims: got %+v, want the one list item on line 10", soul.Claims)
	}
}

// FuzzLinkAnchors guards the link reading that makes a destination an exact path: every link anchor
// is a clean path joined from the document's directory, inside the repository unless it is a sibling
// checkout, and a link never turns a non-path anchor into one.
func FuzzLinkAnchors(f *testing.F) {
	for _, s := range []string{
		"see [GOVERNANCE.md](GOVERNANCE.md)", "[`a.md`](a.md) and `a.md`", "[x](../../up.md)", "[x](./b/../c.md#top)",
		"[x](guide.md?raw=1)", "[x](/abs.md)", "[x](https://example.com/a.md)", "[x](<a b>)", "[](.)", "[x](docs/)",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, a := range engine.ExtractAnchors("docs/PATHOS.md", s) {
			if !a.Link {
				continue
			}
			if a.Kind != engine.AnchorPath {
				t.Fatalf("link mark on a %s anchor: %+v", a.Kind, a)
			}
			if a.Path != path.Clean(a.Path) || a.Path == "." || strings.HasPrefix(a.Path, "/") {
				t.Fatalf("link path %q is not a clean relative path", a.Path)
			}
			if !a.Workspace && (strings.HasPrefix(a.Path, "../") || a.Path == "..") {
				t.Fatalf("link path %q escapes the repository without the sibling mark", a.Path)
			}
		}
	})
}
