package engine

import (
	"bytes"
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
	gen, gone, configured, forbidden := "", false, false, false
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
		if t := strings.TrimSpace(l); strings.HasPrefix(t, "#") {
			// "# ❌ FORBIDDEN - Never use npm run start directly" over "npm run start" (the
			// two-hundred-and-sixteenth holdout's ScaledTest): the commands up to the next comment are
			// the ones not to run; "# ✅ CORRECT - Use PM2" opens the ones to run
			forbidden = forbiddenComment.MatchString(t)
		}
		lineGone := gone || goneComment.MatchString(l)
		configured = configured || makefileGenerator.MatchString(l)
		for _, a := range commandAnchors(l) {
			a.Line = startLine + first
			a.Generated = gen
			a.Absent = a.Absent || lineGone
			a.Forbidden = forbidden
			// "mkdir -p build && cd build", "cmake ..", "make -j" (the hundred-and-twenty-first holdout's
			// newGEOPM): the Makefile make reads is the one the configure step wrote, in a build directory
			a.Target = a.Target || configured && a.Kind == AnchorMake
			c.Anchors = append(c.Anchors, a)
		}
	}
}

// makefileGenerator is a command that writes the Makefile a later make reads: CMake, autotools'
// configure, Meson, qmake.
var makefileGenerator = mustGate(`(?:^|[\s;&|(])(?:cmake(?:\s|$)|\./configure\b|\.\./configure\b|meson\s+setup\b|qmake\b|autoreconf\b)`)

// forbiddenComment is a comment line of a command block that forbids the commands under it.
var forbiddenComment = mustGate(`(?i)^#+\s*(?:❌|🚫|⛔|✗|✘)|^#+\s*[*_]*(?:forbidden|never|don['’]t|do\s+not)\b`)

// goneBlockComment is a comment line of a command block that says the commands after it are gone.
var goneBlockComment = mustGate(`(?i)\bno\s+longer\s+exists?\b|\b(?:were|was|have\s+been|has\s+been|are|is)\s+(?:\w+\s+)?(?:removed|deleted)\b`)

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
	// romance: the claim holds a word romanceFormerBefore starts from
	romance bool
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
		romance:     anyPhrase(lowerRaw, romanceFormerWords),
	}
}

// romanceFormerWords are the literal words one of which every romanceFormerBefore alternative holds.
var romanceFormerWords = []string{"extra", "migrad", "movid", "traslad", "`@", "antig", "existe", "não há", "nao ha", " hay", "saiu", "saíram", "sairam", "esvazi", "vacian", "emptying", "junto"}

