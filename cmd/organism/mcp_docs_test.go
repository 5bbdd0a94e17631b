package main

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"

	"github.com/BurntSushi/toml"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// snippets reads docs/agents.md's fenced blocks that carry a name after their language
// (```json .mcp.json), by name.
func snippets(t *testing.T) map[string]string {
	t.Helper()
	raw, err := os.ReadFile("../../docs/agents.md")
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	var name string
	var body []string
	for _, line := range strings.Split(string(raw), "\n") {
		switch {
		case name == "" && strings.HasPrefix(line, "```"):
			if f := strings.Fields(strings.TrimPrefix(line, "```")); len(f) == 2 {
				name, body = f[1], nil
			}
		case name != "" && line == "```":
			out[name] = strings.Join(body, "\n")
			name = ""
		case name != "":
			body = append(body, line)
		}
	}
	return out
}

// shellWords splits one command line the way sh would for these snippets: words, double
// quotes, and $VAR expanded through env.
func shellWords(line string, env func(string) string) []string {
	var words []string
	var cur strings.Builder
	inQuote, have := false, false
	for _, r := range os.Expand(line, env) {
		switch {
		case r == '"':
			inQuote, have = !inQuote, true
		case r == ' ' && !inQuote:
			if have {
				words = append(words, cur.String())
				cur.Reset()
				have = false
			}
		default:
			cur.WriteRune(r)
			have = true
		}
	}
	if have {
		words = append(words, cur.String())
	}
	return words
}

// server is what an install snippet configures: a command to run, or a URL with headers.
type server struct {
	Command string            `json:"command"`
	Args    []string          `json:"args"`
	Env     map[string]string `json:"env"`
	URL     string            `json:"url"`
	Headers map[string]string `json:"headers"`
}

