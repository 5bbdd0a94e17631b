//go:build e2e

package main

import (
	"bufio"
	"context"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/organism-dev/organism/platform/auth"
	"github.com/organism-dev/organism/platform/grpcserver"
	medullav1 "github.com/organism-dev/organism/proto/organism/medulla/v1"
)

func freeAddr(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().String()
}

// TestBinaryServesAndShutsDown builds bin/organism, runs `serve --target=all` as a real process,
// drives it over gRPC and HTTP with a minted credential, then stops it with SIGTERM.
func TestBinaryServesAndShutsDown(t *testing.T) {
	dir := t.TempDir()
	bin := filepath.Join(dir, "organism")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	data := filepath.Join(dir, "data")
	grpcAddr, httpAddr := freeAddr(t), freeAddr(t)
	cmd := exec.Command(bin, "serve", "--target=all", "--data-dir", data, "--grpc-addr", grpcAddr, "--http-addr", httpAddr)
	stdout, _ := cmd.StdoutPipe()
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	sc := bufio.NewScanner(stdout)
	var banner []string
	// A server that never prints its banner is killed, which ends the scan, instead of hanging.
	stall := time.AfterFunc(30*time.Second, func() { cmd.Process.Kill() })
	for sc.Scan() {
		banner = append(banner, sc.Text())
		if strings.Contains(sc.Text(), "owner credential") {
			break
		}
	}
	stall.Stop()
	go func() {
		for sc.Scan() {
		}
	}()
	if !strings.Contains(strings.Join(banner, "\n"), "http://"+httpAddr) {
		t.Fatalf("banner does not name the gateway URL: %q", banner)
	}

	s := &suite{grpcAddr: grpcAddr, httpAddr: httpAddr, dataDir: data}
	owner, err := os.ReadFile(filepath.Join(data, auth.OwnerTokenFile))
	if err != nil {
		t.Fatal(err)
	}
	agent, err := exec.Command(bin, "token", "mint", "--data-dir", data, "--agent", "ada", "--seat", "executor", "--brain", "loja").Output()
	if err != nil {
		t.Fatal(err)
	}
	if code, body := s.http(t, "GET", "/healthz", "", ""); code != 200 {
		t.Fatalf("/healthz: %d %s", code, body)
	}
	if code, _ := s.http(t, "GET", "/v1/medulla/brains", "", ""); code != 401 {
		t.Errorf("no token over HTTP: got %d, want 401", code)
	}
	if code, body := s.http(t, "GET", "/v1/medulla/brains", strings.TrimSpace(string(owner)), ""); code != 200 {
		t.Errorf("owner over HTTP: got %d %s, want 200", code, body)
	}
	noTok, _ := grpcserver.Dial(grpcAddr, grpcserver.DialOptions{})
	defer noTok.Close()
	if _, err := medullav1.NewMedullaServiceClient(noTok).ListBrains(context.Background(), &medullav1.ListBrainsRequest{}); status.Code(err) != codes.Unauthenticated {
		t.Errorf("no token over gRPC: got %v, want Unauthenticated", err)
	}
	withTok, _ := grpcserver.Dial(grpcAddr, grpcserver.DialOptions{Credentials: auth.Bearer(strings.TrimSpace(string(agent)))})
	defer withTok.Close()
	if _, err := medullav1.NewMedullaServiceClient(withTok).ListBrains(context.Background(), &medullav1.ListBrainsRequest{}); err != nil {
		t.Errorf("agent over gRPC: got %v, want success", err)
	}

	cmd.Process.Signal(syscall.SIGTERM)
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("exit after SIGTERM: %v, want status 0", err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("serve did not exit within 30s of SIGTERM")
	}
}
