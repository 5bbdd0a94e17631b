package engine

import "testing"

// FuzzMisspelt: the spelling-twin test reads names from untrusted documents and trees. It never panics,
// oneLetterOff is symmetric and never calls a name its own twin, and two names of one length that
// differ in one place are twins only when that place holds two letters or two separators: a digit or a
// dot apart is another file (handler_v1.go, handler_v2.go; cursor/, .cursor/).
func FuzzMisspelt(f *testing.F) {
	for _, s := range [][2]string{{"local-ci.sh", "local_ci.sh"}, {"metrics_serivce.swift", "metrics_service.swift"}, {"handler_v1.go", "handler_v2.go"}, {"a", ""}, {"abcdefg", "abcdef"}, {"cursor", ".cursor"}} {
		f.Add(s[0], s[1])
	}
	separator := func(c byte) bool { return c == '-' || c == '_' }
	f.Fuzz(func(t *testing.T, a, b string) {
		if oneLetterOff(a, b) != oneLetterOff(b, a) {
			t.Fatalf("oneLetterOff(%q, %q) is not symmetric", a, b)
		}
		if a == b && oneLetterOff(a, b) {
			t.Fatalf("%q is its own twin", a)
		}
		if !misspelt(a, b) || len(a) != len(b) {
			return
		}
		at, n := 0, 0
		for i := range len(a) {
			if a[i] != b[i] {
				at, n = i, n+1
			}
		}
		if n == 1 && !(isLetter(a[at]) && isLetter(b[at]) || separator(a[at]) && separator(b[at])) {
			t.Fatalf("misspelt(%q, %q): one %q for %q apart", a, b, a[at], b[at])
		}
	})
}
