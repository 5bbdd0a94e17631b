package engine

import (
	"context"
	"fmt"
	"path"
	"slices"
	"strings"
	"unicode"
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
		found := false
		for j, ar := range r.Anchors {
			t, candidate := tops[at{i, j}]
			if !candidate {
				continue
			}
			detail, ok := v.nearMiss(ar.Anchor)
			if !ok {
				detail, ok = v.goneAncestor(ctx, ar.Anchor, t, moves)
			}
			if !ok {
				continue
			}
			v.evidenced[anchorKey(ar.Anchor)] = true
			if !found {
				failAnchor(r, j, ReasonFileMissing, detail)
				found = true
				continue
			}
			// every entry of a tree or list is asked, not only the first: tempo's tree drew
			// modules/backend-worker/ and modules/backend-scheduler/ (both spelt without the dash in
			// the repository) and only the first was reported; the claim's own row stays the first's
			r.Anchors[j].Reason, r.Anchors[j].Detail = ReasonFileMissing, detail
		}
	}
}

// seeksEvidence reports a claim whose traceless paths evidence may speak for: one the tier calls
// unverified, or one that is drift only because its sentence asserts a traceless path ("configured in
// `golangci.yml`"), whose reader is owed the near miss or the move all the same.
func (v *verifier) seeksEvidence(r *ClaimResult) bool {
	if r.Claim.planned {
		return false // a planned layout's names are still to come; a near twin does not make them stale
	}
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
		if !ok {
			alt, ok = v.spellingTwin(dir, base, wantDir)
		}
		if ok {
			return fmt.Sprintf("%s never landed in this repository's history; the repository has %s", a.Ref, alt), true
		}
	}
	alt, ok := v.bareSpellingTwin(a)
	if !ok {
		alt, ok = v.extraTop(a)
	}
	if !ok {
		alt, ok = v.nearestTwin(a)
	}
	if ok {
		return fmt.Sprintf("%s never landed in this repository's history; the repository has %s", a.Ref, alt), true
	}
	return "", false
}

// extraTop finds the tracked path a written one names under one top directory too many: k6's AGENTS.md
// put its HTTP module in `internal/js/modules/k6/http/` (and ran `go test` there), a directory no commit
// had, beside js/modules/k6/http/ (the thirty-fifth holdout). The top must be a directory the repository
// has, so the reader is sent into a real tree, and what is left must keep a directory of its own ("a/b/c"
// for "x/a/b/c", never a lone name that may be anywhere) and be of the kind written: a directory for a
// trailing slash, a file for a name with an extension.
func (v *verifier) extraTop(a Anchor) (string, bool) {
	p := strings.TrimPrefix(v.repoPath(a), "./")
	top, rest, cut := strings.Cut(strings.TrimSuffix(p, "/"), "/")
	if !cut || !strings.Contains(rest, "/") || strings.ContainsAny(p, "*?[{<$") {
		return "", false
	}
	if ok, isDir := v.repo.Exists(top); !ok || !isDir {
		return "", false
	}
	ok, isDir := v.repo.Exists(rest)
	wantDir := strings.HasSuffix(p, "/")
	if !ok || wantDir && !isDir || !wantDir && isDir && path.Ext(rest) != "" {
		return "", false
	}
	if isDir {
		return rest + "/", true
	}
	return rest, true
}

// nearestTwin finds the one tracked file of the written name below the nearest directory of the written
// path that exists, in other directories than written: duckdb's AGENTS.md ran `scripts/build_grammar.sh`
// (the script is scripts/parser/build_grammar.sh) and placed plan generation in
// `src/execution/physical_plan/physical_plan_generator.cpp` (src/execution/physical_plan_generator.cpp),
// neither ever in history (the fortieth holdout); Radarr's CONTRIBUTING.md edits
// `src/NzbDrone.Core/Localization/en.json` (Localization/Core/en.json, the forty-second). The search
// climbs from that directory towards the top and stops at the first level that holds the name, which
// must hold it once. Each reading of the path is tried (from the root, then from the document's
// directory). A top directory holds many files, so there only a name with a stem of six letters at least
// ("index.ts", "main.go" found once are no evidence) counts.
func (v *verifier) nearestTwin(a Anchor) (string, bool) {
	if strings.HasSuffix(a.Ref, "/") {
		return "", false
	}
	for _, p := range v.readings(a) {
		if alt, ok := v.nearestHolder(p); ok {
			return alt, true
		}
	}
	return "", false
}

// nearestHolder is nearestTwin for one reading of the path.
func (v *verifier) nearestHolder(p string) (string, bool) {
	base := path.Base(p)
	if !strings.Contains(p, "/") || strings.ContainsAny(p, "*?[{<$") || path.Ext(base) == "" {
		return "", false
	}
	dir := path.Dir(p)
	for dir != "." {
		if ok, isDir := v.repo.Exists(dir); ok && isDir {
			break
		}
		dir = path.Dir(dir)
	}
	for ; dir != "."; dir = path.Dir(dir) {
		if !strings.Contains(dir, "/") && len(firstStem(base)) < 6 {
			return "", false
		}
		switch hits := v.repo.Glob(dir+"/**/"+base, 2); len(hits) {
		case 0:
			continue
		case 1:
			return hits[0], hits[0] != p
		default:
			return "", false
		}
	}
	return "", false
}

