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

// TestNinetyThirdHoldoutNoneExist: names listed between other words, the sentence closing on "none
// of these exist in the repo" (Open-Locker's CLAUDE.md, two rows), beside twins that stay drift.
func TestNinetyThirdHoldoutNoneExist(t *testing.T) {
	g := newGitFixture(t)
	g.write("mobile/app.tsx", "export {}\n")
	g.write("README.md", "# app\n")
	g.gone("2026-04-01T10:00:00Z", "2026-04-02T10:00:00Z", "mobile-app-legacy-flutter/main.dart", "packages/locker_api/api.dart")
	g.commit("2026-05-01T10:00:00Z", "app")
	runDriftCases(t, g.open(t), "CLAUDE.md", []driftCase{
		{"none of these exist", "> **`README.md` is partially stale.** It describes a\n> Flutter app (`mobile-app-legacy-flutter/`), a generated Dart client\n> (`packages/locker_api/`), and a root `docker-compose.yml` — **none of these\n> exist in the repo**. The live client is `mobile/app.tsx`.", nil},
		{"twin: all of these exist", "It describes a Flutter app (`mobile-app-legacy-flutter/`) and a generated Dart client (`packages/locker_api/`) — all of these are in the repo.",
			[]string{"evidence_file_missing mobile-app-legacy-flutter/", "evidence_file_missing packages/locker_api/"}},
		{"twin: none of a later sentence", "The Flutter app lives in `mobile-app-legacy-flutter/`. Old clients — none of these exist in the repo — were dropped.", []string{"evidence_file_missing mobile-app-legacy-flutter/"}},
	})
}

// TestNinetyThirdHoldoutRouteFiles: an endpoint table names routes by their paths, and Nitro's server
// routes are files named with the method after the path's last segment (nuxt-crouton, three rows);
// a route whose file is gone keeps its finding.
func TestNinetyThirdHoldoutRouteFiles(t *testing.T) {
	g := newGitFixture(t)
	g.write("server/api/sales/events/[eventId]/orders/[orderId]/print-status.get.ts", "export default 1\n")
	g.write("server/api/sales/teams/[id]/events/[eventId]/active-helpers.get.ts", "export default 1\n")
	g.gone("2026-04-01T10:00:00Z", "2026-04-02T10:00:00Z", "server/api/sales/events/[eventId]/orders/[orderId]/refund.post.ts")
	g.commit("2026-05-01T10:00:00Z", "app")
	runDriftCases(t, g.open(t), "AGENTS.md", []driftCase{
		{"a route by its path", "| `events/[eventId]/orders/[orderId]/print-status` GET | helper | Print status until the kitchen acts |", nil},
		{"a route by its path, two parameters above it", "| `teams/[id]/events/[eventId]/active-helpers` GET | admin | Currently logged-in helpers |", nil},
		{"twin: a route whose file is gone", "| `events/[eventId]/orders/[orderId]/refund` POST | helper | Refund an order until the event closes |",
			[]string{"expired events/[eventId]/orders/[orderId]/refund"}},
		{"twin: a stem that only starts the same", "| `events/[eventId]/orders/[orderId]/print` POST | helper | Reprint until the kitchen acts |",
			[]string{"expired events/[eventId]/orders/[orderId]/print"}},
	})
}

// TestNinetyThirdHoldoutRefs: versions listed after the name of a scheme are its samples
// (sgcarstrends' "v" prefix versioning), and numbers listed after "upstream" are the upstream
// repository's (hermes-relay); twins with the same numbers stay drift.
func TestNinetyThirdHoldoutRefs(t *testing.T) {
	g := newGitFixture(t)
	g.write("README.md", "# x\n")
	g.commit("2026-05-03T10:00:00Z", "app (#101)")
	g.write("app.ts", "export {}\n")
	g.commit("2026-05-04T10:00:00Z", "other (#102)")
	g.git("tag", "v1.3.0")
	g.git("tag", "v1.4.0")
	runDriftCases(t, g.open(t), "AGENTS.md", []driftCase{
		{"samples of a versioning scheme", "Releases are automated via semantic-release with unified \"v\" prefix versioning (v1.0.0, v1.1.0, v2.0.0).", nil},
		{"twin: versions said released", "Releases are automated via semantic-release; the last ones released were v1.0.0 and v1.1.0.", []string{"version_not_tagged v1.0.0"}},
		{"upstream numbers in a list", "- Done: sessions CRUD is retired from the bootstrap (native upstream #33134/#33016, no fallback kept).", nil},
	})
	// a soul's PR anchors stay answerable to its log; an ordinary document's are held (judge.go)
	runSoulCases(t, g.open(t), []driftCase{
		{"twin: this repository's numbers in a list", "- Done: sessions CRUD is retired from the bootstrap (merged in #33134/#33016, no fallback kept).", []string{"ref_missing #33134", "ref_missing #33016"}},
	})
}
