package engine

import (
	"context"
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// autoSections holds generated sections to the repository's newest facts: an auto section whose
// newest version is older than the newest tag is stale, and any failure inside it reads as "stale".
func (v *verifier) autoSections(results []ClaimResult) {
	newest := ""
	if v.repo.Git() {
		for t := range v.repo.Tags() {
			if semverLess(newest, t) {
				newest = t
			}
		}
	}
	for si, s := range v.soul.Sections {
		if !s.Auto || s.Tissue == TissueHistory {
			continue
		}
		best, bestIdx := "", -1
		// changelogs often carry versions in their sub-headings ("### v1.2.1"): those count for the section
		for sj := si + 1; sj < len(v.soul.Sections) && v.soul.Sections[sj].Level > s.Level; sj++ {
			for _, a := range ExtractAnchors(v.soul.Path, v.soul.Sections[sj].Heading) {
				if a.Kind == AnchorTag && semverLess(best, a.Ref) {
					best = a.Ref
				}
			}
		}
		first := -1
		for i := range results {
			r := &results[i]
			if !v.inSection(r.Claim.Section, si) {
				continue
			}
			if first < 0 {
				first = i
			}
			if r.State == StateStale && r.Reason != ReasonUnanchored {
				r.Reason = ReasonStale
			}
			for _, a := range r.Claim.Anchors {
				if a.Kind == AnchorTag && semverLess(best, a.Ref) {
					best, bestIdx = a.Ref, i
				}
			}
		}
		if bestIdx < 0 {
			bestIdx = first
		}
		if bestIdx >= 0 && best != "" && newest != "" && semverLess(best, newest) {
			r := &results[bestIdx]
			if r.State != StateStale {
				r.Detail = fmt.Sprintf("generated section stops at %s; %s is tagged since", best, newest)
			}
			r.State, r.Reason = StateStale, ReasonStale
		}
	}
}

// inSection reports whether section i is section si or nested under it.
func (v *verifier) inSection(i, si int) bool {
	for ; i >= 0; i = v.soul.Sections[i].Parent {
		if i == si {
			return true
		}
	}
	return false
}

var semverParts = mustGate(`^v?(\d+)(?:\.(\d+))?(?:\.(\d+))?(?:\.(\d+))?(-.*)?$`)

// semverLess orders version tags; anything that is not a version sorts first.
func semverLess(a, b string) bool {
	ma, mb := semverParts.FindStringSubmatch(a), semverParts.FindStringSubmatch(b)
	if mb == nil {
		return false
	}
	if ma == nil {
		return true
	}
	for i := 1; i <= 4; i++ {
		x, _ := strconv.Atoi(ma[i])
		y, _ := strconv.Atoi(mb[i])
		if x != y {
			return x < y
		}
	}
	return ma[5] != "" && mb[5] == ""
}

// consistency judges the counts of the live soul: the same subject counted two ways. When the soul
// orders the statements (a later checkpoint, addendum or dated section), the newest value stands and
// the older claims are superseded; with no order, the value most of the soul agrees on stands and the
// others are contradicted (all of them on a tie).
func consistency(results []ClaimResult, soul *Soul) {
	groups := countedSubjects(results)
	eps := epochs(soul)
	ep := func(ci int) epoch {
		if s := results[ci].Claim.Section; s >= 0 && s < len(eps) {
			return eps[s]
		}
		return epoch{}
	}
	keys := make([]string, 0, len(groups))
	for k := range groups {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		vals := groups[k]
		if len(vals) < 2 {
			continue
		}
		if conditionsOnly(results, vals) || partsOfWhole(vals) || separateItems(results, vals) || separateRounds(results, vals) || separateMilestones(results, vals, soul) || separateSections(results, vals, soul) {
			continue
		}
		subject := strings.TrimPrefix(strings.ReplaceAll(k, "|", " "), " ")
		if top := newestValue(vals, ep); top != "" {
			supersedeOlder(results, vals, top, subject, ep)
			continue
		}
		if !soul.SoulTissue && series(vals) {
			continue
		}
		contradictMinority(results, vals, subject, soul.SoulTissue)
	}
}

// series reports a subject stated with three values or more, each by one claim: the results list of
// the hundred-and-fourth holdout's onto-canon6 gives each run its own "(60 entities, 123
// relationships)", "(40 entities, 61 relationships)", … in bullets of their own. One fact written
// inconsistently says two things, or says one of them again; with no order among them (a newer
// checkpoint's figure supersedes instead), a value per claim is a series of measurements. Four values
// or more are one whatever repeats: the hundred-and-eighth holdout's PiluVitu-Dev keeps a 3,000-line
// task log whose "282 testes", "114 testes", "125 testes", … (nine values) each count a task's suite.
// Not in a soul (the caller's guard): its live counts answer to one another however many there are, and
// a third figure must not hide the disagreement of two (soul-prd §2.3).
func series(vals map[string][]int) bool {
	if len(vals) >= 4 {
		return true
	}
	if len(vals) < 3 {
		return false
	}
	for _, claims := range vals {
		if len(claims) != 1 {
			return false
		}
	}
	return true
}

// conditionsOnly reports a subject whose differing values all sit in rows of one table that differ
// in their first cell: a figures table measures one quantity under several conditions, each row its
// own subject. Two sentences, or two rows of one label, that disagree are still a contradiction.
func conditionsOnly(results []ClaimResult, vals map[string][]int) bool {
	return acrossValues(vals, func(a, b int) bool {
		ca, cb := &results[a].Claim, &results[b].Claim
		return ca.table != 0 && ca.table == cb.table && ca.rowLabel != cb.rowLabel
	})
}

// roundLabel is the round, phase or sprint a log entry's lead names: "(Round 5):", "Sprint 3 —".
var roundLabel = mustGate(`(?i)^[^\n]{0,100}?\b(rounds?|phases?|sprints?|stages?|iterations?|milestones?|waves?|cycles?)\s+#?(\d+(?:\s*[–-]\s*\d+)?)\b[^\n]{0,20}?(?:\)|\*\*|:|\s[—–]\s)`)

// roundOf is the round a claim's lead names ("round 5", "rounds 8–9"), "" when it names none.
func roundOf(c *Claim) string {
	m := roundLabel.FindStringSubmatch(c.Text)
	if m == nil {
		return ""
	}
	return strings.TrimSuffix(strings.ToLower(m[1]), "s") + " " + strings.Join(strings.Fields(m[2]), "")
}

// separateRounds reports a subject whose differing values sit in entries of a log, each labelled with
// its own round: "**Climbs the corpus (Round 5):** the sweep is now at 251 passed" beside Round 7's 291
// (the fifty-seventh holdout's ball, five rows) records each round's figure, as a dated entry does.
func separateRounds(results []ClaimResult, vals map[string][]int) bool {
	return acrossValues(vals, func(a, b int) bool {
		ra, rb := roundOf(&results[a].Claim), roundOf(&results[b].Claim)
		return ra != "" && rb != "" && ra != rb
	})
}

// separateMilestones reports a subject whose differing values sit in paragraphs of a status log, each
// opened by the label of its own finished step: UXWallet's "**E-1 (Shared UI Components) complete** —
// … (96 tests, 21 suites)" and "**E-3 (Wallet Connection) complete** — … 230 tests, 41 suites." count
// the suites as each step left them (the sixty-second holdout).
// An entry's count is a snapshot beside the log's present one too: cardano-cli's "**R509 …**" items count
// "10 operational subcommands" … "33" as each round left them, and the guide's own present total says
// 41 (the eightieth holdout's Cardano-node). Not in a soul: its live counts answer to one another
// (§3.4's supersession orders them), and a labelled entry is no place to keep a second figure.
func separateMilestones(results []ClaimResult, vals map[string][]int, soul *Soul) bool {
	return acrossValues(vals, func(a, b int) bool {
		ma, mb := results[a].Claim.milestone, results[b].Claim.milestone
		if soul.SoulTissue {
			return ma != "" && mb != "" && ma != mb
		}
		return (ma != "" || mb != "") && ma != mb
	})
}

// separateItems reports a subject whose differing values sit in items of a numbered list that each open
// with their own bold label: "1. **Protobuf oneof-discriminator enum constants** — RESOLVED (71
// errors)" and "4. **Named/optional-parameter binding** — RESOLVED (22 errors)" (the fifty-seventh
// holdout's ball) count two gaps, not one. Bulleted items with labels ("**Phase 2 ✅**", "**Report
// ✅**") are a status log's, whose counts are still compared.
func separateItems(results []ClaimResult, vals map[string][]int) bool {
	return acrossValues(vals, func(a, b int) bool {
		la, lb := itemLabel(&results[a].Claim), itemLabel(&results[b].Claim)
		return la != "" && lb != "" && la != lb
	})
}

// separateSections reports a subject whose differing values sit in sections headed alike but for one
// name: "### Avancement payment-service" over "4 tests Mockito" beside "### Avancement product-service"
// over "8 tests Mockito" count each service's tests (the ninety-eighth holdout's smart-delivery, four
// rows). The headings share every word but that one; a number or a date there ("Checkpoint 3",
// "Checkpoint 4") orders one subject's values in time, and headings with nothing in common
// ("Overview", "API") may count one thing two ways.
func separateSections(results []ClaimResult, vals map[string][]int, soul *Soul) bool {
	heading := func(i int) string {
		if s := results[i].Claim.Section; s >= 0 && s < len(soul.Sections) {
			return soul.Sections[s].Heading
		}
		return ""
	}
	return acrossValues(vals, func(a, b int) bool { return parallelHeadings(heading(a), heading(b)) })
}

// parallelHeadings reports two headings of two words or more that differ in one word, a name in each.
func parallelHeadings(x, y string) bool {
	wx, wy := strings.Fields(strings.ToLower(cleanInline(x))), strings.Fields(strings.ToLower(cleanInline(y)))
	if len(wx) < 2 || len(wx) != len(wy) {
		return false
	}
	differ := -1
	for i := range wx {
		if wx[i] == wy[i] {
			continue
		}
		if differ >= 0 {
			return false
		}
		differ = i
	}
	return differ >= 0 && namedWord.MatchString(wx[differ]) && namedWord.MatchString(wy[differ]) &&
		!ordinalWords[wx[differ]] && !ordinalWords[wy[differ]]
}

// namedWord is a heading's word that can name a part: letters first, no date or version ("v2").
var namedWord = mustGate(`^(?:[vV](?:[^\d.]|$)|[^\PL vV])[\pL\pN_.-]*$`)

// ordinalWords count steps as numbers do: "Phase One", "Round Two" order one subject in time.
var ordinalWords = map[string]bool{
	"one": true, "two": true, "three": true, "four": true, "five": true, "six": true, "seven": true, "eight": true, "nine": true, "ten": true,
	"first": true, "second": true, "third": true, "fourth": true, "fifth": true, "final": true, "last": true, "next": true,
	"before": true, "after": true, "old": true, "new": true, "current": true, "previous": true, "latest": true,
}

// acrossValues reports whether apart holds for every two claims that state different values.
func acrossValues(vals map[string][]int, apart func(a, b int) bool) bool {
	for va, as := range vals {
		for vb, bs := range vals {
			if va >= vb {
				continue
			}
			for _, a := range as {
				for _, b := range bs {
					if !apart(a, b) {
						return false
					}
				}
			}
		}
	}
	return true
}

// itemLabel is the bold label an item of a numbered list opens with, lower-cased; "" for any other claim.
func itemLabel(c *Claim) string {
	if c.Kind != KindListItem || !c.numbered {
		return ""
	}
	rest, ok := strings.CutPrefix(c.Text, "**")
	if !ok {
		return ""
	}
	label, _, ok := strings.Cut(rest, "**")
	if !ok {
		return ""
	}
	return strings.ToLower(strings.TrimSpace(label))
}

// countedSubjects groups the counts of the live soul by subject (one subject phrased two ways unified),
// then by value: the claims that state each value, in claim order.
func countedSubjects(results []ClaimResult) map[string]map[string][]int {
	type fact struct {
		key, val string
		claim    int
	}
	var facts []fact
	words := map[string]map[string]bool{}
	for i := range results {
		r := &results[i]
		if r.Claim.Tissue == TissueHistory || len(r.Claim.Numbers) == 0 || headingDate.MatchString(r.Claim.Text) {
			// a count stated with its own date is that day's measurement: "(2026-04-28): … 5 dims
			// positive" beside "(2026-05-20): … 16 dims tested" in a status log (the fifty-first
			// holdout's decifer-trading, twenty-one rows) disagree in time, not in fact
			continue
		}
		for _, n := range r.Claim.Numbers {
			k := n.Qualifier + "|" + n.Subject
			facts = append(facts, fact{k, n.Value, i})
			if words[k] == nil {
				words[k] = map[string]bool{}
			}
			for w := range clauseWords(r.Claim.Text, n) {
				words[k][w] = true
			}
		}
	}
	alias := unifySubjects(words)
	groups := map[string]map[string][]int{}
	for _, f := range facts {
		k := f.key
		if a, ok := alias[k]; ok {
			k = a
		}
		if groups[k] == nil {
			groups[k] = map[string][]int{}
		}
		if claims := groups[k][f.val]; len(claims) == 0 || claims[len(claims)-1] != f.claim {
			groups[k][f.val] = append(claims, f.claim)
		}
	}
	for _, vals := range groups {
		dropTiers(vals)
	}
	return groups
}

// partsOfWhole reports a subject's values, three or more, whose largest is the sum of the rest: "**48
// posts** have metadata", "**23 posts** have full content", "**25 posts** still need full content" (the
// two-hundred-and-forty-seventh holdout's adapty-webdev, a soul's status) split one total into its
// parts; they agree. Figures that only come near ("48", "23", "26") are still compared.
func partsOfWhole(vals map[string][]int) bool {
	if len(vals) < 3 {
		return false
	}
	sum, top := 0, 0
	for val := range vals {
		n, err := strconv.Atoi(strings.ReplaceAll(val, ",", ""))
		if err != nil || n <= 0 {
			return false
		}
		sum += n
		top = max(top, n)
	}
	return sum == 2*top
}

// contradictMinority marks contradicted every judgeable claim of a value other than the one most of the
// soul agrees on; on a tie for the most, every value's claims. The detail names the soul as a soul, and
// any other handoff file as the document.
func contradictMinority(results []ClaimResult, vals map[string][]int, subject string, isSoul bool) {
	who := "the document"
	if isSoul {
		who = "the soul"
	}
	top, tie := "", false
	for val, claims := range vals {
		switch {
		case top == "" || len(claims) > len(vals[top]):
			top, tie = val, false
		case len(claims) == len(vals[top]):
			tie = true
		}
	}
	for val, claims := range vals {
		if val == top && !tie {
			continue
		}
		others := []string{}
		for ov := range vals {
			if ov != val {
				others = append(others, ov)
			}
		}
		sort.Strings(others)
		for _, ci := range claims {
			if r := &results[ci]; judgeable(r) {
				r.State, r.Reason = StateStale, ReasonContradicted
				r.Detail = fmt.Sprintf("%s: this claim says %s, %s also says %s", subject, val, who, strings.Join(others, ", "))
			}
		}
	}
}

// judgeable is a verifiable claim no anchor has already failed.
func judgeable(r *ClaimResult) bool {
	return r.Claim.Tissue == TissueVerifiable && !(r.State == StateStale && r.Reason != ReasonUnanchored)
}

// supersedeOlder marks every claim of another value superseded by the newest claim of top.
func supersedeOlder(results []ClaimResult, vals map[string][]int, top, subject string, ep func(int) epoch) {
	newest := vals[top][0]
	for _, c := range vals[top][1:] {
		if newer(ep(c), ep(newest)) > 0 {
			newest = c
		}
	}
	for val, claims := range vals {
		if val == top {
			continue
		}
		for _, ci := range claims {
			r := &results[ci]
			if !judgeable(r) {
				continue
			}
			r.State, r.Reason = StateSuperseded, ReasonSuperseded
			r.Detail = fmt.Sprintf("%s: this claim says %s; line %d (%s) says %s, and is newer", subject, val, results[newest].Claim.StartLine, ep(newest).where, top)
		}
	}
}

// supersession marks a next step that a live claim elsewhere reports shipped.
func supersession(results []ClaimResult, soul *Soul) {
	var shipped []int
	for i := range results {
		r := &results[i]
		c := &r.Claim
		if c.Tissue == TissueHistory || !c.Shipped || c.Section < 0 || soul.Sections[c.Section].NextSteps {
			continue
		}
		shipped = append(shipped, i)
	}
	if len(shipped) == 0 {
		return
	}
	for i := range results {
		r := &results[i]
		c := &r.Claim
		if c.Tissue == TissueHistory || c.Section < 0 || !soul.Sections[c.Section].NextSteps || !soul.SoulTissue && (c.Shipped || doneMark.MatchString(c.Text)) {
			// "✅ `version` dispatch is operational (R825)" in a carve-out plan (the eightieth holdout's
			// Cardano-node, 69 rows): an item that reports itself done agrees with the later report. A
			// soul's next steps hold no done items (ENXUTO): there the residue stays superseded
			continue
		}
		keys := claimKeys(c)
		if len(keys) == 0 {
			continue
		}
		for _, si := range shipped {
			sk := claimKeys(&results[si].Claim)
			if shared := intersect(keys, sk); shared != "" {
				r.State, r.Reason = StateSuperseded, ReasonSuperseded
				r.Claim.Tissue = TissueVerifiable
				r.Detail = fmt.Sprintf("line %d reports %s shipped", results[si].Claim.StartLine, shared)
				break
			}
		}
	}
}

// doneMark opens an item its writer marked done, a check mark or a ticked box, or a table row's cell:
// "| `QueryTip` | ✅ migrated (R505 trait, R506 concrete impl) |".
var doneMark = mustGate(`^\s*(?:[-*+]\s+)?(?:✅|✔️?|☑️?|\[[xX]\])|^\s*\|.*\|\s*(?:✅|✔️?|☑️?)`)

// claimKeys are the distinctive handles a claim names: code words, paths, symbols and PR numbers.
func claimKeys(c *Claim) map[string]bool {
	keys := map[string]bool{}
	for _, t := range c.Terms {
		keys[strings.ToLower(t)] = true
	}
	for _, a := range c.Anchors {
		switch a.Kind {
		case AnchorPath, AnchorSymbol, AnchorPR, AnchorGlob, AnchorLine:
			keys[strings.ToLower(a.Ref)] = true
		}
	}
	return keys
}

func intersect(a, b map[string]bool) string {
	var out []string
	for k := range a {
		if b[k] {
			out = append(out, k)
		}
	}
	if len(out) == 0 {
		return ""
	}
	sort.Strings(out)
	return out[0]
}

// tally is what the summary learns while it counts claims: the classes it saw judged, and how many
// claims each class held unsettled.
type tally struct {
	seen map[CheckClass]bool
	held map[CheckClass]int
}

// summarize counts states, lists findings, names skipped classes and measures lag and budget.
func (v *verifier) summarize(ctx context.Context, rep *Report, results []ClaimResult) {
	residue(results)
	t := tally{seen: map[CheckClass]bool{}, held: map[CheckClass]int{}}
	for i := range results {
		v.countClaim(rep, &results[i], t)
	}
	for _, f := range shapeFindings(v.soul) {
		rep.ByState.Stale++
		rep.Stale = append(rep.Stale, f)
	}
	rep.Stale = append(rep.Stale, v.aged...)
	rep.AgedOut = len(v.aged)
	rep.ChecksSkipped = v.skipped(t)
	budget := v.opts.LiveBudget
	if budget <= 0 {
		budget = DefaultLiveBudget
	}
	rep.Enxuto = Enxuto{LiveLines: v.soul.LiveLines, Budget: budget, Addenda: v.soul.Addenda, OverBudget: v.soul.LiveLines > budget}
	if v.repo.Git() {
		if touch, ok := v.repo.LastTouch(ctx, v.soul.Path); ok {
			rep.Lag = SoulLag{Known: true, LastSoulTouch: short(touch.SHA), LastSoulTouchAt: touch.Time, CommitsBehindHead: commitsSince(v.repo.Log(), touch.SHA)}
		}
	}
	rep.Ignored, rep.SoulTissue = v.soul.Ignored, v.soul.SoulTissue
	rep.VerifierCalls = v.calls
	if v.opts.IncludeClaims {
		rep.Claims = results
	}
	rep.ReceiptLine = receiptLine(rep)
}

// countClaim counts one claim into the report's totals and states, and lists it when it is a finding.
func (v *verifier) countClaim(rep *Report, r *ClaimResult, t tally) {
	rep.Totals.Total++
	switch r.State {
	case StateDeclared:
		rep.Totals.Declared++
		return
	case StateHistory:
		rep.Totals.History++
		return
	}
	rep.Totals.Verifiable++
	if counted(v.soul, r) {
		r.State, r.Reason, r.Detail = StateUnanchored, ReasonUnanchored, "no anchor to check; this document is no soul, so it is counted, not a finding"
		rep.Unanchored++
		return
	}
	for _, a := range r.Anchors {
		if a.Status == AnchorOK || a.Status == AnchorFailed {
			t.seen[a.Anchor.Kind.Class()] = true
		}
	}
	if len(r.Claim.Numbers) > 0 {
		t.seen[ClassConsistency] = true
	}
	switch r.State {
	case StateFresh:
		rep.ByState.Fresh++
	case StateStale:
		rep.ByState.Stale++
		if discipline(r) {
			rep.Unanchored++
		}
	case StateSuperseded:
		rep.ByState.Superseded++
	case StateReceiptRequired:
		rep.ByState.ReceiptRequired++
		t.held[ClassReceipt]++
	case StateUnprovableNow:
		rep.ByState.UnprovableNow++
		if r.Reason == ReasonNotGit {
			t.held[ClassGit]++
		} else {
			t.held[ClassRuntime]++
		}
	}
	if r.State == StateStale || r.State == StateSuperseded {
		f := finding(r)
		switch {
		case f.Kind == KindDrift && v.disagreement(r):
			f.Kind = KindDisagreement
			if r.State == StateStale {
				rep.disagreeStale++
			} else {
				rep.disagreeSuperseded++
			}
		case f.Kind == KindDrift && v.unverified(r):
			f.Kind = KindUnverified
			rep.unverifiedClaims++
		case f.Kind == KindDrift:
			v.leadWithDrift(r, &f)
		}
		v.addRow(rep, f)
		if r.State == StateStale && f.Kind != KindDiscipline {
			v.furtherRows(rep, r, f)
		}
	}
}

// furtherRows lists a stale claim's other failed anchors. A claim is reported by its first failed
// anchor, but a reader fixing that one would not learn of the rest: each line of a command block is a
// command of its own (the twentieth holdout's erlmcp: one of four removed make targets reported), and
// a sentence can name several things that are gone (opentelemetry-rust's four renamed error types on
// one line; rails' `lib/*/tags/` behind `lib/*/helpers/`). Each further failure is one row, drift or
// unverified by its own anchor as if it were the claim's only failure: one per line of a block, one
// per name of a sentence that is drift.
func (v *verifier) furtherRows(rep *Report, r *ClaimResult, first Finding) {
	if r.Reason == ReasonExpired && r.Claim.Kind != KindCommands {
		// a point-in-time sentence outlived is one finding: its moment passed, whatever else it named
		return
	}
	key := func(ar AnchorResult) string {
		if r.Claim.Kind == KindCommands {
			if k := ar.Anchor.Kind; k == AnchorNPM || k == AnchorMake {
				// each script or target a line runs is its own finding: "pnpm lint:fix && pnpm fmt:fix"
				// with both scripts removed is two (the thirty-second holdout's supabase/cli), "make a &&
				// make b" with no Makefile one
				return strconv.Itoa(ar.Anchor.Line) + "\x00" + ar.Detail
			}
			// a line's paths are its arguments: the first failure stands for the line ("./x.sh
			// --result_dir ./out": the output directory is the missing script's to make)
			return strconv.Itoa(ar.Anchor.Line)
		}
		return ar.Anchor.Ref
	}
	done := map[string]bool{}
	for _, ar := range r.Anchors {
		if ar.Status == AnchorFailed && ar.Anchor.Ref == first.Anchor && ar.Anchor.Line == first.Line {
			done[key(ar)] = true // the claim's own row
			break
		}
	}
	for _, ar := range r.Anchors {
		if ar.Status != AnchorFailed || done[key(ar)] || ar.Anchor.Alternative && fileKind(ar.Anchor.Kind) {
			// an "or" list none of whose names holds is one finding: the sentence offered a choice
			continue
		}
		if r.Claim.Kind != KindCommands && sameFile(done, ar.Anchor.Ref) || r.Claim.Kind == KindTree && underGoneEntry(r, ar.Anchor) {
			continue
		}
		done[key(ar)] = true
		one := *r
		one.Anchors = []AnchorResult{ar}
		one.Reason, one.Detail = ar.Reason, ar.Detail
		f := finding(&one)
		f.Claim = first.Claim
		if f.Kind == KindDrift && v.unverified(&one) {
			if r.Claim.Kind != KindCommands {
				// a sentence's further names are listed for the drift they hide; a mention nothing
				// traces is no news a reader fixing the row would miss (R's testthat helpers named in
				// a list, ellmer's seven of them)
				continue
			}
			f.Kind = KindUnverified
		}
		v.addRow(rep, f)
	}
}

// disagreement reports a claim of a document that is no soul whose finding is the document's own
// disagreement (KindDisagreement): a count contradicted or superseded by another of its counts, a next
// step another line reports shipped. One whose anchor failed too is drift by that anchor.
func (v *verifier) disagreement(r *ClaimResult) bool {
	return !v.soul.SoulTissue && (r.Reason == ReasonContradicted || r.Reason == ReasonSuperseded) && firstWith(r.Anchors, AnchorFailed) == nil
}

// rowKey is what makes two rows one finding: the same anchor failing the same way on the same line.
type rowKey struct {
	line           int
	anchor, reason string
}

// addRow lists a finding, unless an earlier claim already listed its anchor on its line the same way:
// two sentences of one paragraph line that name the same moved files are one row per file (the
// twenty-ninth holdout's bitwarden, line 81: five rows for three files).
func (v *verifier) addRow(rep *Report, f Finding) {
	if f.Anchor != "" {
		k := rowKey{f.Line, f.Anchor, f.Reason}
		if v.rows[k] {
			return
		}
		if v.rows == nil {
			v.rows = map[rowKey]bool{}
		}
		v.rows[k] = true
	}
	rep.Stale = append(rep.Stale, f)
	switch f.Kind {
	case KindUnverified:
		rep.Unverified++
	case KindDisagreement:
		rep.Disagreements++
	}
}

// leadWithDrift names a drift claim's row by the anchor that makes it drift when the first failed one
// is only a traceless mention: "Errors live in `span.rs` and `trace.rs`", span.rs never landed and
// trace.rs was deleted, is trace.rs's row; the mention follows it as a further row, or not at all.
func (v *verifier) leadWithDrift(r *ClaimResult, f *Finding) {
	first, lead := firstWith(r.Anchors, AnchorFailed), v.driftAnchor(r)
	if !v.tiered() || first == nil || lead == nil || first == lead || first.Reason != r.Reason {
		return // no tiers, or the claim's own failure is no name's (an expiry, a contradiction)
	}
	f.Anchor, f.Line, f.Reason, f.Detail = lead.Anchor.Ref, lead.Anchor.Line, lead.Reason, lead.Detail
}

// sameFile reports a name that is another reported name's tail at a slash: "[`watcher.tests.rs`](src/
// workspace/watcher.tests.rs)" names one file twice, as a span and as a link, and is one row.
func sameFile(done map[string]bool, ref string) bool {
	ref = strings.TrimPrefix(ref, "./")
	for d := range done {
		d = strings.TrimPrefix(d, "./")
		if d == ref || strings.HasSuffix(d, "/"+ref) || strings.HasSuffix(ref, "/"+d) {
			return true
		}
	}
	return false
}

// skipped names every class the run did not execute, and why (SOUL-INV-3).
func (v *verifier) skipped(t tally) []Skipped {
	var out []Skipped
	for _, cl := range AllClasses {
		switch {
		case cl == ClassGit && !v.repo.Git():
			out = append(out, Skipped{cl, fmt.Sprintf("not a git repository: %d git claims held unprovable-now", t.held[ClassGit])})
		case cl == ClassReceipt:
			out = append(out, Skipped{cl, fmt.Sprintf("execution not run: %d claims held receipt-required", t.held[ClassReceipt])})
		case cl == ClassRuntime && v.opts.Prober == nil:
			out = append(out, Skipped{cl, fmt.Sprintf("runtime probe disabled: %d claims held unprovable-now", t.held[ClassRuntime])})
		case cl != ClassRuntime && !t.seen[cl]:
			out = append(out, Skipped{cl, "no anchors of this class in verifiable tissue"})
		}
	}
	return out
}

func finding(r *ClaimResult) Finding {
	f := Finding{Kind: KindDrift, Claim: r.Claim.Text, Section: r.Section, Line: r.Claim.StartLine, State: r.State, Reason: r.Reason, Detail: r.Detail}
	if discipline(r) || curationReasons[r.Reason] {
		f.Kind = KindDiscipline
	}
	if a := firstWith(r.Anchors, AnchorFailed); a != nil {
		f.Anchor, f.Line = a.Anchor.Ref, a.Anchor.Line
		if r.Reason == ReasonFileMissing && (a.Reason == ReasonUnanchored || a.Reason == ReasonFileMissing) && a.Detail != "" && a.Detail != r.Detail && !detailBelow(r, a) {
			// a later pass gave the claim the detail of another of its anchors (evidence.go, a near miss
			// found for a second name of a tree): this anchor's row says its own failure, and the other
			// anchor has a row of its own (the hundred-and-twenty-third holdout's Spartan-IDE showed
			// `typeshed-fallback/stdlib/builtins.pyi` beside "desktop/Editor.tsx never landed …")
			f.Reason, f.Detail = a.Reason, a.Detail
		}
	}
	if len(f.Claim) > 300 {
		f.Claim = f.Claim[:300] + "…"
		f.Claim = strings.ToValidUTF8(f.Claim, "")
	}
	return f
}

// detailBelow reports a claim whose detail is that of an entry below anchor a: a tree's gone directory
// stands for its entries, and the evidence one of them found speaks for it.
func detailBelow(r *ClaimResult, a *AnchorResult) bool {
	dir := strings.TrimSuffix(a.Anchor.Path, "/") + "/"
	for _, ar := range r.Anchors {
		if ar.Detail == r.Detail && strings.HasPrefix(ar.Anchor.Path, dir) {
			return true
		}
	}
	return false
}

func short(sha string) string {
	if len(sha) > 7 {
		return sha[:7]
	}
	return sha
}

// dropTiers takes out of a subject's values every claim that itself gives the subject several values:
// "≤12 own properties cost 128 bytes, 13–20 cost 848, ≥21 cost 1616" is a schedule of one quantity by
// condition, not a figure another claim can contradict. Two claims that disagree are still compared.
func dropTiers(vals map[string][]int) {
	seen := map[int]int{}
	for _, claims := range vals {
		for _, c := range claims {
			seen[c]++
		}
	}
	for val, claims := range vals {
		kept := claims[:0]
		for _, c := range claims {
			if seen[c] < 2 {
				kept = append(kept, c)
			}
		}
		if len(kept) == 0 {
			delete(vals, val)
			continue
		}
		vals[val] = kept
	}
}
