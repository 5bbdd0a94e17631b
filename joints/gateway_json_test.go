package joints

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"testing"

	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"

	"github.com/organism-dev/organism/gateway"
	medullav1 "github.com/organism-dev/organism/proto/organism/medulla/v1"
	missionv1 "github.com/organism-dev/organism/proto/organism/mission/v1"
)

// TestGatewayAnswersAsProtojson reads the same state over gRPC and through the gateway, in both
// shapes, and wants the gateway's body to be exactly protojson's rendering (proto names, every
// field emitted) of the gRPC answer: the gateway writes responses with its own encoder, and the
// wire it promises is protojson's.
func TestGatewayAnswersAsProtojson(t *testing.T) {
	for _, shape := range []gatewayShape{shapeColocated, shapeSplit} {
		t.Run(string(shape), func(t *testing.T) {
			s := startSuiteShape(t, gateway.Limits{}, shape)
			ctx := context.Background()
			ownerMed := medullav1.NewMedullaServiceClient(s.conn(s.owner))
			agentMed := medullav1.NewMedullaServiceClient(s.conn(s.agent))
			agentMsn := missionv1.NewMissionServiceClient(s.conn(s.agent))
			for i := 0; i < 3; i++ {
				if _, err := ownerMed.RegisterBrain(ctx, &medullav1.RegisterBrainRequest{Name: fmt.Sprintf("brain-%d", i), RepoRoot: s.repo}); err != nil {
					t.Fatal(err)
				}
			}
			for i, body := range []string{"Writers race on the head; the compare-and-swap refuses the loser.", "Quotes \" and <tags> & unicode — ünïcödé 😀 survive.", ""} {
				req := &medullav1.MemorizeRequest{Brain: suiteBrain, Slug: fmt.Sprintf("fact-%d", i), Body: body, Kind: medullav1.ClaimKind_CLAIM_KIND_FACT, Confidence: 0.25 * float64(i+1)}
				if body == "" {
					req.Body, req.Kind = "A decision with no evidence.", medullav1.ClaimKind_CLAIM_KIND_DECISION
				}
				if _, err := agentMed.Memorize(ctx, req); err != nil {
					t.Fatal(err)
				}
			}
			opened, err := agentMsn.OpenMission(ctx, &missionv1.OpenMissionRequest{Packet: &missionv1.Packet{Brain: suiteBrain, BlockIds: []string{"sb_chain"},
				GateCommand: "true", Symptom: "the chain forks", Title: "fix the chain"}})
			if err != nil {
				t.Fatal(err)
			}
			id := opened.GetMission().GetMissionId()
			tests := []struct {
				name         string
				token        string
				method, path string
				body         any
				grpc         func() (proto.Message, error)
				// volatile names the keys computed at read time from the wall clock (a claim's age,
				// and the recall score weighted by it): they differ between the two reads.
				volatile []string
			}{
				{"ListBrains", s.owner, "GET", "/v1/medulla/brains", nil, func() (proto.Message, error) {
					return ownerMed.ListBrains(ctx, &medullav1.ListBrainsRequest{})
				}, nil},
				{"Recall", s.agent, "POST", "/v1/medulla/brains/loja/recall", `{"query":"race"}`, func() (proto.Message, error) {
					return agentMed.Recall(ctx, &medullav1.RecallRequest{Brain: suiteBrain, Query: "race"})
				}, []string{"age", "score"}},
				{"ListClaims", s.agent, "GET", "/v1/medulla/brains/loja/claims", nil, func() (proto.Message, error) {
					return agentMed.ListClaims(ctx, &medullav1.ListClaimsRequest{Brain: suiteBrain})
				}, []string{"age"}},
				{"GetMission", s.agent, "GET", "/v1/mission/missions/" + id, nil, func() (proto.Message, error) {
					return agentMsn.GetMission(ctx, &missionv1.GetMissionRequest{MissionId: id})
				}, nil},
				{"ListLetters", s.agent, "GET", "/v1/mission/missions/" + id + "/letters", nil, func() (proto.Message, error) {
					return agentMsn.ListLetters(ctx, &missionv1.ListLettersRequest{MissionId: id})
				}, nil},
			}
			wire := protojson.MarshalOptions{UseProtoNames: true, EmitUnpopulated: true}
			for _, tt := range tests {
				t.Run(tt.name, func(t *testing.T) {
					code, raw := s.call(tt.token, tt.method, tt.path, tt.body)
					if code != 200 {
						t.Fatalf("gateway: got %d %s, want 200", code, raw)
					}
					resp, err := tt.grpc()
					if err != nil {
						t.Fatalf("gRPC: %v", err)
					}
					want, err := wire.Marshal(resp)
					if err != nil {
						t.Fatal(err)
					}
					var gotV, wantV any
					if err := json.Unmarshal(raw, &gotV); err != nil {
						t.Fatalf("gateway body is not JSON: %v: %s", err, raw)
					}
					if err := json.Unmarshal(want, &wantV); err != nil {
						t.Fatal(err)
					}
					for _, k := range tt.volatile {
						if dropKey(gotV, k) == 0 || dropKey(wantV, k) == 0 {
							t.Fatalf("no %q in the answer: the case no longer reads what it names", k)
						}
					}
					if !reflect.DeepEqual(gotV, wantV) {
						t.Fatalf("got %s\nwant (protojson of the gRPC answer) %s", raw, want)
					}
				})
			}
		})
	}
}

// dropKey deletes key from every object in v and counts the deletions.
func dropKey(v any, key string) int {
	n := 0
	switch x := v.(type) {
	case map[string]any:
		if _, ok := x[key]; ok {
			delete(x, key)
			n++
		}
		for _, e := range x {
			n += dropKey(e, key)
		}
	case []any:
		for _, e := range x {
			n += dropKey(e, key)
		}
	}
	return n
}
