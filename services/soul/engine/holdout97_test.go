package engine_test

import "testing"

// TestNinetySeventhHoldoutClasses: the false rows of the ninety-seventh holdout, each beside a twin that
// stays drift.
func TestNinetySeventhHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("README.md", "# x\n")
	g.write("meta-process/README.md", "# m\n")
	g.write("meta-process/install.sh", "#!/bin/sh\n")
	g.gone("2026-04-01T10:00:00Z", "2026-04-02T10:00:00Z", "agent.py", "workflow.py", "ws1_model.yaml", "ws2_agents.yaml", "meta-process/setup.sh")
	g.commit("2026-05-01T10:00:00Z", "app")
	repo := g.open(t)
	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		// a table under a heading that says its rows were removed
		{"rows under What Was Removed", "## What Was Removed\n\n| File | Lines | Was |\n|---|---|---|\n| `agent.py` | ~2700 | LLM wrapper |\n| `workflow.py` | ~1100 | State machine |", nil},
		{"items under Removed Files", "## Removed Files\n\n- `agent.py` - the LLM wrapper\n- `workflow.py` - the state machine", nil},
		{"twin: rows under What It Holds", "## What It Holds\n\n| File | Lines | Is |\n|---|---|---|\n| `agent.py` | ~2700 | LLM wrapper |", []string{"evidence_file_missing agent.py"}},
		// a list a lead-in says was archived outside the repository
		{"items archived externally", "**Detailed worksheets archived externally:**\n`/home/brian/archive/gaps/`\n\n- `ws1_model.yaml` - execution model gaps\n- `ws2_agents.yaml` - agent gaps", nil},
		{"twin: items of a list kept here", "**Detailed worksheets:**\n\n- `ws1_model.yaml` - execution model gaps\n- `ws2_agents.yaml` - agent gaps", []string{"evidence_file_missing ws1_model.yaml", "evidence_file_missing ws2_agents.yaml"}},
		// a tree whose entries spell their parent again
		{"a tree spelling its parent again", "```\nmeta-process/\n├── meta-process/README.md      # How to use it\n└── meta-process/install.sh     # Install it\n```", nil},
		{"twin: an entry gone either way", "```\nmeta-process/\n├── meta-process/README.md      # How to use it\n└── meta-process/setup.sh       # Set it up\n```", []string{"unverified unanchored meta-process/meta-process/setup.sh"}},
	})
}
