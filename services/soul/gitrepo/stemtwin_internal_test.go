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

// TestDirDestination: a directory a commit split over several places went where its own name went
// (garnet's test/Garnet.test.cluster/), else where most of its files went.
func TestDirDestination(t *testing.T) {
	split := []move{
		{"test/cl/Migrate.cs", "test/cluster/cl.migrate/Migrate.cs", "abc1234"},
		{"test/cl/Redirect/Base.cs", "test/cluster/cl.migrate/Redirect/Base.cs", "abc1234"},
		{"test/cl/Utils.cs", "test/cluster/cl/Utils.cs", "abc1234"},
		{"test/cl/Log/Sharded.cs", "test/cluster/cl.log/Log/Sharded.cs", "abc1234"},
	}
	cases := []struct {
		name  string
		moves []move
		asked string
		want  string
	}{
		{"the destination keeping the directory's name", split, "test/cl", "test/cluster/cl"},
		{"else where most files went", split[:2:2], "test/cl", "test/cluster/cl.migrate"},
		{"most files, whatever the order", []move{{"a/x.go", "b/x.go", "1"}, {"a/y.go", "c/y.go", "1"}, {"a/z.go", "c/z.go", "1"}}, "a", "c"},
		{"a file renamed alone is no directory move", []move{{"a/x.go", "b/y.go", "1"}}, "a", ""},
		{"a sibling whose name starts alike", []move{{"ab/x.go", "c/x.go", "1"}}, "a", ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			to, _, ok := dirDestination(tc.moves, tc.asked)
			if got := map[bool]string{true: to}[ok]; got != tc.want {
				t.Fatalf("got %q, want %q", got, tc.want)
			}
		})
	}
}
