package engine_test

import "testing"

// TestHundredFortySixthHoldoutClasses: the false rows of the hundred-and-forty-sixth holdout that were
// fixed, each beside a twin that stays a finding.
func TestHundredFortySixthHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("go.mod", "module example.com/m\n\ngo 1.25\n")
	g.write("internal/api/handler.go", "package api\n")
	g.write("package.json", `{"scripts": {"test_x": "tsx test_cambio_x.ts"}}`+"\n")
	g.write("src/types/next-auth.d.ts", "export {}\n")
	g.gone("2026-05-01T10:00:00Z", "2026-05-02T10:00:00Z", "internal/mocks/comment_repository.go", "test_cambio_a.ts", "debug_a.ts",
		"src/styles/a.module.scss", "src/sync_integration_tests.rs")
	repo := g.open(t)

	runDriftCases(t, repo, "CLAUDE.md", []driftCase{
		// cadmus: Chinese "if it already exists", and the release an API came with
		{"Chinese: a file to read if it already exists", "- 参考 `internal/mocks/comment_repository.go`（如已存在）", nil},
		{"twin: Chinese, a file to read", "- 参考 `internal/mocks/comment_repository.go`（接口实现）", []string{"evidence_file_missing internal/mocks/comment_repository.go"}},
		{"the release an API came with", "- 路径参数使用 `r.PathValue(\"id\")`（Go 1.22+）", nil},
		{"twin: the project's release", "- 项目使用 Go 1.22+", []string{"evidence_changed Go 1.22+"}},
		// cambio-uruguay: names a contraction says do not exist
		{"patterns that don't exist", "- npm scripts point to root `test_cambio_*.ts`/`debug_*.ts` that don't exist in a clean checkout (were local-only).", nil},
		{"twin: patterns that run", "- npm scripts point to root `test_cambio_*.ts`/`debug_*.ts` that run in a clean checkout.", []string{"evidence_file_missing test_cambio_*.ts", "evidence_file_missing debug_*.ts"}},
		// prode: a checked "No" before a pattern
		{"a checked No before a pattern", "> ✅ No `src/styles/*.module.scss` files here. Component styles go inline as Tailwind classes.", nil},
		{"twin: a checked rule over a pattern", "> ✅ Keep `src/styles/*.module.scss` files here. Component styles go inline as Tailwind classes.", []string{"evidence_file_missing src/styles/*.module.scss"}},
		// agaric: a file not to cite
		{"a file not to cite", "The crate-level `src/sync_integration_tests.rs` (diffy-era E2E) was **deleted** when the Loro sync layer landed. Do not cite `sync_integration_tests.rs` as a live layer.", nil},
		{"twin: a file to cite", "The crate-level `src/sync_integration_tests.rs` (diffy-era E2E) was **deleted** when the Loro sync layer landed. Cite `sync_integration_tests.rs` as the live layer.", []string{"evidence_file_missing sync_integration_tests.rs"}},
	})
}
