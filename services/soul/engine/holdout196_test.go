package engine_test

import (
	"strings"
	"testing"
)

// TestHundredNinetySixthHoldoutClasses: the false rows of the hundred-and-ninety-sixth holdout that were
// fixed, each beside a twin that stays a finding.
func TestHundredNinetySixthHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("main.go", "package main\n")
	g.write("grpc/shard.rs", strings.Repeat("// line\n", 2)+"pub fn capacity_split() {}\n")
	g.write("packages/runtime/src/index-client.ts", "export {}\n")
	g.write("plugins/_compaction/.toggle-1", "")
	g.gone("2026-05-01T10:00:00Z", "2026-05-02T10:00:00Z",
		"packages/runtime/index-client.js", "plugins/.toggle-0", "web/main.ts", ".enabled")
	repo := g.open(t)

	// handicap: "LN" that labels a milestone, after a name that is no file
	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"a milestone label after a call",
			"- The split lives in (`grpc/shard.rs`) and the reaper then calls `pool_disconnect`(L40 rules).", nil},
		{"twin: a line right after its file",
			"- The split is `grpc/shard.rs` L40.", []string{"line_drift grpc/shard.rs:40"}},
	})

	// veskTs: the entry a package's exports map points to
	runDriftCases(t, repo, "packages/runtime/AGENTS.md", []driftCase{
		{"the built entry of an exports map",
			"- The package `exports` map has `\".\"` AND `\"./client\"` both resolving to\n  `index-client.js`.", nil},
		{"twin: the same name as a file to edit",
			"- Edit `index-client.js` for the client barrel.", []string{"evidence_file_missing index-client.js"}},
	})

	// agent-zero: a marker file each plugin folder may hold
	runDriftCases(t, repo, "plugins/AGENTS.md", []driftCase{
		{"a member's marker file",
			"- Global activation uses `.toggle-1`.", nil},
		{"twin: a marker no member holds",
			"- Global activation uses `.toggle-0`.", []string{"evidence_file_missing .toggle-0"}},
	})

	// demystify-ffmpeg-mpdecimate: the old app, gone
	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"the old app a sentence looks back on",
			"So the app does nothing on seek. The old `web/` app's forced keep was an invented semantic.", nil},
		{"twin: the app as a place to work in",
			"So the app does nothing on seek. The `web/` app keeps a forced keep.", []string{"evidence_file_missing web/"}},
	})
}
