package gitrepo

import (
	"bufio"
	"regexp"
	"strings"
	"testing"
)

func FuzzParseRenames(f *testing.F) {
	f.Add("@abc1234\n\nR100\ta.md\tb/a.md\n@def5678\nR087\told/x.go\tnew/x.go\n")
	f.Add("R\t\t\n@\n")
	f.Fuzz(func(t *testing.T, raw string) {
		for _, m := range parseRenames([]byte(raw)) {
			if m.from == "" || m.to == "" || strings.Contains(m.from, "\t") || strings.Contains(m.to, "\n") {
				t.Fatalf("got move %+v from %q", m, raw)
			}
		}
	})
}

func FuzzParseRemoved(f *testing.F) {
	f.Add("@abc1234\n\ndiff --git a/s.go b/s.go\n--- a/s.go\n+++ b/s.go\n@@ -5 +4,0 @@\n-func Drop() {}\n")
	f.Add("-Drop\n--- /dev/null\n-Drop\n@@ -1 +1 @@\n")
	mention := regexp.MustCompile(`\b(Drop)\b`)
	f.Fuzz(func(t *testing.T, raw string) {
		for _, l := range parseRemoved([]byte(raw), mention) {
			if l.Path == "" || l.Path == "/dev/null" || !mention.MatchString(l.Text) {
				t.Fatalf("got %+v from %q", l, raw)
			}
		}
	})
}

// FuzzParseHistory: the walk's parser never panics, and every commit it keeps has one names list, each
// name was listed after that commit and every added or deleted path was listed by some commit.
func FuzzParseHistory(f *testing.F) {
	f.Add("\x1eaaa\x1f\x1f1700000000\x1fstart\x00\nA\x00a/b.go\x00M\x00c.go\x00\x1ebbb\x1faaa\x1f1700000100\x1fnext (#2)\x00\nD\x00a/b.go\x00")
	f.Add("\x1em\x1fa b\x1f1\x1fmerge\x00\x1ec\x1f\x1f0\x1f\x00")
	f.Add("A\x00x\x00")
	f.Fuzz(func(t *testing.T, raw string) {
		h, err := parseHistory(bufio.NewReaderSize(strings.NewReader(raw), 16), 8)
		if err != nil {
			return
		}
		if len(h.names) != len(h.log) {
			t.Fatalf("got %d names lists for %d commits from %q", len(h.names), len(h.log), raw)
		}
		listed := map[string]bool{}
		for _, names := range h.names {
			for _, n := range names {
				markParents(listed, n)
			}
		}
		for p := range h.added {
			if !listed[p] {
				t.Fatalf("added %q was never listed in %q", p, raw)
			}
		}
		for p := range h.deleted {
			if !listed[p] {
				t.Fatalf("deleted %q was never listed in %q", p, raw)
			}
		}
	})
}

// FuzzWordSet: a word set finds a word in a line exactly when containsWord finds it, for words of word
// bytes only (looked up by the line's runs), words with other bytes (searched for) and both mixed in one
// set. An empty word is left out: containsWord itself runs past some lines' ends with one, and a
// check never asks one (its symbol words are anchor names).
func FuzzWordSet(f *testing.F) {
	f.Add("func (t *T01) Handle() int { return t.n }", "Handle,T01,Close")
	f.Add("xFoo Foo_ Foo", "Foo")
	f.Add("a.b -x- C++ Größe", "a.b,-x,C++,Größe,b")
	f.Add("", ",x")
	f.Add("tail_", "tail,_")
	f.Fuzz(func(t *testing.T, line, list string) {
		var words []string
		for _, w := range strings.Split(list, ",") {
			if w != "" {
				words = append(words, w)
			}
		}
		want := false
		for _, w := range words {
			want = want || containsWord([]byte(line), w)
		}
		if got := newWordSet(words).in(line); got != want {
			t.Fatalf("words %q in %q: got %v, want %v", words, line, got, want)
		}
	})
}
