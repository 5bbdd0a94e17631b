package report

import (
	"bytes"
	"encoding/json"
	"io"

	"google.golang.org/protobuf/encoding/protojson"
)

// SetSchema names the JSON shape of a run over several documents.
const SetSchema = "m1nd-soul-check-set-v0"

// JSON writes the m1nd-soul-check report with the proto field names: the report itself for one
// document, or {schema, documents, totals} for a run over several. The bytes are stable (protojson
// varies its spacing on purpose; the output is re-indented).
func JSON(out io.Writer, set Set) error {
	reports := sortedReports(set)
	docs := make([]json.RawMessage, 0, len(reports))
	for _, r := range reports {
		b, err := protojson.MarshalOptions{UseProtoNames: true}.Marshal(r)
		if err != nil {
			return err
		}
		docs = append(docs, b)
	}
	var v any
	if !set.Many && len(docs) == 1 {
		v = docs[0]
	} else {
		c := Count(set)
		v = struct {
			Schema    string            `json:"schema"`
			Documents []json.RawMessage `json:"documents"`
			Totals    any               `json:"totals"`
		}{SetSchema, docs, map[string]int{"documents": c.Documents, "drift": c.Drift, "discipline": c.Discipline, "unverified": c.Unverified, "age": c.Age, "disagreement": c.Disagreement, "unanchored": c.Unanchored, "ignored": c.Ignored}}
	}
	raw, err := json.Marshal(v)
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	if err := json.Indent(&buf, raw, "", "  "); err != nil {
		return err
	}
	buf.WriteByte('\n')
	_, err = out.Write(buf.Bytes())
	return err
}
