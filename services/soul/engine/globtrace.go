package engine

import (
	"context"
	"path"
	"strings"
	"time"
)

// Globs follow the tier rule. A glob no tracked file matches used to stay drift, because history was
// never asked about it: the planted corpus's `capi_*.go` and `vfs/vfs_*.go` name files a commit
// deleted, and that is evidence. The sixth holdout found the other half: tmux's CONTRIBUTING names
// `tmux-server*.log`, `tmux-client*.log`, `tmux-out*.log` (files `tmux -vv` writes where it runs) and
// ktor's names the branch pattern `release/*`; no commit ever held a path either matches. So history is
// asked: a glob that some path of history ever matched stays drift; one no commit ever matched is
// traceless, an unverified mention unless its sentence asserts it (tiers.go).
//
// The Batch's "ever seen" answers exact paths only (gitrepo's added set, asked by literal pathspec), and
// gitrepo belongs to another engineer, so the closest honest evidence the ports give is Ages: every
// path the commits since the epoch changed, read from the check's history walk when it ran whole, else
// one bounded `git log --name-only` (cached per HEAD). A path some commit added is a path a commit
// changed, so "no changed path matches" is "no commit ever held a match". It is asked once per check,
// only when an unasserted glob fails; a walk cut at its bound (Complete false) cannot say, and the
// glob keeps drift. A glob is matched as the check reads it today (the root, the document's directory,
// any package below the root: `**/` + glob), against files and their directories.

// historyEpoch is where the whole-history window starts: every commit is younger.
var historyEpoch = time.Unix(0, 0).UTC()

// globHistory marks (v.globNever) each failed glob of a stale claim that its sentence does not assert
// and that no path of HEAD's history ever matched, and lets a glob read from each package pass
// (packageTop): both answers come from the one list of every path history changed.
func (v *verifier) globHistory(ctx context.Context, results []ClaimResult) {
	if !v.tiered() {
		return
	}
	ages, ok := v.repo.(Ages)
	if !ok {
		return
	}
	type at struct{ r, a int }
	var cands []at
	for i := range results {
		r := &results[i]
		if r.State != StateStale {
			continue
		}
		for j, ar := range r.Anchors {
			if ar.Status == AnchorFailed && ar.Anchor.Kind == AnchorGlob && ar.Reason == ReasonFileMissing {
				cands = append(cands, at{i, j})
			}
		}
	}
	if len(cands) == 0 {
		return
	}
	t, err := ages.TouchedSince(ctx, historyEpoch)
	if err != nil || !t.Complete {
		return // a cut history cannot say a glob never matched
	}
	entries := withDirs(t.Files)
	for _, c := range cands {
		r := &results[c.r]
		ar := &r.Anchors[c.a]
		if v.packageTop(ar.Anchor.Path, entries) {
			v.passGlob(r, ar)
			continue
		}
		if deep, ok := pathspecGlob(ar.Anchor.Path); ok && !matchedFromRoot(ar.Anchor.Path, entries) && len(v.repo.Glob(deep, 1)) > 0 {
			// "edit `proto/*.proto`" over proto/pulumi/: a match below, as git's pathspecs read it,
			// and none at the glob's own level in any commit (verify.go)
			v.passGlob(r, ar)
			continue
		}
		if ar.Anchor.Foreign && !everMatched(ar.Anchor.Path, entries) {
			// "generated `docs/.i18n/*.tm.jsonl` files in the publish repo" (the hundred-and-seventy-seventh
			// holdout's crabfork): another project's files, which no commit here ever held
			ar.Status, ar.Reason, ar.Detail = AnchorHeld, ReasonOutsideRepo, ar.Anchor.Ref+" is named as a path of another project"
			v.verdict(r, checkedAnchors(r.Anchors))
			continue
		}
		if asserted(&r.Claim, ar.Anchor) || everMatched(ar.Anchor.Path, entries) {
			continue
		}
		if loose, ok := looseGlob(ar.Anchor.Path); ok {
			if len(v.repo.Glob(loose, 1)) > 0 {
				// read as git reads a pathspec, each `*` directory crossing slashes, it matches today
				v.passGlob(r, ar)
				continue
			}
			if everMatched(loose, entries) && len(v.repo.Glob("**/"+loose, 1)) == 0 {
				// medusa's `packages/*/src/api/routes/*/__tests__`: history held such tests one level
				// deeper (routes/admin/products/__tests__) and none is left under any directory: evidence,
				// so drift (a match left below a package keeps the mention unverified, as rails' lib/*/tags/)
				ar.Detail += "; history held matches with each * read across directories, and none is left"
				if firstFailed(r) == c.a {
					r.Detail = ar.Detail
				}
				continue
			}
		}
		v.globNever[anchorKey(ar.Anchor)] = true
		ar.Detail += "; no commit of this repository's history ever held a match"
		if firstFailed(r) == c.a {
			r.Detail = ar.Detail
		}
	}
}

