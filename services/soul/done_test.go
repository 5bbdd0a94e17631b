package soul_test

import (
	"testing"

	soulv1 "github.com/organism-dev/organism/proto/organism/soul/v1"
)

// TestFinishedWorkHidesNoDrift is the attack on a soul's verifiable tissue through a heading: an agent
// files a stale claim under "### Done" (or "### 已完成") inside the live checkpoint, hoping the section
// reads as history, as a finished-work list of an ordinary AGENTS.md does. In a soul the heading map
// decides, and the missing file stays drift.
func TestFinishedWorkHidesNoDrift(t *testing.T) {
	f := newFixture(t)
	for _, heading := range []string{"Done", "已完成 ✅", "Completed"} {
		t.Run(heading, func(t *testing.T) {
			soul := "# PATHOS\n\n## Checkpoint 4\n\n### Current State\n\n- `src/main.go` serves the shop.\n\n" +
				"### " + heading + "\n\n- `src/gone.go` holds the cart.\n\n## Operating Doctrine\n\n- Never ship on a Friday.\n"
			if kinds := staleKinds(t, f, "done", soul); kinds["src/gone.go"] != "drift" {
				t.Errorf("a missing file under %q: got stale rows %v, want src/gone.go as drift", heading, kinds)
			}
		})
	}
}

// TestUntrackedLeadHidesNoDrift is the same attack through a list's lead-in: the document's own word that
// git keeps the paths out ("以下路径被 `.gitignore` 忽略：", untrackedLeadIn; "These paths are gitignored but
// exist on disk:", madeLeadIn) holds them in an ordinary AGENTS.md, never in a soul.
func TestUntrackedLeadHidesNoDrift(t *testing.T) {
	f := newFixture(t)
	for _, lead := range []string{"以下路径被 `.gitignore` 忽略：", "These paths are gitignored but exist on disk:", "This command generates:"} {
		t.Run(lead, func(t *testing.T) {
			soul := "# PATHOS\n\n## Checkpoint 4\n\n### Current State\n\n- `src/main.go` serves the shop.\n\n" +
				lead + "\n\n- `src/gone.go` holds the cart.\n\n## Operating Doctrine\n\n- Never ship on a Friday.\n"
			if kinds := staleKinds(t, f, "lead", soul); kinds["src/gone.go"] != "drift" {
				t.Errorf("a missing file under %q: got stale rows %v, want src/gone.go as drift", lead, kinds)
			}
		})
	}
}

// staleKinds registers soul as brain's, checks it as an agent of that brain through the gRPC client and
// returns each stale row's kind by its anchor.
func staleKinds(t *testing.T, f *fixture, brain, soul string) map[string]string {
	t.Helper()
	return staleKindsIn(t, f, brain, writeRepo(t, t.TempDir(), soul))
}

// staleKindsIn is staleKinds for a repository already written at root.
func staleKindsIn(t *testing.T, f *fixture, brain, root string) map[string]string {
	t.Helper()
	f.register(brain, root, "docs/PATHOS.md")
	resp, err := f.agentIn("agent-9", brain).CheckSoul(ctx(), &soulv1.CheckSoulRequest{Brain: brain})
	if err != nil {
		t.Fatal(err)
	}
	kinds := map[string]string{}
	for _, s := range resp.GetReport().GetStale() {
		kinds[s.GetAnchor()] = s.GetKind()
	}
	return kinds
}
