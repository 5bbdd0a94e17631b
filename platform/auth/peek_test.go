package auth_test

import (
	"testing"
	"time"

	"github.com/organism-dev/organism/platform/auth"
	"github.com/organism-dev/organism/platform/clock"
)

func TestPeekReadsTheHoldersOwnClaims(t *testing.T) {
	s := newSigner(t, clock.NewFake(time.Unix(1_700_000_000, 0)))
	agent := mint(t, s, auth.MintRequest{Kind: auth.KindAgent, Subject: "ada", Seat: "executor", Brain: "loja"})
	owner := mint(t, s, auth.MintRequest{Kind: auth.KindOwner})
	tests := []struct {
		name      string
		token     string
		wantOK    bool
		wantBrain string
	}{
		{"an agent's credential names its brain", agent, true, "loja"},
		{"the owner's names none", owner, true, ""},
		// Peek is no check: a credential whose signature is spoiled still reads, and Verify refuses it
		{"a spoiled signature still reads", agent[:len(agent)-2] + "AA", true, "loja"},
		{"no prefix", agent[len("org1."):], false, ""},
		{"no signature part", "org1.e30", false, ""},
		{"a payload that is not base64", "org1.!!!.sig", false, ""},
		{"a payload that is not JSON", "org1.bm90IGpzb24.sig", false, ""},
		{"empty", "", false, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, ok := auth.Peek(tt.token)
			if ok != tt.wantOK || c.Brain != tt.wantBrain {
				t.Fatalf("Peek = (brain %q, %v), want (brain %q, %v)", c.Brain, ok, tt.wantBrain, tt.wantOK)
			}
		})
	}
}
