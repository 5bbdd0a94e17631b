package engine

import (
	"regexp"
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
var goneLaterSubject = regexp.MustCompile("(?i)^(?:[^.!?;\\n`]|`[^`\\n]*`|\\n[ \\t]*[^\\s*+|#>`-]){0,320}?(?:;\\s+|\\s[—–]\\s+)" + itGone)

// itGone says what the subject refers back to is gone; what may follow closes the statement ("It is
// deleted (`Wallow-xg9t.1`).", "it is gone with the source-reading guards"). "It is run by CI" says
// nothing of the kind.
const itGone = "(?:it|they|both|it\\s+and\\s+`[^`\\n]*`)\\s+(?:is|are|was|were)\\s+(?:now\\s+|both\\s+|since\\s+)?[*_]*(?:gone|deleted|removed)\\b[*_]*\\s*(?:[.;,(]|$|with\\b|along\\b|in\\b|by\\b|since\\b)"

// itGoneNote is a sentence that says the name its paragraph's previous sentence opened with is gone:
// "`shared-env.test.ts` was the cross-app guard — it reached into … . It is deleted (`Wallow-xg9t.1`)."
var itGoneNote = regexp.MustCompile("(?i)^\\W*" + itGone)

// sentenceOpen ends the text before a name that opens a sentence, a clause after a semicolon or
// colon, a parenthesis or a paragraph: the name is the subject goneLaterSubject's "it" refers back to.
var sentenceOpen = regexp.MustCompile("(?:^|[.!?;:]\\s+|\\(|\\n\\s*)[*_]*(?:the\\s+)?$")

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
var usedToVerbAfter = regexp.MustCompile("^(?:'s\\s+`[^`\\n]*`)?(?:\\s*(?:,|and|&)\\s*`[^`\\n]*`)*\\s+used\\s+to\\s+[a-z]+")

// usedToVerbBefore ends the words before a name with what something used to do with it: "This app
// used to carry a `lib/fetch-cache.ts` that returned …" (the hundred-and-seventy-eighth holdout's
// iguzman, a helper a commit deleted). "is used to build `x`" is the present's passive: usedToBefore
// reads the word before "used".
var usedToVerbBefore = regexp.MustCompile(`(?i)(\w+)\s+used\s+to\s+[a-z]+\s+(?:(?:an?|the|its|their|our|his|her)\s+)?[*_]*$`)

// passiveAux are the words that make "used to" the passive of use.
var passiveAux = set("is", "are", "be", "been", "being", "was", "were", "gets", "get", "got")

func usedToBefore(before string) bool {
	m := usedToVerbBefore.FindStringSubmatch(before)
	return m != nil && !passiveAux[strings.ToLower(m[1])]
}

// wentWithAfter follows a name, or a list of names, with their going along with something: "that
// went, and `PlacedBox::nearness` and `appearance::slots` went with it" (the hundred-and-seventy-ninth
// holdout's voxelheim-v2, members a commit removed with the buffer they served).
var wentWithAfter = regexp.MustCompile("^(?:\\s*(?:,|and|&)\\s*`[^`\\n]*`)*\\s+went\\s+(?:with|along\\s+with|away|too)\\b")

// koreanOnceBefore and koreanWasAfter put a name in the past in Korean: "원래 `app.js` 한 파일이던 것을 줄
// 단위로 자른 것" (what was originally the one file `app.js`, cut by lines: the hundred-and-seventy-ninth
// holdout's cupang-auto, whose scripts a commit split).
var (
	koreanOnceBefore = regexp.MustCompile(`(?:원래|예전에?|이전에)\s*[*_]*$`)
	koreanWasAfter   = regexp.MustCompile(`^[*_]*\s*(?:(?:한|하나의)\s*)?(?:파일|폴더|모듈|디렉터리|디렉토리)?\s*(?:이던|였던|이었던|이었|였)`)
)

// supersedesOldBefore ends the words before the place of what a document replaces: "It supersedes the
// older summary in `AGENT.md`" (the hundred-and-eightieth holdout's web_message, whose commit that added
// AGENTS.md deleted AGENT.md).
var supersedesOldBefore = regexp.MustCompile(`(?i)\b(?:supersed(?:es|ed|ing)|replac(?:es|ed|ing))\s+the\s+(?:older|old|previous|earlier|legacy|original)\s+(?:[\w-]+\s+){0,2}?(?:in|at|from|of)\s+[*_]*$`)

// removedMarkBefore is a parenthesised mark just before a name: "- (removed) `context_portal/` — …" (the
// hundred-and-eightieth holdout's memos.as).
var removedMarkBefore = regexp.MustCompile(`(?i)\(\s*[*_]*(?:removed|deleted|retired|gone)[*_]*\s*\)\s*[*_]*$`)

// butRemovedAfter follows a name with what is said of it, then that it is gone: "`src/native/` referenced
// in README but removed — do not use" (the hundred-and-eighty-first holdout's winssh).
var butRemovedAfter = regexp.MustCompile(`(?i)^[^.;!?\n\x60]{0,60}\bbut\s+(?:(?:was|were|is|are|has\s+been|have\s+been)\s+)?(?:since\s+|now\s+|later\s+)?(?:removed|deleted|gone|dropped)\b`)

// replacedByItAfter follows a name with the clause that says something took its place: "The
// `h3-free.test.ts` it replaced grepped the source" (wallow's sdk guide: the spec that replaced it,
// `web-standard-handlers.test.ts`, is the one there today).
var replacedByItAfter = regexp.MustCompile("^\\s+(?:it|they|this|that|which)\\s+(?:replaced|superseded|retired)\\b")

// keptBrieflyBefore ends the words before a place something was only for a while: "The presets were
// briefly kept under `tools/`, which has no manifest" (wallow's config guide, on why they moved).
var keptBrieflyBefore = regexp.MustCompile(`(?i)\b(?:was|were)\s+(?:briefly|once|originally|initially|temporarily|first)\s+(?:kept|stored|placed|put|housed|parked|hosted)\s+(?:in|at|under|inside)\s+[*_]*$`)

// pastProse: the words after the span, or the ones before it, say what the file was, not what it is.
func pastProse(s *spanText) bool {
	low := s.lowerRaw
	if strings.Contains(low, "used to") && (usedToVerbAfter.MatchString(s.after(80)) || usedToBefore(s.before)) {
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
	if !isASCII(s.before) && koreanOnceBefore.MatchString(s.before) && koreanWasAfter.MatchString(s.after(40)) {
		return true
	}
	return containsFold(low, "gone", "deleted", "removed") && goneAsSubject(s)
}

// Numbered samples: "Verify PNG files are named `slide_01.png`, `slide_02.png`, etc." (the same round's
// methods-algorithms, six rows over three lines). Names that differ only in a number, in a list the
// writer closes with "etc." or an ellipsis, show the series' form: a converter writes them per deck.
var (
	spansBeforeList = regexp.MustCompile("(?:`[^`\\n]*`\\s*,\\s*)+$")
	seriesAfter     = regexp.MustCompile("^(?:\\s*,\\s*`[^`\\n]*`)*\\s*,?\\s*(?:etc\\b|\\.\\.\\.|…)")
	spanBody        = regexp.MustCompile("`([^`\\n]*)`")
	digitRun        = regexp.MustCompile(`\d+`)
)

// numberedSeries reports a span that is one of a list's numbered samples.
func numberedSeries(s *spanText) bool {
	body := s.trimmed()
	if !strings.ContainsAny(body, "0123456789") {
		return false
	}
	after := s.after(200)
	tail := seriesAfter.FindString(after)
	if tail == "" {
		return false
	}
	shape := digitRun.ReplaceAllString(body, "#")
	list := tail + spansBeforeList.FindString(s.before)
	for _, m := range spanBody.FindAllStringSubmatch(list, -1) {
		if other := strings.TrimSpace(m[1]); other != body && digitRun.ReplaceAllString(other, "#") == shape {
			return true
		}
	}
	return false
}

// linkedRepoAfter follows a name, or a list of names, with a link to the repository that holds them:
// "Read `MANIFEST.md`, `ARCHITECTURE.md` and `onboarding/academy.md` in
// [kolonie-docs](https://github.com/Kolonie-AI/kolonie-docs) for the domain" (the same round's
// kolonie-platform, two documents).
var linkedRepoAfter = regexp.MustCompile("^(?:\\s*(?:,|and|&)\\s*`[^`\\n]*`)*\\s+(?:in|from|of)\\s+(?:the\\s+)?\\[[^\\]\\n]+\\]\\(https?://(?:github\\.com|gitlab\\.com|bitbucket\\.org|codeberg\\.org)/[\\w.-]+/[\\w.-]+/?\\)")

// onceShippedLead opens a sentence with the condition it waits for: "Once shipped, use the
// `<FigureWithSource>` wrapper from `components/figures/`" (the same round's 2026-ebola-epi, whose
// figures component is planned work).
var onceShippedLead = regexp.MustCompile(`(?i)(?:^|[.!?]\s+|\n\s*(?:[-*+]\s+)?)[*_]*(?:once|when|after)\s+(?:(?:it|this|that|they|these)\s+(?:is|are|has\s+been|have\s+been)\s+)?(?:shipped|built|landed|implemented|merged|available|released)\s*,(?:[^.!?\x60]|\x60[^\x60\n]*\x60)*$`)

// listedTarget: the span follows others in a list a target cue opens, with a kind's word after one of
// them: "do not add a\n`routes:generate` script or `tsr.config.json`" (the same round's wallow). A list
// with no kind's word is spanListTail's, whose cues are read closer: "without also wiring them in
// `hooks/hooks.json` and `plugin/hooks/hooks.json`" (round 151's oh-my-openagent, a file a commit
// deleted) wires handlers into files, and "Do not add" further back forbids the handlers.
func listedTarget(before string) bool {
	if !containsFold(before, "script", "file", "folder", "directory", "command", "target", "module", "package", "config") {
		return false // no span with a kind's word after it: spanListTail's lists
	}
	loc := kindListTail.FindStringIndex(before)
	if loc == nil || !kindAfterSpan.MatchString(before[loc[0]:]) {
		return false
	}
	lead := before[:loc[0]]
	return mayTarget(lead) && target(lead) || anyCue(destCues, lead, func() string { return lead })
}

// kindAfterSpan is a kind's word right after a code span.
var kindAfterSpan = regexp.MustCompile("`\\s+(?:script|file|folder|directory|command|target|module|package|config)\\b")

// kindListTail is spanListTail with a kind's word after each span ("`x` script or ").
var kindListTail = regexp.MustCompile("(?:`[^`\\n]+`(?:\\s+(?:script|file|folder|directory|command|target|module|package|config))?\\s*(?:,|/|\\bor\\b|\\band\\b)\\s*)+$")

// ifMissingAfter follows a name with what happens when it is not there: "- `css/ml-theme.css` - For
// custom styling (if missing, uses default Reveal.js theme)" (the hundred-and-seventy-seventh
// holdout's methods-algorithms): a file the writer expects may be absent.
var ifMissingAfter = regexp.MustCompile(`(?i)^[^.;\n()]{0,60}\(\s*if\s+(?:missing|absent|not\s+present)\b`)

// templateDirItem opens a list item with a directory whose name is a template:
// "- `results/{doc_id}_{filename}/`: Per-document output — `metadata.json`, `structure.json` (tree), …,
// `images/`" (the hundred-and-seventy-eighth holdout's PageIndex_Chat_UI-main, whose app writes one such
// directory per document, ignored by git). The names after it are inside each one.
var templateDirItem = regexp.MustCompile("^[-*+\\s]*`[^`\\n]*(?:\\{[^`{}\\n]+\\}|<[^`<>\\n]+>)[^`\\n]*/`")

// insideTemplateDir: the span comes after a template directory that opens its item.
func insideTemplateDir(s *spanText) bool {
	loc := templateDirItem.FindStringIndex(s.raw)
	return loc != nil && s.m[0] >= loc[1]
}

// exampleLinkText opens a link whose text calls its target an example: "| 1 | [Example Plan](01_example.md)
// | Medium | Planned |" (the hundred-and-eightieth holdout's digimon_application, a plans index's template
// row). Only a page that never existed is skipped for it (exampleWording).
var exampleLinkText = regexp.MustCompile(`(?i)^!?\[\s*[*_]*(?:an?\s+|the\s+)?(?:example|sample|placeholder)\b`)
