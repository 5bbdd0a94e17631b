package mcp

import (
	"context"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
	"google.golang.org/grpc/status"
)

// handler is a tool's body: it reads its typed input, calls an organ and says what happened.
// A refusal is returned as the error; answer turns it into the typed result.
type handler[In any] func(ctx context.Context, req *sdk.CallToolRequest, in In) (Outcome, error)

// hints are a tool's MCP annotations.
type hints struct{ readOnly, destructive, idempotent bool }

var (
	reads = hints{readOnly: true, idempotent: true}
	// writes append to a ledger and never erase: a superseded claim keeps its versions.
	writes = hints{}
	// rewrites set state to what was asked; asking twice changes nothing more.
	rewrites = hints{idempotent: true}
	// removes take something away (a presence leaving).
	removes = hints{destructive: true, idempotent: true}
)

func boolPtr(b bool) *bool { return &b }

// tool registers one tool with its input schema (from In), the shared output schema (Outcome)
// and its annotations. No tool is open-world: each talks only to this suite.
func tool[In any](ss *session, name, title, desc string, h hints, fn handler[In]) {
	t := &sdk.Tool{Name: name, Title: title, Description: desc, Annotations: &sdk.ToolAnnotations{
		Title: title, ReadOnlyHint: h.readOnly, DestructiveHint: boolPtr(h.destructive), IdempotentHint: h.idempotent,
		OpenWorldHint: boolPtr(false),
	}}
	is := inputSchemaOf[In]()
	t.InputSchema, t.OutputSchema = is.schema, outcomeSchema
	// The SDK's typed registration would answer arguments outside the schema with an untyped
	// error text; decode refuses them typed, like every other refusal, so an agent branches on
	// refusal.reason whatever was wrong.
	ss.server.AddTool(t, func(ctx context.Context, req *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
		var res *sdk.CallToolResult
		var out Outcome
		if in, err := decode[In](is, req.Params.Arguments); err != nil {
			res, out, _ = answer(Outcome{}, err)
		} else {
			o, err := fn(ctx, req, in)
			if st, ok := status.FromError(err); err != nil && (!ok || untyped(st)) {
				// What the gRPC client said (a dial error, an address) is for the operator.
				ss.svc.opts.Logger.Warn("mcp: tool call did not reach an organ", "tool", name, "err", err)
			}
			res, out, _ = answer(o, err)
		}
		res.StructuredContent = out
		return res, nil
	})
}

// outcomeSchema is the output schema every tool shares.
var outcomeSchema = func() *jsonschema.Schema {
	s, err := jsonschema.For[Outcome](&jsonschema.ForOptions{})
	if err != nil {
		panic("mcp: output schema: " + err.Error())
	}
	return s
}()

func (ss *session) addTools() {
	ss.soulTools()
	ss.medullaTools()
	ss.presenceTools()
	ss.missionTools()
	ss.reportTools()
}

// Paging bounds: one call never floods an agent's context.
const (
	defaultPage = 20
	maxPage     = 50
)

// Page is the paging input every list tool shares.
type Page struct {
	PageSize int32  `json:"page_size,omitempty" jsonschema:"items per page, 1 to 50 (default 20)"`
	Cursor   string `json:"cursor,omitempty" jsonschema:"next_cursor of the previous page; empty for the first page"`
}

// size is the page size asked for, clamped to the bounds; a negative one is refused.
func (p Page) size() (int32, error) {
	switch {
	case p.PageSize < 0:
		return 0, invalid("page_size", "want 1 to %d, got %d", maxPage, p.PageSize)
	case p.PageSize == 0:
		return defaultPage, nil
	}
	return min(p.PageSize, maxPage), nil
}

// enumOf maps a lower-case name (as agents write it) to a proto enum value through its
// generated value map, refusing unknown names on field.
func enumOf(field, prefix, name string, values map[string]int32, allowed string) (int32, error) {
	v, ok := values[prefix+strings.ToUpper(strings.TrimSpace(name))]
	if !ok || v == 0 {
		return 0, invalid(field, "unknown value %q (want %s)", name, allowed)
	}
	return v, nil
}

// clip bounds a text an agent asked to read, saying how much was left out.
func clip(s string, limit int) (string, bool) {
	if len(s) <= limit {
		return s, false
	}
	cut := limit
	for cut > 0 && (s[cut]&0xC0) == 0x80 { // do not split a UTF-8 sequence
		cut--
	}
	return s[:cut], true
}
