package gateway

import (
	"encoding/json"
	"strings"
	"testing"
	"testing/fstest"
)

func TestOpenAPIMergeRefusesCollisions(t *testing.T) {
	doc := func(path, method, def, defType string) string {
		return `{"paths":{"` + path + `":{"` + method + `":{"operationId":"X_` + method + `","responses":{"200":{"schema":{"$ref":"#/definitions/` + def + `"}}}}}},
			"definitions":{"` + def + `":{"type":"object","properties":{"a":{"type":"` + defType + `"}}}}}`
	}
	tests := []struct {
		name    string
		a, b    string
		wantErr string
	}{
		{"same definition shared", doc("/v1/a", "get", "organism.common.v1.X", "string"), doc("/v1/b", "get", "organism.common.v1.X", "string"), ""},
		{"one name, two definitions", doc("/v1/a", "get", "organism.x.v1.R", "string"), doc("/v1/b", "get", "organism.x.v1.R", "integer"), "definition organism.x.v1.R differs"},
		{"one route twice", doc("/v1/a", "get", "organism.a.v1.R", "string"), doc("/v1/a", "get", "organism.b.v1.R", "string"), "GET /v1/a is defined by both"},
		{"same path, other methods", doc("/v1/a", "get", "organism.a.v1.R", "string"), doc("/v1/a", "post", "organism.b.v1.R", "string"), ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fsys := fstest.MapFS{
				"organism/a/v1/a.swagger.json": {Data: []byte(tt.a)},
				"organism/b/v1/b.swagger.json": {Data: []byte(tt.b)},
			}
			_, err := mergeOpenAPI(fsys)
			switch {
			case tt.wantErr == "" && err != nil:
				t.Fatalf("got %v, want success", err)
			case tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr)):
				t.Fatalf("got %v, want an error containing %q", err, tt.wantErr)
			}
		})
	}
}

func TestServedOpenAPIDocumentsTheRefusal(t *testing.T) {
	doc, err := mergedOpenAPI()
	if err != nil {
		t.Fatal(err)
	}
	var served struct {
		Paths       map[string]map[string]map[string]any `json:"paths"`
		Definitions map[string]any                       `json:"definitions"`
	}
	if err := json.Unmarshal(doc.raw, &served); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(doc.raw), `"#/definitions/google.rpc.Status"`) {
		t.Errorf("the document still refers to google.rpc.Status, which the gateway never answers")
	}
	for path, ops := range served.Paths {
		for method, op := range ops {
			responses, _ := op["responses"].(map[string]any)
			def, _ := responses["default"].(map[string]any)
			schema, _ := def["schema"].(map[string]any)
			if schema["$ref"] != "#/definitions/"+refusalDef {
				t.Errorf("%s %s: default response %v, want the Refusal", method, path, def)
			}
		}
	}
	for _, name := range []string{"organism.medulla.v1.ListReceiptsResponse", "organism.soul.v1.ListReceiptsResponse", refusalDef} {
		if _, ok := served.Definitions[name]; !ok {
			t.Errorf("definition %s missing", name)
		}
	}
}
