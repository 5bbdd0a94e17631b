package domain

import (
	"fmt"
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/organism-dev/organism/platform/refusal"
)

// The sanitizer (curation-lane o5): text that came from a model (a runner's proposal, an
// agent's edit) is checked before it can reach a skeleton the owner and other agents read. The
// law exists for model output, not the owner's own fingers: the owner's edits skip it.

// SanitizeClass names what a text violated.
type SanitizeClass string

// The classes, in the order they are checked: the first one a text violates is reported.
const (
	ClassControl     SanitizeClass = "control"
	ClassLength      SanitizeClass = "length"
	ClassMarkup      SanitizeClass = "markup"
	ClassCharset     SanitizeClass = "charset"
	ClassInstruction SanitizeClass = "instruction"
)

// TextKind selects a field's bounds.
type TextKind int

// The kinds of text the sanitizer knows.
const (
	TextName TextKind = iota
	TextPurpose
	TextReport
)

var textBounds = map[TextKind]struct{ min, max int }{
	TextName:    {1, 64},
	TextPurpose: {1, 400},
	TextReport:  {1, 4000},
}

// markup: HTML/XML tags, fenced or inline code, markdown links and images, template braces,
// and a markdown heading or list marker opening the text.
var markupPattern = regexp.MustCompile("(?i)</?[a-z!?/]|`|\\]\\(|!\\[|\\{\\{|\\}\\}|^\\s*(#|[-*+]\\s|>)")

// instruction: text addressed to an agent rather than describing code. Kept to phrases a
// block's name or purpose has no business holding.
var instructionPattern = regexp.MustCompile(`(?i)\b(` +
	`ignore (all |any )?(the )?(previous|prior|above|earlier)|disregard|forget (all|everything|your)|` +
	`you (are|must|should|will) (now )?|as an ai\b|(system|developer) (prompt|message)|new instructions?|` +
	`(assistant|system|user)\s*:|do not (tell|reveal|mention)|jailbreak|` +
	`(run|execute|call|invoke) (the |this )?(command|tool|function|shell|memorize|ratify|landing|import_?receipt|candidate_?edit)|` +
	`\b(rm -rf|curl |wget |sudo )` +
	`)`)

// punctuation a name may hold besides letters, digits and spaces; a purpose or report may also
// hold the sentence punctuation below.
const (
	namePunct    = "-_./:()&+,'"
	purposePunct = namePunct + ";!?\"%#=@$*~^|"
)

// Sanitize checks one field's text and returns its class and why, or "" when it passes.
func Sanitize(kind TextKind, s string) (SanitizeClass, string) {
	if !utf8.ValidString(s) {
		return ClassControl, "not valid UTF-8"
	}
	for _, r := range s {
		if r == '\n' && kind == TextReport {
			continue
		}
		if unicode.IsControl(r) || unicode.Is(unicode.Cf, r) || r == '\u2028' || r == '\u2029' {
			return ClassControl, fmt.Sprintf("holds control or format character %U", r)
		}
	}
	b := textBounds[kind]
	if n := utf8.RuneCountInString(s); n < b.min || n > b.max || strings.TrimSpace(s) == "" {
		return ClassLength, fmt.Sprintf("is %d characters, want %d to %d and not blank", n, b.min, b.max)
	}
	if kind == TextReport {
		// A report travels verbatim into a letter a human reads: control characters and size
		// bound it; its prose is the runner's honest account and is not reworded or judged.
		return "", ""
	}
	if markupPattern.MatchString(s) || strings.ContainsAny(s, "<>") {
		return ClassMarkup, "holds markup (tags, code, links, template braces or a leading heading/list marker)"
	}
	punct := namePunct
	if kind == TextPurpose {
		punct = purposePunct
	}
	for _, r := range s {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != ' ' && !strings.ContainsRune(punct, r) {
			return ClassCharset, fmt.Sprintf("holds %q, outside the allowed characters", r)
		}
	}
	if m := instructionPattern.FindString(s); m != "" {
		return ClassInstruction, fmt.Sprintf("reads as an instruction to an agent (%q)", m)
	}
	return "", ""
}

// sanitizeOps checks every model-written text of a batch; any violation refuses the whole
// batch with UNSAFE_TEXT, naming each field and its class.
func sanitizeOps(ops []Op, report *string) error {
	var v violations
	check := func(field string, kind TextKind, s string) {
		if class, why := Sanitize(kind, s); class != "" {
			v.add(field, "%s: %s", class, why)
		}
	}
	for i, op := range ops {
		if op.Name != "" {
			check(fmt.Sprintf("ops[%d].name", i), TextName, op.Name)
		}
		if op.Purpose != "" {
			check(fmt.Sprintf("ops[%d].purpose", i), TextPurpose, op.Purpose)
		}
	}
	if report != nil {
		check("report", TextReport, *report)
	}
	if len(v) == 0 {
		return nil
	}
	e := v.err(ReasonUnsafeText, "text from a model failed the sanitizer; nothing applied").(*refusal.Error)
	return e.With("class", strings.SplitN(v[0].Description, ":", 2)[0])
}
