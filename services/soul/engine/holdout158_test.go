package engine_test

import "testing"

// TestHundredFiftyEighthHoldoutClasses: the false rows of the hundred-and-fifty-eighth and
// hundred-and-fifty-ninth holdouts that were fixed, each beside a twin that stays a finding.
func TestHundredFiftyEighthHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("build/appicon.png", "png\n")
	g.write("frontend/src/main.ts", "export {}\n")
	g.write("public/.nojekyll", "")
	g.write("public/sw.js", "self\n")
	g.write("public/ads.txt", "google\n")
	g.write("tools/lint/.prettierrc", "{}\n")
	g.write("scripts/01a_crawl_policies.py", "print(1)\n")
	g.write("crates/beads/src/lib.rs", "pub fn run() {}\n")
	g.write("ai/types/review.type.ts", "export {}\n")
	g.commit("2026-05-01T10:00:00Z", "init")
	g.gone("2026-05-02T10:00:00Z", "2026-05-03T10:00:00Z", "frontend/public/wails.png", "frontend/public/react.svg", ".nojekyll", ".prettierrc",
		"crates/beads/src/cli/commands/list.rs", "ai/types.ts", "src/components/MagneticButton.tsx")
	repo := g.open(t)

	// go-file-manager: "Don’t reintroduce" with a typographic apostrophe, a place not to keep things in
	runDriftCases(t, repo, "frontend/AGENTS.md", []driftCase{
		{"a heading forbidding a return, typographic apostrophe", "## Don’t reintroduce\n\n- Template assets: `wails.png`, `react.svg`, Inter font in public.\n", nil},
		{"twin: a heading that keeps them", "## Template assets\n\n- Template assets: `wails.png`, `react.svg`, Inter font in public.\n", []string{"evidence_file_missing wails.png", "evidence_file_missing react.svg"}},
	})
	runDriftCases(t, repo, "build/AGENTS.md", []driftCase{
		{"a place not to keep things in", "- **Do not** keep product icons under `frontend/public`.", nil},
		{"a place not to keep things in, typographic apostrophe", "- Don’t keep product icons under `frontend/public`.", nil},
		{"twin: a place said to hold things", "- Product icons live under `frontend/public`.", []string{"evidence_file_missing frontend/public"}},
	})
	// bluemiv.github.io: a dot-file the site serves from its root, kept in public/
	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"a site root's dot-file", "- `ads.txt`, `.nojekyll`, `sw.js` 경로를 바꾸지 않는다.", nil},
		{"twin: a dot-file kept only in a tool's directory", "- `.prettierrc` holds the formatting rules.", []string{"evidence_file_missing .prettierrc"}},
	})
	// excel-etl-cosmos-db-app and Better-Minecraft-Bedrock-Launcher: a name that says which kind of name
	runDriftCases(t, repo, "server/AGENTS.md", []driftCase{
		{"a kind's name as a file's stem", "✅ DO: Use modular route files following `route-name.route.ts` pattern.", nil},
		{"the word name as a module", "让 rustc 按 `name.rs` 或 `name/mod.rs` 规则解析文件。", nil},
		{"twin: a file with a real stem", "✅ DO: Keep the routes in `route-map.route.ts`.", []string{"unverified unanchored route-map.route.ts"}},
	})
	// gennady: Russian "do not use aggregating …"; beads-rs: "NEVER:" with a colon
	runDriftCases(t, repo, "ai/AGENTS.md", []driftCase{
		{"Russian: do not use", "- Не использовать агрегирующие `types.ts` для review core.", nil},
		{"twin: Russian, use", "- Использовать агрегирующие `types.ts` для review core.", []string{"evidence_file_missing types.ts"}},
	})
	runDriftCases(t, repo, "crates/beads/src/AGENTS.md", []driftCase{
		{"never, then a colon, then recreate", "NEVER: recreate `src/cli/commands/**`, top-level parse/dispatch, or rendering here.", nil},
		{"twin: always keep", "ALWAYS: keep `src/cli/commands/**` for top-level parse/dispatch.", []string{"evidence_file_missing src/cli/commands/**"}},
	})
	// monibuca: words in the place of a link's address
	runDriftCases(t, repo, "plugin/AGENTS.md", []driftCase{
		{"a link to words", "- [GB/T 28181-2022标准文档](需要单独获取)", nil},
		{"twin: a link to a file", "- [GB/T 28181-2022标准文档](docs/标准.md)", []string{"unanchored docs/标准.md"}},
	})
	// AntwanSherif: a heading that says its components are not made yet
	runDriftCases(t, repo, "CLAUDE.md", []driftCase{
		{"a heading: not yet created", "## Key Components to Build (not yet created)\n\n- `src/components/PersonalSection.tsx` — \"Beyond the Code\" section\n", []string{"unverified unanchored src/components/PersonalSection.tsx"}},
		{"twin: a heading over components made", "## Key Components\n\n- `src/components/PersonalSection.tsx` — \"Beyond the Code\" section\n", []string{"unanchored src/components/PersonalSection.tsx"}},
	})
	// ecommerce-cs-agent: a script named without the step number between two numbers
	runDriftCases(t, repo, "scripts/AGENTS.md", []driftCase{
		{"a step slotted between numbers", "| # | Script | Purpose |\n|---|---|---|\n| 01a | `crawl_policies.py` | Policy document crawling |", nil},
		{"twin: a script no step carries", "| # | Script | Purpose |\n|---|---|---|\n| 01c | `crawl_rules.py` | Rule crawling |", []string{"unverified unanchored crawl_rules.py"}},
	})
}

