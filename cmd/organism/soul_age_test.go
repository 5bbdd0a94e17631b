package main

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// agedRepo is a repository whose AGENTS.md cites main.go, last touched in January, while HEAD is
// July's: the claim holds and is aged out (no commit touched its evidence in the 720h before HEAD).
// With drift it also cites a path that is gone.
func agedRepo(t *testing.T, drift bool) string {
	t.Helper()
	g := newSoulGit(t, nil)
	at := func(date string, args ...string) {
		t.Helper()
		cmd := exec.Command("git", append([]string{"-C", g.root, "-c", "user.name=t", "-c", "user.email=t@example.com", "-c", "commit.gpgsign=false"}, args...)...)
		cmd.Env = append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1", "HOME="+g.root, "GIT_AUTHOR_DATE="+date, "GIT_COMMITTER_DATE="+date)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	doc := freshAgents
	if drift {
		doc = driftAgents
	}
	g.write(map[string]string{"main.go": mainGo, "AGENTS.md": doc})
	at("2026-01-10T10:00:00Z", "add", "-A")
	at("2026-01-10T10:00:00Z", "commit", "-q", "-m", "start")
	g.write(map[string]string{"README.md": "hello\n"})
	at("2026-07-01T10:00:00Z", "add", "-A")
	at("2026-07-01T10:00:00Z", "commit", "-q", "-m", "head")
	return g.root
}

func TestSoulCheckFailOnAge(t *testing.T) {
	tests := []struct {
		name  string
		drift bool
		args  []string
		want  int
	}{
		{"age never fails by default", false, nil, exitClean},
		{"age fails when asked", false, []string{"--fail-on", "age"}, exitDiscipline},
		{"age fails when asked with discipline", false, []string{"--fail-on", "discipline,age"}, exitDiscipline},
		{"discipline alone does not fail on age", false, []string{"--fail-on", "discipline"}, exitClean},
		{"drift wins over age", true, []string{"--fail-on", "age"}, exitDrift},
		{"--exit-zero", false, []string{"--fail-on", "age", "--exit-zero"}, exitClean},
		{"an unknown kind in the list", false, []string{"--fail-on", "age,style"}, exitIO},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			root := agedRepo(t, tc.drift)
			out, code := runSoul(t, append([]string{"soul", "check", "--repo", root, "--soul", "AGENTS.md"}, tc.args...)...)
			if code != tc.want {
				t.Errorf("exit: got %d, want %d\n%s", code, tc.want, out)
			}
			if tc.want != exitIO && !strings.Contains(out, "aged_out") {
				t.Errorf("output: got\n%s\nwant an aged_out row for main.go", out)
			}
		})
	}
}
