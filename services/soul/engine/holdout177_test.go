package engine_test

import (
	"testing"

	"github.com/organism-dev/organism/services/soul/engine"
)

// holdout177Repo is the fixture the hundred-and-seventy-seventh holdout's cases share: guard specs a
// commit deleted, a place the presets left, slide images the converter wrote and a commit removed.
func holdout177Repo(t *testing.T) engine.Repo {
	g := newGitFixture(t)
	g.write("package.json", "{}\n")
	g.write("src/app-nav.tsx", "export {}\n")
	g.write("src/web-standard-handlers.test.ts", "export {}\n")
	g.commit("2026-05-01T10:00:00Z", "init")
	g.gone("2026-05-02T10:00:00Z", "2026-05-03T10:00:00Z", "src/charter.test.ts", "src/shared-env.test.ts", "src/core/query-facade.test.ts", "src/core/package-scaffold.test.ts", "src/shell-source.test.ts", "src/h3-free.test.ts", "tools/eslint.js", "docs/images/slide_01.png", "docs/images/slide_02.png", "docs/decks/deck_01.md", "docs/decks/deck_02.md", "lib/fetch-cache.ts", "middleware.ts", "images/cover.png", "src/plugin-sdk-internal/index.ts", "modules/feature/types/feature.ts", "server/src/services/user.ts", "subagents/handoff.py", "plugin/hooks/hooks.json", "web/app.js", "AGENT.md", "src/utils/progressTracker.ts", "context_portal/notes.md", "Events/CustomerV1Key.g.cs", "Events/CustomerV1Value.g.cs", "src/native/addon.cc")
	g.write("web/js/01-state.js", "var state = {}\n")
	g.write("hooks/hooks.json", "{}\n")
	g.write("web/package.json", "{\n  \"devDependencies\": { \"turbo\": \"^2.10.11\" }\n}\n")
	g.write("src/renderer/src/stores/editorStore.ts", "export {}\n")
	g.write("src/renderer/src/stores/editorStore.test.ts", "export {}\n")
	g.write("src/renderer/src/workers/markdown.worker.ts", "export {}\n")
	g.write("src/renderer/src/stores/uiStore.ts", "export {}\n")
	g.write("src/renderer/src/components/src/stores/uiStore.ts", "export {}\n")
	g.write("src/main/src/stores/mainStore.ts", "export {}\n")
	g.write("src/renderer/src/components/editor/AGENTS.md", "# Editor\n")
	g.write("desktop/package.json", "{\n  \"devDependencies\": { \"electron\": \"^33.2.0\" }\n}\n")
	g.write("service/index.ts", "export {}\n")
	g.write("models/index.ts", "export {}\n")
	g.write("src/placed.rs", "pub struct PlacedBox {}\n\nimpl PlacedBox {\n    pub fn new() -> Self {\n        PlacedBox {}\n    }\n}\n")
	g.write("docs/mcp-server-configurator.md", "# MCP\n")
	g.write("docs/YNAB_MCP_TROUBLESHOOTING.md", "# YNAB\n")
	g.write("src/main/java/com/example/gateway/config/RouteConfig.java", "package com.example.gateway.config;\n")
	g.commit("2026-05-04T10:00:00Z", "the gateway's routes")
	g.git("tag", "v1.0.0")
	g.git("tag", "v1.1.0")
	return g.open(t)
}

