package engine

import (
	"path"
	"strings"
)

// spanText is one code span of a claim and the windows of text its cues read. The clause before
// the span and the one around it are read by several cues; each is cut once, when the first cue
// that needs it asks.
type spanText struct {
	raw, lowerRaw string
	m             []int // the span's match: whole span, then its body
	body          string
	before        string // the spanLead bytes before the span

	clauseB, clauseA string
	haveB, haveA     bool
}

// after is the text after the span, up to n bytes; behind the text before it, back n bytes.
func (s *spanText) after(n int) string  { return s.raw[s.m[1]:min(len(s.raw), s.m[1]+n)] }
func (s *spanText) behind(n int) string { return s.raw[max(0, s.m[0]-n):s.m[0]] }

// rest is all of the claim after the span.
func (s *spanText) rest() string { return s.raw[s.m[1]:] }

func (s *spanText) trimmed() string { return strings.TrimSpace(s.body) }

func (s *spanText) lead() string {
	if !s.haveB {
		s.clauseB, s.haveB = clauseBefore(s.raw, s.m[0]), true
	}
	return s.clauseB
}

func (s *spanText) around() string {
	if !s.haveA {
		s.clauseA, s.haveA = clauseAroundFrom(s.raw, s.lead(), s.m[0], s.m[1]), true
	}
	return s.clauseA
}

// spanMarks are what the words around a span say of every anchor it names.
type spanMarks struct {
	plural, example, dest, alt, absent, former, struck bool
}

// spanAnchors classifies the span's body and lets the words around it take back what it is not: a
// branch, a repository on a forge, a key of a file, wording the document says not to write.
func (x *extraction) spanAnchors(s *spanText) ([]Anchor, string) {
	anchors, term := classifySpan(s.body)
	body, before := s.trimmed(), s.before
	if branchName.MatchString(body) && (x.branches[body] || kindWildcard(body) && strings.Contains(s.lowerRaw, "branch") || branchBefore.MatchString(s.behind(24)) || strings.Contains(s.body, "/") && (x.c.branchItem || branchCue.MatchString(s.lead()) || branchAfter.MatchString(s.rest()) || pushedTo.MatchString(before) || branchList.MatchString(before) || branchKinds[strings.TrimSuffix(body, "/")] && prefixList.MatchString(before) || trunkBefore.MatchString(before) || trunkAfter.MatchString(s.rest()))) {
		// "on branch `feat/search`", "branches start with `claude/`", "the `r/pre-*` branch", "runs on
		// every push to `main`, `r/pre-*`": a git branch or a pattern of them, not a path; a name the
		// claim called a branch once stays one ("... only publish from `main` or `r/hotfix/**`")
		anchors, term = []Anchor{{Kind: AnchorBranch, Ref: body}}, ""
		if x.branches == nil {
			x.branches = map[string]bool{}
		}
		x.branches[body] = true
	}
	if forgeRepoName(s.body) && (repoNounAfter.MatchString(s.rest()) || repoBefore.MatchString(before)) {
		// "the `spree/dashboard-starter` template repo", "cloned from `spree/spree-starter`": a repository
		// on a forge by its owner/name, not a directory here
		anchors, term = nil, ""
	}
	if orgRepos(s.body, before) {
		// "published as standalone repos under `forwardimpact/`", "every sibling repo under
		// `forwardimpact/*`" (the two-hundred-and-twenty-eighth holdout's pathway): a forge owner's
		// repositories, not a directory here
		anchors, term = nil, ""
	}
	if strings.HasPrefix(s.body, ".") && (keyPath.MatchString(s.body) && !hasKnownExt(s.body) && keyFileAfter.MatchString(s.after(80)) ||
		!strings.Contains(s.body, "/") && manifestKeyAfter.MatchString(s.after(60))) {
		// "see `.engines.node` in `web/package.json`" (tilt, the thirty-seventh holdout): a key of the
		// file named after it, not a file; "(see `.eslintrc` in `package.json`)", a config a manifest holds
		anchors, term = nil, ""
	}
	if eventName.MatchString(body) {
		anchors, term = nil, "" // "触发事件: `app/user.created`": an event's name, its last word a past participle
	}
	if constPath.MatchString(s.body) && codeFileAfter.MatchString(s.after(80)) {
		anchors, term = nil, "" // "`lint/DEFAULT_EXCLUDES` in `lint/prompt_lint.py`": a constant of that file
	}
	anchors = dropNonClaims(anchors, s.body, before, s.around)
	if rejectedQuote.MatchString(before) {
		anchors = nil // `..., not "` + "`x.ts:133` sets it\"": the wording the document tells you not to write
	}
	return anchors, term
}

// linksAway is "[`reverse-changelog.py`](https://github.com/other/repo/...)": the link names its
// own target, elsewhere.
func linksAway(s *spanText) bool {
	return strings.HasPrefix(s.rest(), "](") && strings.HasSuffix(s.before, "[") && strings.Contains(s.after(12), "://")
}

