package engine_test

import "testing"

// TestHundredEighthHoldoutClasses: the false rows of the hundred-and-eighth holdout that were fixed, each
// beside a twin that stays drift.
func TestHundredEighthHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("README.md", "# x\n")
	g.write("go.mod", "module example.com/api\n\ngo 1.23\n")
	g.write("routes/[channelId]/submissions.tsx", "export {}\n")
	g.write("apps/financas/src/lib/access.ts", "export {}\n")
	g.write("apps/financas/src/lib/access.test.ts", "export {}\n")
	g.write("apps/financas/stories/a.tsx", "export {}\n")
	g.write("apps/api/internal/llm/client.go", "package llm\n\nimport \"context\"\n\n"+"// GenerateHooks asks for hooks.\nfunc GenerateHooks(ctx context.Context) error { return nil }\n")
	g.write("apps/api/internal/tmdb/client.go", "package tmdb\n\nfunc Search() {}\n")
	g.commit("2026-05-01T10:00:00Z", "app")
	g.remove("routes/[channelId]/submissions.tsx")
	g.remove("apps/financas/src/lib/access.ts")
	g.remove("apps/financas/src/lib/access.test.ts")
	g.remove("apps/financas/stories/a.tsx")
	g.write("routes/[channelId]/submissions/[...path].tsx", "export {}\n")
	g.commit("2026-05-02T10:00:00Z", "deep links")
	repo := g.open(t)
	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"a feature's version after its span", "- Use `net/http` + `http.ServeMux` (Go 1.22+ method-based routing).", nil},
		{"twin: the project's least version", "- Build with Go 1.22+ and `net/http`.", []string{"evidence_changed Go 1.22+"}},
		{"a kind of thing removed", "Submissions use a catch-all route (the old single-segment `routes/[channelId]/submissions.tsx` placeholder removed) so any node links deep.", nil},
		{"twin: a kind of thing kept", "Submissions use a catch-all route (the old single-segment `routes/[channelId]/submissions.tsx` placeholder kept) so any node links deep.", []string{"evidence_file_missing routes/[channelId]/submissions.tsx"}},
	})
	runDriftCases(t, repo, "apps/financas/CLAUDE.md", []driftCase{
		{"a Portuguese list joined by a slash, deleted", "O Cloudflare Access saiu por completo (`src/lib/access.ts`/`access.test.ts` deletados na Task 3).", nil},
		{"twin: the list kept", "O Cloudflare Access fica (`src/lib/access.ts`/`access.test.ts` mantidos na Task 3).", []string{"evidence_file_missing src/lib/access.ts", "evidence_file_missing access.test.ts"}},
		{"a list closed by a Portuguese participle", "**O CLI Node não existe mais** (`src/lib/access.ts`/`src/lib/access.test.ts`, apagados).", nil},
		{"twin: a list closed by another word", "**O CLI Node existe** (`src/lib/access.ts`/`src/lib/access.test.ts`, mantidos).", []string{"evidence_file_missing src/lib/access.ts", "evidence_file_missing src/lib/access.test.ts"}},
		{"a Portuguese past removal", "Contagem prévia: 112, depois que Task 9 apagou `src/lib/access.test.ts`, 2 casos.", nil},
		{"twin: a Portuguese past creation", "Contagem prévia: 112, depois que Task 9 criou `src/lib/access.test.ts`, 2 casos.", []string{"evidence_file_missing src/lib/access.test.ts"}},
		{"never in a place, in Portuguese", "Todo teste fica no mesmo diretório do arquivo fonte. Jamais em `stories/` ou `e2e/` separados.", nil},
		{"twin: always in the place", "Todo teste fica no mesmo diretório. Sempre em `stories/` separados.", []string{"evidence_file_missing stories/"}},
	})
	runDriftCases(t, repo, "apps/promeia/CLAUDE.md", []driftCase{
		{"a line of a sibling package's file", "- `gerar_hooks` (porte de `GenerateHooks`, `client.go:5`)", nil},
		{"twin: a line that says something else", "- `gerar_hooks` (porte de `GenerateHooks`, `client.go:2`)", []string{"line_drift client.go:2"}},
	})
	runDriftCases(t, repo, "CLAUDE.md", []driftCase{
		{"a task log's suite sizes", "## Log\n\n- Task 1: `README.md` suite at 112 tests.\n- Task 2: `README.md` suite at 114 tests.\n- Task 3: `README.md` suite at 125 tests.\n- Task 4: `README.md` suite at 282 tests.\n- Task 5: `README.md` suite at 114 tests.", nil},
		{"twin: three values, one twice", "## Log\n\n- The `README.md` suite has 112 tests.\n- The `README.md` suite has 114 tests.\n- The `README.md` suite has 125 tests.\n- The `README.md` suite has 114 tests.", []string{"disagreement contradicted ", "disagreement contradicted "}},
	})
}
