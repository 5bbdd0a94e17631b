package domain

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"time"

	"github.com/organism-dev/organism/platform/principal"
	"github.com/organism-dev/organism/platform/refusal"
)

// The /curate lane (curation-lane §2–§3): the owner sends a curation, a pinned hand-runner
// claims it over gRPC, runs its pinned command once with the packet on stdin and submits what
// the command printed. Mission never runs commands and the runner never holds a pen: the
// service validates, sanitizes and applies the proposal itself, in one motion.

// curationGrace is how long past its curation_timeout a claimed curation's lease holds, for
// the runner to submit what its command printed.
const curationGrace = 30 * time.Second

// maxProposalBytes bounds a submitted proposal document.
const maxProposalBytes = 1 << 20

// serviceAuthor signs the letters the organ posts itself.
var serviceAuthor = Author{AgentID: "mission", Seat: "service", Origin: principal.OriginService}

// liveCuration returns the brain's live curation, failing it first when its lease lapsed: a
// lapse is noticed by the next real event that reads it, never by a timer's guess.
func (s *Service) liveCuration(ctx context.Context, st SkeletonStore, brain string) (Curation, bool, error) {
	c, live, err := st.LiveCuration(ctx, brain)
	if err != nil || !live {
		return Curation{}, false, err
	}
	if s.o.Clock.Now().Before(c.ExpiresAt) {
		return c, true, nil
	}
	why := "no hand-runner claimed it before " + c.ExpiresAt.Format(time.RFC3339)
	if c.State == CurationClaimed {
		why = fmt.Sprintf("hand-runner %s submitted nothing within its curation_timeout (%s)", c.RunnerID, c.Timeout)
	}
	_, err = s.failCuration(ctx, st, c, refusal.New(ReasonLeaseNotHeld, "curation lapsed: %s", why))
	if err != nil && !errors.Is(err, ErrCurationMoved) {
		return Curation{}, false, err
	}
	return Curation{}, false, nil
}

// Curate sends the brain's candidate to a pinned hand-runner: the owner only. A mission chain
// opens with the letter (seq 1, judging) and the curation holds the brain's candidate lease
// until it is applied or fails.
func (s *Service) Curate(ctx context.Context, a principal.Principal, brain, letter, runnerID string) (Curation, Mission, error) {
	c, m, err := s.curate(ctx, a, brain, letter, runnerID)
	if err != nil {
		s.rejectedSkeleton(ctx, a, EffectCurationOpen, brain, "", err)
	}
	return c, m, err
}

