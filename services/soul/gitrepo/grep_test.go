package gitrepo_test

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/organism-dev/organism/services/soul/engine"
	"github.com/organism-dev/organism/services/soul/gitrepo"
)

// TestGrepPatternIsFixedWords: the one PCRE pattern a check greps its words with prints exactly the
// bytes `git grep -w -F -e w ...` prints, index and work tree: words with the pattern language's
// metacharacters, a word first met inside a longer one and then alone on the same line, words at a
// line's ends, next to punctuation, digits and underscores, words that begin or end with punctuation,
// non-ASCII bytes, CRLF lines and an untracked file.
func TestGrepPatternIsFixedWords(t *testing.T) {
	root := committed(t, "start", map[string]string{
		"a/a.go": "package a\n\nfunc Foo() {}\nvar xFoo, Foo_ = 1, 2\nFoox Foo\n// Foo\n(Foo)\nFoo.Bar\n",
		"b/b.py": "def a_b(x):\n    return x+y * a.b\n\treturn $x\n-x- -x\n[a] (a) a|b\n",
		"c/c.rs": "fn main() {} \r\nlet λ = Größe;\r\nlet g = Größe2;\r\nC++ c++ C++x\r\n",
		"d/d.js": "const ^start = 1; end$ = 2; \\Q = 3; \\E = 4\n? * + {} \n",
		"e/e.kt": "val x = 1\n",
	})
	write(t, root, "f/f.go", "package f\n\nvar Foo = a.b\n") // untracked: the work tree's grep reads it
	r, err := gitrepo.Open(context.Background(), root)
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name  string
		words []string
	}{
		{"identifiers", []string{"Foo", "Bar", "main"}},
		{"inside a longer word first", []string{"Foo", "x"}},
		{"regexp metacharacters", []string{"a.b", "x+y", "a|b", "[a]", "(a)", "$x", "^start", "end$", "{}", "?", "*"}},
		{"punctuation at a word's ends", []string{"-x", "-x-", "C++", "\\Q", "\\E"}},
		{"non-ASCII", []string{"Größe", "λ"}},
		{"digits and underscores", []string{"a_b", "Foo_", "1", "2"}},
		{"no line matches", []string{"Nowhere"}},
	}
	for _, tc := range cases {
		for _, cached := range []bool{true, false} {
			name := tc.name + map[bool]string{true: "/index", false: "/work tree"}[cached]
			t.Run(name, func(t *testing.T) {
				viaPCRE, viaFixed, pcre, err := r.GrepEachWay(cached, tc.words)
				if err != nil {
					t.Fatal(err)
				}
				if !pcre {
					t.Logf("this git has no PCRE: held the check's grep to -w -F's answer")
				}
				if viaPCRE != viaFixed {
					t.Fatalf("words %q: the pattern printed\n%q\n-w -F prints\n%q", tc.words, viaPCRE, viaFixed)
				}
			})
		}
	}
}

// TestGrepWithoutPCRE: a git built without PCRE refuses -P; the check's grep then asks -w -F, answers as
// a git with PCRE does, and asks -F from then on.
func TestGrepWithoutPCRE(t *testing.T) {
	root := committed(t, "start", map[string]string{
		"a/a.go": "package a\n\nfunc Foo() {}\nvar xFoo = Foo\n",
		"b/b.py": "def a_b(x):\n    return x.Foo\n",
	})
	words := []string{"Foo", "a_b", "Missing"}
	ask := func() string {
		t.Helper()
		gitrepo.ResetCache()
		defer gitrepo.SetColdBlobs(0)()
		r, err := gitrepo.Open(context.Background(), root)
		if err != nil {
			t.Fatal(err)
		}
		ans, err := r.Batch(context.Background(), engine.BatchQuery{Symbols: words})
		if err != nil {
			t.Fatal(err)
		}
		return fmt.Sprint(ans.SymbolLines)
	}
	want := ask()
	if !strings.Contains(want, "func Foo()") {
		t.Fatalf("with PCRE: got %s, want the line defining Foo", want)
	}
	real, err := exec.LookPath("git")
	if err != nil {
		t.Fatal(err)
	}
	bin := t.TempDir()
	shim := "#!/bin/sh\nfor a in \"$@\"; do\n  if [ \"$a\" = -P ]; then\n    echo 'fatal: cannot use Perl-compatible regexes when not compiled with USE_LIBPCRE' >&2\n    exit 128\n  fi\ndone\nexec " + real + " \"$@\"\n"
	if err := os.WriteFile(filepath.Join(bin, "git"), []byte(shim), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	defer gitrepo.ForgetNoPCRE()
	if got := ask(); got != want {
		t.Fatalf("without PCRE: got %s, want %s", got, want)
	}
	if !gitrepo.ForgetNoPCRE() {
		t.Fatalf("without PCRE: got no note of it, want later greps to ask -w -F first")
	}
}

// TestGrepPastALongLine: a source line longer than any line buffer (a test's megabyte JSON literal)
// neither ends the answer nor hides the lines after it, on the grep path and the cache path alike: a
// word used only in a later file is a use, not "defined nowhere".
func TestGrepPastALongLine(t *testing.T) {
	root := committed(t, "start", map[string]string{
		"a/big.test.ts": "export const big = `" + strings.Repeat("useThing all ", 200_000) + "`\n",
		"b/view.tsx":    "export function View() {\n  return useMemo(() => 1, [])\n}\n",
	})
	for _, cold := range []int{0, 1 << 20} {
		t.Run(fmt.Sprintf("coldBlobs=%d", cold), func(t *testing.T) {
			gitrepo.ResetCache()
			defer gitrepo.SetColdBlobs(cold)()
			r, err := gitrepo.Open(context.Background(), root)
			if err != nil {
				t.Fatal(err)
			}
			ans, err := r.Batch(context.Background(), engine.BatchQuery{Symbols: []string{"useThing", "all", "useMemo"}})
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, l := range ans.SymbolLines {
				got = append(got, fmt.Sprintf("%s:%d", l.Path, l.Line))
			}
			if !slices.Contains(got, "b/view.tsx:2") {
				t.Fatalf("got lines %v, want b/view.tsx:2 (the use of useMemo after the long line)", got)
			}
		})
	}
}
