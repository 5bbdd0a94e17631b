package domain

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/organism-dev/organism/platform/principal"
	"github.com/organism-dev/organism/platform/refusal"
)

// Effects of the skeleton receipts (mind-contracts: every durable effect has one).
const (
	EffectSkeletonScan    = "skeleton_scan"
	EffectSkeletonEdit    = "skeleton_edit"
	EffectSkeletonDiscard = "skeleton_discard"
	EffectSkeletonRatify  = "skeleton_ratify"
	EffectCurationOpen    = "curation_open"
	EffectCurationApply   = "curation_apply"
)

// mayWriteSkeleton: the owner, or an agent bound to the brain that is not a runner. A runner
// proposes through the /curate lane and never holds a pen (curation-lane §1c); services and
// peers have no business editing a brain's map.
func mayWriteSkeleton(a principal.Principal, brain string) error {
	switch {
	case a.Seat == RunnerSeat:
		return refusal.New(ReasonSeatRefused, "a runner seat holds no write surface on skeletons: it proposes through the /curate lane")
	case a.Human():
		return nil
	case !a.Agent():
		return refusal.New(ReasonSeatRefused, "origin %s holds no write surface on skeletons", a.Origin)
	case !MayUse(a, brain):
		return foreign(a, brain)
	}
	return nil
}

func requireHuman(a principal.Principal, what string) error {
	if !a.Human() {
		return refusal.New(ReasonOriginNotHuman, "only the owner (human-ui or human-cli) may %s; origin %s is not human", what, a.Origin)
	}
	return nil
}

func (s *Service) skeletons() (SkeletonStore, error) {
	if s.o.SkeletonStore == nil {
		return nil, errors.New("mission: no skeleton store configured")
	}
	return s.o.SkeletonStore, nil
}

func (s *Service) checkBrainName(brain string) error {
	if !ValidBrainName(brain) {
		return refusal.Field(ReasonInvalidArgument, "brain", "%q is not a brain name", brain)
	}
	return nil
}

// skeletonEntry is a receipt of a skeleton effect.
func (s *Service) skeletonEntry(a principal.Principal, effect string, k Skeleton, before, after int64, details map[string]string) *Entry {
	if details == nil {
		details = map[string]string{}
	}
	details["skeleton"] = k.SkeletonID
	details["revision"] = strconv.FormatInt(k.Revision, 10)
	details["state"] = string(k.State)
	return &Entry{ReceiptID: s.o.IDs.New("rcpt_"), Ledger: k.Brain, Brain: k.Brain, Effect: effect, Subject: k.SkeletonID,
		Decision: DecisionCommit, StoreVersionBefore: before, StoreVersionAfter: after, Details: details,
		By: AuthorOf(a), At: s.o.Clock.Now()}
}

// rejectedSkeleton records a refused skeleton effect in the ledger it belongs to.
func (s *Service) rejectedSkeleton(ctx context.Context, a principal.Principal, effect, brain, subject string, err error) {
	e, ok := refusal.As(err)
	if !ok || s.o.SkeletonStore == nil {
		return
	}
	en := Entry{ReceiptID: s.o.IDs.New("rcpt_"), Ledger: ledgerFor(a, brain), Brain: brain, Effect: effect,
		Subject: subject, Decision: DecisionReject, Reason: e.Reason, Message: e.Message, By: AuthorOf(a), At: s.o.Clock.Now()}
	if err := s.o.Store.AddEntry(ctx, en); err != nil {
		s.log.ErrorContext(ctx, "record rejection receipt", "effect", effect, "reason", e.Reason, "err", err)
	}
}

// versionMoved is the OCC refusal of a skeleton write.
func versionMoved(expected, now int64) error {
	if now < 0 {
		return refusal.New(ReasonStoreVersionMismatch, "the skeleton store version moved from %d while this write was made; read again", expected)
	}
	return refusal.New(ReasonStoreVersionMismatch, "expected skeleton store version %d, it is %d; read again", expected, now).
		With("store_version", strconv.FormatInt(now, 10))
}

// writeErr turns the store's conditions into refusals.
func writeErr(err error, expected int64) error {
	switch {
	case errors.Is(err, ErrSkeletonVersion):
		return versionMoved(expected, -1)
	case errors.Is(err, ErrCandidateExists):
		return refusal.New(ReasonCandidateExists, "the brain already has a candidate: edit it or discard it first")
	case errors.Is(err, ErrCurationMoved):
		return refusal.New(ReasonLeaseNotHeld, "the curation no longer holds the candidate lease")
	}
	return err
}

