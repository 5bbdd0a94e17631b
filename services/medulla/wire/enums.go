// Package wire is medulla's one translation between the protobuf contract and the domain: every
// proto ↔ domain converter lives here, used by transport, peering (which reads a peer's wire
// claims) and export (which writes wire claims as files), so none of them reaches into another.
package wire

import (
	"github.com/organism-dev/organism/platform/principal"
	commonv1 "github.com/organism-dev/organism/proto/organism/common/v1"
	medullav1 "github.com/organism-dev/organism/proto/organism/medulla/v1"
	"github.com/organism-dev/organism/services/medulla/domain"
)

var originToProto = map[principal.Origin]commonv1.Origin{
	principal.OriginAgent:    commonv1.Origin_ORIGIN_AGENT,
	principal.OriginHumanUI:  commonv1.Origin_ORIGIN_HUMAN_UI,
	principal.OriginHumanCLI: commonv1.Origin_ORIGIN_HUMAN_CLI,
	principal.OriginService:  commonv1.Origin_ORIGIN_SERVICE,
	principal.OriginPeer:     commonv1.Origin_ORIGIN_PEER,
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

var feedbackFromProto = map[medullav1.Feedback]domain.Feedback{
	medullav1.Feedback_FEEDBACK_NOT_WRONG: domain.FeedbackNotWrong,
	medullav1.Feedback_FEEDBACK_WRONG:     domain.FeedbackWrong,
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
	verseFromProto  = reverse(verseToProto)
	policyFromProto = reverse(policyToProto)
	kindFromProto   = reverse(kindToProto)
	stateFromProto  = reverse(stateToProto)
	tierFromProto   = reverse(tierToProto)
	anchorFromProto = reverse(anchorToProto)
)

// PolicyFromProto decodes a federation policy; ok is false for a value the domain does not know.
func PolicyFromProto(p medullav1.FederationPolicy) (domain.Policy, bool) {
	v, ok := policyFromProto[p]
	return v, ok
}

// KindFromProto decodes a claim kind; ok is false for a value the domain does not know.
func KindFromProto(k medullav1.ClaimKind) (domain.Kind, bool) {
	v, ok := kindFromProto[k]
	return v, ok
}

// StateFromProto decodes a claim state; ok is false for a value the domain does not know.
func StateFromProto(s medullav1.ClaimState) (domain.State, bool) {
	v, ok := stateFromProto[s]
	return v, ok
}

// TierFromProto decodes a tier; ok is false for a value the domain does not know.
func TierFromProto(t medullav1.Tier) (domain.Tier, bool) {
	v, ok := tierFromProto[t]
	return v, ok
}

// FeedbackFromProto decodes learn feedback; ok is false for anything but not-wrong and wrong.
func FeedbackFromProto(f medullav1.Feedback) (domain.Feedback, bool) {
	v, ok := feedbackFromProto[f]
	return v, ok
}
