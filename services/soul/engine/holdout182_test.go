package engine_test

import (
	"strings"
	"testing"

	"github.com/organism-dev/organism/services/soul/engine"
)

// holdout182Repo is the fixture the hundred-and-eighty-second holdout's cases share: a monorepo whose
// packages each keep a specs/ directory, a runtime package whose state files are written at run time.
func holdout182Repo(t *testing.T) engine.Repo {
	g := newGitFixture(t)
	g.write("package.json", "{}\n")
	g.write("packages/core/specs/core.md", "# core\n")
	g.write("packages/cli/specs/cli.md", "# cli\n")
	g.write("packages/grind/src/grind/store.py", "STATE = 'state.json'\n")
	g.write("packages/grind/src/grind/render.py", "PAGE = 'dashboard.html'\n")
	g.write("src/rules/naming.md", "# naming\n")
	g.commit("2026-05-01T10:00:00Z", "init")
	g.gone("2026-05-02T10:00:00Z", "2026-05-03T10:00:00Z", "vizsuite/index.html", "archive/2026/notes.md", "packages/grind/state.json")
	return g.open(t)
}

// TestHundredEightySecondHoldoutClasses: the false rows of the hundred-and-eighty-second holdout that were
// fixed, each beside a twin that stays a finding.
func TestHundredEightySecondHoldoutClasses(t *testing.T) {
	repo := holdout182Repo(t)

	// agents-config: trees another repository keeps, the files a runtime writes, a directory with no
	// contents yet
	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"a tree that lives in a named private repository", "- **Retired content is not here.** The `archive/` tree and the savepoint records live in the private `someone/agents-config-ARCHIVE` repository.", nil},
		{"a directory that lives in an owner's repository", "- Some packages this repo depends on live elsewhere and are not vendored here. `vizsuite/` lives in `someone/vizsuite`, which holds its history.", nil},
		{"twin: a tree that lives here", "- The `archive/` tree and the savepoint records live in this checkout.", []string{"evidence_file_missing archive/"}},
		{"twin: a directory that lives in another directory", "- `vizsuite/` lives in `tools/vizsuite`, which holds its history.", []string{"evidence_file_missing vizsuite/"}},
		{"twin: the tree's records live in a named repository, the tree is named after it", "- The savepoint records live in the private `someone/agents-config-ARCHIVE` repository; see `archive/` for the index.", []string{"evidence_file_missing archive/"}},
	})
	runDriftCases(t, repo, "packages/grind/AGENTS.md", []driftCase{
		{"a shape named after a file", "`fold(events) -> State` turns the log into a `state.json`-shaped snapshot.", nil},
		{"twin: a file the fold writes", "`fold(events) -> State` turns the log into `state.json` on disk.", []string{"evidence_file_missing state.json"}},
		{"the runtime's own files, listed after a dash", "The runtime's own files — `events.jsonl`, `state.json`,\n`dashboard.html` — all sit under one resolved grind directory.", nil},
		{"twin: the package's own files, listed after a dash", "The package's own files — `events.jsonl`, `state.json`,\n`dashboard.html` — all sit under one directory.", []string{"evidence_file_missing state.json"}},
		{"files a module persists", "I/O: `src/grind/store.py` (the write path — append, read-back, and persisting\n`state.json`/`dashboard.html`).", nil},
		{"twin: files a module reads", "I/O: `src/grind/store.py` (the read path — append, read-back, and parsing\n`state.json`/`dashboard.html`).", []string{"evidence_file_missing state.json"}},
	})
	runDriftCases(t, repo, "src/rules/AGENTS.md", []driftCase{
		{"a directory the next sentence says has no contents", "When a rule needs longer rationale, put it in a sibling `rules-readmes/` directory. Readmes are not installed. Neither this directory nor `rules-readmes/` has any contents today; create it with the first rule that needs it.", nil},
		{"twin: a directory the next sentence says holds readmes", "When a rule needs longer rationale, put it in the sibling `rules-readmes/` directory. It holds one readme per rule today.", []string{"unverified unanchored rules-readmes/"}},
	})

	// sena-ai: a folder every package keeps under itself
	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"every package keeps a folder, in Korean", "모든 패키지는 하위에 ./specs 폴더를 가지며, 각 패키지의 역할을 담는다.", nil},
		{"each package has its own folder", "Each package has its own `./docs` folder describing its role.", nil},
		{"twin: the root keeps the folder, in Korean", "루트는 하위에 ./specs 폴더를 가지며, 각 패키지의 역할을 담는다.", []string{"unverified unanchored ./specs"}},
	})
}

