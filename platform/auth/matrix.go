package auth

import (
	"context"
	"strings"
	"sync"

	"google.golang.org/grpc/codes"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/reflect/protoregistry"

	"github.com/organism-dev/organism/platform/refusal"
	"github.com/organism-dev/organism/platform/rpcstatus"
	commonv1 "github.com/organism-dev/organism/proto/organism/common/v1"
)

// The caller × RPC matrix is written once, in the contracts: every rpc carries the
// organism.common.v1.access option listing the caller classes it admits. This file is the one
// place that enforces it. The door runs right after the credential is verified, before any
// handler, for unary and streaming calls alike; it answers a caller the table does not list
// with PermissionDenied and ErrorInfo reason CALLER_NOT_ALLOWED. It is fail closed: an RPC
// whose descriptor is unknown, or that carries no access option, admits the owner only.
// What an admitted caller may do with a given request (its brain binding, the arrow it draws,
// whether it wrote the claim it grades) stays each organ's rule.

// ReasonCallerNotAllowed is the door's refusal: the caller's class is not in the RPC's row.
const ReasonCallerNotAllowed = "CALLER_NOT_ALLOWED"

// Metadata keys of a CALLER_NOT_ALLOWED refusal.
const (
	MetaCaller = "caller"
	MetaMethod = "method"
	MetaSeat   = "seat"
)

// seatClasses are the agent seats the matrix knows. An agent credential minted for any other
// seat has no row: every RPC refuses it at the door, so a typo in `token mint --seat` cannot
// quietly grant a new kind of caller anything.
var seatClasses = map[string]commonv1.Caller{
	"orchestrator": commonv1.Caller_CALLER_AGENT_ORCHESTRATOR,
	"executor":     commonv1.Caller_CALLER_AGENT_EXECUTOR,
	"runner":       commonv1.Caller_CALLER_AGENT_RUNNER,
	"hand-runner":  commonv1.Caller_CALLER_AGENT_HAND_RUNNER,
	"judge":        commonv1.Caller_CALLER_AGENT_JUDGE,
	"curator":      commonv1.Caller_CALLER_AGENT_CURATOR,
}

// SeatOf returns the seat whose agents fall in class c, or "" when c is not an agent class.
func SeatOf(c commonv1.Caller) string {
	for seat, class := range seatClasses {
		if class == c {
			return seat
		}
	}
	return ""
}

// ClassOf is the matrix row of a verified identity: the owner (CLI credential or a Hall
// session), a service, a peer, or an agent by its seat. A gateway credential without an owner
// session and an agent of an unknown seat are CALLER_UNSPECIFIED, which no RPC admits.
func ClassOf(id Identity) commonv1.Caller {
	switch {
	case id.IsOwner():
		return commonv1.Caller_CALLER_OWNER
	case id.Kind == KindService:
		return commonv1.Caller_CALLER_SERVICE
	case id.Kind == KindPeer:
		return commonv1.Caller_CALLER_PEER
	case id.Kind == KindAgent:
		return seatClasses[id.Seat]
	}
	return commonv1.Caller_CALLER_UNSPECIFIED
}

// ClassName spells a caller class without its enum prefix: OWNER, AGENT_RUNNER, ...
func ClassName(c commonv1.Caller) string {
	return strings.TrimPrefix(c.String(), "CALLER_")
}

// Row is one RPC's row of the matrix, as the door reads it from the method's descriptor.
type Row struct {
	// Annotated says whether the method carries the access option; without it only the owner passes.
	Annotated bool
	Callers   []commonv1.Caller
	// OrganRefuses pass the door only to be refused by the organ with OrganReason.
	OrganRefuses []commonv1.Caller
	OrganReason  string
	Note         string
	allowed      uint64
	organ        uint64
}

// Cell is what happens to one caller class on one RPC.
type Cell int

// The three outcomes of a cell.
const (
	// RefusedAtDoor: the door answers CALLER_NOT_ALLOWED; the handler never runs.
	RefusedAtDoor Cell = iota
	// Allowed: the caller passes; the organ still applies its rules to the request.
	Allowed
	// RefusedByOrgan: the caller passes the door and the organ refuses it with the row's
	// OrganReason, recording the refusal where its laws say.
	RefusedByOrgan
)

// Cell returns class c's outcome on this RPC.
func (r Row) Cell(c commonv1.Caller) Cell {
	switch {
	case c == commonv1.Caller_CALLER_UNSPECIFIED || c >= 64:
		return RefusedAtDoor
	case r.allowed&(1<<uint(c)) != 0:
		return Allowed
	case r.organ&(1<<uint(c)) != 0:
		return RefusedByOrgan
	}
	return RefusedAtDoor
}

