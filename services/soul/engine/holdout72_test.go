package engine_test

import (
	"strings"
	"testing"
)

// TestSeventySecondHoldoutClasses: the false rows of the seventy-second holdout, each beside a twin
// that stays drift.
func TestSeventySecondHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("package.json", `{"name":"stratum","dependencies":{"@sveltejs/kit":"^2.62.0","svelte":"^5.55.2"}}`+"\n")
	g.write("docs/ORDERS.md", strings.Repeat("- an order\n", 40))
	g.write("packages/backend/src/features/auth/core/login.ts", "export {}\n")
	g.write("src/proxy.ts", "export {}\n")
	g.write("src/ingest.ts", "export function setIngestEnabled(protocol, enabled) {}\n")
	g.write("test/run.test.js", "test()\n")
	g.gone("2026-04-01T10:00:00Z", "2026-04-02T10:00:00Z", "src/i18n/messages.ts", "src/middleware.ts", "src/lib/source-preference.ts",
		"src/SourcePreference.svelte", "src/stores/websocket-store.svelte.ts", "src/audio-aliases.schema.ts",
		"app/shell/run.ts", "test/fixtures/user.json", "config/.env.template", "test/mocks/clock.go")
	g.commit("2026-05-03T10:00:00Z", "app")
	repo := g.open(t)

	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"SvelteKit named by the Svelte it runs on", "- Frontend: SvelteKit 5 with TypeScript.", nil},
		{"twin: a SvelteKit neither package allows", "- Frontend: SvelteKit 1 with TypeScript.", []string{"evidence_changed SvelteKit 1"}},
		{"a size of each item a file holds", "| Root `docs/ORDERS.md` | Standing orders, 1-3 lines each, linking the rationale |", nil},
		{"twin: a size of the file", "| Root `docs/ORDERS.md` | Standing orders, about 3 lines |", []string{"size_drift docs/ORDERS.md"}},
		{"a parenthesised list closed by deleted", "- Supersedes the scaffold (`src/i18n/t.ts`/`src/i18n/messages.ts`, deleted). See the ADR.", nil},
		{"twin: the same list, kept", "- Supersedes the scaffold (`src/i18n/t.ts`/`src/i18n/messages.ts`, kept). See the ADR.", []string{"evidence_file_missing src/i18n/messages.ts"}},
		{"a file the sentence calls deprecated", "- `src/middleware.ts` is **deprecated** in Next.js 16; use `src/proxy.ts` instead.", nil},
		{"twin: the file named as the one to use", "- `src/middleware.ts` is the entry; `src/proxy.ts` forwards to it.", []string{"evidence_file_missing src/middleware.ts"}},
		{"twin: a file called deprecated with no replacement named", "- Tests use `runF` injection; `test/mocks/` is deprecated (see `src/proxy.ts`).", []string{"evidence_file_missing test/mocks/"}},
		{"one star for any depth", "- Files under `*/core/**` must only be modified by the `core-dev` agent.", nil},
		{"twin: a star glob whose one-level match is gone", "- Files under `*/shell/**` must only be modified by the `shell-dev` agent.", []string{"evidence_file_missing */shell/**"}},
		{"a place the reader fills if needed", "- `test/` holds the tests. Keep fixtures under `test/fixtures/` if needed.", nil},
		{"twin: the place stated as there", "- `test/` holds the tests. Fixtures live under `test/fixtures/`.", []string{"evidence_file_missing test/fixtures/"}},
		{"twin: a file to read if needed", "- Copy `.env.example` to `.env` locally; see `config/.env.template` if needed.", []string{"evidence_file_missing config/.env.template"}},
		{"names that and their tests are deleted", "**Reorder UI removed (Todo #10).** The pre-start reorder affordance is GONE from the frontend:\n`src/lib/source-preference.ts`, `src/SourcePreference.svelte`, and their tests\nare deleted (every remaining importer was itself one of the deleted files). The\nbackend field is KEPT for wire compat.", nil},
		{"twin: the same names and tests, kept", "- The reorder UI: `src/lib/source-preference.ts`, `src/SourcePreference.svelte`, and their tests\n  are kept.", []string{"evidence_file_missing src/lib/source-preference.ts", "evidence_file_missing src/SourcePreference.svelte"}},
		{"a name a note parts from FULLY DELETED", "- `src/stores/websocket-store.svelte.ts` (528 LOC, the legacy monolithic\n  `getAuth`/`getStatus` wrapper) is FULLY DELETED. Its consumers moved.", nil},
		{"twin: the note followed by what it does", "- `src/stores/websocket-store.svelte.ts` (528 LOC, the legacy monolithic\n  `getAuth`/`getStatus` wrapper) is the store. Its consumers read it.", []string{"evidence_file_missing src/stores/websocket-store.svelte.ts"}},
		{"names after removed it in full and a dash", "- #207 removed it in full — UI, `setAlias` RPC, `src/audio-aliases.schema.ts`, and the config field — by\n  explicit product decision.", nil},
		{"twin: names after a dash with no removal", "- #207 kept it in full — UI, `setAlias` RPC, `src/audio-aliases.schema.ts`, and the config field.", []string{"evidence_file_missing src/audio-aliases.schema.ts"}},
	})

	done := "## Ingest\n\n- `setIngestEnabled(protocol, enabled)` shipped in #12 and persists first.\n\n"
	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"a heading that cites to-do items it did", done + "## OPERATOR ENABLE/DISABLE (live-correctness-pass Todo #6–9) [EXISTS]\n\n- `setIngestEnabled(protocol, enabled)` persists first, then applies.", nil},
		{"twin: a to-do list a later line reports done", done + "## Todo\n\n- `setIngestEnabled(protocol, enabled)` persists first, then applies.", []string{"disagreement superseded "}},
	})
}

