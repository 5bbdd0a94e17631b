package engine_test

import "testing"

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
