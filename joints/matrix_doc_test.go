package joints

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/organism-dev/organism/platform/auth"
)

var mtxUpdate = flag.Bool("update", false, "rewrite docs/matrix.md from the contracts")

// mtxDocPath is docs/matrix.md of the workspace.
var mtxDocPath = filepath.Join("..", "docs", "matrix.md")

// mtxRender writes the caller × RPC matrix from the descriptors: one table per service.
func mtxRender() string {
	var b strings.Builder
	b.WriteString("# The caller × RPC matrix\n\n")
	b.WriteString("Generated from the `organism.common.v1.access` option on every rpc of the four services\n")
	b.WriteString("(`proto/organism/common/v1/access.proto`) by `go test ./joints -run TestMatrixDoc -update`;\n")
	b.WriteString("`make test` fails when this page is stale. The platform's door (`platform/auth/matrix.go`)\n")
	b.WriteString("enforces it after the credential is verified and before any handler runs, and\n")
	b.WriteString("`joints/matrix_test.go` calls every RPC as every caller class.\n\n")
	b.WriteString("- **yes**: the caller passes the door; the organ still applies its rules to the request\n")
	b.WriteString("  (brain binding, the phase arrow, grader never author).\n")
	b.WriteString("- **–**: refused at the door: PermissionDenied, ErrorInfo reason `CALLER_NOT_ALLOWED` (domain\n")
	b.WriteString("  `auth.organism`, metadata `caller`, `method`, and `seat` for agents).\n")
	b.WriteString("- **organ**: passes the door and is refused by the organ under the named law in the notes,\n")
	b.WriteString("  which the organ records as a rejection receipt.\n\n")
	b.WriteString("The owner is the owner's CLI credential (human-cli) or a Hall session (human-ui). An agent's\n")
	b.WriteString("class is its seat; an agent of any other seat, and a gateway credential without an owner\n")
	b.WriteString("session, belong to no class and are refused by every RPC at the door. An RPC without the\n")
	b.WriteString("option would be the owner's alone (fail closed). Health and reflection need no credential.\n")
	classes := mtxClasses()
	for _, sd := range mtxServices() {
		fmt.Fprintf(&b, "\n## %s\n\n| rpc |", sd.FullName())
		for _, c := range classes {
			fmt.Fprintf(&b, " %s |", strings.ReplaceAll(strings.TrimPrefix(auth.ClassName(c), "AGENT_"), "_", " "))
		}
		b.WriteString(" notes |\n|---|")
		for range classes {
			b.WriteString(":-:|")
		}
		b.WriteString("---|\n")
		for i := 0; i < sd.Methods().Len(); i++ {
			m := sd.Methods().Get(i)
			r := auth.RowOf(m)
			fmt.Fprintf(&b, "| %s |", m.Name())
			for _, c := range classes {
				switch r.Cell(c) {
				case auth.Allowed:
					b.WriteString(" yes |")
				case auth.RefusedByOrgan:
					b.WriteString(" organ |")
				default:
					b.WriteString(" – |")
				}
			}
			note := r.Note
			if r.OrganReason != "" {
				note = "organ: `" + r.OrganReason + "`. " + note
			}
			fmt.Fprintf(&b, " %s |\n", strings.ReplaceAll(note, "|", "\\|"))
		}
	}
	return b.String()
}

// TestMatrixDoc keeps docs/matrix.md what the contracts say; -update rewrites it.
func TestMatrixDoc(t *testing.T) {
	want := mtxRender()
	if *mtxUpdate {
		if err := os.WriteFile(mtxDocPath, []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(mtxDocPath)
	if err != nil {
		t.Fatalf("read %s: %v (run go test ./joints -run TestMatrixDoc -update)", mtxDocPath, err)
	}
	if string(got) != want {
		t.Fatalf("%s is stale: it differs from the access options in proto/; run go test ./joints -run TestMatrixDoc -update", mtxDocPath)
	}
}
