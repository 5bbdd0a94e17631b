package engine_test

import "testing"

// TestThirtyFourthHoldoutTrees: every entry of a drawn tree that evidence speaks for is a row of its
// own (grafana/tempo's CONTRIBUTING.md drew modules/backend-worker/ and modules/backend-scheduler/, both
// spelt without the dash in the repository; only the first was reported). An entry nothing traces and
// no near name explains stays out, as a further mention always has.
func TestThirtyFourthHoldoutTrees(t *testing.T) {
	g := newGitFixture(t)
	g.write("modules/backendworker/worker.go", "package backendworker\n")
	g.write("modules/backendscheduler/scheduler.go", "package backendscheduler\n")
	g.write("modules/distributor/distributor.go", "package distributor\n")
	g.write("cmd/tempo/main.go", "package main\n")
	g.commit("2026-06-01T10:00:00Z", "init")
	repo := g.open(t)

	tree := func(entries string) string {
		return "## Project structure\n\n```\ncmd/\n  tempo/              - main binary\nmodules/              - top level components\n" + entries + "  distributor/\n```\n"
	}
	runDriftCases(t, repo, "CONTRIBUTING.md", []driftCase{
		{"two entries spelt with a dash", tree("  backend-worker/\n  backend-scheduler/\n"),
			[]string{"evidence_file_missing modules/backend-worker/", "evidence_file_missing modules/backend-scheduler/"}},
		{"twin: the second entry has no near name", tree("  backend-worker/\n  compactor/\n"),
			[]string{"evidence_file_missing modules/backend-worker/"}},
		{"twin: every entry exists", tree("  backendworker/\n  backendscheduler/\n"), nil},
	})
}

// TestThirtyFourthHoldoutScriptTypo: a script no commit ever defined, spelt one letter or a separator
// away from exactly one script the repository has, is drift that names it (napi-rs's CLAUDE.md runs
// `yarn build:tests`; package.json has build:test). A script with no such twin, or with two, stays an
// unverified mention.
func TestThirtyFourthHoldoutScriptTypo(t *testing.T) {
	g := newGitFixture(t)
	g.write("package.json", "{\"scripts\": {\"build:test\": \"tsc -p test\", \"build\": \"tsc\", \"lint:js\": \"eslint\", \"lint:ts\": \"eslint\"}}\n")
	g.commit("2026-06-01T10:00:00Z", "init")
	repo := g.open(t)

	block := func(cmd string) string { return "## Building\n\n```bash\n# Build all tests\n" + cmd + "\n```\n" }
	runDriftCases(t, repo, "CLAUDE.md", []driftCase{
		{"one letter off one script", block("yarn build:tests"), []string{"evidence_changed yarn build:tests"}},
		{"twin: no script near it", block("yarn build:docs"), []string{"unverified evidence_changed yarn build:docs"}},
		{"twin: two scripts as near", block("yarn lint:xs"), []string{"unverified evidence_changed yarn lint:xs"}},
		{"twin: the script exists", block("yarn build:test"), nil},
	})
}

// TestThirtyFourthHoldoutLooseGlob: a glob whose directory `*` history matched only one level deeper
// (medusa's `packages/*/src/api/routes/*/__tests__` over routes/admin/products/__tests__/), with no
// such match left, is drift; the same glob with such tests still there is read as git reads a pathspec
// and holds; one no reading of history ever matched stays an unverified mention.
func TestThirtyFourthHoldoutLooseGlob(t *testing.T) {
	g := newGitFixture(t)
	g.write("packages/medusa/src/api/routes/admin/products/__tests__/update.js", "test()\n")
	g.write("packages/medusa/src/services/__tests__/cart.js", "test()\n")
	g.write("packages/core/src/index.js", "x\n")
	g.write("packages/core/src/jobs/daily/nightly/__specs__/run.js", "test()\n")
	g.commit("2026-06-01T10:00:00Z", "init")
	g.remove("packages/medusa/src/api/routes/admin/products/__tests__/update.js")
	g.commit("2026-06-02T10:00:00Z", "drop the v1 routes")
	repo := g.open(t)

	line := func(glob string) string {
		return "## Tests\n\n- **Unit tests** found under `packages/*/src/services/__tests__` and `" + glob + "`\n"
	}
	runDriftCases(t, repo, "CONTRIBUTING.md", []driftCase{
		{"matched one level deeper, all gone", line("packages/*/src/api/routes/*/__tests__"),
			[]string{"evidence_file_missing packages/*/src/api/routes/*/__tests__"}},
		{"twin: matched one level deeper today", line("packages/*/src/jobs/*/__specs__"), nil},
		{"twin: never matched in any reading", line("packages/*/src/api/hooks/*/__tests__"),
			[]string{"unverified evidence_file_missing packages/*/src/api/hooks/*/__tests__"}},
	})
}
