package joints_test

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/cookiejar"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/organism-dev/organism/gateway"
	"github.com/organism-dev/organism/platform/auth"
	"github.com/organism-dev/organism/platform/grpcserver"
	medullav1 "github.com/organism-dev/organism/proto/organism/medulla/v1"
	missionv1 "github.com/organism-dev/organism/proto/organism/mission/v1"
	presencev1 "github.com/organism-dev/organism/proto/organism/presence/v1"
	"github.com/organism-dev/organism/services/medulla"
	meddomain "github.com/organism-dev/organism/services/medulla/domain"
	"github.com/organism-dev/organism/services/mission"
	"github.com/organism-dev/organism/services/mission/domain"
	"github.com/organism-dev/organism/services/mission/gitrepo"
	"github.com/organism-dev/organism/services/presence"
	"github.com/organism-dev/organism/services/soul"
)

// Every name here starts with hall: the joints package is shared by every organ's tests.

const hallBrain = "loja"

// hallXSS is stored in every agent-authored field the Hall shows. Rendered as text it is
// harmless; if it ever ran, window.__pwned would be set, and its javascript: link would be a
// link. (Short: a presence's theme holds 120 characters.)
const hallXSS = `<script>window.__pwned=1</script><img src=x onerror="window.__pwned=2"><a href=javascript:0>a</a>`

// hallSoul is the brain's soul: one claim anchored to a file that exists, one to a file that
// does not (a stale row with its reason), and agent-authored text carrying the script.
const hallSoul = "# PATHOS\n\n## Checkpoint 1 — the loja era " + hallXSS + "\n\n### Current State\n\n" +
	"- `src/main.go` serves the shop.\n" +
	"- `src/gone.go` holds the cart " + hallXSS + ".\n\n" +
	"## Operating Doctrine\n\n- Never ship on a Friday.\n"

// hallSuite is the four organs on one loopback gRPC server and the real gateway (with the Hall)
// in front of them, as `organism serve --target=all` runs them.
type hallSuite struct {
	tb       testing.TB
	ctx      context.Context
	signer   *auth.Signer
	grpcAddr string
	url      string
	repo     string
	owner    string
	gwToken  string

	ownerConn *grpc.ClientConn
	medOwner  medullav1.MedullaServiceClient
	msnOwner  missionv1.MissionServiceClient
	orch      missionv1.MissionServiceClient
	judge     missionv1.MissionServiceClient
	runner    missionv1.MissionServiceClient
}

// hallPeer serves fixed doctrine as a federation peer would, with the script in its text.
type hallPeer struct{}

func (hallPeer) Dial(context.Context, string, string) (meddomain.PeerSource, error) {
	return hallPeer{}, nil
}
func (hallPeer) Doctrine(context.Context, string) ([]meddomain.Claim, string, error) {
	return []meddomain.Claim{{Brain: "medulla", Tier: meddomain.TierMedulla, Slug: "jitter", Version: 1, Kind: meddomain.KindDoctrine,
		Body: "Retries carry jitter. " + hallXSS, Confidence: 0.7,
		Provenance: meddomain.Provenance{OriginBrain: "shop", PromotedBy: "agent-3", PromotedReason: "held in two brains " + hallXSS, PromotedAt: time.Now().Add(-time.Hour)}}}, "", nil
}
func (hallPeer) Close() error { return nil }

// hallRunners pins r1 (the tests' own gate runner, driven by hand), r2 (the gate the charter
// composer charters with: its missions never reach r1's claims) and the hand-runner "hand".
const hallRunners = `[[runner]]
id = "r1"
timeout = "2m"
brains = ["loja"]

[[runner]]
id = "r2"
gate_command = "true"
brains = ["loja"]

[[runner]]
id = "hand"
capabilities = ["hand-runner"]
command = "true"
brains = ["loja"]
`

func hallStart(tb testing.TB) *hallSuite {
	tb.Helper()
	return hallStartWith(tb, "")
}

