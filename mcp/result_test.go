package mcp_test

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestTextContentCarriesTheOutcome: clients differ in which half of a tool result reaches the
// model, so the text content is the summary line followed by the same outcome the structured
// content holds: a text-only client sees the ids, receipts and the refusal's reason and fields.
func TestTextContentCarriesTheOutcome(t *testing.T) {
	e := startWatchEnv(t)
	cases := []struct {
		name, tool string
		args       map[string]any
		isError    bool
		reason     string
	}{
		{"an answer", "mission_board", map[string]any{}, false, ""},
		{"a refusal of this server", "presence_who", map[string]any{"page_size": -1}, true, "INVALID_ARGUMENT"},
		{"a refusal of an organ", "north", map[string]any{}, true, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res := e.call(t, c.tool, c.args)
			if res.IsError != c.isError {
				t.Errorf("got isError %v, want %v", res.IsError, c.isError)
			}
			if len(res.Content) != 1 {
				t.Fatalf("got %d content blocks, want 1", len(res.Content))
			}
			txt, ok := res.Content[0].(*sdk.TextContent)
			if !ok {
				t.Fatalf("got %T, want text content", res.Content[0])
			}
			line, body, found := strings.Cut(txt.Text, "\n")
			if !found {
				t.Fatalf("got text %q, want the summary line and the outcome after it", txt.Text)
			}
			var inText, structured map[string]any
			if err := json.Unmarshal([]byte(body), &inText); err != nil {
				t.Fatalf("text after the summary line is not JSON: %v (%q)", err, body)
			}
			raw, _ := json.Marshal(res.StructuredContent)
			if err := json.Unmarshal(raw, &structured); err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(inText, structured) {
				t.Errorf("got text outcome %v, want the structured content %v", inText, structured)
			}
			if line != structured["summary"] {
				t.Errorf("got first line %q, want the summary %q", line, structured["summary"])
			}
			if c.reason != "" {
				ref, _ := inText["refusal"].(map[string]any)
				if ref["reason"] != c.reason || !strings.Contains(body, `"violations"`) {
					t.Errorf("got refusal %v in the text, want reason %s with its violations", ref, c.reason)
				}
			}
		})
	}
}
