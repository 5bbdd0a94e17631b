package engine

import (
	"bytes"
	"regexp"
	"strconv"
	"strings"
)

// extractInto reads a claim's anchors, numbers, terms and wording markers out of its raw markdown.
func extractInto(c *Claim, soulPath string, commands bool, startLine int, refs map[string]string) {
	defer markForeign(c)
	if commands {
		extractCommands(c, startLine)
		return
	}
	x := &extraction{c: c, raw: c.Text, prose: []byte(c.Text), start: startLine}
	x.codeSpans()
	x.links(soulPath)
	x.refLinks(soulPath, refs)
	x.urls()
	text := string(x.prose)
	// Digits inside code spans were read with the spans; prose patterns only need digits in prose.
	digits := strings.ContainsAny(text, "0123456789")
	x.proseAnchors(text, digits)
	x.wording(text, digits)
	c.Anchors = dedupAnchors(c.Anchors)
}

// extractCommands reads the anchors of a command block, line by line.
// From a line that creates a project on (generated.go), the commands are that project's.
func extractCommands(c *Claim, startLine int) {
	gen, gone := "", false
	lines := strings.Split(c.Text, "\n")
	for i := 0; i < len(lines); i++ {
		l, first := lines[i], i
		// "sudo apt-get install -y libcurl4-openssl-dev \" over "  make uuid-dev": one command whose
		// arguments run on (the forty-fourth holdout's citus), read whole from its first line
		for strings.HasSuffix(strings.TrimRight(l, " \t"), "\\") && i+1 < len(lines) {
			l = strings.TrimSuffix(strings.TrimRight(l, " \t"), "\\") + " " + strings.TrimSpace(lines[i+1])
			i++
		}
		if c.Kind == kindLooseCommands && !looksLikeCommand(l) {
			continue
		}
		if gen == "" && generatorLine(l) {
			gen = strings.TrimPrefix(strings.TrimSpace(l), "$ ")
		}
		if t := strings.TrimSpace(l); strings.HasPrefix(t, "#") && goneBlockComment.MatchString(t) {
			// "# These commands no longer exist on this branch:" (the eighty-third holdout's SPXer):
			// the commands below it are the ones that went
			gone = true
		}
		lineGone := gone || goneComment.MatchString(l)
		for _, a := range commandAnchors(l) {
			a.Line = startLine + first
			a.Generated = gen
			a.Absent = a.Absent || lineGone
			c.Anchors = append(c.Anchors, a)
		}
	}
}

// goneBlockComment is a comment line of a command block that says the commands after it are gone.
var goneBlockComment = regexp.MustCompile(`(?i)\bno\s+longer\s+exists?\b|\b(?:were|was|have\s+been|has\s+been|are|is)\s+(?:\w+\s+)?(?:removed|deleted)\b`)

// spanLead is how much text before a span most cues read; a cue whose list of names may run longer
// reads further when this much was not enough.
const spanLead = 80

// extraction is one claim's text on its way to anchors. prose is the raw text with every construct
// already read (a code span, a link target, a URL) blanked out, so no later pattern reads it twice;
// blanking keeps offsets and line breaks, so lineAt answers for both.
type extraction struct {
	c     *Claim
	raw   string
	prose []byte
	start int
	// branches are the names a span of the claim was read as a branch by
	branches map[string]bool
	// gates are the cheap tests of the claim's text the span cues wait on, read once per claim
	gates spanGates
}

// forbidWords are the literal words forbiddenLabelAfter looks for, lower-cased.
var forbidWords = []string{"forbid", "banned", "prohibit", "not allowed", "disallow"}

// spanGates say which of the wider span cues a claim's text can match at all.
type spanGates struct {
	nonASCII, moved, nextTo, outputFiles, removal, onlyWhile, matches, restored, until, needed, defaults, forbid bool
	// formers are the names the claim says something was first called (formerRoots)
	formers []string
}

// gatesOf reads the gates of a claim, its raw text and that text lower-cased.
func gatesOf(raw, lowerRaw string) spanGates {
	return spanGates{
		nonASCII:    !isASCII(raw),
		moved:       anyPhrase(lowerRaw, movedWords),
		removal:     anyPhrase(lowerRaw, removalWords),
		nextTo:      strings.Contains(lowerRaw, "next to"),
		onlyWhile:   strings.Contains(lowerRaw, "only "),
		until:       strings.Contains(lowerRaw, "until"),
		defaults:    strings.Contains(lowerRaw, "default"),
		forbid:      anyPhrase(lowerRaw, forbidWords),
		needed:      strings.Contains(lowerRaw, "need") || strings.Contains(lowerRaw, "required") || strings.Contains(lowerRaw, "necessary"),
		matches:     strings.Contains(lowerRaw, "match"),
		restored:    strings.Contains(lowerRaw, "restor") || strings.Contains(lowerRaw, "empty"),
		outputFiles: strings.Contains(lowerRaw, "files") && containsFold(lowerRaw, "writ", "generat", "emit", "produc", "output"),
		formers:     formerRoots(raw, lowerRaw),
	}
}

// transientAfter follows a place the sentence says exists only for a while: "`specs/` only while a
// feature is in flight", "only during a release", "only until the migration lands".
var transientAfter = regexp.MustCompile(`(?i)^[\x60*]*\s*(?:\w+\s+){0,2}?only\s+(?:while|during|until|as\s+long\s+as)\b`)

