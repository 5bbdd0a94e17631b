// Package domain holds the mission organ's rules: letter chains, the phase machine, pinned
// runners and their leases, the human landing gate, the bell and the debrief.
package domain

import (
	"time"

	"github.com/organism-dev/organism/platform/principal"
	"github.com/organism-dev/organism/platform/refusal"
)

// Schema is the only letter schema the chain accepts.
const Schema = "m1nd-mission-letter-v0"

// Phase is a mission's place in the §6 lifecycle.
type Phase string

// The phases of the lifecycle.
const (
	PhaseJudging      Phase = "judging"
	PhaseExecuting    Phase = "executing"
	PhaseMergeWait    Phase = "merge_wait"
	PhaseLanded       Phase = "landed"
	PhaseFailed       Phase = "failed"
	PhaseAbandoned    Phase = "abandoned"
	PhaseSpawnRefused Phase = "spawn_refused"
)

// Terminal reports whether no arrow leaves p.
func (p Phase) Terminal() bool {
	switch p {
	case PhaseLanded, PhaseFailed, PhaseAbandoned, PhaseSpawnRefused:
		return true
	}
	return false
}

// Closes reports whether entering p closes a mission that was worked on, which is what earns a debrief.
func (p Phase) Closes() bool {
	return p == PhaseLanded || p == PhaseFailed || p == PhaseAbandoned
}

// MayUse reports whether p may act in brain: the owner and services anywhere, an agent only
// in the brain its credential is bound to.
func MayUse(p principal.Principal, brain string) bool {
	return p.Human() || p.Service() || (p.Brain != "" && p.Brain == brain)
}

// mayWatchAll reports whether p may read every brain's board at once (an empty brain filter).
func mayWatchAll(p principal.Principal) bool { return p.Human() || p.Service() }

// RunnerSeat is the seat a runner's credential must carry.
const RunnerSeat = "runner"

// Packet is what a mission asks for; it rides the seq 1 letter.
type Packet struct {
	Brain       string   `json:"brain"`
	BlockIDs    []string `json:"block_ids,omitempty"`
	GateCommand string   `json:"gate_command"`
	Symptom     string   `json:"symptom"`
	ReportID    string   `json:"report_id,omitempty"`
	Title       string   `json:"title,omitempty"`
}

// DiffStat summarizes what a run changed relative to its base commit.
type DiffStat struct {
	FilesChanged int      `json:"files_changed"`
	Insertions   int      `json:"insertions"`
	Deletions    int      `json:"deletions"`
	Paths        []string `json:"paths,omitempty"`
}

// Candidate is a runner's complete receipt candidate for a passing gate.
type Candidate struct {
	LogSHA256   string    `json:"log_sha256"`
	LogSize     int64     `json:"log_size"`
	ExitCode    int       `json:"exit_code"`
	StartedAt   time.Time `json:"started_at"`
	EndedAt     time.Time `json:"ended_at"`
	BaseCommit  string    `json:"base_commit"`
	Diff        DiffStat  `json:"diff_stat"`
	GateCommand string    `json:"gate_command"`
	RunnerID    string    `json:"runner_id"`
	// Commit holds the run's change (its only parent is BaseCommit); Ref keeps it in the
	// brain's repository. The server checks both and recomputes Diff from the commit.
	Commit string `json:"commit,omitempty"`
	Ref    string `json:"ref,omitempty"`
}

// Verdict is a judge's advisory opinion.
type Verdict string

// The verdicts a parecer may carry.
const (
	VerdictApprove Verdict = "approve"
	VerdictReject  Verdict = "reject"
	VerdictAbstain Verdict = "abstain"
)

// Parecer is the judge's advisory letter body.
type Parecer struct {
	Verdict Verdict `json:"verdict"`
	Gist    string  `json:"gist,omitempty"`
}

// Landing is written by the landing gate on the landed letter.
type Landing struct {
	ReceiptID          string           `json:"receipt_id"`
	CandidateLetterID  string           `json:"candidate_letter_id"`
	StoreVersionBefore int64            `json:"store_version_before"`
	StoreVersionAfter  int64            `json:"store_version_after"`
	ImportedVia        principal.Origin `json:"imported_via"`
	// Commit is the target branch's commit that carries the change; Method says how it got
	// there ("fast-forward", "merge", "ancestor", "patch-id").
	Commit       string      `json:"commit,omitempty"`
	TargetBranch string      `json:"target_branch,omitempty"`
	Mode         LandingMode `json:"mode,omitempty"`
	Method       string      `json:"method,omitempty"`
}

