package engine_test

import "testing"

// TestEightySixthHoldoutClasses: the false rows of the eighty-sixth holdout, each beside a twin that stays
// drift.
func TestEightySixthHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("src/shared/lib/utils.ts", "export {}\n")
	g.gone("2026-04-01T10:00:00Z", "2026-04-02T10:00:00Z", "src/hooks/use-x.ts", "src/lib/utils.ts")
	g.commit("2026-05-03T10:00:00Z", "app")
	repo := g.open(t)
	runDriftCases(t, repo, "src/components/AGENTS.md", []driftCase{
		// "must not let the installer re-create `src/hooks`, `src/lib` …" (不得 … 重新创建)
		{"layers the installer must not re-create", "registry 所需的无领域 hooks/lib 必须归入 `src/shared/lib/`，不得让安装器重新创建 `src/hooks`、`src/lib` 等旧技术分层。", nil},
		{"twin: layers the installer re-creates", "registry 所需的无领域 hooks/lib 必须归入 `src/shared/lib/`，安装器会放在 `src/hooks`、`src/lib` 等技术分层。", []string{"evidence_file_missing src/hooks", "evidence_file_missing src/lib"}},
	})
}
