package engine_test

import "testing"

// TestHundredFiftySecondHoldoutLeftClasses: false rows the hundred-and-fifty-second holdout left, fixed a
// session later, each beside a twin that stays a finding.
func TestHundredFiftySecondHoldoutLeftClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("package.json", "{\"scripts\": {\"tauri:build\": \"tauri build\"}}\n")
	g.write("frontend/src/proxy.ts", "export {}\n")
	g.write("src/components/panel.tsx", "export {}\n")
	g.commit("2026-05-01T10:00:00Z", "init")
	g.gone("2026-05-02T10:00:00Z", "2026-05-03T10:00:00Z", "scripts/install-local.mjs", "install-local.mjs", "daily/2026-05-01.json",
		"frontend/src/middleware.ts")
	repo := g.open(t)

	// deepseek-harness-hub: Chinese "was deleted along with …", words between 已随 and the verb
	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"Chinese: deleted along with the shell", "**原则**：WebView2 时代的 npm launcher / 桌面快捷方式 / `install-local.mjs` 装配链路已随壳层整体删除（launcher 家族）。", nil},
		{"Chinese: two names deleted along with the shell", "**现状**：`npm run install:local` 与 `scripts/install-local.mjs` 已随 WebView2 壳删除（package.json 无该 script）。", nil},
		{"twin: Chinese, kept along with the shell", "**原则**：`install-local.mjs` 装配链路随壳层整体保留。", []string{"evidence_file_missing install-local.mjs"}},
		{"twin: Chinese, deleted along with the shell, then named again", "`npm run install:local` 已随 WebView2 壳删除；安装用 `scripts/install-local.mjs`。", []string{"evidence_file_missing scripts/install-local.mjs"}},
	})
	// travel-risk: leftovers called vestigial; markpost: a framework's deprecated file and its replacement
	runDriftCases(t, repo, "frontend/AGENTS.md", []driftCase{
		{"vestigial leftovers", "There are no daily artifacts in the current model; any remaining directories named `daily/` are vestigial and can be ignored.", nil},
		{"twin: leftovers that are read", "Each run writes the day's artifacts; the directories named `daily/` are read by the report.", []string{"evidence_file_missing daily/"}},
		{"a deprecated file, its replacement in the next sentence", "`middleware.ts` is **deprecated** in Next.js 16. The file convention is now `proxy.ts`.", nil},
		{"twin: a deprecated file with no replacement", "`middleware.ts` is **deprecated** in Next.js 16. Keep auth checks there.", []string{"evidence_file_missing middleware.ts"}},
	})
	// Thai-acc: a walkthrough's new-module and new-resource stand for the reader's own
	runDriftCases(t, repo, "src/app/AGENTS.md", []driftCase{
		{"a walkthrough's new module", "**Create Component** ([`src/components/new-module/new-module-component.tsx`](../components/new-module/new-module-component.tsx)):", nil},
		{"a walkthrough's new resource", "**Create API Routes** ([`src/app/api/new-resource/route.ts`](api/new-resource/route.ts)):", nil},
		{"twin: a new- directory of the project", "**Panel** ([`src/components/new-ui/panel.tsx`](../components/new-ui/panel.tsx)):", []string{"unanchored ../components/new-ui/panel.tsx"}},
	})
	// dateandtime-api-v2: a commit of a branch the sentence says was discarded
	runDriftCases(t, repo, "CLAUDE.md", []driftCase{
		{"a commit of a discarded branch", "**TODO-1:** Port the better error UX from discarded `feature/complete-swagger-ui` branch (commit a61d5d5 on develop before discard).", nil},
		{"twin: a commit said to be on develop", "**TODO-1:** The better error UX landed in commit a61d5d5 on develop.", []string{"ref_missing a61d5d5"}},
	})
}

