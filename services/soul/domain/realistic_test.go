package domain_test

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/organism-dev/organism/services/soul/domain"
)

var update = flag.Bool("update", false, "rewrite golden files in testdata/")

// TestRealisticSouls checks AGENTS.md and CLAUDE.md style handoffs against repositories that match them
// in part, and pins every claim's state in a golden.
func TestRealisticSouls(t *testing.T) {
	tests := []struct {
		name  string
		files map[string]string
		log   []string
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
				"package.json":               `{"scripts":{"dev":"next dev","test":"vitest"}}`,
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
			g.write("SOUL.md", string(soul))
			for i, subject := range tc.log {
				g.commit(fmt.Sprintf("2026-06-%02dT10:00:00Z", i+1), subject)
			}
			rep := check(t, g.root, "SOUL.md", domain.CheckOptions{})
			var b strings.Builder
			fmt.Fprintln(&b, rep.ReceiptLine[strings.Index(rep.ReceiptLine, "—"):])
			for _, c := range rep.Claims {
				fmt.Fprintf(&b, "L%-3d %-10s %-16s %-22s | %s\n", c.Claim.StartLine, c.Claim.Tissue, c.State, c.Reason, firstN(c.Claim.Text, 64))
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
