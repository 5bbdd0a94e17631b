package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	organmcp "github.com/organism-dev/organism/mcp"
	"github.com/organism-dev/organism/platform/auth"
	"github.com/organism-dev/organism/platform/grpcserver"
	medullav1 "github.com/organism-dev/organism/proto/organism/medulla/v1"
	presencev1 "github.com/organism-dev/organism/proto/organism/presence/v1"
	missiondomain "github.com/organism-dev/organism/services/mission/domain"
)

var updateGolden = flag.Bool("update-mcp", false, "rewrite testdata/mcp_tools.golden.json")

// mcpSuite is a running suite with two brains (loja, other) and an agent bound to loja.
type mcpSuite struct {
	*suite
	agent, otherAgent, owner string
	repo                     string
}

func startMCPSuite(tb testing.TB) *mcpSuite {
	tb.Helper()
	s := startSuiteTB(tb)
	mint := func(r auth.MintRequest) string {
		tok, err := s.signer.Mint(r)
		if err != nil {
			tb.Fatal(err)
		}
		return tok
	}
	owner := mint(auth.MintRequest{Kind: auth.KindOwner})
	conn, err := grpcserver.Dial(s.grpcAddr, grpcserver.DialOptions{Credentials: auth.Bearer(owner)})
	if err != nil {
		tb.Fatal(err)
	}
	defer conn.Close()
	repo := gitRepoTB(tb)
	for name, root := range map[string]string{"loja": repo, "other": gitRepoTB(tb)} {
		if _, err := medullav1.NewMedullaServiceClient(conn).RegisterBrain(context.Background(),
			&medullav1.RegisterBrainRequest{Name: name, RepoRoot: root, SoulPath: "PATHOS.md"}); err != nil {
			tb.Fatalf("register %s: %v", name, err)
		}
	}
	return &mcpSuite{suite: s, owner: owner, repo: repo,
		agent:      mint(auth.MintRequest{Kind: auth.KindAgent, Subject: "ada", Seat: "executor", Brain: "loja"}),
		otherAgent: mint(auth.MintRequest{Kind: auth.KindAgent, Subject: "bob", Seat: "executor", Brain: "other"}),
	}
}

// startSuiteTB is startSuite for tests and benchmarks alike; tweaks adjust the config first.
func startSuiteTB(tb testing.TB, tweaks ...func(*config)) *suite {
	tb.Helper()
	s, _ := serveAll(tb, tb.TempDir(), tweaks...)
	return s
}

// gitRepoTB is gitRepo for tests and benchmarks alike.
func gitRepoTB(tb testing.TB) string {
	tb.Helper()
	dir := tb.TempDir()
	soul := "# Loja\n\nThe shop's soul.\n\n## Current State\n\n- `main.go` serves the shop.\n"
	if err := os.WriteFile(filepath.Join(dir, "PATHOS.md"), []byte(soul), 0o644); err != nil {
		tb.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "main.go"), []byte("package main\n"), 0o644); err != nil {
		tb.Fatal(err)
	}
	for _, args := range [][]string{{"init", "-q"}, {"add", "."}, {"-c", "user.email=t@t", "-c", "user.name=t", "commit", "-qm", "init"}} {
		if out, err := exec.Command("git", append([]string{"-C", dir}, args...)...).CombinedOutput(); err != nil {
			tb.Fatalf("git %v: %v %s", args, err, out)
		}
	}
	return dir
}

// transports are the two ways an agent reaches the server: the SDK's in-memory transport
// (the server the stdio verb runs, over a gRPC connection carrying the credential) and real
// streamable HTTP through the gateway's /mcp with a bearer header.
var transports = []string{"memory", "http"}

// bearer adds the credential to every HTTP request of the SDK's client.
type bearer struct {
	token string
	base  http.RoundTripper
}

func (b bearer) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("Authorization", "Bearer "+b.token)
	return b.base.RoundTrip(r)
}

