package gateway

import (
	"context"
	"encoding/json"
	"net/http"

	"github.com/grpc-ecosystem/grpc-gateway/v2/runtime"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/anypb"
)

// HTTPStatus maps a gRPC code to the HTTP status the gateway answers with: grpc-gateway's own
// mapping, except that a failed precondition is a conflict (409) like a lost race, so the Hall
// refreshes and the caller retries with fresh state.
func HTTPStatus(c codes.Code) int {
	if c == codes.FailedPrecondition {
		return http.StatusConflict
	}
	return runtime.HTTPStatusFromCode(c)
}

// errorBody is the JSON every refusal answers with: the gRPC status plus its ErrorInfo reason
// lifted to the top so clients need not dig through details.
type errorBody struct {
	Code    int32             `json:"code"`
	Status  string            `json:"status"`
	Message string            `json:"message"`
	Reason  string            `json:"reason,omitempty"`
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

// gatewayReasons name the plain statuses grpc-gateway raises for its own routing and decoding
// failures.
var gatewayReasons = map[codes.Code]string{codes.InvalidArgument: "INVALID_ARGUMENT", codes.NotFound: "NOT_FOUND",
	codes.Unimplemented: "NO_SUCH_ROUTE", codes.Unavailable: "UPSTREAM_UNAVAILABLE", codes.Unauthenticated: "UNAUTHENTICATED"}

func (g *Gateway) errorHandler(ctx context.Context, _ *runtime.ServeMux, _ runtime.Marshaler, w http.ResponseWriter, r *http.Request, err error) {
	st := status.Convert(err)
	// grpc-gateway reports its own routing and decoding failures with plain statuses; give
	// them a reason so every error body has one.
	if len(st.Details()) == 0 {
		if reason := gatewayReasons[st.Code()]; reason != "" {
			if d, derr := st.WithDetails(&errdetails.ErrorInfo{Reason: reason, Domain: "gateway.organism"}); derr == nil {
				st = d
			}
		}
	}
	if st.Code() == codes.Internal || st.Code() == codes.Unknown {
		g.opts.Logger.ErrorContext(ctx, "upstream internal error", "path", r.URL.Path, "err", err)
	}
	writeJSON(w, HTTPStatus(st.Code()), bodyFor(st))
}

func streamErrorHandler(_ context.Context, err error) *status.Status {
	return status.Convert(err)
}

// writeRefusal answers an error the gateway raises itself, in the same JSON shape.
func writeRefusal(w http.ResponseWriter, httpStatus int, code codes.Code, reason, message, field string) {
	st := status.New(code, message)
	if d, err := st.WithDetails(&errdetails.ErrorInfo{Reason: reason, Domain: "gateway.organism"}); err == nil {
		st = d
	}
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
