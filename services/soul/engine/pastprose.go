package engine

import (
	"strings"
)

// Prose that tells what a file was, after naming it: the hundred-and-seventy-seventh holdout's wallow,
// whose package guides explain each guard spec a commit deleted ("`src/charter.test.ts` used to assert
// this …", "`shared-env.test.ts` was the cross-app guard — … It is deleted (`Wallow-xg9t.1`)."). Twelve
// rows, every one a file history holds and a commit removed: the document says so in its own words.

// goneLaterSubject opens the text after a name that opens its sentence, runs to the end of a
// semicolon's clause (a line break inside a paragraph, and code spans whose dots are no full stop, do
// not end it) and finds the next clause saying it is gone: "`src/charter.test.ts` pinned that by
// reading the manifest; it is gone (`Wallow-xg9t.1`)", "was a second reader; it\nis gone with the
// source-reading guards". "it is green" says nothing of the kind. The next sentence is itGoneNote's.
var goneLaterSubject = mustGate("(?i)^(?:[^.!?;\\n`]|`[^`\\n]*`|\\n[ \\t]*[^\\s*+|#>`-]){0,320}?(?:;\\s+|\\s[—–]\\s+)" + itGone)

// goneInSentence runs on from a name that opens its sentence, through code spans (one may wrap a line), to
// a mark in the same sentence that the name is gone: "`appErrorStatus()` was exported for \"`x errors
// list` and the manifest\" and neither ever called it (deleted 2026-08)", "`SocketRegistry.sweepIdle`
// had no caller for as long as it existed" (the two-hundred-and-thirty-first holdout's ultimate, both
// removed by the commits the notes record). A mark right after another name is that name's.
var goneInSentence = mustGate("(?i)^(?:[^.!?;\\n`]|`[^`\\n]*(?:\\n[^`\\n]*)?`|\\n[ \\t]*[^\\s*+|#>`-]){0,320}?(?:[^`\\s]\\s*" + deletedParen + "|\\bfor\\s+as\\s+long\\s+as\\s+(?:it|they)\\s+existed\\b)")

// deletedParen is the parenthesis that marks a name deleted: "(deleted 2026-08)", "(removed in abc123)",
// "(retired per Decision 127 B2)".
const deletedParen = `\(\s*(?:deleted|removed|retired)\b[^()\n]{0,40}\)`

// deletedParenAfter is the mark itself right after a name, or after the list of names it closes: "what
// `error-status.ts` (deleted 2026-08) kept", "`config/README.md` and `config/agent/README.md` (retired per
// Decision 127 B2) were curated portal projections" (the two-hundred-and-thirty-sixth holdout's theseus,
// both deleted by the commit that retired them).
var deletedParenAfter = mustGate("(?i)^\\s*(?:(?:,|/|&|\\band\\b)\\s*`[^`\\n]*`\\s*)*" + deletedParen)

// itGone says what the subject refers back to is gone; what may follow closes the statement ("It is
// deleted (`Wallow-xg9t.1`).", "it is gone with the source-reading guards"). "It is run by CI" says
// nothing of the kind.
const itGone = "(?:it|they|both|it\\s+and\\s+`[^`\\n]*`)\\s+(?:is|are|was|were)\\s+(?:now\\s+|both\\s+|since\\s+)?[*_]*(?:gone|deleted|removed)\\b[*_]*\\s*(?:[.;,(]|$|with\\b|along\\b|in\\b|by\\b|since\\b)"

// itGoneNote is a sentence that says the name its paragraph's previous sentence opened with is gone:
// "`shared-env.test.ts` was the cross-app guard — it reached into … . It is deleted (`Wallow-xg9t.1`)."
var itGoneNote = mustGate("(?i)^\\W*" + itGone)

// sentenceOpen ends the text before a name that opens a sentence, a clause after a semicolon or
// colon, a parenthesis or a paragraph: the name is the subject goneLaterSubject's "it" refers back to.
var sentenceOpen = mustGate("(?:^|[.!?;:]\\s+|\\(|\\n\\s*)[*_]*(?:the\\s+)?$")

// openingName is the name a sentence opens with, after a parenthesis or "The" at most, or "".
func openingName(text string) string {
	t := strings.TrimLeft(text, " \t(")
	if len(t) > 4 && strings.EqualFold(t[:4], "the ") {
		t = t[4:]
	}
	if span, _, ok := openingSpan(t); ok {
		return strings.TrimSpace(span)
	}
	return ""
}

// goneAsSubject: the span opens its sentence and a later clause of it says it is gone.
func goneAsSubject(s *spanText) bool {
	return sentenceOpen.MatchString(s.before) && goneLaterSubject.MatchString(s.after(400))
}

