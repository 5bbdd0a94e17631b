package engine_test

import (
	"strings"
	"testing"
)

// TestEightiethHoldoutClasses: the false rows of the eightieth holdout, each beside a twin that stays
// drift.
func TestEightiethHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("crates/core/Cargo.toml", "[package]\nname = \"core\"\n")
	g.write("api/go.mod", "module example.com/api\n\ngo 1.26.4\n")
	g.write("package.json", `{"name":"open-design","scripts":{"dev":"x","dev:all":"x","start":"x"}}`)
	g.commit("2026-03-01T10:00:00Z", "root aliases")
	g.write("package.json", `{"name":"open-design","scripts":{"tools-dev":"node tools/dev.js"}}`)
	g.gone("2026-04-01T10:00:00Z", "2026-04-02T10:00:00Z", "extensions/modbus/lib.rs", "web/src/hooks.server.ts", "docs/getting-started/index.md")
	g.commit("2026-05-03T10:00:00Z", "app")
	repo := g.open(t)
	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"a kind of layer the project owns none of", "- AetherEdge owns no in-tree `extensions/` layer. Optional drivers live in `crates/core/`.", nil},
		{"twin: a layer the project owns", "- AetherEdge owns the in-tree `extensions/` layer. Optional drivers live in `crates/core/`.", []string{"evidence_file_missing extensions/"}},
	})
	runDriftCases(t, repo, "web/CLAUDE.md", []driftCase{
		{"the last of a list never to add", "- There is no Node at runtime — never add `+page.server.ts`, `+server.ts`, or `hooks.server.ts`; everything must work client-side.", nil},
		{"twin: the last of a list to keep", "- There is Node at runtime — keep `+page.server.ts`, `+server.ts`, or `hooks.server.ts`; everything must work server-side.", []string{"evidence_file_missing hooks.server.ts"}},
	})
	runDriftCases(t, repo, "api/CLAUDE.md", []driftCase{
		{"the release that brought a syntax", "## Routing\n\nRoute patterns use Go 1.22+ `http.ServeMux` syntax: `\"METHOD /path/{param}\"`.", nil},
		{"twin: the project's least release", "## Setup\n\nBuilding needs Go 1.22+ and `make`.", []string{"evidence_changed needs Go 1.22+"}},
	})
	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"scripts never to restore, after a colon", "- Do not add or restore root lifecycle aliases: `pnpm dev`, `pnpm dev:all`, or `pnpm start`.", nil},
		{"twin: scripts to run, after a colon", "- Run the root lifecycle aliases: `pnpm dev`, `pnpm dev:all`, or `pnpm start`.", []string{"evidence_changed pnpm dev", "evidence_changed pnpm dev:all", "evidence_changed pnpm start"}},
	})
	runDriftCases(t, repo, "CLAUDE.md", []driftCase{
		{"samples of removed paths", "Do not use the bare domain, legacy names, or removed paths such as `docs/getting-started/`.", nil},
		{"twin: samples of kept paths", "Use the canonical domain and kept paths such as `docs/getting-started/`.", []string{"evidence_file_missing docs/getting-started/"}},
	})
	shipped := "## Status\n\n- `version` dispatch shipped in R825.\n\n"
	runDriftCases(t, repo, "crates/AGENTS.md", []driftCase{
		{"a planned item marked done", shipped + "## Next steps\n\n- ✅ Typed parser records thread through, and `version` dispatch is operational (R825).", nil},
		{"a planned item ticked", shipped + "## Next steps\n\n- [x] Typed parser records thread through, and `version` dispatch is operational (R825).", nil},
		{"a planned row marked done in a cell", shipped + "## Next steps\n\n| Command | Status |\n|---|---|\n| `version` dispatch | ✅ migrated (R825) |", nil},
		{"twin: a planned row still open", shipped + "## Next steps\n\n| Command | Status |\n|---|---|\n| `version` dispatch | planned |", []string{"disagreement superseded "}},
		{"twin: a planned item still open", shipped + "## Next steps\n\n- Typed parser records thread through, and `version` dispatch becomes operational.", []string{"disagreement superseded "}},
	})
	// attack: a soul (ENXUTO) cannot keep a done item among its next steps by ticking it
	runDriftCases(t, repo, "PATHOS.md", []driftCase{
		{"attack: a soul's ticked next step stays superseded", "## Current state\n\n- `version` dispatch shipped in R825.\n\n## Next steps\n\n- ✅ Typed parser records thread through, and `version` dispatch is operational (R825).", []string{"superseded "}},
	})
}

