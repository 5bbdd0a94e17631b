package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

// TestHelpHidesSecretDefaults: a flag's default taken from the environment is printed by -h, and
// ORGANISM_TOKEN, the targets' tokens and a PostgreSQL password are secrets an agent would paste
// along with the help into a report.
func TestHelpHidesSecretDefaults(t *testing.T) {
	const token, svc, gw, pw = "org1.AGENT-SECRET.sig", "org1.SERVICE-SECRET.sig", "org1.GATEWAY-SECRET.sig", "PG-SECRET"
	t.Setenv("ORGANISM_TOKEN", token)
	t.Setenv("ORGANISM_SERVICE_TOKEN", svc)
	t.Setenv("ORGANISM_GATEWAY_TOKEN", gw)
	t.Setenv("ORGANISM_STORE", "postgres://organism:"+pw+"@db:5432/organism")
	tests := []struct {
		name string
		args []string
		want []string
	}{
		{"a client verb", []string{"mission", "open", "-h"}, []string{`-token string`, `(default "<hidden>")`}},
		{"a memory verb", []string{"memorize", "-h"}, []string{`(default "<hidden>")`}},
		{"serve", []string{"serve", "-h"}, []string{`-service-token string`, `postgres://organism:xxxxx@db:5432/organism`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out bytes.Buffer
			if code := exitCode(dispatch(context.Background(), tt.args, &out)); code != 0 {
				t.Fatalf("organism %v: got exit %d, want 0", tt.args, code)
			}
			for _, secret := range []string{token, svc, gw, pw} {
				if strings.Contains(out.String(), secret) {
					t.Errorf("organism %v: got help printing the secret %q:\n%s", tt.args, secret, out.String())
				}
			}
			for _, w := range tt.want {
				if !strings.Contains(out.String(), w) {
					t.Errorf("organism %v: got help without %q:\n%s", tt.args, w, out.String())
				}
			}
		})
	}
}
