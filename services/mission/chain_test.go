package mission_test

import (
	"sync"
	"sync/atomic"
	"testing"

	"github.com/organism-dev/organism/platform/rpcstatus"
	commonv1 "github.com/organism-dev/organism/proto/organism/common/v1"
	missionv1 "github.com/organism-dev/organism/proto/organism/mission/v1"
	"github.com/organism-dev/organism/services/mission/domain"
)

func TestOpenMissionSeqOne(t *testing.T) {
	f := newFixture(t)
	resp := must(f.agent.OpenMission(bg, &missionv1.OpenMissionRequest{Packet: packet(), Note: "chartered from fr_1"}))(t)
	m, l := resp.GetMission(), resp.GetLetter()
	if got, want := l.GetSeq(), int64(1); got != want {
		t.Errorf("got seq %d, want %d", got, want)
	}
	if got, want := l.GetPhase(), missionv1.Phase_PHASE_JUDGING; got != want {
		t.Errorf("got phase %s, want %s", got, want)
	}
	if got, want := l.GetPacket().GetSymptom(), packet().GetSymptom(); got != want {
		t.Errorf("got symptom %q, want it verbatim %q", got, want)
	}
	if got, want := l.GetAuthor().GetAgentId(), "orch"; got != want {
		t.Errorf("got author %q, want %q (from the credential)", got, want)
	}
	if got, want := m.GetHeadSeq(), int64(1); got != want {
		t.Errorf("got head %d, want %d", got, want)
	}
	letters := must(f.agent.ListLetters(bg, &missionv1.ListLettersRequest{MissionId: m.GetMissionId()}))(t).GetLetters()
	if len(letters) != 1 || letters[0].GetLetterId() != l.GetLetterId() {
		t.Fatalf("got letters %v, want the one seq 1 letter", letters)
	}
	board := must(f.owner.ListMissions(bg, &missionv1.ListMissionsRequest{Phases: []missionv1.Phase{missionv1.Phase_PHASE_JUDGING}}))(t)
	if len(board.GetMissions()) != 1 {
		t.Fatalf("got %d judging missions on the owner's board, want 1", len(board.GetMissions()))
	}
	other := must(f.owner.ListMissions(bg, &missionv1.ListMissionsRequest{Brain: "beta"}))(t)
	if len(other.GetMissions()) != 0 {
		t.Fatalf("got %d missions for beta, want 0", len(other.GetMissions()))
	}
}

func TestOpenMissionRefusals(t *testing.T) {
	f := newFixture(t)
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
			p := packet()
			tc.mutate(p)
			_, err := tc.client.OpenMission(bg, &missionv1.OpenMissionRequest{Packet: p})
			wantReason(t, err, tc.reason)
			if tc.fields != nil {
				if got := rpcstatus.FieldsOf(err); len(got) != len(tc.fields) || got[0] != tc.fields[0] {
					t.Errorf("got field violations %v, want %v", got, tc.fields)
				}
			}
		})
	}
	if got := must(f.owner.ListMissions(bg, &missionv1.ListMissionsRequest{}))(t).GetMissions(); len(got) != 0 {
		t.Fatalf("got %d missions after refusals, want 0: refusals change nothing", len(got))
	}
}

// TestPostLetterGatesInOrder checks each gate and that an earlier gate wins over a later one.
func TestPostLetterGatesInOrder(t *testing.T) {
	f := newFixture(t)
	m := f.open(packet())
	id := m.GetMissionId()
	parecer := func() *missionv1.Letter {
		l := letter(missionv1.Phase_PHASE_JUDGING, "")
		l.Advisory = true
		l.Parecer = &missionv1.Parecer{Verdict: missionv1.Verdict_VERDICT_APPROVE, Gist: "looks right"}
		return l
	}
	tests := []struct {
		name   string
		client missionv1.MissionServiceClient
		id     string
		head   int64
		letter func() *missionv1.Letter
		reason string
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
		{"foreign credential", f.foreign, id, 1, parecer, "FOREIGN_BRAIN"},
		{"unknown mission", f.agent, "msn_0000000000000000", 1, parecer, "MISSION_NOT_FOUND"},
		{"malformed mission id", f.agent, "nope", 1, parecer, "INVALID_ARGUMENT"},
		{"no phase", f.agent, id, 1, func() *missionv1.Letter { return letter(missionv1.Phase_PHASE_UNSPECIFIED, "x") }, "SCHEMA_VIOLATION"},
		{"letter carries a landing", f.agent, id, 1, func() *missionv1.Letter {
			l := parecer()
			l.Landing = &missionv1.Landing{ReceiptId: "rcp_x"}
			return l
		}, "SCHEMA_VIOLATION"},
		{"failed without a reason", f.owner, id, 1, func() *missionv1.Letter { return letter(missionv1.Phase_PHASE_FAILED, "") }, "SCHEMA_VIOLATION"},
		{"merge_wait without a candidate", f.runner, id, 1, func() *missionv1.Letter { return letter(missionv1.Phase_PHASE_MERGE_WAIT, "") }, "SCHEMA_VIOLATION"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := f.post(tc.client, tc.id, tc.head, tc.letter())
			wantReason(t, err, tc.reason)
		})
	}
	if got := f.get(id).GetMission().GetHeadSeq(); got != 1 {
		t.Fatalf("got head %d after refusals, want 1: refusals change nothing", got)
	}
	resp := must(f.post(f.judge, id, 1, parecer()))(t)
	if got, want := resp.GetMission().GetPhase(), missionv1.Phase_PHASE_JUDGING; got != want {
		t.Fatalf("got phase %s after a parecer, want %s (advisory never moves the phase)", got, want)
	}
}

// TestCASStorm races 64 writers on one chain: exactly one winner per seq, no fork, no gap.
func TestCASStorm(t *testing.T) {
	f := newFixture(t)
	m := f.open(packet())
	id := m.GetMissionId()
	const writers = 64
	const perWriter = 1
	note := func() *missionv1.Letter {
		l := letter(missionv1.Phase_PHASE_JUDGING, "triage")
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
			for done := 0; done < perWriter; {
				head, err := f.judge.GetMission(bg, &missionv1.GetMissionRequest{MissionId: id})
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
	letters := must(f.owner.ListLetters(bg, &missionv1.ListLettersRequest{MissionId: id, PageSize: 1000}))(t).GetLetters()
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

func TestListMissionsPages(t *testing.T) {
	f := newFixture(t)
	want := map[string]bool{}
	for range 5 {
		want[f.open(packet()).GetMissionId()] = true
	}
	seen := map[string]bool{}
	token := ""
	pages := 0
	for {
		resp := must(f.agent.ListMissions(bg, &missionv1.ListMissionsRequest{Page: &commonv1.PageRequest{PageSize: 2, PageToken: token}}))(t)
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
	}
	if len(seen) != len(want) || pages != 3 {
		t.Fatalf("got %d missions over %d pages, want %d over 3", len(seen), pages, len(want))
	}
	_, err := f.agent.ListMissions(bg, &missionv1.ListMissionsRequest{Page: &commonv1.PageRequest{PageToken: "!!"}})
	wantReason(t, err, "INVALID_ARGUMENT")
	_, err = f.foreign.ListMissions(bg, &missionv1.ListMissionsRequest{Brain: brain})
	wantReason(t, err, "FOREIGN_BRAIN")
}
