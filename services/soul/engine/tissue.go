package engine

import (
	"strconv"
	"strings"
	"unicode"
)

// headingRule maps a heading fragment to a tissue. Order matters: the first match wins.
type headingRule struct {
	fragment string
	tissue   Tissue
}

// defaultHeadingRules is the skill's section contract (soul-prd §3.3), plus the headings AGENTS.md and CLAUDE.md files use.
var defaultHeadingRules = []headingRule{
	{"north star", TissueDeclared},
	{"pathos", TissueDeclared},
	{"doctrine", TissueDeclared},
	{"do not do", TissueDeclared},
	{"don't", TissueDeclared},
	{"don’t", TissueDeclared},
	{"dont", TissueDeclared},
	{"never do", TissueDeclared},
	{"principles", TissueDeclared},
	{"philosophy", TissueDeclared},
	{"values", TissueDeclared},
	{"taste", TissueDeclared},
	{"cadence", TissueDeclared},
	{"ethos", TissueDeclared},
	{"vision", TissueDeclared},
	{"open questions", TissueDeclared},
	{"questions", TissueDeclared},
	{"style", TissueDeclared},
	{"conventions", TissueDeclared},
	{"etiquette", TissueDeclared},
	{"current state", TissueVerifiable},
	{"state of", TissueVerifiable},
	{"status", TissueVerifiable},
	{"access map", TissueVerifiable},
	{"known problems", TissueVerifiable},
	{"known issues", TissueVerifiable},
	{"problems", TissueVerifiable},
	{"checkpoint", TissueVerifiable},
	{"addendum", TissueVerifiable},
	{"proof standard", TissueMixed},
	{"next agent prompt", TissueMixed},
	{"next steps", TissueMixed},
	{"first commands", TissueMixed},
}

var (
	historyHeading = mustGate(`\b(history|historical|archive|archived|preserved|prior checkpoints?|previous checkpoints?|older checkpoints?|superseded|legacy)\b`)
	// oldLayoutHeading is a section that shows what was before a change, beside what is now: "### Alt
	// (technische Trennung):" over the tree a migration left behind, and "### Neu (Feature-basiert)" after
	// it (the hundred-and-fourteenth holdout's amorph-funginomi, five rows). The word alone, in the
	// languages handoff documents are written in, perhaps naming the layout and glossed in parentheses.
	oldLayoutHeading = mustGate(`^[^\pL\pN]*(?:old|before|previous|alt|vorher|bisher|antes|antiguo|antigua|antigo|antiga|anterior|ancien|ancienne|avant|旧|以前|变更前|이전|기존)(?:\s+(?:layout|structure|struktur|estructura|estrutura|architecture|architektur|tree|version))?[^\pL\pN]*(?:\([^)]*\))?[^\pL\pN]*$`)
	// changelogHeading is a section that is a changelog, in the languages handoff documents are written
	// in: the forty-eighth holdout's online-notepad and ccg-workflow keep a "变更记录 (Changelog)" of
	// dated entries, each true the day it was written. The heading is the name alone, perhaps with a
	// gloss in parentheses: one about the changelog ("Add an entry to the changelog", hedgedoc's
	// "Changelog snippets") is no changelog, and an auto section keeps its own rule. Spec Kit's
	// "## Recent Changes" of ".github/copilot-instructions.md" ("- 023-astro-public-website: Added …
	// Turborepo 2.9.x": the hundred-and-eightieth holdout's skedular) is one entry per feature.
	changelogHeading = mustGate(`^[^\pL\pN]*(?:change ?logs?|release notes|recent changes|变更记录|变更日志|更新日志|更新记录|修订记录|历史记录|журнал изменений|история изменений)[^\pL\pN]*(?:\([^)]*\))?[^\pL\pN]*$`)
	// doneHeading is a list of finished work, in the languages handoff documents are written in: "### 已完成
	// ✅" (done: the hundred-and-ninety-fourth holdout's fileterm, whose "`workspace-service.ts` split into
	// tabs / sessions / transfers" names the file the split removed). Each entry was true when it was done.
	// A soul's sections take their tissue from its heading map alone: a stale claim filed under "### Done"
	// in a live checkpoint stays checked (TestFinishedWorkHidesNoDrift).
	doneHeading = mustGate(`^[^\pL\pN]*(?:completed|done|finished|已完成|已完成(?:事项|任务|工作)|已完成的(?:事项|任务|工作)|완료(?:된\s*작업)?|完了(?:済み)?(?:タスク)?)(?:\s+(?:tasks?|items?|work|features?|milestones?))?[^\pL\pN]*(?:\([^)]*\))?[^\pL\pN]*$`)
	// activityHeading is a log of what agents did, one row per observation or session: claude-mem writes
	// "# Recent Activity" into every folder's CLAUDE.md, a table of "#3447 | 10:04 PM | … | Title", whose
	// numbers are its own observation ids (the fiftieth holdout's kriptik-engine, sixteen rows read as
	// PRs). Even as a document's title it heads history, and the tool's "auto-generated" note makes it
	// no live section.
	activityHeading = mustGate(`^[^\pL\pN]*(?:recent activity|activity log|session log|work log)[^\pL\pN]*$`)
	// checkpointHeading is a checkpoint's number; a date after the word is no number: "## VERIFIED
	// REPOSITORY FACTS (cp, 2026-05-22)" (the hundred-and-seventy-fourth holdout's cepingzonghe, a tool's
	// block in an ordinary AGENTS.md) is no checkpoint 2026, and its document no soul.
	checkpointHeading = mustGate(`\b(?:checkpoint|cp)\s*#?\s*(\d+(?:\.\d+)?)(?:$|[^\w-]|-\D)`)
	addendumHeading   = mustGate(`\baddend(?:um|a)\b`)
	nextStepsHeading  = mustGate(`\b(next agent prompt|next steps?|next moves?|todo|to-do|to do|roadmap|up next|backlog)\b`)
	// todoRef is a numbered item of some to-do list a heading cites: "NETWORK-INGEST OPERATOR
	// ENABLE/DISABLE (live-correctness-pass Todo #6–9) [EXISTS]" (the seventy-second holdout's CeraUI)
	// reports work done, it lists none to do
	todoRef     = mustGate(`\btodos?\s*#\d+`)
	autoHeading = mustGate(`\bauto[- ]?(changelog|overview|generated|refresh)\b|\(auto\)`)
	autoMarker  = mustGate(`<!--\s*[\w.:/-]*auto[\w.:/-]*`)
	directiveRe = mustGate(`<!--\s*soul\s*(?:[:=]|\s)\s*(?:tissue\s*[:=]\s*)?(verifiable|verified|live|declared|doctrine|history|archive|preserved|mixed)\s*-->`)
)

