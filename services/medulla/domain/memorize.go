package domain

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"regexp"
	"strconv"
	"strings"
	"unicode"

	"github.com/organism-dev/organism/platform/principal"
	"github.com/organism-dev/organism/platform/refusal"
)

// MemorizeInput is one proposed claim version.
type MemorizeInput struct {
	Brain           string
	Slug            string
	Kind            Kind
	Body            string
	Evidence        []Anchor
	Confidence      float64
	SoulSource      string
	ExpectedVersion int64
	AllowDowngrade  bool

	// carried is set only by Import: the version as exported, whose provenance and state the
	// owner re-admits.
	carried *Claim
	// adopted is set only by Adopt: the foreign claim this write admits.
	adopted *ForeignClaim
	// reMarked says Import re-marked a carried self-verified version authored.
	reMarked bool
	// head is the repository's commit when the proposal arrived, read before the write.
	head string
}

// MemorizeResult is the admitted version and its commit receipt.
type MemorizeResult struct {
	Claim   Claim
	Receipt Receipt
	// Adoption is the verse adoption receipt of an Adopt.
	Adoption *Receipt
}

var (
	slugPattern       = regexp.MustCompile(`^[a-z0-9][a-z0-9._-]{0,127}$`)
	soulSourcePattern = regexp.MustCompile(`^[^#\s][^#]*#[^#]+$`)
)

// ValidSlug reports whether s is a legal claim slug.
func ValidSlug(s string) bool { return slugPattern.MatchString(s) && !strings.Contains(s, "..") }