func (x *extraction) spanMarks(s *spanText) spanMarks {
	orPrev := orBefore.MatchString(s.before)
	k := spanMarks{
		plural:  pluralAfter.MatchString(s.rest()) || routeFileKind.MatchString(s.body),
		example: x.spanExample(s),
		dest:    x.spanTarget(s) || orPrev && placeholderBefore(s.before) || numberedSeries(s),
		alt: orPrev || orAfter.MatchString(s.after(240)) || x.inColumns(x.c.patternColumns, s.raw, s.m[0]) ||
			strings.HasSuffix(s.body, "/") && (stageBefore.MatchString(s.before) || stageAfter.MatchString(s.after(8))),
		former: x.spanFormer(s),
		struck: strings.Contains(s.raw, "~~") && struckAt(s.raw, s.m[0], s.m[1]),
	}
	k.absent = k.former || x.spanAbsent(s)
	return k
}

// spanExample: the span shows a name for the reader's own, a sample of a pattern, or a name in a
// table's column of names.
func (x *extraction) spanExample(s *spanText) bool {
	raw, m := s.raw, s.m
	if x.c.inExample || illustrative(s.behind(240)) || letterStem.MatchString(s.trimmed()) || strings.Contains(s.body, "x.") && lowerXStandIn(s.trimmed(), s.raw) || strings.Contains(s.body, "N.") && numberSlotStem.MatchString(s.trimmed()) || templateBeforeExample(s.body, s.after(120)) ||
		generatedItem.MatchString(s.after(40)) || futureItem.MatchString(s.after(100)) ||
		pathLine.MatchString(s.trimmed()) && formatAfter.MatchString(s.after(24)) ||
		strings.HasPrefix(strings.TrimSpace(s.after(8)), "|") && uncommittedRow.MatchString(tableRowAfter(raw, m[1])) ||
		comingAt(raw, m[1]) {
		return true
	}
	if strings.Contains(s.before, "ase") && caseStyleParen.MatchString(s.before) { // "case" and "Case"
		// "Files: kebab-case for components (`character-card.tsx`)": a sample of the naming rule
		return true
	}
	if containsFold(s.before, "plural", "singular") && numberStyleList.MatchString(s.before) {
		return true
	}
	if derivedName(s.trimmed(), s.after(80)) || strings.Contains(s.before, "{") && bracedName(s.before, s.trimmed()) {
		// "`Profile.tsx` → `profile`": a file name shown beside the name a rule derives from it is a
		// sample of the rule, as an item under a naming rule is
		x.c.styleSample = true
		return true
	}
	// a name in a column of names, however much it reads like a file, or a pattern in a column of them
	return x.inColumns(x.c.nameColumns|x.c.patternColumns, raw, m[0])
}

// inColumns reports a span, starting at at in the claim's raw text, in a table cell of one of the
// columns the bit mask marks.
func (x *extraction) inColumns(mask uint64, raw string, at int) bool {
	return inColumn(x.c, mask, raw, at)
}

// inColumn reports whether the text of a table row c at offset at lies in a cell of one of the columns
// the bit mask marks (a column's bit is its number, counted by the "|" before the cell).
func inColumn(c *Claim, mask uint64, row string, at int) bool {
	if mask == 0 || c.table == 0 {
		return false
	}
	col := cellBars(row[:at])
	return col < 64 && mask&(1<<col) != 0
}

// cellBars counts the cell separators in a table row's text: an escaped bar ("`[entity\|action].ts`",
// the hundred-and-seventy-ninth holdout's fullstack-app-template) is the cell's own text.
func cellBars(row string) int {
	n := strings.Count(row, "|")
	if n > 0 {
		n -= strings.Count(row, "\\|")
	}
	return n
}

// spanTarget: the span names a place to create or fill, one that comes and goes, or one the
// reader must not make.
func (x *extraction) spanTarget(s *spanText) bool {
	before := s.before
	if x.targetBefore(s) || x.targetAfter(s) {
		return true
	}
	if len(before) == spanLead && strings.Contains(before, "`") {
		// a list of names a forbidding cue opens may start before before's window: "**NEVER** reintroduce
		// the deprecated `code-agent.ts` / `subagent.ts` /\n `brave-tools.ts` modules" (the eighty-second
		// holdout's zapdev, longer names than these)
		if wide := s.behind(240); containsFold(wide, "not", "never", "n't", "n’t") && forbidMakeCue.MatchString(wide) {
			return true
		}
	}
	g := x.gates
	return g.needed && addBefore.MatchString(before) && neededLater.MatchString(s.after(120)) || // "Add `public/` (…) only when you need to ship static files"
		// "Use `VAMOS_APP_FILES_ROOT` for durable files. Default: `./files`."
		g.defaults && !hasKnownExt(strings.TrimSuffix(s.body, "/")) && defaultBefore.MatchString(before) && settingNamed.MatchString(s.raw) ||
		// "`*.log` → matches `latest.log`, `debug.log`": a pattern shown with its samples
		g.matches && (matchesAfter.MatchString(s.after(24)) || matchesBefore.MatchString(s.behind(200))) ||
		// "Specs live in `Documentation/specs/` only while a feature is in flight" (the fifty-second
		// holdout's 2anki): a place that comes and goes, empty and so untracked between its uses
		g.onlyWhile && transientAfter.MatchString(s.after(60)) ||
		// "`bridge/` next to TeklaMcpServer" (the forty-eighth holdout's svMCP): a place beside an
		// installed program, where its build copies things
		g.nextTo && besideProgram.MatchString(s.after(60)) ||
		// the list of files may run past before's window: "rewrites the updater metadata files `a.yml`,
		// `b.yml`, `c.yml`"
		g.outputFiles && outputFilesCue.MatchString(s.behind(400)) ||
		// "consider moving shared components and hooks to a `shared/` layer" (the two-hundred-and-eighth
		// holdout's agentic-rn-demo): a place a suggestion would make
		strings.Contains(s.lowerRaw, "consider") && considerMoveBefore.MatchString(before)
}

