package engine_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/organism-dev/organism/services/soul/engine"
)

// holdout163Repo is the fixture the hundred-and-sixty-third to hundred-and-sixty-ninth holdouts' cases share: the
// repository and its checkout's directory name.
func holdout163Repo(t *testing.T) (engine.Repo, string) {
	g := newGitFixture(t)
	g.write("pnpm-workspace.yaml", "packages:\n  - apps/*\n  - packages/*\n")
	g.write("apps/web/package.json", "{}\n")
	g.write("src/scene.ts", "export const a = 1\n"+strings.Repeat("// shape\n", 128))
	g.write("backend/domain/README.md", "# domain\n")
	g.write("Dockerfile", "FROM scratch\n")
	g.write("requirements.txt", "langgraph==1.2.6\n")
	g.write("templates/rules/coding-style.md", "# style\n")
	g.write("templates/rules/testing.md", "# testing\n")
	g.write("templates/rules/testing.ts", "export {}\n")
	g.write("src/store/mapStore.ts", "import x from 'y'\n\nexport const useMapStore = 1\n")
	g.write("lib/data/data.md", "# data\n")
	g.write("tests/admin.test.ts", strings.Repeat("// t\n", 747))
	g.write("tests/admin-integration.test.ts", strings.Repeat("// t\n", 506))
	g.write("src/quality/validator.ts", "export const v = 1\n")
	g.write("src/quality/index.ts", "export * from './validator.js'\n")
	g.write("skills/README.md", "# skills\n")
	g.write("skills/kag/SKILL.md", "# kag\n")
	g.write("src/content/config.ts", "export const c = 1\n")
	g.write("crates/core/Cargo.toml", "[package]\n")
	g.write("package.json", "{\n  \"scripts\": {\n    \"tauri-dev\": \"tauri dev\"\n  },\n  \"devDependencies\": {\n    \"@tauri-apps/cli\": \"^2.10.1\"\n  }\n}\n")
	g.write("scripts/migrate.ts", "export {}\n")
	g.write("src/web/components/Sidebar.tsx", "export {}\n")
	g.write("src/components/ui/button.tsx", "export {}\n")
	g.write("plugins/Bridge/Source/Bridge/Bridge.Build.cs", "using UnrealBuildTool;\n")
	g.write("src/web/components/chat/ChatPanel.tsx", "export {}\n")
	g.commit("2026-05-01T10:00:00Z", "init")
	g.gone("2026-05-02T10:00:00Z", "2026-05-03T10:00:00Z", "opencode.json", "go.mod", "backend/application/Service.java", "packages/shared/index.ts", "lib/src/relevance.dart", "internal/cache/cache.py", ".agents/skills/kag/SKILL.md", "src/entry-client.tsx", "docs/adr/0001.md", "crates/api/Cargo.toml")
	return g.open(t), filepath.Base(g.root)
}

