package gitrepo

import (
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