// considerMoveBefore ends the words before a span that suggest moving or pulling code out to it.
var considerMoveBefore = mustGate(`(?i)\bconsider\s+(?:(?:moving|extracting|splitting|pulling|factoring|lifting|promoting)\b[^.!?\n\x60]{0,80}?\b(?:to|into)|creating|adding|introducing)\s+(?:(?:an?|the|its\s+own|their\s+own)\s+)?(?:(?:new|dedicated|separate)\s+)?[*_]*$`)

// targetBefore: the words before the span (or around it) make it a place to create, to fill, or
// never to make: "create `x`", "if `x` exists", "never add `x`", a numbered step's "Add `x`".
func (x *extraction) targetBefore(s *spanText) bool {
	before := s.before
	return mayTarget(before) && target(before) && !addedToFile(before, s.trimmed()) ||
		strings.Contains(before, "`") && listedTarget(before) ||
		x.c.numbered && stepAddCue.MatchString(s.raw[:s.m[0]]) ||
		hypotheticalAt(s.around(), len(s.lead())) ||
		anyCue(destCues, before, func() string { return before }) ||
		existenceAsked(before, s.after(60)) || includedFile(before, s.after(40)) || containsFold(s.lowerRaw, "future", "planned", "todo", "tbd", "coming", "upcoming") && futureLead.MatchString(s.behind(160)) ||
		forbidExamples.MatchString(s.behind(200)) || forbiddenPlaceBefore.MatchString(before) || strings.Contains(s.lowerRaw, "forbid") && forbidVerbBefore.MatchString(before) && !inPlace.MatchString(before) || forbiddenPlaceAfterJa.MatchString(s.after(40)) || strings.Contains(before, "tray") && strayBefore.MatchString(before) ||
		containsFold(s.behind(200), "output", "artifact", "writes", "emits") && outputLabel.MatchString(s.behind(200)) ||
		strings.Contains(s.lowerRaw, "until") && untilMadeBefore.MatchString(before) && untilMadeAfter.MatchString(s.after(60)) ||
		strings.Contains(s.lowerRaw, "target") && targetListBefore.MatchString(s.behind(200)) ||
		strings.Contains(s.lowerRaw, "will") && willBecomeBefore.MatchString(before) ||
		containsFold(s.lowerRaw, "once", "when", "after") && onceShippedLead.MatchString(s.behind(200)) ||
		x.gates.nonASCII && containsFold(before, "禁", "不要", "避免", "勿") && cjkForbidParen.MatchString(before) ||
		strings.ContainsAny(before, "→>") && moveArrowBefore.MatchString(before) ||
		strings.Contains(s.lowerRaw, "new") && newThingSample.MatchString(before)
}

// moveArrowBefore ends the words before where a step is to move a file: "| `ForceGraph.tsx` | … | **MIGRATE**
// → `visualizations/ForceGraph.tsx` |" (the two-hundred-and-twenty-fourth holdout's civitcs, a migration
// table whose files still sit where the document says they are now).
var moveArrowBefore = mustGate(`(?i)\b(?:migrate|move|port|relocate|rename|extract|split)[*_]*\s*(?:→|->|=>)\s*[*_]*$`)

// targetAfter: the words after the span say it is generated, optional, present only sometimes,
// a placeholder, made when needed, or planned (a table's "not started", a line closed by "(planned)").
func (x *extraction) targetAfter(s *spanText) bool {
	return generatedAfter.MatchString(s.after(40)) || insidePackagesAfter.MatchString(s.after(60)) ||
		presentIfGate(s.after(120)) && presentIfAfter.MatchString(s.after(120)) || optionalAfter.MatchString(s.after(40)) || ignoredAfter.MatchString(s.after(40)) ||
		placeholderItem.MatchString(s.after(80)) || whenCreatedAfter.MatchString(s.after(40)) ||
		remoteAfter.MatchString(s.after(80)) && fetchedBefore.MatchString(s.before) ||
		strings.HasSuffix(s.trimmed(), "/") && (uncommittedAfter.MatchString(s.after(160)) || neededAfter.MatchString(s.after(40)) || runtimeDirAfter.MatchString(s.after(60)) || generatedItem.MatchString(s.after(40)) || treatedGenerated.MatchString(s.after(40))) ||
		x.c.table > 0 && strings.HasPrefix(strings.TrimSpace(s.after(8)), "|") && (plannedCell.MatchString(tableRowAfter(s.raw, s.m[1])) ||
			strings.HasSuffix(s.trimmed(), "/") && outputCell.MatchString(tableRowAfter(s.raw, s.m[1]))) ||
		// "- `apps/web` — 랜딩페이지 + 동아리 신청 폼 (추후 개발)": a line its writer closed with "(planned)"
		// names a place still to come, whether or not history once held it (the hundred-and-thirteenth
		// holdout's DDD_Admin, DDD_FE)
		comingAt(s.raw, s.m[1]) ||
		containsFold(s.lowerRaw, "if missing", "if absent", "if not present") && ifMissingAfter.MatchString(s.after(80)) ||
		strings.HasPrefix(strings.TrimLeft(s.raw, " \t-*+"), "`") && insideTemplateDir(s) ||
		strings.Contains(s.lowerRaw, "from") && fromTemplateAfter.MatchString(s.after(80))
}

