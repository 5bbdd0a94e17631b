package engine

import (
	"bytes"
	"path"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	east "github.com/yuin/goldmark/extension/ast"
	gmparser "github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"

	"github.com/organism-dev/organism/platform/refusal"
)

// Parse limits keep hostile input bounded in time and memory.
const (
	// DefaultMaxSoulBytes is the largest soul the parser accepts.
	DefaultMaxSoulBytes = 8 << 20
	// maxClaimBytes caps the text of one claim that the anchor extractor reads.
	maxClaimBytes = 16 << 10
	// maxDepth caps how deep the parser walks nested blocks; deeper blocks are treated as text of their parent.
	maxDepth = 64
	// maxClaims caps the claims of one soul.
	maxClaims = 200_000
)

// Soul is a parsed soul document.
type Soul struct {
	Path     string
	Headline string
	Sections []Section
	Claims   []Claim
	// Lines is the document's line count; LiveLines counts lines outside history tissue.
	Lines     int
	LiveLines int
	// Addenda counts addendum headings in live tissue (ENXUTO pressure).
	Addenda int
	// Truncated is set when a claim or the claim list hit a parse bound.
	Truncated bool
	// EmbeddedFrom is the source a document's front matter says its text was copied from whole
	// ("source: Manifest published docs (mintlify) — embedded verbatim"): its paths are that
	// project's (embeddedSource).
	EmbeddedFrom string
	// ForProjects is set when the document's opening says it is copied into the reader's own project
	// (shippedTemplate): a name it cites that this repository never had is that project's.
	ForProjects bool
	// Archived is set when the document's opening says it is archived and not to be followed
	// (archivedOpening): with an archive folder around it, it describes no tree of this repository.
	Archived bool
	// Sample is set when the document's opening calls it a sample of a project that is not this one
	// (sampleOpening): a guide in an examples folder that opens so describes no tree here.
	Sample bool
	// Ignored counts the claims an ignore marker or the repository's .soulignore skipped.
	Ignored int
	// SoulTissue is set when the document declares itself a soul (see soultissue.go); only then is
	// an anchorless claim in verifiable tissue a discipline finding.
	SoulTissue bool
	// Fragments are the keys of the places a link to the document itself may name: its headings and
	// explicit anchors (fragments.go). Nil when it has no heading.
	Fragments map[string]bool
}

// ParseOptions tunes the parser.
type ParseOptions struct {
	// MaxBytes overrides DefaultMaxSoulBytes when positive.
	MaxBytes int
	// Tissues maps a lower-case heading fragment to a tissue, ahead of the built-in map.
	Tissues map[string]Tissue
	// Ignore is the repository's .soulignore, when it has one.
	Ignore *Ignore
	// LinkBase is the repository path relative links are read from when it is not the document's own:
	// a CONTRIBUTING.md symlinked to docs/contributing.md links as the docs page it is.
	LinkBase string
}

var md = goldmark.New(goldmark.WithExtensions(extension.Table, extension.Strikethrough))

// Readable refuses a document Parse would not read: over limit bytes (0 is DefaultMaxSoulBytes), or
// not text.
func Readable(src []byte, limit int) error {
	if limit <= 0 {
		limit = DefaultMaxSoulBytes
	}
	if len(src) > limit {
		return refusal.New(RefuseSoulTooLarge, "the soul is %d bytes, over the limit of %d", len(src), limit)
	}
	if looksBinary(src) {
		return refusal.New(RefuseSoulNotText, "the soul is not a text file")
	}
	return nil
}

// Parse turns soul markdown into sections and claims with line spans and anchors.
func Parse(path string, src []byte, opts ParseOptions) (*Soul, error) {
	if err := Readable(src, opts.MaxBytes); err != nil {
		return nil, err
	}
	// the parser's segments are offsets into what it parsed, so every later read of the document
	// (claims' text, line starts, ignore markers) reads that same text: a front matter line longer
	// than maxIndent, blanked, and then cut by flattenDeepPrefixes, shifted every later offset (the
	// twenty-ninth holdout's koel: headline "ontributing.", a link cut to `./guide/getti`)
	embedded := embeddedSource(src)
	src = flattenDeepPrefixes(blankFrontmatter(src))
	p := &parser{src: src, path: path, opts: opts, lines: lineStarts(src)}
	// room for one claim a line, so a soul of list items and short paragraphs never grows its claims:
	// each growth copies every claim made so far, a large share of a long soul's parse
	p.soul = &Soul{Path: path, Lines: len(p.lines), Claims: make([]Claim, 0, min(len(p.lines), maxClaims))}
	if len(src) > 0 && src[len(src)-1] == '\n' {
		p.soul.Lines--
	}
	p.soul.EmbeddedFrom = embedded
	head := src[:min(len(src), 1<<10)]
	p.soul.ForProjects = shippedTemplate.Match(head) || placeholderTitle.Match(head)
	p.soul.Archived = archivedOpening.Match(head)
	p.soul.Sample = sampleOpening.Match(head)
	pc := gmparser.NewContext()
	doc := md.Parser().Parse(text.NewReader(src), gmparser.WithContext(pc))
	p.walkBlocks(doc, 0)
	if len(p.soul.Claims) == 0 {
		p.soul.Claims = nil // a soul without claims reads as before the room was made
	}
	linkBase := path
	if opts.LinkBase != "" {
		linkBase = opts.LinkBase
	}
	extractAll(p.soul.Claims, linkBase, linkDefinitions(pc))
	markDocumentNames(p.soul.Claims)
	markRemovalTasks(p.soul)
	markKnownGone(p.soul) // after the removal headings have marked what they list
	markParentHeld(p.soul, src[:min(len(src), 2<<10)])
	markMaybeDirs(p.soul)
	branchItems(p.soul.Claims)
	markPatternInstances(p.soul.Claims, src, p.lineOf)
	markPackageRules(p.soul, src, p.lineOf)
	markToolBlocks(p.soul, src, p.lineOf)
	p.soul.Claims, p.soul.Ignored = dropIgnored(p.soul.Claims, src, opts.Ignore)
	p.finishSections()
	markPendingSections(p.soul)
	dropMessageExamples(p.soul)
	markReaderMade(p.soul)
	p.soul.Fragments = fragmentKeys(p.soul.Sections, src)
	p.soul.SoulTissue = p.soulTissue() // before the tissues: a soul's finished-work heading is no archive
	markInstalled(p.soul)
	markLabelGroups(p.soul)
	markOptionalImports(p.soul)
	markInstanceNames(p.soul)
	p.assignTissues()
	p.soul.Headline = p.headline()
	p.measure()
	return p.soul, nil
}

type parser struct {
	src   []byte
	path  string
	opts  ParseOptions
	lines []int
	soul  *Soul
	// open is the stack of section indices enclosing the current block.
	open []int
	// directives are per-section tissue overrides found in HTML comments.
	directives map[int]Tissue
	autoMarks  map[int]bool
	// inActivity is set between a <claude-mem-context> tag (or a fork's) and its closing tag: the
	// sections a memory tool writes there are its activity log (tissue.go activityHeading)
	inActivity bool
	// elsewhere is the checkout a command block of the current section changed into, and its section:
	// the section's later blocks run there too ("git clone …/playwright; cd playwright", then "npm run
	// watch" in the next block: the twenty-second holdout's playwright-mcp)
	elsewhere        string
	elsewhereSection int
	// listDirs are the folders the list items enclosing the current one name, outermost first, each
	// joined to the one before it ("- src" then "- util": src, src/util).
	listDirs []string
	// branchList is set while the items of a list whose enclosing item speaks of branch names are read:
	// "- **Branch Naming:** … the following mapping:" over "- `feat/`: New features" (the fifty-first
	// holdout's queue-service, five rows read as folders)
	branchList bool
	// sectionIn is the checkout a section's heading, or an enclosing one, places it in ("### Hardware
	// test suite (`run-tests.sh`, from a meshtastic-mcp checkout)"): every claim under it is read there.
	sectionIn map[int]string
}

func lineStarts(src []byte) []int {
	starts := []int{0}
	for i, b := range src {
		if b == '\n' && i+1 <= len(src) {
			starts = append(starts, i+1)
		}
	}
	return starts
}

// lineOf is the 1-based line of a byte offset.
func (p *parser) lineOf(off int) int {
	return sort.Search(len(p.lines), func(i int) bool { return p.lines[i] > off })
}

func (p *parser) current() int {
	if len(p.open) == 0 {
		return -1
	}
	return p.open[len(p.open)-1]
}

func (p *parser) walkBlocks(n ast.Node, depth int) {
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		p.block(c, depth)
	}
}

func (p *parser) block(n ast.Node, depth int) {
	if depth > maxDepth {
		p.soul.Truncated = true
		return
	}
	switch b := n.(type) {
	case *ast.Heading:
		p.heading(b)
	case *ast.Paragraph, *ast.TextBlock:
		p.paragraph(n)
	case *ast.List:
		p.list(b, depth)
	case *ast.Blockquote:
		p.walkBlocks(b, depth+1)
	case *ast.FencedCodeBlock:
		from := len(p.soul.Claims)
		p.fence(b)
		p.markPlannedSection(from)
		if plannedTreeNote.MatchString(p.noteAfter(b)) {
			p.markFrom(from, func(c *Claim) { c.planned = c.planned || c.Kind == KindTree })
		}
		if lead := p.leadIn(b); adviceLead.MatchString(lead) || exampleLeadIn.MatchString(lead) || p.treeFrom(from) && exampleTreeLead.MatchString(p.itemLeadIn(b, lead)) {
			for i := from; i < len(p.soul.Claims); i++ {
				// a tree the lead-in recommends, or shows as an example ("Example structure:" over a
				// package's routes in a generic SDK guide: the hundred-and-sixty-second holdout's
				// sdk-explorer); a planned heading's mark on other claims stays
				p.soul.Claims[i].planned = p.soul.Claims[i].planned || p.soul.Claims[i].Kind == KindTree
			}
		}
	case *ast.HTMLBlock:
		p.html(b)
	case *east.Table:
		from := len(p.soul.Claims)
		p.table(b)
		p.markPlannedSection(from)
		if awayRepoLead.MatchString(p.leadIn(b)) {
			for i := from; i < len(p.soul.Claims); i++ {
				p.soul.Claims[i].emptied = true // a table of another repository's files, as a list's
			}
		}
		if p.labelList(p.leadIn(b)) {
			p.markFrom(from, func(c *Claim) { c.labels = true }) // "| `type/bug` | a defect |" under "## Labels"
		}
		if p.branchSection() || branchLead.MatchString(p.leadIn(b)) {
			// "Create a branch from `main` using one of these prefixes:" over "| `feat/` | New guard |"
			// (the ninety-ninth holdout's vibeguard)
			p.markBranchList(from)
		}
	case *ast.Document:
		p.walkBlocks(b, depth+1)
	}
}

func (p *parser) heading(h *ast.Heading) {
	start, end, ok := p.span(h)
	if !ok {
		return
	}
	title := cleanInline(string(p.segmentText(h)))
	for len(p.open) > 0 && p.soul.Sections[p.current()].Level >= h.Level {
		p.open = p.open[:len(p.open)-1]
	}
	s := Section{Heading: title, Level: h.Level, StartLine: start, EndLine: end, Parent: p.current()}
	p.soul.Sections = append(p.soul.Sections, s)
	p.open = append(p.open, len(p.soul.Sections)-1)
	if p.inActivity {
		if p.directives == nil {
			p.directives = map[int]Tissue{}
		}
		p.directives[p.current()] = TissueHistory
	}
	in := headingCheckout(title)
	if in == "" && s.Parent >= 0 {
		in = p.sectionIn[s.Parent]
	}
	if in != "" {
		if p.sectionIn == nil {
			p.sectionIn = map[int]string{}
		}
		p.sectionIn[p.current()] = in
	}
}

// forgeLinkCell is a table cell that is only a link to a repository on a forge; the name is the
// repository's.
var forgeLinkCell = mustGate(`^\[[^\]\n]+\]\(https?://(?:www\.)?` + forgeHosts + `/[\w.-]+/([\w.-]+?)(?:\.git)?/?\)$`)