// ScanSkeleton proposes a candidate from the brain's repository at rev (HEAD when empty). With
// a ratified skeleton the candidate starts from it (its blocks, ids and seams), with the
// unmapped paths recomputed for the commit; otherwise it is the scan of the tree.
func (s *Service) ScanSkeleton(ctx context.Context, a principal.Principal, brain, rev string) (Skeleton, string, error) {
	k, rid, err := s.scanSkeleton(ctx, a, brain, rev)
	if err != nil {
		s.rejectedSkeleton(ctx, a, EffectSkeletonScan, brain, "", err)
	}
	return k, rid, err
}

func (s *Service) scanSkeleton(ctx context.Context, a principal.Principal, brain, rev string) (Skeleton, string, error) {
	if err := s.checkBrainName(brain); err != nil {
		return Skeleton{}, "", err
	}
	if err := mayWriteSkeleton(a, brain); err != nil {
		return Skeleton{}, "", err
	}
	st, err := s.skeletons()
	if err != nil || s.o.Tree == nil {
		return Skeleton{}, "", errors.Join(err, errors.New("mission: no tree reader configured"))
	}
	b, err := s.brain(ctx, brain)
	if err != nil {
		return Skeleton{}, "", err
	}
	if rev == "" {
		rev = "HEAD"
	}
	commit, err := s.o.Tree.Resolve(ctx, b.RepoRoot, rev)
	if errors.Is(err, ErrNoCommit) {
		return Skeleton{}, "", refusal.Field(ReasonInvalidArgument, "commit", "brain %s's repository has no commit %q", brain, rev)
	} else if err != nil {
		return Skeleton{}, "", err
	}
	cand, ratified, err := st.LiveSkeletons(ctx, brain)
	if err != nil {
		return Skeleton{}, "", err
	}
	if cand != nil {
		return Skeleton{}, "", refusal.New(ReasonCandidateExists, "brain %s already has candidate %s: edit it or discard it first", brain, cand.SkeletonID)
	}
	files, err := s.o.Tree.Files(ctx, b.RepoRoot, commit)
	if err != nil {
		return Skeleton{}, "", err
	}
	if len(files) > MaxScanFiles {
		return Skeleton{}, "", fmt.Errorf("scan: %d files, more than %d", len(files), MaxScanFiles)
	}
	var k Skeleton
	if ratified != nil {
		k = ratified.Clone()
		k.ParentID = ratified.SkeletonID
		k.RatifiedBy, k.RatifiedAt = nil, time.Time{}
		k.Unmapped = nil
		for _, f := range files {
			if k.OwnerOf(f) == "" {
				k.Unmapped = append(k.Unmapped, f)
			}
		}
	} else {
		var want []string
		for _, f := range files {
			if ScanWants(f) && len(want) < MaxScanSources {
				want = append(want, f)
			}
		}
		content, err := s.o.Tree.ReadFiles(ctx, b.RepoRoot, commit, want, MaxSourceBytes)
		if err != nil {
			return Skeleton{}, "", err
		}
		k.Blocks, k.Seams, k.Unmapped = ScanTree(files, content)
	}
	version, err := st.SkeletonVersion(ctx, brain)
	if err != nil {
		return Skeleton{}, "", err
	}
	newest, err := st.Skeletons(ctx, brain, 0, 1)
	if err != nil {
		return Skeleton{}, "", err
	}
	now := s.o.Clock.Now()
	k.SkeletonID, k.Brain, k.State, k.BaseCommit = s.o.IDs.New("skl_"), brain, SkeletonCandidate, commit
	k.Revision = 1
	if len(newest) > 0 {
		k.Revision = newest[0].Revision + 1
	}
	k.StoreVersion, k.CreatedBy, k.CreatedAt, k.UpdatedAt = version+1, AuthorOf(a), now, now
	k.normalize()
	entry := s.skeletonEntry(a, EffectSkeletonScan, k, version, version+1, map[string]string{"commit": commit, "blocks": strconv.Itoa(len(k.Blocks))})
	if err := st.WriteSkeletons(ctx, SkeletonWrite{Brain: brain, Expected: version, Put: []Skeleton{k}, Entry: entry}); err != nil {
		return Skeleton{}, "", writeErr(err, version)
	}
	return k, entry.ReceiptID, nil
}