// Passes reports whether class c gets through the door of this RPC.
func (r Row) Passes(c commonv1.Caller) bool { return r.Cell(c) != RefusedAtDoor }

func bits(cs []commonv1.Caller) uint64 {
	var b uint64
	for _, c := range cs {
		if c > commonv1.Caller_CALLER_UNSPECIFIED && c < 64 {
			b |= 1 << uint(c)
		}
	}
	return b
}

// ownerOnly is the row of an RPC without an access option: fail closed.
var ownerOnly = Row{allowed: 1 << uint(commonv1.Caller_CALLER_OWNER)}

// RowOf reads the access option of one method descriptor.
func RowOf(m protoreflect.MethodDescriptor) Row {
	opts := m.Options()
	if opts == nil || !proto.HasExtension(opts, commonv1.E_Access) {
		return ownerOnly
	}
	a, _ := proto.GetExtension(opts, commonv1.E_Access).(*commonv1.Access)
	return Row{Annotated: true, Callers: a.GetCallers(), OrganRefuses: a.GetOrganRefuses(),
		OrganReason: a.GetOrganReason(), Note: a.GetNote(), allowed: bits(a.GetCallers()), organ: bits(a.GetOrganRefuses())}
}

// rows caches each full method's row: the descriptor is looked up once per method, never per call.
var rows sync.Map // full method name -> Row

// RowFor returns the row of a full gRPC method name (/pkg.Service/Method), from the
// descriptors registered in this binary. An unknown method yields the owner-only row.
func RowFor(fullMethod string) Row {
	if r, ok := rows.Load(fullMethod); ok {
		return r.(Row)
	}
	r := ownerOnly
	if m := methodDescriptor(fullMethod); m != nil {
		r = RowOf(m)
	}
	rows.Store(fullMethod, r)
	return r
}

func methodDescriptor(fullMethod string) protoreflect.MethodDescriptor {
	svc, method, ok := strings.Cut(strings.TrimPrefix(fullMethod, "/"), "/")
	if !ok {
		return nil
	}
	d, err := protoregistry.GlobalFiles.FindDescriptorByName(protoreflect.FullName(svc))
	if err != nil {
		return nil
	}
	sd, ok := d.(protoreflect.ServiceDescriptor)
	if !ok {
		return nil
	}
	return sd.Methods().ByName(protoreflect.Name(method))
}

// DoorRecorder is implemented by a service whose laws record every refusal of a durable effect
// (presence keeps each in the caller's own ledger or the security ledger). The door hands it
// each refusal it makes on that service's RPCs, the caller's identity in ctx and the request
// (nil on a stream, whose messages the door never reads), and answers the refusal it returns
// (typically carrying a receipt id). An error means the refusal could not be recorded; the door
// then answers Internal: nothing is refused unrecorded.
type DoorRecorder interface {
	RecordDoorRefusal(ctx context.Context, fullMethod string, req any, ref *refusal.Error) (*refusal.Error, error)
}

// admit applies the matrix to a verified caller of fullMethod. server is the service
// implementation the call is for; when it is a DoorRecorder the refusal is recorded there.
func admit(ctx context.Context, id Identity, fullMethod string, server, req any) error {
	class := ClassOf(id)
	if RowFor(fullMethod).Passes(class) {
		return nil
	}
	ref := callerNotAllowed(id, class, fullMethod)
	if rec, ok := server.(DoorRecorder); ok {
		recorded, err := rec.RecordDoorRefusal(ctx, fullMethod, req, ref)
		if err != nil {
			return rpcstatus.Internal(ctx, nil, err)
		}
		ref = recorded
	}
	return rpcstatus.Build(codes.PermissionDenied, ErrorDomain, string(ref.Reason), ref.Message, ref.Metadata)
}

func callerNotAllowed(id Identity, class commonv1.Caller, fullMethod string) *refusal.Error {
	method := strings.TrimPrefix(fullMethod, "/")
	who := ClassName(class)
	if class == commonv1.Caller_CALLER_UNSPECIFIED {
		who = "an unclassified caller (" + id.OriginName() + ")"
		if id.Kind == KindAgent {
			who = "an agent of the unknown seat " + strings.ToValidUTF8(id.Seat, "?")
		}
	}
	ref := refusal.New(ReasonCallerNotAllowed, "%s may not call %s", who, method).
		With(MetaCaller, ClassName(class)).With(MetaMethod, method)
	if id.Kind == KindAgent {
		ref = ref.With(MetaSeat, id.Seat)
	}
	return ref
}
