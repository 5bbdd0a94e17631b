package wire

import (
	"time"

	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/organism-dev/organism/platform/principal"
	commonv1 "github.com/organism-dev/organism/proto/organism/common/v1"
	medullav1 "github.com/organism-dev/organism/proto/organism/medulla/v1"
	"github.com/organism-dev/organism/services/medulla/domain"
)

// ts renders a time; the zero time (unknown, or never happened) is absent on the wire.
func ts(t time.Time) *timestamppb.Timestamp {
	if t.IsZero() {
		return nil
	}
	return timestamppb.New(t)
}

// Brain renders a brain.
func Brain(b domain.Brain) *medullav1.Brain {
	return &medullav1.Brain{
		Name: b.Name, RepoRoot: b.RepoRoot, SoulPath: b.SoulPath, Policy: policyToProto[b.Policy], Reserved: b.Reserved,
		StoreVersion: b.StoreVersion, CreatedAt: ts(b.CreatedAt), UpdatedAt: ts(b.UpdatedAt),
	}
}

// Anchors renders an evidence list.
func Anchors(as []domain.Anchor) []*medullav1.EvidenceAnchor {
	out := make([]*medullav1.EvidenceAnchor, len(as))
	for i, a := range as {
		out[i] = Anchor(a)
	}
	return out
}

// Anchor renders one evidence anchor, with its origin-qualified spelling when it crossed.
func Anchor(a domain.Anchor) *medullav1.EvidenceAnchor {
	return &medullav1.EvidenceAnchor{Kind: anchorToProto[a.Kind], Path: a.Path, Sha256: a.SHA256, Line: a.Line, Ref: a.Ref,
		OriginBrain: a.Origin, Unverifiable: a.Unverifiable, Qualified: a.Qualified()}
}

// AnchorsFromProto decodes the anchors a caller proposes. The crossing stamps (origin,
// unverifiable) are the server's to set and are dropped; an unknown kind reaches the door as
// "unspecified" so that its refusal is recorded like any other.
func AnchorsFromProto(as []*medullav1.EvidenceAnchor) []domain.Anchor {
	out := make([]domain.Anchor, len(as))
	for i, a := range as {
		kind, ok := anchorFromProto[a.GetKind()]
		if !ok {
			kind = domain.AnchorKind("unspecified")
		}
		out[i] = domain.Anchor{Kind: kind, Path: a.GetPath(), SHA256: a.GetSha256(), Line: a.GetLine(), Ref: a.GetRef()}
	}
	return out
}

// anchorsFromPeer keeps the crossing stamps that AnchorsFromProto drops: a served claim's
// anchors were origin-qualified by the medulla that served it, and the reader must not lose that.
func anchorsFromPeer(as []*medullav1.EvidenceAnchor) []domain.Anchor {
	out := AnchorsFromProto(as)
	for i, a := range as {
		out[i].Origin, out[i].Unverifiable = a.GetOriginBrain(), a.GetUnverifiable()
	}
	return out
}

// Claim renders a claim version with its age overlay (computed by the caller on the service clock).
func Claim(c domain.Claim, age domain.Age) *medullav1.Claim {
	p := c.Provenance
	return &medullav1.Claim{
		Brain: c.Brain, Slug: c.Slug, Version: c.Version, Kind: kindToProto[c.Kind], Body: c.Body,
		Evidence: Anchors(c.Evidence), Confidence: c.Confidence, State: stateToProto[c.EffectiveState()],
		Tier: tierToProto[c.Tier], Verse: verseToProto[c.Verse],
		Provenance: &medullav1.Provenance{
			Created: ts(p.Created), SourceAgent: p.SourceAgent, OriginBrain: p.OriginBrain, SoulSource: p.SoulSource,
			PromotedBy: p.PromotedBy, PromotedReason: p.PromotedReason, PromotedAt: ts(p.PromotedAt),
			VerifiedBy: p.VerifiedBy, VerifiedVia: p.VerifiedVia, VerifiedAt: ts(p.VerifiedAt),
			SourceFamily: p.SourceFamily, AuthoredCommit: p.AuthoredCommit, VerifiedCommit: p.VerifiedCommit,
			Demoted: p.Demoted, DemotedLine: p.DemotedLine,
		},
		WrittenAt: ts(c.WrittenAt), SupersededAt: ts(c.SupersededAt), ReceiptId: c.ReceiptID,
		Age:            &medullav1.Age{Known: age.Known, Hours: age.Hours, Weight: age.Weight, AgedOut: age.AgedOut},
		ProvenanceLine: domain.ProvenanceLine(c),
	}
}

