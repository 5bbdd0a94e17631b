package engine

import (
	"bytes"
	"context"
	"fmt"
	"strings"
)

// A line hint whose claim gives no words to look for ("**Code Reference**:
// `modules/generator/processor/spanmetrics/spanmetrics.go:24-27`", the fortieth holdout's tempo) was
// checked by the file's length alone, and a file that grew kept it fresh however far the cited lines
// went. History knows what the document cited: the lines as its own last commit left the file. When
// those lines now stand unchanged somewhere else, and only there, the hint is line drift, with where
// they went. Lines that changed, appear more than once, or say too little to be told apart leave the
// hint as the length check left it.

// minMovedChars is how many characters, blanks aside, cited lines must hold to be found again by
// their text alone: a lone "}" or "return nil" stands in many places.
const minMovedChars = 24

// traceLineMoves reads the word-less line hints of fresh claims against the document's last commit.
func (v *verifier) traceLineMoves(ctx context.Context, results []ClaimResult) {
	rev, ok := v.repo.(Revisions)
	if !ok || !v.repo.Git() || v.repo.Shallow() {
		return
	}
	type at struct{ r, a int }
	var asked []at
	var paths []string
	seen := map[string]bool{}
	for i := range results {
		if results[i].State != StateFresh {
			continue
		}
		for j, ar := range results[i].Anchors {
			if a := ar.Anchor; a.Kind == AnchorLine && ar.Status == AnchorOK && len(a.Hints) == 0 && a.Start > 0 && a.End >= a.Start {
				asked = append(asked, at{i, j})
				if !seen[a.Path] {
					seen[a.Path] = true
					paths = append(paths, a.Path)
				}
			}
		}
	}
	if len(asked) == 0 {
		return
	}
	touch, ok := v.repo.LastTouch(ctx, v.soul.Path)
	if !ok || touch.SHA == v.repo.Head().SHA {
		return // a document changed in HEAD itself cites HEAD's lines
	}
	then := rev.FilesAt(ctx, touch.SHA, paths)
	for _, k := range asked {
		r := &results[k.r]
		if r.State != StateFresh {
			continue // an earlier hint of the claim moved
		}
		a := r.Anchors[k.a].Anchor
		old, ok := then[a.Path]
		if !ok {
			continue
		}
		now, ok := v.readFile(a.Path)
		if !ok {
			continue
		}
		if to, moved := movedLines(old, now, a.Start, a.End); moved {
			failAnchor(r, k.a, ReasonLineDrift, fmt.Sprintf("%s: the lines cited when the document last changed (%s) are now %d-%d, hint says %d-%d",
				a.Path, short(touch.SHA), to, to+a.End-a.Start, a.Start, a.End))
		}
	}
}

// movedLines finds lines start..end of old in now: the one place they stand, when it is not where
// they stood.
func movedLines(old, now []byte, start, end int) (int, bool) {
	was := splitLines(old)
	if end > len(was) {
		return 0, false
	}
	block := was[start-1 : end]
	chars := 0
	for _, l := range block {
		chars += len(strings.Join(strings.Fields(l), ""))
	}
	if chars < minMovedChars {
		return 0, false
	}
	is := splitLines(now)
	if end <= len(is) && equalLines(is[start-1:end], block) {
		return 0, false
	}
	found := 0
	for i := 0; i+len(block) <= len(is); i++ {
		if equalLines(is[i:i+len(block)], block) {
			if found != 0 {
				return 0, false // stands in two places: which one the hint meant is unsaid
			}
			found = i + 1
		}
	}
	return found, found != 0
}

// splitLines is a file's lines, trailing blanks of each line dropped.
func splitLines(b []byte) []string {
	b = bytes.TrimSuffix(b, []byte("\n"))
	out := strings.Split(string(b), "\n")
	for i, l := range out {
		out[i] = strings.TrimRight(l, " \t\r")
	}
	return out
}

func equalLines(a, b []string) bool {
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return len(a) == len(b)
}