// usedToVerbAfter follows a name with what it used to do: "`src/charter.test.ts` used to assert
// this" (the name, then "used to" and any verb: "is used to build" is the present's passive and never
// follows the name directly).
var usedToVerbAfter = mustGate("^(?:'s\\s+`[^`\\n]*`)?(?:\\s*(?:,|and|&)\\s*`[^`\\n]*`)*\\s+used\\s+to\\s+[a-z]+")

// usedToVerbBefore ends the words before a name with what something used to do with it: "This app
// used to carry a `lib/fetch-cache.ts` that returned …" (the hundred-and-seventy-eighth holdout's
// iguzman, a helper a commit deleted). "is used to build `x`" is the present's passive: usedToBefore
// reads the word before "used".
var usedToVerbBefore = mustGate(`(?i)(\w+)\s+used\s+to\s+[a-z]+\s+(?:(?:an?|the|its|their|our|his|her)\s+)?[*_]*$`)

// usedToHereBefore is a lead that says the names after its colon were here once: "Two other scripts used
// to live here: `run_pipeline.py` (ran `sql/*.sql` in order) and `ledger_validation.py`" (the
// two-hundred-and-thirty-fourth holdout's ledgerone, both retired for dbt), up to the sentence's end.
var usedToHereBefore = mustGate(`(?i)\bused\s+to\s+(?:live|be|sit|reside|exist)\s+(?:here|there|in\s+(?:this|that)\s+(?:directory|folder|package))\s*[:：]\s*(?:[^.;!?]|\.\w)*$`)

// passiveAux are the words that make "used to" the passive of use.
var passiveAux = set("is", "are", "be", "been", "being", "was", "were", "gets", "get", "got")

func usedToBefore(before string) bool {
	m := usedToVerbBefore.FindStringSubmatch(before)
	return m != nil && !passiveAux[strings.ToLower(m[1])]
}

// wentWithAfter follows a name, or a list of names, with their going along with something: "that
// went, and `PlacedBox::nearness` and `appearance::slots` went with it" (the hundred-and-seventy-ninth
// holdout's voxelheim-v2, members a commit removed with the buffer they served).
// "`router-client.ts` was the second reader and went with `createRouter`" (the two-hundred-and-thirty-first
// holdout's ultimate, a file a commit deleted with the API it served) says what it was first.
var wentWithAfter = mustGate("^(?:\\s*(?:,|and|&)\\s*`[^`\\n]*`)*\\s+(?:(?:was|were)\\b[^.;!?\\n`]{1,80}?\\band\\s+)?went\\s+(?:with|along\\s+with|away|too)\\b")

// koreanOnceBefore and koreanWasAfter put a name in the past in Korean: "원래 `app.js` 한 파일이던 것을 줄
// 단위로 자른 것" (what was originally the one file `app.js`, cut by lines: the hundred-and-seventy-ninth
// holdout's cupang-auto, whose scripts a commit split).
var (
	koreanOnceBefore = mustGate(`(?:원래|예전에?|이전에)\s*[*_]*$`)
	koreanWasAfter   = mustGate(`^[*_]*\s*(?:(?:한|하나의)\s*)?(?:파일|폴더|모듈|디렉터리|디렉토리)?\s*(?:이던|였던|이었던|이었|였)`)
)

// supersedesOldBefore ends the words before the place of what a document replaces: "It supersedes the
// older summary in `AGENT.md`" (the hundred-and-eightieth holdout's web_message, whose commit that added
// AGENTS.md deleted AGENT.md). What it replaces may be named itself: "Supersedes the git-diff-based
// `detect-changed-views.mjs`" (the two-hundred-and-fiftieth's textual); "replaced by `x`" names the new.
var supersedesOldBefore = mustGate(`(?i)\b(?:supersed(?:es|ed|ing)|replac(?:es|ed|ing))\s+the\s+(?:older|old|previous|earlier|legacy|original)\s+(?:[\w-]+\s+){0,2}?(?:in|at|from|of)\s+[*_]*$|\b(?:supersed(?:es|ed|ing)|replac(?:es|ed|ing))\s+(?:the|its|our|their)\s+(?:[\w-]+\s+){0,2}?[*_]*$`)

// removedMarkBefore is a parenthesised mark just before a name: "- (removed) `context_portal/` — …" (the
// hundred-and-eightieth holdout's memos.as).
var removedMarkBefore = mustGate(`(?i)\(\s*[*_]*(?:removed|deleted|retired|gone)[*_]*\s*\)\s*[*_]*$`)

