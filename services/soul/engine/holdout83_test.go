package engine_test

import "testing"

// TestEightyThirdHoldoutClasses: the false rows of the eighty-third holdout, each beside a twin that
// stays drift.
func TestEightyThirdHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("package.json", `{"name":"spx","scripts":{"viewer":"x","dev":"x","handler":"x"}}`)
	g.write("tui/package.json", `{"name":"tui","scripts":{"test":"bun test","vitest":"vitest"},"devDependencies":{"vitest":"^3.0.0"}}`)
	g.commit("2026-03-01T10:00:00Z", "services")
	g.write("package.json", `{"name":"spx","scripts":{"viewer":"x"}}`)
	g.write("tui/package.json", `{"name":"tui","scripts":{"test":"bun test"},"devDependencies":{"vitest":"^3.0.0"}}`)
	g.write("corpus/case.json", "{}\n")
	g.commit("2026-04-01T10:00:00Z", "refactor: live services deleted")
	repo := g.open(t)
	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		// a list item crossed out
		{"crossed-out items", "### Live services (deleted from this branch)\n\n- ❌ **Data service** (`npm run dev`) — market data\n- ❌ **Event handler** (`npm run handler`) — trading agent", nil},
		{"twin: an item not crossed out", "### Live services\n\n- ✅ **Data service** (`npm run dev`) — market data", []string{"evidence_changed npm run dev"}},
		// a command block whose comments say its commands went
		{"commands a block comment calls gone", "```bash\n# These commands no longer exist on this branch:\nnpm run dev\nnpm run handler\n```", nil},
		{"a command its line's comment calls deleted", "```bash\nnpm run viewer\nnpm run dev              # data service — deleted\n```", nil},
		{"twin: a command with another comment", "```bash\nnpm run viewer\nnpm run dev              # data service on port 3600\n```", []string{"evidence_changed npm run dev"}},
		{"twin: a block comment about something else", "```bash\n# Remove the cache first, then start:\nnpm run dev\n```", []string{"evidence_changed npm run dev"}},
	})
	runDriftCases(t, repo, "tui/AGENTS.md", []driftCase{
		// bun and yarn run a dependency's binary when no script has the name (any more); pnpm and npm do not
		{"bun run of a dependency's binary", "```bash\nbun run vitest run\n```", nil},
		{"yarn run of a dependency's binary", "```bash\nyarn run vitest\n```", nil},
		{"twin: pnpm run names a script only", "```bash\npnpm run vitest\n```", []string{"evidence_changed pnpm run vitest"}},
	})
	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		// a commit another project was frozen at
		{"a snapshot's frozen commit", "| `corpus/` | Read-only oracle: legacy OneCAD-CPP behavior frozen at commit b4ddcccc, consumed by the executor |", nil},
		{"a snapshot captured at a frozen commit", "The fixtures were captured from `OneCAD-CPP` at frozen commit `b4ddccc`.", nil},
		{"twin: this repository's commit", "The corpus was regenerated at commit b4ddcccc.", []string{"ref_missing b4ddcccc"}},
	})
	// attack: a soul cannot cover a commit its history lacks by calling it frozen or pinned; the
	// other-repository reading holds only outside souls (tiered), as the pin's did
	runDriftCases(t, repo, "PATHOS.md", []driftCase{
		{"attack: a soul's frozen commit", "## Current state\n\n- The corpus was frozen at commit b4ddcccc and regenerated since.", []string{"ref_missing b4ddcccc"}},
		{"attack: a soul's pinned commit", "## Current state\n\n- The release is pinned at commit b4ddcccc.", []string{"ref_missing b4ddcccc"}},
	})
}
