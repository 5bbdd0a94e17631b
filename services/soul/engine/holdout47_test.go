package engine_test

import (
	"testing"
)

// TestFortySeventhHoldoutClasses: the forty-seventh holdout's false drift (monorepos with nested
// handoff documents, several written in Chinese or Russian), each beside a twin that must stay as it
// was.
func TestFortySeventhHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("package.json", `{"name":"haoma"}`+"\n")
	g.write("tests/test_a.py", "def test_a(): pass\n")
	g.write("main.go", "package main\n\nfunc main() {}\n")
	g.write("auth.py", "from flask_login import login_user\n\n@bp.post(\"/api/login\")\ndef login():\n    return login_user()\n\n@require_admin\n@bp.delete(\"/api/purge\")\ndef purge():\n    pass\n")
	g.write("backend/src/shared/db.py", "x\n")
	g.write("frontend/src/app/main.ts", "x\n")
	g.write("backend/src/haoma/api/server.py", "x\n")
	g.write("backend/src/haoma/core/seed.py", "x\n")
	g.write("apps/admin/index.ts", "x\n")
	g.write("web/app.ts", "x\n")
	g.write("app.py", "a\nb\nc\n")
	g.gone("2026-05-01T10:00:00Z", "2026-06-01T10:00:00Z", "docs/DEV_WORKFLOW.md", "docs/CI_SETUP.md", "docs/RUNBOOK.md", "CHANGELOG.md", "narrator.py", "api/old.py", "apps/web/index.ts", "shared/x.py")
	g.git("branch", "dev")
	repo := g.open(t)

	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		// worldbox-writer: "merged from the former …", a list across a line break
		{"Chinese: merged from the former files", "本文档合并自原 `docs/DEV_WORKFLOW.md` / `docs/CI_SETUP.md` /\n`docs/RUNBOOK.md`。", nil},
		{"Chinese: including the deleted file", "历史基线：27 个错误，含已删 `narrator.py` 的 3 个", nil},
		{"twin: Chinese, see the file", "详见 `docs/RUNBOOK.md`。", []string{"evidence_file_missing docs/RUNBOOK.md"}},
		// remnawave-minishop, in English and in Russian
		{"a sentence opening with No", "No `CHANGELOG.md` — the project deliberately has none; do not create one.", nil},
		{"Russian: there is none", "- **`CHANGELOG.md` в проекте нет намеренно — не создавать.**", nil},
		{"twin: Russian, the file is there", "- **`CHANGELOG.md` в проекте ведётся вручную.**", []string{"evidence_file_missing CHANGELOG.md"}},
		// worldbox-writer: a test level, not a line
		{"L1 tests", "- **L1 tests must not call real LLMs.** `tests/` are millisecond-fast unit tests. Anything slower goes behind `@pytest.mark.integration` (L2).", nil},
		{"twin: a line right after its file", "The server starts at `main.go` L40.", []string{"line_drift main.go:40"}},
		// goverchat: the cited line declares the route, or is the decorator of what the claim names
		{"a line hint on a route's decorator", "| `POST /api/login` | `auth.py:3` | `login_user` |", nil},
		{"twin: another route", "| `POST /api/logout` | `auth.py:3` | `logout_user` |", []string{"evidence_changed auth.py:3"}},
		{"a line hint on a decorator stack", "`purge` is declared at `auth.py:7`.", nil},
		{"twin: a line that is no decorator", "`purge` is declared at `auth.py:4`.", []string{"line_drift auth.py:4"}},
		// ADAM-EDU: a row's bare name for its sibling row's directory
		{"a row's short name for a sibling row", "- `backend/src/shared/` owns the DB.\n- `frontend/src/` follows the split `app / features / shared`.\n- `tests/` holds the tests.\n- `shared/` must not become a catch-all.\n", nil},
		{"twin: no row ends in the name", "- `backend/src/shared/` owns the DB.\n- `frontend/src/` follows the split.\n- `tests/` holds the tests.\n- `api/` must not become a catch-all.\n", []string{"evidence_file_missing api/"}},
		// harness-template: a tree entry its comment calls an example
		{"a tree entry marked as an example", "```\napps/\n├── web/              # 示例：用户端网站\n│   └── index.ts\n└── admin/            # 管理端\n```", nil},
		{"twin: the same entry unmarked", "```\napps/\n├── web/              # 用户端网站\n│   └── index.ts\n└── admin/            # 管理端\n```", []string{"evidence_file_missing apps/web/"}},
		// Haoma: a count between two branches
		{"a count against a branch", "| `dev` | Active. 8 commits ahead of `main`. |", nil},
		{"twin: a count against a ref that is not there", "| `dev` | Active. 8 commits ahead of `v9.9.9`. |", []string{"ref_missing 8 commits ahead of v9.9.9"}},
		// goverchat: a size the nearest name, a directory, measures
		{"a size of a directory", "A Flask factory (`app.py`) serves the React SPA (`web/`, 9055 LOC TS).", nil},
		{"twin: a size of the file", "The Flask factory `app.py` is 9055 lines.", []string{"size_drift app.py"}},
	})

	// Haoma: a tree's root read from the document's directory, in a repository of the same name
	runDriftCases(t, repo, "backend/CLAUDE.md", []driftCase{
		{"a tree rooted in the document's directory", "```\nsrc/haoma/\n├── core/        # shared utils\n└── api/         # FastAPI\n```", nil},
	})
}
