package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestBrainRegisterRepoRoot: a --repo-root that is no directory on this machine is a usage error
// naming the flag, and registers nothing; --remote-root declares the path the serving machine's
// and passes it to the organ unchecked.
func TestBrainRegisterRepoRoot(t *testing.T) {
	addr, dataDir, _, _ := medullaCLI(t)
	asOwner := []string{"--addr", addr, "--owner", "--data-dir", dataDir}
	missing := filepath.Join(t.TempDir(), "nonexistent")
	file := filepath.Join(t.TempDir(), "README.md")
	if err := os.WriteFile(file, []byte("x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name, brain string
		args        []string
		exit        int
		want        string // in the output, or in the error when exit is not 0
	}{
		{"missing here", "ghost", []string{"--repo-root", missing}, 2, "--repo-root " + missing + " does not exist on this machine (pass --remote-root"},
		{"a file", "filed", []string{"--repo-root", file}, 2, "--repo-root " + file + " is not a directory"},
		{"missing here, on a remote server", "remote", []string{"--repo-root", missing, "--remote-root"}, 0, "registered brain remote at " + missing},
		{"a directory here", "here", []string{"--repo-root", t.TempDir()}, 0, "registered brain here"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var out bytes.Buffer
			err := dispatch(context.Background(), append(append([]string{"brain", "register", c.brain}, c.args...), asOwner...), &out)
			if got := exitCode(err); got != c.exit {
				t.Fatalf("got exit %d (%v, %q), want %d", got, err, out.String(), c.exit)
			}
			text := out.String()
			if err != nil {
				text = err.Error()
			}
			if !strings.Contains(text, c.want) {
				t.Errorf("got %q, want it to contain %q", text, c.want)
			}
			var ls bytes.Buffer
			if err := dispatch(context.Background(), append([]string{"brain", "ls"}, asOwner...), &ls); err != nil {
				t.Fatal(err)
			}
			if listed := strings.Contains(ls.String(), c.brain+" "); listed != (c.exit == 0) {
				t.Errorf("brain ls after it: got listed=%v, want %v:\n%s", listed, c.exit == 0, ls.String())
			}
		})
	}
}