// connect opens an MCP client session over the named transport with token.
func (s *mcpSuite) connect(t testing.TB, transport, token string, opts *sdk.ClientOptions) *sdk.ClientSession {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), testWait)
	defer cancel()
	client := sdk.NewClient(&sdk.Implementation{Name: "test-agent", Version: "v0"}, opts)
	var ct sdk.Transport
	switch transport {
	case "memory":
		conn, err := grpcserver.Dial(s.grpcAddr, grpcserver.DialOptions{Credentials: auth.Bearer(token)})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { conn.Close() })
		svc := organmcp.New(organmcp.Options{Organs: organmcp.OrgansOn(conn), Logger: slog.New(slog.DiscardHandler)})
		st, cl := sdk.NewInMemoryTransports()
		if _, err := svc.Connect(ctx, st, token); err != nil {
			t.Fatal(err)
		}
		ct = cl
	case "http":
		ct = &sdk.StreamableClientTransport{Endpoint: "http://" + s.httpAddr + "/mcp",
			HTTPClient: &http.Client{Transport: bearer{token, http.DefaultTransport}}, MaxRetries: -1}
	}
	cs, err := client.Connect(ctx, ct, nil)
	if err != nil {
		t.Fatalf("connect over %s: %v", transport, err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs
}

// call invokes a tool and decodes its structured outcome.
func callTool(t *testing.T, cs *sdk.ClientSession, name string, args map[string]any) (organmcp.Outcome, *sdk.CallToolResult) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), testWait)
	defer cancel()
	res, err := cs.CallTool(ctx, &sdk.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		t.Fatalf("%s: protocol error %v", name, err)
	}
	out, err := decodeOutcome(res)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if out.OK == res.IsError {
		t.Errorf("%s: ok=%v but isError=%v", name, out.OK, res.IsError)
	}
	if len(res.Content) == 0 {
		t.Errorf("%s: no text content", name)
	} else if txt, ok := res.Content[0].(*sdk.TextContent); !ok || !strings.HasPrefix(txt.Text, out.Summary) {
		t.Errorf("%s: text content %v does not start with the summary %q", name, res.Content[0], out.Summary)
	}
	return out, res
}

// decodeOutcome reads a tool result's structured content: every result has one, a refusal of
// arguments outside the input schema included.
func decodeOutcome(res *sdk.CallToolResult) (organmcp.Outcome, error) {
	var out organmcp.Outcome
	if res.StructuredContent == nil {
		return out, fmt.Errorf("no structured content (text %v)", res.Content)
	}
	raw, _ := json.Marshal(res.StructuredContent)
	if err := json.Unmarshal(raw, &out); err != nil {
		return out, fmt.Errorf("structured content %s: %v", raw, err)
	}
	return out, nil
}

func TestMCPToolsListGolden(t *testing.T) {
	s := startMCPSuite(t)
	for _, tr := range transports {
		t.Run(tr, func(t *testing.T) {
			cs := s.connect(t, tr, s.agent, nil)
			ctx, cancel := context.WithTimeout(context.Background(), testWait)
			defer cancel()
			var tools []*sdk.Tool
			for tool, err := range cs.Tools(ctx, nil) {
				if err != nil {
					t.Fatal(err)
				}
				tools = append(tools, tool)
			}
			for _, tool := range tools {
				if tool.InputSchema == nil || tool.OutputSchema == nil || tool.Annotations == nil || tool.Annotations.DestructiveHint == nil {
					t.Errorf("%s: got input %v output %v annotations %v, want all three", tool.Name, tool.InputSchema != nil, tool.OutputSchema != nil, tool.Annotations)
				}
			}
			got, err := json.MarshalIndent(tools, "", "  ")
			if err != nil {
				t.Fatal(err)
			}
			golden := filepath.Join("testdata", "mcp_tools.golden.json")
			if *updateGolden && tr == "memory" {
				if err := os.WriteFile(golden, append(got, '\n'), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run with -update-mcp)", err)
			}
			if string(got)+"\n" != string(want) {
				t.Errorf("tools/list differs from %s (run with -update-mcp and review the diff)", golden)
			}
		})
	}
}

// toolStep is one call of the walk through every tool: a happy path or a refusal, in an order
// where later steps use what earlier ones made (a claim, a presence, a mission).
type toolStep struct {
	name   string
	tool   string
	args   func(w *walk) map[string]any
	as     string // "" calls as ada; "gil" as a second agent of loja (a grader is never the author); "bob" as other's agent
	reason string // "" means the call must succeed
	field  string // with reason: the field the refusal must blame
	check  func(t *testing.T, w *walk, out organmcp.Outcome)
}