// fromTemplateAfter follows a name with the note that each checkout makes it from a template: "`.claude/state/
// current-feature.json` - Active feature state (copy from template)" (the two-hundred-and-twenty-fifth
// holdout's TPL_Expense, beside a tracked current-feature-template.json).
var fromTemplateAfter = mustGate(`(?i)^[^\n(]{0,60}\(\s*(?:copy|copied|create[d]?|generate[d]?|made)\s+(?:it\s+)?from\s+(?:the\s+|a\s+)?(?:template|example|sample)\b`)

// newThingSample ends the words before a sample of something the reader may add: "If you add a new
// subdirectory environment (e.g. `scripts/`):" (the two-hundred-and-twenty-fifth holdout's Linear_Algebra,
// whose old scripts/ a commit had removed).
var newThingSample = mustGate(`(?i)\b(?:add|adds|adding|create|creates|creating|introduce|introducing)\s+(?:an?\s+|another\s+)?new\b[^.;:!?\x60]{0,60}\(\s*(?:e\.g\.|eg\.?|for\s+example|such\s+as|like)\s*,?\s*[*_]*$`)

// filterPattern reports an anchor that can stand among a filter's patterns: a glob, or a bare
// directory's name ("Skips test files (`test_*`, `*_test.*`, `__tests__/`)", the hundred-and-thirty-fifth
// holdout's cc-skills).
func filterPattern(a Anchor, body string) bool {
	dir, ok := strings.CutSuffix(body, "/")
	return a.Kind == AnchorGlob || a.Kind == AnchorPath && ok && !strings.Contains(dir, "/")
}

// spanFormer: the span names what a thing was called or where it was before.
func (x *extraction) spanFormer(s *spanText) bool {
	// "It was `x/` until Phase 4 …": what held until something changed it
	wasUntil := func(lead string) bool {
		return x.gates.until && wasBefore.MatchString(lead) && untilAfter.MatchString(s.after(80))
	}
	// "The diffable form was `SCENARIOS-DRAFT.md` and is now `scripts/lib/variants.ts`" (the
	// hundred-and-sixth holdout's pakistan-map): what it was before what it is now
	wasNow := wasBefore.MatchString(s.before) && nowAfter.MatchString(s.after(24))
	// "Next.js 16 renamed `middleware.ts` → **`proxy.ts`**" (the hundred-and-twenty-fifth holdout's
	// hivepulse): the old name, then the new; "was renamed `x`" alone gives the new one
	renamedTo := renamedBefore.MatchString(s.before) && renameArrowAfter.MatchString(s.after(24))
	if formerBefore.MatchString(s.before) || x.gates.romance && romanceFormerBefore.MatchString(s.before) || formerCJK(s.before) || strings.Contains(s.before, "(") && removedListBefore.MatchString(s.before) || containsFold(s.lowerRaw, "historical", "legacy", "former", "retired") && historicalAsAfter.MatchString(s.after(40)) || x.gates.nonASCII && koreanPast(s.behind(400), s.after(80)) || renamedTo || usedToAfter.MatchString(s.after(200)) || underFormer(s.body, x.gates.formers) || wasUntil(s.before) || wasNow || x.inColumns(x.c.formerColumns, s.raw, s.m[0]) || pastProse(s) {
		return true
	}
	if !strings.Contains(s.before, "`") {
		return false
	}
	// "the deleted `ledger/`+`backup/` subtrees": each name of a list the cue opens
	lead := beforeList(s.before)
	return lead != "" && (formerBefore.MatchString(lead) || x.gates.romance && romanceFormerBefore.MatchString(lead) || wasUntil(lead))
}

// removedListBefore ends the words before a name in the parenthesis of a clause that opens by removing
// things: "Removed temporary root-level re-export shims (`frontend/DashboardLayout.tsx`,
// `frontend/IntegrationsTab.tsx`)" (the two-hundred-and-twenty-third holdout's dsentr-monorepo, a log).
var removedListBefore = mustGate("(?i)(?:^|[.!?;]\\s+|\\n\\s*(?:[-*+]\\s+)?)[*_]*(?:removed|deleted|dropped)\\b[^.;:`\\n()]{0,80}\\(\\s*(?:`[^`\\n]*`\\s*,\\s*)*$")

// romanceGoneAfter follows a name, or a list of names, with Portuguese or Spanish words saying it went
// away: "quando `services/` deixou de existir" (when … ceased to exist) and "era `goals.ts`, que saiu com
// Metas" (was …, which left with the goals feature: the two-hundred-and-twenty-sixth holdout's vetor-wallet).
var romanceGoneAfter = mustGate("(?i)^(?:\\s*(?:,|e|y)\\s*`[^`\\n]*`)*[*_]*\\s*(?:(?:deixou|deixaram|dej[óo]|dejaron)\\s+de\\s+existir|,\\s*que\\s+sa(?:iu|íram|iram)\\b)")

