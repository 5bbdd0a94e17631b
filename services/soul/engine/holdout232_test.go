package engine_test

import "testing"

// TestTwoHundredThirtySecondHoldoutClasses: the false rows of the two-hundred-and-thirty-second holdout
// that were fixed, each beside a twin that stays a finding.
func TestTwoHundredThirtySecondHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("frontend/tsconfig.json", "{}\n")
	g.write("hooks/stop.hooks.json", "{}\n")
	g.write("docs/v3/index.md", "# v3\n")
	g.write("packages/server/article/article-api.controller.ts", "export {}\n")
	g.write("src/AssetHub.Application/Messages/CreateAsset.cs", "class CreateAsset {}\n")
	g.write("src/AssetHub.Domain/Asset.cs", "class Asset {}\n")
	g.write("src/Billing.Domain/Asset.cs", "class Asset {}\n")
	g.gone("2026-05-01T10:00:00Z", "2026-05-02T10:00:00Z", "backend/server.ts", "WorkbenchApp.tsx", ".github/hooks/stop.json",
		"api.controller.ts", "Controllers/HomeController.cs", "docs/02-ROADMAPS/plan.md", "src/components/a.ts", "src/store/b.ts",
		"docs/prd/a.md", ".github/workflows/ci.yml")
	repo := g.open(t)

	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		// diegobarbosa-os: a place said not to be there
		{"no legacy folder", "1. **FSD is mandatory** — All code in `docs/v3/`. No legacy `backend/` folder.", nil},
		{"twin: the legacy folder kept", "1. **FSD is mandatory** — All code in `docs/v3/`. Server code in the `backend/` folder.", []string{"evidence_file_missing backend/"}},
		// Data-Analysis-Agent: Korean, a configuration's excluded globs and a file not to assume
		{"globs a configuration excludes, Korean", "- `frontend/tsconfig.json`은 `src/components/**/*`와 `src/store/**/*`를 TS 검사에서 제외한다.", nil},
		{"twin: globs it includes, Korean", "- `frontend/tsconfig.json`은 `src/components/**/*`와 `src/store/**/*`를 TS 검사에 포함한다.", []string{"evidence_file_missing src/components/**/*", "evidence_file_missing src/store/**/*"}},
		{"a file not to assume, Korean", "- `WorkbenchApp.tsx`가 있다고 가정하지 않는다.", nil},
		{"twin: a file to open, Korean", "- `WorkbenchApp.tsx`를 먼저 연다.", []string{"evidence_file_missing WorkbenchApp.tsx"}},
		// github-copilot-fc: where a script publishes
		{"a place files are published to", "- **Hook files**: authored in `hooks/`, published to `.github/hooks/`.", nil},
		{"twin: a place files are kept in", "- **Hook files**: authored in `hooks/`, kept in `.github/hooks/`.", []string{"evidence_file_missing .github/hooks/"}},
		// freyja: a name's ending
		{"a name's ending, written with its hyphen", "1. **模块结构**: 每个功能模块包含 `-api.controller.ts` (公开接口)", nil},
		{"twin: the name itself", "1. **模块结构**: 每个功能模块包含 `api.controller.ts` (公开接口)", []string{"evidence_file_missing api.controller.ts"}},
		// wine-rating-system: a folder said to be empty
		{"the folder is empty", "- **No REST API**: The `Controllers/` folder is empty — services are injected directly", nil},
		{"a folder intentionally empty", "- **No REST API**: `Controllers/` is intentionally empty; the UI injects services", nil},
		{"twin: the folder holds the API", "- **REST API**: The `Controllers/` folder holds the API — services are injected directly", []string{"evidence_file_missing Controllers/"}},
		// SteeringLLM: an agent's scope
		{"globs an agent may not change", " - Cannot modify: `docs/prd/**`, `.github/workflows/**`", nil},
		{"twin: globs an agent reads", " - Reads: `docs/prd/**`, `.github/workflows/**`", []string{"evidence_file_missing docs/prd/**", "evidence_file_missing .github/workflows/**"}},
		// SampleMind-AI---Beta: a stale place and its replacement
		{"stale, with the place to use instead", "> **Important:** `docs/02-ROADMAPS/` is stale/legacy; use `docs/v3/` instead.", nil},
		{"twin: stale, nothing instead", "> **Important:** `docs/02-ROADMAPS/` is stale/legacy.", []string{"evidence_file_missing docs/02-ROADMAPS/"}},
		// AssetHub: a .NET project's layer written alone
		{"a project's layer by its last name", "- Commands/events defined in `Application/Messages/`.", nil},
		{"twin: a layer two solutions have", "- Entities defined in `Domain/Asset.cs`.", []string{"unanchored Domain/Asset.cs"}},
	})
}
