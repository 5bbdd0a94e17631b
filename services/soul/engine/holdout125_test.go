package engine_test

import "testing"

// TestHundredTwentyFifthHoldoutClasses: the false rows of the hundred-and-twenty-fifth holdout that
// were fixed, each beside a twin that stays drift.
func TestHundredTwentyFifthHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("scripts/check-feedback.mjs", "x\n")
	g.write("scripts/clear-feedback.sh", "x\n")
	g.write("src/registry/push.rs", "x\n")
	g.write("src/registry/feedback.rs", "y\n")
	g.write("app/middleware.ts", "export {}\n")
	g.write("app/package.json", `{"dependencies":{"next":"16.0.0"},"devDependencies":{"vitest":"^2.1.0"}}`+"\n")
	g.write("internal/sync/metadata.go", "package sync\n\nfunc FreshImport() {}\n\nfunc Refresh() {}\n")
	g.write("out/_database.json", "{}\n")
	g.write("apps/backend/src/shared/middleware/auth.ts", "export {}\n")
	g.write("server/routes/entity.ts", "export {}\n")
	g.write("server/tsv-storage.ts", "export {}\n")
	g.write("lexicons/storage.py", "x = 1\n")
	g.write("contracts/parity/shape.ts", "export {}\n")
	g.write("scripts/gen-parity-spec.ts", "export {}\n")
	g.write("packages/culture-scrape/setup.py", "x = 1\n")
	g.write("core/setup.py", "x = 2\n")
	g.commit("2026-05-01T10:00:00Z", "app")
	for _, f := range []string{"contracts/parity/shape.ts", "scripts/gen-parity-spec.ts", "packages/culture-scrape/setup.py", "core/setup.py", "src/registry/feedback.rs", "server/routes/entity.ts", "server/tsv-storage.ts", "scripts/check-feedback.mjs", "scripts/clear-feedback.sh", "src/registry/push.rs", "app/middleware.ts", "out/_database.json"} {
		g.remove(f)
	}
	g.write("app/proxy.ts", "export const config = { matcher: [] }\n")
	g.commit("2026-05-02T10:00:00Z", "off-chain")
	repo := g.open(t)
	runDriftCases(t, repo, "CLAUDE.md", []driftCase{
		{"a port's log names the code a later section says is gone", "## Slice 3\n\nThe loaders of `server/tsv-storage.ts` are what `lexicons/` copies.\n\n## Cutover\n\n`server/` is gone; nothing above this line changes.", nil},
		{"a port's log under a heading that says the code is gone", "## Slice 3\n\nThe loaders of `server/tsv-storage.ts` are what `lexicons/` copies.\n\n## The cutover itself — `server/` is gone (US-2)\n\nNothing above this line changes.", nil},
		{"twin: the same log without the cutover", "## Slice 3\n\nThe loaders in `server/tsv-storage.ts` feed the routes.\n\n## Cutover\n\nThe routes now answer from Python.", []string{"evidence_file_missing server/tsv-storage.ts"}},
		{"a size said of a gone file, the next name another's", "## Slice 4\n\n- Only half of `server/tsv-storage.ts` came across.\n  That file is 1,376 lines, and the split is the one its banner drew;\n  `lexicons/storage.py` reads the same fixtures.\n\n## Cutover\n\n`server/` is gone.", nil},
		{"twin: a size said of the file that is there", "- `lexicons/storage.py` is 1,376 lines.", []string{"size_drift lexicons/storage.py"}},
		{"a parenthesized list that a later clause deletes", "The whole on-chain harvest stack (`check-feedback.mjs`, `harvest-feedback.{sh,ps1}`, `clear-feedback.sh`,\n`gen-feedback-resolutions.mjs`, `colony/sync-issues.mjs`,\n`test-fleet/feedback-to-issues.mjs`, the resolved-index files) was DELETED with the move to telemetry.", nil},
		{"twin: the same list said to run", "The harvest stack (`check-feedback.mjs`, `clear-feedback.sh`) runs nightly.", []string{"evidence_file_missing check-feedback.mjs", "evidence_file_missing clear-feedback.sh"}},
		{"a list whose note follows a dash, then deleted", "The on-chain client bindings (`push.rs` /\n`feedback.rs` — setPushSub slots, FeedbackFacet submit/log-scan) were DELETED; don't reintroduce them.", nil},
		{"twin: the same list said to bind", "The on-chain client bindings (`push.rs` /\n`feedback.rs` — setPushSub slots) bind the facets.", []string{"evidence_file_missing push.rs", "evidence_file_missing feedback.rs"}},
		{"a list that retired with what it served", "- `contracts/parity/shape.ts`, `scripts/gen-parity-spec.ts` and\n  `scripts/record.ts` retired with the app they replayed against.", nil},
		{"twin: the list that replays", "- `contracts/parity/shape.ts` and `scripts/gen-parity-spec.ts` replay the app.", []string{"evidence_file_missing contracts/parity/shape.ts", "evidence_file_missing scripts/gen-parity-spec.ts"}},
		{"a list that went with a deleted app", "The spec was harvested from the app; US-2 deleted that app, and with it\n`scripts/gen-parity-spec.ts` and `shape.ts`. What survives is data.", nil},
		{"names that used to live here", "`gen-parity-spec.ts` and `shape.ts` used to live here.", nil},
		{"twin: names that live here", "`gen-parity-spec.ts` and `shape.ts` live here.", []string{"evidence_file_missing gen-parity-spec.ts", "evidence_file_missing shape.ts"}},
		{"where the code lived before", "It lived at `packages/culture-scrape/` while it was vendored, then at `core/`; a later change moved it here.", nil},
		{"twin: where the code lives", "It lives at `packages/culture-scrape/` and `core/`.", []string{"evidence_file_missing packages/culture-scrape/", "evidence_file_missing core/"}},
		{"a row its table marks not started", "| Directory | Status | Role |\n|---|---|---|\n| `windows/obs-plugin/` | not started | Reads the ring directly. |", nil},
		{"twin: a row marked built", "| Directory | Status | Role |\n|---|---|---|\n| `windows/obs-plugin/` | **built** | Reads the ring directly. |", []string{"unanchored windows/obs-plugin/"}},
		{"a place code goes if it is of a kind", "### Extraction Hierarchy\n\n1. **`apps/backend/src/shared/helpers/`** — if it's backend-specific shared logic.", nil},
		{"twin: the place named as holding the helpers", "- **`apps/backend/src/shared/helpers/`** — backend-specific shared logic.", []string{"unanchored apps/backend/src/shared/helpers/"}},
		{"a Korean count after a runner's name", "`vitest` 4건 실패 — 타인 게시물 삭제 404.", nil},
		{"twin: the runner's version", "- Tests run on `vitest` 4.", []string{"evidence_changed vitest 4"}},
		{"a file a function writes, read by the next row", "| Function | Behavior |\n|---|---|\n| `FreshImport()` | Imports all entries, writes `_database.json` |\n| `Refresh()` | Reads `_database.json`, compares timestamps |", nil},
		{"twin: the file as a kept one", "- `_database.json` holds the synced entries.", []string{"evidence_file_missing _database.json"}},
		{"a framework's rename, old name first", "## Middleware\n\nNext.js 16 renamed `middleware.ts` → **`proxy.ts`**. Do NOT create a `middleware.ts` file — it will cause a build error.", nil},
		{"a framework's rename in a sentence of its own", "Next.js 16 renamed `middleware.ts` → **`proxy.ts`**.", nil},
		{"twin: the file was renamed to the name", "- The file was renamed `middleware.ts` when auth moved in.", []string{"evidence_file_missing middleware.ts"}},
		{"a reference a parenthesis says lands later", "See `feature/auth/SignInViewModel.kt` for a working example *(file lands during Phase 3 — placeholder reference until then)*.", nil},
		{"twin: the same reference as it stands", "See `feature/auth/SignInViewModel.kt` for a working example.", []string{"unanchored feature/auth/SignInViewModel.kt"}},
	})
}