// TestHundredSeventySeventhHoldoutClasses: the false rows of the hundred-and-seventy-seventh holdout that were
// fixed, each beside a twin that stays a finding.
func TestHundredSeventySeventhHoldoutClasses(t *testing.T) {
	repo := holdout177Repo(t)

	// wallow: a guard spec the prose says is gone, in the same sentence or the next
	runDriftCases(t, repo, "CLAUDE.md", []driftCase{
		{"used to and any verb", "`src/charter.test.ts` used to assert this by reading every shipped module's source, and it went with the guards.", nil},
		{"twin: the spec asserts it today", "`src/charter.test.ts` asserts this by reading every shipped module's source.", []string{"evidence_file_missing src/charter.test.ts"}},
		{"the next sentence says it is deleted", "`src/shared-env.test.ts` was the cross-app guard — it reached into all three\napps' source to assert the local copies were gone. It is deleted (`Wallow-xg9t.1`).", nil},
		{"twin: the next sentence says it runs", "`src/shared-env.test.ts` is the cross-app guard — it reaches into all three\napps' source to assert the local copies are gone. It is run by CI (`Wallow-xg9t.1`).", []string{"evidence_file_missing src/shared-env.test.ts"}},
		{"gone after a semicolon", "`src/charter.test.ts` pinned that by reading the manifest off disk; it is gone (`Wallow-xg9t.1`).", nil},
		{"twin: green after a semicolon", "`src/charter.test.ts` pins that by reading the manifest off disk; it is green (`Wallow-xg9t.1`).", []string{"evidence_file_missing src/charter.test.ts"}},
		{"gone in a parenthesis over a line break", "It strips line comments first. (`src/core/package-scaffold.test.ts` was a second reader; it\nis gone with the source-reading guards.)", nil},
		{"twin: a name the sentence's subject did not open", "`src/shell-source.test.ts` was the one disk-reading guard — it swept `src/missing-nav.tsx` for colours. It is deleted (`Wallow-xg9t.1`).", []string{"unverified unanchored src/missing-nav.tsx"}},
		{"a member used to be, and it and another are gone", "Growing one alone turns the other red.\n  `src/core/package-scaffold.test.ts`'s `COMPONENT_FOLDERS` used to be a third; it and\n  `src/core/query-facade.test.ts` are gone with the rest of the source-reading guards.", nil},
		{"a listed pair, both gone", "The two specs that used to restate it by regex, `src/core/query-facade.test.ts` and\n`src/core/package-scaffold.test.ts`, are both gone (`Wallow-xg9t.1`).", nil},
		{"twin: a listed pair, both green", "The two specs that restate it by regex, `src/core/query-facade.test.ts` and\n`src/core/package-scaffold.test.ts`, are both green (`Wallow-xg9t.1`).", []string{"evidence_file_missing src/core/query-facade.test.ts", "evidence_file_missing src/core/package-scaffold.test.ts"}},
		{"the spec it replaced", "The `src/h3-free.test.ts` it replaced grepped the source for the string `h3`.", nil},
		{"twin: the spec it runs", "The `src/h3-free.test.ts` it runs greps the source for the string `h3`.", []string{"evidence_file_missing src/h3-free.test.ts"}},
		{"a file not to add, after a script", "The route tree regenerates as a side effect of `vite dev` — never hand-edit it, and do not add a\n`routes:generate` script or `tsr.config.json`.", nil},
		{"a file not to add", "Never hand-edit the route tree, and do not add a `tsr.config.json`.", nil},
		{"twin: files to wire a handler into", "Do not add new hook handlers without also wiring them in `hooks/hooks.json` and `plugin/hooks/hooks.json`.", []string{"evidence_file_missing plugin/hooks/hooks.json"}},
		{"twin: a file to add", "Regenerate the route tree, and add a\n`routes:generate` script or `tsr.config.json`.", []string{"unverified unanchored tsr.config.json"}},
		{"deliberately not a generated file", "It is deliberately not a generated `theme.css` on disk — the root check runs first.", nil},
		{"twin: a generated file", "It is a generated `theme.css` on disk — the root check runs first.", []string{"unverified unanchored theme.css"}},
		{"kept somewhere briefly", "The presets were briefly kept under `tools/`, which has no manifest.", nil},
		{"twin: kept there today", "The presets are kept under `tools/`, which has no manifest.", []string{"evidence_file_missing tools/"}},
	})
	// methods-algorithms: a numbered series of names a list shows and closes with "etc."
	runDriftCases(t, repo, "docs/AGENTS.md", []driftCase{
		{"a numbered series closed by etc.", "- Verify PNG files are named `slide_01.png`, `slide_02.png`, etc.", nil},
		{"a numbered series closed by an ellipsis", "- Slide images: `slide_01.png`, `slide_02.png`, ... (zero-padded)", nil},
		{"twin: two numbered files, no etc.", "- The decks are `decks/deck_01.md` and `decks/deck_02.md`.", []string{"evidence_file_missing decks/deck_01.md", "evidence_file_missing decks/deck_02.md"}},
	})
	// crabfork: files in the publish repository (a place not to import from stays asserted: round 164's
	// pdf-form-Interaction-cams names a directory a rename took away, labelled true); SonOfSamuel1: a future layout
	runDriftCases(t, repo, "extensions/AGENTS.md", []driftCase{
		{"a place not to import from stays a name of the repository", "- Never import from `src/plugin-sdk-internal/` in client components.", []string{"evidence_file_missing src/plugin-sdk-internal/"}},
		{"files in the publish repository", "Translation memory lives in generated `docs/.i18n/*.tm.jsonl` files in the publish repo.", nil},
		{"twin: files in this repository", "Translation memory lives in generated `docs/.i18n/*.tm.jsonl` files in this repo.", []string{"unverified evidence_file_missing docs/.i18n/*.tm.jsonl"}},
	})
	runDriftCases(t, repo, "docs/CLAUDE.md", []driftCase{
		{"a future organization", "# Docs\n\n### Future Organization\n\nAs documentation grows, consider organizing into subdirectories:\n\n```\ndocs/\n├── CLAUDE.md                  # This file\n├── technical/                 # Technical guides\n│   ├── mcp-server-configurator.md\n│   └── YNAB_MCP_TROUBLESHOOTING.md\n```\n", []string{"unverified unanchored docs/technical/"}},
		{"twin: the organization", "# Docs\n\n### Organization\n\nThe documentation is organized into subdirectories:\n\n```\ndocs/\n├── CLAUDE.md                  # This file\n├── technical/                 # Technical guides\n│   ├── mcp-server-configurator.md\n│   └── YNAB_MCP_TROUBLESHOOTING.md\n```\n", []string{"evidence_file_missing docs/technical/"}},
	})
	// kolonie-platform, 2026-ebola-epi: a linked repository's files; a place for when a component ships
	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"files in a linked repository", "Read `MANIFEST.md`, `ARCHITECTURE.md` and `onboarding/academy.md` in\n[kolonie-docs](https://github.com/Kolonie-AI/kolonie-docs) for the domain this\ncode implements.", nil},
		{"twin: a file beside a linked page of this repository", "Read `MANIFEST.md` in [the guide](docs/guide.md) for the domain.", []string{"unanchored MANIFEST.md", "unanchored docs/guide.md"}},
		{"once shipped", "Once shipped, use the `<FigureWithSource>` wrapper from `components/figures/`.", nil},
		{"once shipped, over a line break", "- Every component receives\n  `sourceQuoteId: SourceQuoteId` as a required prop. Once shipped, use the\n  `<FigureWithSource>` wrapper from `components/figures/` — do not render\n  numbers without it.", nil},
		{"twin: no condition", "Use the `<FigureWithSource>` wrapper from `components/figures/`.", []string{"unverified unanchored components/figures/"}},
	})
}