// holdout183Repo is the fixture of the hundred-and-eighty-third holdout's cases: a Next.js 16 app whose
// Window augmentation lost a nested member, a theme module reworked after the dated refactor that made
// it, a kill script a fix removed.
func holdout183Repo(t *testing.T) engine.Repo {
	g := newGitFixture(t)
	g.write("package.json", "{\n  \"dependencies\": { \"next\": \"16.2.4\" }\n}\n")
	g.write("src/renderer/env.d.ts", "declare global {\n  interface Window {\n    api: {\n      settings: {\n        open(): Promise<void>;\n      };\n    };\n    bridge: { ping(): void };\n  }\n}\nexport {}\n")
	g.write("src/main/security.ts", "export function hardenWebContents() {}\n")
	g.write("app/api/route.ts", "export async function GET() {}\n")
	g.write("theme.py", "A = 1\nB = 2\nC = 3\n")
	g.write("monitor/mon-stop.ps1", "Stop-Process -Name node\n")
	g.write(".github/workflows/cuesheet-binary.yml", "name: bin\n")
	g.write("src/query/commands.rs", "pub fn search() {}\n")
	g.write("packages/knowledge/name_cache.py", "class UserNameCache: pass\n")
	g.write("packages/knowledge/intent/cache.py", "class UserNameCache: pass\n")
	g.write("packages/knowledge/tests/db/test_db.py", "def test_db(): pass\n")
	g.write("packages/knowledge/tests/ontology/test_onto.py", "def test_onto(): pass\n")
	g.commit("2026-03-08T10:00:00Z", "init")
	g.write("src/renderer/env.d.ts", "declare global {\n  interface Window {\n    api: unknown;\n  }\n}\nexport {}\n")
	g.remove("monitor/mon-stop.ps1")
	g.remove(".github/workflows/cuesheet-binary.yml")
	g.remove("packages/knowledge/intent/cache.py")
	g.remove("packages/knowledge/tests/db/test_db.py")
	g.remove("packages/knowledge/tests/ontology/test_onto.py")
	g.write(".github/workflows/build.yml", "name: ci\n")
	g.commit("2026-03-20T10:00:00Z", "one workflow, no blanket kill")
	g.write("theme.py", "A = 1\nB = 2\nC = 3\nD = 4\nE = 5\nF = 6\n")
	g.commit("2026-04-02T10:00:00Z", "more theme")
	return g.open(t)
}

