package gitset

import "testing"

// The parsers read what git wrote, and so file names anyone chose: whatever the bytes, they
// answer or refuse, never panic, and what they answer keeps the shapes the service checks.

func FuzzParseStatus(f *testing.F) {
	f.Add([]byte("# branch.oid 1234abcd\x00# branch.head main\x001 .M N... 100644 100644 100644 aa bb src/a b.go\x00? new.txt\x00"))
	f.Add([]byte("# branch.oid (initial)\x00# branch.head (detached)\x002 R. N... 100644 100644 100644 aa bb R100 to.go\x00from.go\x00u UU N... 1 2 3 4 a b c x.go\x00! ign\x00"))
	f.Add([]byte("1 short\x00"))
	f.Add([]byte("2 R. N... 1 2 3 a b R100 to.go"))
	f.Fuzz(func(t *testing.T, out []byte) {
		st, err := ParseStatus(out)
		if err != nil {
			return
		}
		for _, p := range append(st.Changed, st.Untracked...) {
			if p == "" {
				t.Fatalf("empty path from %q", out)
			}
		}
	})
}

func FuzzParseDiff(f *testing.F) {
	f.Add([]byte("diff --git a/src/a.go b/src/a.go\nindex 1..2 100644\n--- a/src/a.go\n+++ b/src/a.go\n@@ -3,2 +3,2 @@ func x\n-a\n-b\n+c\n+d\n@@ -15 +15 @@\n-e\n+f\n"))
	f.Add([]byte("diff --git a/x y b/x y\nnew file mode 100644\n--- /dev/null\n+++ b/x y\n@@ -0,0 +1 @@\n+z\n\\ No newline at end of file\n"))
	f.Add([]byte("diff --git \"a/q\\\"uote\" \"b/q\\\"uote\"\nBinary files \"a/q\\\"uote\" and \"b/q\\\"uote\" differ\n"))
	f.Add([]byte("diff --git a/m b/m\nold mode 100644\nnew mode 100755\n"))
	f.Add([]byte("diff --git a/d b/d\ndeleted file mode 100644\n--- a/d\n+++ /dev/null\n@@ -1,3 +0,0 @@\n--- a/d\n-+++ b\n-@@ -1 +1 @@\n"))
	f.Add([]byte("diff --git \"a/caf\\303\\251\" \"b/caf\\303\\251\"\n@@ -0,0 +1 @@\n+x\n"))
	f.Fuzz(func(t *testing.T, out []byte) {
		files, err := ParseDiff(out)
		if err != nil {
			return
		}
		for _, fl := range files {
			if fl.Path == "" {
				t.Fatalf("empty path from %q", out)
			}
			for _, h := range fl.Hunks {
				if h.Start < 0 || h.Count < 0 || (h.Start == 0 && h.Count > 0) {
					t.Fatalf("hunk %+v the service would refuse, from %q", h, out)
				}
			}
		}
	})
}

func FuzzParseWorktrees(f *testing.F) {
	f.Add([]byte("worktree /r\x00HEAD abc\x00branch refs/heads/main\x00\x00worktree /r/w 1\x00HEAD def\x00detached\x00locked why\x00\x00worktree /gone\x00prunable gitdir file points to non-existent location\x00\x00"))
	f.Add([]byte("worktree /bare\x00bare\x00\x00"))
	f.Add([]byte("HEAD abc\x00"))
	f.Fuzz(func(t *testing.T, out []byte) {
		wts, err := ParseWorktrees(out)
		if err != nil {
			return
		}
		for _, w := range wts {
			if w.Path == "" {
				t.Fatalf("worktree without a path from %q", out)
			}
		}
	})
}

// TestParsersRefuseWhatTheyCannotRead pins the refusals the fuzz targets only exercise.
func TestParsersRefuseWhatTheyCannotRead(t *testing.T) {
	diffs := []struct{ name, in string }{
		{"hunk body cut short", "diff --git a/a b/a\n@@ -1,2 +1,2 @@\n-a\n+b\n"},
		{"line before any header", "@@ -1 +1 @@\n"},
		{"halves naming two paths", "diff --git a/x b/y\n"},
		{"rewrite of line zero", "diff --git a/a b/a\n@@ -0,1 +1 @@\n-a\n+b\n"},
		{"garbage between hunks", "diff --git a/a b/a\n@@ -1 +1 @@\n-a\n+b\nwhat\n"},
		{"unterminated quote", "diff --git \"a/x\n"},
		{"unknown escape", "diff --git \"a/\\q\" \"b/\\q\"\n"},
	}
	for _, tt := range diffs {
		if _, err := ParseDiff([]byte(tt.in)); err == nil {
			t.Errorf("diff %s: got no error", tt.name)
		}
	}
	if _, err := ParseStatus([]byte("1 .M N... x\x00")); err == nil {
		t.Error("status entry without enough fields: got no error")
	}
	if _, err := ParseStatus([]byte("Z what\x00")); err == nil {
		t.Error("status unknown entry: got no error")
	}
	if _, err := ParseWorktrees([]byte("HEAD abc\x00")); err == nil {
		t.Error("worktree attribute before any worktree: got no error")
	}
	files, err := ParseDiff([]byte("diff --git a/d b/d\ndeleted file mode 100644\n--- a/d\n+++ /dev/null\n@@ -1,3 +0,0 @@\n--- a/d\n-+++ b\n-@@ -1 +1 @@\n"))
	if err != nil || len(files) != 1 || len(files[0].Hunks) != 1 {
		t.Errorf("removed lines that read like headers: got %+v (%v), want one file with one hunk", files, err)
	}
}
