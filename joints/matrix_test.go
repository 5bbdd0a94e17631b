package joints

import (
	"context"
	"errors"
	"io"
	"testing"
	"time"

	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/reflect/protoregistry"

	"github.com/organism-dev/organism/platform/auth"
	"github.com/organism-dev/organism/platform/grpcserver"
	"github.com/organism-dev/organism/platform/rpcstatus"
	commonv1 "github.com/organism-dev/organism/proto/organism/common/v1"
	medullav1 "github.com/organism-dev/organism/proto/organism/medulla/v1"
	missionv1 "github.com/organism-dev/organism/proto/organism/mission/v1"
	presencev1 "github.com/organism-dev/organism/proto/organism/presence/v1"
	soulv1 "github.com/organism-dev/organism/proto/organism/soul/v1"
)

// mtxServices are the four organs' services, the columns' source of truth.
func mtxServices() []protoreflect.ServiceDescriptor {
	return []protoreflect.ServiceDescriptor{
		soulv1.File_organism_soul_v1_soul_proto.Services().ByName("SoulService"),
		medullav1.File_organism_medulla_v1_medulla_proto.Services().ByName("MedullaService"),
		missionv1.File_organism_mission_v1_mission_proto.Services().ByName("MissionService"),
		presencev1.File_organism_presence_v1_presence_proto.Services().ByName("PresenceService"),
	}
}

// mtxMethods lists every RPC of the four services.
func mtxMethods() []protoreflect.MethodDescriptor {
	var out []protoreflect.MethodDescriptor
	for _, sd := range mtxServices() {
		for i := 0; i < sd.Methods().Len(); i++ {
			out = append(out, sd.Methods().Get(i))
		}
	}
	return out
}

// mtxClasses lists every caller class of the enum but the unspecified one.
func mtxClasses() []commonv1.Caller {
	var out []commonv1.Caller
	vals := commonv1.Caller(0).Descriptor().Values()
	for i := 0; i < vals.Len(); i++ {
		if c := commonv1.Caller(vals.Get(i).Number()); c != commonv1.Caller_CALLER_UNSPECIFIED {
			out = append(out, c)
		}
	}
	return out
}

func fullMethod(m protoreflect.MethodDescriptor) string {
	return "/" + string(m.Parent().FullName()) + "/" + string(m.Name())
}

// TestMatrixCoversEveryRPC: fail closed is a backstop, not the plan. Every RPC of the four
// services carries its row, and every row is well formed.
func TestMatrixCoversEveryRPC(t *testing.T) {
	for _, m := range mtxMethods() {
		t.Run(string(m.FullName()), func(t *testing.T) {
			r := auth.RowOf(m)
			if !r.Annotated {
				t.Fatalf("got no organism.common.v1.access option, want every rpc annotated")
			}
			if r.Note == "" {
				t.Errorf("got no note, want the row's reason stated")
			}
			if r.Cell(commonv1.Caller_CALLER_OWNER) == auth.RefusedAtDoor {
				t.Errorf("got the owner refused at the door, want the owner to reach every organ's own rule")
			}
			if (len(r.OrganRefuses) == 0) != (r.OrganReason == "") {
				t.Errorf("got organ_refuses %v with organ_reason %q, want both or neither", r.OrganRefuses, r.OrganReason)
			}
			seen := map[commonv1.Caller]bool{}
			for _, c := range append(append([]commonv1.Caller(nil), r.Callers...), r.OrganRefuses...) {
				if c == commonv1.Caller_CALLER_UNSPECIFIED || seen[c] {
					t.Errorf("got caller %s listed twice or unspecified, want each class in one list once", c)
				}
				seen[c] = true
			}
		})
	}
}

// mtxCaller is one row of callers: a class and the credential that makes it.
type mtxCaller struct {
	name  string
	class commonv1.Caller
	creds func(s *suite) grpc.DialOption
}

func bearer(s *suite, r auth.MintRequest) grpc.DialOption {
	return grpc.WithPerRPCCredentials(auth.Bearer(s.mint(r)))
}

// mtxCallers is every class of the enum with the credential that falls in it, the owner
// through both of its origins, and two credentials that fall in no class.
func mtxCallers(t *testing.T) []mtxCaller {
	out := []mtxCaller{
		{"owner (human-cli)", commonv1.Caller_CALLER_OWNER, func(s *suite) grpc.DialOption {
			return bearer(s, auth.MintRequest{Kind: auth.KindOwner})
		}},
		{"owner (human-ui)", commonv1.Caller_CALLER_OWNER, func(s *suite) grpc.DialOption {
			return grpc.WithPerRPCCredentials(auth.Session{Gateway: s.mint(auth.MintRequest{Kind: auth.KindGateway, Subject: "gateway"}),
				Owner: s.mint(auth.MintRequest{Kind: auth.KindOwner})})
		}},
		{"service", commonv1.Caller_CALLER_SERVICE, func(s *suite) grpc.DialOption {
			return bearer(s, auth.MintRequest{Kind: auth.KindService, Subject: "mission"})
		}},
		{"peer", commonv1.Caller_CALLER_PEER, func(s *suite) grpc.DialOption {
			return bearer(s, auth.MintRequest{Kind: auth.KindPeer, Subject: "bob"})
		}},
		{"gateway without a session", commonv1.Caller_CALLER_UNSPECIFIED, func(s *suite) grpc.DialOption {
			return bearer(s, auth.MintRequest{Kind: auth.KindGateway, Subject: "gateway"})
		}},
		{"agent of an unknown seat", commonv1.Caller_CALLER_UNSPECIFIED, func(s *suite) grpc.DialOption {
			return bearer(s, auth.MintRequest{Kind: auth.KindAgent, Subject: "zed", Seat: "oracle", Brain: suiteBrain})
		}},
	}
	covered := map[commonv1.Caller]bool{}
	for _, c := range out {
		covered[c.class] = true
	}
	for _, class := range mtxClasses() {
		seat := auth.SeatOf(class)
		if seat == "" {
			if !covered[class] {
				t.Fatalf("caller class %s has no credential in this test; add one", class)
			}
			continue
		}
		out = append(out, mtxCaller{"agent " + seat, class, func(s *suite) grpc.DialOption {
			return bearer(s, auth.MintRequest{Kind: auth.KindAgent, Subject: "ada", Seat: seat, Brain: suiteBrain})
		}})
	}
	return out
}