// walk carries what the steps made.
type walk struct {
	tr                  string
	slug, medullaSlug   string
	presence            string
	mission, worktree   string
	missionHead         float64
	memorizedReceiptIDs []string
	repo                string // loja's repository root
}

func fixed(m map[string]any) func(*walk) map[string]any {
	return func(*walk) map[string]any { return m }
}

func needReceipt(t *testing.T, _ *walk, out organmcp.Outcome) {
	if id, _ := out.Receipt["receipt_id"].(string); id == "" {
		t.Errorf("got receipt %v, want a receipt_id", out.Receipt)
	}
}

var toolSteps = []toolStep{
	{name: "north", tool: "north", args: fixed(map[string]any{})},
	{name: "north of a foreign brain", tool: "north", args: fixed(map[string]any{"brain": "other"}), reason: "FOREIGN_BRAIN"},
	{name: "soul read", tool: "soul_read", args: fixed(map[string]any{}), check: func(t *testing.T, _ *walk, out organmcp.Outcome) {
		if md, _ := out.Result["markdown"].(string); !strings.Contains(md, "The shop's soul") {
			t.Errorf("got markdown %q, want the soul's text", md)
		}
	}},
	{name: "soul read of a foreign brain", tool: "soul_read", args: fixed(map[string]any{"brain": "other"}), reason: "FOREIGN_BRAIN"},
	{name: "soul check", tool: "soul_check", args: fixed(map[string]any{}), check: needReceipt},
	{name: "soul check of a foreign brain", tool: "soul_check", args: fixed(map[string]any{"brain": "other"}), reason: "FOREIGN_BRAIN"},
	{name: "memorize with evidence", tool: "memorize", args: func(w *walk) map[string]any {
		return map[string]any{"slug": w.slug, "body": "main.go serves the shop", "evidence": []any{map[string]any{"kind": "file", "path": "main.go"}}}
	}, check: needReceipt},
	{name: "memorize an empty body", tool: "memorize", args: func(w *walk) map[string]any { return map[string]any{"slug": w.slug + "-empty", "body": ""} }, reason: "EMPTY_BODY"},
	{name: "memorize with an unknown evidence kind", tool: "memorize", args: fixed(map[string]any{"body": "x", "evidence": []any{map[string]any{"kind": "vibes"}}}), reason: "INVALID_ARGUMENT", field: "evidence[0].kind"},
	{name: "recall", tool: "recall", args: fixed(map[string]any{"query": "shop"}), check: func(t *testing.T, w *walk, out organmcp.Outcome) {
		if !strings.Contains(fmt.Sprint(out.Result["hits"]), w.slug) {
			t.Errorf("got hits %v, want %s among them", out.Result["hits"], w.slug)
		}
	}},
	{name: "recall with a negative limit", tool: "recall", args: fixed(map[string]any{"query": "shop", "limit": -1}), reason: "INVALID_ARGUMENT", field: "limit"},
	{name: "claim show", tool: "claim_show", args: func(w *walk) map[string]any { return map[string]any{"slug": w.slug} }},
	{name: "claim show of a missing claim", tool: "claim_show", args: fixed(map[string]any{"slug": "no-such-claim"}), reason: "CLAIM_NOT_FOUND"},
	{name: "claim history", tool: "claim_history", args: func(w *walk) map[string]any { return map[string]any{"slug": w.slug} }},
	{name: "claim history with a forged cursor", tool: "claim_history", args: func(w *walk) map[string]any { return map[string]any{"slug": w.slug, "cursor": "forged"} }, reason: "INVALID_ARGUMENT"},
	{name: "promote an unverified claim", tool: "promote", args: func(w *walk) map[string]any { return map[string]any{"slug": w.slug, "reason": "r"} }, reason: "NOT_VERIFIED"},
	{name: "claim verify by its author", tool: "claim_verify", args: func(w *walk) map[string]any { return map[string]any{"slug": w.slug} }, reason: "GRADER_IS_AUTHOR"},
	{name: "claim verify by another agent", tool: "claim_verify", as: "gil", args: func(w *walk) map[string]any { return map[string]any{"slug": w.slug} }, check: needReceipt},
	{name: "claim verify of a missing claim", tool: "claim_verify", args: fixed(map[string]any{"slug": "no-such-claim"}), reason: "CLAIM_NOT_FOUND"},
	{name: "promote", tool: "promote", args: func(w *walk) map[string]any { return map[string]any{"slug": w.slug, "reason": "holds everywhere"} },
		check: func(t *testing.T, w *walk, out organmcp.Outcome) {
			needReceipt(t, w, out)
			c, _ := out.Result["claim"].(map[string]any)
			if w.medullaSlug, _ = c["slug"].(string); w.medullaSlug == "" {
				t.Errorf("got claim %v, want the medulla copy's slug", c)
			}
		}},
	{name: "promote in a foreign brain", tool: "promote", args: func(w *walk) map[string]any { return map[string]any{"brain": "other", "slug": w.slug} }, reason: "FOREIGN_BRAIN"},
	{name: "learn in the brain it was born in", tool: "learn", args: func(w *walk) map[string]any { return map[string]any{"slug": w.medullaSlug, "feedback": "not_wrong"} }, reason: "NOT_CROSSED"},
	{name: "learn from another brain", tool: "learn", as: "bob", args: func(w *walk) map[string]any { return map[string]any{"slug": w.medullaSlug, "feedback": "not_wrong"} }, check: needReceipt},
	{name: "learn with unknown feedback", tool: "learn", args: func(w *walk) map[string]any { return map[string]any{"slug": w.slug, "feedback": "meh"} }, reason: "INVALID_ARGUMENT", field: "feedback"},
	{name: "presence join", tool: "presence_join", args: func(w *walk) map[string]any {
		return map[string]any{"theme": "mcp walk", "working_set": []any{"shop/" + w.tr + ".go"}, "worktree": w.worktree}
	}, check: func(t *testing.T, w *walk, out organmcp.Outcome) {
		p, _ := out.Result["presence"].(map[string]any)
		w.presence, _ = p["presence_id"].(string)
		if w.presence == "" || p["agent_id"] != "ada" {
			t.Errorf("got presence %v, want an id held by ada", p)
		}
	}},
	{name: "presence join with an unknown intent", tool: "presence_join", args: fixed(map[string]any{"intent": "daydream"}), reason: "INVALID_ARGUMENT", field: "intent"},
	{name: "presence beat", tool: "presence_beat", args: func(w *walk) map[string]any { return map[string]any{"presence_id": w.presence} }},
	{name: "presence beat of a missing presence", tool: "presence_beat", args: fixed(map[string]any{"presence_id": "prs_000000000000"}), reason: "PRESENCE_NOT_FOUND"},
	{name: "who is in my worktree", tool: "presence_who", args: func(w *walk) map[string]any { return map[string]any{"worktree": w.worktree} }, check: func(t *testing.T, w *walk, out organmcp.Outcome) {
		rows, _ := out.Result["presences"].([]any)
		if len(rows) != 1 || rows[0].(map[string]any)["presence_id"] != w.presence {
			t.Errorf("got %v in worktree %s, want exactly %s", rows, w.worktree, w.presence)
		}
	}},
	{name: "who with a negative page size", tool: "presence_who", args: fixed(map[string]any{"page_size": -1}), reason: "INVALID_ARGUMENT", field: "page_size"},
	{name: "collisions", tool: "collisions", args: fixed(map[string]any{})},
	{name: "collisions of a foreign brain", tool: "collisions", args: fixed(map[string]any{"brain": "other"}), reason: "FOREIGN_BRAIN"},
	{name: "presence leave", tool: "presence_leave", args: func(w *walk) map[string]any { return map[string]any{"presence_id": w.presence} }},
	{name: "presence leave of a missing presence", tool: "presence_leave", args: fixed(map[string]any{"presence_id": "prs_000000000000"}), reason: "PRESENCE_NOT_FOUND"},
	{name: "mission open", tool: "mission_open", args: fixed(map[string]any{"title": "shop is slow", "symptom": "checkout takes 9s", "gate_command": "true"}),
		check: func(t *testing.T, w *walk, out organmcp.Outcome) {
			m, _ := out.Result["mission"].(map[string]any)
			w.mission, _ = m["mission_id"].(string)
			if w.mission == "" || out.Receipt["letter_id"] == "" {
				t.Errorf("got mission %v receipt %v, want an id and a seq-1 letter", m, out.Receipt)
			}
		}},
	{name: "mission open in a foreign brain", tool: "mission_open", args: fixed(map[string]any{"brain": "other", "title": "x", "symptom": "y", "gate_command": "true"}), reason: "FOREIGN_BRAIN"},
	{name: "mission post a parecer", tool: "mission_post", args: func(w *walk) map[string]any {
		return map[string]any{"mission_id": w.mission, "verdict": "approve", "gist": "the gate is honest"}
	}},
	{name: "mission post on a stale head", tool: "mission_post", args: func(w *walk) map[string]any {
		return map[string]any{"mission_id": w.mission, "phase": "abandoned", "note": "n", "expected_head": 1}
	}, reason: "HEAD_CAS_MISMATCH"},
	{name: "mission show with letters", tool: "mission_show", args: func(w *walk) map[string]any {
		return map[string]any{"mission_id": w.mission, "letters": true, "page_size": 1}
	},
		check: func(t *testing.T, _ *walk, out organmcp.Outcome) {
			if l, _ := out.Result["letters"].([]any); len(l) != 1 || out.NextCursor != "1" {
				t.Errorf("got %d letters and cursor %q, want 1 and cursor 1 (the chain has 2)", len(l), out.NextCursor)
			}
		}},
	{name: "mission show with a forged cursor", tool: "mission_show", args: func(w *walk) map[string]any {
		return map[string]any{"mission_id": w.mission, "letters": true, "cursor": "x"}
	}, reason: "INVALID_ARGUMENT", field: "cursor"},
	{name: "mission board", tool: "mission_board", args: fixed(map[string]any{}), check: func(t *testing.T, w *walk, out organmcp.Outcome) {
		if !strings.Contains(fmt.Sprint(out.Result["missions"]), w.mission) {
			t.Errorf("got board %v, want %s on it", out.Result["missions"], w.mission)
		}
	}},
	{name: "mission board with an unknown phase", tool: "mission_board", args: fixed(map[string]any{"phases": []any{"dreaming"}}), reason: "INVALID_ARGUMENT", field: "phases[0]"},
	{name: "report about my brain's repository", tool: "report", args: func(w *walk) map[string]any {
		return map[string]any{"tool": "mission_board", "what": "the board is slow over " + w.tr}
	}, check: func(t *testing.T, w *walk, out organmcp.Outcome) {
		r, _ := out.Result["report"].(map[string]any)
		if id, _ := out.Receipt["report_id"].(string); id == "" || r["report_id"] != id || r["repo"] != w.repo || r["class"] != "REPORT_CLASS_BUG" {
			t.Errorf("got report %v receipt %v, want a bug report about %s with its id in the receipt", r, out.Receipt, w.repo)
		}
		if by, _ := out.Receipt["by"].(map[string]any); by["agent_id"] != "ada" {
			t.Errorf("got reporter %v, want ada (the credential)", by)
		}
	}},
	{name: "report of an unknown class", tool: "report", args: fixed(map[string]any{"class": "rant", "tool": "x", "what": "y"}), reason: "INVALID_ARGUMENT", field: "class"},
	{name: "report naming a home path", tool: "report", args: fixed(map[string]any{"tool": "x", "what": "see /home/ana/cart.txt"}), reason: "HOME_PATH", field: "what"},
}

