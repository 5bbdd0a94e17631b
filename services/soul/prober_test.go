package soul_test

import (
	"context"
	"net/http"
	"net/http/httptest"
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
