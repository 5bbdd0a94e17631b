package engine

import (
	"fmt"
	"path"
	"strings"
)

// Confidence tiers. A drift finding needs evidence: history (a path gone or renamed, a member or a
// script removed in a commit), the file itself (a size, a moved line, changed content, a script its
// manifest lacks), a contradiction — or, for a name with no trace anywhere in history and no
// definition here, a sentence that asserts the name exists. Three holdouts of real clones (README,
// "The tier rule") found nearly every false flag to be a name with no trace in history, and nearly
// every true one to have history behind it; the true traceless ones were strong assertions (a link
// target, "See `HOOKS.md`"). So a traceless name the sentence only mentions is an unverified mention:
// reported with its reason, never verified fresh, but no drift.
//
// The tier needs a history that can say "no trace": in a shallow clone or outside git a failure keeps
// the kind it has always had. A soul keeps its laws: in a document that declares itself one, a
// never-landed claim is the seed's `unanchored` finding as before (SOUL-INV-1), never demoted.

// unverified reports whether a stale claim's failure rests only on traceless names its sentence does not
// assert: every failed anchor is traceless and none is strongly asserted.
func (v *verifier) unverified(r *ClaimResult) bool {
	if !v.tiered() || r.State != StateStale {
		return false
	}
	if first := firstWith(r.Anchors, AnchorFailed); first == nil || first.Reason != r.Reason {
		return false // an expiry, a contradiction: the claim's own failure is not the name's absence
	}
	return v.driftAnchor(r) == nil
}

// driftAnchor is the first failed anchor that makes its claim drift under the tiers: one with evidence
// behind its failure, or one the sentence asserts. nil when every failure is traceless and only
// mentioned (or soul never established the absence).
func (v *verifier) driftAnchor(r *ClaimResult) *AnchorResult {
	for i, ar := range r.Anchors {
		if ar.Status != AnchorFailed || v.unseen(ar) {
			continue // an absence soul never established: no assertion makes it a fact (blind.go)
		}
		if !v.traceless(ar) || asserted(&r.Claim, ar.Anchor) && !v.toolState(ar.Anchor) {
			return &r.Anchors[i]
		}
	}
	return nil
}

// toolState reports a link or import into a dot-directory the repository does not have, whose file
// history never held: a tool's state in each user's checkout ("@./.taskmaster/CLAUDE.md", which Task
// Master writes on init: the thirty-second holdout's ddev). A broken link is a strong assertion
// everywhere else; one a commit deleted keeps its evidence and stays drift.
func (v *verifier) toolState(a Anchor) bool {
	if !a.Link || a.Kind != AnchorPath {
		return false
	}
	top := topSegment(a.Path)
	return len(top) > 1 && top[0] == '.' && top != ".." && strings.Contains(a.Path, "/") && !v.repo.HasTopLevel(top)
}

// tiered reports whether the tiers apply at all: a whole git history, which can say "no trace", and a
// document that is no soul. The tier rule and the passes that gather its evidence (evidence.go,
// globtrace.go) share this one gate.
func (v *verifier) tiered() bool {
	return !v.soul.SoulTissue && v.repo.Git() && !v.repo.Shallow()
}

// traceless reports a failed anchor with nothing behind its failure but the name's absence: a path that
// never landed in history, or a symbol defined nowhere (or not under the qualifier written) for which
// history named no removal. A hint from history (a rename, a removal) is evidence, and so is, for paths
// and globs, a question history was never asked (a glob when the whole history could not be read): the
// tier needs a "no trace".
//
// Symbols differ from paths in one way: a symbol is traceless whether or not history could be asked
// where it lived. Over twenty-four holdouts, 24 symbol drift flags had no removing commit behind them
// and one of them was true (kyo's `Check.apply`, renamed in a commit the removal walk did not read);
// standard-library members (`Long.MaxValue`, `thread::sleep`), import aliases (`d.BG_BLUE`), re-exports
// (`opendal::layers`), nested objects (`Sync.Unsafe.defer`) and placeholders (`createX()`) were the
// rest. Every other true symbol finding named the commit that removed it, and keeps drift.
func (v *verifier) traceless(ar AnchorResult) bool {
	if removedByHistory(ar) || v.evidenced[anchorKey(ar.Anchor)] {
		return false
	}
	a := ar.Anchor
	switch a.Kind {
	case AnchorPath:
		return ar.Reason == ReasonUnanchored || ar.Reason == ReasonFileMissing && v.neverLanded(a.Path)
	case AnchorSymbol:
		// missing, or not under its qualifier, with no removal found (recall.go) and no move (symbols.go)
		return ar.Reason == ReasonSymbolMissing || ar.Reason == ReasonChanged
	case AnchorGlob:
		// a glob some path of history matched names files that were deleted: evidence (globtrace.go)
		return ar.Reason == ReasonFileMissing && v.globNever[anchorKey(a)]
	case AnchorMake, AnchorNPM:
		// a target or script its manifest never defined in any commit (commandtrace.go)
		return v.commandNever[anchorKey(a)]
	}
	return false
}