// TestHundredSeventyEighthHoldoutClasses: the false rows of the hundred-and-seventy-eighth holdout that were
// fixed, and one of the hundred-and-seventy-seventh's, each beside a twin that stays a finding.
func TestHundredSeventyEighthHoldoutClasses(t *testing.T) {
	repo := holdout177Repo(t)

	// iguzman: what the app used to carry; a name set against the one to use
	runDriftCases(t, repo, "CLAUDE.md", []driftCase{
		{"what the app used to carry", "This app used to carry a `lib/fetch-cache.ts` that returned cached responses.", nil},
		{"twin: the passive of use", "This helper is used to read a `lib/fetch-cache.ts` that returns cached responses.", []string{"evidence_file_missing lib/fetch-cache.ts"}},
		{"never, after a spaced hyphen", "Use `package.json` at the app root - never `middleware.ts`.", nil},
		{"twin: named after a spaced hyphen", "Use `package.json` at the app root - then `middleware.ts`.", []string{"evidence_file_missing middleware.ts"}},
		{"a file that may be missing", "- `css/ml-theme.css` - For custom styling (if missing, uses default Reveal.js theme)", nil},
		{"twin: a file with a use", "- `css/ml-theme.css` - For custom styling (uses the Reveal.js theme)", []string{"unanchored css/ml-theme.css"}},
	})
	// PageIndex_Chat_UI-main: the files of a directory each document gets
	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"inside a template directory", "- `results/{doc_id}_{filename}/`: Per-document output — `metadata.json`, `structure.json` (tree), `images/` (rendered pages)", nil},
		{"twin: inside a plain directory", "- `results/`: Per-document output — `metadata.json`, `images/` (rendered pages)", []string{"unanchored results/", "evidence_file_missing images/"}},
	})
	// spring-gateway-lab: the packages a learning project takes as its default layout
	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"the layout to take as the default", "## 패키지 역할\n\n`src/main` 기준으로 아래 구조를 기본으로 삼는다.\n\n- `config/`: 보안, 라우트 설정\n- `filter/`: `GlobalFilter` 구현\n- `handler/`: 에러 처리\n", nil},
		{"the layout to take as the default, in English", "Use the layout below as the default for new code.\n\n- `filter/`: route filters\n- `handler/`: error handlers\n", nil},
		{"twin: the layout as it is", "## 패키지 역할\n\n`src/main` 기준으로 현재 구조는 다음과 같다.\n\n- `config/`: 보안, 라우트 설정\n- `filter/`: `GlobalFilter` 구현\n", []string{"unanchored filter/"}},
	})
}