// hallStartWith starts the suite with the mission organ's landing.toml (empty: none, so the
// brain lands in apply mode on the branch checked out when the organ first met it).
func hallStartWith(tb testing.TB, landing string) *hallSuite {
	tb.Helper()
	s := hallBoot(tb, landing)
	ctx, cancel := s.within()
	defer cancel()
	if _, err := s.medOwner.RegisterBrain(ctx, &medullav1.RegisterBrainRequest{Name: hallBrain, RepoRoot: s.repo, SoulPath: "docs/PATHOS.md"}); err != nil {
		tb.Fatalf("register brain: %v", err)
	}
	return s
}

// hallBoot starts the organs and the gateway as a new install has them: no brain yet.
func hallBoot(tb testing.TB, landing string) *hallSuite {
	tb.Helper()
	quiet := slog.New(slog.DiscardHandler)
	_, key, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		tb.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	s := &hallSuite{tb: tb, ctx: ctx, signer: auth.NewSigner(key, nil), repo: hallRepo(tb)}
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		tb.Fatal(err)
	}
	s.grpcAddr = lis.Addr().String()
	srv := grpcserver.New(grpcserver.Options{Listener: lis, Verifier: s.signer.Verifier(), Logger: quiet, ShutdownTimeout: 2 * time.Second})
	peer, err := grpcserver.Dial(s.grpcAddr, grpcserver.DialOptions{Credentials: auth.Credentials{Fallback: s.mint(auth.MintRequest{Kind: auth.KindService, Subject: "organism-all"})}})
	if err != nil {
		tb.Fatal(err)
	}
	med, err := medulla.Open(ctx, medulla.Options{DataDir: tb.TempDir(), Logger: quiet, Peers: hallPeer{}, PeerSyncInterval: -1})
	if err != nil {
		tb.Fatal(err)
	}
	prs, err := presence.Open(ctx, presence.Options{DataDir: tb.TempDir(), Logger: quiet, Shutdown: ctx.Done()})
	if err != nil {
		tb.Fatal(err)
	}
	sl, err := soul.Open(ctx, soul.Options{DataDir: tb.TempDir(), Logger: quiet, Medulla: medullav1.NewMedullaServiceClient(peer)})
	if err != nil {
		tb.Fatal(err)
	}
	missionDir := tb.TempDir()
	if err := os.MkdirAll(filepath.Join(missionDir, "skeletons"), 0o700); err != nil {
		tb.Fatal(err)
	}
	hallWrite(tb, filepath.Join(missionDir, "skeletons", hallBrain+".blocks"), "sb_chain\n")
	hallWrite(tb, filepath.Join(missionDir, "runners.toml"), hallRunners)
	if landing != "" {
		hallWrite(tb, filepath.Join(missionDir, "landing.toml"), landing)
	}
	// The composer sweeps only when the owner asks (the charter page's button).
	msn, err := mission.Open(ctx, mission.Options{DataDir: missionDir, Logger: quiet, Medulla: medullav1.NewMedullaServiceClient(peer),
		Shutdown: ctx.Done(), BellPoll: 20 * time.Millisecond, DebriefRetry: -1, CharterSweep: -1})
	if err != nil {
		tb.Fatal(err)
	}
	for _, reg := range []func(grpc.ServiceRegistrar){med.Register, prs.Register, sl.Register, msn.Register} {
		reg(srv.Registrar())
	}
	for name := range srv.Registrar().(*grpc.Server).GetServiceInfo() {
		srv.SetServing(name, true)
	}
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ctx) }()
	s.gwToken = s.mint(auth.MintRequest{Kind: auth.KindGateway, Subject: "gateway"})
	s.url = s.gateway(s.grpcAddr)
	tb.Cleanup(func() {
		cancel()
		if err := <-served; err != nil {
			tb.Errorf("serve: %v", err)
		}
		peer.Close()
		msn.Close()
		sl.Close()
		prs.Close()
		med.Close()
	})
	s.owner = s.mint(auth.MintRequest{Kind: auth.KindOwner})
	s.ownerConn = s.conn(s.owner)
	s.medOwner = medullav1.NewMedullaServiceClient(s.ownerConn)
	s.msnOwner = missionv1.NewMissionServiceClient(s.ownerConn)
	s.orch = missionv1.NewMissionServiceClient(s.conn(s.agentToken("orch", "orchestrator")))
	s.judge = missionv1.NewMissionServiceClient(s.conn(s.agentToken("judge", "judge")))
	s.runner = missionv1.NewMissionServiceClient(s.conn(s.agentToken("r1", "runner")))
	return s
}