// tableRowAfter is the rest of the table row a span sits in: up to the end of its line.
func tableRowAfter(raw string, from int) string {
	row := raw[from:]
	if i := strings.IndexByte(row, '\n'); i >= 0 {
		row = row[:i]
	}
	return row[:min(len(row), 400)]
}

// lineAt is the soul line of a byte offset in the claim.
func (x *extraction) lineAt(off int) int {
	return x.start + strings.Count(x.raw[:min(off, len(x.raw))], "\n")
}

func (x *extraction) blank(from, to int) {
	for i := from; i < to && i < len(x.prose); i++ {
		if x.prose[i] != '\n' {
			x.prose[i] = ' '
		}
	}
}

// codeSpans reads the anchors and terms of every code span.
func (x *extraction) codeSpans() {
	if strings.IndexByte(x.raw, '`') < 0 {
		return
	}
	spans := codeSpan.FindAllStringSubmatchIndex(x.raw, -1)
	lowerRaw := ""
	if len(spans) > 0 {
		lowerRaw = strings.ToLower(x.raw)
		x.gates = gatesOf(x.raw, lowerRaw)
	}
	for _, m := range spans {
		x.span(m, lowerRaw)
	}
	valueTypes(x.c.Anchors, x.c.Terms)
}

// valueTypes reads a lower-case qualifier as a value of a type the same claim names after it: "a
// `uiLayout` struct with fields like `layout.header`" asks uiLayout for header, not whatever else is
// called layout. The type is a term ending with the qualifier at a word's start ("uiLayout",
// "page_store" for store); the anchor keeps what the reader wrote.
func valueTypes(anchors []Anchor, terms []string) {
	for i := range anchors {
		a := &anchors[i]
		if a.Kind != AnchorSymbol || !lowerWord.MatchString(a.Qualifier) || strings.Contains(a.Ref, "::") {
			continue
		}
		for _, t := range terms {
			if n := len(t) - len(a.Qualifier); n > 0 && identWord.MatchString(t) && strings.EqualFold(t[n:], a.Qualifier) && (t[n] >= 'A' && t[n] <= 'Z' || t[n-1] == '_') {
				a.Qualifier = t
				break
			}
		}
	}
}

