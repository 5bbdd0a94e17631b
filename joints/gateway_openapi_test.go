package joints

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"math"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"
)

// swaggerDoc is the subset of a served swagger-2.0 document the validator reads.
type swaggerDoc struct {
	Paths       map[string]map[string]operation `json:"paths"`
	Definitions map[string]map[string]any       `json:"definitions"`
}

type operation struct {
	Responses map[string]struct {
		Schema map[string]any `json:"schema"`
	} `json:"responses"`
}

// validate checks v against schema: type, properties (a property the schema does not name is a
// failure unless additionalProperties allows it), items, $ref, enum, and the formats protojson
// writes (int64 and uint64 as decimal strings, date-time, byte as base64). A message field the
// server left unset is written as null (EmitUnpopulated), so null passes where the schema refers
// to a message definition, and where the document marks the property x-nullable.
func (d *swaggerDoc) validate(schema map[string]any, v any, at string) []string {
	if v == nil && schema["x-nullable"] == true {
		return nil
	}
	if ref, ok := schema["$ref"].(string); ok {
		name, found := strings.CutPrefix(ref, "#/definitions/")
		def, known := d.Definitions[name]
		if !found || !known {
			return []string{at + ": unresolvable $ref " + ref}
		}
		if v == nil && def["type"] == "object" {
			return nil
		}
		return d.validate(def, v, at)
	}
	if enum, ok := schema["enum"].([]any); ok {
		for _, e := range enum {
			if e == v {
				return nil
			}
		}
		return []string{fmt.Sprintf("%s: %v is not one of %v", at, v, enum)}
	}
	format, _ := schema["format"].(string)
	switch typ, _ := schema["type"].(string); typ {
	case "object":
		obj, ok := v.(map[string]any)
		if !ok {
			return []string{fmt.Sprintf("%s: got %T, want an object", at, v)}
		}
		props, _ := schema["properties"].(map[string]any)
		var errs []string
		keys := make([]string, 0, len(obj))
		for k := range obj {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			if p, ok := props[k].(map[string]any); ok {
				errs = append(errs, d.validate(p, obj[k], at+"."+k)...)
				continue
			}
			switch extra := schema["additionalProperties"].(type) {
			case bool:
				if !extra {
					errs = append(errs, at+": property "+k+" is not in the document")
				}
			case map[string]any:
				errs = append(errs, d.validate(extra, obj[k], at+"."+k)...)
			default:
				errs = append(errs, at+": property "+k+" is not in the document")
			}
		}
		return errs
	case "array":
		arr, ok := v.([]any)
		if !ok {
			return []string{fmt.Sprintf("%s: got %T, want an array", at, v)}
		}
		items, _ := schema["items"].(map[string]any)
		var errs []string
		for i, e := range arr {
			errs = append(errs, d.validate(items, e, fmt.Sprintf("%s[%d]", at, i))...)
		}
		return errs
	case "string":
		s, ok := v.(string)
		if !ok {
			return []string{fmt.Sprintf("%s: got %T %v, want a string (format %q)", at, v, v, format)}
		}
		var err error
		switch format {
		case "int64":
			_, err = strconv.ParseInt(s, 10, 64)
		case "uint64":
			_, err = strconv.ParseUint(s, 10, 64)
		case "date-time":
			_, err = time.Parse(time.RFC3339Nano, s)
		case "byte":
			_, err = base64.StdEncoding.DecodeString(s)
		}
		if err != nil {
			return []string{fmt.Sprintf("%s: %q is not a %s: %v", at, s, format, err)}
		}
	case "integer":
		n, ok := v.(json.Number)
		if !ok {
			return []string{fmt.Sprintf("%s: got %T %v, want an integer", at, v, v)}
		}
		if _, err := strconv.ParseInt(string(n), 10, 64); err != nil {
			return []string{fmt.Sprintf("%s: %s is not an integer", at, n)}
		}
	case "number":
		switch n := v.(type) {
		case json.Number:
			if f, err := n.Float64(); err != nil || math.IsInf(f, 0) {
				return []string{fmt.Sprintf("%s: %s is not a number", at, n)}
			}
		case string: // protojson writes non-finite floats as "NaN", "Infinity", "-Infinity"
			if n != "NaN" && n != "Infinity" && n != "-Infinity" {
				return []string{fmt.Sprintf("%s: %q is not a number", at, n)}
			}
		default:
			return []string{fmt.Sprintf("%s: got %T, want a number", at, v)}
		}
	case "boolean":
		if _, ok := v.(bool); !ok {
			return []string{fmt.Sprintf("%s: got %T, want a boolean", at, v)}
		}
	case "":
		// No type: anything (google.protobuf.Value and friends).
	default:
		return []string{at + ": unknown schema type " + typ}
	}
	return nil
}

