package engine

import (
	"path"
	"strings"
)

// A soul is a document written to the soul contract; an ordinary handoff file (an AGENTS.md, a
// CLAUDE.md, a CONTRIBUTING.md) is not, and its prose was never promised an anchor per claim. So
// SOUL-INV-1 binds only a document that declares itself a soul: in it an anchorless claim in
// verifiable tissue is a discipline finding; elsewhere such a sentence is counted (the report's
// unanchored total), not a finding.
var soulReceiptLine = mustGate(`(?im)^\s*(\*\*)?soul receipt`)

// soulTissue is true when the document declares itself a soul: it is a PATHOS.md, it carries a
// soul tissue directive, it keeps checkpoints or addenda, it records a soul receipt, or a tissue
// map (the owner's, the deployment's, the caller's) names one of its headings.
func (p *parser) soulTissue() bool {
	if strings.EqualFold(path.Base(p.path), "PATHOS.md") || len(p.directives) > 0 {
		return true
	}
	for i := range p.soul.Claims {
		if p.soul.Claims[i].hasDirective {
			return true
		}
	}
	for _, s := range p.soul.Sections {
		n := normalHeading(s.Heading)
		if checkpointHeading.MatchString(n) || addendumHeading.MatchString(n) {
			return true
		}
		for frag := range p.opts.Tissues {
			if frag != "" && strings.Contains(n, strings.ToLower(frag)) {
				return true
			}
		}
	}
	return soulReceiptLine.Match(p.src)
}

// counted is an anchorless claim of a document that is no soul: it joins the unanchored total and
// is no finding.
func counted(s *Soul, r *ClaimResult) bool { return !s.SoulTissue && discipline(r) }

// discipline is a claim judged unanchored because nothing in it could be checked: no anchor failed,
// none was found, or every one it had turned out to be an illustration.
func discipline(r *ClaimResult) bool {
	if r.State != StateStale || r.Reason != ReasonUnanchored {
		return false
	}
	for _, a := range r.Anchors {
		if a.Status == AnchorFailed {
			return false
		}
	}
	return true
}
