// Package wire holds every conversion between the mission organ's domain types and the proto
// messages: its own (transport, the runner) and the ones it reads from other organs (peers).
// Enum maps are written once here, in the domain → proto direction, and reversed.
package wire

import (
	"time"

	"google.golang.org/protobuf/types/known/durationpb"
	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/organism-dev/organism/platform/principal"
	"github.com/organism-dev/organism/platform/refusal"
	"github.com/organism-dev/organism/platform/rpcstatus"
	commonv1 "github.com/organism-dev/organism/proto/organism/common/v1"
	missionv1 "github.com/organism-dev/organism/proto/organism/mission/v1"
	"github.com/organism-dev/organism/services/mission/domain"
)

var phaseToProto = map[domain.Phase]missionv1.Phase{
	domain.PhaseJudging:      missionv1.Phase_PHASE_JUDGING,
	domain.PhaseExecuting:    missionv1.Phase_PHASE_EXECUTING,
	domain.PhaseMergeWait:    missionv1.Phase_PHASE_MERGE_WAIT,
	domain.PhaseLanded:       missionv1.Phase_PHASE_LANDED,
	domain.PhaseFailed:       missionv1.Phase_PHASE_FAILED,
	domain.PhaseAbandoned:    missionv1.Phase_PHASE_ABANDONED,
	domain.PhaseSpawnRefused: missionv1.Phase_PHASE_SPAWN_REFUSED,
}

// reverse inverts a one-to-one enum map, so each wire mapping is written once.
func reverse[K, V comparable](m map[K]V) map[V]K {
	out := make(map[V]K, len(m))
	for k, v := range m {
		out[v] = k
	}
	return out
}

var (
	phaseFromProto   = reverse(phaseToProto)
	verdictFromProto = reverse(verdictToProto)
)

var verdictToProto = map[domain.Verdict]missionv1.Verdict{
	domain.VerdictApprove: missionv1.Verdict_VERDICT_APPROVE,
	domain.VerdictReject:  missionv1.Verdict_VERDICT_REJECT,
	domain.VerdictAbstain: missionv1.Verdict_VERDICT_ABSTAIN,
}

var originToProto = map[principal.Origin]commonv1.Origin{
	principal.OriginAgent:    commonv1.Origin_ORIGIN_AGENT,
	principal.OriginHumanUI:  commonv1.Origin_ORIGIN_HUMAN_UI,
	principal.OriginHumanCLI: commonv1.Origin_ORIGIN_HUMAN_CLI,
	principal.OriginService:  commonv1.Origin_ORIGIN_SERVICE,
	principal.OriginPeer:     commonv1.Origin_ORIGIN_PEER,
}

var eventKindToProto = map[domain.EventKind]missionv1.BoardEventKind{
	domain.EventLetter:   missionv1.BoardEventKind_BOARD_EVENT_KIND_LETTER,
	domain.EventRing:     missionv1.BoardEventKind_BOARD_EVENT_KIND_RING,
	domain.EventReminder: missionv1.BoardEventKind_BOARD_EVENT_KIND_REMINDER,
	domain.EventSilence:  missionv1.BoardEventKind_BOARD_EVENT_KIND_SILENCE,
}

// PhaseToProto spells a domain phase on the wire (UNSPECIFIED for an unknown one).
func PhaseToProto(p domain.Phase) missionv1.Phase { return phaseToProto[p] }

// PhaseFromProto reads a wire phase; ok is false for UNSPECIFIED and unknown values.
func PhaseFromProto(p missionv1.Phase) (domain.Phase, bool) {
	d, ok := phaseFromProto[p]
	return d, ok
}

// Reason spells a refusal reason the way the MissionReason enum does, prefix stripped; a
// reason the enum does not name is passed as it is.
func Reason(r refusal.Reason) string {
	if v, ok := missionv1.MissionReason_value["MISSION_REASON_"+string(r)]; ok {
		return rpcstatus.Reason(missionv1.MissionReason(v))
	}
	return string(r)
}