func directiveTissue(lower string) (Tissue, bool) {
	m := directiveRe.FindStringSubmatch(lower)
	if m == nil {
		return TissueMixed, false
	}
	return ParseTissue(m[1])
}

// normalHeading lower-cases a heading and drops emoji, numbering and punctuation, keeping apostrophes and hyphens.
func normalHeading(h string) string {
	var b strings.Builder
	space := false
	for _, r := range strings.ToLower(h) {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r) || r == '\'' || r == '-' || r == '.' || r == '(' || r == ')' || r == '#':
			if space && b.Len() > 0 {
				b.WriteByte(' ')
			}
			space = false
			b.WriteRune(r)
		case r == '/' || r == '&':
			// "Human/Agent Pathos" reads as two words joined
			space = true
		default:
			space = true
		}
	}
	return b.String()
}

func genericTitle(h string) bool {
	n := normalHeading(h)
	for _, g := range []string{"pathos", "pathos.md", "agents.md", "agents", "claude.md", "claude", "soul", "handoff", "readme"} {
		if n == g || strings.HasPrefix(n, g+" ") && len(n) < len(g)+4 {
			return true
		}
	}
	return false
}

// assignTissues gives every section and claim its tissue: directive, then history, then heading map, then parent.
func (p *parser) assignTissues() {
	secs := p.soul.Sections
	maxCP := -1.0
	for _, s := range secs {
		if m := checkpointHeading.FindStringSubmatch(normalHeading(s.Heading)); m != nil {
			if v, err := strconv.ParseFloat(m[1], 64); err == nil && v > maxCP {
				maxCP = v
			}
		}
	}
	for i := range secs {
		s := &secs[i]
		n := normalHeading(s.Heading)
		parent := TissueMixed
		parentAuto, parentNext, parentAdd := false, false, false
		if s.Parent >= 0 {
			ps := secs[s.Parent]
			parent, parentAuto, parentNext, parentAdd = ps.Tissue, ps.Auto, ps.NextSteps, ps.Addendum
		}
		s.Auto = parentAuto || autoHeading.MatchString(n) || p.autoMarks[i]
		s.NextSteps = parentNext || nextStepsHeading.MatchString(todoRef.ReplaceAllString(n, ""))
		s.Addendum = parentAdd || addendumHeading.MatchString(n)
		isTitle := i == 0 && s.Level == 1
		switch {
		case p.directives != nil && hasKey(p.directives, i):
			s.Tissue = p.directives[i]
		case parent == TissueHistory:
			s.Tissue = TissueHistory
		case activityHeading.MatchString(n):
			s.Tissue = TissueHistory
		case !isTitle && (historyHeading.MatchString(n) || changelogHeading.MatchString(n) && !autoHeading.MatchString(n) || oldLayoutHeading.MatchString(n) || doneHeading.MatchString(n) && !p.soul.SoulTissue):
			s.Tissue = TissueHistory
		case !isTitle && olderCheckpoint(n, maxCP):
			s.Tissue = TissueHistory
		case isTitle:
			s.Tissue = TissueMixed
		default:
			s.Tissue = parent
			if t, ok := p.headingTissue(n); ok {
				s.Tissue = t
			}
			if s.Auto && s.Tissue != TissueHistory {
				s.Tissue = TissueVerifiable
			}
		}
	}
	for i := range p.soul.Claims {
		c := &p.soul.Claims[i]
		base := TissueMixed
		if c.Section >= 0 {
			base = secs[c.Section].Tissue
		}
		if c.hasDirective {
			c.Tissue, c.base = c.directive, c.directive
			continue
		}
		c.base = base
		c.Tissue = resolveClaimTissue(base, c)
	}
}

