package main

import (
	"bytes"
	"context"
	"crypto/tls"
	"crypto/x509"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"

	"github.com/organism-dev/organism/platform/auth"
	"github.com/organism-dev/organism/platform/grpcserver"
	"github.com/organism-dev/organism/platform/tlsconfig"
)

// writeCerts writes a CA and a loopback certificate valid in [from, to] into a new directory.
func writeCerts(t *testing.T, from, to time.Time) (tlsconfig.Files, *x509.CertPool) {
	t.Helper()
	dir := t.TempDir()
	ca, err := tlsconfig.NewAuthority("test CA", time.Now().Add(-48*time.Hour), time.Now().Add(48*time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	cert, key, err := ca.Issue("organism", []string{"127.0.0.1", "localhost"}, from, to)
	if err != nil {
		t.Fatal(err)
	}
	f := tlsconfig.Files{Cert: filepath.Join(dir, "tls.crt"), Key: filepath.Join(dir, "tls.key"), CA: filepath.Join(dir, "ca.crt")}
	for p, b := range map[string][]byte{f.Cert: cert, f.Key: key, f.CA: ca.PEM} {
		if err := os.WriteFile(p, b, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	pool := x509.NewCertPool()
	pool.AppendCertsFromPEM(ca.PEM)
	return f, pool
}

// grpcHealth checks the overall health over tlsCfg (nil: plaintext) and returns the error.
func grpcHealth(t *testing.T, addr string, tlsCfg *tls.Config) error {
	t.Helper()
	var extra []grpc.DialOption
	if tlsCfg != nil {
		extra = append(extra, grpc.WithTransportCredentials(credentials.NewTLS(tlsCfg)))
	}
	c, err := grpcserver.Dial(addr, grpcserver.DialOptions{Extra: extra})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	r, err := healthpb.NewHealthClient(c).Check(ctx, &healthpb.HealthCheckRequest{})
	if err == nil && r.GetStatus() != healthpb.HealthCheckResponse_SERVING {
		t.Fatalf("health over TLS: got %v, want SERVING", r.GetStatus())
	}
	return err
}

func TestServeWithTLS(t *testing.T) {
	now := time.Now()
	files, pool := writeCerts(t, now.Add(-time.Hour), now.Add(time.Hour))
	_, otherPool := writeCerts(t, now.Add(-time.Hour), now.Add(time.Hour))

	cfg := baseConfig(t, "all")
	cfg.tls = files
	s := startRun(t, cfg)

	tests := []struct {
		name    string
		tls     *tls.Config
		wantErr string
	}{
		{"TLS with the right CA", &tls.Config{RootCAs: pool}, ""},
		{"plaintext against a TLS listener", nil, "Unavailable"},
		{"wrong CA", &tls.Config{RootCAs: otherPool}, "certificate signed by unknown authority"},
	}
	for _, tt := range tests {
		t.Run("gRPC "+tt.name, func(t *testing.T) {
			err := grpcHealth(t, s.grpcAddr, tt.tls)
			if tt.wantErr == "" && err != nil || tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr)) {
				t.Errorf("got %v, want error containing %q", err, tt.wantErr)
			}
		})
	}

	// The CLI dials with TLS when given the CA, and fails without it.
	owner, err := os.ReadFile(filepath.Join(cfg.dataDir, auth.OwnerTokenFile))
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := dispatch(context.Background(), []string{"brain", "ls", "--addr", s.grpcAddr, "--token", strings.TrimSpace(string(owner)), "--tls-ca", files.CA}, &out); err != nil {
		t.Errorf("CLI over TLS: %v", err)
	}
	if err := dispatch(context.Background(), []string{"health", "--addr", s.grpcAddr, "--tls-ca", files.CA}, io.Discard); err != nil {
		t.Errorf("organism health over TLS: %v", err)
	}
	if err := dispatch(context.Background(), []string{"health", "--addr", s.grpcAddr, "--timeout", "1s"}, io.Discard); err == nil {
		t.Error("organism health in plaintext against TLS: got nil, want an error")
	}

	// HTTPS on the gateway: its upstream dials (TLS too) answer, and the session cookie is Secure.
	client := &http.Client{Timeout: 10 * time.Second, Transport: &http.Transport{TLSClientConfig: &tls.Config{RootCAs: pool}}}
	resp, err := client.Get("https://" + s.httpAddr + "/healthz")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 {
		t.Errorf("HTTPS /healthz: got %d, want 200 (the gateway reaches every organ over TLS)", resp.StatusCode)
	}
	resp, err = client.Post("https://"+s.httpAddr+"/v1/session", "application/json", strings.NewReader(`{"credential":"`+strings.TrimSpace(string(owner))+`"}`))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if cs := resp.Cookies(); len(cs) == 0 || !cs[0].Secure {
		t.Errorf("session cookie over HTTPS: got %v, want Secure", cs)
	}
	if resp, err := http.Get("http://" + s.httpAddr + "/healthz"); err == nil {
		resp.Body.Close()
		if resp.StatusCode == 200 {
			t.Error("plain HTTP against the HTTPS gateway: got 200, want a refusal")
		}
	}
}

func TestServeWithMutualTLS(t *testing.T) {
	now := time.Now()
	files, pool := writeCerts(t, now.Add(-time.Hour), now.Add(time.Hour))
	files.Mutual = true
	cfg := baseConfig(t, "all")
	cfg.tls = files
	s := startRun(t, cfg)
	cert, err := tls.LoadX509KeyPair(files.Cert, files.Key)
	if err != nil {
		t.Fatal(err)
	}
	if err := grpcHealth(t, s.grpcAddr, &tls.Config{RootCAs: pool, Certificates: []tls.Certificate{cert}}); err != nil {
		t.Errorf("with a client certificate: %v", err)
	}
	if err := grpcHealth(t, s.grpcAddr, &tls.Config{RootCAs: pool}); err == nil {
		t.Error("without a client certificate: got SERVING, want a refusal")
	}
}

func TestServeRefusesAnExpiredCertificate(t *testing.T) {
	now := time.Now()
	files, _ := writeCerts(t, now.Add(-2*time.Hour), now.Add(-time.Hour))
	cfg := baseConfig(t, "all")
	cfg.tls = files
	if err := runToFailure(t, cfg); err == nil || !strings.Contains(err.Error(), "expired") {
		t.Errorf("got %v, want a refusal naming the expired certificate", err)
	}
	bindable(t, cfg.grpcAddr)
}
