package mcp_test

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	organmcp "github.com/organism-dev/organism/mcp"
)

// TestClientArgumentsOutsideSchemaRefusedTyped: clients differ in whether they check arguments
// against a tool's input schema before sending (the TypeScript SDK's client does not, nor does
// a model's raw tool call forwarded by an agent). Whatever arrives outside the schema is an
// error result with the same typed refusal as any other: INVALID_ARGUMENT of this server, one
// violation per argument at fault, never the checker's bare text and never an organ's answer
// (medulla and soul are not served here: a call that reached them would be Unimplemented).
func TestClientArgumentsOutsideSchemaRefusedTyped(t *testing.T) {
	e := startWatchEnv(t)
	huge := strings.Repeat("x", 1<<20)
	cases := []struct {
		name, tool string
		args       any
		fields     []string
	}{
		{"a required argument missing", "recall", map[string]any{}, []string{"query"}},
		{"two required arguments missing", "report", map[string]any{"class": "bug"}, []string{"tool", "what"}},
		{"a string sent as a number", "north", map[string]any{"brain": 5}, []string{"brain"}},
		{"a boolean sent as a string", "soul_read", map[string]any{"headline_only": "yes"}, []string{"headline_only"}},
		{"a fraction for an integer", "claim_show", map[string]any{"slug": "s", "version": 1.5}, []string{"version"}},
		{"an integer past int32", "claim_history", map[string]any{"slug": "s", "page_size": 99999999999}, []string{"page_size"}},
		{"identity smuggled in an argument", "memorize", map[string]any{"body": "b", "agent_id": "owner", "seat": "owner"}, []string{"agent_id", "seat"}},
		{"an argument's case changed", "north", map[string]any{"Brain": "other"}, []string{"Brain"}},
		{"a nested object missing its field", "memorize", map[string]any{"body": "b", "evidence": []any{map[string]any{"path": "main.go"}}}, []string{"evidence"}},
		{"a megabyte in the wrong type", "recall", map[string]any{"query": "q", "limit": huge}, []string{"limit"}},
		{"arguments not an object", "north", []any{1, 2}, []string{"arguments"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res := e.call(t, c.tool, c.args)
			if !res.IsError {
				t.Errorf("got isError false, want true")
			}
			var out organmcp.Outcome
			raw, _ := json.Marshal(res.StructuredContent)
			if err := json.Unmarshal(raw, &out); err != nil || out.Refusal == nil {
				t.Fatalf("got structured content %s, want an outcome with a refusal", raw)
			}
			r := out.Refusal
			if r.Code != "InvalidArgument" || r.Reason != "INVALID_ARGUMENT" || r.Domain != organmcp.ErrorDomain {
				t.Errorf("got %s/%s/%s, want InvalidArgument/INVALID_ARGUMENT/%s", r.Code, r.Reason, r.Domain, organmcp.ErrorDomain)
			}
			var got []string
			for _, v := range r.Violations {
				got = append(got, v.Field)
				if len(v.Description) > 400 {
					t.Errorf("violation on %s is %d bytes long, want it bounded", v.Field, len(v.Description))
				}
			}
			if !slices.Equal(got, c.fields) {
				t.Errorf("got violations on %v, want on %v", got, c.fields)
			}
			txt := res.Content[0].(*sdk.TextContent).Text
			if !strings.HasPrefix(txt, "refused: INVALID_ARGUMENT") || strings.Contains(txt, "validating") || len(txt) > 4096 {
				t.Errorf("got text %.200q, want the typed refusal's summary, bounded, without the checker's wording", txt)
			}
		})
	}
}