func (s *Service) curate(ctx context.Context, a principal.Principal, brain, letter, runnerID string) (Curation, Mission, error) {
	if err := s.checkBrainName(brain); err != nil {
		return Curation{}, Mission{}, err
	}
	var v violations
	checkText(&v, "letter", letter, MaxNoteBytes, true)
	if err := v.err(ReasonInvalidArgument, "curation letter"); err != nil {
		return Curation{}, Mission{}, err
	}
	if err := requireHuman(a, "send a curation"); err != nil {
		return Curation{}, Mission{}, err
	}
	st, err := s.skeletons()
	if err != nil {
		return Curation{}, Mission{}, err
	}
	if _, err := s.brain(ctx, brain); err != nil {
		return Curation{}, Mission{}, err
	}
	if err := s.leaseHeld(ctx, st, brain); err != nil {
		return Curation{}, Mission{}, err
	}
	cand, _, err := st.LiveSkeletons(ctx, brain)
	if err != nil {
		return Curation{}, Mission{}, err
	}
	if cand == nil {
		return Curation{}, Mission{}, refusal.New(ReasonSkeletonNotFound, "brain %s has no candidate to curate; scan one", brain)
	}
	version, err := st.SkeletonVersion(ctx, brain)
	if err != nil {
		return Curation{}, Mission{}, err
	}
	hand, err := s.handFor(brain, runnerID)
	if err != nil {
		return Curation{}, Mission{}, err
	}
	now := s.o.Clock.Now()
	c := Curation{CurationID: s.o.IDs.New("cur_"), Brain: brain, SkeletonID: cand.SkeletonID, State: CurationPending,
		RunnerID: hand.ID, ExpectedStoreVersion: version, Timeout: hand.CurationTimeout,
		CreatedAt: now, UpdatedAt: now, ExpiresAt: now.Add(s.o.CurationClaimWindow)}
	ops := []string{OpRenameBlock, OpSetPurpose, OpMergeBlocks, OpSplitBlock, OpMoveMember, OpResolveUnmapped, OpAddSeam, OpRemoveSeam}
	c.Packet, err = json.Marshal(CurationPacket{Schema: CurationPacketSchema, CurationID: c.CurationID, Brain: brain, Letter: letter,
		SkeletonID: cand.SkeletonID, StoreVersion: version, BaseCommit: cand.BaseCommit, Blocks: cand.Blocks, Seams: cand.Seams,
		Unmapped: cand.Unmapped, ProposalSchema: CurationProposalSchema, Ops: ops})
	if err != nil {
		return Curation{}, Mission{}, err
	}
	p := Packet{Brain: brain, Title: "curate skeleton " + cand.SkeletonID, Symptom: letter}
	m := Mission{MissionID: s.o.IDs.New("msn_"), Brain: brain, Title: p.Title, Phase: PhaseJudging, HeadSeq: 1,
		OpenedAt: now, UpdatedAt: now, Packet: p}
	c.MissionID = m.MissionID
	l := Letter{Schema: Schema, LetterID: s.o.IDs.New("ltr_"), MissionID: m.MissionID, Seq: 1, Brain: brain, Phase: PhaseJudging,
		Note: letter, Packet: &p, Author: AuthorOf(a), PostedAt: now}
	m.HeadLetterID = l.LetterID
	ev := BoardEvent{Kind: EventLetter, MissionID: m.MissionID, Brain: brain, Seq: 1, To: PhaseJudging, At: now}
	entry := s.committed(a, EffectCurationOpen, l, "origin", "candidate", "lease", "runner")
	entry.Details["curation"], entry.Details["skeleton"] = c.CurationID, cand.SkeletonID
	entry.Details["store_version"] = strconv.FormatInt(version, 10)
	if err := st.CreateCuration(ctx, c, m, l, ev, entry); err != nil {
		if errors.Is(err, ErrCurationBusy) {
			return Curation{}, Mission{}, refusal.New(ReasonCurationBusy, "another curation holds brain %s's candidate lease", brain)
		}
		return Curation{}, Mission{}, err
	}
	s.change.broadcast()
	s.work.broadcast()
	return c, m, nil
}

// handFor resolves the pinned hand-runner a curation goes to.
func (s *Service) handFor(brain, runnerID string) (PinnedRunner, error) {
	if runnerID == "" {
		hand, ok, err := s.o.Runners.pickHand(brain)
		if err != nil {
			return PinnedRunner{}, err
		}
		if !ok {
			return PinnedRunner{}, refusal.New(ReasonUnpinnedRunner, "no runner in the owner's runners.toml is a hand-runner for brain %s", brain)
		}
		return hand, nil
	}
	hand, err := s.o.Runners.Pinned(runnerID)
	if err != nil {
		return PinnedRunner{}, err
	}
	if !hand.Can(CapabilityHandRunner) || !hand.Serves(brain) {
		return PinnedRunner{}, refusal.New(ReasonUnpinnedRunner, "runner %q is not pinned as a hand-runner for brain %s", runnerID, brain)
	}
	return hand, nil
}

