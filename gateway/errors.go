package gateway

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"

	"github.com/grpc-ecosystem/grpc-gateway/v2/runtime"
	"google.golang.org/genproto/googleapis/rpc/code"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	spb "google.golang.org/genproto/googleapis/rpc/status"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/types/known/anypb"

	"github.com/organism-dev/organism/platform/rpcstatus"
)

// Domain is the ErrorInfo domain of the refusals the gateway raises itself.
const Domain = "gateway.organism"

// HTTPStatus maps a gRPC code to the HTTP status the gateway answers with: grpc-gateway's own
// mapping, except that a failed precondition is a conflict (409) like a lost race, so the Hall
// refreshes and the caller retries with fresh state.
func HTTPStatus(c codes.Code) int {
	if c == codes.FailedPrecondition {
		return http.StatusConflict
	}
	return runtime.HTTPStatusFromCode(c)
}

// errorBody is the JSON every refusal answers with (OpenAPI: organism.gateway.Refusal): the gRPC
// status plus its ErrorInfo reason lifted to the top, so clients need not dig through details.
// reason is never empty: a status that arrives without one gets the gateway's (see present).
type errorBody struct {
	Code    int32             `json:"code"`
	Status  string            `json:"status"`
	Message string            `json:"message"`
	Reason  string            `json:"reason"`
	Domain  string            `json:"domain,omitempty"`
	Fields  []fieldViolation  `json:"field_violations,omitempty"`
	Details []json.RawMessage `json:"details,omitempty"`
}

type fieldViolation struct {
	Field       string `json:"field"`
	Description string `json:"description"`
}

func bodyFor(st *status.Status) errorBody {
	b := errorBody{Code: int32(st.Code()), Status: st.Code().String(), Message: st.Message()}
	for _, d := range st.Proto().GetDetails() {
		if raw, err := protojson.Marshal(d); err == nil {
			b.Details = append(b.Details, raw)
		}
		msg, err := anypb.UnmarshalNew(d, proto.UnmarshalOptions{})
		if err != nil {
			continue
		}
		switch m := msg.(type) {
		case *errdetails.ErrorInfo:
			b.Reason, b.Domain = m.GetReason(), m.GetDomain()
		case *errdetails.BadRequest:
			for _, v := range m.GetFieldViolations() {
				b.Fields = append(b.Fields, fieldViolation{Field: v.GetField(), Description: v.GetDescription()})
			}
		}
	}
	return b
}

// gatewayReasons name the plain statuses that reach the gateway without an ErrorInfo:
// grpc-gateway's own routing and decoding failures and gRPC's transport failures. Any other code
// is named by its google.rpc.Code spelling (RESOURCE_EXHAUSTED, DEADLINE_EXCEEDED, ...).
var gatewayReasons = map[codes.Code]string{
	codes.Unimplemented:   ReasonNoSuchRoute,
	codes.Unavailable:     ReasonUnavailable,
	codes.Unauthenticated: ReasonUnauthenticated,
}

func reasonFor(c codes.Code) string {
	if r, ok := gatewayReasons[c]; ok {
		return r
	}
	return code.Code(c).String()
}

func errorInfo(st *status.Status) *errdetails.ErrorInfo {
	for _, d := range st.Details() {
		if info, ok := d.(*errdetails.ErrorInfo); ok {
			return info
		}
	}
	return nil
}

// present turns whatever error reached the gateway into the status it answers with. A status
// without an ErrorInfo gets a reason. An unreachable upstream (any 503), and an internal error
// that is not a typed refusal, is logged with its detail and answered with a generic message:
// gRPC's transport errors name internal addresses ("dial tcp 10.0.0.3:7700") and must not leave.
func (g *Gateway) present(ctx context.Context, path string, err error) *status.Status {
	st := status.Convert(err)
	info := errorInfo(st)
	switch c := st.Code(); {
	case c == codes.Unavailable:
		g.opts.Logger.WarnContext(ctx, "upstream unavailable", "path", path, "err", err)
		reason, domain := ReasonUnavailable, Domain
		if info != nil {
			reason, domain = info.GetReason(), info.GetDomain()
		}
		st = withInfo(status.New(c, "the "+serviceOf(path)+" service is unavailable; try again shortly"), reason, domain)
		info = errorInfo(st)
	case info == nil && (c == codes.Internal || c == codes.Unknown || c == codes.DataLoss):
		g.opts.Logger.ErrorContext(ctx, "upstream internal error", "path", path, "err", err)
		st = status.New(c, "internal error")
	case c == codes.Internal || c == codes.Unknown:
		g.opts.Logger.ErrorContext(ctx, "upstream internal error", "path", path, "err", err)
	}
	if info == nil {
		st = withInfo(st, reasonFor(st.Code()), Domain)
	}
	return st
}