// forgeHosts are the forges whose links name a repository by owner and name.
const forgeHosts = `(?:github\.com|gitlab\.com|codeberg\.org|bitbucket\.org)`

// checkoutHeading is a heading that places its section in a named checkout of another repository:
// "from a meshtastic-mcp checkout", "(in the docs repo)", "inside the `book` repository".
var checkoutHeading = mustGate(`(?i)\b(?:from|in|inside|within)\s+(?:a|an|the|your)\s+` + "`?" + `([\w.-]+)` + "`?" + `\s+(?:checkout|clone|repository|repo)\b`)

// upstreamHeading titles a section about the project this one follows: "## Upstream Source" over "Wire
// type names … match the upstream Rust definitions: `codex-rs/app-server-protocol/src/protocol/v2.rs`"
// (the eighty-eighth holdout's caic, three sections of paths in the upstream codex and opencode trees).
const upstreamCheckout = "upstream"

var upstreamHeading = mustGate(`(?i)^\W*upstream\s+(?:source|sources|code|reference|references|definitions|files|layout)\W*$`)

// headingCheckout is the checkout a heading names, or "" when it names none or names this one in
// general words ("in the main repo", "from this repository").
func headingCheckout(title string) string {
	if upstreamHeading.MatchString(title) {
		return upstreamCheckout
	}
	m := checkoutHeading.FindStringSubmatch(title)
	if m == nil {
		return ""
	}
	switch strings.ToLower(m[1]) {
	case "main", "same", "current", "root", "local", "own", "parent", "whole", "entire", "top-level", "monorepo", "project":
		return ""
	}
	return m[1]
}

func (p *parser) html(b *ast.HTMLBlock) {
	var buf bytes.Buffer
	for i := 0; i < b.Lines().Len(); i++ {
		seg := b.Lines().At(i)
		buf.Write(seg.Value(p.src))
	}
	block := buf.String()
	if strings.Contains(block, "mem-context>") {
		// "<claude-mem-context>\n# Recent Activity" is one HTML block, the heading inside it: the tags,
		// not the heading, bound the log. Forks of the tool write their own tag (codex-mem's
		// <codex-mem-context>, the fifty-fourth holdout's twenty rows of observation ids)
		if tags := memContextTag.FindAllString(block, -1); len(tags) > 0 {
			p.inActivity = !strings.HasPrefix(tags[len(tags)-1], "</")
		}
	}
	p.noteDirectives(block, p.current())
}

// memContextTag opens or closes the block a memory tool writes its activity log in.
var memContextTag = mustGate(`</?[a-z0-9_-]*mem-context>`)

// noteDirectives reads soul directives and auto markers out of HTML comments.
func (p *parser) noteDirectives(s string, sec int) {
	if sec < 0 || !strings.Contains(s, "<!--") {
		return
	}
	lower := strings.ToLower(s)
	if t, ok := directiveTissue(lower); ok {
		if p.directives == nil {
			p.directives = map[int]Tissue{}
		}
		p.directives[sec] = t
	}
	if autoMarker.MatchString(lower) {
		if p.autoMarks == nil {
			p.autoMarks = map[int]bool{}
		}
		p.autoMarks[sec] = true
	}
}

func (p *parser) paragraph(n ast.Node) {
	start, _, ok := p.span(n)
	if !ok {
		return
	}
	raw := p.rawLines(n)
	if isReceiptLine(raw) {
		return
	}
	raw = p.splitImports(raw, start)
	line, counted := start, 0
	last := -1 // the claim the paragraph's previous sentence made, if it made one
	milestone := milestoneOf(raw)
	first := len(p.soul.Claims)
	if strings.Contains(raw, "../") {
		defer p.markSiblings(raw, first)
	}
	if historyLabel.MatchString(raw) {
		// "**Historical (pre-refactor cleanup, kept for the record):** v8.29.0 deleted `loop.py` …;
		// v8.30.0 deleted 8 internal modules + `analytics/`" (the two-hundred-and-forty-eighth holdout's
		// cctest): the label opening the paragraph puts everything it names in the past
		defer p.markFrom(first, func(c *Claim) { c.emptied = true })
	}
	if label := plannedLabel.FindString(raw); label != "" {
		// "**Orchestrator — planned, not yet on disk.** In plan/ledger order: `memory.py` (4), …" (the
		// two-hundred-and-twenty-ninth holdout's Temporal-Strands, whose first attempt at those files a
		// commit removed): the bold label opening the paragraph calls what its later sentences name a
		// plan, and "not yet on disk" says they are absent today, whatever history once held
		absent := notYetThere.MatchString(label)
		defer func() {
			for i := first; i < len(p.soul.Claims); i++ {
				p.soul.Claims[i].planned = true
				p.soul.Claims[i].emptied = p.soul.Claims[i].emptied || absent
			}
		}()
	}
	if exampleLabel.MatchString(raw) {
		// "> Example: Need to pull data from a website? Read `workflows/scrape_website.md`, …" (the
		// hundred-and-fifth holdout's ORACLE-Agent): the label opens the whole paragraph, whose later
		// sentences no longer hold the word
		defer func() {
			for i := first; i < len(p.soul.Claims); i++ {
				p.soul.Claims[i].inExample = true
			}
		}()
	}
	for _, s := range splitSentences(raw) {
		line += strings.Count(raw[counted:s.off], "\n")
		counted = s.off
		if last >= 0 && (emptiedNote(s.text) || removedNote.MatchString(s.text) || replacedNote(p.soul.Claims[last].Text, s.text)) {
			p.soul.Claims[last].emptied = true // "Located in `x/`. Currently empty.", "… Removed in `b3830b6`."
		}
		if last >= 0 && itGoneNote.MatchString(s.text) {
			p.soul.Claims[last].goneSubject = openingName(p.soul.Claims[last].Text)
		}
		if strings.Contains(s.text, "contents") {
			if m := emptyDirNamed.FindStringSubmatch(s.text); m != nil {
				for i := first; i < len(p.soul.Claims); i++ { // any sentence of the paragraph before it
					if strings.Contains(p.soul.Claims[i].Text, "`"+m[1]+"`") {
						p.soul.Claims[i].emptySubject = m[1]
					}
				}
			}
		}
		n := len(p.soul.Claims)
		p.addClaim(KindSentence, s.text, line, line+strings.Count(s.text, "\n"))
		last = -1
		if len(p.soul.Claims) > n {
			last = n
			p.soul.Claims[n].milestone = milestone
		}
	}
}

// exampleLabel opens a paragraph with an example's label alone: "Example:", "**Example —**", "> For example:".
var exampleLabel = mustGate(`(?i)^[\s>*_]*(?:for\s+)?example[*_]*\s*[:—–]`)

// markSiblings gives the paragraph's claims (from first on) the directories the paragraph names one level
// up, checkouts beside this one: "point OpenPCB at a sibling `../shared/` checkout … . See
// `shared/DEVELOPING.md` for the full workflow." says it in two sentences (the ninetieth holdout's
// OpenPCB, whose packages live in their own repository). extract marks a path under one Foreign.
func (p *parser) markSiblings(raw string, first int) {
	var tops []string
	for _, m := range siblingDir.FindAllStringSubmatch(raw, -1) {
		tops = append(tops, m[1])
	}
	for i := first; i < len(p.soul.Claims); i++ {
		p.soul.Claims[i].siblings = tops
	}
}

// siblingDir is a directory named one level up: "../shared/", "`../shared`".
var siblingDir = mustGate("(?:^|[\\s`(\\[])\\.\\./([\\w.@-]+)(?:/|`)")

// milestoneLabel is the bold label a paragraph of a status log opens with, saying a step is finished:
// "**E-1 (Shared UI Components) complete** — 16 reusable components built with tests (96 tests, 21
// suites)." (the sixty-second holdout's UXWallet, whose E-3 paragraph counts 41 suites).
var milestoneLabel = mustGate(`^\*\*([^*\n]{1,80}?\b(?:complete[d]?|done|finished|shipped|landed|delivered)\b[^*\n]{0,20}|[^*\n]{1,80}?✅[^*\n]{0,20})\*\*`)

// milestoneOf is the milestone label a paragraph opens with, lower-cased; "" when it opens with none.
func milestoneOf(raw string) string {
	m := milestoneLabel.FindStringSubmatch(strings.TrimSpace(raw))
	if m == nil {
		return ""
	}
	return strings.ToLower(strings.TrimSpace(m[1]))
}

// list reads a list's items, then marks them by what its lead-in (the paragraph before it) or its
// section says the list is.
func (p *parser) list(l *ast.List, depth int) {
	from := len(p.soul.Claims)
	p.listItems(l, depth+1)
	mark := func(set func(c *Claim)) { p.markFrom(from, set) }
	if p.installLeadIn(l) {
		mark(func(c *Claim) { c.Installed = true })
	}
	if p.branchLeadIn(l) || p.branchSection() {
		p.markBranchList(from)
	}
	lead := p.leadIn(l)
	if home, ok := homePlace(lead); ok {
		p.markHome(from, home)
	}
	if from > 0 && from < len(p.soul.Claims) && spanLabel.MatchString(lead) && removedNote.MatchString(p.soul.Claims[from].Text) &&
		strings.Contains(p.soul.Claims[from-1].Text, strings.Trim(lead, "*_ ")) {
		// "**`functions/services/agentLogger.js`**" over "- Deleted. Zero imports across all files." (the
		// ninety-ninth holdout's pathsynch-pitch-generator, a log of each file a session touched): the
		// label names what its first item says is gone
		p.soul.Claims[from-1].emptied = true
	}
	if names := sampleNames(lead); len(names) > 0 {
		mark(func(c *Claim) { c.samples = names })
	}
	if m := ifExistsLeadIn.FindStringSubmatch(lead); m != nil {
		place := strings.TrimSuffix(strings.TrimPrefix(m[1], "./"), "/")
		mark(func(c *Claim) { c.ifExists = place })
	}
	if removalLead.MatchString(lead) || archivedAwayLead.MatchString(lead) || formerPlaceLead.MatchString(lead) || awayRepoLead.MatchString(lead) || p.sectionHeading(removedHeading) {
		mark(func(c *Claim) { c.emptied = true })
	}
	if forbidAddLeadIn.MatchString(lead) || lead == "" && headingRightBefore(l) && p.sectionHeading(forbidAddLeadIn) {
		mark(func(c *Claim) { c.forbidden = true })
	} else if forbidLeadIn.MatchString(lead) {
		mark(func(c *Claim) { c.forbidden = makeItem.MatchString(c.Text) })
	}
	if badSamplesLeadIn.MatchString(lead) {
		// "**❌ Bad**:" over "- `internal/utils/`: Dumping ground for everything" (the hundred-and-forty-
		// fourth holdout's sortTF, beside "**✅ Good**:" over its real packages): an item that opens with
		// its sample shows a place not to make; one that goes on in prose may name a real file
		mark(func(c *Claim) { c.forbidden = c.forbidden || sampleFirst.MatchString(c.Text) })
	}
	if plannedLeadIn.MatchString(lead) {
		mark(func(c *Claim) { c.planned = true })
	}
	p.markPlannedSection(from)
	if exts := extensionSpans(lead); len(exts) > 0 {
		mark(func(c *Claim) { c.leadExts = exts })
	}
	if m := placeLeadIn.FindStringSubmatch(lead); m != nil {
		mark(func(c *Claim) { c.listDirs = append(slices.Clip(c.listDirs), path.Clean(m[1])) })
	}
	if (exampleLeadIn.MatchString(lead) || samplesLeadIn.MatchString(lead)) && (namingRule.MatchString(lead) || p.sectionHeading(namingRule)) ||
		caseStyleLead.MatchString(lead) && p.sectionHeading(namingRule) {
		// "## File Naming" over "Use kebab-case names that describe the feature or change:" over "-
		// `scenario-config-builder.md`" (the two-hundred-and-second holdout's SimCash, whose requests
		// folder keeps none of them): a case style's samples
		mark(func(c *Claim) { c.styleSample = true })
	} else if namingRule.MatchString(lead) || p.sectionHeading(namingRule) {
		// "**File naming**: E2E test files should NOT use the `_test.go` suffix" over "✅ Good:
		// `cluster_create.go`, `admin_api.go`" (the eighty-ninth holdout's ARO-HCP): an item that opens
		// with its verdict lists samples of the rule above it
		mark(func(c *Claim) { c.styleSample = c.styleSample || samplesItem.MatchString(c.Text) })
	}
	// "- Nama file: `site.ts`, `env.ts`, `nav.ts`" (file names: the hundred-and-fiftieth holdout's
	// nextjs-starterkit, a convention in each folder's AGENTS.md): an item that is a naming label and
	// its names alone shows the names a folder's files take
	mark(func(c *Claim) { c.styleSample = c.styleSample || namesItem.MatchString(c.Text) })
	// "**Recommended folder structure**:" over "- `projects/` - Project-specific documentation" (the
	// hundred-and-fifty-sixth holdout's basic-memory: the folders a user's knowledge base should have) is
	// the layout to aim for, as it is over a tree; "Recommended folder layout (existing content relocated
	// here):" (the hundred-and-fifty-third's ng-gighub) says the content is there already
	if futureLeadIn.MatchString(lead) || populateLeadIn.MatchString(lead) {
		mark(func(c *Claim) { c.future = true })
	} else if (adviceLead.MatchString(lead) || prescribedLead.MatchString(lead)) && !presentWording.MatchString(lead) {
		mark(func(c *Claim) { c.advised = true })
	}
	if routesHeading.MatchString(lead) || p.sectionHeading(routesHeading) {
		mark(func(c *Claim) { c.routes = true })
	}
	if p.labelList(lead) {
		mark(func(c *Claim) { c.labels = true })
	}
	if excludeLeadIn.MatchString(lead) || p.sectionHeading(ignoreHeading) {
		mark(func(c *Claim) { c.excludes = true })
	}
	if untrackedLeadIn.MatchString(lead) {
		mark(func(c *Claim) { c.untracked = true })
	}
	if p.placeholderItem(l) {
		// "- **Background Jobs**: Redis queue, see `src/workers/`" above "- **[Other integrations]**", or
		// "- `src/services/userService.js` - Add new user fields" above "- [etc...]" (a document template
		// kept in an AGENTS.md, the eightieth holdout's RAGLite): a list left for its reader to fill
		// shows the shape of its entries, and asserts no place; one history removed stays drift
		mark(func(c *Claim) { c.planned = true })
	}
}

