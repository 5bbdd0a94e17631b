package engine_test

import (
	"strings"
	"testing"

	"github.com/organism-dev/organism/services/soul/engine"
)

// holdout172Repo is the fixture the hundred-and-seventy-second to hundred-and-seventy-sixth holdouts' cases
// share: a TypeScript package compiled for Node's module resolution beside one that is not, and the files their
// documents name.
func holdout172Repo(t *testing.T) engine.Repo {
	g := newGitFixture(t)
	g.write("tsconfig.json", "{\n  \"compilerOptions\": { \"module\": \"commonjs\" }\n}\n")
	g.write("tsconfig.base.json", "{\n  // shared by the node packages\n  \"compilerOptions\": { \"module\": \"NodeNext\", \"moduleResolution\": \"NodeNext\" }\n}\n")
	g.write("node/tsconfig.json", "{ \"extends\": \"../tsconfig.base.json\", \"exclude\": [\"dist\", \"scripts/**\"] }\n")
	g.write("node/src/credentials.ts", "export const load = () => 1\n")
	g.write("node/src/credentials.test.ts", "import { load } from './credentials.js'\n")
	g.write("node/scripts/seed.ts", "export {}\n")
	g.write("edge/tsconfig.json", "{ \"extends\": \"@tsconfig/node20/tsconfig.json\" }\n")
	g.write("edge/src/routes.ts", "export {}\n")
	g.write("lib/util.ts", "export {}\n")
	g.write("src/main.rs", "fn main() {\n    spawn_worker(\"modbus\");\n}\n")
	g.write("src/workers/AGENTS.md", "# Workers\n")
	g.write("app/db.py", "import sqlite3\nfrom datetime import timedelta, timezone\n\n# Europe/Madrid\nMADRID_TZ = timezone(timedelta(hours=2))\n# Production should use zoneinfo or pytz.\n")
	g.write("package.json", "{\n  \"devDependencies\": { \"vitest\": \"^2.1.0\" }\n}\n")
	g.write("types/index.ts", "export {}\n")
	g.write(".github/workflows/ci.yml", "on: push\n")
	g.write("content/en/blogs/240101-hello.mdx", "# hello\n")
	g.write(".gitmodules", "[submodule \"apps/dashboard\"]\n\tpath = apps/dashboard\n\turl = https://example.com/dashboard\n")
	g.write("apps/web/src/main.ts", "export {}\n")
	g.write("services/common/src/main/java/com/shop/common/security/InternalApiFilter.java", "package com.shop.common.security;\n\npublic class InternalApiFilter {\n  // TODO: check the token in production\n}\n")
	g.write("pkg/listener/volume.go", "package listener\n\ntype VolumeRegistration struct{}\n\nfunc (v VolumeRegistration) WithScope() {}\n")
	g.write("pkg/common/registry.go", "package common\n\nfunc GetExtensionRegistry() {}\n\nfunc ResetExtensionRegistry() {}\n")
	g.write("src/store.ts", "export class LoopStore {\n  withLock() {}\n  unlock() {}\n}\n")
	g.write("py/store.py", "class Store:\n    def flush(self):\n        pass\n")
	g.commit("2026-05-01T10:00:00Z", "init")
	g.gone("2026-05-02T10:00:00Z", "2026-05-03T10:00:00Z", "node/src/old.js", "app/core/client.py", "src/features/renderer/index.tsx", "tests/unit.test.ts", "src/hooks/useToast.ts", "components/form-register.tsx", "components/MisClientesMain.tsx", "src/forwardGlobalShortcuts.ts", "src/SidebarTree.tsx", "tests/tab-rules.test.ts", "pkg/builder/vector.go", "pkg/util/bash.go", ".github/workflows/docs.yml", ".github/workflows/release.yml")
	g.write("node/src/old.ts", "export {}\n")
	g.write("pkg/listener/volume.go", "package listener\n\ntype VolumeRegistration struct{}\n")
	g.write("pkg/common/registry.go", "package common\n\ntype ExtensionRegistry struct{}\n")
	g.write("src/reducer-backed-store.ts", "export abstract class ReducerBackedStore<TEntry extends { id: string }, TState> {\n"+strings.Repeat("  // state\n", 150)+"  protected withLock<T>(fn: () => T): T {\n    return fn()\n  }\n}\n")
	g.write("src/store.ts", "import { ReducerBackedStore } from './reducer-backed-store.js'\n\nexport class LoopStore extends ReducerBackedStore<LoopEntry, State> {\n  list() {}\n}\n")
	g.write("py/base.py", "class Base:\n    def flush(self):\n        pass\n")
	g.write("py/auth.py", "class AuthMiddleware:\r\n    \"\"\"Auth.\r\n\r\n    Checks tokens.\r\n    \"\"\"\r\n\r\n    def __init__(self):\r\n        self.public_paths = {\"/\"}\r\n")
	g.write("py/store.py", "from .base import Base\n\n\nclass Store(Base):\n    def put(self):\n        pass\n")
	g.commit("2026-05-04T10:00:00Z", "convert old.js; drop the scope API and the global registry")
	return g.open(t)
}

