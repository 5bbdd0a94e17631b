package engine

import (
	"regexp"
	"strings"
)

// Path classes: the ways real handoff documents write path-shaped tokens that need not exist. A token
// in one of these classes is never a claim of existence, so its absence is not drift.

// hostLike is "pkg.go.dev" or "example.com": a host name written in a code span, not a Go member.
func hostLike(s string) bool {
	parts := strings.Split(s, ".")
	if len(parts) < 2 || strings.ToLower(s) != s || !hostChars.MatchString(s) {
		return false
	}
	last := parts[len(parts)-1]
	return topLevelDomains[last] && !knownExt[last] // "build.rs" and "install.sh" stay files
}

var hostChars = regexp.MustCompile(`^[a-z0-9-]+(?:\.[a-z0-9-]+)+$`)

var topLevelDomains = set("com", "org", "net", "dev", "io", "gov", "edu", "app", "co", "ai", "cloud")

// sedExpr is "s/foo/bar/" or "s|a|b|g": a substitution, not a path.
var sedExpr = regexp.MustCompile(`^s(?:/[^/]*/[^/]*/|\|[^|]*\|[^|]*\||#[^#]*#[^#]*#)[gimpI0-9]*$`)

// placeholderSeg names a segment written to be replaced: "path/to/file.go", "your-module", "<name>".
var placeholderSeg = regexp.MustCompile(`(?i)^(?:path|your[-_]?\w*|my[-_]\w+|foo|bar|baz|xxx+|yyy+|example|placeholder|some[-_]?\w+|name|NAME|PKG|pkg-name|module-name|project-name|X|Y|N)$`)

// placeholderPath reports a path whose segments are placeholders ("path/to/x", "foo/bar.go").
func placeholderPath(p string) bool {
	segs := strings.Split(strings.Trim(p, "/"), "/")
	if len(segs) >= 2 && strings.EqualFold(segs[0], "path") && strings.EqualFold(segs[1], "to") {
		return true
	}
	n := 0
	for _, s := range segs {
		stem := strings.TrimSuffix(s, pathExt(s))
		if placeholderSeg.MatchString(stem) {
			n++
		}
	}
	return len(segs) >= 2 && n > 0 && n*2 >= len(segs)
}

func pathExt(s string) string {
	if i := strings.LastIndexByte(s, '.'); i > 0 {
		return s[i:]
	}
	return ""
}

// targetCue ends the text before a path the reader is told to create or fill: "put .zst files in",
// "write the report to", "will be generated under". Such a path is a destination, not a claim it exists.
var targetCue = regexp.MustCompile(`(?i)\b(?:put|place|store|save|drop|copy|move|write|writes|written|create|creates|created|generate|generates|generated|output|outputs|emit|emits|download|downloads|downloaded|extract|unpack|install|installs|installed|add|should (?:go|live)|will (?:go|live|be (?:created|generated|written))|goes)\b(?:[^.;:!?]|\.\w){0,60}\b(?:in|into|to|under|at|as)\s*\**$`)

// target reports whether the text before a span makes the span a destination.
func target(before string) bool {
	return targetCue.MatchString(before)
}

// builtBinary is "./licgen" run as a command: a program `go build` or `make` leaves on the machine.
func builtBinary(tok string) bool {
	rest, ok := strings.CutPrefix(tok, "./")
	return ok && rest != "" && !strings.ContainsAny(rest, "/.") && !knownNames[rest]
}

// hypotheticalCue marks a clause that imagines a path rather than asserting it ("so `X.md` would never
// reach vendor/", "instead of `old/`"): a name in a counterfactual is not a claim it exists.
var hypotheticalCue = regexp.MustCompile(`(?i)\b(?:would|wouldn't|could|might|instead of|rather than|suppose|hypothetical)\b`)