// butRemovedAfter follows a name with what is said of it, then that it is gone: "`src/native/` referenced
// in README but removed — do not use" (the hundred-and-eighty-first holdout's winssh).
var butRemovedAfter = mustGate(`(?i)^[^.;!?\n\x60]{0,60}\bbut\s+(?:(?:was|were|is|are|has\s+been|have\s+been)\s+)?(?:since\s+|now\s+|later\s+)?(?:removed|deleted|gone|dropped)\b`)

// replacedByItAfter follows a name with the clause that says something took its place: "The
// `h3-free.test.ts` it replaced grepped the source" (wallow's sdk guide: the spec that replaced it,
// `web-standard-handlers.test.ts`, is the one there today).
var replacedByItAfter = mustGate("^\\s+(?:it|they|this|that|which)\\s+(?:replaced|superseded|retired)\\b")

// keptBrieflyBefore ends the words before a place something was only for a while: "The presets were
// briefly kept under `tools/`, which has no manifest" (wallow's config guide, on why they moved).
var keptBrieflyBefore = mustGate(`(?i)\b(?:was|were)\s+(?:briefly|once|originally|initially|temporarily|first)\s+(?:kept|stored|placed|put|housed|parked|hosted)\s+(?:in|at|under|inside)\s+[*_]*$`)

// thereWasBefore opens a sentence with what there was, up to a name in it; removedLaterAfter goes on in
// the same sentence to say that it was removed: "There was a native macOS path — `install-macos.sh`,
// launchd agents, `deploy/hubctl` — and it was removed because it had quietly stopped being a hub" (the
// two-hundred-and-thirty-sixth holdout's gethome-hub, whose commit a8e5b1a deleted both).
var (
	thereWasBefore    = mustGate("(?:^|[.!?]\\s+|\\n\\s*(?:[-*+]\\s+)?|:\\s+)[*_]*There\\s+(?:was|were|used\\s+to\\s+be)\\b(?:[^.!?\\n`]|`[^`\\n]*`){0,160}$")
	removedLaterAfter = mustGate("(?i)^(?:[^.!?\\n`]|`[^`\\n]*`){0,200}?\\b(?:and|but)\\s+(?:it|they|both|all\\s+of\\s+(?:it|them))\\s+(?:was|were|got|has\\s+been|have\\s+been)\\s+(?:since\\s+|later\\s+|then\\s+|all\\s+)?(?:removed|deleted|dropped|retired)\\b")
)

// becameAfter follows a name with what it became: "`render-assertions.sh` became the suites above in
// #430" (the two-hundred-and-fiftieth holdout's event-junkie, a script that commit replaced).
var becameAfter = mustGate("^[*_]*\\s+(?:became|turned\\s+into)\\b")

// pastProse: the words after the span, or the ones before it, say what the file was, not what it is.
func pastProse(s *spanText) bool {
	low := s.lowerRaw
	if strings.Contains(low, "used to") && (usedToVerbAfter.MatchString(s.after(80)) || usedToBefore(s.before) || usedToHereBefore.MatchString(s.before)) {
		return true
	}
	if containsFold(low, "replaced", "superseded", "retired") && replacedByItAfter.MatchString(s.after(40)) ||
		containsFold(low, "supersed", "replac") && supersedesOldBefore.MatchString(s.before) {
		return true
	}
	if containsFold(low, "briefly", "once", "originally", "initially", "temporarily", "first") && keptBrieflyBefore.MatchString(s.before) ||
		strings.Contains(s.before, "(") && removedMarkBefore.MatchString(s.before) ||
		strings.Contains(low, "went") && wentWithAfter.MatchString(s.after(200)) ||
		strings.Contains(low, "but ") && butRemovedAfter.MatchString(s.after(100)) {
		return true
	}
	if containsFold(low, "became", "turned into") && becameAfter.MatchString(s.after(40)) {
		return true
	}
	if !isASCII(s.before) && koreanOnceBefore.MatchString(s.before) && koreanWasAfter.MatchString(s.after(40)) {
		return true
	}
	if strings.Contains(low, "bug") && bugNamedAfter.MatchString(s.after(40)) && theBefore.MatchString(s.before) ||
		containsFold(low, "absorb", "merg", "fold", "subsum") && absorbedOldBefore.MatchString(s.before) ||
		strings.Contains(low, "older") && olderPathsBefore.MatchString(s.before) ||
		containsFold(low, "removed", "deleted", "retired", "dropped") && removedLabelBefore.MatchString(s.behind(400)) {
		return true
	}
	if containsFold(low, "deleted", "removed", "retired", "existed") && (deletedParenAfter.MatchString(s.after(160)) || sentenceOpen.MatchString(s.before) && goneInSentence.MatchString(s.after(400))) {
		return true
	}
	if strings.Contains(low, "there ") && containsFold(low, "removed", "deleted", "dropped", "retired") && thereWasBefore.MatchString(s.behind(240)) && removedLaterAfter.MatchString(s.after(300)) {
		return true
	}
	return containsFold(low, "gone", "deleted", "removed") && goneAsSubject(s)
}

