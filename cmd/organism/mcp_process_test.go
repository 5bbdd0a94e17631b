package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	organmcp "github.com/organism-dev/organism/mcp"
	"github.com/organism-dev/organism/platform/auth"
	"github.com/organism-dev/organism/platform/grpcserver"
	commonv1 "github.com/organism-dev/organism/proto/organism/common/v1"
	medullav1 "github.com/organism-dev/organism/proto/organism/medulla/v1"
)

// builtDir holds the binary buildBinary made, so TestMain can remove it: a 50 MB binary
// left in the temp directory by every run fills a CI machine's disk.
var builtDir string

// buildBinary builds bin/organism once per test binary run.
var buildBinary = sync.OnceValues(func() (string, error) {
	dir, err := os.MkdirTemp("", "organism-mcp-bin")
	if err != nil {
		return "", err
	}
	builtDir = dir
	bin := filepath.Join(dir, "organism")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		return "", fmt.Errorf("build: %v\n%s", err, out)
	}
	return bin, nil
})

// removeBuiltBinary removes what buildBinary made, if it ran.
func removeBuiltBinary() {
	if builtDir != "" {
		os.RemoveAll(builtDir)
	}
}

// agentProcess starts `organism mcp` as its own OS process, the way an agent's config starts
// it (ORGANISM_ADDR, ORGANISM_TOKEN), and connects the SDK's client to its stdio.
func agentProcess(tb testing.TB, bin, addr, token string) *sdk.ClientSession {
	tb.Helper()
	cmd := exec.Command(bin, "mcp")
	cmd.Env = append(os.Environ(), "ORGANISM_ADDR="+addr, "ORGANISM_TOKEN="+token)
	cmd.Stderr = os.Stderr
	ctx, cancel := context.WithTimeout(context.Background(), testWait)
	defer cancel()
	cs, err := sdk.NewClient(&sdk.Implementation{Name: "agent-process", Version: "v0"}, nil).Connect(ctx, &sdk.CommandTransport{Command: cmd}, nil)
	if err != nil {
		tb.Fatalf("connect to organism mcp: %v", err)
	}
	// the binary names its build, as the gateway's /mcp does, not the library's placeholder
	if v := cs.InitializeResult().ServerInfo.Version; v == "" || v == "dev" {
		tb.Errorf("organism mcp serverInfo.version = %q, want the binary's version", v)
	}
	tb.Cleanup(func() { cs.Close() })
	return cs
}

// memorizeVia calls memorize and decodes the outcome without failing the test (it runs in
// goroutines; the caller judges).
func memorizeVia(cs *sdk.ClientSession, args map[string]any) (organmcp.Outcome, error) {
	ctx, cancel := context.WithTimeout(context.Background(), testWait)
	defer cancel()
	res, err := cs.CallTool(ctx, &sdk.CallToolParams{Name: "memorize", Arguments: args})
	if err != nil {
		return organmcp.Outcome{}, err
	}
	return decodeOutcome(res)
}

const writesPerProcess = 20

// concurrentWrites has each process issue writesPerProcess memorize calls at once, every one a
// new slug, and returns the receipt id of each write by slug (empty when it was not answered
// with one).
func concurrentWrites(tb testing.TB, procs []*sdk.ClientSession, round string) map[string]string {
	var mu sync.Mutex
	receipts := map[string]string{}
	var wg sync.WaitGroup
	for p, cs := range procs {
		for i := range writesPerProcess {
			slug := fmt.Sprintf("w-%s-p%d-%02d", round, p, i)
			wg.Go(func() {
				out, err := memorizeVia(cs, map[string]any{"slug": slug, "body": "write " + slug})
				id, _ := out.Receipt["receipt_id"].(string)
				if err != nil || !out.OK {
					tb.Errorf("%s: got %v %s, want a receipt", slug, err, out.Summary)
				}
				mu.Lock()
				receipts[slug] = id
				mu.Unlock()
			})
		}
	}
	wg.Wait()
	return receipts
}

