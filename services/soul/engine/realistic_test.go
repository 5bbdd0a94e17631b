package engine_test

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/organism-dev/organism/services/soul/engine"
)

var update = flag.Bool("update", false, "rewrite golden files in testdata/")

// TestRealisticSouls checks AGENTS.md and CLAUDE.md style handoffs against repositories that match them
// in part, and pins every claim's state in a golden.
func TestRealisticSouls(t *testing.T) {
	tests := []struct {
		name  string
		files map[string]string
		log   []string
		// soul is where the soul sits (default SOUL.md); gone are files committed first, then removed.
		soul string
		gone []string
	}{
		{
			name: "agents",
			files: map[string]string{
				"web/package.json":                        `{"name":"web","scripts":{"lint":"eslint .","build":"vite build"}}`,
				"internal/api/router.go":                  "package api\n\nfunc NewRouter() {}\n\nfunc validate() error { return nil }\n",
				"internal/store/ledger.go":                "package store\n\ntype Ledger struct{}\n\nfunc (l *Ledger) Post() error { return nil }\n",
				"internal/money/money.go":                 "package money\n\ntype Cents int64\n",
				"internal/store/migrations/0001_init.sql": "create table x(id int);\n",
				"docker-compose.yml":                      "services: {}\n",
				".env.example":                            "DB_URL=\n",
				".github/workflows/ci.yml":                "on: push\n",
				"Makefile":                                "build:\n\tgo build ./...\ntest:\n\tgo test ./...\n",
				"go.mod":                                  "module ledgerline\n",
			},
			log: []string{"init (#1)"},
		},
		{
			name: "claude",
			files: map[string]string{
				"package.json":               `{"scripts":{"dev":"next dev","test":"vitest"},"dependencies":{"chart.js":"^4.4.0"}}`,
				"packages/shop/package.json": `{"name":"shop","scripts":{"lint":"eslint ."}}`,
				"app/dashboard/page.tsx":     "export default function Dashboard() { return null }\n",
				"app/page.tsx":               "export default function Page() { return null }\n",
				"app/api/route.ts":           "export async function GET() {}\n",
				"components/ui/button.tsx":   "export function Button() { return null }\n",
				"lib/db.ts":                  "export const getDb = () => null\n",
				"prisma/schema.prisma":       "model X { id Int @id }\n",
				"lib/auth.ts":                "export const auth = {}\n",
				"tests/e2e/checkout.spec.ts": "test('x', () => {})\n",
				".gitignore":                 ".env.local\n",
				"CONTRIBUTING.md":            "be kind\n",
			},
			log: []string{"scaffold (#40)", "checkout flow (#42)"},
		},
		{
			// shapes met in real CLAUDE.md files of Go modules, true ones beside doctored ones
			name: "gomodule",
			soul: "v3/CLAUDE.md",
			files: map[string]string{
				"go.mod":                        "module example.com/acme/widget\n",
				"Makefile":                      "vendor:\n\tgo mod vendor\nrelease:\n\ttrue\nclean:\n\trm -f *.out\nimg/%.png: img/%.dot\n\tdot -Tpng $^ > $@\n",
				".gitignore":                    ".organism/\n*.out\n",
				"config.go":                     "package root\n\n// nothing here\n",
				"v3/internal/ebnf/golden/a.txt": "a\n",
				"v3/link.go":                    "package widget\n\nfunc link() {\n\tvar libx *int\n\t_ = libx\n}\n",
				"v3/go.mod":                     "module example.com/acme/widget/v3\n",
				"v3/lib/gen_linux_amd64.go":     "package lib\n",
				"v3/lib/gen_g_0001.go":          "package lib\n",
				"v3/vfs/vfs.go":                 "package vfs\n\nfunc New(fsys any) string { return \"\" }\n",
				"v3/config.go":                  "package widget\n\ntype Config struct {\n\tFS  any\n\tABI *ABI\n\tMax Limit\n}\n\ntype ABI struct{}\n\ntype Limit int\n",
				"v3/memory.go":                  "package widget\n\ntype page struct {\n\tlog  int\n\tsize int\n}\n\ntype Allocator struct{ regs map[uintptr]bool }\n\nfunc (a *Allocator) Trim() error { return nil }\n",
				"v3/all_test.go":                "package widget\n\nfunc helper() {\n\tvar alloc Allocator\n\t_ = alloc.Trim()\n}\n",
				"v3/surface.old":                "old\n",
				"v3/surface.new":                "new\n",
				"v3/internal/ebnf/Makefile":     "gen:\n\tgo run gen.go\n",
				"v3/internal/ebnf/parser.go":    "package main\n",
				"v3/testdata/bug/1.c":           "int x;\n",
				"v3/testdata/include/a.h":       "int y;\n",
				"v3/cmd/a/tools/go.mod":         "module a\n",
				"v3/cmd/b/tools/go.mod":         "module b\n",
				"v3/testdata/bench/corpus.json": "{}\n",
				"v3/old.go":                     "package widget\n",
			},
			gone: []string{"v3/old.go"},
			log:  []string{"import (#12)", "move the loader (#13)"},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := newGitFixture(t)
			for p, body := range tc.files {
				g.write(p, body)
			}
			soul, err := os.ReadFile(filepath.Join("testdata", "souls", tc.name+".md"))
			if err != nil {
				t.Fatal(err)
			}
			soulPath := tc.soul
			if soulPath == "" {
				soulPath = "SOUL.md"
			}
			g.write(soulPath, string(soul))
			for i, subject := range tc.log {
				if i == len(tc.log)-1 {
					for _, p := range tc.gone {
						g.remove(p)
					}
				}
				g.commit(fmt.Sprintf("2026-06-%02dT10:00:00Z", i+1), subject)
			}
			rep := check(t, g.root, soulPath, engine.CheckOptions{})
			var b strings.Builder
			fmt.Fprintln(&b, rep.ReceiptLine[strings.Index(rep.ReceiptLine, "—"):])
			for _, c := range rep.Claims {
				fmt.Fprintf(&b, "L%-3d %-10s %-16s %-22s | %s\n", c.Claim.StartLine, c.Claim.Tissue, c.State, c.Reason, firstN(c.Claim.Text, 64))
				for _, a := range c.Anchors {
					if a.Status == engine.AnchorFailed {
						fmt.Fprintf(&b, "     failed %s %s: %s\n", a.Anchor.Kind, a.Anchor.Ref, a.Detail)
					}
				}
			}
			golden(t, filepath.Join("testdata", "souls", tc.name+".golden"), b.String())
		})
	}
}

func golden(t *testing.T, path, got string) {
	t.Helper()
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("golden %s: %v (run with -update)", path, err)
	}
	if got != string(want) {
		t.Errorf("%s: got\n%s\nwant\n%s", path, got, want)
	}
}