// TestHundredSixtiethHoldoutClasses: the false rows of the hundred-and-sixtieth to hundred-and-sixty-second
// holdouts that were fixed, each beside a twin that stays a finding.
func TestHundredSixtiethHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("labs/AGENTS.md", "# labs\n")
	g.write("kits/AGENTS.md", "# kits\n")
	g.write("kits/run.py", "print(1)\n")
	g.write("src/app/api/trpc/[trpc]/route.ts", "export {}\n")
	g.write("src/app/roast/[id]/page.tsx", "export {}\n")
	g.write("src/components/card/card.tsx", "export {}\n")
	g.write("src/api/index.ts", "export {}\n")
	for _, d := range []string{"agent-calls", "ai-gateway", "chat", "context", "durable-stream", "evals", "hello"} {
		g.write("src/api/"+d+"/route.ts", "export {}\n")
	}
	g.write("app.mk", "api:\n\ttrue\n")
	g.write("train.py", "print(1)\n")
	g.write("term/src/lib.rs", "pub fn a() {}\n")
	g.write("bootstrap.sh", "git clone https://example.com/ez-agents.git skills/ez-agents\n")
	g.commit("2026-05-01T10:00:00Z", "init")
	g.gone("2026-05-02T10:00:00Z", "2026-05-03T10:00:00Z", "src/lib/gone.ts", "quests/AOA-KAG-Q-1.yaml")
	repo := g.open(t)

	// build-your-own-claude-code and infinitus-frontend: a guide written into a directory before its code
	runDriftCases(t, repo, "labs/AGENTS.md", []driftCase{
		{"a directory that holds only its guide", "| Directory | Purpose |\n|---|---|\n| `lab-00-environment/` | Lab 0: Environment setup |", nil},
	})
	runDriftCases(t, repo, "labs/CLAUDE.md", []driftCase{
		{"twin: a tree in a directory that holds only its guides", "```\nlabs/\n├── lab-00-environment/\n│   └── setup.py     # Lab 0\n└── lab-01-messages/\n    └── main.py      # Lab 1\n```\n", []string{"unverified unanchored labs/lab-00-environment/"}},
	})
	runDriftCases(t, repo, "kits/AGENTS.md", []driftCase{
		{"twin: a directory with code beside its guide", "| Directory | Purpose |\n|---|---|\n| `kit-00-environment/` | Kit 0: Environment setup |", []string{"unanchored kit-00-environment/"}},
	})
	// nlw-operator: an indented tree with a router's segment names
	runDriftCases(t, repo, "src/AGENTS.md", []driftCase{
		{"a tree through [trpc]/ and [id]/", "```\nsrc/\n  app/\n    api/\n      trpc/\n        [trpc]/\n          route.ts    # handler\n    roast/[id]/\n      page.tsx\n```\n", nil},
		{"twin: the same tree with a file gone", "```\nsrc/\n  app/\n    api/\n      trpc/\n        [trpc]/\n          route.ts    # handler\n  lib/\n    gone.ts       # helpers\n```\n", []string{"evidence_file_missing src/lib/"}},
	})
	// sdk-explorer: a tree shown as an example
	runDriftCases(t, repo, "src/api/AGENTS.md", []driftCase{
		{"an example tree", "Example structure:\n```\nsrc/api/\n├── index.ts         (optional, mounted at /api)\n├── status/\n│   └── route.ts     (mounted at /api/status)\n├── agent-call/\n    └── route.ts     (mounted at /api/agent-call)\n```\n", []string{"unverified unanchored src/api/status/"}},
		{"twin: the package's tree", "Structure:\n```\nsrc/api/\n├── index.ts         (optional, mounted at /api)\n├── status/\n│   └── route.ts     (mounted at /api/status)\n├── agent-call/\n    └── route.ts     (mounted at /api/agent-call)\n```\n", []string{"unanchored src/api/status/", "evidence_file_missing src/api/agent-call/"}},
	})
	// skyplix: a heading that says a script installs what it lists
	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"a heading: installed by a script", "## Skills (installed by bootstrap.sh)\n\n| Skill | Location |\n|---|---|\n| EZ Agents | `skills/ez-agents/` |\n", nil},
		{"twin: a heading over skills kept here", "## Skills\n\n| Skill | Location |\n|---|---|\n| EZ Agents | `skills/ez-agents/` |\n", []string{"unanchored skills/ez-agents/"}},
		{"a table row that says the file is missing", "| File | Role |\n|---|---|\n| `train.py` | Training |\n| `download_datasets.py` | ⚠️ **MISSING** — documented but not present in codebase |", nil},
		{"twin: a row that says what the file does", "| File | Role |\n|---|---|\n| `train.py` | Training |\n| `download_datasets.py` | Downloads the datasets |", []string{"unverified unanchored download_datasets.py"}},
		{"Chinese: if … exists, before the name", "- 若存在 `api/buf.typescript.gen.yaml`，会额外生成 TypeScript 客户端", nil},
		{"twin: Chinese, use the file", "- 使用 `api/buf.typescript.gen.yaml` 生成 TypeScript 客户端", []string{"unverified unanchored api/buf.typescript.gen.yaml"}},
		{"the reader's own command file", "| Task | App | File |\n|---|---|---|\n| Add CLI command | **cli** | `src/commands/my-command.ts` |", nil},
		{"twin: a my- page of the project", "| Task | App | File |\n|---|---|---|\n| Account page | **cli** | `src/commands/my-account.ts` |", []string{"unanchored src/commands/my-account.ts"}},
	})
	// manda: a place named only for when it is there
	runDriftCases(t, repo, "term/AGENTS.md", []driftCase{
		{"a place when present", "- `term/src/escape/` - escape sequence handling when present", nil},
		{"twin: a place said to be there", "- `term/src/escape/` - escape sequence handling", []string{"unanchored term/src/escape/"}},
	})
	// infinitus-frontend: each name of a list a "no nested" rules out; aoa-kag: copies not to keep or make
	runDriftCases(t, repo, "src/components/AGENTS.md", []driftCase{
		{"no nested subfolders", "Keep component code **flat inside the component folder** — no nested `libs/` or `helpers/` subfolders.", nil},
		{"twin: nested subfolders that hold the rest", "Keep component code flat; nested `libs/` or `helpers/` subfolders hold the rest.", []string{"unverified unanchored libs/"}},
	})
	runDriftCases(t, repo, "quests/AGENTS.md", []driftCase{
		{"records not to keep as aliases", "- Do not keep active source records as root `quests/AOA-KAG-Q-*.yaml` aliases.", nil},
		{"twin: records to keep as aliases", "- Keep active source records as root `quests/AOA-KAG-Q-*.yaml` aliases.", []string{"evidence_file_missing quests/AOA-KAG-Q-*.yaml"}},
		{"a same-name copy not to make, the words on the next line", "- Expose the bundle through the profile. Do not create a\n  same-name `.agents/skills/aoa-kag` copy.", nil},
		{"twin: a same-name copy to keep", "- Expose the bundle through the profile. Keep the\n  same-name `.agents/skills/aoa-kag` copy.", []string{"unverified unanchored .agents/skills/aoa-kag"}},
	})
}

