package engine_test

import "testing"

// TestNinetySecondHoldoutCommentTypedAgainstCommand: a comment typed against its command ("make
// build-eino-cli# Build the standalone eino-cli", the ninety-second holdout's quartet) made every word
// after it a make target, eleven unverified rows of one line; the command's own target is still read.
func TestNinetySecondHoldoutCommentTypedAgainstCommand(t *testing.T) {
	g := newGitFixture(t)
	g.write("Makefile", "build-all:\n\tgo build ./...\nbuild-eino-cli:\n\tgo build ./cmd/eino\n")
	g.commit("2026-05-01T10:00:00Z", "make")
	repo := g.open(t)
	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"a comment typed against its command", "## Build\n\n```bash\nmake build-all     # go build ./...\nmake build-eino-cli# Build the standalone eino-cli and install it\n```", nil},
		{"twin: the command's own target, missing", "## Build\n\n```bash\nmake build-all     # go build ./...\nmake build-acp-cli# Build the standalone ACP cli and install it\n```", []string{"unverified evidence_changed make build-acp-cli"}},
	})
}