// placeholderItem reports a list one of whose items is a bracketed slot to fill: "[etc...]",
// "**[Other integrations]**", "[Add more as needed]".
func (p *parser) placeholderItem(l *ast.List) bool {
	for it := l.FirstChild(); it != nil; it = it.NextSibling() {
		if c := it.FirstChild(); c != nil && c.NextSibling() == nil {
			switch c.(type) {
			case *ast.Paragraph, *ast.TextBlock:
				if placeholderSlot.MatchString(strings.TrimSpace(p.rawLines(c))) {
					return true
				}
			}
		}
	}
	return false
}

// placeholderSlot is a list item that is only a bracketed slot for more entries.
var placeholderSlot = mustGate(`(?i)^\**\[(?:etc\.*|\.\.\.|…|(?:other|more|add|additional|your|further)\b[^\]\n]{0,40})\]\**\.?$`)

// listItem reads one item and its nested lists, and returns the index of the item's own claim (-1
// when its text made none).
func (p *parser) listItem(it ast.Node, depth int) (claim int) {
	claim = -1
	if depth > maxDepth {
		p.soul.Truncated = true
		return claim
	}
	var own []ast.Node
	var nested []ast.Node
	for c := it.FirstChild(); c != nil; c = c.NextSibling() {
		if _, isList := c.(*ast.List); isList {
			nested = append(nested, c)
			continue
		}
		own = append(own, c)
	}
	var parts []string
	start, end := 0, 0
	for _, c := range own {
		switch c.(type) {
		case *ast.Paragraph, *ast.TextBlock:
			s, e, ok := p.span(c)
			if !ok {
				continue
			}
			if start == 0 {
				start = s
			}
			end = e
			parts = append(parts, p.rawLines(c))
		case *ast.FencedCodeBlock:
			p.fence(c.(*ast.FencedCodeBlock))
		case *ast.HTMLBlock:
			p.html(c.(*ast.HTMLBlock))
		default:
			p.block(c, depth+1)
		}
	}
	if start > 0 {
		n := len(p.soul.Claims)
		p.addClaim(KindListItem, strings.Join(parts, "\n"), start, end)
		if len(p.soul.Claims) > n {
			claim = n
			if l, ok := it.Parent().(*ast.List); ok {
				p.soul.Claims[n].numbered = l.IsOrdered()
			}
		}
	}
	outer, outerBranch := p.listDirs, p.branchList
	lead := "" // only an item with items under it leads them
	if len(nested) > 0 {
		lead = strings.Join(parts, " ")
		if m := folderItem.FindStringSubmatch(lead); m != nil {
			p.listDirs = inFolder(outer, m[1])
		}
		if branchItemLead.MatchString(lead) {
			p.branchList = true
		}
	}
	from := len(p.soul.Claims)
	for _, l := range nested {
		p.listItems(l, depth+1)
	}
	if exts := extensionSpans(lead); len(exts) > 0 {
		// "- Existing scripts (use `.sh` on Linux/macOS, `.ps1` on Windows):" over "  - `scripts/setup-env`"
		// (the two-hundred-and-thirtieth holdout's workshop-5): the extensions the nested names leave off
		p.markFrom(from, func(c *Claim) { c.leadExts = exts })
	}
	if lead != "" && namingRule.MatchString(lead) {
		// "- Use lowercase words separated by hyphens, for example:" over "  - `button-page.tsx`" and
		// "- Test-file suffixes follow each package's ecosystem convention:" over "  - `shared/` and
		// `server/` use `*.test.ts`" (the hundred-and-ninety-seventh holdout's ant-design-solid and
		// application): the nested items of a rule closed by a colon show its names. Under any naming rule,
		// items that open with a verdict do: "1. **Vue 组件文件**（`.vue`）：统一 **PascalCase**" over "   - ✅
		// `KnowledgeGraph.vue`, `NodeWindow.vue`" (the two-hundred-and-thirty-third holdout's Asterism,
		// whose components a refactor renamed)
		all := strings.HasSuffix(strings.TrimRight(lead, "*_ "), ":")
		p.markFrom(from, func(c *Claim) { c.styleSample = c.styleSample || all || verdictItem.MatchString(c.Text) })
	}
	if lead != "" && (removalLead.MatchString(lead) || archivedAwayLead.MatchString(lead) || formerPlaceLead.MatchString(lead)) {
		// "- The old root-level classic JS files were deleted:" over "  - `js/levels.js`" (the
		// hundred-and-ninety-fourth holdout's ravlykonline): the item says its nested list is gone
		for i := from; i < len(p.soul.Claims); i++ {
			p.soul.Claims[i].emptied = true
		}
	}
	if m := repoItemLead.FindStringSubmatch(lead); m != nil {
		// "- `bbclaw-reference` — private repo (gitignored in main repo at `references/bbclaw-reference/`):"
		// over "  - `cloud/` — cloud backend (Go)" (the hundred-and-ninety-ninth holdout's bbclaw, whose
		// sibling item "- `daboluocc/bbclaw` — main public repo:" lists this tree): the item names the
		// repository its nested list describes
		for i := from; i < len(p.soul.Claims); i++ {
			if p.soul.Claims[i].repoItem == "" {
				p.soul.Claims[i].repoItem = m[1]
			}
		}
	}
	if home, ok := homePlace(lead); ok {
		// "- Configuration stored in `~/.config/my-unicorn/`:" over "  - `cache/releases/` - Cache files"
		// (the two-hundred-and-seventh holdout's my-unicorn): the item places its nested list in the
		// user's home, not in the repository
		p.markHome(from, home)
	}
	if lead != "" && forbidAddLeadIn.MatchString(lead) {
		// "- 禁止读取：" over "  - `CQUPT_Raft_AI_Context.md`" (must not read: the hundred-and-sixty-eighth
		// holdout's CQUPT_Raft): an item leads its nested list as a paragraph leads a list
		for i := from; i < len(p.soul.Claims); i++ {
			p.soul.Claims[i].forbidden = true
		}
	}
	if id := entryOf(strings.Join(parts, " ")); id != "" {
		// "- **R509 (Phase 3.2, 2026-05) — `transaction sign` ported.**" over its sub-items, each round
		// counting "N operational subcommands" as it left them (the eightieth holdout's Cardano-node,
		// eight rows of one log): an entry's counts are its own, as a milestone paragraph's are
		for i := from; i < len(p.soul.Claims); i++ {
			if p.soul.Claims[i].milestone == "" {
				p.soul.Claims[i].milestone = id
			}
		}
		if claim >= 0 && p.soul.Claims[claim].milestone == "" {
			p.soul.Claims[claim].milestone = id
		}
	}
	p.listDirs, p.branchList = outer, outerBranch
	return claim
}

// samplesMarks are the marks a verdict is drawn with.
const samplesMarks = `✅|❌|✔️?|✗|👍|👎`

// samplesLeadIn is a paragraph that opens a list of examples by their verdict: "Good:", "Bad:", "✅ Do:",
// "❌ Avoid:", "Good examples:". Under a naming rule (the eighty-fifth holdout's RalphX, "## Naming and
// Module Rules": "Good:" over `merge_validation.rs`, `useVerificationEvents.ts`, "Bad:" over `utils.rs`)
// the names show the rule's style, as exampleLeadIn's do. samplesItem is a list item that opens with
// the same verdict and goes on with its samples.
var (
	samplesLeadIn = mustGate(samplesVerdict + `$`)
	samplesItem   = mustGate(samplesVerdict + "`")
	// verdictItem is an item that opens with a verdict's mark alone, then a name: "✅ `Graph.vue`".
	verdictItem = mustGate("^[*_\\s]*(?:" + samplesMarks + ")[*_\\s]*(?:[:：][*_\\s]*)?`")
)

// namesItem is a list item of a naming label and nothing but names: "File names: `a.ts`, `b.ts`".
var namesItem = mustGate("(?i)^[*_\\s]*(?:file\\s*names?|file\\s+naming|naming|nama\\s+(?:file|berkas)|nombres?\\s+de\\s+archivos?|nomes?\\s+de\\s+arquivos?|dateinamen|文件名|ファイル名)[*_\\s]*[:：]\\s*(?:`[^`\\n]+`\\s*(?:,|、|/|\\bor\\b|\\band\\b)?\\s*)+$")

// badSamplesLeadIn is a samplesLeadIn whose verdict is against its samples: "**❌ Bad**:", "Avoid:",
// "Wrong examples:". sampleFirst is an item that is its sample, then at most a label for it.
var (
	badSamplesLeadIn = mustGate(`(?i)^[*_\s]*(?:(?:❌|✗|👎|🚫)\s*)?(?:bad|avoid|don['’]t|wrong|incorrect|anti-?patterns?)(?:\s+(?:examples?|names?|naming|patterns?|layouts?|structures?))?[*_\s]*:[*_\s]*$`)
	sampleFirst      = mustGate("^\\s*`[^`\n]+`\\s*(?:[:：—–]|\\s-\\s|$)")
)

// samplesVerdict is the verdict a list of samples, or an item of one, opens with.
const samplesVerdict = `(?i)^[*_\s]*(?:(?:` + samplesMarks + `)\s*)?(?:good|bad|do|don['’]t|avoid|prefer|correct|incorrect|wrong|right)(?:\s+(?:examples?|names?|naming|patterns?))?[*_\s]*:[*_\s]*`

// entryLabel opens a log entry with its identifier: "**R509 (Phase 3.2, 2026-05) — … ported.**",
// "Shipped R580: `show_conway_tx_for_dump` now renders …".
var entryLabel = mustGate(`^(?:\*\*)?(?:(?i:shipped|landed|done|merged)\s+)?([A-Z]{1,2}-?\d{2,5})\b[^*]{0,200}?(?:\*\*|:)`)