// TestHundredEightyThirdHoldoutClasses: the false rows of the hundred-and-eighty-third holdout that were
// fixed, each beside a twin that stays a finding.
func TestHundredEightyThirdHoldoutClasses(t *testing.T) {
	repo := holdout183Repo(t)

	// cuesheet, archilan.fr: a release named as where a convention began
	runDriftCases(t, repo, "app/api/AGENTS.md", []driftCase{
		{"a convention named after the release that brought it", "- `params` is a `Promise` and must be awaited (Next.js 15 convention).", nil},
		{"a feature named after its release", "| `route.ts` | All handlers `await params` (Next.js 15 async params). |", nil},
		{"a release in parentheses after the code it explains", "- Dynamic routes must `await params` (Next.js 15).", nil},
		{"a release the code in parentheses is for", "| `route.ts` | `PUT` and `DELETE` handlers (`await params` for Next.js 15). |", nil},
		{"twin: a release a directory is for", "| `route.ts` | `PUT` and `DELETE` handlers (`src/app` for Next.js 15). |", []string{"evidence_changed Next.js 15"}},
		{"twin: the stack the app is built on", "- The dashboard is a Next.js 15 app with route handlers.", []string{"evidence_changed Next.js 15"}},
		{"twin: a directory's stack in parentheses", "- `src/renderer` (Next.js 15) holds the pages.", []string{"evidence_changed Next.js 15"}},
	})
	// Amphetamine: a built-in member of the browser's window, where the project's Window type lost another
	runDriftCases(t, repo, "src/main/AGENTS.md", []driftCase{
		{"a built-in member of window", "- `hardenWebContents` denies all `window.open`.", nil},
		{"a built-in call of window", "- Icon click uses `window.open(repository)` to reach the package page.", nil},
	})
	// cuesheet: a bug named after a file, a workflow another absorbed
	runDriftCases(t, repo, "src/cli/AGENTS.md", []driftCase{
		{"a bug named after a file", "- `stop` must never blanket-kill by name (that was the `mon-stop.ps1` bug).", nil},
		{"a bug named after a file, with its kind", "  must not regain process-killing logic (the `mon-stop.ps1` blanket-kill bug is\n  why).", nil},
		{"twin: the script that stops the monitor", "- `stop` calls the `mon-stop.ps1` script to end the monitor.", []string{"evidence_file_missing mon-stop.ps1"}},
		{"a workflow another absorbed", "| `build.yml` | the only workflow with a required check. Absorbed the old `cuesheet-binary.yml`. |", nil},
		{"twin: a workflow beside it", "| `build.yml` | the only workflow with a required check. Runs beside `cuesheet-binary.yml`. |", []string{"evidence_file_missing cuesheet-binary.yml"}},
	})
	// LADA-AI: a size a dated refactor's entry states, of a file reworked since
	runDriftCases(t, repo, "docs/CLAUDE.md", []driftCase{
		{"a size in a dated section, the file reworked since", "# Notes\n\n### Major Refactor: Decomposition (2026-03-08/09)\n\n- 5c: Extracted theme/styles to `theme.py` (3 lines) -- centralized colors.", nil},
		{"twin: a size in a dated section, the file unchanged since that day", "# Notes\n\n### Cleanup (2026-04-10)\n\n- Trimmed the theme in `theme.py` (3 lines) -- centralized colors.", []string{"size_drift theme.py"}},
		{"twin: the same size in a section of today", "# Notes\n\n### Layout\n\n- Theme and styles live in `theme.py` (3 lines) -- centralized colors.", []string{"size_drift theme.py"}},
	})
	// crabmap: files a module is to be split into; ByDC: a class's former home, paths a config still names
	runDriftCases(t, repo, "src/query/AGENTS.md", []driftCase{
		{"files to split a module into", "- **commands.rs is a god module** (12 fns). Split into `search.rs` / `scope.rs` / `impact.rs`.", nil},
		{"twin: files a module was split into", "- **commands.rs is small now** (2 fns). It calls into `search.rs` / `scope.rs` / `impact.rs`.", []string{"unverified unanchored search.rs"}},
	})
	runDriftCases(t, repo, "packages/knowledge/AGENTS.md", []driftCase{
		{"a former home in parentheses", "| `UserNameCache` | `name_cache.py` | Term name index (was in `intent/cache.py`) |", nil},
		{"twin: a second home in parentheses", "| `UserNameCache` | `name_cache.py` | Term name index (also in `intent/cache.py`) |", []string{"evidence_file_missing intent/cache.py"}},
		{"paths a config still references, called older", "- Root pytest config only references older `tests/db`/`tests/ontology` paths — prefer package-local commands.", nil},
		{"twin: paths a config references", "- Root pytest config references `tests/db`/`tests/ontology` paths — prefer package-local commands.", []string{"evidence_file_missing tests/db", "evidence_file_missing tests/ontology"}},
	})
	// hook-pack: a place the reader is told not to assume
	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"not to assume a place exists", "- Do not assume `docs/architecture/**` exists or that `validate:plugin` enforces governance records.", nil},
		{"twin: a place to read", "- Read `docs/architecture/**` before changing governance records.", []string{"evidence_file_missing docs/architecture/**"}},
	})
}

// holdout184Repo is the fixture of the hundred-and-eighty-fourth holdout's cases: auth files a move to
// Clerk deleted, a legacy component beside its rewrite, an agent rule that landed and went.
func holdout184Repo(t *testing.T) engine.Repo {
	g := newGitFixture(t)
	g.write("package.json", "{}\n")
	g.write("src/lib/prisma.ts", "export {}\n")
	g.write("src/types/mcp.ts", "export interface McpServerConfig {}\n"+strings.Repeat("// field\n", 60))
	g.write("src/components/TherapyButtonRefactored.tsx", "export {}\n")
	g.write("src/lib/auth/session-cache.ts", "export {}\n")
	g.write("src/lib/auth/session-optimized.ts", "export {}\n")
	g.write("src/components/TherapyButton.tsx", "export {}\n")
	g.write(".claude/rules/old.md", "# old\n")
	g.write("apps/argocd.yaml", "kind: Application\n")
	g.commit("2026-05-01T10:00:00Z", "init")
	g.remove("src/lib/auth/session-cache.ts")
	g.remove("src/lib/auth/session-optimized.ts")
	g.remove("src/components/TherapyButton.tsx")
	g.remove(".claude/rules/old.md")
	g.commit("2026-05-03T10:00:00Z", "clerk")
	return g.open(t)
}

