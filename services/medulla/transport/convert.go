package transport

import (
	"time"

	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/organism-dev/organism/platform/auth"
	commonv1 "github.com/organism-dev/organism/proto/organism/common/v1"
	medullav1 "github.com/organism-dev/organism/proto/organism/medulla/v1"
	"github.com/organism-dev/organism/services/medulla/domain"
)

func callerOf(id auth.Identity) domain.Caller {
	return domain.Caller{AgentID: id.AgentID, Seat: id.Seat, Brain: id.Brain, Origin: originFromProto[id.Origin]}
}

var originToProto = map[domain.Origin]commonv1.Origin{
	domain.OriginAgent:    commonv1.Origin_ORIGIN_AGENT,
	domain.OriginHumanUI:  commonv1.Origin_ORIGIN_HUMAN_UI,
	domain.OriginHumanCLI: commonv1.Origin_ORIGIN_HUMAN_CLI,
	domain.OriginService:  commonv1.Origin_ORIGIN_SERVICE,
	domain.OriginPeer:     commonv1.Origin_ORIGIN_PEER,
}

var policyToProto = map[domain.Policy]medullav1.FederationPolicy{
	domain.PolicyOwnerPersonal: medullav1.FederationPolicy_FEDERATION_POLICY_OWNER_PERSONAL,
	domain.PolicyIsolated:      medullav1.FederationPolicy_FEDERATION_POLICY_ISOLATED,
}

var kindToProto = map[domain.Kind]medullav1.ClaimKind{
	domain.KindFact:     medullav1.ClaimKind_CLAIM_KIND_FACT,
	domain.KindDecision: medullav1.ClaimKind_CLAIM_KIND_DECISION,
	domain.KindProcess:  medullav1.ClaimKind_CLAIM_KIND_PROCESS,
	domain.KindDoctrine: medullav1.ClaimKind_CLAIM_KIND_DOCTRINE,
	domain.KindProblem:  medullav1.ClaimKind_CLAIM_KIND_PROBLEM,
}

var stateToProto = map[domain.State]medullav1.ClaimState{
	domain.StateAuthored:   medullav1.ClaimState_CLAIM_STATE_AUTHORED,
	domain.StateVerified:   medullav1.ClaimState_CLAIM_STATE_VERIFIED,
	domain.StateSuperseded: medullav1.ClaimState_CLAIM_STATE_SUPERSEDED,
}

var tierToProto = map[domain.Tier]medullav1.Tier{
	domain.TierProject: medullav1.Tier_TIER_PROJECT,
	domain.TierMedulla: medullav1.Tier_TIER_MEDULLA,
}

var verseToProto = map[domain.Verse]commonv1.Verse{
	domain.VerseInternal: commonv1.Verse_VERSE_INTERNAL,
	domain.VerseLocal:    commonv1.Verse_VERSE_LOCAL,
	domain.VerseGlobal:   commonv1.Verse_VERSE_GLOBAL,
}

var anchorToProto = map[domain.AnchorKind]medullav1.EvidenceKind{
	domain.AnchorFile:    medullav1.EvidenceKind_EVIDENCE_KIND_FILE,
	domain.AnchorLine:    medullav1.EvidenceKind_EVIDENCE_KIND_LINE,
	domain.AnchorCommit:  medullav1.EvidenceKind_EVIDENCE_KIND_COMMIT,
	domain.AnchorReceipt: medullav1.EvidenceKind_EVIDENCE_KIND_RECEIPT,
	domain.AnchorLetter:  medullav1.EvidenceKind_EVIDENCE_KIND_LETTER,
}

var statusToProto = map[domain.EvidenceStatus]medullav1.EvidenceStatus{
	domain.EvidenceFresh:        medullav1.EvidenceStatus_EVIDENCE_STATUS_FRESH,
	domain.EvidenceChanged:      medullav1.EvidenceStatus_EVIDENCE_STATUS_EVIDENCE_CHANGED,
	domain.EvidenceFileMissing:  medullav1.EvidenceStatus_EVIDENCE_STATUS_EVIDENCE_FILE_MISSING,
	domain.EvidenceUnverifiable: medullav1.EvidenceStatus_EVIDENCE_STATUS_UNVERIFIABLE,
}