func hasKey(m map[int]Tissue, k int) bool { _, ok := m[k]; return ok }

// olderCheckpoint marks a checkpoint (or its addendum) below the newest one as preserved history.
func olderCheckpoint(n string, maxCP float64) bool {
	m := checkpointHeading.FindStringSubmatch(n)
	if m == nil {
		return false
	}
	v, err := strconv.ParseFloat(m[1], 64)
	return err == nil && v < maxCP
}

func (p *parser) headingTissue(n string) (Tissue, bool) {
	for frag, t := range p.opts.Tissues {
		if frag != "" && strings.Contains(n, strings.ToLower(frag)) {
			return t, true
		}
	}
	for _, r := range defaultHeadingRules {
		if containsWord(n, r.fragment) {
			return r.tissue, true
		}
	}
	return TissueMixed, false
}

func containsWord(s, frag string) bool {
	for off := 0; ; {
		i := strings.Index(s[off:], frag)
		if i < 0 {
			return false
		}
		i += off
		before := i == 0 || !isWordByte(s[i-1])
		after := i+len(frag) == len(s) || !isWordByte(s[i+len(frag)])
		if before && after {
			return true
		}
		off = i + 1
	}
}

// isWordByte reports a byte that continues a word or an identifier.
func isWordByte(b byte) bool {
	return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9' || b == '_'
}

// resolveClaimTissue applies the per-claim rules: doctrine that cites an artifact is checkable;
// mixed tissue is verifiable when anchored and declared when not.
func resolveClaimTissue(base Tissue, c *Claim) Tissue {
	switch base {
	case TissueHistory:
		return TissueHistory
	case TissueDeclared:
		if hasArtifact(c) {
			return TissueVerifiable
		}
		return TissueDeclared
	case TissueMixed:
		if hasArtifact(c) || hasCheckable(c) || c.Priced != "" {
			return TissueVerifiable
		}
		return TissueDeclared
	}
	return TissueVerifiable
}

// hasArtifact is true when the claim cites a repository artifact (a file, line, symbol or git ref).
func hasArtifact(c *Claim) bool {
	for _, a := range c.Anchors {
		switch a.Kind {
		case AnchorPath, AnchorGlob, AnchorLine, AnchorSymbol, AnchorTag, AnchorPR, AnchorCommit:
			return true
		}
	}
	return false
}

func hasCheckable(c *Claim) bool {
	for _, a := range c.Anchors {
		if a.Kind != AnchorHome {
			return true
		}
	}
	return false
}

