package domain

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/organism-dev/organism/platform/hygiene"
	"github.com/organism-dev/organism/platform/refusal"
)

// MaxBodyBytes is the largest body the door admits (64 KiB).
const MaxBodyBytes = 64 << 10

// MaxAnchors bounds the evidence list of one claim.
const MaxAnchors = 64

// checkBody applies the hygiene floor to a body.
func checkBody(body string) *refusal.Error {
	switch {
	case strings.TrimSpace(body) == "":
		return refusal.Field(ReasonEmptyBody, "body", "body is empty")
	case len(body) > MaxBodyBytes:
		return refusal.Field(ReasonBodyTooLarge, "body", "body is %d bytes; the limit is %d", len(body), MaxBodyBytes)
	case !utf8.ValidString(body) || strings.ContainsRune(body, 0):
		return refusal.Field(ReasonInvalidArgument, "body", "body must be UTF-8 text without NUL bytes")
	}
	return checkText("body", body)
}

// checkText refuses secrets and home paths in any text the door would remember.
func checkText(field, s string) *refusal.Error {
	if name := hygiene.FindSecret(s); name != "" {
		r := refusal.Field(ReasonSecretDetected, field, "%s looks like it carries a secret (%s); secrets are never memorized", field, name)
		r.Metadata = map[string]string{"pattern": name}
		return r
	}
	if hygiene.HasHomePath(s) {
		return refusal.Field(ReasonHomePath, field, "%s carries an absolute home directory path; use a repository-relative path", field)
	}
	return nil
}

// checkTexts applies checkText to field, value pairs in order and returns the first refusal.
// Every string a caller chooses and the store keeps (slugs, names, paths, refs, notes) passes
// it, not only bodies: a secret in a slug is as remembered as one in a body.
func checkTexts(pairs ...string) *refusal.Error {
	for i := 0; i+1 < len(pairs); i += 2 {
		if r := checkText(pairs[i], pairs[i+1]); r != nil {
			return r
		}
	}
	return nil
}

// redactedText stands in the ledger for a caller's string the hygiene floor refused.
const redactedText = "(withheld: it failed the hygiene floor)"

// ledgerSafe is s, or redactedText when s carries a secret or a home path: a rejection receipt
// records that a secret was refused, never the secret (its subject may be the refused slug,
// its message may echo a refused value).
func ledgerSafe(s string) string {
	if hygiene.FindSecret(s) != "" || hygiene.HasHomePath(s) {
		return redactedText
	}
	return s
}

// checkProvenance applies the floor to the provenance a write carries in (an import's
// frontmatter, a peer's doctrine): those strings are stored as they came.
func checkProvenance(p Provenance) *refusal.Error {
	return checkTexts("provenance.source_agent", p.SourceAgent, "provenance.origin_brain", p.OriginBrain,
		"provenance.soul_source", p.SoulSource, "provenance.promoted_by", p.PromotedBy,
		"provenance.promoted_reason", p.PromotedReason, "provenance.verified_by", p.VerifiedBy,
		"provenance.verified_via", p.VerifiedVia, "provenance.source_family", p.SourceFamily,
		"provenance.authored_commit", p.AuthoredCommit, "provenance.verified_commit", p.VerifiedCommit,
		"provenance.demoted", p.Demoted, "provenance.demoted_line", p.DemotedLine)
}

// checkAnchorTexts applies the floor to each anchor's path and ref, naming the part at fault.
func checkAnchorTexts(anchors []Anchor) *refusal.Error {
	for i, a := range anchors {
		if r := checkTexts(fmt.Sprintf("evidence[%d].path", i), a.Path, fmt.Sprintf("evidence[%d].ref", i), a.Ref); r != nil {
			return r
		}
	}
	return nil
}
