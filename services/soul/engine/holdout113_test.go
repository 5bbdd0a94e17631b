package engine_test

import "testing"

// TestHundredThirteenthHoldoutPlannedMarks: "(planned)" in the document's own language marks a tree entry
// or a list item as still to come (DDD_FE's "(예정)", DDD_Admin's "(추후 개발)"); twins without the mark,
// or with another note, stay drift.
func TestHundredThirteenthHoldoutPlannedMarks(t *testing.T) {
	g := newGitFixture(t)
	g.write("packages/api/index.ts", "export {}\n")
	g.write("packages/ui/index.ts", "export {}\n")
	g.write("apps/admin/index.ts", "export {}\n")
	g.commit("2026-03-01T10:00:00Z", "monorepo")
	g.remove("packages/ui/index.ts")
	g.commit("2026-03-25T10:00:00Z", "drop ui for now")
	repo := g.open(t)
	tree := func(note string) string {
		return "```\n(root)\n└── packages/\n    ├── api/          (@ddd/api)   — API 클라이언트\n    └── ui/           (@ddd/ui)    — admin/web 공통 UI 컴포넌트" + note + "\n```"
	}
	runDriftCases(t, repo, "CLAUDE.md", []driftCase{
		{"a tree entry marked planned in Korean", tree(" (예정)"), nil},
		{"twin: the entry without the mark", tree(""), []string{"evidence_file_missing packages/ui/"}},
		{"a list item to be built later", "- **구조**: 모노레포 (PNPM Workspaces)\n  - `apps/admin` — 어드민 페이지 (현재 개발 대상)\n  - `apps/web` — 랜딩페이지 + 동아리 신청 폼 (추후 개발)", nil},
		{"twin: a list item in use", "- **구조**: 모노레포 (PNPM Workspaces)\n  - `apps/admin` — 어드민 페이지 (현재 개발 대상)\n  - `apps/web` — 랜딩페이지 + 동아리 신청 폼 (운영 중)", []string{"evidence_file_missing apps/web"}},
	})
}

// TestHundredThirteenthHoldoutExistsIf: a file the sentence reads only if it exists, in Korean, Japanese
// or Chinese word order, asserts nothing (DDD_FE's per-session `.claude/handoff.md`); twins that say the
// file is there stay drift.
func TestHundredThirteenthHoldoutExistsIf(t *testing.T) {
	g := newGitFixture(t)
	g.write(".claude/handoff.md", "# handoff\n")
	g.write("README.md", "# x\n")
	g.commit("2026-03-01T10:00:00Z", "handoff")
	g.remove(".claude/handoff.md")
	g.commit("2026-03-02T10:00:00Z", "read and deleted")
	repo := g.open(t)
	runDriftCases(t, repo, "CLAUDE.md", []driftCase{
		{"Korean: if the file exists", "세션 시작 시 `.claude/handoff.md` 파일이 존재하면:\n1. 파일을 즉시 읽는다.", nil},
		{"Japanese: if there is", "セッション開始時に `.claude/handoff.md` があれば読んでから削除する。", nil},
		{"Chinese: if it exists", "会话开始时如果 `.claude/handoff.md` 存在，先读再删除。", nil},
		{"twin: Korean, the file is read", "세션 시작 시 `.claude/handoff.md` 파일을 읽는다.", []string{"evidence_file_missing .claude/handoff.md"}},
	})
}
