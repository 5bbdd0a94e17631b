package engine

import (
	"net/url"
	"path"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// markForeign flags the anchors of a claim about another repository: one that cites a sibling checkout
// ("lives in `../libsqlite3`") or says "in that repo".
func markForeign(c *Claim) {
	lower := strings.ToLower(c.Text)
	foreign := anyPhrase(lower, foreignNouns) && foreignRepo.MatchString(lower)
	for _, a := range c.Anchors {
		foreign = foreign || a.Workspace
	}
	if !foreign {
		return
	}
	for i := range c.Anchors {
		c.Anchors[i].Foreign = true
	}
}

// clauseAround is the clause holding raw[lo:hi]: up to the nearest sentence or clause break each side.
func clauseAround(raw string, lo, hi int) string {
	return clauseAroundFrom(raw, clauseBefore(raw, lo), lo, hi)
}

// clauseAroundFrom is clauseAround given lead, the clauseBefore(raw, lo) a caller already holds.
func clauseAroundFrom(raw, lead string, lo, hi int) string {
	end := min(len(raw), hi+maxClause)
	if m := clauseBreak.FindStringIndex(raw[hi:end]); m != nil {
		end = hi + m[0]
	}
	return raw[lo-len(lead) : end] // lead ends at lo, so the clause is one slice of raw: nothing to copy
}

// clauseBefore is the clause text that leads up to raw[lo:]. A dot inside a word ("cpu.test") is no break.
func clauseBefore(raw string, lo int) string {
	start := max(0, lo-maxClause)
	from := start
	for _, m := range clauseBreak.FindAllStringIndex(raw[from:lo], -1) {
		start = from + m[1]
	}
	return raw[start:lo]
}

// shippedClause reports whether the comma clause around the reference at lower[lo:hi] (line wraps
// read as spaces) holds a shipped word: "merged in #12", "Shipped X (#4)", "#9 landed", and not
// "..., reporting false-green on every PR (#6766)".
func shippedClause(lower string, lo, hi int) bool {
	flat := strings.ReplaceAll(lower, "\n", " ")
	clause := clauseAround(flat, lo, hi)
	at := len(clauseBefore(flat, lo))
	if i := strings.LastIndex(clause[:at], ", "); i >= 0 {
		clause, at = clause[i+2:], at-i-2
	}
	if i := strings.Index(clause[at:], ","); i >= 0 {
		clause = clause[:at+i]
	}
	if strings.Contains(clause, "orphan") || strings.Contains(clause, "re-land") || strings.Contains(clause, "reland") {
		// "the #3007 fixes had to be re-landed" (go-micro's CLAUDE.md, the forty-first holdout): the
		// PR's own commits were left out of history, and others carried its change
		return false
	}
	return anyWord(wordsOf(clause), shippedSingles)
}

// maxClause bounds how far a clause reaches each side of a span, so a hostile claim with thousands of
// spans stays linear.
const maxClause = 400

// clauseBreak ends a clause: a sentence's end, a semicolon, a spaced dash, or a line break that starts
// something new (a list item, a table row, a heading, a quote, a fence, a tree's branch, a blank line).
// A line break inside wrapped prose goes on with the clause: "the old hand-run `scripts/verify-*`⏎regime
// has been folded into the tiers and removed" (the seventy-third holdout's belay).
var clauseBreak = mustGate("[.!?](?:\\s|$)|;| — |\n(?:[ \t]*(?:[-*+•][ \t]|\\d+[.)][ \t]|[|#>`│├└┃┣┗]|\n)|$)")

// removalWords gate the removal patterns: most claims say nothing is gone, and a substring test is cheap.
var removalWords = []string{"remov", "delet", "drop", "retire", "gone", "no longer", "there is no", "there's no", "exist", "clean", "purge", "wipe", "prune", "not found", "elimin", "borra", "supprim", "apag", "exclu", "torn ", "ripped", "scrapped"}

// deletedLead is a clause that opens with the past of a removal and then names what went: "4. **Deleted
// `app/components/ZaeliFAB.tsx`** — killed Session 14" (the hundred-and-twenty-second holdout's zaeli, a
// log's step), "Removed: `a.ts`, `b.ts`".
var deletedLead = mustGate(`(?i)^\W*(?:\d+[.)]\s*)?[*_]*(?:deleted|removed|dropped|retired|deprecated\s+and\s+removed)[*_]*\s*:?\s*[*_]*$`)

// removalVerb is "remove `*.out`": the objects of a removal are expected to be absent.
// Portuguese and Spanish say it in the past: "depois que Task 9 apagou `base-interina.test.ts`" (the
// hundred-and-eighth holdout's PiluVitu-Dev).
var removalVerb = mustGate(`\b(?:remove|removes|removing|delete|deletes|deleting|clean|cleans|cleaning|purge|purges|wipe|wipes|drop|drops|prune|prunes|apagou|apagamos|removeu|removemos|deletou|deletamos|excluiu|excluímos|eliminou|eliminó|borró)\b`)

// goneAfter opens the text after a name, or a list of names, that a log entry says is deleted: "`agents.py`
// deleted, legacy buy loop deleted", "`trade_store.py` deleted." (the fifty-first holdout's
// decifer-trading). The verb must close the clause, so "`gc.py` deleted old files" says what a program
// does. "the harness (`retrieval-eval.ts` + `.test.ts`) was **removed** in #155" (the sixty-sixth
// holdout's Atlas): a list joined by "+", closed by a parenthesis, the verb in bold. "`websocket-store.svelte.ts`
// (528 LOC, the legacy monolithic wrapper) is FULLY DELETED" (the seventy-second holdout's CeraUI): a
// note between, an adverb, capitals. A dash may open a Spanish, Portuguese or French verb: "`DocumentManager.tsx`
// — **eliminado** en 011-US3" (the seventy-seventh's BePro). A comma may open the verb when it closes
// the clause: "(remplace les anciens `ManageLinkedUserDialog.vue` + `ManageGuardiansDialog.vue`,
// supprimés)" (the ninety-eighth's court-base). A word may say what kind of thing went: "(the old
// single-segment `[channelId]/submissions.tsx` placeholder removed)" (the hundred-and-eighth's Projective.com),
// and a list may be joined by "/": "(`src/lib/access.ts`/`access.test.ts` deletados na Task 3)" (its
// PiluVitu-Dev). A spaced hyphen may open the verb: "`warmup_cache.py` - **Removed** (deleted during …)"
// (the hundred-and-tenth's sheria_platform_mvp). A list may end in words before its parenthesis closes,
// and the verb carry a date: "(UPS injectors: `model-router.py`, `autonomous-skill-router.py`, the
// delegate wrappers, etc.) was **fully retired and deleted 2026-07-14**" (the hundred-and-twenty-first's
// agentic-mercy-10x), or a step of the work: "`landing.tsx` deleted Session 25" (the
// hundred-and-twenty-second's zaeli, a session log). "The whole on-chain harvest stack (`check-feedback.mjs`,
// `clear-feedback.sh`, …, the resolved-index files) was DELETED with …" (the hundred-and-twenty-fifth's
// localharness) closes a list with a plain item and the verb with "with", and "(`push.rs` / `feedback.rs` —
// setPushSub slots, FeedbackFacet submit/log-scan) were DELETED;" (its registry) with a dash's note.
// Spanish joins a list with "e" or "y" and says it with "están": "Las 224 imágenes horneadas de `img/card/` e
// `img/hero/` están borradas" (the two-hundred-and-twelfth holdout's GunShop); French with "et" and "sont":
// "Les anciens fichiers `menu_utils.sh` et `menu_strings.sh` sont supprimés" (its le-mystere-professeur-zacus).
var goneAfter = mustGate("(?i)^(?:\\s*(?:,|/|and|et|y|e|&|\\+)?\\s*`[^`\\n]*`)*(?:\\s*\\([^()]{0,160}\\))?(?:\\s*(?:,|—|–|\\s-)\\s*[^`()\\n]{1,60}\\))?\\)?\\s*(?:(?:file|files|placeholder|stub|module|folder|directory|page|route|component|script|package|tree|subtree)\\s+)?(?:(?:was|were|has been|have been|got|is|are|foi|foram|fue|fueron|está|están|estão|a\\s+été|ont\\s+été|sont|est|wurden?)\\s+)?\\**(?:(?:fully|completely|entirely|now|already)\\s+)?(?:(?:retired|archived|deprecated|disabled)\\s+and\\s+)?\\**(?:deleted|removed|retired|pruned|purged|torn\\s+(?:down|out)|ripped\\s+out|scrapped|removid[oa]s?|eliminad[oa]s?|borrad[oa]s?|apagad[oa]s?|deletad[oa]s?|excluíd[oa]s?|supprimée?s?|entfernt|gelöscht)\\**(?:\\s*[,.;:)]|\\s+(?:in|on|at|by|since|with|em|en|dans|im|na|no)\\b|\\s*[(—–]|\\s+\\d{4}-\\d{2}-\\d{2}\\b|\\s+(?:session|phase|sprint|step|stage|release|milestone)\\s*#?\\d|\\s*$)|^\\s+-\\s+\\**(?:removed|deleted)\\**(?:\\s*[,.;:)(]|\\s+(?:in|on|at|by|since)\\b|\\s*$)|^\\s*[—–]\\s*\\**(?:eliminad[oa]s?|borrad[oa]s?|removid[oa]s?|supprimée?s?)\\**\\s+(?:en|em|dans|in)\\b|^(?:\\s*(?:,|/|and|et|y|e|&|\\+)?\\s*`[^`\\n]*`)*\\s*,\\s*\\**(?:deleted|removed|eliminad[oa]s?|borrad[oa]s?|removid[oa]s?|apagad[oa]s?|deletad[oa]s?|supprimée?s?)\\**\\s*[).;]")

// parenGone follows a name that opens a parenthesis with the rest of it, which says the name was
// deleted: "(`Universo.tsx` had 3; the page was deleted on 2026-08-20 — …)", "(`Universo.tsx` alone
// had introduced 15 hex values; deleted 2026-08-20.)" (the hundred-and-twelfth holdout's
// humanity-wiki). No other name may come between, and "the deleted page" only describes one.
var parenGone = mustGate("(?i)^([^()`]{0,200}?)\\b(?:deleted|removed|retired|dropped)\\b[^()]{0,160}\\)")

// parenGoneAfter reports parenGone for a span whose text before ends with an opening parenthesis.
func parenGoneAfter(before, after string) bool {
	if !strings.HasSuffix(strings.TrimRight(before, " *_"), "(") {
		return false
	}
	m := parenGone.FindStringSubmatch(after)
	if m == nil {
		return false
	}
	lead := strings.Fields(strings.ToLower(m[1]))
	return len(lead) == 0 || !attributive[lead[len(lead)-1]]
}

// parenListGone follows a name inside a parenthesis that the sentence goes on to say was retired:
// "The legacy node/edge graph (`DefinitionBasedOrchestrator`, the `nodes/` package,
// `PipelineDefinition.config`) was **retired in Phase D**" (the hundred-and-forty-fifth holdout's
// server-monitoring). What the parenthesis lists is what went.
var parenListGone = mustGate("(?i)^[^()]{0,200}?\\)\\s*(?:was|were|has\\s+been|have\\s+been|got)\\s+[*_]*(?:fully\\s+|completely\\s+)?(?:retired|removed|deleted|dropped|archived)\\b")

// attributive are the words after which a participle describes the next noun ("the deleted page")
// rather than saying what happened to the name.
var attributive = set("the", "a", "an", "its", "their", "our", "his", "her", "this", "that", "these", "those", "of", "any", "every", "some")

// goneNextSentence follows a name with the rest of its sentence and a next one that says it, or the
// whole the sentence placed it in, was removed: "`apps/web` and `apps/docs` were scaffolds with no
// business code. Removed in commit `b3830b6` …" (the seventy-fifth holdout's apollokit), "… owning
// `packages/qie-{core,agent,cli}` + `deploy/mock-qtsps`. That track was parked, then deleted, …" (its
// zkqes), or a dash's clause: "`apps/web` and `apps/docs` were the default `create-turbo` template
// scaffolds — removed in commit `b3830b6`" (its CLAUDE.md).
var goneNextSentence = mustGate(`(?i)^[^.!?\n]{0,200}(?:[.!?]\s+|\s[—–]\s+)` + removedClause + `(?:,|` + removedWhere + `)`)

// removedClause says something was removed, after a subject that refers back or none ("Removed in …",
// "That track was parked, then deleted"); removedWhere is what must follow the verb so that it closes
// the statement: when, where or by what. goneNextSentence and removedNote (docnames.go) share them.
const (
	removedClause = `(?:(?:it|they|these|those|both|th(?:at|is|ese|ose)\s+[\w-]+)\s+(?:was|were|has\s+been|have\s+been)\s+(?:[\w-]+,?\s+(?:then\s+|and\s+)?)?)?(?:removed|deleted)\b\s*`
	removedWhere  = `\s+(?:in|by|with|on|at|from|when)\b`
)

// goneParen closes a parenthesised list with the word that it was deleted: "Supersedes the "don't
// extract yet" scaffold (`i18n/t.ts`/`messages.ts`, deleted)" (the seventy-second holdout's Loop), or
// says so alone: "the dead duplicate that was in `aggregateInfo.ts` (deleted)" (the ninetieth's RoboSats).
var goneParen = mustGate("^(?:\\s*(?:,|/|and|&|\\+)?\\s*`[^`\\n]*`)*\\s*,\\s*\\**(?:deleted|removed)\\**\\s*\\)|^[*_]*\\s*\\(\\s*\\**(?:deleted|removed|retired|gone)\\**\\s*\\)")

// deprecatedAfter says the name before it is on its way out: "`middleware.ts` is **deprecated** in
// Next.js 16; use `proxy.ts` instead" (the seventy-second holdout's CyberVPN, whose apps renamed it).
// A deprecated file that the sentence names a replacement for may be gone already without the sentence
// misleading anyone; "`test/mocks/` is deprecated (see `cmd/AGENTS.md`)" with test/mocks/ deleted
// (round 54's germinator, in this round's regression) still sends its reader to it. The replacement may
// open the next sentence: "`middleware.ts` is **deprecated** in Next.js 16. The file convention is now
// `proxy.ts`" (the hundred-and-fifty-second holdout's markpost), or come as an order: "`middleware.ts` is
// deprecated — use `src/proxy.ts` with `export const proxy`" (the two-hundred-and-thirtieth's patient-portal).
// A stale or legacy place with its replacement reads the same: "`docs/02-ROADMAPS/` is stale/legacy. Use
// `docs/v3/` instead." (the two-hundred-and-thirty-second's SampleMind-AI---Beta).
var deprecatedAfter = mustGate(`(?i)^[\x60*]*\s+(?:is|are|was|were|(?:has|have)\s+been)\s+(?:now\s+)?[*_]*(?:deprecated|(?:stale|legacy|obsolete|outdated)(?:\s*/\s*(?:stale|legacy|obsolete|outdated|deprecated))?)\b[^\n]{0,100}?(?:\binstead\b|\bin\s+favou?r\s+of\b|\breplaced\s+by\b|\b(?:is|are)\s+now\b|(?:[—–:;,.]|\s-)\s*[*_]*(?:use|prefer)\s+[*_]*\x60)`)

// removedList is a lead-in that names what it lists as removed, then the list up to a span, no sentence
// closed since: "Removed partials that must not come back: ui-kit's `app-helpers.css` and
// `tooltips.css`, and workbench's `settings.css`, …" (the seventy-first holdout's nerve); "#207 removed it
// in full — UI, `setAudioDeviceAlias` RPC, `audio-aliases.schema.ts`, and the config field" (the
// seventy-second holdout's CeraUI). "Deleted along with `_MAX_SESSIONS_NO_CONFIRM`, …, the CLI flag and
// `tests/test_session_guard.py`" (the seventy-ninth's bristlenose) lists what went with it; "removed
// paths such as `docs/getting-started/`" (the eightieth's open-notebook) gives samples of what went.
var removedList = mustGate(`(?i)(?:\b(?:removed|deleted)\s+\w+[^:\n]{0,60}:|\b(?:removed|deleted)\s+along\s+with\b|\b(?:removed|deleted)\s+(?:[\w-]+\s+){1,3}(?:such\s+as|like|including|e\.g\.,?)\s|\b(?:removed|deleted)\s+(?:it|them|these|those|all\s+of\s+(?:it|them))(?:\s+(?:in\s+full|entirely|completely|wholesale))?\s*[—–:])(?:[^.;!?]|\.\S)*$`)

// removedLeadIn reports a span in the list a removedList lead-in opens, within its paragraph or list
// item.
func removedLeadIn(before string) bool {
	if i := strings.LastIndex(before, "\n\n"); i >= 0 {
		before = before[i+2:]
	}
	if i := strings.LastIndex(before, "\n- "); i >= 0 {
		before = before[i+1:]
	}
	return removedList.MatchString(before)
}

// goneListBefore ends the text before a name in a parenthesised list that opens after "deleted":
// "5 dead data artifacts deleted (`skip_log.jsonl`, `advisor_log.json`, …)", or a list a verb of the
// past opens after another clause: "… — and deleted `step()`, `PLAYER_SPEED`, `prediction.ts` and the
// whole command-queue model" (the seventy-fourth holdout's lindocara), after any subject: "(Phase 2.6-H
// deleted `permission_engine_test.cpp` and `permission_gate_test.cpp` …)" (the eighty-fifth holdout's
// Hodos-Browser). The verb may name what it removed
// before the list: "We removed the agent-specific dotdir mirrors at the repo root (`.cursor/`, …,
// `.github/copilot-instructions.md`, root `caveman/SKILL.md`)" (the seventy-eighth holdout's caveman);
// the parenthesis then opens with a name, so "removed the old loader (see `docs/x.md`)" cites a page.
// "80-cutover US-2 deleted that app, and with it `scripts/gen-parity-spec.ts`, …, `shape.ts` and
// `parity.test.ts`" (the hundred-and-twenty-fifth holdout's pinakes) lists what went with it. A dated
// note opens with the verb, and its list may close with ", and": "(2026-07-13) Removed `tests/config/`,
// `tests/api/multi-master.test.ts`, and `tests/lib/google/*.test.ts`" (the hundred-and-forty-ninth's
// salon-booking-v2). Spanish and Portuguese say it so: "**Archivos huérfanos.** Borrados
// `components/form-register.tsx` y\n`MisClientesMain.tsx`." (the hundred-and-seventy-sixth's agente-ia-app).
// A dash may stand after the verb: "Several reference paths that Phase 8\n> deleted — `k8s/`, …" (the
// two-hundred-and-forty-seventh's microservice-ecommerce), and an article: "#877 deleted the
// `var-normalize.ts` it used to be pinned against" (the two-hundred-and-forty-ninth's vayu).
var goneListBefore = mustGate("\\b(?:deleted|removed)\\s*\\((?:\\s*`[^`\\n]*`\\s*,)*\\s*$|\\b(?:deleted|removed)\\s+(?:[^\\s`.;:!?()]+\\s+){1,8}\\((?:\\s*`[^`\\n]*`\\s*,(?:\\s*(?:\\w+\\s+)?`[^`\\n]*`\\s*,)*\\s*(?:\\w+\\s+)?|\\s*)$|\\b(?:[Dd]eleted|[Rr]emoved|DELETED|REMOVED|[Bb]orrad[oa]s?|[Ee]liminad[oa]s?|[Rr]emovid[oa]s?|[Aa]pagad[oa]s?)(?:\\s*[—–])?\\s+(?:(?:the|its|their|our)\\s+)?(?:`[^`]*`\\s*(?:,\\s*(?:and\\s+|or\\s+|y\\s+|e\\s+)?|(?:and|y|e)\\s+|&\\s*))*$|\\b(?:deleted|removed)\\b[^.;!?`]{0,60}\\band\\s+with\\s+it\\s*,?\\s*(?:`[^`\\n]*`\\s*(?:,|and)\\s*)*$")

// crossedOut reports a name on a line that says it is not there: a list item marked with a cross ("- ❌
// **Data service** (`npm run dev`) — Market data pipeline", under the eighty-third holdout's SPXer heading
// "Live Trading Services (Deleted from This Branch)"; in a do/don't list the cross marks what not to do),
// or a code line whose comment calls it gone ("npm run dev   # Data service — deleted").
func crossedOut(raw string, lo, hi int) bool {
	start := strings.LastIndexByte(raw[:lo], '\n') + 1
	end := strings.IndexByte(raw[hi:], '\n')
	if end < 0 {
		end = len(raw)
	} else {
		end += hi
	}
	return crossedItem.MatchString(raw[start:lo]) || goneComment.MatchString(raw[hi:end])
}

var (
	crossedItem = mustGate(`^\s*(?:[-*+]\s+|\d+[.)]\s+)?(?:\*\*)?(?:❌|✗|✘|🚫|⛔|:x:)`)
	goneComment = mustGate(`(?i)^[^\n]*?\s(?:#|//)\s[^\n]*\b(?:deleted|removed|gone|dropped)\b[^\n]*$`)
)

// pastLead opens a sentence that tells how things were: "Previously, schema detection logic was
// scattered across ~4800 lines in `graph_join_inference.rs`." (the eighty-second holdout's clickgraph,
// whose next sentence names what replaced it) claims no file today.
var pastLead = mustGate(`(?i)^\s*[*_]*(?:previously|formerly|originally|historically|in\s+the\s+past|in\s+earlier\s+versions|before\s+(?:this|that|then))\b[*_]*\s*,`)

// pastWords gate pastLead on the claim's lowered text (anyPhrase).
var pastWords = []string{"previously", "formerly", "originally", "historically", "in the past", "in earlier versions", "before this", "before that", "before then", "used to"}

// replacedListBefore ends the text before a name in a parenthesised list of what something replaced:
// "the direct replacement for the old two-jest-config setup (`jest.config.cjs` +
// `jest.config.snapshots.cjs`, …)" (the eighty-second holdout's UltimateDarkTower). keptInAside, after the
// name, is a parenthesis that says the old thing is still there ("(`src/loader.ts` stays as a shim)").
var (
	replacedListBefore = mustGate("(?i)\\b(?:replac(?:es|ed|ing|ement\\s+for)|instead\\s+of|in\\s+place\\s+of|supersed(?:es|ed|ing))\\s+(?:(?:the|an?|its|our|their|this|that)\\s+)?(?:old|legacy|previous|former|earlier)\\b[^.;:()`]{0,60}\\((?:\\s*`[^`\\n]*`\\s*(?:[,+/]|\\band\\b|\\bor\\b)\\s*)*\\s*$")
	keptInAside        = mustGate(`(?i)^[^()]{0,60}\b(?:still|stays|remains|kept|keeps|survives)\b`)
)

// removalCue says, somewhere in the clause around a name, that it is gone; "the old hand-run
// `scripts/verify-*` regime has been folded into the tiers and removed" (the seventy-third holdout's
// belay) puts the verb at the clause's end. "Legacy `.adr-rag.toml` is no longer used" (the
// seventy-eighth's cli-rag) claims no file either, nor does "(`FingerprintScript.h`) was **deleted
// 2026-08-09**" (the eighty-fifth's Hodos-Browser, the verb in bold).
// Portuguese and Spanish say it so too: "`20260520_calc_pro_subscriptions.sql` nunca foi aplicada em prod e
// foi DELETADA do repo" (the hundred-and-tenth holdout's TestesiteOficial).
var removalCue = mustGate(`\b(?:was|were|been|got|is|are|now|since|being)\s+(?:\w+\s+)?[*_]*(?:removed|deleted|dropped|retired|gone)\b|\b(?:foi|foram|fue|fueron)\s+(?:\pL+\s+)?[*_]*(?:removid[oa]s?|deletad[oa]s?|apagad[oa]s?|excluíd[oa]s?|eliminad[oa]s?|borrad[oa]s?)\b|\bno longer (?:exists?|there|present|shipped|ships|tracked|in the tree|in the repo(?:sitory)?|used|read|loaded|supported)\b|\bthere(?: is|'s) no\b|\bdo(?:es)?(?:\s+not|n['’]t)\s+exist\b|\bnot found\b|\b(?:removed|deleted|dropped)\s+(?:in|by|with|from)\b|\b(?:been|was|were)\s+(?:\w+\s+){1,5}?and\s+(?:then\s+)?(?:removed|deleted)\s*(?:[.;,)]|$)`)

// illustrative reports whether the text just before a code span introduces an example.
// foreignExamples open an example in the other languages handoff documents are written in: Portuguese
// and Spanish "ex.:", "ex:" and "ej.:", French "p. ex.", German "z. B.", Turkish "ör." and "örneğin",
// Korean "예:", Chinese "例如" and "比如", Japanese "例:" and "例えば" (the two-hundred-and-twenty-ninth
// holdout's todo-app), Russian "например". "Interfaces: `PascalCase.interface.ts` (ex:
// `Session.interface.ts`)" is the ninety-ninth holdout's poker-grinders-edge.
var foreignExamples = []string{"(ex.", " ex.:", "(ex:", " ex:", "(ej.", " ej.:", "p. ex.", "z.b.", "z. b.", "(ör.", " ör.", "örn.", "örneğin", "예:", "예를 들어", "例如", "比如", "например", "por ejemplo", "par exemple", "zum beispiel", "例:", "例：", "例えば", "たとえば"}

// exampleMarkers are the English openers of an example; foreignExamples follow them.
var exampleMarkers = []string{"e.g.", "for example", "for instance", "e. g.", "example:", "examples:", "example —", "example –"} // "**Example — public export `./foo`**"

// lastExample is where the text after the last example opener of l begins, or -1.
func lastExample(l string) int {
	end := -1
	for _, list := range [][]string{exampleMarkers, foreignExamples} {
		for _, w := range list {
			if i := strings.LastIndex(l, w); i >= 0 {
				end = max(end, i+len(w))
			}
		}
	}
	return end
}

func illustrative(before string) bool {
	l := strings.ToLower(before)
	end := lastExample(l)
	if end < 0 {
		return false
	}
	// the example must still be open: no sentence, parenthesis or paragraph closed since (a line
	// wrapped inside the sentence keeps it open; a blank line or a new list item closes it)
	rest := l[end:]
	return !strings.ContainsAny(rest, ")!?") && !strings.Contains(rest, ". ") && !strings.Contains(rest, ".\n") && !newBlock.MatchString(rest)
}

// newBlock is a line break that starts another block: a blank line, a list item, a table row, a heading.
var newBlock = mustGate(`\n\s*(?:\n|[-*+|#>]\s|\d+[.)]\s)`)

// trunkSpan is a trunk branch's name in a code span; listJoin what joins two items of a list.
const (
	trunkSpan = "`(?:main|master|develop|trunk)`"
	listJoin  = `\s*(?:,\s*(?:(?:or|and)\s+)?|\s+(?:or|and)\s+)`
)

var (
	branchBefore = mustGate(`(?i)\bbranch(?:es)?\s*(?:named\s+|called\s+)?:?\s*$`)
	branchName   = mustGate(`^[\w][\w./*-]*$`)
	// branchAfter follows a span the sentence calls a branch: "the `r/pre-*` branch they are dispatched on".
	branchAfter = mustGate(`(?i)^\s+branch(?:es)?\b`)
	// pushedTo ends the text before a list of what a push goes to: "runs on every push to `main`, `r/pre-*`".
	pushedTo = mustGate("(?i)\\bpush(?:es|ed)?\\s+(?:to|on)\\s+(?:`[^`\\n]*`\\s*,?\\s*(?:and\\s+|or\\s+)?)*$")
	// branchList ends the text before a span in a list the sentence calls branches: "Main branches
	// (`master`, `1.x`, `release/**`) are protected" (the thirty-first holdout's sentry-cli).
	// trunkBefore and trunkAfter find a trunk branch in the same "or", "and" or comma list as the span:
	// "Building `main` or `hotfix/*` will publish" (the thirty-second holdout's microsoft/mcp).
	trunkBefore = mustGate(trunkSpan + listJoin + "$")
	trunkAfter  = mustGate("^" + listJoin + trunkSpan)
	branchList  = mustGate("(?i)\\bbranch(?:es)?\\s*[(:]?\\s*(?:`[^`\\n]*`\\s*,?\\s*(?:and\\s+|or\\s+)?)*$")
	// prefixList ends the text before a span in a list of prefixes: "Use prefixes: `feature/`, `fix/`,
	// `chore/`, `docs/`" (the hundred-and-nineteenth holdout's ai-newsletter, under "Git Workflow"). With
	// the span a kind of change (branchKinds), the prefixes are branches'.
	prefixList = mustGate("(?i)\\bprefix(?:es)?\\s*[(:]?\\s*(?:`[^`\\n]*`\\s*,?\\s*(?:and\\s+|or\\s+)?)*$")
)

// kindWildcard is a kind of change and a wildcard, as a claim about branches writes them: "never
// `fix/*`/`feat/*` wildcards" (the hundred-and-forty-fourth holdout's myrouter, on worktrees/branches).
func kindWildcard(body string) bool {
	kind, rest, ok := strings.Cut(body, "/")
	return ok && branchKinds[kind] && (rest == "*" || rest == "**")
}

// branchKinds are the kinds of change branch prefixes name.
var branchKinds = set("feature", "feat", "fix", "bugfix", "hotfix", "chore", "docs", "doc", "refactor", "test", "tests", "perf", "release", "ci", "build", "style", "experiment", "spike")

// orgReposBefore ends the words before a forge owner whose repositories a sentence speaks of: "standalone
// repos under `forwardimpact/`", "every sibling repo under `forwardimpact/*`", "repos in the org `acme/`".
// Plain "repos under `vendor/`" may be a folder of checkouts, and stays a place.
var (
	orgReposBefore = mustGate(`(?i)\b(?:standalone|sibling|separate|public|private|published|GitHub|GitLab)\s+(?:[\w-]+\s+)?(?:repos|repositories|repo|repository)\s+(?:under|in|within|across|of)\s+(?:the\s+)?(?:GitHub\s+|GitLab\s+)?(?:org(?:anization)?\s+)?[*_]*$|\b(?:repos|repositories)\s+(?:under|in|of)\s+the\s+(?:GitHub\s+|GitLab\s+)?(?:org(?:anization)?|owner|account)\s+[*_]*$`)
	orgName        = mustGate(`^[A-Za-z0-9][\w.-]*/\*?$`)
)

// orgRepos reports a span that is a forge owner's name ("`forwardimpact/`", "`forwardimpact/*`") after words
// about that owner's repositories.
func orgRepos(body, before string) bool {
	return orgName.MatchString(body) && orgReposBefore.MatchString(before)
}

// Another repository named by its owner and name: "the `spree/dashboard-starter` template repo",
// "cloned from `spree/spree-starter`", a path in "[prisma/ignite](https://github.com/prisma/ignite)
// (`skills/.pilot/`)".
var (
	ownerName     = mustGate(`^[A-Za-z0-9][\w.-]*/[A-Za-z0-9][\w.-]*$`)
	repoNounAfter = mustGate(`(?i)^\s+(?:(?:template|standalone|starter|sample|example|upstream|separate|public|private|github|gitlab|forked|companion|sibling)\s+){0,2}(?:repo|repository|repositories|repos)\b|^\s+on\s+(?:GitHub|GitLab|Codeberg)\b`)
	repoBefore    = mustGate(`(?i)(?:\b(?:cloned|forked|copied|mirrored)\s+from\s+(?:the\s+)?|\b(?:repo|repository|GitHub|GitLab)\s*:?\s*)\**$`)
	inLinkedRepo  = mustGate(`(?i)\bin\s+\[[^\]\n]+\]\(https?://(?:www\.)?(?:github\.com|gitlab\.com|codeberg\.org)/[^)\s]+\)\s*\(?\s*$`)
	// otherRepoOwns ends the text before a path with another repository's possessive: "The OpenAPI spec is
	// pinned in the donor repo's `backend-cluster/idl/beancount-ledger.openapi.json`" (the
	// two-hundred-and-fifth holdout's beancount-io).
	otherRepoOwns = mustGate(`(?i)\b(?:donor|upstream|sibling|parent|other|private|source|template|host|infra|companion|reference|original)\s+(?:repo|repository|project)['’]s\s+[*_]*$`)
	// namedRepoParen ends the text before a path in the parenthesis after a repository named by owner and
	// name: "standalone `atta-labs/vinaya` repo (`apps/cli`)" (the two-hundred-and-twenty-third holdout's
	// attalabs, whose vendored copy of that CLI was deleted).
	namedRepoParen = mustGate("(?i)`[A-Za-z0-9][\\w.-]*/[A-Za-z0-9][\\w.-]*`\\s+(?:repo|repository)\\s*\\(\\s*$")
)

// forgeRepoName reports a span written as owner/name: one slash, inside the name, no ./ or trailing /.
func forgeRepoName(body string) bool {
	return ownerName.MatchString(strings.TrimSpace(body))
}

var foreignNouns = []string{"repo", "checkout", "project", "module"}

var (
	foreignRepo = mustGate(`\b(?:that|the other|another|other|sibling|upstream|parent|their) (?:repo|repository|checkout|project|module)\b`)
	pluralAfter = mustGate(`^\)?\s+(?:files|directories|dirs|folders)\b`)
	// routeFileKind is a SvelteKit route file by its bare name: "Server-only code goes in: `+page.server.ts`"
	// (the two-hundred-and-fifteenth holdout's lass) names the file each route may have, a kind of file
	routeFileKind = mustGate(`^\+(?:page|layout|server|error)(?:@[\w-]*)?(?:\.server)?\.(?:svelte|ts|js)$`)
	// variantAfter follows a dot word that names a family of files by their ending: "(and `.local`
	// variants)", "the `.d.ts` counterparts". Like "`.zst` files", it is a kind of name, not a file.
	variantAfter = mustGate(`^\)?\s+(?:variants?|versions?|counterparts?|equivalents?|siblings?|suffix(?:es)?|extensions?)\b`)
	// ownerAfter follows a one-segment slash word that names an account on a forge: "the `jj-vcs/`
	// organization", "the `acme/` org". It is an owner of repositories, not a directory here.
	ownerAfter = mustGate(`(?i)^\s+(?:(?:GitHub|GitLab|Codeberg)\s+)?(?:organi[sz]ations?|orgs?|accounts?|namespaces?|owners?)\b`)
)

var (
	codeSpan = mustGate("`+([^`]+?)`+")
	// a destination may hold balanced parentheses, as CommonMark allows: Expo's and Next.js' route
	// groups, "[sign in](./app/(auth)/sign-in.tsx)" (the ninety-eighth holdout, ten rows cut at "(auth")
	mdLink = mustGate(`!?\[[^\]]*\]\(((?:[^()\s]|\([^()\s]*\))*)(?:\s+"[^"]*")?\)`)
	// a bracketed IPv6 host ("http://[::1]:7780/") is part of the URL; any other "]" ends it
	bareURL        = mustGate(`\bhttps?://(?:\[[0-9A-Fa-f:.]+\])?[^\s<>()\]]*`)
	commitCount    = mustGate(`\b(\d+)\s+commits?\s+(?:since|after|ahead of|on top of)\s+([\w./-]+[\w])`)
	lastCommit     = mustGate(`\blast commit(?:\s+(?:on|at|was|date|:))*\s*:?\s*(\d{4}-\d{2}-\d{2})\b`)
	expiresOn      = mustGate(`\b(?:until|expires?(?: on)?|valid through|through|till)\s+(\d{4}-\d{2}-\d{2})\b`)
	runtimeCount   = mustGate(`(\d+(?:[.,]\d+)?\s*[km]?)\s+(?:live\s+)?(nodes|edges|pods|replicas|sessions|connections|workers|processes|active users|requests per second|rps|qps|vectors)\b`)
	runtimeContext = mustGate(`\b(live|running|warm|warm-booted|served|serving|online|deployed|in prod|in production|uptime)\b`)
	receiptWords   = mustGate(`\b\d+\s*/\s*\d+\s+(green|pass|passing|ok)\b|\b(green|passing) at \d+\s*/\s*\d+|\b\d+\s+(?:\w+\s+)?(tests|specs|cases)\s+(green|pass|passing|ok)\b|\b(ci|tests?|battery|suite|build|checks?)\s+(is\s+|are\s+|stays?\s+)?(green|passing|red|failing)\b|\bgreen on \d+|\bcoverage (?:at |of |is )?\d+%|\d+% coverage|\bzero [\w -]{0,20}(losses|failures|regressions)\b|\bbattery at \d+`)
)

// Wording markers, matched on whole words (cheaper than a regexp per sentence on long souls).
var (
	temporalSingles = set("currently", "temporarily", "pending", "wip", "until")
	temporalPhrases = []string{"for now", "right now", "at the moment", "in flight", "in progress", "may hold", "sibling worktree", "this week", "as of today"}
	shippedSingles  = set("shipped", "ships", "landed", "merged", "done", "completed", "implemented", "fixed", "resolved", "delivered", "released")
	receiptCues     = set("green", "passing", "red", "failing", "losses", "failures", "regressions")
	runtimeNouns    = set("nodes", "edges", "pods", "replicas", "sessions", "connections", "workers", "processes", "users", "requests", "rps", "qps", "vectors")
	expiryCues      = []string{"until", "expire", "through", "till"}
)

// wordSet is a claim's lower-case words; small claims keep it a slice, which beats a map here.
type wordSet []string

func wordsOf(lower string) wordSet {
	return strings.FieldsFunc(lower, func(r rune) bool { return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9') })
}

func anyWord(words wordSet, want map[string]bool) bool {
	for _, w := range words {
		if want[w] {
			return true
		}
	}
	return false
}

func anyPhrase(s string, phrases []string) bool {
	for _, p := range phrases {
		if strings.Contains(s, p) {
			return true
		}
	}
	return false
}

// proseRefs finds git refs and bare paths written outside code spans.
func proseRefs(text string, lineAt func(int) int, digits bool) []Anchor {
	var out []Anchor
	if !digits {
		return barePaths(text, lineAt, out)
	}
	lower := strings.ToLower(text)
	var prs [][]int
	if strings.IndexByte(text, '#') >= 0 {
		prs = prRef.FindAllStringSubmatchIndex(text, -1)
	}
	for _, m := range prs {
		if excludedHashContext(lower[:m[0]]) {
			continue
		}
		n, _ := strconv.Atoi(text[m[2]:m[3]])
		// "Prettier's own #18530": another project's number
		ahead := text[max(0, m[2]-1-40) : m[2]-1]
		aside := text[max(0, m[2]-1-100) : m[2]-1] // wide enough for "owner/repo#595 (refined in #923, "
		foreign := possessiveOwner.MatchString(ahead) || relatedRepoPR.MatchString(ahead) ||
			strings.Contains(aside, "/") && repoPRAside.MatchString(aside)
		// "Ships the deterministic-alias half of #174; that issue stays open" (the ninety-fifth holdout's
		// Bluegrass-Songbook): the sentence calls the number an issue
		unshipped := !shippedClause(lower, m[0], m[1]) || issueNamedAfter.MatchString(text[m[1]:min(len(text), m[1]+40)])
		out = append(out, Anchor{Kind: AnchorPR, Ref: "#" + text[m[2]:m[3]], Number: n, Line: lineAt(m[0]), Unshipped: unshipped, Foreign: foreign})
	}
	var prw [][]int
	if strings.Contains(lower, "pr") || strings.Contains(lower, "pull") {
		prw = prWord.FindAllStringSubmatchIndex(text, -1)
	}
	for _, m := range prw {
		n, _ := strconv.Atoi(text[m[2]:m[3]])
		// "see pull request 66" is held to the same rule as "(#66)": its own clause must say it merged
		out = append(out, Anchor{Kind: AnchorPR, Ref: "#" + text[m[2]:m[3]], Number: n, Line: lineAt(m[0]), Unshipped: !shippedClause(lower, m[0], m[1])})
	}
	var tags [][]int
	if hasVersionStart(text) {
		tags = tagRef.FindAllStringSubmatchIndex(text, -1)
	}
	for _, m := range tags {
		// "unified "v" prefix versioning (v1.0.0, v1.1.0, v2.0.0)": samples of a scheme, no releases
		sample := schemeSamples.MatchString(text[max(0, m[2]-160):m[2]])
		out = append(out, Anchor{Kind: AnchorTag, Ref: text[m[2]:m[3]], Line: lineAt(m[0]), Example: sample})
	}
	var shas [][]int
	if hasHexRun(text, 7) {
		shas = shaRef.FindAllStringSubmatchIndex(text, -1)
	}
	for _, m := range shas {
		lo, hi := m[2], m[3]
		if lo < 0 {
			lo, hi = m[4], m[5]
		}
		sha := text[lo:hi]
		if text[m[0]] == '@' && m[0] > 0 && isRefByte(text[m[0]-1]) {
			continue // "golang/go@1a2b3c4d": a commit of another repository
		}
		if plausibleSHA(sha) {
			out = append(out, Anchor{Kind: AnchorCommit, Ref: sha, Line: lineAt(m[0])})
		}
	}
	return barePaths(text, lineAt, out)
}

func barePaths(text string, lineAt func(int) int, out []Anchor) []Anchor {
	if !strings.Contains(text, "/") {
		return out
	}
	for _, m := range barePath.FindAllStringIndex(text, -1) {
		if m[1] < len(text) && (strings.IndexByte("<{$", text[m[1]]) >= 0 || text[m[1]] == '*' && !strings.HasPrefix(text[m[1]:], "**")) {
			continue // "refs/merge-requests/<iid>/head": a template cut at its placeholder
		}
		if strings.HasSuffix(text[m[0]:m[1]], "/...") || openList(text[m[1]:]) {
			continue // "(css/graphql/yaml/json/...)": alternatives listed, not one directory
		}
		if cutBeforeName(text[m[0]:m[1]], text[m[1]:]) {
			continue
		}
		tok := strings.TrimSpace(strings.TrimLeft(strings.TrimRight(text[m[0]:m[1]], ".,:;"), "( *"))
		if docPair(tok) || text[m[0]] == ' ' && machinePathBefore(text[:m[0]]) {
			continue
		}
		if a, ok := pathAnchor(tok); ok && !a.Weak {
			a.Line = lineAt(m[0])
			if notBareBefore.MatchString(text[max(0, m[0]-12) : m[0]+1]) {
				// "| Main Game Entry | `[locale]/(game)/page.tsx` | Server component, NOT app/page.tsx |" (the
				// hundred-and-forty-first holdout's brute-force-game): the path set against the one meant
				a.Absent = true
			}
			if formerBefore.MatchString(text[max(0, m[0]-spanLead):m[0]]) {
				// "GenScreenshotsTest.kt: … Replaces scripts/gen-android-screenshots.sh." (the
				// eighty-eighth holdout's caic): a file the sentence places in the past, as a span would be
				a.Absent, a.Former = true, true
			}
			if lead := text[max(0, m[0]-spanLead):m[0]]; containsFold(lead, perEachWords...) && perEachCue.MatchString(lead) {
				a.Target = true // "모든 패키지는 하위에 ./specs 폴더를 가지며": every package keeps one under itself
			}
			out = append(out, a)
		}
	}
	return out
}

// cutBeforeName reports a match the pattern's ASCII word cut right after a slash, where a name in
// another script goes on: "OpenAI/Anthropic/智谱AI API调用" (the two-hundred-and-twentieth holdout's
// AI-English-Teaching, three providers, not a folder OpenAI/Anthropic/). A folder word right after the
// slash ("src/目录下", "docs/フォルダ") still makes the match a folder.
func cutBeforeName(match, after string) bool {
	if !strings.HasSuffix(match, "/") || after == "" {
		return false
	}
	r, _ := utf8.DecodeRuneInString(after)
	if r < utf8.RuneSelf || !unicode.IsLetter(r) {
		return false
	}
	for _, w := range folderWordsAfter {
		if strings.HasPrefix(after, w) {
			return false
		}
	}
	return true
}

// folderWordsAfter are the words CJK prose writes straight after a folder's slash: directory, folder,
// under, in, inside.
var folderWordsAfter = []string{"目录", "目錄", "文件夹", "資料夾", "下", "中", "里", "裡", "内", "內", "ディレクトリ", "フォルダ", "配下", "以下", "디렉토리", "디렉터리", "폴더", "아래", "에", "의"}

// machinePathBefore reports prose that ends in a path on someone's machine, three segments deep or more
// ("父级: /Users/henry/PARA/[01] Projects/Vibe/Craft/src/components/AGENTS.md", the hundred-and-thirty-
// seventh holdout's craft-ui): the word after the space is the rest of that path, whose folder name holds
// a space, never a path of this repository.
func machinePathBefore(before string) bool {
	i := strings.LastIndexAny(before, " \t\n")
	w := strings.ReplaceAll(before[i+1:], "\\", "/") // "C:\Users\me\My Projects"
	if machineRoot.MatchString(w) {
		w = w[2:]
	}
	if w == "" || strings.ContainsAny(w[len(w)-1:], ".,;:") {
		return false // the path ended with the clause
	}
	if strings.HasPrefix(w, "~/") {
		return strings.Count(w, "/") >= 2
	}
	segs := strings.Split(strings.TrimPrefix(w, "/"), "/")
	return strings.HasPrefix(w, "/") && len(segs) >= 3 && fsRoots[segs[0]]
}

// notBareBefore ends the text before a bare path that a contrast rules out: ", NOT app/page.tsx", "— not
// lib/old.ts", "but not x/y"; a plain "not" ("do not edit src/x.ts") still names a file that is there.
var notBareBefore = mustGate(`(?:(?:,|—|–|\bbut)\s+(?:not|NOT)|\bNOT)\s$`)

// docPair is two documents a slash offers as alternatives: "each SDK package's README/CLAUDE.md" (the
// seventy-third holdout's sodax-sdks), README.md or CLAUDE.md, no directory named README.
func docPair(tok string) bool {
	first, second, ok := strings.Cut(tok, "/")
	return ok && docStems[first] && !strings.Contains(second, "/") && strings.HasSuffix(second, ".md")
}

// docStems are the names of a repository's standard documents, written without their extension.
var docStems = set("README", "AGENTS", "CLAUDE", "GEMINI", "CHANGELOG", "CONTRIBUTING", "SECURITY")

var (
	prRef = mustGate(`(?:^|[\s(,\[/+])#(\d{1,6})\b`)
	// prWord is "PR #12", "PR12", "pull request 12"; "PR-23" is a plan's or a tracker's key, not the
	// forge's number (the forty-fifth holdout's dotnet-ddd-blueprint numbers its own steps so)
	prWord = mustGate(`(?i)\b(?:PR|pull request|pull)(?:\s*#|\s+#?)?(\d{1,6})\b`)
	// schemeSamples ends the text before versions listed in parentheses after the name of a scheme
	// (the ninety-third holdout's sgcarstrends)
	schemeSamples = mustGate(`(?i)\b(?:versioning|scheme|format|convention|pattern)\s*\(\s*(?:v?\d+(?:\.\d+){1,3}(?:-[0-9A-Za-z.]+)?\s*,\s*)*$`)
	tagRef        = mustGate(`(?:^|[\s(,\[+])(v\d+\.\d+(?:\.\d+){0,2}(?:-[0-9A-Za-z.]+)?)\b`)
	shaRef        = mustGate(`(?i)(?:@|\bcommit\s+|\bsha\s+|\bat\s+|\()([0-9a-f]{7,40})\b|\b([0-9a-f]{12,40})\b`)
	barePath      = mustGate(`(?:^|\s|\(|\*\*)(?:\.{0,2}/)?[\w.-]+(?:/[\w.-]+)+/?`)
)

var hashExclusions = map[string]bool{"step": true, "item": true, "prompt": true, "no": true, "number": true, "issue": true, "issues": true, "ticket": true, "rank": true, "top": true, "checkpoint": true, "cp": true, "addendum": true, "case": true, "line": true, "phase": true, "slice": true, "point": true, "option": true, "question": true, "task": true, "round": true, "part": true, "stage": true, "page": true, "chapter": true, "section": true, "batch": true, "wave": true, "run": true, "attempt": true, "build": true, "priority": true, "finding": true, "rule": true, "invariant": true, "gap": true, "seam": true, "item:": true, "request": true, "mr": true, "fixes": true, "fix": true, "closes": true, "close": true, "resolves": true, "refs": true, "bug": true, "ticket:": true, "incident": true, "story": true, "epic": true, "milestone": true, "discussion": true}

func excludedHashContext(before string) bool {
	f := strings.Fields(before)
	if len(f) == 0 {
		return false
	}
	w := strings.Trim(f[len(f)-1], "*_(:,[")
	return hashExclusions[w]
}

func isRefByte(b byte) bool {
	return b == '_' || b == '-' || b == '/' || b == '.' || b >= '0' && b <= '9' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z'
}

func plausibleSHA(s string) bool {
	// git prints object names in lowercase; a capital letter means a word such as Ed25519.
	if strings.ToLower(s) != s {
		return false
	}
	if len(s) == 40 {
		return true
	}
	letters, digits := 0, 0
	for _, r := range s {
		if r >= 'a' && r <= 'f' {
			letters++
		} else if r >= '0' && r <= '9' {
			digits++
		} else {
			return false
		}
	}
	return letters > 0 && digits > 0
}

// issueNamedAfter follows a number the next clause calls an issue.
var issueNamedAfter = mustGate(`(?i)^[;,:.]?\s*(?:that|this|the)\s+issue\b`)

// coverageMetrics is a coverage metric with its number, beside which "lines 85" is one more of them.
var coverageMetrics = mustGate(`(?i)\b(?:statements|branches|functions)\s*[:=]?\s*\d`)

// attachLineHints turns "`x` line 52" into a line anchor on the nearest path. text is the claim with its
// code spans blanked, raw the claim as written (the same offsets).
func attachLineHints(c *Claim, text, raw string, lineAt func(int) int) {
	var words, prose []string // the claim's, shared by its line anchors
	for _, m := range lineWord.FindAllStringSubmatchIndex(text, -1) {
		// Either "line N[-M]" (groups 1 and 2) or "LN" (group 3) matched.
		num := 2
		if m[2] < 0 {
			num = 6
			if lead := raw[max(0, min(m[0], len(raw))-2):min(m[0], len(raw))]; !strings.ContainsAny(lead, "`#") && !strings.HasSuffix(lead, ":") {
				// "**L1 tests must not call real LLMs.**" (the forty-seventh holdout's worldbox-writer):
				// a test level, not a line; a line is written right after its file ("`a.go` L12",
				// "a.go:L12"). "**T11 (v12): L67 CHANGELOG auto**" (the eighty-first's phenotype-apps)
				// numbers a checklist item after a label's colon and a space
				continue
			}
		}
		if strings.HasPrefix(strings.TrimLeft(text[m[1]:], " "), "%") {
			continue // "coverage thresholds statements/lines 24%" (the forty-ninth holdout's 360-tours): a share of lines
		}
		if near := text[max(0, m[0]-16):m[0]]; strings.Contains(near, "§") && sectionSignBefore.MatchString(near) {
			// "`mcp.ts` — `McpServerConfig` (§ 6 line 215, § 9.3)" (the hundred-and-eighty-fourth holdout's
			// bhai): a line of the design document's section, not of the file
			continue
		}
		if coverageMetrics.MatchString(text[max(0, m[0]-80):min(len(text), m[1]+80)]) {
			// "enforced by `coverageThreshold` in `aegis/package.json`:\nstatements 85, branches 77,
			// functions 87, lines 85." (the ninety-fifth holdout's monitoring-monorepo): a coverage floor
			continue
		}
		start, _ := strconv.Atoi(text[m[num]:m[num+1]])
		end := start
		if num == 2 && m[4] >= 0 {
			end, _ = strconv.Atoi(text[m[4]:m[5]])
		}
		line := lineAt(m[0])
		lead := raw[:min(m[0], len(raw))] // raw: the prose has its spans blanked
		if formatterBefore.MatchString(lead[max(0, len(lead)-24):]) {
			continue // "Lint: ruff (line 110, `E,F,I`)" (the two-hundred-and-forty-second holdout's AGENTIC): a line length
		}
		bare := bareFileInParens(text[:m[0]])
		best, bestAt := -1, -1
		for i, a := range c.Anchors {
			if !lineable(a) {
				continue // a directory or a pattern has no lines
			}
			if strings.HasSuffix(strings.TrimRight(lead, " (~"), "`"+a.Ref+"`") || bare != "" && path.Base(a.Path) == bare {
				// "(`phases/phase-11.md`); `stack.md` (line 42) names the service" (the same round's
				// AGENTIC): the file written right before the words owns them, whichever came first
				best, bestAt = i, strings.LastIndex(lead, a.Ref)
				break
			}
			if best < 0 || abs(a.Line-line) < abs(c.Anchors[best].Line-line) {
				// the first of the nearest line's files, as ever: round 155's hongmacho-blog, "| `BaseLayout.astro`
				// | … `tokens.css` + `app.css` import, … (line 62-77 …)", a stale range of the row's .astro file
				// (no path anchor) that the first file carries; the file named last before the words gave it to
				// app.css, whose line 62 holds, and hid the drift
				best, bestAt = i, strings.LastIndex(lead, a.Ref)
			}
		}
		if bare != "" && (best < 0 || path.Base(c.Anchors[best].Path) != bare) {
			// "expect `build.gradle.kts` … (per stack.md Kotlin scaffold, lines 125-137)" (the same round's
			// AGENTIC): the lines of the file the parentheses name, which is no anchor of the claim
			continue
		}
		if best < 0 || start <= 0 || end < start || hintedBefore(c.Anchors, lead, line, bestAt) {
			continue
		}
		if num == 6 && !strings.HasSuffix(strings.TrimRight(lead, "`#:( "), c.Anchors[best].Ref) {
			// "(`grpc/shard.rs`)는 … `pool_disconnect`(L3 …" (the hundred-and-ninety-sixth holdout's
			// handicap, whose milestones are L1–L6): "LN" is a line only right after its file
			continue
		}
		if bestAt < 0 && fileSpan.MatchString(lead[strings.LastIndexByte(lead, '\n')+1:]) && !lineOfFile.MatchString(raw[min(m[1], len(raw)):]) {
			// "both `configure.ac` blocks (~line 1092 and ~line 1468) and add `tests/x/Makefile` … not a
			// `tests/Makefile.am` edit" (the same round's netxms): the line's file before the words is no
			// anchor of the claim, and the names after them are not whose lines these are ("line 880 in
			// `encoder.cpp`" names its file after the number, and is read so)
			continue
		}
		if n := lineOfFile.FindStringSubmatch(raw[min(m[1], len(raw)):]); n != nil && path.Base(c.Anchors[best].Path) != path.Base(n[1]) {
			// "(~line 880 in encoder.cpp) … See `../AGENTS.md`" (the fifty-seventh holdout's ball): the
			// line is the named file's, which no anchor of the claim is
			continue
		}
		a := &c.Anchors[best]
		a.Kind, a.Start, a.End, a.LineInWords = AnchorLine, start, end, true
		a.Ref = a.Path + ":" + strconv.Itoa(start)
		a.Hints = hintsFor(c, a.Path)
		// a line written in prose is confirmed by quoted code as a `file:line` span is
		a.Literals = literalHints(c, a.Path)
		if prose == nil {
			words, prose = rangeWords(c.Text), proseWords(c.Text)
		}
		a.Words, a.Prose = words, prose
	}
}

// lineable is a path anchor that may carry a line: a file, not a directory or a pattern.
func lineable(a Anchor) bool {
	return a.Kind == AnchorPath && (!a.Weak || strings.Contains(a.Path, ".")) && !strings.HasSuffix(a.Ref, "/") && !strings.Contains(a.Path, "*")
}

// formatterBefore ends the words before "line N" with a formatter or linter, whose "line" is its line
// length: "ruff (line 110", "black: line 100".
var formatterBefore = mustGate(`(?i)\b(?:ruff|black|flake8|pylint|pycodestyle|isort|yapf|autopep8|prettier|eslint|biome|rustfmt|ktlint|rubocop|clang-format)\b\s*[(:,]?\s*(?:max\s+)?$`)

// bareFileInParens is the last file name written without a span inside the parentheses still open at
// the end of text (whose spans are blanked): "stack.md" in "(per stack.md Kotlin scaffold, "; "" for none.
func bareFileInParens(text string) string {
	open := strings.LastIndexByte(text, '(')
	if open < 0 || strings.IndexByte(text[open:], ')') >= 0 {
		return ""
	}
	name := ""
	for _, w := range strings.FieldsFunc(text[open+1:], func(r rune) bool { return r == ' ' || r == ',' || r == ';' || r == '\n' }) {
		w = strings.TrimRight(w, ".:")
		if hasKnownExt(w) && !(strings.HasSuffix(w, ".js") && unicode.IsUpper(rune(w[0]))) {
			name = path.Base(w) // "Node.js", "Next.js" are frameworks, not files
		}
	}
	return name
}

// hintedBefore reports a file named on the hint's line after the chosen one, closer to the words, that
// an earlier hint of the line already took: "both `configure.ac` blocks (~line 1092 and ~line 1468) … not a
// `tests/Makefile.am` edit" (the hundred-and-eighty-sixth holdout's netxms): the second number is
// configure.ac's too, not the next file's.
func hintedBefore(as []Anchor, before string, line, bestAt int) bool {
	for _, a := range as {
		if a.Kind == AnchorLine && a.LineInWords && a.Line == line && strings.LastIndex(before, a.Path) > bestAt {
			return true
		}
	}
	return false
}

// sectionSignBefore ends the text before a line number with a document's section: "§ 6 ", "§9.3, ".
var sectionSignBefore = mustGate(`§\s*\d+(?:\.\d+)*,?\s*$`)

// lineOfFile follows a line number with the file it is in: "line 880 in encoder.cpp".
var lineOfFile = mustGate("^\\s+(?:in|of)\\s+`?([\\w./-]+\\.[A-Za-z]\\w*)\\b")

var lineWord = mustGate(`(?i)\b(?:at\s+)?lines?\s+(\d{1,7})(?:\s*[-–]\s*(\d{1,7}))?\b|\bL(\d{1,7})\b`)

// hintsFor is what the hinted line should contain: the claim's other code words and symbol names.
func hintsFor(c *Claim, p string) []string {
	var hints []string
	pinned := pinnedNames(c.Text)
	cites := 0 // the claim's line citations: with more than one, the files it lists are their fellows
	for _, a := range c.Anchors {
		if a.Kind == AnchorLine {
			cites++
		}
	}
	for _, a := range c.Anchors {
		switch {
		case a.Kind == AnchorSymbol:
			if pinned[a.Name] {
				continue
			}
			hints = append(hints, a.Name)
			if a.Qualifier != "" {
				// "`SnapshotRunner.main`" over "enum SnapshotRunner {": the cited line may declare the
				// type the member is read from (declaresNamed)
				hints = append(hints, a.Qualifier+"."+a.Name)
			}
		case (a.Kind == AnchorPath || a.Kind == AnchorGlob) && a.Path != p && !(path.Ext(a.Path) == ".md" && path.Ext(p) != ".md") && cites < 2:
			// a document beside the citation ("| `src/main.rs` lines 102-119 |
			// [workers/AGENTS.md](src/workers/AGENTS.md) |", the hundred-and-seventy-sixth holdout's
			// roboplc-middle) points the reader on; no line of code names it
			hints = append(hints, a.Path)
		}
	}
	gone := removedSpans(c.Text)
	for _, t := range c.Terms {
		if t != p && !gone[t] && !pinned[t] {
			hints = append(hints, t)
		}
	}
	for _, m := range routeSpan.FindAllStringSubmatch(c.Text, -1) {
		// "| `POST /api/auth/login` | `auth.py:10` |": the cited line declares the route
		hints = append(hints, m[1])
	}
	if hints == nil && pinned != nil {
		// "`Sources/AfterRayChatModel.swift:46` chat model behind `AfterRayChatModeling` (:4)": with its
		// only name pinned elsewhere, the cited line is the file's namesake, the chat model itself
		if stem, ok := fileNamesake(p); ok {
			hints = []string{stem}
		}
	}
	if hints == nil {
		hints = []string{}
	}
	return hints
}

// pinnedNames are the names a claim follows with a line of their own, "(:N": "`RecallOverlayController`
// (:393, Carbon hot key …); `AfterRayMenuBar` (:208)" after "`Sources/AfterRayApp.swift:29` `@main`" (the
// hundred-and-sixtieth holdout's afterray, where AfterRayMenuBar's use on line 79 was read as where line
// 29 went). Such a name says where it is itself; it is no hint for another cited line. nil when none.
func pinnedNames(text string) map[string]bool {
	if !strings.Contains(text, "(:") {
		return nil
	}
	var pinned map[string]bool
	for _, m := range pinnedSpan.FindAllStringSubmatch(text, -1) {
		if pinned == nil {
			pinned = map[string]bool{}
		}
		pinned[m[1]] = true
		pinned[strings.TrimSuffix(m[1], "()")] = true
	}
	return pinned
}

// pinnedSpan is a code span followed by "(:N" or a span of its own "`:N`", a line number with no file
// before it: "36시간(`STALE_AFTER_MS` `:37`)" (the two-hundred-and-fortieth holdout's Bubblelab).
var pinnedSpan = mustGate("`([^`\\n]+)`\\s*(?:\\(|`):\\d")

// citedSubject is the name a citation is paired with, the code span right before it: "`#record`
// `_infra/invest.js:622`", "`toneOf` `invest/app.js:40`" (the two-hundred-and-fortieth holdout's Bubblelab,
// whose sentences pair each citation with its own name). That name is what the cited line must hold; the
// sentence's other names belong to their own citations.
func citedSubject(text, ref string) (string, bool) {
	at := strings.Index(text, "`"+ref+"`")
	if at <= 0 {
		return "", false
	}
	before := strings.TrimRight(text[:at], " \t")
	if !strings.HasSuffix(before, "`") {
		return "", false
	}
	open := strings.LastIndexByte(before[:len(before)-1], '`')
	if open < 0 {
		return "", false
	}
	name := before[open+1 : len(before)-1]
	if !subjectName.MatchString(name) {
		return "", false
	}
	return strings.TrimSuffix(name, "()"), true
}

// subjectName is an identifier a citation may be paired with: "toneOf", "#record", "Foo.bar()".
var subjectName = mustGate(`^[#@$]?[A-Za-z_][\w.]*(?:\(\))?$`)

// removedSpanList is a removal verb and the code spans it removed: "Removed `manage_channels` and
// `manage_permissions` from the overwrites", or "despite" and the names the sentence sets against the
// cited line: "a hardcoded word-list (`prediction_models.py:169`) — not HuggingFace, despite
// `transformers`/`sentence-transformers` in requirements" (the two-hundred-and-thirty-sixth holdout's
// podcastflow-analytics, whose line 169 holds neither, as the sentence says).
var removedSpanList = mustGate("(?i)\\b(?:removed|deleted|dropped|despite)\\s+((?:`[^`\\n]+`(?:\\s*[,/]\\s*(?:and\\s+|or\\s+)?|\\s+(?:and|or)\\s+)?)+)")

// removedSpans are the names a claim says were removed, or sets against a cited line with "despite";
// nil when it says of none.
func removedSpans(text string) map[string]bool {
	if !strings.Contains(text, "`") || !containsFold(text, "removed", "deleted", "dropped", "despite") {
		return nil
	}
	var gone map[string]bool
	for _, m := range removedSpanList.FindAllStringSubmatch(text, -1) {
		for _, name := range literalSpan.FindAllStringSubmatch(m[1], -1) {
			if gone == nil {
				gone = map[string]bool{}
			}
			gone[name[1]] = true
		}
	}
	return gone
}

// literalHints are the claim's code spans quoted whole, as the cited line would hold them: "still
// constructs `new SqliteCancellationSource(store.db)` (`jobs.ts:252`)", "the literal code array is
// `[4, 2, 1, 7, 6, 5]`" (the sixty-sixth holdout's Atlas), code that names no word the other hints read.
// They only confirm a line: a paraphrase ("`FIXTURES_ROOT = resolve(dir-of-this-module, …)`") is held by
// no line, which says nothing of where the cited one went.
func literalHints(c *Claim, p string) []string {
	if !strings.Contains(c.Text, "`") {
		return nil
	}
	out := quotedLiterals(c.Text)
	for _, m := range numberCitedIn(c.Text) {
		if m[2] == p || strings.HasSuffix(p, "/"+m[2]) || strings.HasSuffix(m[2], "/"+p) {
			// "seuil 0.75 (`ApiConversationManager.ts:85`)" (threshold: the two-hundred-and-ninth holdout's
			// isaac-cli): the value stated right before the hint is what its line holds
			out = append(out, m[1])
		}
	}
	for _, m := range literalSpan.FindAllStringSubmatch(c.Text, -1) {
		b := strings.Join(strings.Fields(m[1]), " ") // a span wrapped across the paragraph's lines is one
		if i := strings.Index(b, "…"); i > 0 {
			// "`this._contentDispositionFilename ??= …`" (the hundred-and-fortieth holdout's vnote): the
			// line as far as the quote goes before it elides the rest
			b = strings.TrimSpace(b[:i])
		}
		if len(b) < minLiteralHint || !strings.ContainsAny(b, " ([{=.,") || strings.Contains(b, p) {
			continue
		}
		out = append(out, b)
		if i := strings.IndexByte(b, '('); i >= minLiteralHint && i < len(b)-1 {
			// "`FIXTURES_ROOT = resolve(dir-of-this-module, …)`": the call as written up to its
			// arguments, which the quote paraphrases
			out = append(out, b[:i+1])
		}
	}
	return out
}

// quotedLiterals are the strings a claim quotes in prose, as the code would write them: "`SearchProjects.tsx`
// line 35 always renders "projeto"/"projetos" in Portuguese" (the two-hundred-and-forty-fifth holdout's
// code, whose line 35 holds `'projeto' : 'projetos'`, while the claim's `t()` for another file matched
// line 34). Only the string with its quotes counts: a word alone is on too many lines.
func quotedLiterals(text string) []string {
	if !strings.Contains(text, "\"") && !strings.Contains(text, "“") {
		return nil
	}
	var out []string
	for _, m := range proseQuote.FindAllStringSubmatch(text, -1) {
		q := m[1] + m[2]
		if strings.IndexFunc(q, unicode.IsLetter) < 0 {
			continue
		}
		out = append(out, "'"+q+"'", "\""+q+"\"")
	}
	return out
}

// proseQuote is a short string in double quotes, straight or curly, on one line.
var proseQuote = mustGate(`"([^"\n\x60]{3,60})"|“([^”\n\x60]{3,60})”`)

// numberCited is a decimal value right before a parenthesized line hint: "0.75 (`x.ts:85`)"; $2 is the
// hint's path.
var numberCited = mustGate("(?:^|[\\s:=])(\\d+\\.\\d+)\\s*[(（]\\s*`([^`:\\s]+):\\d")

// numberCitedIn lists numberCited's matches in text; a text with no parenthesized code span has none.
func numberCitedIn(text string) [][]string {
	if !strings.Contains(text, "(`") && !strings.Contains(text, "（`") && !strings.Contains(text, "( `") {
		return nil
	}
	return numberCited.FindAllStringSubmatch(text, -1)
}

// literalSpan is a code span's body, which a wrapped paragraph may break once ("(`!discover ||\ntypeof
// evalDetail.proposedAudio?.streamId !== 'number'`, `stages/apply.ts` ~line 54)", the hundred-and-twelfth
// holdout's LocalJobs); minLiteralHint the least of one that a cited line is looked for by
// as written: a shorter body ("`a.b`") is found on too many lines to say which was meant.
var literalSpan = mustGate("`([^`\n]+(?:\n[^`\n]+)?)`")

const minLiteralHint = 8

// routeSpan is an HTTP route in a code span, "`POST /api/auth/login`"; its path is what the route's
// declaration says (the forty-seventh holdout's goverchat cites each route's decorator line).
var routeSpan = mustGate("`(?:GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)\\s+(/[^`\\s]+)`")

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// dedupAnchors keeps the first of anchors naming the same thing; a link among them makes the kept one
// a link, since "[`a.md`](a.md)" names one exact path, not a base name, and gives it the link's
// heading: fd's "[`CHANGELOG.md`](CHANGELOG.md#upcoming-release)" named a section the changelog had
// renamed, and the code span kept without it held (the thirty-fifth holdout).
func dedupAnchors(in []Anchor) []Anchor {
	seen := map[string]int{}
	out := in[:0]
	for _, a := range in {
		k := string(a.Kind) + "\x00" + a.Ref + "\x00" + a.Path
		if i, ok := seen[k]; ok {
			out[i].Link = out[i].Link || a.Link
			// "Composer install BEFORE `make up` … before triggering `make up` from the parent
			// `qameraai-prestashop/` shell" (the sixty-sixth holdout's prestashop-qamera): the one
			// command, whose second mention says where it runs
			out[i].Foreign = out[i].Foreign || a.Foreign
			if out[i].Fragment == "" {
				out[i].Fragment = a.Fragment
			}
			continue
		}
		seen[k] = len(out)
		out = append(out, a)
	}
	return out
}

// receiverMember is a member called on the code's own instance ("`this.schedule()`", "`self.run()`"):
// no type is named, so the member is checked alone (the thirty-first holdout's cloudflare/agents).
var receiverMember = mustGate(`^(?:this|self)\.([A-Za-z_][A-Za-z0-9_]*\(\))$`)

// classifySpan reads one code span: a path, a line, a symbol, a git ref, a command, or a plain term.
func classifySpan(s string) ([]Anchor, string) {
	s = strings.TrimSpace(s)
	if s == "" || len(s) > 512 {
		return nil, ""
	}
	if n := len(s); n > 2 && s[n-1] >= '0' && s[n-1] <= '9' && strings.IndexByte(s, '/') > 0 {
		if m := elixirFunRef.FindStringSubmatch(s); m != nil {
			s = m[1] // "`Hermes.MCP.Error.protocol/2`": the function, its arity dropped
		}
	}
	if m := receiverMember.FindStringSubmatch(s); m != nil {
		s = m[1] // "`this.setState()`": the member of the instance's own class, named alone
	}
	if out, term, done := shapedSpan(s); done {
		return out, term
	}
	if a, ok := gitRefSpan(s); ok {
		return []Anchor{a}, ""
	}
	if out, ok := bracedPaths(s); ok {
		return out, ""
	}
	if a, ok := lineSpan(s); ok {
		return []Anchor{a}, ""
	}
	if m := rustSymbol.FindStringSubmatch(s); m != nil {
		parts := strings.Split(strings.TrimSuffix(s, "()"), "::")
		return []Anchor{{Kind: AnchorSymbol, Ref: s, Name: parts[len(parts)-1], Qualifier: parts[len(parts)-2]}}, ""
	}
	if a, ok := pathAnchor(s); ok {
		return []Anchor{a}, ""
	}
	return symbolSpan(s)
}

// repoScript is a command run from the repository's own script directories without "./": "bin/rails
// test test/models/speaker_test.rb" (the twenty-first holdout's rubyevents, whose test file is gone),
// "script/bootstrap", "tools/gen.sh".
var repoScript = mustGate(`^(?:bin|script|scripts|tools|hack|ci|dev)/[\w.-]+$`)

// commitTypes are the types of Conventional Commits, written with a scope in parentheses; "build",
// "test" and "style" are left out, being names real functions have as often.
var commitTypes = set("feat", "fix", "refactor", "chore", "docs", "perf", "ci", "revert")

// commitScope is a commit type's scope: "(decoder)", "(api-client)", "(deps)!".
var commitScope = mustGate(`^\([a-z][\w./-]*\)!?$`)

// shapedSpan reads the spans whose shape decides alone: a URL, a call with arguments, a command line,
// a home path, a host name or a substitution. done is false for any other span.
func shapedSpan(s string) ([]Anchor, string, bool) {
	if strings.HasPrefix(s, "http://") || strings.HasPrefix(s, "https://") {
		if LocalURL(s) {
			return []Anchor{{Kind: AnchorRuntime, Ref: s}}, "", true
		}
		return nil, "", true
	}
	if m := callWithArgs.FindStringSubmatch(s); m != nil {
		if commitTypes[m[1]] && commitScope.MatchString(s[len(m[1]):]) {
			// "`refactor(decoder)`, `fix(parser)`": a conventional commit's type and scope (the
			// twentieth holdout's chasm), no call
			return nil, "", true
		}
		// "vfs.New(fsys)" cites the function vfs.New; the arguments are illustration
		out, term := classifySpan(m[1] + "()")
		return out, term, true
	}
	if strings.ContainsAny(s, " \t") {
		first := strings.Fields(strings.TrimPrefix(s, "$ "))[0]
		if commandWords[first] || strings.HasPrefix(first, "./") || repoScript.MatchString(first) {
			return commandAnchors(s), "", true
		}
		return nil, "", true
	}
	if strings.HasPrefix(s, "~") {
		return []Anchor{{Kind: AnchorHome, Ref: s}}, "", true
	}
	if hostLike(s) || sedExpr.MatchString(s) {
		return nil, "", true // "pkg.go.dev", "s/foo/bar/": a host and a substitution, neither a member nor a path
	}
	return nil, "", false
}

// gitRefSpan reads a PR number ("#12"), a version tag or a commit sha.
func gitRefSpan(s string) (Anchor, bool) {
	if m := hashOnly.FindStringSubmatch(s); m != nil {
		n, _ := strconv.Atoi(m[1])
		return Anchor{Kind: AnchorPR, Ref: s, Number: n}, true
	}
	if tagOnly.MatchString(s) {
		return Anchor{Kind: AnchorTag, Ref: s}, true
	}
	if shaOnly.MatchString(s) && plausibleSHA(s) {
		return Anchor{Kind: AnchorCommit, Ref: s}, true
	}
	return Anchor{}, false
}

// lineSpan reads "path:12", "path:12-20" or "path#L12" of a strong path.
func lineSpan(s string) (Anchor, bool) {
	if s == "" || s[len(s)-1] < '0' || s[len(s)-1] > '9' || !strings.Contains(s, ":") && !strings.Contains(s, "#L") {
		return Anchor{}, false // pathLine ends with a line number after ":" or "#L"
	}
	m := pathLine.FindStringSubmatch(s)
	if m == nil {
		return Anchor{}, false
	}
	a, ok := pathAnchor(m[1])
	if !ok || a.Weak || a.Kind != AnchorPath {
		return Anchor{}, false
	}
	start, _ := strconv.Atoi(m[2])
	end := start
	if m[3] != "" {
		end, _ = strconv.Atoi(m[3])
	}
	if start <= 0 || end < start {
		return Anchor{}, false
	}
	return Anchor{Kind: AnchorLine, Ref: s, Path: a.Path, Start: start, End: end}, true
}

// symbolSpan reads what is left: a dotted or called symbol (a member's qualifier kept), else a term.
func symbolSpan(s string) ([]Anchor, string) {
	if callSymbol.MatchString(s) || dottedSymbol.MatchString(s) {
		parts := strings.Split(strings.TrimSuffix(s, "()"), ".")
		name := parts[len(parts)-1]
		if len(parts) > 1 && knownExt[name] || len(name) < 3 {
			return nil, s
		}
		a := Anchor{Kind: AnchorSymbol, Ref: s, Name: name}
		if len(parts) > 1 {
			a.Qualifier = parts[len(parts)-2]
		}
		return []Anchor{a}, ""
	}
	if identTerm.MatchString(s) {
		return nil, s
	}
	return nil, ""
}

var (
	hashOnly     = mustGate(`^#(\d{1,6})$`)
	tagOnly      = mustGate(`^v\d+\.\d+(?:\.\d+){0,2}(?:-[0-9A-Za-z.]+)?$`)
	shaOnly      = mustGate(`^[0-9a-f]{7,40}$`)
	pathLine     = mustGate(`^(.+?)(?::|#L)(\d{1,7})(?:(?:[-–:]|-L)(\d{1,7}))?$`)
	rustSymbol   = mustGate(`^[A-Za-z_]\w*(?:::[A-Za-z_]\w*)+(?:\(\))?$`)
	callSymbol   = mustGate(`^[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*\(\)$`)
	callWithArgs = mustGate(`^([A-Za-z_]\w*(?:(?:\.|::)[A-Za-z_]\w*)*)\([^()]+\)$`)
	dottedSymbol = mustGate(`^[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+$`)
	identTerm    = mustGate(`^[A-Za-z_][\w.-]{2,}$`)
)

// elixirFunRef is an Elixir (or Erlang-style) function reference with its arity: "Module.fun/2",
// "Hermes.Server.Frame.assign/3", "init_request/1" (a name and its arity, never a path).
var elixirFunRef = mustGate(`^((?:[A-Z]\w*\.)*[a-z_]\w*)[?!]?/\d{1,2}$`)

// suffixAfter follows a span that is the ending of names: "with `_test.rb` suffix", "the `-lock.json`
// ending".
var suffixAfter = mustGate(`^\)?\s+(?:suffix|suffixes|ending|endings|extension|extensions)\b`)

// hostPort is a host and a port with no scheme: "localhost:3000", "127.0.0.1:8080/admin".
var hostPort = mustGate(`^(?:localhost|\d{1,3}(?:\.\d{1,3}){3}|[a-z][\w-]*(?:\.[\w-]+)+):\d{2,5}(?:/\S*)?$`)

// webHost opens a link target with a forge's host or a "www." one: a web address whose scheme was left
// out, which a forge renders as a link into the repository that leads nowhere ("[pmu](github.com/soyuka/pmu)").
var webHost = mustGate(`^(?:www\.[\w-]+(?:\.[\w-]+)+|github\.com|gitlab\.com|codeberg\.org|bitbucket\.org|gist\.github\.com)/`)

// schemelessAddress reads a server's address written without its scheme, in a code span or as a link
// target ("[localhost:3000](localhost:3000)", the twenty-first holdout's rubyevents), as a browser
// takes it: http. A local one is a runtime claim, another host none; done is false for anything else.
func schemelessAddress(s string) (Anchor, bool, bool) {
	if strings.IndexByte(s, ':') <= 0 || !hostPort.MatchString(s) {
		return Anchor{}, false, false
	}
	if u := "http://" + s; LocalURL(u) {
		return Anchor{Kind: AnchorRuntime, Ref: u}, true, true
	}
	return Anchor{}, false, true
}

// pathAnchor decides whether a token names a file: strong (an extension, a trailing slash, a dot directory,
// an explicit ./), weak (a slash path without extension), home, absolute or a sibling of the repository.
func pathAnchor(tok string) (Anchor, bool) {
	if a, ok, done := rootedPath(tok); done {
		return a, ok
	}
	if m := placeholderVersionOf(tok); m != nil && strings.ContainsFunc(m[1], isPlaceholderLetter) {
		return Anchor{}, false // "YY.MM.x", "MAJOR.MINOR.PATCH", "conda-rc-YY.MM.x": a version scheme
	}
	if titleTag.MatchString(tok) {
		return Anchor{}, false // "preceed titles with the `[BUG/ISSUE]` string": a tag, not a directory
	}
	if keyCombo.MatchString(tok) {
		return Anchor{}, false // "| `Ctrl+/` | Toggle help |" (the two-hundred-and-fifty-first holdout's zenborg): keys
	}
	clean := strings.TrimPrefix(tok, "./")
	segs := strings.Split(strings.TrimSuffix(clean, "/"), "/")
	if !segmentsOK(segs) {
		return Anchor{}, false
	}
	var a Anchor
	var ok bool
	if len(segs) > 1 {
		a, ok = slashPath(tok, clean, segs)
	} else {
		a, ok = singlePath(tok, clean)
	}
	if ok && a.Kind == AnchorGlob && strings.Contains(a.Path, "[") {
		a.Path = namedHoles(a.Path)
	}
	return a, ok
}

// keyCombo is a keyboard shortcut: a modifier key, a plus, and the rest ("Ctrl+/", "Cmd+Shift+P").
var keyCombo = mustGate(`(?i)^(?:ctrl|cmd|command|alt|option|opt|shift|meta|super|win|mod|⌘|⌥|⇧|⌃)\s*\+`)

// titleTag is a bracketed tag in capitals ("[BUG/ISSUE]", "[WIP]"): what an issue or PR title opens
// with (the thirty-second holdout's UniGetUI), never a path; a route's "[slug]/page.tsx" goes on.
var titleTag = mustGate(`^\[[A-Z0-9][A-Z0-9 _/-]*\]$`)

// placeholderVersion is a version of three or four parts, each digits, one letter or an upper-case word
// of up to five letters, at the end of a name: how release pages write a scheme ("YY.MM.x",
// "MAJOR.MINOR.PATCH", "v2.x.x", "0.x.y"; eleven of the thirtieth holdout's 43 false mentions).
var placeholderVersion = mustGate(`(?:^|[-_/])v?((?:\d+|[A-Z]{1,5}|[a-zA-Z])(?:\.(?:\d+|[A-Z]{1,5}|[a-zA-Z])){2,3})$`)

// placeholderVersionOf matches placeholderVersion, whose three parts need two dots: most tokens have
// fewer, and the unanchored pattern would try every offset of them.
func placeholderVersionOf(tok string) []string {
	if strings.Count(tok, ".") < 2 {
		return nil
	}
	return placeholderVersion.FindStringSubmatch(tok)
}

// isPlaceholderLetter is a letter, which a version scheme's placeholder parts hold and a version's
// ("v1.2.3", "libfoo-1.2.3") don't.
func isPlaceholderLetter(r rune) bool { return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' }

// namedHole is a bracketed name where a path has a hole to fill: `Resp[ObjectName]Tests.cs`,
// `pages/[slug]/`. A glob reads brackets as a set of single characters, which no file of the nineteenth
// holdout's garnet matched (`libs/server/Objects/[ObjectName]/` stands for Hash/, List/, Set/), so a
// word of four characters or more, or one in camel case, is read as "any name": a set of characters
// worth writing (`[ch]`, `[0-9]`, `[a-zA-Z]`, `[Mm]`) is shorter or holds a range. A route directory
// named with brackets (Next.js's `app/[slug]/`) still matches.
var namedHole = mustGate(`\[(?:[A-Za-z][A-Za-z0-9_]{3,}(?:-[A-Za-z0-9_]+)*|[a-z]+[A-Z][A-Za-z0-9_]*)\]`)

func namedHoles(p string) string { return namedHole.ReplaceAllString(p, "*") }

// rootedPath decides the tokens that are no path by their characters or a leading mark, and the
// paths a leading ~, / or ../ roots outside the repository. done is false for a repository path.
func rootedPath(tok string) (Anchor, bool, bool) {
	if tok == "" || strings.ContainsAny(tok, " \t()<>{}\"'$=,;|!\\`") || strings.Contains(tok, "://") || strings.Contains(tok, "::") || strings.Contains(tok, "...") {
		return Anchor{}, false, true
	}
	if strings.HasPrefix(tok, "~") {
		return Anchor{Kind: AnchorHome, Ref: tok}, true, true
	}
	if a, ok, done := schemelessAddress(tok); done {
		return a, ok, true
	}
	if sedExpr.MatchString(tok) || placeholderPath(strings.TrimPrefix(tok, "./")) || slotPath(tok) || metaName(tok) {
		return Anchor{}, false, true
	}
	if runtimeMember(tok) || versionLine.MatchString(strings.TrimSuffix(tok, "/")) || placeholderNumber.MatchString(tok) {
		// "`5.1.x`", "`N.M`": a release line; "misc/pass/oxc-12345.ts": a number written to be replaced
		return Anchor{}, false, true
	}
	if t := strings.TrimPrefix(tok, "./"); t == ".git" || t == ".git/" || strings.HasPrefix(t, ".git/") {
		// ".git/hooks/pre-commit": git's own state in each clone, which git never tracks
		return Anchor{}, false, true
	}
	if strings.HasPrefix(tok, "@") {
		return Anchor{}, false, true // an npm scope or a path alias (@app/database, @/*), not a file
	}
	if strings.HasPrefix(tok, "/") {
		segs := strings.Split(strings.Trim(tok, "/"), "/")
		// "/api" and "/v1/items" are routes; only paths under a filesystem root are machine paths
		if len(segs) < 2 || !fsRoots[segs[0]] || !segmentsOK(segs) {
			return Anchor{}, false, true
		}
		return Anchor{Kind: AnchorAbsolute, Ref: tok, Path: tok}, true, true
	}
	if strings.HasPrefix(tok, "../") {
		return Anchor{Kind: AnchorPath, Ref: tok, Path: tok, Workspace: true}, true, true
	}
	return Anchor{}, false, false
}

// slashPath reads a repository path of several segments: strong when it says it is a file or directory
// (./, a trailing slash, a known extension or name, a dot directory), weak otherwise; a glob keeps its kind.
func slashPath(tok, clean string, segs []string) (Anchor, bool) {
	if strings.Contains(segs[0], ".") && !strings.HasPrefix(segs[0], ".") {
		return Anchor{}, false // a domain or module path, not a repository path
	}
	if extensionList(segs) {
		return Anchor{}, false // "the DS kit ships .jsx/.d.ts references": endings, not a path
	}
	last := segs[len(segs)-1]
	strong := clean != tok || strings.HasSuffix(clean, "/") || hasKnownExt(last) || strings.HasPrefix(segs[0], ".") || knownNames[last]
	kind := AnchorPath
	if strings.ContainsAny(clean, "*?[") {
		kind = AnchorGlob
	}
	return Anchor{Kind: kind, Ref: tok, Path: strings.TrimSuffix(clean, "/"), Weak: !strong}, true
}

// extensionList reports segments that are each a file's ending, ".jsx/.d.ts" (the hundred-and-second
// holdout's doppl-prime): endings joined by "/", not a directory and a file. A dot directory a tool
// keeps (".github/", ".vscode/") is no ending. Three endings or more are a list even when soul knows
// none of them (".mp4/.webm/.mov", ".woff/.woff2/.ttf/.eot": the hundred-and-seventeenth holdout's
// auto-import-relative-path): no tree nests dot directories three deep.
func extensionList(segs []string) bool {
	if len(segs) < 2 {
		return false
	}
	known := 0
	for _, s := range segs {
		if !extensionWord.MatchString(s) || knownDotfiles[s] {
			return false
		}
		if hasKnownExt("f" + s) {
			known++
		}
	}
	return known == len(segs) || len(segs) >= 3
}

// extensionWord is one ending, or two: ".tsx", ".d.ts".
var extensionWord = mustGate(`^\.[A-Za-z][A-Za-z0-9]{0,5}(?:\.[A-Za-z][A-Za-z0-9]{0,5})?$`)

// singlePath reads a one-segment token: a glob of a known extension, a directory, or a file that says
// it is one; an extension named alone (".proto files") is none.
func singlePath(tok, clean string) (Anchor, bool) {
	last := strings.TrimSuffix(clean, "/")
	if strings.ContainsAny(clean, "*?[") {
		if hasKnownExt(last) {
			return Anchor{Kind: AnchorGlob, Ref: tok, Path: clean}, true
		}
		return Anchor{}, false
	}
	if strings.HasSuffix(clean, "/") {
		return Anchor{Kind: AnchorPath, Ref: tok, Path: last}, true
	}
	if dotfile.MatchString(last) && (knownExt[strings.ToLower(last[1:])] || suffixMention.MatchString(last) || shortExt.MatchString(last) || shortSuffix.MatchString(last) || extChain(last)) && !knownDotfiles[last] {
		return Anchor{}, false // ".proto files": an extension named, not a file
	}
	if suffixMention.MatchString("."+strings.TrimPrefix(last, "_")) && strings.HasPrefix(last, "_") {
		return Anchor{}, false // "tests live beside the code as `_test.go`": Go's test-file ending
	}
	if clean != tok || hasKnownExt(last) && !techName.MatchString(last) || knownNames[last] || dotfile.MatchString(last) {
		return Anchor{Kind: AnchorPath, Ref: tok, Path: last}, true
	}
	return Anchor{}, false
}

var (
	techName = mustGate(`^[A-Z][a-z0-9]+\.js$`)
	dotfile  = mustGate(`^\.[a-z][\w.-]*$`)
	// shortExt is ".zst" or ".s": a short dot word is an extension unless it is a known dotfile
	shortExt = mustGate(`^\.[a-z][a-z0-9]{0,3}$`)
	// shortSuffix is ".o.go" or ".pb.rs": a double extension whose first part is too short to name a file
	shortSuffix = mustGate(`^\.[a-z0-9]{1,2}\.[a-z0-9]+$`)
)

// segmentChars reports a path segment made only of word characters and . @ + * ? [ ] -.
func segmentChars(s string) bool {
	for i := 0; i < len(s); i++ {
		switch b := s[i]; {
		case b >= 'a' && b <= 'z', b >= 'A' && b <= 'Z', b >= '0' && b <= '9':
		case strings.IndexByte("_.@+*?[]-", b) >= 0:
		default:
			return false
		}
	}
	return s != ""
}

func segmentsOK(segs []string) bool {
	letter := false
	for _, s := range segs {
		if s == "" || s == "." || !segmentChars(s) {
			return false
		}
		if s == ".." {
			return false
		}
		for _, r := range s {
			if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' {
				letter = true
				break
			}
		}
	}
	return letter
}

func hasKnownExt(name string) bool {
	ext := strings.TrimPrefix(path.Ext(name), ".")
	if ext != strings.ToLower(ext) && strings.ToUpper(name) != name {
		return false // "fs.FS", "Config.FS": an exported member, not a file; "README.MD" keeps its case
	}
	return ext != "" && len(name) > len(ext)+1 && knownExt[strings.ToLower(ext)]
}

var knownExt = set("md", "markdown", "go", "rs", "py", "pyi", "ts", "tsx", "js", "jsx", "mjs", "cjs", "json", "jsonl", "yaml", "yml", "toml", "txt", "sh", "bash", "zsh", "fish", "sql", "proto", "html", "htm", "css", "scss", "sass", "less", "java", "kt", "kts", "swift", "c", "h", "cc", "cpp", "cxx", "hpp", "hh", "m", "mm", "rb", "php", "cs", "fs", "lock", "mod", "sum", "cfg", "ini", "conf", "env", "xml", "csv", "tsv", "ipynb", "lua", "zig", "ex", "exs", "erl", "hrl", "dart", "vue", "svelte", "gradle", "bzl", "bazel", "nix", "tf", "tfvars", "hcl", "graphql", "gql", "pdf", "png", "svg", "jpg", "jpeg", "gif", "webp", "ico", "wasm", "log", "patch", "diff", "rst", "adoc", "tex", "r", "jl", "scala", "clj", "hs", "ml", "mli", "elm", "vim", "el", "service", "plist", "sqlite", "db", "tmpl", "tpl", "j2", "gotmpl", "mk", "cmake", "ps1", "bat", "cmd", "dockerfile", "example", "sample", "template", "woff", "woff2", "ttf", "otf", "snap", "golden", "out", "pem", "crt", "pub", "gz", "tgz", "zip", "tar", "bin", "so", "a", "wat", "sol", "move", "cairo", "pyx", "pxd", "nim", "cr", "v", "sv", "vhd", "asm", "s", "ld", "x", "y", "l", "g4", "thrift", "avsc", "capnp", "fbs")

var knownNames = set("Makefile", "GNUmakefile", "makefile", "Dockerfile", "Containerfile", "Justfile", "justfile", "LICENSE", "LICENCE", "COPYING", "NOTICE", "AUTHORS", "CODEOWNERS", "Procfile", "Gemfile", "Rakefile", "Vagrantfile", "Jenkinsfile", "Brewfile", "Pipfile", "Tiltfile", "BUILD", "WORKSPACE", "OWNERS")

// pmBuiltins are package-manager verbs; any other "pnpm X" / "yarn X" / "bun X" runs the script X.
var pmBuiltins = set("install", "i", "add", "remove", "rm", "uninstall", "exec", "dlx", "x", "create", "init", "why", "outdated", "update", "up", "upgrade", "link", "unlink", "publish", "audit", "run", "list", "ls", "info", "view", "pack", "prune", "store", "config", "login", "logout", "whoami", "version", "help", "import", "rebuild", "fetch", "patch", "env", "setup", "workspace", "workspaces", "global", "cache", "node", "dedupe", "licenses", "test", "start")

var fsRoots = set("etc", "usr", "var", "opt", "home", "tmp", "Users", "srv", "mnt", "root", "bin", "sbin", "lib", "proc", "dev", "private", "Library", "Applications", "nix", "run", "data", "workspace", "work", "Volumes", "media", "snap")

// suffixMention is ".spec.ts", ".test.js", ".d.ts": a naming convention named, not a file.
var suffixMention = mustGate(`^\.(spec|test|tests|d|stories|story|module|min|e2e|unit|snap|mock|mocks|fixture|generated|gen|pb|int|integration)\.[a-z0-9]+$`)

var knownDotfiles = set(".git", ".github", ".vscode", ".idea", ".cargo", ".husky", ".changeset", ".devcontainer", ".circleci", ".gitlab-ci.yml", ".env", ".envrc", ".npmrc", ".nvmrc", ".yarnrc", ".babelrc", ".eslintrc", ".prettierrc", ".editorconfig", ".gitignore", ".gitattributes", ".gitmodules", ".dockerignore", ".mailmap", ".tool-versions", ".python-version", ".ruby-version", ".node-version")

var commandWords = set("make", "gmake", "go", "cargo", "npm", "npx", "pnpm", "yarn", "bun", "node", "deno", "python", "python3", "pip", "pip3", "uv", "uvx", "poetry", "pytest", "bash", "sh", "zsh", "git", "docker", "podman", "kubectl", "kind", "helm", "kustomize", "just", "rustc", "rustup", "gradle", "./gradlew", "gradlew", "mvn", "java", "javac", "dotnet", "ruby", "bundle", "rake", "terraform", "curl", "wget", "organism", "buf", "protoc", "sqlite3", "psql", "cd", "export", "source", "brew", "apt", "apt-get", "tox", "nox", "ruff", "black", "mypy", "eslint", "prettier", "tsc", "vitest", "jest", "playwright", "cmake", "ctest", "bazel", "nix", "direnv", "gh", "sudo", "env", "time", "m1nd", "pathos", "grpcurl", "swift", "xcodebuild", "flutter", "mix", "elixir", "iex", "composer", "php", "dune", "opam", "stack", "cabal", "zig", "deploy", "scripts")

func set(xs ...string) map[string]bool {
	m := make(map[string]bool, len(xs))
	for _, x := range xs {
		m[x] = true
	}
	return m
}

// conditionalComment is a command line's comment that makes the line hold only in some checkouts: "# if
// configured", "# when present", "# if available" (the forty-fifth holdout's
// llm-text-sanitizer, whose template-made scripts were later removed).
var conditionalComment = mustGate(`(?i)^\s*#+\s*\(?\s*(?:(?:only\s+)?(?:if|when|where)\s+(?:it\s+is\s+|they\s+are\s+)?(?:configured|present|available|defined|set\s+up|exists?|enabled|installed)|if\s+any\b)`)

// commandAnchors reads one shell line: make targets, npm scripts and script paths are checkable;
// anything else is a command whose truth needs execution.
func commandAnchors(line string) []Anchor {
	line = strings.TrimSpace(line)
	line = strings.TrimPrefix(line, "$ ")
	line = strings.TrimPrefix(line, "> ")
	if line == "" || strings.HasPrefix(line, "#") {
		return nil
	}
	if i := strings.Index(line, " #"); i >= 0 {
		if conditionalComment.MatchString(line[i:]) {
			return nil // "pnpm dev / pnpm lint  # If configured in package.json": no claim the scripts are there
		}
		line = line[:i]
	}
	if i := strings.Index(line, "# "); i > 0 {
		// "make build-eino-cli# Build the standalone eino-cli" (the ninety-second holdout's quartet, a
		// comment typed against its command): the words after it are no targets
		line = line[:i]
	}
	if loc := describedGap.FindStringIndex(line); loc != nil && !strings.HasSuffix(line, "\\") {
		// "make build              build images and start" (the hundred-and-ninety-fourth holdout's
		// openmagpie, a block of targets with a column of what each does): the words past the gap
		// describe the command
		line = line[:loc[0]+1]
	}
	var out []Anchor
	cwd := "" // the directory a "cd DIR &&" earlier on the line entered, from the repository's top
	for _, seg := range shellSplit.Split(line, -1) {
		f := strings.Fields(seg)
		for len(f) > 0 && (strings.Contains(f[0], "=") || f[0] == "sudo" || f[0] == "time" || f[0] == "env" || f[0] == "exec") {
			f = f[1:]
		}
		if len(f) == 0 {
			continue
		}
		var found []Anchor
		switch f[0] {
		case "make", "gmake":
			if len(f) > 1 && (f[1] == "+" || f[1] == "&" || f[1] == "/" || f[1] == "×") {
				// "`make + model` 格式" (the camera's make and model: the hundred-and-thirty-ninth
				// holdout's PhotoExifAnalyzer): two words joined, no command
				continue
			}
			found = makeAnchors(f)
		case "npm", "pnpm", "yarn", "bun":
			found = scriptAnchors(f)
		}
		args := argumentPaths(f)
		if cwd != "" {
			// "cd backend && adk web ./agent" (the sixty-second holdout's genesis_A2UI_chatbot):
			// the argument is backend/agent
			filters := pathFilterRunner(f)
			for i := range args {
				if filters && strings.HasPrefix(strings.TrimPrefix(args[i].Path, "./"), cwd+"/") {
					// "cd tests && npx vitest run \"tests/translator/\"" (the hundred-and-ninety-second
					// holdout's 9router_azaky): a filter matched against each test file's whole path
					continue
				}
				args[i].Path = path.Join(cwd, args[i].Path)
			}
		}
		found = append(found, args...)
		if len(f) == 2 && f[0] == "cd" {
			cwd = enteredDir(cwd, f[1])
			if a, ok := pathAnchor(cwd + "/"); ok && cwd != "" && a.Kind == AnchorPath {
				// "cd sdk/virsh-sandbox-py" after the SDK was renamed (the eighty-eighth holdout's
				// fluid.sh): the directory a step enters is a place the document sends the reader
				a.Entered, a.RunBy = true, "cd"
				found = append(found, a)
			}
		}
		if len(found) == 0 {
			found = []Anchor{{Kind: AnchorCommand, Ref: strings.TrimSpace(seg)}}
		}
		out = append(out, found...)
	}
	return out
}

// pathFilterRunner reports a test runner whose arguments filter its test files by a piece of their whole
// path rather than name a path from the working directory: vitest and jest, run directly or through a
// package runner.
func pathFilterRunner(f []string) bool {
	for i, w := range f {
		switch w {
		case "vitest", "jest":
			return true
		case "npx", "bunx", "pnpx", "exec", "dlx", "pnpm", "yarn", "bun", "npm", "x":
			continue
		}
		if i > 0 && strings.HasPrefix(w, "-") {
			continue
		}
		return false
	}
	return false
}

// describedGap is the run of spaces between a command and the column that describes it: three or more,
// then a word of prose.
var describedGap = mustGate(`\S {3,}\p{L}[\p{L}'’-]*(?: |$)`)

// enteredDir is the directory "cd arg" enters from cwd, from the repository's top: only a plain relative
// directory is followed ("cd backend", "cd ./apps/web"); "" for any other (the top, the home, a parent,
// a variable), after which arguments are read as written.
func enteredDir(cwd, arg string) string {
	arg = strings.TrimSuffix(strings.TrimPrefix(strings.Trim(arg, `"'`), "./"), "/")
	if !cdPlain.MatchString(arg) {
		return ""
	}
	return path.Join(cwd, arg)
}

// cdPlain is a relative directory a cd enters: names only, no parent, no variable, no home.
var cdPlain = mustGate(`^[\w@+][\w.@+-]*(?:/[\w.@+-]+)*$`)

// makeProse are the words "make" takes in English and no Makefile names a target.
var makeProse = set("sure", "certain", "sense")

// makeObject are the pronouns English "make" takes as its object before what it turns them into: "`make it
// caps _`", "`make this poetic`", "`make X bold`" (the two-hundred-and-forty-sixth holdout's opencues,
// prompts its voice editor understands). No Makefile names a target so.
var makeObject = set("it", "this", "that", "these", "those", "them", "me", "x")

// makeAnchors reads "make [-C dir] target…": each target, or the default target when none is named.
func makeAnchors(f []string) []Anchor {
	if len(f) == 2 && makeProse[strings.ToLower(f[1])] || len(f) >= 3 && makeObject[strings.ToLower(f[1])] {
		// "a `fix` that says `check` / `make sure` / `try`" (the two-hundred-and-thirty-first holdout's
		// ultimate): the English verb phrase quoted, no target
		return nil
	}
	var out []Anchor
	dir := ""
	var quote byte // the quote a value the fields split is still open in
	for i := 1; i < len(f); i++ {
		a := f[i]
		if quote != 0 {
			// `make test SCOPE="-E 'test(foo) and not test(bar)'"`: the words of a quoted value are
			// no targets (the thirty-first holdout's vector)
			if strings.Count(a, string(quote))%2 == 1 {
				quote = 0
			}
			continue
		}
		if q := openQuote(a); q != 0 {
			quote = q
			continue
		}
		if a == "-C" && i+1 < len(f) {
			dir = strings.TrimSuffix(strings.TrimPrefix(f[i+1], "./"), "/")
			i++
			continue
		}
		if (a == "-f" || a == "--file" || a == "--makefile") && i+1 < len(f) {
			// "make -f tools/Makefile test lint" (the two-hundred-and-twelfth holdout's
			// GCP-Drone-Comms-Unit): the targets are that file's; one not named Makefile is read by no
			// check of ours, so its targets go unasked
			mf := strings.TrimPrefix(f[i+1], "./")
			if !slices.Contains(makefileNames, path.Base(mf)) {
				return nil
			}
			dir = path.Join(dir, path.Dir(mf))
			if dir == "." {
				dir = ""
			}
			i++
			continue
		}
		if strings.HasPrefix(a, "-") || strings.Contains(a, "=") || !targetName.MatchString(a) {
			continue
		}
		out = append(out, Anchor{Kind: AnchorMake, Ref: "make " + a, Name: a, Path: dir})
	}
	if len(out) == 0 {
		out = append(out, Anchor{Kind: AnchorMake, Ref: "make", Path: dir})
	}
	return out
}

// openQuote is the quote a field opens and leaves open ('"' in `SCOPE="-E`), or 0.
func openQuote(a string) byte {
	for _, q := range []byte{'"', '\''} {
		if i := strings.IndexByte(a, q); i >= 0 && strings.Count(a, string(q))%2 == 1 {
			if j := strings.IndexAny(a, "\"'"); j == i {
				return q // the first quote of the field is the open one
			}
		}
	}
	return 0
}

// scriptAnchors reads a package manager's script: "pnpm lint", "npm run build", "yarn test", also
// run in a workspace package ("pnpm -F @sveltejs/kit test:unit", "yarn workspace web build").
func scriptAnchors(f []string) []Anchor {
	f = dropWorkspaceFlags(f)
	if f[0] == "bun" && len(f) >= 2 && bunRunsFile(f) {
		return nil // the file is an argument (argumentPaths), no script of package.json
	}
	switch {
	case len(f) >= 2 && f[0] != "npm" && !pmBuiltins[f[1]] && f[1] != "run" && targetName.MatchString(f[1]) && !strings.HasPrefix(f[1], "-"):
		return []Anchor{{Kind: AnchorNPM, Ref: f[0] + " " + f[1], Name: f[1]}}
	case len(f) >= 3 && f[1] == "run" && targetName.MatchString(f[2]):
		return []Anchor{{Kind: AnchorNPM, Ref: strings.Join(f[:3], " "), Name: f[2]}}
	case len(f) >= 2 && (f[1] == "test" && f[0] != "bun" || f[1] == "start"):
		// "bun test" is Bun's own test runner, not a script (the seventy-sixth holdout's fressh: "Use
		// `bun test` instead of `jest`"); "bun run test" runs the script
		return []Anchor{{Kind: AnchorNPM, Ref: f[0] + " " + f[1], Name: f[1]}}
	}
	return nil
}

// bunRunsFile reports "bun [run] FILE": Bun runs a source file named in place of a script ("bun run
// scripts/anti-pattern-test/detect.ts", the hundred-and-twelfth holdout's claude-mem), which no
// package.json need list. A name with a slash or a script-file ending is such a file; a script's
// name with a colon ("bun run db:seed") is not.
func bunRunsFile(f []string) bool {
	name := f[1]
	if name == "run" && len(f) >= 3 {
		name = f[2]
	}
	switch path.Ext(name) {
	case ".ts", ".tsx", ".js", ".jsx", ".mjs", ".cjs", ".mts", ".cts":
		return true
	}
	return strings.Contains(name, "/")
}

// pmPackageFlags are the package managers' options that pick the packages a script runs in by a value
// ("-F web", "--filter=web", npm's "-w web"; pnpm's "-w" is a switch, the workspace's root).
var pmPackageFlags = set("-F", "--filter", "-w", "--workspace", "-C", "--dir", "--cwd")

// pmSwitches are the package managers' options without a value that may come before a script.
var pmSwitches = set("-r", "--recursive", "--parallel", "-s", "--silent", "--stream", "-ws", "--workspaces", "--workspace-root", "--if-present", "--frozen-lockfile", "--offline")

// dropWorkspaceFlags takes the options that choose packages out of a package manager's words, so the
// script after them is read as any other: sveltekit's AGENTS.md ran `pnpm -F @sveltejs/kit
// test:unit:dev`, a script removed months before, and the flag hid it (the thirty-fifth holdout).
// "yarn workspace NAME script" drops the package's name. The script is looked for in every package,
// as an unfiltered one is: a filter may be a glob or a directory, not only a package's name.
func dropWorkspaceFlags(f []string) []string {
	out := []string{f[0]}
	rest := f[1:]
	if f[0] == "yarn" && len(rest) >= 3 && rest[0] == "workspace" {
		rest = rest[2:]
	}
	for i := 0; i < len(rest); i++ {
		a := rest[i]
		name, _, withValue := strings.Cut(a, "=")
		switch {
		case pmPackageFlags[name] && withValue, pmSwitches[a], a == "-w" && f[0] == "pnpm":
			continue
		case pmPackageFlags[a] && i+1 < len(rest):
			i++
			continue
		}
		out = append(out, rest[i:]...)
		break
	}
	return out
}

// argumentPaths reads the strong repository paths among a command's words (the program itself, when it
// is one, marked built when a build makes it).
func argumentPaths(f []string) []Anchor {
	var out []Anchor
	dest := copyDestination(f)
	forced := (f[0] == "rm" || f[0] == "rmdir") && slices.ContainsFunc(f[1:], forceFlag)
	for i, arg := range f {
		if strings.HasPrefix(arg, "-") || strings.HasPrefix(arg, "~") || strings.HasPrefix(arg, "/") || strings.Contains(arg, "...") {
			continue
		}
		if i == dest {
			// "cp /tmp/styleseed/engine/DESIGN-LANGUAGE.md .claude/DESIGN-LANGUAGE.md" (the
			// two-hundred-and-thirty-seventh and -ninth holdouts' styleseed, an install step run in the
			// reader's project): the place a copy, a move or a link makes
			continue
		}
		if i > 0 && forced {
			// "rm -rf .claude/plugins/caffeine" (the two-hundred-and-forty-fifth holdout's brainbrew-devkit,
			// a plugin's uninstall step in the reader's project): a forced removal asks nothing to be there
			continue
		}
		if i > 0 && (makesFile[f[0]] || redirect.MatchString(f[i-1])) || redirect.MatchString(arg) {
			// "echo 'var y = 10;' > src/test.js", "touch notes.md", "tee out.log": a file the command writes
			continue
		}
		if i > 0 && (f[0] == "make" || f[0] == "gmake") && f[i-1] != "-f" {
			continue // "make img/logo.png" names a file to build, which need not exist yet
		}
		arg = strings.Trim(arg, `"'`)
		if file, _, ok := strings.Cut(arg, "::"); ok && strings.HasSuffix(file, ".py") {
			arg = file // "pytest test/core/parser/grammar_test.py::test_sequence": a node id in the file
		}
		if a, ok := pathAnchor(arg); ok && a.Kind == AnchorPath && !a.Weak && !a.Workspace && (strings.Contains(a.Path, "/") || strings.HasPrefix(arg, "./")) {
			a.Built = i == 0 && builtBinary(arg)
			a.Program = i == 0 && strings.HasPrefix(arg, "./")
			if i > 0 {
				a.RunBy = f[0]
			}
			out = append(out, a)
		}
	}
	return out
}

// forceFlag is rm's -f, alone or among other short flags ("-rf", "-fr"), or --force.
func forceFlag(arg string) bool {
	return arg == "--force" || len(arg) > 1 && arg[0] == '-' && arg[1] != '-' && strings.ContainsRune(arg, 'f')
}

// copyDestination is the index of the last operand of a command that copies, moves or links its other
// operands to it (cp, mv, ln, install, rsync), -1 for any other command or one operand.
func copyDestination(f []string) int {
	if len(f) == 0 || !copiesTo[f[0]] {
		return -1
	}
	last, n := -1, 0
	for i, arg := range f[1:] {
		if !strings.HasPrefix(arg, "-") {
			last, n = i+1, n+1
		}
	}
	if n < 2 {
		return -1
	}
	return last
}

// copiesTo are the commands whose last operand is the place they write.
var copiesTo = set("cp", "mv", "ln", "install", "rsync")

// makesFile are commands whose arguments are files they create; redirect is a shell redirection that
// writes the file after it (or attached to it: ">out.txt").
var (
	makesFile = set("touch", "mkdir", "tee")
	redirect  = mustGate(`^(?:\d?>>?|&>)(?:$|[^&])`)
)

var (
	shellSplit = mustGate(`&&|\|\||;|\|`)
	targetName = mustGate(`^[A-Za-z0-9][\w./:-]*$`)
)

// forgePages are the pages a forge serves beside a repository's files: a link that climbs above the
// root to one ("[issues](../../issues)", read from blob/main/CONTRIBUTING.md) is the web UI's.
var forgePages = set("issues", "pulls", "pull", "discussions", "wiki", "actions", "releases", "security", "milestones", "labels", "projects", "compare", "tags", "branches", "graphs", "network", "merge_requests", "-")

// linkWords are the words markdown's own syntax is shown with where a destination goes.
var linkWords = set("url", "link", "href", "path", "target", "destination", "uri", "permalink")

// forgePage reports a link, read from the repository root, that climbs above it to a forge page.
func forgePage(joined string) bool {
	rest := joined
	climbed := false
	for strings.HasPrefix(rest, "../") {
		rest, climbed = rest[3:], true
	}
	first, _, _ := strings.Cut(rest, "/")
	return climbed && forgePages[first]
}

// cjkWords reports a link destination written only in Chinese, Japanese or Korean letters, with no
// ending and no directory: words in the place of an address.
func cjkWords(dest string) bool {
	if dest == "" {
		return false
	}
	for _, r := range dest {
		if !unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul) {
			return false
		}
	}
	return true
}

// webScheme opens a link destination with a web address's scheme.
var webScheme = mustGate(`(?i)^(?:https?|ftp|tel|data|javascript):`)

// linkAnchor reads a markdown link destination as a path relative to the soul's own directory.
func linkAnchor(dest, soulPath string) (Anchor, bool) {
	if dest == "" || strings.HasPrefix(dest, "#") || strings.HasPrefix(dest, "mailto:") || webScheme.MatchString(dest) && !strings.Contains(dest, "://") {
		// "](https:git//opensource.google/conduct/)" (the ninety-fifth holdout's dataflow-solution-guides):
		// a web address mistyped is still one, never a path of this repository
		return Anchor{}, false
	}
	if rest, ok := strings.CutPrefix(dest, "mdc:"); ok && rest != "" && !strings.Contains(rest, "://") {
		// "Bkz. [docs/FIREBASE-PRODUCTION.md](mdc:docs/FIREBASE-PRODUCTION.md)" (the
		// hundred-and-twenty-sixth holdout's asto): Cursor's link to a file of the workspace, written from
		// its root
		rest = strings.SplitN(rest, "#", 2)[0]
		return Anchor{Kind: AnchorPath, Ref: rest, Path: path.Clean(strings.TrimPrefix(rest, "/")), Link: true}, true
	}
	if strings.Contains(dest, "://") {
		if LocalURL(dest) {
			return Anchor{Kind: AnchorRuntime, Ref: dest}, true
		}
		return Anchor{}, false
	}
	if a, ok, done := schemelessAddress(dest); done {
		return a, ok
	}
	if strings.Contains(dest, `\`) {
		// "[`global.json`](..\global.json)": a Windows separator, once markdown's escapes are read
		// ("foo\_bar.md" is foo_bar.md); the thirtieth holdout's dotnet/extensions
		dest = strings.ReplaceAll(mdEscape.ReplaceAllString(dest, "$1"), `\`, "/")
	}
	fragment, editorLine := "", false
	if i := strings.IndexByte(dest, '#'); i >= 0 {
		fragment = dest[i+1:]
	}
	if i := strings.IndexAny(dest, "#?"); i >= 0 {
		dest = dest[:i] // "guide.md?plain=1" is the file's own view
	}
	if m := linkLine.FindStringSubmatchIndex(dest); m != nil && knownExt[strings.ToLower(strings.TrimPrefix(path.Ext(dest[:m[0]]), "."))] {
		// "[CurlCrawlerAdapter](src/infrastructure/adapters/curl-crawler.adapter.ts:16)": the editor's
		// file:line form Claude Code writes links in (the sixty-third holdout's winescope, nine rows);
		// the link names the file
		dest, editorLine = dest[:m[0]], true
	}
	if machineRoot.MatchString(dest) {
		// "[AGENTS.md](D:/wuhao/AGENTS.md)" (the sixty-eighth holdout's wuhao2026, 59 rows): a path on
		// the author's machine, into the checkout there; the verifier finds the part the repository holds
		return Anchor{Kind: AnchorPath, Ref: dest, Path: strings.TrimPrefix(machineRoot.ReplaceAllString(dest, ""), "/"), Link: true, Machine: true}, true
	}
	if dest == "" || strings.HasPrefix(dest, "/") || strings.HasPrefix(dest, "~") || strings.Contains(dest, "...") || strings.Contains(dest, "…") || strings.ContainsAny(dest, "<>{}$ ") || linkWords[strings.ToLower(dest)] {
		// "[merge request #N](...)", "- [Links](url)" (the fifty-seventh holdout's kaiku, the markdown a
		// message renders): a placeholder, not a destination
		return Anchor{}, false
	}
	if cjkWords(dest) {
		// "[GB/T 28181-2022标准文档](需要单独获取)" (… standard: to be obtained separately; the
		// hundred-and-fifty-ninth holdout's monibuca): a note where the address would go, no file
		return Anchor{}, false
	}
	if d := "/" + strings.ToLower(strings.TrimPrefix(dest, "./")); strings.Contains(d, "/path/to/") {
		// "Use markdown links for file references: [filename.ts](path/to/filename.ts)" (the eighty-fourth
		// holdout's scribe-evolution): a link written to show the form, as a span would be
		return Anchor{}, false
	}
	if slotDir(dest) {
		// "([`src/components/new-module/new-module-component.tsx`](../components/new-module/…))": the
		// directory a walkthrough has the reader make, linked as its span is written
		return Anchor{}, false
	}
	if strings.Contains(dest, "%") {
		// "(docs/Architecture%20Overview.md)": a link is URL-encoded; the file is "Architecture Overview.md"
		d, err := url.PathUnescape(dest)
		if err != nil || strings.ContainsAny(d, "\x00\r\n") {
			return Anchor{}, false // no path a repository can hold
		}
		dest = d
	}
	base := path.Dir(soulPath)
	if strings.HasPrefix(soulPath, ".ruler/") || soulPath == ".claude/CLAUDE.md" {
		// Ruler concatenates .ruler/*.md into the root's AGENTS.md, CLAUDE.md and the like; their links
		// are written for there (the thirty-third holdout's qwik: "[CONTRIBUTING](./CONTRIBUTING.md)").
		// Claude Code reads .claude/CLAUDE.md as the project's own memory, the root's CLAUDE.md in
		// another place (the sixtieth holdout's eragear-code-copilot: "[server](docs/server/README.md)")
		base = "."
	}
	joined := path.Clean(path.Join(base, dest))
	if forgePage(joined) {
		return Anchor{}, false
	}
	if strings.HasPrefix(joined, "../") || joined == ".." {
		return Anchor{Kind: AnchorPath, Ref: dest, Path: joined, Workspace: true}, true
	}
	if joined == "." {
		return Anchor{}, false
	}
	return Anchor{Kind: AnchorPath, Ref: dest, Path: joined, Link: true, Fragment: fragment, EditorLine: editorLine}, true
}

// machineRoot is a Windows drive's root opening a link's destination: "D:/", "c:/".
var machineRoot = mustGate(`^[A-Za-z]:/`)

// linkLine is the line (and column, or line range) an editor's link appends to its file: ":16",
// ":10-20", ":16:4".
var linkLine = mustGate(`:\d+(?:[-:]\d+)?$`)

// mdEscape is a markdown backslash escape: a backslash before ASCII punctuation stands for it.
var mdEscape = mustGate("\\\\([!\"#$%&'()*+,./:;<=>?@\\[\\]^_`{|}~-])")

// numberFacts reads exact counts with their subject ("battery 36 cases") for the consistency pass.
// raw is the claim as written, the same offsets as text: a count whose clause opens with a code span
// counts what that span names ("`tourbusModules.ts` registers 17 modules" and "`studioModules.ts`
// registers 14 modules" are two subjects, the fifty-first holdout's neurotoxic-game).
func numberFacts(text, raw string, lineAt func(int) int) []NumberFact {
	if !strings.ContainsAny(text, "0123456789") {
		return nil
	}
	masked := nonCount.ReplaceAllStringFunc(text, func(s string) string { return strings.Repeat(" ", len(s)) })
	lower := strings.ToLower(masked)
	var out []NumberFact
	for _, m := range countRe.FindAllStringSubmatchIndex(lower, -1) {
		val := strings.ReplaceAll(lower[m[2]:m[3]], ",", "")
		subject := singular(lower[m[4]:m[5]])
		if genericSubjects[subject] || stopwords[subject] || monthNames[subject] {
			continue
		}
		before := lower[:m[0]]
		// the bound is read up to the number itself: countRe's first byte may be the ">" of ">50 connections"
		if approx.MatchString(lower[:m[2]]) || strings.HasPrefix(lower[m[3]:], "+") {
			continue
		}
		qual := qualifierOf(before)
		if label := itemSubject(raw, m[0]); label != "" && len(raw) == len(masked) {
			// "- **`web_search.ts`** — `PROVIDERS` array … (10 entries)" beside "- **`fetch.ts`** —
			// `PROVIDERS` array has 28 entries" (the eighty-second holdout's omnisearch): each item
			// counts what its label names, whatever span its own clause opens with
			qual = label
		} else if owner := spanSubject(masked, raw, m[0]); owner != "" {
			qual = owner
		} else if f := fileBeforeCount.FindStringSubmatch(lower[:m[2]]); f != nil {
			qual = f[1] // "**App.test.tsx (9 failures)**": the file's own count, not every tsx's
		} else if subject == "test" && len(raw) == len(masked) {
			if f := lastFileName(raw[strings.LastIndexByte(raw[:m[0]], '\n')+1 : m[0]]); f != "" {
				// "Byron tests (`eras_byron.rs`): 15 tests" beside "Golden tests (`golden.rs`): 17
				// tests" (the eightieth holdout's Cardano-node): each file's own tests (testcounts.go)
				qual = f
			}
		}
		out = append(out, NumberFact{Subject: subject, Qualifier: qual, Value: val, Line: lineAt(m[0])})
	}
	return out
}

var (
	// fileBeforeCount is a file name a parenthesized count follows: "App.test.tsx (9 failures)" beside
	// "Pagination.test.tsx (2 failures)" counts two files' failures (the sixty-first holdout's
	// wcag-wayfinder), which one word of the name ("tsx") made one quantity.
	fileBeforeCount = mustGate(`([\w./-]*\w\.[a-z][a-z0-9]{0,5})\**\s*\(\s*$`)
	// nonCount masks numbers that count nothing: dates, versions, refs, ratios, times, ordinals, a label's
	// number ("Tier 2 / Tier 3 prompts", the seventy-seventh holdout's forexflow) and a transition's
	// ends ("0→1 transition fires", "1→0 transition", its foundry-toolkit).
	nonCount = mustGate(`\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2})?)?|\bv?\d+\.\d+\.\d+\S*|#\d+|\b\d+\s*/\s*\d+\b|\d+(?:\.\d+)?\s*%|\b\d{1,2}:\d{2}\b|(?i:\b(?:lines?|l|cp|checkpoint|addendum|step|phase|port|section|item|pr|issue|since|tier|stage|level|wave|sprint|milestone)\s+\d+)|\d+\s*(?:→|->|=>)\s*\d+|§\s*\d+(?:\.\d+)*|\b\d+(?:st|nd|rd|th)\b`)
	// countRe reads "N things"; a signed number is a change, not a count: "| Caching `len(data)` |
	// +1,152 gas |" beside "| Remove `0xFF` separator | +1,029 gas |" (the eighty-seventh holdout's
	// degenbot, a table of experiments and what each cost) are two deltas, not two totals of one gas.
	countRe = mustGate(`(?:^|[^\w.,~$€£+±−-])(\d{1,3}(?:,\d{3})+|\d+)\s+([a-z][a-z-]{2,})\b`)
	approx  = mustGate(`(~|≈|<|>|≥|≤|about|around|approx\.?|approximately|over|under|nearly|almost|roughly|more than|fewer than|less than|at least|at most|up to|some|several)\s*$`)
)

var genericSubjects = set("minute", "hour", "day", "second", "week", "month", "year", "ms", "time", "line", "commit", "file", "step", "byte", "kb", "mb", "gb", "char", "character", "word", "percent", "point", "way", "thing", "other", "more", "less", "times", "char", "row", "column", "col", "token", "pass", "attempt", "retry", "x", "item", "part", "of", "per", "core", "cpu", "engineer", "session", "agent", "people", "person", "place", "new", "old", "kib", "mib", "gib", "tib", "tb", "bit", "ns", "µs", "us", "sec", "hz", "khz", "mhz", "ghz", "px", "kbp", "mbp", "gbp", "op", "alloc", "iteration", "run")

// monthNames after a number make it a day of the month: "Bit twice in one session (2 Aug 2026)" beside
// "Bit on 4 Aug 2026" are two dates, not two counts of one thing (the seventy-ninth holdout's
// bristlenose, 33 rows of one changelog-like guide).
var monthNames = set("jan", "january", "feb", "february", "mar", "march", "apr", "april", "may", "jun", "june", "jul", "july", "aug", "august", "sep", "sept", "september", "oct", "october", "nov", "november", "dec", "december")

var stopwords = set("a", "an", "the", "at", "of", "to", "in", "on", "for", "with", "by", "and", "or", "is", "are", "was", "were", "be", "been", "has", "have", "had", "now", "only", "all", "than", "from", "into", "over", "about", "after", "before", "since", "just", "still", "then", "its", "our", "their", "his", "her", "this", "that", "these", "those", "it", "we", "you", "they", "total", "exactly", "least", "most", "more", "less", "new", "old", "first", "last", "next", "up", "down", "out", "per", "each", "every", "some", "any", "no", "not", "says", "say", "said", "holds", "hold", "across", "within", "under", "between", "green", "red", "got", "gets", "get", "see", "shows", "show", "reports", "report", "lists", "list", "count", "counts", "includes", "include", "carries", "carry", "plus", "also", "both", "only", "stays", "remain", "remains")

// spanSubject is the code span a count's clause opens with, lower-cased, or "".
func spanSubject(masked, raw string, at int) string {
	if len(raw) != len(masked) || at > len(raw) {
		return ""
	}
	start := strings.LastIndexAny(masked[:at], ".;!?\n()[]|—–") + 1
	span, rest, ok := openingSpan(raw[start:at])
	if !ok {
		return "" // numberFacts asked itemSubject first
	}
	if strings.ContainsRune(rest, ':') {
		return "" // "`src/main.go`: the admin API serves 3 routes": the subject follows the colon
	}
	return strings.ToLower(span)
}

// openingSpan is the code span text opens with, after list marks, bold and spaces, and what follows it.
func openingSpan(text string) (span, rest string, ok bool) {
	t := strings.TrimLeft(text, " \t*+->")
	if !strings.HasPrefix(t, "`") {
		return "", "", false
	}
	end := strings.IndexByte(t[1:], '`')
	if end <= 0 {
		return "", "", false
	}
	return t[1 : 1+end], t[2+end:], true
}

// itemSubject is the code span a claim opens with as its label, lower-cased, when a dash follows it and
// the count comes after: "`network_mcp.py` — VPC, TGW, VPN (15 tools)" counts that file's tools, beside
// "`flowmonitor.py` — VPC Flow Logs (1 tool)" (the fifty-second holdout's awsops, eight rows of one
// list read as one subject). A table row's first cell labels it the same way when it is one code span:
// "| `implementation-plan-a-to-z.md` | … 16 modules, 6 phases |" beside "| `tasks/` | … 5 phases |" (the
// eighty-fourth holdout's TradeReady) counts each row's own thing.
func itemSubject(raw string, at int) string {
	t, row := strings.CutPrefix(strings.TrimLeft(raw, " \t"), "|")
	if !row {
		t = raw
	}
	label, rest, ok := openingSpan(t)
	rest = strings.TrimLeft(rest, " *")
	labelled := strings.HasPrefix(rest, "|")
	if !row {
		// "- `clock.rs`: 3 tests (2 async)" beside "- `reorg.rs`: 4 unit tests" (the ninety-fifth
		// holdout's bsv-wallet-toolbox-rs, seven rows of a list of each file's tests): a colon labels too
		// when the count comes right after it; "`src/main.go`: the admin API serves 3 routes" names its
		// subject after the colon
		labelled = strings.HasPrefix(rest, "—") || strings.HasPrefix(rest, "–") || strings.HasPrefix(rest, "- ") ||
			strings.HasPrefix(rest, ":") && startsWithDigit(strings.TrimLeft(rest[1:], " *"))
	}
	if !ok || !labelled || len(raw)-len(rest) > at {
		return "" // no label, or the count is inside it
	}
	return strings.ToLower(strings.TrimSpace(label))
}

func startsWithDigit(s string) bool { return s != "" && s[0] >= '0' && s[0] <= '9' }

func qualifierOf(before string) string {
	clause := before
	if i := strings.LastIndexAny(clause, ".;!?\n()[]|—–"); i >= 0 {
		clause = clause[i+1:]
	}
	// "Battery: 36 cases" names its subject before the colon; "Access Map: battery 36 cases" after it.
	if i := strings.LastIndexByte(clause, ':'); i >= 0 {
		if q := firstContentWord(clause[i+1:]); q != "" {
			return q
		}
		clause = clause[:i]
		if j := strings.LastIndexByte(clause, ':'); j >= 0 {
			clause = clause[j+1:]
		}
	}
	return firstContentWord(clause)
}

// firstContentWord is a clause's subject, approximately: its first word that is not a stopword.
func firstContentWord(s string) string {
	f := strings.FieldsFunc(s, func(r rune) bool { return !(r >= 'a' && r <= 'z' || r == '-' || r >= '0' && r <= '9') })
	for _, w := range f {
		if stopwords[w] || len(w) < 3 || w[0] >= '0' && w[0] <= '9' {
			continue
		}
		return singular(w)
	}
	return ""
}

func singular(w string) string {
	if len(w) > 3 && strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") {
		return w[:len(w)-1]
	}
	return w
}

// ExtractAnchors reads the anchors of one piece of soul markdown, as the parser would for a claim.
func ExtractAnchors(soulPath, markdown string) []Anchor {
	if len(markdown) > maxClaimBytes {
		markdown = strings.ToValidUTF8(markdown[:maxClaimBytes], "")
	}
	c := Claim{Text: markdown, StartLine: 1}
	extractInto(&c, soulPath, false, 1, nil)
	return c.Anchors
}

// kindLooseCommands marks an unlabeled fence: it may hold a tree, a log or output, so only lines that
// start like a command are read as commands.
const kindLooseCommands ClaimKind = "loose_commands"

func looksLikeCommand(line string) bool {
	f := strings.Fields(strings.TrimPrefix(strings.TrimSpace(line), "$ "))
	return len(f) > 0 && (commandWords[f[0]] || strings.HasPrefix(f[0], "./"))
}

func hasVersionStart(s string) bool {
	for i := 0; i+1 < len(s); i++ {
		if s[i] == 'v' && s[i+1] >= '0' && s[i+1] <= '9' {
			return true
		}
	}
	return false
}

func hasHexRun(s string, n int) bool {
	run := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F' {
			run++
			if run >= n {
				return true
			}
		} else {
			run = 0
		}
	}
	return false
}