// GetSkeleton reads one skeleton: id, else the ratified one when ratified, else the candidate
// (or the ratified one when there is no candidate).
func (s *Service) GetSkeleton(ctx context.Context, a principal.Principal, brain, id string, ratified bool) (Skeleton, error) {
	if err := s.checkBrainName(brain); err != nil {
		return Skeleton{}, err
	}
	if !MayUse(a, brain) {
		return Skeleton{}, foreign(a, brain)
	}
	st, err := s.skeletons()
	if err != nil {
		return Skeleton{}, err
	}
	if id != "" {
		k, err := st.Skeleton(ctx, id)
		if errors.Is(err, ErrNoSkeleton) || (err == nil && k.Brain != brain) {
			return Skeleton{}, refusal.New(ReasonSkeletonNotFound, "brain %s has no skeleton %s", brain, id)
		}
		return k, err
	}
	cand, rat, err := st.LiveSkeletons(ctx, brain)
	if err != nil {
		return Skeleton{}, err
	}
	switch {
	case ratified && rat != nil:
		return *rat, nil
	case ratified:
		return Skeleton{}, refusal.New(ReasonSkeletonNotFound, "brain %s has no ratified skeleton", brain)
	case cand != nil:
		return *cand, nil
	case rat != nil:
		return *rat, nil
	}
	return Skeleton{}, refusal.New(ReasonSkeletonNotFound, "brain %s has no skeleton; scan one", brain)
}

// ListSkeletons lists a brain's revisions, newest first; the token is the last revision seen.
func (s *Service) ListSkeletons(ctx context.Context, a principal.Principal, brain string, size int, token string) ([]Skeleton, string, error) {
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
	var before int64
	if token != "" {
		n, err := strconv.ParseInt(token, 10, 64)
		if err != nil || n <= 0 || strconv.FormatInt(n, 10) != token {
			return nil, "", refusal.Field(ReasonInvalidArgument, "page.page_token", "not a token this server issued")
		}
		before = n
	}
	limit := pageSize(size, 20)
	ks, err := st.Skeletons(ctx, brain, before, limit)
	if err != nil {
		return nil, "", err
	}
	next := ""
	if len(ks) == limit && ks[len(ks)-1].Revision > 1 {
		next = strconv.FormatInt(ks[len(ks)-1].Revision, 10)
	}
	return ks, next, nil
}

// liveCandidate loads the brain's candidate and checks the caller's expected version.
func (s *Service) liveCandidate(ctx context.Context, st SkeletonStore, brain string, expected int64) (Skeleton, error) {
	cand, _, err := st.LiveSkeletons(ctx, brain)
	if err != nil {
		return Skeleton{}, err
	}
	if cand == nil {
		return Skeleton{}, refusal.New(ReasonSkeletonNotFound, "brain %s has no candidate skeleton; scan one", brain)
	}
	now, err := st.SkeletonVersion(ctx, brain)
	if err != nil {
		return Skeleton{}, err
	}
	if now != expected {
		return Skeleton{}, versionMoved(expected, now)
	}
	return *cand, nil
}

// EditCandidate applies a batch of ops to the brain's candidate under the expected store
// version. The owner's edits are direct; an agent's text is model output and passes the
// sanitizer first. One bad op, or one unsafe text, persists nothing.
func (s *Service) EditCandidate(ctx context.Context, a principal.Principal, brain string, expected int64, ops []Op) (Skeleton, string, error) {
	k, rid, err := s.editCandidate(ctx, a, brain, expected, ops)
	if err != nil {
		s.rejectedSkeleton(ctx, a, EffectSkeletonEdit, brain, "", err)
	}
	return k, rid, err
}

func (s *Service) editCandidate(ctx context.Context, a principal.Principal, brain string, expected int64, ops []Op) (Skeleton, string, error) {
	if err := s.checkBrainName(brain); err != nil {
		return Skeleton{}, "", err
	}
	if err := mayWriteSkeleton(a, brain); err != nil {
		return Skeleton{}, "", err
	}
	st, err := s.skeletons()
	if err != nil {
		return Skeleton{}, "", err
	}
	if !a.Human() {
		if err := sanitizeOps(ops, nil); err != nil {
			return Skeleton{}, "", err
		}
	}
	cand, err := s.liveCandidate(ctx, st, brain, expected)
	if err != nil {
		return Skeleton{}, "", err
	}
	k, err := ApplyOps(cand, ops)
	if err != nil {
		return Skeleton{}, "", err
	}
	k.StoreVersion, k.UpdatedAt = expected+1, s.o.Clock.Now()
	entry := s.skeletonEntry(a, EffectSkeletonEdit, k, expected, expected+1, map[string]string{"ops": strconv.Itoa(len(ops))})
	if err := st.WriteSkeletons(ctx, SkeletonWrite{Brain: brain, Expected: expected, Put: []Skeleton{k}, Entry: entry}); err != nil {
		return Skeleton{}, "", writeErr(err, expected)
	}
	return k, entry.ReceiptID, nil
}

// leaseHeld refuses while a live curation holds the brain's candidate lease: the owner reviews
// and ratifies a curation's result, not a candidate a hand is still working on.
func (s *Service) leaseHeld(ctx context.Context, st SkeletonStore, brain string) error {
	c, live, err := s.liveCuration(ctx, st, brain)
	if err != nil || !live {
		return err
	}
	return refusal.New(ReasonCurationBusy, "curation %s holds brain %s's candidate lease until it ends (%s at the latest)", c.CurationID, brain, c.ExpiresAt.Format(time.RFC3339)).
		With("curation_id", c.CurationID)
}

