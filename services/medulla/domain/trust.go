package domain

import (
	"fmt"
	"strings"

	"github.com/organism-dev/organism/platform/principal"
	"github.com/organism-dev/organism/platform/refusal"
)

// "verified" is earned, never self-granted (organism-inside §3: "later measured confirmation or
// the owner's word"; C8.4: grader never author). This file is the one rule every path that
// grants verified state goes through: Verify, Import of a carried verified version, Adopt (the
// owner's word on foreign material), Consolidate (on top of its own curator seat check) and the
// migration that re-marks self-verified claims.

// Seats that run gates. Their evidence reaches medulla only as mission records it (service
// origin, at a commit that contains the evidence); they never grade a claim themselves.
var runnerSeats = map[string]bool{"runner": true, "hand-runner": true}

// Author is who wrote one version of a claim, in the terms the rule compares.
type Author struct {
	Subject string
	Family  string
	Commit  string
}

// Grader is who asks to move a claim to verified, and at which commit it measured.
type Grader struct {
	P      principal.Principal
	Commit string
}

// Family names a credential family: the agents an owner minted for the same brain and seat are
// interchangeable copies of one process, so they are one family; the owner and each service
// are their own.
func Family(p principal.Principal) string {
	switch {
	case p.Owner():
		return "owner"
	case p.Service():
		return "service:" + p.Name()
	case p.Peer():
		return "peer:" + p.Name()
	}
	return p.Brain + "/" + p.Seat
}

// authorsOf lists the authors of every version up to and including the graded one.
func authorsOf(versions []Claim) []Author {
	out := make([]Author, 0, len(versions))
	for _, v := range versions {
		out = append(out, Author{Subject: v.Provenance.SourceAgent, Family: v.Provenance.SourceFamily, Commit: v.Provenance.AuthoredCommit})
	}
	return out
}

// Independence is which row of the rule admitted a grader; it is recorded in the receipt.
type Independence string

// The admitting rows.
const (
	IndependentOwner   Independence = "owner"
	IndependentSubject Independence = "different-subject"
	IndependentCommit  Independence = "same-family-later-commit"
)

// independent applies the rule table (README "what verified means here"), in order:
//
//  1. the owner is independent of everything (the owner's word, or the owner's measurement);
//  2. a federation peer never grades;
//  3. a runner seat never grades: its gate evidence counts only as mission records it;
//  4. a grader whose subject wrote any version is the author (GRADER_IS_AUTHOR);
//  5. a grader of the same credential family as an author, measuring at that author's commit
//     (or where either commit is unknown), is not independent (GRADER_IS_AUTHOR);
//  6. anyone else is independent.
func independent(g Grader, authors []Author) (Independence, *refusal.Error) {
	p := g.P
	switch {
	case p.Owner():
		return IndependentOwner, nil
	case p.Peer():
		return "", refusal.New(ReasonForeignBrain, "a federation peer grades nothing")
	case p.Agent() && runnerSeats[p.Seat]:
		return "", refusal.New(ReasonGraderIsAuthor, "a %s seat never calls Verify: its gate evidence counts only as mission records it, at a commit that contains it", p.Seat)
	}
	name, fam := p.Name(), Family(p)
	laterCommit := false
	for _, a := range authors {
		if a.Subject == name {
			return "", refusal.New(ReasonGraderIsAuthor, "%s wrote this claim; the author never moves its own claim to verified (grader never author)", name).With("author", a.Subject)
		}
		if a.Family != "" && a.Family == fam {
			if g.Commit == "" || a.Commit == "" || g.Commit == a.Commit {
				return "", refusal.New(ReasonGraderIsAuthor, "%s is of the same credential family (%s) as author %s and measures at the same commit (%s): not an independent confirmation", name, fam, a.Subject, commitOrUnknown(g.Commit)).With("author", a.Subject)
			}
			laterCommit = true
		}
	}
	if laterCommit {
		return IndependentCommit, nil
	}
	return IndependentSubject, nil
}

func commitOrUnknown(c string) string {
	if c == "" {
		return "unknown"
	}
	return c
}

// selfVerified reports whether a stored verified version was granted by its own author under
// the rule above: the test the migration and Import apply to verified state they did not see
// being granted. The owner's word, adoption and consolidation keep their own checks.
func selfVerified(versions []Claim) bool {
	if len(versions) == 0 {
		return false
	}
	v := versions[len(versions)-1]
	if v.State != StateVerified || v.Provenance.VerifiedVia != VerifiedViaEvidence {
		return false
	}
	by := v.Provenance.VerifiedBy
	if by == principal.OwnerName {
		return false
	}
	for _, a := range authorsOf(versions) {
		if a.Subject == by {
			return true
		}
	}
	return false
}

// measuredDetails renders what a measured verification saw, for its receipt: each file anchor
// and the hash measured, bounded so a claim with many anchors cannot bloat the ledger.
func measuredDetails(checks []EvidenceCheck) string {
	var parts []string
	for _, c := range checks {
		if c.Status != EvidenceFresh {
			continue
		}
		parts = append(parts, fmt.Sprintf("%s@%s", c.Anchor.Path, c.Measured))
		if len(parts) == 16 {
			parts = append(parts, "…")
			break
		}
	}
	return strings.Join(parts, ",")
}
