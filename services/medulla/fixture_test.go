package medulla_test

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/organism-dev/organism/platform/clock"
	"github.com/organism-dev/organism/platform/grpctest"
	commonv1 "github.com/organism-dev/organism/proto/organism/common/v1"
	medullav1 "github.com/organism-dev/organism/proto/organism/medulla/v1"
	"github.com/organism-dev/organism/services/medulla"
	"github.com/organism-dev/organism/services/medulla/domain"
)

var t0 = time.Date(2026, 6, 1, 12, 0, 0, 0, time.UTC)

// fixture is one medulla behind the real interceptor chain on bufconn, with a brain "loja"
// bound to a real repository directory.
type fixture struct {
	t     *testing.T
	env   *grpctest.Env
	clock *clock.Fake
	svc   *medulla.Service
	repo  string
	owner medullav1.MedullaServiceClient
	agent medullav1.MedullaServiceClient // bound to loja
	// judge is a judge seat in loja: an identity independent of agent's claims, so it may
	// move them to verified (grader never author).
	judge medullav1.MedullaServiceClient
	dir   string
}

type fixtureOpts struct {
	dir string
	// store is Options.Store (a postgres:// DSN for the PostgreSQL backend); replica says
	// another fixture on the same database registered loja already.
	store    string
	replica  bool
	maxBatch int
	peers    domain.PeerDialer
	peerSync time.Duration
	// sweep is the doctrine sweep's period; 0 here turns it off, so that only tests that ask
	// for it arm its ticker on the fake clock.
	sweep time.Duration
}

func newFixture(t *testing.T) *fixture { return newFixtureWith(t, fixtureOpts{}) }

func newFixtureWith(t *testing.T, o fixtureOpts) *fixture {
	t.Helper()
	f := &fixture{t: t, clock: clock.NewFake(t0), repo: t.TempDir(), dir: o.dir}
	if f.dir == "" {
		f.dir = t.TempDir()
	}
	sweep := o.sweep
	if sweep == 0 {
		sweep = -1
	}
	svc, err := medulla.Open(context.Background(), medulla.Options{DataDir: f.dir, Store: o.store, Clock: f.clock, MaxBatch: o.maxBatch, Peers: o.peers, PeerSyncInterval: o.peerSync, DoctrineSweepInterval: sweep})
	if err != nil {
		t.Fatal(err)
	}
	f.svc = svc
	t.Cleanup(func() { svc.Close() })
	f.env = grpctest.Start(t, grpctest.Options{}, svc.Register)
	f.owner = medullav1.NewMedullaServiceClient(f.env.Owner())
	f.agent = f.agentIn("agent-7", "loja")
	f.judge = f.judgeIn("judge-1", "loja")
	if !o.replica {
		f.register("loja", medullav1.FederationPolicy_FEDERATION_POLICY_UNSPECIFIED)
	}
	return f
}

func (f *fixture) agentIn(id, brain string) medullav1.MedullaServiceClient {
	return medullav1.NewMedullaServiceClient(f.env.Agent(id, "executor", brain))
}

func (f *fixture) judgeIn(id, brain string) medullav1.MedullaServiceClient {
	return medullav1.NewMedullaServiceClient(f.env.Agent(id, "judge", brain))
}

func (f *fixture) client(conn *grpc.ClientConn) medullav1.MedullaServiceClient {
	return medullav1.NewMedullaServiceClient(conn)
}

func (f *fixture) register(name string, policy medullav1.FederationPolicy) *medullav1.Brain {
	f.t.Helper()
	root := f.repo
	if name != "loja" {
		root = filepath.Join(f.repo, name)
		if err := os.MkdirAll(root, 0o755); err != nil {
			f.t.Fatal(err)
		}
	}
	res, err := f.owner.RegisterBrain(ctx(), &medullav1.RegisterBrainRequest{Name: name, RepoRoot: root, Policy: policy})
	if err != nil {
		f.t.Fatalf("register %s: %v", name, err)
	}
	return res.GetBrain()
}

// writeFile writes a file into loja's repository and returns its sha256.
func (f *fixture) writeFile(rel, content string) string {
	f.t.Helper()
	p := filepath.Join(f.repo, rel)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		f.t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		f.t.Fatal(err)
	}
	sum := sha256.Sum256([]byte(content))
	return hex.EncodeToString(sum[:])
}

