package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/organism-dev/organism/platform/auth"
)

// TestTrustVerbs walks TRUST through the CLI: the self-verification attack stops at Verify,
// doctrine is demoted by the owner's cross-verify of the medulla tier after its origin file
// changes (an agent's run only reads), restored after the origin measures fresh again, an
// isolated brain's doctrine is withheld from another brain's cross-verify, and a peer is
// unfollowed.
func TestTrustVerbs(t *testing.T) {
	alice := startGauntletNode(t)
	repo, vaultRepo := t.TempDir(), t.TempDir()
	write := func(root, rel, text string) {
		t.Helper()
		if err := os.WriteFile(filepath.Join(root, rel), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(repo, "retry.go", "jitter\n")
	write(repo, "README.md", "unrelated\n")
	write(vaultRepo, "pricing.go", "tiers\n")
	body := func(text string) string {
		p := filepath.Join(t.TempDir(), "body.md")
		write(filepath.Dir(p), filepath.Base(p), text)
		return p
	}
	loja, judge := alice.agent(t, "agent-7", "loja"), alice.seat(t, "judge-1", "judge", "loja")
	m1nd := alice.agent(t, "agent-9", "m1nd")
	vault, vaultJudge := alice.agent(t, "agent-v", "vault"), alice.seat(t, "judge-v", "judge", "vault")
	peerCred := alice.mint(t, auth.MintRequest{Kind: auth.KindPeer, Subject: "bob"})
	steps := []struct {
		name    string
		args    []string
		wantErr string
		want    []string
	}{
		{"register loja", append([]string{"brain", "register", "loja", "--repo-root", repo}, alice.owner()...), "", nil},
		{"register m1nd", append([]string{"brain", "register", "m1nd", "--repo-root", repo}, alice.owner()...), "", nil},
		{"register vault", append([]string{"brain", "register", "vault", "--repo-root", vaultRepo}, alice.owner()...), "", nil},
		// The three-call attack.
		{"attack: memorize nonsense", append([]string{"memorize", "--slug", "moon", "--file", body("The moon is cheese."), "--evidence", "README.md", "--repo", repo}, loja...), "", nil},
		{"attack: verify by the author", append([]string{"claim", "verify", "moon"}, loja...), "GRADER_IS_AUTHOR", nil},
		{"attack: promote", append([]string{"promote", "moon", "--reason", "trust me"}, loja...), "NOT_VERIFIED", nil},
		// Doctrine that follows its origin.
		{"memorize", append([]string{"memorize", "--slug", "jitter", "--file", body("Retries carry jitter."), "--evidence", "retry.go", "--repo", repo}, loja...), "", nil},
		{"verify by a judge", append([]string{"claim", "verify", "jitter"}, judge...), "", []string{"verified jitter v2 via evidence"}},
		{"promote", append([]string{"promote", "jitter", "--reason", "every service retries"}, loja...), "", nil},
		{"vault doctrine", append([]string{"memorize", "--slug", "pricing", "--file", body("Pricing uses tiers."), "--evidence", "pricing.go", "--repo", vaultRepo}, vault...), "", nil},
		{"vault verify", append([]string{"claim", "verify", "pricing"}, vaultJudge...), "", nil},
		{"vault promote", append([]string{"promote", "pricing", "--reason", "pricing lesson"}, vault...), "", nil},
		{"isolate vault", append([]string{"brain", "register", "vault", "--repo-root", vaultRepo, "--policy", "isolated"}, alice.owner()...), "", nil},
		{"origin file changes", nil, "", nil},
		{"an agent's cross-verify reads", append([]string{"medulla", "cross-verify"}, append(m1nd[:len(m1nd)-1:len(m1nd)-1], "medulla")...), "", []string{"medulla: 1 claim(s)", "evidence_changed", "loja.jitter", "1 claim(s) withheld by an isolated brain's policy"}},
		{"still verified after an agent's run", append([]string{"claim", "show", "loja.jitter", "--brain", "medulla"}, alice.owner()...), "", []string{"loja.jitter v1 · fact · verified · medulla"}},
		{"the owner's cross-verify demotes", append([]string{"medulla", "cross-verify", "--brain", "medulla"}, alice.owner()...), "", []string{"doctrine: 1 demoted, 0 restored"}},
		{"demoted copy shows the drift", append([]string{"claim", "show", "loja.jitter", "--brain", "medulla"}, alice.owner()...), "", []string{"loja.jitter v2 · fact · authored · medulla · evidence_changed at loja:retry.go@", "demoted: evidence_changed"}},
		{"origin file restored", nil, "", nil},
		{"the owner's cross-verify restores", append([]string{"medulla", "cross-verify", "--brain", "medulla"}, alice.owner()...), "", []string{"doctrine: 0 demoted, 1 restored"}},
		{"restored copy", append([]string{"claim", "show", "loja.jitter", "--brain", "medulla"}, alice.owner()...), "", []string{"loja.jitter v3 · fact · verified · medulla"}},
		// Federation: unfollow.
		{"follow", append([]string{"peer", "follow", "bob", "--peer-addr", "127.0.0.1:1", "--credential", peerCred}, alice.owner()...), "", []string{"following peer bob"}},
		{"unfollow", append([]string{"peer", "unfollow", "bob"}, alice.owner()...), "", []string{"unfollowed peer bob", "credential forgotten"}},
		{"unfollowed is gone", append([]string{"peer", "sync", "bob"}, alice.owner()...), "PEER_NOT_FOUND", nil},
	}
	for _, st := range steps {
		t.Run(st.name, func(t *testing.T) {
			switch st.name {
			case "origin file changes":
				write(repo, "retry.go", "no jitter\n")
				return
			case "origin file restored":
				write(repo, "retry.go", "jitter\n")
				return
			}
			var out bytes.Buffer
			err := dispatch(context.Background(), st.args, &out)
			if st.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), st.wantErr) {
					t.Fatalf("got %v, want an error naming %s\n%s", err, st.wantErr, out.String())
				}
				return
			}
			if err != nil {
				t.Fatalf("got %v, want success\n%s", err, out.String())
			}
			for _, w := range st.want {
				if !strings.Contains(out.String(), w) {
					t.Fatalf("got\n%s\nwant it to contain %q", out.String(), w)
				}
			}
		})
	}
}
