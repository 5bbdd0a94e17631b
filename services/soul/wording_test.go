package soul_test

import "testing"

// TestSoulWordingHidesNoDrift is the attack on a soul through the wording rules the two-hundredth
// holdout rounds added for ordinary handoff documents: a list item that names another repository over
// the claim, a block of a package's rules that vibe-rules would write, and a title that calls the work
// still to do. Each holds an ordinary AGENTS.md's names; in a soul the missing file stays drift.
func TestSoulWordingHidesNoDrift(t *testing.T) {
	f := newFixture(t)
	for _, tc := range []struct{ name, title, body string }{
		{"another repository's item", "# PATHOS", "- `acme/shop-reference` — private repo:\n  - `src/gone.go` holds the cart.\n"},
		{"a package's rules block", "# PATHOS\n\n<!-- vibe-rules Integration -->", "<@acme/shop_api>\n\n- `src/gone.go` holds the cart.\n\n</@acme/shop_api>\n"},
		{"a title of work required", "# PATHOS (Work Required)", "- `src/gone.go` holds the cart.\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			soul := tc.title + "\n\n## Checkpoint 4\n\n### Current State\n\n- `src/main.go` serves the shop.\n\n" + tc.body +
				"\n## Operating Doctrine\n\n- Never ship on a Friday.\n"
			if kinds := staleKinds(t, f, "wording", soul); kinds["src/gone.go"] != "drift" {
				t.Errorf("a missing file behind %s: got stale rows %v, want src/gone.go as drift", tc.name, kinds)
			}
		})
	}
}