func withInfo(st *status.Status, reason, domain string) *status.Status {
	if d, err := st.WithDetails(&errdetails.ErrorInfo{Reason: reason, Domain: domain}); err == nil {
		return d
	}
	return st
}

// serviceOf names the organ of an API path (/v1/<service>/...) for messages.
func serviceOf(path string) string {
	parts := strings.SplitN(strings.TrimPrefix(path, "/v1/"), "/", 2)
	if parts[0] == "" {
		return "upstream"
	}
	return parts[0]
}

// errorHandler answers every failure grpc-gateway reports for a unary route, and for a stream
// before it starts.
func (g *Gateway) errorHandler(ctx context.Context, _ *runtime.ServeMux, _ runtime.Marshaler, w http.ResponseWriter, r *http.Request, err error) {
	if st := stateFrom(ctx); st != nil && st.body != nil {
		var ne net.Error
		switch {
		case st.body.exceeded:
			tooLarge(w, st.body.limit)
			return
		case st.body.readErr != nil && errors.As(st.body.readErr, &ne) && ne.Timeout():
			bodyRefusal(w, st.body.readErr, 0)
			return
		}
	}
	if st := stateFrom(ctx); st != nil && st.badBody != nil {
		writeJSON(w, http.StatusBadRequest, bodyFor(st.badBody))
		return
	}
	var he *runtime.HTTPStatusError
	if errors.As(err, &he) {
		// grpc-gateway's own request errors (a malformed path escape): the request is bad.
		writeRefusal(w, he.HTTPStatus, codes.InvalidArgument, "INVALID_ARGUMENT", "malformed request path", "")
		return
	}
	st := g.present(ctx, r.URL.Path, err)
	writeJSON(w, HTTPStatus(st.Code()), bodyFor(st))
}

// streamErrorHandler prepares the refusal that ends a stream; wireMarshaler writes it as an
// errorBody and refusalWriter gives it the gateway's HTTP status when no chunk went out yet.
func (g *Gateway) streamErrorHandler(ctx context.Context, err error) *status.Status {
	path := ""
	st := stateFrom(ctx)
	if st != nil {
		path = st.path
	}
	s := g.present(ctx, path, err)
	if st != nil && st.body != nil && st.body.exceeded {
		s = withInfo(status.New(codes.ResourceExhausted, "request body is larger than the "+byteSize(st.body.limit)+" this route accepts"), ReasonBodyTooLarge, Domain)
		st.streamStatus = http.StatusRequestEntityTooLarge
		return s
	}
	if st != nil {
		st.streamStatus = HTTPStatus(s.Code())
	}
	return s
}

// routingErrorHandler answers what grpc-gateway's router refuses. The guard routes first, so
// this is reached only where the two disagree; it still answers with a reason.
func (g *Gateway) routingErrorHandler(_ context.Context, _ *runtime.ServeMux, _ runtime.Marshaler, w http.ResponseWriter, r *http.Request, httpStatus int) {
	switch httpStatus {
	case http.StatusMethodNotAllowed:
		_, allow, _ := g.routes.lookup(r.Method, r.URL.Path)
		methodNotAllowed(w, allow)
	case http.StatusNotFound:
		notFound(w, r, false)
	default:
		writeRefusal(w, httpStatus, codes.InvalidArgument, "INVALID_ARGUMENT", http.StatusText(httpStatus), "")
	}
}

// writeStatus answers a status error raised in the gateway (a credential refused by the verifier).
func (g *Gateway) writeStatus(w http.ResponseWriter, path string, err error) {
	st := g.present(context.Background(), path, err)
	writeJSON(w, HTTPStatus(st.Code()), bodyFor(st))
}

// writeRefusal answers an error the gateway raises itself, in the same JSON shape.
func writeRefusal(w http.ResponseWriter, httpStatus int, code codes.Code, reason, message, field string) {
	st := withInfo(status.New(code, message), reason, Domain)
	if field != "" {
		if d, err := st.WithDetails(&errdetails.BadRequest{FieldViolations: []*errdetails.BadRequest_FieldViolation{{Field: field, Description: message}}}); err == nil {
			st = d
		}
	}
	writeJSON(w, httpStatus, bodyFor(st))
}

