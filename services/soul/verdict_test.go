package soul_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	soulv1 "github.com/organism-dev/organism/proto/organism/soul/v1"
)

// TestUnverifiedNeverGreensASoul is the attack on the receipt verdict. A claim whose only failure is an
// unverified mention fails no check, so it leaves a receipt fresh, as the CLI exits 0 on it; a careless
// agent would hope to get a brain's green receipt the same way, writing a stale fact as a passing
// mention, or as an ordinary AGENTS.md in the soul's place. In a soul (a PATHOS.md, or any document
// with soul sections) no mention is demoted: the row is drift and the verdict stale. Only a brain whose
// soul path the owner set to an ordinary document (brain registration is the owner's) gets the
// ordinary document's reading: the mention unverified, the receipt fresh.
func TestUnverifiedNeverGreensASoul(t *testing.T) {
	const mention = "- The cart lives in `src/cart/legacy.go`.\n"
	ordinary := "# Agents\n\n## Layout\n\n- `src/main.go` serves the shop.\n" + mention
	tests := []struct {
		name, soulPath, doc string
		verdict, kind       string
	}{
		{"a soul's current state", "docs/PATHOS.md", "# PATHOS\n\n## Current State\n\n- `src/main.go` serves the shop.\n" + mention, "stale", "drift"},
		{"a PATHOS.md written as an ordinary AGENTS.md", "docs/PATHOS.md", ordinary, "stale", "drift"},
		{"a brain whose soul is an AGENTS.md", "AGENTS.md", ordinary, "fresh", "unverified"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			root, pathos := t.TempDir(), tc.doc
			if tc.soulPath != "docs/PATHOS.md" {
				if err := os.WriteFile(filepath.Join(root, filepath.FromSlash(tc.soulPath)), []byte(tc.doc), 0o644); err != nil {
					t.Fatal(err)
				}
				pathos = smallSoul
			}
			f := newFixture(t)
			f.register("r", writeRepo(t, root, pathos), tc.soulPath)
			resp, err := f.owner.CheckSoul(ctx(), &soulv1.CheckSoulRequest{Brain: "r"})
			if err != nil {
				t.Fatal(err)
			}
			if got := resp.GetReceipt().GetVerdict(); got != tc.verdict {
				t.Errorf("verdict: got %q, want %q", got, tc.verdict)
			}
			found := false
			for _, s := range resp.GetReport().GetStale() {
				if s.GetAnchor() == "src/cart/legacy.go" {
					found = true
					if s.GetKind() != tc.kind {
						t.Errorf("the mention's row: got kind %q, want %q", s.GetKind(), tc.kind)
					}
				}
			}
			if !found {
				t.Errorf("no row for the never-landed path: %v", resp.GetReport().GetStale())
			}
		})
	}
}

// TestOrdinaryReadingsNeverGreenASoul is the attack on the three readings an ordinary handoff file gets
// and a soul does not: a document disagreeing with itself (two counts of one subject) is a
// disagreement, a PR number the log lacks is held, and a dated log entry names the files of its day.
// Each leaves an ordinary AGENTS.md's receipt fresh. An agent hoping to green its brain's soul the same
// way (counting the routes two ways, citing a merge the log never saw, dating a line that names a
// deleted file) gets a stale receipt and a drift row through the organ, since the soul keeps its laws.
func TestOrdinaryReadingsNeverGreenASoul(t *testing.T) {
	const fresh = "- `src/main.go` serves the shop.\n"
	tests := []struct {
		name, lines string
		reason      string // the row under attack
		ordinaryAs  string // its kind in an ordinary AGENTS.md; "" when no row is reported there
	}{
		{"two counts of one subject", "- `src/main.go` registers 12 routes.\n- `src/main.go` registers 14 routes.\n", "contradicted", "disagreement"},
		{"a PR number the log lacks", "- The cart rewrite merged in #7.\n", "ref_missing", ""},
		{"a dated line naming a deleted file", "- **FIXED (2026-07-02):** the cart total. File: `src/cart.go`\n", "evidence_file_missing", ""},
	}
	for _, tc := range tests {
		for _, soul := range []bool{true, false} {
			name := tc.name + ", in an ordinary AGENTS.md"
			if soul {
				name = tc.name + ", in a soul"
			}
			t.Run(name, func(t *testing.T) {
				root, pathos, soulPath := t.TempDir(), "# PATHOS\n\n## Current State\n\n"+fresh+tc.lines, "docs/PATHOS.md"
				if !soul {
					soulPath, pathos = "AGENTS.md", smallSoul
					if err := os.WriteFile(filepath.Join(root, "AGENTS.md"), []byte("# Agents\n\n## Layout\n\n"+fresh+tc.lines), 0o644); err != nil {
						t.Fatal(err)
					}
				}
				writeRepo(t, root, pathos)
				// the cart was there on the dated line's day and went after it
				gitIn(t, root, "2026-07-01T12:00:00Z", "add the cart", func() { writeFile(t, root, "src/cart.go", "package main\n") })
				gitIn(t, root, "2026-07-03T10:00:00Z", "drop the cart", func() { removeFile(t, root, "src/cart.go") })
				f := newFixture(t)
				f.register("r", root, soulPath)
				resp, err := f.owner.CheckSoul(ctx(), &soulv1.CheckSoulRequest{Brain: "r"})
				if err != nil {
					t.Fatal(err)
				}
				want, wantKind := "fresh", tc.ordinaryAs
				if soul {
					want, wantKind = "stale", "drift"
				}
				if got := resp.GetReceipt().GetVerdict(); got != want {
					t.Errorf("verdict: got %q, want %q (%s)", got, want, resp.GetReport().GetReceiptLine())
				}
				gotKind := ""
				for _, s := range resp.GetReport().GetStale() {
					if s.GetReason() == tc.reason {
						gotKind = s.GetKind()
					}
				}
				if gotKind != wantKind {
					t.Errorf("the %s row: got kind %q, want %q (rows %v)", tc.reason, gotKind, wantKind, resp.GetReport().GetStale())
				}
			})
		}
	}
}

// gitIn makes one commit of what change does to the work tree, at date.
func gitIn(t *testing.T, root, date, msg string, change func()) {
	t.Helper()
	change()
	for _, args := range [][]string{{"add", "-A"}, {"-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "-m", msg}} {
		cmd := exec.Command("git", append([]string{"-C", root}, args...)...)
		cmd.Env = append(os.Environ(), "GIT_AUTHOR_DATE="+date, "GIT_COMMITTER_DATE="+date, "GIT_CONFIG_NOSYSTEM=1", "HOME="+root)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
}

func writeFile(t *testing.T, root, rel, body string) {
	t.Helper()
	if err := os.WriteFile(filepath.Join(root, filepath.FromSlash(rel)), []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
}

func removeFile(t *testing.T, root, rel string) {
	t.Helper()
	if err := os.Remove(filepath.Join(root, filepath.FromSlash(rel))); err != nil {
		t.Fatal(err)
	}
}
