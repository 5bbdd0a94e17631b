package domain

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"path"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/organism-dev/organism/platform/hygiene"
	"github.com/organism-dev/organism/platform/principal"
	"github.com/organism-dev/organism/platform/refusal"
)

// The field-report spool (CURATION-CHARTER): any agent, or the owner, files what hurt; the
// charter composer (charter.go) screens each report once. A report's what becomes a chartered
// mission's symptom verbatim, so it meets the packet's own bound and the hygiene floor here,
// at the door, rather than at charter time.

// Bounds of a report's fields.
const (
	// MaxReportWhatBytes is the symptom bound of a packet: a report always fits the mission it
	// may become.
	MaxReportWhatBytes = MaxSymptomBytes
	MaxReportToolBytes = 256
	MaxReportRepoBytes = 4096
)

// EffectReport and EffectCharter are the ledger effects of filing and screening a report.
const (
	EffectReport  = "report"
	EffectCharter = "charter"
)

// ReportInput is what a reporter says; the reporter and the time come from the credential and
// the clock.
type ReportInput struct {
	Class   ReportClass
	Repo    string
	Tool    string
	What    string
	BlockID string
}

// Fingerprint is the dedup key of a report: sha256 over class, repo, tool and the text with
// case and runs of white space normalised, so the same pain filed twice in other spacing is
// one pain.
func Fingerprint(class ReportClass, repo, tool, what string) string {
	h := sha256.New()
	for _, part := range []string{string(class), repo, tool, normaliseText(what)} {
		h.Write([]byte(part))
		h.Write([]byte{0})
	}
	return hex.EncodeToString(h.Sum(nil))
}

func normaliseText(s string) string { return strings.ToLower(strings.Join(strings.Fields(s), " ")) }

// mayReport says who files reports: agents and the owner (and the organs' own services). A
// federation peer reads doctrine and nothing else.
func mayReport(a principal.Principal) bool { return !a.Peer() && a.Origin != "" }

// FileReport appends a report to the spool. A refused report leaves a rejection receipt and
// nothing in the spool.
func (s *Service) FileReport(ctx context.Context, a principal.Principal, in ReportInput) (Report, error) {
	r, err := s.fileReport(ctx, a, in)
	if err != nil {
		s.rejected(ctx, a, EffectReport, "", "", err)
	}
	return r, err
}

func (s *Service) fileReport(ctx context.Context, a principal.Principal, in ReportInput) (Report, error) {
	if s.o.Reports == nil {
		return Report{}, errNoSpool
	}
	if !mayReport(a) {
		return Report{}, refusal.New(ReasonForeignBrain, "origin %s files no field reports in this deployment", a.Origin)
	}
	in.Repo = cleanRepo(in.Repo)
	if err := checkReport(in); err != nil {
		return Report{}, err
	}
	now := s.o.Clock.Now()
	r := Report{ReportID: s.o.IDs.New("rpt_"), Class: in.Class, Repo: in.Repo, Tool: in.Tool, What: in.What,
		BlockID: in.BlockID, Reporter: AuthorOf(a), At: now, Fingerprint: Fingerprint(in.Class, in.Repo, in.Tool, in.What)}
	stored, err := s.o.Reports.AddReport(ctx, r)
	if err != nil {
		return Report{}, err
	}
	en := Entry{ReceiptID: s.o.IDs.New("rcpt_"), Ledger: ledgerFor(a, ""), Effect: EffectReport, Subject: stored.ReportID,
		Decision: DecisionCommit, Gates: []string{"shape", "hygiene"}, By: AuthorOf(a), At: now,
		Details: map[string]string{"report": stored.ReportID, "seq": strconv.FormatInt(stored.Seq, 10), "class": string(stored.Class)}}
	if err := s.o.Store.AddEntry(ctx, en); err != nil {
		s.log.ErrorContext(ctx, "record report receipt", "report", stored.ReportID, "err", err)
	}
	return stored, nil
}

// cleanRepo trims a repository path and drops a trailing slash, so "/src/app/" and
// "/src/app" name one repository; anything else about it is checkReport's to judge.
func cleanRepo(p string) string {
	p = strings.TrimSpace(p)
	if len(p) > 1 {
		p = strings.TrimRight(p, "/")
	}
	return p
}