// packageTop reports a glob with one fixed directory ("__tests__/**/*") that the root never had, in HEAD
// or in any commit history changed, and that matches below some package: a tsconfig's include read from
// each client's directory (the eighth holdout). packageGlob (holdout3.go) wants two fixed segments
// because a root `src/` that moved into a package is a tree the document still describes; a directory
// history never had at the root cannot have moved from there.
func (v *verifier) packageTop(glob string, history map[string]bool) bool {
	top, ok := globTop(glob)
	if !ok || history[top] {
		return false
	}
	if exists, _ := v.repo.Exists(top); exists {
		return false
	}
	return len(v.repo.Glob("**/"+glob, 1)) > 0
}

// checkedAnchors counts the anchors a verdict weighs: all but the skipped.
func checkedAnchors(ars []AnchorResult) int {
	n := 0
	for _, ar := range ars {
		if ar.Status != AnchorSkipped {
			n++
		}
	}
	return n
}

// withDirs is every path history changed and every directory above one, each once.
func withDirs(files map[string]time.Time) map[string]bool {
	out := make(map[string]bool, len(files)*2)
	for f := range files {
		for p := f; p != "" && p != "." && !out[p]; p = path.Dir(p) {
			out[p] = true
		}
	}
	return out
}

// matchedFromRoot reports whether some path of history matched glob read from the root, at its own
// level (`proto/*.proto` by proto/x.proto, not by sdk/proto/x.proto or proto/pulumi/x.proto).
func matchedFromRoot(glob string, paths map[string]bool) bool {
	segs := strings.Split(strings.Trim(strings.TrimPrefix(glob, "./"), "/"), "/")
	for p := range paths {
		if matchSegs(segs, strings.Split(p, "/")) {
			return true
		}
	}
	return false
}

// everMatched reports whether a glob, read from any directory, matches one of the paths.
func everMatched(glob string, paths map[string]bool) bool {
	g := strings.Trim(strings.TrimPrefix(glob, "./"), "/")
	if g == "" {
		return true // nothing to match: no claim of absence can rest on it
	}
	if !strings.HasPrefix(g, "**/") {
		g = "**/" + g
	}
	return matchedFromRoot(g, paths)
}

// passGlob makes a failed glob hold and judges its claim again.
func (v *verifier) passGlob(r *ClaimResult, ar *AnchorResult) {
	ar.Status, ar.Reason, ar.Detail = AnchorOK, "", ""
	v.verdict(r, checkedAnchors(r.Anchors))
}

// looseGlob reads a glob's directory wildcards as git's pathspecs do, a `*` that crosses slashes:
// each segment that is `*` alone becomes `**`. false when there is none, or the glob already has `**`.
func looseGlob(glob string) (string, bool) {
	if strings.Contains(glob, "**") {
		return "", false
	}
	segs := strings.Split(strings.TrimSuffix(glob, "/"), "/")
	changed := false
	for i, s := range segs[:len(segs)-1] {
		if s == "*" {
			segs[i], changed = "**", true
		}
	}
	return strings.Join(segs, "/"), changed
}
