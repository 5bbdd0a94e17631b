package engine_test

import (
	"strings"
	"testing"
)

// TestHundredSeventeenthHoldoutClasses: the false rows of the hundred-and-seventeenth holdout that
// were fixed, each beside a twin that stays drift.
func TestHundredSeventeenthHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	for _, f := range []string{"init", "index", "serve"} {
		g.write("src/cli/"+f+".rs", "fn main() {}\n")
	}
	for _, f := range []string{"listening", "speaking", "writing"} {
		g.write("apps/web/src/lib/class-"+f+"-generator.ts", "export {}\n")
	}
	g.write("assets/media/clip.mp4", "x")
	g.write(".github/workflows/ci.yml", "on: push\n")
	g.commit("2026-05-01T10:00:00Z", "app")
	g.remove(".github/workflows/ci.yml")
	g.commit("2026-05-02T10:00:00Z", "no CI")
	repo := g.open(t)
	runDriftCases(t, repo, "src/cli/CLAUDE.md", []driftCase{
		{"files of the document's directory written as one name", "- `init/index/serve.rs` — one file per subcommand.", nil},
		{"twin: a member the directory lacks", "- `init/index/query.rs` — one file per subcommand.", []string{"unanchored init/index/query.rs"}},
		{"twin: two parts are a path", "- `init/serve.rs` — one file per subcommand.", []string{"evidence_file_missing init/serve.rs"}},
	})
	runDriftCases(t, repo, "apps/web/src/lib/AGENTS.md", []driftCase{
		{"a prefix and a suffix shared", "- `class-listening/speaking/writing-generator.ts` build the class exercises.", nil},
		{"twin: a member with no file", "- `class-listening/reading/writing-generator.ts` build the class exercises.", []string{"evidence_file_missing class-listening/reading/writing-generator.ts"}},
	})
	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"endings of media soul does not know", "Every media extension (`.mp4/.webm/.mov/.mp3`) has a fixture in `assets/media/`.", nil},
		{"twin: a dot directory's file", "CI runs `.github/workflows/ci.yml`.", []string{"evidence_file_missing .github/workflows/ci.yml"}},
	})
}

// TestHundredSeventeenthHoldoutKorean: a name a Korean sentence says was deleted or moved away, or
// was so in the past, and a page of a framework's official documentation; beside twins that stay drift.
func TestHundredSeventeenthHoldoutKorean(t *testing.T) {
	g := newGitFixture(t)
	g.write("src/atoms/grid.tsx", "export {}\n")
	g.write("src/atoms/titled-section.tsx", "export {}\n")
	g.write("src/layout/box.tsx", "export {}\n")
	g.write("src/fields/input.tsx", "export {}\n")
	g.write("src/atoms/button.tsx", "export {}\n")
	g.commit("2026-05-01T10:00:00Z", "atoms")
	for _, f := range []string{"src/atoms/grid.tsx", "src/atoms/titled-section.tsx", "src/layout/box.tsx", "src/fields/input.tsx"} {
		g.remove(f)
	}
	g.commit("2026-05-02T10:00:00Z", "dissolve")
	repo := g.open(t)
	runDriftCases(t, repo, "src/atoms/CLAUDE.md", []driftCase{
		{"deleted at the clause's end", "- `grid.tsx`(구 `Grid`)는 결국 완전히 해체돼 삭제됐다 — 배치는 소비처에서 인라인한다.", nil},
		{"moved here from a place, then deleted", "- `titled-section.tsx`(구 `SectionLayout`)는 `src/layout/`에서 여기로 옮겨졌었지만, 다시 삭제됐다.", nil},
		{"in the past", "- 과거 `src/fields/` 서브폴더를 예외존처럼 다룬 게 혼란의 원인이었다.", nil},
		{"a page of the official docs", "- 예상 가능한 실패는 리턴값으로 모델링한다 — 공식 문서(`error-handling.md`) 참고.", nil},
		{"twin: another name is the one deleted", "- `grid.tsx`는 그대로 두고 `button.tsx`는 삭제했다.", []string{"evidence_file_missing grid.tsx"}},
		{"twin: the name is where things live", "- 배치는 `grid.tsx`에 있다.", []string{"evidence_file_missing grid.tsx"}},
	})
}