// span reads one code span, marked by what the words around it say of it: an example, a thing
// gone, a destination to fill, a kind of file.
func (x *extraction) span(m []int, lowerRaw string) {
	raw := x.raw
	// the text after the span, up to n bytes, and before it, back n bytes: the windows the cues read
	after := func(n int) string { return raw[m[1]:min(len(raw), m[1]+n)] }
	behind := func(n int) string { return raw[max(0, m[0]-n):m[0]] }
	body := raw[m[2]:m[3]]
	anchors, term := classifySpan(body)
	before := behind(spanLead)
	// the clause before the span and the one around it are read by several cues; each is cut once, when
	// the first cue that needs it asks
	var clauseB, clauseA string
	haveB, haveA := false, false
	lead := func() string {
		if !haveB {
			clauseB, haveB = clauseBefore(raw, m[0]), true
		}
		return clauseB
	}
	around := func() string {
		if !haveA {
			clauseA, haveA = clauseAroundFrom(raw, lead(), m[0], m[1]), true
		}
		return clauseA
	}
	if branchName.MatchString(strings.TrimSpace(body)) && (x.branches[strings.TrimSpace(body)] || branchBefore.MatchString(behind(24)) || strings.Contains(body, "/") && (x.c.branchItem || branchCue.MatchString(lead()) || branchAfter.MatchString(raw[m[1]:]) || pushedTo.MatchString(before) || branchList.MatchString(before) || trunkBefore.MatchString(before) || trunkAfter.MatchString(raw[m[1]:]))) {
		// "on branch `feat/search`", "branches start with `claude/`", "the `r/pre-*` branch", "runs on
		// every push to `main`, `r/pre-*`": a git branch or a pattern of them, not a path; a name the
		// claim called a branch once stays one ("... only publish from `main` or `r/hotfix/**`")
		anchors, term = []Anchor{{Kind: AnchorBranch, Ref: strings.TrimSpace(body)}}, ""
		if x.branches == nil {
			x.branches = map[string]bool{}
		}
		x.branches[strings.TrimSpace(body)] = true
	}
	if forgeRepoName(body) && (repoNounAfter.MatchString(raw[m[1]:]) || repoBefore.MatchString(before)) {
		// "the `spree/dashboard-starter` template repo", "cloned from `spree/spree-starter`": a repository
		// on a forge by its owner/name, not a directory here
		anchors, term = nil, ""
	}
	if strings.HasPrefix(body, ".") && keyPath.MatchString(body) && !hasKnownExt(body) && keyFileAfter.MatchString(after(80)) {
		// "see `.engines.node` in `web/package.json`" (tilt, the thirty-seventh holdout): a key of the
		// file named after it, not a file
		anchors, term = nil, ""
	}
	anchors = dropNonClaims(anchors, body, before, around)
	if rejectedQuote.MatchString(before) {
		anchors = nil // `..., not "` + "`x.ts:133` sets it\"": the wording the document tells you not to write
	}
	if len(anchors) == 0 {
		// the cues below only mark anchors: a span that gave none keeps its term and is done
		x.keep(term, m)
		return
	}
	plural := pluralAfter.MatchString(raw[m[1]:])
	example := illustrative(behind(240)) || templateBeforeExample(body, after(120)) ||
		generatedItem.MatchString(after(40)) || futureItem.MatchString(after(40)) ||
		pathLine.MatchString(strings.TrimSpace(body)) && formatAfter.MatchString(after(24)) ||
		strings.HasPrefix(strings.TrimSpace(after(8)), "|") && uncommittedRow.MatchString(tableRowAfter(raw, m[1]))
	dest := mayTarget(before) && target(before) || generatedAfter.MatchString(after(40)) || presentIfAfter.MatchString(after(120)) || hypotheticalAt(around(), len(lead())) || anyCue(destCues, before, func() string { return before }) ||
		existenceAsked(before, after(60)) || includedFile(before, after(40)) || whenCreatedAfter.MatchString(after(40)) || strings.HasSuffix(strings.TrimSpace(body), "/") && neededAfter.MatchString(after(40)) ||
		forbidExamples.MatchString(behind(200)) || forbiddenPlaceBefore.MatchString(before)
	if !dest && len(before) == spanLead && strings.Contains(before, "`") {
		// a list of names a forbidding cue opens may start before before's window: "**NEVER** reintroduce
		// the deprecated `code-agent.ts` / `subagent.ts` /\n `brave-tools.ts` modules" (the eighty-second
		// holdout's zapdev, longer names than these)
		wide := behind(240)
		dest = containsFold(wide, "not", "never", "n't") && forbidMakeCue.MatchString(wide)
	}
	if !dest && x.gates.needed && addBefore.MatchString(before) && neededLater.MatchString(after(120)) {
		dest = true // "Add `public/` (…) only when you need to ship static files"
	}
	if !dest && x.gates.defaults && !hasKnownExt(strings.TrimSuffix(body, "/")) && defaultBefore.MatchString(before) && settingNamed.MatchString(raw) {
		dest = true // "Use `VAMOS_APP_FILES_ROOT` for durable files. Default: `./files`."
	}
	if !dest && x.gates.matches {
		// "`*.log` → matches `latest.log`, `debug.log`": a pattern shown with its samples
		dest = matchesAfter.MatchString(after(24)) || matchesBefore.MatchString(behind(200))
	}
	if !dest && x.gates.onlyWhile {
		// "Specs live in `Documentation/specs/` only while a feature is in flight" (the fifty-second
		// holdout's 2anki): a place that comes and goes, empty and so untracked between its uses
		dest = transientAfter.MatchString(after(60))
	}
	if !dest && x.gates.nextTo {
		// "`bridge/` next to TeklaMcpServer" (the forty-eighth holdout's svMCP): a place beside an
		// installed program, where its build copies things
		dest = besideProgram.MatchString(after(60))
	}
	if !dest && x.gates.outputFiles {
		// the list of files may run past before's window: "rewrites the updater metadata files `a.yml`,
		// `b.yml`, `c.yml`"
		dest = outputFilesCue.MatchString(behind(400))
	}
	if strings.HasPrefix(raw[m[1]:], "](") && strings.HasSuffix(before, "[") && strings.Contains(after(12), "://") {
		// "[`reverse-changelog.py`](https://github.com/other/repo/...)": the link names its own target
		anchors = nil
	}
	orPrev := orBefore.MatchString(before)
	alt := orPrev || orAfter.MatchString(after(240)) ||
		strings.HasSuffix(body, "/") && (stageBefore.MatchString(before) || stageAfter.MatchString(after(8)))
	dest = dest || orPrev && placeholderBefore(before)
	example = example || comingAt(raw, m[1])
	absent := false
	if x.gates.removal {
		absent = removalCue.MatchString(strings.ToLower(around())) || removalVerb.MatchString(strings.ToLower(lead())) ||
			goneAfter.MatchString(after(160)) || goneParen.MatchString(after(160)) || goneNextSentence.MatchString(after(300)) || goneListBefore.MatchString(behind(400)) || removedLeadIn(behind(400)) || goneListAfter.MatchString(after(400)) || deletedListAfter.MatchString(after(400))
	}
	// "It was `x/` until Phase 4 …": what held until something changed it
	wasUntil := func(lead string) bool {
		return x.gates.until && wasBefore.MatchString(lead) && untilAfter.MatchString(after(80))
	}
	former := formerBefore.MatchString(before) || underFormer(body, x.gates.formers) || wasUntil(before)
	struck := strings.Contains(raw, "~~") && struckAt(raw, m[0], m[1])
	if !former && strings.Contains(before, "`") {
		// "the deleted `ledger/`+`backup/` subtrees": each name of a list the cue opens
		lead := beforeList(before)
		former = lead != "" && (formerBefore.MatchString(lead) || wasUntil(lead))
	}
	absent = absent || crossedOut(raw, m[0], m[1]) || anyPhrase(lowerRaw, pastWords) && pastLead.MatchString(lead()) || replacedListBefore.MatchString(behind(300)) && !keptInAside.MatchString(after(80)) ||
		strings.Contains(lowerRaw, "deprecat") && deprecatedAfter.MatchString(after(60)) || anyCue(absentCues, lowerRaw, lead) || noneBefore.MatchString(before) || former || keptOut(lowerRaw, after(200)) ||
		x.c.table > 0 && goneCell.MatchString(tableRowAfter(raw, m[1]))
	if !absent && x.gates.forbid {
		absent = forbiddenLabelAfter.MatchString(after(40)) // "`src/api/` — forbidden; all IPC via `src/generated/`"
	}
	if !absent && x.gates.moved {
		absent = movedAfter.MatchString(after(160))
	}
	if !absent && x.gates.restored {
		absent = restoredAfter.MatchString(after(40))
	}
	if !absent && x.gates.nonASCII {
		// a wider window than before's: the cue may open a long list of names, three bytes a character
		absent = foreignAbsent(behind(480), after(240))
	}
	if x.c.nameColumns != 0 && x.c.table > 0 {
		if col := strings.Count(raw[:m[0]], "|"); col < 64 && x.c.nameColumns&(1<<col) != 0 {
			example = true // a name in a column of names, however much it reads like a file
		}
	}
	for _, a := range anchors {
		a.Example, a.Absent, a.Target, a.Alternative = example || namingSample(before), absent, dest, alt
		a.Former = former
		a.Struck = struck
		if (a.Kind == AnchorMake || a.Kind == AnchorNPM) && strings.Contains(lowerRaw, "fail") && failsAfter.MatchString(after(30)) {
			a.Absent = true // a command the sentence says fails: its target's absence is the point
		}
		if (a.Kind == AnchorMake || a.Kind == AnchorNPM) && dest && containsFold(before, "not", "never", "n't") && forbidMakeCue.MatchString(before) {
			// "Do not add or restore root lifecycle aliases: `pnpm dev`, `pnpm dev:all`" (the eightieth
			// holdout's open-design): a script the reader must not bring back is absent on purpose
			a.Absent = true
		}
		// "`createX()` factories", "write `fooBehavior()`, not `testFooBehavior()`": a name made to stand
		// for the reader's own
		a.Example = a.Example || a.Kind == AnchorSymbol && (placeholderCall.MatchString(a.Name) || metaWordIn(a.Name))
		a.Foreign = a.Foreign || ownedElsewhere(before, after(40)) || inLinkedRepo.MatchString(before) ||
			a.Kind == AnchorSymbol && importedFrom.MatchString(after(60)) ||
			x.c.siblings != nil && a.Kind == AnchorPath && !a.Link && underSibling(x.c.siblings, a.Path)
		a.Line = x.lineAt(m[0])
		if a.Kind == AnchorPR {
			// "`#4433`, `commit abc`, `merged in #5718`": a merge word of a neighbouring clause does not
			// say this number merged; bare numbers name issues as often as PRs
			a.Unshipped = !shippedClause(lowerRaw, m[0], m[1])
		}
		if (plural || variantAfter.MatchString(raw[m[1]:])) && a.Kind == AnchorPath && strings.HasPrefix(strings.TrimSpace(body), ".") && !strings.Contains(a.Path, "/") && !knownDotfiles[a.Path] {
			x.c.kinds = append(x.c.kinds, a.Path)
			continue // "put `.zst` files in", "(and `.local` variants)": a file type named, not a file
		}
		if a.Kind == AnchorPath && strings.ContainsAny(strings.TrimSpace(body)[:1], "_-.") && !strings.Contains(a.Path, "/") && suffixAfter.MatchString(raw[m[1]:]) {
			continue // "test files … with `_test.rb` suffix" (the twenty-fourth holdout's ruby-sdk): an ending named
		}
		if a.Kind == AnchorPath && forgeOwner(strings.TrimSpace(body)) && ownerAfter.MatchString(raw[m[1]:]) {
			continue // "invited to the `jj-vcs/` organization": an account on a forge, not a directory
		}
		if a.Kind == AnchorPath && exampleStem(a.Path, raw[:m[0]]) {
			continue // "like `import foo`, ... a file `foo.py`": the example's own file, not one here
		}
		if a.Kind == AnchorPath && memberAccessor(strings.TrimSpace(body), raw) {
			continue // "headers off `.headers`": a field read, not a dotfile
		}
		if a.Kind == AnchorPath && memberNamed(strings.TrimSpace(body), raw[:m[0]], raw[m[1]:]) {
			continue // "through `.value` attribute", "`.raw` vs `.cooked`": a member, not a dotfile
		}
		if (a.Kind == AnchorPath || a.Kind == AnchorGlob) && strings.HasSuffix(strings.TrimSpace(body), "/") && openList(raw[m[1]:]) {
			continue // "(css/graphql/yaml/json/...)": alternatives listed, not one directory
		}
		a.Plural = plural && a.Kind == AnchorPath
		// "you MUST NOT add entries to any `.eslint-bulk-suppressions.json`": any file of that name, one
		// there or none; the sentence asserts no such file is here
		a.Target = a.Target || a.Kind == AnchorPath && anyArticle.MatchString(before) || a.Kind == AnchorGlob && excludedBefore.MatchString(behind(200))
		if a.Kind == AnchorPath && !strings.Contains(a.Path, "/") {
			a.Elsewhere = x.c.cites || elsewhereCue.MatchString(sentenceAround(raw, m[0], m[1])) || kindArticle.MatchString(before) || linkTopic.MatchString(before)
		}
		x.c.Anchors = append(x.c.Anchors, a)
	}
	x.keep(term, m)
}

