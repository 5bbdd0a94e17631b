package engine_test

import (
	"strings"
	"testing"
)

// TestHundredFifthHoldoutClasses: the false rows of the hundred-and-fifth holdout that were fixed, each
// beside a twin that stays drift.
func TestHundredFifthHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("README.md", "# x\n"+strings.Repeat("line\n", 58))
	g.write("src/app/panel/loading.tsx", "export {}\n")
	g.write("src/middleware.ts", "export {}\n")
	g.write("apps/mobile/app.json", "{}\n")
	g.write("src/components/cddi-visual-banner.tsx", "export {}\n")
	g.write("src/components/admin-module-page.tsx", "export {}\n")
	g.commit("2026-05-01T10:00:00Z", "app")
	g.remove("src/app/panel/loading.tsx")
	g.remove("src/middleware.ts")
	g.remove("apps/mobile/app.json")
	g.remove("src/components/cddi-visual-banner.tsx")
	g.remove("src/components/admin-module-page.tsx")
	g.write("src/proxy.ts", "export {}\n")
	g.commit("2026-05-02T10:00:00Z", "prune")
	repo := g.open(t)
	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"a block an Example label opens", "> Example: Need to pull data from a website? Read `workflows/scrape_website.md`, identify required inputs, then execute `tools/scrape_single_site.py`. Do not attempt it directly.", nil},
		{"the label outside a quote", "Example: Need to pull data from a website? Read `workflows/scrape_website.md`, then go.", nil},
		{"twin: the same sentences, no label", "> Need to pull data from a website? Read `workflows/scrape_website.md` first.", []string{"unanchored workflows/scrape_website.md"}},
		{"Spanish forbids the file", "- No poner `src/app/panel/loading.tsx` en segmentos del panel con formularios.", nil},
		{"Portuguese forbids the file", "- Não criar `src/app/panel/loading.tsx` no painel.", nil},
		{"twin: Spanish puts the file", "- Poner `src/app/panel/loading.tsx` en segmentos del panel.", []string{"evidence_file_missing src/app/panel/loading.tsx"}},
		{"a rename's old name", "- `src/proxy.ts` — the Next 16 rename of `src/middleware.ts` — handles auth gating.", nil},
		{"twin: the old name as current", "- `src/middleware.ts` handles auth gating.", []string{"evidence_file_missing src/middleware.ts"}},
		{"pruned", "- `apps/mobile/` was pruned at init; the `/add-mobile` skill restores it if ever needed.", nil},
		{"twin: kept", "- `apps/mobile/` was set up at init.", []string{"evidence_file_missing apps/mobile/"}},
		{"Portuguese removed after a note", "- `src/components/cddi-visual-banner.tsx` (sem consumidores) foi removido.", nil},
		{"twin: Portuguese in use", "- `src/components/cddi-visual-banner.tsx` (sem consumidores) foi revisado.", []string{"evidence_file_missing src/components/cddi-visual-banner.tsx"}},
		{"a Removidos label", "- **Removidos.** `src/components/admin-module-page.tsx`: a casca administrativa virou usePlatformGuard.", nil},
		{"twin: a Revisados label", "- **Revisados.** `src/components/admin-module-page.tsx`: a casca administrativa.", []string{"evidence_file_missing src/components/admin-module-page.tsx"}},
		{"a ceiling any README keeps", "- [`README.md`](README.md) is the roadmap only. Treat a README beyond ~350 lines as documentation debt.", nil},
		{"twin: the README's size", "- [`README.md`](README.md) is the roadmap only, about 350 lines.", []string{"size_drift README.md"}},
	})
}
