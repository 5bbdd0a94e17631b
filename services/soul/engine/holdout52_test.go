package engine_test

import (
	"testing"
)

// TestFiftySecondHoldoutClasses: the false rows of the fifty-second holdout, each beside a twin that
// stays drift.
func TestFiftySecondHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("main.go", "package main\n")
	g.write("agent/net.py", "TOOLS = []\n")
	g.write("agent/flow.py", "TOOLS = []\n")
	g.write("cortex/schemas.py", "from pydantic import BaseModel\n\n# Wire types are reached through the installed package path.\n#\n# Both paths load one file, but Python keeps a separate\n# sys.modules entry per path.\nfrom pkg.models import Wire\n\nclass Local(BaseModel):\n    pass\n")
	g.write("cortex/plain.py", "import os\nVALUE = 1\nOTHER = 2\n\n\nx = sys.modules\n")
	g.write("web/package.json", `{"name": "web", "dependencies": {"tailwindcss": "^3.4.19"}}`)
	g.write("tour/package.json", `{"name": "tour", "dependencies": {"gsap": "^3.12.0"}}`)
	g.gone("2026-05-01T10:00:00Z", "2026-05-02T10:00:00Z", "FileUpload.tsx", "specs/a.md", "queue/b.md")
	repo := g.open(t)

	runDriftCases(t, repo, "CLAUDE.md", []driftCase{
		{"a file of Claude Code's auto memory", "- Wrappers use a literal env parser. See `feedback_env_file_shell_expansion.md`.", nil},
		{"twin: a bare file that is no memory file", "- Wrappers use a literal env parser. See `notes_env_file.md`.", []string{"unanchored notes_env_file.md"}},
		{"counts of list items labelled by their files", "- `agent/net.py` — VPC, TGW, VPN (15 tools)\n- `agent/flow.py` — VPC Flow Logs (1 tool)", nil},
		{"a naming rule's example of a file since gone", "- **File naming**: components use PascalCase (e.g. `FileUpload.tsx`, `Button.tsx`).", nil},
		{"twin: an example to read, since gone", "- For the upload form, e.g. see `FileUpload.tsx` and copy it.", []string{"evidence_file_missing FileUpload.tsx"}},
		{"none found in", "- Cursor rules: none found in `.cursor/rules/` or `.cursorrules`.", nil},
		{"a place that exists only for a while", "- Specs live in `specs/` only while a feature is in flight.", nil},
		{"twin: a place said to be there", "- Queued items live in `queue/` for the worker.", []string{"evidence_file_missing queue/"}},
		{"a cited line that opens a comment", "- The dual path breaks checks (`cortex/schemas.py:3` documents the `sys.modules` trap).", nil},
		{"twin: a cited code line", "- The dual path breaks checks (`cortex/plain.py:2` reads the `sys.modules` table).", []string{"line_drift cortex/plain.py:2"}},
	})
	t.Run("twin: one file's tools counted twice", func(t *testing.T) {
		got := findingsOf(t, repo, "CLAUDE.md", notes("- `agent/net.py` — VPC, TGW, VPN (15 tools)\n- `agent/net.py` — the same gateway (1 tool)"))
		if len(got) == 0 {
			t.Fatalf("two counts of one file's tools were not compared")
		}
	})
	runDriftCases(t, repo, "tour/AGENTS.md", []driftCase{
		{"a framework the document's own package does not use", "> **Tailwind v4 projects** (`hyperframes init --tailwind`): see the guide.", nil},
	})
	runDriftCases(t, repo, "docs/AGENTS.md", []driftCase{
		{"twin: a nested document in no package", "> **Tailwind v4 projects** (`hyperframes init --tailwind`): see the guide.", []string{"evidence_changed Tailwind v4"}},
	})
}
