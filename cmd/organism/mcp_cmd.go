package main

import (
	"context"
	"flag"
	"log/slog"
	"os"

	organmcp "github.com/organism-dev/organism/mcp"
)

// mcpCmd serves the Model Context Protocol to one local agent on stdin/stdout; the same server
// is mounted on the gateway at /mcp for agents that speak streamable HTTP.
var mcpCmd = &command{
	name: "mcp", client: true, plain: true,
	summary: "serve the Model Context Protocol on stdin/stdout for a coding agent (tools, resources, push), calling the suite with ORGANISM_TOKEN",
	long: `stdout carries only protocol messages; logs go to stderr. The suite is reached at --addr
(ORGANISM_ADDR) with --token (ORGANISM_TOKEN): every tool acts as that credential, in its brain.
Presences joined through the session leave when the agent closes it. See docs/agents.md.`,
	setup: func(fs *flag.FlagSet) action {
		verbose := fs.Bool("verbose", false, "log protocol activity to stderr")
		return func(ctx context.Context, c *call) error {
			tok, err := c.dialer.credential()
			if err != nil {
				return err
			}
			conn, err := c.dial()
			if err != nil {
				return err
			}
			level := slog.LevelWarn
			if *verbose {
				level = slog.LevelDebug
			}
			logger := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: level}))
			svc := organmcp.New(organmcp.Options{Organs: organmcp.OrgansOn(conn), Logger: logger, Version: toolVersion()})
			return svc.ServeIO(ctx, os.Stdin, os.Stdout, tok)
		}
	},
}
