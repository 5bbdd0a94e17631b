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

// medullaCLI serves a real medulla on loopback and returns its address, a data dir holding the
// owner credential, and an agent token bound to brain loja.
func medullaCLI(t *testing.T) (addr, dataDir, agent, judge string) {
	t.Helper()
	_, key, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	signer := auth.NewSigner(key, nil)
	svc, err := medulla.Open(context.Background(), medulla.Options{DataDir: t.TempDir(), Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { svc.Close() })
	lisAddr := serveLoopback(t, signer, svc.Register)
	dataDir = t.TempDir()
	owner, err := signer.Mint(auth.MintRequest{Kind: auth.KindOwner})
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dataDir, auth.OwnerTokenFile), []byte(owner+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	agent, err = signer.Mint(auth.MintRequest{Kind: auth.KindAgent, Subject: "agent-7", Seat: "executor", Brain: "loja", TTL: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	// A judge in loja: independent of agent-7's claims, so it may verify them.
	judge, err = signer.Mint(auth.MintRequest{Kind: auth.KindAgent, Subject: "judge-1", Seat: "judge", Brain: "loja", TTL: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	return lisAddr, dataDir, agent, judge
}

func TestMedullaVerbs(t *testing.T) {
	addr, dataDir, agent, judge := medullaCLI(t)
	repo := t.TempDir()
	if err := os.WriteFile(filepath.Join(repo, "limits.go"), []byte("const Max = 10\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	body := filepath.Join(t.TempDir(), "body.md")
	if err := os.WriteFile(body, []byte("Max requests per minute is 10.\n\nSee limits.go.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	exportDir := t.TempDir()
	asOwner := []string{"--addr", addr, "--owner", "--data-dir", dataDir}
	asAgent := []string{"--addr", addr, "--token", agent, "--brain", "loja"}
	asJudge := []string{"--addr", addr, "--token", judge, "--brain", "loja"}
	steps := []struct {
		name    string
		args    []string
		wantErr string
		want    []string
	}{
		{"register", append([]string{"brain", "register", "loja", "--repo-root", repo}, asOwner...), "", []string{"registered brain loja"}},
		{"register copy", append([]string{"brain", "register", "copy", "--repo-root", repo, "--policy", "isolated"}, asOwner...), "", []string{"registered brain copy"}},
		{"ls", append([]string{"brain", "ls"}, asOwner...), "", []string{"loja", "copy", "isolated", "medulla (doctrine tier)"}},
		{"memorize", append([]string{"memorize", "--slug", "rate-limit", "--file", body, "--evidence", "limits.go", "--repo", repo, "--commit", "v1.0.0"}, asAgent...), "", []string{"memorized rate-limit v1 in loja", "store 0→1"}},
		{"memorize refused", append([]string{"memorize", "--slug", "leak", "--file", filepath.Join(repo, "limits.go"), "--evidence", "../etc/passwd"}, asAgent...), "PATH_ESCAPES_REPO", nil},
		{"the author never verifies its own claim", append([]string{"claim", "verify", "rate-limit"}, asAgent...), "GRADER_IS_AUTHOR", nil},
		{"verify", append([]string{"claim", "verify", "rate-limit"}, asJudge...), "", []string{"fresh file limits.go", "verified rate-limit v2 via evidence"}},
		{"show", append([]string{"claim", "show", "rate-limit"}, asAgent...), "", []string{"rate-limit v2 · fact · verified · project", "by agent-7 in loja", "verified by judge-1 via evidence", "evidence commit v1.0.0", "│ Max requests per minute is 10."}},
		{"history", append([]string{"claim", "history", "rate-limit"}, asAgent...), "", []string{"rate-limit v1 · fact · superseded", "rate-limit v2 · fact · verified"}},
		{"recall", append([]string{"recall", "requests", "minute"}, asAgent...), "", []string{"[project:loja] rate-limit v2", "1 hit(s) among 1 live claim(s)"}},
		{"recall no match says memory is not empty", append([]string{"recall", "kubernetes"}, asAgent...), "", []string{"memory is not empty"}},
		{"receipts", append([]string{"receipts"}, asAgent...), "", []string{"commit     verify", "commit     memorize", "rejection  memorize", "PATH_ESCAPES_REPO"}},
		{"cross-verify", append([]string{"medulla", "cross-verify"}, asAgent...), "", []string{"loja: 1 claim(s), 2 anchor(s), 1 fresh", "unverifiable"}},
		{"export", append([]string{"medulla", "export", "--brain", "loja", exportDir}, asOwner...), "", []string{"exported 2 claim version(s) of loja"}},
		{"agent may not import", append([]string{"medulla", "import", "--brain", "loja", exportDir}, "--addr", addr, "--token", agent), "OWNER_ONLY", nil},
		{"import", append([]string{"medulla", "import", "--brain", "copy", exportDir}, asOwner...), "", []string{"imported 2, refused 0 into copy"}},
		{"imported history", append([]string{"claim", "history", "rate-limit", "--brain", "copy"}, asOwner...), "", []string{"rate-limit v1 · fact · superseded", "rate-limit v2 · fact · verified", "by agent-7 in loja"}},
	}
	for _, st := range steps {
		var out bytes.Buffer
		err := dispatch(context.Background(), st.args, &out)
		if st.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), st.wantErr) {
				t.Fatalf("%s: got %v, want an error with %s", st.name, err, st.wantErr)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%s: %v\n%s", st.name, err, out.String())
		}
		for _, w := range st.want {
			if !strings.Contains(out.String(), w) {
				t.Fatalf("%s: got\n%s\nwant it to contain %q", st.name, out.String(), w)
			}
		}
	}
	var out bytes.Buffer
	if err := dispatch(context.Background(), append([]string{"recall", "requests", "--json"}, asAgent...), &out); err != nil {
		t.Fatal(err)
	}
	var res struct {
		Hits []struct {
			TierLabel string `json:"tier_label"`
		} `json:"hits"`
		LiveClaims string `json:"live_claims"`
	}
	if err := json.Unmarshal(out.Bytes(), &res); err != nil || len(res.Hits) != 1 || res.Hits[0].TierLabel != "project:loja" || res.LiveClaims != "1" {
		t.Fatalf("got %+v %v from --json, want one project:loja hit over 1 live claim", res, err)
	}
}
