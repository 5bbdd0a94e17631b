package engine_test

import (
	"strings"
	"testing"
)

// TestHundredFortySecondHoldoutClasses: the false rows of the hundred-and-forty-second holdout that were
// fixed, each beside a twin that stays a finding.
func TestHundredFortySecondHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("src/AGENTS.md", "# src\n")
	g.write("docs/DESIGN.md", "# design\n")
	g.write("test/simple/simptest.c", "int main(void) { return 0; }\n")
	g.write("include/pmix_common.h.in", "#define PMIX_VERSION @V@\n")
	g.write("src/server/ops.h", "#include <x.h>\n\n"+strings.Repeat("#define A 1\n", 10)+
		"typedef struct {\n    int super;\n    int ev;\n} pmix_trkr_caddy_t;\n"+strings.Repeat("#define B 2\n", 10))
	g.gone("2026-05-01T10:00:00Z", "2026-05-02T10:00:00Z", "src/ui/Radar.tsx", "src/ui/LockedTargets.tsx", "src/ml/postprocess.ts",
		"src/config.ts", "src/shared/a.ts", "src/include/pmix_hash_string.h", "src/commands/AGENTS.md", "src/ui/Panel.tsx")
	repo := g.open(t)

	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		// eqx-peri, openpmix
		{"names a dash says were removed", "- `src/ui/Radar.tsx`, `src/ui/LockedTargets.tsx` — removed during UI refactor.", nil},
		{"a bold name a dash says was removed", "- **`src/include/pmix_hash_string.h` — removed.** It defined `PMIX_HASH_STR`.", nil},
		{"twin: a name a dash describes", "- `src/ui/Panel.tsx` — the panel of the UI.", []string{"evidence_file_missing src/ui/Panel.tsx"}},
		// neural-midi
		{"names the sentence says do not exist", "`docs/DESIGN.md` references `decode.ts`/`src/ml/postprocess.ts` that do not exist; logic is inline here", nil},
		// acode-opencode, Metadata-Auto-Classifier
		{"a file never to collapse back into", "- Config constants are split by domain under `src/`. Never collapse them back into a single `src/config.ts`.", nil},
		{"a directory not to reintroduce", "- this repo keeps implementation local; do not reintroduce a default `src/shared/` implementation surface", nil},
		{"twin: the file the constants live in", "- Config constants live in a single `src/config.ts`.", []string{"evidence_file_missing src/config.ts"}},
		// anvil
		{"a guide to read if present, else another", "| Add a CLI command | `src/` (see `src/commands/AGENTS.md` if present, else `src/AGENTS.md`) |", nil},
		{"twin: a guide to read", "| Add a CLI command | `src/` (see `src/commands/AGENTS.md`) |", []string{"evidence_file_missing src/commands/AGENTS.md"}},
		// openpmix
		{"a library's header", "`OAC_CHECK_PACKAGE` for `munge.h` / `libmunge`. It is built only if found.", nil},
		{"a system header", "- the plog component is skipped when its dependency (libesmtp / `syslog.h`) is absent", nil},
		{"twin: a header of this project", "- the plog component includes `plog_util.h` for its helpers", []string{"unverified unanchored plog_util.h"}},
		{"a program the build makes from its source", "Build, then run `./simptest` in `test/simple/`.", nil},
		{"twin: a program with no source here", "Build, then run `./fasttest` in `test/simple/`.", []string{"unverified unanchored ./fasttest"}},
		{"a header generated from its .in template", "- public headers (`pmix_common.h`, …) are installed.", nil},
		{"twin: a header with no template", "- public headers (`pmix_extra.h`, …) are installed.", []string{"unverified unanchored pmix_extra.h"}},
		{"a cited line that opens the struct the name closes", "| `pmix_trkr_caddy_t` | `src/server/ops.h:13` | Tiny caddy. |", nil},
		{"twin: a cited line outside the struct", "| `pmix_trkr_caddy_t` | `src/server/ops.h:5` | Tiny caddy. |", []string{"line_drift src/server/ops.h:5"}},
	})
}
