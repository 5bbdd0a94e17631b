package engine

import (
	"context"
	"fmt"
	"path"
	"strings"
)

// Evidence behind a traceless path. The tier rule (tiers.go) calls a path that never landed an
// unverified mention unless its sentence asserts it. A fifth holdout of real clones found two kinds of
// such names that were true errors all the same, each with evidence the name itself lacks:
//
//   - a gone ancestor: `src/tools/` never landed, but `src/` did and was removed (the code moved to
//     fastmcp_slim/fastmcp/): the document describes a tree that moved. Only a move counts: a directory
//     deleted with nowhere to go was, in the fourth holdout, an early scaffold (ty's src/, removed in its
//     eighth commit) under a path a section written a year later names in another project it clones
//     (`uv run python src/main.py` in python/typing). Telling those apart needs the time the document
//     first named the path (a pickaxe on the document), which the Repo ports do not answer; a move is
//     evidence without it, since the document's layout went somewhere. An ancestor that still exists
//     is no evidence (the name may be a placeholder inside a real directory), and neither is one the
//     path may be read from a package that has it (`src/stream-text/openai.ts` beside
//     examples/ai-functions/src/stream-text/): an old root src/ says nothing of a package-relative name.
//   - a near miss: `.clippy.toml` never landed, and the same directory tracks `clippy.toml`: the reader
//     following the document will not find the file. A leading dot or letter case is the whole
//     difference, and the tracked twin is of the same kind (a file for a file name); an undotted name
//     without an extension (`.local` beside `local/`) is a different thing, not a misspelling.
//
// Either turns the mention into drift, with the evidence in its detail.

// traceEvidence looks, for each claim the tier would call unverified, for evidence behind its traceless
// paths, and marks the anchor it finds some for (v.evidenced) so the claim stays drift. The gone
// ancestors of all of them are asked of history in one Renames call, as movedTo asks its paths
// (recall.go), not one call per anchor.
func (v *verifier) traceEvidence(ctx context.Context, results []ClaimResult) {
	if !v.tiered() {
		return
	}
	type at struct{ r, a int }
	tops := map[at][]string{}
	var asked []string
	for i := range results {
		if !v.seeksEvidence(&results[i]) {
			continue
		}
		for j, ar := range results[i].Anchors {
			if ar.Status == AnchorFailed && ar.Anchor.Kind == AnchorPath {
				t := v.goneTops(ar.Anchor)
				tops[at{i, j}], asked = t, append(asked, t...)
			}
		}
	}
	if len(tops) == 0 {
		return
	}
	var moves map[string]Rename
	if h, ok := v.repo.(History); ok && len(asked) > 0 {
		moves, _ = h.Renames(ctx, asked) // on an error no ancestor is evidence, as if none had moved
	}
	for i := range results {
		r := &results[i]
		if !v.seeksEvidence(r) {
			continue // an anchor an earlier claim on its line was given evidence for
		}
		for j, ar := range r.Anchors {
			t, candidate := tops[at{i, j}]
			if !candidate {
				continue
			}
			detail, ok := v.nearMiss(ar.Anchor)
			if !ok {
				detail, ok = v.goneAncestor(ctx, ar.Anchor, t, moves)
			}
			if ok {
				failAnchor(r, j, ReasonFileMissing, detail)
				v.evidenced[anchorKey(ar.Anchor)] = true
				break
			}
		}
	}
}

// seeksEvidence reports a claim whose traceless paths evidence may speak for: one the tier calls
// unverified, or one that is drift only because its sentence asserts a traceless path ("configured in
// `golangci.yml`"), whose reader is owed the near miss or the move all the same.
func (v *verifier) seeksEvidence(r *ClaimResult) bool {
	if v.unverified(r) {
		return true
	}
	if !v.tiered() || r.State != StateStale {
		return false
	}
	first := firstWith(r.Anchors, AnchorFailed)
	return first != nil && first.Reason == r.Reason && first.Anchor.Kind == AnchorPath && !v.evidenced[anchorKey(first.Anchor)] && v.traceless(*first) && asserted(&r.Claim, first.Anchor)
}

