package domain

import (
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/organism-dev/organism/platform/principal"
)

var update = flag.Bool("update", false, "rewrite golden files")

func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	p := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(p, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(p)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if string(got) != string(want) {
		t.Errorf("got\n%s\nwant (%s)\n%s", got, p, want)
	}
}

func chainFixture() (Mission, []Letter, []Refusal) {
	t := time.Date(2026, 7, 12, 9, 0, 0, 0, time.UTC)
	runner := Author{AgentID: "r1", Seat: "runner", Brain: "alpha", Origin: principal.OriginAgent}
	owner := Author{AgentID: "owner", Seat: "owner", Origin: principal.OriginHumanUI}
	judge := Author{AgentID: "judge", Seat: "judge", Brain: "alpha", Origin: principal.OriginAgent}
	p := Packet{Brain: "alpha", GateCommand: "go test ./chain/...", Symptom: "two writers fork the chain under load", ReportID: "fr_9", Title: "chain fork"}
	c1 := &Candidate{LogSHA256: strings.Repeat("1", 64), LogSize: 420, StartedAt: t.Add(time.Minute), EndedAt: t.Add(2 * time.Minute),
		BaseCommit: strings.Repeat("a", 40), Diff: DiffStat{FilesChanged: 1, Insertions: 3, Deletions: 1, Paths: []string{"chain/cas.go"}}, GateCommand: p.GateCommand, RunnerID: "r1"}
	c2 := *c1
	c2.LogSHA256, c2.BaseCommit, c2.StartedAt, c2.EndedAt = strings.Repeat("2", 64), strings.Repeat("b", 40), t.Add(time.Hour), t.Add(time.Hour+time.Minute)
	letters := []Letter{
		{Seq: 1, Phase: PhaseJudging, Packet: &p, Author: runner, PostedAt: t},
		{Seq: 2, Phase: PhaseExecuting, Note: "executing", Author: runner, PostedAt: t.Add(time.Minute)},
		{Seq: 3, Phase: PhaseMergeWait, Candidate: c1, Author: runner, PostedAt: t.Add(2 * time.Minute)},
		{Seq: 4, Phase: PhaseJudging, Advisory: true, Parecer: &Parecer{Verdict: VerdictReject, Gist: "the retry loop hides the race instead of closing it"}, Author: judge, PostedAt: t.Add(3 * time.Minute)},
		{Seq: 5, Phase: PhaseMergeWait, Candidate: &c2, Author: runner, PostedAt: t.Add(time.Hour + time.Minute)},
		{Seq: 6, Phase: PhaseLanded, Landing: &Landing{ReceiptID: "rcp_42", CandidateLetterID: "ltr_5", StoreVersionBefore: 7, StoreVersionAfter: 8, ImportedVia: principal.OriginHumanUI,
			Commit: strings.Repeat("d", 40), TargetBranch: "main", Mode: ModeApply, Method: "merge"}, Author: owner, PostedAt: t.Add(2 * time.Hour)},
	}
	m := Mission{MissionID: "msn_00000000000000aa", Brain: "alpha", Title: p.Title, Phase: PhaseLanded, HeadSeq: 6, OpenedAt: t, Attempts: 2, Packet: p}
	refusals := []Refusal{{MissionID: m.MissionID, Reason: ReasonStaleScope, Message: "moved", By: owner, At: t.Add(30 * time.Minute)}}
	return m, letters, refusals
}

func TestBuildDistillate(t *testing.T) {
	m, letters, refusals := chainFixture()
	d := BuildDistillate(m, letters, refusals)
	if len(d.Lessons) > 3 {
		t.Errorf("got %d lessons, want at most 3", len(d.Lessons))
	}
	landed := false
	for _, e := range d.Evidence() {
		if strings.HasPrefix(e.Ref, "ltr_") {
			t.Errorf("got a letter %s cited as evidence", e.Ref)
		}
		landed = landed || (e.Kind == EvidenceCommit && e.Ref == strings.Repeat("d", 40))
	}
	if !landed {
		t.Errorf("got evidence %v, want the landed commit cited", d.Evidence())
	}
	if got, want := d.Friction[0].Text, "the retry loop hides the race instead of closing it"; got != want {
		t.Errorf("got friction %q, want it verbatim %q", got, want)
	}
	js, err := json.MarshalIndent(d, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	golden(t, "distillate_landed.json", append(js, '\n'))
}
