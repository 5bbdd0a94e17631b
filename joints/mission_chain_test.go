package joints_test

import (
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/organism-dev/organism/platform/rpcstatus"
	commonv1 "github.com/organism-dev/organism/proto/organism/common/v1"
	missionv1 "github.com/organism-dev/organism/proto/organism/mission/v1"
	"github.com/organism-dev/organism/services/mission/domain"
)

func TestMissionOpenMissionSeqOne(t *testing.T) {
	f := newMsnFixture(t)
	resp := msnMust(f.agent.OpenMission(msnBG, &missionv1.OpenMissionRequest{Packet: msnPacket(), Note: "chartered from fr_1"}))(t)
	m, l := resp.GetMission(), resp.GetLetter()
	if got, want := l.GetSeq(), int64(1); got != want {
		t.Errorf("got seq %d, want %d", got, want)
	}
	if got, want := l.GetPhase(), missionv1.Phase_PHASE_JUDGING; got != want {
		t.Errorf("got phase %s, want %s", got, want)
	}
	if got, want := l.GetPacket().GetSymptom(), msnPacket().GetSymptom(); got != want {
		t.Errorf("got symptom %q, want it verbatim %q", got, want)
	}
	if got, want := l.GetAuthor().GetAgentId(), "orch"; got != want {
		t.Errorf("got author %q, want %q (from the credential)", got, want)
	}
	if got, want := m.GetHeadSeq(), int64(1); got != want {
		t.Errorf("got head %d, want %d", got, want)
	}
	letters := msnMust(f.agent.ListLetters(msnBG, &missionv1.ListLettersRequest{MissionId: m.GetMissionId()}))(t).GetLetters()
	if len(letters) != 1 || letters[0].GetLetterId() != l.GetLetterId() {
		t.Fatalf("got letters %v, want the one seq 1 letter", letters)
	}
	board := msnMust(f.owner.ListMissions(msnBG, &missionv1.ListMissionsRequest{Phases: []missionv1.Phase{missionv1.Phase_PHASE_JUDGING}}))(t)
	if len(board.GetMissions()) != 1 {
		t.Fatalf("got %d judging missions on the owner's board, want 1", len(board.GetMissions()))
	}
	other := msnMust(f.owner.ListMissions(msnBG, &missionv1.ListMissionsRequest{Brain: "beta"}))(t)
	if len(other.GetMissions()) != 0 {
		t.Fatalf("got %d missions for beta, want 0", len(other.GetMissions()))
	}
}

func TestMissionOpenMissionRefusals(t *testing.T) {
	f := newMsnFixture(t)
	tests := []struct {
		name   string
		client missionv1.MissionServiceClient
		mutate func(*missionv1.Packet)
		reason string
		fields []string
	}{
		{"no gate no charter", f.agent, func(p *missionv1.Packet) { p.GateCommand = "" }, "SCHEMA_VIOLATION", []string{"packet.gate_command"}},
		{"empty symptom", f.agent, func(p *missionv1.Packet) { p.Symptom = " " }, "SCHEMA_VIOLATION", []string{"packet.symptom"}},
		{"malformed block", f.agent, func(p *missionv1.Packet) { p.BlockIds = []string{"chain"} }, "SCHEMA_VIOLATION", []string{"packet.block_ids[0]"}},
		{"unknown block", f.agent, func(p *missionv1.Packet) { p.BlockIds = []string{"sb_nowhere"} }, "UNKNOWN_BLOCK", nil},
		{"foreign brain", f.foreign, func(p *missionv1.Packet) {}, "FOREIGN_BRAIN", nil},
		{"unknown brain", f.owner, func(p *missionv1.Packet) { p.Brain = "gamma" }, "BRAIN_NOT_FOUND", nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := msnPacket()
			tc.mutate(p)
			_, err := tc.client.OpenMission(msnBG, &missionv1.OpenMissionRequest{Packet: p})
			msnWantReason(t, err, tc.reason)
			if tc.fields != nil {
				if got := rpcstatus.FieldsOf(err); len(got) != len(tc.fields) || got[0] != tc.fields[0] {
					t.Errorf("got field violations %v, want %v", got, tc.fields)
				}
			}
		})
	}
	if got := msnMust(f.owner.ListMissions(msnBG, &missionv1.ListMissionsRequest{}))(t).GetMissions(); len(got) != 0 {
		t.Fatalf("got %d missions after refusals, want 0: refusals change nothing", len(got))
	}
}

