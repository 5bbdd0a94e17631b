package engine_test

import (
	"strings"
	"testing"
)

// TestTwoHundredNineteenthHoldoutClasses: the false rows of the two-hundred-and-nineteenth holdout that
// were fixed, each beside a twin that stays a finding.
func TestTwoHundredNineteenthHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("ml/train.py", "x\n")
	g.write("compose.edge.yaml", "services: {}\n")
	g.write("scripts/repo-residue-check.mjs", "export {}\n")
	for _, h := range []string{"01", "02", "03"} {
		g.write("nixos/hosts/mcp-nats"+h+"/default.nix", "{ }\n")
	}
	g.write("hosts/a.nix", strings.Repeat("x\n", 60))
	g.write("hosts/b.nix", strings.Repeat("x\n", 20))
	g.write("frontend/src/components/Button.tsx", "export {}\n")
	g.commit("2026-06-01T10:00:00Z", "init")
	g.remove("ml/train.py")
	g.remove("compose.edge.yaml")
	g.commit("2026-06-02T10:00:00Z", "move the ML code to its own repository")
	repo := g.open(t)

	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		// SeeON: names a rule forbids adding, and a check blocks
		{"names not to add", "Do not add ML runtime code, `ml/`, `compose.edge.yaml`, or ML image/CD logic here.", nil},
		{"names a check blocks", "| Gate | Script | Effect |\n|---|---|---|\n| ML residue gate | `scripts/repo-residue-check.mjs` | Blocks `ml/`, `compose.edge.yaml`, and ML image/CD logic in this host repo. |", nil},
		{"twin: names where code lives", "ML runtime code lives in `ml/`, and its stack in `compose.edge.yaml`.", []string{"evidence_file_missing ml/", "evidence_file_missing compose.edge.yaml"}},
		// hermes-deploy: numbered sibling hosts written as one name
		{"numbered siblings", "Location: `nixos/hosts/mcp-nats01/02/03/default.nix` (near-identical).", nil},
		{"twin: a sibling that is not there", "Location: `nixos/hosts/mcp-nats01/02/04/default.nix` (near-identical).", []string{"evidence_file_missing nixos/hosts/mcp-nats01/02/04/default.nix"}},
		// hermes-deploy: a count inside the parenthesis a name opens
		{"a count in its name's parenthesis", "Location: `hosts/a.nix` (agent plumbing, 60 lines), `hosts/b.nix` (20 lines).", nil},
		{"twin: a count its name's file lacks", "Location: `hosts/a.nix` (agent plumbing, 20 lines), `hosts/b.nix` (20 lines).", []string{"size_drift hosts/a.nix"}},
	})
	// EmoVision: a folder called empty
	runDriftCases(t, repo, "frontend/src/components/AGENTS.md", []driftCase{
		{"a folder called empty", "- **`common/`**: Empty (dead folder).", nil},
		{"twin: a folder said to hold widgets", "- **`common/`**: shared widgets.", []string{"unanchored common/"}},
	})
}