// entryOf is the identifier a log entry's text opens with, lower-cased; "" when it opens with none.
func entryOf(text string) string {
	m := entryLabel.FindStringSubmatch(strings.TrimSpace(text))
	if m == nil {
		return ""
	}
	return "entry " + strings.ToLower(m[1])
}

// repoItemLead is a list item that opens with a repository's name and calls it a repository: "`bbclaw-reference`
// — private repo (…):", "**acme/infra** (separate repository):".
var repoItemLead = mustGate("(?i)^[*_\\s]*`?([\\w.-]+(?:/[\\w.-]+)?)`?[*_]*\\s*(?:[—–:]|\\s-\\s|\\()\\s*(?:an?\\s+|the\\s+|our\\s+|its\\s+own\\s+)?(?:(?:private|public|separate|sibling|internal|companion|upstream|closed(?:-source)?|main|other|reference|standalone|external)\\s+)*(?:git(?:hub)?\\s+)?(?:repo|repository)(?:\\s*[()\\[:,.;—–]|\\s+-|\\s*$)")

// homeLead is a lead-in, or a list item over a nested list, that ends naming a place under the home
// directory: "Configuration stored in `~/.config/my-unicorn/`:", "Files in `$HOME/.app/`:", "(paths relative to
// the cloned\n`~/.opencues/forks/gemini-cli/` tree — they are NOT files in the OpenCues repo):" (the
// two-hundred-and-forty-sixth holdout's opencues, the files its fork patches). A short code span may stand
// between: "All runtime data lives in `~/.agora/` (or `$AGORA_HOME`):" (the two-hundred-and-forty-eighth's
// agora).
var homeLead = mustGate("(?i)`((?:~|\\$\\{?HOME\\}?|%(?:APPDATA|LOCALAPPDATA|USERPROFILE)%)[/\\\\][^`\\n]*)`[^`\\n]{0,60}(?:`[^`\\n]{1,30}`[^`\\n]{0,30})?[:：][*_\\s]*$")

// homePlace is the home place a lead-in ends naming (homeLead); most lead-ins name none, and are spared
// the regexp.
func homePlace(lead string) (string, bool) {
	if !strings.Contains(lead, "`~") && !strings.Contains(lead, "`$") && !strings.Contains(lead, "`%") {
		return "", false
	}
	m := homeLead.FindStringSubmatch(lead)
	if m == nil {
		return "", false
	}
	return m[1], true
}

// markHome places the paths of the claims from index from on under home, unless an inner list placed
// them already.
func (p *parser) markHome(from int, home string) {
	for i := from; i < len(p.soul.Claims); i++ {
		if p.soul.Claims[i].homeItem == "" {
			p.soul.Claims[i].homeItem = home
		}
	}
}

// caseStyleLead is a lead-in that names a case style for what it lists: "Use kebab-case names that
// describe the feature or change:".
var caseStyleLead = mustGate(`(?i)\b(?:pascal|camel|kebab|snake|lower|upper)[ _-]?case\b[^.!?\n]{0,80}[:：]\s*\**$`)

// branchItemLead is a list item that introduces the branch names of its nested list: "Branch Naming
// Logic: … the following mapping:", "Branch prefixes:", "Name branches by type:" (branchLead is the
// same for a paragraph before a list).
var branchItemLead = mustGate(`(?i)\bbranch(?:es)?\b[^.]{0,80}\b(?:nam(?:e|es|ed|ing)|prefix(?:es)?|conventions?|types?|mapping)\b|\b(?:nam(?:e|es|ing)|prefix(?:es)?)\b[^.]{0,40}\bbranch`)

// listItems reads a list's items in order. An item that sends the reader into a folder ("1. Open the
// `backend` folder", pocket-id's CONTRIBUTING.md, the forty-second holdout) places the items after it
// in that folder, as a folder item places its children: "3. Start the backend with `go run ./cmd`" runs
// backend/cmd.
func (p *parser) listItems(l ast.Node, depth int) {
	outer := p.listDirs
	var items []int
	appData := false
	for it := l.FirstChild(); it != nil; it = it.NextSibling() {
		own := p.listItem(it, depth)
		if own < 0 {
			continue
		}
		items = append(items, own)
		// "### Storage" over "- JSON files in app data directory" and "- Config: `config.json`" (the
		// sixty-first holdout's shard-den): an item that names the app's per-user data directory and
		// no path of its own places the files its later siblings name there
		c := &p.soul.Claims[own]
		c.Installed = c.Installed || appData
		appData = appData || len(c.Anchors) == 0 && appDataPlace.MatchString(c.Text)
		if m := enterFolder.FindStringSubmatch(p.soul.Claims[own].Text); m != nil {
			p.listDirs = inFolder(outer, m[1])
		}
	}
	p.listDirs = outer
	markLayoutRows(p.soul.Claims, items)
}

// inFolder is the folders outer names with dir, read inside the innermost of them, added: a new slice,
// so the enclosing list's folders stay as they were.
func inFolder(outer []string, dir string) []string {
	dir = path.Clean(dir)
	if n := len(outer); n > 0 {
		dir = path.Join(outer[n-1], dir)
	}
	return append(outer[:len(outer):len(outer)], dir)
}

// layoutRow is a list item that opens with a path in a code span: "- `docs/` – Documentation website".
var layoutRow = mustGate("^\\s*(?:\\*\\*)?`([A-Za-z0-9_.][A-Za-z0-9_./-]*)`")

// markLayoutRows gives each row of a list of layout rows the names all its rows open with, so a bare
// name is read where its siblings are (layoutPlace in judge.go). Three rows at least make a layout. Only
// the list's own items are its rows (items, their claims' indices): a nested list is a layout of its
// own, read from its parent row's place. The rows share one slice of names.
func markLayoutRows(claims []Claim, items []int) {
	var rows []int
	var names []string
	for _, i := range items {
		if claims[i].Kind != KindListItem || !opensWithSpan(claims[i].Text) {
			continue
		}
		if m := layoutRow.FindStringSubmatch(claims[i].Text); m != nil {
			rows = append(rows, i)
			names = append(names, m[1])
		}
	}
	if len(rows) < 3 {
		return
	}
	for k, i := range rows {
		claims[i].layoutName, claims[i].layoutRows = names[k], names
	}
}

// opensWithSpan is layoutRow's cheap gate: the text opens with a code span, perhaps in bold.
func opensWithSpan(t string) bool {
	t = strings.TrimLeft(t, " \t")
	t = strings.TrimPrefix(t, "**")
	return t != "" && t[0] == '`'
}

// enterFolder is a step that sends the reader into a folder of the repository: "Open the `backend`
// folder", "Navigate to the `web/` directory", "cd into `api`", "Go to `frontend`".
var enterFolder = mustGate("(?i)^(?:\\d+[.)]\\s*)?(?:open|go\\s+to|navigate\\s+to|navigate\\s+into|change\\s+(?:in)?to|cd\\s+(?:in)?to|switch\\s+to|move\\s+into|enter)\\s+(?:the\\s+)?`(?:cd\\s+)?([A-Za-z0-9_][A-Za-z0-9_./-]*)`\\s*(?:folder|directory|dir)?\\s*[.:]?\\s*$")

// folderItem is a list item that is only a folder's name, bare, in a code span or in bold ("- src",
// "- `pkg/`", "- **web/**:"): the items nested under it speak from inside that folder.
var folderItem = mustGate("^\\s*(?:\\*\\*|`)?(?:\\./)?([A-Za-z0-9_][A-Za-z0-9_.-]*(?:/[A-Za-z0-9_][A-Za-z0-9_.-]*)*)/?(?:\\*\\*|`)?:?\\s*$")

func (p *parser) table(t *east.Table) {
	removed := p.sectionHeading(removedHeading)
	cites, first, place, names, away, prefixes, former, patterns, shun := false, 0, 0, uint64(0), uint64(0), uint64(0), uint64(0), uint64(0), uint64(0)
	pinned, written, good := false, false, uint64(0)
	for r := t.FirstChild(); r != nil; r = r.NextSibling() {
		row, ok := r.(*east.TableRow)
		if !ok {
			// the header row names columns; it asserts nothing, but a column of sources marks the rows,
			// and so does a column of places
			col := 0
			for c := r.FirstChild(); c != nil; c = c.NextSibling() {
				col++
				head := strings.TrimSpace(p.rawLines(c))
				cites = cites || citeHeader.MatchString(head)
				pinned = pinned || pinnedHeader.MatchString(head)
				written = written || writtenHeader.MatchString(head)
				if place == 0 && placeHeader.MatchString(head) {
					place = col
				}
				if col < 64 && (nameHeader.MatchString(head) && !placeWord.MatchString(head) || examplesHeader.MatchString(head)) {
					names |= 1 << col
				}
				if col < 64 && awayHeader.MatchString(head) {
					away |= 1 << col
				}
				if col < 64 && (formerHeader.MatchString(head) || formerHeaderCJK.MatchString(head)) {
					former |= 1 << col
				}
				if col < 64 && shunHeader.MatchString(head) {
					shun |= 1 << col
				}
				if col < 64 && goodHeader.MatchString(head) {
					good |= 1 << col
				}
				if col < 64 && patternHeader.MatchString(head) {
					patterns |= 1 << col
				}
				if col < 64 && prefixHeader.MatchString(head) {
					prefixes |= 1 << col
				}
			}
			if good != 0 && shun != 0 && p.sectionHeading(namingRule) {
				// "## Naming Conventions" over "| Good | Bad |" and "| `user_repository.ts` | `userRepo.ts` |"
				// (the two-hundred-and-twenty-eighth holdout's hotelmind): both columns show how names
				// are written
				names |= good
			}
			continue
		}
		var cells []string
		for c := row.FirstChild(); c != nil; c = c.NextSibling() {
			cells = append(cells, strings.TrimSpace(p.rawLines(c)))
		}
		line := p.lineOf(row.Pos())
		if first == 0 {
			first = line
		}
		n := len(p.soul.Claims)
		p.addClaim(KindTableRow, "| "+strings.Join(cells, " | ")+" |", line, line)
		if len(p.soul.Claims) > n {
			c := &p.soul.Claims[n]
			c.cites = cites
			c.pinnedTable = pinned
			c.writtenTable = written
			c.table = first
			c.placeColumn = place
			c.nameColumns = names
			if prefixes != 0 && slices.ContainsFunc(cells, trunkCell.MatchString) {
				c.nameColumns |= prefixes
			}
			c.awayColumns = away
			c.formerColumns = former
			c.patternColumns = patterns
			c.shunColumns = shun
			c.emptied = c.emptied || removed
			if len(cells) > 0 {
				c.rowLabel = strings.ToLower(cells[0])
				if m := forgeLinkCell.FindStringSubmatch(cells[0]); m != nil && c.RunIn == "" {
					// "| [meshtastic-mcp](https://github.com/meshtastic/meshtastic-mcp) | … harness
					// (`unit/`, `mesh/`, …) |": the row describes the linked repository's tree
					c.RunIn = m[1]
				}
			}
		}
	}
}