// Memorize is the one write door. Every call ends in a commit receipt or a refusal that was
// recorded as a rejection receipt (when the brain exists to hold it).
func (s *Service) Memorize(ctx context.Context, c principal.Principal, in MemorizeInput) (MemorizeResult, error) {
	if !ValidBrainName(in.Brain) {
		return MemorizeResult{}, refusal.Field(ReasonInvalidArgument, "brain", "brain name is malformed")
	}
	b, err := s.brainSettings(ctx, in.Brain)
	if err != nil {
		return MemorizeResult{}, err
	}
	p := s.propose(in.Brain, EffectMemorize, in.Slug, c)
	if in.carried != nil {
		p.effect = EffectImport
	}
	if in.adopted != nil {
		p.effect = EffectAdopt
	}
	if !mayAct(c, in.Brain) {
		return MemorizeResult{}, s.refuseLogged(ctx, p, refusal.Field(ReasonForeignBrain, "brain", "credential is bound to brain %q, not %q", c.Brain, in.Brain))
	}
	p.pass("brain-binding")
	if ref := s.checkMemorize(c, &in); ref != nil {
		return MemorizeResult{}, s.refuseLogged(ctx, p, ref)
	}
	p.pass("shape")
	p.pass("hygiene")
	p.pass("letter-is-witness")
	if ref := s.anchorEvidence(b, in.Evidence, in.carried != nil); ref != nil {
		return MemorizeResult{}, s.refuseLogged(ctx, p, ref)
	}
	p.pass("evidence-anchored")
	if in.Slug == "" {
		in.Slug = s.generateSlug(in.Body)
	}
	p.subject = in.Slug
	if in.carried == nil {
		in.head = s.headOf(b.RepoRoot)
	}

	var res MemorizeResult
	var refused *refusal.Error
	err = s.store.Write(ctx, func(tx Tx) error {
		res, refused = MemorizeResult{}, nil
		p := *p
		p.gates = append([]string(nil), p.gates...)
		if in.adopted != nil {
			ref, err := s.checkAdoptable(tx, in.adopted)
			if err != nil {
				return err
			}
			if ref != nil {
				refused = ref
				return s.reject(tx, &p, ref)
			}
			p.pass("not-yet-adopted")
		}
		claim, supersedes, ref, err := s.decide(tx, c, &p, in)
		if err != nil {
			return err
		}
		if ref != nil {
			refused = ref
			return s.reject(tx, &p, ref)
		}
		claim.ReceiptID = s.ids.New("rcpt_")
		if err := tx.InsertVersion(&claim, supersedes); err != nil {
			return err
		}
		details := map[string]string{"slug": claim.Slug, "version": strconv.FormatInt(claim.Version, 10), "state": string(claim.State)}
		if in.reMarked {
			details["re_marked"] = "verified by its own author; admitted authored"
		}
		if in.adopted != nil {
			details["foreign_id"], details["foreign_version"] = in.adopted.ID, strconv.FormatInt(in.adopted.Claim.Version, 10)
			if supersedes != 0 {
				// Adopting a newer version a peer served supersedes the copy adopted before.
				details["supersedes"] = claim.Brain + "/" + claim.Slug + "@v" + strconv.FormatInt(claim.Version-1, 10)
			}
		}
		r, err := s.commit(tx, &p, claim.ReceiptID, details)
		if err != nil {
			return err
		}
		res = MemorizeResult{Claim: claim, Receipt: *r}
		if in.adopted != nil {
			if res.Adoption, err = s.admitAdoption(tx, &p, in.adopted, claim, r); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return MemorizeResult{}, err
	}
	if refused != nil {
		return MemorizeResult{}, refused
	}
	return res, nil
}

// checkMemorize validates shape and applies the hygiene floor; it changes nothing.
func (s *Service) checkMemorize(c principal.Principal, in *MemorizeInput) *refusal.Error {
	if in.Slug != "" && !ValidSlug(in.Slug) {
		return refusal.Field(ReasonInvalidArgument, "slug", "slug must be lowercase letters, digits, '.', '_' or '-', up to 128 characters")
	}
	if in.Kind == "" {
		in.Kind = KindFact
	}
	if !ValidKind(in.Kind) {
		return refusal.Field(ReasonInvalidArgument, "kind", "kind must be fact, decision, process, doctrine or problem")
	}
	if math.IsNaN(in.Confidence) || in.Confidence < 0 || in.Confidence > 1 {
		return refusal.Field(ReasonInvalidArgument, "confidence", "confidence must be between 0 and 1")
	}
	if in.ExpectedVersion < 0 {
		return refusal.Field(ReasonInvalidArgument, "expected_version", "expected_version must not be negative")
	}
	if in.SoulSource != "" && (len(in.SoulSource) > 512 || !soulSourcePattern.MatchString(in.SoulSource) || !utf8Clean(in.SoulSource)) {
		return refusal.Field(ReasonInvalidArgument, "soul_source", "soul_source must look like <soul path>#<section>")
	}
	if in.AllowDowngrade && !c.Owner() {
		return refusal.Field(ReasonOwnerOnly, "allow_downgrade", "only the owner may allow a downgrade")
	}
	if r := checkBody(in.Body); r != nil {
		return r
	}
	if r := checkTexts("slug", in.Slug, "soul_source", in.SoulSource); r != nil {
		return r
	}
	if r := validateAnchors(in.Evidence); r != nil {
		return r
	}
	if r := checkAnchorTexts(in.Evidence); r != nil {
		return r
	}
	if in.carried != nil {
		return checkProvenance(in.carried.Provenance)
	}
	return nil
}

func utf8Clean(s string) bool {
	for _, r := range s {
		if r == unicode.ReplacementChar || unicode.IsControl(r) {
			return false
		}
	}
	return true
}

// anchorEvidence fills in the sha256 of file anchors that arrived without one, measured in
// the brain's repository now: a file anchor is a hash, or it is not evidence.
func (s *Service) anchorEvidence(b Brain, anchors []Anchor, carried bool) *refusal.Error {
	for i := range anchors {
		a := &anchors[i]
		if !a.measurable() || a.SHA256 != "" {
			continue
		}
		sum, err := s.repo.Hash(b.RepoRoot, a.Path)
		if err != nil {
			if carried {
				continue // an imported anchor without a hash stays honest: unverifiable
			}
			msg := "cannot read %s in the brain's repository"
			if errors.Is(err, fs.ErrNotExist) {
				msg = "%s does not exist in the brain's repository"
			}
			return refusal.Field(ReasonEvidenceFileMissing, fmt.Sprintf("evidence[%d].path", i), msg, a.Path)
		}
		a.SHA256 = sum
	}
	return nil
}

// decide runs the gates that need the current state and builds the new version.
// It returns the row id of the live version it supersedes (0 for a new slug).
func (s *Service) decide(tx Tx, c principal.Principal, p *proposal, in MemorizeInput) (Claim, int64, *refusal.Error, error) {
	live, err := tx.Live(in.Brain, in.Slug)
	exists := err == nil
	if err != nil && !errors.Is(err, ErrNotFound) {
		return Claim{}, 0, nil, err
	}
	if in.ExpectedVersion != 0 && (!exists || live.Version != in.ExpectedVersion) {
		have := int64(0)
		if exists {
			have = live.Version
		}
		r := refusal.Field(ReasonVersionMismatch, "expected_version", "claim %s is at version %d, not %d", in.Slug, have, in.ExpectedVersion)
		r.Metadata = map[string]string{"live_version": strconv.FormatInt(have, 10)}
		return Claim{}, 0, r, nil
	}
	p.pass("version-cas")
	now := s.now()
	tier, verse := tierOf(in.Brain)
	claim := Claim{
		Brain: in.Brain, Slug: in.Slug, Version: 1, Kind: in.Kind, Body: in.Body,
		Evidence: in.Evidence, Confidence: in.Confidence, State: StateAuthored, Tier: tier, Verse: verse,
		WrittenAt: now,
		Provenance: Provenance{Created: now, SourceAgent: c.Name(), OriginBrain: in.Brain, SoulSource: in.SoulSource,
			SourceFamily: Family(c), AuthoredCommit: in.head},
	}
	if exists {
		claim.Version = live.Version + 1
		claim.Provenance.Created = live.Provenance.Created
		claim.Provenance.OriginBrain = live.Provenance.OriginBrain
	} else if last, err := tx.LastVersion(in.Brain, in.Slug); err != nil {
		return Claim{}, 0, nil, err
	} else {
		claim.Version = last + 1
	}
	if in.carried != nil {
		// The owner re-admits an exported version: its provenance travels with it, but the
		// version number and write time are this store's.
		claim.State = in.carried.State
		claim.Provenance = in.carried.Provenance
		if claim.Provenance.SourceAgent == "" {
			claim.Provenance.SourceAgent = c.Name()
		}
		if claim.Provenance.OriginBrain == "" {
			claim.Provenance.OriginBrain = in.Brain
		}
		if in.reMarked {
			p.pass("self-verified-re-marked-authored")
		}
	}
	if exists && in.carried == nil && !in.AllowDowngrade {
		if r := downgrade(live, claim); r != nil {
			return Claim{}, 0, r, nil
		}
	}
	p.pass("no-downgrade")
	return claim, live.ID, nil, nil
}

// downgrade explains why next would lose trust that live has, or returns nil.
func downgrade(live, next Claim) *refusal.Error {
	if live.State == StateVerified && next.State != StateVerified {
		return refusal.New(ReasonWouldDowngrade, "claim %s v%d is verified; an authored version would downgrade it (the owner may allow it)", live.Slug, live.Version)
	}
	keep := make(map[string]bool, len(next.Evidence))
	for _, a := range next.Evidence {
		keep[a.identity()] = true
	}
	for _, a := range live.Evidence {
		if !keep[a.identity()] {
			r := refusal.Field(ReasonWouldDowngrade, "evidence", "the new version drops evidence %s that v%d carries (the owner may allow it)", a, live.Version)
			r.Metadata = map[string]string{"dropped": a.String()}
			return r
		}
	}
	return nil
}

// generateSlug names a claim after its first words plus a random suffix, so that a generated
// slug never silently supersedes someone else's claim.
func (s *Service) generateSlug(body string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(body) {
		if b.Len() >= 40 {
			break
		}
		if r < 128 && (unicode.IsLetter(r) || unicode.IsDigit(r)) {
			b.WriteRune(r)
			dash = false
		} else if b.Len() > 0 && !dash {
			b.WriteByte('-')
			dash = true
		}
	}
	base := strings.Trim(b.String(), "-")
	// The tail of an id is its random part.
	suffix := s.ids.New("")
	if len(suffix) > 8 {
		suffix = suffix[len(suffix)-8:]
	}
	if base == "" {
		return "claim-" + suffix
	}
	return base + "-" + suffix
}