// leftoversAfter follows a name, or a list of names, with words that call them stale leftovers and tell
// the reader to prune them: "The root `diagnose-*.js` / `fix-*.js` / `_zoomgap*.png` files are stale debug
// artifacts — ignore/prune, don't build on them" (the two-hundred-and-thirty-sixth holdout's
// menon-medispa, whose screenshots a commit had already pruned). None left is what the sentence wants.
var leftoversAfter = mustGate("(?i)^(?:\\s*(?:,|/|\\band\\b|\\bor\\b)\\s*`[^`\\n]*`)*[*_]*\\s*(?:(?:files?|scripts?|artifacts?|folders?|directories)\\s+)?(?:are|is)\\s+(?:(?:all|just|only|now)\\s+)?(?:stale|leftover|left-over|obsolete|temporary|throwaway|scratch)\\b[^.;\\n]{0,60}?(?:\\b(?:prune|delete|remove|clean\\s+up)\\b|\\bsafe\\s+to\\s+(?:delete|remove)\\b)")

// droppedStatusAfter follows a name with its item's status in capitals, closing a clause: "**`nsfw_scenes.json`**
// — full NSFW scene catalog (and `.bak`). DROPPED.", "**`audiogen-workflow.json`** — DROP." (the
// two-hundred-and-thirty-eighth holdout's ai-chatbot-manager, a migration's inventory). "runs DROP TABLE"
// and "the DELETED state" go on, and say no such thing.
var droppedStatusAfter = mustGate("^[*_`]*\\s*[—–:-][^\\n]{0,160}?\\b(?:DROPPED|DROP|REMOVED|DELETED|RETIRED)\\b[*_]*\\s*(?:[.!;:)]|$|[—–])")

// referencesGoneAfter follows a name with the removal of its uses too: "**llama.cpp legacy**: Removed.
// `llama_cpp_client.py` and all references deleted." (the two-hundred-and-fortieth holdout's
// Industry-AI-Flow).
var referencesGoneAfter = mustGate("(?i)^[*_`]*\\s+and\\s+(?:all\\s+|every\\s+)?(?:its\\s+)?(?:references?|uses|usages|imports|callers|call\\s+sites)\\s+(?:(?:were|are|have\\s+been|got)\\s+)?(?:deleted|removed|dropped)\\b")

// outputPathAfter calls a name the place a tool writes its output: "`docs/superpowers/` is the **default
// output path of the superpowers workflow**" (the two-hundred-and-fortieth holdout's voteball, a folder the
// guide says to delete after each plan).
var outputPathAfter = mustGate("(?i)^[*_`]*\\s+(?:is|are)\\s+(?:the\\s+|an?\\s+)?[*_]*(?:default\\s+)?output\\s+(?:path|dir(?:ectory)?|folder|location)\\b")

