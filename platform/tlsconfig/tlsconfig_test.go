package tlsconfig_test

import (
	"crypto/tls"
	"io"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/organism-dev/organism/platform/tlsconfig"
)

// pair writes a CA and a leaf it signed, valid in [from, to], and returns the Files naming them.
func pair(t *testing.T, dir string, from, to time.Time) tlsconfig.Files {
	t.Helper()
	ca, err := tlsconfig.NewAuthority("test CA", time.Now().Add(-48*time.Hour), time.Now().Add(48*time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	cert, key, err := ca.Issue("svc", []string{"127.0.0.1", "localhost"}, from, to)
	if err != nil {
		t.Fatal(err)
	}
	f := tlsconfig.Files{Cert: filepath.Join(dir, "tls.crt"), Key: filepath.Join(dir, "tls.key"), CA: filepath.Join(dir, "ca.crt")}
	for p, b := range map[string][]byte{f.Cert: cert, f.Key: key, f.CA: ca.PEM} {
		if err := os.WriteFile(p, b, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	return f
}

// serve accepts TLS connections with server, answering "ok" to each; it returns the address.
func serve(t *testing.T, server *tls.Config) string {
	t.Helper()
	lis, err := tls.Listen("tcp", "127.0.0.1:0", server)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { lis.Close() })
	go func() {
		for {
			c, err := lis.Accept()
			if err != nil {
				return
			}
			c.SetDeadline(time.Now().Add(10 * time.Second))
			if err := c.(*tls.Conn).Handshake(); err == nil {
				io.WriteString(c, "ok")
			}
			c.Close()
		}
	}()
	return lis.Addr().String()
}

// handshake dials addr with client and reads the greeting.
func handshake(addr string, client *tls.Config) error {
	c, err := tls.DialWithDialer(&net.Dialer{Timeout: 10 * time.Second}, "tcp", addr, client)
	if err != nil {
		return err
	}
	defer c.Close()
	c.SetDeadline(time.Now().Add(10 * time.Second))
	b, err := io.ReadAll(c)
	if err == nil && string(b) != "ok" {
		return io.ErrUnexpectedEOF
	}
	return err
}

func TestHandshakes(t *testing.T) {
	now := time.Now()
	good := pair(t, t.TempDir(), now.Add(-time.Hour), now.Add(time.Hour))
	expired := pair(t, t.TempDir(), now.Add(-2*time.Hour), now.Add(-time.Hour))
	other := pair(t, t.TempDir(), now.Add(-time.Hour), now.Add(time.Hour))
	load := func(f tlsconfig.Files) *tlsconfig.Source {
		s, err := tlsconfig.Load(f)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	onlyCA := func(f tlsconfig.Files) tlsconfig.Files { return tlsconfig.Files{CA: f.CA} }
	mutual := good
	mutual.Mutual = true
	tests := []struct {
		name    string
		server  tlsconfig.Files
		client  tlsconfig.Files
		wantErr string
	}{
		{"server cert signed by the client's CA", good, onlyCA(good), ""},
		{"wrong CA", good, onlyCA(other), "certificate signed by unknown authority"},
		{"expired server certificate", expired, onlyCA(expired), "expired"},
		{"mutual TLS with a client certificate", mutual, good, ""},
		{"mutual TLS without a client certificate", mutual, onlyCA(good), "certificate"},
		{"mutual TLS with a certificate from another CA", mutual, tlsconfig.Files{Cert: other.Cert, Key: other.Key, CA: good.CA}, "certificate"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			addr := serve(t, load(tt.server).Server("organism-test"))
			client := load(tt.client).Client()
			client.NextProtos = []string{"organism-test"}
			err := handshake(addr, client)
			switch {
			case tt.wantErr == "" && err != nil:
				t.Fatalf("got %v, want a handshake", err)
			case tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr)):
				t.Fatalf("got %v, want an error containing %q", err, tt.wantErr)
			}
		})
	}
}

// A certificate replaced on disk is served from the next handshake on, without a restart.
func TestReloadOnFileChange(t *testing.T) {
	now := time.Now()
	dir := t.TempDir()
	f := pair(t, dir, now.Add(-2*time.Hour), now.Add(-time.Hour)) // starts expired
	src, err := tlsconfig.Load(f)
	if err != nil {
		t.Fatal(err)
	}
	addr := serve(t, src.Server("organism-test"))
	client := func() *tls.Config {
		c, err := tlsconfig.Load(tlsconfig.Files{CA: f.CA})
		if err != nil {
			t.Fatal(err)
		}
		cfg := c.Client()
		cfg.NextProtos = []string{"organism-test"}
		return cfg
	}
	if err := handshake(addr, client()); err == nil {
		t.Fatal("expired certificate: got a handshake, want a refusal")
	}
	// Rotate: a fresh pair from a new CA lands in the same files (the way a Secret update does).
	fresh := pair(t, dir, now.Add(-time.Hour), now.Add(time.Hour))
	future := time.Now().Add(2 * time.Second) // past the recheck interval, without sleeping
	os.Chtimes(fresh.Cert, future, future)
	deadline := time.Now().Add(10 * time.Second)
	for {
		err := handshake(addr, client())
		if err == nil {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("after rotation: got %v, want the new certificate served", err)
		}
		time.Sleep(100 * time.Millisecond)
	}
	if err := src.LastError(); err != nil {
		t.Errorf("reload error: %v", err)
	}
}

func TestCheck(t *testing.T) {
	tests := []struct {
		name   string
		f      tlsconfig.Files
		server bool
		ok     bool
	}{
		{"off", tlsconfig.Files{}, true, true},
		{"cert without key", tlsconfig.Files{Cert: "a"}, true, false},
		{"server with only a CA", tlsconfig.Files{CA: "a"}, true, false},
		{"client with only a CA", tlsconfig.Files{CA: "a"}, false, true},
		{"mutual without CA", tlsconfig.Files{Cert: "a", Key: "b", Mutual: true}, true, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := tt.f.Check(tt.server); (err == nil) != tt.ok {
				t.Errorf("got %v, want ok=%v", err, tt.ok)
			}
		})
	}
}