// handCaller resolves the hand-runner behind a credential: runner seat, pinned, capability.
func (s *Service) handCaller(a principal.Principal) (PinnedRunner, error) {
	pinned, err := s.pinnedCaller(a)
	if err != nil {
		return PinnedRunner{}, err
	}
	if !pinned.Can(CapabilityHandRunner) {
		return PinnedRunner{}, refusal.New(ReasonUnpinnedRunner, "runner %q is not pinned with the %s capability", pinned.ID, CapabilityHandRunner)
	}
	return pinned, nil
}

// ClaimCuration waits up to wait for a curation the calling hand-runner may take and leases it
// for its curation_timeout (plus a grace to submit). ok is false when the wait ends empty.
func (s *Service) ClaimCuration(ctx context.Context, a principal.Principal, wait time.Duration) (CurationWork, bool, error) {
	hand, err := s.handCaller(a)
	if err != nil {
		return CurationWork{}, false, err
	}
	st, err := s.skeletons()
	if err != nil {
		return CurationWork{}, false, err
	}
	if wait > s.o.MaxClaimWait {
		wait = s.o.MaxClaimWait
	}
	// As ClaimWork: the long poll is the caller's network wait, on the wall clock.
	deadline := time.NewTimer(wait)
	defer deadline.Stop()
	for {
		select {
		case <-s.stopping:
			return CurationWork{}, false, errShuttingDown(retryClaim)
		default:
		}
		changed := s.work.wait()
		w, ok, err := s.tryClaimCuration(ctx, st, a, hand)
		if err != nil || ok {
			return w, ok, err
		}
		select {
		case <-ctx.Done():
			return CurationWork{}, false, ctx.Err()
		case <-s.stopping:
			return CurationWork{}, false, errShuttingDown(retryClaim)
		case <-deadline.C:
			return CurationWork{}, false, nil
		case <-changed:
		}
	}
}

func (s *Service) tryClaimCuration(ctx context.Context, st SkeletonStore, a principal.Principal, hand PinnedRunner) (CurationWork, bool, error) {
	cs, err := st.PendingCurations(ctx, 64)
	if err != nil {
		return CurationWork{}, false, err
	}
	for _, c := range cs {
		if c.RunnerID != hand.ID || !hand.Serves(c.Brain) || !MayUse(a, c.Brain) {
			continue
		}
		if _, live, err := s.liveCuration(ctx, st, c.Brain); err != nil {
			return CurationWork{}, false, err
		} else if !live {
			continue
		}
		now := s.o.Clock.Now()
		prev := c.LeaseID
		c.State, c.LeaseID, c.Timeout, c.UpdatedAt = CurationClaimed, s.o.IDs.New("lse_"), hand.CurationTimeout, now
		c.ExpiresAt = now.Add(hand.CurationTimeout + curationGrace)
		if err := st.UpdateCuration(ctx, c, CurationPending, prev, nil); errors.Is(err, ErrCurationMoved) {
			continue
		} else if err != nil {
			return CurationWork{}, false, err
		}
		return CurationWork{Curation: c, Runner: hand}, true, nil
	}
	return CurationWork{}, false, nil
}

// curationFor loads a curation the caller may see.
func (s *Service) curationFor(ctx context.Context, st SkeletonStore, a principal.Principal, id string) (Curation, error) {
	c, err := st.Curation(ctx, id)
	if errors.Is(err, ErrNoCuration) {
		return Curation{}, refusal.New(ReasonCurationNotFound, "no curation %s", id)
	} else if err != nil {
		return Curation{}, err
	}
	if !MayUse(a, c.Brain) {
		return Curation{}, foreign(a, c.Brain)
	}
	return c, nil
}

// GetCuration reads one curation (noticing a lapsed lease on the way).
func (s *Service) GetCuration(ctx context.Context, a principal.Principal, id string) (Curation, error) {
	st, err := s.skeletons()
	if err != nil {
		return Curation{}, err
	}
	c, err := s.curationFor(ctx, st, a, id)
	if err != nil || !c.State.Live() {
		return c, err
	}
	if _, _, err := s.liveCuration(ctx, st, c.Brain); err != nil {
		return Curation{}, err
	}
	return s.curationFor(ctx, st, a, id)
}