// spanAbsent: the sentence says the span's thing is gone, crossed out, kept out or not there.
func (x *extraction) spanAbsent(s *spanText) bool {
	raw, m, lowerRaw, g := s.raw, s.m, s.lowerRaw, x.gates
	if g.removal && (removalCue.MatchString(strings.ToLower(s.around())) || dashGoneAfter.MatchString(s.after(200)) || removalVerb.MatchString(strings.ToLower(s.lead())) ||
		goneAfter.MatchString(s.after(400)) || goneParen.MatchString(s.after(160)) || goneNextSentence.MatchString(s.after(300)) || goneListBefore.MatchString(s.behind(400)) || removedLeadIn(s.behind(400)) || goneListAfter.MatchString(s.after(400)) || deletedListAfter.MatchString(s.after(400)) || deletedNounsAfter.MatchString(s.after(400)) || bothGoneAfter.MatchString(s.after(200)) || parenGoneAfter(s.before, s.after(400)) || parenListGone.MatchString(s.after(240))) {
		return true
	}
	if crossedOut(raw, m[0], m[1]) || g.removal && deletedLead.MatchString(s.lead()) || anyPhrase(lowerRaw, pastWords) && (pastLead.MatchString(s.lead()) || pastNarrative(s.lead())) || replacedListBefore.MatchString(s.behind(300)) && !keptInAside.MatchString(s.after(80)) ||
		containsFold(lowerRaw, "deprecat", "stale", "legacy", "obsolete", "outdated") && deprecatedAfter.MatchString(s.after(120)) || anyCue(absentCues, lowerRaw, s.lead) || noneBefore.MatchString(s.before) || keptOut(lowerRaw, s.after(200)) ||
		strings.Contains(lowerRaw, "found") && noneFoundBefore.MatchString(s.before) ||
		g.removal && (leftoversAfter.MatchString(s.after(240)) || droppedStatusAfter.MatchString(s.after(200)) || referencesGoneAfter.MatchString(s.after(80))) ||
		strings.Contains(lowerRaw, "output") && outputPathAfter.MatchString(s.after(80)) ||
		containsFold(lowerRaw, "de existir", "que sa") && romanceGoneAfter.MatchString(s.after(120)) ||
		containsFold(lowerRaw, "not", "n't", "n’t", "never", "block", "ban", "forbid", "reject") && forbidAddBefore.MatchString(s.behind(200)) ||
		x.c.table > 0 && (goneCell.MatchString(tableRowAfter(raw, m[1])) || x.inColumns(x.c.shunColumns, raw, m[0])) {
		return true
	}
	return g.forbid && forbiddenLabelAfter.MatchString(s.after(40)) || // "`src/api/` — forbidden; all IPC via `src/generated/`"
		g.moved && movedAfter.MatchString(s.after(160)) ||
		g.restored && restoredAfter.MatchString(s.after(40)) ||
		// a wider window than before's: the cue may open a long list of names, three bytes a character
		g.nonASCII && foreignAbsent(s.behind(480), s.after(240)) ||
		(strings.Contains(lowerRaw, "none of") || strings.Contains(lowerRaw, "neither of") || strings.Contains(lowerRaw, "no such")) && noneExistAfter.MatchString(s.after(300)) ||
		containsFold(lowerRaw, "not", "n't", "n’t") && (notPresentAfter.MatchString(s.after(240)) || saidNotHere(s.trimmed(), s.after(120))) ||
		containsFold(lowerRaw, "never", "not") && (noReturnBefore.MatchString(s.before) || noCiteBefore.MatchString(s.before)) ||
		containsFold(lowerRaw, "never", "not", "n't", "n’t") && neverUseBefore.MatchString(s.before) ||
		strings.Contains(lowerRaw, "avoid") && avoidKindBefore.MatchString(s.before) ||
		strings.Contains(lowerRaw, "replaced") && replacedByAfter.MatchString(s.after(60)) ||
		containsFold(lowerRaw, "removed", "deleted", "dropped") && namedRemovedAfter.MatchString(s.after(160)) ||
		containsFold(lowerRaw, "dead", "commented") && namedDeadAfter.MatchString(s.after(120)) ||
		// "Gate pull requests on `npm run build` until a formal `npm test` script is introduced" (the
		// two-hundred-and-tenth holdout's maid3): a thing still to come
		strings.Contains(lowerRaw, "until") && untilBefore.MatchString(s.before) && madeLaterAfter.MatchString(s.after(80)) ||
		// "… están borradas, y con ellas el banco de fotogramas y el `mount()` de `js/scene.js`" (deleted,
		// and with them …: the two-hundred-and-twelfth holdout's GunShop)
		withThemGoneBefore.MatchString(s.behind(300)) ||
		containsFold(lowerRaw, "missing", "absent", "nonexistent", "non-existent") && theMissingBefore.MatchString(s.before) ||
		strings.Contains(lowerRaw, "if") && ifYouNameBefore.MatchString(s.before) ||
		strings.Contains(lowerRaw, "rename") && neverRenameBefore.MatchString(s.before) ||
		containsFold(lowerRaw, "deleted", "removed", "dropped") && deletedTheBefore.MatchString(s.before) ||
		containsFold(lowerRaw, "restor", "recover", "resurrect", "bring") && (restoreBefore.MatchString(s.before) && restoreFromAfter.MatchString(s.after(60)) || notRestoredBefore.MatchString(s.before)) ||
		strings.ContainsAny(lowerRaw, "恢復还還") && zhNoRestoreBefore.MatchString(s.before) ||
		containsFold(lowerRaw, "correct", "corret") && misspeltAfter.MatchString(s.after(80)) ||
		setApart(s) ||
		containsFold(lowerRaw, "banned", "forbidden", "prohibited", "disallowed", "not allowed") && bannedParenAfter.MatchString(s.after(200)) ||
		containsFold(lowerRaw, "legacy", "stale", "outdated", "obsolete") && staleRefAfter.MatchString(s.after(80)) ||
		containsFold(lowerRaw, "missing", "absent", "obsolete", "vestigial", "gone", "empty", "vazi", "vaci", "vací", "vides", "leer") && goneNoteAfter.MatchString(s.after(200)) ||
		strings.Contains(lowerRaw, "gone") && allGoneNext.MatchString(s.after(300)) ||
		strings.HasSuffix(s.trimmed(), "/") && containsFold(lowerRaw, "empty", "placeholder", "비어", "비었", "contents") && emptyDirAfter.MatchString(s.after(120)) ||
		strings.HasSuffix(s.trimmed(), "/") && containsFold(lowerRaw, "empty", "空", "빈") && emptyDirLabel.MatchString(s.behind(200))
}