// TestHundredFiftyThirdHoldoutClasses: the false rows of the hundred-and-fifty-third holdout that were
// fixed, each beside a twin that stays a finding.
func TestHundredFiftyThirdHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("src/shared/browser/index.ts", "export {}\n")
	g.write("src/app/globals.css", "body {}\n")
	g.write("src/backend/encoder.rs", "fn a() {}\nfn b() {}\nfn c() {}\n// NewObj is encoded here\nfn d() {}\n")
	g.write("src/relay/handlers/image.ts", "export {}\n")
	g.write("src/services/extraction.ts", "export {}\n")
	g.write("crates/cli/src/lib.rs", "pub fn run() {}\n")
	g.commit("2026-05-01T10:00:00Z", "init")
	g.gone("2026-05-02T10:00:00Z", "2026-05-03T10:00:00Z", "src/lib/stores/a.ts", "src/shared/nostr/gateway.ts", "crates/cli/src/foo/mod.rs",
		"crates/cli/src/args.rs", "crates/cli/src/app.rs")
	repo := g.open(t)

	// Resonote: Japanese "deleted" (削除済み) after a name, and a name called retired
	runDriftCases(t, repo, "CLAUDE.md", []driftCase{
		{"Japanese: deleted, after a particle", "- `src/lib/stores/` は削除済み。UI-support runtime ownership は `src/shared/browser/index.ts` に置く。", nil},
		{"Japanese: deleted, after a colon", "- `src/lib/stores/`: 削除済み", nil},
		{"twin: Japanese, in use", "- `src/lib/stores/` は使用中。", []string{"evidence_file_missing src/lib/stores/"}},
		{"a name called retired", "- Do not add new references to retired `gateway.ts` or its former `$shared/nostr/gateway.js` path.", nil},
		{"twin: a name to reference", "- Add new references to `gateway.ts` when a module needs the relay.", []string{"evidence_file_missing gateway.ts"}},
	})
	// Grading: a table's directory marked "(empty)"; meeting-notes: a directory that is a placeholder
	runDriftCases(t, repo, "src/AGENTS.md", []driftCase{
		{"a directory marked empty", "| Path | Purpose |\n|---|---|\n| `hooks/` | (empty) reserved for shared React hooks |", nil},
		{"a directory a placeholder", "| Path | Purpose |\n|---|---|\n| `search/` | Search components (placeholder for future FTS5 UI) |", nil},
		{"twin: a directory with a purpose", "| Path | Purpose |\n|---|---|\n| `hooks/` | shared React hooks (one per file) |", []string{"unanchored hooks/"}},
	})
	// Bottus: a tree under a phase of a modularization plan
	runDriftCases(t, repo, "src/relay/AGENTS.md", []driftCase{
		{"a tree under a plan's phase: unverified, not drift", "## MODULARIZATION PLAN\n\n### Phase 2: Extract Handlers (Medium Risk)\n\n```\nsrc/relay/handlers/\n├── image.ts         # ComfyUI image generation\n└── extraction.ts    # Extraction flow\n```\n", []string{"unverified unanchored src/relay/handlers/extraction.ts"}},
		{"twin: a tree under a layout heading", "## Handlers layout\n\n### Extracted handlers\n\n```\nsrc/relay/handlers/\n├── image.ts         # ComfyUI image generation\n└── extraction.ts    # Extraction flow\n```\n", []string{"evidence_file_missing src/relay/handlers/extraction.ts"}},
	})
	// axon: a file never to use, and the modules a split aims for
	runDriftCases(t, repo, "crates/cli/src/CLAUDE.md", []driftCase{
		{"a file never to use", "### Module Layout\n\n**Never use `mod.rs`.** Use the Rust 2018+ file-per-module layout.", nil},
		{"twin: a file to use", "### Module Layout\n\n**Use `mod.rs`.** Keep one module per directory.", []string{"evidence_file_missing mod.rs"}},
		{"the modules a split aims for", "| Area | Owns |\n|---|---|\n| `lib.rs` | entrypoints |\n| clap args / render | parser tree (target modules `app.rs`/`args.rs`/`render.rs`) |", nil},
		{"twin: the modules that hold it", "| Area | Owns |\n|---|---|\n| `lib.rs` | entrypoints |\n| clap args / render | parser tree (modules `app.rs`/`args.rs`) |", []string{"evidence_file_missing app.rs", "evidence_file_missing args.rs"}},
	})
	// quazistrap: where fixed code was before
	runDriftCases(t, repo, "src/backend/AGENTS.md", []driftCase{
		{"a line range where code was before", "Previously at `encoder.rs:1-2`, unimplemented opcodes (`NewObj`) were silently skipped.", nil},
		{"twin: a line range where code is", "At `encoder.rs:1-2`, unimplemented opcodes (`NewObj`) are silently skipped.", []string{"line_drift encoder.rs:1-2"}},
	})
}