// TestMCPInstallSnippets parses every install snippet of docs/agents.md and connects the SDK's
// client the way the snippet tells the agent to: the stdio ones start the built binary with the
// snippet's arguments and environment, the HTTP ones reach the gateway's /mcp with the
// snippet's header. Each must list the tools.
func TestMCPInstallSnippets(t *testing.T) {
	bin, err := buildBinary()
	if err != nil {
		t.Fatal(err)
	}
	s := startMCPSuite(t)
	env := func(name string) string {
		if name == "ORGANISM_TOKEN" || name == "env:ORGANISM_TOKEN" || name == "input:organism-token" {
			return s.agent
		}
		return ""
	}
	// The snippets name the default addresses; the suite under test listens elsewhere.
	local := func(u string) string {
		return strings.Replace(strings.Replace(u, defaultHTTPAddr, s.httpAddr, 1), defaultGRPCAddr, s.grpcAddr, 1)
	}
	docs := snippets(t)
	parse := map[string]func(t *testing.T, text string) server{
		"claude-stdio": func(t *testing.T, text string) server {
			w := shellWords(text, env)
			sep := slices.Index(w, "--")
			if len(w) < 5 || strings.Join(w[:4], " ") != "claude mcp add organism" || sep < 0 {
				t.Fatalf("got %q, want claude mcp add organism ... -- organism mcp", w)
			}
			srv := server{Command: w[sep+1], Args: w[sep+2:], Env: map[string]string{}}
			for i := 4; i < sep; i++ {
				if w[i] == "--env" && i+1 < sep {
					k, v, _ := strings.Cut(w[i+1], "=")
					srv.Env[k] = v
					i++
				}
			}
			return srv
		},
		"claude-http": func(t *testing.T, text string) server {
			w := shellWords(text, env)
			if len(w) != 9 || strings.Join(w[:6], " ") != "claude mcp add --transport http organism" || w[7] != "--header" {
				t.Fatalf("got %q, want claude mcp add --transport http organism URL --header ...", w)
			}
			k, v, _ := strings.Cut(w[8], ": ")
			return server{URL: w[6], Headers: map[string]string{k: v}}
		},
		".mcp.json": func(t *testing.T, text string) server {
			var f struct{ MCPServers map[string]server }
			if err := json.Unmarshal([]byte(text), &f); err != nil {
				t.Fatal(err)
			}
			srv := f.MCPServers["organism"]
			for k, v := range srv.Env {
				srv.Env[k] = os.Expand(v, env)
			}
			return srv
		},
		"codex": func(t *testing.T, text string) server {
			var f struct {
				MCPServers map[string]struct {
					URL               string `toml:"url"`
					BearerTokenEnvVar string `toml:"bearer_token_env_var"`
				} `toml:"mcp_servers"`
			}
			if _, err := toml.Decode(text, &f); err != nil {
				t.Fatal(err)
			}
			c := f.MCPServers["organism"]
			if c.BearerTokenEnvVar == "" {
				t.Fatalf("got %+v, want bearer_token_env_var", c)
			}
			return server{URL: c.URL, Headers: map[string]string{"Authorization": "Bearer " + env(c.BearerTokenEnvVar)}}
		},
		"cursor": func(t *testing.T, text string) server {
			var f struct{ MCPServers map[string]server }
			if err := json.Unmarshal([]byte(text), &f); err != nil {
				t.Fatal(err)
			}
			srv := f.MCPServers["organism"]
			for k, v := range srv.Headers {
				srv.Headers[k] = os.Expand(v, env)
			}
			return srv
		},
	}
	// VS Code's format: servers, each typed; the credential comes from a prompted input.
	vscode := func(want string) func(t *testing.T, text string) server {
		return func(t *testing.T, text string) server {
			var f struct {
				Inputs  []struct{ ID string }
				Servers map[string]struct {
					server
					Type string
				}
			}
			if err := json.Unmarshal([]byte(text), &f); err != nil {
				t.Fatal(err)
			}
			srv := f.Servers["organism"]
			if srv.Type != want || len(f.Inputs) != 1 || f.Inputs[0].ID != "organism-token" {
				t.Fatalf("got type %q and inputs %+v, want type %s and the organism-token input", srv.Type, f.Inputs, want)
			}
			for _, m := range []map[string]string{srv.Headers, srv.Env} {
				for k, v := range m {
					m[k] = os.Expand(v, env)
				}
			}
			return srv.server
		}
	}
	parse["vscode"], parse["vscode-stdio"] = vscode("http"), vscode("stdio")
	for name, p := range parse {
		t.Run(name, func(t *testing.T) {
			text, ok := docs[name]
			if !ok {
				t.Fatalf("docs/agents.md has no snippet %q", name)
			}
			srv := p(t, text)
			var ct sdk.Transport
			switch {
			case srv.Command != "":
				if srv.Command != "organism" || strings.Join(srv.Args, " ") != "mcp" {
					t.Fatalf("got %s %q, want organism mcp", srv.Command, srv.Args)
				}
				cmd := exec.Command(bin, srv.Args...)
				cmd.Env = os.Environ()
				for k, v := range srv.Env {
					cmd.Env = append(cmd.Env, k+"="+local(v))
				}
				ct = &sdk.CommandTransport{Command: cmd}
			case srv.URL != "":
				u, err := url.Parse(local(srv.URL))
				if err != nil || u.Path != "/mcp" {
					t.Fatalf("got url %q, want the gateway's /mcp", srv.URL)
				}
				if srv.Headers["Authorization"] != "Bearer "+s.agent {
					t.Fatalf("got Authorization %q, want the bearer from ORGANISM_TOKEN", srv.Headers["Authorization"])
				}
				ct = &sdk.StreamableClientTransport{Endpoint: u.String(), MaxRetries: -1,
					HTTPClient: &http.Client{Transport: bearer{strings.TrimPrefix(srv.Headers["Authorization"], "Bearer "), http.DefaultTransport}}}
			default:
				t.Fatalf("snippet %q configures neither a command nor a url", name)
			}
			ctx, cancel := context.WithTimeout(context.Background(), testWait)
			defer cancel()
			cs, err := sdk.NewClient(&sdk.Implementation{Name: name, Version: "v0"}, nil).Connect(ctx, ct, nil)
			if err != nil {
				t.Fatalf("connect as the snippet says: %v", err)
			}
			defer cs.Close()
			res, err := cs.CallTool(ctx, &sdk.CallToolParams{Name: "north", Arguments: map[string]any{}})
			if err != nil || res.IsError {
				t.Fatalf("north through the snippet's server: got %v %v, want an answer", err, res)
			}
		})
	}
}
