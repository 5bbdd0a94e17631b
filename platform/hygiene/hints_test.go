package hygiene

import (
	"strings"
	"testing"
)

// findSecretSlow is FindSecret without the hint prefilter: every regexp on every text.
func findSecretSlow(s string) string {
	for _, p := range secretPatterns {
		for _, m := range p.re.FindAllString(s, 4) {
			if !p.needsMixed || mixed(m) {
				return p.name
			}
		}
	}
	return ""
}

// hintSeeds are texts near each pattern's edges: real shapes, other cases, the runes a
// case-insensitive regexp folds onto ASCII letters (Kelvin sign, long s), and prose.
var hintSeeds = []string{
	"key AKIAIOSFODNN7EXAMPLE here",
	"AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
	"aws_secret_access_\u212aey = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
	"accountkey=abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGH==",
	"BEARER 0123456789abcdefABCDEF0123",
	"pa\u017f\u017fword = hunter2hunter2hunter2x9",
	"PASSWD: Zq8xv2Lm4Np6Rt0Yw3Ub",
	"client-secret=Zq8xv2Lm4Np6Rt0Yw3Ub",
	"postgres://app:s3cretpw@db.internal:5432/app",
	"-----BEGIN EC PRIVATE KEY-----",
	"the key insight is that the token bucket refills; the password policy is documented",
	"plain prose about builds, tests and the shop",
}

func TestHintsNeverHideAMatch(t *testing.T) {
	for _, s := range hintSeeds {
		for _, v := range []string{s, strings.ToUpper(s), strings.ToLower(s), "x " + s + " y"} {
			if got, want := FindSecret(v), findSecretSlow(v); got != want {
				t.Errorf("FindSecret(%q) = %q, the regexps alone say %q", v, got, want)
			}
		}
	}
}

// FuzzFindSecretHints: the prefilter only skips regexps that could not have matched.
func FuzzFindSecretHints(f *testing.F) {
	for _, s := range hintSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := FindSecret(s), findSecretSlow(s); got != want {
			t.Fatalf("FindSecret(%q) = %q, the regexps alone say %q", s, got, want)
		}
	})
}
