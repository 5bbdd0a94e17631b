package engine

import (
	"context"
	"fmt"
)

// A line hint whose cited lines lack the claim's words is read as moved to the nearest line that holds
// one, or as changed when no line does. The words are the whole claim's: a claim citing four files'
// lines ("`accounts.py:335` … `planning.py:377` … `items.py:790` swallows a queued update", the
// seventy-eighth holdout's CommandCenter) gives each hint the others' names too, and the nearest line
// holding one of them is a stranger. History settles it: when the cited lines read today as they read
// in the commit that first wrote the hint into the document, they have not moved or changed since it
// was written, whatever words they hold. The hint's first commit, not its line's last: a paragraph
// edited since keeps an old hint (the same document's `acb_audit/log.py:49`, its line rewritten after
// the file moved under it). Only for a file the history had before that commit: a document imported in
// one commit with the files it cites (the same round's caveman, a private monorepo's export) was written
// against a history this one never saw; a hint the document was born or copied with is unanswered by
// the Authorship port for the same reason. Not in a soul (SOUL-INV-1): a receipt vouches for its
// claims, and a cited line that never said what the claim says is no evidence, however old.

// traceLineOrigins keeps the line hints that history shows unmoved since they were written.
func (v *verifier) traceLineOrigins(ctx context.Context, results []ClaimResult) {
	au, ok := v.repo.(Authorship)
	rev, ok2 := v.repo.(Revisions)
	if !ok || !ok2 || !v.repo.Git() || v.repo.Shallow() || v.soul.SoulTissue {
		return
	}
	type at struct{ r, a int }
	var asked []at
	var refs []string
	seen := map[string]bool{}
	for i := range results {
		if results[i].State != StateStale {
			continue
		}
		for j, ar := range results[i].Anchors {
			if ar.Status == AnchorFailed && (ar.Reason == ReasonLineDrift || ar.Reason == ReasonChanged) && ar.readIn != "" && ar.Anchor.Ref != "" {
				asked = append(asked, at{i, j})
				if !seen[ar.Anchor.Ref] {
					seen[ar.Anchor.Ref] = true
					refs = append(refs, ar.Anchor.Ref)
				}
			}
		}
	}
	if len(asked) == 0 {
		return
	}
	first := au.FirstWritten(ctx, v.soul.Path, refs)
	byCommit := map[string][]string{}
	for _, k := range asked {
		ar := results[k.r].Anchors[k.a]
		if sha := first[ar.Anchor.Ref]; sha != "" {
			byCommit[sha] = append(byCommit[sha], ar.readIn)
		}
	}
	then, before := map[string]map[string][]byte{}, map[string]map[string][]byte{}
	for sha, paths := range byCommit {
		then[sha] = rev.FilesAt(ctx, sha, paths)
		before[sha] = rev.FilesAt(ctx, sha+"^", paths)
	}
	changed := map[int]bool{} // the claims whose anchors were read again
	for _, k := range asked {
		ar := &results[k.r].Anchors[k.a]
		sha := first[ar.Anchor.Ref]
		old, ok := then[sha][ar.readIn]
		if _, had := before[sha][ar.readIn]; !ok || !had {
			continue // a file the hint's commit lacked (moved since) or brought (imported with it) says nothing
		}
		now, ok := v.readFile(ar.readIn)
		if !ok {
			continue
		}
		a := ar.Anchor
		if linesUnmoved(old, now, a.Start, a.End) {
			ar.Status, ar.Reason, ar.Detail, ar.readIn = AnchorOK, "", "", ""
			changed[k.r] = true
		} else if to, moved := movedLines(old, now, a.Start, a.End); moved {
			// the nearest line holding one of the claim's words is a guess; the cited lines themselves,
			// found whole and only once, say where they went ("`firebaseServer.ts:23`" over a token
			// check that moved to line 38, while line 12 is a comment naming the claim's `jose`: the
			// eighty-seventh holdout's spark)
			ar.Reason = ReasonLineDrift // moved whole, whatever words of the claim the file lost
			ar.Detail = fmt.Sprintf("%s: the lines cited when the hint was written (%s) are now %s, hint says %s",
				ar.readIn, short(sha), linesNamed(to, to+a.End-a.Start), linesNamed(a.Start, a.End))
			changed[k.r] = true
		}
	}
	for i := range changed {
		v.verdict(&results[i], checkedAnchors(results[i].Anchors))
	}
}

// linesUnmoved reports whether lines start..end read the same in both versions of a file.
func linesUnmoved(old, now []byte, start, end int) bool {
	if start < 1 || end < start {
		return false
	}
	was, is := splitLines(old), splitLines(now)
	return end <= len(was) && end <= len(is) && equalLines(was[start-1:end], is[start-1:end])
}

// linesNamed names a line or a range of lines: "38", "38-41".
func linesNamed(start, end int) string {
	if end > start {
		return fmt.Sprintf("%d-%d", start, end)
	}
	return fmt.Sprint(start)
}