// TestHundredSixtyThirdHoldoutClasses: the false rows of the hundred-and-sixty-third to hundred-and-sixty-fifth
// holdouts that were fixed, each beside a twin that stays a finding.
func TestHundredSixtyThirdHoldoutClasses(t *testing.T) {
	repo, _ := holdout163Repo(t)

	// tastyhouse: a heading whose code span keeps angle brackets
	runDriftCases(t, repo, "backend/CLAUDE.md", []driftCase{
		{"a code span's angle brackets in a heading", "# Rules\n\n- See [the rule](#paging-rule-paginationresponset).\n\n## Paging rule (`PaginationResponse<T>`)\n\nText.\n", nil},
		{"a code span's angle brackets leading a heading", "# Rules\n\n- See [listeners](#ctxlistener--event-listeners).\n\n## `<ctx>/listener/` — event listeners\n\nText.\n", nil},
		{"twin: a heading no longer there", "# Rules\n\n- See [the rule](#paging-rule-pageresponset).\n\n## Paging rule (`PaginationResponse<T>`)\n\nText.\n", []string{"evidence_changed #paging-rule-pageresponset"}},
	})
	// tastyhouse: a Korean sentence that opens "in the past"
	runDriftCases(t, repo, "backend/AGENTS.md", []driftCase{
		{"Korean: in the past, a name after a word", "- **과거 core의 `application/` 계층은 해체**되어, 도메인당 CQRS 쌍으로 놓인다.", nil},
		{"Korean: in the past, a name after another name", "- 설정은 이 모듈이 소유한다(과거 `core-module`의 `application/`이었다가 이동).", nil},
		{"Korean: a clause turned to now", "- 과거에는 달랐지만 현재 `application/` 계층이 조회를 맡는다.", []string{"evidence_file_missing application/"}},
		{"Korean: a clause turned to later", "- 과거에는 유지했으나, 이후 `application/`에 마이그레이션을 추가했습니다.", []string{"evidence_file_missing application/"}},
		{"Korean: a source cited in an aside", "- 과거에는 점진 전환(Strangler Fig, `md/CLEAN.md`)이었다.", []string{"unverified unanchored md/CLEAN.md"}},
		{"Korean: a destination", "- 과거 `domain/`에서 `application/`로 옮겼다.", []string{"evidence_file_missing application/"}},
		{"twin: no past", "- `application/` 계층이 조회 서비스를 소유한다.", []string{"evidence_file_missing application/"}},
	})
	// moss-meditation, pitch: a workspace manifest's patterns, quoted
	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"workspace globs kept for later", "- The `packages/*` workspace globs are retained as scaffolding for future workspaces.", nil},
		{"workspace glob patterns", "- **pnpm-workspace.yaml**: Workspace glob patterns `apps/*`, `packages/*` for the monorepo.", nil},
		{"twin: a workspace glob the manifest lacks", "- The `servers/*` workspace globs are retained as scaffolding.", []string{"unverified evidence_file_missing servers/*"}},
		{"twin: the same glob, said to hold packages", "- Shared libraries live in `packages/*`.", []string{"evidence_file_missing packages/*"}},
		{"a version's number counting layers", "- `requirements.txt` feeds a LangGraph 5-layer pipeline.", nil},
		{"twin: a version", "- `requirements.txt` runs on LangGraph 5.", []string{"evidence_changed LangGraph 5"}},
	})
	// twitch-notifier: a list in parentheses that does not exist; Eyas (round 153): the user's file, named as it was
	runDriftCases(t, repo, "docs/AGENTS.md", []driftCase{
		{"a list in parentheses that does not exist", "- `Dockerfile` is stale — references Go build artifacts (`go.mod`/`make build`) that don't exist; ignore it.", nil},
		{"the user's file, gone from history, stays a finding", "- Logic for parsing the user's `opencode.json` (e.g., `get-config.ts`).", []string{"evidence_file_missing opencode.json"}},
		{"twin: a list that exists", "- The build reads (`go.mod`) at startup.", []string{"evidence_file_missing go.mod"}},
	})
	// Cuentas_SiKNess: a list under a heading of removed scripts, in Spanish; Bobmoo_Android: Korean "is empty"
	runDriftCases(t, repo, "scripts/AGENTS.md", []driftCase{
		{"a list under a removed heading", "# Scripts\n\n## 🗑️ Scripts Obsoletos Eliminados (Issue #53)\n\n- `promote_migration.sh` → Usar directorio único `migrations/`\n", nil},
		{"twin: a list under a heading of scripts", "# Scripts\n\n## Scripts principales\n\n- `promote_migration.sh` → Usar directorio único `apps/`\n", []string{"unverified unanchored promote_migration.sh"}},
		{"Korean: a directory that is empty", "- CI 워크플로우 없음 — `.github/workflows/` 비어있음. 빌드 자동화 미구축", nil},
		{"Korean: a directory currently empty, in parentheses", "- `hooks/` (현재 비어 있음)", nil},
		{"twin: Korean, a directory that holds the workflows", "- CI 워크플로우 — `.github/workflows/` 에 있음.", []string{"unverified unanchored .github/workflows/"}},
	})
	// ultrapower: a path without its extension
	runDriftCases(t, repo, "src/hooks/AGENTS.md", []driftCase{
		{"a path without its extension", "- `templates/rules/coding-style` — 编码风格规范", nil},
		{"twin: a directory beside a file of its stem", "- `templates/rules/coding-style/` — 编码风格规范", []string{"unanchored templates/rules/coding-style/"}},
		{"twin: a stem no file has", "- `templates/rules/security` — 安全规则", []string{"evidence_file_missing templates/rules/security"}},
	})
	// aoa-agents: a repository copy not to recreate; fastapi-backend: Chinese "avoid"; gather_companion: both gone
	runDriftCases(t, repo, "skills/AGENTS.md", []driftCase{
		{"a repository copy not to recreate", "- Global exposure comes only through the OS user profile. Do not recreate a\n  repository `.agents/skills` copy of globally installed bundles.", nil},
		{"twin: a repository copy kept", "- Global exposure comes only through the OS user profile. Keep a\n  repository `.agents/skills` copy of globally installed bundles.", []string{"evidence_file_missing .agents/skills"}},
		{"Chinese: avoid a file", "- 按业务域拆文件，避免单个 `cache.py` 堆成巨石。", nil},
		{"twin: Chinese, use a file", "- 按业务域拆文件，使用单个 `cache.py` 存放。", []string{"evidence_file_missing cache.py"}},
		{"both gone, the next sentence", "- There was an on-phone store and a `relevance.dart` classifier. Both are gone; the feed reads live.", nil},
		{"twin: both kept", "- There is an on-phone store and a `relevance.dart` classifier. Both are kept.", []string{"evidence_file_missing relevance.dart"}},
	})
	// tiger-slide-sp: a coding agent's directories; Teck.Monorepo: a cell that marks its row planned
	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"an agent's directory, never committed", "| Path | Role |\n|---|---|\n| `.omc/` | OMC 계획, 세션, 상태 파일을 포함합니다. |", nil},
		{"twin: a tool's directory the repository would track", "| Path | Role |\n|---|---|\n| `.husky/` | Git hooks. |", []string{"unanchored .husky/"}},
		{"a description, then planned", "| Package | Role |\n|---|---|\n| `tsconfig/` | Shared TypeScript configs — *planned* (root config suffices for now) |", nil},
		{"twin: a description alone", "| Package | Role |\n|---|---|\n| `tsconfig/` | Shared TypeScript configs |", []string{"unanchored tsconfig/"}},
	})
	// tessera: each of two things in a file is under a size
	runDriftCases(t, repo, "src/AGENTS.md", []driftCase{
		{"each part's size", "- They're co-located in `scene.ts` because (a) both are < 100 lines, (b) the scene is the unit.", nil},
		{"twin: the file's size", "- `scene.ts` is < 100 lines.", []string{"size_drift scene.ts"}},
	})
	// Metorite: "until" a date told as history
	runDriftCases(t, repo, "apps/AGENTS.md", []driftCase{
		{"a pronoun and a past verb before until", "- `apps/web/package.json` names the state (it rendered `pending` with no marker at all until 2026-04-11).", nil},
		{"a subject and a past verb after until", "- One mechanism. *(Until 2026-04-11 the move gate's fence grepped the literal call in `apps/web/package.json`.)*", nil},
		{"twin: a present verb after until", "- *(Until 2026-04-11 the fence in `apps/web/package.json` is disabled.)*", []string{"expired "}},
		{"twin: a rule until a date", "- The gate in `apps/web/package.json` holds until 2026-04-11.", []string{"expired "}},
	})
}