// responseSchema finds the schema the document gives a response: by template path, method and
// status, falling back to "default".
func (d *swaggerDoc) responseSchema(template, method string, status int) (map[string]any, error) {
	op, ok := d.Paths[template][strings.ToLower(method)]
	if !ok {
		// A method the path does not answer is refused by the gateway itself, with a Refusal.
		if status == 405 {
			return map[string]any{"$ref": "#/definitions/organism.gateway.Refusal"}, nil
		}
		return nil, fmt.Errorf("the document has no %s %s", method, template)
	}
	if r, ok := op.Responses[strconv.Itoa(status)]; ok {
		return r.Schema, nil
	}
	if r, ok := op.Responses["default"]; ok {
		return r.Schema, nil
	}
	return nil, fmt.Errorf("the document gives %s %s no response for %d", method, template, status)
}

func decodeJSON(raw []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	return v, nil
}

// TestResponsesMatchTheServedDocument makes real calls to the four organs through the gateway,
// successes and refusals, and validates every JSON answer against the schema the served
// /openapi.json gives that path, method and status.
func TestResponsesMatchTheServedDocument(t *testing.T) {
	s := startSuite(t)
	code, raw := s.call("", "GET", "/openapi.json", nil)
	if code != 200 {
		t.Fatalf("openapi.json: %d", code)
	}
	var doc swaggerDoc
	dec := json.NewDecoder(bytes.NewReader(raw))
	if err := dec.Decode(&doc); err != nil {
		t.Fatal(err)
	}

	var missionID, presenceID string
	var head int64
	claim := map[string]any{"slug": "chain-race", "body": "Two writers race on one head; the CAS refuses the loser.", "kind": "CLAIM_KIND_FACT"}
	packet := map[string]any{"brain": suiteBrain, "block_ids": []string{"sb_chain"}, "gate_command": "true", "symptom": "the chain forks", "title": "fix the chain"}
	parecer := func() map[string]any {
		return map[string]any{"expected_head": strconv.FormatInt(head, 10), "letter": map[string]any{"schema": "m1nd-mission-letter-v0", "brain": suiteBrain,
			"phase": "PHASE_JUDGING", "advisory": true, "parecer": map[string]any{"verdict": "VERDICT_APPROVE", "gist": "looks right"}}}
	}
	type step struct {
		name     string
		token    string
		method   string
		path     func() string
		template string
		body     func() any
		want     int // 0: any status, validated all the same
		after    func(v map[string]any)
	}
	fixed := func(p string) func() string { return func() string { return p } }
	none := func() any { return nil }
	steps := []step{
		// medulla
		{"list brains", s.owner, "GET", fixed("/v1/medulla/brains"), "/v1/medulla/brains", none, 200, nil},
		{"get brain", s.agent, "GET", fixed("/v1/medulla/brains/loja"), "/v1/medulla/brains/{name}", none, 200, nil},
		{"missing brain", s.owner, "GET", fixed("/v1/medulla/brains/ghost"), "/v1/medulla/brains/{name}", none, 404, nil},
		{"agent registers a brain", s.agent, "POST", fixed("/v1/medulla/brains"), "/v1/medulla/brains", func() any { return map[string]any{"name": "x", "repo_root": "/srv/x"} }, 403, nil},
		{"memorize", s.agent, "POST", fixed("/v1/medulla/brains/loja/claims"), "/v1/medulla/brains/{brain}/claims", func() any { return claim }, 200, nil},
		{"memorize a bad slug", s.agent, "POST", fixed("/v1/medulla/brains/loja/claims"), "/v1/medulla/brains/{brain}/claims", func() any { return map[string]any{"slug": "NO", "body": "x", "kind": "CLAIM_KIND_FACT"} }, 400, nil},
		{"list claims", s.agent, "GET", fixed("/v1/medulla/brains/loja/claims"), "/v1/medulla/brains/{brain}/claims", none, 200, nil},
		{"get claim", s.agent, "GET", fixed("/v1/medulla/brains/loja/claims/chain-race"), "/v1/medulla/brains/{brain}/claims/{slug}", none, 200, nil},
		{"claim history", s.agent, "GET", fixed("/v1/medulla/brains/loja/claims/chain-race/history"), "/v1/medulla/brains/{brain}/claims/{slug}/history", none, 200, nil},
		{"recall", s.agent, "POST", fixed("/v1/medulla/brains/loja/recall"), "/v1/medulla/brains/{brain}/recall", func() any { return map[string]any{"query": "writers race"} }, 200, nil},
		{"medulla receipts", s.agent, "GET", fixed("/v1/medulla/brains/loja/receipts"), "/v1/medulla/brains/{brain}/receipts", none, 200, nil},
		{"portfolio", s.owner, "GET", fixed("/v1/medulla/portfolio"), "/v1/medulla/portfolio", none, 200, nil},
		{"list peers", s.owner, "GET", fixed("/v1/medulla/peers"), "/v1/medulla/peers", none, 200, nil},
		// soul
		{"soul receipts", s.agent, "GET", fixed("/v1/soul/brains/loja/receipts"), "/v1/soul/brains/{brain}/receipts", none, 200, nil},
		{"read a soul that is not there", s.agent, "GET", fixed("/v1/soul/brains/loja/soul"), "/v1/soul/brains/{brain}/soul", none, 0, nil},
		{"soul of a foreign brain", s.agent, "GET", fixed("/v1/soul/brains/other/soul"), "/v1/soul/brains/{brain}/soul", none, 0, nil},
		// mission
		{"open mission", s.agent, "POST", fixed("/v1/mission/missions"), "/v1/mission/missions", func() any { return map[string]any{"packet": packet} }, 200, func(v map[string]any) {
			m, _ := v["mission"].(map[string]any)
			missionID, _ = m["mission_id"].(string)
			h, _ := m["head_seq"].(string)
			head, _ = strconv.ParseInt(h, 10, 64)
		}},
		{"post a letter", s.agent, "POST", func() string { return "/v1/mission/missions/" + missionID + "/letters" }, "/v1/mission/missions/{mission_id}/letters", func() any { return parecer() }, 200, func(map[string]any) { head++ }},
		{"post on a stale head", s.agent, "POST", func() string { return "/v1/mission/missions/" + missionID + "/letters" }, "/v1/mission/missions/{mission_id}/letters",
			func() any { p := parecer(); p["expected_head"] = "1"; return p }, 409, nil},
		{"get mission", s.agent, "GET", func() string { return "/v1/mission/missions/" + missionID }, "/v1/mission/missions/{mission_id}", none, 200, nil},
		{"list letters", s.agent, "GET", func() string { return "/v1/mission/missions/" + missionID + "/letters" }, "/v1/mission/missions/{mission_id}/letters", none, 200, nil},
		{"list missions", s.owner, "GET", fixed("/v1/mission/missions"), "/v1/mission/missions", none, 200, nil},
		{"unknown mission", s.agent, "GET", fixed("/v1/mission/missions/msn_0000000000000000"), "/v1/mission/missions/{mission_id}", none, 404, nil},
		// presence
		{"register presence", s.agent, "POST", fixed("/v1/presence/presences"), "/v1/presence/presences", func() any {
			return map[string]any{"kind": "executor", "theme": "fix the chain", "working_set": []string{"src/chain/"}, "intent": "INTENT_MUTATE"}
		}, 200, func(v map[string]any) {
			p, _ := v["presence"].(map[string]any)
			presenceID, _ = p["presence_id"].(string)
		}},
		{"list presences", s.agent, "GET", fixed("/v1/presence/presences"), "/v1/presence/presences", none, 200, nil},
		{"collisions", s.agent, "GET", fixed("/v1/presence/collisions"), "/v1/presence/collisions", none, 200, nil},
		{"get presence", s.agent, "GET", func() string { return "/v1/presence/presences/" + presenceID }, "/v1/presence/presences/{presence_id}", none, 200, nil},
		{"beat", s.agent, "POST", func() string { return "/v1/presence/presences/" + presenceID + ":beat" }, "/v1/presence/presences/{presence_id}:beat", func() any { return map[string]any{} }, 200, nil},
		{"bad working set", s.agent, "POST", fixed("/v1/presence/presences"), "/v1/presence/presences", func() any {
			return map[string]any{"kind": "executor", "theme": "x", "working_set": []string{"../etc"}, "intent": "INTENT_MUTATE"}
		}, 400, nil},
		{"leave", s.agent, "DELETE", func() string { return "/v1/presence/presences/" + presenceID }, "/v1/presence/presences/{presence_id}", none, 200, nil},
		{"watch a foreign brain", s.agent, "GET", fixed("/v1/presence/events?brain=other"), "/v1/presence/events", none, 403, nil},
		// the gateway's own refusals
		{"no credential", "", "GET", fixed("/v1/medulla/brains"), "/v1/medulla/brains", none, 401, nil},
		{"forged credential", "forged", "GET", fixed("/v1/medulla/brains"), "/v1/medulla/brains", none, 401, nil},
		{"wrong method", s.agent, "PUT", fixed("/v1/medulla/brains"), "/v1/medulla/brains", none, 405, nil},
		{"body over the cap", s.agent, "POST", fixed("/v1/medulla/brains/loja/claims"), "/v1/medulla/brains/{brain}/claims", func() any { return strings.Repeat(" ", gatewayBodyCap+1) }, 413, nil},
		{"garbage JSON", s.agent, "POST", fixed("/v1/medulla/brains/loja/recall"), "/v1/medulla/brains/{brain}/recall", func() any { return `{"query":` }, 400, nil},
	}
	validated := map[int]int{}
	for _, st := range steps {
		t.Run(st.name, func(t *testing.T) {
			code, raw := s.call(st.token, st.method, st.path(), st.body())
			if st.want != 0 && code != st.want {
				t.Fatalf("status: got %d, want %d (%s)", code, st.want, raw)
			}
			template := st.template
			if i := strings.IndexByte(template, '?'); i >= 0 {
				template = template[:i]
			}
			if _, err := url.Parse(st.path()); err != nil {
				t.Fatal(err)
			}
			schema, err := doc.responseSchema(template, st.method, code)
			if err != nil {
				t.Fatal(err)
			}
			v, err := decodeJSON(raw)
			if err != nil {
				t.Fatalf("answer %d is not JSON: %q", code, raw)
			}
			if errs := doc.validate(schema, v, "response"); len(errs) > 0 {
				t.Fatalf("%d answer does not match the document:\n  %s\nbody: %s", code, strings.Join(errs, "\n  "), raw)
			}
			validated[code]++
			if obj, ok := v.(map[string]any); ok && st.after != nil {
				st.after(obj)
			}
		})
	}
	if validated[200] < 20 {
		t.Errorf("validated %d successful answers, want at least 20 (%v)", validated[200], validated)
	}
}

