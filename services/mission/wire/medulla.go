package wire

import (
	commonv1 "github.com/organism-dev/organism/proto/organism/common/v1"
	medullav1 "github.com/organism-dev/organism/proto/organism/medulla/v1"
	"github.com/organism-dev/organism/services/mission/domain"
)

// The messages mission exchanges with medulla, for peers.Medulla.

var evidenceKindToProto = map[domain.EvidenceKind]medullav1.EvidenceKind{
	domain.EvidenceCommit:  medullav1.EvidenceKind_EVIDENCE_KIND_COMMIT,
	domain.EvidenceReceipt: medullav1.EvidenceKind_EVIDENCE_KIND_RECEIPT,
}

// BrainFromMedulla reads what mission needs of a brain from medulla's record.
func BrainFromMedulla(b *medullav1.Brain) domain.Brain {
	return domain.Brain{Name: b.GetName(), RepoRoot: b.GetRepoRoot(), StoreVersion: b.GetStoreVersion()}
}

// BumpToMedulla asks medulla to advance a brain's store version for a landing.
func BumpToMedulla(b domain.Bump) *medullav1.BumpStoreVersionRequest {
	return &medullav1.BumpStoreVersionRequest{Brain: b.Brain, ExpectedStoreVersion: b.Expected, Effect: "land",
		Subject: b.Subject, Details: b.Details}
}

// ReceiptFromMedulla reads the commit receipt medulla answered a bump with; the mission
// fills in its own fields (mission, candidate, author) after.
func ReceiptFromMedulla(r *commonv1.CommitReceipt) domain.Receipt {
	return domain.Receipt{ReceiptID: r.GetReceiptId(), StoreVersionBefore: r.GetStoreVersionBefore(),
		StoreVersionAfter: r.GetStoreVersionAfter(), At: fromTS(r.GetAt()), Details: r.GetDetails()}
}

// DebriefToMedulla is the memorize request that files a debrief as a process claim citing its
// anchors; an anchor of a kind medulla does not take is left out rather than mislabelled.
func DebriefToMedulla(brain, slug, body string, evidence []domain.Evidence) *medullav1.MemorizeRequest {
	req := &medullav1.MemorizeRequest{Brain: brain, Slug: slug, Kind: medullav1.ClaimKind_CLAIM_KIND_PROCESS, Body: body, Confidence: 0.5}
	for _, e := range evidence {
		k, ok := evidenceKindToProto[e.Kind]
		if !ok {
			continue
		}
		req.Evidence = append(req.Evidence, &medullav1.EvidenceAnchor{Kind: k, Ref: e.Ref})
	}
	return req
}
