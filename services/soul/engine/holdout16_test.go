package engine_test

import "testing"

// TestSixteenthHoldoutClasses: a file the sentence says things are no longer in (koel's Laravel block:
// "middleware are no longer registered in `app/Http/Kernel.php`") and an error message naming the file
// it did not find (netbox's "**`configuration.py` not found**"), each beside its twin.
func TestSixteenthHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("app/Http/Kernel.php", "<?php\nclass Kernel {}\n")
	g.write("bootstrap/app.php", "<?php\nreturn 1;\n")
	g.commit("2026-06-01T10:00:00Z", "init")
	g.remove("app/Http/Kernel.php")
	g.commit("2026-06-02T10:00:00Z", "use bootstrap/app.php")
	repo := g.open(t)

	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"a file things are no longer in", "In Laravel 12, middleware are no longer registered in `app/Http/Kernel.php`.", nil},
		{"twin: the same file said to hold them", "Middleware are registered in `app/Http/Kernel.php`.", []string{"evidence_file_missing app/Http/Kernel.php"}},
		{"an error that names the file it did not find", "- **`config/local.py` not found**: copy the example and fill it in.", nil},
		{"twin: the same file said to be read", "- **`config/local.py`**: the settings every run reads.", []string{"unanchored config/local.py"}},
	})
}
