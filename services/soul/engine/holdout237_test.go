package engine_test

import (
	"path/filepath"
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

// TestTwoHundredThirtySeventhHoldoutCopyDestination: styleseed's install step copies a file into the
// reader's project; the place a copy writes is no claim that it is here, the file it reads still is.
func TestTwoHundredThirtySeventhHoldoutCopyDestination(t *testing.T) {
	g := newGitFixture(t)
	g.write("engine/DESIGN-LANGUAGE.md", "# design\n")
	g.commit("2026-05-03T10:00:00Z", "init")
	repo := g.open(t)
	block := func(lines string) string { return "To install, run:\n\n```bash\n" + lines + "```" }

	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"the place a copy writes", block("git clone https://github.com/bitjaru/styleseed.git /tmp/styleseed\ncp /tmp/styleseed/engine/DESIGN-LANGUAGE.md .claude/DESIGN-LANGUAGE.md\n"), nil},
		{"the place a move writes, from a file here", block("mv engine/DESIGN-LANGUAGE.md docs/design/DESIGN-LANGUAGE.md\n"), nil},
		{"twin: the file a copy reads", block("cp engine/STYLE-GUIDE.md docs/STYLE-GUIDE.md\n"), []string{"unverified unanchored engine/STYLE-GUIDE.md"}},
		{"twin: a file a command reads", block("cat .claude/DESIGN-LANGUAGE.md\n"), []string{"unverified unanchored .claude/DESIGN-LANGUAGE.md"}},
	})
}

// TestTwoHundredThirtySeventhHoldoutSectionPlace: cc-rebuild-v2's "Prototype Reference" section gives the
// prototype's checkout on the author's machine, then lists its files; a section that gives this
// checkout's own place, or none, keeps its files answerable here.
func TestTwoHundredThirtySeventhHoldoutSectionPlace(t *testing.T) {
	g := newGitFixture(t)
	g.write("website/app/page.tsx", "export {}\n")
	g.commit("2026-05-03T10:00:00Z", "init")
	repo := g.open(t)
	own := filepath.Base(g.root)
	section := func(place string) string {
		return "## Prototype Reference\n\nFull prototype: `" + place + "`\n\nUseful files to reference when porting:\n- `app/_actions/currency.ts` — exchange rate constants"
	}
	cases := []driftCase{
		{"files of a checkout the section places on the machine", section(`C:\Users\jim-f\source\repos\next-js`), nil},
		{"twin: the section gives this checkout", section(`C:\Users\jim-f\source\repos\` + own), []string{"unanchored app/_actions/currency.ts"}},
		{"twin: no place given", "## Prototype Reference\n\nUseful files to reference when porting:\n- `app/_actions/currency.ts` — exchange rate constants", []string{"unanchored app/_actions/currency.ts"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			assertDrift(t, findingsOf(t, repo, "website/CLAUDE.md", []byte("# Website\n\n"+tc.body+"\n")), tc.want)
		})
	}
}