// reverse inverts a to-proto table for decoding requests.
func reverse[K comparable, V comparable](m map[K]V) map[V]K {
	out := make(map[V]K, len(m))
	for k, v := range m {
		out[v] = k
	}
	return out
}

var (
	originFromProto = reverse(originToProto)
	verseFromProto  = reverse(verseToProto)
	policyFromProto = reverse(policyToProto)
	kindFromProto   = reverse(kindToProto)
	stateFromProto  = reverse(stateToProto)
	tierFromProto   = reverse(tierToProto)
	anchorFromProto = reverse(anchorToProto)
)

func ts(t time.Time) *timestamppb.Timestamp {
	if t.IsZero() {
		return nil
	}
	return timestamppb.New(t)
}

func brainToProto(b domain.Brain) *medullav1.Brain {
	return &medullav1.Brain{
		Name: b.Name, RepoRoot: b.RepoRoot, SoulPath: b.SoulPath, Policy: policyToProto[b.Policy], Reserved: b.Reserved,
		StoreVersion: b.StoreVersion, CreatedAt: ts(b.CreatedAt), UpdatedAt: ts(b.UpdatedAt),
	}
}

func anchorsToProto(as []domain.Anchor) []*medullav1.EvidenceAnchor {
	out := make([]*medullav1.EvidenceAnchor, len(as))
	for i, a := range as {
		out[i] = anchorToProtoMsg(a)
	}
	return out
}

func anchorToProtoMsg(a domain.Anchor) *medullav1.EvidenceAnchor {
	return &medullav1.EvidenceAnchor{Kind: anchorToProto[a.Kind], Path: a.Path, Sha256: a.SHA256, Line: a.Line, Ref: a.Ref,
		OriginBrain: a.Origin, Unverifiable: a.Unverifiable, Qualified: a.Qualified()}
}