// markAnchor gives one anchor of the span the span's marks and what its own kind adds; false drops
// it (a file type, an ending, an account, a member named, not a file).
func (x *extraction) markAnchor(s *spanText, a Anchor, k spanMarks) (Anchor, bool) {
	raw, m, before, body := s.raw, s.m, s.before, s.trimmed()
	a.Example, a.Absent, a.Target, a.Alternative = k.example || namingSample(before), k.absent, k.dest, k.alt
	a.Former = k.former
	a.Struck = k.struck
	command := a.Kind == AnchorMake || a.Kind == AnchorNPM
	a.Forbidden = command && neverRunBefore.MatchString(before)
	if command && strings.Contains(s.lowerRaw, "fail") && failsAfter.MatchString(s.after(30)) {
		a.Absent = true // a command the sentence says fails: its target's absence is the point
	}
	if command && k.dest && containsFold(before, "not", "never", "n't", "n’t") && forbidMakeCue.MatchString(before) {
		// "Do not add or restore root lifecycle aliases: `pnpm dev`, `pnpm dev:all`" (the eightieth
		// holdout's open-design): a script the reader must not bring back is absent on purpose
		a.Absent = true
	}
	// "`createX()` factories", "write `fooBehavior()`, not `testFooBehavior()`": a name made to stand
	// for the reader's own
	a.Example = a.Example || a.Kind == AnchorSymbol && (placeholderCall.MatchString(a.Name) || metaWordIn(a.Name))
	a.Example = a.Example ||
		containsFold(s.lowerRaw, "fake", "fabricat", "bogu", "made-up", "made up", "pseudo", "hallucinat") && fakeBefore.MatchString(s.before)
	if a.Kind == AnchorPath && !a.Example && strings.Count(raw, "`") >= 4 {
		// "`component.test.tsx` next to `component.tsx`": a pair that states where tests go
		sentence := sentenceAround(raw, m[0], m[1])
		a.Example = inColocatedPair(sentence, a.Ref) || inNamingPair(sentence, a.Ref) || inStyleContrast(sentence, a.Ref)
	}
	if (a.Kind == AnchorPath || a.Kind == AnchorGlob) && strings.Contains(s.lowerRaw, "only") && onlyWhenAfter.MatchString(s.after(120)) {
		// "| `backend/dal/` | `*_dal.py` — created only when `db.py` grows too large |" (the
		// hundred-and-ninety-fourth holdout's itr-filing-app): a place made when a condition comes
		a.Target = true
	}
	if (a.Kind == AnchorPath || a.Kind == AnchorGlob) && containsFold(s.lowerRaw, "if ", "when ") && ifUsingAfter.MatchString(s.after(60)) {
		// "Open `ios/App/App.xcodeproj` (or the `.xcworkspace` if using CocoaPods)" (the hundred-and-
		// ninety-seventh holdout's sprint-read): a file there only under a condition
		a.Target = true
	}
	if (a.Kind == AnchorPath || a.Kind == AnchorGlob) && strings.Contains(s.lowerRaw, " or ") && orEquivalentAfter.MatchString(s.after(40)) && hedgeBefore.MatchString(before) {
		// "bootstraps logger in the app composition root (typically `apps/mobile/src/composition.ts` or
		// equivalent)" (the hundred-and-ninety-eighth holdout's bobblequest): a likely place, not a claim.
		// Without the hedge before it, "others in `test/Garnet.test/RespTests.cs` or similar" (the corpus'
		// garnet) still places the file
		a.Target = true
	}
	if a.Kind == AnchorPath && strings.HasPrefix(s.body, "./") && placeSettingBefore.MatchString(before) {
		// "`apiDir`: `./api` (schema source)", "`adminDir`: `./admin`" (the two-hundred-and-thirtieth
		// holdout's contember, a CLI's workspace settings and their defaults): the value a setting
		// takes in a user's configuration
		a.Setting = true
	}
	if (a.Kind == AnchorGlob || a.Kind == AnchorPath) && strings.Contains(s.lowerRaw, "only") && writeScopeBefore.MatchString(s.behind(200)) {
		a.Target = true // a place an agent may write to
	}
	if a.Kind == AnchorPath && strings.Contains(s.lowerRaw, "only") && useABefore.MatchString(before) && useOnlyAfter.MatchString(s.after(40)) {
		a.Target = true // a place to make for one case
	}
	if a.Kind == AnchorGlob && makeGlobBefore.MatchString(before) {
		// "**Tests** — add `*.test.ts` covering valid and invalid inputs" (the hundred-and-ninety-seventh
		// holdout's application): files of that shape the reader is to write
		a.Target = true
	}
	if (a.Kind == AnchorPath || a.Kind == AnchorGlob) && containsFold(s.lowerRaw, "built", "output", "emit", "generated", "compiled", "bundled") && (builtNamesBefore.MatchString(s.behind(160)) || emittedDirBefore.MatchString(s.behind(200))) {
		// "`build.mjs` … emits a flat `build/` directory: the 2D view ships as `index.{html,css,js}`" and
		// "must therefore match the built names (`index.css`, `index.js`, …)" (the two-hundredth holdout's
		// cube): what a build writes into its output directory
		a.Target = true
	}
	if a.Kind == AnchorCommit && containsFold(s.lowerRaw, "rev", "commit", "pin", "sha", "hash") && dependencyRevsBefore.MatchString(s.behind(240)) {
		a.Foreign = true
	}
	if a.Kind == AnchorCommit && strings.Contains(s.lowerRaw, "rev") && revisionOfBefore.MatchString(before) {
		// "`libertas_macros` revision `f58b1fd7` adds `libertas_size`" (the same round's
		// libertas-samples): a named dependency's revision, not this repository's commit
		a.Foreign = true
	}
	if (a.Kind == AnchorPath || a.Kind == AnchorGlob) && strings.Contains(s.lowerRaw, "asset") && (assetAfter.MatchString(s.after(40)) || assetBefore.MatchString(before)) {
		// "Setup tool aborts if no `hokku-firmware_*.bin` asset is found" (the hundred-and-ninety-third
		// holdout's hokku_epaper): a file a release carries, which the tree never holds
		a.Target = true
	}
	a.Foreign = a.Foreign || ownedElsewhere(before, s.after(120)) || inLinkedRepo.MatchString(before) || otherRepoOwns.MatchString(before) || namedRepoParen.MatchString(before) || x.inColumns(x.c.awayColumns, raw, m[0]) || consumerCopyBefore.MatchString(before) || linkedRepoAfter.MatchString(s.after(200)) || livesElsewhere(s) ||
		a.Kind == AnchorSymbol && importedFrom.MatchString(s.after(60)) ||
		x.c.siblings != nil && a.Kind == AnchorPath && !a.Link && underSibling(x.c.siblings, a.Path)
	a.Line = x.lineAt(m[0])
	if a.Kind == AnchorPR {
		// "`#4433`, `commit abc`, `merged in #5718`": a merge word of a neighbouring clause does not
		// say this number merged; bare numbers name issues as often as PRs
		a.Unshipped = !shippedClause(s.lowerRaw, m[0], m[1])
	}
	if a.Kind == AnchorPath && x.notAFile(s, a, k.plural) {
		return a, false
	}
	if (a.Kind == AnchorPath || a.Kind == AnchorGlob) && strings.HasSuffix(body, "/") && openList(s.rest()) {
		return a, false // "(css/graphql/yaml/json/...)": alternatives listed, not one directory
	}
	a.Plural = k.plural && a.Kind == AnchorPath
	a.Configured = (a.Kind == AnchorGlob || a.Kind == AnchorPath && path.Ext(a.Path) == "") &&
		containsFold(s.lowerRaw, "scan", "import", "watch", "扫描", "掃描", "导入", "導入", "引入", "注册") && scanCue.MatchString(s.behind(200)) ||
		a.Kind == AnchorGlob && strings.Contains(s.lowerRaw, "workspace") && workspaceGlobCue.MatchString(s.lowerRaw)
	// "you MUST NOT add entries to any `.eslint-bulk-suppressions.json`": any file of that name, one
	// there or none; the sentence asserts no such file is here
	a.Target = a.Target || a.Kind == AnchorPath && anyArticle.MatchString(before) ||
		a.Kind == AnchorPath && !strings.Contains(a.Path, "/") && containsFold(before, "with", "contain", "hav", "hold") && kindHolderBefore.MatchString(before) ||
		filterPattern(a, body) && excludedBefore.MatchString(s.behind(200)) ||
		a.Kind == AnchorGlob && containsFold(s.lowerRaw, "exclud", "ignor", "skip") && excludedAfter.MatchString(s.after(80)) ||
		a.Kind == AnchorGlob && containsFold(before, "pattern", "glob") && patternLabelBefore.MatchString(before) ||
		a.Kind == AnchorGlob && containsFold(before, "modify", "edit", "touch", "write", "change") && scopeLabelBefore.MatchString(before) ||
		a.Kind == AnchorGlob && strings.Contains(s.after(100), "제외") && koreanExcludedAfter.MatchString(s.after(100))
	if a.Kind == AnchorPath && !strings.Contains(a.Path, "/") {
		a.Elsewhere = x.c.cites || elsewhereCue.MatchString(sentenceAround(raw, m[0], m[1])) || kindArticle.MatchString(before) || linkTopic.MatchString(before)
	}
	return a, true
}

