package mcp_test

import (
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"testing"

	"google.golang.org/grpc"

	organmcp "github.com/organism-dev/organism/mcp"
	"github.com/organism-dev/organism/platform/benchfig"
	"github.com/organism-dev/organism/platform/grpctest"
	presencev1 "github.com/organism-dev/organism/proto/organism/presence/v1"
)

// BenchmarkHTTPToolCall is one tools/call round trip (presence_who against a fake presence) in
// an open streamable HTTP session, as an agent makes them all day. Beside ns/op and allocs/op it
// reports builds/op, the per-session servers made per call (0 once the session has its own),
// and x-session-build, the call's allocations as a multiple of building one session server (the
// baseline a per-request build would add).
func BenchmarkHTTPToolCall(b *testing.B) {
	g := grpctest.Start(b, grpctest.Options{}, func(r grpc.ServiceRegistrar) {
		presencev1.RegisterPresenceServiceServer(r, fakePresence{streams: make(streams, 1)})
	})
	svc := organmcp.New(organmcp.Options{Organs: organmcp.OrgansOn(g.Conn(nil)), Logger: slog.New(slog.DiscardHandler)})
	srv := httptest.NewServer(svc.HTTPHandler(organmcp.HTTPOptions{Verifier: g.Signer.Verifier()}))
	b.Cleanup(srv.Close)
	token := g.AgentToken("ada", "executor", "loja")
	do := func(sid, body string) *http.Response {
		req, err := http.NewRequest(http.MethodPost, srv.URL, strings.NewReader(body))
		if err != nil {
			b.Fatal(err)
		}
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		req.Header.Set("Authorization", "Bearer "+token)
		if sid != "" {
			req.Header.Set("Mcp-Session-Id", sid)
			req.Header.Set("Mcp-Protocol-Version", "2025-06-18")
		}
		resp, err := srv.Client().Do(req)
		if err != nil {
			b.Fatal(err)
		}
		return resp
	}
	resp := do("", initBody)
	sid := resp.Header.Get("Mcp-Session-Id")
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || sid == "" {
		b.Fatalf("initialize: got %d with session %q, want 200 and a session", resp.StatusCode, sid)
	}
	resp = do(sid, `{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	resp.Body.Close()
	const call = `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"presence_who","arguments":{"brain":"loja"}}}`
	buildAllocs := svc.SessionBuildAllocs()
	before := svc.SessionsBuilt()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	mallocs := ms.Mallocs
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		resp := do(sid, call)
		body, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if err != nil || resp.StatusCode != http.StatusOK || !strings.Contains(string(body), `0 live`) {
			b.Fatalf("tools/call: got %d %q (%v), want 200 with the roster", resp.StatusCode, body, err)
		}
	}
	b.StopTimer()
	runtime.ReadMemStats(&ms)
	b.ReportMetric(float64(svc.SessionsBuilt()-before)/float64(b.N), "builds/op")
	b.ReportMetric(float64(ms.Mallocs-mallocs)/float64(b.N)/buildAllocs, "x-session-build")
	benchfig.ReportLoadAvg(b)
}
