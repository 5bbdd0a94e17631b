package domain

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/organism-dev/organism/platform/principal"
	"github.com/organism-dev/organism/platform/refusal"
)

// PromoteInput names a project claim to elevate into the medulla tier.
type PromoteInput struct {
	Brain  string
	Slug   string
	Reason string
}

// PromoteResult is the medulla copy and what happened to its evidence on the way.
type PromoteResult struct {
	Claim   Claim
	Receipt Receipt
	// AlreadyPromoted is true when the copy already said exactly this: nothing was written.
	AlreadyPromoted bool
	Reanchored      int
	Unverifiable    int
	Note            string
}

// MaxReasonBytes bounds a promotion reason; it is rendered in every provenance line.
const MaxReasonBytes = 1024

// MedullaSlug is the slug a promoted claim takes in the medulla tier: its brain qualifies it so
// that two brains promoting the same slug never supersede each other. Names too long for a
// slug keep a hash of the whole so that truncation cannot make two of them collide.
func MedullaSlug(brain, slug string) string {
	s := brain + "." + slug
	if len(s) <= 128 {
		return s
	}
	sum := sha256.Sum256([]byte(s))
	return s[:119] + "-" + hex.EncodeToString(sum[:4])
}

// Promote is the audited crossing (organism-inside §3): only a verified claim crosses (C8.3);
// each evidence anchor is re-measured at its origin and re-anchored origin-qualified, or
// stamped evidence_unverifiable (C8.2); the copy in the medulla tier carries Origin-Brain,
// Promoted-By from the credential, the reason and the time. The original stays: promotion
// elevates, never moves. Refusals are logged in the origin brain's ledger; the commit lands in
// the medulla tier's.
func (s *Service) Promote(ctx context.Context, c principal.Principal, in PromoteInput) (PromoteResult, error) {
	if !ValidBrainName(in.Brain) {
		return PromoteResult{}, refusal.Field(ReasonInvalidArgument, "brain", "brain name is malformed")
	}
	if !ValidSlug(in.Slug) {
		return PromoteResult{}, refusal.Field(ReasonInvalidArgument, "slug", "slug is malformed")
	}
	if in.Brain == MedullaBrain {
		return PromoteResult{}, refusal.Field(ReasonReservedBrain, "brain", "claims are promoted from a project brain into the medulla tier, not from it")
	}
	b, err := s.brainSettings(ctx, in.Brain)
	if err != nil {
		return PromoteResult{}, err
	}
	p := s.propose(in.Brain, EffectPromote, in.Slug, c)
	if !mayAct(c, in.Brain) {
		return PromoteResult{}, s.refuseLogged(ctx, p, refusal.Field(ReasonForeignBrain, "brain", "credential is bound to brain %q, not %q", c.Brain, in.Brain))
	}
	p.pass("brain-binding")
	if r := checkText("slug", in.Slug); r != nil {
		return PromoteResult{}, s.refuseLogged(ctx, p, r)
	}
	if ref := checkReason(in.Reason); ref != nil {
		return PromoteResult{}, s.refuseLogged(ctx, p, ref)
	}
	p.pass("reason")
	if b.Policy == PolicyIsolated {
		return PromoteResult{}, s.refuseLogged(ctx, p, refusal.Field(ReasonIsolatedBrain, "brain", "brain %q is isolated: nothing crosses out of it", in.Brain))
	}
	p.pass("federation-policy")
	live, err := s.store.Claim(ctx, in.Brain, in.Slug, 0)
	if errors.Is(err, ErrNotFound) {
		return PromoteResult{}, s.refuseLogged(ctx, p, refusal.Field(ReasonClaimNotFound, "slug", "no live claim %s in brain %s", in.Slug, in.Brain))
	}
	if err != nil {
		return PromoteResult{}, err
	}
	if live.State != StateVerified {
		return PromoteResult{}, s.refuseLogged(ctx, p, refusal.Field(ReasonNotVerified, "slug", "claim %s v%d is %s; only verified claims cross into the medulla tier (C8.3)", in.Slug, live.Version, live.State))
	}
	p.pass("verified-only")
	anchors, fresh, unverifiable := reanchor(s.repo, b.RepoRoot, in.Brain, live.Evidence)
	p.pass("evidence-reanchored")

	mslug := MedullaSlug(in.Brain, in.Slug)
	var res PromoteResult
	var refused *refusal.Error
	err = s.store.Write(ctx, func(tx Tx) error {
		res, refused = PromoteResult{}, nil
		p := *p
		p.gates = append([]string(nil), p.gates...)
		cur, err := tx.Live(in.Brain, in.Slug)
		if err != nil && !errors.Is(err, ErrNotFound) {
			return err
		}
		if err != nil || cur.Version != live.Version {
			refused = refusal.Field(ReasonVersionMismatch, "slug", "claim %s moved while it was being promoted; promote it again", in.Slug)
			return s.reject(tx, &p, refused)
		}
		prev, err := tx.Live(MedullaBrain, mslug)
		exists := err == nil
		if err != nil && !errors.Is(err, ErrNotFound) {
			return err
		}
		if exists && samePromotion(prev, live, anchors) {
			res = PromoteResult{Claim: prev, AlreadyPromoted: true, Reanchored: fresh, Unverifiable: unverifiable,
				Note: fmt.Sprintf("already promoted: medulla/%s v%d carries %s v%d unchanged; nothing was written", prev.Slug, prev.Version, in.Slug, live.Version)}
			return nil
		}
		now := s.now()
		cp := Claim{
			Brain: MedullaBrain, Slug: mslug, Version: 1, Kind: live.Kind, Body: live.Body, Evidence: anchors,
			Confidence: live.Confidence, State: StateVerified, Tier: TierMedulla, Verse: VerseLocal, WrittenAt: now,
			Provenance: live.Provenance,
		}
		cp.Provenance.OriginBrain = in.Brain
		cp.Provenance.PromotedBy, cp.Provenance.PromotedReason, cp.Provenance.PromotedAt = c.Name(), in.Reason, now
		var supersedes int64
		if exists {
			cp.Version, supersedes = prev.Version+1, prev.ID
		} else if last, err := tx.LastVersion(MedullaBrain, mslug); err != nil {
			return err
		} else {
			cp.Version = last + 1
		}
		cp.ReceiptID = s.ids.New("rcpt_")
		if err := tx.InsertVersion(&cp, supersedes); err != nil {
			return err
		}
		p.brain, p.subject = MedullaBrain, mslug
		r, err := s.commitVerse(tx, &p, cp.ReceiptID, VerseLocal, map[string]string{
			"slug": mslug, "version": strconv.FormatInt(cp.Version, 10), "origin_brain": in.Brain, "origin_slug": in.Slug,
			"origin_version": strconv.FormatInt(live.Version, 10), "reason": in.Reason,
			"reanchored": strconv.Itoa(fresh), "evidence_unverifiable": strconv.Itoa(unverifiable),
		})
		if err != nil {
			return err
		}
		res = PromoteResult{Claim: cp, Receipt: *r, Reanchored: fresh, Unverifiable: unverifiable,
			Note: fmt.Sprintf("promoted %s/%s v%d to medulla/%s v%d; %d anchor(s) re-anchored, %d stamped evidence_unverifiable", in.Brain, in.Slug, live.Version, mslug, cp.Version, fresh, unverifiable)}
		return nil
	})
	if err != nil {
		return PromoteResult{}, err
	}
	if refused != nil {
		return PromoteResult{}, refused
	}
	return res, nil
}

