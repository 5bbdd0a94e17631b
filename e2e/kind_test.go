//go:build e2e && kind

package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/organism-dev/organism/platform/auth"
)

// TestKind runs the suite against a cluster deploy/kind/e2e.sh set up and port-forwarded.
// Traces go to the cluster's collector, not this process, so the trace check is the
// --target=all and five-process passes' alone.
func TestKind(t *testing.T) {
	d := &deployment{mode: "kind", grpc: map[string]string{}, procs: map[string]*proc{}}
	for _, target := range organTargets {
		d.grpc[target] = mustEnv(t, "ORGANISM_E2E_"+strings.ToUpper(target))
	}
	d.http = mustEnv(t, "ORGANISM_E2E_GATEWAY")
	d.ownerDir = mustEnv(t, "ORGANISM_E2E_OWNER_DIR")
	key, err := auth.LoadOwnerKey(filepath.Join(d.ownerDir, auth.OwnerKeyFile))
	if err != nil {
		t.Fatal(err)
	}
	d.signer = auth.NewSigner(key, nil)
	tok, err := os.ReadFile(filepath.Join(d.ownerDir, auth.OwnerTokenFile))
	if err != nil {
		t.Fatal(err)
	}
	d.owner = strings.TrimSpace(string(tok))
	d.waitGateway(t)
	agent := setUpAt(t, d, mustEnv(t, "ORGANISM_E2E_REPO"))
	driveOrgans(t, d, agent)
}

func mustEnv(t *testing.T, name string) string {
	t.Helper()
	v := os.Getenv(name)
	if v == "" {
		t.Fatalf("%s is not set: run this through deploy/kind/e2e.sh", name)
	}
	return v
}