// TestPostLetterGatesInOrder checks each gate and that an earlier gate wins over a later one.
func TestMissionPostLetterGatesInOrder(t *testing.T) {
	f := newMsnFixture(t)
	m := f.open(msnPacket())
	id := m.GetMissionId()
	parecer := func() *missionv1.Letter {
		l := msnLetter(missionv1.Phase_PHASE_JUDGING, "")
		l.Advisory = true
		l.Parecer = &missionv1.Parecer{Verdict: missionv1.Verdict_VERDICT_APPROVE, Gist: "looks right"}
		return l
	}
	tests := []struct {
		name      string
		client    missionv1.MissionServiceClient
		id        string
		head      int64
		msnLetter func() *missionv1.Letter
		reason    string
	}{
		{"schema beats everything", f.agent, id, 9, func() *missionv1.Letter {
			l := parecer()
			l.Schema = "m1nd-mission-letter-v9"
			l.BlockIds = []string{"sb_nowhere"}
			l.Brain = "beta"
			return l
		}, "SCHEMA_VIOLATION"},
		{"unknown block beats brain mismatch", f.agent, id, 9, func() *missionv1.Letter {
			l := parecer()
			l.BlockIds = []string{"sb_nowhere"}
			l.Brain = "beta"
			return l
		}, "UNKNOWN_BLOCK"},
		{"brain mismatch beats head CAS", f.agent, id, 9, func() *missionv1.Letter {
			l := parecer()
			l.Brain = "beta"
			return l
		}, "BRAIN_MISMATCH"},
		{"head CAS", f.agent, id, 9, parecer, "HEAD_CAS_MISMATCH"},
		// The order is the law: a stale head is refused as such before the phase machine is
		// asked, so a writer that lost the race learns to re-read, not that its arrow is wrong.
		{"head CAS beats an illegal transition", f.agent, id, 9, func() *missionv1.Letter {
			return msnLetter(missionv1.Phase_PHASE_LANDED, "a letter cannot land a mission")
		}, "HEAD_CAS_MISMATCH"},
		{"the same letter on the head is an illegal transition", f.agent, id, 1, func() *missionv1.Letter {
			return msnLetter(missionv1.Phase_PHASE_LANDED, "a letter cannot land a mission")
		}, "ILLEGAL_TRANSITION"},
		{"head CAS beats who may draw the arrow", f.agent, id, 9, func() *missionv1.Letter {
			return msnLetter(missionv1.Phase_PHASE_EXECUTING, "an orchestrator is not the runner")
		}, "HEAD_CAS_MISMATCH"},
		{"the same arrow on the head is the runner's", f.agent, id, 1, func() *missionv1.Letter {
			return msnLetter(missionv1.Phase_PHASE_EXECUTING, "an orchestrator is not the runner")
		}, "NOT_A_RUNNER"},
		{"foreign credential", f.foreign, id, 1, parecer, "FOREIGN_BRAIN"},
		{"unknown mission", f.agent, "msn_0000000000000000", 1, parecer, "MISSION_NOT_FOUND"},
		{"malformed mission id", f.agent, "nope", 1, parecer, "INVALID_ARGUMENT"},
		{"no phase", f.agent, id, 1, func() *missionv1.Letter { return msnLetter(missionv1.Phase_PHASE_UNSPECIFIED, "x") }, "SCHEMA_VIOLATION"},
		{"letter carries a landing", f.agent, id, 1, func() *missionv1.Letter {
			l := parecer()
			l.Landing = &missionv1.Landing{ReceiptId: "rcp_x"}
			return l
		}, "SCHEMA_VIOLATION"},
		{"failed without a reason", f.owner, id, 1, func() *missionv1.Letter { return msnLetter(missionv1.Phase_PHASE_FAILED, "") }, "SCHEMA_VIOLATION"},
		{"merge_wait without a candidate", f.runner, id, 1, func() *missionv1.Letter { return msnLetter(missionv1.Phase_PHASE_MERGE_WAIT, "") }, "SCHEMA_VIOLATION"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := f.post(tc.client, tc.id, tc.head, tc.msnLetter())
			msnWantReason(t, err, tc.reason)
		})
	}
	if got := f.get(id).GetMission().GetHeadSeq(); got != 1 {
		t.Fatalf("got head %d after refusals, want 1: refusals change nothing", got)
	}
	resp := msnMust(f.post(f.judge, id, 1, parecer()))(t)
	if got, want := resp.GetMission().GetPhase(), missionv1.Phase_PHASE_JUDGING; got != want {
		t.Fatalf("got phase %s after a parecer, want %s (advisory never moves the phase)", got, want)
	}
}