// sentence is one sentence of a paragraph with its byte offset in the paragraph.
type sentence struct {
	text string
	off  int
}

var abbreviations = map[string]bool{"e.g": true, "i.e": true, "etc": true, "vs": true, "cf": true, "approx": true, "no": true, "fig": true, "mr": true, "dr": true, "ms": true, "st": true, "incl": true, "ca": true, "resp": true}

// splitSentences splits prose at sentence ends outside code spans and links.
func splitSentences(raw string) []sentence {
	var out []sentence
	start := 0
	inCode := false
	for i := 0; i < len(raw); i++ {
		ch := raw[i]
		if ch == '`' {
			inCode = !inCode
			continue
		}
		if inCode || (ch != '.' && ch != '!' && ch != '?') {
			continue
		}
		j := i + 1
		for j < len(raw) && (raw[j] == '*' || raw[j] == '_' || raw[j] == ')' || raw[j] == '"' || raw[j] == '\'') {
			j++
		}
		if j >= len(raw) || (raw[j] != ' ' && raw[j] != '\n' && raw[j] != '\t') {
			continue
		}
		k := j
		for k < len(raw) && (raw[k] == ' ' || raw[k] == '\n' || raw[k] == '\t') {
			k++
		}
		if k >= len(raw) || !sentenceStart(raw[k]) {
			continue
		}
		if ch == '.' && isAbbreviation(raw[start:i]) {
			continue
		}
		out = append(out, sentence{text: raw[start:j], off: start})
		start = k
	}
	if strings.TrimSpace(raw[start:]) != "" {
		out = append(out, sentence{text: raw[start:], off: start})
	}
	return out
}

func sentenceStart(b byte) bool {
	return b >= 'A' && b <= 'Z' || b >= '0' && b <= '9' || b == '`' || b == '*' || b == '"' || b == '(' || b == '[' || b == '_' || b == '#' || b >= 0x80
}

func isAbbreviation(before string) bool {
	w := before
	if i := strings.LastIndexAny(w, " \n\t("); i >= 0 {
		w = w[i+1:]
	}
	return abbreviations[strings.ToLower(w)] || len(w) == 1
}

// assertive drops lead-ins and fragments that assert nothing ("The map:", "Done."). A lead-in that
// names a path in a directory still cites it: "follow the patterns established in
// `mcp_server/cursor_rules.md`:" (the eighth holdout; a commit had deleted the file).
func assertive(s string) bool {
	t := strings.TrimSpace(s)
	if strings.HasSuffix(t, ":") {
		return pathSpan.MatchString(t)
	}
	if strings.Contains(t, "`") || strings.Contains(t, "](") {
		return true
	}
	return hasFields(t, 3)
}

// hasFields reports whether s holds at least n space-separated fields, as len(strings.Fields(s)) >= n
// does, without cutting them.
func hasFields(s string, n int) bool {
	in := false
	for _, r := range s {
		if unicode.IsSpace(r) {
			in = false
			continue
		}
		if !in {
			in = true
			if n--; n <= 0 {
				return true
			}
		}
	}
	return n <= 0
}

// pathSpan is a code span holding a path with a directory in it ("`mcp_server/cursor_rules.md`",
// "`pkg/toolsets/`"); a bare file name a lead-in mentions is as often one a step writes (httpx's
// "this is where our previously generated `client.pem` comes in:").
var pathSpan = mustGate("`[\\w.@-]+/[\\w.@/-]*`")

var receiptLineRe = mustGate(`(?i)^\s*(\*\*)?soul receipt`)

// isReceiptLine skips the soul's own header receipt: a dated record, not a claim.
func isReceiptLine(raw string) bool { return receiptLineRe.MatchString(raw) }

var (
	inlineLink  = mustGate(`!?\[([^\]]*)\]\((?:[^()]|\([^()]*\))*\)`)
	inlineMarks = strings.NewReplacer("**", "", "__", "", "`", "", "~~", "")
)

// cleanInline renders inline markdown as plain text for headings and headlines.
func cleanInline(s string) string {
	s = inlineLink.ReplaceAllString(s, "$1")
	s = inlineMarks.Replace(s)
	s = strings.TrimSpace(strings.TrimRight(strings.TrimSpace(s), "#"))
	return strings.ToValidUTF8(s, "\uFFFD")
}