// TestHundredSeventyNinthHoldoutClasses: the false rows of the hundred-and-seventy-ninth holdout that were
// fixed, each beside a twin that stays a finding.
func TestHundredSeventyNinthHoldoutClasses(t *testing.T) {
	repo := holdout177Repo(t)

	// fullstack-app-template: a naming table whose pattern escapes a bar; names never to use
	runDriftCases(t, repo, "client/AGENTS.md", []driftCase{
		{"an example column after an escaped bar", "# Guide\n\n## Naming Conventions\n\n| Type | Pattern | Example |\n|------|---------|---------|\n| Type | `[entity\\|action].ts` | `feature.ts`, `createFeature.ts` |\n", nil},
		{"twin: a path column after an escaped bar", "# Guide\n\n## Files\n\n| Type | Pattern | Path |\n|------|---------|---------|\n| Type | `[entity\\|action].ts` | `modules/feature/types/feature.ts` |\n", []string{"evidence_file_missing modules/feature/types/feature.ts"}},
		{"never, in Portuguese", "- Estrutura módulo: `modules/<feature>/{components,hooks,service,types}/`. **NUNCA** `server/src/services/`, **NUNCA** `schemas/`.", nil},
		{"twin: always, in Portuguese", "- Estrutura módulo: **SEMPRE** `server/src/services/`.", []string{"evidence_file_missing server/src/services/"}},
		{"never, over a list joined by ou", "- Estrutura flat: `modules/<feature>/<feature>.{controller,service,module}.ts`. **NUNCA** `controllers/` ou `server/src/services/` subfolder.", nil},
		{"twin: always, over a list joined by ou", "- Estrutura flat: **SEMPRE** `controllers/` ou `server/src/services/` subfolder.", []string{"evidence_file_missing server/src/services/"}},
		{"no list joined by ou", "NO `controllers/` ou `server/src/services/` subfolders. NO `entities/` folder.", nil},
		{"the wrong name beside the right one", "- `server/src/services/` (must be `service/`), `schemas/` (must be `models/`)", nil},
		{"twin: a name that must be present", "- `server/src/services/` (must be present), `schemas/` (must be typed)", []string{"evidence_file_missing server/src/services/"}},
	})
	// marketmind-ai, webernetes: other repositories' commits
	runDriftCases(t, repo, "apps/web/AGENTS.md", []driftCase{
		{"a column of pinned commits", "# Guide\n\n## Skills\n\n| Skill | Official source | Pinned commit |\n| --- | --- | --- |\n| `react-best-practices` | `vercel-labs/agent-skills/skills/react-best-practices` | repo commit `f8a72b9` |\n", nil},
		{"twin: a column of commits", "# Guide\n\n## Skills\n\n| Skill | Source | Commit |\n| --- | --- | --- |\n| `react-best-practices` | `skills/react-best-practices` | repo commit `f8a72b9` |\n", []string{"ref_missing f8a72b9"}},
		{"a checkout of another repository at a commit", "- A local checkout\n  of `kubernetes/kubernetes` at commit\n  `ecf6decece6a6de25a57aad9ba90b6ce580f6f78` is available at\n  `~/Developer/github.com/kubernetes/kubernetes` for reference.", nil},
		{"twin: this repository at a commit", "- The simulator was last synced at commit\n  `ecf6decece6a6de25a57aad9ba90b6ce580f6f78` for reference.", []string{"ref_missing ecf6decece6a6de25a57aad9ba90b6ce580f6f78"}},
	})
	// voxelheim-v2, jarvis: members that went with something; a tree torn down
	runDriftCases(t, repo, "CLAUDE.md", []driftCase{
		{"members that went with it", "The buffer kept the old slots; that went, and `PlacedBox::nearness` and `appearance::slots` went with it.", nil},
		{"twin: members that came with it", "The buffer keeps the slots; `PlacedBox::nearness` came with it.", []string{"unverified symbol_missing PlacedBox::nearness"}},
		{"what was once one file, in Korean", "**`web/js/` 파일의 로드 순서를 바꾸지 않는다** — 원래 `app.js` 한 파일이던 것을 줄 단위로 자른 것이다.", nil},
		{"twin: what one file is, in Korean", "**`web/js/` 파일의 로드 순서를 바꾸지 않는다** — `app.js` 한 파일을 줄 단위로 자른다.", []string{"evidence_file_missing app.js"}},
		{"a tree torn down", "- **Direct tools** — the `subagents/` tree was torn down in the 2026-05-20 rebuild and never restored.", nil},
		{"twin: a tree set up", "- **Direct tools** — the `subagents/` tree was set up in the 2026-05-20 rebuild.", []string{"evidence_file_missing subagents/"}},
	})
}