// gateway starts a gateway (with its Hall) whose soul upstream is soulAddr and the rest this
// suite's server; it returns its base URL. It stops when the test ends.
func (s *hallSuite) gateway(soulAddr string) string {
	s.tb.Helper()
	gw, err := gateway.New(s.ctx, gateway.Options{
		SoulAddr: soulAddr, MedullaAddr: s.grpcAddr, MissionAddr: s.grpcAddr, PresenceAddr: s.grpcAddr,
		Verifier: s.signer.Verifier(), GatewayToken: s.gwToken, Logger: slog.New(slog.DiscardHandler),
	})
	if err != nil {
		s.tb.Fatal(err)
	}
	hlis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		s.tb.Fatal(err)
	}
	hs := gw.HTTPServer()
	go hs.Serve(hlis)
	s.tb.Cleanup(func() {
		hs.Close()
		gw.Close()
	})
	return "http://" + hlis.Addr().String()
}

func (s *hallSuite) mint(r auth.MintRequest) string {
	s.tb.Helper()
	tok, err := s.signer.Mint(r)
	if err != nil {
		s.tb.Fatal(err)
	}
	return tok
}

func (s *hallSuite) agentToken(id, seat string) string {
	return s.mint(auth.MintRequest{Kind: auth.KindAgent, Subject: id, Seat: seat, Brain: hallBrain, TTL: time.Hour})
}

func (s *hallSuite) conn(token string) *grpc.ClientConn {
	s.tb.Helper()
	c, err := grpcserver.Dial(s.grpcAddr, grpcserver.DialOptions{Credentials: auth.Bearer(token)})
	if err != nil {
		s.tb.Fatal(err)
	}
	s.tb.Cleanup(func() { c.Close() })
	return c
}

// within bounds every call and wait of these tests: a missed event fails in seconds.
func (s *hallSuite) within() (context.Context, context.CancelFunc) {
	return context.WithTimeout(s.ctx, 20*time.Second)
}

// hallMust unwraps a call's result, failing the test on error: hallMust(c.Call(...))(t).
func hallMust[T any](v T, err error) func(testing.TB) T {
	return func(tb testing.TB) T {
		tb.Helper()
		if err != nil {
			tb.Fatal(err)
		}
		return v
	}
}

