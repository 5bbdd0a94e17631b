package mcp

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"sync"

	"github.com/google/jsonschema-go/jsonschema"
	"google.golang.org/grpc/codes"

	"github.com/organism-dev/organism/platform/rpcstatus"
)

// inputSchema is a tool's input schema with what checking an argument against it needs: the
// whole schema resolved, and each property's own, so a refusal names the argument at fault.
type inputSchema struct {
	schema   *jsonschema.Schema
	resolved *jsonschema.Resolved
	props    map[string]*jsonschema.Resolved
}

// inputSchemas are inferred once per input type: every session (one per HTTP session) registers
// the same tools.
var inputSchemas sync.Map // reflect.Type -> *inputSchema

// inputSchemaOf infers In's schema as the SDK would (its inference, from the same struct tags),
// so tools/list is unchanged; an In the inference cannot describe is a programming error.
func inputSchemaOf[In any]() *inputSchema {
	rt := reflect.TypeFor[In]()
	if v, ok := inputSchemas.Load(rt); ok {
		return v.(*inputSchema)
	}
	s, err := jsonschema.ForType(rt, &jsonschema.ForOptions{})
	if err != nil {
		panic(fmt.Sprintf("mcp: input schema of %v: %v", rt, err))
	}
	is := &inputSchema{schema: s, props: map[string]*jsonschema.Resolved{}}
	if is.resolved, err = s.Resolve(&jsonschema.ResolveOptions{ValidateDefaults: true}); err != nil {
		panic(fmt.Sprintf("mcp: resolve input schema of %v: %v", rt, err))
	}
	for name, p := range s.Properties {
		r, err := p.CloneSchemas().Resolve(nil)
		if err != nil {
			panic(fmt.Sprintf("mcp: resolve %v.%s: %v", rt, name, err))
		}
		is.props[name] = r
	}
	v, _ := inputSchemas.LoadOrStore(rt, is)
	return v.(*inputSchema)
}

// maxViolationText bounds what a violation says of a value: the checker quotes the value it
// refused, and an agent that sent a megabyte in the wrong field needs the field, not its echo.
const maxViolationText = 200

// decode reads a call's arguments into In. What the input schema does not admit (not an object,
// an argument the tool does not have, a required one missing, a value of the wrong type or out
// of bounds) is refused INVALID_ARGUMENT with one violation per argument at fault, like the
// organs' own refusals, before any organ is asked. An argument the tool does not have is never
// ignored: identity comes from the credential, so an agent, seat or origin argument is refused
// rather than silently dropped.
func decode[In any](is *inputSchema, raw json.RawMessage) (In, error) {
	var in In
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || bytes.Equal(raw, []byte("null")) {
		raw = []byte("{}")
	}
	var args map[string]json.RawMessage
	if err := json.Unmarshal(raw, &args); err != nil || args == nil {
		return in, refuseArgs(rpcstatus.Violation{Field: "arguments", Description: "want a JSON object of the tool's arguments"})
	}
	var vs []rpcstatus.Violation
	for _, name := range is.schema.Required {
		if _, ok := args[name]; !ok {
			vs = append(vs, rpcstatus.Violation{Field: name, Description: "required"})
		}
	}
	names := make([]string, 0, len(args))
	for name := range args {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		prop, ok := is.props[name]
		if !ok {
			vs = append(vs, rpcstatus.Violation{Field: name, Description: "not an argument of this tool (see its input schema)"})
			continue
		}
		var v any
		if err := json.Unmarshal(args[name], &v); err != nil {
			vs = append(vs, rpcstatus.Violation{Field: name, Description: "not JSON"})
			continue
		}
		if err := prop.Validate(&v); err != nil {
			vs = append(vs, rpcstatus.Violation{Field: name, Description: violationText(err)})
		}
	}
	if len(vs) > 0 {
		return in, refuseArgs(vs...)
	}
	// Each argument passed on its own; the whole is checked too, so nothing the schema says of
	// the object as a whole is skipped.
	var whole any = map[string]any{}
	if err := json.Unmarshal(raw, &whole); err != nil || is.resolved.Validate(&whole) != nil {
		return in, refuseArgs(rpcstatus.Violation{Field: "arguments", Description: "do not follow the tool's input schema"})
	}
	if err := json.Unmarshal(raw, &in); err != nil {
		return in, refuseArgs(rpcstatus.Violation{Field: "arguments", Description: "do not follow the tool's input schema"})
	}
	return in, nil
}

// violationText is the checker's complaint about one value in the refusal's words: the field
// names the argument, a nested path inside it stays, and the text is bounded.
func violationText(err error) string {
	s := strings.ReplaceAll(strings.TrimPrefix(err.Error(), "validating root: "), "validating ", "")
	if cut, clipped := clip(s, maxViolationText); clipped {
		s = cut + "…"
	}
	return s
}

func refuseArgs(vs ...rpcstatus.Violation) error {
	fields := make([]string, len(vs))
	for i, v := range vs {
		fields[i] = v.Field
	}
	return rpcstatus.Build(codes.InvalidArgument, ErrorDomain, rpcstatus.ReasonInvalidArgument,
		"arguments outside the tool's input schema: "+strings.Join(fields, ", "), nil, vs...)
}