// TestCASStorm races 64 writers on one chain: exactly one winner per seq, no fork, no gap.
func TestMissionCASStorm(t *testing.T) {
	f := newMsnFixture(t)
	m := f.open(msnPacket())
	id := m.GetMissionId()
	const writers = 64
	const perWriter = 1
	note := func() *missionv1.Letter {
		l := msnLetter(missionv1.Phase_PHASE_JUDGING, "triage")
		l.Advisory = true
		l.Parecer = &missionv1.Parecer{Verdict: missionv1.Verdict_VERDICT_ABSTAIN}
		return l
	}

	// Round one: every writer believes the head is 1.
	var wins, losses atomic.Int32
	var wg sync.WaitGroup
	start := make(chan struct{})
	for range writers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			_, err := f.post(f.judge, id, 1, note())
			switch rpcstatus.ReasonOf(err) {
			case "":
				if err == nil {
					wins.Add(1)
				}
			case "HEAD_CAS_MISMATCH":
				losses.Add(1)
			default:
				t.Errorf("got %v, want success or HEAD_CAS_MISMATCH", err)
			}
		}()
	}
	close(start)
	wg.Wait()
	if wins.Load() != 1 || losses.Load() != writers-1 {
		t.Fatalf("got %d winners and %d HEAD_CAS_MISMATCH, want 1 and %d", wins.Load(), losses.Load(), writers-1)
	}

	// Storm: every writer appends perWriter letters, re-reading the head after each loss.
	for w := range writers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			deadline := time.Now().Add(msnPatience) // a livelock fails instead of hanging
			for done := 0; done < perWriter; {
				if time.Now().After(deadline) {
					t.Errorf("writer %d: still losing the head after %s", w, msnPatience)
					return
				}
				head, err := f.judge.GetMission(msnBG, &missionv1.GetMissionRequest{MissionId: id})
				if err != nil {
					t.Errorf("writer %d: %v", w, err)
					return
				}
				_, err = f.post(f.judge, id, head.GetMission().GetHeadSeq(), note())
				if err == nil {
					done++
					continue
				}
				if rpcstatus.ReasonOf(err) != "HEAD_CAS_MISMATCH" {
					t.Errorf("writer %d: got %v, want success or HEAD_CAS_MISMATCH", w, err)
					return
				}
			}
		}()
	}
	wg.Wait()
	letters := msnMust(f.owner.ListLetters(msnBG, &missionv1.ListLettersRequest{MissionId: id, PageSize: 1000}))(t).GetLetters()
	want := 2 + writers*perWriter
	if len(letters) != want {
		t.Fatalf("got %d letters, want %d", len(letters), want)
	}
	ids := map[string]bool{}
	for i, l := range letters {
		if got := l.GetSeq(); got != int64(i+1) {
			t.Fatalf("letter %d has seq %d, want %d: a gap or a fork", i, got, i+1)
		}
		if ids[l.GetLetterId()] {
			t.Fatalf("letter id %s repeated", l.GetLetterId())
		}
		ids[l.GetLetterId()] = true
	}
	if got := f.get(id).GetMission().GetHeadSeq(); got != int64(want) {
		t.Fatalf("got head %d, want %d", got, want)
	}
	_ = domain.Schema
}

