package joints_test

import (
	"strings"
	"testing"
	"time"

	"github.com/organism-dev/organism/platform/auth"
	missionv1 "github.com/organism-dev/organism/proto/organism/mission/v1"
	"github.com/organism-dev/organism/services/mission/runner"
)

// msnRunnerSecrets sets, in this process (the runner's), the credential variables a runner
// may carry, each holding a live credential or a secret, and two plain variables the command
// must keep. It returns the secret values.
func msnRunnerSecrets(t *testing.T, f *msnFixture, runnerID string) []string {
	t.Helper()
	secrets := map[string]string{
		"ORGANISM_TOKEN":         f.env.AgentToken(runnerID, "runner", msnBrain),
		"ORGANISM_SERVICE_TOKEN": f.env.Mint(auth.MintRequest{Kind: auth.KindService, Subject: "mission"}),
		"ORGANISM_GATEWAY_TOKEN": "gateway-credential-value-7f3a",
		"ORGANISM_PEER_SECRET":   "peer-secret-value-91bc",
		"ORGANISM_TLS_KEY":       "/keys/runner-private-key.pem",
		"GITHUB_TOKEN":           "ghp-value-5d2e",
	}
	var values []string
	for k, v := range secrets {
		t.Setenv(k, v)
		values = append(values, v)
	}
	t.Setenv("ORGANISM_KEEP_ME", "kept")
	t.Setenv("ORGANISM_ADDR", "localhost:7070")
	return values
}

// msnCheckCommandEnv asserts that env, what a command printed of its environment, holds none
// of the runner's secrets and keeps the plain variables.
func msnCheckCommandEnv(t *testing.T, env string, secrets []string) {
	t.Helper()
	for _, s := range secrets {
		if strings.Contains(env, s) {
			t.Errorf("got the runner's credential %.12q… in the command's environment, want it stripped:\n%s", s, env)
		}
	}
	for _, want := range []string{"ORGANISM_KEEP_ME=kept", "ORGANISM_ADDR=localhost:7070", "ORGANISM_WORKTREE=", "token=[]", "PATH="} {
		if !strings.Contains(env, want) {
			t.Errorf("got environment without %q, want it kept:\n%s", want, env)
		}
	}
}

// TestMissionRunnerCommandEnv: the gate command the reference runner starts, and the command a
// hand-runner starts, run without the runner's credentials (nothing to post letters, claim
// work or submit curations with), and with the rest of its environment.
func TestMissionRunnerCommandEnv(t *testing.T) {
	const probe = `env | grep -e '^ORGANISM_' -e '^GITHUB_' -e '^PATH=' | sort; echo "token=[$ORGANISM_TOKEN]"`
	tests := []struct {
		name string
		run  func(t *testing.T) string // runs the command through the real runner, returns what it printed
	}{
		{name: "gate command", run: func(t *testing.T) string {
			f := newMsnFixture(t)
			secrets := msnRunnerSecrets(t, f, "r1")
			p := msnPacket()
			p.GateCommand = probe
			m := f.open(p)
			f.spawn(m.GetMissionId(), "r1")
			out, ran, err := f.newRunner(f.runner, "r1").RunOnce(msnWithin(t))
			if err != nil || !ran {
				t.Fatalf("RunOnce: ran=%t err=%v", ran, err)
			}
			if out.Phase != missionv1.Phase_PHASE_MERGE_WAIT {
				t.Fatalf("got phase %s (%s), want merge_wait", out.Phase, out.Letter.GetNote())
			}
			c := f.get(m.GetMissionId()).GetCandidate().GetCandidate()
			env := string(f.fetchLog(m.GetMissionId(), c.GetLogSha256()))
			msnCheckCommandEnv(t, env, secrets)
			return env
		}},
		{name: "hand-runner command", run: func(t *testing.T) string {
			f := newMsnFixtureWith(t, msnFixtureOpts{runnersToml: `
[[runner]]
id = "hand"
capabilities = ["hand-runner"]
command = "{ ` + strings.ReplaceAll(probe, `"`, `\"`) + `; } >&2; exit 1"
brains = ["alpha"]
`})
			secrets := msnRunnerSecrets(t, f, "hand")
			msnMust(f.owner.ScanSkeleton(msnBG, &missionv1.ScanSkeletonRequest{Brain: msnBrain}))(t)
			cur := msnMust(f.owner.Curate(msnBG, &missionv1.CurateRequest{Brain: msnBrain, Letter: "name the blocks"}))(t)
			h, err := runner.NewHand(runner.HandOptions{Client: missionv1.NewMissionServiceClient(f.env.Agent("hand", "runner", msnBrain)),
				ID: "hand", Wait: time.Second, Logger: msnQuiet()})
			if err != nil {
				t.Fatal(err)
			}
			if _, ran, err := h.RunOnce(msnWithin(t)); err != nil || !ran {
				t.Fatalf("RunOnce: ran=%t err=%v", ran, err)
			}
			got := msnMust(f.owner.GetCuration(msnBG, &missionv1.GetCurationRequest{CurationId: cur.GetCuration().GetCurationId()}))(t).GetCuration()
			if got.GetState() != missionv1.CurationState_CURATION_STATE_FAILED {
				t.Fatalf("got curation %s, want failed (the probe exits 1)", got.GetState())
			}
			msnCheckCommandEnv(t, got.GetFailure(), secrets)
			return got.GetFailure()
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) { tc.run(t) })
	}
}
