package auth

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"errors"
	"testing"
	"time"

	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"

	"github.com/organism-dev/organism/platform/refusal"
	"github.com/organism-dev/organism/platform/rpcstatus"
	commonv1 "github.com/organism-dev/organism/proto/organism/common/v1"
	medullav1 "github.com/organism-dev/organism/proto/organism/medulla/v1"
)

func TestClassOf(t *testing.T) {
	tests := []struct {
		name string
		id   Identity
		want commonv1.Caller
	}{
		{"owner cli", Identity{Kind: KindOwner, Origin: commonv1.Origin_ORIGIN_HUMAN_CLI}, commonv1.Caller_CALLER_OWNER},
		{"owner hall session", Identity{Kind: KindOwner, Origin: commonv1.Origin_ORIGIN_HUMAN_UI}, commonv1.Caller_CALLER_OWNER},
		{"gateway without a session", Identity{Kind: KindGateway, Origin: commonv1.Origin_ORIGIN_SERVICE}, commonv1.Caller_CALLER_UNSPECIFIED},
		{"service", Identity{Kind: KindService, Origin: commonv1.Origin_ORIGIN_SERVICE}, commonv1.Caller_CALLER_SERVICE},
		{"peer", Identity{Kind: KindPeer, Origin: commonv1.Origin_ORIGIN_PEER}, commonv1.Caller_CALLER_PEER},
		{"orchestrator", agentID("orchestrator"), commonv1.Caller_CALLER_AGENT_ORCHESTRATOR},
		{"executor", agentID("executor"), commonv1.Caller_CALLER_AGENT_EXECUTOR},
		{"runner", agentID("runner"), commonv1.Caller_CALLER_AGENT_RUNNER},
		{"hand-runner", agentID("hand-runner"), commonv1.Caller_CALLER_AGENT_HAND_RUNNER},
		{"judge", agentID("judge"), commonv1.Caller_CALLER_AGENT_JUDGE},
		{"curator", agentID("curator"), commonv1.Caller_CALLER_AGENT_CURATOR},
		{"unknown seat", agentID("oracle"), commonv1.Caller_CALLER_UNSPECIFIED},
		{"seat spelled differently", agentID("Runner"), commonv1.Caller_CALLER_UNSPECIFIED},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := ClassOf(tt.id); got != tt.want {
				t.Fatalf("got %s, want %s", got, tt.want)
			}
		})
	}
}

func agentID(seat string) Identity {
	return Identity{Kind: KindAgent, AgentID: "ada", Seat: seat, Brain: "loja", Origin: commonv1.Origin_ORIGIN_AGENT}
}

func TestSeatOfIsClassOfInverse(t *testing.T) {
	for seat, class := range seatClasses {
		if got := SeatOf(class); got != seat {
			t.Errorf("SeatOf(%s): got %q, want %q", class, got, seat)
		}
	}
	if got := SeatOf(commonv1.Caller_CALLER_OWNER); got != "" {
		t.Errorf("SeatOf(OWNER): got %q, want none", got)
	}
}

// recorder is a service implementation that records the door's refusals, as presence does.
type recorder struct {
	got  []string
	fail error
}

func (r *recorder) RecordDoorRefusal(_ context.Context, method string, _ any, ref *refusal.Error) (*refusal.Error, error) {
	if r.fail != nil {
		return nil, r.fail
	}
	r.got = append(r.got, method+" "+string(ref.Reason))
	return ref.With("receipt_id", "rcpt_1"), nil
}

func TestAdmit(t *testing.T) {
	peerDoctrine := "/" + medullav1.MedullaService_ServiceDesc.ServiceName + "/PeerDoctrine"
	memorize := "/" + medullav1.MedullaService_ServiceDesc.ServiceName + "/Memorize"
	unknown := "/organism.nowhere.v1.Nothing/Do"
	peer := Identity{Kind: KindPeer, AgentID: "carol", Origin: commonv1.Origin_ORIGIN_PEER}
	owner := Identity{Kind: KindOwner, AgentID: "owner", Origin: commonv1.Origin_ORIGIN_HUMAN_CLI}
	tests := []struct {
		name       string
		id         Identity
		method     string
		server     any
		wantCode   codes.Code
		wantMeta   map[string]string
		wantRecord bool
	}{
		{name: "peer on its one RPC", id: peer, method: peerDoctrine, wantCode: codes.OK},
		{name: "peer on the write door", id: peer, method: memorize, wantCode: codes.PermissionDenied,
			wantMeta: map[string]string{MetaCaller: "PEER", MetaMethod: memorize[1:]}},
		{name: "runner on the write door", id: agentID("runner"), method: memorize, wantCode: codes.PermissionDenied,
			wantMeta: map[string]string{MetaCaller: "AGENT_RUNNER", MetaSeat: "runner"}},
		{name: "executor on the write door", id: agentID("executor"), method: memorize, wantCode: codes.OK},
		{name: "unknown seat on the write door", id: agentID("oracle"), method: memorize, wantCode: codes.PermissionDenied,
			wantMeta: map[string]string{MetaCaller: "UNSPECIFIED", MetaSeat: "oracle"}},
		{name: "owner on a method without a row", id: owner, method: unknown, wantCode: codes.OK},
		{name: "executor on a method without a row", id: agentID("executor"), method: unknown, wantCode: codes.PermissionDenied},
		{name: "a refusal is handed to the service's recorder", id: peer, method: memorize, server: &recorder{}, wantCode: codes.PermissionDenied,
			wantMeta: map[string]string{"receipt_id": "rcpt_1"}, wantRecord: true},
		{name: "an unrecordable refusal is an internal error", id: peer, method: memorize, server: &recorder{fail: errors.New("disk full")}, wantCode: codes.Internal},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := admit(context.Background(), tt.id, tt.method, tt.server, nil)
			if got := status.Code(err); got != tt.wantCode {
				t.Fatalf("got %v (%v), want %v", got, err, tt.wantCode)
			}
			if tt.wantCode == codes.PermissionDenied {
				if got := rpcstatus.ReasonOf(err); got != ReasonCallerNotAllowed {
					t.Fatalf("got reason %q, want %s", got, ReasonCallerNotAllowed)
				}
				md := errorInfo(t, err)
				for k, v := range tt.wantMeta {
					if md[k] != v {
						t.Errorf("metadata %s: got %q, want %q (all: %v)", k, md[k], v, md)
					}
				}
			}
			if r, ok := tt.server.(*recorder); ok && tt.wantRecord && len(r.got) != 1 {
				t.Fatalf("recorder got %v, want the one refusal", r.got)
			}
		})
	}
}