// RefusalToProto renders a refusal logged on a mission.
func RefusalToProto(r domain.Refusal) *missionv1.Refusal {
	return &missionv1.Refusal{Reason: Reason(r.Reason), Message: r.Message, By: AuthorToProto(r.By), At: ts(r.At)}
}

func ts(t time.Time) *timestamppb.Timestamp {
	if t.IsZero() {
		return nil
	}
	return timestamppb.New(t)
}

func fromTS(t *timestamppb.Timestamp) time.Time {
	if t == nil {
		return time.Time{}
	}
	return t.AsTime()
}

// PacketToProto renders a mission packet.
func PacketToProto(p domain.Packet) *missionv1.Packet {
	return &missionv1.Packet{Brain: p.Brain, BlockIds: p.BlockIDs, GateCommand: p.GateCommand, Symptom: p.Symptom,
		ReportId: p.ReportID, Title: p.Title}
}

// PacketFromProto reads a mission packet.
func PacketFromProto(p *missionv1.Packet) domain.Packet {
	return domain.Packet{Brain: p.GetBrain(), BlockIDs: p.GetBlockIds(), GateCommand: p.GetGateCommand(), Symptom: p.GetSymptom(),
		ReportID: p.GetReportId(), Title: p.GetTitle()}
}

// CandidateToProto renders a receipt candidate.
func CandidateToProto(c domain.Candidate) *missionv1.ReceiptCandidate {
	return &missionv1.ReceiptCandidate{
		LogSha256: c.LogSHA256, LogSize: c.LogSize, ExitCode: int32(c.ExitCode),
		StartedAt: ts(c.StartedAt), EndedAt: ts(c.EndedAt), BaseCommit: c.BaseCommit,
		DiffStat: &missionv1.DiffStat{FilesChanged: int32(c.Diff.FilesChanged), Insertions: int32(c.Diff.Insertions),
			Deletions: int32(c.Diff.Deletions), Paths: c.Diff.Paths},
		GateCommand: c.GateCommand, RunnerId: c.RunnerID, Commit: c.Commit, Ref: c.Ref,
	}
}

// CandidateFromProto reads a receipt candidate; the runner id is the server's to fill.
func CandidateFromProto(c *missionv1.ReceiptCandidate) domain.Candidate {
	d := c.GetDiffStat()
	return domain.Candidate{
		LogSHA256: c.GetLogSha256(), LogSize: c.GetLogSize(), ExitCode: int(c.GetExitCode()),
		StartedAt: fromTS(c.GetStartedAt()), EndedAt: fromTS(c.GetEndedAt()), BaseCommit: c.GetBaseCommit(),
		Diff: domain.DiffStat{FilesChanged: int(d.GetFilesChanged()), Insertions: int(d.GetInsertions()),
			Deletions: int(d.GetDeletions()), Paths: d.GetPaths()},
		GateCommand: c.GetGateCommand(), Commit: c.GetCommit(),
	}
}

// AuthorToProto renders who posted a letter.
func AuthorToProto(a domain.Author) *commonv1.AgentRef {
	return &commonv1.AgentRef{AgentId: a.AgentID, Seat: a.Seat, Brain: a.Brain, Origin: originToProto[a.Origin]}
}