// TestGoQualifiedName: "`pkg/k8s/types.DefaultDebounceInterval`" (the hundred-and-fifty-third holdout's
// haproxy template controller) is a Go package's path and a name it defines, in a const block or a
// declaration of its own; a name the package does not define stays a finding.
func TestGoQualifiedName(t *testing.T) {
	g := newGitFixture(t)
	g.write("pkg/k8s/types/types.go", "package types\n\nimport \"time\"\n\nconst (\n\t// DefaultDebounceInterval waits for changes to settle.\n\tDefaultDebounceInterval = 5 * time.Second\n)\n\nfunc NewWatcher() Watcher { return Watcher{} }\n\ntype Watcher struct{}\n")
	g.commit("2026-05-01T10:00:00Z", "init")
	repo := g.open(t)
	runDriftCases(t, repo, "pkg/controller/CLAUDE.md", []driftCase{
		{"a name in a const block", "The default interval is defined in `pkg/k8s/types.DefaultDebounceInterval` (5s).", nil},
		{"a type declared alone", "Watchers are built from `pkg/k8s/types.Watcher`.", nil},
		{"twin: a name the package lacks", "The default interval is defined in `pkg/k8s/types.DefaultInterval` (5s).", []string{"evidence_file_missing pkg/k8s/types.DefaultInterval"}},
		{"twin: a name only in another's declaration", "Watchers are built from `pkg/k8s/types.NewWatch`.", []string{"unverified evidence_file_missing pkg/k8s/types.NewWatch"}},
	})
}

// TestBuildTargetVersion: "**构建目标**: Node.js 18" (build target: the hundred-and-fifty-third holdout's
// openskills) is the version a bundler emits for, below the engines' least on purpose; a runtime target
// and a plain stack line stay compared with the manifest.
func TestBuildTargetVersion(t *testing.T) {
	g := newGitFixture(t)
	g.write("package.json", "{\"name\": \"x\", \"engines\": {\"node\": \">=20.6.0\"}}\n")
	g.commit("2026-05-01T10:00:00Z", "init")
	repo := g.open(t)
	runDriftCases(t, repo, ".github/CLAUDE.md", []driftCase{
		{"Chinese: a build target", "### Node.js 支持策略\n- **最低版本**: 20.6.0\n- **构建目标**: Node.js 18", nil},
		{"a compile target", "- **Compile target**: Node.js 18", nil},
		{"twin: a runtime target", "- **Target runtime**: Node.js 18", []string{"evidence_changed Node.js 18"}},
		{"twin: the stack", "- **Runtime**: Node.js 18", []string{"evidence_changed Node.js 18"}},
	})
}

// TestHundredFiftyFourthHoldoutClasses: the false rows of the hundred-and-fifty-fourth holdout that were
// fixed, each beside a twin that stays a finding.
func TestHundredFiftyFourthHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("src/stores/session.ts", "export function getNextSessionNumber() { return 1 }\n")
	g.commit("2026-05-01T10:00:00Z", "init")
	g.write("src/stores/session.ts", "export function getNextSessionNumber() { return 1 }\nexport function countSessions() { return 0 }\n")
	g.commit("2026-05-02T10:00:00Z", "count")
	g.write("src/stores/session.ts", "export function getNextSessionNumber() { return 1 }\n")
	g.write("wireframes/screens/Home.tsx", "export {}\n")
	g.write("modules/monitoring/domain/check.go", "package domain\n")
	g.commit("2026-05-03T10:00:00Z", "drop count")
	g.gone("2026-05-04T10:00:00Z", "2026-05-05T10:00:00Z", "wireframes/screens/Profile.tsx", "wireframes/screens/Explore.tsx",
		"modules/monitoring/infrastructure/consumer/kafka.go", "modules/monitoring/infrastructure/kafka/consumer.go")
	repo := g.open(t)

	// iterminal: a function the reader must not use, in English and in Chinese
	runDriftCases(t, repo, "src/stores/AGENTS.md", []driftCase{
		{"Chinese: don't use a function", "- **Don't** 使用 `countSessions()` 生成会话名称 - 会产生重复，使用 `getNextSessionNumber()`", nil},
		{"don't use a function", "- **Don't** use `countSessions()` to name sessions - use `getNextSessionNumber()`", nil},
		{"twin: use a function", "- **Do** use `countSessions()` to size the pane - and `getNextSessionNumber()` to name it", []string{"symbol_removed countSessions()"}},
	})
	// designflow-storyboard: file names beside the ids a rule derives from them
	runDriftCases(t, repo, "wireframes/AGENTS.md", []driftCase{
		{"names beside their derived ids", "6. **File → ID mapping**: the screen ID is the **lowercase filename** without `.tsx`. `Profile.tsx` → `profile`, `PullRequest.tsx` → `pullrequest`. Use this exact ID in `flows.ts`.", nil},
		{"twin: a name beside its new name", "6. **Renames**: `Profile.tsx` → `Account.tsx`; update `flows.ts`.", []string{"evidence_file_missing Profile.tsx"}},
		{"twin: a name beside another id", "6. **Entry**: `Explore.tsx` → `home` is the first screen.", []string{"evidence_file_missing Explore.tsx"}},
	})
	// pulzifi-back: a directory said to exist but be empty
	runDriftCases(t, repo, "modules/monitoring/CLAUDE.md", []driftCase{
		{"a directory that exists but is empty", "- `infrastructure/consumer/` exists but is empty (Kafka consumer placeholder)", nil},
		{"a directory, a dash, exists but empty", "- `infrastructure/kafka/` — exists but empty (Kafka consumer placeholder)", nil},
		{"twin: a directory that exists", "- `infrastructure/consumer/` exists and holds the Kafka consumer", []string{"evidence_file_missing infrastructure/consumer/"}},
	})
}