// TestHundredEightyFourthHoldoutClasses: the false rows of the hundred-and-eighty-fourth holdout that
// were fixed, each beside a twin that stays a finding.
func TestHundredEightyFourthHoldoutClasses(t *testing.T) {
	repo := holdout184Repo(t)

	// TherapyAI: files a label says were removed, a legacy name set against its rewrite
	runDriftCases(t, repo, "src/lib/CLAUDE.md", []driftCase{
		{"files a label says were removed", "**REMOVED**: `custom-prisma-adapter.ts`, `auth-optimized.ts`, `next-auth-config.ts`, `auth/session-cache.ts`, `auth/session-optimized.ts` (all NextAuth-specific)", nil},
		{"twin: files a label says are kept", "**KEPT**: `auth/session-cache.ts`, `auth/session-optimized.ts` (all NextAuth-specific)", []string{"evidence_file_missing auth/session-cache.ts", "evidence_file_missing auth/session-optimized.ts"}},
	})
	runDriftCases(t, repo, "CLAUDE.md", []driftCase{
		{"not the legacy component", "- **Primary session component**: `TherapyButtonRefactored.tsx` (not legacy `TherapyButton.tsx`)", nil},
		{"twin: the legacy component beside it", "- **Session components**: `TherapyButtonRefactored.tsx` and `TherapyButton.tsx`", []string{"evidence_file_missing TherapyButton.tsx"}},
	})
	// home-lab: a Kubernetes kind in a table of ignored fields
	runDriftCases(t, repo, "platform/CLAUDE.md", []driftCase{
		{"a Kubernetes group and kind", "| Resource | Field | Why |\n|---|---|---|\n| `apps/DaemonSet` | `/spec/templateGeneration` | Helm increments this on rolling updates. |", nil},
		{"twin: a manifest named after the kind", "| Resource | Field | Why |\n|---|---|---|\n| `apps/DaemonSet.yaml` | `/spec/templateGeneration` | Helm increments this on rolling updates. |", []string{"unanchored apps/DaemonSet.yaml"}},
	})
	// hi-job: a page a table row says to add when needed
	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"a page added when needed", "| 文件 | 作用 | 说明 |\n|---|---|---|\n| `options/index.html` | 设置页 | 扩展选项页（按需新增） |", nil},
		{"twin: a page the row describes", "| 文件 | 作用 | 说明 |\n|---|---|---|\n| `options/index.html` | 设置页 | 扩展选项页（已实现） |", []string{"unanchored options/index.html"}},
	})
	// bhai: a line of a design document's section, beside a file
	runDriftCases(t, repo, "src/types/AGENTS.md", []driftCase{
		{"a line of a document's section", "- `mcp.ts` — `McpServerConfig` (§ 6 line 215, § 9.3). Added by TASK_0011.", nil},
		{"twin: a line of the file", "- `mcp.ts` — `McpServerConfig` (line 215, § 9.3). Added by TASK_0011.", []string{"line_drift mcp.ts:215"}},
	})
	// bhai: agent rules of the workspace a repository is checked out in
	parent := "# `bhai/` — package\n\nThe actual git repository for the package. The parent directory holds only the design proposal and the task breakdown.\n\n## Rules\n\n"
	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"a rule of the parent workspace", parent + "- `.claude/rules/packaging.md` — subpath exports, dependency policy.", nil},
		{"twin: a rule that landed here and went", parent + "- `.claude/rules/old.md` — subpath exports, dependency policy.", []string{"evidence_file_missing .claude/rules/old.md"}},
		{"twin: a rule, no parent named", "# `bhai/` — package\n\n## Rules\n\n- `.claude/rules/packaging.md` — subpath exports, dependency policy.", []string{"unanchored .claude/rules/packaging.md"}},
	})
}

