package engine_test

import "testing"

// TestHundredTenthHoldoutClasses: the false rows of the hundred-and-tenth holdout that were fixed, each
// beside a twin that stays drift.
func TestHundredTenthHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("README.md", "# x\n")
	g.write("package.json", `{"devDependencies":{"eslint":"^9.0.0"}}`+"\n")
	g.write("adr/003-hooks-vs-prompts.md", "# ADR 3\n")
	g.write("services/ec2.py", "def get_auto_scaling_checks():\n    pass\n")
	g.write("scripts/warmup_cache.py", "x = 1\n")
	g.write("supabase/migrations/20260520_calc.sql", "select 1;\n")
	g.write("network.py", "x = 1\n")
	g.commit("2026-05-01T10:00:00Z", "app")
	g.remove("scripts/warmup_cache.py")
	g.remove("supabase/migrations/20260520_calc.sql")
	g.commit("2026-05-02T10:00:00Z", "cleanup")
	repo := g.open(t)
	runDriftCases(t, repo, "CONTRIBUTING.md", []driftCase{
		{"a branching model's prefix column", "| Prefixo | Origem | Destino |\n|---|---|---|\n| `feature/` | `develop` | `develop` |", nil},
		{"twin: a folder column", "| Pasta | Origem | Destino |\n|---|---|---|\n| `feature/` | `develop` | `develop` |", []string{"unanchored feature/"}},
	})
	runDriftCases(t, repo, "CLAUDE.md", []driftCase{
		{"a count of lint errors", "- ✅ `README.md` — refatorado 2026-05-19. TSC 0 erros, ESLint 0.", nil},
		{"twin: a lint version", "- Lint with ESLint 8 over `README.md`.", []string{"evidence_changed ESLint 8"}},
		{"a numbered record by its number", "| Config | `adr/003` explains the design |", nil},
		{"twin: a number no record opens", "| Config | `adr/004` explains the design |", []string{"evidence_file_missing adr/004"}},
		{"a module's member", "| `network.py` | ASG via `services/ec2.get_auto_scaling_checks`. |", nil},
		{"twin: a member of no module", "| `network.py` | ASG via `services/ec3.get_auto_scaling_checks`. |", []string{"unverified evidence_file_missing services/ec3.get_auto_scaling_checks"}},
		{"removed after a spaced hyphen", "- `scripts/warmup_cache.py` - **Removed** (deleted during the Ray→Ollama migration); no cache-warmup script currently exists", nil},
		{"twin: renamed after a spaced hyphen", "- `scripts/warmup_cache.py` - **Renamed** during the migration", []string{"evidence_file_missing scripts/warmup_cache.py"}},
		{"deleted from the repo, in Portuguese", "Migration `supabase/migrations/20260520_calc.sql` nunca foi aplicada em prod e foi DELETADA do repo em 2026-05-21.", nil},
		{"twin: kept in the repo, in Portuguese", "Migration `supabase/migrations/20260520_calc.sql` foi aplicada em prod e fica no repo.", []string{"evidence_file_missing supabase/migrations/20260520_calc.sql"}},
	})
}
