package engine_test

import (
	"testing"
)

// TestSixtyFourthHoldoutClasses: the false rows of the sixty-fourth holdout, each beside a twin that
// stays drift.
func TestSixtyFourthHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("webapp/.env.example", "A=1\n")
	g.write("webapp/.env.test", "A=2\n")
	g.write("apps/admin/app/(dashboard)/403/page.tsx", "export default function Denied() {}\n")
	g.write("apps/admin/app/(dashboard)/roadmaps/page.tsx", "export default function R() {}\n")
	g.write("apps/admin/app/(misc)/debug.tsx", "export default function D() {}\n")
	g.write("webapp/package.json", `{"name":"webapp"}`+"\n")
	g.gone("2026-04-01T10:00:00Z", "2026-04-02T10:00:00Z", "webapp/.env.staging", ".env.staging", ".gitmodules", "apps/admin/app/404/page.tsx", "apps/admin/app/403/page.tsx", "apps/admin/app/debug.tsx")
	g.commit("2026-05-03T10:00:00Z", "webapp")
	repo := g.open(t)

	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"bare names under a directory the sentence names by its bare name", "- Keep webapp environment files under `webapp`. Commit reviewed files such as `.env.test` and `.env.example`.", nil},
		{"twin: a bare name that went from there", "- Keep webapp environment files under `webapp`. Commit reviewed files such as `.env.staging`.", []string{"evidence_file_missing .env.staging"}},
	})
	runDriftCases(t, repo, ".github/AGENTS.md", []driftCase{
		{"a file the sentence makes a condition of its return", "- Do not reintroduce submodule setup unless `.gitmodules` is restored with real entries.", nil},
		{"a file the sentence calls empty", "The submodules are now inline. `.gitmodules` is empty, there are no gitlinks.", nil},
		{"twin: the file said to hold the entries", "- Submodules are listed in `.gitmodules`; keep it in sync.", []string{"evidence_file_missing .gitmodules"}},
	})
	runDriftCases(t, repo, "apps/admin/AGENTS.md", []driftCase{
		{"a route written without its route group", "- **Builder:** CRUD pages under `app/roadmaps` write to the API. Denied access renders `app/403`.", nil},
		{"twin: a route that went", "- **Builder:** CRUD pages under `app/roadmaps` write to the API. Missing pages render `app/404`.", []string{"evidence_file_missing app/404"}},
		{"twin: a file moved into a route group", "- **Don't** import the admin API from user-facing routes, e.g. `app/debug.tsx`.", []string{"evidence_file_missing app/debug.tsx"}},
	})
}