func (p *parser) fence(f *ast.FencedCodeBlock) {
	lang := ""
	if f.Info != nil {
		lang = strings.ToLower(strings.Fields(string(f.Info.Segment.Value(p.src)) + " ")[0])
	}
	if !shellLanguages[lang] && !treeLanguages[lang] {
		return // an illustration in another language asserts nothing checkable
	}
	if f.Lines().Len() == 0 {
		return
	}
	start := p.lineOf(f.Lines().At(0).Start)
	end := p.lineOf(f.Lines().At(f.Lines().Len() - 1).Start)
	var buf strings.Builder
	for i := 0; i < f.Lines().Len(); i++ {
		seg := f.Lines().At(i)
		buf.Write(seg.Value(p.src))
	}
	body := buf.String()
	if strings.TrimSpace(body) == "" {
		return
	}
	if isTree(body) {
		p.addClaim(KindTree, body, start, end)
		if n := len(p.soul.Claims); n > 0 && p.soul.Claims[n-1].StartLine == start && p.soul.Claims[n-1].Kind == KindTree {
			p.soul.Claims[n-1].Anchors = treeAnchors(body, start)
		}
		return
	}
	if as := indentTreeAnchors(body, lang, start); as != nil {
		p.addClaim(KindTree, body, start, end)
		if n := len(p.soul.Claims); n > 0 && p.soul.Claims[n-1].StartLine == start && p.soul.Claims[n-1].Kind == KindTree {
			p.soul.Claims[n-1].Anchors = as
		}
		return
	}
	if !shellLanguages[lang] {
		return
	}
	if p.outputLeadIn(f) {
		return // a transcript of what the reader may see, not commands to run
	}
	kind := KindCommands
	if lang == "" {
		kind = kindLooseCommands
		anyCommand := false
		for _, l := range strings.Split(body, "\n") {
			anyCommand = anyCommand || looksLikeCommand(l)
		}
		if !anyCommand {
			return
		}
	}
	p.addClaim(kind, body, start, end)
	if n := len(p.soul.Claims); n > 0 && p.soul.Claims[n-1].StartLine == start {
		c := &p.soul.Claims[n-1]
		if in := p.leadInRepo(f); in != "" {
			c.RunIn = in
		}
		if c.RunIn == "" {
			if c.RunIn = cdElsewhere(body); c.RunIn != "" {
				p.elsewhere, p.elsewhereSection = c.RunIn, p.current()
			} else if p.elsewhere != "" && p.elsewhereSection == p.current() && !cdHome.MatchString(body) {
				c.RunIn = p.elsewhere
			}
		}
	}
}

// cdElsewhere reads a command block that starts by changing into another checkout: a sibling ("cd
// ../omarchy-iso", the nineteenth holdout's omarchy, whose ISO harness lives in its own repository) or
// one the block has just cloned ("git clone https://…/neomutt-test-files test-files" then "cd
// test-files", the eighteenth's neomutt). The commands after it name that checkout's files.
func cdElsewhere(body string) string {
	var cmds []string
	for _, l := range strings.Split(body, "\n") {
		l = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(l), "$ "))
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		for _, part := range strings.FieldsFunc(strings.ReplaceAll(l, "&&", ";"), func(r rune) bool { return r == ';' }) {
			if part = strings.TrimSpace(part); part != "" {
				cmds = append(cmds, part)
			}
		}
		if len(cmds) >= 2 {
			break
		}
	}
	if len(cmds) == 0 {
		return ""
	}
	if m := cdSibling.FindStringSubmatch(cmds[0]); m != nil {
		return m[1]
	}
	for _, c := range cmds[:min(2, len(cmds))] {
		if m := cdAbsolute.FindStringSubmatch(c); m != nil {
			// "mkdir -p /tmp/test-project/src && cd /tmp/test-project" (the twenty-fourth holdout's
			// ast-grep): a scratch directory outside the repository
			return m[1]
		}
	}
	if len(cmds) < 2 {
		return ""
	}
	dir := cloneDir(cmds[0])
	if dir == "" {
		return ""
	}
	if c := cdInto.FindStringSubmatch(cmds[1]); c != nil && strings.TrimSuffix(c[1], "/") == dir {
		return dir
	}
	return ""
}

// cdHome is a command line that changes back ("cd ..", "cd -", "cd ../<this repository>"): the block
// no longer runs where an earlier one went.
var cdHome = mustGate(`(?m)^\s*(?:\$\s+)?cd(?:\s+(?:\.\.|-|\.\./[\w.-]+)/?)?\s*$`)

var (
	cdAbsolute = mustGate(`^cd\s+((?:/|~/|\$\{?(?:TMPDIR|HOME)\}?/)[\w./${}-]+)$`)
	cdSibling  = mustGate(`^cd\s+\.\./([\w.-]+)/?$`)
	cloneInto  = mustGate(`^git\s+clone\s+(?:-\S+\s+)*(\S+)(?:\s+([\w.-]+))?$`)
	cdInto     = mustGate(`^cd\s+(?:\./)?([\w.-]+/?)$`)
)

// installLeadIn reports a list whose lead-in places its paths beside the installed program ("in the
// following paths relative to the `ollama` executable:"), names them as where it searches when it
// runs ("looks for … in installed and local development layouts:"), or as what a step makes or git
// never holds (madeLeadIn).
func (p *parser) installLeadIn(l *ast.List) bool {
	lead := p.leadIn(l)
	return lead != "" && (installLeadIn.MatchString(lead) || searchLeadIn.MatchString(lead) || madeLeadIn.MatchString(lead))
}

// branchLeadIn reports a list whose lead-in names its items as branches: "Branch naming
// conventions:" over "- `feature/` - New features" (the thirty-third holdout's any-agent).
// branchSection reports a section headed as one on branch names ("Branch naming", "Branches",
// "Branching model"): github/spec-kit's table of `feat/`, `fix/` and `chore/` prefixes under "Branch
// naming" (the thirty-ninth holdout) names branches, not directories.
func (p *parser) branchSection() bool { return p.sectionHeading(branchHeading) }

// sectionHeading reports whether the heading of the section being read matches re.
func (p *parser) sectionHeading(re *literalGated) bool {
	i := p.current()
	return i >= 0 && i < len(p.soul.Sections) && re.MatchString(p.soul.Sections[i].Heading)
}

// labelHeading is a section heading about issue labels, and labelLead a lead-in calling what follows
// label groups: "## Label Strategy" over "Key label groups:" over "- `type/` — epic, feature, story" (the
// two-hundred-and-twenty-sixth holdout's solo-dev-board, whose GitHub labels read `type/bug`).
var (
	labelHeading = mustGate(`(?i)^[\W_]*(?:(?:github|issue|pr|pull\s+request)\s+)?label(?:s|ing|ling)?(?:\s+(?:strategy|taxonomy|groups?|conventions?|scheme|system|prefix(?:es)?))?[\W_]*$`)
	labelLead    = mustGate(`(?i)\blabel(?:s|\s+(?:groups?|prefix(?:es)?|categories|families|namespaces|scopes))\b[^.!?:]{0,60}:[*_]*$`)
)

// labelList reports a list or table whose section or lead-in names its items as issue labels.
func (p *parser) labelList(lead string) bool {
	return labelLead.MatchString(lead) || p.sectionHeading(labelHeading)
}

// routesHeading is a heading or a list's lead-in that calls what follows URLs: "### URLs" over "-
// `_export_preview/` - Export preview page" (the hundred-and-forty-ninth holdout's arxii, 24 items of a
// Django admin's urls.py), "Routes:", "API endpoints", "URL patterns".
var routesHeading = mustGate(`(?i)^[\W_]*(?:(?:admin|api|http|web|page|view)\s+)?(?:urls?|routes?|endpoints?|url\s*(?:patterns?|routes?|conf))[\W_]*$`)

// markPlannedSection marks the claims from index from on (a list's, a table's, a tree's) as planned when
// their section's heading, or an enclosing one, calls its layout proposed or expected: "# Phase 7a —
// Onboarding Flows (Frontend Work Required)" over "## 6. Summary of New Pages / Components" (the
// two-hundred-and-first holdout's iwalu-erp).
func (p *parser) markPlannedSection(from int) {
	if p.underHeading(policyHeading) {
		for i := from; i < len(p.soul.Claims); i++ {
			p.soul.Claims[i].policy = true
		}
	}
	if store := p.pagesStore(); store != "" {
		p.markFrom(from, func(c *Claim) { c.pagesOf = store })
	}
	if !p.underHeading(plannedHeading) && !p.sectionHeading(plannedWholeHeading) && !p.underHeading(changePlanHeading) {
		return
	}
	for i := from; i < len(p.soul.Claims); i++ {
		p.soul.Claims[i].planned = true
	}
}

// policyHeading is a heading over rules of who may change which paths: "### Protected Files (Requires Human
// Approval)" over "| `.github/workflows/` | CI/CD | DevOps |" in a repository with no CI yet (the
// two-hundred-and-ninth holdout's ADQ-protocolo), "## File Ownership", "Do not modify".
var policyHeading = mustGate(`(?i)\b(?:protected\s+(?:files?|paths?|areas?|directories)|file\s+ownership|code\s*owners|ownership\s+rules|modification\s+rules|(?:requires?|needs?)\s+(?:human\s+)?approval|read-?only\s+(?:files?|paths?)|do\s+not\s+(?:modify|edit|touch)|off-?limits)\b`)

// presentWording says a lead-in's layout is the one there now: "(existing content relocated here)".
var presentWording = mustGate(`(?i)\b(?:existing|relocated|moved\s+(?:here|there|in)|current(?:ly)?|already|as\s+it\s+(?:is|stands))\b`)

// underHeading reports whether the section being read, or a section enclosing it, has a heading re matches.
func (p *parser) underHeading(re *literalGated) bool {
	for i := p.current(); i >= 0 && i < len(p.soul.Sections); i = p.soul.Sections[i].Parent {
		if re.MatchString(p.soul.Sections[i].Heading) {
			return true
		}
	}
	return false
}

// pagesHeading is a heading over pages an outside knowledge store keeps: "## Always Load (Vault Pages)" over
// "| `shared/repos/horus.md` | Repo structure … |" (the two-hundred-and-thirty-fourth holdout's Horus,
// whose Vault is a service of its own), "## Notion pages", "### Wiki Pages". Its names are the store's.
var pagesHeading = mustGate(`(?i)\b(vault|notion|confluence|wiki|obsidian|knowledge[- ]base)\s+pages?\b`)

// pagesStore is the outside store the section being read, or one enclosing it, says its pages are in.
func (p *parser) pagesStore() string {
	for i := p.current(); i >= 0 && i < len(p.soul.Sections); i = p.soul.Sections[i].Parent {
		if m := pagesHeading.FindStringSubmatch(p.soul.Sections[i].Heading); m != nil {
			return m[1]
		}
	}
	return ""
}

// changePlanHeading is a heading over a plan to restructure the code: "## MODULARIZATION PLAN" over "###
// Phase 2: Extract Handlers" and its tree of handlers to extract (the hundred-and-fifty-third holdout's
// Bottus), "## Refactoring plan", "## Migration plan". A test plan or a release plan names no files to make.
var changePlanHeading = mustGate(`(?i)^[\s*_]*(?:[\w-]+\s+)?(?:modulari[sz]ation|refactor(?:ing)?|migration|restructur(?:e|ing)|split(?:ting)?|extraction|decomposition|reorgani[sz]ation)\s+plan[\s*_:]*$`)

// plannedHeading is a section heading that calls its layout proposed or expected: "## Directory Map
// (proposto)" over an app its document says is not implemented yet, "## Структура директорий
// (ожидаемая)" (expected) over an admin scaffold (the hundred-and-second holdout's Metricas and
// Neuro-Academy). Korean "## Stack C (향후)" (later) over files to come (the hundred-and-fortieth's com-chr).
// "## Key Components to Build (not yet created)" (the hundred-and-fifty-ninth's AntwanSherif) says it plainly,
// as does "### Phase 7a — Onboarding Flows (Frontend Work Required)" (the two-hundred-and-first's iwalu-erp),
// and "## 19. Recommended Project Structure (Target State)" over a backend's routes/ still to split out (the
// two-hundred-and-twentieth's sla-dashboard). Full-width parentheses count the same: "## ディレクトリ構成（予定）"
// (directory layout, planned: the two-hundred-and-thirty-fourth's todo-app).
var plannedHeading = mustGate(`(?i)[(（]\s*(?:proposed|planned|expected|target(?:\s+(?:state|layout|structure|architecture|shape))?|intended|future|to\s+be|not\s+yet\s+(?:created|built|implemented|written|added)|(?:[\w-]+\s+)?(?:work|changes|implementation)\s+(?:required|needed|pending)|tbd|proposto|propuesto|previsto|planejad[oa]|planificad[oa]|proposée?|prévue?|geplant|ожидаемая|планируемая|предлагаемая|целевая|计划|规划|予定|향후|예정|계획)\s*[)）]`)