// CurationCursor is where a page of a brain's curations ends: the last one it held.
type CurationCursor struct {
	CreatedAt  time.Time
	CurationID string
}

// curationTokenPattern is a ListCurations page token: the last curation's creation time in
// Unix nanoseconds and its id.
var curationTokenPattern = regexp.MustCompile(`^([1-9][0-9]{0,18})\.(cur_[A-Za-z0-9_-]{1,64})$`)

// ListCurations lists a brain's curations, newest first, to anyone who may use the brain (as
// GetCuration); the token is the last curation seen, an empty next token the end.
func (s *Service) ListCurations(ctx context.Context, a principal.Principal, brain string, size int, token string) ([]Curation, string, error) {
	if err := s.checkBrainName(brain); err != nil {
		return nil, "", err
	}
	if !MayUse(a, brain) {
		return nil, "", foreign(a, brain)
	}
	st, err := s.skeletons()
	if err != nil {
		return nil, "", err
	}
	var before *CurationCursor
	if token != "" {
		m := curationTokenPattern.FindStringSubmatch(token)
		if m == nil {
			return nil, "", refusal.Field(ReasonInvalidArgument, "page.page_token", "not a token this server issued")
		}
		n, err := strconv.ParseInt(m[1], 10, 64)
		if err != nil {
			return nil, "", refusal.Field(ReasonInvalidArgument, "page.page_token", "not a token this server issued")
		}
		before = &CurationCursor{CreatedAt: time.Unix(0, n).UTC(), CurationID: m[2]}
	}
	limit := pageSize(size, 20)
	// One more than the page tells whether the page is the last, so the end is explicit and
	// never one empty page late.
	cs, err := st.Curations(ctx, brain, before, limit+1)
	if err != nil {
		return nil, "", err
	}
	next := ""
	if len(cs) > limit {
		cs = cs[:limit]
		last := cs[len(cs)-1]
		next = strconv.FormatInt(last.CreatedAt.UnixNano(), 10) + "." + last.CurationID
	}
	return cs, next, nil
}

// SubmitCuration takes what the hand-runner's command printed (or why it printed nothing) and,
// in one motion: shape-validates it, sanitizes its text, checks the candidate lease is still
// this curation's, applies the batch to a clone under the curation's expected store version,
// writes it and releases the lease in one transaction, then posts the summary letter (seq+1,
// judging, the report verbatim). Any refusal on the way fails the curation honestly, changes
// nothing of the candidate, posts the failure on the chain and answers the refusal.
func (s *Service) SubmitCuration(ctx context.Context, a principal.Principal, id, leaseID string, proposal []byte, failure string) (Curation, Letter, error) {
	hand, err := s.handCaller(a)
	if err != nil {
		return Curation{}, Letter{}, err
	}
	st, err := s.skeletons()
	if err != nil {
		return Curation{}, Letter{}, err
	}
	c, err := s.curationFor(ctx, st, a, id)
	if err != nil {
		return Curation{}, Letter{}, err
	}
	if c.State != CurationClaimed || c.RunnerID != hand.ID || c.LeaseID != leaseID {
		return Curation{}, Letter{}, refusal.New(ReasonLeaseNotHeld, "runner %s holds no live lease %s on curation %s (%s)", hand.ID, leaseID, id, c.State)
	}
	if _, live, err := s.liveCuration(ctx, st, c.Brain); err != nil {
		return Curation{}, Letter{}, err
	} else if !live {
		return Curation{}, Letter{}, refusal.New(ReasonLeaseNotHeld, "curation %s's lease lapsed before the proposal arrived", id)
	}
	if failure != "" {
		var v violations
		checkText(&v, "failure", failure, MaxNoteBytes, true)
		if err := v.err(ReasonInvalidArgument, "failure"); err != nil {
			return Curation{}, Letter{}, err
		}
		l, ferr := s.failCuration(ctx, st, c, refusal.New(ReasonMalformedProposal, "the hand-runner produced no proposal: %s", failure))
		if ferr != nil {
			return Curation{}, Letter{}, ferr
		}
		after, err := st.Curation(ctx, id)
		return after, l, err
	}
	p, err := parseProposal(proposal)
	if err == nil {
		err = sanitizeOps(p.Ops, &p.Report)
	}
	if err == nil {
		_, err = s.applyProposal(ctx, st, c, p)
	}
	if err != nil {
		if _, ferr := s.failCuration(ctx, st, c, err); ferr != nil && !errors.Is(ferr, ErrCurationMoved) {
			return Curation{}, Letter{}, ferr
		}
		return Curation{}, Letter{}, err
	}
	after, err := st.Curation(ctx, id)
	if err != nil {
		return Curation{}, Letter{}, err
	}
	l, err := s.postCurationLetter(ctx, after, p.Report)
	if err != nil {
		return Curation{}, Letter{}, err
	}
	return after, l, nil
}