// LetterToProto renders a letter.
func LetterToProto(l domain.Letter) *missionv1.Letter {
	out := &missionv1.Letter{
		Schema: l.Schema, LetterId: l.LetterID, MissionId: l.MissionID, Seq: l.Seq, Brain: l.Brain,
		Phase: phaseToProto[l.Phase], Advisory: l.Advisory, Note: l.Note, BlockIds: l.BlockIDs,
		Author: AuthorToProto(l.Author), PostedAt: ts(l.PostedAt),
	}
	if l.Packet != nil {
		out.Packet = PacketToProto(*l.Packet)
	}
	if l.Candidate != nil {
		out.Candidate = CandidateToProto(*l.Candidate)
	}
	if l.Parecer != nil {
		out.Parecer = &missionv1.Parecer{Verdict: verdictToProto[l.Parecer.Verdict], Gist: l.Parecer.Gist}
	}
	if l.Landing != nil {
		out.Landing = &missionv1.Landing{ReceiptId: l.Landing.ReceiptID, CandidateLetterId: l.Landing.CandidateLetterID,
			StoreVersionBefore: l.Landing.StoreVersionBefore, StoreVersionAfter: l.Landing.StoreVersionAfter,
			ImportedVia: originToProto[l.Landing.ImportedVia], Commit: l.Landing.Commit, TargetBranch: l.Landing.TargetBranch,
			Mode: landingModeToProto[l.Landing.Mode], Method: l.Landing.Method}
	}
	return out
}

// letterFromProto takes only what a poster may say; the server fills ids, seq, author and time.
func LetterFromProto(l *missionv1.Letter) domain.Letter {
	out := domain.Letter{Schema: l.GetSchema(), Brain: l.GetBrain(), Phase: phaseFromProto[l.GetPhase()],
		Advisory: l.GetAdvisory(), Note: l.GetNote(), BlockIDs: l.GetBlockIds()}
	if l.GetPacket() != nil {
		p := PacketFromProto(l.GetPacket())
		out.Packet = &p
	}
	if l.GetCandidate() != nil {
		c := CandidateFromProto(l.GetCandidate())
		out.Candidate = &c
	}
	if l.GetParecer() != nil {
		out.Parecer = &domain.Parecer{Verdict: verdictFromProto[l.GetParecer().GetVerdict()], Gist: l.GetParecer().GetGist()}
	}
	if l.GetLanding() != nil {
		out.Landing = &domain.Landing{}
	}
	return out
}

// LeaseToProto renders a lease; nil when there is none.
func LeaseToProto(l domain.Lease) *missionv1.Lease {
	if l.LeaseID == "" {
		return nil
	}
	return &missionv1.Lease{LeaseId: l.LeaseID, MissionId: l.MissionID, RunnerId: l.RunnerID, ExpiresAt: ts(l.ExpiresAt), Attempt: int32(l.Attempt)}
}

// MissionToProto renders a mission row; now decides whether its lease is still live.
func MissionToProto(m domain.Mission, now time.Time) *missionv1.Mission {
	out := &missionv1.Mission{
		MissionId: m.MissionID, Brain: m.Brain, Phase: phaseToProto[m.Phase], HeadSeq: m.HeadSeq, HeadLetterId: m.HeadLetterID,
		OpenedAt: ts(m.OpenedAt), UpdatedAt: ts(m.UpdatedAt), Title: m.Title, CandidateLetterId: m.CandidateLetterID,
		AssignedRunner: m.AssignedRunner, Ringing: m.Ringing(), RerunRequested: m.RerunRequested,
		Debrief: &missionv1.Debrief{State: m.Debrief.State, Slug: m.Debrief.Slug, LastError: m.Debrief.LastError},
	}
	// An expired lease is shown as none: liveness is computed, never stored.
	if m.Lease.Live(now) {
		out.Lease = LeaseToProto(m.Lease)
	}
	return out
}

// WorkToProto renders a leased mission handed to a runner; now decides whether the lease shows.
func WorkToProto(w domain.Work, now time.Time) *missionv1.Work {
	return &missionv1.Work{
		Mission: MissionToProto(w.Mission, now), Packet: PacketToProto(w.Mission.Packet), Lease: LeaseToProto(w.Lease),
		RepoRoot: w.RepoRoot, Runner: PinnedToProto(w.Runner), Phase: phaseToProto[w.Mission.Phase], HeadSeq: w.Mission.HeadSeq,
	}
}

// PinnedToProto renders a runner's pinned entry.
func PinnedToProto(r domain.PinnedRunner) *missionv1.PinnedRunner {
	return &missionv1.PinnedRunner{Id: r.ID, Command: r.Command, Capabilities: r.Capabilities,
		Timeout: durationpb.New(r.Timeout), Brains: r.Brains}
}