// TestHundredFiftyThirdHoldoutChinese: lynx's Chinese ban on generic file names and "v3 replaces v2's
// `wails.json`", each beside a twin that stays a finding.
func TestHundredFiftyThirdHoldoutChinese(t *testing.T) {
	g := newGitFixture(t)
	g.write("app/desktop/Taskfile.yml", "version: '3'\n")
	g.write("app/desktop/build/config.yml", "x: 1\n")
	g.commit("2026-05-01T10:00:00Z", "init")
	g.gone("2026-05-02T10:00:00Z", "2026-05-03T10:00:00Z", "app/desktop/wails.json", "core/impl.go")
	repo := g.open(t)
	runDriftCases(t, repo, "app/desktop/CLAUDE.md", []driftCase{
		{"Chinese: a ban's parenthesis", "- **没有 Java 味**：禁空白后缀类型名（`Impl` / `Service`）、禁泛文件名（`impl.go` 等）、禁 builder 链。", nil},
		{"twin: Chinese, a parenthesis of what is there", "- **核心**：实现文件（`impl.go` 等）放在 core。", []string{"evidence_file_missing impl.go"}},
		{"Chinese: what a release replaces", "- **开发**：构建编排在 `Taskfile.yml` + `build/`（v3 取代 v2 的 `wails.json`），走 CLI 自带的 task runner。", nil},
		{"twin: Chinese, what a release reads", "- **开发**：构建编排在 `Taskfile.yml` + `build/`（v3 读取 `wails.json`），走 CLI 自带的 task runner。", []string{"evidence_file_missing wails.json"}},
	})
}

// TestHundredFiftyFifthHoldoutClasses: the false rows of the hundred-and-fifty-fifth holdout that were
// fixed, each beside a twin that stays a finding.
func TestHundredFiftyFifthHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("src/functions/a.ts", "export {}\n")
	g.write("metrics/README.md", "# metrics\n")
	g.commit("2026-05-01T10:00:00Z", "init")
	g.gone("2026-05-02T10:00:00Z", "2026-05-03T10:00:00Z", "server-functions/a.ts", "metrics/flow.json")
	repo := g.open(t)

	// clarivum: the files jobs will write into the directory a lead-in names
	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"what jobs will write into a directory", "## Metrics agents compute\n\nSchedule jobs or run local scripts to populate `metrics/`:\n\n- `metrics/flow.json`: PR lead time, review latency\n- `metrics/quality.json`: change failure rate", nil},
		{"twin: what a directory holds", "## Metrics agents compute\n\nThe snapshots in `metrics/`:\n\n- `metrics/flow.json`: PR lead time, review latency\n- `metrics/README.md`: how they are read", []string{"evidence_file_missing metrics/flow.json"}},
		// study-app: Portuguese "not" in a parenthesis sets the place against the old one
		{"Portuguese: not the old place", "Server functions em `src/functions/` (não `server-functions/`); queries D1 modulares.", nil},
		{"twin: Portuguese, the old place too", "Server functions em `src/functions/` (e `server-functions/`); queries D1 modulares.", []string{"evidence_file_missing server-functions/"}},
	})
}