func writeJSON(w http.ResponseWriter, httpStatus int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(httpStatus)
	json.NewEncoder(w).Encode(v)
}

// wireMarshaler is grpc-gateway's JSON marshaler with three changes: the chunk that ends a stream
// with an error is an errorBody (grpc-gateway writes {"error": <google.rpc.Status>}, without the
// reason on top), a body the guard already read whole is decoded in place, and messages are
// written by the plan-compiled jsonEncoder instead of protojson (the same JSON, faster).
type wireMarshaler struct {
	*runtime.JSONPb
}

func (m wireMarshaler) Marshal(v any) ([]byte, error) {
	if chunk, ok := v.(map[string]proto.Message); ok && len(chunk) == 1 {
		if st, ok := chunk["error"].(*spb.Status); ok {
			return json.Marshal(bodyFor(status.FromProto(st)))
		}
	}
	if !sharedEncoder.supports(m.JSONPb.MarshalOptions) {
		return m.JSONPb.Marshal(v)
	}
	switch v := v.(type) {
	case proto.Message:
		// Every unary answer: the plan-compiled encoder writes what protojson would (jsonenc.go).
		return sharedEncoder.Marshal(v)
	case map[string]any:
		// A stream's chunk, {"result": <message>}.
		if r, ok := v["result"].(proto.Message); ok && len(v) == 1 {
			body, err := sharedEncoder.Marshal(r)
			if err != nil {
				return nil, err
			}
			return append(append([]byte(`{"result":`), body...), '}'), nil
		}
	}
	return m.JSONPb.Marshal(v)
}

func (m wireMarshaler) NewDecoder(r io.Reader) runtime.Decoder {
	if b, ok := r.(*bufferedBody); ok {
		return &wholeDecoder{m: m.JSONPb, body: b}
	}
	return m.JSONPb.NewDecoder(r)
}

// wholeDecoder decodes a buffered body as one message, without copying it again. An empty body
// is io.EOF, as grpc-gateway expects of a request without fields.
type wholeDecoder struct {
	m    *runtime.JSONPb
	body *bufferedBody
}

func (d *wholeDecoder) Decode(v any) error {
	data := d.body.data[d.body.off:]
	d.body.off = len(d.body.data)
	if len(bytes.TrimSpace(data)) == 0 {
		return io.EOF
	}
	// protojson reads the buffer in place; JSONPb.Unmarshal would copy it through a json.Decoder
	// first, doubling what a request holds.
	m, ok := v.(proto.Message)
	if !ok {
		return d.m.Unmarshal(data, v)
	}
	if err := d.m.UnmarshalOptions.Unmarshal(data, m); err != nil {
		// protojson's text starts "proto:" and a space it varies on purpose (a plain or a
		// non-breaking one): keep what it found, in the API's words.
		msg := "request body is not this route's JSON: " + strings.TrimSpace(strings.TrimPrefix(err.Error(), "proto:"))
		return d.refuse(msg, "body")
	}
	return d.checkVars(m)
}

// checkVars refuses a body that names a path variable with another value: grpc-gateway would
// silently take the path's, so {"brain": "b"} posted to /brains/a/... would act in a.
func (d *wholeDecoder) checkVars(m proto.Message) error {
	msg := m.ProtoReflect()
	for name, pathValue := range d.body.vars {
		fd := msg.Descriptor().Fields().ByName(protoreflect.Name(name))
		if fd == nil || fd.Kind() != protoreflect.StringKind || fd.IsList() || !msg.Has(fd) {
			continue
		}
		if got := msg.Get(fd).String(); got != pathValue {
			return d.refuse(fmt.Sprintf("the body's %s %q contradicts the path's %q; name it once, in the path", name, got, pathValue), name)
		}
	}
	return nil
}

// refuse leaves the typed refusal for errorHandler and returns its text for grpc-gateway.
func (d *wholeDecoder) refuse(msg, field string) error {
	if d.body.st != nil {
		err := rpcstatus.Build(codes.InvalidArgument, Domain, rpcstatus.ReasonInvalidArgument, msg, nil, rpcstatus.Violation{Field: field, Description: msg})
		d.body.st.badBody = status.Convert(err)
	}
	return errors.New(msg)
}
