package engine

import (
	"context"
	"fmt"
	"path"
	"sort"
	"strings"
)

// Reasons the recall pass gives.
const (
	// ReasonSymbolRemoved is a cited definition that a commit of this history removed.
	ReasonSymbolRemoved = "symbol_removed"
	// ReasonSizeDrift is a file whose size a claim states and the file no longer has.
	ReasonSizeDrift = "size_drift"
	// ReasonUntaggedRelease is a version a claim says was released or tagged, missing from a repository
	// that tags its releases in that scheme.
	ReasonUntaggedRelease = "version_not_tagged"
	// ReasonWorkspaceOnly is a command that exists, but only in one package of a monorepo.
	ReasonWorkspaceOnly = "workspace_only"
)

// recall runs after every claim is judged. It gives findings what a reader needs to fix them (where a
// missing path went, which commit removed a definition) and checks what the anchors alone do not
// (stated file sizes, released versions). History is asked only about what already failed, so a clean
// document never pays for the walks.
func (v *verifier) recall(ctx context.Context, results []ClaimResult) {
	for i := range results {
		r := &results[i]
		if open(r.State) {
			v.sizeClaims(r)
			v.releaseTags(r)
		}
	}
	h, ok := v.repo.(History)
	if !ok || !v.repo.Git() || v.repo.Shallow() {
		return
	}
	v.movedTo(ctx, h, results)
	v.removedSymbols(ctx, h, results)
}

// open reports whether a judged claim is in a state an anchor failing later may still turn stale.
func open(s State) bool {
	return s == StateFresh || s == StateUnprovableNow || s == StateReceiptRequired
}

// failAnchor marks a claim stale by one anchor's failure, as judge would have had the anchor failed
// there: a failed anchor wins over held and fresh ones.
func failAnchor(r *ClaimResult, i int, reason, detail string) {
	ar := &r.Anchors[i]
	ar.Status, ar.Reason, ar.Detail = AnchorFailed, reason, detail
	r.State, r.Reason, r.Detail = StateStale, reason, detail
}

// firstFailed is the index of the anchor judge took the claim's reason from.
func firstFailed(r *ClaimResult) int {
	for i, ar := range r.Anchors {
		if ar.Status == AnchorFailed {
			return i
		}
	}
	return -1
}

// movedTo names where each missing path went when a commit renamed it.
func (v *verifier) movedTo(ctx context.Context, h History, results []ClaimResult) {
	var asked []string
	where := map[int]string{}
	for i := range results {
		r := &results[i]
		j := firstFailed(r)
		if r.State != StateStale || r.Reason != ReasonFileMissing || j < 0 || r.Anchors[j].Reason != ReasonFileMissing {
			continue
		}
		a := r.Anchors[j].Anchor
		if a.Kind != AnchorPath && a.Kind != AnchorLine {
			continue
		}
		p := strings.TrimSuffix(v.resolve(a.Path), "/")
		where[i] = p
		asked = append(asked, p)
	}
	if len(asked) == 0 {
		return
	}
	moves, err := h.Renames(ctx, asked)
	if err != nil {
		return // the hint is a courtesy; the finding stands without it
	}
	for i, p := range where {
		m, ok := moves[p]
		if !ok {
			continue
		}
		r := &results[i]
		detail := fmt.Sprintf("%s → %s, renamed in %s", p, m.To, short(m.SHA))
		if ok, _ := v.repo.Exists(m.To); !ok {
			detail += " (and gone since)"
		}
		r.Detail = detail
		r.Anchors[firstFailed(r)].Detail = detail
	}
}

// removedSymbols turns a cited symbol defined nowhere into symbol_removed when a commit removed its
// definition, naming that commit.
func (v *verifier) removedSymbols(ctx context.Context, h History, results []ClaimResult) {
	var words, paths []string
	seen := map[string]bool{}
	var idx []int
	for i := range results {
		r := &results[i]
		j := firstFailed(r)
		if r.State != StateStale || r.Reason != ReasonSymbolMissing || j < 0 || r.Anchors[j].Anchor.Kind != AnchorSymbol {
			continue
		}
		a := r.Anchors[j].Anchor
		where := v.qualifierFiles(a.Qualifier)
		if len(where) == 0 {
			continue // a bare name may have lived anywhere: walking every commit's diff costs seconds
		}
		idx = append(idx, i)
		for _, s := range append([]string{"word:" + a.Name}, where...) {
			if !seen[s] {
				seen[s] = true
				if w, ok := strings.CutPrefix(s, "word:"); ok {
					words = append(words, w)
				} else {
					paths = append(paths, s)
				}
			}
		}
	}
	if len(words) == 0 {
		return
	}
	lines, err := h.RemovedLines(ctx, words, paths)
	if err != nil {
		return
	}
	for _, i := range idx {
		r := &results[i]
		j := firstFailed(r)
		a := r.Anchors[j].Anchor
		if l, ok := removalOf(lines, a); ok {
			failAnchor(r, j, ReasonSymbolRemoved, fmt.Sprintf("%s was removed in %s (%s)", symbolRef(a), short(l.SHA), l.Path))
		}
	}
}

// removalOf finds the newest removed line that defined the anchor's symbol: under its qualifier when a
// Go method's receiver says one, and any definition of the name otherwise.
func removalOf(lines []RemovedLine, a Anchor) (RemovedLine, bool) {
	for _, l := range lines {
		if !DefinitionLine(l.Path, l.Text) {
			continue
		}
		ix := indexSymbols([]SourceLine{{Path: l.Path, Line: 1, Text: l.Text}})
		for _, d := range ix.defs[a.Name] {
			if a.Qualifier == "" || d.receiver == "" || d.receiver == a.Qualifier {
				return l, true
			}
		}
	}
	return RemovedLine{}, false
}

func symbolRef(a Anchor) string {
	if a.Qualifier == "" {
		return a.Name
	}
	return a.Qualifier + "." + a.Name
}

// maxQualifierFiles bounds the places one qualifier may live for its removals to be looked up: a name
// defined in more places than this points at no one file, and walking them all costs a cold check
// hundreds of milliseconds on a long history.
const maxQualifierFiles = 4

// qualifierFiles are where a qualified symbol's definition would have lived: the files that define the
// qualifier as a type (Go, Rust, Python, TS classes), or the directories of the Go package it names.
func (v *verifier) qualifierFiles(q string) []string {
	ix := v.symbols
	if q == "" || ix == nil {
		return nil
	}
	var out []string
	seen := map[string]bool{}
	for _, d := range ix.defs[q] {
		if ix.types[d.path][q] && !seen[d.path] {
			seen[d.path] = true
			out = append(out, d.path)
		}
	}
	for f, pkg := range ix.pkgs {
		if dir := path.Dir(f); pkg == q && !seen[dir] {
			seen[dir] = true
			out = append(out, dir)
		}
	}
	if len(out) > maxQualifierFiles {
		return nil
	}
	sort.Strings(out)
	return out
}