func anchorsFromProto(as []*medullav1.EvidenceAnchor) []domain.Anchor {
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

// anchorsFromPeer keeps the crossing stamps that anchorsFromProto drops: a peer's anchors are
// origin-qualified by that peer's medulla, and the follower must not lose that.
func anchorsFromPeer(as []*medullav1.EvidenceAnchor) []domain.Anchor {
	out := anchorsFromProto(as)
	for i, a := range as {
		out[i].Origin, out[i].Unverifiable = a.GetOriginBrain(), a.GetUnverifiable()
	}
	return out
}

func (s *Server) claimToProto(c domain.Claim) *medullav1.Claim {
	p := c.Provenance
	age := s.svc.AgeOf(c)
	return &medullav1.Claim{
		Brain: c.Brain, Slug: c.Slug, Version: c.Version, Kind: kindToProto[c.Kind], Body: c.Body,
		Evidence: anchorsToProto(c.Evidence), Confidence: c.Confidence, State: stateToProto[c.EffectiveState()],
		Tier: tierToProto[c.Tier], Verse: verseToProto[c.Verse],
		Provenance: &medullav1.Provenance{
			Created: ts(p.Created), SourceAgent: p.SourceAgent, OriginBrain: p.OriginBrain, SoulSource: p.SoulSource,
			PromotedBy: p.PromotedBy, PromotedReason: p.PromotedReason, PromotedAt: ts(p.PromotedAt),
			VerifiedBy: p.VerifiedBy, VerifiedVia: p.VerifiedVia, VerifiedAt: ts(p.VerifiedAt),
		},
		WrittenAt: ts(c.WrittenAt), SupersededAt: ts(c.SupersededAt), ReceiptId: c.ReceiptID,
		Age:            &medullav1.Age{Known: age.Known, Hours: age.Hours, Weight: age.Weight, AgedOut: age.AgedOut},
		ProvenanceLine: domain.ProvenanceLine(c),
	}
}

func agentRef(c domain.Caller) *commonv1.AgentRef {
	return &commonv1.AgentRef{AgentId: c.AgentID, Seat: c.Seat, Brain: c.Brain, Origin: originToProto[c.Origin]}
}

func proposalOf(r domain.Receipt) *commonv1.Proposal {
	return &commonv1.Proposal{ProposalId: r.ProposalID, Brain: r.Brain, Effect: r.Effect, Subject: r.Subject, ProposedBy: agentRef(r.By), ProposedAt: ts(r.At)}
}

func commitToProto(r domain.Receipt) *commonv1.CommitReceipt {
	return &commonv1.CommitReceipt{
		ReceiptId: r.ID, Brain: r.Brain, Proposal: proposalOf(r),
		Review:             &commonv1.Review{ProposalId: r.ProposalID, Decision: commonv1.Decision_DECISION_COMMIT, Gates: r.Gates, ReviewedAt: ts(r.At)},
		StoreVersionBefore: r.VersionFrom, StoreVersionAfter: r.VersionTo, Details: r.Details, By: agentRef(r.By), At: ts(r.At),
		Verse: verseToProto[r.Verse],
	}
}

func receiptToProto(r domain.Receipt) *commonv1.Receipt {
	if r.Kind == domain.ReceiptCommit {
		return &commonv1.Receipt{Kind: &commonv1.Receipt_Commit{Commit: commitToProto(r)}}
	}
	if r.Kind == domain.ReceiptAdoption {
		return &commonv1.Receipt{Kind: &commonv1.Receipt_Adoption{Adoption: adoptionToProto(r, nil)}}
	}
	return &commonv1.Receipt{Kind: &commonv1.Receipt_Rejection{Rejection: &commonv1.RejectionReceipt{
		ReceiptId: r.ID, Brain: r.Brain, Proposal: proposalOf(r),
		Review: &commonv1.Review{ProposalId: r.ProposalID, Decision: commonv1.Decision_DECISION_REJECT, Gates: r.Gates, ReviewedAt: ts(r.At)},
		Reason: string(r.Reason), Message: r.Message, By: agentRef(r.By), At: ts(r.At), Verse: verseToProto[r.Verse],
		StoreVersion: r.VersionFrom,
	}}}
}

// adoptionToProto renders a verse adoption receipt; commit is the full commit receipt when the
// caller has it, else only its id (as the ledger lists it separately).
func adoptionToProto(r domain.Receipt, commit *domain.Receipt) *commonv1.AdoptionReceipt {
	out := &commonv1.AdoptionReceipt{
		ReceiptId: r.ID, Brain: r.Brain, Source: r.Details["source"], ForeignId: r.Details["foreign_id"],
		By: agentRef(r.By), At: ts(r.At), Verse: verseToProto[r.Verse],
		Commit: &commonv1.CommitReceipt{ReceiptId: r.Details["commit_receipt_id"]},
	}
	if commit != nil {
		out.Commit = commitToProto(*commit)
	}
	return out
}

// ClaimFromProto rebuilds the domain claim a wire claim describes (used to export files).
func ClaimFromProto(c *medullav1.Claim) domain.Claim {
	p := c.GetProvenance()
	t := func(x interface{ AsTime() time.Time }, set bool) time.Time {
		if !set {
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
			Created: t(p.GetCreated(), p.GetCreated() != nil), SourceAgent: p.GetSourceAgent(), OriginBrain: p.GetOriginBrain(),
			SoulSource: p.GetSoulSource(), PromotedBy: p.GetPromotedBy(), PromotedReason: p.GetPromotedReason(),
			PromotedAt: t(p.GetPromotedAt(), p.GetPromotedAt() != nil), VerifiedBy: p.GetVerifiedBy(), VerifiedVia: p.GetVerifiedVia(),
			VerifiedAt: t(p.GetVerifiedAt(), p.GetVerifiedAt() != nil),
		},
		WrittenAt: t(c.GetWrittenAt(), c.GetWrittenAt() != nil), SupersededAt: t(c.GetSupersededAt(), c.GetSupersededAt() != nil),
		ReceiptID: c.GetReceiptId(),
	}
}
