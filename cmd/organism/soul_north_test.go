package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"

	"github.com/organism-dev/organism/platform/auth"
)

// TestSoulNorthSaysWhatIsMissing: a brain without a soul answered `soul north` with nothing at all
// (exit 0), and a soul never checked printed its headline with a dangling " — ".
func TestSoulNorthSaysWhatIsMissing(t *testing.T) {
	addr, signer, _ := soulBrainServer(t, map[string]string{"souled": "docs/PATHOS.md", "soulless": "NOPE.md"})
	tests := []struct {
		brain     string
		firstLine string // the gaps that follow are the soul service's words
	}{
		{"soulless", "no soul: the brain has no handoff document at its soul path ('organism brain show' names it)"},
		{"souled", "Checkpoint 1 — the cli era"},
	}
	for _, tt := range tests {
		t.Run(tt.brain, func(t *testing.T) {
			agent, err := signer.Mint(auth.MintRequest{Kind: auth.KindAgent, Subject: "ada", Seat: "executor", Brain: tt.brain, TTL: time.Hour})
			if err != nil {
				t.Fatal(err)
			}
			out := runSoulNorth(t, addr, agent)
			if got, _, _ := strings.Cut(out, "\n"); got != tt.firstLine {
				t.Errorf("soul north: got first line %q, want %q (whole answer %q)", got, tt.firstLine, out)
			}
		})
	}
}

// TestSoulNorthGapNamesTheVerb: the never-checked gap names the CLI verb that records a receipt
// (it said "run CheckSoul", an RPC name), and running that verb as written closes the gap.
func TestSoulNorthGapNamesTheVerb(t *testing.T) {
	addr, signer, _ := soulBrainServer(t, map[string]string{"souled": "docs/PATHOS.md"})
	agent, err := signer.Mint(auth.MintRequest{Kind: auth.KindAgent, Subject: "ada", Seat: "executor", Brain: "souled", TTL: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	const verb = "organism soul check --brain souled"
	wantGap := "gap: soul never checked: no receipt yet (record one: " + verb + ", or the MCP tool soul_check)\n"
	if got := runSoulNorth(t, addr, agent); !strings.HasSuffix(got, wantGap) {
		t.Fatalf("before a check: got %q, want it to end %q", got, wantGap)
	}
	var out bytes.Buffer
	args := append(strings.Fields(verb)[1:], "--addr", addr, "--token", agent)
	if err := dispatch(context.Background(), args, &out); exitCode(err) > 1 {
		t.Fatalf("%s: got %v (exit %d), want a check (exit 0 or 1)", verb, err, exitCode(err))
	}
	if got := runSoulNorth(t, addr, agent); strings.Contains(got, "gap:") || !strings.Contains(got, " — soul: checked") {
		t.Errorf("after %s: got %q, want the receipt and no gap", verb, got)
	}
}

// runSoulNorth runs `organism soul north` as token against addr and returns what it printed.
func runSoulNorth(t *testing.T, addr, token string) string {
	t.Helper()
	var out bytes.Buffer
	if err := dispatch(context.Background(), []string{"soul", "north", "--addr", addr, "--token", token}, &out); err != nil {
		t.Fatalf("soul north: %v", err)
	}
	return out.String()
}
