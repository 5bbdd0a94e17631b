package engine_test

import "testing"

// TestEightyFifthHoldoutClasses: the false rows of the eighty-fifth holdout, each beside a twin that stays
// drift.
func TestEightyFifthHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("scriptlets/json_prune_fetch_response.js", "export {}\n")
	g.write("tests/manifest_fetcher_test.cpp", "// test\n")
	g.gone("2026-04-01T10:00:00Z", "2026-04-02T10:00:00Z",
		"src/merge_validation.rs", "src/utils.rs",
		"tests/permission_engine_test.cpp", "tests/permission_gate_test.cpp",
		"src/BRC100Bridge.cpp", "src/BRC100Handler.cpp", "include/FingerprintScript.h")
	g.commit("2026-05-03T10:00:00Z", "app")
	repo := g.open(t)
	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		// a column of names (a name that never was a file; one a commit removed stays drift, as an
		// example's does)
		{"a name in a column of names", "| File | Scriptlet Name | Aliases |\n|---|---|---|\n| `scriptlets/json_prune_fetch_response.js` | `scriptlets/json-prune-fetch-response.js` | `jpfr.js` |", nil},
		{"twin: the same cell in a column of files", "| File | Source | Aliases |\n|---|---|---|\n| `scriptlets/json_prune_fetch_response.js` | `scriptlets/json-prune-fetch-response.js` | `jpfr.js` |", []string{"evidence_file_missing scriptlets/json-prune-fetch-response.js"}},
		// good and bad names under a naming rule
		{"good and bad names under a naming rule", "## Naming and Module Rules\n\nName by domain noun plus responsibility.\n\nGood:\n- `merge_validation.rs`\n\nBad:\n- `utils.rs` for feature logic", nil},
		{"twin: a good list under another heading", "## Module map\n\nGood:\n- `src/merge_validation.rs`", []string{"evidence_file_missing src/merge_validation.rs"}},
		// what a subject deleted, and a no repeated
		{"what a phase deleted", "| `tests/` | 8 gtest files. (Phase 2.6-H deleted `tests/permission_engine_test.cpp` and `tests/permission_gate_test.cpp` along with the engine.) |", nil},
		{"twin: what a phase added", "| `tests/` | 8 gtest files. (Phase 2.6-H added `tests/permission_engine_test.cpp` and `tests/permission_gate_test.cpp` with the engine.) |", []string{"evidence_file_missing tests/permission_engine_test.cpp", "evidence_file_missing tests/permission_gate_test.cpp"}},
		{"a removal in bold", "The injected implementation it replaced (`include/FingerprintScript.h`) was **deleted 2026-08-09**.", nil},
		{"twin: an addition in bold", "The injected implementation (`include/FingerprintScript.h`) was **added 2026-08-09**.", []string{"evidence_file_missing include/FingerprintScript.h"}},
		{"no one and no other", "> There is **no `src/BRC100Bridge.cpp` and no `src/BRC100Handler.cpp`** any more: the shim replaced them.", nil},
		{"twin: one and another", "> There is **one `src/BRC100Bridge.cpp` and one `src/BRC100Handler.cpp`** for the bridge.", []string{"evidence_file_missing src/BRC100Bridge.cpp", "evidence_file_missing src/BRC100Handler.cpp"}},
	})
}
