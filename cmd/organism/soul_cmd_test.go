package main

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/json"
	"errors"
	"log/slog"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/organism-dev/organism/platform/auth"
	"github.com/organism-dev/organism/platform/grpcserver"
	medullav1 "github.com/organism-dev/organism/proto/organism/medulla/v1"
	"github.com/organism-dev/organism/services/medulla"
	"github.com/organism-dev/organism/services/soul"
)

const cliSoul = "# PATHOS\n\n## Checkpoint 1 — the cli era\n\n### Current State\n\n" +
	"- `main.go` is the entry point.\n- `gone/old.go` holds the old loop.\n\n## Operating Doctrine\n\n- Keep it small.\n"

func soulRepo(t *testing.T, files map[string]string) string {
	t.Helper()
	root := t.TempDir()
	for rel, body := range files {
		p := filepath.Join(root, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, args := range [][]string{{"init", "-q", "-b", "main"}, {"add", "-A"}, {"-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "-m", "init"}} {
		cmd := exec.Command("git", append([]string{"-C", root}, args...)...)
		cmd.Env = append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1", "HOME="+root)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	return root
}

func TestSoulCheckOffline(t *testing.T) {
	root := soulRepo(t, map[string]string{"main.go": "package main\n\nfunc main() {}\n", "docs/PATHOS.md": cliSoul})
	tests := []struct {
		name     string
		args     []string
		wantExit int
		want     []string
	}{
		{"human output fails on stale", []string{"soul", "check", "--repo", root}, 1, []string{"soul: checked", "1 fresh · 1 stale", "LINE", "gone/old.go", "unanchored"}},
		{"exit-zero", []string{"soul", "check", "--repo", root, "--exit-zero"}, 0, []string{"soul: checked"}},
		{"claims table", []string{"soul", "check", "--repo", root, "--claims", "--exit-zero"}, 0, []string{"TISSUE", "declared", "verified_fresh"}},
		{"tissue override", []string{"soul", "check", "--repo", root, "--tissue", "current state=declared", "--tissue", "operating doctrine=verifiable", "--exit-zero"}, 0, []string{"2 stale", "Keep it small."}},
		{"explicit soul path", []string{"soul", "check", "--repo", root, "--soul", filepath.Join(root, "docs", "PATHOS.md"), "--exit-zero"}, 0, []string{"docs/PATHOS.md"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var out bytes.Buffer
			err := dispatch(context.Background(), tc.args, &out)
			var ee exitError
			code := 0
			if errors.As(err, &ee) {
				code = ee.code
			} else if err != nil {
				t.Fatalf("got %v, want exit %d", err, tc.wantExit)
			}
			if code != tc.wantExit {
				t.Errorf("exit: got %d, want %d", code, tc.wantExit)
			}
			for _, w := range tc.want {
				if !strings.Contains(out.String(), w) {
					t.Errorf("output: got\n%s\nwant it to contain %q", out.String(), w)
				}
			}
		})
	}

	var out bytes.Buffer
	if err := dispatch(context.Background(), []string{"soul", "check", "--repo", root, "--json", "--exit-zero"}, &out); err != nil {
		t.Fatal(err)
	}
	var rep map[string]any
	if err := json.Unmarshal(out.Bytes(), &rep); err != nil {
		t.Fatalf("json: %v\n%s", err, out.String())
	}
	if rep["schema"] != "m1nd-soul-check-v0" || rep["by_state"] == nil || rep["receipt_line"] == nil {
		t.Errorf("json: got %v, want the m1nd-soul-check-v0 fields", rep)
	}
}

func TestSoulCheckOfflineNamesAgentsFile(t *testing.T) {
	root := soulRepo(t, map[string]string{"AGENTS.md": "# Agents\n\n- Run `make test`.\n"})
	var out bytes.Buffer
	err := dispatch(context.Background(), []string{"soul", "check", "--repo", root}, &out)
	if err == nil || !strings.Contains(err.Error(), "--soul AGENTS.md") {
		t.Fatalf("got %v, want a hint to pass --soul AGENTS.md", err)
	}
	out.Reset()
	err = dispatch(context.Background(), []string{"soul", "check", "--repo", root, "--soul", "AGENTS.md"}, &out)
	var ee exitError
	if err != nil && !errors.As(err, &ee) {
		t.Fatalf("got %v, want a check of AGENTS.md", err)
	}
	if !strings.Contains(out.String(), "AGENTS.md") {
		t.Errorf("output: got %s, want the AGENTS.md report", out.String())
	}
}

// soulServer serves medulla and soul on one loopback port; soul reaches medulla through it with the
// caller's own credential, as organism serve wires it.
func soulServer(t *testing.T) (string, *auth.Signer) {
	t.Helper()
	logger := slog.New(slog.DiscardHandler)
	med, err := medulla.Open(context.Background(), medulla.Options{DataDir: t.TempDir(), Logger: logger})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { med.Close() })
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	conn, err := grpcserver.Dial(lis.Addr().String(), grpcserver.DialOptions{Credentials: auth.Credentials{}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	sv, err := soul.Open(context.Background(), soul.Options{DataDir: t.TempDir(), Logger: logger, Medulla: medullav1.NewMedullaServiceClient(conn)})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { sv.Close() })
	_, key, _ := ed25519.GenerateKey(rand.Reader)
	signer := auth.NewSigner(key, nil)
	srv := grpcserver.New(grpcserver.Options{Listener: lis, Verifier: signer.Verifier(), Logger: logger, ShutdownTimeout: time.Second})
	med.Register(srv.Registrar())
	sv.Register(srv.Registrar())
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ctx) }()
	t.Cleanup(func() { cancel(); <-done })
	return lis.Addr().String(), signer
}

// soulBrainServer is soulServer with the cli soul's repository (main.go and docs/PATHOS.md) registered
// by the owner as one brain per name, at that name's soul path; it returns the repository's root too.
func soulBrainServer(t *testing.T, soulPaths map[string]string) (addr string, signer *auth.Signer, root string) {
	t.Helper()
	addr, signer = soulServer(t)
	root = soulRepo(t, map[string]string{"main.go": "package main\n\nfunc main() {}\n", "docs/PATHOS.md": cliSoul})
	owner, err := signer.Mint(auth.MintRequest{Kind: auth.KindOwner})
	if err != nil {
		t.Fatal(err)
	}
	conn, err := grpcserver.Dial(addr, grpcserver.DialOptions{Credentials: auth.Bearer(owner)})
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	for name, soulPath := range soulPaths {
		if _, err := medullav1.NewMedullaServiceClient(conn).RegisterBrain(context.Background(), &medullav1.RegisterBrainRequest{Name: name, RepoRoot: root, SoulPath: soulPath}); err != nil {
			t.Fatal(err)
		}
	}
	return addr, signer, root
}

func TestSoulVerbsAgainstServer(t *testing.T) {
	addr, signer, _ := soulBrainServer(t, map[string]string{"cli": "docs/PATHOS.md"})
	agent, err := signer.Mint(auth.MintRequest{Kind: auth.KindAgent, Subject: "agent-1", Seat: "curator", Brain: "cli", TTL: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	run := func(wantExit int, args ...string) string {
		t.Helper()
		var out bytes.Buffer
		args = append(args, "--addr", addr, "--token", agent)
		err := dispatch(context.Background(), args, &out)
		var ee exitError
		code := 0
		if errors.As(err, &ee) {
			code = ee.code
		} else if err != nil {
			t.Fatalf("organism %s: %v", strings.Join(args, " "), err)
		}
		if code != wantExit {
			t.Fatalf("organism %s: exit %d, want %d\n%s", strings.Join(args, " "), code, wantExit, out.String())
		}
		return out.String()
	}
	if got := run(1, "soul", "check"); !strings.Contains(got, "1 fresh · 1 stale") {
		t.Errorf("check: got %s", got)
	}
	if got := run(0, "soul", "receipts"); !strings.Contains(got, "check") || strings.Count(got, "\n") != 1 {
		t.Errorf("receipts: got %q, want the one check", got)
	}
	if got := run(0, "soul", "north"); !strings.Contains(got, "Checkpoint 1 — the cli era — soul: checked") {
		t.Errorf("north: got %q", got)
	}
	if got := run(0, "soul", "read", "--section", "operating doctrine"); !strings.Contains(got, "Keep it small.") {
		t.Errorf("read: got %q", got)
	}
	owner, err := signer.Mint(auth.MintRequest{Kind: auth.KindOwner})
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	err = dispatch(context.Background(), []string{"soul", "tissues", "--brain", "cli", "--addr", addr, "--token", owner, "operating doctrine=verifiable"}, &out)
	if err != nil || !strings.Contains(out.String(), "tissues: operating doctrine=verifiable") {
		t.Errorf("tissues: got %q %v", out.String(), err)
	}
}
