package engine_test

import "testing"

// TestNinetyThirdHoldoutBoostGuidelines: the guidelines Laravel Boost writes list the installed
// packages' majors ("- laravel/framework (LARAVEL) - v11"), and an upgrade leaves the list behind: a
// row is read as its package's version, against the manifest that depends on it. The same
// guidelines' rules for that major speak of what its release did ("In Laravel 11, middleware are no
// longer registered in Kernel.php"), which still holds a major later (Open-Locker, four rows).
func TestNinetyThirdHoldoutBoostGuidelines(t *testing.T) {
	g := newGitFixture(t)
	g.write("backend/composer.json", `{"name":"acme/locker","require":{"php":"^8.2","laravel/framework":"^12.0","livewire/livewire":"^3.6"},"require-dev":{"laravel/prompts":"^0.3.1"}}`+"\n")
	g.write("backend/package.json", `{"name":"locker-ui","devDependencies":{"tailwindcss":"^4.1.0"}}`+"\n")
	g.write("backend/app/Models/User.php", "<?php\n")
	g.commit("2026-05-01T10:00:00Z", "app")
	repo := g.open(t)
	runDriftCases(t, repo, "backend/AGENTS.md", []driftCase{
		{"a row behind the manifest", "- laravel/framework (LARAVEL) - v11", []string{"evidence_changed laravel/framework v11"}},
		{"twin: a row the manifest allows", "- laravel/framework (LARAVEL) - v12", nil},
		{"a major-zero row the manifest allows", "- laravel/prompts (PROMPTS) - v0", nil},
		{"an npm package's row behind", "- tailwindcss (TAILWINDCSS) - v3", []string{"evidence_changed tailwindcss v3"}},
		{"a row no manifest names", "- laravel/boost (BOOST) - v2", nil},
		{"the runtime's row is no package", "- php - 8.1.2", nil},
		{"what a release did: In X N,", "- In Laravel 11, middleware are no longer registered in `app/Http/Kernel.php`.", nil},
		{"twin: the project's version, in a sentence", "- This project runs Laravel 11, with its models in `app/Models/`.", []string{"evidence_changed Laravel 11"}},
		{"what a release brought", "- Laravel 11 brought a new streamlined file structure which this project now uses.", nil},
		{"twin: the version the project uses", "- Laravel 11 is the framework; its models live in `app/Models/`.", []string{"evidence_changed Laravel 11"}},
		{"what is new in a release", "- New commands available in Laravel 11: `make:enum`, `make:class`.", nil},
	})
}