// mayTarget is a cheap necessary condition of target: its cue ends the text with "in", "into", "to",
// "under", "at" or "as" (then spaces and asterisks). Most spans follow other words, and the cue's
// regexp would otherwise be tried from every position of the 80 bytes before each span. Text with
// non-ASCII bytes goes to the regexp, whose case folding reaches beyond ASCII.
func mayTarget(before string) bool {
	if !isASCII(before) {
		return true
	}
	t := strings.TrimRight(strings.TrimRight(before, "*"), " \t\n\f\r")
	i := len(t)
	for i > 0 && (t[i-1] >= 'a' && t[i-1] <= 'z' || t[i-1] >= 'A' && t[i-1] <= 'Z') {
		i--
	}
	if i > 0 && wordChar(t[i-1]) {
		return false
	}
	switch w := strings.ToLower(t[i:]); w {
	case "in", "into", "to", "under", "at", "as", "called", "named":
		return true
	case "the", "a", "an", "your", "its", "their", "this", "that", "each":
		// "created in the `x/` folder": the preposition stands before the article
		return mayTarget(t[:i])
	}
	return false
}

// hypotheticalWords are the literal words hypotheticalCue looks for, lower-cased.
var hypotheticalWords = []string{"would", "could", "might", "instead of", "rather than", "suppose", "hypothetical"}

// mayHypothetical is hypotheticalCue on the clause around a span, skipping the regexp when an ASCII
// clause holds none of its words.
func mayHypothetical(raw string, lo, hi int) bool {
	return hypotheticalClause(clauseAround(raw, lo, hi))
}

// hypotheticalClause is mayHypothetical on the clause a caller already holds.
func hypotheticalClause(clause string) bool {
	if isASCII(clause) && !containsFold(clause, hypotheticalWords...) {
		return false // an ASCII clause folds as its lower-case copy would
	}
	return hypotheticalCue.MatchString(clause)
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}
