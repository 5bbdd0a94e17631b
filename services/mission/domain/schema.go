package domain

import (
	"fmt"
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/organism-dev/organism/platform/refusal"
)

// Size limits of the schema gate. They keep one letter small enough to read on a board.
const (
	MaxNoteBytes    = 16 << 10
	MaxSymptomBytes = 16 << 10
	MaxGateBytes    = 4 << 10
	MaxBlocks       = 64
	MaxDiffPaths    = 10000
	maxShortField   = 256
)

var (
	blockIDPattern = regexp.MustCompile(`^sb_[a-z0-9][a-z0-9_]{0,127}$`)
	brainPattern   = regexp.MustCompile(`^[a-z0-9][a-z0-9._-]{0,63}$`)
	shaPattern     = regexp.MustCompile(`^[0-9a-f]{64}$`)
	commitPattern  = regexp.MustCompile(`^[0-9a-f]{40}([0-9a-f]{24})?$`)
)

type violations []refusal.Violation

func (v *violations) add(field, format string, args ...any) {
	*v = append(*v, refusal.Violation{Field: field, Description: fmt.Sprintf(format, args...)})
}

func (v violations) err(r refusal.Reason, what string) error {
	if len(v) == 0 {
		return nil
	}
	parts := make([]string, len(v))
	for i, x := range v {
		parts[i] = x.Field + ": " + x.Description
	}
	return &refusal.Error{Reason: r, Message: what + ": " + strings.Join(parts, "; "), Violations: v}
}

func checkText(v *violations, field, s string, max int, required bool) {
	switch {
	case required && strings.TrimSpace(s) == "":
		v.add(field, "required")
	case len(s) > max:
		v.add(field, "is %d bytes, at most %d", len(s), max)
	case !utf8.ValidString(s):
		v.add(field, "is not valid UTF-8")
	}
}

func checkBlocks(v *violations, field string, ids []string) {
	if len(ids) > MaxBlocks {
		v.add(field, "has %d ids, at most %d", len(ids), MaxBlocks)
		return
	}
	seen := map[string]bool{}
	for i, id := range ids {
		if !blockIDPattern.MatchString(id) {
			v.add(fmt.Sprintf("%s[%d]", field, i), "%q is not a block id (sb_ + lowercase letters, digits, _)", id)
		} else if seen[id] {
			v.add(fmt.Sprintf("%s[%d]", field, i), "%q repeated", id)
		}
		seen[id] = true
	}
}

// ValidBrainName reports whether s can name a brain.
func ValidBrainName(s string) bool { return brainPattern.MatchString(s) }

// CheckPacket is the schema gate for a seq 1 packet.
func CheckPacket(p Packet) error {
	var v violations
	checkPacket(&v, "packet", p)
	return v.err(ReasonSchemaViolation, "packet does not follow "+Schema)
}

func checkPacket(v *violations, field string, p Packet) {
	if !brainPattern.MatchString(p.Brain) {
		v.add(field+".brain", "%q is not a brain name", p.Brain)
	}
	checkBlocks(v, field+".block_ids", p.BlockIDs)
	// No gate, no charter: a mission without a deterministic gate can never be judged.
	checkText(v, field+".gate_command", p.GateCommand, MaxGateBytes, true)
	checkText(v, field+".symptom", p.Symptom, MaxSymptomBytes, true)
	checkText(v, field+".report_id", p.ReportID, maxShortField, false)
	checkText(v, field+".title", p.Title, maxShortField, false)
}

