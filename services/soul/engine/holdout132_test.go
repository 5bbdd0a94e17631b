package engine_test

import (
	"strings"
	"testing"
)

// TestHundredThirtySecondAndThirdHoldoutClasses: the false rows of the hundred-and-thirty-second and
// hundred-and-thirty-third holdouts that were fixed, each beside a twin that stays drift.
func TestHundredThirtySecondAndThirdHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	for _, f := range []string{"packages/openaxe/index.ts", "src/db/custody/lifecycle.rs", "pnpm-lock.yaml", ".claude/hooks/enforce-pnpm.sh"} {
		g.write(f, "x\n")
	}
	g.write("package.json", `{"engines": {"node": ">=20"}}`+"\n")
	g.gone("2026-05-01T10:00:00Z", "2026-05-02T10:00:00Z", "packages/api/lib/wallet-sync.ts", "package-lock.json", "src/custody/lifecycle.rs")
	repo := g.open(t)

	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		// supastarter
		{"a section of files removed for good", "### Removed permanently (do NOT recreate)\n\n- `packages/api/lib/wallet-sync.ts`", nil},
		{"twin: a section of files kept", "### Billing files\n\n- `packages/api/lib/wallet-sync.ts`", []string{"evidence_file_missing packages/api/lib/wallet-sync.ts"}},
		// QM-WX
		{"Chinese: what a Node release has built in", "**npm 依赖**：0 新增（原生 fetch + AbortSignal.timeout，Node 18+ 内置）", nil},
		{"twin: Chinese, the Node the module needs", "**运行环境**：Node 18+（fetch + AbortSignal.timeout）", []string{"evidence_changed Node 18+"}},
		// dashboard
		{"a stray file a hook blocks", "`enforce-pnpm.sh` blocks `npm install` (the commands that write a stray `package-lock.json` into this pnpm-managed repo).", nil},
		{"twin: the lock file named as kept", "Commit the `package-lock.json` with each change.", []string{"evidence_file_missing package-lock.json"}},
		// openaxe
		{"a fork's upstream column", "| Upstream | openaxe | Notes |\n|---|---|---|\n| `packages/opencode/` | `packages/openaxe/` | CLI orchestrator |", nil},
		{"twin: the fork's own column", "| Package | Notes |\n|---|---|\n| `packages/opencode/` | CLI orchestrator |", []string{"unanchored packages/opencode/"}},
		// topos
		{"a capital letter standing for any name", "- `src/custody/X.rs` — orchestration outside the transaction; `src/db/custody/X.rs` — the raw-SQL half", nil},
		{"twin: a named file of the convention", "- `src/custody/lifecycle.rs` — orchestration outside the transaction", []string{"evidence_file_missing src/custody/lifecycle.rs"}},
		// templates
		{"directories a starter says may be added", "**Note:** This is a minimal Nuxt starter. You can add these directories as needed:\n- `pages/` - File-based routing\n- `composables/` - Auto-imported composables", []string{"unverified unanchored pages/", "unverified unanchored composables/"}},
		{"twin: directories said to be there", "**Note:** This is a minimal Nuxt starter. It has these directories:\n- `pages/` - File-based routing\n- `composables/` - Auto-imported composables", []string{"unanchored pages/", "unanchored composables/"}},
	})
}

// TestBrokenLinkDepthHint: a relative link that climbs one directory too many stays drift, and its
// detail names the place one "../" fewer reaches (the hundred-and-thirty-second holdout's QM-WX).
func TestBrokenLinkDepthHint(t *testing.T) {
	g := newGitFixture(t)
	g.write("apps/server/src/modules/mall/mall.service.ts", "export {}\n")
	g.write("apps/server/src/modules/address/address.ts", "export {}\n")
	g.commit("2026-05-01T10:00:00Z", "init")
	repo := g.open(t)
	doc := "apps/server/src/modules/address/CLAUDE.md"
	got := driftLabeled(t, repo, doc, notes("- sibling: [mall](../../mall/)"), withDetail)
	want := "unanchored ../../mall/: apps/server/src/mall never landed in this repository's history; apps/server/src/modules/mall exists: the link climbs one directory too many or too few"
	if len(got) != 1 || got[0] != want {
		t.Errorf("got %q, want [%q]", got, want)
	}
	if got := driftLabeled(t, repo, doc, notes("- sibling: [gone](../../gone/)"), withDetail); len(got) != 1 || strings.Contains(got[0], "too many") {
		t.Errorf("a link with no twin at another depth: got %q, want one finding and no depth hint", got)
	}
}
