package engine_test

import (
	"testing"
)

// TestSixtyFifthHoldoutClasses: the false rows of the sixty-fifth holdout, each beside a twin that
// stays drift.
func TestSixtyFifthHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("package.json", `{"name":"sanad-agent","devDependencies":{"@typescript/native":"npm:typescript@7.0.2","typescript":"5.9.3","react":"18.3.1"}}`+"\n")
	g.write(".gitignore", "node_modules\n.app*/\n!.app-keep/\n")
	g.write("src/auth-client.ts", "export const a = 1\n")
	g.write("client/lib/daemon.dart", "class Daemon {}\n")
	g.write("apps/server/.env.example", "A=1\n")
	g.gone("2026-04-01T10:00:00Z", "2026-04-02T10:00:00Z", "src/Header.tsx",
		".app-e2e/llama/models.ini", ".app-e2e/state.json", ".synara/dev/state.sqlite", ".app-keep/presets.ini",
		"config/models.toml", "data/cache.sqlite", ".github/workflows/harness.yml", "railway.toml", "deploy.toml")
	g.commit("2026-05-03T10:00:00Z", "app")
	repo := g.open(t)

	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		// nastro: a naming table's Example cell
		{"every sample in a naming table's example cell", "| Kind | Convention | Example |\n| --- | --- | --- |\n| React components | PascalCase | `SiteHeader.tsx`, `Button.tsx` |", nil},
		{"every sample after a naming cue in prose", "Components are PascalCase: `SiteHeader.tsx`, `NavBar.tsx` or `Button.tsx`.", nil},
		{"twin: a file list with no naming cue", "| Area | Files |\n| --- | --- |\n| Layout | `src/auth-client.ts`, `src/Header.tsx` |", []string{"evidence_file_missing src/Header.tsx"}},
		// nelle-agent and Luminor: a program's local state, committed once by mistake
		{"a file tracked only where .gitignore now keeps out", "- **`models.ini` is the catalog.** The server rewrites `models.ini` and `state.json` on each save.", nil},
		{"a runtime file tracked only in a hidden directory", "- If the UI shows no threads, inspect the isolated `state.sqlite` first.", nil},
		{"twin: a file the ignore rule takes back", "- Presets live in `presets.ini`.", []string{"evidence_file_missing presets.ini"}},
		{"twin: a config file removed from the tree", "- Model settings live in `models.toml`.", []string{"evidence_file_missing models.toml"}},
		{"twin: a runtime file once kept in a plain directory", "- Seed data ships in `cache.sqlite`.", []string{"evidence_file_missing cache.sqlite"}},
		// sergeant: Ukrainian wording of removal
		{"a file Ukrainian says was removed", "- **A/B experiments:** `.github/workflows/harness.yml` прибрано; прогони наразі ручні.", nil},
		{"a file Ukrainian calls former", "- Pre-deploy runs the migrations (дзеркало колишнього `railway.toml`).", nil},
		{"twin: a gone file Ukrainian names as current", "- Деплой описано в `deploy.toml`.", []string{"evidence_file_missing deploy.toml"}},
		// sanad-agent: a path written from above the checkout
		{"a path opening with the repository's own name", "- The controller is defined in `sanad-agent/client/lib/daemon.dart`.", nil},
		{"twin: the same path under another name", "- The controller is defined in `sanad-app/client/lib/daemon.dart`.", []string{"unanchored sanad-app/client/lib/daemon.dart"}},
		// Happier-Anywhere: the framework installed again under an npm alias
		{"a version an npm alias installs", "- First-party compilation uses TypeScript 7 from `@typescript/native`.", nil},
		{"twin: a version nothing installs", "- The UI is built on React 19.", []string{"evidence_changed React 19"}},
	})
	// freehold: a temporal word inside a bold title
	runDriftCases(t, repo, "CLAUDE.md", []driftCase{
		{"a temporal word inside a bold title", "1. Check `../freehold-starter/CLAUDE.md` for any **Pending Monorepo Changes** section", nil},
		{"twin: a point-in-time claim on a sibling checkout", "1. The fix is pending in `../freehold-starter/CLAUDE.md` for now", []string{"expired "}},
	})
	// warehouser: a name the document called a kind of file, written bare again later
	runDriftCases(t, repo, "apps/web/AGENTS.md", []driftCase{
		{"a bare name the document called a kind of file", "Local credentials policy: `.env.example` files are the only environment files agents may read.\n\nIf a local environment file is missing, copy it from the applicable `.env.example`. Use only the values documented in `.env.example`.", nil},
		{"twin: the same name never called a kind", "If a local environment file is missing, copy it from `.env.example`.", []string{"evidence_file_missing .env.example"}},
	})
}
