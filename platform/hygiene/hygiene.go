// Package hygiene finds what no store of Organism may keep: a credential, or an absolute path
// into a person's home directory. It is mechanism only: each organ decides which of its strings
// pass through it and which refusal it answers with (medulla's door, mission's report spool).
// A finding is named by its family, never by the matched text, so a refusal does not echo the
// secret it caught.
package hygiene

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"
)

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