// TestHundredSeventySecondHoldoutClasses: the false rows of the hundred-and-seventy-second to
// hundred-and-seventy-sixth holdouts that were fixed (and one the reruns found in round 167), each beside a
// twin that stays a finding.
func TestHundredSeventySecondHoldoutClasses(t *testing.T) {
	repo := holdout172Repo(t)

	// teamem, shopware-catalog-generator: a module named by its import name under Node's resolution
	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"a module's import name, tsconfig extending a NodeNext base", "- `node/src/credentials.js` (credential loading and space resolution)", nil},
		{"a module's import name, tsconfig extending @tsconfig/node20", "- `edge/src/routes.js` — Hono router", nil},
		{"twin: a test file's .js name", "- `node/src/credentials.test.js` — loader tests", []string{"evidence_file_missing node/src/credentials.test.js"}},
		{"twin: a source the tsconfig excludes", "- `node/scripts/seed.js` — fills the database", []string{"evidence_file_missing node/scripts/seed.js"}},
		{"twin: a .js file a commit converted to .ts", "- `node/src/old.js` (the old loader)", []string{"evidence_file_missing node/src/old.js"}},
		{"twin: a .js name in a CommonJS package", "- `lib/util.js` — shared helpers", []string{"evidence_file_missing lib/util.js"}},
		{"twin: a link to the .js name", "- See [credentials](node/src/credentials.js) for loading.", []string{"evidence_file_missing node/src/credentials.js"}},
	})
	// clay, AI-PAGE-BUILDER: a heading over what was removed, and from what
	runDriftCases(t, repo, "CLAUDE.md", []driftCase{
		{"removed from a version", "# Guide\n\n## REMOVED FROM V1.X\n- app/core/client.py (OpenAIClient with retry logic)\n", nil},
		{"removed during a migration", "# Guide\n\n### Removed during Puck migration\n- `src/features/renderer/` — Recursive DOMNode renderer (replaced by Puck canvas)\n", nil},
		{"twin: moved from a version", "# Guide\n\n## Moved from V1.X\n- app/core/client.py (OpenAIClient with retry logic)\n", []string{"evidence_file_missing app/core/client.py"}},
	})
	// PetSiKness: a naming style written as a file name; files the reader is told to create
	runDriftCases(t, repo, ".github/copilot-instructions.md", []driftCase{
		{"a naming style written as a file name", "- **Hooks/utils**: `camelCase.ts` → `useToast.ts`", nil},
		{"a style's name after a hook's prefix", "- **Hooks:** `useCamelCase.js`", nil},
		{"a kind's Name as the style", "- **Styles:** `ComponentName.module.css`", nil},
		{"twin: a hook's own name", "- **Hooks:** `useCameraCase.js`", []string{"unverified unanchored useCameraCase.js"}},
		{"twin: a file named after a real one", "- **Hooks/utils**: `lib/util.ts` → `useToast.ts`", []string{"evidence_file_missing useToast.ts"}},
	})
	runDriftCases(t, repo, "types/AGENTS.md", []driftCase{
		{"files the reader is told to create", "Crear archivos en `types/` con nombres descriptivos:\n- `types/dtos.ts` - DTOs para APIs\n", []string{"unverified unanchored types/dtos.ts"}},
		{"twin: files listed under a place", "Archivos en `types/`:\n- `types/dtos.ts` - DTOs para APIs\n", []string{"unanchored types/dtos.ts"}},
	})
	// operator-go: names a sentence says do not exist
	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"two members that do not exist, across a line break", "There is **no process-wide registry** — `common.GetExtensionRegistry` and `common.ResetExtensionRegistry` do not\nexist, because a package-level variable cannot carry a type parameter.", nil},
		{"a list of members that do not exist", "`pkg/listener` has **no scope API**: `VolumeRegistration.WithScope`, the `ListenerScope` type and `ListenerScopeNode` do not exist.", nil},
		{"a list of members over a line that opens with a name", "`pkg/listener` has **no scope API**: `VolumeRegistration.WithScope`, the `ListenerScope` type,\n`ListenerScopeNode`, `ListenerScopeCluster` and `ListenerScopeAnnotation` do not exist, and listener\nvolumes are node-scoped.", nil},
		{"twin: a list of members that exist", "`pkg/listener` has a scope API: `VolumeRegistration.WithScope`, the `ListenerScope` type,\n`ListenerScopeNode` and `ListenerScopeCluster` exist.", []string{"symbol_removed VolumeRegistration.WithScope"}},
		{"twin: members said to exist", "The registry is reached through `common.GetExtensionRegistry` and `common.ResetExtensionRegistry` in tests.", []string{"symbol_removed common.GetExtensionRegistry"}},
	})
	// operator-go: an aside between dashes, then what happened to it; open_audio_analyzer: what there were
	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"names in a dashed aside, then were deleted", "That ordering used to be hand-rolled: both halves of that contract — the watcher in `pkg/builder/vector.go` and the\nwriter helpers in `pkg/util/bash.go` — were **deleted in the same commit**.", nil},
		{"twin: names in a dashed aside, then kept", "Both halves of that contract — the watcher in `pkg/builder/vector.go` and the\nwriter helpers in `pkg/util/bash.go` — were **kept in the same package**.", []string{"evidence_file_missing pkg/builder/vector.go", "evidence_file_missing pkg/util/bash.go"}},
		{"what there were before", "It was three files — `ci.yml`, `docs.yml`, `release.yml` — split on the argument that packaging is slower than testing.", nil},
		{"twin: what there are", "There are three workflows — `ci.yml`, `docs.yml`, `release.yml` — split by purpose.", []string{"evidence_file_missing docs.yml", "evidence_file_missing release.yml"}},
	})
	// blog-mdx: a date's format in a file's name
	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"a date's format before a slug", "| Add/edit blog post | `content/en/blogs/YYMMDD-slug.mdx` | one file a post |", nil},
		{"twin: a dated post that is not there", "| Read the first post | `content/en/blogs/240102-hello.mdx` | the welcome |", []string{"unverified evidence_file_missing content/en/blogs/240102-hello.mdx"}},
	})
	// pi-loop: a member a class inherits
	runDriftCases(t, repo, "src/AGENTS.md", []driftCase{
		{"a member the base class defines", "- never nest a `LoopStore.withLock()` body.", nil},
		{"a Python member the base class defines", "- `Store.flush()` writes the queue out.", nil},
		{"twin: a member neither class has", "- never call `LoopStore.unlock()` twice.", []string{"symbol_removed LoopStore.unlock()"}},
	})
	// nubian-platform (round 174): a section about a submodule's tree
	runDriftCases(t, repo, "apps/CLAUDE.md", []driftCase{
		{"a section about a submodule's tree", "# Apps\n\n### Dashboard architecture (`apps/dashboard/src/`)\n- App Router personas:\n  - `admin/` — admin tools\n", nil},
		{"twin: a section about a tracked tree", "# Apps\n\n### Web architecture (`apps/web/src/`)\n- App Router personas:\n  - `admin/` — admin tools\n", []string{"unanchored admin/"}},
	})
	// cepingzonghe (round 174): a date after "cp" is no checkpoint; what a reader is told to check or read
	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"a tool's dated block is no checkpoint", "# KB\n\n## VERIFIED REPOSITORY FACTS (cp, 2026-05-22)\n\n- Use `zzz_nothing()` to flush.\n", []string{"unverified symbol_missing zzz_nothing()"}},
		{"twin: a checkpoint", "# KB\n\n## Checkpoint 12 (2026-05-22)\n\n- Use `zzz_nothing()` to flush.\n", []string{"symbol_missing zzz_nothing()"}},
		{"a document to check", "- Check `docs/ARCHITECTURE.md` for system design details", []string{"unanchored docs/ARCHITECTURE.md"}},
		{"a document to read, in a table", "| When | Read |\n|---|---|\n| Before design work | `docs/ARCHITECTURE.md` |\n", []string{"unanchored docs/ARCHITECTURE.md"}},
		{"twin: a document only mentioned", "- The design notes cite `docs/ARCHITECTURE.md` once.", []string{"unverified unanchored docs/ARCHITECTURE.md"}},
	})
	// finalwork (round 174): a module's file at a line, the source root left out
	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"a module's file at a line", "| Issue | Location | Severity |\n|---|---|---|\n| Token check off | `common/InternalApiFilter.java:4` | HIGH |\n", nil},
		{"twin: the line moved away", "| Issue | Location | Severity |\n|---|---|---|\n| Token check off | `common/InternalApiFilter.java:9` | HIGH |\n", []string{"line_drift common/InternalApiFilter.java:9"}},
	})
	// autodoc-v2 (round 167): a field a CRLF Python class sets
	runDriftCases(t, repo, "src/AGENTS.md", []driftCase{
		{"a field set in a CRLF file's class", "- Check `AuthMiddleware.public_paths` if auth is bypassed unexpectedly.", nil},
		{"twin: a field the class never sets", "- Check `AuthMiddleware.private_paths` if auth is bypassed unexpectedly.", []string{"unverified symbol_missing AuthMiddleware.private_paths"}},
	})
	// KovaLab, mycompany-openclaw (openclaw's AGENTS.md): the form of a reference
	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"the form of a reference", "- Replies: repo-root refs only: `extensions/telegram/src/index.ts:80`. No absolute paths, no `~/`.", nil},
		{"twin: a reference to follow", "- Replies: see `extensions/telegram/src/index.ts:80` for the handler.", []string{"unanchored extensions/telegram/src/index.ts:80"}},
	})
	// mLearn (round 175): a count of a tool's projects after its name
	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"a tool's count of projects", "- **Tests**: Vitest 3 projects: `node`, `examples`, `renderer` (happy-dom).", nil},
		{"twin: the tool's version", "- **Tests**: Vitest 3 runs the suite.", []string{"evidence_changed Vitest 3"}},
	})
	// gaelCareBot (round 175): the claim's name only in a comment beside the cited line
	runDriftCases(t, repo, "app/AGENTS.md", []driftCase{
		{"advice named in a comment beside the cited line", "- **Do NOT hardcode timezone offsets.** See `db.py:5` — known bug. Use `pytz`.", nil},
		{"twin: a cited line without the claim's words", "- **Do NOT cache rows.** See `db.py:3` — known bug. Use `pytz`.", []string{"line_drift db.py:3"}},
	})
	// agente-ia-app (round 176): a Spanish "deleted" before a list; roboplc-middle: a linked guide beside a citation
	runDriftCases(t, repo, "CLAUDE.md", []driftCase{
		{"Spanish: deleted, then a list", "- **Archivos huérfanos.** Borrados `components/form-register.tsx` y\n  `components/MisClientesMain.tsx`.", nil},
		{"twin: Spanish, kept", "- **Archivos huérfanos.** Guardados `components/form-register.tsx` y\n  `components/MisClientesMain.tsx`.", []string{"evidence_file_missing components/form-register.tsx", "evidence_file_missing components/MisClientesMain.tsx"}},
		{"a linked guide beside a cited line", "| Area | Where | Guide |\n|---|---|---|\n| Worker registration | `src/main.rs` lines 2-2 | [workers/AGENTS.md](src/workers/AGENTS.md) |\n", nil},
		{"twin: a cited line without the worker", "| Area | Where | Guide |\n|---|---|---|\n| Worker registration | `src/main.rs` lines 3-3 | `spawn_worker` [workers/AGENTS.md](src/workers/AGENTS.md) |\n", []string{"line_drift src/main.rs:3"}},
	})
	// slTerminal (round 176): Chinese "deleted at a stage", and a column of retired names
	runDriftCases(t, repo, "src/CLAUDE.md", []driftCase{
		{"Chinese: deleted at a stage", "> `src/forwardGlobalShortcuts.ts` 已于 Stage 8 FE-13 删除。iframe 键盘转发改为 postMessage 方案。", nil},
		{"Chinese: deleted at a stage, with its barrel between", "- `src/SidebarTree.tsx` 及其配套（`lib/util.ts` barrel）已于 NAV-06 整体删除。", nil},
		{"twin: Chinese, moved at a stage", "> `src/forwardGlobalShortcuts.ts` 已于 Stage 8 FE-13 改写。", []string{"evidence_file_missing src/forwardGlobalShortcuts.ts"}},
		{"Chinese: a column of retired names", "| 旧文件（退役） | 新文件（现行） |\n|---|---|\n| `tests/tab-rules.test.ts`（6 用例） | `lib/util.ts` |\n", nil},
		{"twin: a column of current names", "| 文件（现行） | 说明 |\n|---|---|\n| `tests/tab-rules.test.ts`（6 用例） | `lib/util.ts` |\n", []string{"evidence_file_missing tests/tab-rules.test.ts"}},
	})
}