func TestRowForIsCachedAndFailsClosed(t *testing.T) {
	m := "/" + medullav1.MedullaService_ServiceDesc.ServiceName + "/RegisterBrain"
	r := RowFor(m)
	if !r.Annotated || len(r.Callers) != 1 || r.Callers[0] != commonv1.Caller_CALLER_OWNER || r.OrganReason != "OWNER_ONLY" {
		t.Fatalf("RegisterBrain: got %+v, want an annotated owner-only row whose organ says OWNER_ONLY", r)
	}
	cells := map[commonv1.Caller]Cell{commonv1.Caller_CALLER_OWNER: Allowed, commonv1.Caller_CALLER_AGENT_EXECUTOR: RefusedByOrgan,
		commonv1.Caller_CALLER_PEER: RefusedAtDoor, commonv1.Caller_CALLER_UNSPECIFIED: RefusedAtDoor}
	for c, want := range cells {
		if got := r.Cell(c); got != want {
			t.Errorf("RegisterBrain cell %s: got %d, want %d", c, got, want)
		}
	}
	if _, ok := rows.Load(m); !ok {
		t.Fatal("got no cached row after the first lookup, want it cached")
	}
	for _, bad := range []string{"", "/", "nonsense", "/organism.medulla.v1.MedullaService/NoSuch", "/organism.medulla.v1.Claim/Memorize"} {
		r := RowFor(bad)
		if r.Annotated || r.Cell(commonv1.Caller_CALLER_OWNER) != Allowed || r.Passes(commonv1.Caller_CALLER_SERVICE) {
			t.Errorf("RowFor(%q): got %+v, want the unannotated owner-only row", bad, r)
		}
	}
}

func errorInfo(t *testing.T, err error) map[string]string {
	t.Helper()
	for _, d := range status.Convert(err).Details() {
		if info, ok := d.(*errdetails.ErrorInfo); ok {
			if info.GetDomain() != ErrorDomain {
				t.Fatalf("got ErrorInfo domain %q, want %q", info.GetDomain(), ErrorDomain)
			}
			return info.GetMetadata()
		}
	}
	t.Fatalf("got no ErrorInfo in %v", err)
	return nil
}

// BenchmarkDoor is the matrix's cost per call (a cached row, an admitted agent) against the
// baseline every call already pays: authenticating its credential (a cached signature check).
func BenchmarkDoor(b *testing.B) {
	signer := NewSigner(mustKey(b), nil)
	v := signer.Verifier()
	tok, err := signer.Mint(MintRequest{Kind: KindAgent, Subject: "ada", Seat: "executor", Brain: "loja"})
	if err != nil {
		b.Fatal(err)
	}
	ctx := metadata.NewIncomingContext(context.Background(), metadata.Pairs(AuthorizationHeader, "Bearer "+tok))
	method := "/" + medullav1.MedullaService_ServiceDesc.ServiceName + "/Memorize"
	id, err := v.Authenticate(ctx)
	if err != nil {
		b.Fatal(err)
	}
	measure := func(f func()) float64 {
		start := time.Now()
		for i := 0; i < b.N; i++ {
			f()
		}
		return float64(time.Since(start).Nanoseconds()) / float64(b.N)
	}
	b.ResetTimer()
	auth := measure(func() { _, _ = v.Authenticate(ctx) })
	door := measure(func() { _ = admit(ctx, id, method, nil, nil) })
	b.ReportMetric(door, "door-ns/call")
	b.ReportMetric(auth, "authenticate-ns/call")
	b.ReportMetric(door/auth, "door/authenticate")
}

func mustKey(b *testing.B) ed25519.PrivateKey {
	_, key, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		b.Fatal(err)
	}
	return key
}
