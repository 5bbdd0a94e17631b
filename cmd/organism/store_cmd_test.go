package main

import (
	"bytes"
	"context"
	"encoding/hex"
	"encoding/json"
	"io"
	"slices"
	"strings"
	"testing"

	"google.golang.org/protobuf/proto"

	"github.com/organism-dev/organism/platform/auth"
	"github.com/organism-dev/organism/platform/pgtest"
	"github.com/organism-dev/organism/platform/rpcstatus"
	medullav1 "github.com/organism-dev/organism/proto/organism/medulla/v1"
	missionv1 "github.com/organism-dev/organism/proto/organism/mission/v1"
	presencev1 "github.com/organism-dev/organism/proto/organism/presence/v1"
	soulv1 "github.com/organism-dev/organism/proto/organism/soul/v1"
)

// serveOn is serveAll with the store backend of the test's choosing.
func serveOn(t *testing.T, dir, store string) (*suite, func()) {
	t.Helper()
	return serveAll(t, dir, func(c *config) { c.store = store })
}

// What a deployment wrote on SQLite is what it serves on PostgreSQL after `store migrate`:
// brains, claims with their history, a mission's chain, presence's receipts and the soul's
// receipts, read back through the API; a second migration into the filled database is refused
// without --force and changes nothing, and with --force it replaces the copy.
func TestStoreMigrateSQLiteToPostgres(t *testing.T) {
	pg := pgtest.New(pgtest.Options{})
	t.Cleanup(func() { pg.Close() })
	dsn := pg.Database(t)
	dir := t.TempDir()
	ctx, cancel := context.WithTimeout(context.Background(), 2*testWait)
	defer cancel()

	// Written on SQLite.
	s, stop := serveOn(t, dir, "sqlite")
	owner := s.mint(t, auth.MintRequest{Kind: auth.KindOwner})
	agent := s.mint(t, auth.MintRequest{Kind: auth.KindAgent, Subject: "ada", Seat: "orchestrator", Brain: "loja"})
	med := medullav1.NewMedullaServiceClient(s.conn(t, agent))
	s.registerBrain(t, owner, &medullav1.RegisterBrainRequest{Name: "loja", RepoRoot: gitRepo(t), SoulPath: "PATHOS.md"})
	for _, body := range []string{"The cart rounds half up.", "The cart rounds half even since v2."} {
		if _, err := med.Memorize(ctx, &medullav1.MemorizeRequest{Brain: "loja", Slug: "cart-rounding", Body: body}); err != nil {
			t.Fatalf("memorize: %v", err)
		}
	}
	opened, err := missionv1.NewMissionServiceClient(s.conn(t, agent)).OpenMission(ctx, &missionv1.OpenMissionRequest{Packet: &missionv1.Packet{
		Brain: "loja", BlockIds: []string{"sb_cart"}, GateCommand: "true", Symptom: "the total is off by a cent", ReportId: "fr_1", Title: "fix the cart"}})
	if err != nil {
		t.Fatalf("open mission: %v", err)
	}
	missionID := opened.GetMission().GetMissionId()
	if _, err := missionv1.NewMissionServiceClient(s.conn(t, agent)).PostLetter(ctx, &missionv1.PostLetterRequest{MissionId: missionID, ExpectedHead: 1,
		Letter: &missionv1.Letter{Schema: "m1nd-mission-letter-v0", Brain: "loja", Phase: missionv1.Phase_PHASE_ABANDONED, Note: "superseded"}}); err != nil {
		t.Fatalf("post letter: %v", err)
	}
	pres := presencev1.NewPresenceServiceClient(s.conn(t, agent))
	if _, err := pres.Register(ctx, &presencev1.RegisterRequest{Kind: "orchestrator", Theme: "cart", Intent: presencev1.Intent_INTENT_READ, WorkingSet: []string{"src/"}}); err != nil {
		t.Fatalf("presence register: %v", err)
	}
	if _, err := pres.Register(ctx, &presencev1.RegisterRequest{Kind: "nobody", Theme: "cart"}); rpcstatus.ReasonOf(err) != "INVALID_ARGUMENT" {
		t.Fatalf("a bad register: got %v, want INVALID_ARGUMENT (and a rejection receipt)", err)
	}
	checked, err := soulv1.NewSoulServiceClient(s.conn(t, agent)).CheckSoul(ctx, &soulv1.CheckSoulRequest{Brain: "loja"})
	if err != nil {
		t.Fatalf("check soul: %v", err)
	}
	wantPresenceReceipts := receiptsOf(t, ctx, presencev1.NewPresenceServiceClient(s.conn(t, owner)))
	stop()

	// Moved.
	var out bytes.Buffer
	if err := dispatch(ctx, []string{"store", "migrate", "--data-dir", dir, "--to", dsn}, &out); err != nil {
		t.Fatalf("store migrate: %v\n%s", err, out.String())
	}
	for _, line := range []string{"medulla   claim_versions", "mission   letters", "presence  receipts", "soul      receipts", "done: 4 service(s)"} {
		if !strings.Contains(out.String(), line) {
			t.Errorf("report: got\n%s\nwant a line with %q", out.String(), line)
		}
	}
	report := out.String()
	t.Logf("store migrate:\n%s", report)
	out.Reset()
	if err := dispatch(ctx, []string{"store", "migrate", "--data-dir", dir, "--to", dsn}, &out); err == nil || !strings.Contains(err.Error(), "--force") {
		t.Errorf("a second migration into the filled database: got %v, want a refusal naming --force", err)
	}
	out.Reset()
	if err := dispatch(ctx, []string{"store", "migrate", "--data-dir", dir, "--to", dsn, "--force"}, &out); err != nil {
		t.Fatalf("store migrate --force: %v", err)
	}
	if out.String() != report {
		t.Errorf("--force report: got\n%s\nwant the same counts as the first copy\n%s", out.String(), report)
	}
	out.Reset()
	if err := dispatch(ctx, []string{"store", "migrate", "--data-dir", dir, "--to", dsn, "--force", "--json"}, &out); err != nil {
		t.Fatalf("store migrate --json: %v", err)
	}
	var rep migrateReport
	if err := json.Unmarshal(out.Bytes(), &rep); err != nil {
		t.Fatalf("--json: %v in %s", err, out.String())
	}
	if !slices.Contains(rep.Tables, tableCount{Service: "mission", Table: "letters", Rows: 2}) || len(rep.Services) != 4 {
		t.Errorf("--json: got %+v, want four services and mission's two letters", rep)
	}

	// Served from PostgreSQL.
	s, _ = serveOn(t, dir, dsn)
	med = medullav1.NewMedullaServiceClient(s.conn(t, agent))
	hist, err := med.History(ctx, &medullav1.HistoryRequest{Brain: "loja", Slug: "cart-rounding"})
	if err != nil || len(hist.GetVersions()) != 2 || hist.GetVersions()[1].GetBody() != "The cart rounds half even since v2." {
		t.Errorf("claim history on PostgreSQL: got %v, %v; want both versions, v2 last", hist.GetVersions(), err)
	}
	// Recall finds the copied live version: the search index and its word counts were rebuilt
	// from the copied rows, not left empty.
	rec, err := med.Recall(ctx, &medullav1.RecallRequest{Brain: "loja", Query: "half even"})
	if err != nil || len(rec.GetHits()) == 0 || rec.GetHits()[0].GetClaim().GetSlug() != "cart-rounding" {
		t.Errorf("recall on PostgreSQL after the move: got %v, %v; want cart-rounding", rec.GetHits(), err)
	}
	// The chain continues where SQLite left it: a new version is 3, not a fork at 1.
	if res, err := med.Memorize(ctx, &medullav1.MemorizeRequest{Brain: "loja", Slug: "cart-rounding", Body: "Rounded at checkout only."}); err != nil || res.GetClaim().GetVersion() != 3 {
		t.Errorf("memorize after the move: got %v, %v; want version 3", res.GetClaim(), err)
	}
	letters, err := missionv1.NewMissionServiceClient(s.conn(t, agent)).ListLetters(ctx, &missionv1.ListLettersRequest{MissionId: missionID})
	if err != nil || len(letters.GetLetters()) != 2 || letters.GetLetters()[1].GetPhase() != missionv1.Phase_PHASE_ABANDONED {
		t.Errorf("mission chain on PostgreSQL: got %v, %v; want the open and the abandon letters", letters.GetLetters(), err)
	}
	if got := receiptsOf(t, ctx, presencev1.NewPresenceServiceClient(s.conn(t, owner))); got != wantPresenceReceipts {
		t.Errorf("presence receipts on PostgreSQL: got %s, want the same receipts as on SQLite: %s", got, wantPresenceReceipts)
	}
	soulReceipts, err := soulv1.NewSoulServiceClient(s.conn(t, agent)).ListReceipts(ctx, &soulv1.ListReceiptsRequest{Brain: "loja"})
	if err != nil || len(soulReceipts.GetReceipts()) != 1 || soulReceipts.GetReceipts()[0].GetReceiptId() != checked.GetReceipt().GetReceiptId() {
		t.Errorf("soul receipts on PostgreSQL: got %v, %v; want the check %s", soulReceipts.GetReceipts(), err, checked.GetReceipt().GetReceiptId())
	}
}