func TestMissionListMissionsPages(t *testing.T) {
	f := newMsnFixture(t)
	want := map[string]bool{}
	for range 5 {
		want[f.open(msnPacket()).GetMissionId()] = true
	}
	seen := map[string]bool{}
	token := ""
	pages := 0
	for {
		resp := msnMust(f.agent.ListMissions(msnBG, &missionv1.ListMissionsRequest{Page: &commonv1.PageRequest{PageSize: 2, PageToken: token}}))(t)
		pages++
		for _, m := range resp.GetMissions() {
			if seen[m.GetMissionId()] {
				t.Fatalf("got %s twice across pages", m.GetMissionId())
			}
			seen[m.GetMissionId()] = true
		}
		token = resp.GetPage().GetNextPageToken()
		if token == "" {
			break
		}
		if pages > 10 {
			t.Fatalf("got a next page token after %d pages of 5 missions, want the end", pages)
		}
	}
	if len(seen) != len(want) || pages != 3 {
		t.Fatalf("got %d missions over %d pages, want %d over 3", len(seen), pages, len(want))
	}
	_, err := f.agent.ListMissions(msnBG, &missionv1.ListMissionsRequest{Page: &commonv1.PageRequest{PageToken: "!!"}})
	msnWantReason(t, err, "INVALID_ARGUMENT")
	_, err = f.foreign.ListMissions(msnBG, &missionv1.ListMissionsRequest{Brain: msnBrain})
	msnWantReason(t, err, "FOREIGN_BRAIN")
}

// TestMissionListLettersPagesToTheEnd: a chain longer than a page is read to its end by asking
// again after the last seq until more is false, with no gap and no repeat; a page that ends
// exactly at the head already says more=false.
func TestMissionListLettersPagesToTheEnd(t *testing.T) {
	f := newMsnFixture(t)
	id := f.open(msnPacket()).GetMissionId()
	const chain = 7
	for head := int64(1); head < chain; head++ {
		l := msnLetter(missionv1.Phase_PHASE_JUDGING, "")
		l.Advisory = true
		l.Parecer = &missionv1.Parecer{Verdict: missionv1.Verdict_VERDICT_ABSTAIN}
		msnMust(f.post(f.judge, id, head, l))(t)
	}
	tests := []struct {
		name     string
		pageSize int32
		pages    []bool // the more flag each page must carry, in order
	}{
		{"pages of 3 end on a short page", 3, []bool{true, true, false}},
		{"pages of 6 end on one letter", 6, []bool{true, false}},
		{"a page ending exactly at the head", 7, []bool{false}},
		{"the default page holds the chain", 0, []bool{false}},
		{"a page larger than the cap is capped, not refused", 5000, []bool{false}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var after int64
			var more []bool
			for {
				resp := msnMust(f.agent.ListLetters(msnBG, &missionv1.ListLettersRequest{MissionId: id, AfterSeq: after, PageSize: tc.pageSize}))(t)
				if tc.pageSize > 0 && len(resp.GetLetters()) > int(tc.pageSize) {
					t.Fatalf("got %d letters on a page of %d", len(resp.GetLetters()), tc.pageSize)
				}
				for _, l := range resp.GetLetters() {
					if got, want := l.GetSeq(), after+1; got != want {
						t.Fatalf("got seq %d after %d, want %d: a gap or a repeat between pages", got, after, want)
					}
					after = l.GetSeq()
				}
				more = append(more, resp.GetMore())
				if !resp.GetMore() {
					break
				}
				if len(resp.GetLetters()) == 0 {
					t.Fatal("got more=true on an empty page, want letters or the end")
				}
				if len(more) > chain {
					t.Fatalf("got more=true on %d pages of a %d-letter chain", len(more), chain)
				}
			}
			if after != chain {
				t.Errorf("read to seq %d, want the head %d", after, chain)
			}
			if fmt.Sprint(more) != fmt.Sprint(tc.pages) {
				t.Errorf("got more flags %v, want %v", more, tc.pages)
			}
		})
	}
	_, err := f.agent.ListLetters(msnBG, &missionv1.ListLettersRequest{MissionId: id, PageSize: -1})
	msnWantReason(t, err, "INVALID_ARGUMENT")
}