// TestHundredEightiethHoldoutClasses: the false rows of the hundred-and-eightieth holdout that were fixed,
// each beside a twin that stays a finding.
func TestHundredEightiethHoldoutClasses(t *testing.T) {
	repo := holdout177Repo(t)

	// skedular: Spec Kit's log of what each feature added
	runDriftCases(t, repo, ".github/copilot-instructions.md", []driftCase{
		{"a recent change", "# skedular Development Guidelines\n\n## Recent Changes\n\n- 023-astro-public-website: Added TypeScript 6.0.3, Astro static site, Turborepo 2.9.x; app-local tooling\n", nil},
		{"twin: the stack", "# skedular Development Guidelines\n\n## Stack\n\n- TypeScript 6.0.3, Astro static site, Turborepo 2.9.x; app-local tooling\n", []string{"evidence_changed Turborepo 2.9.x"}},
	})

	// web_message, flashcards: the older document a new one supersedes; sample names of a naming rule
	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"the older summary a guide supersedes", "Repository-specific guide for coding agents. It supersedes the older summary in `AGENT.md` with commands taken from the current code.", nil},
		{"twin: the summary a guide extends", "Repository-specific guide for coding agents. It extends the summary in `AGENT.md` with commands taken from the current code.", []string{"evidence_file_missing AGENT.md"}},
		{"a tag format", "- CI version: `-p:Version=$(GitTag)`; local fallback `0.1.0`. Tag format: `v1.2.3`.", nil},
		{"a tag format in a parenthesis", "It is git-tag driven (`-p:Version=$(GitTag)`, tag format `v1.2.3`) and packaged via Velopack.", nil},
		{"twin: a tag", "- The last release is tagged `v1.2.3`.", []string{"version_not_tagged v1.2.3"}},
		{"marked removed before its name", "- (removed) `context_portal/` — the old context store", nil},
		{"twin: marked kept before its name", "- (kept) `context_portal/` — the old context store", []string{"evidence_file_missing context_portal/"}},
		{"generated files not to check in", "- Do not check in protobuf-generated `*V1Key.g.cs` / `*V1Value.g.cs` files; those are build-time outputs under `obj/`.", nil},
		{"generated files not to reintroduce", "- Do not reintroduce checked-in protobuf-generated files such as `*V1Key.g.cs` or `*V1Value.g.cs` under `Events/`.", nil},
		{"twin: generated files to check in", "- Always check in protobuf-generated `Events/CustomerV1Key.g.cs` / `Events/CustomerV1Value.g.cs` files.", []string{"evidence_file_missing Events/CustomerV1Key.g.cs", "evidence_file_missing Events/CustomerV1Value.g.cs"}},
		{"a link its text calls an example", "| # | Name | Priority | Status |\n|---|------|----------|--------|\n| 1 | [Example Plan](01_example.md) | Medium | Planned |\n", nil},
		{"twin: a link to a plan", "| # | Name | Priority | Status |\n|---|------|----------|--------|\n| 1 | [Search Plan](01_search.md) | Medium | Planned |\n", []string{"unanchored 01_search.md"}},
		{"descriptive file names", "- Use descriptive file names: `progressTracker.ts`, `dateUtils.ts`", nil},
		{"twin: the files", "- The utilities: `src/utils/progressTracker.ts`, `src/utils/dateUtils.ts`", []string{"evidence_file_missing src/utils/progressTracker.ts"}},
	})
}

