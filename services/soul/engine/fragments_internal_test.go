package engine

import "testing"

// FuzzHeadingKeys: a file a link names is untrusted input. Reading its headings never panics, and every
// key it gives is letters and digits.
func FuzzHeadingKeys(f *testing.F) {
	for _, s := range []string{"# A\n## B {#c}\n<a name=\"d\">\n", "Title\n=====\n", "```\n# no\n```\n## yes\n", "   ``` `x` ```\n## after\n", "---\ntitle: x\n---\n# T\n"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		for k := range headingKeys("linked.md", body) {
			if k != fragmentKey(k) {
				t.Fatalf("key %q is not a key", k)
			}
		}
	})
}