// bareSpellingTwin finds the one tracked file name, anywhere, that a bare file name (no directory, an
// extension) misspells: a list of generated files by name ("`metrics_serivce.grpc.swift`", the
// twenty-sixth holdout's opentelemetry-swift, for Sources/.../proto/metrics_service.grpc.swift). Files
// of the same extension are read; several files of that one name are named by it.
func (v *verifier) bareSpellingTwin(a Anchor) (string, bool) {
	base := a.Path
	ext := path.Ext(base)
	if a.Link || strings.ContainsAny(base, "/*?[") || ext == "" || len(ext) == len(base) {
		return "", false
	}
	var files []string
	for _, f := range v.filesOf(ext) {
		b := path.Base(f)
		if b == base || !misspelt(base, b) {
			continue
		}
		if len(files) > 0 && path.Base(files[0]) != b {
			return "", false // two near names: no one file was meant
		}
		files = append(files, f)
	}
	switch len(files) {
	case 0:
		return "", false
	case 1:
		return files[0], true
	}
	return path.Base(files[0]) + " (in several places)", true
}

// filesOf lists the tracked files of an extension, read once per check: each bare name of a document
// that never landed is compared with all of them.
func (v *verifier) filesOf(ext string) []string {
	if fs, ok := v.byExt[ext]; ok {
		return fs
	}
	if v.byExt == nil {
		v.byExt = map[string][]string{}
	}
	v.byExt[ext] = v.repo.Glob("**/*"+ext, 0)
	return v.byExt[ext]
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
	for _, name := range v.entries(dir, wantDir) {
		if name != base && strings.EqualFold(name, base) {
			return dir + name, true
		}
	}
	return "", false
}

// entries are the names of dir's tracked directories (wantDir) or files, each once.
func (v *verifier) entries(dir string, wantDir bool) []string {
	var out []string
	seen := map[string]bool{}
	for _, f := range v.repo.Glob(dir+"*", 0) {
		rest, ok := strings.CutPrefix(f, dir)
		if !ok {
			continue
		}
		name, _, isDir := strings.Cut(rest, "/")
		if isDir == wantDir && !seen[name] {
			seen[name] = true
			out = append(out, name)
		}
	}
	return out
}

// spellingTwin finds the one tracked entry of dir whose name is base misspelled: its words joined by
// another separator ("local-ci.sh" for local_ci.sh) or one letter added, dropped, changed or swapped
// with its neighbour ("metrics_serivce.grpc.swift" for metrics_service.grpc.swift), in a name of six
// characters or more. A digit or a dot is never the difference: "handler_v2.go" beside handler_v1.go is
// another file, not a typo (the twenty-sixth holdout's dd-sdk-android and opentelemetry-swift; round 8's
// langfuse wrote a branch prefix `cursor/` beside its .cursor/).
func (v *verifier) spellingTwin(dir, base string, wantDir bool) (string, bool) {
	found := ""
	for _, name := range v.entries(dir, wantDir) {
		if name == base || !misspelt(base, name) {
			continue
		}
		if found != "" {
			return "", false // two candidates: no one file was meant
		}
		found = dir + name
	}
	return found, found != ""
}

// misspelt reports whether written is want with its separators changed, or one letter off.
func misspelt(written, want string) bool {
	if len(written) < 6 || !isASCII(written) || !isASCII(want) {
		return false
	}
	fold := func(s string) string {
		return strings.Map(func(r rune) rune {
			if r == '-' || r == '_' {
				return -1
			}
			return unicode.ToLower(r)
		}, s)
	}
	if fold(written) == fold(want) {
		return true
	}
	return oneLetterOff(written, want) || swappedParts(written, want)
}

// swappedParts reports two names of the same dot-separated words in another order: limbo's
// CONTRIBUTING.md named `testing/test.all` for testing/all.test (the forty-first holdout).
func swappedParts(a, b string) bool {
	pa, pb := strings.Split(a, "."), strings.Split(b, ".")
	if len(pa) < 2 || len(pa) != len(pb) || a == b {
		return false
	}
	slices.Sort(pa)
	slices.Sort(pb)
	return slices.Equal(pa, pb)
}

// oneLetterOff reports two ASCII names one edit apart where the edit touches letters only: a letter
// added, dropped, changed, or swapped with its neighbour. A digit, a dot or a separator apart is not a
// typo of the kind ("cursor/" beside .cursor/ is another name, as dotTwin holds). Not editDistance
// (workspace.go): that one counts a swap as two edits, cannot say which characters differ, and fills a
// table per pair, where a bare name is compared with every tracked file of its extension.
func oneLetterOff(a, b string) bool {
	if len(a) > len(b) {
		a, b = b, a
	}
	if len(b)-len(a) > 1 {
		return false
	}
	i := 0
	for i < len(a) && a[i] == b[i] {
		i++
	}
	if i == len(a) {
		return len(b) == len(a)+1 && isLetter(b[i]) // one letter added at the end
	}
	if len(a) == len(b) {
		if a[i+1:] == b[i+1:] {
			return isLetter(a[i]) && isLetter(b[i]) // one letter changed
		}
		return i+1 < len(a) && a[i] == b[i+1] && a[i+1] == b[i] && a[i+2:] == b[i+2:] && isLetter(a[i]) && isLetter(a[i+1]) // two swapped
	}
	return a[i:] == b[i+1:] && isLetter(b[i]) // one letter added inside
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

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
