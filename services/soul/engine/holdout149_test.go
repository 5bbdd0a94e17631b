package engine_test

import "testing"

// TestHundredFortyNinthHoldoutClasses: the false rows of the hundred-and-forty-ninth holdout that
// were fixed, each beside a twin that stays a finding.
func TestHundredFortyNinthHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("web/urls.py", "urlpatterns = [path(\"_export/\", export, name=\"admin_export\")]\n")
	g.write(".gitignore", "*.log\nserver/conf/secret_settings.py\n")
	g.write("src/app.ts", "export {}\n")
	g.commit("2026-05-01T10:00:00Z", "init")
	g.gone("2026-05-03T10:00:00Z", "2026-05-04T10:00:00Z", "docs/old.md", "tests/config/x.ts", "tests/api/a.test.ts", "tests/lib/google/b.test.ts")
	repo := g.open(t)

	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		// arxii: a section of URL routes, and a route given with its name
		{"a route list under a URLs heading", "### URLs\n\n- `_export_preview/` - Export preview page with model inventory\n- `_pin/` - Toggle model pinning", nil},
		{"twin: a place list under a heading", "### Places\n\n- `_export_preview/` - Export preview page with model inventory\n- `_pin/` - Toggle model pinning", []string{"unanchored _export_preview/", "unanchored _pin/"}},
		{"a route and its name", "**Game Tuning** (`_tuning/` → `admin_tuning`) — four panels, each its own sub-URL.", nil},
		{"a route and its name in parentheses", "A link on the hub leads to `_authoring/` (`admin_authoring`).", nil},
		{"twin: a place and its module", "**Game Tuning** (`_tuning/` → `tuning.py`) — four panels, each its own sub-URL.", []string{"unverified unanchored _tuning/"}},
		// docx-cli: the parts inside an Office package
		{"an OOXML part", "Word treats `word/styles.xml` and `docProps/app.xml` as required even though ECMA-376 marks them optional.", nil},
		{"twin: a repository XML file", "Word treats `src/styles.xml` as required even though ECMA-376 marks it optional.", []string{"unverified unanchored src/styles.xml"}},
		// salon-booking-v2: what was so until a day, not what holds until it
		{"a state that held until a day", "- `src/app.ts` resolves the copy. Until 2026-04-07 only the service name was localized; do not reintroduce that split.", nil},
		{"a file that used a call until a day", "- `src/app.ts` used a raw uncached `fetch` until 2026-04-07, which flashed a placeholder.", nil},
		{"twin: a state that holds until a day", "- `src/app.ts` resolves the copy. Until 2026-04-07 only the service name is localized; do not add more.", []string{"expired "}},
		// salon-booking-v2: a glob among the names a dated note says were removed
		{"a glob among removed names", "- (2026-04-13) Removed `tests/config/`, `tests/api/a.test.ts`, and `tests/lib/google/*.test.ts` — all covered code had been deleted.", nil},
		{"twin: a glob among kept names", "- (2026-04-13) Kept `src/app.ts`, and `tests/lib/google/*.test.ts` — all covered code is there.", []string{"evidence_file_missing tests/lib/google/*.test.ts"}},
		// talkspark: the file a preference passes over
		{"a file a preference passes over", "For any new server-side feature, prefer a `.remote.ts` file over a manual `+server.ts` route.", nil},
		// (a bare `+server.ts` names SvelteKit's route file kind since the two-hundred-and-fifteenth round)
		{"twin: a file beside the preferred one", "For any new server-side feature, add a `.remote.ts` file beside the `handler.ts` route.", []string{"unverified unanchored handler.ts"}},
		// CodeAgora: globs quoted from a test runner's config
		{"a config's include patterns", "**Include pattern**: `src/tests/**/*.test.ts`, `src/tests/**/*.test.tsx`, and `packages/*/src/tests/**/*.test.ts`", nil},
		{"twin: tests said to live there", "Tests live in `src/tests/**/*.test.tsx`.", []string{"unverified evidence_file_missing src/tests/**/*.test.tsx"}},
		// arxii: a per-machine file .gitignore names
		{"a file .gitignore keeps out by name", "- **`secret_settings.py`**: Environment-specific secret settings", nil},
		{"twin: a file .gitignore does not name", "- **`local_settings.py`**: Environment-specific settings", []string{"unverified unanchored local_settings.py"}},
	})
}