// ClaimFromProto rebuilds the domain claim a wire claim describes: a peer's served doctrine,
// or a claim on its way to an export file. Crossing stamps on anchors are kept.
func ClaimFromProto(c *medullav1.Claim) domain.Claim {
	p := c.GetProvenance()
	t := func(x *timestamppb.Timestamp) time.Time {
		if x == nil {
			return time.Time{}
		}
		return x.AsTime().UTC()
	}
	state := stateFromProto[c.GetState()]
	if c.GetState() == medullav1.ClaimState_CLAIM_STATE_SUPERSEDED {
		// The wire shows the computed state; the file keeps the trust the version had.
		state = domain.StateAuthored
		if p.GetVerifiedVia() != "" {
			state = domain.StateVerified
		}
	}
	return domain.Claim{
		Brain: c.GetBrain(), Slug: c.GetSlug(), Version: c.GetVersion(), Kind: kindFromProto[c.GetKind()], Body: c.GetBody(),
		Evidence: anchorsFromPeer(c.GetEvidence()), Confidence: c.GetConfidence(), State: state,
		Tier: tierFromProto[c.GetTier()], Verse: verseFromProto[c.GetVerse()],
		Provenance: domain.Provenance{
			Created: t(p.GetCreated()), SourceAgent: p.GetSourceAgent(), OriginBrain: p.GetOriginBrain(),
			SoulSource: p.GetSoulSource(), PromotedBy: p.GetPromotedBy(), PromotedReason: p.GetPromotedReason(),
			PromotedAt: t(p.GetPromotedAt()), VerifiedBy: p.GetVerifiedBy(), VerifiedVia: p.GetVerifiedVia(),
			VerifiedAt: t(p.GetVerifiedAt()), SourceFamily: p.GetSourceFamily(), AuthoredCommit: p.GetAuthoredCommit(),
			VerifiedCommit: p.GetVerifiedCommit(), Demoted: p.GetDemoted(), DemotedLine: p.GetDemotedLine(),
		},
		WrittenAt: t(c.GetWrittenAt()), SupersededAt: t(c.GetSupersededAt()),
		ReceiptID: c.GetReceiptId(),
	}
}

// ClaimFilesFromProto decodes the files of an import.
func ClaimFilesFromProto(fs []*medullav1.ClaimFile) []domain.ClaimFile {
	out := make([]domain.ClaimFile, len(fs))
	for i, f := range fs {
		out[i] = domain.ClaimFile{Name: f.GetName(), Content: f.GetContent()}
	}
	return out
}

// AgentRef renders who acted, as receipts name them.
func AgentRef(p principal.Principal) *commonv1.AgentRef {
	return &commonv1.AgentRef{AgentId: p.AgentID, Seat: p.Seat, Brain: p.Brain, Origin: originToProto[p.Origin]}
}

func proposalOf(r domain.Receipt) *commonv1.Proposal {
	return &commonv1.Proposal{ProposalId: r.ProposalID, Brain: r.Brain, Effect: r.Effect, Subject: r.Subject, ProposedBy: AgentRef(r.By), ProposedAt: ts(r.At)}
}

// Commit renders a commit receipt.
func Commit(r domain.Receipt) *commonv1.CommitReceipt {
	return &commonv1.CommitReceipt{
		ReceiptId: r.ID, Brain: r.Brain, Proposal: proposalOf(r),
		Review:             &commonv1.Review{ProposalId: r.ProposalID, Decision: commonv1.Decision_DECISION_COMMIT, Gates: r.Gates, ReviewedAt: ts(r.At)},
		StoreVersionBefore: r.VersionFrom, StoreVersionAfter: r.VersionTo, Details: r.Details, By: AgentRef(r.By), At: ts(r.At),
		Verse: verseToProto[r.Verse],
	}
}

