package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// kindOf names a tool's annotations in the words docs/agents.md uses.
func kindOf(a *sdk.ToolAnnotations) string {
	destructive := a.DestructiveHint != nil && *a.DestructiveHint
	switch {
	case a.ReadOnlyHint:
		return "read"
	case destructive:
		return "remove"
	case a.IdempotentHint:
		return "rewrite"
	}
	return "write"
}

var docToolRow = regexp.MustCompile("(?m)^\\| `([a-z_]+)` \\| ([a-z]+) \\|")

// TestMCPDocsListEveryTool: the tools table of docs/agents.md names every tool of tools/list
// (read from its golden, which TestMCPToolsListGolden holds to the live list) with the kind its
// annotations say, and names no tool that does not exist.
func TestMCPDocsListEveryTool(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join("testdata", "mcp_tools.golden.json"))
	if err != nil {
		t.Fatal(err)
	}
	var tools []*sdk.Tool
	if err := json.Unmarshal(raw, &tools); err != nil {
		t.Fatal(err)
	}
	doc, err := os.ReadFile("../../docs/agents.md")
	if err != nil {
		t.Fatal(err)
	}
	documented := map[string]string{}
	for _, m := range docToolRow.FindAllStringSubmatch(string(doc), -1) {
		documented[m[1]] = m[2]
	}
	for _, tool := range tools {
		got, ok := documented[tool.Name]
		switch {
		case !ok:
			t.Errorf("docs/agents.md: tool %s is not in the tools table", tool.Name)
		case got != kindOf(tool.Annotations):
			t.Errorf("docs/agents.md: tool %s is documented as %s, want %s (its annotations)", tool.Name, got, kindOf(tool.Annotations))
		}
		delete(documented, tool.Name)
	}
	for name := range documented {
		t.Errorf("docs/agents.md: tool %s is documented but not served", name)
	}
}
