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

// Stamp is the owner's landing request.
type Stamp struct {
	MissionID         string
	CandidateLetterID string
	// ExpectedStoreVersion is what the owner's board showed. It is kept on the wire but no
	// longer guards a landing: a landing depends on its mission's head and candidate and on
	// the target branch in the candidate's scope, and every memorize moves the store version.
	ExpectedStoreVersion int64
	// LandedCommit is, in record mode, the sha of the merge the owner made.
	LandedCommit string
}

// ImportReceipt is the one arrow into landed. It admits the candidate only from a human
// origin and only through, in order: the head (merge_wait with that candidate), evidence (the
// stored log hashes to the candidate's sha), the temporal gate, then the repository: in apply
// mode the stale-scope gate on the target branch and the landing of the candidate's commit on
// it; in record mode the check that the owner's merge carries the change. Each refusal is
// logged on the mission and leaves a rejection receipt; nothing lands.
func (s *Service) ImportReceipt(ctx context.Context, a principal.Principal, st Stamp) (Landed, error) {
	m, err := s.missionFor(ctx, a, st.MissionID)
	if err != nil {
		s.rejected(ctx, a, EffectLand, "", st.MissionID, err)
		return Landed{}, err
	}
	mu := s.landLock(m.MissionID)
	mu.Lock()
	defer mu.Unlock()
	// Other replicas sharing the store land under the same name: one candidate bumps the
	// store once, whichever process took the stamp.
	unlock, err := s.replicaLock(ctx, "land/"+m.MissionID)
	if err != nil {
		return Landed{}, err
	}
	defer unlock()

	out, err := s.land(ctx, a, m.MissionID, st)
	if err != nil {
		s.logRefusal(ctx, m.MissionID, a, err)
		s.rejected(ctx, a, EffectLand, m.Brain, m.MissionID, err)
		return Landed{}, err
	}
	return out, nil
}