// TestHundredSeventeenthHoldoutSizes: counts of lines that measure something other than the file
// named nearest them: code doing a thing, a plain-text file named as the count's subject, another
// count converted; each beside a twin that is the file's size.
func TestHundredSeventeenthHoldoutSizes(t *testing.T) {
	g := newGitFixture(t)
	g.write("playground/immer-store.ts", strings.Repeat("// line\n", 38))
	g.write("docs/GOALS_ARCHIVE.md", strings.Repeat("a goal\n", 500))
	g.write("docs/GOALS.md", strings.Repeat("a goal\n", 120))
	g.write("examples/explain.rs", strings.Repeat("// line\n", 30))
	g.write("src/index.ts", "#!/usr/bin/env node\nimport { a } from './a'\nimport { b } from './b'\n\nrun(a, b)\n")
	g.write("src/report.js", strings.Repeat("// line\n", 40))
	g.commit("2026-05-01T10:00:00Z", "app")
	repo := g.open(t)
	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"code doing a thing", "The helper (`playground/immer-store.ts`) adds a draft-style `update` to the api in ~10 lines.", nil},
		{"twin: the file's size", "The helper `playground/immer-store.ts` is ~10 lines.", []string{"size_drift playground/immer-store.ts"}},
		{"a plain-text name is the count's subject", "A landed goal moves to `docs/GOALS_ARCHIVE.md`, and GOALS.md stays under ~200 lines.", nil},
		{"twin: the named file is the subject", "A landed goal moves to `docs/GOALS_ARCHIVE.md`, which stays under ~200 lines.", []string{"size_drift docs/GOALS_ARCHIVE.md"}},
		{"another count converted", "The DB is seeded (5_000 chunks ≈ 100K LOC) by `examples/explain.rs`.", nil},
		{"twin: the file's own count", "`examples/explain.rs` (≈ 100K LOC) seeds the DB.", []string{"size_drift examples/explain.rs"}},
		// the hundred-and-twelfth holdout's testing-anthropic-api and the hundred-and-fourteenth's buku-kas
		{"within two lines of a small file", "`src/index.ts` is 3 lines: two imports and the call.", nil},
		{"twin: a small file miscounted", "`src/index.ts` is 12 lines: two imports and the call.", []string{"size_drift src/index.ts"}},
		{"how text lays out", "Large values in `src/report.js` still wrapped to 2 lines in the Subtotal column.", nil},
		{"twin: the file's size", "`src/report.js` is 2 lines.", []string{"size_drift src/report.js"}},
	})
}

// TestReleaseStepsMakeTheirTag: a version the document's release steps tag ("git tag v0.2.0") is the
// procedure's illustration wherever the document names it again (the hundred-and-twelfth holdout's
// skipper); a version the steps do not make is still missing from the tags.
func TestReleaseStepsMakeTheirTag(t *testing.T) {
	g := newGitFixture(t)
	g.write("main.go", "package main\n")
	g.commit("2026-05-01T10:00:00Z", "one")
	g.git("tag", "v0.0.1")
	g.commit("2026-05-02T10:00:00Z", "two")
	g.git("tag", "v0.0.2")
	repo := g.open(t)
	runDriftCases(t, repo, "CLAUDE.md", []driftCase{
		{"the steps tag it", "## Releasing\n\n```sh\ngit tag v0.2.0\ngit push origin v0.2.0\n```\n\nThe git tag is the single source of version truth: the workflow derives the version from the tag (`v0.2.0` → `0.2.0`).\n", nil},
		{"twin: the steps tag another version", "## Releasing\n\n```sh\ngit tag v0.3.0\ngit push origin v0.3.0\n```\n\nThe git tag is the single source of version truth: the workflow derives the version from the tag (`v0.2.0` → `0.2.0`).\n", []string{"version_not_tagged v0.2.0"}},
	})
}

// TestInsideExportPackages: a path placed inside the packages or archives an exporter writes is the
// tool's output (the hundred-and-seventeenth holdout's NoaCG-Studio); the same path said to be in the
// repository's own package stays drift.
func TestInsideExportPackages(t *testing.T) {
	g := newGitFixture(t)
	g.write("src/assets/lottie.min.js", "x\n")
	g.write("js/lottie.min.js", "x\n")
	g.commit("2026-05-01T10:00:00Z", "app")
	g.remove("js/lottie.min.js")
	g.commit("2026-05-02T10:00:00Z", "moved into assets")
	repo := g.open(t)
	runDriftCases(t, repo, "src/export/AGENTS.md", []driftCase{
		{"a path inside the exported packages", "- Lottie: the exporter ships the bundled player - `js/lottie.min.js` in folder packages, inlined in single-file targets.", nil},
		{"twin: the path named as the repository's", "- Lottie: the bundled player is `js/lottie.min.js`, loaded by the preview.", []string{"evidence_file_missing js/lottie.min.js"}},
	})
}
