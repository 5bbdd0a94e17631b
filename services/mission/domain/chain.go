package domain

import (
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/organism-dev/organism/platform/principal"
	"github.com/organism-dev/organism/platform/refusal"
)

// Page sizes of the listings: a page of missions defaults to 100; letters default to a full
// page, since a chain is read to its end. Neither is ever more than 1,000.
const (
	DefaultPageSize   = 100
	DefaultLetterPage = 1000
	MaxPageSize       = 1000
)

func pageSize(n, def int) int {
	switch {
	case n <= 0:
		return def
	case n > MaxPageSize:
		return MaxPageSize
	}
	return n
}

// OpenMission opens a chain: its seq 1 letter is phase judging and carries the packet. The
// opening leaves a commit receipt in the brain's ledger, a refusal a rejection receipt.
func (s *Service) OpenMission(ctx context.Context, a principal.Principal, p Packet, note string) (Mission, Letter, error) {
	m, l, err := s.openMission(ctx, a, p, note)
	if err != nil {
		s.rejected(ctx, a, EffectOpen, p.Brain, "", err)
	}
	return m, l, err
}

func (s *Service) openMission(ctx context.Context, a principal.Principal, p Packet, note string) (Mission, Letter, error) {
	if err := CheckPacket(p); err != nil {
		return Mission{}, Letter{}, err
	}
	var v violations
	checkText(&v, "note", note, MaxNoteBytes, false)
	if err := v.err(ReasonSchemaViolation, "letter does not follow "+Schema); err != nil {
		return Mission{}, Letter{}, err
	}
	if !MayUse(a, p.Brain) {
		return Mission{}, Letter{}, foreign(a, p.Brain)
	}
	b, err := s.brain(ctx, p.Brain)
	if err != nil {
		return Mission{}, Letter{}, err
	}
	// The organ meets the brain: its landing target is fixed now if it is not yet.
	if _, err := s.fixTarget(ctx, b); err != nil {
		s.log.WarnContext(ctx, "fix landing target", "brain", b.Name, "err", err)
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
	if err := s.o.Store.CreateMission(ctx, m, l, ev, s.committed(a, EffectOpen, l, "schema", "brain", "unknown-block")); err != nil {
		return Mission{}, Letter{}, err
	}
	// This replica wrote the chain's head: its first letter is judged on m, as after an
	// append (heads.go), instead of reading the mission back.
	s.heads.keep(m)
	s.change.broadcast()
	return m, l, nil
}

func foreign(a principal.Principal, brain string) error {
	return refusal.New(ReasonForeignBrain, "credential is bound to brain %q, not %q", a.Brain, brain)
}

// checkBlocks is the unknown-block gate; it applies only when the brain has a skeleton: one in
// the skeleton store (its ratified and candidate blocks), else its old .blocks file.
func (s *Service) checkBlocks(ctx context.Context, brain string, ids []string) error {
	if len(ids) == 0 {
		return nil
	}
	blocks, has, err := s.knownBlocks(ctx, brain)
	if err == nil && !has && s.o.Skeletons != nil {
		blocks, has, err = s.o.Skeletons.Blocks(ctx, brain)
	}
	if err != nil {
		return fmt.Errorf("skeleton of %s: %w", brain, err)
	}
	if !has {
		return nil
	}
	for _, id := range ids {
		if !blocks[id] {
			return refusal.New(ReasonUnknownBlock, "brain %s's skeleton holds no block %s", brain, id)
		}
	}
	return nil
}

// missionFor loads a mission the actor may see.
func (s *Service) missionFor(ctx context.Context, a principal.Principal, id string) (Mission, error) {
	m, err := s.mission(ctx, id)
	if err != nil {
		return Mission{}, err
	}
	if !MayUse(a, m.Brain) {
		return Mission{}, foreign(a, m.Brain)
	}
	return m, nil
}

// PostLetter appends l under compare-and-swap on the head. Gates, in order: schema, unknown
// block, brain mismatch, head CAS; then the phase machine and who may draw the arrow; then,
// for a candidate, its evidence (the stored log and the commit holding the change). An
// accepted letter leaves a commit receipt in the brain's ledger, a refused one a rejection
// receipt in the ledger it belongs to.
func (s *Service) PostLetter(ctx context.Context, a principal.Principal, missionID string, expectedHead int64, l Letter) (Letter, Mission, error) {
	out, m, err := s.postLetter(ctx, a, missionID, expectedHead, l)
	if err != nil {
		brain := ""
		if mm, merr := s.o.Store.Mission(ctx, missionID); merr == nil {
			brain = mm.Brain
		}
		s.rejected(ctx, a, EffectLetter, brain, missionID, err)
	}
	return out, m, err
}

func (s *Service) postLetter(ctx context.Context, a principal.Principal, missionID string, expectedHead int64, l Letter) (Letter, Mission, error) {
	if err := CheckLetter(l); err != nil {
		return Letter{}, Mission{}, err
	}
	// A letter without candidate evidence on a head this replica wrote is judged on the row
	// that append left (heads.go); a candidate's evidence checks leave records, so they are
	// always made on a fresh read.
	if m, ok := s.heads.at(missionID, expectedHead); ok && (l.Candidate == nil || l.Advisory) && MayUse(a, m.Brain) {
		out, after, err := s.appendLetter(ctx, a, m, expectedHead, l)
		if _, refused := refusal.As(err); !refused {
			// Accepted, or failed in a way a second try could not mend (an unreachable store
			// may have committed it: the caller must hear that, not a lost head).
			return out, after, err
		}
		// Refused on a remembered row: decide again on the chain as it is now.
		s.heads.forget(missionID)
	}
	m, err := s.missionFor(ctx, a, missionID)
	if err != nil {
		return Letter{}, Mission{}, err
	}
	return s.appendLetter(ctx, a, m, expectedHead, l)
}

// appendLetter runs PostLetter's gates after the schema's on m, the chain as read or as this
// replica's last append left it, and appends l under compare-and-swap on expectedHead.
func (s *Service) appendLetter(ctx context.Context, a principal.Principal, m Mission, expectedHead int64, l Letter) (Letter, Mission, error) {
	if err := s.checkBlocks(ctx, m.Brain, l.BlockIDs); err != nil {
		return Letter{}, Mission{}, err
	}
	if l.Brain != m.Brain {
		return Letter{}, Mission{}, refusal.New(ReasonBrainMismatch, "letter names brain %q, the chain belongs to %q", l.Brain, m.Brain)
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
			return Letter{}, Mission{}, refusal.New(ReasonOriginNotHuman, "%s -> %s is the owner's gesture; origin %s is not human", m.Phase, to, a.Origin)
		}
	case moverRunnerOrHuman:
		if !a.Human() {
			if a.Seat != RunnerSeat {
				return Letter{}, Mission{}, refusal.New(ReasonOriginNotHuman, "%s -> %s is the owner's gesture or the leased runner's report; origin %s is neither", m.Phase, to, a.Origin)
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
		if errors.Is(err, ErrNoLog) {
			return Letter{}, Mission{}, refusal.New(ReasonEvidenceMissing, "no stored log %s for mission %s: PutLog before merge_wait", c.LogSHA256, m.MissionID)
		}
		if err != nil {
			return Letter{}, Mission{}, err
		}
		c.LogSize = int64(len(data))
		if err := s.checkCandidateCommit(ctx, m, &c); err != nil {
			return Letter{}, Mission{}, err
		}
		l.Candidate = &c
		ap.CandidateLetterID = l.LetterID
	}
	if to == PhaseMergeWait || to.Terminal() {
		ap.ClearLease = true
		ap.ClearRerun = true
	}
	ap.Letter = l
	ap.Entry = s.committed(a, EffectLetter, l, "schema", "unknown-block", "brain", "head-cas", "phase", "mover")
	ap.Event = BoardEvent{Kind: eventKindFor(m.Phase, to), MissionID: m.MissionID, Brain: m.Brain, Seq: l.Seq, From: m.Phase, To: to, At: now}
	if l.Advisory {
		ap.Event.Kind = EventLetter
	}
	after, err := s.o.Store.Append(ctx, ap)
	if err != nil {
		if errors.Is(err, ErrHeadMoved) {
			return Letter{}, Mission{}, refusal.New(ReasonHeadCASMismatch, "chain head moved past %d", expectedHead)
		}
		if errors.Is(err, ErrLeaseNotHeld) {
			return Letter{}, Mission{}, refusal.New(ReasonLeaseNotHeld, "runner %s lost its lease on %s", a.AgentID, m.MissionID)
		}
		return Letter{}, Mission{}, err
	}
	s.change.broadcast()
	s.heads.keep(after)
	if to.Closes() {
		after = s.debrief(ctx, after)
	}
	return l, after, nil
}

// checkCandidateCommit holds a candidate to its commit: the mission ref in the brain's
// repository points at it, its only parent is the base, and the diff stat is what git says
// of it (the runner's own count is replaced, as the log size is). The ref is then kept on
// record so it is removed once the mission has been closed a while.
func (s *Service) checkCandidateCommit(ctx context.Context, m Mission, c *Candidate) error {
	b, err := s.brain(ctx, m.Brain)
	if err != nil {
		return err
	}
	c.Ref = MissionRef(m.MissionID)
	diff, err := s.o.Repo.Candidate(ctx, b.RepoRoot, c.Ref, c.BaseCommit, c.Commit)
	switch {
	case errors.Is(err, ErrNoCommit):
		return refusal.New(ReasonEvidenceMissing, "the brain's repository has no commit %s: commit the change and keep it under %s before merge_wait", c.Commit, c.Ref)
	case errors.Is(err, ErrNotCandidate):
		return refusal.New(ReasonEvidenceMismatch, "%s", strings.TrimPrefix(err.Error(), ErrNotCandidate.Error()+": "))
	case err != nil:
		return fmt.Errorf("candidate commit: %w", err)
	}
	c.Diff = diff
	return s.o.Store.KeepRef(ctx, KeptRef{MissionID: m.MissionID, Brain: m.Brain, RepoRoot: b.RepoRoot, Ref: c.Ref})
}

func headMoved(expected, head int64) error {
	return refusal.New(ReasonHeadCASMismatch, "expected head %d, the chain head is %d", expected, head)
}

// holdsLease checks a runner letter: the caller sits in the runner seat and holds the live lease.
func (s *Service) holdsLease(a principal.Principal, m Mission, now time.Time) error {
	if a.Seat != RunnerSeat {
		return refusal.New(ReasonNotARunner, "only a runner holding the lease posts this arrow; seat is %q", a.Seat)
	}
	if !m.Lease.Live(now) || m.Lease.RunnerID != a.AgentID {
		return refusal.New(ReasonLeaseNotHeld, "runner %s holds no live lease on %s", a.AgentID, m.MissionID)
	}
	return nil
}

// MissionView is one mission in full.
type MissionView struct {
	Mission   Mission
	Head      Letter
	Candidate *Letter
	Refusals  []Refusal
	// Target is the brain's landing target and mode (nil when none is known yet): what the
	// owner's stamp will land onto, shown before anything lands.
	Target *LandingTarget
}

// GetMission returns a mission with its head, candidate and logged refusals.
func (s *Service) GetMission(ctx context.Context, a principal.Principal, id string) (MissionView, error) {
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
	t, ok, err := s.knownTarget(ctx, m.Brain)
	if err != nil {
		// A broken landing.toml refuses the stamp, with its reason; the view still reads.
		s.log.WarnContext(ctx, "landing target", "brain", m.Brain, "err", err)
	} else if ok {
		v.Target = &t
	}
	return v, nil
}

// ListLetters returns one page of letters with seq > afterSeq, in order, and whether letters
// exist past the last one returned. The page is size letters (DefaultLetterPage when zero,
// never more than MaxPageSize); a reader loops on the last seq until more is false.
func (s *Service) ListLetters(ctx context.Context, a principal.Principal, id string, afterSeq int64, size int) ([]Letter, bool, error) {
	m, err := s.missionFor(ctx, a, id)
	if err != nil {
		return nil, false, err
	}
	n := pageSize(size, DefaultLetterPage)
	// One letter past the page says whether there is more without a second query.
	ls, err := s.o.Store.Letters(ctx, m.MissionID, afterSeq, n+1)
	if err != nil {
		return nil, false, err
	}
	if len(ls) > n {
		return ls[:n], true, nil
	}
	return ls, false, nil
}

// ListMissions is the board. An empty brain means the caller's own (every brain for the owner).
func (s *Service) ListMissions(ctx context.Context, a principal.Principal, brain string, phases []Phase, size int, token string) ([]Mission, string, error) {
	if brain == "" {
		brain = a.Brain
	}
	if brain != "" && !MayUse(a, brain) {
		return nil, "", foreign(a, brain)
	}
	if brain == "" && !mayWatchAll(a) {
		return nil, "", foreign(a, brain)
	}
	f := MissionFilter{Brain: brain, Phases: phases, Limit: pageSize(size, DefaultPageSize)}
	if token != "" {
		t, id, err := decodeToken(token)
		if err != nil {
			return nil, "", &refusal.Error{Reason: ReasonInvalidArgument, Message: "page token: " + err.Error(),
				Violations: []refusal.Violation{{Field: "page.page_token", Description: "not a token this server issued"}}}
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
	t := time.Unix(0, n).UTC()
	// A token is accepted only in the one spelling this server writes for its cursor, so every
	// accepted token names exactly one cursor (no "+5", "05" or stray base64 bits).
	if encodeToken(t, id) != tok {
		return time.Time{}, "", errors.New("not in canonical form")
	}
	return t, id, nil
}