// keep records a span's term and blanks the span out of the prose the later passes read.
func (x *extraction) keep(term string, m []int) {
	if term != "" {
		x.c.Terms = append(x.c.Terms, term)
	}
	x.blank(m[0], m[1])
}

// comingLineEnd closes the line of a name with a mark that what it names is still to come: "-
// **[Testing Guide](docs/testing.md)** - E2E, unit, and integration testing *(Coming Soon)*" (the
// seventy-sixth holdout's PremStats).
var comingLineEnd = regexp.MustCompile(`(?i)\(\s*(?:coming\s+soon|planned|tbd|to\s+be\s+written|not\s+yet\s+written)\s*\)[*_]*\s*$`)

// comingAt reports a name at byte from of text whose line comingLineEnd closes; most lines end in no
// parenthesis, and are spared the regexp.
func comingAt(text string, from int) bool {
	row := tableRowAfter(text, from)
	if !strings.HasSuffix(strings.TrimRight(row, " \t\n\f\r*_"), ")") {
		return false
	}
	return comingLineEnd.MatchString(row)
}

// placeholderBefore reports an "or" whose other choice, the span before it, is a placeholder path:
// "read it from `<qa-output-path>/qa/bootstrap-manifest.json` or `bootstrap.env`" (round 70's agh,
// caught by the seventy-fifth round's regression) names a file of the same place to fill.
func placeholderBefore(before string) bool {
	i := strings.LastIndexByte(before, '`')
	if i <= 0 {
		return false
	}
	j := strings.LastIndexByte(before[:i], '`')
	if j < 0 {
		return false
	}
	prev := before[j+1 : i]
	return strings.Contains(prev, "<") && strings.Contains(prev, ">/")
}

