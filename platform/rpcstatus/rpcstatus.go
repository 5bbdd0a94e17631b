// Package rpcstatus builds typed gRPC refusals: a status code, a google.rpc.ErrorInfo reason and,
// for bad input, google.rpc.BadRequest field violations.
package rpcstatus

import (
	"context"
	"fmt"
	"log/slog"
	"strings"

	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/protoadapt"
	"google.golang.org/protobuf/reflect/protoreflect"
)

// ReasonInvalidArgument is the ErrorInfo reason carried by every bad-input refusal.
const ReasonInvalidArgument = "INVALID_ARGUMENT"

// Violation is one bad field of a request.
type Violation struct {
	Field       string
	Description string
}

// New returns a status error with code, message and an ErrorInfo{reason, domain}.
func New(code codes.Code, domain, reason, message string) error {
	return Build(code, domain, reason, message, nil)
}

// Build returns a status error with code and message carrying ErrorInfo{reason, domain, metadata}
// and, when there are violations, a BadRequest listing them. It is the general form of New and
// Invalid, for refusals that say both why and which fields.
func Build(code codes.Code, domain, reason, message string, metadata map[string]string, violations ...Violation) error {
	st := status.New(code, message)
	details := []protoadapt.MessageV1{&errdetails.ErrorInfo{Reason: reason, Domain: domain, Metadata: metadata}}
	if len(violations) > 0 {
		br := &errdetails.BadRequest{}
		for _, v := range violations {
			br.FieldViolations = append(br.FieldViolations, &errdetails.BadRequest_FieldViolation{Field: v.Field, Description: v.Description})
		}
		details = append(details, br)
	}
	if withDetails, err := st.WithDetails(details...); err == nil {
		st = withDetails
	}
	return st.Err()
}

// Newf is New with a formatted message.
func Newf(code codes.Code, domain, reason, format string, args ...any) error {
	return New(code, domain, reason, fmt.Sprintf(format, args...))
}

// Invalid returns InvalidArgument with ErrorInfo INVALID_ARGUMENT and a BadRequest listing every violation.
func Invalid(domain string, violations ...Violation) error {
	parts := make([]string, 0, len(violations))
	for _, v := range violations {
		parts = append(parts, v.Field+": "+v.Description)
	}
	return Build(codes.InvalidArgument, domain, ReasonInvalidArgument, "invalid request: "+strings.Join(parts, "; "), nil, violations...)
}

// Internal logs err with the request context and returns an Internal status that says nothing of it.
func Internal(ctx context.Context, logger *slog.Logger, err error) error {
	if logger == nil {
		logger = slog.Default()
	}
	logger.ErrorContext(ctx, "internal error", "err", err)
	return New(codes.Internal, "organism", "INTERNAL", "internal error")
}

// Reason turns a proto reason enum value such as MEDULLA_REASON_WOULD_DOWNGRADE into its wire
// code WOULD_DOWNGRADE by stripping the enum's name prefix.
func Reason(v protoreflect.Enum) string {
	name := string(v.Descriptor().Values().ByNumber(v.Number()).Name())
	prefix := toUpperSnake(string(v.Descriptor().Name())) + "_"
	return strings.TrimPrefix(name, prefix)
}

// ReasonOf extracts the ErrorInfo reason from a status error, or "" when there is none.
func ReasonOf(err error) string {
	st, ok := status.FromError(err)
	if !ok {
		return ""
	}
	for _, d := range st.Details() {
		if info, ok := d.(*errdetails.ErrorInfo); ok {
			return info.GetReason()
		}
	}
	return ""
}

// FieldsOf lists the BadRequest field names of a status error.
func FieldsOf(err error) []string {
	st, ok := status.FromError(err)
	if !ok {
		return nil
	}
	var fields []string
	for _, d := range st.Details() {
		if br, ok := d.(*errdetails.BadRequest); ok {
			for _, v := range br.GetFieldViolations() {
				fields = append(fields, v.GetField())
			}
		}
	}
	return fields
}

func toUpperSnake(s string) string {
	var b strings.Builder
	for i, r := range s {
		if r >= 'A' && r <= 'Z' && i > 0 {
			b.WriteByte('_')
		}
		b.WriteRune(r)
	}
	return strings.ToUpper(b.String())
}
