//go:build e2e

package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	tracepb "go.opentelemetry.io/proto/otlp/trace/v1"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	medullav1 "github.com/organism-dev/organism/proto/organism/medulla/v1"
	missionv1 "github.com/organism-dev/organism/proto/organism/mission/v1"
	presencev1 "github.com/organism-dev/organism/proto/organism/presence/v1"
	soulv1 "github.com/organism-dev/organism/proto/organism/soul/v1"
)

const brain = "loja"

// TestSplit is the deployment shape: five processes, one per target.
func TestSplit(t *testing.T) {
	d := deploy(t, "split")
	agent := setUp(t, d)
	t.Run("organs", func(t *testing.T) { driveOrgans(t, d, agent) })
	t.Run("trace", func(t *testing.T) { traceCrossesProcesses(t, d, agent) })
	t.Run("a second medulla on a port in use refuses to start", func(t *testing.T) { refuseHalfStart(t, d) })
	t.Run("drill medulla killed", func(t *testing.T) { drillKillMedulla(t, d, agent) })
	t.Run("drill gateway restarted during a watch", func(t *testing.T) { drillRestartGateway(t, d, agent) })
}

// TestAll is the same suite against one `serve --target=all` (make e2e-full).
func TestAll(t *testing.T) {
	d := deploy(t, "all")
	agent := setUp(t, d)
	t.Run("organs", func(t *testing.T) { driveOrgans(t, d, agent) })
	t.Run("trace", func(t *testing.T) { traceCrossesProcesses(t, d, agent) })
}

// setUp registers the brain (owner, CLI) and mints an agent bound to it (CLI).
func setUp(t *testing.T, d *deployment) string {
	t.Helper()
	return setUpAt(t, d, gitRepo(t))
}

// setUpAt is setUp for a repository that already exists where the organs run.
func setUpAt(t *testing.T, d *deployment, repo string) string {
	t.Helper()
	// --remote-root: under kind the repository is a path in the pods, not on this machine.
	d.cliAt(t, "medulla", "", "brain", "register", brain, "--repo-root", repo, "--remote-root", "--soul-path", "PATHOS.md", "--owner")
	return strings.TrimSpace(cli(t, "", "token", "mint", "--data-dir", d.ownerDir, "--agent", "ada", "--seat", "executor", "--brain", brain))
}

func packetJSON(title string) string {
	return fmt.Sprintf(`{"packet":{"brain":%q,"block_ids":["sb_chain"],"gate_command":"true","symptom":"the chain forks when two writers race","report_id":"fr_1","title":%q}}`, brain, title)
}

func openMission(ctx context.Context, c missionv1.MissionServiceClient, title string) (string, error) {
	r, err := c.OpenMission(ctx, &missionv1.OpenMissionRequest{Packet: &missionv1.Packet{Brain: brain, BlockIds: []string{"sb_chain"},
		GateCommand: "true", Symptom: "the chain forks when two writers race", ReportId: "fr_1", Title: title}})
	return r.GetMission().GetMissionId(), err
}

// driveOrgans reaches every organ through gRPC, the gateway and the CLI.
func driveOrgans(t *testing.T, d *deployment, agent string) {
	ctx, cancel := context.WithTimeout(context.Background(), wait)
	defer cancel()

	// medulla
	if out := d.cliAt(t, "medulla", "", "brain", "ls", "--owner", "--json"); !strings.Contains(out, `"loja"`) {
		t.Errorf("CLI brain ls: got %s, want loja", out)
	}
	if code, body := d.httpDo(t, "GET", "/v1/medulla/brains", d.owner, ""); code != 200 || !strings.Contains(body, `"loja"`) {
		t.Errorf("gateway brains: got %d %s, want 200 listing loja", code, body)
	}
	d.cliAt(t, "medulla", "The cart total rounds half up.", "memorize", "--brain", brain, "--slug", "cart-rounding", "--token", agent)
	claim, err := medullav1.NewMedullaServiceClient(d.conn(t, "medulla", agent)).GetClaim(ctx, &medullav1.GetClaimRequest{Brain: brain, Slug: "cart-rounding"})
	if err != nil || !strings.Contains(claim.String(), "half up") {
		t.Errorf("gRPC GetClaim after CLI memorize: got %v, %v", claim, err)
	}

	// soul
	if out := d.cliAt(t, "soul", "", "soul", "read", "--brain", brain, "--token", agent, "--json"); !strings.Contains(out, "Loja") {
		t.Errorf("CLI soul read: got %s, want the soul", out)
	}
	if r, err := soulv1.NewSoulServiceClient(d.conn(t, "soul", agent)).ReadSoul(ctx, &soulv1.ReadSoulRequest{Brain: brain, HeadlineOnly: true}); err != nil {
		t.Errorf("gRPC ReadSoul: %v", err)
	} else if !strings.Contains(r.String(), "Loja") {
		t.Errorf("gRPC ReadSoul: got %v, want the headline", r)
	}

	// mission
	code, body := d.httpDo(t, "POST", "/v1/mission/missions", agent, packetJSON("fix the cart"))
	var opened struct {
		Mission struct {
			ID string `json:"mission_id"`
		} `json:"mission"`
	}
	if json.Unmarshal([]byte(body), &opened); code != 200 || opened.Mission.ID == "" {
		t.Fatalf("gateway OpenMission: got %d %s", code, body)
	}
	if _, err := missionv1.NewMissionServiceClient(d.conn(t, "mission", agent)).GetMission(ctx, &missionv1.GetMissionRequest{MissionId: opened.Mission.ID}); err != nil {
		t.Errorf("gRPC GetMission of the mission the gateway opened: %v", err)
	}
	if out := d.cliAt(t, "mission", "", "mission", "board", "--brain", brain, "--token", agent, "--json"); !strings.Contains(out, opened.Mission.ID) {
		t.Errorf("CLI mission board: got %s, want mission %s", out, opened.Mission.ID)
	}

	// presence
	joined := d.cliAt(t, "presence", "", "presence", "join", "--theme", "e2e", "--intent", "read", "--token", agent, "--json")
	if !strings.Contains(joined, `"ada"`) {
		t.Errorf("CLI presence join: got %s, want ada", joined)
	}
	list, err := presencev1.NewPresenceServiceClient(d.conn(t, "presence", agent)).List(ctx, &presencev1.ListRequest{})
	if err != nil || !strings.Contains(list.String(), "ada") {
		t.Errorf("gRPC presence List: got %v, %v; want ada live", list, err)
	}
	if code, body := d.httpDo(t, "GET", "/v1/presence/presences", agent, ""); code != 200 || !strings.Contains(body, `"ada"`) {
		t.Errorf("gateway presences: got %d %s", code, body)
	}

	// identity comes only from credentials, on every surface
	if code, _ := d.httpDo(t, "GET", "/v1/mission/missions", "", ""); code != 401 {
		t.Errorf("gateway without a credential: got %d, want 401", code)
	}
	for _, target := range organTargets {
		_, err := medullav1.NewMedullaServiceClient(d.conn(t, target, "")).ListBrains(ctx, &medullav1.ListBrainsRequest{})
		if target == "medulla" && status.Code(err) != codes.Unauthenticated {
			t.Errorf("medulla without a credential: got %v, want Unauthenticated", err)
		}
	}
}