func checkReason(reason string) *refusal.Error {
	switch {
	case strings.TrimSpace(reason) == "" || !utf8Clean(reason):
		return refusal.Field(ReasonInvalidArgument, "reason", "a promotion needs a reason: why the lesson matters beyond its project")
	case len(reason) > MaxReasonBytes:
		return refusal.Field(ReasonInvalidArgument, "reason", "reason is longer than %d bytes", MaxReasonBytes)
	}
	return checkText("reason", reason)
}

// reanchor re-measures each anchor in the origin brain's repository now. A file or line anchor
// whose content still hashes to what was anchored is re-anchored origin-qualified; anything
// that cannot be re-measured (changed, missing, a commit or receipt reference) keeps its origin
// qualification but is stamped evidence_unverifiable: the crossing never upgrades trust.
func reanchor(repo Repo, root, brain string, in []Anchor) ([]Anchor, int, int) {
	out := make([]Anchor, len(in))
	var fresh, unverifiable int
	for i, a := range in {
		a.Origin, a.Unverifiable = brain, true
		if (a.Kind == AnchorFile || a.Kind == AnchorLine) && a.SHA256 != "" {
			if sum, err := repo.Hash(root, a.Path); err == nil && sum == a.SHA256 {
				a.Unverifiable = false
			}
		}
		if a.Unverifiable {
			unverifiable++
		} else {
			fresh++
		}
		out[i] = a
	}
	return out, fresh, unverifiable
}

// samePromotion reports whether the medulla copy already says what the original says now.
func samePromotion(prev, live Claim, anchors []Anchor) bool {
	if prev.Provenance.Demoted != "" || prev.Provenance.OriginBrain != live.Brain || prev.Body != live.Body || prev.Kind != live.Kind ||
		prev.Confidence != live.Confidence || len(prev.Evidence) != len(anchors) {
		return false
	}
	for i, a := range anchors {
		if prev.Evidence[i].identity() != a.identity() || prev.Evidence[i].SHA256 != a.SHA256 {
			return false
		}
	}
	return true
}