// TestHundredSixtiethHoldoutLineHints: afterray's line hints, which cite a file's own type, a branch, a
// doc comment, beside names pinned to lines of their own; each beside a twin that stays a finding.
func TestHundredSixtiethHoldoutLineHints(t *testing.T) {
	g := newGitFixture(t)
	g.write("Sources/AfterRayApp.swift", "import SwiftUI\n\n@main\nstruct AfterRayApp: App {\n    var body: some Scene { WindowGroup {} }\n}\n\nfinal class AppDelegate {\n    func start() {\n        AfterRayMenuBar.shared.install()\n    }\n}\n\nfinal class AfterRayMenuBar {\n    static let shared = AfterRayMenuBar()\n    func install() {}\n}\n")
	g.write("Sources/DaemonSupervisor.swift", "import Foundation\n\nfinal class DaemonSupervisor {\n    var root: URL? { Self.developmentRepoRoot() }\n    static func developmentRepoRoot() -> URL? { nil }\n}\n")
	g.write("Sources/main.swift", "import Foundation\n\nenum SnapshotRunner {\n    static func main() {\n        render()\n    }\n}\n")
	g.write("src/process.rs", "fn decode(response: Response) -> Result<(), AdapterError> {\n    if let Some(error) = response.error {\n        return if response.retryable {\n            Err(AdapterError::Process(error))\n        } else {\n            Err(AdapterError::MissingModel(error))\n        };\n    }\n    Ok(())\n}\n")
	g.write("Sources/DaemonClient.swift", "protocol DaemonClient {\n    /// Smallest pixels available for a moment: a cached JPEG thumbnail,\n    /// but moments packed before thumbnails existed answer with the IVF frame;\n    /// always decode by `contentType`, never by assumption.\n    func thumbnail(momentID: String) async throws -> Payload\n}\n")
	g.commit("2026-05-01T10:00:00Z", "init")
	repo := g.open(t)

	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"a decorator over the file's own type, a name pinned elsewhere", "- `Sources/AfterRayApp.swift:3` `@main` + app delegate; `AfterRayMenuBar` (:14)", nil},
		{"twin: a line that is not the type, the name unpinned", "- `Sources/AfterRayApp.swift:8` app delegate + `AfterRayMenuBar`", []string{"line_drift Sources/AfterRayApp.swift:8"}},
		{"the file's own type declared on the cited line", "- `Sources/DaemonSupervisor.swift:3` — spawns helpers; dev layout via `developmentRepoRoot()` (:5)", nil},
		{"twin: the cited line past the type", "- `Sources/DaemonSupervisor.swift:2` — spawns helpers; dev layout via `developmentRepoRoot()` (:5)", []string{"line_drift Sources/DaemonSupervisor.swift:2"}},
		{"a member's type declared on the cited line", "- `Sources/main.swift:3` `SnapshotRunner.main` — renders every scene", nil},
		{"twin: a line that declares neither", "- `Sources/main.swift:2` `SnapshotRunner.main` — renders every scene", []string{"line_drift Sources/main.swift:2"}},
		{"a branch whose first line holds the name", "- Workers signal failures via `retryable`: `true` → retried, `false` → missing (`src/process.rs:2`).", nil},
		{"twin: a line after the branch", "- Workers signal failures via `retryable`: `true` → retried, `false` → missing (`src/process.rs:5`).", []string{"line_drift src/process.rs:5"}},
		{"two lines of a doc comment that names it below", "- Decode artifact bytes by `contentType`, never by assumption (`Sources/DaemonClient.swift:2-3`).", nil},
		{"twin: the function below the comment", "- Decode artifact bytes by `contentType`, never by assumption (`Sources/DaemonClient.swift:5`).", []string{"line_drift Sources/DaemonClient.swift:5"}},
	})
}