// EventToProto renders a board event.
func EventToProto(e domain.BoardEvent) *missionv1.BoardEvent {
	return &missionv1.BoardEvent{Cursor: e.Cursor, Kind: eventKindToProto[e.Kind], MissionId: e.MissionID, Brain: e.Brain,
		Seq: e.Seq, FromPhase: phaseToProto[e.From], ToPhase: phaseToProto[e.To], At: ts(e.At)}
}

// LandingModeToProto is the wire form of a landing mode.
func LandingModeToProto(m domain.LandingMode) missionv1.LandingMode { return landingModeToProto[m] }

var landingModeToProto = map[domain.LandingMode]missionv1.LandingMode{
	domain.ModeApply:  missionv1.LandingMode_LANDING_MODE_APPLY,
	domain.ModeRecord: missionv1.LandingMode_LANDING_MODE_RECORD,
}

// ReceiptToProto renders a landing's commit receipt in the common receipt shape.
func ReceiptToProto(r domain.Receipt) *commonv1.CommitReceipt {
	return &commonv1.CommitReceipt{
		ReceiptId: r.ReceiptID, Brain: r.Brain, StoreVersionBefore: r.StoreVersionBefore, StoreVersionAfter: r.StoreVersionAfter,
		Details: r.Details, By: AuthorToProto(r.By), At: ts(r.At), Verse: commonv1.Verse_VERSE_INTERNAL,
		Proposal: &commonv1.Proposal{ProposalId: r.ReceiptID, Brain: r.Brain, Effect: domain.EffectLand, Subject: r.MissionID,
			ProposedBy: AuthorToProto(r.By), ProposedAt: ts(r.At)},
		Review: &commonv1.Review{ProposalId: r.ReceiptID, Decision: commonv1.Decision_DECISION_COMMIT,
			Gates: landingGates, ReviewedAt: ts(r.At)},
	}
}

var landingGates = []string{"human-origin", "head", "candidate", "evidence", "temporal", "target"}

// EntryToProto renders one receipt of the mission ledger in medulla's receipt shape: a commit
// receipt for an accepted letter or landing, a rejection receipt for a refused one.
func EntryToProto(e domain.Entry) *commonv1.Receipt {
	by := AuthorToProto(e.By)
	p := &commonv1.Proposal{ProposalId: e.ReceiptID, Brain: e.Brain, Effect: e.Effect, Subject: e.Subject, ProposedBy: by, ProposedAt: ts(e.At)}
	if e.Decision == domain.DecisionReject {
		gates := append(append([]string(nil), e.Gates...), string(e.Reason))
		return &commonv1.Receipt{Kind: &commonv1.Receipt_Rejection{Rejection: &commonv1.RejectionReceipt{
			ReceiptId: e.ReceiptID, Brain: e.Brain, Proposal: p, Reason: string(e.Reason), Message: e.Message, By: by, At: ts(e.At),
			Verse:  commonv1.Verse_VERSE_INTERNAL,
			Review: &commonv1.Review{ProposalId: e.ReceiptID, Decision: commonv1.Decision_DECISION_REJECT, Gates: gates, ReviewedAt: ts(e.At)},
		}}}
	}
	return &commonv1.Receipt{Kind: &commonv1.Receipt_Commit{Commit: &commonv1.CommitReceipt{
		ReceiptId: e.ReceiptID, Brain: e.Brain, Proposal: p, StoreVersionBefore: e.StoreVersionBefore, StoreVersionAfter: e.StoreVersionAfter,
		Details: e.Details, By: by, At: ts(e.At), Verse: commonv1.Verse_VERSE_INTERNAL,
		Review: &commonv1.Review{ProposalId: e.ReceiptID, Decision: commonv1.Decision_DECISION_COMMIT, Gates: e.Gates, ReviewedAt: ts(e.At)},
	}}}
}