// TestHundredEightyFirstHoldoutClasses: the false rows of the hundred-and-eighty-first holdout that were
// fixed, each beside a twin that stays a finding.
func TestHundredEightyFirstHoldoutClasses(t *testing.T) {
	repo := holdout177Repo(t)

	// machodown: modules named as imports name them; a count of processes
	runDriftCases(t, repo, "src/renderer/src/components/editor/AGENTS.md", []driftCase{
		{"a module named without its extension", "- `src/stores/editorStore` — 탭 내용 읽기/쓰기", nil},
		{"a module with a dotted stem", "- `src/workers/markdown.worker` — 비동기 마크다운 변환", nil},
		{"twin: a module under two enclosing packages", "- `src/stores/uiStore` — 뷰 모드", []string{"evidence_file_missing src/stores/uiStore"}},
		{"twin: a module of a package beside the document's", "- `src/stores/mainStore` — 창 상태", []string{"evidence_file_missing src/stores/mainStore"}},
		{"twin: a module nowhere", "- `src/stores/tabStore` — 탭 목록", []string{"evidence_file_missing src/stores/tabStore"}},
	})
	// runner (round 166): a directory a commit renamed, beside a module of its name in another package
	g := newGitFixture(t)
	g.write("examples/app/src/http/router.ts", "export {}\n")
	g.write("examples/other/src/http.ts", "export {}\n")
	g.commit("2026-05-01T10:00:00Z", "init")
	g.git("mv", "examples/app/src/http", "examples/app/src/web")
	g.commit("2026-05-02T10:00:00Z", "rename http to web")
	runDriftCases(t, g.open(t), "examples/app/AGENTS.md", []driftCase{
		{"twin: a directory a commit renamed, beside another package's module of its name", "## Repo Orientation\n\n- HTTP: `src/http`\n", []string{"evidence_file_missing src/http"}},
	})
	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"named, but removed", "No `pages/` dir — entire app is a single workbench shell. `src/native/` referenced in README but removed — do not use.", nil},
		{"twin: named, but renamed", "No `pages/` dir — entire app is a single workbench shell. `src/native/` referenced in README but renamed — see there.", []string{"evidence_file_missing src/native/"}},
	})
	runDriftCases(t, repo, "desktop/AGENTS.md", []driftCase{
		{"a count of processes", "Electron 3-process 아키텍처(main, preload, renderer)의 모든 소스 코드를 담는 루트 디렉토리.", nil},
		{"twin: a version", "Electron 3 아키텍처(main, preload, renderer)의 모든 소스 코드를 담는 루트 디렉토리.", []string{"evidence_changed Electron 3"}},
	})
}
