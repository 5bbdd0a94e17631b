package engine_test

import "testing"

// TestHundredFortyThirdHoldoutClasses: the false rows of the hundred-and-forty-third holdout that were
// fixed, each beside a twin that stays a finding.
func TestHundredFortyThirdHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("deploy/compose/base.yml", "services: {}\n")
	g.write("src/main.ts", "export {}\n")
	g.gone("2026-05-01T10:00:00Z", "2026-05-02T10:00:00Z", "src/shared/block-text-generator.tsx", "src/CadPointCloudEditor.jsx",
		"docker-compose.staging-a.yml", "src/prompts/a.ts", "src/mocks/a.ts", ".claude/review-rules.md")
	repo := g.open(t)

	runDriftCases(t, repo, "CLAUDE.md", []driftCase{
		// second_edition_spellbook
		{"an import of Claude Code's personal file", "## Local Status\n\n@CLAUDE.local.md", nil},
		{"twin: an import of a shared file", "## Local Status\n\n@CLAUDE.shared.md", []string{"unanchored @CLAUDE.shared.md"}},
		// takdizang
		{"Korean: a name a dash says was deleted", "`src/shared/block-text-generator.tsx` — **삭제됨** (AI 생성 탭으로 통합)", nil},
		{"twin: Korean, a name a dash describes", "`src/shared/block-text-generator.tsx` — **텍스트 생성기** (AI 생성 탭)", []string{"evidence_file_missing src/shared/block-text-generator.tsx"}},
		// web-cad
		{"a row that notes its file is missing", "| File | Use |\n|---|---|\n| `src/CadPointCloudEditor.jsx` | Main React component (file missing — likely generated) |", nil},
		{"twin: a row that describes its file", "| File | Use |\n|---|---|\n| `src/CadPointCloudEditor.jsx` | Main React component (the editor) |", []string{"evidence_file_missing src/CadPointCloudEditor.jsx"}},
		// base
		{"files the sentence calls obsolete", "Root `docker-compose.staging-*.yml` overrides are **obsolete** — use `deploy/compose/` only.", nil},
		// Resumex
		{"Portuguese: directories a colon calls empty", "- `src/prompts`, `src/mocks`: diretórios legados vazios; não coloque código novo neles.", nil},
		{"a directory a dash calls empty", "The loader reads `src/prompts` — an empty directory for now.", nil},
		{"twin: a directory a dash describes", "The loader reads `src/prompts` — the directory of prompts.", []string{"evidence_file_missing src/prompts"}},
		// aid4u
		{"Polish: a file removed in the migration", "nie czytał `.claude/review-rules.md` (stary dom R1-R8, usunięty przy tej migracji) — to", nil},
		{"Polish: a table moved from a file", "Tabela przeniesiona z `.claude/review-rules.md` (kontrakt wyjściowy dawnego skilla).", nil},
		{"twin: Polish, a file to read", "Czytaj `.claude/review-rules.md` przed przeglądem.", []string{"evidence_file_missing .claude/review-rules.md"}},
	})
}