// TestMCPNoLostWritesAcrossProcesses: two `organism mcp` processes (two agent sessions) each
// write 20 claims at once: all 40 are present with distinct receipts. Then both supersede the
// same slug at once, each with the version it read: the history stays linear (versions 1..n,
// each with its own receipt) and every losing write was answered with a named refusal, never
// silently overwritten.
func TestMCPNoLostWritesAcrossProcesses(t *testing.T) {
	bin, err := buildBinary()
	if err != nil {
		t.Fatal(err)
	}
	s := startMCPSuite(t)
	gil := s.mint(t, auth.MintRequest{Kind: auth.KindAgent, Subject: "gil", Seat: "executor", Brain: "loja"})
	procs := []*sdk.ClientSession{agentProcess(t, bin, s.grpcAddr, s.agent), agentProcess(t, bin, s.grpcAddr, gil)}

	receipts := concurrentWrites(t, procs, "t")
	med := medullav1.NewMedullaServiceClient(s.conn(t, s.owner))
	distinct := map[string]bool{}
	for slug, id := range receipts {
		if _, err := med.GetClaim(context.Background(), &medullav1.GetClaimRequest{Brain: "loja", Slug: slug}); err != nil {
			t.Errorf("%s: got %v, want it present", slug, err)
		}
		distinct[id] = id != ""
	}
	if len(receipts) != 2*writesPerProcess || len(distinct) != 2*writesPerProcess {
		t.Errorf("got %d writes with %d distinct receipts, want %d and %d", len(receipts), len(distinct), 2*writesPerProcess, 2*writesPerProcess)
	}

	// Supersessions of one slug from both sides.
	if out, err := memorizeVia(procs[0], map[string]any{"slug": "shared", "body": "v1"}); err != nil || !out.OK {
		t.Fatalf("seed: %v %s", err, out.Summary)
	}
	const attempts = 10
	type result struct {
		out organmcp.Outcome
		err error
	}
	results := make(chan result, 2*attempts)
	var wg sync.WaitGroup
	for p, cs := range procs {
		for i := range attempts {
			wg.Go(func() {
				ctx, cancel := context.WithTimeout(context.Background(), testWait)
				defer cancel()
				res, err := cs.CallTool(ctx, &sdk.CallToolParams{Name: "claim_show", Arguments: map[string]any{"slug": "shared"}})
				if err != nil {
					results <- result{err: err}
					return
				}
				live, err := decodeOutcome(res)
				if err != nil {
					results <- result{err: err}
					return
				}
				v, _ := live.Result["claim"].(map[string]any)["version"].(string) // int64 travels as a JSON string
				var version int64
				fmt.Sscan(v, &version)
				out, err := memorizeVia(cs, map[string]any{"slug": "shared", "body": fmt.Sprintf("from p%d #%d", p, i), "expected_version": version})
				results <- result{out, err}
			})
		}
	}
	wg.Wait()
	close(results)
	won, lost := map[string]bool{}, 0
	for r := range results {
		switch {
		case r.err != nil:
			t.Errorf("a supersession got no answer: %v", r.err)
		case r.out.OK:
			won[r.out.Receipt["receipt_id"].(string)] = true
		case r.out.Refusal.Reason == "VERSION_MISMATCH" || r.out.Refusal.Reason == "STORE_VERSION_MISMATCH":
			lost++
		default:
			t.Errorf("a losing supersession got %s, want a named version refusal", r.out.Summary)
		}
	}
	hist, err := med.History(context.Background(), &medullav1.HistoryRequest{Brain: "loja", Slug: "shared", Page: &commonv1.PageRequest{PageSize: 1000}})
	if err != nil {
		t.Fatal(err)
	}
	versions := hist.GetVersions()
	if len(won)+lost != 2*attempts || len(versions) != 1+len(won) || len(won) == 0 {
		t.Errorf("got %d wins + %d named refusals of %d, and %d versions; want every attempt answered and versions = 1 + wins", len(won), lost, 2*attempts, len(versions))
	}
	for i, v := range versions { // oldest first: 1, 2, ..., n
		if want := int64(i + 1); v.GetVersion() != want {
			t.Errorf("history[%d]: got version %d, want %d (a linear history)", i, v.GetVersion(), want)
		}
		if i > 0 && !won[v.GetReceiptId()] {
			t.Errorf("version %d has receipt %s that no winner was told of", v.GetVersion(), v.GetReceiptId())
		}
	}
}

// BenchmarkMCPTwoProcessMemorize: 40 concurrent writes, 20 through each of two `organism mcp`
// processes, against the same 40 writes straight over gRPC (the baseline the MCP hop is paid on
// top of).
func BenchmarkMCPTwoProcessMemorize(b *testing.B) {
	bin, err := buildBinary()
	if err != nil {
		b.Fatal(err)
	}
	s := startMCPSuite(b)
	gil, err := s.signer.Mint(auth.MintRequest{Kind: auth.KindAgent, Subject: "gil", Seat: "executor", Brain: "loja"})
	if err != nil {
		b.Fatal(err)
	}
	procs := []*sdk.ClientSession{agentProcess(b, bin, s.grpcAddr, s.agent), agentProcess(b, bin, s.grpcAddr, gil)}
	conn, err := grpcserver.Dial(s.grpcAddr, grpcserver.DialOptions{Credentials: auth.Bearer(s.agent)})
	if err != nil {
		b.Fatal(err)
	}
	defer conn.Close()
	direct := medullav1.NewMedullaServiceClient(conn)

	baseline := func(round string) time.Duration {
		start := time.Now()
		var wg sync.WaitGroup
		for i := range 2 * writesPerProcess {
			wg.Go(func() {
				if _, err := direct.Memorize(context.Background(), &medullav1.MemorizeRequest{Brain: "loja", Slug: fmt.Sprintf("g-%s-%02d", round, i), Body: "direct"}); err != nil {
					b.Error(err)
				}
			})
		}
		wg.Wait()
		return time.Since(start)
	}
	var mcpTotal, grpcTotal time.Duration
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		start := time.Now()
		got := concurrentWrites(b, procs, fmt.Sprintf("b%d", i))
		mcpTotal += time.Since(start)
		if len(got) != 2*writesPerProcess {
			b.Fatalf("got %d writes, want %d", len(got), 2*writesPerProcess)
		}
		b.StopTimer()
		grpcTotal += baseline(fmt.Sprintf("b%d", i))
		b.StartTimer()
	}
	n := float64(b.N)
	b.ReportMetric(float64(mcpTotal.Milliseconds())/n, "ms/40-writes")
	b.ReportMetric(float64(2*writesPerProcess)*n/mcpTotal.Seconds(), "writes/s")
	b.ReportMetric(mcpTotal.Seconds()/grpcTotal.Seconds(), "x-direct-grpc")
}
