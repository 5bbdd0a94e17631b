package domain

import (
	"strings"
	"testing"
	"time"
)

func TestParseRunners(t *testing.T) {
	tests := []struct {
		name    string
		in      string
		want    map[string]PinnedRunner
		wantErr string
	}{
		{"empty file pins nobody", "", map[string]PinnedRunner{}, ""},
		{"defaults", "[[runner]]\nid = \"r1\"\n", map[string]PinnedRunner{
			"r1": {ID: "r1", Capabilities: []string{"gate"}, Timeout: DefaultRunnerTimeout},
		}, ""},
		{"full entry", `[[runner]]
id = "r2"
command = "make fix"
capabilities = ["gate", "hand-runner"]
timeout = "90s"
brains = ["alpha", "beta"]
`, map[string]PinnedRunner{
			"r2": {ID: "r2", Command: "make fix", Capabilities: []string{"gate", "hand-runner"}, Timeout: 90 * time.Second, Brains: []string{"alpha", "beta"}},
		}, ""},
		{"keyed by id", "[runners.hand]\ncapabilities = [\"hand-runner\"]\ntimeout_secs = 300\n", map[string]PinnedRunner{
			"hand": {ID: "hand", Capabilities: []string{"hand-runner"}, Timeout: 5 * time.Minute},
		}, ""},
		{"both forms", "[[runner]]\nid = \"r1\"\n[runners.r2]\n", map[string]PinnedRunner{
			"r1": {ID: "r1", Capabilities: []string{"gate"}, Timeout: DefaultRunnerTimeout},
			"r2": {ID: "r2", Capabilities: []string{"gate"}, Timeout: DefaultRunnerTimeout},
		}, ""},
		{"same id in both forms", "[[runner]]\nid = \"r1\"\n[runners.r1]\n", nil, "pinned twice"},
		{"keyed id disagrees", "[runners.r1]\nid = \"r2\"\n", nil, "says id"},
		{"both timeouts", "[[runner]]\nid = \"r1\"\ntimeout = \"1m\"\ntimeout_secs = 60\n", nil, "not both"},
		{"timeout_secs too long", "[[runner]]\nid = \"r1\"\ntimeout_secs = 999999\n", nil, "timeout_secs"},
		{"zero timeout", "[[runner]]\nid = \"r1\"\ntimeout = \"0s\"\n", nil, "must be in"},
		{"duplicate id", "[[runner]]\nid = \"r1\"\n[[runner]]\nid = \"r1\"\n", nil, "pinned twice"},
		{"bad id", "[[runner]]\nid = \"R 1\"\n", nil, "must match"},
		{"misspelt key", "[[runner]]\nid = \"r1\"\ntimout = \"1m\"\n", nil, "unknown key"},
		{"timeout too long", "[[runner]]\nid = \"r1\"\ntimeout = \"48h\"\n", nil, "must be in"},
		{"timeout not a duration", "[[runner]]\nid = \"r1\"\ntimeout = \"soon\"\n", nil, "timeout"},
		{"not toml", "[[runner\n", nil, "runners file"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ParseRunners([]byte(tc.in))
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("got error %v, want one containing %q", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != len(tc.want) {
				t.Fatalf("got %d runners, want %d", len(got), len(tc.want))
			}
			for id, w := range tc.want {
				g := got[id]
				if g.ID != w.ID || g.Command != w.Command || g.Timeout != w.Timeout ||
					strings.Join(g.Capabilities, ",") != strings.Join(w.Capabilities, ",") || strings.Join(g.Brains, ",") != strings.Join(w.Brains, ",") {
					t.Errorf("got %+v, want %+v", g, w)
				}
			}
		})
	}
}

func FuzzParseRunners(f *testing.F) {
	f.Add([]byte("[[runner]]\nid = \"r1\"\ncommand = \"true\"\ntimeout = \"1m\"\n"))
	f.Add([]byte("[[runner]]\nid = \"r1\"\n[[runner]]\nid = \"r2\"\nbrains = [\"a\"]\n"))
	f.Add([]byte("runner = 3"))
	f.Add([]byte("[[runner]]\ntimeout = \"-1s\"\n"))
	f.Add([]byte("[runners.x]\ntimeout_secs = 3\n[[runner]]\nid = \"y\"\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		rs, err := ParseRunners(data)
		if err != nil {
			return
		}
		for id, r := range rs {
			if id != r.ID || !runnerIDPattern.MatchString(id) {
				t.Fatalf("accepted runner id %q", id)
			}
			if r.Timeout <= 0 || r.Timeout > MaxRunnerTimeout {
				t.Fatalf("accepted timeout %s", r.Timeout)
			}
			if len(r.Capabilities) == 0 {
				t.Fatal("accepted a runner with no capabilities")
			}
		}
	})
}