// notAFile: a path anchor whose words say it names a kind of file, an ending, an account on a
// forge, an example's own file or a member, not a file here. A file type is noted on the claim.
func (x *extraction) notAFile(s *spanText, a Anchor, plural bool) bool {
	raw, m, body := s.raw, s.m, s.trimmed()
	if (plural || variantAfter.MatchString(s.rest())) && strings.HasPrefix(body, ".") && !strings.Contains(a.Path, "/") && !knownDotfiles[a.Path] {
		x.c.kinds = append(x.c.kinds, a.Path)
		return true // "put `.zst` files in", "(and `.local` variants)": a file type named, not a file
	}
	return strings.ContainsAny(body[:1], "_-.") && !strings.Contains(a.Path, "/") && suffixAfter.MatchString(s.rest()) || // "test files … with `_test.rb` suffix" (the twenty-fourth holdout's ruby-sdk): an ending named
		forgeOwner(body) && ownerAfter.MatchString(s.rest()) || // "invited to the `jj-vcs/` organization": an account on a forge, not a directory
		exampleStem(a.Path, raw[:m[0]]) || // "like `import foo`, ... a file `foo.py`": the example's own file, not one here
		memberAccessor(body, raw) || // "headers off `.headers`": a field read, not a dotfile
		memberNamed(body, raw[:m[0]], s.rest()) || // "through `.value` attribute", "`.raw` vs `.cooked`": a member, not a dotfile
		strings.HasSuffix(body, "/") && routeNameAfter.MatchString(s.after(60)) || // "`_tuning/` → `admin_tuning`": a route and its name
		officePart.MatchString(a.Path) || // "`word/styles.xml`": a part inside a .docx, not a file of the tree
		kubeKind.MatchString(body) || // "`apps/DaemonSet`": a Kubernetes kind
		shapeSuffix.MatchString(s.after(14)) || // "a `state.json`-shaped snapshot": the name lends another thing its form
		equivalentAfter.MatchString(s.after(24)) || // "the current `configs/` equivalent": what another place stands in for
		ignoreEntriesBefore.MatchString(s.before) || // "`apps/web/.prettierignore`: `.vercel/`, `src/paraglide/`": the file's patterns
		notKindBefore.MatchString(s.before) && notKindAfter.MatchString(s.after(60)) // "(not a Prisma/media `src/pages/` FSD app)": a kind of app this is not
}