// readings are the repository paths a document's path may stand for: from the root as written, then
// from the document's directory.
func (v *verifier) readings(a Anchor) []string {
	p := strings.TrimSuffix(strings.TrimPrefix(v.repoPath(a), "./"), "/")
	if p == "" || p == "." {
		return nil
	}
	out := []string{p}
	if dir := path.Dir(v.soul.Path); !a.Link && dir != "." && dir != "" && !strings.HasPrefix(p, dir+"/") {
		out = append(out, path.Join(dir, p))
	}
	return out
}

// nearMiss finds a tracked name in the same directory that differs from the written one only by a
// leading dot or by letter case.
func (v *verifier) nearMiss(a Anchor) (string, bool) {
	wantDir := strings.HasSuffix(a.Ref, "/")
	for _, p := range v.readings(a) {
		dir, base := path.Split(p)
		alt, ok := v.dotTwin(dir, base, wantDir)
		if !ok {
			alt, ok = v.caseTwin(dir, base, wantDir)
		}
		if ok {
			return fmt.Sprintf("%s never landed in this repository's history; the repository has %s", a.Ref, alt), true
		}
	}
	return "", false
}

// dotTwin finds the tracked file of dir named base with its leading dot added or taken away, when the
// written name is a file's (an extension after a stem).
func (v *verifier) dotTwin(dir, base string, wantDir bool) (string, bool) {
	undotted := strings.TrimPrefix(base, ".")
	if ext := path.Ext(undotted); wantDir || ext == "" || len(undotted) == len(ext) {
		return "", false
	}
	alt := dir + "." + base
	if undotted != base {
		alt = dir + undotted
	}
	ok, isDir := v.repo.Exists(alt)
	return alt, ok && !isDir
}

// caseTwin finds a tracked entry of dir whose name is base in another letter case, a directory when the
// document wrote one and a file otherwise.
func (v *verifier) caseTwin(dir, base string, wantDir bool) (string, bool) {
	for _, f := range v.repo.Glob(dir+"*", 0) {
		rest, ok := strings.CutPrefix(f, dir)
		if !ok {
			continue
		}
		name, _, isDir := strings.Cut(rest, "/")
		if isDir == wantDir && name != base && strings.EqualFold(name, base) {
			return dir + name, true
		}
	}
	return "", false
}

// goneTops are, for each reading of a path that never landed, the ancestor directory history may have
// had and HEAD lacks: the highest missing ancestor below the deepest one that exists.
func (v *verifier) goneTops(a Anchor) []string {
	var out []string
	for _, p := range v.readings(a) {
		segs := strings.Split(p, "/")
		top := ""
		for k := 1; k < len(segs); k++ {
			anc := strings.Join(segs[:k], "/")
			if ok, _ := v.repo.Exists(anc); !ok {
				top = anc
				break
			}
		}
		if top == "" || v.packageRelative(segs) {
			continue // its directory is here, or a package holds it: a placeholder inside a real tree
		}
		out = append(out, top)
	}
	return out
}

// goneAncestor finds the first of a path's gone tops (goneTops) that history moved, as moves answers.
func (v *verifier) goneAncestor(ctx context.Context, a Anchor, tops []string, moves map[string]Rename) (string, bool) {
	for _, top := range tops {
		if moves[top].To == "" {
			continue // never there, or deleted with nowhere to go (see above)
		}
		sha := moves[top].SHA
		if c, ok := v.repo.LastTouch(ctx, top); ok {
			sha = c.SHA // the commit that removed the last of it, which may follow the move
		}
		return fmt.Sprintf("%s/ was removed in %s (moved to %s/); %s never landed in this repository's history", top, short(sha), moves[top].To, a.Ref), true
	}
	return "", false
}

// packageRelative reports whether the path, read from some directory below the root, names a directory
// or file the tree has: two or more of its leading segments end a tracked path ("src/stream-text" in
// examples/ai-functions/src/stream-text/basic.ts).
func (v *verifier) packageRelative(segs []string) bool {
	for k := 2; k <= len(segs); k++ {
		prefix := strings.Join(segs[:k], "/")
		for _, f := range v.repo.Glob("**/"+prefix, 0) {
			for d := f; d != "." && d != "/" && d != ""; d = path.Dir(d) {
				if strings.HasSuffix(d, "/"+prefix) {
					return true
				}
			}
		}
	}
	return false
}