// mtxRequest is the minimal request of a method: empty, except where an empty request would
// hold a stream open waiting for events; there it names no brain that can exist, so an
// admitted caller is answered at once by the organ's own validation.
func mtxRequest(t *testing.T, m protoreflect.MethodDescriptor) proto.Message {
	mt, err := protoregistry.GlobalTypes.FindMessageByName(m.Input().FullName())
	if err != nil {
		t.Fatalf("input type of %s: %v", m.FullName(), err)
	}
	req := mt.New().Interface()
	if f := req.ProtoReflect().Descriptor().Fields().ByName("brain"); f != nil && m.IsStreamingServer() {
		req.ProtoReflect().Set(f, protoreflect.ValueOfString("NOT A BRAIN"))
	}
	return req
}

// mtxCall makes one real call of m over conn and returns its error: unary through Invoke,
// streams through NewStream with the request sent (if the client sends) and one receive.
func mtxCall(ctx context.Context, t *testing.T, conn *grpc.ClientConn, m protoreflect.MethodDescriptor) error {
	req := mtxRequest(t, m)
	mt, err := protoregistry.GlobalTypes.FindMessageByName(m.Output().FullName())
	if err != nil {
		t.Fatalf("output type of %s: %v", m.FullName(), err)
	}
	resp := mt.New().Interface()
	if !m.IsStreamingClient() && !m.IsStreamingServer() {
		return conn.Invoke(ctx, fullMethod(m), req, resp)
	}
	desc := &grpc.StreamDesc{StreamName: string(m.Name()), ClientStreams: m.IsStreamingClient(), ServerStreams: m.IsStreamingServer()}
	st, err := conn.NewStream(ctx, desc, fullMethod(m))
	if err != nil {
		return err
	}
	if !m.IsStreamingClient() {
		if err := st.SendMsg(req); err != nil && !errors.Is(err, io.EOF) {
			return err
		}
	}
	if err := st.CloseSend(); err != nil {
		return err
	}
	err = st.RecvMsg(resp)
	if errors.Is(err, io.EOF) {
		return nil
	}
	return err
}

// TestMatrixEveryCell starts the four organs and, for every RPC of the four services and every
// caller class, makes a real call and checks the cell: refused at the door with
// CALLER_NOT_ALLOWED naming the caller and the method; allowed, never refused at the door (the
// organ may still refuse the minimal request for its own typed reason); or refused by the
// organ, which passes the door and is refused by the organ itself.
func TestMatrixEveryCell(t *testing.T) {
	s := startSuite(t)
	methods := mtxMethods()
	for _, c := range mtxCallers(t) {
		conn, err := grpcserver.Dial(s.grpcAddr, grpcserver.DialOptions{Extra: []grpc.DialOption{c.creds(s)}})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { conn.Close() })
		t.Run(c.name, func(t *testing.T) {
			for _, m := range methods {
				row := auth.RowFor(fullMethod(m))
				cell := row.Cell(c.class)
				t.Run(string(m.Parent().Name())+"."+string(m.Name()), func(t *testing.T) {
					ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
					defer cancel()
					err := mtxCall(ctx, t, conn, m)
					reason := rpcstatus.ReasonOf(err)
					switch cell {
					case auth.RefusedAtDoor:
						if status.Code(err) != codes.PermissionDenied || reason != auth.ReasonCallerNotAllowed {
							t.Fatalf("got %v (reason %q), want PermissionDenied %s", err, reason, auth.ReasonCallerNotAllowed)
						}
						md := mtxErrorInfo(err)
						if md[auth.MetaCaller] != auth.ClassName(c.class) || md[auth.MetaMethod] != fullMethod(m)[1:] {
							t.Fatalf("got metadata %v, want caller %s and method %s", md, auth.ClassName(c.class), fullMethod(m)[1:])
						}
					case auth.Allowed:
						if reason == auth.ReasonCallerNotAllowed {
							t.Fatalf("got %v, want the door to admit %s", err, auth.ClassName(c.class))
						}
					case auth.RefusedByOrgan:
						if err == nil || reason == auth.ReasonCallerNotAllowed {
							t.Fatalf("got %v, want the organ's own refusal (%s) past the door", err, row.OrganReason)
						}
					}
				})
			}
		})
	}
}

func mtxErrorInfo(err error) map[string]string {
	for _, d := range status.Convert(err).Details() {
		if info, ok := d.(*errdetails.ErrorInfo); ok {
			return info.GetMetadata()
		}
	}
	return nil
}
