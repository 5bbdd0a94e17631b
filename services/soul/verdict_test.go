package soul_test

import (
	"os"
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