// holdout185Repo is the fixture of the hundred-and-eighty-fifth holdout's cases: build scripts a Cargo
// subcommand replaced, a crate extracted from another, a derive crate, icons beside a UI package, an
// auth middleware written in TypeScript.
func holdout185Repo(t *testing.T) engine.Repo {
	g := newGitFixture(t)
	g.write("package.json", "{}\n")
	g.write("tools/build.sh", "#!/bin/sh\n")
	g.write("tools/build-bundle.sh", "#!/bin/sh\n")
	g.write("crates/context/src/group_store/mod.rs", "pub fn store() {}\n")
	g.write("crates/store/src/entry.rs", "pub enum Borsh {}\n\nimpl Borsh {\n    pub fn from_slice(b: &[u8]) -> u8 { 0 }\n}\n")
	g.commit("2026-05-01T10:00:00Z", "init")
	g.write("crates/store/src/entry.rs", "pub enum Borsh {}\n")
	g.commit("2026-05-02T10:00:00Z", "entries decode through borsh")
	g.remove("tools/build.sh")
	g.remove("tools/build-bundle.sh")
	g.remove("crates/context/src/group_store/mod.rs")
	g.write("tools/cargo-mero/src/main.rs", "fn main() {}\n")
	g.write("crates/governance-store/src/lib.rs", "pub fn store() {}\n")
	lib := "pub fn atomic_unit_derive() {}\n"
	for i := 0; i < 40; i++ {
		lib += "// line\n"
	}
	g.write("crates/storage-macros/src/lib.rs", lib)
	g.write("icons/code.png", "png\n")
	g.write("ui/folder_card.py", "# File icons: located in ../icons/*.png, loaded here\nICONS = load_icons('../icons/*.png')\n")
	g.write("service/config/database.php", "<?php return [];\n")
	g.write("service/config/redis.php", "<?php return [];\n")
	g.write("service/app/controller/AuthController.php", "<?php\n")
	g.write("service/.env.example", "A=1\n")
	g.write("Cargo.toml", "[workspace]\nmembers = [\"crates/*\"]\n\n[workspace.dependencies]\nborsh = \"1.3.1\"\n")
	g.write("crates/governance-types/Cargo.toml", "[package]\nname = \"governance-types\"\n\n[dependencies]\nborsh = { workspace = true }\n")
	g.write("crates/governance-types/src/lib.rs", "pub fn decode(b: &[u8]) { let _ = borsh::from_slice::<u8>(b); }\n")
	g.write("api/src/shared/middleware/auth.ts", "export function requireAuth() {}\nexport function optionalAuth() {}\n")
	g.commit("2026-05-03T10:00:00Z", "cargo mero")
	return g.open(t)
}