// adviceLead ends the paragraph before a tree that calls it the layout to aim for: "Recommended
// structure:", "推荐结构：" (recommended structure) and "推荐按业务流程和能力组织：" (organize by business
// flow, as recommended) over a crate's tree of modules still to write (the hundred-and-thirtieth
// holdout's UniClipboardsss, fourteen rows in three crates' AGENTS.md), and "If a component is page-specific
// and large, consider a subdirectory:" (the hundred-and-sixty-sixth's biq-analytics).
//
// Korean "`src/main` 기준으로 아래 구조를 기본으로 삼는다." (take the structure below as the default,
// from `src/main`: the hundred-and-seventy-eighth holdout's spring-gateway-lab, a learning project whose
// later steps add the packages; the same writer's spring-batch-lab in an earlier round) and "Use the
// layout below as the default" say it without a colon.
var adviceLead = mustGate(`(?i)(?:구조를|레이아웃을|형태를)\s*기본(?:으로)?\s*(?:삼는다|삼습니다|한다|합니다)\s*[.。]?\s*$|\b(?:(?:following|below)\s+(?:structure|layout)|(?:structure|layout)\s+below)\s+as\s+(?:the|a|our)\s+default\b[^\n]{0,40}$|(?:\b(?:recommended|suggested|proposed|target|ideal|intended)\s+(?:[\w-]+\s+){0,2}?(?:structure|layout|organi[sz]ation|tree|shape)|\bconsider\s+(?:a|an|using\s+a|organi[sz]ing\s+(?:(?:it|them|these|files|docs)\s+)?into)\s+(?:[\w-]+\s+){0,2}?(?:sub-?director(?:y|ies)|sub-?folders?|director(?:y|ies)|folders?|structure|layout)|推荐(?:的)?(?:目录|模块)?(?:结构|布局)|推荐按|建议(?:的)?(?:目录|模块)?(?:结构|布局)|目标(?:目录)?结构|推奨(?:される)?(?:ディレクトリ)?構成|권장\s*(?:디렉토리\s*|디렉터리\s*)?구조)[^.!?\n]{0,60}[:：][*_]*$`)

// prescribedLead is a lead-in that gives its list as the rules a layout must keep: "La arquitectura de
// carpetas debe seguir en todo momento estos lineamientos:" (the folder layout must always follow these
// guidelines: the two-hundred-and-seventh holdout's microservicio-venta-celulares, whose `hooks/` and
// `styles/` are where such files go once there are any), "The folder structure should follow these
// conventions:". A layout word comes first, then must or should follow, then the rules.
var prescribedLead = mustGate(`(?i)\b(?:structure|layout|architecture|organi[sz]ation|folders?|director(?:y|ies)|estructura|arquitectura|carpetas|directorios|estrutura|pastas|diret[óo]rios|arborescence|dossiers)\b[^.!?:\n]{0,40}\b(?:must|should|has\s+to|have\s+to|debe[n]?|deve[m]?|doi(?:t|vent))\s+(?:[\p{L}]+\s+){0,4}?(?:follow|seguir|suivre)\s+(?:[\p{L}]+\s+){0,3}?(?:these|the\s+following|estos|estas|los\s+siguientes|las\s+siguientes|estes|os\s+seguintes|as\s+seguintes|ces|les\s+suivantes?)\s+(?:guidelines|conventions|rules|principles|lineamientos|convenciones|reglas|pautas|principios|diretrizes|conven[çc][õo]es|regras|princ[íi]pios|r[èe]gles|directives)\b[^.!?:\n]{0,20}[:：][*_\s]*$`)

// plannedWholeHeading is a heading that is itself the word for what is to come: "## Planned contents"
// over a table of notebooks/ and plots/ (the hundred-and-twenty-first holdout's newGEOPM), "### 建议新增文件"
// (suggested new files) over four modules still to write (its rag), "Files to add". Russian
// "Планируемые домены (из ТЗ)" (planned domains, from the spec: the hundred-and-thirty-first's
// nokexpert-fe) says the same, and so does "### Recommended Project Structure" over a tree of the app that would
// use a portable library (the hundred-and-seventieth's tetrastack).
// Korean "## 예정 테스트" (planned tests: the two-hundred-and-fortieth holdout's ros2-ai-amr-repo2) opens with the word.
var plannedWholeHeading = mustGate(`(?i)^[\s*_]*(?:\d+(?:\.\d+)*\.?\s+)?(?:(?:planned|proposed|suggested|future|upcoming|recommended|ideal)\s+(?:(?:project|directory|folder|repo|repository)\s+)?(?:contents?|files?|layout|structure|organi[sz]ation|modules?|directories|folders|additions?|domains?|features?|services?|packages?|components?|scripts?)|(?:files?|modules?|folders)\s+to\s+(?:add|create)|(?:планируем|предлагаем|запланированн)\p{L}*\s+\p{L}+)(?:\s*\([^)]*\))?[\s*_:]*$|^[\s*_]*(?:建议|计划|拟|待)(?:新增|添加|创建)(?:的)?(?:文件|模块|目录)?[\s*_:：]*$|^[\s*_]*(?:예정된?|계획된)\s*(?:테스트|파일|모듈|폴더|디렉터리|디렉토리|컴포넌트|화면|구조)[\s*_:：]*$`)

// formerPlaceLead ends a lead-in over where things were: "These constants replace duplicated values that
// previously existed in:" (the ninety-ninth holdout's trailblazer, over a `lib/db/users.ts` a migration
// deleted). Whether each place is still there is not what the list says.
var formerPlaceLead = mustGate(`(?i)\b(?:previously|formerly|once|used\s+to)\s+(?:(?:existed|lived|sat|were|was|be|live|exist)\s+)?(?:in|at|under|inside|across|spread\s+over)\s*[:：]\s*\**\s*$`)

// sampleNames are the names a lead-in gives as examples, each in a code span right after an example's
// opener (anchors.go's exampleMarkers and foreignExamples): "To add a new language pair (e.g. `es-tr`):",
// Turkish "Yeni bir dil çifti (ör. `es-tr`) eklemek için yapılacaklar:" (the hundredth holdout's
// learning-english, whose steps then name `src/data/catalog/es-tr/sets.json`).
func sampleNames(lead string) []string {
	if !strings.Contains(lead, "`") {
		return nil
	}
	var names []string
	for _, m := range codeSpan.FindAllStringSubmatchIndex(lead, -1) {
		name := lead[m[2]:m[3]]
		if !sampleWord.MatchString(name) {
			continue
		}
		before := strings.ToLower(lead[:m[0]])
		if end := lastExample(before); end >= 0 && strings.TrimSpace(strings.TrimLeft(before[end:], ",:")) == "" {
			names = append(names, name)
		}
	}
	return names
}

// sampleWord is a name a path can pass through: "es-tr", "acme", "v2.local".
var sampleWord = mustGate(`^[\w.@-]+$`)

// throughSample reports a path that passes through one of a lead-in's sample names: the steps under
// it spell the example out, and the place they name is made by following them (markDocumentNames).
func throughSample(p string, names []string) bool {
	for _, seg := range strings.Split(strings.Trim(p, "/"), "/") {
		if slices.Contains(names, seg) {
			return true
		}
	}
	return false
}

// spanLabel is a paragraph that is one code span, bold or not: "**`.github/workflows/deploy.yml`**".
var spanLabel = mustGate("^[*_]*`[^`\n]+`[*_]*:?$")

// removedHeading is a section heading over what was taken out: "## What Was Removed" over a table of
// `agent.py`, `workflow.py`, … (the ninety-seventh holdout's agent_ecology2, thirteen rows), and over a list:
// "## 🗑️ Scripts Obsoletos Eliminados (Issue #53)" (obsolete scripts removed: the hundred-and-sixty-fourth's
// Cuentas_SiKNess, six items of "`x.sh` → what to use instead"). The noun may come first, as Romance
// languages put it, and a parenthesis may close the heading, or what it was removed from or during:
// "## REMOVED FROM V1.X" (the hundred-and-seventy-second holdout's clay), "### Removed during Puck
// migration" (AI-PAGE-BUILDER).
var removedHeading = mustGate(`(?i)^\W*(?:what\s+(?:was|were|got|has\s+been|have\s+been)\s+(?:removed|deleted|dropped|retired)|(?:(?:scripts?|archivos|ficheros|arquivos|fichiers|módulos|modulos)\s+)?(?:(?:obsolet[oa]s|obsolètes)\s+)?(?:removed|deleted|retired|dropped|eliminad[oa]s|removid[oa]s|borrad[oa]s|supprimée?s|entfernte|gelöschte)(?:\s+(?:files?|modules?|code|features?|components?|scripts?|packages?|dateien|skripte|module))?(?:\s+(?:from|during|in|since|after|with|as\s+of)\s+[\w .#/-]{1,40}?)?|removals?)(?:\s*\([^()\n]*\))?\W*$`)

// awayRepoLead ends a lead-in over files of another repository: "원본 레포에서 다음 파일들을 참조하여 재구현:"
// (reimplement from these files of the original repository: the hundred-and-ninth holdout's
// HanaNaviLite, whose own copies of them a cleanup removed), "Files to port from the upstream repo:",
// "**Source repos** (READ-ONLY reference):" (the hundred-and-eighty-fifth's arc-explainer, the Python
// checkouts its TypeScript port came from), "Product doctrine lives in a separate repository at
// `../discrepancy-desk-docs/`:" over a table of its documents (the hundred-and-eighty-eighth's
// discrepancy-desk).
// Whether they are here is not what the list says.
var awayRepoLead = mustGate(`(?i)(?:\b(?:from|in|of)\s+(?:the\s+)?(?:original|upstream|old|source|parent|reference|legacy)\s+(?:repo|repository|project|codebase)\b|\b(?:source|reference|upstream|external|sibling)\s+repo(?:s|sitories)\b|\b(?:lives?|kept|is|are|sits?)\s+in\s+(?:a|the)\s+(?:separate|different|sibling|companion|dedicated)\s+(?:repo|repository|checkout)\b|원본\s*(?:레포|저장소|리포)|原(?:仓库|项目|代码库))(?:[^.!?\n\x60]|\x60[^\x60\n]+\x60){0,60}[:：]\s*\**\s*$`)

// ifExistsLeadIn ends a lead-in that makes its list's steps conditional on a place: "When `.ai/rules`
// exists, before planning or editing a file:" over "1. Read `.ai/rules/index.md` …" (the
// hundred-and-eighteenth holdout's laravel-fluffy-robot, a kit's boilerplate in a project that never
// made the folder).
var ifExistsLeadIn = mustGate("(?i)\\b(?:when|if|where|once)\\s+`([^`\\n]+)`\\s+(?:exists|is\\s+present|is\\s+there|has\\s+been\\s+created)\\b[^:：\\n]{0,80}[:：]\\s*\\**\\s*$")

// archivedAwayLead ends a lead-in over what was archived out of the repository: "**Detailed worksheets
// archived externally:**\n`/home/brian/…/gaps/`" (the ninety-seventh holdout's agent_ecology2, seven
// items).
var archivedAwayLead = mustGate("(?i)\\b(?:archived|moved|kept|stored)\\s+(?:externally|elsewhere|out\\s+of\\s+(?:this|the)\\s+repo(?:sitory)?|outside\\s+(?:this|the)\\s+repo(?:sitory)?)\\b[^.!?]{0,20}[:：]\\s*\\**(?:\\s*`[^`\\n]*`)?\\s*$")

// branchHeading is a section heading about branches ("Branch Types" over `feature/`, `fix/`: the
// sixty-first holdout's wcag-wayfinder), in Japanese, Chinese or Korean too: "ブランチ命名" (branch
// naming) over a table of `feat/`, `fix/`, `release/` (the hundred-and-twenty-seventh's devcon), and
// "### Branch and Pull Request Naming Conventions" (the two-hundred-and-second's template-github-copilot).
var branchHeading = mustGate(`(?i)^\W*(?:git\s+)?branch(?:es|ing)?\b(?:\s+(?:(?:and|&)\s+(?:pull\s+requests?|prs?|commits?)|names?|naming|prefix(?:es)?|types?|conventions?|model|strategy|workflow))*\W*$|^\W*(?:git\s*)?(?:ブランチ|分支|브랜치)\s*(?:の)?(?:命名|名|運用|戦略|策略|规范|規範|命名规则|命名規則|명명|이름|전략|규칙)?\s*(?:規則|ルール|规则|규칙)?\W*$`)

