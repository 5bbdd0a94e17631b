package engine_test

import "testing"

// TestTwoHundredThirteenthHoldoutClasses: the false rows of the two-hundred-and-thirteenth holdout that
// were fixed, each beside a twin that stays a finding.
func TestTwoHundredThirteenthHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("package.json", `{"name":"app"}`+"\n")
	g.write("docker-compose.yaml", "services: {}\n")
	g.write(".github/workflows/tests.yaml", "on: push\n")
	g.write("docs/SESSION_LOG.md", "# log\n")
	g.write("services/auth/api/openapi.yaml", "openapi: 3.1.0\n")
	g.write("apps/backend/src/main/resources/application.yml", "server: {}\n")
	g.commit("2026-06-01T10:00:00Z", "init")
	g.remove("services/auth/api/openapi.yaml")
	g.commit("2026-06-02T10:00:00Z", "move the contract to packages/contracts")
	repo := g.open(t)

	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		// zenv-sh: a package marked as future
		{"a package marked future", "- `packages/vite-plugin/` — @zenv/vite-plugin (future).", nil},
		{"twin: a package with a note", "- `packages/vite-plugin/` — @zenv/vite-plugin (beta).", []string{"unanchored packages/vite-plugin/"}},
		// MCP-Contable: a file named on the condition it exists
		{"Spanish: if it exists", "Infra de Odoo: `docs/ODOO.md` (si existe) o las notas de memoria.", nil},
		{"twin: the file named plainly", "Infra de Odoo: `docs/ODOO.md` o las notas de memoria.", []string{"unverified unanchored docs/ODOO.md"}},
		// tokenmp: an English order over a Chinese verb of putting back
		{"do not put it back, in two languages", "**DO NOT** 将 API 契约放回 `services/auth/api/`——唯一权威副本在 `package.json`。", nil},
		{"twin: the folder named as the contract's home", "API 契约在 `services/auth/api/`。", []string{"evidence_file_missing services/auth/api/"}},
		// new-engine: YAML's other ending
		{"the other YAML ending", "Always sync: `package.json`, `docker-compose.yml`.", nil},
		{"twin: a full path with the other ending", "Update `.github/workflows/tests.yml` when adding a test project.", []string{"evidence_file_missing .github/workflows/tests.yml"}},
		{"twin: a YAML file with neither ending", "Always sync: `package.json`, `compose.override.yml`.", []string{"unverified unanchored compose.override.yml"}},
	})
	// ai-adolescent-mental-health-platform: profile files the environment supplies
	runDriftCases(t, repo, "apps/backend/AGENTS.md", []driftCase{
		{"Chinese: not committed", "- Profile 配置：`application-dev.yml`、`application-test.yml` 等不提交，由 CI/CD 环境变量替代。", nil},
		{"twin: Chinese, named as kept", "- Profile 配置：`application-dev.yml`、`application-test.yml` 与 `application.yml` 同目录。", []string{"unverified unanchored application-dev.yml"}},
	})
}
