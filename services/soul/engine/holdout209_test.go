package engine_test

import "testing"

// TestTwoHundredNinthHoldoutClasses: the false rows of the two-hundred-and-ninth holdout that were fixed,
// each beside a twin that stays a finding.
func TestTwoHundredNinthHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("package.json", `{"name":"app","dependencies":{"tailwindcss":"^4.1.0","vue":"^3.5.35"}}`+"\n")
	g.write("pyproject.toml", "[project]\nname = \"api\"\nrequires-python = \">=3.12,<3.13\"\ndependencies = [\"fastapi==0.136.1\"]\n")
	g.write("src/Repo.kt", "class Repo {\n    fun today(): Int = 1\n    fun week(): Int = 7\n}\n")
	g.write("src/threshold.ts", "export function load() {\n  const a = 1\n  const b = 2\n  const threshold = auto ? 0.75 : undefined\n  const c = 3\n  const d = 4\n  check(0.75)\n}\n")
	g.write("cli/internal/readme/readme.go", "package readme\n")
	g.write("cli/internal/model/model.go", "package model\n")
	g.write("cli/main.go", "package main\n")
	g.write(".githooks/pre-commit", "#!/bin/sh\n")
	g.write("extensions/hello/widget.tsx", "export default {}\n")
	g.write("extensions/hello/server.ts", "export const actions = {}\n")
	g.write("firmware/car-controller/servo.h", "#pragma once\n")
	g.write("firmware/car-controller/motor.h", "#pragma once\n")
	g.commit("2026-06-01T10:00:00Z", "init")
	g.git("mv", "firmware/car-controller", "firmware/car_controller")
	g.commit("2026-06-07T10:00:00Z", "rename the firmware folder")
	g.remove("extensions/hello/server.ts")
	g.remove("cli/internal/readme/readme.go")
	g.remove("cli/internal/model/model.go")
	g.remove(".githooks/pre-commit")
	g.write("src/Repo.kt", "class Repo {\n}\n")
	g.write("src/OldRepo.kt", "// fun today(): Int = 1, commented out until the assignments return\n")
	g.commit("2026-06-10T10:00:00Z", "comment out today(); drop week(); drop readme and model; drop the sample server")
	g.remove("firmware/car_controller/servo.h")
	g.commit("2026-06-19T10:00:00Z", "drop the servo")
	repo := g.open(t)

	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		// esp-smart-car: a dated log's upgrade record and bare names of its day
		{"an upgrade's arrow", "### 2026-06-07 - upgrades\n\n- **TailwindCSS v3 → v4**: config moved to CSS.\n- **Vue 3.4 → 3.5.35**: faster.", nil},
		{"twin: a version stated as today's", "- **TailwindCSS v3**: config in JS.", []string{"evidence_changed TailwindCSS v3"}},
		{"a bare name the log's day had in another folder", "### 2026-06-13 - fixes\n\n- `servo.h` — duty computed in 64 bits", nil},
		{"twin: a bare name gone before the log's day", "### 2026-06-13 - fixes\n\n- `motor_old.h` — pins moved", []string{"unverified unanchored motor_old.h"}},
		// agrosat-copilot: the language's version written beside the framework
		{"the runtime's version beside the framework", "- Backend: FastAPI 3.12, PostgreSQL 15, Redis.", nil},
		{"twin: a framework version that is no runtime's", "- Backend: FastAPI 2.1, PostgreSQL 15, Redis.", []string{"evidence_changed FastAPI 2.1"}},
		// syllago: a cell that says removed in parentheses
		{"a row whose cell says removed in parentheses", "| Package | Role |\n|---|---|\n| `cli/internal/readme` | *(removed)* |", nil},
		{"twin: a row that gives a role", "| Package | Role |\n|---|---|\n| `cli/internal/model` | data types |", []string{"evidence_file_missing cli/internal/model"}},
		// isaac-cli and studious-octo-invention: none there
		{"French: no such folder", "Note : pas de `cli/src/core/tracing/` — la CLI ne duplique rien.", nil},
		{"none of a kind, the glob in parentheses", "No API route handlers (`src/app/api/**`). The device owns the API.", nil},
		{"twin: the folder named as there", "Note : le traçage vit dans `cli/src/core/tracing/`.", []string{"unverified unanchored cli/src/core/tracing/"}},
		// whitecoffee: code a comment keeps
		{"a method that is commented out", "14. **Daily assignments COMMENTED OUT** — `Repo.today()` and `Task` class are commented.", nil},
		{"twin: a method a commit deleted", "14. **Daily totals** — `Repo.week()` sums the week.", []string{"symbol_removed Repo.week()"}},
		// ADQ-protocolo: a rule on who may change a path the repository has not made yet
		{"a protected path not made yet", "### Protected Files (Requires Human Approval)\n\n| File/Path | Why |\n|---|---|\n| `package.json` | Build |\n| `.github/workflows/` | CI/CD |", nil},
		{"twin: a protected file history removed", "### Protected Files (Requires Human Approval)\n\n| File/Path | Why |\n|---|---|\n| `package.json` | Build |\n| `cli/internal/model/model.go` | Types |", []string{"evidence_file_missing cli/internal/model/model.go"}},
		{"twin: the path named as there", "### Continuous integration\n\n| File/Path | Why |\n|---|---|\n| `package.json` | Build |\n| `.github/workflows/` | CI/CD |", []string{"unanchored .github/workflows/"}},
		// isaac-cli: the value stated right before the hint is on the cited line
		{"the stated value on the cited line", "- **Auto-condense**: threshold 0.75 (`src/threshold.ts:4`), `check(..., 0.75)`.", nil},
		{"twin: a value the cited line lacks", "- **Auto-condense**: threshold 0.90 (`src/threshold.ts:4`), `check(..., 0.75)`.", []string{"line_drift src/threshold.ts:4"}},
	})
	// baby-menu: the files each extension of a placeholder folder may have
	runDriftCases(t, repo, "extensions/AGENTS.md", []driftCase{
		{"a file each extension may have, named again later", "## Extension Shape\n\nEach extension lives in its own directory under `<extension-id>/`.\n\n- `widget.tsx` - the entry module.\n- `server.ts` for privileged server actions.\n\n## Server Actions\n\nExport an `actions` object from `server.ts`.", nil},
		{"twin: a dot-folder in a list beside a placeholder folder", "## Layout\n\n- `.githooks/`, `.github/` — git and CI configuration (committed)\n- `harness-adapters/<harness>/` — one adapter per harness (committed)", []string{"evidence_file_missing .githooks/"}},
		{"twin: the files of the one folder the section names", "## Extension Shape\n\nEach extension lives under `extensions/<name>/`. The only one is `extensions/hello/`.\n\n| File | Role |\n|---|---|\n| `widget.tsx` | entry |\n| `server.ts` | actions |", []string{"evidence_file_missing server.ts"}},
		{"twin: a file of a section with no placeholder folder", "## Server Actions\n\nExport an `actions` object from `server.ts`.", []string{"evidence_file_missing server.ts"}},
	})
}