func (p *parser) branchLeadIn(l *ast.List) bool {
	return branchLead.MatchString(p.leadIn(l))
}

// markBranchList marks the claims from index from on as items whose slashed names are branches.
func (p *parser) markBranchList(from int) {
	for i := from; i < len(p.soul.Claims); i++ {
		p.soul.Claims[i].BranchList = true
	}
}

// leadIn is the text of the paragraph just before a block, "" when none is.
func (p *parser) leadIn(n ast.Node) string {
	prev, ok := n.PreviousSibling().(*ast.Paragraph)
	if !ok {
		return ""
	}
	return strings.TrimSpace(p.rawLines(prev))
}

// treeFrom reports a tree block among the claims the parser made from index from on: only a tree's
// lead-in is read further up, into a list's last item.
func (p *parser) treeFrom(from int) bool {
	return slices.ContainsFunc(p.soul.Claims[from:], func(c Claim) bool { return c.Kind == KindTree })
}

// itemLeadIn is the lead-in paragraph before a block, or, when a list stands right before it, the text
// of that list's last item: "- 다음은 이 폴더와 그 하위의 구조 예시다." over a tree.
func (p *parser) itemLeadIn(n ast.Node, lead string) string {
	if lead != "" {
		return lead
	}
	l, ok := n.PreviousSibling().(*ast.List)
	if !ok || l.LastChild() == nil || l.LastChild().LastChild() == nil {
		return ""
	}
	switch text := l.LastChild().LastChild(); text.(type) {
	case *ast.Paragraph, *ast.TextBlock:
		return strings.TrimSpace(p.rawLines(text))
	}
	return ""
}

// exampleTreeLead ends a lead-in that calls the tree under it an example of a layout: "An example
// structure of this folder." or Korean "다음은 이 폴더와 그 하위의 구조 예시다." (what follows is an example
// of the structure of this folder and below it: the two-hundred-and-forty-eighth holdout's
// ai-chatbot-fe-template, whose experiment folders are samples).
var exampleTreeLead = mustGate(`(?i)(?:\b(?:example|sample|illustrative)\s+(?:(?:directory|folder|project|file)\s+)?(?:structure|layout|tree)|\b(?:structure|layout|tree)\s+(?:example|sample)|구조\s*예시|예시\s*구조|结构示例|示例结构|目录示例|構成例|構造例)[^.!?:\n]{0,40}[.:：。]?[*_\s]*$|구조\s*예시(?:다|이다|입니다)[.。]?\s*$`)

// historyLabel is a paragraph's opening bold label that calls what follows history: "**Historical
// (pre-refactor cleanup, kept for the record):**", "**History:**". "**Legacy (don't use):** `nginx.conf`,
// `setup.sh`" lists files still kept (the two-hundred-and-forty-fourth holdout's opengov-monitor, whose
// deleted setup.sh is a true row), so "legacy" and "archived" are no such label.
var historyLabel = mustGate(`(?i)^\s*\*\*(?:historical|history)\b[^*\n]{0,60}\*\*`)

// plannedLabel is a paragraph's opening bold label that calls what the paragraph names planned; notYetThere
// is a label's words saying those things are not there yet.
var (
	plannedLabel = mustGate(`(?i)^\s*\*\*[^*\n]{0,60}?\b(?:planned|to\s+be\s+(?:built|created|written)|not\s+yet\s+(?:on\s+disk|created|built|implemented|written))\b[^*\n]{0,40}\*\*`)
	notYetThere  = mustGate(`(?i)\bnot\s+yet\s+(?:on\s+disk|created|built|implemented|written)\b`)
)

// extensionSpan is an extension alone in a code span: "`.sh`", "`.ps1`".
var extensionSpan = mustGate("`(\\.[A-Za-z][A-Za-z0-9]{0,4})`")

// extensionSpans lists the extensions text names in code spans.
func extensionSpans(text string) []string {
	var out []string
	for _, m := range extensionSpan.FindAllStringSubmatch(text, -1) {
		out = append(out, m[1])
	}
	return out
}

// markFrom applies set to every claim the parser made from index from on.
func (p *parser) markFrom(from int, set func(c *Claim)) {
	for i := from; i < len(p.soul.Claims); i++ {
		set(&p.soul.Claims[i])
	}
}

// noteAfter is the text of the paragraph or quoted paragraph just after a block, "" when none is.
func (p *parser) noteAfter(n ast.Node) string {
	next := n.NextSibling()
	if q, ok := next.(*ast.Blockquote); ok {
		next = q.FirstChild()
	}
	if para, ok := next.(*ast.Paragraph); ok {
		return strings.TrimSpace(p.rawLines(para))
	}
	return ""
}

// plannedTreeNote is a note right under a tree that calls the tree a plan: "> **注**：目前目录为空，上述文件为
// 规划清单，待实现" (note: the folder is empty for now, the files above are a planned list, still to write:
// the two-hundred-and-twenty-seventh holdout's drawio2go), "The files above are planned and not yet created".
var plannedTreeNote = mustGate(`(?i)(?:上述|以上|上面)的?(?:文件|结构|目录|模块)\p{Han}{0,2}[^。\n]{0,6}(?:为|是)?(?:规划|计划|待实现|尚未(?:实现|创建))|\b(?:the\s+)?(?:files?|structure|layout|tree|modules?)\s+above\s+(?:is|are)\s+(?:(?:a|the|only)\s+)?(?:planned|proposed|a\s+plan|not\s+(?:yet\s+)?(?:created|implemented|written|built))\b`)

// headingRightBefore reports a block that follows its section's heading with nothing between: the heading
// leads it as a paragraph would.
func headingRightBefore(n ast.Node) bool {
	_, ok := n.PreviousSibling().(*ast.Heading)
	return ok
}

// branchLead is a lead-in paragraph's last sentence calling what follows branches.
// "Choose the branch prefix based on the primary purpose of the work:" (the ninety-fifth holdout's
// player1inventory) runs 41 bytes from the noun to the colon, and "**Branch naming conventions:**" (the
// hundred-and-nineteenth's overseer) closes its bold after it.
var branchLead = mustGate(`(?i)\bbranch(?:es)?\b(?:\s+(?:names?|naming|prefix(?:es)?|patterns?))?(?:\s+conventions?)?[^.!?:]{0,80}:[*_]*$`)

// branchItems reads the slashed names of a branch list's items as branch names or prefixes.
func branchItems(claims []Claim) {
	for i := range claims {
		if !claims[i].BranchList {
			continue
		}
		for j := range claims[i].Anchors {
			a := &claims[i].Anchors[j]
			if (a.Kind == AnchorPath || a.Kind == AnchorGlob) && strings.Contains(a.Ref, "/") && branchName.MatchString(a.Ref) {
				*a = Anchor{Kind: AnchorBranch, Ref: a.Ref, Line: a.Line}
			}
		}
	}
}

// leadInRepo reads the paragraph just before a command block for the repository it says the commands
// run in: "remove the following files from the CPython repository:".
func (p *parser) leadInRepo(f *ast.FencedCodeBlock) string {
	text := p.leadIn(f)
	if !strings.HasSuffix(text, ":") {
		return ""
	}
	if m := runInRepo.FindStringSubmatch(text); m != nil {
		return m[1]
	}
	return ""
}

// outputLeadIn reports a block the paragraph before it introduces as output the reader may meet: "In case
// you see a linter error such as:" (skaffold's DEVELOPMENT.md, the thirty-seventh holdout, over a
// transcript whose `RUN hack/linter.sh` printed a script since renamed), "the output looks like this:".
func (p *parser) outputLeadIn(f *ast.FencedCodeBlock) bool {
	text := p.leadIn(f)
	return strings.HasSuffix(text, ":") && outputIntro.MatchString(text)
}

// outputIntro ends a lead-in over a sample of output: an error, a message or output "such as" or "like"
// the block, or what the reader "will see".
var outputIntro = mustGate(`(?i)(?:\b(?:errors?|messages?|warnings?|output|failures?|logs?)\b[^.:]{0,40}\b(?:such as|like(?: this| the following)?|similar to(?: this| the following)?)|\b(?:you(?:'ll| will| should)? see|looks? like(?: this)?|prints?|outputs?)(?: something)?(?: like| similar to)?(?: this| the following)?)\s*:$`)

// runInRepo is a lead-in naming the repository a block runs in by its proper name.
var runInRepo = mustGate(`\b(?:from|in|inside|within|into|of) (?:the|your|a|an) \[?([A-Z][\w.-]*)\]?(?:\([^)]*\))? (?:repository|repo|checkout|clone|source tree)\b[^.]*:$`)

// treeLanguages are the info strings a directory-tree block is written under, beside the shell's.
var treeLanguages = map[string]bool{"text": true, "txt": true, "plaintext": true, "plain": true, "tree": true, "none": true}

var shellLanguages = map[string]bool{"": true, "sh": true, "bash": true, "shell": true, "console": true, "zsh": true, "shell-session": true, "terminal": true, "fish": true}

func (p *parser) addClaim(kind ClaimKind, raw string, start, end int) {
	if len(p.soul.Claims) >= maxClaims {
		p.soul.Truncated = true
		return
	}
	if len(raw) > maxClaimBytes {
		raw = raw[:maxClaimBytes]
		for !utf8.ValidString(raw[len(raw)-3:]) && len(raw) > 3 {
			raw = raw[:len(raw)-1]
		}
		p.soul.Truncated = true
	}
	raw = strings.ToValidUTF8(raw, "\uFFFD")
	sec := p.current()
	c := Claim{Index: len(p.soul.Claims), Section: sec, Kind: kind, StartLine: start, EndLine: end, RunIn: p.sectionIn[sec], listDirs: p.listDirs, branchItem: p.branchList}
	c.Text = strings.TrimSpace(raw)
	if c.Text == "" {
		return
	}
	if kind == KindSentence && !assertive(c.Text) {
		return
	}
	if strings.Contains(c.Text, "<!--") {
		if t, ok := directiveTissue(strings.ToLower(c.Text)); ok {
			c.directive, c.hasDirective = t, true
		}
	}
	p.noteDirectives(c.Text, -1)
	p.soul.Claims = append(p.soul.Claims, c)
	if kind == KindListItem || kind == KindSentence {
		if dir := proseClone(c.Text); dir != "" {
			// "Clone the VS Code repository: `git clone https://github.com/microsoft/vscode`", then a
			// block of `yarn gulp editor-distro` (the thirty-ninth holdout's monaco-editor): the
			// section's later blocks run in that clone, as after a block that cloned and changed into it
			p.elsewhere, p.elsewhereSection = dir, sec
		}
	}
}

// proseClone is the directory a code span of prose clones into ("`git clone https://…/vscode`":
// vscode), or "".
func proseClone(text string) string {
	if !strings.Contains(text, "clone") || !strings.Contains(text, "`") {
		return "" // cloneInto's words, in a span
	}
	for _, m := range codeSpan.FindAllStringSubmatch(text, -1) {
		cmd := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(m[1]), "$ "))
		cmd, _, _ = strings.Cut(cmd, "&&")
		cmd, _, _ = strings.Cut(cmd, ";")
		if dir := cloneDir(strings.TrimSpace(cmd)); dir != "" {
			return dir
		}
	}
	return ""
}

// cloneDir is the directory a "git clone URL [DIR]" command makes: DIR, or the URL's last name without
// .git; "" for any other command.
func cloneDir(cmd string) string {
	m := cloneInto.FindStringSubmatch(cmd)
	if m == nil {
		return ""
	}
	if m[2] != "" {
		return m[2]
	}
	return strings.TrimSuffix(path.Base(strings.TrimSuffix(m[1], "/")), ".git")
}