// TestMCPEveryToolHappyAndRefused walks every tool over both transports: each happy path
// answers ok with its receipt where the organ gives one, each refusal answers the organ's
// reason code (and the field at fault) in structured content.
func TestMCPEveryToolHappyAndRefused(t *testing.T) {
	s := startMCPSuite(t)
	seen := map[string]bool{}
	for _, tr := range transports {
		t.Run(tr, func(t *testing.T) {
			cs := s.connect(t, tr, s.agent, nil)
			gil := s.connect(t, tr, s.mint(t, auth.MintRequest{Kind: auth.KindAgent, Subject: "gil", Seat: "judge", Brain: "loja"}), nil)
			sessions := map[string]*sdk.ClientSession{"": cs, "gil": gil, "bob": s.connect(t, tr, s.otherAgent, nil)}
			w := &walk{tr: tr, slug: "checkout-" + tr, worktree: "/work/wt/" + tr, repo: s.repo}
			for _, st := range toolSteps {
				seen[st.tool] = true
				out, _ := callTool(t, sessions[st.as], st.tool, st.args(w))
				switch {
				case st.reason == "" && !out.OK:
					t.Errorf("%s: got %s, want success", st.name, out.Summary)
				case st.reason != "" && out.OK:
					t.Errorf("%s: got success %s, want refusal %s", st.name, out.Summary, st.reason)
				case st.reason != "" && out.Refusal.Reason != st.reason:
					t.Errorf("%s: got reason %s (%s), want %s", st.name, out.Refusal.Reason, out.Summary, st.reason)
				case st.field != "" && !slices.ContainsFunc(out.Refusal.Violations, func(v organmcp.Violation) bool { return v.Field == st.field }):
					t.Errorf("%s: got violations %v, want one on %s", st.name, out.Refusal.Violations, st.field)
				case st.check != nil && out.OK:
					st.check(t, w, out)
				}
			}
		})
	}
	ctx, cancel := context.WithTimeout(context.Background(), testWait)
	defer cancel()
	cs := s.connect(t, "memory", s.agent, nil)
	for tool, err := range cs.Tools(ctx, nil) {
		if err != nil {
			t.Fatal(err)
		}
		if !seen[tool.Name] {
			t.Errorf("tool %s has no step in the walk", tool.Name)
		}
	}
}

