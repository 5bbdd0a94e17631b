package engine

import (
	"flag"
	"os"
	"path/filepath"
	"regexp/syntax"
	"slices"
	"strings"
	"testing"
)

// TestMain turns verifyGates on for the package's tests, so every text a test checks also checks
// that no literal gate refuses a text its regexp matches (a refusal the regexp disagrees with
// panics). Benchmarks run without it: they measure the gates.
func TestMain(m *testing.M) {
	flag.Parse()
	if f := flag.Lookup("test.bench"); f == nil || f.Value.String() == "" {
		verifyGates = true
	}
	os.Exit(m.Run())
}

func gateWords(t *testing.T, expr string) [][]string {
	t.Helper()
	re, err := syntax.Parse(expr, syntax.Perl)
	if err != nil {
		t.Fatal(err)
	}
	var out [][]string
	for _, set := range gateOf(re.Simplify()).sets {
		var words []string
		for _, w := range set {
			s := w.s
			if w.fold {
				s = "i:" + s
			}
			words = append(words, s)
		}
		slices.Sort(words)
		out = append(out, words)
	}
	return out
}

// TestLiteralGateWords pins what the gate reads of each shape of pattern.
func TestLiteralGateWords(t *testing.T) {
	cases := []struct {
		expr string
		want [][]string
	}{
		{`(?i)\b(?:is|are)\s+(?:generated|built)\b`, [][]string{{"i:built", "i:generated"}, {"i:are", "i:is"}}},
		{`used to live`, [][]string{{"used to live"}}},
		{`^\s*#+\s*(?:Removed|Deleted)`, [][]string{{"Deleted", "Removed"}}},
		{`(?i)files?`, [][]string{{"i:file"}}},
		{`(?i)colou?r`, [][]string{{"i:color", "i:colour"}}},
		{`(?i)(?:gone|removed)|deleted\s+in`, [][]string{{"i:deleted", "i:gone", "i:removed"}}},
		{`x*`, nil},
		{`(?i)(?:a|b)`, nil}, // single letters say too little to be worth a scan
		{`(?i)retired|\w+ly`, [][]string{{"i:ly", "i:retired"}}},
		{`(?i)retired|\w+`, nil}, // a branch that requires nothing
		{`[A-Z][a-z]+Error`, [][]string{{"Error"}}},
		{`(?i)(?:was|were)\s+(?:deleted|removed)`, [][]string{{"i:deleted", "i:removed"}, {"i:was", "i:were"}}},
		{`(?i)(?:deprecat|obsolet)(?:ed|e)`, [][]string{{"i:deprecate", "i:obsolete"}}},
		{`(?i)빌드|생성`, [][]string{{"빌드", "생성"}}}, // runes without case are looked for as written
		{`(?i)été`, nil}, // é has an upper case the gate cannot scan for byte for byte
	}
	for _, c := range cases {
		if got := gateWords(t, c.expr); !slices.EqualFunc(got, c.want, slices.Equal) {
			t.Errorf("gate of %q: got %q, want %q", c.expr, got, c.want)
		}
	}
}

// TestLiteralGateFolds: a (?i) gate holds on every text its regexp matches, whatever the case, and
// on the two non-ASCII runes Go folds to ASCII letters (KELVIN SIGN for k, LONG S for s).
func TestLiteralGateFolds(t *testing.T) {
	g := mustGate(`(?i)\b(?:is|are)\s+(?:linked|sealed)\b`)
	for _, text := range []string{"it IS LINKED", "it is \u212Aeyed and is lin\u212Aed", "it is \u017Fealed", "Are Sealed"} {
		if !g.Regexp.MatchString(text) {
			t.Fatalf("test text %q does not match the regexp", text)
		}
		if !g.literal().holds(text) || !g.MatchString(text) {
			t.Errorf("%q: the gate refused a text its regexp matches", text)
		}
	}
	for _, text := range []string{"it is open", "sea led", "is link"} {
		if g.literal().holds(text) {
			t.Errorf("%q: the gate held on a text with none of its words", text)
		}
		if g.MatchString(text) || g.FindStringSubmatch(text) != nil || g.FindAllStringIndex(text, -1) != nil {
			t.Errorf("%q: a gated method matched", text)
		}
	}
}

// gateTexts is text the gates are checked on beyond the package's own tests: lines of the real
// documents of the corpus (services/soul/testdata/real, the Markdown files of each case's tree),
// taken evenly to about n, each with its upper-case twin.
func gateTexts(tb testing.TB, n int) []string {
	tb.Helper()
	paths, err := filepath.Glob("../testdata/real/*/tree.txtar")
	if err != nil || len(paths) == 0 {
		tb.Fatalf("no corpus trees: %v", err)
	}
	var lines []string
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			tb.Fatal(err)
		}
		md := false
		for _, line := range strings.Split(string(b), "\n") {
			if name, ok := strings.CutPrefix(line, "-- "); ok && strings.HasSuffix(name, " --") {
				md = strings.HasSuffix(strings.ToLower(strings.TrimSuffix(name, " --")), ".md")
				continue
			}
			if md && strings.TrimSpace(line) != "" {
				lines = append(lines, line)
			}
		}
	}
	if len(lines) < n {
		tb.Fatalf("only %d lines of documents to check the gates on", len(lines))
	}
	var texts []string
	for i := 0; i < n; i++ {
		line := lines[i*len(lines)/n]
		texts = append(texts, line, strings.ToUpper(line))
	}
	return texts
}

// TestLiteralGatesNeverRefuseAMatch runs every gated regexp of the engine on the documents' lines
// (and their upper-case twins) and fails where the gate refused a line the regexp matches.
func TestLiteralGatesNeverRefuseAMatch(t *testing.T) {
	texts := gateTexts(t, 800)
	if len(gatedRegexps) < 500 {
		t.Fatalf("only %d gated regexps; the engine compiles its patterns with mustGate", len(gatedRegexps))
	}
	refused, matched := 0, 0
	for _, g := range gatedRegexps {
		for _, text := range texts {
			if g.literal().holds(text) {
				continue
			}
			refused++
			if g.Regexp.MatchString(text) {
				matched++
				t.Errorf("gate of %s refused %q, which it matches", g, text)
			}
		}
	}
	if refused == 0 {
		t.Fatal("no gate refused any line: the gates are not read")
	}
	t.Logf("%d regexps, %d lines, %d refusals", len(gatedRegexps), len(texts), refused)
}

// FuzzLiteralGates: no gate refuses a text its regexp matches.
func FuzzLiteralGates(f *testing.F) {
	for _, s := range []string{"it was removed in v2", "GENERATED by make", "used to live in `x/`", "\u212Aept", "ſee"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, g := range gatedRegexps {
			if !g.literal().holds(s) && g.Regexp.MatchString(s) {
				t.Fatalf("gate of %s refused %q, which it matches", g, s)
			}
		}
	})
}
