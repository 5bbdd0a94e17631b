package domain

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/organism-dev/organism/platform/principal"
	"github.com/organism-dev/organism/platform/refusal"
)

// ConsolidateInput names the medulla claims to merge.
type ConsolidateInput struct {
	Sources []string
	// Slug of the merged claim; generated when empty; may be one of the sources.
	Slug    string
	Summary string
	// RaiseConfidenceTo is the owner's override of the cap; 0 keeps the cap.
	RaiseConfidenceTo float64
}

// ConsolidateResult is the merged claim and the retired sources.
type ConsolidateResult struct {
	Claim   Claim
	Receipt Receipt
	Sources []Claim
	Cap     float64
}

// VerifiedViaConsolidation marks a merged claim: its trust is inherited from verified sources.
const VerifiedViaConsolidation = "consolidation"

// maxConsolidationSources bounds one merge.
const maxConsolidationSources = 32

// Consolidate is C8.4 curator consolidation over the medulla tier: the merged claim carries the
// union of the sources' evidence, a body that recites every source with its provenance, and a
// confidence no higher than the least confident source unless the owner raises it. Sources
// are retired into History, never deleted. The seat check runs first: whoever authored any
// version of any source may not grade them (GRADER_IS_AUTHOR).
func (s *Service) Consolidate(ctx context.Context, c principal.Principal, in ConsolidateInput) (ConsolidateResult, error) {
	p := s.propose(MedullaBrain, EffectConsolidate, in.Slug, c)
	if c.Peer() || (!c.Owner() && !c.Agent() && !c.Service()) {
		return ConsolidateResult{}, s.refuseLogged(ctx, p, refusal.New(ReasonForeignBrain, "only the owner, agents and services curate the medulla tier"))
	}
	if c.Agent() {
		if _, err := s.readable(ctx, c, MedullaBrain); err != nil {
			return ConsolidateResult{}, s.logRefusal(ctx, p, err)
		}
	}
	p.pass("curator")
	sources, ref := normalizeConsolidation(c, &in)
	if ref != nil {
		return ConsolidateResult{}, s.refuseLogged(ctx, p, ref)
	}
	if in.Slug == "" {
		in.Slug = s.generateSlug("consolidated " + in.Summary)
	}
	p.subject = in.Slug
	p.pass("shape")

	// Read every source and its whole history: the seat check looks at every author, not
	// only the one of the live version.
	read := make([]Claim, len(sources))
	for i, slug := range sources {
		hist, err := s.store.History(ctx, MedullaBrain, slug)
		if err != nil {
			return ConsolidateResult{}, err
		}
		if len(hist) == 0 || !hist[len(hist)-1].Live() {
			return ConsolidateResult{}, s.refuseLogged(ctx, p, refusal.Field(ReasonClaimNotFound, "sources", "no live medulla claim %s", slug))
		}
		live := hist[len(hist)-1]
		if ok, err := s.crossesTo(ctx, c, live); err != nil {
			return ConsolidateResult{}, err
		} else if !ok {
			return ConsolidateResult{}, s.logRefusal(ctx, p, withheld(live))
		}
		for _, v := range hist {
			if v.Provenance.SourceAgent == c.Name() {
				r := refusal.Field(ReasonGraderIsAuthor, "sources", "%s authored medulla/%s v%d; a grader never consolidates its own claims (C8.4)", c.Name(), slug, v.Version)
				r.Metadata = map[string]string{"source": slug}
				return ConsolidateResult{}, s.refuseLogged(ctx, p, r)
			}
		}
		// The same independence rule as every path to verified: a grader of an author's
		// credential family at the same (or an unknown) commit is that author again.
		if _, r := independent(Grader{P: c}, authorsOf(hist)); r != nil {
			r.Metadata = map[string]string{"source": slug, "author": r.Metadata["author"]}
			return ConsolidateResult{}, s.refuseLogged(ctx, p, r)
		}
		if live.State != StateVerified {
			return ConsolidateResult{}, s.refuseLogged(ctx, p, refusal.Field(ReasonNotVerified, "sources", "medulla/%s v%d is not verified", slug, live.Version))
		}
		read[i] = live
	}
	p.pass("seat-check")
	merged, cp, ref := mergeSources(read, in)
	if ref != nil {
		return ConsolidateResult{}, s.refuseLogged(ctx, p, ref)
	}
	merged.Provenance.SourceAgent, merged.Provenance.VerifiedBy = c.Name(), c.Name()
	p.pass("merge-and-recite")
	p.pass("confidence-cap")

	var res ConsolidateResult
	var refused *refusal.Error
	err := s.store.Write(ctx, func(tx Tx) error {
		res, refused = ConsolidateResult{}, nil
		p := *p
		p.gates = append([]string(nil), p.gates...)
		var supersedes int64
		isSource := false
		for _, src := range read {
			cur, err := tx.Live(MedullaBrain, src.Slug)
			if err != nil && !errors.Is(err, ErrNotFound) {
				return err
			}
			if err != nil || cur.Version != src.Version {
				refused = refusal.Field(ReasonVersionMismatch, "sources", "medulla/%s moved while it was being consolidated", src.Slug)
				return s.reject(tx, &p, refused)
			}
			if src.Slug == in.Slug {
				supersedes, isSource = cur.ID, true
			}
		}
		next := merged
		next.WrittenAt = s.now()
		next.Provenance.Created, next.Provenance.VerifiedAt = next.WrittenAt, next.WrittenAt
		if isSource {
			for _, src := range read {
				if src.Slug == in.Slug {
					next.Version = src.Version + 1
				}
			}
		} else {
			if cur, err := tx.Live(MedullaBrain, in.Slug); err == nil {
				refused = refusal.Field(ReasonInvalidArgument, "slug", "medulla/%s v%d is live and not one of the sources; pick another slug", in.Slug, cur.Version)
				return s.reject(tx, &p, refused)
			} else if !errors.Is(err, ErrNotFound) {
				return err
			}
			last, err := tx.LastVersion(MedullaBrain, in.Slug)
			if err != nil {
				return err
			}
			next.Version = last + 1
		}
		for _, src := range read {
			if src.Slug != in.Slug {
				if err := tx.Retire(src, next.WrittenAt); err != nil {
					return err
				}
			}
		}
		next.ReceiptID = s.ids.New("rcpt_")
		if err := tx.InsertVersion(&next, supersedes); err != nil {
			return err
		}
		names := make([]string, len(read))
		for i, src := range read {
			names[i] = src.Slug + "@v" + strconv.FormatInt(src.Version, 10)
		}
		r, err := s.commitVerse(tx, &p, next.ReceiptID, VerseLocal, map[string]string{
			"slug": next.Slug, "version": strconv.FormatInt(next.Version, 10), "sources": strings.Join(names, ","),
			"confidence_cap": strconv.FormatFloat(cp, 'f', -1, 64), "confidence": strconv.FormatFloat(next.Confidence, 'f', -1, 64),
			"anchors": strconv.Itoa(len(next.Evidence)),
		})
		if err != nil {
			return err
		}
		retired := make([]Claim, len(read))
		for i, src := range read {
			src.SupersededAt = next.WrittenAt
			retired[i] = src
		}
		res = ConsolidateResult{Claim: next, Receipt: *r, Sources: retired, Cap: cp}
		return nil
	})
	if err != nil {
		return ConsolidateResult{}, err
	}
	if refused != nil {
		return ConsolidateResult{}, refused
	}
	return res, nil
}

