package mcp

import (
	"context"
	"fmt"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	medullav1 "github.com/organism-dev/organism/proto/organism/medulla/v1"
	missionv1 "github.com/organism-dev/organism/proto/organism/mission/v1"
)

// ReportIn is one field report: what hurt, in the agent's words. The reporter is the credential.
type ReportIn struct {
	Class string `json:"class,omitempty" jsonschema:"bug, honesty, friction or idea (default bug); only bug and honesty can become a mission"`
	Repo  string `json:"repo,omitempty" jsonschema:"absolute path of the repository root the report is about; empty means your brain's repository"`
	Tool  string `json:"tool" jsonschema:"the tool or verb that hurt"`
	What  string `json:"what" jsonschema:"what happened, verbatim: it becomes a chartered mission's symptom, so no secrets and no home paths"`
	Block string `json:"block,omitempty" jsonschema:"optional skeleton block (sb_...) the report is about"`
}

func (ss *session) reportTools() {
	// Filing appends to the spool: never erases, and the same text twice is two reports (the
	// composer charters a fingerprint once), so it is neither destructive nor idempotent.
	tool(ss, "report", "File a field report",
		"File what hurt (a bug, a dishonest answer, friction, an idea) in the deployment's field-report spool. The charter composer screens each report once: bug and honesty reports about your brain's repository may become a mission; the owner reads the rest.",
		writes, func(ctx context.Context, req *sdk.CallToolRequest, in ReportIn) (Outcome, error) {
			class := in.Class
			if class == "" {
				class = "bug"
			}
			cl, err := enumOf("class", "REPORT_CLASS_", class, missionv1.ReportClass_value, "bug, honesty, friction or idea")
			if err != nil {
				return Outcome{}, err
			}
			repo := in.Repo
			if repo == "" {
				if repo, err = ss.brainRepo(ctx, req); err != nil {
					return Outcome{}, err
				}
			}
			resp, err := ss.svc.opts.Organs.Mission.FileReport(ctx, &missionv1.FileReportRequest{Class: missionv1.ReportClass(cl),
				Repo: repo, Tool: in.Tool, What: in.What, BlockId: in.Block}, ss.call(req.Extra)...)
			if err != nil {
				return Outcome{}, err
			}
			r := resp.GetReport()
			return Outcome{
				Summary: fmt.Sprintf("filed %s (%s, %s) as spool #%d; the charter composer screens it on its next sweep",
					r.GetReportId(), enumWord(r.GetClass().String(), "REPORT_CLASS_"), r.GetTool(), r.GetSeq()),
				Result: asMap(resp),
				// A report is its own witness in the spool; its ledger receipt is the owner's to read.
				Receipt: map[string]any{"report_id": r.GetReportId(), "seq": r.GetSeq(), "fingerprint": r.GetFingerprint(), "by": asMap(r.GetReporter())},
			}, nil
		})
}

// brainRepo is the repository root of the credential's brain, read with the caller's own
// credential: the report's default subject, the same root the composer matches it against.
func (ss *session) brainRepo(ctx context.Context, req *sdk.CallToolRequest) (string, error) {
	if ss.cred.brain == "" {
		return "", invalid("repo", "required: your credential is bound to no brain, so name the repository root")
	}
	b, err := ss.svc.opts.Organs.Medulla.GetBrain(ctx, &medullav1.GetBrainRequest{Name: ss.cred.brain}, ss.call(req.Extra)...)
	if err != nil {
		return "", err
	}
	return b.GetBrain().GetRepoRoot(), nil
}