// TestSeventySecondHoldoutTreesAndSiblings: a tree that draws under a file what the file uses, and the
// guides of sibling repositories, each beside a twin that stays drift.
func TestSeventySecondHoldoutTreesAndSiblings(t *testing.T) {
	g := newGitFixture(t)
	g.write("apps/frontend/AGENTS.md", "# frontend\n")
	g.write("apps/frontend/src/main.ts", "export {}\n")
	g.write("apps/frontend/src/main/NetworkView.svelte", "<script></script>\n")
	g.write("apps/frontend/src/main/network/Bands.svelte", "<script></script>\n")
	g.gone("2026-04-01T10:00:00Z", "2026-04-02T10:00:00Z", "apps/frontend/src/main/network/Links.svelte", "apps/frontend/src/main/LinksView.svelte", "apps/worker/AGENTS.md")
	g.commit("2026-05-03T10:00:00Z", "app")
	repo := g.open(t)

	tree := func(view, child string) string {
		return "## Structure\n\n```\nsrc/\n├── main.ts     # entry\n├── main/\n│   ├── " + view + "     # the network destination\n│   │   └── network/" + child + "  # a band the view mounts\n│   └── network/\n```"
	}
	runDriftCases(t, repo, "apps/frontend/AGENTS.md", []driftCase{
		{"a tree entry drawn under the file that mounts it", tree("NetworkView.svelte", "Bands.svelte"), nil},
		{"an entry under a file that is nowhere beside it", tree("NetworkView.svelte", "Links.svelte"), nil},
		{"twin: the file the entries are drawn under, gone", tree("LinksView.svelte", "Bands.svelte"), []string{"evidence_file_missing src/main/LinksView.svelte"}},
	})
	// attack: a soul (SOUL-INV-1) cannot hide a removed file by drawing it under a file in a tree
	s := newGitFixture(t)
	s.write("src/main/NetworkView.svelte", "<script></script>\n")
	s.gone("2026-04-01T10:00:00Z", "2026-04-02T10:00:00Z", "src/main/network/Links.svelte")
	s.commit("2026-05-03T10:00:00Z", "app")
	soulRepo := s.open(t)
	runDriftCases(t, soulRepo, "PATHOS.md", []driftCase{
		{"attack: a soul's tree entry under a file, gone, keeps its drift", "## Current state\n\n```\nsrc/\n└── main/\n    ├── NetworkView.svelte     # the network destination\n    │   └── network/Links.svelte  # a band the view mounts\n```", []string{"evidence_file_missing src/main/network/Links.svelte"}},
	})
	runDriftCases(t, repo, "apps/frontend/AGENTS.md", []driftCase{
		{"the guide of a sibling repository", "- Content types must match the worker's route (see `apt-worker/AGENTS.md`).", nil},
		{"twin: a guide this repository had and lost", "- Content types must match the worker's route (see `apps/worker/AGENTS.md`).", []string{"evidence_file_missing apps/worker/AGENTS.md"}},
		{"twin: a guide listed among this repository's", "- See the sub-documents: `apps/frontend/AGENTS.md`, `AdminPanel/AGENTS.md`.", []string{"evidence_file_missing AdminPanel/AGENTS.md"}},
	})
	// attack: a soul (SOUL-INV-1) cannot cite, as its evidence, a guide no commit here had by calling it a
	// sibling repository's
	runDriftCases(t, repo, "PATHOS.md", []driftCase{
		{"attack: a soul's guide of a directory never here keeps its drift", "## Current state\n\n- Content types must match the worker's route (see `apt-worker/AGENTS.md`).", []string{"unanchored apt-worker/AGENTS.md"}},
	})
}
