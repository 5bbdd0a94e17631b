package soul_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	soulv1 "github.com/organism-dev/organism/proto/organism/soul/v1"
)

// agedSoul cites one file untouched since January and one touched at HEAD (2026-07-01): only the
// first is past the 720h half-life in the repository's own time.
const agedSoul = "# PATHOS\n\n## Checkpoint 1\n\n### Current State\n\n- `src/old.go` holds the legacy parser.\n- `src/new.go` holds the new parser.\n"

// writeAgedRepo commits src/old.go in January and the rest at HEAD's date.
func writeAgedRepo(t *testing.T, root string) string {
	t.Helper()
	write := func(rel, body string) {
		p := filepath.Join(root, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	git := func(date string, args ...string) {
		cmd := exec.Command("git", append([]string{"-C", root, "-c", "user.name=t", "-c", "user.email=t@example.com"}, args...)...)
		cmd.Env = append(os.Environ(), "GIT_AUTHOR_DATE="+date, "GIT_COMMITTER_DATE="+date, "GIT_CONFIG_NOSYSTEM=1", "HOME="+root)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	git("2026-01-10T10:00:00Z", "init", "-q", "-b", "main")
	write("src/old.go", "package main\n")
	git("2026-01-10T10:00:00Z", "add", "-A")
	git("2026-01-10T10:00:00Z", "commit", "-q", "-m", "old parser")
	write("src/new.go", "package main\n")
	write("docs/PATHOS.md", agedSoul)
	git("2026-07-01T10:00:00Z", "add", "-A")
	git("2026-07-01T10:00:00Z", "commit", "-q", "-m", "new parser")
	return root
}

// The age findings (aged_out) reach the report and every receipt through the gRPC answer: on the
// check's answer, and on the receipt read back; a soul whose evidence is all recent counts none.
func TestAgedOutCountCrossesTheWire(t *testing.T) {
	tests := []struct {
		name, brain string
		root        func(t *testing.T) string
		want        int32
	}{
		{"evidence untouched for a half-life", "aged", func(t *testing.T) string { return writeAgedRepo(t, t.TempDir()) }, 1},
		{"evidence touched at HEAD", "recent", func(t *testing.T) string { return writeRepo(t, t.TempDir(), agedSoulRecent) }, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture(t)
			f.register(tc.brain, tc.root(t), "docs/PATHOS.md")
			agent := f.agentIn("agent-7", tc.brain)
			resp, err := agent.CheckSoul(ctx(), &soulv1.CheckSoulRequest{Brain: tc.brain})
			if err != nil {
				t.Fatal(err)
			}
			list, err := agent.ListReceipts(ctx(), &soulv1.ListReceiptsRequest{Brain: tc.brain})
			if err != nil || len(list.GetReceipts()) != 1 {
				t.Fatalf("receipts: got %v %v, want the one check", list, err)
			}
			checks := []struct {
				name string
				got  int32
			}{
				{"report", resp.GetReport().GetAgedOut()},
				{"answer's receipt", resp.GetReceipt().GetAgedOut()},
				{"stored receipt", list.GetReceipts()[0].GetAgedOut()},
			}
			for _, c := range checks {
				if c.got != tc.want {
					t.Errorf("%s aged_out: got %d, want %d", c.name, c.got, tc.want)
				}
			}
		})
	}
}

// agedSoulRecent cites only src/main.go, which writeRepo commits at HEAD.
const agedSoulRecent = "# PATHOS\n\n## Checkpoint 1\n\n### Current State\n\n- `src/main.go` serves the shop.\n"