// TestHundredFiftySixthHoldoutClasses: the false rows of the hundred-and-fifty-sixth holdout that were
// fixed, each beside a twin that stays a finding.
func TestHundredFiftySixthHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("go.mod", "module example.com/lint\n\ngo 1.25.5\n")
	g.write("src/features/auth/handler.rs", "fn h() {}\n")
	g.write("src/lib/server/forms.ts", "export {}\n")
	g.commit("2026-05-01T10:00:00Z", "init")
	g.gone("2026-05-02T10:00:00Z", "2026-05-03T10:00:00Z", "src/services/auth.rs", "init/templates/a.md", "integrations/openclaw/projects/a.md",
		"src/routes/login/+page.server.ts", "exports/ai_nouns.json", "share/mcp/proof.json", "docs/hints/a.md",
		"apps/app/src/libs/ui-kit/icons/a.tsx", "src/components/character-card.tsx")
	repo := g.open(t)

	// ktn-linter: the release that brought a feature, noted after the feature
	runDriftCases(t, repo, "pkg/analyzer/modernize/CLAUDE.md", []driftCase{
		{"a struct tag's release", "| Analyzer | Rule |\n|---|---|\n| omitzero | Use `omitzero` struct tag (Go 1.24) |", nil},
		{"a loop form's release", "| Analyzer | Rule |\n|---|---|\n| bloop | Use range-over-int loops (Go 1.22) |", nil},
		{"a release's best practices", "Analyze generic functions and types for proper constraint usage and Go 1.18+ best practices.", nil},
		{"twin: the project's stack", "| Part | Stack |\n|---|---|\n| linter | The analyzers (Go 1.22) |", []string{"evidence_changed Go 1.22"}},
	})
	// basic-memory: a list under a recommended structure
	runDriftCases(t, repo, "integrations/openclaw/CLAUDE.md", []driftCase{
		{"a list under a recommended structure", "### Organizational Patterns\n\n**Recommended folder structure**:\n- `projects/` - Project-specific documentation\n- `decisions/` - Important decisions and rationale\n", nil},
		{"twin: a recommended layout of what exists", "### Structure\n\nRecommended folder layout (existing content relocated here):\n- `projects/` - Project-specific documentation\n- `decisions/` - Important decisions and rationale\n", []string{"evidence_file_missing projects/", "unanchored decisions/"}},
		{"twin: a list under the structure", "### Organizational Patterns\n\n**Folder structure**:\n- `projects/` - Project-specific documentation\n- `decisions/` - Important decisions and rationale\n", []string{"evidence_file_missing projects/", "unanchored decisions/"}},
	})
	// auto-flow and prism: "No separate `x`", "No layer-first `x`"
	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"no separate tree", "Templates are copied verbatim into client projects. No separate `init/templates/` tree — the assets are the source.", nil},
		{"no layer-first buckets", "- **Rust services:** features live under `src/features/<name>/`. No layer-first `services/` buckets.", nil},
		{"twin: a separate tree", "Templates are copied into client projects from the separate `init/templates/` tree.", []string{"evidence_file_missing init/templates/"}},
	})
	// Gemantria: what an agent or a script writes, and what a command generates
	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"a card's Writes label", "#### 2. AI-Noun Discovery Agent\n- **Purpose:** Discovers nouns\n- **Writes:** `exports/ai_nouns.json` (schema `gemantria/ai-nouns.v1`)", nil},
		{"a Writes lead-in over a list", "The proof script validates the snapshot.\n\nWrites:\n\n- `share/mcp/proof.json` (structured JSON)\n", nil},
		{"twin: a Keeps label", "#### 2. AI-Noun Discovery Agent\n- **Purpose:** Discovers nouns\n- **Keeps:** `exports/ai_nouns.json` (schema `gemantria/ai-nouns.v1`)", []string{"evidence_file_missing exports/ai_nouns.json"}},
		{"files a command generates", "- **Docs**: `pmagent hints export` generates `docs/hints/*.md`.", nil},
		{"twin: files a command reads", "- **Docs**: `pmagent hints export` reads `docs/hints/*.md`.", []string{"evidence_file_missing docs/hints/*.md"}},
	})
	// epanet-js: the place something will become; nexusVTT: a sample of a naming rule in parentheses
	runDriftCases(t, repo, "apps/AGENTS.md", []driftCase{
		{"what a place will become", "- Lucide icons are imported from `src/lib/server/forms.ts` today (will become `apps/app/src/libs/ui-kit/icons/`).", nil},
		{"twin: what a place became", "- Lucide icons are imported from `src/lib/server/forms.ts` and `apps/app/src/libs/ui-kit/icons/`.", []string{"evidence_file_missing apps/app/src/libs/ui-kit/icons/"}},
		{"a naming rule's sample", "- Files: kebab-case for components (`character-card.tsx`), camelCase for utilities (`assetManager.ts`).", nil},
		{"twin: a component's file", "- Files: the card component (`character-card.tsx`) renders the sheet.", []string{"evidence_file_missing character-card.tsx"}},
	})
}