// bareCall is a call written with no qualifier ("`breakpoint()`", "`lazyDependency()`") defined nowhere
// here. It is as often a language builtin or a dependency's function as a renamed one of this project,
// and walking every commit's diff for a name that may have lived anywhere costs seconds, so history is
// asked only in the files the claim's other anchors resolve to (recall.go, bareNameFiles). A removal it
// names keeps drift ("AdjustLongDouble was removed in abc123 (cc.go)"); with none, or nowhere to ask,
// the call is an unverified mention. The trade-off: a renamed function cited alone in its sentence, with
// no neighbour naming its file, is reported unverified rather than drift.
func bareCall(a Anchor) bool {
	return a.Kind == AnchorSymbol && a.Qualifier == "" && strings.HasSuffix(a.Ref, "()")
}

// anchorKey names one anchor of the document: its reference and line.
func anchorKey(a Anchor) string { return fmt.Sprintf("%d\x00%s", a.Line, a.Ref) }

// neverLanded reports a path the check asked history about and that no commit ever added, read from the
// root or from the document's directory.
func (v *verifier) neverLanded(p string) bool {
	seen := v.batch.EverSeen
	if seen == nil {
		return false // a cut history cannot say
	}
	local := path.Join(path.Dir(v.soul.Path), p)
	return (v.everAsked[p] || v.everAsked[local]) && !seen[p] && !seen[local]
}

// landedOnce reports a path whole history shows a commit added at that very place, from the root or
// from the document's directory: a file this repository tracked, not one a build leaves. A bare name
// counts only where history had it there, not anywhere under its base name (slint's "./printerdemo",
// built from examples/printerdemo/). False when history cannot say (a shallow clone, no git).
func (v *verifier) landedOnce(p string) bool {
	seen := v.batch.EverSeen
	if !v.tiered() || seen == nil {
		return false
	}
	p = strings.TrimSuffix(strings.TrimPrefix(p, "./"), "/")
	local := path.Join(path.Dir(v.soul.Path), p)
	if strings.Contains(p, "/") {
		return seen[p] || seen[local]
	}
	for _, at := range v.batch.EverSeenAt[p] {
		if at == p || at == local {
			return true
		}
	}
	return false
}

// The strong assertions of existence, each tested in tiers_test.go:
//   - a markdown link or image target: "[server docs](./tools/server/README-dev.md)";
//   - the object of a reference: "see X", "see also X", "refer to X", "consult X", "read X" opening a
//     clause, "check X" opening one ("- Check `docs/ARCHITECTURE.md` for system design details", the
//     hundred-and-seventy-fourth holdout's cepingzonghe), "documented / described / defined / explained /
//     detailed / specified in X";
//   - the subject of one: "X documents / describes / explains ...";
//   - a name its sentence says the repository keeps: "... are committed: X", "X is tracked", "checked in";
//   - a name its sentence says where something is kept: "configured in X", "can be found in the X file";
//   - the name a layout list's or table's row opens with and describes: "- `X`: ...", "| `X/` | ... |".
//
// The last two come from the seventh and eighth holdouts, where each was a true finding reported as an
// unverified mention (hugo's layouts/_partials/icons.html, mem0's pr-reviews/ and biome.json).
var (
	// checkBefore opens a clause that has the reader check a file: a path only, for "check
	// `Type.field`" asks to look at a value, not that the name is there.
	checkBefore     = mustGate("(?i)(?:^|[.,!?;:(*>\\-]\\s*)check\\s+(?:the\\s+)?[`\"'\\[(*]*$")
	referenceBefore = mustGate(`(?i)(?:\bsee(?:\s+also)?|\brefer\s+to|\bconsult|(?:^|[.,!?;:(*>\-]\s*|\b(?:please|first|also|then|and|to)\s+)read|\b(?:documented|described|defined|explained|detailed|specified)\s+(?:in|at|under))\s+(?:the\s+)?(?:file\s+|module\s+|directory\s+|folder\s+|document\s+|doc\s+|page\s+|guide\s+)?[` + "`" + `"'\[(*]*$`)
	referenceAfter  = mustGate(`(?i)^[` + "`" + `"'\])*]*\s+(?:file\s+|doc\s+|document\s+|page\s+)?(?:documents|describes|explains)\b`)
	keptCue         = mustGate(`(?i)\b(?:is|are)\s+(?:committed|tracked|checked\s+in)\b`)
	// placeCue: a sentence that says where a thing is kept names a thing that is there ("Biome,
	// configured in `biome.json`"; "Task definitions can be found in the `turbo.config.js` file").
	// "lives in" and "kept in" stay mentions: the first holdouts' places named in passing.
	placeCue = mustGate(`(?i)\b(?:configured|found)\s+(?:in|at|under)\s+(?:the\s+)?[` + "`" + `"'\[(*]*$`)
	// layoutEntry: a layout list's or table's row that opens with a path and describes it ("- `layouts/x.html`:
	// SVG icon sprites.", "| `pr-reviews/` | Pull request review materials |"). Not a glob: tmux's
	// "- `tmux-out*.log`: output log file." lists files a run writes (the sixth holdout). The dash may
	// follow the span unspaced (moby's "- `daemon/man`- All Moby reference manuals", the fortieth).
	layoutLead = mustGate(`^[\s|>*+-]*(?:\d+[.)]\s*)?(?:\*\*)?$`)
	layoutTail = mustGate(`^(?:\*\*)?\s*(?::|\||—|–|\s?-\s)\s*\S`)
)

