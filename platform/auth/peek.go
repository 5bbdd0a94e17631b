package auth

import (
	"encoding/base64"
	"encoding/json"
	"strings"
)

// Peek reads a credential's claims without checking its signature or expiry. It is for the holder of
// the credential only (the CLI defaulting --brain, an MCP session naming its brain): what it returns
// fills a request the server then authenticates with Verify, so a forged payload gains nothing. A
// server never decides anything on it. ok is false for anything not shaped like a credential.
func Peek(token string) (c Claims, ok bool) {
	if len(token) > maxTokenLen || !strings.HasPrefix(token, tokenPrefix) {
		return Claims{}, false
	}
	dot := strings.LastIndexByte(token, '.')
	if dot <= len(tokenPrefix) {
		return Claims{}, false
	}
	payload, err := base64.RawURLEncoding.DecodeString(token[len(tokenPrefix):dot])
	if err != nil || json.Unmarshal(payload, &c) != nil {
		return Claims{}, false
	}
	return c, true
}
