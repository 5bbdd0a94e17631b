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