func (s *Service) land(ctx context.Context, a principal.Principal, missionID string, st Stamp) (Landed, error) {
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
	if st.CandidateLetterID != m.CandidateLetterID {
		return Landed{}, refusal.New(ReasonCandidateMismatch, "the current candidate is %s, not %s", m.CandidateLetterID, st.CandidateLetterID)
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
	branch, mode, err := s.landingFor(ctx, brain)
	if err != nil {
		return Landed{}, err
	}
	switch {
	case mode == ModeRecord && st.LandedCommit == "":
		return Landed{}, refusal.Field(ReasonInvalidArgument, "landed_commit", "brain %s lands in record mode: name the sha of the merge you made", m.Brain)
	case mode == ModeApply && st.LandedCommit != "":
		return Landed{}, refusal.Field(ReasonInvalidArgument, "landed_commit", "brain %s lands in apply mode: the landing makes the commit itself", m.Brain)
	case st.LandedCommit != "" && !commitPattern.MatchString(st.LandedCommit):
		return Landed{}, refusal.Field(ReasonInvalidArgument, "landed_commit", "%q is not a full commit id", st.LandedCommit)
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
	if c.Commit == "" {
		return Landed{}, refusal.New(ReasonEvidenceMissing, "the candidate names no commit holding its change; re-run the gate")
	}

	receiptID := s.o.IDs.New("rcpt_")
	landing := Landing{ReceiptID: receiptID, CandidateLetterID: cl.LetterID, ImportedVia: a.Origin, TargetBranch: branch, Mode: mode}
	if mode == ModeRecord {
		method, err := s.o.Repo.Contains(ctx, brain.RepoRoot, branch, c.BaseCommit, c.Commit, st.LandedCommit)
		if errors.Is(err, ErrNotContained) {
			return Landed{}, refusal.New(ReasonChangeNotContained, "%s", strings.TrimPrefix(err.Error(), ErrNotContained.Error()+": "))
		}
		if err != nil {
			return Landed{}, fmt.Errorf("record landing: %w", err)
		}
		landing.Commit, landing.Method = st.LandedCommit, method
	} else if landing.Commit, landing.Method, err = s.apply(ctx, m, cl, c, brain.RepoRoot, branch, receiptID); err != nil {
		return Landed{}, err
	}

	details := map[string]string{
		"mission":        m.MissionID,
		"candidate":      cl.LetterID,
		"landing":        receiptID,
		"commit":         landing.Commit,
		"candidate_ref":  c.Ref,
		"target_branch":  branch,
		"mode":           string(mode),
		"method":         landing.Method,
		"log_sha256":     c.LogSHA256,
		"base_commit":    c.BaseCommit,
		"exit_code":      strconv.Itoa(c.ExitCode),
		"runner":         c.RunnerID,
		"imported_via":   string(a.Origin),
		"files_changed":  strconv.Itoa(c.Diff.FilesChanged),
		"execution_from": c.StartedAt.UTC().Format("2006-01-02T15:04:05.000Z07:00"),
		"execution_to":   c.EndedAt.UTC().Format("2006-01-02T15:04:05.000Z07:00"),
	}
	bumped, err := s.bump(ctx, brain, m.MissionID, details)
	if err != nil {
		// The code is on the target branch; a repeated stamp finds the candidate there and
		// records it without landing it twice.
		return Landed{}, fmt.Errorf("landed %s on %s at %s, store version not advanced: %w", m.MissionID, branch, landing.Commit, err)
	}
	landing.StoreVersionBefore, landing.StoreVersionAfter = bumped.StoreVersionBefore, bumped.StoreVersionAfter
	details["medulla_receipt"] = bumped.ReceiptID
	rc := Receipt{ReceiptID: receiptID, MissionID: m.MissionID, Brain: m.Brain, CandidateLetterID: cl.LetterID,
		StoreVersionBefore: bumped.StoreVersionBefore, StoreVersionAfter: bumped.StoreVersionAfter, By: AuthorOf(a), At: now, Details: details}
	return s.appendLanded(ctx, a, m, cl, rc, landing)
}

// apply lands the candidate's commit on branch and returns the commit that carries it there.
// Under the target's lock: a candidate already on the branch (an earlier stamp that landed
// but did not finish, or the owner's own merge) is recorded as it is; a branch that moved in
// the candidate's scope is STALE_SCOPE with a re-run requested; otherwise the commit lands,
// on the branch's current head when it moved elsewhere.
func (s *Service) apply(ctx context.Context, m Mission, cl Letter, c Candidate, repoRoot, branch, receiptID string) (string, string, error) {
	mu := s.targetLock(repoRoot, branch)
	mu.Lock()
	defer mu.Unlock()
	unlock, err := s.replicaLock(ctx, "target/"+repoRoot+"\x00"+branch)
	if err != nil {
		return "", "", err
	}
	defer unlock()
	for attempt := 0; ; attempt++ {
		tip, err := s.o.Repo.Tip(ctx, repoRoot, branch)
		if errors.Is(err, ErrNoCommit) {
			return "", "", refusal.New(ReasonMergeFailed, "the target branch %s does not exist in the brain's repository", branch)
		}
		if err != nil {
			return "", "", fmt.Errorf("target tip: %w", err)
		}
		if method, err := s.o.Repo.Contains(ctx, repoRoot, branch, c.BaseCommit, c.Commit, tip); err == nil && method == "ancestor" {
			return tip, "ancestor", nil
		}
		moved, err := s.o.Repo.Moved(ctx, repoRoot, c.BaseCommit, tip, c.Diff.Paths)
		if err != nil {
			return "", "", fmt.Errorf("stale-scope check: %w", err)
		}
		if len(moved) > 0 {
			if err := s.o.Store.RequestRerun(ctx, m.MissionID); err != nil {
				return "", "", err
			}
			s.work.broadcast()
			return "", "", refusal.New(ReasonStaleScope, "%s moved under base %s for %s: re-run the gate", branch, short(c.BaseCommit), strings.Join(moved, ", "))
		}
		got, err := s.o.Repo.Apply(ctx, ApplyRequest{RepoRoot: repoRoot, Branch: branch, Expected: tip, Commit: c.Commit,
			Message: landingMessage(m, cl, c, receiptID), Author: ExecutorIdentity(c.RunnerID)})
		switch {
		case err == nil:
			return got.Commit, got.Method, nil
		case errors.Is(err, ErrTargetMoved) && attempt < 3:
			continue // someone committed meanwhile: check the scope again against the new head
		case errors.Is(err, ErrTargetDirty):
			return "", "", refusal.New(ReasonTargetDirty, "%s; commit or stash it, then stamp again", strings.TrimPrefix(err.Error(), ErrTargetDirty.Error()+": "))
		case errors.Is(err, ErrMergeFailed), errors.Is(err, ErrTargetMoved):
			return "", "", refusal.New(ReasonMergeFailed, "the candidate's commit %s could not land on %s: %s", short(c.Commit), branch, lastLine(err.Error()))
		}
		return "", "", fmt.Errorf("landing on %s: %w", branch, err)
	}
}

// landingMessage names the mission and the landing receipt on the merge commit.
func landingMessage(m Mission, cl Letter, c Candidate, receiptID string) string {
	title := m.Title
	if title == "" {
		title = firstLine(m.Packet.Symptom)
	}
	return fmt.Sprintf("organism: land mission %s: %s\n\nMission: %s\nLanding-Receipt: %s\nCandidate: %s\nGate-Log: sha256:%s\n",
		m.MissionID, title, m.MissionID, receiptID, cl.LetterID, c.LogSHA256)
}

func lastLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.LastIndex(s, "\n"); i >= 0 {
		s = s[i+1:]
	}
	if len(s) > 300 {
		s = s[:300] + "…"
	}
	return s
}

// bump advances the brain's store version for the landing. The version is read, not guarded:
// a memorize that moves it in between is a lost race to retry, not a reason to refuse.
func (s *Service) bump(ctx context.Context, b Brain, subject string, details map[string]string) (Receipt, error) {
	version := b.StoreVersion
	for attempt := 0; ; attempt++ {
		rc, err := s.o.Brains.BumpStoreVersion(ctx, Bump{Brain: b.Name, Expected: version, Subject: subject, Details: details})
		if !errors.Is(err, ErrStoreVersion) || attempt == 16 {
			return rc, err
		}
		now, err := s.brain(ctx, b.Name)
		if err != nil {
			return Receipt{}, err
		}
		version = now.StoreVersion
	}
}

// appendLanded writes the landed letter after the store moved. Advisory letters may still
// arrive in between; they never change phase or candidate, so the landing follows them.
func (s *Service) appendLanded(ctx context.Context, a principal.Principal, m Mission, cl Letter, rc Receipt, landing Landing) (Landed, error) {
	for {
		now := s.o.Clock.Now()
		l := Letter{
			Schema: Schema, LetterID: s.o.IDs.New("ltr_"), MissionID: m.MissionID, Seq: m.HeadSeq + 1, Brain: m.Brain,
			Phase: PhaseLanded, Note: fmt.Sprintf("landed by the owner's stamp: %s on %s (%s)", short(landing.Commit), landing.TargetBranch, landing.Method),
			Landing: &landing, Author: AuthorOf(a), PostedAt: now,
		}
		en := s.committed(a, EffectLand, l, "human-origin", "head", "candidate", "evidence", "temporal", "target")
		en.ReceiptID, en.StoreVersionBefore, en.StoreVersionAfter = rc.ReceiptID, rc.StoreVersionBefore, rc.StoreVersionAfter
		for k, v := range rc.Details {
			en.Details[k] = v
		}
		ap := Append{Letter: l, ExpectedHead: m.HeadSeq, Phase: PhaseLanded, ClearLease: true, ClearRerun: true, Now: now,
			Event:   BoardEvent{Kind: EventSilence, MissionID: m.MissionID, Brain: m.Brain, Seq: l.Seq, From: PhaseMergeWait, To: PhaseLanded, At: now},
			Receipt: &rc, Entry: en}
		_, err := s.o.Store.Append(ctx, ap)
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
