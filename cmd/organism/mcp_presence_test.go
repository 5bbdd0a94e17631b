package main

import (
	"testing"
)

// TestMCPLeavingAPresenceWithoutWorkingSet: a client that announces a session without naming
// files (presence_join with no working_set, as the TypeScript SDK probe did) and another with
// one, then leaves both, the one with files first. Leaving the second once crashed presence's
// index (its brain's index was already gone) while holding the roster's lock, and every presence
// call after it, from any agent, hung. Each call here has a deadline, so a hang fails the test.
func TestMCPLeavingAPresenceWithoutWorkingSet(t *testing.T) {
	s := startMCPSuite(t)
	for _, tr := range transports {
		t.Run(tr, func(t *testing.T) {
			cs := s.connect(t, tr, s.agent, nil)
			join := func(args map[string]any) string {
				out, _ := callTool(t, cs, "presence_join", args)
				if !out.OK {
					t.Fatalf("presence_join %v: got %s, want ok", args, out.Summary)
				}
				return out.Result["presence"].(map[string]any)["presence_id"].(string)
			}
			withFiles := join(map[string]any{"theme": "files", "working_set": []any{"main.go"}})
			without := join(map[string]any{"theme": "no files"})
			for _, id := range []string{withFiles, without} {
				if out, _ := callTool(t, cs, "presence_leave", map[string]any{"presence_id": id}); !out.OK {
					t.Errorf("presence_leave %s: got %s, want ok", id, out.Summary)
				}
			}
			after := join(map[string]any{"theme": "after", "working_set": []any{"main.go"}})
			if out, _ := callTool(t, cs, "presence_who", map[string]any{}); !out.OK || len(out.Result["presences"].([]any)) != 1 {
				t.Errorf("presence_who after the leaves: got %s, want only %s", out.Summary, after)
			}
			if out, _ := callTool(t, cs, "presence_leave", map[string]any{"presence_id": after}); !out.OK {
				t.Errorf("presence_leave %s: got %s, want ok", after, out.Summary)
			}
		})
	}
}