// Receipt renders one ledger entry as the receipt kind it records.
func Receipt(r domain.Receipt) *commonv1.Receipt {
	switch r.Kind {
	case domain.ReceiptCommit:
		return &commonv1.Receipt{Kind: &commonv1.Receipt_Commit{Commit: Commit(r)}}
	case domain.ReceiptAdoption:
		return &commonv1.Receipt{Kind: &commonv1.Receipt_Adoption{Adoption: Adoption(r, nil)}}
	}
	return &commonv1.Receipt{Kind: &commonv1.Receipt_Rejection{Rejection: &commonv1.RejectionReceipt{
		ReceiptId: r.ID, Brain: r.Brain, Proposal: proposalOf(r),
		Review: &commonv1.Review{ProposalId: r.ProposalID, Decision: commonv1.Decision_DECISION_REJECT, Gates: r.Gates, ReviewedAt: ts(r.At)},
		Reason: string(r.Reason), Message: r.Message, By: AgentRef(r.By), At: ts(r.At), Verse: verseToProto[r.Verse],
		StoreVersion: r.VersionFrom,
	}}}
}

// Adoption renders a verse adoption receipt; commit is the full commit receipt when the caller
// has it, else only its id is shown (the ledger lists the commit separately).
func Adoption(r domain.Receipt, commit *domain.Receipt) *commonv1.AdoptionReceipt {
	out := &commonv1.AdoptionReceipt{
		ReceiptId: r.ID, Brain: r.Brain, Source: r.Details["source"], ForeignId: r.Details["foreign_id"],
		By: AgentRef(r.By), At: ts(r.At), Verse: verseToProto[r.Verse],
		Commit: &commonv1.CommitReceipt{ReceiptId: r.Details["commit_receipt_id"]},
	}
	if commit != nil {
		out.Commit = Commit(*commit)
	}
	return out
}

// EvidenceCheck renders one anchor's re-measurement.
func EvidenceCheck(chk domain.EvidenceCheck) *medullav1.EvidenceCheck {
	return &medullav1.EvidenceCheck{Anchor: Anchor(chk.Anchor), Status: statusToProto[chk.Status], MeasuredSha256: chk.Measured}
}

// Finding renders one cross-verification finding.
func Finding(f domain.Finding) *medullav1.CrossVerifyFinding {
	out := &medullav1.CrossVerifyFinding{Slug: f.Slug, Version: f.Version, Reason: f.Reason, MeasuredSha256: f.Measured}
	if f.Anchor != nil {
		out.Anchor = Anchor(*f.Anchor)
	}
	return out
}

// PortfolioRow renders one brain's portfolio counts.
func PortfolioRow(r domain.PortfolioRow) *medullav1.PortfolioRow {
	return &medullav1.PortfolioRow{Brain: r.Brain, LiveClaims: r.Live, Verified: r.Verified,
		PromotedOut: r.PromotedOut, ReusedElsewhere: r.Reused, WrongElsewhere: r.Wrong}
}

// Peer renders a followed peer; its credential never leaves the store.
func Peer(p domain.Peer) *medullav1.Peer {
	return &medullav1.Peer{Name: p.Name, Addr: p.Addr, CreatedAt: ts(p.CreatedAt), LastSyncAt: ts(p.LastSyncAt), LastError: p.LastError, ForeignClaims: p.ForeignClaims}
}

// Foreign renders a peer's claim held in the global verse, with the claim's age overlay.
func Foreign(f domain.ForeignClaim, age domain.Age) *medullav1.ForeignClaim {
	out := &medullav1.ForeignClaim{Id: f.ID, Peer: f.Peer, Claim: Claim(f.Claim, age), FetchedAt: ts(f.FetchedAt),
		Verse: commonv1.Verse_VERSE_GLOBAL, ProvenanceLine: f.ProvenanceLine(), Adopted: !f.AdoptedAt.IsZero(), AdoptionReceiptId: f.AdoptionReceipt,
		NewerForeignId: f.NewerID, NewerVersion: f.NewerVersion}
	if out.Adopted {
		out.AdoptedAs = f.AdoptedBrain + "/" + f.AdoptedSlug
	}
	return out
}
