package mcp

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// maxBody bounds a request body: the SDK's own bound, read here once and then handed on, so the
// check below never holds more than the transport would.
const maxBody = sdk.DefaultMaxRequestBodyBytes

// checkedBody reads a POST's JSON body (at most maxBody) and answers a body that is not a
// JSON-RPC message as JSON-RPC does: 400 with a parse error (-32700) or an invalid request
// (-32600), id null. The SDK would answer plain text naming its own Go types, which a client
// can neither parse nor act on. It reports whether the request may go on, with its body
// restored; other content types go on untouched, to the transport's 415.
func checkedBody(w http.ResponseWriter, r *http.Request) bool {
	if r.Method != http.MethodPost || r.Body == nil {
		return true
	}
	if mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type")); err != nil || mt != "application/json" {
		return true
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxBody))
	if err != nil {
		if mbe := (*http.MaxBytesError)(nil); errors.As(err, &mbe) {
			http.Error(w, fmt.Sprintf("request body exceeds %d bytes", mbe.Limit), http.StatusRequestEntityTooLarge)
		} else {
			http.Error(w, "failed to read body", http.StatusBadRequest)
		}
		return false
	}
	if code, msg := rpcProblem(body); code != 0 {
		writeRPCError(w, code, msg)
		return false
	}
	r.Body = io.NopCloser(bytes.NewReader(body))
	return true
}

// rpcProblem says what is wrong with body as a JSON-RPC message or batch: 0 when nothing is.
// Its messages name the rule broken and where, never a Go type.
func rpcProblem(body []byte) (int64, string) {
	if !json.Valid(body) {
		var v any
		var se *json.SyntaxError
		if err := json.Unmarshal(body, &v); errors.As(err, &se) {
			return jsonrpc.CodeParseError, fmt.Sprintf("parse error: %s (at byte %d)", se.Error(), se.Offset)
		}
		return jsonrpc.CodeParseError, "parse error: the body is not JSON"
	}
	body = bytes.TrimSpace(body)
	switch body[0] {
	case '{':
		return messageProblem(body)
	case '[':
		var batch []json.RawMessage
		if json.Unmarshal(body, &batch) != nil || len(batch) == 0 {
			return jsonrpc.CodeInvalidRequest, "invalid request: an empty batch"
		}
		for i, m := range batch {
			if code, msg := messageProblem(m); code != 0 {
				return code, fmt.Sprintf("%s (batch element %d)", msg, i)
			}
		}
		return 0, ""
	}
	return jsonrpc.CodeInvalidRequest, "invalid request: the body must be a JSON-RPC message object or an array of them"
}

// messageProblem checks one message against JSON-RPC 2.0: version "2.0", a string method (a
// request or notification) or else an id (a response), an id a string, number or null.
func messageProblem(raw json.RawMessage) (int64, string) {
	const bad = jsonrpc.CodeInvalidRequest
	var m struct {
		Version json.RawMessage `json:"jsonrpc"`
		Method  json.RawMessage `json:"method"`
		ID      json.RawMessage `json:"id"`
	}
	if raw = bytes.TrimSpace(raw); len(raw) == 0 || raw[0] != '{' || json.Unmarshal(raw, &m) != nil {
		return bad, "invalid request: a message must be a JSON object"
	}
	var version, method string
	if json.Unmarshal(m.Version, &version) != nil || version != "2.0" {
		return bad, `invalid request: "jsonrpc" must be "2.0"`
	}
	if m.Method != nil && json.Unmarshal(m.Method, &method) != nil {
		return bad, `invalid request: "method" must be a string`
	}
	if m.ID != nil {
		var id any
		json.Unmarshal(m.ID, &id)
		switch id.(type) {
		case nil, string, float64:
		default:
			return bad, `invalid request: "id" must be a string, a number or null`
		}
	}
	if m.Method == nil && (m.ID == nil || string(m.ID) == "null") {
		return bad, `invalid request: a message without "method" must be a response with an id`
	}
	// Whatever else the transport's decoder refuses is refused here too, in these words.
	if _, err := jsonrpc.DecodeMessage(raw); err != nil {
		return bad, "invalid request: not a JSON-RPC 2.0 message"
	}
	return 0, ""
}

// writeRPCError answers 400 with a JSON-RPC error response whose id is null: a body that could
// not be read as a request has no id to answer.
func writeRPCError(w http.ResponseWriter, code int64, msg string) {
	type rpcError struct {
		Code    int64  `json:"code"`
		Message string `json:"message"`
	}
	out, _ := json.Marshal(struct {
		Version string   `json:"jsonrpc"`
		ID      *string  `json:"id"`
		Error   rpcError `json:"error"`
	}{"2.0", nil, rpcError{code, msg}})
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusBadRequest)
	w.Write(out)
}