// ringing drives a fresh mission to merge_wait with runner r1 (the bell rings) and returns it.
// Its packet, letters, log and parecer carry the script.
func (s *hallSuite) ringing(title string) *missionv1.Mission {
	s.tb.Helper()
	ctx, cancel := s.within()
	defer cancel()
	m := hallMust(s.orch.OpenMission(ctx, &missionv1.OpenMissionRequest{Packet: &missionv1.Packet{Brain: hallBrain, BlockIds: []string{"sb_chain"},
		GateCommand: "true", Symptom: "the cart forgets " + hallXSS, Title: title}, Note: "chartered " + hallXSS}))(s.tb).GetMission()
	hallMust(s.orch.SpawnMission(ctx, &missionv1.SpawnMissionRequest{MissionId: m.GetMissionId(), RunnerId: "r1"}))(s.tb)
	w := hallMust(s.runner.ClaimWork(ctx, &missionv1.ClaimWorkRequest{}))(s.tb).GetWork()
	if w.GetMission().GetMissionId() != m.GetMissionId() {
		s.tb.Fatalf("got work %v, want %s", w, m.GetMissionId())
	}
	hallMust(s.runner.PostLetter(ctx, &missionv1.PostLetterRequest{MissionId: m.GetMissionId(), ExpectedHead: 1,
		Letter: &missionv1.Letter{Schema: "m1nd-mission-letter-v0", Brain: hallBrain, Phase: missionv1.Phase_PHASE_EXECUTING, Note: "executing " + hallXSS}}))(s.tb)
	log := "$ true\nok " + hallXSS + "\n"
	stream := hallMust(s.runner.PutLog(ctx))(s.tb)
	if err := stream.Send(&missionv1.PutLogRequest{MissionId: m.GetMissionId(), Chunk: []byte(log)}); err != nil {
		s.tb.Fatal(err)
	}
	sum := sha256.Sum256([]byte(log))
	if got := hallMust(stream.CloseAndRecv())(s.tb).GetLogSha256(); got != hex.EncodeToString(sum[:]) {
		s.tb.Fatalf("got log sha %s, want %x", got, sum)
	}
	base, commit := hallCandidate(s.tb, s.repo, m.GetMissionId(), "src/main.go")
	now := time.Now()
	cand := &missionv1.ReceiptCandidate{LogSha256: hex.EncodeToString(sum[:]), ExitCode: 0, StartedAt: timestamppb.New(now.Add(-time.Second)),
		EndedAt: timestamppb.New(now), BaseCommit: base, Commit: commit, GateCommand: "true",
		DiffStat: &missionv1.DiffStat{FilesChanged: 1, Insertions: 1, Paths: []string{"src/main.go"}}}
	res := hallMust(s.runner.PostLetter(ctx, &missionv1.PostLetterRequest{MissionId: m.GetMissionId(), ExpectedHead: 2,
		Letter: &missionv1.Letter{Schema: "m1nd-mission-letter-v0", Brain: hallBrain, Phase: missionv1.Phase_PHASE_MERGE_WAIT, Note: "gate passed " + hallXSS, Candidate: cand}}))(s.tb)
	hallMust(s.judge.PostLetter(ctx, &missionv1.PostLetterRequest{MissionId: m.GetMissionId(), ExpectedHead: 3,
		Letter: &missionv1.Letter{Schema: "m1nd-mission-letter-v0", Brain: hallBrain, Phase: missionv1.Phase_PHASE_JUDGING, Advisory: true,
			Parecer: &missionv1.Parecer{Verdict: missionv1.Verdict_VERDICT_APPROVE, Gist: "small and tested " + hallXSS}}}))(s.tb)
	return res.GetMission()
}

func (s *hallSuite) phase(id string) missionv1.Phase {
	s.tb.Helper()
	ctx, cancel := s.within()
	defer cancel()
	return hallMust(s.msnOwner.GetMission(ctx, &missionv1.GetMissionRequest{MissionId: id}))(s.tb).GetMission().GetPhase()
}

// join registers a mutating presence of agent id over paths.
func (s *hallSuite) join(id string, paths ...string) *presencev1.Presence {
	s.tb.Helper()
	ctx, cancel := s.within()
	defer cancel()
	c := presencev1.NewPresenceServiceClient(s.conn(s.agentToken(id, "executor")))
	return hallMust(c.Register(ctx, &presencev1.RegisterRequest{Kind: "executor", Theme: "fixing the cart " + hallXSS,
		Intent: presencev1.Intent_INTENT_MUTATE, WorkingSet: paths, Worktree: "/work/wt/" + id, TtlSeconds: 600}))(s.tb).GetPresence()
}

// content memorizes an agent's claim (with the script) and pulls the peer's doctrine.
func (s *hallSuite) content() {
	s.tb.Helper()
	ctx, cancel := s.within()
	defer cancel()
	agent := medullav1.NewMedullaServiceClient(s.conn(s.agentToken("ada", "executor")))
	hallMust(agent.Memorize(ctx, &medullav1.MemorizeRequest{Brain: hallBrain, Slug: "cart-home", Kind: medullav1.ClaimKind_CLAIM_KIND_FACT,
		Body: "The cart lives in src/main.go " + hallXSS, Confidence: 0.8}))(s.tb)
	hallMust(s.medOwner.FollowPeer(ctx, &medullav1.FollowPeerRequest{Name: "alice", Addr: "alice.invalid:7700", Credential: "peer-token"}))(s.tb)
	hallMust(s.medOwner.SyncPeer(ctx, &medullav1.SyncPeerRequest{Name: "alice"}))(s.tb)
}

