package gitrepo

import "testing"

// TestStemTwin: among one commit's renames, the file that took a path's place under its own name with
// another extension is its new name, whatever copy git paired it with (detekt's versioned docs); a
// commit with no such file keeps git's pairing.
func TestStemTwin(t *testing.T) {
	scrambled := []move{
		{"website/docs/start/types.md", "website/versioned/v4/start/types.mdx", "abc1234"},
		{"website/versioned/v4/start/types.md", "website/docs/start/types.mdx", "abc1234"},
	}
	cases := []struct {
		name  string
		moves []move
		asked string
		want  string
	}{
		{"git paired the page with a copy's new name", scrambled, "website/docs/start/types.md", "website/docs/start/types.mdx"},
		{"the copy gets its own twin too", scrambled, "website/versioned/v4/start/types.md", "website/versioned/v4/start/types.mdx"},
		{"a plain move keeps git's answer", []move{{"docs/a.md", "docs/guide/a.md", "abc1234"}}, "docs/a.md", ""},
		{"a path the commit did not move", []move{{"x.md", "docs/a.mdx", "abc1234"}}, "docs/a.md", ""},
		{"a name with no extension", []move{{"docs/README", "docs/README.md", "abc1234"}}, "docs/README", ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			m, ok := stemTwin(tc.moves, tc.asked)
			if got := map[bool]string{true: m.to}[ok]; got != tc.want {
				t.Fatalf("got %q, want %q", got, tc.want)
			}
		})
	}
}