// TestHundredEightyFifthHoldoutClasses: the false rows of the hundred-and-eighty-fifth holdout that were
// fixed, each beside a twin that stays a finding.
func TestHundredEightyFifthHoldoutClasses(t *testing.T) {
	repo := holdout185Repo(t)

	// calimero core: scripts a command replaced, the path a crate was extracted from, a function's size
	runDriftCases(t, repo, "tools/AGENTS.md", []driftCase{
		{"scripts a command replaces, called hand-rolled", "The supported build path: one Cargo subcommand.\nIt replaces the hand-rolled `build.sh` / `build-bundle.sh` scripts.", nil},
		{"twin: scripts a command wraps", "The supported build path: one Cargo subcommand.\nIt wraps the hand-rolled `build.sh` / `build-bundle.sh` scripts.", []string{"evidence_file_missing build.sh", "evidence_file_missing build-bundle.sh"}},
	})
	runDriftCases(t, repo, "crates/governance-store/AGENTS.md", []driftCase{
		{"the path a crate was extracted from", "Extracted from `crates/context/src/group_store` in #2307; `calimero-context` still re-exports it.", nil},
		{"twin: the path a crate reads from", "It reads from `crates/context/src/group_store` in #2307; `calimero-context` still re-exports it.", []string{"evidence_file_missing crates/context/src/group_store"}},
	})
	runDriftCases(t, repo, "crates/storage-macros/AGENTS.md", []driftCase{
		{"a function's size in a file's row", "| Path | What's there |\n| --- | --- |\n| `src/lib.rs` | `atomic_unit_derive` (~95 lines) and a trailing comment |", nil},
		{"twin: the file's size in its row", "| Path | What's there |\n| --- | --- |\n| `src/lib.rs` (~95 lines) | `atomic_unit_derive` and a trailing comment |", []string{"size_drift src/lib.rs"}},
	})
	// calimero core: a crate's function, named like a type whose method a commit here removed
	runDriftCases(t, repo, "crates/governance-types/AGENTS.md", []driftCase{
		{"a function of a crate", "- The field is decoded with `borsh::from_slice`, so a trailing read is never hand-rolled.", nil},
		{"twin: a method of a value of the type", "- The field is decoded with `borsh.from_slice()`, so a trailing read is never hand-rolled.", []string{"symbol_removed borsh.from_slice()"}},
	})
	// arc-explainer: the checkouts a port came from
	runDriftCases(t, repo, "server/AGENTS.md", []driftCase{
		{"checkouts listed as source repositories", "**Source repos** (READ-ONLY reference):\n\n- `puzzle-eval-harness/` — Python eval engine\n- `arc3-ansh/` — Multi-provider agent loop", nil},
		{"twin: directories listed as sources", "**Sources**:\n\n- `puzzle-eval-harness/` — Python eval engine\n- `arc3-ansh/` — Multi-provider agent loop", []string{"unanchored puzzle-eval-harness/", "unanchored arc3-ansh/"}},
	})
	// rakkib-dev, WeZZard skills: sample names, a file inside another repository
	runDriftCases(t, repo, "services/CLAUDE.md", []driftCase{
		{"names after examples:", "- reference a list file here (examples: `PendingServices.md`, `batch1.md`, `batchx.md`),", nil},
		{"twin: names after files:", "- reference a list file here (files: `PendingServices.md`, `batch1.md`, `batchx.md`),", []string{"unverified unanchored PendingServices.md"}},
		{"a file inside another repository", "A `website.*.toml` file inside the plugin repository is a legacy fallback.", nil},
		{"twin: a file inside this repository", "A `website.*.toml` file inside this repository is the fallback.", []string{"unverified evidence_file_missing website.*.toml"}},
	})
	// work_dashboard: a line range after the file that holds it, a glob before it
	runDriftCases(t, repo, "ui/AGENTS.md", []driftCase{
		{"a line range after its file, a pattern before", "- **File icons**: Located in `../icons/*.png`, loaded in `folder_card.py` lines 1-2", nil},
		{"twin: a line range past its file's end", "- **File icons**: Located in `../icons/*.png`, loaded in `folder_card.py` lines 34-52", []string{"line_drift folder_card.py:34"}},
	})
	// pickleplay-pwa: bindings with notes, imported by the name their module compiles to
	runDriftCases(t, repo, "api/CLAUDE.md", []driftCase{
		{"bindings with notes from a compiled name", "- Middleware: `requireAuth` (hard fail without token) and `optionalAuth` (attach user if present) from `src/shared/middleware/auth.js`.", nil},
		{"twin: a compiled name as a file to read", "- Middleware: read `src/shared/middleware/auth.js` for the hard fail without token.", []string{"evidence_file_missing src/shared/middleware/auth.js"}},
	})
	// erik-shop: files drawn at the column of the empty directory line above them
	tree := func(config string) string {
		return "## Layout\n\n```\nshop/\n  service/\n    .env.example    # template\n    config/\n" + config + "    app/\n      controller/\n        AuthController.php\n```\n"
	}
	runDriftCases(t, repo, "CLAUDE.md", []driftCase{
		{"files at the column of the empty directory above them", tree("    database.php      # MySQL\n    redis.php         # cache\n"), nil},
		{"twin: a file at that column that is nowhere", tree("    database.php      # MySQL\n    queue.php         # jobs\n"), []string{"unverified unanchored service/queue.php"}},
		{"twin: files under a directory line with entries of its own", "## Layout\n\n```\nshop/\n  service/\n    config/\n      redis.php\n    database.php      # MySQL\n    app/\n      controller/\n        AuthController.php\n```\n", []string{"evidence_file_missing service/database.php"}},
	})

	// netxms: two line numbers of one file, another file named after them
	runDriftCases(t, repo, "server/AGENTS.md", []driftCase{
		{"a second line number of the same file", "   - Icons: located in both `ui/folder_card.py` blocks (~line 1 and ~line 1468), loaded once — not an `api/src/shared/middleware/auth.ts` edit", []string{"evidence_changed ui/folder_card.py:1"}},
		{"twin: a line number after the second file", "   - Icons: located in the `ui/folder_card.py` block (~line 1), loaded by the `api/src/shared/middleware/auth.ts` export (~line 1468)", []string{"evidence_changed ui/folder_card.py:1", "line_drift api/src/shared/middleware/auth.ts:1468"}},
	})
	runDriftCases(t, repo, "server/AGENTS.md", []driftCase{
		{"line numbers of a file no anchor reads, a file named after them", "   - Wire via `TEST_MODULES` in both `configure.ac` blocks (~line 1092 and ~line 1468), not a `api/src/shared/middleware/auth.ts` edit", nil},
		{"twin: a line number in a file named after it", "   - Wire via `TEST_MODULES` in both `configure.ac` blocks, near line 1468 in `api/src/shared/middleware/auth.ts`", []string{"evidence_changed api/src/shared/middleware/auth.ts:1468"}},
	})
	// Camelot-Ecosystem: a commit the sentence calls fake
	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"a fake commit", "Rounds produced pasted artifacts, including fake `a7b8c9d` merge commits and pseudo build output.", nil},
		{"twin: a merge commit", "Round six landed in the `a7b8c9d` merge commit and its build output.", []string{"ref_missing a7b8c9d"}},
	})
}

