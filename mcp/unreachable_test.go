package mcp_test

import (
	"context"
	"encoding/json"
	"log/slog"
	"net"
	"strings"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"

	organmcp "github.com/organism-dev/organism/mcp"
)

// TestClientOfAnUnreachableSuiteGetsOrganUnreachable: an agent configured with a wrong
// ORGANISM_ADDR (or whose suite stopped) starts `organism mcp` fine, and every tool answers the
// typed ORGAN_UNREACHABLE the docs promise, not the gRPC client's dial error with the address.
func TestClientOfAnUnreachableSuiteGetsOrganUnreachable(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close() // nothing listens there any more
	conn, err := grpc.NewClient(addr, grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	ctx, cancel := context.WithTimeout(context.Background(), wait)
	defer cancel()
	svc := organmcp.New(organmcp.Options{Organs: organmcp.OrgansOn(conn), Logger: slog.New(slog.DiscardHandler)})
	st, ct := sdk.NewInMemoryTransports()
	if _, err := svc.Connect(ctx, st, ""); err != nil {
		t.Fatal(err)
	}
	cs, err := sdk.NewClient(&sdk.Implementation{Name: "test-agent", Version: "v0"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	for _, c := range []struct {
		tool string
		args map[string]any
	}{
		{"north", map[string]any{"brain": "loja"}},
		{"recall", map[string]any{"brain": "loja", "query": "q"}},
		{"presence_who", map[string]any{"brain": "loja"}},
		{"mission_board", map[string]any{"brain": "loja"}},
	} {
		t.Run(c.tool, func(t *testing.T) {
			res, err := cs.CallTool(ctx, &sdk.CallToolParams{Name: c.tool, Arguments: c.args})
			if err != nil {
				t.Fatalf("got protocol error %v, want an error result", err)
			}
			var out organmcp.Outcome
			raw, _ := json.Marshal(res.StructuredContent)
			if err := json.Unmarshal(raw, &out); err != nil || out.Refusal == nil || !res.IsError {
				t.Fatalf("got %s (isError %v), want a refusal", raw, res.IsError)
			}
			if r := out.Refusal; r.Code != "Unavailable" || r.Reason != organmcp.ReasonOrganUnreachable || r.Domain != organmcp.ErrorDomain {
				t.Errorf("got %s/%s/%s, want Unavailable/%s/%s", r.Code, r.Reason, r.Domain, organmcp.ReasonOrganUnreachable, organmcp.ErrorDomain)
			}
			if txt := res.Content[0].(*sdk.TextContent).Text; strings.Contains(txt, addr) || strings.Contains(txt, "dial") {
				t.Errorf("got text %q, want no dial error or address of the suite", txt)
			}
		})
	}
}