// logRefusal records err in the ledger when it is a refusal, and returns it.
func (s *Service) logRefusal(ctx context.Context, p *proposal, err error) error {
	if ref, ok := refusal.As(err); ok {
		return s.refuseLogged(ctx, p, ref)
	}
	return err
}

// normalizeConsolidation validates the request and returns the distinct source slugs in order.
func normalizeConsolidation(c principal.Principal, in *ConsolidateInput) ([]string, *refusal.Error) {
	seen := map[string]bool{}
	var out []string
	for _, slug := range in.Sources {
		if !ValidSlug(slug) {
			return nil, refusal.Field(ReasonInvalidArgument, "sources", "source slug %q is malformed", slug)
		}
		if r := checkText("sources", slug); r != nil {
			return nil, r
		}
		if !seen[slug] {
			seen[slug] = true
			out = append(out, slug)
		}
	}
	switch {
	case len(out) < 2:
		return nil, refusal.Field(ReasonNothingToConsolidate, "sources", "consolidation needs at least two distinct medulla claims, got %d", len(out))
	case len(out) > maxConsolidationSources:
		return nil, refusal.Field(ReasonInvalidArgument, "sources", "at most %d sources per consolidation", maxConsolidationSources)
	case in.Slug != "" && !ValidSlug(in.Slug):
		return nil, refusal.Field(ReasonInvalidArgument, "slug", "slug is malformed")
	case len(in.Summary) > MaxReasonBytes || !utf8Clean(in.Summary):
		return nil, refusal.Field(ReasonInvalidArgument, "summary", "summary must be one clean line of at most %d bytes", MaxReasonBytes)
	case math.IsNaN(in.RaiseConfidenceTo) || in.RaiseConfidenceTo < 0 || in.RaiseConfidenceTo > 1:
		return nil, refusal.Field(ReasonInvalidArgument, "raise_confidence_to", "confidence must be between 0 and 1")
	case in.RaiseConfidenceTo > 0 && !c.Owner():
		return nil, refusal.Field(ReasonOwnerOnly, "raise_confidence_to", "only the owner raises a consolidated claim above its least confident source")
	}
	if r := checkTexts("slug", in.Slug, "summary", in.Summary); r != nil {
		return nil, r
	}
	return out, nil
}