func (f *fixture) memorize(c medullav1.MedullaServiceClient, req *medullav1.MemorizeRequest) *medullav1.MemorizeResponse {
	f.t.Helper()
	res, err := c.Memorize(ctx(), req)
	if err != nil {
		f.t.Fatalf("memorize %s: %v", req.GetSlug(), err)
	}
	return res
}

func (f *fixture) brain(name string) *medullav1.Brain {
	f.t.Helper()
	res, err := f.owner.GetBrain(ctx(), &medullav1.GetBrainRequest{Name: name})
	if err != nil {
		f.t.Fatal(err)
	}
	return res.GetBrain()
}

func (f *fixture) receipts(brain string) []*medullav1.ListReceiptsResponse {
	f.t.Helper()
	var pages []*medullav1.ListReceiptsResponse
	token := ""
	for n := 0; ; n++ {
		if n == maxPages {
			f.t.Fatalf("no end to the list after %d pages", maxPages)
		}
		res, err := f.owner.ListReceipts(ctx(), &medullav1.ListReceiptsRequest{Brain: brain, Page: pageReq(500, token)})
		if err != nil {
			f.t.Fatal(err)
		}
		pages = append(pages, res)
		if token = res.GetPage().GetNextPageToken(); token == "" {
			return pages
		}
	}
}

func ctx() context.Context { return context.Background() }

func pageReq(size int32, token string) *commonv1.PageRequest {
	return &commonv1.PageRequest{PageSize: size, PageToken: token}
}

// refusalOf extracts code, ErrorInfo reason and BadRequest fields of an error.
func refusalOf(err error) (codes.Code, string, []string, map[string]string) {
	st, _ := status.FromError(err)
	var reason string
	var fields []string
	var md map[string]string
	for _, d := range st.Details() {
		switch d := d.(type) {
		case *errdetails.ErrorInfo:
			reason, md = d.GetReason(), d.GetMetadata()
		case *errdetails.BadRequest:
			for _, v := range d.GetFieldViolations() {
				fields = append(fields, v.GetField())
			}
		}
	}
	return st.Code(), reason, fields, md
}

func wantRefusal(t *testing.T, err error, code codes.Code, reason string) map[string]string {
	t.Helper()
	if err == nil {
		t.Fatalf("got success, want %s %s", code, reason)
	}
	gotCode, gotReason, _, md := refusalOf(err)
	if gotCode != code || gotReason != reason {
		t.Fatalf("got %s %s (%v), want %s %s", gotCode, gotReason, err, code, reason)
	}
	return md
}

func fact(slug, body string) *medullav1.MemorizeRequest {
	return &medullav1.MemorizeRequest{Brain: "loja", Slug: slug, Kind: medullav1.ClaimKind_CLAIM_KIND_FACT, Body: body, Confidence: 0.7}
}

func fileAnchor(path string) *medullav1.EvidenceAnchor {
	return &medullav1.EvidenceAnchor{Kind: medullav1.EvidenceKind_EVIDENCE_KIND_FILE, Path: path}
}

func contains(s, sub string) bool { return strings.Contains(s, sub) }

// maxPages bounds every paging loop in these tests, so a server that never says "end" fails
// the test instead of spinning forever.
const maxPages = 10_000

// history pages through every version of a claim, oldest first.
func history(c medullav1.MedullaServiceClient, brain, slug string) ([]*medullav1.Claim, error) {
	var out []*medullav1.Claim
	token := ""
	for range maxPages {
		res, err := c.History(ctx(), &medullav1.HistoryRequest{Brain: brain, Slug: slug, Page: pageReq(500, token)})
		if err != nil {
			return nil, err
		}
		out = append(out, res.GetVersions()...)
		if token = res.GetPage().GetNextPageToken(); token == "" {
			return out, nil
		}
	}
	return nil, fmt.Errorf("history of %s/%s did not end within %d pages", brain, slug, maxPages)
}

// waitUntil polls cond until it holds, failing the test after a liveness bound (20s, not a
// speed target), so a missed event fails in seconds instead of hanging the run.
func waitUntil(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("waited 20s for %s, want it to happen", what)
		}
		time.Sleep(5 * time.Millisecond)
	}
}