// TestMCPForgedIdentityIgnored: identity lives in the credential. No tool takes an identity
// argument; one smuggled in is refused by the input schema with nothing written, and what is
// written is written as the credential's agent, in its brain.
func TestMCPForgedIdentityIgnored(t *testing.T) {
	s := startMCPSuite(t)
	for _, tr := range transports {
		t.Run(tr, func(t *testing.T) {
			cs := s.connect(t, tr, s.agent, nil)
			forged := map[string]any{"slug": "forged-" + tr, "body": "who wrote me",
				"agent_id": "owner", "seat": "owner", "origin": "ORIGIN_HUMAN_CLI", "by": map[string]any{"agent_id": "owner"}}
			if out, res := callTool(t, cs, "memorize", forged); out.OK || !res.IsError {
				t.Fatalf("memorize with identity arguments: got ok %s, want the schema's refusal", out.Summary)
			}
			if get, _ := callTool(t, cs, "claim_show", map[string]any{"slug": "forged-" + tr}); get.OK {
				t.Fatalf("the forged write exists: %v", get.Result)
			}
			out, _ := callTool(t, cs, "memorize", map[string]any{"slug": "forged-" + tr, "body": "who wrote me"})
			by, _ := out.Receipt["by"].(map[string]any)
			if by["agent_id"] != "ada" || by["brain"] != "loja" || by["origin"] != "ORIGIN_AGENT" {
				t.Errorf("got receipt by %v, want ada in loja as an agent", by)
			}
		})
	}
	// No input schema names an identity: agent_id is only presence_who's filter over others.
	cs := s.connect(t, "memory", s.agent, nil)
	ctx, cancel := context.WithTimeout(context.Background(), testWait)
	defer cancel()
	for tool, err := range cs.Tools(ctx, nil) {
		if err != nil {
			t.Fatal(err)
		}
		raw, _ := json.Marshal(tool.InputSchema)
		var schema struct{ Properties map[string]any }
		json.Unmarshal(raw, &schema)
		for _, f := range []string{"agent_id", "seat", "origin", "by", "author", "token"} {
			if _, ok := schema.Properties[f]; ok && !(tool.Name == "presence_who" && f == "agent_id") {
				t.Errorf("%s takes %q: identity must come from the credential only", tool.Name, f)
			}
		}
	}
}