// TestEightiethHoldoutTemplateLists: a list with a bracketed slot to fill is a template's and asserts no
// place, so a name no commit ever held is unverified, not drift; a twin without the slot stays drift.
func TestEightiethHoldoutTemplateLists(t *testing.T) {
	g := newGitFixture(t)
	g.write("raglite/main.py", "x = 1\n")
	g.write("src/index.js", "export {}\n")
	g.commit("2026-05-03T10:00:00Z", "app")
	repo := g.open(t)
	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"a list with a slot for more entries", "### Internal Integration Points\n\n- **Frontend Communication**: REST API on port 3000\n- **Background Jobs**: Redis queue, see `src/workers/`\n- **[Other integrations]**", []string{"unverified unanchored src/workers/"}},
		{"a list closed by etc", "### Files affected\n\n- `src/services/userService.js` - Add new user fields\n- `src/routes/userRoutes.js` - New endpoints\n- [etc...]", []string{"unverified unanchored src/services/userService.js", "unverified unanchored src/routes/userRoutes.js"}},
		{"twin: the list without its slot", "### Files affected\n\n- `src/services/userService.js` - Add new user fields\n- `src/routes/userRoutes.js` - New endpoints", []string{"unanchored src/services/userService.js", "unanchored src/routes/userRoutes.js"}},
	})
}

// TestEightyFirstHoldoutClasses: a parallel copy the sentence forbids, and a checklist item's number
// after a label's colon, each beside its twin.
func TestEightyFirstHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("pyproject.toml", "[project]\nname = \"validator\"\n")
	g.write("cliff.toml", strings.Repeat("# line\n", 10))
	g.gone("2026-04-01T10:00:00Z", "2026-04-02T10:00:00Z", "requirements.txt")
	g.commit("2026-05-03T10:00:00Z", "app")
	repo := g.open(t)
	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"a parallel copy never to reintroduce", "- Dependencies live in `pyproject.toml`. Do not reintroduce a parallel `requirements.txt`.", nil},
		{"twin: a parallel copy to keep", "- Dependencies live in `pyproject.toml`. Keep a parallel `requirements.txt` in sync.", []string{"evidence_file_missing requirements.txt"}},
	})
	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"a checklist item's number after a colon", "- **T11 (v12): L67 CHANGELOG auto** (P1, ~1h) — DONE. `cliff.toml` + `just changelog`.", nil},
		{"twin: a line right after its file", "- `cliff.toml` L67 sets the changelog template.", []string{"line_drift cliff.toml:67"}},
	})
}

// TestEightiethHoldoutRoundLog: the entries of a bulleted round log ("- **R509 (…) — … ported.**") count
// as each round left them, apart from each other and from the log's present total; two unlabelled
// statements still contradict.
func TestEightiethHoldoutRoundLog(t *testing.T) {
	g := newGitFixture(t)
	g.write("src/run.rs", "fn main() {}\n")
	g.commit("2026-05-03T10:00:00Z", "app")
	repo := g.open(t)
	log := "## Current status\n\nThe standalone binary exposes 41 operational subcommands in `src/run.rs`.\n\n" +
		"- **R507–R508 (Phase 3.2) — offline operator\n  toolkit.**\n  - `transaction txid` lands in `src/run.rs`.\n\n  The binary now exposes 9 operational subcommands.\n" +
		"- **R509 (Phase 3.2) — `transaction sign` ported.** The binary now exposes 10 operational subcommands.\n" +
		"- Shipped R510: query surface extended; the binary now exposes 13 operational subcommands."
	runDriftCases(t, repo, "crates/cli/AGENTS.md", []driftCase{
		{"a round log's counts beside the present total", log, nil},
		{"twin: two present totals", "## Current status\n\nThe standalone binary exposes 41 operational subcommands in `src/run.rs`.\n\n- The binary now exposes 33 operational subcommands.", []string{"disagreement contradicted ", "disagreement contradicted "}},
	})
	// attack: a soul cannot keep a second figure for a live count by writing it under an entry's label
	runDriftCases(t, repo, "PATHOS.md", []driftCase{
		{"attack: a soul's labelled entry beside its live count still contradicts", "## Current state\n\n- The standalone binary exposes 41 operational subcommands in `src/run.rs`.\n- **R509 (Phase 3.2) — `transaction sign` ported.** The binary now exposes 10 operational subcommands.", []string{"contradicted ", "contradicted "}},
	})
}
