package wire

import (
	medullav1 "github.com/organism-dev/organism/proto/organism/medulla/v1"
	missionv1 "github.com/organism-dev/organism/proto/organism/mission/v1"
	"github.com/organism-dev/organism/services/mission/domain"
)

// The charter composer's messages: field reports, their screenings, and the brain registry
// as the composer reads it from medulla.

var classToProto = map[domain.ReportClass]missionv1.ReportClass{
	domain.ClassBug:      missionv1.ReportClass_REPORT_CLASS_BUG,
	domain.ClassHonesty:  missionv1.ReportClass_REPORT_CLASS_HONESTY,
	domain.ClassFriction: missionv1.ReportClass_REPORT_CLASS_FRICTION,
	domain.ClassIdea:     missionv1.ReportClass_REPORT_CLASS_IDEA,
}

var classFromProto = reverse(classToProto)

var outcomeToProto = map[domain.ScreenOutcome]missionv1.ScreenOutcome{
	domain.OutcomeChartered: missionv1.ScreenOutcome_SCREEN_OUTCOME_CHARTERED,
	domain.OutcomeRefused:   missionv1.ScreenOutcome_SCREEN_OUTCOME_REFUSED,
}

// ClassFromProto reads a wire report class; ok is false for UNSPECIFIED and unknown values.
func ClassFromProto(c missionv1.ReportClass) (domain.ReportClass, bool) {
	d, ok := classFromProto[c]
	return d, ok
}

// ReportInputFromProto reads a FileReport request; an unknown class is left empty for the
// domain's shape check to name.
func ReportInputFromProto(r *missionv1.FileReportRequest) domain.ReportInput {
	c, _ := ClassFromProto(r.GetClass())
	return domain.ReportInput{Class: c, Repo: r.GetRepo(), Tool: r.GetTool(), What: r.GetWhat(), BlockID: r.GetBlockId()}
}

// ReportToProto renders a spool entry with its screening, if any.
func ReportToProto(r domain.Report) *missionv1.FieldReport {
	out := &missionv1.FieldReport{ReportId: r.ReportID, Seq: r.Seq, Class: classToProto[r.Class], Repo: r.Repo, Tool: r.Tool,
		What: r.What, BlockId: r.BlockID, Reporter: AuthorToProto(r.Reporter), ReportedAt: ts(r.At), Fingerprint: r.Fingerprint}
	if sc := r.Screen; sc != nil {
		out.Screen = &missionv1.ReportScreen{Outcome: outcomeToProto[sc.Outcome], Reason: Reason(sc.Reason), Message: sc.Message,
			Brain: sc.Brain, MissionId: sc.MissionID, ScreenedAt: ts(sc.At), SweptBy: AuthorToProto(sc.By)}
	}
	return out
}

// ReportsToProto renders a list of reports.
func ReportsToProto(rs []domain.Report) []*missionv1.FieldReport {
	out := make([]*missionv1.FieldReport, len(rs))
	for i, r := range rs {
		out[i] = ReportToProto(r)
	}
	return out
}

// RegistryBrainFromMedulla reads what the composer needs of a brain from medulla's record.
func RegistryBrainFromMedulla(b *medullav1.Brain) domain.RegistryBrain {
	return domain.RegistryBrain{Name: b.GetName(), RepoRoot: b.GetRepoRoot(), Reserved: b.GetReserved()}
}