// gatewayBodyCap is the gateway's default body cap (gateway.DefaultBodyBytes).
const gatewayBodyCap = 1 << 20

func TestValidatorRefusesWhatTheDocumentDoesNotSay(t *testing.T) {
	doc := swaggerDoc{Definitions: map[string]map[string]any{
		"R": {"type": "object", "properties": map[string]any{
			"n":    map[string]any{"type": "string", "format": "int64"},
			"kind": map[string]any{"type": "string", "enum": []any{"A", "B"}},
			"sub":  map[string]any{"$ref": "#/definitions/S"},
			"list": map[string]any{"type": "array", "items": map[string]any{"type": "integer", "format": "int32"}},
		}},
		"S": {"type": "object", "properties": map[string]any{"ok": map[string]any{"type": "boolean"}}},
	}}
	ref := map[string]any{"$ref": "#/definitions/R"}
	tests := []struct {
		name string
		body string
		want bool
	}{
		{"conforming", `{"n":"12","kind":"A","sub":{"ok":true},"list":[1,2]}`, true},
		{"unset message is null", `{"sub":null}`, true},
		{"null where a string belongs", `{"n":null}`, false},
		{"unknown property", `{"nn":"12"}`, false},
		{"camelCase spelling", `{"N":"12"}`, false},
		{"int64 as a number", `{"n":12}`, false},
		{"enum outside the list", `{"kind":"C"}`, false},
		{"nested unknown property", `{"sub":{"ok":true,"extra":1}}`, false},
		{"array of strings", `{"list":["1"]}`, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v, err := decodeJSON([]byte(tt.body))
			if err != nil {
				t.Fatal(err)
			}
			errs := doc.validate(ref, v, "r")
			if got := len(errs) == 0; got != tt.want {
				t.Errorf("valid: got %v (%v), want %v", got, errs, tt.want)
			}
		})
	}
}
