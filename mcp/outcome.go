package mcp

import (
	"encoding/json"
	"fmt"
	"strings"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"

	"github.com/organism-dev/organism/platform/rpcstatus"
)

// ErrorDomain is the ErrorInfo domain of the refusals this server raises itself (a malformed
// cursor, a missing brain): the organs' own refusals keep their own domain.
const ErrorDomain = "mcp.organism"

// Outcome is the structured content of every tool result: what the organ answered, the receipt
// it issued, or the refusal it raised, and where the next page starts.
type Outcome struct {
	OK         bool           `json:"ok" jsonschema:"true when the organ accepted the call; false with refusal set otherwise"`
	Summary    string         `json:"summary" jsonschema:"one line saying what happened, the same line as the text content"`
	Receipt    map[string]any `json:"receipt,omitempty" jsonschema:"the organ's commit receipt for a write (receipt_id, store versions, who, when)"`
	Result     map[string]any `json:"result,omitempty" jsonschema:"the organ's answer, proto field names, bounded to one page"`
	Refusal    *Refusal       `json:"refusal,omitempty" jsonschema:"the typed refusal when ok is false"`
	NextCursor string         `json:"next_cursor,omitempty" jsonschema:"pass as cursor to read the next page; empty means this was the last page"`
}

// Refusal is a refused call as the organ typed it: the reason code an agent can branch on, the
// request fields it blames and, for logged refusals, the rejection receipt.
type Refusal struct {
	Code       string      `json:"code" jsonschema:"gRPC status code name, e.g. InvalidArgument, PermissionDenied, Aborted"`
	Reason     string      `json:"reason,omitempty" jsonschema:"UPPER_SNAKE reason code, e.g. FOREIGN_BRAIN, VERSION_MISMATCH"`
	Domain     string      `json:"domain,omitempty" jsonschema:"which organ raised it, e.g. medulla.organism"`
	Message    string      `json:"message"`
	Violations []Violation `json:"violations,omitempty" jsonschema:"the request fields at fault"`
	ReceiptID  string      `json:"receipt_id,omitempty" jsonschema:"the rejection receipt, when the organ logged the refusal"`
}

// Violation blames one request field.
type Violation struct {
	Field       string `json:"field"`
	Description string `json:"description"`
}

// invalid is a bad-input refusal this server raises itself, before any organ is asked (a
// malformed cursor, a missing brain), typed like the organs' own.
func invalid(field, format string, args ...any) error {
	msg := fmt.Sprintf(format, args...)
	return rpcstatus.Build(codes.InvalidArgument, ErrorDomain, rpcstatus.ReasonInvalidArgument, field+": "+msg, nil,
		rpcstatus.Violation{Field: field, Description: msg})
}

// unreachable is the refusal of a call that never reached an organ.
func unreachable() *Refusal {
	return &Refusal{Code: codes.Unavailable.String(), Reason: ReasonOrganUnreachable, Domain: ErrorDomain, Message: "the suite could not be reached"}
}

// ReasonOrganUnreachable: the suite did not answer (not running at the address, or the
// connection broke); the call changed nothing an agent can know of, so it may be tried again.
const ReasonOrganUnreachable = "ORGAN_UNREACHABLE"

// refusalOf reads a gRPC status into a Refusal. An organ's refusal carries its ErrorInfo; a
// status without one was made by the gRPC client itself (the suite unreachable, a deadline, a
// message too large), and gets a reason here so an agent can still branch on it: Unavailable
// reads as ORGAN_UNREACHABLE, whose client-made message (dial errors, addresses) stays in the
// server's log; any other code reads as its own name in UPPER_SNAKE.
func refusalOf(err error) *Refusal {
	st, ok := status.FromError(err)
	if !ok {
		return unreachable()
	}
	if untyped(st) {
		if st.Code() == codes.Unavailable {
			return unreachable()
		}
		return &Refusal{Code: st.Code().String(), Reason: upperSnake(st.Code().String()), Domain: ErrorDomain, Message: st.Message()}
	}
	r := &Refusal{Code: st.Code().String(), Message: st.Message()}
	for _, d := range st.Details() {
		switch d := d.(type) {
		case *errdetails.ErrorInfo:
			r.Reason, r.Domain = d.GetReason(), d.GetDomain()
			r.ReceiptID = d.GetMetadata()["receipt_id"]
		case *errdetails.BadRequest:
			for _, v := range d.GetFieldViolations() {
				r.Violations = append(r.Violations, Violation{Field: v.GetField(), Description: v.GetDescription()})
			}
		}
	}
	return r
}

// untyped says st carries no ErrorInfo: no organ raised it.
func untyped(st *status.Status) bool {
	for _, d := range st.Details() {
		if _, ok := d.(*errdetails.ErrorInfo); ok {
			return false
		}
	}
	return true
}

// upperSnake spells a gRPC code name (DeadlineExceeded) as a reason (DEADLINE_EXCEEDED).
func upperSnake(name string) string {
	var b strings.Builder
	for i, c := range name {
		if i > 0 && c >= 'A' && c <= 'Z' {
			b.WriteByte('_')
		}
		b.WriteRune(c)
	}
	return strings.ToUpper(b.String())
}

// text is the refusal's short form: the reason an agent branches on, then the fields at fault.
func (r *Refusal) text() string {
	var b strings.Builder
	b.WriteString("refused: ")
	if r.Reason != "" {
		b.WriteString(r.Reason)
	} else {
		b.WriteString(r.Code)
	}
	if r.Message != "" {
		b.WriteString(" — " + r.Message)
	}
	for _, v := range r.Violations {
		b.WriteString(" [" + v.Field + "]")
	}
	return b.String()
}

// wireJSON is the one JSON spelling of organ answers: proto field names, as the CLI's --json
// and the gateway write them.
var wireJSON = protojson.MarshalOptions{UseProtoNames: true}

// asMap renders a proto message as a JSON object for structured content; nil stays nil.
func asMap(m proto.Message) map[string]any {
	if m == nil || !m.ProtoReflect().IsValid() {
		return nil
	}
	b, err := wireJSON.Marshal(m)
	if err != nil {
		return nil
	}
	var out map[string]any
	if json.Unmarshal(b, &out) != nil {
		return nil
	}
	return out
}

// answer is how every tool ends: a refusal becomes an error result carrying the typed refusal in
// structured content; success carries the outcome the tool built. Errors never escape as
// protocol errors, so an agent always gets the reason code in the same place.
func answer(out Outcome, err error) (*sdk.CallToolResult, Outcome, error) {
	if err != nil {
		r := refusalOf(err)
		o := Outcome{OK: false, Summary: r.text(), Refusal: r}
		return &sdk.CallToolResult{IsError: true, Content: []sdk.Content{&sdk.TextContent{Text: textOf(o.Summary, o)}}}, o, nil
	}
	out.OK = true
	line := out.Summary
	if out.NextCursor != "" {
		line += " (more: cursor " + out.NextCursor + ")"
	}
	return &sdk.CallToolResult{Content: []sdk.Content{&sdk.TextContent{Text: textOf(line, out)}}}, out, nil
}

// textOf is a result's text content: the summary line, then the outcome as JSON. Clients differ
// in which half of a result reaches the model (some pass only the text, some only the
// structured content), so the text carries the whole outcome as the protocol asks of a tool
// that declares an output schema; a summary alone would hide the ids, receipts and violations
// an agent acts on from a text-only client.
func textOf(line string, o Outcome) string {
	b, err := json.Marshal(o)
	if err != nil {
		return line
	}
	return line + "\n" + string(b)
}