// TestHundredSixtySixthHoldoutClasses: the false rows of the hundred-and-sixty-sixth to hundred-and-sixty-ninth
// holdouts that were fixed, each beside a twin that stays a finding.
func TestHundredSixtySixthHoldoutClasses(t *testing.T) {
	repo, checkout := holdout163Repo(t)

	// BSSM-Map-React-Native: line one of a file; dialog-survey: a count after the name it follows
	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"line one names the file", "| `useMapStore` | zustand | `src/store/mapStore.ts:1` | Floor state |", nil},
		{"twin: line one in words", "- **State**: `src/store/mapStore.ts` line 1 - `useMapStore` hook", []string{"line_drift src/store/mapStore.ts:1"}},
		{"twin: a line past the file's end", "| `useMapStore` | zustand | `src/store/mapStore.ts:40` | Floor state |", []string{"line_drift src/store/mapStore.ts:40"}},
		{"a count after its name, another name after it", "| Admin | `tests/admin.test.ts` (747 lines), `tests/admin-integration.test.ts` | UI tests |", nil},
		{"twin: the count wrong for the name it follows", "| Admin | `tests/admin-integration.test.ts` (747 lines), `tests/admin.test.ts` | UI tests |", []string{"size_drift tests/admin-integration.test.ts"}},
		{"each of several things has the size", "- **[validator.ts](./src/quality/validator.ts)**: Exports `FRAMES` (36-element string array). Each frame is a 6-line × 16-char ASCII art ring.", nil},
	})
	// Meal-Tracker-Flutter: an import line written from the root in a nested AGENTS.md
	runDriftCases(t, repo, "lib/AGENTS.md", []driftCase{
		{"an import from the root in an AGENTS.md", "# Lib\n\n@./lib/data/data.md\n", nil},
		{"twin: an import no place has", "# Lib\n\n@./lib/data/gone.md\n", []string{"unanchored @./lib/data/gone.md"}},
	})
	runDriftCases(t, repo, "lib/CLAUDE.md", []driftCase{
		{"twin: an import from the root in a CLAUDE.md, which Claude Code reads from its own place", "# Lib\n\n@./lib/data/data.md\n", []string{"evidence_file_missing @./lib/data/data.md"}},
	})
	// aoa-evals: a name filed as history; the repository's own name before a path; a re-export's module
	runDriftCases(t, repo, "mechanics/AGENTS.md", []driftCase{
		{"a name filed as historical", "- Treat `mechanics/titan-canaries/` as historical vocabulary that maps back to active topology.", nil},
		{"twin: a name filed as current", "- Treat `mechanics/titan-canaries/` as the active topology.", []string{"unverified unanchored mechanics/titan-canaries/"}},
		{"the repository's own name first", "- This card applies to the canonical `" + checkout + "/skills/` home.", nil},
		{"twin: another name first", "- This card applies to the canonical `aoa-other/skills/` home.", []string{"unverified unanchored aoa-other/skills/"}},
	})
	runDriftCases(t, repo, "src/quality/AGENTS.md", []driftCase{
		{"a re-export by its compiled name", "- **[index.ts](./index.ts)** — Re-exports `checkPhantomPaths` validator from `./validator.js`.", nil},
		{"twin: a module named by a compiled name, no import", "- The validator lives in `./validator.js`.", []string{"evidence_file_missing ./validator.js"}},
	})
	// pickyouragent-dev: an editor's file:line link written from the root; starrupture-planner: "Missing";
	// Telescope: not part of the workspace, the workspace's globs; ALiX: "when they exist"
	runDriftCases(t, repo, "src/agents/AGENTS.md", []driftCase{
		{"an editor's link from the root", "- [`src/content/config.ts`](src/content/config.ts:1) - Content collection schema definitions", nil},
		{"twin: a plain link from the root", "- [`src/content/config.ts`](src/content/config.ts) - Content collection schema definitions", []string{"evidence_file_missing src/content/config.ts"}},
		{"a clause that opens with Missing", "- Missing `src/entry-client.tsx` (TanStack Start requirement)", nil},
		{"a list after Missing", "- Missing entry files: `src/entry-client.tsx`, `src/entry-server.tsx` (create these to enable SSR)", nil},
		{"twin: a file said to be the entry", "- Entry: `src/entry-client.tsx` (TanStack Start requirement)", []string{"evidence_file_missing src/entry-client.tsx"}},
		{"not part of the workspace", "- `crates/api` is not part of the workspace.", nil},
		{"twin: part of the workspace", "- `crates/api` is part of the workspace.", []string{"evidence_file_missing crates/api"}},
		{"read when they exist", "- Read `docs/adr/` when they exist; proceed silently if absent.", nil},
		{"twin: read them", "- Read `docs/adr/` before each change.", []string{"evidence_file_missing docs/adr/"}},
	})
	runDriftCases(t, repo, ".github/copilot-instructions.md", []driftCase{
		{"the pnpm workspace's globs", "- pnpm workspace: `apps/*`, `packages/*`", nil},
	})
	// CQUPT_Raft: files an agent must not read; Cork: a hook's name standing for any
	runDriftCases(t, repo, "src/hooks/AGENTS.md", []driftCase{
		{"a list of files not to read", "## 规则\n\n- 禁止读取：\n  - `opencode.json`\n  - `README.md`\n", nil},
		{"twin: a list of files to read", "## 规则\n\n- 必须读取：\n  - `opencode.json`\n", []string{"evidence_file_missing opencode.json"}},
		{"a hook's stand-in name", "- **`ui/useX.ts`** — UI-infra hooks. Generic DOM helpers.", nil},
		{"twin: a hook's name", "- **`ui/useDrag.ts`** — UI-infra hooks. Generic DOM helpers.", []string{"unanchored ui/useDrag.ts"}},
	})
	// Desk-Pet: pnpm runs a dependency's command where no script has the name; munny: compiled to a name
	runDriftCases(t, repo, "desk/AGENTS.md", []driftCase{
		{"a scope's cli package's command", "```bash\npnpm tauri dev\n```\n", nil},
		{"twin: npm runs scripts only", "```bash\nnpm run tauri dev\n```\n", []string{"unverified evidence_changed npm run tauri"}},
		{"compiled to a name", "- `scripts/migrate.ts` is compiled to `scripts/migrate.js` during the build stage using `esbuild`.", nil},
		{"twin: a name said to run as is", "- `scripts/migrate.js` runs the migrations.", []string{"evidence_file_missing scripts/migrate.js"}},
	})
	// 081-system-test: the directory a recipe has the reader make
	runDriftCases(t, repo, "web/AGENTS.md", []driftCase{
		{"a new page's directory", "| Task | Where |\n|---|---|\n| Add new page | `src/pages/NewPage/index.tsx` + lazy route |", nil},
		{"twin: a page's directory", "| Task | Where |\n|---|---|\n| Edit the home page | `src/pages/HomePage/index.tsx` |", []string{"unanchored src/pages/HomePage/index.tsx"}},
	})
	// qwik-speak-demo: a new component's directory; repo-dashboard: a commit given as an example
	runDriftCases(t, repo, "web/AGENTS.md", []driftCase{
		{"a new component's directory", "| Task | Where |\n|---|---|\n| Add component | `components/NewComponent/` | `index.tsx` |", nil},
		{"a commit as an example", "- This caused the API to be called with the wrong commit (e.g., `0d262bdaada827cbea02ec159ae2516940ec0c82`).", nil},
		{"twin: a commit cited", "- The fix landed in `0d262bdaada827cbea02ec159ae2516940ec0c82`.", []string{"ref_missing 0d262bdaada827cbea02ec159ae2516940ec0c82"}},
	})
	// tetrastack: a heading that recommends its tree
	runDriftCases(t, repo, "src/lib/AGENTS.md", []driftCase{
		{"a recommended structure's heading", "# Lib\n\n### Recommended Project Structure\n\n```\nsrc/\n└── components/\n    └── ui/\n        └── Button.tsx\n```\n", []string{"unverified unanchored src/components/ui/Button.tsx"}},
		{"twin: the project's structure", "# Lib\n\n### Project Structure\n\n```\nsrc/\n└── components/\n    └── ui/\n        └── Button.tsx\n```\n", []string{"evidence_file_missing src/components/ui/Button.tsx"}},
	})
	// uemcp: a compound ending named alone; vscode-graph-agent-opencode: Chinese "must not form"
	runDriftCases(t, repo, "plugins/Bridge/AGENTS.md", []driftCase{
		{"a compound ending", "- Build configuration is version-aware: keep `Build.cs` feature probes when adding engine modules.", nil},
		{"twin: an ending no file has", "- Target configuration: keep `Target.cs` feature probes.", []string{"unverified unanchored Target.cs"}},
		{"Chinese: must not form a file", "- helper 必须按单一职责命名，禁止重新形成 `cache.py` 杂物箱。", nil},
	})
	// biq-analytics: a tree the text suggests
	runDriftCases(t, repo, "src/web/AGENTS.md", []driftCase{
		{"a tree the text suggests", "# Web\n\nPlace them in `components/`. If a component is large, consider a subdirectory:\n\n```\ncomponents/\n  Sidebar.tsx\n  ChatPanel/\n    ChatPanel.tsx\n```\n", []string{"unverified unanchored components/ChatPanel/"}},
		{"twin: a tree the text says is there", "# Web\n\nThe components directory:\n\n```\ncomponents/\n  Sidebar.tsx\n  ChatPanel/\n    ChatPanel.tsx\n```\n", []string{"evidence_file_missing components/ChatPanel/"}},
	})
}
