package gateway

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"reflect"
	"sort"
	"strings"

	"github.com/organism-dev/organism/proto/openapi"
)

// The definitions the gateway adds: the JSON every refusal answers with (errorBody).
const (
	refusalDef   = "organism.gateway.Refusal"
	violationDef = "organism.gateway.FieldViolation"
	statusDef    = "google.rpc.Status"
)

// apiDoc is the merged OpenAPI v2 document: served bytes, and the parsed paths the router uses.
type apiDoc struct {
	raw   []byte
	paths map[string]map[string]any // path template -> lower-case method -> operation
}

// mergedOpenAPI joins the per-service OpenAPI v2 documents into one. Definitions are named by
// full proto name, so two services may share one (organism.common.v1.*, google.rpc.Status) only
// when both documents say the same thing; a name defined two ways, or one path and method
// claimed twice, is a generation bug and fails loudly instead of letting the last file win.
// The error responses are rewritten to what the gateway really answers (Refusal, see errorBody).
func mergedOpenAPI() (*apiDoc, error) { return mergeOpenAPI(openapi.Files) }

func mergeOpenAPI(fsys fs.FS) (*apiDoc, error) {
	paths := map[string]map[string]any{}
	defs := map[string]any{}
	defFrom := map[string]string{}
	opFrom := map[string]string{}
	var tags []any
	files, err := fs.Glob(fsys, "organism/*/v1/*.swagger.json")
	if err != nil {
		return nil, err
	}
	sort.Strings(files)
	for _, p := range files {
		raw, err := fs.ReadFile(fsys, p)
		if err != nil {
			return nil, err
		}
		var part struct {
			Paths       map[string]map[string]any `json:"paths"`
			Definitions map[string]any            `json:"definitions"`
			Tags        []any                     `json:"tags"`
		}
		if err := json.Unmarshal(raw, &part); err != nil {
			return nil, fmt.Errorf("openapi %s: %w", p, err)
		}
		for path, ops := range part.Paths {
			if paths[path] == nil {
				paths[path] = map[string]any{}
			}
			for method, op := range ops {
				key := strings.ToUpper(method) + " " + path
				if prev, dup := opFrom[key]; dup {
					return nil, fmt.Errorf("openapi: %s is defined by both %s and %s", key, prev, p)
				}
				opFrom[key] = p
				paths[path][method] = op
			}
		}
		for name, def := range part.Definitions {
			if prev, dup := defFrom[name]; dup {
				if !reflect.DeepEqual(defs[name], def) {
					return nil, fmt.Errorf("openapi: definition %s differs between %s and %s", name, prev, p)
				}
				continue
			}
			defs[name], defFrom[name] = def, p
		}
		tags = append(tags, part.Tags...)
	}
	if len(paths) == 0 {
		return nil, fmt.Errorf("openapi: no service documents embedded")
	}
	if _, clash := defs[refusalDef]; clash {
		return nil, fmt.Errorf("openapi: a service defines %s, which the gateway owns", refusalDef)
	}
	defs[refusalDef] = refusalSchema()
	defs[violationDef] = map[string]any{
		"type": "object",
		"properties": map[string]any{
			"field":       map[string]any{"type": "string", "description": "The request field, in proto (snake_case) spelling."},
			"description": map[string]any{"type": "string"},
		},
	}
	for _, ops := range paths {
		for _, op := range ops {
			rewriteResponses(op)
		}
	}
	for _, def := range defs {
		markNullableTimestamps(def)
	}
	doc := map[string]any{
		"swagger": "2.0",
		"info": map[string]any{"title": "Organism", "version": "v1", "description": "JSON facade of the soul, medulla, mission and presence services. " +
			"Every refusal answers with a Refusal carrying a reason; properties are spelled as the wire writes them (proto names); int64 values are strings; " +
			"every field is written, and a message field left unset is null."},
		"consumes":    []string{"application/json"},
		"produces":    []string{"application/json"},
		"paths":       paths,
		"definitions": defs,
		"tags":        tags,
	}
	raw, err := json.Marshal(doc)
	if err != nil {
		return nil, err
	}
	// The gateway never answers google.rpc.Status; drop it once nothing refers to it.
	if !strings.Contains(string(raw), `"#/definitions/`+statusDef+`"`) {
		delete(defs, statusDef)
	}
	raw, err = json.MarshalIndent(doc, "", "  ")
	if err != nil {
		return nil, err
	}
	return &apiDoc{raw: raw, paths: paths}, nil
}

func refusalSchema() map[string]any {
	return map[string]any{
		"type": "object",
		"description": "A refusal. reason is the bare UPPER_SNAKE cause (the organ's ErrorInfo reason, or the gateway's own: " +
			"UNAUTHENTICATED, REQUEST_TOO_LARGE, BODY_TIMEOUT, NO_SUCH_ROUTE, METHOD_NOT_ALLOWED, UPSTREAM_UNAVAILABLE, ...). " +
			"On a streaming route the same object ends the stream.",
		"properties": refusalProperties(),
		"required":   []string{"code", "status", "message", "reason"},
	}
}

func refusalProperties() map[string]any {
	return map[string]any{
		"code":             map[string]any{"type": "integer", "format": "int32", "description": "The gRPC status code."},
		"status":           map[string]any{"type": "string", "description": "The gRPC status code's name."},
		"message":          map[string]any{"type": "string"},
		"reason":           map[string]any{"type": "string"},
		"domain":           map[string]any{"type": "string"},
		"field_violations": map[string]any{"type": "array", "items": map[string]any{"$ref": "#/definitions/" + violationDef}},
		"details":          map[string]any{"type": "array", "items": map[string]any{"$ref": "#/definitions/google.protobuf.Any"}},
	}
}

// markNullableTimestamps says what the wire does with an unset google.protobuf.Timestamp: the
// gateway writes every field (EmitUnpopulated), and an unset message field is null. Swagger 2.0
// has no null, so the property carries the usual x-nullable extension. (Other unset message
// fields are null too; a $ref cannot carry siblings, so the info description says it once.)
func markNullableTimestamps(def any) {
	d, _ := def.(map[string]any)
	props, _ := d["properties"].(map[string]any)
	for _, p := range props {
		if pm, ok := p.(map[string]any); ok && pm["format"] == "date-time" {
			pm["x-nullable"] = true
		}
	}
}

// rewriteResponses points an operation's error response at Refusal and, for a server-streaming
// operation, documents the chunks as they are written: {"result": ...} or, last, a Refusal.
func rewriteResponses(op any) {
	o, _ := op.(map[string]any)
	responses, _ := o["responses"].(map[string]any)
	if responses == nil {
		return
	}
	responses["default"] = map[string]any{
		"description": "A refusal (any non-200 status).",
		"schema":      map[string]any{"$ref": "#/definitions/" + refusalDef},
	}
	ok, _ := responses["200"].(map[string]any)
	schema, _ := ok["schema"].(map[string]any)
	props, _ := schema["properties"].(map[string]any)
	if _, streaming := props["result"]; !streaming {
		return
	}
	delete(props, "error")
	for k, v := range refusalProperties() {
		props[k] = v
	}
	schema["description"] = "One newline-delimited chunk: a result, or a refusal that ends the stream."
}
