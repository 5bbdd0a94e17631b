package domain

import (
	"regexp"
	"strings"
)

// The hygiene floor of the field-report spool. A report's text travels verbatim into a
// runner's packet and from there into a gate log, a debrief and medulla, so it must carry no
// credential and no home directory path, the two things medulla's door refuses to remember.
//
// Decision: mission checks this itself. Medulla has no RPC that scans text without storing
// it, an organ never imports another, and platform/ is out of this reach; so the
// floor is mirrored here with the same family names medulla reports (a refusal names the
// family, never the matched text). A later platform/hygiene package can serve both organs.

type secretFamily struct {
	name string
	re   *regexp.Regexp
	// lit is a literal every match contains (lowercase when fold): a text without it skips
	// the regexp, which is what almost every report does.
	lit  []string
	fold bool
	// mixed rejects matches whose value is letters only, which is prose far more often than
	// a credential.
	mixed bool
}

var secretFamilies = []secretFamily{
	{name: "private-key-block", re: regexp.MustCompile(`-----BEGIN[ A-Z0-9]*PRIVATE KEY( BLOCK)?-----`), lit: []string{"-----BEGIN"}},
	{name: "aws-access-key-id", re: regexp.MustCompile(`\b(AKIA|ASIA|ABIA|ACCA|AGPA|AIDA|AROA)[0-9A-Z]{16}\b`), lit: []string{"AKIA", "ASIA", "ABIA", "ACCA", "AGPA", "AIDA", "AROA"}},
	{name: "aws-secret-access-key", re: regexp.MustCompile(`(?i)aws_?secret_?access_?key["']?\s*[:=]\s*["']?[A-Za-z0-9/+=]{40}`), lit: []string{"aws"}, fold: true},
	{name: "gcp-api-key", re: regexp.MustCompile(`\bAIza[0-9A-Za-z_-]{35}`), lit: []string{"AIza"}},
	{name: "google-oauth-token", re: regexp.MustCompile(`\bya29\.[0-9A-Za-z_-]{20,}`), lit: []string{"ya29."}},
	{name: "github-token", re: regexp.MustCompile(`\b(ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{36,}`), lit: []string{"gh"}},
	{name: "github-fine-grained-token", re: regexp.MustCompile(`\bgithub_pat_[A-Za-z0-9_]{22,}`), lit: []string{"github_pat_"}},
	{name: "gitlab-token", re: regexp.MustCompile(`\bglpat-[A-Za-z0-9_-]{20,}`), lit: []string{"glpat-"}},
	{name: "slack-token", re: regexp.MustCompile(`\bxox[abposr]-[A-Za-z0-9-]{10,}`), lit: []string{"xox"}},
	{name: "stripe-key", re: regexp.MustCompile(`\b[sr]k_(live|test)_[A-Za-z0-9]{16,}`), lit: []string{"k_live_", "k_test_"}},
	{name: "openai-anthropic-key", re: regexp.MustCompile(`\bsk-(proj-|ant-[a-z0-9]+-)?[A-Za-z0-9_-]{20,}`), lit: []string{"sk-"}},
	{name: "organism-token", re: regexp.MustCompile(`\borg1\.[A-Za-z0-9_-]{16,}`), lit: []string{"org1."}},
	{name: "jwt", re: regexp.MustCompile(`\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}`), lit: []string{"eyJ"}},
	{name: "bearer-token", re: regexp.MustCompile(`(?i)\bbearer\s+[A-Za-z0-9._~+/-]{20,}=*`), lit: []string{"bearer"}, fold: true, mixed: true},
	{name: "url-credentials", re: regexp.MustCompile(`\b[a-zA-Z][a-zA-Z0-9+.-]*://[^/\s:@]+:[^/\s:@]{3,}@[^\s/]+`), lit: []string{"://"}},
	{name: "credential-assignment", re: regexp.MustCompile(`(?i)\b(api[_-]?key|api[_-]?secret|secret[_-]?key|client[_-]?secret|access[_-]?token|auth[_-]?token|password|passwd)["']?\s*[:=]\s*["']?[A-Za-z0-9/+_.=-]{16,}`),
		lit: []string{"key", "secret", "token", "passw"}, fold: true, mixed: true},
}

// homeDir matches an absolute path inside a person's home directory: it leaks a user name and
// means nothing on the runner's machine.
var homeDir = regexp.MustCompile(`(^|[\s"'(\[<=:,;` + "`" + `])(/home/[^/\s"'` + "`" + `]+|/Users/[^/\s"'` + "`" + `]+|/root(/|\b)|/var/home/[^/\s]+|[A-Za-z]:\\Users\\[^\\\s]+)`)

// secretIn names the first credential family found in s, or "".
func secretIn(s string) string {
	lower := strings.ToLower(s)
	// Case-insensitive regexps also fold a few non-ASCII runes onto ASCII letters (the Kelvin
	// sign, the long s) that ToLower leaves alone, so the literal shortcut is taken only for
	// ASCII text.
	ascii := isASCII(s)
	for _, f := range secretFamilies {
		text := s
		if f.fold {
			text = lower
		}
		if ascii && !hasAny(text, f.lit) {
			continue
		}
		for _, m := range f.re.FindAllString(s, 4) {
			if !f.mixed || lettersAndDigits(m) {
				return f.name
			}
		}
	}
	return ""
}

func hasAny(s string, lits []string) bool {
	for _, l := range lits {
		if strings.Contains(s, l) {
			return true
		}
	}
	return false
}

// lettersAndDigits reports whether the value part of an assignment-like match mixes letters
// and digits, the mark of a generated credential.
func lettersAndDigits(m string) bool {
	if i := strings.LastIndexAny(m, ":= \t"); i >= 0 {
		m = m[i+1:]
	}
	var l, d bool
	for _, r := range m {
		switch {
		case r >= '0' && r <= '9':
			d = true
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z':
			l = true
		}
	}
	return l && d
}

// homePathIn reports whether s carries an absolute home directory path.
func homePathIn(s string) bool { return homeDir.MatchString(s) }

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}
