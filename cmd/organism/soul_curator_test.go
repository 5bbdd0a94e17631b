package main

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/organism-dev/organism/platform/auth"
)

// TestSoulCuratorVerbs drives the curator's verbs through the CLI against a real server:
// receipts --diff across curations, update with anchors, and the curate seat check.
func TestSoulCuratorVerbs(t *testing.T) {
	addr, signer, root := soulBrainServer(t, map[string]string{"cli": "docs/PATHOS.md"})
	agent, err := signer.Mint(auth.MintRequest{Kind: auth.KindAgent, Subject: "agent-1", Seat: "curator", Brain: "cli", TTL: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	// run answers the exit status (0, an exitError's, 2 for a usage error, or -1 for another error) and the output
	run := func(args ...string) (int, string) {
		t.Helper()
		var out bytes.Buffer
		err := dispatch(context.Background(), append(args, "--addr", addr, "--token", agent), &out)
		var ee exitError
		var ue usageError
		switch {
		case errors.As(err, &ee):
			return ee.code, out.String()
		case errors.As(err, &ue):
			return 2, out.String() + ue.Error()
		case err != nil:
			return -1, out.String() + err.Error()
		}
		return 0, out.String()
	}
	write := func(rel, body string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(filepath.Join(root, rel)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(root, rel), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}

	t.Run("receipts_diff", func(t *testing.T) {
		if code, out := run("soul", "receipts", "--diff"); code != 2 || !strings.Contains(out, "needs two check receipts") {
			t.Errorf("diff with no receipts: got %d %q, want usage exit 2", code, out)
		}
		run("soul", "check")
		write("gone/old.go", "package gone\n") // the stale claim becomes true
		run("soul", "check")
		code, out := run("soul", "receipts", "--diff")
		if code != 0 || !strings.Contains(out, "no longer stale:") || !strings.Contains(out, "gone/old.go") || !strings.Contains(out, "fresh           1 → 2 (+1)") {
			t.Errorf("diff after a fix: got exit %d\n%s\nwant exit 0, gone/old.go no longer stale, fresh 1 → 2", code, out)
		}
		write("docs/PATHOS.md", strings.Replace(cliSoul, "- `main.go` is the entry point.\n", "- `main.go` is the entry point.\n- The cart is fast.\n", 1))
		run("soul", "check")
		code, out = run("soul", "receipts", "--diff")
		if code != 1 || !strings.Contains(out, "unanchored grew") || !strings.Contains(out, "became stale:") || !strings.Contains(out, "The cart is fast.") {
			t.Errorf("diff after an anchorless claim: got exit %d\n%s\nwant exit 1 naming the grown unanchored count", code, out)
		}
	})

	t.Run("update_with_anchors", func(t *testing.T) {
		code, out := run("soul", "update", "--section", "Current State", "--slug", "entry", "--anchor", "main.go:3", "The entry point is `main.go`.")
		if code != 0 || !strings.Contains(out, "entry v1  docs/PATHOS.md#Current State") || !strings.Contains(out, "anchor main.go:3 ok") {
			t.Errorf("update: got exit %d %q, want entry v1 with its anchor ok", code, out)
		}
		code, out = run("soul", "update", "--section", "Current State", "--slug", "cart", "--anchor", "cart.go", "The cart lives in `cart.go`.")
		if code == 0 || !strings.Contains(out, "ANCHOR_FAILED") {
			t.Errorf("update with a failing anchor: got exit %d %q, want an ANCHOR_FAILED refusal", code, out)
		}
	})

	t.Run("curate_seat_check", func(t *testing.T) {
		report := func(by string) string {
			p := filepath.Join(t.TempDir(), "report.json")
			body := `{"curated_by":"` + by + `","checked":3,"updated":1,"pruned":[{"what":"the old loop","why":"shipped","where_it_went":"History"}],"still_stale":{}}`
			if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
				t.Fatal(err)
			}
			return p
		}
		if code, out := run("soul", "curate", report("agent-2")); code != 0 || !strings.Contains(out, "seated: report by agent-2 graded by agent-1 — 1 pruned (0 proposed), 0 still stale") {
			t.Errorf("curate: got exit %d %q, want seated", code, out)
		}
		if code, out := run("soul", "curate", report("agent-1")); code == 0 || !strings.Contains(out, "GRADER_IS_AUTHOR") {
			t.Errorf("curate own report: got exit %d %q, want GRADER_IS_AUTHOR", code, out)
		}
		if code, out := run("soul", "curate", filepath.Join(t.TempDir(), "missing.json")); code != 2 {
			t.Errorf("curate a missing file: got exit %d %q, want usage exit 2", code, out)
		}
	})
}
