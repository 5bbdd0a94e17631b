package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/organism-dev/organism/platform/auth"
	"github.com/organism-dev/organism/platform/rpcstatus"
	medullav1 "github.com/organism-dev/organism/proto/organism/medulla/v1"
	missionv1 "github.com/organism-dev/organism/proto/organism/mission/v1"
	"github.com/organism-dev/organism/services/mission/domain"
)

// TestMissionVerbs drives a mission through the CLI against `organism serve --target=all`:
// open and spawn as an orchestrator, run it with `organism runner --once`, show and board it,
// refuse an agent's landing, land it with the owner credential.
func TestMissionVerbs(t *testing.T) {
	s := startSuite(t)
	repo := gitRepo(t)
	ctx := context.Background()
	owner := s.mint(t, auth.MintRequest{Kind: auth.KindOwner})
	s.registerBrain(t, owner, &medullav1.RegisterBrainRequest{Name: "loja", RepoRoot: repo})
	if err := os.WriteFile(filepath.Join(s.dataDir, "runners.toml"), []byte("[[runner]]\nid = \"r1\"\ntimeout = \"1m\"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	orch := s.mint(t, auth.MintRequest{Kind: auth.KindAgent, Subject: "orch", Seat: "orchestrator", Brain: "loja", TTL: time.Hour})
	runnerTok := s.mint(t, auth.MintRequest{Kind: auth.KindAgent, Subject: "r1", Seat: "runner", Brain: "loja", TTL: time.Hour})
	run := func(args ...string) (string, error) { return s.cli(ctx, args...) }
	mustRun := func(args ...string) string { t.Helper(); return s.mustCLI(t, ctx, args...) }

	out := mustRun("mission", "open", "--token", orch, "--brain", "loja", "--gate", "test -f main.go && echo gate-ok",
		"--symptom", "the shop must build from main.go", "--title", "build", "--spawn", "--runner", "r1")
	id := regexp.MustCompile(`msn_[0-9a-f]{16}`).FindString(out)
	if id == "" || !strings.Contains(out, "spawned to runner r1") {
		t.Fatalf("got %q, want an opened and spawned mission", out)
	}
	if out := mustRun("runner", "--token", runnerTok, "--id", "r1", "--once", "--workdir", t.TempDir()); !strings.Contains(out, id+" -> merge_wait") {
		t.Fatalf("got runner output %q, want %s -> merge_wait", out, id)
	}
	show := mustRun("mission", "show", id, "--token", orch, "--letters")
	for _, want := range []string{"merge_wait", "[bell: waiting for the owner's stamp]", "exit 0", "executing"} {
		if !strings.Contains(show, want) {
			t.Errorf("got show output without %q:\n%s", want, show)
		}
	}
	if log := mustRun("mission", "show", id, "--token", orch, "--log"); !strings.Contains(log, "gate-ok") {
		t.Errorf("got log %q, want the gate's output", log)
	}
	var board struct {
		Missions []struct {
			MissionID string `json:"mission_id"`
			Phase     string `json:"phase"`
			Ringing   bool   `json:"ringing"`
		} `json:"missions"`
	}
	if err := json.Unmarshal([]byte(mustRun("mission", "board", "--token", orch, "--json")), &board); err != nil {
		t.Fatal(err)
	}
	if len(board.Missions) != 1 || board.Missions[0].Phase != "PHASE_MERGE_WAIT" || !board.Missions[0].Ringing {
		t.Fatalf("got board %+v, want one ringing merge_wait mission", board.Missions)
	}

	// The same gate through the JSON gateway.
	if code, body := s.http(t, "GET", "/v1/mission/missions/"+id, orch, ""); code != 200 || !strings.Contains(body, id) {
		t.Fatalf("got %d %s from the gateway, want 200 with the mission", code, body)
	}
	if code, body := s.http(t, "POST", "/v1/mission/missions/"+id+"/import-receipt", orch,
		`{"candidateLetterId":"ltr_0123456789abcdef","expectedStoreVersion":"0"}`); code != 403 || !strings.Contains(body, "ORIGIN_NOT_HUMAN") {
		t.Fatalf("got %d %s landing through the gateway as an agent, want 403 ORIGIN_NOT_HUMAN", code, body)
	}

	_, err := run("mission", "land", id, "--token", orch)
	if got := rpcstatus.ReasonOf(err); got != "ORIGIN_NOT_HUMAN" {
		t.Fatalf("got %v landing as an agent, want ORIGIN_NOT_HUMAN", err)
	}
	out = mustRun("mission", "land", id, "--owner")
	if !strings.Contains(out, "landed "+id) || !strings.Contains(out, "store version 0 -> 1") {
		t.Fatalf("got %q, want the landing receipt", out)
	}
	// The landing put the candidate's commit on the branch checked out when the brain was met.
	tip, err := exec.Command("git", "-C", repo, "rev-parse", "HEAD").Output()
	if err != nil {
		t.Fatal(err)
	}
	if sha := strings.TrimSpace(string(tip)); !strings.Contains(out, "as "+sha+" on ") {
		t.Errorf("got %q, want the landed sha %s (the repository's new HEAD)", out, sha)
	}
	if ledger := mustRun("mission", "receipts", "--owner", "--brain", "loja"); !strings.Contains(ledger, "commit     land") || !strings.Contains(ledger, "commit     open") {
		t.Errorf("got ledger %q, want the landing's and the opening's commit receipts", ledger)
	}
	if out := mustRun("mission", "board", "--owner", "--phase", "landed"); !strings.Contains(out, id) {
		t.Fatalf("got board %q, want the landed mission", out)
	}
	if _, err := run("mission", "post", id, "--token", orch, "--phase", "failed", "--note", "too late"); rpcstatus.ReasonOf(err) != "ILLEGAL_TRANSITION" {
		t.Fatalf("got %v posting on a landed chain, want ILLEGAL_TRANSITION", err)
	}
}

// TestMissionShowReadsTheWholeChain: a chain longer than the 1,000 letters one page holds is
// shown whole, in order, whatever the page size (including one that divides it exactly).
func TestMissionShowReadsTheWholeChain(t *testing.T) {
	const letters = 1005
	s := startSuite(t)
	ctx := context.Background()
	owner := s.mint(t, auth.MintRequest{Kind: auth.KindOwner})
	s.registerBrain(t, owner, &medullav1.RegisterBrainRequest{Name: "loja", RepoRoot: gitRepo(t)})
	judge := s.mint(t, auth.MintRequest{Kind: auth.KindAgent, Subject: "judge", Seat: "judge", Brain: "loja", TTL: time.Hour})
	mc := missionv1.NewMissionServiceClient(s.conn(t, judge))
	opened, err := mc.OpenMission(ctx, &missionv1.OpenMissionRequest{Packet: &missionv1.Packet{Brain: "loja", GateCommand: "true", Symptom: "long chain"}})
	if err != nil {
		t.Fatal(err)
	}
	id := opened.GetMission().GetMissionId()
	// Advisory pareceres loop on a judging head, so the chain grows without moving the phase.
	for head := int64(1); head < letters; head++ {
		if _, err := mc.PostLetter(ctx, &missionv1.PostLetterRequest{MissionId: id, ExpectedHead: head, Letter: &missionv1.Letter{
			Schema: domain.Schema, Brain: "loja", Advisory: true, Phase: missionv1.Phase_PHASE_JUDGING,
			Parecer: &missionv1.Parecer{Verdict: missionv1.Verdict_VERDICT_ABSTAIN, Gist: fmt.Sprintf("parecer %d", head+1)},
		}}); err != nil {
			t.Fatalf("posting seq %d: %v", head+1, err)
		}
	}
	for _, tc := range []struct {
		name string
		args []string
	}{
		{"default page", nil},
		{"pages that end short", []string{"--page-size", "400"}},
		{"pages that divide the chain", []string{"--page-size", "201"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			args := append([]string{"mission", "show", id, "--letters", "--json", "--addr", s.grpcAddr, "--token", judge}, tc.args...)
			var out bytes.Buffer
			if err := dispatch(ctx, args, &out); err != nil {
				t.Fatal(err)
			}
			var got struct {
				Letters []struct {
					Seq string `json:"seq"`
				} `json:"letters"`
			}
			if err := json.Unmarshal(out.Bytes(), &got); err != nil {
				t.Fatal(err)
			}
			if len(got.Letters) != letters {
				t.Fatalf("got %d letters, want %d", len(got.Letters), letters)
			}
			for i, l := range got.Letters {
				if l.Seq != fmt.Sprint(i+1) {
					t.Fatalf("got seq %s at position %d, want %d", l.Seq, i, i+1)
				}
			}
		})
	}
	var out bytes.Buffer
	if err := dispatch(ctx, []string{"mission", "show", id, "--letters", "--addr", s.grpcAddr, "--token", judge}, &out); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), fmt.Sprintf("parecer %d\n", letters)) || strings.Count(out.String(), "(parecer abstain)") != letters-1 {
		t.Fatalf("got human output without all %d pareceres (last: parecer %d):\n%.400s", letters-1, letters, out.String())
	}
}