// parseProposal shape-validates one m1nd-curation-proposal-v0 document: exactly one JSON
// object, known fields only, the schema named, ops present, a report.
func parseProposal(data []byte) (CurationProposal, error) {
	bad := func(field, format string, args ...any) error {
		return refusal.Field(ReasonMalformedProposal, field, format, args...)
	}
	if len(data) == 0 {
		return CurationProposal{}, bad("proposal", "empty: the command printed nothing")
	}
	if len(data) > maxProposalBytes {
		return CurationProposal{}, bad("proposal", "is %d bytes, at most %d", len(data), maxProposalBytes)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var p CurationProposal
	if err := dec.Decode(&p); err != nil {
		return CurationProposal{}, bad("proposal", "not one %s JSON document: %v", CurationProposalSchema, err)
	}
	if dec.More() {
		return CurationProposal{}, bad("proposal", "holds more than one JSON document")
	}
	if _, err := dec.Token(); err == nil {
		return CurationProposal{}, bad("proposal", "trailing data after the document")
	}
	switch {
	case p.Schema != CurationProposalSchema:
		return CurationProposal{}, bad("proposal.schema", "is %q, want %q", p.Schema, CurationProposalSchema)
	case len(p.Ops) == 0:
		return CurationProposal{}, bad("proposal.ops", "empty: a proposal carries at least one op")
	case len(p.Ops) > MaxOps:
		return CurationProposal{}, bad("proposal.ops", "%d ops, at most %d", len(p.Ops), MaxOps)
	case p.Report == "":
		return CurationProposal{}, bad("proposal.report", "required: one honest paragraph of what was done and left")
	}
	return p, nil
}

// applyProposal applies a sanitized proposal to the candidate the curation was sent with,
// under its expected store version and its lease, releasing the lease in the same write.
func (s *Service) applyProposal(ctx context.Context, st SkeletonStore, c Curation, p CurationProposal) (Skeleton, error) {
	cand, err := s.liveCandidate(ctx, st, c.Brain, c.ExpectedStoreVersion)
	if err != nil {
		return Skeleton{}, err
	}
	if cand.SkeletonID != c.SkeletonID {
		return Skeleton{}, refusal.New(ReasonSkeletonNotFound, "candidate %s was sent for curation; the brain's candidate is now %s", c.SkeletonID, cand.SkeletonID)
	}
	k, err := ApplyOps(cand, p.Ops)
	if err != nil {
		return Skeleton{}, err
	}
	now := s.o.Clock.Now()
	k.StoreVersion, k.UpdatedAt = c.ExpectedStoreVersion+1, now
	hand := Author{AgentID: c.RunnerID, Seat: RunnerSeat, Brain: c.Brain, Origin: principal.OriginAgent}
	entry := s.skeletonEntry(principal.Principal{AgentID: hand.AgentID, Seat: hand.Seat, Brain: hand.Brain, Origin: hand.Origin},
		EffectCurationApply, k, c.ExpectedStoreVersion, k.StoreVersion,
		map[string]string{"curation": c.CurationID, "ops": strconv.Itoa(len(p.Ops)), "applied_by": "mission"})
	entry.MissionID = c.MissionID
	done := c
	done.State, done.UpdatedAt, done.Report, done.OpsApplied = CurationApplied, now, p.Report, len(p.Ops)
	done.StoreVersionAfter, done.ReceiptID = k.StoreVersion, entry.ReceiptID
	err = st.WriteSkeletons(ctx, SkeletonWrite{Brain: c.Brain, Expected: c.ExpectedStoreVersion, Put: []Skeleton{k},
		Curation: &done, CurationFrom: CurationClaimed, Entry: entry})
	if err != nil {
		return Skeleton{}, writeErr(err, c.ExpectedStoreVersion)
	}
	return k, nil
}

// failCuration records an honest failure: the curation fails (releasing the lease), a
// rejection receipt names the reason, and the failure is posted on the curation's chain.
func (s *Service) failCuration(ctx context.Context, st SkeletonStore, c Curation, why error) (Letter, error) {
	e, ok := refusal.As(why)
	if !ok {
		e = refusal.New(ReasonInvalidArgument, "internal failure")
		s.log.ErrorContext(ctx, "curation failed", "curation", c.CurationID, "err", why)
	}
	now := s.o.Clock.Now()
	prev, from := c.LeaseID, c.State
	c.State, c.UpdatedAt, c.Failure, c.FailureReason = CurationFailed, now, e.Message, e.Reason
	entry := &Entry{ReceiptID: s.o.IDs.New("rcpt_"), Ledger: c.Brain, Brain: c.Brain, MissionID: c.MissionID,
		Effect: EffectCurationApply, Subject: c.SkeletonID, Decision: DecisionReject, Reason: e.Reason, Message: e.Message,
		Details: map[string]string{"curation": c.CurationID}, By: serviceAuthor, At: now}
	c.ReceiptID = entry.ReceiptID
	if err := st.UpdateCuration(ctx, c, from, prev, entry); err != nil {
		return Letter{}, err
	}
	return s.postCurationLetter(ctx, c, "")
}

// postCurationLetter appends the curation's closing word to its chain: an advisory letter on
// the judging head (it moves no phase; the human's review and ratify follow), the runner's
// report verbatim when applied, the failure and its reason otherwise.
func (s *Service) postCurationLetter(ctx context.Context, c Curation, report string) (Letter, error) {
	m, err := s.mission(ctx, c.MissionID)
	if err != nil {
		return Letter{}, err
	}
	note := report
	if c.State == CurationFailed {
		note = fmt.Sprintf("curation %s failed (%s): %s; nothing was applied", c.CurationID, c.FailureReason, c.Failure)
	}
	if len(note) > MaxNoteBytes {
		note = note[:MaxNoteBytes]
	}
	now := s.o.Clock.Now()
	l := Letter{Schema: Schema, LetterID: s.o.IDs.New("ltr_"), MissionID: m.MissionID, Seq: m.HeadSeq + 1, Brain: m.Brain,
		Phase: m.Phase, Advisory: true, Note: note, Author: serviceAuthor, PostedAt: now}
	svc := principal.Principal{AgentID: serviceAuthor.AgentID, Seat: serviceAuthor.Seat, Origin: serviceAuthor.Origin}
	ap := Append{Letter: l, ExpectedHead: m.HeadSeq, Phase: m.Phase, Now: now, Entry: s.committed(svc, EffectLetter, l),
		Event: BoardEvent{Kind: EventLetter, MissionID: m.MissionID, Brain: m.Brain, Seq: l.Seq, From: m.Phase, To: m.Phase, At: now}}
	if _, err := s.o.Store.Append(ctx, ap); err != nil {
		return Letter{}, fmt.Errorf("post curation letter: %w", err)
	}
	s.change.broadcast()
	return l, nil
}

// closeCurationChains closes the chains of the curations made of skeleton once the owner has
// ratified it (judging -> landed, the RatifySkeleton gesture) or discarded it (the posted
// arrow judging -> abandoned), so the board stops showing them open. Each close is a letter by
// the owner naming the gesture's receipt. A curation chain has no gate and no candidate, so it
// earns no debrief: the skeleton's receipt is its record. The gesture stands even if a close
// fails; that is logged, and the chain stays open for the owner to abandon by hand.
func (s *Service) closeCurationChains(ctx context.Context, a principal.Principal, st SkeletonStore, k Skeleton, effect, receiptID string) {
	to, name, what := PhaseLanded, "RatifySkeleton", "ratified"
	if effect == EffectSkeletonDiscard {
		to, name, what = PhaseAbandoned, "DiscardCandidate", "discarded"
	}
	var before *CurationCursor
	for {
		cs, err := st.Curations(ctx, k.Brain, before, MaxPageSize)
		if err != nil {
			s.log.ErrorContext(ctx, "close curation chains", "skeleton", k.SkeletonID, "err", err)
			return
		}
		for _, c := range cs {
			if c.SkeletonID != k.SkeletonID || c.State.Live() {
				continue
			}
			note := fmt.Sprintf("skeleton %s %s by the owner (receipt %s); curation %s closes", k.SkeletonID, what, receiptID, c.CurationID)
			if err := s.closeChain(ctx, a, c.MissionID, to, name, note); err != nil {
				s.log.ErrorContext(ctx, "close curation chain", "curation", c.CurationID, "mission", c.MissionID, "err", err)
			}
		}
		if len(cs) < MaxPageSize {
			return
		}
		last := cs[len(cs)-1]
		before = &CurationCursor{CreatedAt: last.CreatedAt, CurationID: last.CurationID}
	}
}

// closeChain appends the closing letter to a judging curation chain; a chain already closed
// (by hand, or by an earlier gesture) is left as it is.
func (s *Service) closeChain(ctx context.Context, a principal.Principal, missionID string, to Phase, name, note string) error {
	for attempt := 0; attempt < 8; attempt++ {
		m, err := s.mission(ctx, missionID)
		if err != nil {
			return err
		}
		if m.Phase.Terminal() {
			return nil
		}
		if to == PhaseLanded {
			err = gesture(name, m.Phase, to)
		} else {
			_, _, err = next(m.Phase, Letter{Phase: to})
		}
		if err != nil {
			return err
		}
		now := s.o.Clock.Now()
		l := Letter{Schema: Schema, LetterID: s.o.IDs.New("ltr_"), MissionID: m.MissionID, Seq: m.HeadSeq + 1, Brain: m.Brain,
			Phase: to, Note: note, Author: AuthorOf(a), PostedAt: now}
		ap := Append{Letter: l, ExpectedHead: m.HeadSeq, Phase: to, ClearLease: true, ClearRerun: true, Now: now,
			Entry: s.committed(a, EffectLetter, l, "human-origin", "phase"),
			Event: BoardEvent{Kind: eventKindFor(m.Phase, to), MissionID: m.MissionID, Brain: m.Brain, Seq: l.Seq, From: m.Phase, To: to, At: now}}
		_, err = s.o.Store.Append(ctx, ap)
		if errors.Is(err, ErrHeadMoved) {
			continue // a letter arrived in between; read the head again
		}
		if err == nil {
			s.change.broadcast()
		}
		return err
	}
	return fmt.Errorf("mission %s: head kept moving", missionID)
}
