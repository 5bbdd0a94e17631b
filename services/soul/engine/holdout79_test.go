package engine_test

import "testing"

// TestSeventyNinthHoldoutDates: a day of the month is no count, beside its twin that is one.
func TestSeventyNinthHoldoutDates(t *testing.T) {
	g := newGitFixture(t)
	g.write("build.sh", "#!/bin/sh\n")
	g.commit("2026-05-03T10:00:00Z", "app")
	repo := g.open(t)
	runDriftCases(t, repo, "CLAUDE.md", []driftCase{
		{"two dates in one month", "## Gotchas\n\n- Bit twice in one session (2 Aug 2026) by `build.sh`.\n- Bit on 4 Aug 2026: `build.sh` forced the width.", nil},
		{"twin: one count stated two ways", "## Gotchas\n\n- Bit twice in one session: `build.sh` has 2 gates.\n- Bit again: `build.sh` has 4 gates.", []string{"disagreement contradicted ", "disagreement contradicted "}},
	})
}

// TestSeventyNinthHoldoutTallies: a runner's name before its tally states no version of it.
func TestSeventyNinthHoldoutTallies(t *testing.T) {
	g := newGitFixture(t)
	g.write("package.json", `{"name":"console","devDependencies":{"vitest":"^4.1.10"}}`)
	g.commit("2026-05-03T10:00:00Z", "app")
	repo := g.open(t)
	runDriftCases(t, repo, "LLM.md", []driftCase{
		{"a tally of passed tests", "## Verification\n\n- `tsc --noEmit` clean; `vitest` 2756 passed (+5 workbench logic; 8 skipped).", nil},
		{"twin: a version of the runner", "## Stack\n\n- Tests run on vitest 2 with jsdom.", []string{"evidence_changed vitest 2"}},
	})
}

// TestSeventyNinthHoldoutGoneNames: names listed as deleted along with a feature, beside a twin that
// stays drift.
func TestSeventyNinthHoldoutGoneNames(t *testing.T) {
	g := newGitFixture(t)
	g.write("bristlenose/pipeline.py", "x = 1\n")
	g.gone("2026-04-01T10:00:00Z", "2026-04-02T10:00:00Z", "tests/test_session_guard.py")
	g.commit("2026-05-03T10:00:00Z", "app")
	repo := g.open(t)
	runDriftCases(t, repo, "CLAUDE.md", []driftCase{
		{"names deleted along with a feature", "- **Session-count guard — REMOVED 19 Aug 2026.** Deleted along with `_confirm_large_session_count`, the CLI flag and `tests/test_session_guard.py`. Count is the wrong axis.", nil},
		{"twin: names tested along with a feature", "- **Session-count guard.** Tested along with `_confirm_large_session_count`, the CLI flag and `tests/test_session_guard.py`. Count is the wrong axis.", []string{"evidence_file_missing tests/test_session_guard.py"}},
	})
}

// TestSeventyNinthHoldoutForbidden: every name of a pair the sentence forbids bringing back.
func TestSeventyNinthHoldoutForbidden(t *testing.T) {
	g := newGitFixture(t)
	g.write("desktop/src/messageListModel.ts", "export {}\n")
	g.gone("2026-04-01T10:00:00Z", "2026-04-02T10:00:00Z", "desktop/src/compose.ts", "desktop/src/messageList.ts")
	g.commit("2026-05-03T10:00:00Z", "app")
	repo := g.open(t)
	runDriftCases(t, repo, "desktop/CLAUDE.md", []driftCase{
		{"a pair never to reintroduce", "> The model lives in `src/messageListModel.ts`, so never reintroduce a `compose.ts`/`messageList.ts` pair.", nil},
		{"twin: a pair to keep", "> The model lives in `src/messageListModel.ts`, so always keep a `compose.ts`/`messageList.ts` pair.", []string{"evidence_file_missing compose.ts", "evidence_file_missing messageList.ts"}},
	})
}
