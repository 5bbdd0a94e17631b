package engine_test

import (
	"testing"
)

// TestTwoHundredThirtySeventhHoldoutClasses: the false rows of the two-hundred-and-thirty-seventh
// holdout that were fixed, each beside a twin that stays a finding.
func TestTwoHundredThirtySeventhHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("package.json", `{"name": "kgsm-api"}`+"\n")
	g.write("web/app.ts", "export {}\n")
	g.write("ansible/roles/base/tasks/main.yml", "- name: base\n")
	g.write("dashboard/src/features/products/index.ts", "export {}\n")
	g.write("dashboard/src/features/product-detail/index.ts", "export {}\n")
	g.write("electron/main.cjs", "1\n")
	g.write("_tags/myTag.php", "<?php\n")
	g.write("docs/index.md", "# docs\n")
	g.gone("2026-05-01T10:00:00Z", "2026-05-02T10:00:00Z", "landing/index.astro", "frontend/src/App.tsx",
		"dashboard/src/features/defect-types/index.ts", "magazine/why-signal-token.html", "mytag.php")
	g.commit("2026-05-03T10:00:00Z", "work")
	repo := g.open(t)

	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		// polyinsight: Korean words that say web/ replaced both, and a background note on a port
		{"places a Korean sentence says were replaced", "`landing/`(Astro), `frontend/`(React SPA 프로토타입)를 모두 대체한다.", nil},
		{"a place a Korean note says was ported away", "배경: `frontend/`(파란 hex 토큰)를 `web/`(초록 OKLCH 토큰)으로 이식 시 두 시스템이 단절됐다.", nil},
		{"twin: places a Korean sentence says are kept", "`landing/`(Astro), `frontend/`(React SPA 프로토타입)를 모두 유지한다.", []string{"evidence_file_missing landing/", "evidence_file_missing frontend/"}},
		// qc_system_pmp: a folder replaced by two others
		{"a feature folder replaced", "The `dashboard/src/features/defect-types/` feature folder is replaced by `products/` and `product-detail/`.", nil},
		{"twin: a feature folder kept", "The `dashboard/src/features/defect-types/` feature folder holds the defect forms.", []string{"evidence_file_missing dashboard/src/features/defect-types/"}},
		// infra-cd: a directory no role has
		{"a directory no role has", "Confirmed via repo-wide grep: no role under `ansible/` has a `defaults/` directory.", nil},
		{"twin: a directory each role has", "Confirmed via repo-wide grep: each role under `ansible/` has a `defaults/` directory.", []string{"unverified unanchored defaults/"}},
		// T8-penguin-canvas: globs a Chinese cell excludes
		{"globs a Chinese cell excludes", "| `files` | 包含 `electron/main.cjs` + `package.json`；**排除** `electron-builder` 自身、`*.md`、`*.d.ts`、`test/` |", nil},
		{"twin: globs a Chinese cell includes", "| `files` | 包含 `electron/main.cjs` + `*.d.ts` |", []string{"unverified evidence_file_missing *.d.ts"}},
		// pad: a file name a braced tag maps to
		{"a file a braced tag maps to", "| `_tags/` | Custom tags | `{mytag}` → `mytag.php` |", nil},
		{"twin: the same file cited", "| `_tags/` | Custom tags | see `mytag.php` |", []string{"evidence_file_missing mytag.php"}},
		// cabinet: the file that makes a user's folder an app
		{"what a kind of folder holds", "**Embedded apps** — dirs with `index.html` + no `index.md` render as iframes.", nil},
		{"twin: a file named as the repository's", "**Embedded apps** — the shell is `index.html`.", []string{"unverified unanchored index.html"}},
		// kgsm-api: commits of the project's sibling repositories
		{"a commit of a sibling repository", "Restart recovery (since kgsm-watchdog `d4b453f`) is the watchdog's.", nil},
		{"a commit of a sibling repository, later in the parenthesis", "The shaping is pushed upstream (kgsm-llm Phase 1, committed `bda373a`).", nil},
		{"twin: a commit of this repository", "Restart recovery (since commit `d4b453f`) is the watchdog's.", []string{"ref_missing d4b453f"}},
		// predict-analytics: an article in a repository the sentence names
		{"an article in a named repository", "See the `why-signal-token.html` article on\nFactory Magazine, in the `factorysignal-magazine` repo, for the reasoning.", nil},
		{"twin: the article cited here", "See the `why-signal-token.html` article for the reasoning.", []string{"evidence_file_missing why-signal-token.html"}},
	})
}
