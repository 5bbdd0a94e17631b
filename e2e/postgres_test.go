//go:build e2e

package e2e

import (
	"context"
	"strings"
	"testing"

	medullav1 "github.com/organism-dev/organism/proto/organism/medulla/v1"
	missionv1 "github.com/organism-dev/organism/proto/organism/mission/v1"
	presencev1 "github.com/organism-dev/organism/proto/organism/presence/v1"
	soulv1 "github.com/organism-dev/organism/proto/organism/soul/v1"
)

// The "postgres" deployment: the split shape with every organ on one throwaway PostgreSQL
// (platform/pgtest) and two replicas of each, nine organ processes and the gateway. To keep
// it simple the gateway, the CLI and the organs' calls to medulla go to replica a of each
// organ; replica b is reached directly, and "replicas" checks that what one replica wrote the
// other serves.

// TestPostgresSmoke is the subset `make e2e` (and so `make test`) runs: every organ through
// gRPC, the gateway and the CLI, then the replicas sharing one state.
func TestPostgresSmoke(t *testing.T) {
	d := deploy(t, "postgres")
	agent := setUp(t, d)
	t.Run("organs", func(t *testing.T) { driveOrgans(t, d, agent) })
	t.Run("replicas share one state", func(t *testing.T) { replicasShareState(t, d, agent) })
}

// TestPostgres is the rest of the suite on PostgreSQL (make e2e-full): traces across the
// processes, and the drills (a medulla replica killed, the gateway restarted during a watch).
func TestPostgres(t *testing.T) {
	d := deploy(t, "postgres")
	agent := setUp(t, d)
	t.Run("trace", func(t *testing.T) { traceCrossesProcesses(t, d, agent) })
	t.Run("drill medulla killed", func(t *testing.T) { drillKillMedulla(t, d, agent) })
	t.Run("drill gateway restarted during a watch", func(t *testing.T) { drillRestartGateway(t, d, agent) })
	t.Run("replicas share one state after the drills", func(t *testing.T) { replicasShareState(t, d, agent) })
}

// replicasShareState writes through one replica of each organ and reads through the other.
func replicasShareState(t *testing.T, d *deployment, agent string) {
	ctx, cancel := context.WithTimeout(context.Background(), wait)
	defer cancel()
	a := func(target string) string { return d.grpc[target] }
	b := func(target string) string { return d.second[target] }

	t.Run("medulla", func(t *testing.T) {
		const slug = "replicas"
		ma := medullav1.NewMedullaServiceClient(d.connAt(t, a("medulla"), agent))
		mb := medullav1.NewMedullaServiceClient(d.connAt(t, b("medulla"), agent))
		if _, err := ma.Memorize(ctx, &medullav1.MemorizeRequest{Brain: brain, Slug: slug, Body: "written through replica a"}); err != nil {
			t.Fatalf("memorize on a: %v", err)
		}
		got, err := mb.GetClaim(ctx, &medullav1.GetClaimRequest{Brain: brain, Slug: slug})
		if err != nil || got.GetClaim().GetBody() != "written through replica a" {
			t.Fatalf("GetClaim on b: got %v, %v; want replica a's write", got.GetClaim(), err)
		}
		// The next version through b lands on the same chain: a reads version 2.
		if _, err := mb.Memorize(ctx, &medullav1.MemorizeRequest{Brain: brain, Slug: slug, Body: "then through replica b"}); err != nil {
			t.Fatalf("memorize on b: %v", err)
		}
		got, err = ma.GetClaim(ctx, &medullav1.GetClaimRequest{Brain: brain, Slug: slug})
		if err != nil || got.GetClaim().GetVersion() != 2 || got.GetClaim().GetBody() != "then through replica b" {
			t.Errorf("GetClaim on a: got %v, %v; want version 2 written through b", got.GetClaim(), err)
		}
	})

	t.Run("mission", func(t *testing.T) {
		id, err := openMission(ctx, missionv1.NewMissionServiceClient(d.connAt(t, b("mission"), agent)), "opened through replica b")
		if err != nil {
			t.Fatalf("OpenMission on b: %v", err)
		}
		if _, err := missionv1.NewMissionServiceClient(d.connAt(t, a("mission"), agent)).GetMission(ctx, &missionv1.GetMissionRequest{MissionId: id}); err != nil {
			t.Errorf("GetMission on a of the mission b opened: %v", err)
		}
		if code, body := d.httpDo(t, "GET", "/v1/mission/missions/"+id, agent, ""); code != 200 || !strings.Contains(body, id) {
			t.Errorf("gateway (replica a) GetMission: got %d %s", code, body)
		}
	})

	t.Run("soul", func(t *testing.T) {
		checked, err := soulv1.NewSoulServiceClient(d.connAt(t, b("soul"), agent)).CheckSoul(ctx, &soulv1.CheckSoulRequest{Brain: brain})
		if err != nil {
			t.Fatalf("CheckSoul on b: %v", err)
		}
		list, err := soulv1.NewSoulServiceClient(d.connAt(t, a("soul"), agent)).ListReceipts(ctx, &soulv1.ListReceiptsRequest{Brain: brain})
		if err != nil || len(list.GetReceipts()) == 0 || list.GetReceipts()[0].GetReceiptId() != checked.GetReceipt().GetReceiptId() {
			t.Errorf("ListReceipts on a: got %v, %v; want b's receipt %s first", list.GetReceipts(), err, checked.GetReceipt().GetReceiptId())
		}
	})

	t.Run("presence", func(t *testing.T) {
		reg, err := presencev1.NewPresenceServiceClient(d.connAt(t, b("presence"), agent)).Register(ctx,
			&presencev1.RegisterRequest{Kind: "executor", Theme: "replica b", Intent: presencev1.Intent_INTENT_READ, WorkingSet: []string{"src/"}})
		if err != nil {
			t.Fatalf("Register on b: %v", err)
		}
		id := reg.GetPresence().GetPresenceId()
		// Replica a applies what b wrote on its follow loop (every 250ms): poll, bounded.
		pa := presencev1.NewPresenceServiceClient(d.connAt(t, a("presence"), agent))
		pollUntil(t, "replica a lists the presence registered on b", func() bool {
			l, err := pa.List(ctx, &presencev1.ListRequest{})
			return err == nil && strings.Contains(l.String(), id)
		})
		if code, body := d.httpDo(t, "GET", "/v1/presence/presences", agent, ""); code != 200 || !strings.Contains(body, id) {
			t.Errorf("gateway (replica a) presences: got %d %s, want %s", code, body, id)
		}
	})
}
