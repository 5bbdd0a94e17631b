package main

import (
	"context"
	"net/http"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/organism-dev/organism/platform/auth"
)

// TestServeMCPVersion: the MCP server serve mounts on the gateway reports the binary's version
// (the one SARIF's driver carries), at /mcp and at /mcp/ alike, to the SDK's own client.
func TestServeMCPVersion(t *testing.T) {
	s := startSuiteTB(t)
	agent := s.mint(t, auth.MintRequest{Kind: auth.KindAgent, Subject: "ada", Seat: "executor", Brain: "loja"})
	for _, path := range []string{"/mcp", "/mcp/"} {
		t.Run(path, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), testWait)
			defer cancel()
			client := sdk.NewClient(&sdk.Implementation{Name: "test-agent", Version: "v0"}, nil)
			cs, err := client.Connect(ctx, &sdk.StreamableClientTransport{Endpoint: "http://" + s.httpAddr + path,
				HTTPClient: &http.Client{Transport: bearer{token: agent, base: http.DefaultTransport}}}, nil)
			if err != nil {
				t.Fatalf("connect %s: %v", path, err)
			}
			defer cs.Close()
			if got, want := cs.InitializeResult().ServerInfo.Version, toolVersion(); got != want {
				t.Errorf("got serverInfo.version %q, want %q", got, want)
			}
		})
	}
}
