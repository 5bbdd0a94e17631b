package engine_test

import "testing"

// TestHundredFortyEighthHoldoutClasses: the false rows of the hundred-and-forty-eighth holdout that
// were fixed, each beside a twin that stays a finding.
func TestHundredFortyEighthHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("go.mod", "module example.com/x\n\ngo 1.26.1\n")
	g.write("package.json", "{\"name\": \"x\", \"eslintConfig\": {\"extends\": \"react-app\"}}\n")
	g.write("internal/service/errors.go", "package service\n\nfunc NewCriticalError(err error) error { return err }\n\nfunc NewFatalError(err error) error { return err }\n")
	g.write("src/index.ts", "export {}\n")
	g.commit("2026-05-01T10:00:00Z", "init")
	// kubecloudscaler: the constructors moved to a shared package; the service keeps them as aliases
	g.write("internal/shared/errors.go", "package shared\n\nfunc NewCriticalError(err error) error { return err }\n")
	g.write("internal/service/errors.go", "package service\n\nimport \"example.com/x/internal/shared\"\n\nvar (\n\tNewCriticalError = shared.NewCriticalError\n)\n")
	g.commit("2026-05-02T10:00:00Z", "share the errors")
	g.gone("2026-05-03T10:00:00Z", "2026-05-04T10:00:00Z", "src/models.ts", "ts/.claude/settings.json", "src/hooks/a.ts")
	repo := g.open(t)

	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"a constructor kept as a grouped variable alias", "- `service.NewCriticalError(err)` wraps a failure that must not be retried", nil},
		{"twin: a constructor removed", "- `service.NewFatalError(err)` wraps a failure that must not be retried", []string{"symbol_removed service.NewFatalError()"}},
		// birdnet-go: the release that brought an API, named after it with words between
		{"a release after an emphasised API", "**Prefer `testing/synctest` over `time.Sleep()`** (Go 1.25)", nil},
		{"a release after an API and its use", "Use `t.Attr()` for test metadata (Go 1.25)", nil},
		{"a least release after a bold API", "**filepath.IsLocal()** - comprehensive path validation (Go 1.20+): it cleans paths", nil},
		{"twin: a stack in parentheses", "- The backend services (Go 1.25)", []string{"evidence_changed Go 1.25"}},
		// kubecloudscaler, trapperkeeper: a release's style and routing
		{"a release's style", "**Go 1.25+ Style** — Idiomatic Go, 140 char lines, `golangci-lint` v2.", nil},
		{"a release's routing", "| web framework | stdlib net/http handlers | Implementing middleware, Go 1.22+ routing |", nil},
		{"twin: a least release", "**Go 1.25+** — Idiomatic Go, 140 char lines, `golangci-lint` v2.", []string{"evidence_changed Go 1.25+"}},
		// deanmachines-volt: files named as the kind to avoid
		{"files named as the kind to avoid", "Avoid using intermediary files like `models.ts` or `providers.ts` unless necessary.", nil},
		{"twin: files named as the kind to keep", "Keep intermediary files like `models.ts` beside the agents.", []string{"evidence_file_missing models.ts"}},
		// mpu: Russian "old" and "vanished" before a name
		{"Russian: the old file", "Шум: заглушки в корне и старый `ts/.claude/settings.json`.", nil},
		{"Russian: the vanished file", "Скрипт всё ещё правит исчезнувший `ts/.claude/settings.json` — до его починки тумблер не работает.", nil},
		{"twin: Russian, the file", "Скрипт всё ещё правит `ts/.claude/settings.json` — до его починки тумблер не работает.", []string{"evidence_file_missing ts/.claude/settings.json"}},
		// AstraProjecta: a key of the manifest named by the file it would otherwise be
		{"a config held in package.json", "Follow the `eslint-config-react-app` ruleset (see `.eslintrc` in `package.json`).", nil},
		{"twin: the config file itself", "Follow the `eslint-config-react-app` ruleset (see `.eslintrc` beside `package.json`).", []string{"unanchored .eslintrc"}},
	})

	// yaya-calendar: directories a layout table calls empty
	runDriftCases(t, repo, "src/AGENTS.md", []driftCase{
		{"Chinese: a directory empty for now", "| 目录 | 说明 |\n|---|---|\n| `hooks/` | 自定义 React Hooks（当前为空） |", nil},
		{"twin: Chinese, a directory", "| 目录 | 说明 |\n|---|---|\n| `hooks/` | 自定义 React Hooks |", []string{"evidence_file_missing hooks/"}},
	})
}
