package joints_test

import (
	"encoding/json"

	missionv1 "github.com/organism-dev/organism/proto/organism/mission/v1"
)

// hallReport is the runner's report in the curation fixture: it travels verbatim (held to
// control characters and length only), so it carries the script.
const hallReport = "Named the shop block and said what it serves. " + hallXSS

// hallSkeleton builds a curated candidate through the API, as a brain's life makes one: the
// owner scans and ratifies (human-cli), scans again (the candidate starts from the ratified
// skeleton), edits it by hand (a rename carrying a script, within the 64 characters of a name: the owner's own text is not
// sanitized, so only the Hall's escaping stands between it and the page; README.md resolved
// into docs; a declared seam), then sends a curation that the pinned hand-runner claims and
// answers with a purpose and a report. It returns the candidate after the curation.
func (s *hallSuite) hallSkeleton() *missionv1.Skeleton {
	s.tb.Helper()
	ctx, cancel := s.within()
	defer cancel()
	first := hallMust(s.msnOwner.ScanSkeleton(ctx, &missionv1.ScanSkeletonRequest{Brain: hallBrain}))(s.tb).GetSkeleton()
	hallMust(s.msnOwner.RatifySkeleton(ctx, &missionv1.RatifySkeletonRequest{Brain: hallBrain, SkeletonId: first.GetSkeletonId(),
		ExpectedStoreVersion: first.GetStoreVersion()}))(s.tb)
	cand := hallMust(s.msnOwner.ScanSkeleton(ctx, &missionv1.ScanSkeletonRequest{Brain: hallBrain}))(s.tb).GetSkeleton()
	hallMust(s.msnOwner.EditCandidate(ctx, &missionv1.EditCandidateRequest{Brain: hallBrain, ExpectedStoreVersion: cand.GetStoreVersion(),
		Ops: []*missionv1.CandidateEditOp{
			{Op: "rename_block", Block: "sb_src", Name: "shop <script>window.__pwned=3</script>"},
			{Op: "resolve_unmapped", Path: "README.md", To: "sb_docs"},
			{Op: "add_seam", From: "sb_docs", To: "sb_src"},
		}}))(s.tb).GetSkeleton()
	hallMust(s.msnOwner.Curate(ctx, &missionv1.CurateRequest{Brain: hallBrain, Letter: "Say what the shop serves. " + hallXSS}))(s.tb)
	hand := missionv1.NewMissionServiceClient(s.conn(s.agentToken("hand", "runner")))
	w := hallMust(hand.ClaimCuration(ctx, &missionv1.ClaimCurationRequest{}))(s.tb).GetWork()
	if w == nil {
		s.tb.Fatal("got no curation for the hand-runner, want the one just sent")
	}
	proposal, err := json.Marshal(map[string]any{"schema": "m1nd-curation-proposal-v0",
		"ops":    []map[string]string{{"op": "set_purpose", "block": "sb_src", "purpose": "Serves the shop and its cart."}},
		"report": hallReport})
	if err != nil {
		s.tb.Fatal(err)
	}
	res := hallMust(hand.SubmitCuration(ctx, &missionv1.SubmitCurationRequest{CurationId: w.GetCuration().GetCurationId(),
		LeaseId: w.GetLeaseId(), Proposal: proposal}))(s.tb)
	if got := res.GetCuration().GetState(); got != missionv1.CurationState_CURATION_STATE_APPLIED {
		s.tb.Fatalf("got curation %s (%s), want applied", got, res.GetCuration().GetFailure())
	}
	return hallMust(s.msnOwner.GetSkeleton(ctx, &missionv1.GetSkeletonRequest{Brain: hallBrain}))(s.tb).GetSkeleton()
}

// hallReports files two field reports as an agent of the brain: a bug the composer charters
// (its text carries the script: it becomes the mission's symptom verbatim) and an idea it
// refuses (INELIGIBLE_CLASS). Nothing is swept: the charter page's button does that.
func (s *hallSuite) hallReports() (bug, idea *missionv1.FieldReport) {
	s.tb.Helper()
	ctx, cancel := s.within()
	defer cancel()
	agent := missionv1.NewMissionServiceClient(s.conn(s.agentToken("ada", "executor")))
	bug = hallMust(agent.FileReport(ctx, &missionv1.FileReportRequest{Class: missionv1.ReportClass_REPORT_CLASS_BUG, Repo: s.repo,
		Tool: "cart", What: "the cart forgets its items " + hallXSS, BlockId: "sb_chain"}))(s.tb).GetReport()
	idea = hallMust(agent.FileReport(ctx, &missionv1.FileReportRequest{Class: missionv1.ReportClass_REPORT_CLASS_IDEA, Repo: s.repo,
		Tool: "cart", What: "a wishlist would be nice"}))(s.tb).GetReport()
	return bug, idea
}