// struckAt reports a span inside struck-through text: an odd number of "~~" before it in the claim and
// one after it, the entries the seventy-fourth holdout's awp struck as their phases landed.
func struckAt(raw string, lo, hi int) bool {
	return strings.Count(raw[:lo], "~~")%2 == 1 && strings.Contains(raw[hi:], "~~")
}

// restoredAfter follows a name with words that say it is not there now: "unless `.gitmodules` is
// restored", "`.gitmodules` is empty, there are no gitlinks" (the sixty-fourth holdout's Tlh222k, whose
// submodules were folded in and .gitmodules deleted in the commit that wrote both).
var restoredAfter = regexp.MustCompile(`^\s+(?:is|are)\s+(?:now\s+)?(?:restored|re-?added|brought\s+back|empty)\b`)

// exampleSpan is a span the sentence offers as an example: "like `import foo`", "e.g. `bar`".
var exampleSpan = regexp.MustCompile("(?i)(?:\\blike|\\be\\.g\\.,?|\\bfor example,?|\\bfor instance,?|\\bsuch as|\\bsay,?)\\s+`([^`\\n]+)`")

// exampleStem reports a one-segment file named after the last word of an example span earlier in the
// claim: "given an import, like `import foo`, ... check for a file `foo.py`" follows the example.
func exampleStem(p, before string) bool {
	if strings.Contains(p, "/") || !strings.Contains(before, "`") {
		return false
	}
	stem := strings.TrimSuffix(p, pathExt(p))
	for _, m := range exampleSpan.FindAllStringSubmatch(before, -1) {
		words := strings.FieldsFunc(m[1], func(r rune) bool { return r == ' ' || r == '.' || r == '(' || r == ')' })
		if len(words) > 0 && words[len(words)-1] == stem && stem != "" {
			return true
		}
	}
	return false
}

// reportedMissing ends a list of what a failure reports missing: "build failures (missing `cmake`,
// `stdarg.h`, etc.)". The names are the machine's, said to be absent, not files of the repository.
var reportedMissing = regexp.MustCompile("(?i)\\(missing\\s+(?:`[^`\\n]*`\\s*,\\s*)*$")

// orBefore and orAfter find a span in an "or" list of spans: "`a`, `b`, or `c`".
// existenceAsked reports a span whose sentence asks whether it exists ("check whether
// `../fory-benchmark-baseline` already exists and reuse it", "if `build/` is present, remove it", "check
// whether an `archon.db` appears": the thirty-first holdout's Archon): its
// absence is one of the answers the sentence expects, so it names a place, not a fact (the fourteenth
// holdout's fory, read as a sibling checkout gone).
func existenceAsked(before, after string) bool {
	return conditionalBefore.MatchString(before) && existsAfter.MatchString(after) || ensuredBefore.MatchString(before) && ensuredAfter.MatchString(after)
}

// includedFile reports a file a step tells the reader to put in their change: "- Include `RELEASE.md`
// file describing changes" (the thirty-first holdout's strawberry, whose release bot deletes the file
// each time it ships one). The verb opens the step and the span is followed by the word file.
func includedFile(before, after string) bool {
	return includeStep.MatchString(before) && fileAfter.MatchString(after)
}

var (
	includeStep = regexp.MustCompile(`(?i)(?:^|\n)\s*(?:[-*+]\s+|\d+[.)]\s+)?(?:\*\*)?(?:include|add)\s+(?:an?\s+|your\s+|a\s+new\s+)?$`)
	fileAfter   = regexp.MustCompile(`(?i)^\s+file\b`)
)

