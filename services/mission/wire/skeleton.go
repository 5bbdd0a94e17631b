package wire

import (
	"google.golang.org/protobuf/types/known/durationpb"

	missionv1 "github.com/organism-dev/organism/proto/organism/mission/v1"
	"github.com/organism-dev/organism/services/mission/domain"
)

var skeletonStateToProto = map[domain.SkeletonState]missionv1.SkeletonState{
	domain.SkeletonCandidate:  missionv1.SkeletonState_SKELETON_STATE_CANDIDATE,
	domain.SkeletonRatified:   missionv1.SkeletonState_SKELETON_STATE_RATIFIED,
	domain.SkeletonDiscarded:  missionv1.SkeletonState_SKELETON_STATE_DISCARDED,
	domain.SkeletonSuperseded: missionv1.SkeletonState_SKELETON_STATE_SUPERSEDED,
}

var skeletonStateFromProto = reverse(skeletonStateToProto)

var curationStateToProto = map[domain.CurationState]missionv1.CurationState{
	domain.CurationPending: missionv1.CurationState_CURATION_STATE_PENDING,
	domain.CurationClaimed: missionv1.CurationState_CURATION_STATE_CLAIMED,
	domain.CurationApplied: missionv1.CurationState_CURATION_STATE_APPLIED,
	domain.CurationFailed:  missionv1.CurationState_CURATION_STATE_FAILED,
}

// BlockToProto converts a block.
func BlockToProto(b domain.Block) *missionv1.SkeletonBlock {
	return &missionv1.SkeletonBlock{Id: b.ID, Name: b.Name, Purpose: b.Purpose, Members: b.Members,
		Confidence: &missionv1.BlockConfidence{Structure: b.Confidence.Structure, Naming: b.Confidence.Naming, Purpose: b.Confidence.Purpose}}
}

// BlockFromProto converts a block back.
func BlockFromProto(b *missionv1.SkeletonBlock) domain.Block {
	c := b.GetConfidence()
	return domain.Block{ID: b.GetId(), Name: b.GetName(), Purpose: b.GetPurpose(), Members: b.GetMembers(),
		Confidence: domain.Confidence{Structure: c.GetStructure(), Naming: c.GetNaming(), Purpose: c.GetPurpose()}}
}

// SkeletonToProto converts a skeleton revision.
func SkeletonToProto(k domain.Skeleton) *missionv1.Skeleton {
	out := &missionv1.Skeleton{SkeletonId: k.SkeletonID, Brain: k.Brain, Revision: k.Revision, State: skeletonStateToProto[k.State],
		StoreVersion: k.StoreVersion, BaseCommit: k.BaseCommit, ParentId: k.ParentID, Unmapped: k.Unmapped,
		CreatedBy: AuthorToProto(k.CreatedBy), CreatedAt: ts(k.CreatedAt), UpdatedAt: ts(k.UpdatedAt), RatifiedAt: ts(k.RatifiedAt)}
	for _, b := range k.Blocks {
		out.Blocks = append(out.Blocks, BlockToProto(b))
	}
	for _, s := range k.Seams {
		out.Seams = append(out.Seams, &missionv1.Seam{From: s.From, To: s.To, Kind: s.Kind, Weight: int32(s.Weight)})
	}
	for _, l := range k.Lineage {
		out.Lineage = append(out.Lineage, &missionv1.BlockLineage{Revision: l.Revision, Op: l.Op, From: l.From, To: l.To})
	}
	if k.RatifiedBy != nil {
		out.RatifiedBy = AuthorToProto(*k.RatifiedBy)
		out.RatifiedVia = originToProto[k.RatifiedBy.Origin]
	}
	return out
}

// SkeletonFromProto converts a skeleton back (the CLI's diff reads two revisions).
func SkeletonFromProto(k *missionv1.Skeleton) domain.Skeleton {
	out := domain.Skeleton{SkeletonID: k.GetSkeletonId(), Brain: k.GetBrain(), Revision: k.GetRevision(),
		State: skeletonStateFromProto[k.GetState()], StoreVersion: k.GetStoreVersion(), BaseCommit: k.GetBaseCommit(),
		ParentID: k.GetParentId(), Unmapped: k.GetUnmapped(), CreatedAt: fromTS(k.GetCreatedAt()), UpdatedAt: fromTS(k.GetUpdatedAt())}
	for _, b := range k.GetBlocks() {
		out.Blocks = append(out.Blocks, BlockFromProto(b))
	}
	for _, s := range k.GetSeams() {
		out.Seams = append(out.Seams, domain.Seam{From: s.GetFrom(), To: s.GetTo(), Kind: s.GetKind(), Weight: int(s.GetWeight())})
	}
	for _, l := range k.GetLineage() {
		out.Lineage = append(out.Lineage, domain.Lineage{Revision: l.GetRevision(), Op: l.GetOp(), From: l.GetFrom(), To: l.GetTo()})
	}
	return out
}

// OpFromProto converts a candidate_edit op.
func OpFromProto(o *missionv1.CandidateEditOp) domain.Op {
	return domain.Op{Op: o.GetOp(), Block: o.GetBlock(), Name: o.GetName(), Purpose: o.GetPurpose(), Blocks: o.GetBlocks(),
		Members: o.GetMembers(), Member: o.GetMember(), Path: o.GetPath(), From: o.GetFrom(), To: o.GetTo(), Kind: o.GetKind()}
}

// OpToProto converts an op to the wire (the CLI reads ops as JSON in the proposal's spelling).
func OpToProto(o domain.Op) *missionv1.CandidateEditOp {
	return &missionv1.CandidateEditOp{Op: o.Op, Block: o.Block, Name: o.Name, Purpose: o.Purpose, Blocks: o.Blocks,
		Members: o.Members, Member: o.Member, Path: o.Path, From: o.From, To: o.To, Kind: o.Kind}
}

// CurationToProto converts a curation.
func CurationToProto(c domain.Curation) *missionv1.Curation {
	return &missionv1.Curation{CurationId: c.CurationID, Brain: c.Brain, MissionId: c.MissionID, SkeletonId: c.SkeletonID,
		State: curationStateToProto[c.State], RunnerId: c.RunnerID, ExpectedStoreVersion: c.ExpectedStoreVersion,
		CreatedAt: ts(c.CreatedAt), UpdatedAt: ts(c.UpdatedAt), ExpiresAt: ts(c.ExpiresAt), Report: c.Report,
		Failure: c.Failure, FailureReason: string(c.FailureReason), OpsApplied: int32(c.OpsApplied),
		StoreVersionAfter: c.StoreVersionAfter, ReceiptId: c.ReceiptID}
}

// CurationWorkToProto converts a claimed curation for its hand-runner.
func CurationWorkToProto(w domain.CurationWork) *missionv1.CurationWork {
	return &missionv1.CurationWork{Curation: CurationToProto(w.Curation), LeaseId: w.Curation.LeaseID,
		Packet: w.Curation.Packet, Runner: PinnedToProto(w.Runner), Timeout: durationpb.New(w.Curation.Timeout)}
}
