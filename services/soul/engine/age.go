package engine

import (
	"context"
	"fmt"
	"path"
	"strings"
	"time"
)

// The age pass (soul-prd §3.4, the seed's cross_verify): a claim whose evidence still holds but that
// no commit has touched for a half-life is aged_out. Claims age like memory, while truth decays as
// the world moves; so age is measured in the repository's own time, HEAD's commit time against the
// newest commit that touched the claim's paths, never the wall clock: a repository nobody commits to
// ages nothing, and a check re-run a year later on the same HEAD answers the same.
//
// It is additive: the claim keeps its state (its anchors hold), and the report gains one row of its
// own kind, apart from drift and discipline, that fails a run only when asked (--fail-on age).
// Unknown age is never flagged: no git, no HEAD, a shallow clone cut inside the window, a path no
// commit in reach holds (a file only on disk, a bare name, a sibling checkout), declared or history
// tissue, a claim with no path anchor.

// HalfLife is the age past which untouched evidence is aged out (the seed's 720h).
const HalfLife = 720 * time.Hour

// ReasonAgedOut is the evidence-stale sub-reason of an aged claim (the seed's vocabulary, verbatim).
const ReasonAgedOut = "aged_out"

// ageOut lists the aged claims of a check: fresh claims in verifiable or mixed tissue whose every
// path anchor is tracked and none was touched in the half-life before HEAD. One walk answers them all.
func (v *verifier) ageOut(ctx context.Context, results []ClaimResult) []Finding {
	ages, ok := v.repo.(Ages)
	head := v.repo.Head()
	if !ok || !v.repo.Git() || head.SHA == "" || head.Time.IsZero() {
		return nil
	}
	type candidate struct {
		r     *ClaimResult
		paths []evidencePath
	}
	var cands []candidate
	for i := range results {
		if ps := v.evidencePaths(ages, &results[i]); len(ps) > 0 {
			cands = append(cands, candidate{&results[i], ps})
		}
	}
	if len(cands) == 0 {
		return nil
	}
	since := head.Time.Add(-HalfLife)
	t, err := ages.TouchedSince(ctx, since)
	if err != nil || !t.Complete {
		return nil // a history cut inside the window cannot say what it did not see
	}
	newest := touchedDirs(t.Files)
	var out []Finding
	for _, c := range cands {
		if !touchedAny(c.paths, t.Files, newest) {
			out = append(out, agedFinding(c.r, c.paths[0], head.Time))
		}
	}
	return out
}

// evidencePath is one path anchor of a claim, resolved in the repository.
type evidencePath struct {
	anchor Anchor
	path   string
}

// evidencePaths are a fresh claim's path anchors when the age of every one is knowable; none when the
// claim is no candidate (not fresh, declared or history tissue, no path anchor, a path of unknown age).
func (v *verifier) evidencePaths(ages Ages, r *ClaimResult) []evidencePath {
	if r.State != StateFresh || r.Claim.Tissue != TissueVerifiable && r.Claim.Tissue != TissueMixed {
		return nil
	}
	var out []evidencePath
	for _, ar := range r.Anchors {
		a := ar.Anchor
		if a.Kind != AnchorPath && a.Kind != AnchorLine || ar.Status != AnchorOK {
			continue
		}
		p := v.resolve(a.Path)
		if a.Workspace || !ages.Tracked(p) {
			return nil // a path no commit in reach holds: its age is unknown, so is the claim's
		}
		out = append(out, evidencePath{a, p})
	}
	return out
}

// touchedDirs is every directory above a touched file: a directory anchor is touched through any file in it.
func touchedDirs(files map[string]time.Time) map[string]bool {
	dirs := map[string]bool{}
	for f := range files {
		for d := path.Dir(f); d != "." && d != "/" && !dirs[d]; d = path.Dir(d) {
			dirs[d] = true
		}
	}
	return dirs
}

func touchedAny(ps []evidencePath, files map[string]time.Time, dirs map[string]bool) bool {
	for _, p := range ps {
		if _, ok := files[p.path]; ok || dirs[strings.TrimSuffix(p.path, "/")] {
			return true
		}
	}
	return false
}

func agedFinding(r *ClaimResult, p evidencePath, head time.Time) Finding {
	f := Finding{Kind: KindAge, Claim: r.Claim.Text, Section: r.Section, Line: p.anchor.Line, State: StateStale, Reason: ReasonAgedOut, Anchor: p.anchor.Ref,
		Detail: fmt.Sprintf("no commit touched its evidence in the %dh before HEAD (%s)", int(HalfLife.Hours()), head.UTC().Format("2006-01-02"))}
	if f.Line == 0 {
		f.Line = r.Claim.StartLine
	}
	if len(f.Claim) > 300 {
		f.Claim = strings.ToValidUTF8(f.Claim[:300]+"…", "")
	}
	return f
}