// An incident named after a file: "never blanket-kill by name (that was the `mon-stop.ps1` bug)", "the
// `mon-stop.ps1` blanket-kill bug" (the hundred-and-eighty-third holdout's cuesheet, four documents whose
// script a fix removed). The file is where the bug was, not one the sentence says is here.
var (
	bugNamedAfter = mustGate(`^\x60?\s+(?:[\w-]+\s+)?(?:bug|incident|regression|outage)\b`)
	theBefore     = mustGate(`(?i)\bthe\s+[*_]*$`)
)

// removedLabelBefore ends a label that says what its list lost: "**REMOVED**: `custom-prisma-adapter.ts`,
// `auth-optimized.ts`, `auth/session-cache.ts` (all NextAuth-specific)" (the hundred-and-eighty-fourth
// holdout's TherapyAI, files an auth move deleted).
var removedLabelBefore = mustGate(`(?i)(?:^|\n)\s*(?:[-*+]\s+)?[*_]*(?:removed|deleted|retired|dropped)[*_]*\s*[:：]\s*[*_]*\s*(?:\x60[^\x60\n]*\x60\s*(?:\([^)\n]{0,40}\)\s*)?[,，、/]\s*(?:and\s+)?)*$`)

// absorbedOldBefore ends the text before a file another took in: "Absorbed the old
// `cuesheet-binary.yml`" (the same round's cuesheet, a workflow folded into build.yml).
var absorbedOldBefore = mustGate(`(?i)\b(?:absorb|merg|fold|subsum)(?:s|es|ed|ing)?\s+(?:in\s+)?the\s+(?:old|previous|former|legacy|separate)(?:\s+[\w-]+)?\s+[*_]*$`)

// olderPathsBefore ends the text before paths a stale reference still names: "Root pytest config only
// references older `tests/db`/`tests/ontology` paths" (the same round's ByDC, whose tests moved into
// the package). The sentence says they are the old ones.
var olderPathsBefore = mustGate(`(?i)\b(?:references?|names?|points?\s+(?:at|to)|lists?|mentions?)\s+(?:the\s+)?(?:older|old|stale|outdated)\s+(?:\x60[^\x60\n]*\x60\s*(?:,|/|and|or)\s*)*$`)

// pastNarrative reports a clause that tells what was done or how things were, up to the span: "this
// originally split a dual-purpose `SubscriberPortal.tsx` into …", "Originally forked from `src/beta/`",
// "The site used to gate every download button behind … (`lib/config.ts`'s `isReleased()`)" (the
// two-hundred-and-forty-third holdout's Aetheria and di.iiii). A clause that comes back to the present
// ("originally a fork, now in `x/`") names today's thing; "is used to build `x`" is no habit of the past,
// nor is "`rawmem`, the huge array type used to fabricate slices … in `memory32.go`" (modernc.org/memory's
// CLAUDE.md, the planted corpus).
func pastNarrative(lead string) bool {
	l := strings.ToLower(lead)
	at := -1
	if m := pastVerbLead.FindStringIndex(l); m != nil && len(l)-m[1] <= 60 {
		at = m[1] // the name close after: "originally introduced as `a/` and … renamed to `b/`" is b's present
	}
	if m := usedToLead.FindStringSubmatchIndex(l); m != nil && !passiveAux[l[m[2]:m[3]]] && (at < 0 || m[1] < at) {
		at = m[1]
	}
	return at >= 0 && !presentAgain.MatchString(l[at:])
}

var (
	pastVerbLead = mustGate(`\b(?:originally|formerly)\s+[a-z]+`)
	// usedToLead is "used to" as the clause's verb, its subject a few words at the clause's start: "the
	// type used to fabricate slices" in the middle of a sentence is a participle, not a habit.
	usedToLead   = mustGate(`^[\s*_]*(?:[a-z'-]+\s+){0,2}([a-z'-]+)\s+used\s+to\s+[a-z]+`)
	presentAgain = mustGate(`\b(?:now|today|currently|nowadays|instead|renamed|moved|replaced|became|superseded)\b`)
)
