package soul_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/organism-dev/organism/services/soul"
)

func TestLocalProber(t *testing.T) {
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusNoContent) }))
	defer up.Close()
	broken := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusBadGateway) }))
	defer broken.Close()
	p := soul.LocalProber{Client: &http.Client{Timeout: time.Second}}
	tests := []struct {
		name    string
		url     string
		wantErr bool
	}{
		{"local runtime answers", up.URL + "/healthz", false},
		{"local runtime fails", broken.URL, true},
		{"remote hosts are never probed", "http://example.com/", true},
		{"nothing listening", "http://127.0.0.1:1/", true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := p.Probe(context.Background(), tc.url)
			if (err != nil) != tc.wantErr {
				t.Errorf("got %v, want error %v", err, tc.wantErr)
			}
		})
	}
}

// recorder is an HTTP transport that answers every request itself and notes the host asked,
// so a test sees which hosts the prober tried to reach without touching the network.
type recorder struct {
	mu       sync.Mutex
	hosts    []string
	redirect map[string]string // host → Location it answers with 302
}

func (r *recorder) RoundTrip(req *http.Request) (*http.Response, error) {
	r.mu.Lock()
	r.hosts = append(r.hosts, req.URL.Host)
	r.mu.Unlock()
	resp := &http.Response{StatusCode: http.StatusNoContent, Header: http.Header{}, Body: http.NoBody, Request: req}
	if loc, ok := r.redirect[req.URL.Host]; ok {
		resp.StatusCode = http.StatusFound
		resp.Header.Set("Location", loc)
	}
	return resp, nil
}

// TestLocalProberReachesOnlyThisMachine: a URL that only looks local is refused before any
// request is made, and a local runtime cannot redirect the probe to another host.
func TestLocalProberReachesOnlyThisMachine(t *testing.T) {
	tests := []struct {
		name      string
		url       string
		wantErr   bool
		wantHosts []string
	}{
		{"localhost", "http://localhost:7780/healthz", false, []string{"localhost:7780"}},
		{"loopback", "http://127.0.0.1:7780/", false, []string{"127.0.0.1:7780"}},
		{"ipv6 loopback", "http://[::1]:7780/", false, []string{"[::1]:7780"}},
		{"unspecified address", "http://0.0.0.0:7780/", false, []string{"0.0.0.0:7780"}},
		{"subdomain of a public name", "http://localhost.example.com/", true, nil},
		{"nip.io name of loopback", "http://127.0.0.1.nip.io/", true, nil},
		{"userinfo naming localhost", "http://localhost@evil.com/", true, nil},
		{"userinfo with a port naming localhost", "http://localhost:80@evil.com/", true, nil},
		{"userinfo in front of localhost", "http://evil.com@localhost/", true, nil},
		{"public host", "http://example.com/", true, nil},
		{"redirect off the machine is not followed", "http://127.0.0.1:9/moved", false, []string{"127.0.0.1:9"}},
		{"redirect on the machine is followed", "http://127.0.0.1:8/moved", false, []string{"127.0.0.1:8", "localhost:7780"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rec := &recorder{redirect: map[string]string{"127.0.0.1:9": "http://example.com/x", "127.0.0.1:8": "http://localhost:7780/x"}}
			p := soul.LocalProber{Client: &http.Client{Transport: rec, Timeout: time.Second}}
			err := p.Probe(context.Background(), tc.url)
			if (err != nil) != tc.wantErr {
				t.Errorf("error: got %v, want error %v", err, tc.wantErr)
			}
			if !slices.Equal(rec.hosts, tc.wantHosts) {
				t.Errorf("hosts asked: got %v, want %v", rec.hosts, tc.wantHosts)
			}
		})
	}
}