// receiptsOf is presence's receipt ledgers (brain loja's and the security ledger), each
// receipt whole, so two readings compare equal only when every field is.
func receiptsOf(t *testing.T, ctx context.Context, c presencev1.PresenceServiceClient) string {
	t.Helper()
	var ids []string
	for _, brain := range []string{"loja", "_security"} {
		res, err := c.ListReceipts(ctx, &presencev1.ListReceiptsRequest{Brain: brain})
		if err != nil {
			t.Fatalf("presence receipts of %s: %v", brain, err)
		}
		for _, r := range res.GetReceipts() {
			b, err := proto.MarshalOptions{Deterministic: true}.Marshal(r)
			if err != nil {
				t.Fatal(err)
			}
			ids = append(ids, brain+":"+hex.EncodeToString(b))
		}
	}
	if len(ids) < 2 {
		t.Fatalf("presence receipts: got %d, want at least the commit and the rejection", len(ids))
	}
	return strings.Join(ids, " ")
}

// --to must name PostgreSQL, and a directory without any service database is refused.
func TestStoreMigrateRefusesBadInput(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"no target", []string{"store", "migrate", "--data-dir", t.TempDir()}, "postgres://"},
		{"not postgres", []string{"store", "migrate", "--data-dir", t.TempDir(), "--to", "mysql://u:secret@h/db"}, "postgres://"},
		{"empty data dir", []string{"store", "migrate", "--data-dir", t.TempDir(), "--to", "postgres://u@127.0.0.1:1/db"}, "no service database"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := dispatch(context.Background(), tt.args, io.Discard)
			if err == nil || !strings.Contains(err.Error(), tt.want) || strings.Contains(err.Error(), "secret") {
				t.Errorf("got %v, want an error naming %q (and no password)", err, tt.want)
			}
		})
	}
}