// TestMCPBrainBinding: an agent bound to loja reaches nothing of brain other through any tool
// or resource, even when it names other's ids.
func TestMCPBrainBinding(t *testing.T) {
	s := startMCPSuite(t)
	// What exists in brain other, made by other's own agent.
	bob := s.connect(t, "memory", s.otherAgent, nil)
	if out, _ := callTool(t, bob, "memorize", map[string]any{"slug": "secret", "body": "other's secret"}); !out.OK {
		t.Fatal(out.Summary)
	}
	join, _ := callTool(t, bob, "presence_join", map[string]any{"theme": "bob works"})
	open, _ := callTool(t, bob, "mission_open", map[string]any{"title": "other's", "symptom": "s", "gate_command": "true"})
	bobPresence := join.Result["presence"].(map[string]any)["presence_id"].(string)
	bobMission := open.Result["mission"].(map[string]any)["mission_id"].(string)

	foreign := []struct {
		tool string
		args map[string]any
	}{
		{"north", map[string]any{"brain": "other"}},
		{"soul_read", map[string]any{"brain": "other"}},
		{"soul_check", map[string]any{"brain": "other", "dry_run": true}},
		{"memorize", map[string]any{"brain": "other", "slug": "secret", "body": "overwritten"}},
		{"recall", map[string]any{"brain": "other", "query": "secret"}},
		{"claim_show", map[string]any{"brain": "other", "slug": "secret"}},
		{"claim_history", map[string]any{"brain": "other", "slug": "secret"}},
		{"claim_verify", map[string]any{"brain": "other", "slug": "secret"}},
		{"promote", map[string]any{"brain": "other", "slug": "secret"}},
		{"learn", map[string]any{"brain": "other", "slug": "secret", "feedback": "wrong"}},
		{"presence_join", map[string]any{"brain": "other"}},
		{"presence_beat", map[string]any{"presence_id": bobPresence}},
		{"presence_leave", map[string]any{"presence_id": bobPresence}},
		{"presence_who", map[string]any{"brain": "other"}},
		{"collisions", map[string]any{"brain": "other"}},
		{"mission_open", map[string]any{"brain": "other", "title": "t", "symptom": "s", "gate_command": "true"}},
		{"mission_post", map[string]any{"mission_id": bobMission, "verdict": "reject"}},
		{"mission_show", map[string]any{"mission_id": bobMission}},
		{"mission_board", map[string]any{"brain": "other"}},
	}
	for _, tr := range transports {
		t.Run(tr, func(t *testing.T) {
			cs := s.connect(t, tr, s.agent, nil)
			for _, f := range foreign {
				out, _ := callTool(t, cs, f.tool, f.args)
				if out.OK {
					t.Errorf("%s %v: got success %s, want a refusal", f.tool, f.args, out.Summary)
					continue
				}
				if c := out.Refusal.Code; c != "PermissionDenied" && c != "NotFound" {
					t.Errorf("%s: got %s %s, want PermissionDenied or NotFound", f.tool, c, out.Refusal.Reason)
				}
			}
			ctx, cancel := context.WithTimeout(context.Background(), testWait)
			defer cancel()
			for _, uri := range []string{organmcp.BrainURI("other", "soul"), organmcp.BrainURI("other", "north"), organmcp.BrainURI("other", "roster"),
				organmcp.BrainURI("other", "collisions"), organmcp.BrainURI("other", "board"), organmcp.MissionURI(bobMission)} {
				if _, err := cs.ReadResource(ctx, &sdk.ReadResourceParams{URI: uri}); err == nil {
					t.Errorf("read %s: got contents, want a refusal", uri)
				}
				if err := cs.Subscribe(ctx, &sdk.SubscribeParams{URI: uri}); err == nil {
					t.Errorf("subscribe %s: got subscribed, want a refusal", uri)
				}
			}
		})
	}
	// Bob's claim is untouched: one version, his.
	hist, _ := callTool(t, bob, "claim_history", map[string]any{"slug": "secret"})
	if v, _ := hist.Result["versions"].([]any); len(v) != 1 {
		t.Errorf("got %d versions of other's secret, want 1", len(v))
	}
}