// session logs the owner in over JSON and returns an HTTP client holding the cookie, with the
// CSRF token.
func (s *hallSuite) session(base string) (*http.Client, string) {
	s.tb.Helper()
	jar, _ := cookiejar.New(nil)
	c := &http.Client{Jar: jar, Timeout: 20 * time.Second, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	body, _ := json.Marshal(map[string]string{"credential": s.owner})
	resp, err := c.Post(base+"/v1/session", "application/json", bytes.NewReader(body))
	if err != nil {
		s.tb.Fatal(err)
	}
	defer resp.Body.Close()
	var out struct {
		CSRF string `json:"csrf_token"`
	}
	raw, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != 200 || json.Unmarshal(raw, &out) != nil {
		s.tb.Fatalf("login: got %d %s, want 200 with a CSRF token", resp.StatusCode, raw)
	}
	return c, out.CSRF
}

func hallRepo(tb testing.TB) string {
	tb.Helper()
	dir := tb.TempDir()
	hallGit(tb, dir, "init", "-q", "-b", "main")
	if err := os.MkdirAll(filepath.Join(dir, "src"), 0o755); err != nil {
		tb.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(dir, "docs"), 0o755); err != nil {
		tb.Fatal(err)
	}
	hallWrite(tb, filepath.Join(dir, "src", "main.go"), "package main\n\nfunc main() {}\n")
	hallWrite(tb, filepath.Join(dir, "docs", "PATHOS.md"), hallSoul)
	// chain/ scans as the block sb_chain the missions name; README.md is an unmapped root file.
	if err := os.MkdirAll(filepath.Join(dir, "chain"), 0o755); err != nil {
		tb.Fatal(err)
	}
	hallWrite(tb, filepath.Join(dir, "chain", "notes.md"), "the chain\n")
	hallWrite(tb, filepath.Join(dir, "README.md"), "the shop\n")
	hallGit(tb, dir, "add", ".")
	hallGit(tb, dir, "commit", "-q", "-m", "init")
	return dir
}

// hallCandidate makes a mission's candidate the way the reference runner does (TRUST): a
// detached worktree at the repository's HEAD, the change committed there by the executor r1,
// refs/organism/missions/<id> pointing at the commit, the worktree removed. It returns the
// base and the candidate's commit.
func hallCandidate(tb testing.TB, repo, missionID string, paths ...string) (string, string) {
	tb.Helper()
	ctx := context.Background()
	base := hallGit(tb, repo, "rev-parse", "HEAD")
	wt := filepath.Join(tb.TempDir(), "wt")
	if err := gitrepo.AddWorktree(ctx, repo, wt, base); err != nil {
		tb.Fatal(err)
	}
	for _, p := range paths {
		old, _ := os.ReadFile(filepath.Join(wt, p))
		hallWrite(tb, filepath.Join(wt, p), string(old)+"// changed by "+missionID+"\n")
	}
	commit, err := gitrepo.CommitCandidate(ctx, wt, domain.MissionRef(missionID), domain.ExecutorIdentity("r1"), "candidate of "+missionID)
	if err != nil {
		tb.Fatal(err)
	}
	if err := gitrepo.RemoveWorktree(ctx, repo, wt); err != nil {
		tb.Fatal(err)
	}
	return base, commit
}

func hallGit(tb testing.TB, dir string, args ...string) string {
	tb.Helper()
	cmd := exec.Command("git", append([]string{"-C", dir}, args...)...)
	cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com", "GIT_COMMITTER_NAME=t",
		"GIT_COMMITTER_EMAIL=t@example.com", "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_SYSTEM=/dev/null")
	out, err := cmd.CombinedOutput()
	if err != nil {
		tb.Fatalf("git %v: %v\n%s", args, err, out)
	}
	return strings.TrimSpace(string(out))
}

func hallWrite(tb testing.TB, p, s string) {
	tb.Helper()
	if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
		tb.Fatal(err)
	}
}