func checkReport(in ReportInput) error {
	var v violations
	switch in.Class {
	case ClassBug, ClassHonesty, ClassFriction, ClassIdea:
	default:
		v.add("class", "%q is not a report class (bug, honesty, friction, idea)", in.Class)
	}
	switch {
	case in.Repo == "":
		v.add("repo", "required: the absolute path of the repository root the report is about")
	case len(in.Repo) > MaxReportRepoBytes:
		v.add("repo", "is %d bytes, at most %d", len(in.Repo), MaxReportRepoBytes)
	case !utf8.ValidString(in.Repo) || hasControl(in.Repo, false):
		v.add("repo", "must be UTF-8 without control characters")
	case !strings.HasPrefix(in.Repo, "/") || path.Clean(in.Repo) != in.Repo:
		v.add("repo", "must be a clean absolute path")
	}
	checkLine(&v, "tool", in.Tool, MaxReportToolBytes)
	switch {
	case strings.TrimSpace(in.What) == "":
		v.add("what", "required: what happened, in words the runner will read verbatim")
	case len(in.What) > MaxReportWhatBytes:
		v.add("what", "is %d bytes, at most %d", len(in.What), MaxReportWhatBytes)
	case !utf8.ValidString(in.What) || hasControl(in.What, true):
		v.add("what", "must be UTF-8 text without control characters other than newline and tab")
	}
	if in.BlockID != "" && !blockIDPattern.MatchString(in.BlockID) {
		v.add("block_id", "%q is not a block id (sb_ + lowercase letters, digits, _)", in.BlockID)
	}
	if err := v.err(ReasonInvalidArgument, "field report"); err != nil {
		return err
	}
	// The floor, after the shape: the text travels into a packet, a gate log and a debrief.
	// The repository path is matched against medulla's registry and never enters a packet, so
	// it is held to the secret floor only (a repository may live under a home directory).
	for _, f := range []struct{ field, text string }{{"what", in.What}, {"tool", in.Tool}, {"repo", in.Repo}} {
		if fam := hygiene.FindSecret(f.text); fam != "" {
			return refusal.Field(ReasonSecretDetected, f.field, "%s looks like it carries a secret (%s); reports travel verbatim into packets", f.field, fam).
				With("pattern", fam)
		}
		if f.field != "repo" && hygiene.HasHomePath(f.text) {
			return refusal.Field(ReasonHomePath, f.field, "%s carries an absolute home directory path; use a repository-relative path", f.field)
		}
	}
	return nil
}

func checkLine(v *violations, field, s string, max int) {
	switch {
	case strings.TrimSpace(s) == "":
		v.add(field, "required")
	case len(s) > max:
		v.add(field, "is %d bytes, at most %d", len(s), max)
	case !utf8.ValidString(s) || hasControl(s, false):
		v.add(field, "must be one line of UTF-8 without control characters")
	}
}

// hasControl reports a control character in s; text allows newline and tab.
func hasControl(s string, text bool) bool {
	for _, r := range s {
		if text && (r == '\n' || r == '\t') {
			continue
		}
		if unicode.IsControl(r) || r == '\u2028' || r == '\u2029' {
			return true
		}
	}
	return false
}

// ListReports pages the spool in filing order for the owner; unread keeps the reports no
// sweep has screened yet.
func (s *Service) ListReports(ctx context.Context, a principal.Principal, unread bool, size int, token string) ([]Report, string, error) {
	return s.reportPage(ctx, a, ReportFilter{Unread: unread}, size, token, "the field-report spool")
}

func (s *Service) reportPage(ctx context.Context, a principal.Principal, f ReportFilter, size int, token, what string) ([]Report, string, error) {
	if s.o.Reports == nil {
		return nil, "", errNoSpool
	}
	if !a.Human() {
		return nil, "", refusal.New(ReasonOriginNotHuman, "%s is the owner's to read; origin %s is not human", what, a.Origin)
	}
	f.Limit = pageSize(size, DefaultPageSize)
	if token != "" {
		n, err := strconv.ParseInt(token, 10, 64)
		if err != nil || n <= 0 || strconv.FormatInt(n, 10) != token {
			return nil, "", refusal.Field(ReasonInvalidArgument, "page.page_token", "not a token this server issued")
		}
		f.AfterSeq = n
	}
	// One report past the page says whether there is more, so the last page ends with an
	// empty token instead of one more empty page.
	want := f.Limit
	f.Limit++
	rs, err := s.o.Reports.Reports(ctx, f)
	if err != nil {
		return nil, "", err
	}
	if len(rs) > want {
		rs = rs[:want]
		return rs, strconv.FormatInt(rs[len(rs)-1].Seq, 10), nil
	}
	return rs, "", nil
}
