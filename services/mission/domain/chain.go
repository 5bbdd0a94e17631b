package domain

import (
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Page sizes of the listings.
const (
	DefaultPageSize = 100
	MaxPageSize     = 1000
)

func pageSize(n int) int {
	switch {
	case n <= 0:
		return DefaultPageSize
	case n > MaxPageSize:
		return MaxPageSize
	}
	return n
}

// OpenMission opens a chain: its seq 1 letter is phase judging and carries the packet.
func (s *Service) OpenMission(ctx context.Context, a Actor, p Packet, note string) (Mission, Letter, error) {
	if err := CheckPacket(p); err != nil {
		return Mission{}, Letter{}, err
	}
	var v violations
	checkText(&v, "note", note, MaxNoteBytes, false)
	if err := v.err(ReasonSchemaViolation, "letter does not follow "+Schema); err != nil {
		return Mission{}, Letter{}, err
	}
	if !a.MayUse(p.Brain) {
		return Mission{}, Letter{}, foreign(a, p.Brain)
	}
	if _, err := s.o.Brains.Brain(ctx, p.Brain); err != nil {
		return Mission{}, Letter{}, err
	}
	if err := s.checkBlocks(ctx, p.Brain, p.BlockIDs); err != nil {
		return Mission{}, Letter{}, err
	}
	now := s.o.Clock.Now()
	m := Mission{
		MissionID: s.o.IDs.New("msn_"),
		Brain:     p.Brain,
		Title:     p.Title,
		Phase:     PhaseJudging,
		HeadSeq:   1,
		OpenedAt:  now,
		UpdatedAt: now,
		Packet:    p,
	}
	pc := p
	l := Letter{
		Schema:    Schema,
		LetterID:  s.o.IDs.New("ltr_"),
		MissionID: m.MissionID,
		Seq:       1,
		Brain:     p.Brain,
		Phase:     PhaseJudging,
		Note:      note,
		BlockIDs:  p.BlockIDs,
		Packet:    &pc,
		Author:    AuthorOf(a),
		PostedAt:  now,
	}
	m.HeadLetterID = l.LetterID
	ev := BoardEvent{Kind: EventLetter, MissionID: m.MissionID, Brain: m.Brain, Seq: 1, To: PhaseJudging, At: now}
	if err := s.o.Store.CreateMission(ctx, m, l, ev); err != nil {
		return Mission{}, Letter{}, err
	}
	s.change.broadcast()
	return m, l, nil
}

func foreign(a Actor, brain string) error {
	return refuse(ReasonForeignBrain, "credential is bound to brain %q, not %q", a.Brain, brain)
}

// checkBlocks is the unknown-block gate; it applies only when the brain has a skeleton.
func (s *Service) checkBlocks(ctx context.Context, brain string, ids []string) error {
	if s.o.Skeletons == nil || len(ids) == 0 {
		return nil
	}
	blocks, has, err := s.o.Skeletons.Blocks(ctx, brain)
	if err != nil {
		return fmt.Errorf("skeleton of %s: %w", brain, err)
	}
	if !has {
		return nil
	}
	for _, id := range ids {
		if !blocks[id] {
			return refuse(ReasonUnknownBlock, "brain %s's skeleton holds no block %s", brain, id)
		}
	}
	return nil
}

// missionFor loads a mission the actor may see.
func (s *Service) missionFor(ctx context.Context, a Actor, id string) (Mission, error) {
	m, err := s.o.Store.Mission(ctx, id)
	if err != nil {
		return Mission{}, err
	}
	if !a.MayUse(m.Brain) {
		return Mission{}, foreign(a, m.Brain)
	}
	return m, nil
}

// PostLetter appends l under compare-and-swap on the head. Gates, in order: schema, unknown
// block, brain mismatch, head CAS; then the phase machine and who may draw the arrow.
func (s *Service) PostLetter(ctx context.Context, a Actor, missionID string, expectedHead int64, l Letter) (Letter, Mission, error) {
	if err := CheckLetter(l); err != nil {
		return Letter{}, Mission{}, err
	}
	m, err := s.missionFor(ctx, a, missionID)
	if err != nil {
		return Letter{}, Mission{}, err
	}
	if err := s.checkBlocks(ctx, m.Brain, l.BlockIDs); err != nil {
		return Letter{}, Mission{}, err
	}
	if l.Brain != m.Brain {
		return Letter{}, Mission{}, refuse(ReasonBrainMismatch, "letter names brain %q, the chain belongs to %q", l.Brain, m.Brain)
	}
	if expectedHead != m.HeadSeq {
		return Letter{}, Mission{}, headMoved(expectedHead, m.HeadSeq)
	}
	to, who, err := next(m.Phase, l)
	if err != nil {
		return Letter{}, Mission{}, err
	}
	now := s.o.Clock.Now()
	ap := Append{ExpectedHead: expectedHead, Phase: to, Now: now}
	byRunner := false
	switch who {
	case moverRunner:
		if err := s.holdsLease(a, m, now); err != nil {
			return Letter{}, Mission{}, err
		}
		byRunner = true
	case moverHuman:
		if !a.Human() {
			return Letter{}, Mission{}, refuse(ReasonOriginNotHuman, "%s -> %s is the owner's gesture; origin %s is not human", m.Phase, to, a.Origin)
		}
	case moverRunnerOrHuman:
		if !a.Human() {
			if a.Seat != RunnerSeat {
				return Letter{}, Mission{}, refuse(ReasonOriginNotHuman, "%s -> %s is the owner's gesture or the leased runner's report; origin %s is neither", m.Phase, to, a.Origin)
			}
			if err := s.holdsLease(a, m, now); err != nil {
				return Letter{}, Mission{}, err
			}
			byRunner = true
		}
	}
	if byRunner {
		ap.RequireLease = m.Lease.LeaseID
	}
	l.LetterID = s.o.IDs.New("ltr_")
	l.MissionID = m.MissionID
	l.Seq = expectedHead + 1
	l.Author = AuthorOf(a)
	l.PostedAt = now
	if l.Candidate != nil && !l.Advisory {
		c := *l.Candidate
		c.RunnerID = a.AgentID
		data, err := s.o.Store.Log(ctx, m.MissionID, c.LogSHA256)
		if errors.Is(err, ErrLogNotFound) {
			return Letter{}, Mission{}, refuse(ReasonEvidenceMissing, "no stored log %s for mission %s: PutLog before merge_wait", c.LogSHA256, m.MissionID)
		}
		if err != nil {
			return Letter{}, Mission{}, err
		}
		c.LogSize = int64(len(data))
		l.Candidate = &c
		ap.CandidateLetterID = l.LetterID
	}
	if to == PhaseMergeWait || to.Terminal() {
		ap.ClearLease = true
		ap.ClearRerun = true
	}
	ap.Letter = l
	ap.Event = BoardEvent{Kind: eventKindFor(m.Phase, to), MissionID: m.MissionID, Brain: m.Brain, Seq: l.Seq, From: m.Phase, To: to, At: now}
	if l.Advisory {
		ap.Event.Kind = EventLetter
	}
	if err := s.o.Store.Append(ctx, ap); err != nil {
		if errors.Is(err, ErrHeadMoved) {
			return Letter{}, Mission{}, refuse(ReasonHeadCASMismatch, "chain head moved past %d", expectedHead)
		}
		if errors.Is(err, ErrLeaseNotHeld) {
			return Letter{}, Mission{}, refuse(ReasonLeaseNotHeld, "runner %s lost its lease on %s", a.AgentID, m.MissionID)
		}
		return Letter{}, Mission{}, err
	}
	s.change.broadcast()
	after := applied(m, ap)
	if to.Closes() {
		after = s.debrief(ctx, after)
	}
	return l, after, nil
}

// applied is m as the store holds it after ap, without reading it back.
func applied(m Mission, ap Append) Mission {
	m.HeadSeq, m.HeadLetterID, m.Phase, m.UpdatedAt = ap.Letter.Seq, ap.Letter.LetterID, ap.Phase, ap.Now
	if ap.CandidateLetterID != "" {
		m.CandidateLetterID = ap.CandidateLetterID
	}
	if ap.ClearLease {
		m.Lease = Lease{}
	}
	if ap.ClearRerun {
		m.RerunRequested = false
	}
	return m
}

func headMoved(expected, head int64) error {
	return refuse(ReasonHeadCASMismatch, "expected head %d, the chain head is %d", expected, head)
}

// holdsLease checks a runner letter: the caller sits in the runner seat and holds the live lease.
func (s *Service) holdsLease(a Actor, m Mission, now time.Time) error {
	if a.Seat != RunnerSeat {
		return refuse(ReasonNotARunner, "only a runner holding the lease posts this arrow; seat is %q", a.Seat)
	}
	if !m.Lease.Live(now) || m.Lease.RunnerID != a.AgentID {
		return refuse(ReasonLeaseNotHeld, "runner %s holds no live lease on %s", a.AgentID, m.MissionID)
	}
	return nil
}

// MissionView is one mission in full.
type MissionView struct {
	Mission   Mission
	Head      Letter
	Candidate *Letter
	Refusals  []Refusal
}

// GetMission returns a mission with its head, candidate and logged refusals.
func (s *Service) GetMission(ctx context.Context, a Actor, id string) (MissionView, error) {
	m, err := s.missionFor(ctx, a, id)
	if err != nil {
		return MissionView{}, err
	}
	head, err := s.o.Store.Letter(ctx, m.MissionID, m.HeadLetterID)
	if err != nil {
		return MissionView{}, err
	}
	v := MissionView{Mission: m, Head: head}
	if m.CandidateLetterID != "" {
		c, err := s.o.Store.Letter(ctx, m.MissionID, m.CandidateLetterID)
		if err != nil {
			return MissionView{}, err
		}
		v.Candidate = &c
	}
	if v.Refusals, err = s.o.Store.Refusals(ctx, m.MissionID); err != nil {
		return MissionView{}, err
	}
	return v, nil
}

// ListLetters returns letters with seq > afterSeq, in order.
func (s *Service) ListLetters(ctx context.Context, a Actor, id string, afterSeq int64, size int) ([]Letter, error) {
	m, err := s.missionFor(ctx, a, id)
	if err != nil {
		return nil, err
	}
	return s.o.Store.Letters(ctx, m.MissionID, afterSeq, pageSize(size))
}

// ListMissions is the board. An empty brain means the caller's own (every brain for the owner).
func (s *Service) ListMissions(ctx context.Context, a Actor, brain string, phases []Phase, size int, token string) ([]Mission, string, error) {
	if brain == "" {
		brain = a.Brain
	}
	if brain != "" && !a.MayUse(brain) {
		return nil, "", foreign(a, brain)
	}
	if brain == "" && !a.Human() && !a.Service() {
		return nil, "", foreign(a, brain)
	}
	f := MissionFilter{Brain: brain, Phases: phases, Limit: pageSize(size)}
	if token != "" {
		t, id, err := decodeToken(token)
		if err != nil {
			return nil, "", &Error{Reason: ReasonInvalidArgument, Message: "page token: " + err.Error(),
				Violations: []Violation{{Field: "page.page_token", Description: "not a token this server issued"}}}
		}
		f.AfterOpened, f.AfterID = t, id
	}
	ms, err := s.o.Store.Missions(ctx, f)
	if err != nil {
		return nil, "", err
	}
	next := ""
	if len(ms) == f.Limit {
		last := ms[len(ms)-1]
		next = encodeToken(last.OpenedAt, last.MissionID)
	}
	return ms, next, nil
}

func encodeToken(t time.Time, id string) string {
	return base64.RawURLEncoding.EncodeToString([]byte(strconv.FormatInt(t.UnixNano(), 10) + ":" + id))
}

func decodeToken(tok string) (time.Time, string, error) {
	raw, err := base64.RawURLEncoding.DecodeString(tok)
	if err != nil {
		return time.Time{}, "", err
	}
	ns, id, ok := strings.Cut(string(raw), ":")
	if !ok || id == "" {
		return time.Time{}, "", errors.New("malformed")
	}
	n, err := strconv.ParseInt(ns, 10, 64)
	if err != nil {
		return time.Time{}, "", err
	}
	return time.Unix(0, n).UTC(), id, nil
}
