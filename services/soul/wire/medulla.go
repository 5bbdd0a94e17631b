package wire

import (
	"strings"
	"time"

	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/organism-dev/organism/platform/principal"
	commonv1 "github.com/organism-dev/organism/proto/organism/common/v1"
	medullav1 "github.com/organism-dev/organism/proto/organism/medulla/v1"
	soulv1 "github.com/organism-dev/organism/proto/organism/soul/v1"
	"github.com/organism-dev/organism/services/soul/domain"
	"github.com/organism-dev/organism/services/soul/engine"
)

// BrainFromProto reads what the soul needs of a medulla brain.
func BrainFromProto(b *medullav1.Brain) domain.Brain {
	return domain.Brain{Name: b.GetName(), RepoRoot: b.GetRepoRoot(), SoulPath: b.GetSoulPath()}
}

// MemorizeRequest is a soul claim as medulla's memorize door takes it: a fact, carrying its
// Soul-Source provenance.
func MemorizeRequest(w domain.SoulClaimWrite) *medullav1.MemorizeRequest {
	req := &medullav1.MemorizeRequest{Brain: w.Brain, Slug: w.Slug, Kind: medullav1.ClaimKind_CLAIM_KIND_FACT,
		Body: w.Body, Confidence: w.Confidence, SoulSource: w.SoulSource, ExpectedVersion: w.ExpectedVersion}
	// the claim's anchors become its evidence; medulla hashes each file from the brain's repository
	for _, e := range w.Evidence {
		a := &medullav1.EvidenceAnchor{Kind: medullav1.EvidenceKind_EVIDENCE_KIND_FILE, Path: e.Path}
		if e.Line > 0 {
			a.Kind, a.Line = medullav1.EvidenceKind_EVIDENCE_KIND_LINE, int32(e.Line)
		}
		req.Evidence = append(req.Evidence, a)
	}
	return req
}

// SinkResultFromProto reads what medulla admitted.
func SinkResultFromProto(resp *medullav1.MemorizeResponse) domain.SinkResult {
	return domain.SinkResult{Slug: resp.GetClaim().GetSlug(), Version: resp.GetClaim().GetVersion(), Receipt: MemoryReceiptFromProto(resp.GetReceipt())}
}

// UpdateResponse renders a soul claim write: what medulla admitted and its receipt, whole.
func UpdateResponse(res domain.SinkResult, source string) *soulv1.UpdateSoulClaimResponse {
	out := &soulv1.UpdateSoulClaimResponse{Slug: res.Slug, Version: res.Version, SoulSource: source, Receipt: MemoryReceiptToProto(res.Receipt)}
	for _, e := range res.Checked {
		kind := string(engine.AnchorPath)
		if e.Line > 0 {
			kind = string(engine.AnchorLine)
		}
		out.Anchors = append(out.Anchors, &soulv1.ClaimAnchor{Kind: kind, Ref: e.String(), Line: int32(e.Line), Status: string(engine.AnchorOK)})
	}
	return out
}

// MemoryReceiptFromProto reads medulla's commit receipt; nil stays nil.
func MemoryReceiptFromProto(r *commonv1.CommitReceipt) *domain.MemoryReceipt {
	if r == nil {
		return nil
	}
	p, rv := r.GetProposal(), r.GetReview()
	out := &domain.MemoryReceipt{
		ID: r.GetReceiptId(), Brain: r.GetBrain(),
		ProposalID: p.GetProposalId(), Effect: p.GetEffect(), Subject: p.GetSubject(),
		ProposedBy: PrincipalOf(p.GetProposedBy()), ProposedAt: timeOf(p.GetProposedAt()),
		Decision: decisionName(rv.GetDecision()), Gates: rv.GetGates(), ReviewedAt: timeOf(rv.GetReviewedAt()),
		StoreVersionBefore: r.GetStoreVersionBefore(), StoreVersionAfter: r.GetStoreVersionAfter(),
		Details: r.GetDetails(), By: PrincipalOf(r.GetBy()), At: timeOf(r.GetAt()), Verse: verseName(r.GetVerse()),
	}
	if out.ProposalID == "" {
		out.ProposalID = rv.GetProposalId()
	}
	return out
}

