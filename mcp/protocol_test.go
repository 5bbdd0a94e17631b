package mcp_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestCapabilitiesAreWhatIsServed: the handshake promises tools and subscribable resources and
// nothing else; the lists never change during a session, so no list_changed is promised.
func TestCapabilitiesAreWhatIsServed(t *testing.T) {
	e := startWatchEnv(t)
	got, err := json.Marshal(e.cs.InitializeResult().Capabilities)
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"resources":{"subscribe":true},"tools":{}}`; string(got) != want {
		t.Errorf("got capabilities %s, want %s", got, want)
	}
}

// TestProtocolErrors: a call the server cannot even route is a protocol error, never a tool
// result an agent might read as an organ's answer.
func TestProtocolErrors(t *testing.T) {
	e := startWatchEnv(t)
	cases := []struct {
		name string
		call func(ctx context.Context) error
		want string
	}{
		{"unknown tool", func(ctx context.Context) error {
			_, err := e.cs.CallTool(ctx, &sdk.CallToolParams{Name: "soul_erase", Arguments: map[string]any{}})
			return err
		}, `unknown tool "soul_erase"`},
		{"unknown resource", func(ctx context.Context) error {
			_, err := e.cs.ReadResource(ctx, &sdk.ReadResourceParams{URI: "organism://brain/loja/secrets"})
			return err
		}, "not found"},
		{"subscribe to an unknown resource", func(ctx context.Context) error {
			return e.cs.Subscribe(ctx, &sdk.SubscribeParams{URI: "file:///etc/passwd"})
		}, "not found"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), wait)
			defer cancel()
			if err := c.call(ctx); err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("got %v, want a protocol error saying %q", err, c.want)
			}
		})
	}
}