// traceCrossesProcesses checks that one request through the gateway is one trace across the
// processes, each hop a client span in the caller and its server child in the callee.
func traceCrossesProcesses(t *testing.T, d *deployment, agent string) {
	tests := []struct {
		name, method, path, body string
		serverSpan               string // the gateway's root span
		want                     []hop
	}{
		{"gateway → soul → medulla", "GET", "/v1/soul/brains/loja/soul", "", "GET /v1/soul/brains/loja/soul", []hop{
			{"organism.soul.v1.SoulService/ReadSoul", d.serviceName("gateway"), d.serviceName("soul")},
			{"organism.medulla.v1.MedullaService/GetBrain", d.serviceName("soul"), d.serviceName("medulla")},
		}},
		{"gateway → mission → medulla", "POST", "/v1/mission/missions", packetJSON("traced"), "POST /v1/mission/missions", []hop{
			{"organism.mission.v1.MissionService/OpenMission", d.serviceName("gateway"), d.serviceName("mission")},
			{"organism.medulla.v1.MedullaService/GetBrain", d.serviceName("mission"), d.serviceName("medulla")},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if code, body := d.httpDo(t, tt.method, tt.path, agent, tt.body); code != 200 {
				t.Fatalf("%s %s: got %d %s", tt.method, tt.path, code, body)
			}
			root := d.otlp.waitSpan(t, tt.serverSpan, func(s span) bool {
				return s.name == tt.serverSpan && s.kind == tracepb.Span_SPAN_KIND_SERVER && s.service == d.serviceName("gateway")
			})
			if root.parent != "" {
				t.Errorf("gateway span has parent %s, want it to start the trace", root.parent)
			}
			last := tt.want[len(tt.want)-1]
			leaf := d.otlp.waitSpan(t, last.method, func(s span) bool {
				if s.trace != root.trace || s.name != last.method || s.kind != tracepb.Span_SPAN_KIND_SERVER {
					return false
				}
				return d.otlp.lineage(s)[0].id == root.id
			})
			chain := d.otlp.lineage(leaf)
			if got := hops(chain); !slices.Equal(got, tt.want) {
				t.Errorf("hops: got %v, want %v", got, tt.want)
			}
		})
	}
}

// pollUntil repeats ok until it holds, failing after wait.
func pollUntil(t *testing.T, what string, ok func() bool) {
	t.Helper()
	deadline := time.Now().Add(wait)
	for !ok() {
		if time.Now().After(deadline) {
			t.Fatalf("%s: not within %v", what, wait)
		}
		time.Sleep(25 * time.Millisecond)
	}
}

// refuseHalfStart starts a second medulla process on the first one's port: it must exit
// non-zero with the cause, and the running medulla must not notice.
func refuseHalfStart(t *testing.T, d *deployment) {
	first := d.procs["medulla"]
	p := &proc{name: "medulla-2", args: append([]string{}, first.args...), env: first.env}
	for i, a := range p.args {
		if a == "--data-dir" {
			p.args[i+1] = t.TempDir()
		}
	}
	p.start(t)
	select {
	case <-p.exited:
	case <-time.After(wait):
		p.cmd.Process.Kill()
		t.Fatalf("a medulla on a port in use kept running for %v", wait)
	}
	if p.err == nil || !strings.Contains(p.out.String(), "grpc listen") || !strings.Contains(p.out.String(), "address already in use") {
		t.Errorf("exit: got %v with output %q, want a non-zero exit naming the port in use", p.err, p.out.String())
	}
	d.waitServing(t, "medulla", d.grpc["medulla"])
}
