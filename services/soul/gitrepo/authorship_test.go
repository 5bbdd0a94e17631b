package gitrepo

import (
	"strings"
	"testing"
)

func TestFirstAdded(t *testing.T) {
	const newer, older, oldest = "1111111111111111111111111111111111111111", "2222222222222222222222222222222222222222", "3333333333333333333333333333333333333333"
	out := "\x00" + newer + "\n\ndiff --git a/d.md b/d.md\n--- a/d.md\n+++ b/d.md\n@@ -3 +3 @@\n-- old `a.go:1`\n+- `a.go:1` and `b.go:2`, reworded\n" +
		"\x00" + older + "\n\ndiff --git a/d.md b/d.md\n--- a/d.md\n+++ b/d.md\n@@ -3,0 +3 @@\n+- old `a.go:1`\n" +
		"\x00" + oldest + "\n\ndiff --git a/d.md b/d.md\nnew file mode 100644\n--- /dev/null\n+++ b/d.md\n@@ -0,0 +1,2 @@\n+# D\n+- `c.go:3` from the start\n"
	got := firstAdded([]byte(out), []string{"a.go:1", "b.go:2", "c.go:3", "d.go:4"})
	if got["a.go:1"] != older || got["b.go:2"] != newer {
		t.Fatalf("first commits: %v", got)
	}
	if _, ok := got["c.go:3"]; ok {
		t.Fatalf("a text the document was born with is answered: %v", got)
	}
	if _, ok := got["d.go:4"]; ok {
		t.Fatalf("a text no commit added is answered: %v", got)
	}
}

// FuzzFirstAdded: a document's patches (its lines are anyone's text) never panic the reader, and every
// answer is a commit header whose patch added a line holding the text.
func FuzzFirstAdded(f *testing.F) {
	f.Add("\x001111111111111111111111111111111111111111\n\n--- a/d.md\n+++ b/d.md\n+x.go:1\n", "x.go:1")
	f.Add("\x00\n+++ \n+\ncopy from d.md\n--- /dev/null\n", "+")
	f.Fuzz(func(t *testing.T, raw, text string) {
		if text == "" {
			return
		}
		for _, sha := range firstAdded([]byte(raw), []string{text}) {
			i := strings.Index(raw, "\x00"+sha+"\n")
			if len(sha) != 40 || i < 0 || !strings.Contains(raw[i:], text) {
				t.Fatalf("answered %q for %q from %q", sha, text, raw)
			}
		}
	})
}
