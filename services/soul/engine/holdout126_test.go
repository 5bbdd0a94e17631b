package engine_test

import "testing"

// TestHundredTwentySixthHoldoutClasses: the false rows of the hundred-and-twenty-sixth holdout that
// were fixed, each beside a twin that stays drift.
func TestHundredTwentySixthHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("backend/tests/test_service_integration.py", "def test(): pass\n")
	g.write("nwz/main.go", "package nwz\n")
	g.write("docs/FIREBASE.md", "# firebase\n")
	g.commit("2026-05-01T10:00:00Z", "app")
	g.remove("backend/tests/test_service_integration.py")
	g.remove("nwz/main.go")
	g.write("kern/main.go", "package kern\n")
	g.write("backend/tests/test_cache.py", "def test(): pass\n")
	g.commit("2026-05-02T10:00:00Z", "rename the package")
	repo := g.open(t)
	runDriftCases(t, repo, "backend/tests/CLAUDE.md", []driftCase{
		{"a placeholder pattern under a naming heading", "## Test File Naming\n\n- Integration tests: `test_[service_name]_integration.py`", nil},
		{"a Cursor link from a nested document, written from the root", "See [the Firebase notes](mdc:docs/FIREBASE.md).", nil},
		{"twin: the pattern as where the suites are", "## Suites\n\n- Integration tests live in `test_[service_name]_integration.py` files.", []string{"evidence_file_missing test_[service_name]_integration.py"}},
	})
	runDriftCases(t, repo, "CLAUDE.md", []driftCase{
		{"German: what the package was called", "Das Paket hieß bis 08/2026 `nwz/`; heute liegt alles in `kern/`.", nil},
		{"twin: German, where the package is", "Das Paket liegt in `nwz/`.", []string{"evidence_file_missing nwz/"}},
		{"a link in Cursor's mdc: scheme", "Siehe [docs/FIREBASE.md](mdc:docs/FIREBASE.md).", nil},
		{"twin: an mdc: link to nothing", "Siehe [docs/DEPLOY.md](mdc:docs/DEPLOY.md).", []string{"unanchored docs/DEPLOY.md"}},
	})
}