// Author is who posted a letter, from the credential.
type Author struct {
	AgentID string           `json:"agent_id"`
	Seat    string           `json:"seat"`
	Brain   string           `json:"brain,omitempty"`
	Origin  principal.Origin `json:"origin"`
}

// AuthorOf renders a principal for the chain.
func AuthorOf(p principal.Principal) Author {
	return Author{AgentID: p.AgentID, Seat: p.Seat, Brain: p.Brain, Origin: p.Origin}
}

// Letter is one entry of a chain.
type Letter struct {
	Schema    string     `json:"schema"`
	LetterID  string     `json:"letter_id"`
	MissionID string     `json:"mission_id"`
	Seq       int64      `json:"seq"`
	Brain     string     `json:"brain"`
	Phase     Phase      `json:"phase"`
	Advisory  bool       `json:"advisory,omitempty"`
	Note      string     `json:"note,omitempty"`
	BlockIDs  []string   `json:"block_ids,omitempty"`
	Packet    *Packet    `json:"packet,omitempty"`
	Candidate *Candidate `json:"candidate,omitempty"`
	Parecer   *Parecer   `json:"parecer,omitempty"`
	Landing   *Landing   `json:"landing,omitempty"`
	Author    Author     `json:"author"`
	PostedAt  time.Time  `json:"posted_at"`
}

// Lease is a runner's time-bounded hold on one mission.
type Lease struct {
	LeaseID   string
	MissionID string
	RunnerID  string
	ExpiresAt time.Time
	Attempt   int
}

// Live reports whether the lease still holds at now.
func (l Lease) Live(now time.Time) bool { return l.LeaseID != "" && now.Before(l.ExpiresAt) }

// Debrief tracks whether a closed mission's distillate reached medulla.
type Debrief struct {
	State     string // "", DebriefPending, DebriefMemorized or DebriefRefused
	Slug      string
	LastError string
}

// Debrief states. A pending debrief is retried; a refused one was turned away by medulla's
// door (hygiene, a home path in a verbatim quote...) and stays refused, its reason recorded.
const (
	DebriefPending   = "pending"
	DebriefMemorized = "memorized"
	DebriefRefused   = "refused"
)

// Mission is a chain's summary row.
type Mission struct {
	MissionID         string
	Brain             string
	Title             string
	Phase             Phase
	HeadSeq           int64
	HeadLetterID      string
	OpenedAt          time.Time
	UpdatedAt         time.Time
	CandidateLetterID string
	// Spawned is true once SpawnMission accepted it; only spawned missions are claimable.
	Spawned        bool
	AssignedRunner string
	Lease          Lease
	Attempts       int
	RerunRequested bool
	Packet         Packet
	Debrief        Debrief
}

// Ringing reports whether the bell rings for m: its head is merge_wait.
func (m Mission) Ringing() bool { return m.Phase == PhaseMergeWait }

// Refusal is the stored record of a refusal logged on a mission (a named non-event the
// debrief and the mission view read back); it is a record, not an error.
type Refusal struct {
	MissionID string
	Reason    refusal.Reason
	Message   string
	By        Author
	At        time.Time
}

// EventKind says what a board event means for the bell.
type EventKind string

// Board event kinds.
const (
	EventLetter   EventKind = "letter"
	EventRing     EventKind = "ring"
	EventReminder EventKind = "reminder"
	EventSilence  EventKind = "silence"
)

// BoardEvent is one entry of the board stream. Cursor orders the stored events; reminders are
// computed and repeat the newest cursor so a resumed stream never skips a stored event.
type BoardEvent struct {
	Cursor    int64
	Kind      EventKind
	MissionID string
	Brain     string
	Seq       int64
	From      Phase
	To        Phase
	At        time.Time
}

// eventKindFor names the bell's reaction to a phase move.
func eventKindFor(from, to Phase) EventKind {
	switch {
	case to == PhaseMergeWait && from != PhaseMergeWait:
		return EventRing
	case from == PhaseMergeWait && to != PhaseMergeWait:
		return EventSilence
	}
	return EventLetter
}

// Receipt is the commit receipt of a landing, as the mission organ keeps it.
type Receipt struct {
	ReceiptID          string
	MissionID          string
	Brain              string
	CandidateLetterID  string
	StoreVersionBefore int64
	StoreVersionAfter  int64
	By                 Author
	At                 time.Time
	Details            map[string]string
}
