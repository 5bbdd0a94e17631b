package domain

import (
	"fmt"
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/organism-dev/organism/platform/refusal"
)

// MaxBodyBytes is the largest body the door admits (64 KiB).
const MaxBodyBytes = 64 << 10

// MaxAnchors bounds the evidence list of one claim.
const MaxAnchors = 64

// secretPattern is one family of credential the door refuses to remember. Names, never the
// matched text, are reported back, so a refusal does not echo the secret it caught.
type secretPattern struct {
	name string
	re   *regexp.Regexp
	// needsMixed rejects all-letter matches, which are prose ("password = correcthorse...")
	// far more often than credentials.
	needsMixed bool
	// hints are substrings one of which every match contains (lowercase when the pattern
	// ignores case): a body holding none of them skips the regexp. Almost every body holds
	// none, and the scan for a literal is far cheaper than the regexp's.
	hints []string
	// fold says the hints are checked against the lowercased text.
	fold bool
}

var secretPatterns = []secretPattern{
	{name: "private-key-block", re: regexp.MustCompile(`-----BEGIN[ A-Z0-9]*PRIVATE KEY( BLOCK)?-----`), hints: []string{"-----BEGIN"}},
	{name: "aws-access-key-id", re: regexp.MustCompile(`\b(AKIA|ASIA|ABIA|ACCA|AGPA|AIDA|AROA)[0-9A-Z]{16}\b`), hints: []string{"AKIA", "ASIA", "ABIA", "ACCA", "AGPA", "AIDA", "AROA"}},
	{name: "aws-secret-access-key", re: regexp.MustCompile(`(?i)aws_?secret_?access_?key["']?\s*[:=]\s*["']?[A-Za-z0-9/+=]{40}`), hints: []string{"aws"}, fold: true},
	{name: "gcp-api-key", re: regexp.MustCompile(`\bAIza[0-9A-Za-z_-]{35}`), hints: []string{"AIza"}},
	{name: "google-oauth-token", re: regexp.MustCompile(`\bya29\.[0-9A-Za-z_-]{20,}`), hints: []string{"ya29."}},
	{name: "azure-storage-key", re: regexp.MustCompile(`(?i)AccountKey=[A-Za-z0-9+/=]{40,}`), hints: []string{"accountkey="}, fold: true},
	{name: "github-token", re: regexp.MustCompile(`\b(ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{36,}`), hints: []string{"ghp_", "gho_", "ghu_", "ghs_", "ghr_"}},
	{name: "github-fine-grained-token", re: regexp.MustCompile(`\bgithub_pat_[A-Za-z0-9_]{22,}`), hints: []string{"github_pat_"}},
	{name: "gitlab-token", re: regexp.MustCompile(`\bglpat-[A-Za-z0-9_-]{20,}`), hints: []string{"glpat-"}},
	{name: "slack-token", re: regexp.MustCompile(`\bxox[abposr]-[A-Za-z0-9-]{10,}`), hints: []string{"xox"}},
	{name: "stripe-key", re: regexp.MustCompile(`\b[sr]k_(live|test)_[A-Za-z0-9]{16,}`), hints: []string{"k_live_", "k_test_"}},
	{name: "openai-anthropic-key", re: regexp.MustCompile(`\bsk-(proj-|ant-[a-z0-9]+-)?[A-Za-z0-9_-]{20,}`), hints: []string{"sk-"}},
	{name: "organism-token", re: regexp.MustCompile(`\borg1\.[A-Za-z0-9_-]{16,}`), hints: []string{"org1."}},
	{name: "jwt", re: regexp.MustCompile(`\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}`), hints: []string{"eyJ"}},
	{name: "bearer-token", re: regexp.MustCompile(`(?i)\bbearer\s+[A-Za-z0-9._~+/-]{20,}=*`), needsMixed: true, hints: []string{"bearer"}, fold: true},
	{name: "url-credentials", re: regexp.MustCompile(`\b[a-zA-Z][a-zA-Z0-9+.-]*://[^/\s:@]+:[^/\s:@]{3,}@[^\s/]+`), hints: []string{"://"}},
	{name: "credential-assignment", re: regexp.MustCompile(`(?i)\b(api[_-]?key|api[_-]?secret|secret[_-]?key|client[_-]?secret|access[_-]?token|auth[_-]?token|password|passwd)["']?\s*[:=]\s*["']?[A-Za-z0-9/+_.=-]{16,}`), needsMixed: true,
		hints: []string{"key", "secret", "token", "passw"}, fold: true},
}

// homePathPattern matches absolute paths inside a person's home directory, which leak a user
// name and mean nothing on any other machine.
var homePathPattern = regexp.MustCompile(`(^|[\s"'(\[<=:,;` + "`" + `])(/home/[^/\s"'` + "`" + `]+|/Users/[^/\s"'` + "`" + `]+|/root(/|\b)|/var/home/[^/\s]+|[A-Za-z]:\\Users\\[^\\\s]+)`)

// FindSecret returns the name of the first secret family found in s, or "".
func FindSecret(s string) string {
	lower := ""
	for _, p := range secretPatterns {
		text := s
		if p.fold {
			if lower == "" {
				lower = foldASCII(s)
			}
			text = lower
		}
		if !containsAny(text, p.hints) {
			continue
		}
		for _, m := range p.re.FindAllString(s, 4) {
			if !p.needsMixed || mixed(m) {
				return p.name
			}
		}
	}
	return ""
}

// foldASCII lowercases s the way a case-insensitive regexp compares it with ASCII: every rune
// whose case-folding orbit holds an ASCII letter becomes that letter in lowercase (so the
// Kelvin sign becomes k and the long s becomes s, as (?i) matches them).
func foldASCII(s string) string {
	ascii := true
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			ascii = false
			break
		}
	}
	if ascii {
		return strings.ToLower(s)
	}
	return strings.Map(func(r rune) rune {
		if r < utf8.RuneSelf {
			return unicode.ToLower(r)
		}
		for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
			if f < utf8.RuneSelf {
				return unicode.ToLower(f)
			}
		}
		return r
	}, s)
}

func containsAny(s string, subs []string) bool {
	for _, sub := range subs {
		if strings.Contains(s, sub) {
			return true
		}
	}
	return false
}

// mixed reports whether the value part of a match mixes letters and digits, the cheap
// distinguishing mark of machine-generated credentials.
func mixed(m string) bool {
	if i := strings.LastIndexAny(m, ":= \t"); i >= 0 {
		m = m[i+1:]
	}
	var letter, digit bool
	for _, r := range m {
		switch {
		case r >= '0' && r <= '9':
			digit = true
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z':
			letter = true
		}
	}
	return letter && digit
}

// HasHomePath reports whether s carries an absolute home directory path.
func HasHomePath(s string) bool { return homePathPattern.MatchString(s) }

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
	if name := FindSecret(s); name != "" {
		r := refusal.Field(ReasonSecretDetected, field, "%s looks like it carries a secret (%s); secrets are never memorized", field, name)
		r.Metadata = map[string]string{"pattern": name}
		return r
	}
	if HasHomePath(s) {
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
	if FindSecret(s) != "" || HasHomePath(s) {
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
