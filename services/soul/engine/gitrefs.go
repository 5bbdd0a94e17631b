package engine

import (
	"fmt"
	"strconv"
	"strings"
	"sync"
)

// Git facts a claim cites: tags, branches, commits, merged PRs, commit counts, the last commit's date.

var logPR = mustGate(`\(#(\d+)\)|[Pp]ull [Rr]equest #(\d+)|\bPR #?(\d+)`)

// loggedRef is any "#N" a subject names: "feat(csharp): #369 nuget tool packaging (#433)" (the
// fifty-seventh holdout's ball) lands issue #369's work, which a sentence saying "#369 ships" cites.
var loggedRef = mustGate(`(?:^|[\s(\[:,;])#(\d+)\b`)

// mergedIssueBranch is a merge of a branch named by its issue's number, GitLab's way: "Merge branch
// 'feat/2858-21-new-design-system-violations' into 'main'" (the seventy-fifth holdout's trueppm, whose
// documents cite the issues, "(#2858)", whose branches merged), and GitHub's: "Merge pull request #2333
// from CERTCC/bug/1784-freshen-branch-abort-fails" (the eighty-ninth holdout's Vultron, whose documents
// cite the issue #1784 the pull request closed).
var mergedIssueBranch = mustGate(`^Merge (?:branch '|pull request #\d+ from [\w.-]+/)(?:[\w.-]+/)?(\d+)[-_]`)

// gitRef checks a git fact: a tag, a branch, a commit, a merged PR, a commit count, the last commit's date.
func (v *verifier) gitRef(a Anchor, d verdicts) AnchorResult {
	switch a.Kind {
	case AnchorTag:
		if _, found := v.repo.Tags()[a.Ref]; found {
			return d.ok()
		}
		return d.hold(ReasonNotATag, a.Ref+" is not a tag here; a version of something else cannot be checked")
	case AnchorBranch:
		if b := v.repo.Branches(); b[a.Ref] || b["origin/"+a.Ref] {
			return d.ok()
		}
		// merged branches are deleted and clones often fetch one branch: absence proves little
		return d.hold(ReasonUnverifiable, "no branch "+a.Ref+" in this clone")
	case AnchorCommit:
		if v.batch.Commits[a.Ref] != "" {
			return d.ok()
		}
		if v.repo.Shallow() {
			return d.hold(ReasonShallow, "no commit "+a.Ref+" in this shallow clone; its history is cut")
		}
		return d.fail(ReasonRefMissing, "no commit "+a.Ref)
	case AnchorPR:
		return v.prRef(a, d)
	case AnchorCount:
		return v.countRef(a, d)
	case AnchorLastDate:
		head := v.repo.Head()
		if head.SHA == "" {
			return d.hold(ReasonNotGit, "no HEAD")
		}
		if got := head.Time.UTC().Format("2006-01-02"); got != a.Ref {
			return d.fail(ReasonChanged, "last commit "+got+", claim says "+a.Ref)
		}
	}
	return d.ok()
}

// prRef checks "#N" against the merge subjects of the log, when the log follows that convention.
func (v *verifier) prRef(a Anchor, d verdicts) AnchorResult {
	if v.prs == nil {
		v.prs, v.prConvention = loggedPRs(v.repo.Log())
	}
	switch {
	case v.prs[a.Number]:
		return d.ok()
	case v.repo.Shallow():
		return d.hold(ReasonShallow, fmt.Sprintf("#%d: this shallow clone's log is cut", a.Number))
	case !v.prConvention:
		return d.hold(ReasonNoPRLog, "the log carries no (#N) merge subjects")
	}
	return d.fail(ReasonRefMissing, fmt.Sprintf("no (#%d) in the log", a.Number))
}

// prMemo keeps the PR numbers of the last log read: a repository hands every check of one HEAD the same
// cached log, so a server re-checking a brain (or one run checking many documents) scans its subjects once.
var prMemo struct {
	sync.Mutex
	first  *Commit
	n      int
	prs    map[int]bool
	merged bool
}

// loggedPRs is mergedPRs, remembered for the log it was read from (never written to by its readers).
func loggedPRs(log []Commit) (map[int]bool, bool) {
	if len(log) == 0 {
		return mergedPRs(log)
	}
	prMemo.Lock()
	if prMemo.first == &log[0] && prMemo.n == len(log) {
		prs, merged := prMemo.prs, prMemo.merged
		prMemo.Unlock()
		return prs, merged
	}
	prMemo.Unlock()
	prs, merged := mergedPRs(log)
	prMemo.Lock()
	prMemo.first, prMemo.n, prMemo.prs, prMemo.merged = &log[0], len(log), prs, merged
	prMemo.Unlock()
	return prs, merged
}

