package engine_test

import "testing"

// TestHundredNinetiethHoldoutClasses: the false rows of the hundred-and-ninetieth holdout that were
// fixed, each beside a twin that stays a finding.
func TestHundredNinetiethHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("package.json", "{}\n")
	g.write("frontend/src/hooks/useAuth.hook.ts", "export {}\n")
	g.write("docs/features/auth/README.md", "# auth\n")
	g.write("docs/features/old/README.md", "# old\n")
	g.commit("2026-06-01T10:00:00Z", "init")
	g.remove("docs/features/old/README.md")
	g.commit("2026-06-02T10:00:00Z", "drop the old feature")
	repo := g.open(t)

	// doc-torn: the template an init command fills (whole documents: the title is the point)
	for _, tc := range []driftCase{
		{"a template whose title is a placeholder", "# <Project> — Agent Guide\n\n## Features\n\n- [Feature A](docs/features/feature-a/README.md) — <1 line: objective>\n- [Old](docs/features/old/README.md) — <1 line>\n", nil},
		{"twin: a guide whose title names its project", "# Doc-Torn — Agent Guide\n\n## Features\n\n- [Old](docs/features/old/README.md) — <1 line>\n", []string{"unanchored docs/features/old/README.md"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assertDrift(t, findingsOf(t, repo, "examples/AGENTS.md", []byte(tc.body)), tc.want)
		})
	}

	// vulcanum: a feature's files named after a stand-in noun and each role's suffix
	runDriftCases(t, repo, "frontend/AGENTS.md", []driftCase{
		{"a role's file named after a stand-in noun", "- `hooks/useFeature.hook.ts` – data fetching, side-effects, signals\n- `ui/Feature.view.tsx` – pure presentational JSX, zero side-effects", nil},
		{"twin: a role's file named after a real feature", "- `hooks/useAuth.hook.ts` – data fetching, side-effects, signals\n- `ui/Auth.view.tsx` – pure presentational JSX, zero side-effects", []string{"unanchored ui/Auth.view.tsx"}},
	})
}