// span is the 1-based line range of a block's own lines.
func (p *parser) span(n ast.Node) (int, int, bool) {
	lines := n.Lines()
	if lines == nil || lines.Len() == 0 {
		return 0, 0, false
	}
	first := lines.At(0)
	last := lines.At(lines.Len() - 1)
	stop := last.Stop
	if stop > first.Start {
		stop--
	}
	return p.lineOf(first.Start), p.lineOf(stop), true
}

// rawLines is a block's own source, markdown intact, so backticks and links still mark anchors.
func (p *parser) rawLines(n ast.Node) string {
	var buf strings.Builder
	lines := n.Lines()
	for i := 0; i < lines.Len(); i++ {
		seg := lines.At(i)
		buf.Write(seg.Value(p.src))
	}
	return strings.TrimRight(buf.String(), "\n")
}

func (p *parser) segmentText(n ast.Node) []byte {
	var buf bytes.Buffer
	lines := n.Lines()
	for i := 0; i < lines.Len(); i++ {
		seg := lines.At(i)
		buf.Write(seg.Value(p.src))
	}
	return bytes.TrimSpace(buf.Bytes())
}

// finishSections closes each section's line range at the next heading of the same or a higher level.
func (p *parser) finishSections() {
	secs := p.soul.Sections
	for i := range secs {
		secs[i].EndLine = p.soul.Lines
		for j := i + 1; j < len(secs); j++ {
			if secs[j].Level <= secs[i].Level {
				secs[i].EndLine = secs[j].StartLine - 1
				break
			}
		}
	}
}

// headline is the soul's own first curated line: its title, or the live checkpoint when the title is generic.
func (p *parser) headline() string {
	secs := p.soul.Sections
	if len(secs) == 0 {
		for _, c := range p.soul.Claims {
			return firstLine(cleanInline(c.Text))
		}
		return ""
	}
	title := secs[0].Heading
	if genericTitle(title) {
		for _, s := range secs {
			if s.Tissue != TissueHistory && checkpointHeading.MatchString(strings.ToLower(s.Heading)) {
				return s.Heading
			}
		}
	}
	return title
}

func (p *parser) measure() {
	history := make([]bool, p.soul.Lines+2)
	for _, s := range p.soul.Sections {
		if s.Tissue != TissueHistory {
			continue
		}
		for l := s.StartLine; l <= s.EndLine && l < len(history); l++ {
			history[l] = true
		}
	}
	live := 0
	for l := 1; l <= p.soul.Lines; l++ {
		if !history[l] {
			live++
		}
	}
	p.soul.LiveLines = live
	for _, s := range p.soul.Sections {
		if s.Addendum && s.Tissue != TissueHistory {
			p.soul.Addenda++
		}
	}
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

// looksBinary refuses files that are not text: a NUL byte in the first 8 KiB, or mostly invalid UTF-8.
func looksBinary(src []byte) bool {
	head := src
	if len(head) > 8192 {
		head = head[:8192]
	}
	if bytes.IndexByte(head, 0) >= 0 {
		return true
	}
	bad := 0
	for i := 0; i < len(head); {
		r, size := utf8.DecodeRune(head[i:])
		if r == utf8.RuneError && size == 1 {
			bad++
		}
		i += size
	}
	return len(head) > 64 && bad*4 > len(head)
}

// maxPrefixMarkers caps the container markers (">" and list bullets) one line may open. Markdown parsers
// pay for every open container on every line, so a line opening 100,000 of them costs quadratic time;
// souls nest a few levels, so the excess is dropped (line count and offsets of later lines are kept).
const maxPrefixMarkers = 32

// maxIndent caps leading whitespace for the same reason: nesting by indentation costs the parser
// per open level per line, and no soul indents past a few dozen columns.
const maxIndent = 96

func leadingSpace(line []byte) int {
	n := 0
	for n < len(line) && (line[n] == ' ' || line[n] == '\t') {
		n++
	}
	return n
}

func flattenDeepPrefixes(src []byte) []byte {
	var out []byte
	start := 0
	for start <= len(src) {
		end := bytes.IndexByte(src[start:], '\n')
		if end < 0 {
			end = len(src)
		} else {
			end += start
		}
		line := src[start:end]
		if ws := leadingSpace(line); ws > maxIndent {
			if out == nil {
				out = append(make([]byte, 0, len(src)), src[:start]...)
			}
			out = append(out, bytes.Repeat([]byte{' '}, maxIndent)...)
			line = line[ws:]
			if cut, ok := deepPrefix(line); ok {
				out = append(out, line[:cut.keep]...)
				out = append(out, ' ')
				line = line[cut.rest:]
			}
			out = append(out, line...)
		} else if cut, ok := deepPrefix(line); ok {
			if out == nil {
				out = append(make([]byte, 0, len(src)), src[:start]...)
			}
			out = append(out, line[:cut.keep]...)
			out = append(out, ' ')
			out = append(out, line[cut.rest:]...)
		} else if out != nil {
			out = append(out, line...)
		}
		if end < len(src) && out != nil {
			out = append(out, '\n')
		}
		start = end + 1
	}
	if out == nil {
		return src
	}
	return out
}

type prefixCut struct{ keep, rest int }

// deepPrefix finds where a line's container prefix passes maxPrefixMarkers and where the prefix ends.
func deepPrefix(line []byte) (prefixCut, bool) {
	markers, keep := 0, 0
	i := 0
	for i < len(line) {
		switch c := line[i]; {
		case c == ' ' || c == '\t':
			i++
			continue
		case c == '>':
			i++
		case (c == '-' || c == '*' || c == '+') && i+1 < len(line) && (line[i+1] == ' ' || line[i+1] == '\t'):
			i++
		case c >= '0' && c <= '9':
			j := i
			for j < len(line) && j-i < 9 && line[j] >= '0' && line[j] <= '9' {
				j++
			}
			if j < len(line)-1 && (line[j] == '.' || line[j] == ')') && (line[j+1] == ' ' || line[j+1] == '\t') {
				i = j + 1
			} else {
				return prefixCut{}, false
			}
		default:
			return prefixCut{}, false
		}
		markers++
		if markers == maxPrefixMarkers {
			keep = i
		}
		if markers > maxPrefixMarkers {
			for i < len(line) && line[i] != ' ' && line[i] != '\t' && line[i] != '>' && markers > 0 {
				break
			}
			// keep scanning to find the end of the prefix
			for i < len(line) {
				c := line[i]
				if c == ' ' || c == '\t' || c == '>' || (c == '-' || c == '*' || c == '+') && i+1 < len(line) && (line[i+1] == ' ' || line[i+1] == '\t') {
					i++
					continue
				}
				break
			}
			return prefixCut{keep: keep, rest: i}, true
		}
	}
	return prefixCut{}, false
}

// linkDefinitions are a document's link reference definitions ("[Report a bug]: docs/bugs.md"), by
// label as CommonMark matches them (case and runs of white space folded). The markdown parser takes
// them out of the paragraphs, so the claims that use them ("[Report a bug]", "[see here][bugs]") hold
// only the label.
func linkDefinitions(pc gmparser.Context) map[string]string {
	refs := pc.References()
	if len(refs) == 0 {
		return nil
	}
	out := make(map[string]string, len(refs))
	for _, r := range refs {
		out[linkLabel(string(r.Label()))] = string(r.Destination())
	}
	return out
}

// linkLabel is a reference label as CommonMark compares them.
func linkLabel(l string) string {
	return strings.ToLower(strings.Join(strings.Fields(l), " "))
}

// extractAll reads every claim's anchors. Claims are independent, so long souls spread over the cores.
func extractAll(claims []Claim, soulPath string, refs map[string]string) {
	one := func(c *Claim) {
		if c.Kind == KindImport {
			extractImport(c, soulPath)
			return
		}
		if c.Kind == KindTree {
			return // its anchors are its entries, read with the block (trees.go)
		}
		extractInto(c, soulPath, c.Kind == KindCommands || c.Kind == kindLooseCommands, c.StartLine, refs)
		if c.Kind == kindLooseCommands {
			c.Kind = KindCommands
		}
	}
	workers := runtime.GOMAXPROCS(0)
	if workers < 2 || len(claims) < 512 {
		for i := range claims {
			one(&claims[i])
		}
		return
	}
	var wg sync.WaitGroup
	chunk := (len(claims) + workers - 1) / workers
	for lo := 0; lo < len(claims); lo += chunk {
		hi := min(lo+chunk, len(claims))
		wg.Add(1)
		go func(part []Claim) {
			defer wg.Done()
			for i := range part {
				one(&part[i])
			}
		}(claims[lo:hi])
	}
	wg.Wait()
}

// embeddedSource reads the source a leading front matter says the document copies whole: a "source:"
// key whose value calls the text embedded, verbatim, copied, mirrored or vendored (the sixty-third
// holdout's Capsule-Pro keeps a Manifest reference in each directory's AGENTS.md under "source:
// Manifest published docs (mintlify) — embedded verbatim": its `manifest-registry/commands.json` and
// `schema.ts` are the Manifest CLI's examples). "" for any other document.
func embeddedSource(src []byte) string {
	if !bytes.HasPrefix(src, []byte("---\n")) && !bytes.HasPrefix(src, []byte("---\r\n")) {
		return ""
	}
	head := src[:min(len(src), 8<<10)]
	for _, line := range strings.Split(string(head), "\n")[1:] {
		line = strings.TrimRight(line, "\r")
		if line == "---" || line == "..." {
			return ""
		}
		if v, ok := strings.CutPrefix(line, "source:"); ok && embeddedWords.MatchString(v) {
			return strings.Trim(strings.TrimSpace(v), `"'`)
		}
	}
	return ""
}

// shippedTemplate is a document's opening saying it is meant to be copied into the reader's own
// project: "**USAGE**: Download this file to your project for consistent agent behavior" (the
// ninety-sixth holdout's lolek-mcp-server, whose examples/CLAUDE.md a tool serves to users' Next.js
// apps and whose `src/app/`, `src/lib/` are theirs).
var shippedTemplate = mustGate(`(?i)\b(?:download|copy|drop|place|put)\s+this\s+(?:file|document|template)\s+(?:in)?to\s+(?:your|each|every|the\s+user'?s?)\s+(?:own\s+)?(?:project|repo(?:sitory)?|app(?:lication)?|codebase)\b`)

// placeholderTitle is a document headed by a blank for its reader's project: "# YOUR_PROJECT_NAME" over
// "> TODO: One-line project description." (the hundred-and-first holdout's claude-code-superkit, whose
// packages/core/CLAUDE.md a kit copies into its users' repositories), "# [Project Name]", "# <project-name>".
var placeholderTitle = mustGate(`(?im)^#\s+(?:\[|<|\{\{\s*)?(?:your|my)?[_ -]?(?:project|app|repo)[_ -]?name(?:\]|>|\s*\}\})?\s*$`)

// embeddedWords are a source's words for a copy of someone else's text.
var embeddedWords = mustGate(`(?i)\b(?:embedded|verbatim|copied|mirrored|vendored)\b`)

// blankFrontmatter blanks a leading YAML frontmatter block (keeping its newlines, so line numbers hold):
// markdown would read its closing "---" as a heading underline and its keys as a title.
func blankFrontmatter(src []byte) []byte {
	if !bytes.HasPrefix(src, []byte("---\n")) && !bytes.HasPrefix(src, []byte("---\r\n")) {
		return src
	}
	head := src[:min(len(src), 64<<10)]
	end := -1
	for _, marker := range [][]byte{[]byte("\n---\n"), []byte("\n---\r\n"), []byte("\n...\n")} {
		if i := bytes.Index(head[3:], marker); i >= 0 && (end < 0 || i+3 < end) {
			end = i + 3 + len(marker)
		}
	}
	if end < 0 {
		if bytes.HasSuffix(head, []byte("\n---")) && len(head) == len(src) {
			end = len(src)
		} else {
			return src
		}
	}
	out := append([]byte(nil), src...)
	for i := 0; i < end; i++ {
		if out[i] != '\n' {
			out[i] = ' '
		}
	}
	return out
}