var (
	// besideProgram follows a place written beside an installed program by its name: "next to
	// TeklaMcpServer", "next to MyTool.exe"
	besideProgram     = regexp.MustCompile(`^\s+next\s+to\s+(?:the\s+)?[A-Z][a-z]+[A-Z]\w*(?:\.exe)?\b`)
	conditionalBefore = regexp.MustCompile(`(?i)\b(?:whether|if)\s+(?:[^\s.;:!?]+\s+){0,3}$`)
	// ensuredBefore and ensuredAfter frame names a step makes exist where it runs: "installs always ensure
	// `widgets/`, `data/`, and `assets/` exist" (the forty-eighth holdout's space-agent), "make sure
	// `config.yaml` exists"; whether the repository has them is not what the sentence says
	ensuredBefore = regexp.MustCompile("(?i)\\b(?:ensures?|ensuring|make\\s+sure|makes\\s+sure|guarantees?)\\s+(?:that\\s+)?(?:(?:the\\s+)?`[^`\\n]*`\\s*,?\\s*(?:and\\s+|or\\s+)?)*(?:the\\s+)?$")
	ensuredAfter  = regexp.MustCompile("(?i)^(?:\\s*,?\\s*(?:and\\s+|or\\s+)?`[^`\\n]*`)*\\s*,?\\s*(?:all\\s+|always\\s+|still\\s+)?(?:exists?|is\\s+present|are\\s+present)\\b")
	existsAfter   = regexp.MustCompile(`(?i)^[\s,)]*(?:already\s+|still\s+)?(?:exists?|is\s+(?:present|there)|appears?|shows\s+up|(?:is|gets|was)\s+(?:created|written))\b`)
	orBefore      = regexp.MustCompile("`\\s*,?\\s+or\\s+$")
	// stageBefore and stageAfter place a span in a lifecycle of directories a file moves through:
	// "status by directory (`planned/` → `in-progress/` → `completed/`)", "moves between `planned/`,
	// `in-progress/`, and `completed/`" (the seventieth holdout's astromech). A stage may stand empty;
	// the others holding keeps the claim, as in an "or" list.
	stageBefore = regexp.MustCompile("(?:\\bbetween\\s+(?:`[^`\\n]+`\\s*,?\\s*(?:and\\s+)?)*|`[^`\\n]+/`\\s*(?:→|->)\\s*)$")
	stageAfter  = regexp.MustCompile("^\\s*(?:→|->)\\s*`")
	orAfter     = regexp.MustCompile("^(?:\\s*,\\s*`[^`\\n]+`)*\\s*,?\\s+or\\s+`")
)

// dropNonClaims removes the anchors of a span its words show is no name of this repository: a file-name
// ending ("end in `_test.go`") and a configuration key ("the `user.name` Git config option").
func dropNonClaims(anchors []Anchor, body, before string, clause func() string) []Anchor {
	body = strings.TrimSpace(body)
	out := anchors[:0]
	for _, a := range anchors {
		switch {
		case a.Kind == AnchorPath && !strings.Contains(a.Path, "/") && strings.IndexAny(body, "_.-") == 0 && suffixCue.MatchString(before):
			continue
		case a.Kind == AnchorSymbol && configKey.MatchString(body) && configCue.MatchString(clause()):
			continue
		}
		out = append(out, a)
	}
	return out
}

// links reads markdown link targets; a link to another site names its own target, so its text is
// blanked with it.
func (x *extraction) links(soulPath string) {
	if !bytes.Contains(x.prose, []byte("](")) {
		return
	}
	for _, m := range mdLink.FindAllStringSubmatchIndex(string(x.prose), -1) {
		dest := strings.TrimSpace(string(x.prose[m[2]:m[3]]))
		if strings.HasPrefix(dest, "#") {
			if a, ok := fragmentAnchor(dest); ok {
				a.Line = x.lineAt(m[0])
				x.c.Anchors = append(x.c.Anchors, a)
			}
			x.blank(m[2], m[3])
			continue
		}
		if a, ok := linkAnchor(dest, soulPath); ok && !quotedExample(string(x.prose), m[0], m[1]) {
			a.Line = x.lineAt(m[0])
			a.Example = comingAt(string(x.prose), m[1])
			x.c.Anchors = append(x.c.Anchors, a)
		}
		if strings.Contains(dest, "://") && !strings.Contains(dest, "/pull/") {
			// "[GitLab issue #177](https://...)": the link names its own target; its text cites no PR here
			x.blank(m[0], m[1])
			continue
		}
		x.blank(m[2], m[3])
	}
}

// refLinks reads the targets of reference links ("[Report a bug]", "[the guide][guide]", "[guide][]")
// from the document's definitions: a link by label is a link all the same.
func (x *extraction) refLinks(soulPath string, refs map[string]string) {
	if len(refs) == 0 || !bytes.ContainsRune(x.prose, '[') {
		return
	}
	for _, m := range refLink.FindAllStringSubmatchIndex(string(x.prose), -1) {
		label := string(x.prose[m[2]:m[3]])
		if m[4] >= 0 && m[5] > m[4] {
			label = string(x.prose[m[4]:m[5]]) // "[text][label]"; "[label][]" keeps the text as label
		}
		dest, ok := refs[linkLabel(label)]
		if !ok || strings.HasPrefix(dest, "#") || quotedExample(string(x.prose), m[0], m[1]) {
			continue
		}
		if a, ok := linkAnchor(dest, soulPath); ok {
			a.Line = x.lineAt(m[0])
			x.c.Anchors = append(x.c.Anchors, a)
		}
		x.blank(m[0], m[1])
	}
}

// refLink is a reference link: "[text][label]", "[label][]" or "[label]", not followed by "(" (an
// inline link, read by links) or ":" (a definition).
var refLink = regexp.MustCompile(`!?\[([^\]\[]+)\](?:\[([^\]\[]*)\])?(?:[^(:\[]|$)`)