// holdout186Repo is the fixture of the hundred-and-eighty-sixth holdout's cases: a Node 24 TypeScript
// package whose tsconfig extends a list of bases, a dockerignore moved to the root.
func holdout186Repo(t *testing.T) engine.Repo {
	g := newGitFixture(t)
	g.write("package.json", "{}\n")
	g.write("tsconfig.json", "{\n  \"extends\": [\"@tsconfig/strictest/tsconfig.json\", \"@tsconfig/node24/tsconfig.json\"],\n  \"include\": [\"src\"]\n}\n")
	g.write("src/paprika/types.ts", "export type Recipe = {}\n")
	g.write("src/paprika/errors.ts", "export class PaprikaError extends Error {}\n")
	g.write("apps/api/.dockerignore", "dist\n")
	g.write("apps/api/src/main.ts", "export {}\n")
	g.write(".dockerignore", "node_modules\n*.log\n")
	g.write("packages/shared/src/index.ts", "export {}\n")
	g.write("packages/shared/shared-types.ts", "export type A = {}\n")
	g.commit("2026-05-01T10:00:00Z", "init")
	g.remove("apps/api/.dockerignore")
	g.remove("packages/shared/shared-types.ts")
	g.commit("2026-05-02T10:00:00Z", "the context's root reads it")
	return g.open(t)
}

// TestHundredEightySixthHoldoutClasses: the false rows of the hundred-and-eighty-sixth holdout that were
// fixed, each beside a twin that stays a finding.
func TestHundredEightySixthHoldoutClasses(t *testing.T) {
	repo := holdout186Repo(t)

	// mcp-paprika: modules named by the name they compile to, under a tsconfig whose extends is a list
	runDriftCases(t, repo, "src/paprika/CLAUDE.md", []driftCase{
		{"import names under a listed Node base", "- **Uses:** `zod` (response validation), `./types.js` (schemas), `./errors.js` (error classes)", nil},
		{"twin: an import name with no source", "- **Uses:** `zod` (response validation), `./schemas.js` (schemas)", []string{"unverified unanchored ./schemas.js"}},
	})
	// connect-gsa: a file the sentence says there was; Telegram-system: a file not to replace another with
	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"there was one, in Portuguese", "O Docker lê o `.dockerignore` da raiz. Havia um `apps/api/.dockerignore` que nunca foi lido.", nil},
		{"twin: there is one, in Portuguese", "O Docker lê o `.dockerignore` da raiz. Há um `apps/api/.dockerignore` que o build lê também.", []string{"evidence_file_missing apps/api/.dockerignore"}},
	})
	runDriftCases(t, repo, "packages/shared/AGENTS.md", []driftCase{
		{"a file not to replace another with", "- Do not replace one large shared type file with a single large `shared-types.ts` in another folder.", nil},
		{"twin: a file to keep types in", "- Keep the shared types in a single large `shared-types.ts` in another folder.", []string{"evidence_file_missing shared-types.ts"}},
	})
}