// CheckLetter is the schema gate for a posted letter (seq 2 and on). It needs no state: it is
// the first gate and refuses before anything is read.
func CheckLetter(l Letter) error {
	var v violations
	if l.Schema != Schema {
		v.add("letter.schema", "%q, want %q", l.Schema, Schema)
	}
	if !brainPattern.MatchString(l.Brain) {
		v.add("letter.brain", "%q is not a brain name", l.Brain)
	}
	switch l.Phase {
	case PhaseJudging, PhaseExecuting, PhaseMergeWait, PhaseLanded, PhaseFailed, PhaseAbandoned, PhaseSpawnRefused:
	default:
		v.add("letter.phase", "%q is not a phase", l.Phase)
	}
	checkText(&v, "letter.note", l.Note, MaxNoteBytes, false)
	checkBlocks(&v, "letter.block_ids", l.BlockIDs)
	if l.Packet != nil {
		v.add("letter.packet", "only the seq 1 letter carries a packet (OpenMission)")
	}
	if l.Landing != nil {
		v.add("letter.landing", "written only by the landing gate (ImportReceipt)")
	}
	if l.Advisory {
		// The judge speaks as triage; its letter never names another phase.
		if l.Phase != PhaseJudging {
			v.add("letter.phase", "an advisory letter speaks as judging, got %q", l.Phase)
		}
		if l.Parecer == nil {
			v.add("letter.parecer", "required on an advisory letter")
		} else {
			switch l.Parecer.Verdict {
			case VerdictApprove, VerdictReject, VerdictAbstain:
			default:
				v.add("letter.parecer.verdict", "%q is not a verdict", l.Parecer.Verdict)
			}
			checkText(&v, "letter.parecer.gist", l.Parecer.Gist, MaxNoteBytes, false)
		}
	} else if l.Parecer != nil {
		v.add("letter.parecer", "only advisory letters carry a parecer")
	}
	if l.Phase == PhaseMergeWait && !l.Advisory {
		if l.Candidate == nil {
			v.add("letter.candidate", "a merge_wait letter carries a complete receipt candidate")
		} else {
			checkCandidate(&v, "letter.candidate", *l.Candidate)
		}
	} else if l.Candidate != nil {
		v.add("letter.candidate", "only merge_wait letters carry a candidate")
	}
	switch l.Phase {
	case PhaseFailed, PhaseAbandoned, PhaseSpawnRefused:
		// Closing without a reason would make the chain lie by omission.
		checkText(&v, "letter.note", l.Note, MaxNoteBytes, true)
	}
	return v.err(ReasonSchemaViolation, "letter does not follow "+Schema)
}

func checkCandidate(v *violations, field string, c Candidate) {
	if !shaPattern.MatchString(c.LogSHA256) {
		v.add(field+".log_sha256", "%q is not a lowercase hex sha256", c.LogSHA256)
	}
	if c.LogSize < 0 {
		v.add(field+".log_size", "negative")
	}
	if c.ExitCode != 0 {
		v.add(field+".exit_code", "%d: only a gate that exited 0 reaches merge_wait", c.ExitCode)
	}
	if c.StartedAt.IsZero() {
		v.add(field+".started_at", "required")
	}
	if c.EndedAt.IsZero() {
		v.add(field+".ended_at", "required")
	}
	if !c.StartedAt.IsZero() && !c.EndedAt.IsZero() && c.EndedAt.Before(c.StartedAt) {
		v.add(field+".ended_at", "before started_at")
	}
	if !commitPattern.MatchString(c.Commit) {
		v.add(field+".commit", "%q is not a full commit id: a candidate names the commit holding its change", c.Commit)
	}
	if !commitPattern.MatchString(c.BaseCommit) {
		v.add(field+".base_commit", "%q is not a full commit id", c.BaseCommit)
	}
	checkText(v, field+".gate_command", c.GateCommand, MaxGateBytes, true)
	d := c.Diff
	if d.FilesChanged < 0 || d.Insertions < 0 || d.Deletions < 0 {
		v.add(field+".diff_stat", "negative counts")
	}
	if len(d.Paths) > MaxDiffPaths {
		v.add(field+".diff_stat.paths", "has %d paths, at most %d", len(d.Paths), MaxDiffPaths)
	}
	for i, p := range d.Paths {
		if !cleanRelPath(p) {
			v.add(fmt.Sprintf("%s.diff_stat.paths[%d]", field, i), "%q is not a clean repository-relative path", p)
		}
	}
}

// cleanRelPath refuses paths that could point git outside the repository. (A leading dash is
// a legal file name: git receives paths after "--" and with literal pathspecs.)
func cleanRelPath(p string) bool {
	if p == "" || len(p) > 4096 || strings.HasPrefix(p, "/") || !utf8.ValidString(p) {
		return false
	}
	for _, part := range strings.Split(p, "/") {
		if part == ".." || part == "" {
			return false
		}
	}
	return !strings.ContainsAny(p, "\x00\n\r")
}
