package domain

import (
	"github.com/organism-dev/organism/platform/principal"

	"github.com/organism-dev/organism/platform/refusal"

	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Landed is the result of a successful landing.
type Landed struct {
	Letter  Letter
	Mission Mission
	Receipt Receipt
}

// ImportReceipt is the one arrow into landed. It admits the candidate only from a human
// origin and only through, in order: the head (merge_wait with that candidate), OCC on the
// brain's store version, stale scope, evidence (the stored log hashes to the candidate's sha)
// and the temporal gate. Each refusal is logged on the mission; nothing lands.
func (s *Service) ImportReceipt(ctx context.Context, a principal.Principal, missionID, candidateLetterID string, expectedStoreVersion int64) (Landed, error) {
	m, err := s.missionFor(ctx, a, missionID)
	if err != nil {
		return Landed{}, err
	}
	mu := s.landLock(m.MissionID)
	mu.Lock()
	defer mu.Unlock()

	out, err := s.land(ctx, a, m.MissionID, candidateLetterID, expectedStoreVersion)
	if err != nil {
		s.logRefusal(ctx, m.MissionID, a, err)
		return Landed{}, err
	}
	return out, nil
}

func (s *Service) land(ctx context.Context, a principal.Principal, missionID, candidateLetterID string, expected int64) (Landed, error) {
	if !a.Human() {
		return Landed{}, refusal.New(ReasonOriginNotHuman, "landing is the owner's stamp; origin %s is not human", a.Origin)
	}
	m, err := s.mission(ctx, missionID)
	if err != nil {
		return Landed{}, err
	}
	if m.Phase != PhaseMergeWait {
		return Landed{}, refusal.New(ReasonIllegalTransition, "only a merge_wait head lands; %s is %s", m.MissionID, m.Phase)
	}
	if candidateLetterID != m.CandidateLetterID {
		return Landed{}, refusal.New(ReasonCandidateMismatch, "the current candidate is %s, not %s", m.CandidateLetterID, candidateLetterID)
	}
	cl, err := s.o.Store.Letter(ctx, m.MissionID, m.CandidateLetterID)
	if err != nil {
		return Landed{}, err
	}
	c := *cl.Candidate

	brain, err := s.brain(ctx, m.Brain)
	if err != nil {
		return Landed{}, err
	}
	if brain.StoreVersion != expected {
		return Landed{}, refusal.New(ReasonStoreVersionMismatch, "brain %s is at store version %d, the stamp saw %d", m.Brain, brain.StoreVersion, expected)
	}

	moved, err := s.o.Scope.Moved(ctx, brain.RepoRoot, c.BaseCommit, c.Diff.Paths)
	if err != nil {
		return Landed{}, fmt.Errorf("stale-scope check: %w", err)
	}
	if len(moved) > 0 {
		if err := s.o.Store.RequestRerun(ctx, m.MissionID); err != nil {
			return Landed{}, err
		}
		s.work.broadcast()
		return Landed{}, refusal.New(ReasonStaleScope, "the repository moved under base %s for %s: re-run the gate", short(c.BaseCommit), strings.Join(moved, ", "))
	}

	data, err := s.o.Store.Log(ctx, m.MissionID, c.LogSHA256)
	if errors.Is(err, ErrNoLog) {
		return Landed{}, refusal.New(ReasonEvidenceMissing, "the candidate's log %s is not stored", c.LogSHA256)
	}
	if err != nil {
		return Landed{}, err
	}
	sum := sha256.Sum256(data)
	if got := hex.EncodeToString(sum[:]); got != c.LogSHA256 {
		return Landed{}, refusal.New(ReasonEvidenceMismatch, "the stored log hashes to %s, the candidate says %s", got, c.LogSHA256)
	}

	now := s.o.Clock.Now()
	skew := s.o.ClockSkew
	switch {
	case !c.EndedAt.After(c.StartedAt) && !c.EndedAt.Equal(c.StartedAt):
		return Landed{}, refusal.New(ReasonImplausibleWindow, "execution ended %s before it started %s", c.EndedAt, c.StartedAt)
	case c.StartedAt.Before(m.OpenedAt.Add(-skew)):
		return Landed{}, refusal.New(ReasonImplausibleWindow, "execution started %s, before the mission opened %s", c.StartedAt, m.OpenedAt)
	case c.EndedAt.After(cl.PostedAt.Add(skew)):
		return Landed{}, refusal.New(ReasonImplausibleWindow, "execution ended %s, after its letter was posted %s", c.EndedAt, cl.PostedAt)
	case now.Sub(c.EndedAt) > s.o.MaxCandidateAge:
		return Landed{}, refusal.New(ReasonCandidateTooOld, "execution ended %s ago, more than %s", now.Sub(c.EndedAt).Round(1e9), s.o.MaxCandidateAge)
	}

	details := map[string]string{
		"mission":        m.MissionID,
		"candidate":      cl.LetterID,
		"log_sha256":     c.LogSHA256,
		"base_commit":    c.BaseCommit,
		"exit_code":      strconv.Itoa(c.ExitCode),
		"runner":         c.RunnerID,
		"imported_via":   string(a.Origin),
		"files_changed":  strconv.Itoa(c.Diff.FilesChanged),
		"execution_from": c.StartedAt.UTC().Format("2006-01-02T15:04:05.000Z07:00"),
		"execution_to":   c.EndedAt.UTC().Format("2006-01-02T15:04:05.000Z07:00"),
	}
	rc, err := s.o.Brains.BumpStoreVersion(ctx, Bump{Brain: m.Brain, Expected: expected, Subject: m.MissionID, Details: details})
	if errors.Is(err, ErrStoreVersion) {
		return Landed{}, refusal.New(ReasonStoreVersionMismatch, "brain %s's store version moved past %d while landing", m.Brain, expected)
	}
	if err != nil {
		return Landed{}, err
	}
	rc.MissionID, rc.Brain, rc.CandidateLetterID = m.MissionID, m.Brain, cl.LetterID
	if rc.At.IsZero() {
		rc.At = now
	}
	if rc.Details == nil {
		rc.Details = details
	}
	rc.By = AuthorOf(a)
	return s.appendLanded(ctx, a, m, cl, rc)
}

// appendLanded writes the landed letter after the store moved. Advisory letters may still
// arrive in between; they never change phase or candidate, so the landing follows them.
func (s *Service) appendLanded(ctx context.Context, a principal.Principal, m Mission, cl Letter, rc Receipt) (Landed, error) {
	for {
		now := s.o.Clock.Now()
		l := Letter{
			Schema: Schema, LetterID: s.o.IDs.New("ltr_"), MissionID: m.MissionID, Seq: m.HeadSeq + 1, Brain: m.Brain,
			Phase: PhaseLanded, Note: "landed by the owner's stamp",
			Landing: &Landing{ReceiptID: rc.ReceiptID, CandidateLetterID: cl.LetterID,
				StoreVersionBefore: rc.StoreVersionBefore, StoreVersionAfter: rc.StoreVersionAfter, ImportedVia: a.Origin},
			Author: AuthorOf(a), PostedAt: now,
		}
		ap := Append{Letter: l, ExpectedHead: m.HeadSeq, Phase: PhaseLanded, ClearLease: true, ClearRerun: true, Now: now,
			Event:   BoardEvent{Kind: EventSilence, MissionID: m.MissionID, Brain: m.Brain, Seq: l.Seq, From: PhaseMergeWait, To: PhaseLanded, At: now},
			Receipt: &rc}
		err := s.o.Store.Append(ctx, ap)
		if errors.Is(err, ErrHeadMoved) {
			if m, err = s.mission(ctx, m.MissionID); err != nil {
				return Landed{}, err
			}
			if m.Phase != PhaseMergeWait || m.CandidateLetterID != cl.LetterID {
				return Landed{}, fmt.Errorf("store version of %s bumped by receipt %s but the mission moved to %s before its landed letter", m.Brain, rc.ReceiptID, m.Phase)
			}
			continue
		}
		if err != nil {
			return Landed{}, fmt.Errorf("store version of %s bumped by receipt %s, landed letter not written: %w", m.Brain, rc.ReceiptID, err)
		}
		s.change.broadcast()
		after, err := s.mission(ctx, m.MissionID)
		if err != nil {
			return Landed{}, err
		}
		after = s.debrief(ctx, after)
		return Landed{Letter: l, Mission: after, Receipt: rc}, nil
	}
}

func short(sha string) string {
	if len(sha) > 12 {
		return sha[:12]
	}
	return sha
}
