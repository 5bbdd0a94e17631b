package engine

import (
	"fmt"
	"strconv"
)

// The curator's mechanics made checkable (§5.3). Each is a discipline finding — the soul's shape
// failing its contract, not an anchor failing — so it never weighs on drift precision, and fails
// CI only when asked (--fail-on discipline).
const (
	// ReasonResolvedResidue is struck-through text marked resolved that is still in live tissue:
	// ENXUTO prunes it at every pass, and it is never a fresh fact.
	ReasonResolvedResidue = "resolved_residue"
	// ReasonDissolved is a soul whose section contract no longer holds (Organizado): no headings,
	// or no verifiable tissue section at all.
	ReasonDissolved = "sections_dissolved"
	// ReasonUndigested is a prior checkpoint left in the live document longer than a 5-line digest.
	ReasonUndigested = "checkpoint_not_digested"
)

// DigestLines is the most a prior checkpoint may keep outside the archive (§5.3: a ≤ 5-line digest
// plus a git pointer).
const DigestLines = 5

// curationReasons are the reasons that make a row a discipline finding.
var curationReasons = map[string]bool{ReasonResolvedResidue: true, ReasonDissolved: true, ReasonUndigested: true}

var resolvedResidue = mustGate(`(?i)~~[^~]+~~\s*[(\[]?\s*(?:resolved|fixed|done|closed)\b`)

// residue marks live claims carrying resolved strikethrough: whatever their anchors say, the text
// reports a problem that is gone, so it is a finding and never verified_fresh.
func residue(results []ClaimResult) {
	for i := range results {
		r := &results[i]
		switch r.Claim.Tissue {
		case TissueHistory, TissueDeclared:
			continue // history keeps its past; declared tissue is never machine-judged (SOUL-INV-5)
		}
		if !resolvedResidue.MatchString(r.Claim.Text) {
			continue
		}
		r.State, r.Reason = StateStale, ReasonResolvedResidue
		r.Detail = "struck through and marked resolved: prune it (or demote it to the archive) at this pass"
		r.Claim.Tissue = TissueVerifiable
	}
}

// shapeFindings are the soul-wide findings: a dissolved section contract and prior checkpoints
// never collapsed to a digest. Only a document that declares itself a soul is held to its shape.
func shapeFindings(soul *Soul) []Finding {
	if !soul.SoulTissue {
		return nil
	}
	var out []Finding
	headings, verifiable := 0, false
	for i, s := range soul.Sections {
		if i == 0 && s.Level == 1 {
			continue // the title
		}
		headings++
		if s.Tissue == TissueVerifiable {
			verifiable = true
		}
	}
	switch {
	case headings == 0:
		out = append(out, shapeFinding(ReasonDissolved, "", 1, "the soul has no sections: its claims cannot carry a tissue, so nothing in it is judged as the contract says"))
	case !verifiable:
		out = append(out, shapeFinding(ReasonDissolved, "", 1, "no verifiable tissue section (Current State, Access Map, Known Problems): the soul's section contract has dissolved"))
	}
	out = append(out, undigested(soul)...)
	return out
}

// undigested lists prior checkpoints outside any archive section whose claims span more than a digest.
func undigested(soul *Soul) []Finding {
	maxCP := -1.0
	cps := map[int]float64{}
	for i, s := range soul.Sections {
		if m := checkpointHeading.FindStringSubmatch(normalHeading(s.Heading)); m != nil {
			if v, err := strconv.ParseFloat(m[1], 64); err == nil {
				cps[i] = v
				if v > maxCP {
					maxCP = v
				}
			}
		}
	}
	lines := map[int]int{}
	for _, c := range soul.Claims {
		for s := c.Section; s >= 0; s = soul.Sections[s].Parent {
			lines[s] += c.EndLine - c.StartLine + 1
		}
	}
	var out []Finding
	for i, v := range cps {
		if v >= maxCP || archived(soul, i) || lines[i] <= DigestLines {
			continue
		}
		s := soul.Sections[i]
		out = append(out, shapeFinding(ReasonUndigested, s.Heading, s.StartLine,
			fmt.Sprintf("prior checkpoint keeps %d lines outside the archive; collapse it to a ≤ %d-line digest with a git pointer", lines[i], DigestLines)))
	}
	sortFindings(out)
	return out
}

// archived reports whether the section or one above it is an archive heading ("History", "Prior checkpoints").
func archived(soul *Soul, i int) bool {
	for ; i >= 0; i = soul.Sections[i].Parent {
		if historyHeading.MatchString(normalHeading(soul.Sections[i].Heading)) {
			return true
		}
	}
	return false
}

func shapeFinding(reason, section string, line int, detail string) Finding {
	return Finding{Kind: KindDiscipline, Section: section, Line: line, State: StateStale, Reason: reason, Detail: detail}
}

func sortFindings(fs []Finding) {
	for i := 1; i < len(fs); i++ {
		for j := i; j > 0 && fs[j].Line < fs[j-1].Line; j-- {
			fs[j], fs[j-1] = fs[j-1], fs[j]
		}
	}
}
