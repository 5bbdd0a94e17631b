package engine

import (
	"path"
	"strings"
)

// Names a sentence shows without claiming this repository holds them: samples of a numbered series,
// another repository's files, places a condition or a template stands before, an example's link.

// Numbered samples: "Verify PNG files are named `slide_01.png`, `slide_02.png`, etc." (the same round's
// methods-algorithms, six rows over three lines). Names that differ only in a number, in a list the
// writer closes with "etc." or an ellipsis, show the series' form: a converter writes them per deck.
var (
	spansBeforeList = mustGate("(?:`[^`\\n]*`\\s*,\\s*)+$")
	seriesAfter     = mustGate("^(?:\\s*,\\s*`[^`\\n]*`)*\\s*,?\\s*(?:etc\\b|\\.\\.\\.|…)")
	digitRun        = mustGate(`\d+`)
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
	for _, m := range codeSpan.FindAllStringSubmatch(list, -1) {
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
var linkedRepoAfter = mustGate("^(?:\\s*(?:,|and|&)\\s*`[^`\\n]*`)*\\s+(?:in|from|of)\\s+(?:the\\s+)?\\[[^\\]\\n]+\\]\\(https?://" + forgeHosts + "/[\\w.-]+/[\\w.-]+/?\\)")

// onceShippedLead opens a sentence with the condition it waits for: "Once shipped, use the
// `<FigureWithSource>` wrapper from `components/figures/`" (the same round's 2026-ebola-epi, whose
// figures component is planned work).
var onceShippedLead = mustGate(`(?i)(?:^|[.!?]\s+|\n\s*(?:[-*+]\s+)?)[*_]*(?:once|when|after)\s+(?:(?:it|this|that|they|these)\s+(?:is|are|has\s+been|have\s+been)\s+)?(?:shipped|built|landed|implemented|merged|available|released)\s*,(?:[^.!?\x60]|\x60[^\x60\n]*\x60)*$`)

// listedTarget: the span follows others in a list a target cue opens, with a kind's word after one of
// them: "do not add a\n`routes:generate` script or `tsr.config.json`" (the same round's wallow). A list
// with no kind's word is spanListTail's, whose cues are read closer: "without also wiring them in
// `hooks/hooks.json` and `plugin/hooks/hooks.json`" (round 151's oh-my-openagent, a file a commit
// deleted) wires handlers into files, and "Do not add" further back forbids the handlers.
func listedTarget(before string) bool {
	if !containsFold(before, kindWords...) {
		return false // no span with a kind's word after it: spanListTail's lists
	}
	loc := kindListTail.FindStringIndex(before)
	if loc == nil || !kindAfterSpan.MatchString(before[loc[0]:]) {
		return false
	}
	lead := before[:loc[0]]
	return mayTarget(lead) && target(lead) || anyCue(destCues, lead, func() string { return lead })
}

// kindWords name the kind of thing a list's name is ("`x` script", "`y` file").
var kindWords = []string{"script", "file", "folder", "directory", "command", "target", "module", "package", "config"}

var (
	// kindAfterSpan is a kind's word right after a code span.
	kindAfterSpan = mustGate("`\\s+(?:" + strings.Join(kindWords, "|") + ")\\b")
	// kindListTail is spanListTail with a kind's word after each span ("`x` script or ").
	kindListTail = mustGate("(?:`[^`\\n]+`(?:\\s+(?:" + strings.Join(kindWords, "|") + "))?\\s*(?:,|/|\\bor\\b|\\band\\b)\\s*)+$")
)

// ifMissingAfter follows a name with what happens when it is not there: "- `css/ml-theme.css` - For
// custom styling (if missing, uses default Reveal.js theme)" (the hundred-and-seventy-seventh
// holdout's methods-algorithms): a file the writer expects may be absent.
var ifMissingAfter = mustGate(`(?i)^[^.;\n()]{0,60}\(\s*if\s+(?:missing|absent|not\s+present)\b`)

// templateDirItem opens a list item with a directory whose name is a template:
// "- `results/{doc_id}_{filename}/`: Per-document output — `metadata.json`, `structure.json` (tree), …,
// `images/`" (the hundred-and-seventy-eighth holdout's PageIndex_Chat_UI-main, whose app writes one such
// directory per document, ignored by git). The names after it are inside each one.
var templateDirItem = mustGate("^[-*+\\s]*`[^`\\n]*(?:\\{[^`{}\\n]+\\}|<[^`<>\\n]+>)[^`\\n]*/`")

// insideTemplateDir: the span comes after a template directory that opens its item.
func insideTemplateDir(s *spanText) bool {
	loc := templateDirItem.FindStringIndex(s.raw)
	return loc != nil && s.m[0] >= loc[1]
}

// exampleLinkText opens a link whose text calls its target an example: "| 1 | [Example Plan](01_example.md)
// | Medium | Planned |" (the hundred-and-eightieth holdout's digimon_application, a plans index's template
// row). Only a page that never existed is skipped for it (exampleWording).
var exampleLinkText = mustGate(`(?i)^!?\[\s*[*_]*(?:an?\s+|the\s+)?(?:example|sample|placeholder)\b`)

// livesInRepoAfter follows a name with the repository it lives in: "The `archive/` tree and the
// savepoint records live in the private `owner/agents-config-ARCHIVE` repository", "`vizsuite/` lives in
// `owner/vizsuite`, which holds its history" (the hundred-and-eighty-second holdout's agents-config), and
// "`.agents/PROJECT.md` lives in the **consuming project**" in shared rules that projects take in (the
// two-hundred-and-twenty-first's Arc).
// Group 1 is a repository's owner/name when one is named; a bare repository word needs no name.
var livesInRepoAfter = mustGate("^`?[^.!?`\\n]{0,60}?\\blives?\\s+(?:in|under)\\s+(?:the\\s+|a\\s+|an\\s+|each\\s+|every\\s+)?[*_]*(?:(?:private|public|separate|archive|archived|other|upstream)\\s+)*(?:`([\\w.-]+/[\\w.-]+)`(\\s+(?:repository|repo)\\b)?|(?:repository|repo)\\b|(?:consuming|consumer|host|downstream)\\s+(?:projects?|repos?|repositor(?:y|ies)|apps?)\\b)")

// livesElsewhere reports a name the words after it place in another repository: one the sentence calls
// a repository, or one whose owner/name ends in the name itself in a claim about repositories (a
// directory that is its own repository). "`src/api/` lives in `packages/core`" places the name in this one.
func livesElsewhere(s *spanText) bool {
	if !strings.Contains(s.lowerRaw, "live") {
		return false
	}
	m := livesInRepoAfter.FindStringSubmatch(s.after(200))
	if m == nil {
		return false
	}
	if m[1] == "" || m[2] != "" {
		return true
	}
	// the claim speaks of repositories, and the owner/name ends in the name: not `tools/vizsuite`
	return strings.Contains(s.lowerRaw, "repo") && path.Base(m[1]) == path.Base(strings.TrimSuffix(s.trimmed(), "/"))
}

// A repository checked out inside a workspace whose parent directory keeps files of its own: "The actual
// git repository for the `@x/bhai` package … The parent directory holds only the v0.1 design proposal
// (`ARCHITECTURE.md`) and the task breakdown (`tasks/`)" (the hundred-and-eighty-fourth holdout's bhai,
// whose documents cite `.claude/rules/packaging.md` and three more rules eight times; none ever landed
// here). An agent's rules and settings that never landed in this repository are the workspace's; one that
// landed here and went stays drift (judge reads Foreign so).
var (
	parentHeldCue = mustGate(`(?i)\bthe\s+parent\s+(?:directory|dir|folder|workspace|repo(?:sitory)?)\s+(?:holds|contains|keeps|has)\b`)
	agentDirs     = []string{".claude/", ".cursor/", ".agents/", ".codex/", ".gemini/", ".windsurf/", ".kiro/", ".opencode/"}
)

// markParentHeld marks the agent configuration paths of a document whose opening says the directory
// above the repository holds files of its own.
func markParentHeld(s *Soul, head []byte) {
	if !parentHeldCue.Match(head) {
		return
	}
	for i := range s.Claims {
		for j := range s.Claims[i].Anchors {
			a := &s.Claims[i].Anchors[j]
			if a.Kind != AnchorPath && a.Kind != AnchorGlob {
				continue
			}
			for _, d := range agentDirs {
				if strings.HasPrefix(a.Path, d) {
					a.Foreign = true
				}
			}
		}
	}
}