// transientAfter follows a place the sentence says exists only for a while: "`specs/` only while a
// feature is in flight", "only during a release", "only until the migration lands".
var transientAfter = mustGate(`(?i)^[\x60*]*\s*(?:\w+\s+){0,2}?only\s+(?:while|during|until|as\s+long\s+as)\b`)

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
// gone, a destination to fill, a kind of file. The marks are read once for the span (spanmarks.go)
// and then given to each anchor the span names.
func (x *extraction) span(m []int, lowerRaw string) {
	s := &spanText{raw: x.raw, lowerRaw: lowerRaw, m: m, body: x.raw[m[2]:m[3]]}
	s.before = s.behind(spanLead)
	anchors, term := x.spanAnchors(s)
	if len(anchors) > 0 && !linksAway(s) {
		k := x.spanMarks(s)
		for _, a := range anchors {
			if a, ok := x.markAnchor(s, a, k); ok {
				x.c.Anchors = append(x.c.Anchors, a)
			}
		}
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
// seventy-sixth holdout's PremStats). So does a parenthesis that says when it lands: "See
// `feature/feature-auth/SignInViewModel.kt` for a working example *(file lands during Phase 3 — placeholder
// reference until then)*." (the hundred-and-twenty-fifth holdout's kehdo). "`packages/vite-plugin/` —
// @zenv/vite-plugin (future)." (the two-hundred-and-thirteenth's zenv-sh) says it in a word.
var comingLineEnd = mustGate(`(?i)(?:\(\s*(?:coming\s+soon|planned|tbd|to\s+be\s+written|not\s+yet\s+written|future|upcoming)\s*\)|\([^()\n]{0,40}?\b(?:lands?|arrives?)\s+(?:in|during|with|after)\s+(?:phase|step|milestone|sprint|stage|wave)\s*\d+[^()\n]{0,80}\)|` + plannedForeign + `)[*_]*[.。]?\s*$`)

// comingRightAfter is the same mark right after the name, mid-line: "- [TDD实践](docs/development/tdd-practices.md)
// (TODO) - TDD最佳实践" (the two-hundred-and-eleventh holdout's event2table).
var comingRightAfter = mustGate(`(?i)^[\s*_]*\(\s*(?:todo|coming\s+soon|planned|tbd|wip|to\s+be\s+written|not\s+yet\s+written|待补充|待完成|待编写|待添加)\s*\)`)

// comingAt reports a name at byte from of text whose line comingLineEnd closes; most lines end in no
// parenthesis, and are spared the regexp.
func comingAt(text string, from int) bool {
	row := tableRowAfter(text, from)
	if strings.HasPrefix(strings.TrimLeft(row, " *_"), "(") && comingRightAfter.MatchString(row) {
		return true
	}
	if end := strings.TrimRight(row, " \t\n\f\r*_.。"); !strings.HasSuffix(end, ")") && !strings.HasSuffix(end, "）") {
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
var restoredAfter = mustGate(`^\s+(?:is|are)\s+(?:now\s+)?(?:restored|re-?added|brought\s+back|empty)\b`)

// exampleSpan is a span the sentence offers as an example: "like `import foo`", "e.g. `bar`".
var exampleSpan = mustGate("(?i)(?:\\blike|\\be\\.g\\.,?|\\bfor example,?|\\bfor instance,?|\\bsuch as|\\bsay,?)\\s+`([^`\\n]+)`")

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
// `stdarg.h`, etc.)". The names are the machine's, said to be absent, not files of the repository. A clause
// that opens with the word says so of this repository: "Missing `src/entry-client.tsx` and
// `src/entry-server.tsx` (TanStack Start requirement)", "Missing entry files: `a`, `b` (create these …)" (the
// hundred-and-sixty-seventh holdout's starrupture-planner, a list of known gaps); words after it need their
// colon ("Missing pages render `app/404`" names a page that must be there).
var reportedMissing = mustGate("(?i)\\(missing\\s+(?:`[^`\\n]*`\\s*,\\s*)*$|^[\\s*_>-]*missing(?:(?:\\s+[\\w-]+){1,3}\\s*:)?\\s*(?:`[^`\\n]*`\\s*(?:,|and|or|&|/)?\\s*)*$")

// orBefore and orAfter find a span in an "or" list of spans: "`a`, `b`, or `c`".
// existenceAsked reports a span whose sentence asks whether it exists ("check whether
// `../fory-benchmark-baseline` already exists and reuse it", "if `build/` is present, remove it", "check
// whether an `archon.db` appears": the thirty-first holdout's Archon): its
// absence is one of the answers the sentence expects, so it names a place, not a fact (the fourteenth
// holdout's fory, read as a sibling checkout gone).
func existenceAsked(before, after string) bool {
	return conditionalBefore.MatchString(before) && existsAfter.MatchString(after) || ensuredBefore.MatchString(before) && ensuredAfter.MatchString(after) ||
		strings.Contains(before, "resent,") && presentLeadIn.MatchString(before) ||
		strings.Contains(before, "heck") && checkForBefore.MatchString(before) ||
		cjkExistsIfAfter.MatchString(after) || cjkIfBefore.MatchString(before) && cjkExistsAfter.MatchString(after) || cjkIfExistsBefore.MatchString(before) ||
		ifAddedAfter.MatchString(after) || ifExistsParenAfter.MatchString(after) || strings.Contains(before, "resent") && whenPresentBefore.MatchString(before) ||
		doesBefore.MatchString(before) && existsAfter.MatchString(after) && strings.Contains(after[:min(len(after), 120)], "?") ||
		strings.Contains(before, "ook") && lookForBefore.MatchString(before) && foundIfAfter.MatchString(after)
}

// lookForBefore and foundIfAfter put a name in a search whose next words allow it to be absent: "Always
// look for a `.agents/PROJECT.md` file at the repository root. If it exists, read it" (the
// two-hundred-and-twenty-first holdout's Arc, rules shared by many repositories).
var (
	lookForBefore = mustGate(`(?i)\blook\s+(?:for|out\s+for)\s+(?:an?\s+|the\s+|any\s+)?[*_]*$`)
	foundIfAfter  = mustGate(`(?i)^[^\n]{0,60}?\bif\s+(?:it|one|they|such\s+(?:an?\s+)?(?:file|folder|directory))\s+(?:exists?|is\s+(?:present|there|found)|are\s+(?:present|found))\b`)
)

// doesBefore ends the words before a name a question asks about: "**Before anything else: does
// `BOOTSTRAP.md` exist in this repository?**" (the two-hundred-and-seventeenth holdout's skillbridge,
// whose onboarding file is deleted once the project is set up).
var doesBefore = mustGate(`(?i)\b(?:does|do)\s+(?:an?\s+|the\s+|any\s+)?[*_]*$`)

// ifExistsParenAfter follows a name with a parenthesis that makes it conditional: "Infra de Odoo:
// `docs/ODOO.md` (si existe) o las notas de memoria" (if it exists: the two-hundred-and-thirteenth
// holdout's MCP-Contable). "| `services/scheduler` (optional) | Container (Python) |" (the
// two-hundred-and-eighteenth's ForkReplay, a service still to build) says the same.
var ifExistsParenAfter = mustGate(`(?i)^\s*[(（]\s*(?:if\s+(?:it\s+)?(?:exists|present|any)|if\s+there\s+is\s+one|when\s+present|optional|si\s+existe|se\s+existir|s['’]il\s+existe|falls\s+vorhanden|wenn\s+vorhanden|如果?存在|若存在|如有)\s*[)）]`)

// whenPresentBefore ends the words before a name with a parenthesis that makes it conditional: "- (When
// present) `static/`: Static assets served directly by Spring Boot" (the two-hundred-and-twelfth
// holdout's MultiAgentAgenticAi, whose build writes them elsewhere).
var whenPresentBefore = mustGate(`(?i)\(\s*(?:when|if|where)\s+present\s*\)\s*[*_]*$`)

// ifAddedAfter follows a name with the condition of its making: "`.github/copilot-instructions.md` — if
// added, GitHub Copilot … will pick it up" (the two-hundred-and-eleventh holdout's lsfusion platform).
var ifAddedAfter = mustGate(`(?i)^\s*(?:[—–:,(]|\s-)?\s*(?:if|once|when)\s+(?:it\s+is\s+|it['’]s\s+|one\s+is\s+)?(?:ever\s+)?(?:added|created|introduced|set\s+up)\b`)

// cjkExistsIfAfter follows a name with "if it exists" as Korean and Japanese write it, after the noun:
// "세션 시작 시 `.claude/handoff.md` 파일이 존재하면: 1. 파일을 즉시 읽는다" (the hundred-and-thirteenth
// holdout's DDD_FE, a handoff file each session reads and deletes), "`x` があれば". Chinese opens the
// condition before the name ("如果 `x` 存在"): cjkIfBefore and cjkExistsAfter.
var (
	cjkExistsIfAfter = mustGate(`^\s*(?:파일|디렉터리|디렉토리|폴더|ファイル|ディレクトリ|フォルダ)?\s*(?:이|가|が)?\s*(?:존재하면|있으면|존재할\s*경우|있을\s*경우|존재하는\s*경우|있는\s*경우|存在する場合|存在すれば|あれば|ある場合)`)
	cjkIfBefore      = mustGate(`(?:如果|若|假如|如)\s*$`)
	cjkExistsAfter   = mustGate(`^\s*(?:文件|目录)?\s*(?:存在|已存在)`)
	// cjkIfExistsBefore puts the verb before the name too: "若存在 `api/buf.typescript.gen.yaml`，服务级
	// `make api` 会额外生成 TypeScript 客户端" (if … exists, make api also generates a client: the
	// hundred-and-sixtieth holdout's servora-platform, where app.mk checks for the file)
	cjkIfExistsBefore = mustGate(`(?:如果|若|假如|如|当)\s*(?:存在|有|已有)\s*$`)
)

// includedFile reports a file a step tells the reader to put in their change: "- Include `RELEASE.md`
// file describing changes" (the thirty-first holdout's strawberry, whose release bot deletes the file
// each time it ships one). The verb opens the step and the span is followed by the word file.
func includedFile(before, after string) bool {
	return includeStep.MatchString(before) && fileAfter.MatchString(after)
}

var (
	includeStep = mustGate(`(?i)(?:^|\n)\s*(?:[-*+]\s+|\d+[.)]\s+)?(?:\*\*)?(?:include|add)\s+(?:an?\s+|your\s+|a\s+new\s+)?$`)
	fileAfter   = mustGate(`(?i)^\s+file\b`)
)

var (
	// besideProgram follows a place written beside an installed program by its name: "next to
	// TeklaMcpServer", "next to MyTool.exe"
	besideProgram = mustGate(`^\s+next\s+to\s+(?:the\s+)?[A-Z][a-z]+[A-Z]\w*(?:\.exe)?\b`)
	// "until a real `ci.yml` exists", "Once `.github/workflows/deploy.yml` exists it runs" (the
	// ninety-eighth holdout's vstack-template-base, a template that ships only examples/*.yml.example)
	// "When present, collection content lives under `config/collections/…/`" (the hundred-and-thirty-
	// eighth holdout's homelab): the sentence opens by making the place a condition of what follows
	presentLeadIn     = mustGate(`(?i)(?:^|[.!?]\s+|\n\s*(?:[-*+]\s+)?)[*_]*(?:when|if|where)\s+present,(?:[^.;!?\n]|\.\w)*$`)
	conditionalBefore = mustGate(`(?i)\b(?:whether|if|once|until|unless|when(?:ever)?)\s+(?:[^\s.;:!?]+\s+){0,3}$`)
	// ensuredBefore and ensuredAfter frame names a step makes exist where it runs: "installs always ensure
	// `widgets/`, `data/`, and `assets/` exist" (the forty-eighth holdout's space-agent), "make sure
	// `config.yaml` exists"; whether the repository has them is not what the sentence says
	ensuredBefore = mustGate("(?i)\\b(?:ensures?|ensuring|make\\s+sure|makes\\s+sure|guarantees?)\\s+(?:that\\s+)?(?:(?:the\\s+)?`[^`\\n]*`\\s*,?\\s*(?:and\\s+|or\\s+)?)*(?:the\\s+)?$")
	ensuredAfter  = mustGate("(?i)^(?:\\s*,?\\s*(?:and\\s+|or\\s+)?`[^`\\n]*`)*\\s*,?\\s*(?:all\\s+|always\\s+|still\\s+)?(?:exists?|is\\s+present|are\\s+present)\\b")
	// checkForBefore asks after a file the way a step looks for it: "Before any evaluation, check for
	// `./prod-mgmt/risk-acceptances.md`." (the hundred-and-twenty-ninth holdout's context-curator, whose
	// next paragraph says what to do when it is not there)
	checkForBefore = mustGate(`(?i)\bcheck(?:s|ing)?\s+for\s+(?:the\s+(?:existence\s+of\s+(?:the\s+|an?\s+)?)?|an?\s+)?$`)
	existsAfter    = mustGate(`(?i)^[\s,)]*(?:already\s+|still\s+)?(?:exists?|is\s+(?:present|there)|appears?|shows\s+up|(?:is|gets|was)\s+(?:created|written))\b`)
	orBefore       = mustGate("`\\s*,?\\s+or\\s+$")
	// stageBefore and stageAfter place a span in a lifecycle of directories a file moves through:
	// "status by directory (`planned/` → `in-progress/` → `completed/`)", "moves between `planned/`,
	// `in-progress/`, and `completed/`" (the seventieth holdout's astromech). A stage may stand empty;
	// the others holding keeps the claim, as in an "or" list.
	stageBefore = mustGate("(?:\\bbetween\\s+(?:`[^`\\n]+`\\s*,?\\s*(?:and\\s+)?)*|`[^`\\n]+/`\\s*(?:→|->)\\s*)$")
	stageAfter  = mustGate("^\\s*(?:→|->)\\s*`")
	orAfter     = mustGate("^(?:\\s*,\\s*`[^`\\n]+`)*\\s*,?\\s+or\\s+`")
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
			a.Example = comingAt(string(x.prose), m[1]) || exampleLinkText.Match(x.prose[m[0]:m[2]])
			// "[cli/README.md](./cli/README.md) - CLI 详细文档 (如有)": a page the line says may be
			// missing (if any; the hundred-and-thirty-first holdout's openmemory-plus)
			a.Target = presentIfAfter.MatchString(string(x.prose[m[1]:min(len(x.prose), m[1]+160)]))
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
var refLink = mustGate(`!?\[([^\]\[]+)\](?:\[([^\]\[]*)\])?(?:[^(:\[]|$)`)

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
var importedFrom = mustGate("^\\s+(?:imported\\s+)?from\\s+`(?:[a-z][\\w-]*:[\\w/-]+|@[\\w.-]+/[\\w.-]+|[a-z][\\w-]*)`")

// temporalIn reports point-in-time wording in lower-cased plain text.
func temporalIn(plain string) bool {
	return marksOf(plain)&markTemporal != 0 || anyPhrase(plain, temporalPhrases)
}

// titledBold is a bold name of two or more capitalised words: a section's or a label's title.
var titledBold = mustGate(`\*\*(?:[A-Z][\w'-]*\s+)+[A-Z][\w'-]*\*\*`)

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
	var words, prose []string // the claim's, shared by its line anchors
	for i := range c.Anchors {
		if c.Anchors[i].Kind == AnchorLine && c.Anchors[i].Hints == nil {
			if prose == nil {
				words, prose = rangeWords(c.Text), proseWords(c.Text)
			}
			if name, ok := citedSubject(c.Text, c.Anchors[i].Ref); ok {
				c.Anchors[i].Hints = []string{name}
			} else {
				c.Anchors[i].Hints = hintsFor(c, c.Anchors[i].Path)
			}
			c.Anchors[i].Literals = literalHints(c, c.Anchors[i].Path)
			c.Anchors[i].Words, c.Anchors[i].Prose = words, prose
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
		if strings.Contains(x.raw, "`(") || strings.Contains(x.raw, "` (") || strings.Contains(x.raw, "`（") || strings.Contains(x.raw, "(`") {
			versions = spanVersionNote.ReplaceAllString(x.raw, "`$1`")
			versions = codeForRelease.ReplaceAllString(codeReleaseNote.ReplaceAllString(versions, "`$1`"), "(`$1`)")
			versions = strings.ReplaceAll(versions, "`", "")
		}
		c.Anchors = append(c.Anchors, toolchainAnchors(versions, c.StartLine)...)
		c.Anchors = append(c.Anchors, currentVersionAnchors(plain, c.StartLine)...)
		c.Anchors = append(c.Anchors, frameworkAnchors(versions, c.StartLine)...)
		c.Anchors = append(c.Anchors, boostAnchors(plain, c.StartLine)...)
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
	after := text[to:min(len(text), to+80)]
	if untilWhen.MatchString(text[to:min(len(text), to+24)]) || pastBeforeUntil.MatchString(text[max(0, from-80):from]) || pastAfterUntil.MatchString(after) {
		return true
	}
	m := pastVerbAfterUntil.FindString(after)
	return m != "" && !presentAux.MatchString(m)
}

var (
	// untilWhen follows the date with what happened then: ", when …", "; then …"
	untilWhen = mustGate(`^\s*[,;]?\s*(?:when|then|at which|after which)\b`)
	// pastBeforeUntil is a past verb in the clause before "until". A dot inside a name or a number
	// ("`VERSION.md` pinned 4.6 until 2026-08-03", "THIS LINE SAID `40 + CON×2.0` UNTIL 2026-08-03":
	// the hundred-and-third holdout's Godot_tamer, correction notes) does not end the clause. "A pass
	// landed 2026-07-09 through 2026-07-13" (the hundred-and-thirtieth's agentic-scaffold) tells when
	// work happened. A pronoun and a regular past verb is a past clause too: "(it rendered
	// `awaiting_approval` with no marker at all until 2026-08-11)" (the hundred-and-sixty-third's Metorite).
	// "which is what this line claimed until 2026-08-17" and "it took until 2026-08-17 to name it" (the
	// two-hundred-and-sixth's mtg-grimoire, correction notes) are past as well, and so is "It was a
	// `data:` URL until 2026-08-21" (the two-hundred-and-thirty-first's ultimate: a scheme's colon).
	pastBeforeUntil = mustGate(`\bused\s+(?:a|an|the|its|their|our)\b(?:[^.;:!?]|\.\w)*$|\b(?:it|they|we|he|she)\s+[a-z]{2,}[^e\s]ed\b(?:[^.;:!?]|\.\w)*$|\b(?:was|were|had(?:\s+been)?|lived|stayed|remained|sat|used\s+to|described|maintained|kept|undocumented|said|claimed|stated|wrote|called|named|listed|pointed|showed|pinned|read|stood|landed|shipped|merged|ran|happened|occurred|took|came|went|got|became|began|held|meant|needed)\b(?:[^.;:!?]|\.\w|\b(?:data|file|https?|blob|about|javascript):)*$`)
	// pastAfterUntil opens the clause a date begins with a past verb: "Until 2026-08-07 only the service
	// name was localized" (the hundred-and-forty-ninth holdout's salon-booking-v2, beside "`LogoDisplay.tsx`
	// used a raw uncached `fetch` until 2026-08-07", which pastBeforeUntil reads): what was so before then.
	pastAfterUntil = mustGate(`^[^.;:!?]{0,60}?\b(?:was|were|had)\b`)
	// pastVerbAfterUntil is a subject and a regular past verb after the date: "*(Until 2026-08-11 the move
	// gate's fence grepped the literal …" (the hundred-and-sixty-third holdout's Metorite, a note of how a
	// check worked before a change), unless a present or modal verb stands between (presentAux: "the
	// flag is disabled", "builds must be signed").
	// "Until 2026-08-21 nothing in the package subscribed to it at all" (the two-hundred-and-thirty-first
	// holdout's ultimate) has a pronoun of none for its subject.
	pastVerbAfterUntil = mustGate(`^\s*[,)]?\s*(?:the|a|an|this|that|these|those|its|our|their|it|they|we|nothing|nobody|no|none|every|each|all|any)\b(?:[^.;:!?]|\.\w){0,50}?\b[a-z]{2,}[^e\s]ed\b`)
	presentAux         = mustGate(`\b(?:is|are|be|been|will|must|should|shall|stays?|remains?|gets?|can|may)\b`)
)

// exampleAfter opens the text after a span with the example that fills it: "`CompoundIcons.IconName()`
// (e.g., `CompoundIcons.UserProfileSolid()`)".
var exampleAfter = mustGate("^\\s*[(,:]?\\s*(?:e\\.g\\.|for example|such as|like)[,:]?\\s*`([^`]+)`")

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