// layoutPath is a path a layout row asserts: one with a directory in it, or a directory. A bare file
// name opening a row is as often a kind or a suffix ("- `added.md` - New features" under a
// `<PR_number>.<type>.md` pattern, the ninth holdout) as a file.
func layoutPath(ref string) bool {
	return strings.Contains(strings.TrimSuffix(ref, "/"), "/") || strings.HasSuffix(ref, "/")
}

// layoutEntry reports a mention in code that opens its row (past list or table markup) and that a
// description follows.
func layoutEntry(text string, start, end int) bool {
	if start == 0 || end >= len(text) || text[start-1] != '`' || text[end] != '`' {
		return false
	}
	return layoutLead.MatchString(text[:start-1]) && layoutTail.MatchString(text[end+1:min(len(text), end+48)])
}

// asserted reports whether the claim asserts the anchor exists: a link target, or one of its mentions
// is the object or subject of a reference, or its sentence says the repository keeps it.
func asserted(c *Claim, a Anchor) bool {
	if a.Link {
		return true
	}
	if c.planned {
		return false // "Key components (as planned):": what was to be built, whether or not it was
	}
	if runLog(a.Path) {
		return false // "Read `hs-*.stderr.log` before blaming Docker": logs a run writes, never a tracked file
	}
	text := c.Text
	for _, ref := range []string{a.Ref, a.Path} {
		if ref == "" {
			continue
		}
		for from := 0; from < len(text); {
			i := strings.Index(text[from:], ref)
			if i < 0 {
				break
			}
			start, end := from+i, from+i+len(ref)
			if a.Kind == AnchorPath && strings.Contains(a.Path, "/") && placeCell(text, start, c.placeColumn) {
				return true
			}
			before, after := text[max(0, start-64):start], text[end:min(len(text), end+48)]
			if referenceBefore.MatchString(before) || a.Kind == AnchorPath && checkBefore.MatchString(before) || placeCue.MatchString(before) || referenceAfter.MatchString(after) || keptCue.MatchString(sentenceAround(text, start, end)) || a.Kind == AnchorPath && layoutPath(ref) && layoutEntry(text, start, end) {
				return true
			}
			from = end
		}
	}
	return false
}

// placeCell reports a name at text[start:] that stands in a table's column of places, its cell not
// opening with a denial: "| Provider | `src/context/BTCWalletProvider.tsx` |" under "| Task | Location
// |" says where the file is (the fifty-third holdout's btc-connect, ten rows), "| No CI | No
// .github/workflows/ |" that it is not (the fiftieth's j16z). Only a name with a directory asserts a
// place: a bare "| `soul.md` | Agent itself |" under "| File |" names a kind of file each agent keeps (the
// regression's NextGenChat), or tests a table requires (CrisisWorldCortex).
func placeCell(text string, start, column int) bool {
	if column == 0 || strings.Count(text[:start], "|") != column {
		return false
	}
	cell := text[strings.LastIndexByte(text[:start], '|')+1 : start]
	return !deniedCell.MatchString(cell)
}

// deniedCell opens a table cell that says what follows is not there.
var deniedCell = mustGate(`(?i)^[\s*_]*(?:no|none|not|without|missing|n/a)\b`)

// runLog reports a log file's name (".log" its extension): what a program, a test or a CI job writes as
// it runs (headscale's integration tests write `hs-*.stderr.log`, the thirty-sixth holdout), which a
// repository almost never tracks. A sentence that sends the reader to read one asserts nothing about
// the tree: with no trace in history it stays an unverified mention (tmux's `tmux-server*.log`).
func runLog(p string) bool {
	return strings.EqualFold(path.Ext(strings.TrimSuffix(p, "/")), ".log")
}