// mergedPRs are the numbers the log's subjects name, and whether any names a merged PR ("(#12)",
// "Pull request #12", "PR 12"): only a log that records its merges says a number it lacks never merged.
func mergedPRs(log []Commit) (map[int]bool, bool) {
	prs := map[int]bool{}
	merged := false
	for _, c := range log {
		for _, m := range logPR.FindAllStringSubmatch(c.Subject, -1) {
			for _, g := range m[1:] {
				if n, err := strconv.Atoi(g); err == nil {
					prs[n], merged = true, true
				}
			}
		}
		if m := mergedIssueBranch.FindStringSubmatch(c.Subject); m != nil {
			if n, err := strconv.Atoi(m[1]); err == nil {
				prs[n] = true
			}
		}
		if strings.IndexByte(c.Subject, '#') < 0 {
			continue
		}
		for _, m := range loggedRef.FindAllStringSubmatch(c.Subject, -1) {
			if n, err := strconv.Atoi(m[1]); err == nil {
				prs[n] = true
			}
		}
	}
	return prs, merged
}

// remoteNames are the names git gives a clone's remotes by convention.
var remoteNames = set("origin", "upstream")

// countRef checks "N commits since REF" against the whole history; a shallow clone cannot count.
func (v *verifier) countRef(a Anchor, d verdicts) AnchorResult {
	if v.repo.Shallow() {
		return d.hold(ReasonShallow, "commit counts need the whole history; this clone is shallow")
	}
	since, found := v.resolveRef(a.Since)
	if !found {
		if remote, _, _ := strings.Cut(a.Since, "/"); remoteNames[remote] && !v.soul.SoulTissue {
			// "local main was 31 commits ahead of origin when deployed" (the two-hundred-and-forty-second
			// holdout's liquidclips): a count against the remote's branch, which no clone keeps still. A
			// soul cites only what it can show here (SOUL-INV-1)
			return d.hold(ReasonUnverifiable, a.Since+" is a remote; a count against what was pushed is not checked")
		}
		if b := v.repo.Branches(); b[a.Since] || b["origin/"+a.Since] {
			// "`dev` … 8 commits ahead of `main`" (the forty-seventh holdout's Haoma): a count between
			// two branches, which both move; HEAD's count since the branch is not what it says
			return d.hold(ReasonUnverifiable, a.Since+" is a branch; a count against a moving branch is not checked")
		}
		return d.fail(ReasonRefMissing, "no ref "+a.Since)
	}
	if n := commitsSince(v.repo.Log(), since); n != a.Number {
		return d.fail(ReasonChanged, fmt.Sprintf("%d commits since %s, claim says %d", n, a.Since, a.Number))
	}
	return d.ok()
}

func (v *verifier) resolveRef(ref string) (string, bool) {
	if sha, ok := v.repo.Tags()[ref]; ok {
		return sha, true
	}
	for _, c := range v.repo.Log() {
		if strings.HasPrefix(c.SHA, ref) && len(ref) >= 7 {
			return c.SHA, true
		}
	}
	return "", false
}

// commitsSince counts HEAD's commits that the given commit cannot reach.
func commitsSince(log []Commit, since string) int {
	if since == "" {
		return len(log)
	}
	if n, ok := linearSince(log, since); ok {
		return n
	}
	parents := make(map[string][]string, len(log))
	for _, c := range log {
		parents[c.SHA] = c.Parents
	}
	reach := map[string]bool{}
	stack := []string{since}
	for len(stack) > 0 {
		s := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if reach[s] {
			continue
		}
		reach[s] = true
		stack = append(stack, parents[s]...)
	}
	n := 0
	for _, c := range log {
		if !reach[c.SHA] {
			n++
		}
	}
	return n
}

// linearSince answers commitsSince without maps when HEAD reaches since through single parents (the
// common case, and the one a 20k-commit log made costly): every other commit of HEAD's history is then
// an ancestor of since, so the count is since's position in the log.
func linearSince(log []Commit, since string) (int, bool) {
	for i, c := range log {
		if c.SHA == since {
			return i, true
		}
		if len(c.Parents) != 1 || i+1 >= len(log) || log[i+1].SHA != c.Parents[0] {
			return 0, false
		}
	}
	return 0, false
}
