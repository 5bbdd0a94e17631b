package engine_test

import (
	"strings"
	"testing"
)

// TestSixtyThirdHoldoutClasses: the false rows of the sixty-third holdout, each beside a twin that
// stays drift.
func TestSixtyThirdHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("apps/crawler/src/adapters/curl.adapter.ts", "export class CurlCrawlerAdapter {}\n")
	g.gone("2026-04-01T10:00:00Z", "2026-04-02T10:00:00Z", "apps/crawler/src/adapters/old.adapter.ts", "apps/backend/app/calendar/store.py", "apps/backend/app/tasks/store.py", "manifest/registry/old.json")
	var cfg []string
	for i := 1; i <= 40; i++ {
		switch i {
		case 12:
			cfg = append(cfg, "  rateLimit: {")
		case 13:
			cfg = append(cfg, "    timeWindow: 1000 * 60 * 60,")
		case 14:
			cfg = append(cfg, "    maxRequests: 10000,")
		case 15:
			cfg = append(cfg, "  },")
		case 23:
			cfg = append(cfg, "  plugins: [apiKey(apiKeyConfig)],")
		default:
			cfg = append(cfg, "  // setting")
		}
	}
	g.write("apps/web/biome.json", "{\n  \"formatter\": { \"lineWidth\": 100 }\n}\n")
	g.write("packages/auth/src/config.ts", strings.Join(cfg, "\n")+"\n")
	g.commit("2026-05-03T10:00:00Z", "crawler")
	repo := g.open(t)

	runDriftCases(t, repo, "apps/crawler/CLAUDE.md", []driftCase{
		{"a link in the editor's file:line form", "**Adapters**:\n- [CurlCrawlerAdapter](src/adapters/curl.adapter.ts:16) - implements CrawlerPort", nil},
		{"twin: the same form to a file that went", "**Adapters**:\n- [OldAdapter](src/adapters/old.adapter.ts:16) - implements CrawlerPort", []string{"evidence_file_missing src/adapters/old.adapter.ts"}},
	})
	runDriftCases(t, repo, "packages/auth/CLAUDE.md", []driftCase{
		{"a range whose lines hold a multi-word span's names", "The only rate limit is the `apiKey` plugin's (`src/config.ts:12-15`: `timeWindow: 1h, maxRequests: 10000`).", nil},
		{"twin: a range whose lines hold none of them", "The only rate limit is the `apiKey` plugin's (`src/config.ts:30-33`: `timeWindow: 1h, maxRequests: 10000`).", []string{"line_drift src/config.ts:30-33"}},
	})
	runDriftCases(t, repo, "apps/web/CLAUDE.md", []driftCase{
		{"a formatter's line width", "- **Biome** for lint and format (config at `biome.json`: 2-space indent, double quotes, 100 line width).", nil},
		{"twin: the file's own length", "- **Biome** for lint and format (`biome.json`, 100 lines).", []string{"size_drift biome.json"}},
	})
	runDriftCases(t, repo, "apps/backend/AGENTS.md", []driftCase{
		{"names a Spanish sentence says were removed", "Los stores viven en los servicios, **no** en un package propio (`app/calendar/`,\n`app/tasks/` se eliminaron: eran feature-packages finos).", nil},
		{"twin: the same names said to hold the stores", "Los stores viven en un package propio (`app/calendar/`,\n`app/tasks/` los contienen).", []string{"evidence_file_missing app/calendar/", "evidence_file_missing app/tasks/"}},
	})
	front := "---\nsource: Manifest published docs (mintlify) — embedded verbatim\npages: cli/governance\n---\n\n# Manifest reference\n\n"
	body := "## Scan\n\nThe audit reads `manifest/registry/old.json` and writes `manifest-registry/commands.json`.\n"
	t.Run("a page another project's docs embed whole", func(t *testing.T) {
		assertDrift(t, findingsOf(t, repo, "manifest/governance/AGENTS.md", []byte(front+body)), nil)
	})
	t.Run("attack: a soul that calls itself embedded keeps its drift", func(t *testing.T) {
		// an agent adds the front matter to its own soul to silence a removed file: SOUL-INV-1 still binds
		assertDrift(t, findingsOf(t, repo, "PATHOS.md", []byte(front+body)), []string{"evidence_file_missing manifest/registry/old.json"})
	})
	t.Run("twin: the same page written here", func(t *testing.T) {
		assertDrift(t, findingsOf(t, repo, "manifest/governance/AGENTS.md", []byte("# Manifest reference\n\n"+body)), []string{"evidence_file_missing manifest/registry/old.json"})
	})
}
