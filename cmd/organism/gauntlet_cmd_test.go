package main

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/json"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/organism-dev/organism/platform/auth"
	"github.com/organism-dev/organism/services/medulla"
)

// gauntletNode is a medulla on loopback with its own owner key, for the gauntlet verbs.
type gauntletNode struct {
	addr, dataDir string
	signer        *auth.Signer
}

func startGauntletNode(t *testing.T) gauntletNode {
	t.Helper()
	_, key, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	signer := auth.NewSigner(key, nil)
	svc, err := medulla.Open(context.Background(), medulla.Options{DataDir: t.TempDir(), Logger: slog.New(slog.DiscardHandler), PeerSyncInterval: -1})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { svc.Close() })
	lisAddr := serveLoopback(t, signer, svc.Register)
	n := gauntletNode{addr: lisAddr, dataDir: t.TempDir(), signer: signer}
	if err := os.WriteFile(filepath.Join(n.dataDir, auth.OwnerTokenFile), []byte(n.mint(t, auth.MintRequest{Kind: auth.KindOwner})+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	return n
}

func (n gauntletNode) mint(t *testing.T, r auth.MintRequest) string {
	t.Helper()
	tok, err := n.signer.Mint(r)
	if err != nil {
		t.Fatal(err)
	}
	return tok
}

func (n gauntletNode) owner() []string {
	return []string{"--addr", n.addr, "--owner", "--data-dir", n.dataDir}
}

func (n gauntletNode) agent(t *testing.T, id, brain string) []string {
	return n.seat(t, id, "executor", brain)
}

func (n gauntletNode) seat(t *testing.T, id, seat, brain string) []string {
	tok := n.mint(t, auth.MintRequest{Kind: auth.KindAgent, Subject: id, Seat: seat, Brain: brain, TTL: time.Hour})
	return []string{"--addr", n.addr, "--token", tok, "--brain", brain}
}

func TestGauntletVerbs(t *testing.T) {
	alice, bob := startGauntletNode(t), startGauntletNode(t)
	repo := t.TempDir()
	if err := os.WriteFile(filepath.Join(repo, "limits.go"), []byte("const Max = 10\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	body := func(text string) string {
		p := filepath.Join(t.TempDir(), "body.md")
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	loja, m1nd := alice.agent(t, "agent-7", "loja"), alice.agent(t, "agent-9", "m1nd")
	peerCred := alice.mint(t, auth.MintRequest{Kind: auth.KindPeer, Subject: "bob"})
	run := func(t *testing.T, args []string) (string, error) {
		t.Helper()
		var out bytes.Buffer
		err := dispatch(context.Background(), args, &out)
		return out.String(), err
	}
	steps := []struct {
		name    string
		args    []string
		wantErr string
		want    []string
	}{
		{"register loja", append([]string{"brain", "register", "loja", "--repo-root", repo}, alice.owner()...), "", nil},
		{"register m1nd", append([]string{"brain", "register", "m1nd", "--repo-root", repo}, alice.owner()...), "", nil},
		{"memorize", append([]string{"memorize", "--slug", "rate-limit", "--file", body("Max requests per minute is 10."), "--evidence", "limits.go", "--repo", repo}, loja...), "", nil},
		{"authored is refused at the crossing", append([]string{"promote", "rate-limit", "--reason", "limits hold"}, loja...), "NOT_VERIFIED", nil},
		{"verify", append([]string{"claim", "verify", "rate-limit"}, alice.seat(t, "judge-1", "judge", "loja")...), "", nil},
		{"promote", append([]string{"promote", "rate-limit", "--reason", "limits hold"}, loja...), "", []string{"promoted loja/rate-limit v2 to medulla/loja.rate-limit v1", "1 anchor(s) re-anchored", "evidence file loja:limits.go@", "promoted from loja · "}},
		{"promote again", append([]string{"promote", "rate-limit", "--reason", "limits hold"}, loja...), "", []string{"already promoted"}},
		{"learn from another brain", append([]string{"learn", "loja.rate-limit", "not_wrong"}, m1nd...), "", []string{"counted one not_wrong event", "1 reuse event(s), 0 wrong"}},
		{"learn in the origin brain", append([]string{"learn", "loja.rate-limit", "not_wrong"}, loja...), "NOT_CROSSED", nil},
		{"memorize in m1nd", append([]string{"memorize", "--slug", "burst", "--file", body("Bursts above 10 a minute are shed.")}, m1nd...), "", nil},
		{"owner's word", append([]string{"claim", "verify", "burst", "--owner-word", "--brain", "m1nd"}, alice.owner()...), "", nil},
		{"promote m1nd", append([]string{"promote", "burst", "--reason", "same limit"}, m1nd...), "", nil},
		{"an author may not consolidate", append([]string{"consolidate", "loja.rate-limit", "m1nd.burst"}, loja[:4]...), "GRADER_IS_AUTHOR", nil},
		{"consolidate", append([]string{"consolidate", "loja.rate-limit", "m1nd.burst", "--slug", "rate-doctrine", "--summary", "Ten a minute."}, alice.owner()...), "", []string{"consolidated 2 source(s) into medulla/rate-doctrine v1", "retired medulla/loja.rate-limit v1", "│ Ten a minute."}},
		{"portfolio", append([]string{"portfolio"}, alice.owner()...), "", []string{"loja", "m1nd", "isolated brains: 0"}},
		{"follow", append([]string{"peer", "follow", "alice", "--peer-addr", alice.addr, "--credential", peerCred}, bob.owner()...), "", []string{"following peer alice at " + alice.addr}},
		{"sync", append([]string{"peer", "sync", "alice"}, bob.owner()...), "", []string{"fetched 1 claim(s) from alice, 1 new"}},
		{"ls", append([]string{"peer", "ls"}, bob.owner()...), "", []string{"alice", "1 foreign claim(s), pulled"}},
		{"foreign", append([]string{"peer", "foreign"}, bob.owner()...), "", []string{"alice/rate-doctrine v1  [global · proposal]", "│ Ten a minute."}},
	}
	for _, st := range steps {
		out, err := run(t, st.args)
		if st.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), st.wantErr) {
				t.Fatalf("%s: got %v, want an error with %s", st.name, err, st.wantErr)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%s: %v\n%s", st.name, err, out)
		}
		for _, w := range st.want {
			if !strings.Contains(out, w) {
				t.Fatalf("%s: got\n%s\nwant it to contain %q", st.name, out, w)
			}
		}
	}

	out, err := run(t, append([]string{"peer", "foreign", "--json"}, bob.owner()...))
	if err != nil {
		t.Fatal(err)
	}
	var list struct {
		Claims []struct {
			ID string `json:"id"`
		} `json:"claims"`
	}
	if err := json.Unmarshal([]byte(out), &list); err != nil || len(list.Claims) != 1 {
		t.Fatalf("got %q (%v), want one foreign claim in JSON", out, err)
	}
	id := list.Claims[0].ID
	bobAgent := bob.agent(t, "agent-1", "home")
	if _, err := run(t, append([]string{"brain", "register", "home", "--repo-root", repo}, bob.owner()...)); err != nil {
		t.Fatal(err)
	}
	if _, err := run(t, append([]string{"adopt", id}, bobAgent[:4]...)); err == nil || !strings.Contains(err.Error(), "ORIGIN_NOT_HUMAN") {
		t.Fatalf("agent adopt: got %v, want ORIGIN_NOT_HUMAN", err)
	}
	out, err = run(t, append([]string{"adopt", id}, bob.owner()...))
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{"adopted " + id + " from peer:alice as medulla/alice.rate-doctrine v1", "(global verse)", "store 0→1"} {
		if !strings.Contains(out, w) {
			t.Fatalf("adopt: got\n%s\nwant it to contain %q", out, w)
		}
	}
	out, err = run(t, append([]string{"receipts", "--brain", "medulla"}, bob.owner()...))
	if err != nil || !strings.Contains(out, "adoption") || !strings.Contains(out, "from peer:alice") {
		t.Fatalf("receipts: got %q %v, want the adoption receipt listed", out, err)
	}
}