// quotedExample reports a link written inside a quoted sentence of example wording: delta-kernel-rs's
// user-guide CLAUDE.md tells writers to open a page with "Before reading this page, make sure you
// understand [Building a Scan](../reading/building_a_scan.md)." (the thirty-ninth holdout), a link meant
// for a page two directories down, not for the guide itself. The quotation must hold words beside the
// link: a link merely set in quotes ("see "[Setup](setup.md)"") still names its file.
func quotedExample(prose string, start, end int) bool {
	before, after := prose[:start], prose[end:]
	open := max(strings.LastIndex(before, "“"), -1)
	if i := strings.LastIndexByte(before, '"'); strings.Count(before, "\"")%2 == 1 && i > open {
		open = i
	} else if open >= 0 && strings.LastIndex(before, "”") > open {
		open = -1 // the last curly quote before the link was closed
	}
	closeAt := strings.IndexAny(after, "\"”")
	if closeAt < 0 {
		return false
	}
	if open < 0 {
		// the sentence closes a quotation an earlier one opened ("... engine here. [The Engine
		// Trait](...) explains how to customize it.\""): its quote marks do not pair up
		if strings.Count(prose, "\"")%2 == 0 && (strings.Contains(before, "“") || !strings.Contains(after, "”")) {
			return false
		}
		open = 0
	}
	inside := before[open:] + after[:closeAt]
	return strings.IndexFunc(inside, func(r rune) bool { return r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z' }) >= 0
}

// urls reads bare URLs: one on this machine is a runtime anchor.
func (x *extraction) urls() {
	text := string(x.prose)
	if !strings.Contains(text, "http") {
		return
	}
	for _, m := range bareURL.FindAllStringIndex(text, -1) {
		// prose punctuation after a URL is not part of it
		if u := strings.TrimRight(text[m[0]:m[1]], ".,;)"); LocalURL(u) {
			x.c.Anchors = append(x.c.Anchors, Anchor{Kind: AnchorRuntime, Ref: u, Line: x.lineAt(m[0])})
		}
		x.blank(m[0], m[1])
	}
}

// importedFrom follows a name the sentence takes from a module by its specifier: "Use `mock()` from
// `bun:test`", "`useQuery` from `@tanstack/react-query`", "`cn()` from `clsx`". A relative or path-like
// specifier ("from `./utils`", "from `src/lib/x.ts`") is this repository's and does not match.
var importedFrom = regexp.MustCompile("^\\s+(?:imported\\s+)?from\\s+`(?:[a-z][\\w-]*:[\\w/-]+|@[\\w.-]+/[\\w.-]+|[a-z][\\w-]*)`")

// temporalIn reports point-in-time wording in lower-cased plain text.
func temporalIn(plain string) bool {
	return marksOf(plain)&markTemporal != 0 || anyPhrase(plain, temporalPhrases)
}

// titledBold is a bold name of two or more capitalised words: a section's or a label's title.
var titledBold = regexp.MustCompile(`\*\*(?:[A-Z][\w'-]*\s+)+[A-Z][\w'-]*\*\*`)

// proseAnchors reads the references written in plain prose (paths, PRs, commits, versions) and the
// line hints that go with line anchors.
func (x *extraction) proseAnchors(text string, digits bool) {
	c := x.c
	if digits || strings.Contains(text, "/") {
		c.Anchors = append(c.Anchors, proseRefs(text, x.lineAt, digits)...)
	}
	if digits && (strings.Contains(text, "line") || strings.Contains(text, "Line") || strings.Contains(text, "L")) {
		attachLineHints(c, text, x.raw, x.lineAt)
	}
	for i := range c.Anchors {
		if c.Anchors[i].Kind == AnchorLine && c.Anchors[i].Hints == nil {
			c.Anchors[i].Hints = hintsFor(c, c.Anchors[i].Path)
			c.Anchors[i].Literals = literalHints(c, c.Anchors[i].Path)
			c.Anchors[i].Words = rangeWords(c.Text)
		}
	}
}

// wording reads what the sentence says of itself: point-in-time, shipped, priced by a runtime or a
// receipt, and (when it holds a number) its git facts, expiry date and counted facts.
func (x *extraction) wording(text string, digits bool) {
	c := x.c
	lower := strings.ToLower(text)
	plainLower := strings.ToLower(strings.ReplaceAll(x.raw, "`", ""))
	marks := marksOf(plainLower)
	c.Temporal = marks&markTemporal != 0 || anyPhrase(plainLower, temporalPhrases)
	if c.Temporal && strings.Contains(x.raw, "**") && titledBold.MatchString(x.raw) {
		// "Check `../freehold-starter/CLAUDE.md` for any **Pending Monorepo Changes** section" (the
		// sixty-fifth holdout's freehold): the word is part of a title, not the sentence's tense
		c.Temporal = temporalIn(strings.ToLower(strings.ReplaceAll(titledBold.ReplaceAllString(x.raw, " "), "`", "")))
	}
	c.Shipped = marks&markShipped != 0
	if c.Kind != KindCommands && c.Kind != kindLooseCommands && strings.Contains(x.raw, "go.mod") {
		// before the number gate: the quoted go line's version may sit in a code span only
		c.Anchors = append(c.Anchors, goLineAnchor(strings.ReplaceAll(x.raw, "`", ""), c.StartLine)...)
	}
	if c.Kind != KindCommands && c.Kind != kindLooseCommands && strings.Contains(plainLower, "edition") {
		// before the number gate too: `edition = "2021"` may be a code span only
		c.Anchors = append(c.Anchors, editionAnchors(strings.ReplaceAll(x.raw, "`", ""), c.StartLine)...)
	}
	if !digits && !strings.Contains(plainLower, "commit") && !strings.Contains(plainLower, "until") {
		// every remaining pattern needs a number: counts, dates, fractions, runtime sizes
		priceRuntime(c)
		if marks&markReceipt != 0 && receiptWords.MatchString(lower) {
			c.Priced = ClassReceipt
		}
		return
	}
	x.gitFacts(plainLower)
	if c.Kind != KindCommands && c.Kind != kindLooseCommands {
		plain := strings.ReplaceAll(x.raw, "`", "")
		versions := plain
		if strings.Contains(x.raw, "`(") || strings.Contains(x.raw, "` (") {
			versions = strings.ReplaceAll(spanVersionNote.ReplaceAllString(x.raw, "`$1`"), "`", "")
		}
		c.Anchors = append(c.Anchors, toolchainAnchors(versions, c.StartLine)...)
		c.Anchors = append(c.Anchors, currentVersionAnchors(plain, c.StartLine)...)
		c.Anchors = append(c.Anchors, frameworkAnchors(versions, c.StartLine)...)
	}
	switch {
	case marks&markRuntime != 0 && runtimeCount.MatchString(lower) && (runtimeContext.MatchString(lower) || strings.Contains(lower, "~")):
		c.Anchors = append(c.Anchors, Anchor{Kind: AnchorRuntime, Ref: runtimeCount.FindString(lower), Line: c.StartLine})
		c.Priced = ClassRuntime
	case (marks&markReceipt != 0 || strings.Contains(lower, "/") || strings.Contains(lower, "coverage") || strings.Contains(lower, "battery") || strings.Contains(lower, "tests") || strings.Contains(lower, "cases")) && receiptWords.MatchString(lower):
		c.Priced = ClassReceipt
	}
	priceRuntime(c)
	if digits {
		c.Numbers = numberFacts(text, x.raw, x.lineAt)
	}
}

// priceRuntime prices a claim with a runtime anchor as a runtime claim.
func priceRuntime(c *Claim) {
	for _, a := range c.Anchors {
		if a.Kind == AnchorRuntime {
			c.Priced = ClassRuntime
		}
	}
}

// gitFacts reads commit counts ("12 commits since v1.2"), the last commit's date, and the date a
// claim says it holds until.
func (x *extraction) gitFacts(plainLower string) {
	c := x.c
	if strings.Contains(plainLower, "commit") {
		for _, m := range commitCount.FindAllStringSubmatch(plainLower, -1) {
			n, _ := strconv.Atoi(m[1])
			c.Anchors = append(c.Anchors, Anchor{Kind: AnchorCount, Ref: m[0], Number: n, Since: m[2], Line: c.StartLine})
		}
	}
	if strings.Contains(plainLower, "last commit") {
		if m := lastCommit.FindStringSubmatch(plainLower); m != nil {
			c.Anchors = append(c.Anchors, Anchor{Kind: AnchorLastDate, Ref: m[1], Line: c.StartLine})
		}
	}
	if anyPhrase(plainLower, expiryCues) {
		if m := expiresOn.FindStringSubmatchIndex(plainLower); m != nil && !pastUntil(plainLower, m[0], m[1]) {
			c.ExpiresOn = plainLower[m[2]:m[3]]
		}
	}
}

// pastUntil reports an "until DATE" the sentence tells as history: "they lived at `x.md` until
// 2026-08-15, when they were moved", "It was hand-maintained until 2026-08-21" (the forty-eighth
// holdout's PyFlow, seven notes of when a file changed, read as claims that had expired). A date the
// claim holds until is said in the present or the future ("valid until", "frozen until").
func pastUntil(text string, from, to int) bool {
	return untilWhen.MatchString(text[to:min(len(text), to+24)]) || pastBeforeUntil.MatchString(text[max(0, from-80):from])
}

var (
	// untilWhen follows the date with what happened then: ", when …", "; then …"
	untilWhen = regexp.MustCompile(`^\s*[,;]?\s*(?:when|then|at which|after which)\b`)
	// pastBeforeUntil is a past verb in the clause before "until"
	pastBeforeUntil = regexp.MustCompile(`\b(?:was|were|had(?:\s+been)?|lived|stayed|remained|sat|used\s+to|described|maintained|kept|undocumented|said|wrote|called|named|listed|pointed|showed)\b[^.;:!?]*$`)
)

// exampleAfter opens the text after a span with the example that fills it: "`CompoundIcons.IconName()`
// (e.g., `CompoundIcons.UserProfileSolid()`)".
var exampleAfter = regexp.MustCompile("^\\s*[(,:]?\\s*(?:e\\.g\\.|for example|such as|like)[,:]?\\s*`([^`]+)`")

// templateBeforeExample reports a span its own example follows, sharing everything but the last name:
// the span is the template ("IconName" stands for any icon, the tenth holdout's element-x), its
// example the instance.
func templateBeforeExample(body, after string) bool {
	m := exampleAfter.FindStringSubmatch(after)
	if m == nil || m[1] == body {
		return false
	}
	cut := func(s string) string {
		s = strings.TrimSuffix(s, "()")
		if i := strings.LastIndexAny(s, "./"); i >= 0 {
			return s[:i+1]
		}
		return ""
	}
	return cut(body) != "" && cut(body) == cut(m[1])
}
