package engine_test

import (
	"testing"

	"github.com/organism-dev/organism/services/soul/engine"
)

// TestTwoHundredFortyThirdHoldoutClasses: the false rows of the two-hundred-and-forty-third holdout that
// were fixed, each beside a twin that stays a finding.
func TestTwoHundredFortyThirdHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("firmware/src/display/display_manager.h", "#pragma once\n")
	g.write("firmware/src/display/display_manager.cpp", "#include \"display_manager.h\"\n")
	g.write("bot/src/e2e/phase1.e2e.test.ts", "export {}\n")
	g.write("bot/src/e2e/phase2.e2e.test.ts", "export {}\n")
	g.write("bot/src/e2e/phase5a.e2e.test.ts", "export {}\n")
	g.write("backend/main.rs", "fn main() {}\n")
	g.commit("2026-06-01T10:00:00Z", "init")
	g.gone("2026-06-02T10:00:00Z", "2026-06-03T10:00:00Z", "src/crypto.rs", "src/nwc.rs", "examples/mock_wallet.rs", "lib/config.ts", "src/beta/index.js", "src/memory32.go")
	repo := g.open(t)

	// claude-pad: a header and its source written as one name in a tree
	tree := func(ext string) []byte {
		return []byte("# Firmware\n\n## Layout\n\n```\nsrc/\n├── display/\n│   ├── display_manager.h/." + ext + "  # UI layout\n```\n")
	}
	assertDrift(t, findingsOf(t, repo, "firmware/CLAUDE.md", tree("cpp")), nil)
	// twin: a source that is not there
	assertDrift(t, findingsOf(t, repo, "firmware/CLAUDE.md", tree("hpp")), []string{"unverified unanchored src/display/display_manager.h/.hpp"})
	runDriftCases(t, repo, "bot/CLAUDE.md", []driftCase{
		// gaiada-system: a family sharing a compound ending
		{"a family with a compound ending", "`vitest`; `phase1/phase2/phase5a.e2e.test.ts` are the end-to-end tiers.", nil},
		{"twin: one of the family missing", "`vitest`; `phase1/phase3/phase5a.e2e.test.ts` are the end-to-end tiers.", []string{"evidence_file_missing phase1/phase3/phase5a.e2e.test.ts"}},
	})
	runDriftCases(t, repo, "CLAUDE.md", []driftCase{
		// Surjo
		{"a folder to be added", "## Project Structure\n- `backend/` - Rust backend\n- `frontend/` - (To be added) Frontend web application", nil},
		{"twin: a folder described as there", "## Project Structure\n- `backend/` - Rust backend\n- `frontend/` - Frontend web application", []string{"unanchored frontend/"}},
		// Aetheria: a wrapped list all deleted at once
		{"a wrapped list all deleted", "- **Delegate**: `src/crypto.rs` (ECDH/epoch-key AES-GCM), `src/nwc.rs` (NIP-47\n  client), and `examples/`\n  (`examples/mock_wallet.rs`) all deleted outright.", nil},
		// Aetheria and di.iiii: clauses that tell how things were
		{"a habit of the past", "The site used to gate every download button behind an env var (`lib/config.ts`'s `isReleased()`).", nil},
		{"twin: the same habit today", "The site gates every download button behind an env var (`lib/config.ts`'s `isReleased()`).", []string{"evidence_file_missing lib/config.ts"}},
		{"an origin told", "The sole experimental lane. Originally forked from `src/beta/`.", nil},
		{"twin: an origin that is now", "The sole experimental lane. Originally forked, it now tracks `src/beta/`.", []string{"evidence_file_missing src/beta/"}},
		{"twin: used to as a participle", "`rawmem`, the huge array type used to fabricate slices, is declared in `src/memory32.go`.", []string{"evidence_file_missing src/memory32.go"}},
		{"twin: the same list kept", "- **Delegate**: `src/crypto.rs` (ECDH/epoch-key AES-GCM), `src/nwc.rs` (NIP-47\n  client), and `examples/`\n  (`examples/mock_wallet.rs`) all kept as they are.", []string{"evidence_file_missing src/crypto.rs", "evidence_file_missing src/nwc.rs", "evidence_file_missing examples/", "evidence_file_missing examples/mock_wallet.rs"}},
	})
}

// TestTwoHundredFortyThirdHoldoutTemplateGallery: agent_config_templates keeps one folder per language at
// its top, each holding a guide and the agents' settings a script copies into other projects; the guide's
// layout is the project's it is copied into.
func TestTwoHundredFortyThirdHoldoutTemplateGallery(t *testing.T) {
	guide := []byte("# Rust\n\n## Layout\n\n- `src/lib.rs` — the library root\n")
	kit := func(settings bool, extra ...string) engine.Repo {
		g := newGitFixture(t)
		g.write("apply-template.sh", "#!/bin/sh\n")
		for _, lang := range []string{"rust", "elixir", "unity"} {
			g.write(lang+"/CLAUDE.md", "# guide\n")
			g.write(lang+"/README.md", "# readme\n")
			if settings {
				g.write(lang+"/.claude/settings.json", "{}\n")
				g.write(lang+"/.cursor/rules/style.mdc", "rule\n")
			}
		}
		for _, f := range extra {
			g.write(f, "x\n")
		}
		g.commit("2026-06-01T10:00:00Z", "init")
		return g.open(t)
	}
	assertDrift(t, findingsOf(t, kit(true), "rust/CLAUDE.md", guide), nil)
	// twin: two of the folders hold code, so the folders are the project's own
	assertDrift(t, findingsOf(t, kit(true, "elixir/mix.exs", "unity/Main.cs"), "rust/CLAUDE.md", guide), []string{"unanchored src/lib.rs"})
	// twin: top folders with a guide and a README but no agent settings may be the project's own parts
	assertDrift(t, findingsOf(t, kit(false), "rust/CLAUDE.md", guide), []string{"unanchored src/lib.rs"})
}