// mergeSources builds the merged version (without version number or times) and returns the cap.
func mergeSources(srcs []Claim, in ConsolidateInput) (Claim, float64, *refusal.Error) {
	cp := 1.0
	kind := srcs[0].Kind
	var evidence []Anchor
	seen := map[string]bool{}
	var b strings.Builder
	summary := strings.TrimSpace(in.Summary)
	if summary == "" {
		summary = fmt.Sprintf("Consolidated from %d medulla claims that say the same thing.", len(srcs))
	}
	b.WriteString(summary)
	b.WriteString("\n\nRecital of sources (C8.4 merge-and-recite):\n")
	for _, src := range srcs {
		cp = math.Min(cp, src.Confidence)
		if src.Kind != kind {
			kind = KindDoctrine
		}
		for _, a := range src.Evidence {
			key := a.identity() + "\x00" + a.SHA256
			if !seen[key] {
				seen[key] = true
				evidence = append(evidence, a)
			}
		}
		origin := ProvenanceLine(src)
		if origin == "" {
			origin = "origin " + src.Provenance.OriginBrain
		}
		fmt.Fprintf(&b, "\n- medulla/%s v%d (%s):\n", src.Slug, src.Version, origin)
		for _, line := range strings.Split(strings.TrimRight(src.Body, "\n"), "\n") {
			b.WriteString("  > " + line + "\n")
		}
	}
	if len(evidence) > MaxAnchors {
		return Claim{}, 0, refusal.Field(ReasonInvalidArgument, "sources", "the evidence union holds %d anchors; at most %d fit one claim", len(evidence), MaxAnchors)
	}
	body := b.String()
	if r := checkBody(body); r != nil {
		return Claim{}, 0, r
	}
	conf := cp
	if in.RaiseConfidenceTo > 0 {
		conf = in.RaiseConfidenceTo
	}
	return Claim{
		Brain: MedullaBrain, Slug: in.Slug, Kind: kind, Body: body, Evidence: evidence, Confidence: conf,
		State: StateVerified, Tier: TierMedulla, Verse: VerseLocal,
		Provenance: Provenance{OriginBrain: MedullaBrain, VerifiedVia: VerifiedViaConsolidation},
	}, cp, nil
}