// MemoryReceiptToProto renders medulla's commit receipt as the soul hands it back; nil stays
// nil, and parts medulla left unset stay unset.
func MemoryReceiptToProto(r *domain.MemoryReceipt) *commonv1.CommitReceipt {
	if r == nil {
		return nil
	}
	out := &commonv1.CommitReceipt{ReceiptId: r.ID, Brain: r.Brain, StoreVersionBefore: r.StoreVersionBefore, StoreVersionAfter: r.StoreVersionAfter,
		Details: r.Details, By: AgentRef(r.By), At: timestampOf(r.At), Verse: verseOf(r.Verse)}
	if r.ProposalID != "" || r.Effect != "" || r.Subject != "" || r.ProposedBy != (principal.Principal{}) || !r.ProposedAt.IsZero() {
		out.Proposal = &commonv1.Proposal{ProposalId: r.ProposalID, Brain: r.Brain, Effect: r.Effect, Subject: r.Subject,
			ProposedBy: AgentRef(r.ProposedBy), ProposedAt: timestampOf(r.ProposedAt)}
	}
	if r.Decision != "" || len(r.Gates) > 0 || !r.ReviewedAt.IsZero() {
		out.Review = &commonv1.Review{ProposalId: r.ProposalID, Decision: decisionOf(r.Decision), Gates: r.Gates, ReviewedAt: timestampOf(r.ReviewedAt)}
	}
	return out
}

// AgentRef renders a principal as receipts name who acted; the zero principal is absent.
func AgentRef(p principal.Principal) *commonv1.AgentRef {
	if p == (principal.Principal{}) {
		return nil
	}
	return &commonv1.AgentRef{AgentId: p.AgentID, Seat: p.Seat, Brain: p.Brain, Origin: originOf(p.Origin)}
}

// PrincipalOf reads who acted from a receipt's AgentRef; nil is the zero principal.
func PrincipalOf(a *commonv1.AgentRef) principal.Principal {
	if a == nil {
		return principal.Principal{}
	}
	return principal.Principal{AgentID: a.GetAgentId(), Seat: a.GetSeat(), Brain: a.GetBrain(), Origin: originName(a.GetOrigin())}
}

var origins = map[principal.Origin]commonv1.Origin{
	principal.OriginAgent:    commonv1.Origin_ORIGIN_AGENT,
	principal.OriginHumanUI:  commonv1.Origin_ORIGIN_HUMAN_UI,
	principal.OriginHumanCLI: commonv1.Origin_ORIGIN_HUMAN_CLI,
	principal.OriginService:  commonv1.Origin_ORIGIN_SERVICE,
	principal.OriginPeer:     commonv1.Origin_ORIGIN_PEER,
}

func originOf(o principal.Origin) commonv1.Origin { return origins[o] } // unknown → UNSPECIFIED

func originName(o commonv1.Origin) principal.Origin {
	for name, v := range origins {
		if v == o {
			return name
		}
	}
	return ""
}

// decisionName and verseName spell enums by their lower-case suffix ("commit", "local"), so the
// domain never sees proto enums; the unspecified value is "".
func decisionName(d commonv1.Decision) string {
	return enumName(d.String(), "DECISION_", d == commonv1.Decision_DECISION_UNSPECIFIED)
}

func decisionOf(s string) commonv1.Decision {
	return commonv1.Decision(commonv1.Decision_value["DECISION_"+strings.ToUpper(s)])
}

func verseName(v commonv1.Verse) string {
	return enumName(v.String(), "VERSE_", v == commonv1.Verse_VERSE_UNSPECIFIED)
}

func verseOf(s string) commonv1.Verse {
	return commonv1.Verse(commonv1.Verse_value["VERSE_"+strings.ToUpper(s)])
}

func enumName(full, prefix string, unspecified bool) string {
	if unspecified {
		return ""
	}
	return strings.ToLower(strings.TrimPrefix(full, prefix))
}

func timeOf(ts *timestamppb.Timestamp) time.Time {
	if ts == nil {
		return time.Time{}
	}
	return ts.AsTime()
}

func timestampOf(t time.Time) *timestamppb.Timestamp {
	if t.IsZero() {
		return nil
	}
	return timestamppb.New(t)
}

func pageOf(next string) *commonv1.PageResponse { return &commonv1.PageResponse{NextPageToken: next} }