func TestMCPLetterSchemaMatchesMission(t *testing.T) {
	// The letter schema the mission tools write is mission's own.
	if got := organmcp.LetterSchema; got != missiondomain.Schema {
		t.Errorf("got letter schema %q, want mission's %q", got, missiondomain.Schema)
	}
}

// presenceLive reports whether the presence is on loja's roster.
func (s *mcpSuite) presenceLive(t *testing.T, id string) bool {
	t.Helper()
	resp, err := presencev1.NewPresenceServiceClient(s.conn(t, s.owner)).List(context.Background(), &presencev1.ListRequest{Brain: "loja", PageSize: 1000})
	if err != nil {
		t.Fatal(err)
	}
	return slices.ContainsFunc(resp.GetPresences(), func(p *presencev1.Presence) bool { return p.GetPresenceId() == id })
}

// TestMCPPresenceLeavesWithSession: a presence joined through an MCP session is gone from the
// roster once the session ends, over both transports.
func TestMCPPresenceLeavesWithSession(t *testing.T) {
	s := startMCPSuite(t)
	for _, tr := range transports {
		t.Run(tr, func(t *testing.T) {
			cs := s.connect(t, tr, s.agent, nil)
			out, _ := callTool(t, cs, "presence_join", map[string]any{"theme": "leaving soon"})
			id := out.Result["presence"].(map[string]any)["presence_id"].(string)
			if !s.presenceLive(t, id) {
				t.Fatalf("%s not live after join", id)
			}
			cs.Close()
			deadline := time.Now().Add(testWait)
			for s.presenceLive(t, id) {
				if time.Now().After(deadline) {
					t.Fatalf("%s still live %v after the session closed", id, testWait)
				}
				time.Sleep(20 * time.Millisecond)
			}
		})
	}
}