// DiscardCandidate drops the brain's candidate: the owner only.
func (s *Service) DiscardCandidate(ctx context.Context, a principal.Principal, brain, id string, expected int64) (Skeleton, string, error) {
	k, rid, err := s.finishCandidate(ctx, a, brain, id, expected, EffectSkeletonDiscard)
	if err != nil {
		s.rejectedSkeleton(ctx, a, EffectSkeletonDiscard, brain, id, err)
	}
	return k, rid, err
}

// RatifySkeleton makes the candidate the brain's ratified skeleton: only a human origin
// ratifies (human-ui from the Hall, human-cli from the owner's own CLI), and the ledger keeps
// a receipt either way.
func (s *Service) RatifySkeleton(ctx context.Context, a principal.Principal, brain, id string, expected int64) (Skeleton, string, error) {
	k, rid, err := s.finishCandidate(ctx, a, brain, id, expected, EffectSkeletonRatify)
	if err != nil {
		s.rejectedSkeleton(ctx, a, EffectSkeletonRatify, brain, id, err)
	}
	return k, rid, err
}

func (s *Service) finishCandidate(ctx context.Context, a principal.Principal, brain, id string, expected int64, effect string) (Skeleton, string, error) {
	if err := s.checkBrainName(brain); err != nil {
		return Skeleton{}, "", err
	}
	what := "ratify a skeleton"
	if effect == EffectSkeletonDiscard {
		what = "discard a candidate"
	}
	if err := requireHuman(a, what); err != nil {
		return Skeleton{}, "", err
	}
	st, err := s.skeletons()
	if err != nil {
		return Skeleton{}, "", err
	}
	k, err := st.Skeleton(ctx, id)
	if errors.Is(err, ErrNoSkeleton) || (err == nil && k.Brain != brain) {
		return Skeleton{}, "", refusal.New(ReasonSkeletonNotFound, "brain %s has no skeleton %s", brain, id)
	} else if err != nil {
		return Skeleton{}, "", err
	}
	if k.State != SkeletonCandidate {
		return Skeleton{}, "", refusal.New(ReasonSkeletonReadOnly, "skeleton %s is %s: read-only (a new candidate starts from the ratified one)", id, k.State)
	}
	if err := s.leaseHeld(ctx, st, brain); err != nil {
		return Skeleton{}, "", err
	}
	if _, err := s.liveCandidate(ctx, st, brain, expected); err != nil {
		return Skeleton{}, "", err
	}
	now := s.o.Clock.Now()
	k.StoreVersion, k.UpdatedAt = expected+1, now
	put := []Skeleton{k}
	if effect == EffectSkeletonDiscard {
		put[0].State = SkeletonDiscarded
	} else {
		by := AuthorOf(a)
		put[0].State, put[0].RatifiedBy, put[0].RatifiedAt = SkeletonRatified, &by, now
		_, old, err := st.LiveSkeletons(ctx, brain)
		if err != nil {
			return Skeleton{}, "", err
		}
		if old != nil {
			o := *old
			o.State, o.UpdatedAt = SkeletonSuperseded, now
			put = append(put, o)
		}
	}
	details := map[string]string{}
	if effect == EffectSkeletonRatify {
		details["ratified_via"] = string(a.Origin)
	}
	entry := s.skeletonEntry(a, effect, put[0], expected, expected+1, details)
	if err := st.WriteSkeletons(ctx, SkeletonWrite{Brain: brain, Expected: expected, Put: put, Entry: entry}); err != nil {
		return Skeleton{}, "", writeErr(err, expected)
	}
	s.closeCurationChains(ctx, a, st, put[0], effect, entry.ReceiptID)
	return put[0], entry.ReceiptID, nil
}

// knownBlocks answers the unknown-block gate from the store: the blocks of the brain's
// ratified skeleton and of its candidate. has is false when the store holds neither, and the
// gate then falls back to the brain's .blocks file.
func (s *Service) knownBlocks(ctx context.Context, brain string) (map[string]bool, bool, error) {
	if s.o.SkeletonStore == nil {
		return nil, false, nil
	}
	cand, rat, err := s.o.SkeletonStore.LiveSkeletons(ctx, brain)
	if err != nil || (cand == nil && rat == nil) {
		return nil, false, err
	}
	ids := map[string]bool{}
	for _, k := range []*Skeleton{cand, rat} {
		if k != nil {
			for id := range k.BlockIDs() {
				ids[id] = true
			}
		}
	}
	return ids, true, nil
}
