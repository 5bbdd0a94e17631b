package rpcstatus

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"maps"
	"slices"
	"strings"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/reflect/protoreflect"

	"github.com/organism-dev/organism/platform/refusal"
)

// Table is one organ's reason → code table: the single place its refusals get their gRPC code.
// Each transport's toStatus is Table.Status; its test checks the table against the proto enum
// with CheckEnum, so a reason cannot be raised that the contract does not name, nor named and
// left without a code.
type Table struct {
	// Domain is the ErrorInfo domain of the organ's refusals (medulla.organism, ...).
	Domain string
	Codes  map[refusal.Reason]codes.Code
	Logger *slog.Logger
}

// Status turns err into a gRPC status error. A refusal gets its code from the table, its
// reason and metadata in ErrorInfo and its violations in BadRequest; a status error from
// another organ or from auth passes unchanged; a cancelled or expired context keeps its code;
// anything else is logged and answered as a bare Internal that describes nothing.
func (t Table) Status(ctx context.Context, err error) error {
	if err == nil {
		return nil
	}
	if ref, ok := refusal.As(err); ok {
		code, known := t.Codes[ref.Reason]
		if !known {
			// A reason outside the table is a bug CheckEnum should have caught; keep the reason
			// visible rather than hide it behind Internal.
			t.logger().ErrorContext(ctx, "refusal reason has no code", "reason", ref.Reason)
			code = codes.FailedPrecondition
		}
		return Build(code, t.Domain, string(ref.Reason), ref.Message, ref.Metadata, toViolations(ref.Violations)...)
	}
	if _, ok := status.FromError(err); ok {
		return err
	}
	switch {
	case errors.Is(err, context.Canceled):
		return status.Error(codes.Canceled, "request canceled")
	case errors.Is(err, context.DeadlineExceeded):
		return status.Error(codes.DeadlineExceeded, "deadline exceeded")
	}
	return Internal(ctx, t.logger(), err)
}

func (t Table) logger() *slog.Logger {
	if t.Logger != nil {
		return t.Logger
	}
	return slog.Default()
}

func toViolations(vs []refusal.Violation) []Violation {
	out := make([]Violation, len(vs))
	for i, v := range vs {
		out[i] = Violation(v)
	}
	return out
}

// CheckEnum reports every disagreement between the table and a proto reason enum: a table
// reason the enum lacks, or an enum value (other than UNSPECIFIED and INVALID_ARGUMENT, which
// rides every bad-input refusal) the table gives no code.
func (t Table) CheckEnum(e protoreflect.EnumDescriptor) error {
	prefix := toUpperSnake(string(e.Name())) + "_"
	inEnum := map[refusal.Reason]bool{}
	vals := e.Values()
	for i := range vals.Len() {
		inEnum[refusal.Reason(strings.TrimPrefix(string(vals.Get(i).Name()), prefix))] = true
	}
	var problems []string
	for _, r := range slices.Sorted(maps.Keys(t.Codes)) {
		if !inEnum[r] && r != refusal.InvalidArgument {
			problems = append(problems, fmt.Sprintf("reason %s has a code but no %s value", r, e.Name()))
		}
	}
	for _, r := range slices.Sorted(maps.Keys(inEnum)) {
		if r == "UNSPECIFIED" || r == refusal.InvalidArgument {
			continue
		}
		if _, ok := t.Codes[r]; !ok {
			problems = append(problems, fmt.Sprintf("%s value %s has no code", e.Name(), r))
		}
	}
	if len(problems) > 0 {
		return errors.New(strings.Join(problems, "; "))
	}
	return nil
}
