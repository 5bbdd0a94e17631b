package main

import (
	"flag"
	"os"

	organmcp "github.com/organism-dev/organism/mcp"
)

// mcpOriginsFlag binds serve's --mcp-allowed-origins (env ORGANISM_MCP_ALLOWED_ORIGINS) and
// returns what reads it: the browser origins the gateway's /mcp admits besides loopback ones.
// A malformed origin is a usage error at start, not a 403 for every request it was meant for.
func mcpOriginsFlag(fs *flag.FlagSet) func() ([]string, error) {
	raw := fs.String("mcp-allowed-origins", os.Getenv("ORGANISM_MCP_ALLOWED_ORIGINS"),
		"comma-separated browser origins (scheme://host[:port]) the gateway's /mcp admits besides loopback; any other Origin is refused 403 (env ORGANISM_MCP_ALLOWED_ORIGINS)")
	return func() ([]string, error) {
		origins, err := organmcp.ParseOrigins(*raw)
		if err != nil {
			return nil, usageError{"--mcp-allowed-origins: " + err.Error()}
		}
		return origins, nil
	}
}