// TestHundredFiftySeventhHoldoutClasses: the false rows of the hundred-and-fifty-seventh holdout that were
// fixed, each beside a twin that stays a finding.
func TestHundredFiftySeventhHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("experiments/param_sweep/.gitkeep", "")
	g.write("experiments/sweep/ema_sweep.csv", "a,b\n")
	g.write("go.mod", "module example.com/bot\n\ngo 1.26.4\n")
	g.write("package.json", "{\"name\": \"x\", \"engines\": {\"node\": \">=26.2.0\"}}\n")
	g.write("src/components/Book/PageFlip3D.tsx", "export {}\n")
	g.write("src/views/index.vue", "<template/>\n")
	g.write("tests/determinismGate.test.ts", "export {}\n")
	g.commit("2026-05-01T10:00:00Z", "init")
	g.gone("2026-05-02T10:00:00Z", "2026-05-03T10:00:00Z", "experiments/sweep/old_best.json", "src/components/Book/PageFlip.tsx",
		"src/layout/a.vue", "src/static/a.png", "scripts/deno-verify/a.ts", "vite.sim.config.ts")
	repo := g.open(t)

	// nautilus_binance_v2: results a run writes into a directory git keeps empty
	runDriftCases(t, repo, "experiments/AGENTS.md", []driftCase{
		{"a result in a directory kept empty", "## Key Files\n\n| File | Description |\n|---|---|\n| `param_sweep/ema_pullback_atr_BTCUSDT_best.json` | Best parameter set for BTCUSDT |", nil},
		{"twin: a result in a directory with files", "## Key Files\n\n| File | Description |\n|---|---|\n| `sweep/old_best.json` | Best parameter set for BTCUSDT |", []string{"evidence_file_missing sweep/old_best.json"}},
	})
	// coc-tavern: Chinese "deleted" after a bold name and its parenthesis; uniapp-template-cli: a Chinese
	// "empty directories" label over a list of places
	runDriftCases(t, repo, "src/components/Book/AGENTS.md", []driftCase{
		{"Chinese: a bold name deleted", "- **`PageFlip.tsx`（Framer Motion 版）已删除** — 翻页统一由 `PageFlip3D.tsx`（CSS 3D）实现", nil},
		{"twin: Chinese, a bold name kept", "- **`PageFlip.tsx`（Framer Motion 版）保留** — 翻页统一由 `PageFlip3D.tsx`（CSS 3D）实现", []string{"evidence_file_missing PageFlip.tsx"}},
	})
	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"Chinese: a label of empty directories", "**空目录**: `src/layout/`, `src/views/`, `src/static/` 是预留目录，被 vite.config.ts 引用", nil},
		{"twin: Chinese, a label of directories", "**目录**: `src/layout/`, `src/views/`, `src/static/` 被 vite.config.ts 引用", []string{"evidence_file_missing src/layout/", "evidence_file_missing src/static/"}},
		// omotg: the release that brought route patterns; github-star-tracker: a bundler's target key
		{"a release's route patterns", "**No framework** — bare `net/http` with Go 1.22+ route patterns (`POST /webhook`)", nil},
		{"twin: the project's Go", "**No framework** — bare `net/http`, Go 1.22+ and nothing else", []string{"evidence_changed Go 1.22+"}},
	})
	// planet-blitz: Korean "erased all of them", the list and the verb on two lines
	runDriftCases(t, repo, "CLAUDE.md", []driftCase{
		{"Korean: a list erased, the verb wrapped", "그래서 `scripts/deno-verify/**` · 위 3파일 · `vite.sim.config.ts` 를 전부\n지우고, 자기-재현성 축만 `tests/determinismGate.test.ts` 로 옮겼다.", nil},
		{"twin: Korean, a list kept", "그래서 `scripts/deno-verify/**` · 위 3파일 · `vite.sim.config.ts` 를 전부\n유지하고, 자기-재현성 축만 `tests/determinismGate.test.ts` 로 옮겼다.", []string{"evidence_file_missing scripts/deno-verify/**", "evidence_file_missing vite.sim.config.ts"}},
	})
}