// TestMCPHTTPGuards: the HTTP transport refuses a missing or forged bearer and a foreign Origin.
func TestMCPHTTPGuards(t *testing.T) {
	s := startMCPSuite(t)
	init := `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"x","version":"0"}}}`
	cases := []struct {
		name, token, origin string
		want                int
	}{
		{"no bearer", "", "", http.StatusUnauthorized},
		{"forged bearer", "org1.eyJ0eXAiOiJvd25lciJ9.c2ln", "", http.StatusUnauthorized},
		{"foreign origin (DNS rebinding)", s.agent, "http://evil.example", http.StatusForbidden},
		{"loopback origin", s.agent, "http://localhost:3000", http.StatusOK},
		{"no origin (a CLI agent)", s.agent, "", http.StatusOK},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			req, _ := http.NewRequest(http.MethodPost, "http://"+s.httpAddr+"/mcp", strings.NewReader(init))
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("Accept", "application/json, text/event-stream")
			if c.token != "" {
				req.Header.Set("Authorization", "Bearer "+c.token)
			}
			if c.origin != "" {
				req.Header.Set("Origin", c.origin)
			}
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			if resp.StatusCode != c.want {
				t.Errorf("got %d, want %d", resp.StatusCode, c.want)
			}
		})
	}
}

// TestMCPPushInsteadOfPoll: a subscribed agent is told when the roster, the collisions, the
// board and a mission chain change, without polling.
func TestMCPPushInsteadOfPoll(t *testing.T) {
	s := startMCPSuite(t)
	for _, tr := range transports {
		t.Run(tr, func(t *testing.T) {
			updates := make(chan string, 64)
			cs := s.connect(t, tr, s.agent, &sdk.ClientOptions{ResourceUpdatedHandler: func(_ context.Context, r *sdk.ResourceUpdatedNotificationRequest) {
				updates <- r.Params.URI
			}})
			other := s.connect(t, "memory", s.mint(t, auth.MintRequest{Kind: auth.KindAgent, Subject: "cy-" + tr, Seat: "executor", Brain: "loja"}), nil)
			open, _ := callTool(t, other, "mission_open", map[string]any{"title": "push " + tr, "symptom": "s", "gate_command": "true"})
			mission := open.Result["mission"].(map[string]any)["mission_id"].(string)
			ctx, cancel := context.WithTimeout(context.Background(), testWait)
			defer cancel()
			for _, uri := range []string{organmcp.BrainURI("loja", "roster"), organmcp.BrainURI("loja", "collisions"), organmcp.BrainURI("loja", "board"), organmcp.MissionURI(mission)} {
				if err := cs.Subscribe(ctx, &sdk.SubscribeParams{URI: uri}); err != nil {
					t.Fatalf("subscribe %s: %v", uri, err)
				}
			}
			expect := func(what string, uris ...string) {
				t.Helper()
				want := map[string]bool{}
				for _, u := range uris {
					want[u] = true
				}
				for len(want) > 0 {
					select {
					case u := <-updates:
						delete(want, u)
					case <-ctx.Done():
						t.Fatalf("%s: no update for %v within %v", what, want, testWait)
					}
				}
			}
			mine, _ := callTool(t, cs, "presence_join", map[string]any{"working_set": []any{"push/" + tr + ".go"}})
			expect("a join", organmcp.BrainURI("loja", "roster"))
			callTool(t, other, "presence_join", map[string]any{"working_set": []any{"push/" + tr + ".go"}})
			expect("a collision", organmcp.BrainURI("loja", "collisions"))
			callTool(t, other, "mission_post", map[string]any{"mission_id": mission, "verdict": "approve"})
			expect("a letter", organmcp.BrainURI("loja", "board"), organmcp.MissionURI(mission))
			_ = mine
		})
	}
}
