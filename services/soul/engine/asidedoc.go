package engine

import (
	"fmt"
	"path"
	"slices"
	"strings"
)

// A handoff document kept beside the code it no longer describes, or written for another project:
// "docs/legacy-typescript/CLAUDE.md", whose folder's README opens "The TypeScript implementation,
// archived … these files are documents about code that is no longer here" (the
// hundred-and-eighty-eighth holdout's Arterm-CLI, 59 rows of a removed tree), and
// "examples/AGENTS.md", whose README says "These example files belong in the root of your code
// repository" (the same round's agentic-coding). Two signs together, never one: the folder is
// named as an archive or a set of examples, and its README says so, or the document's own opening does:
// "apps/_archived/studio/AGENTS.md" opening "> **ARCHIVED — DO NOT USE AS ACTIVE REFERENCE** … Do not follow
// these instructions for active development" (the hundred-and-ninety-ninth holdout's bambiui platform, a
// script removed since). A document there names what is not in this tree by design, so its failing
// anchors are held, not drift. So does a document inside a dotnet new template's content (a folder with
// .template.config/template.json), one of a gallery of folders that hold nothing but guides (a generator's
// samples for other projects), a guide in a folder of samples that stands alone or opens by calling its
// project fictional, and one in a folder of borrowed material (references/, vendor/) that the root README
// says was ported or copied from another project.

// asideFolder names a folder of archived, sample or borrowed material: legacy, archive(d), old, attic,
// example(s), sample(s), template(s), reference(s), vendor(ed), third-party, upstream, alone or joined to
// another word by a hyphen or underscore.
var asideFolder = mustGate(`(?i)^[_.]?(?:legacy|archived?|archives|old|deprecated|attic|historical|examples?|samples?|templates?|references?|vendor(?:ed)?|third[-_]?party|upstream)(?:[-_.][\w.-]+)?$|^[\w.-]+[-_](?:legacy|archived?|old|examples?|samples?|templates?)$`)

// sampleOpening is a document's opening that calls the project it describes made up: "This is a reference
// AI instruction file … The project it describes is fictional — adapt the structure and patterns to your own
// codebase" (the two-hundred-and-twelfth holdout's ai-engineering-conventions, examples/CLAUDE.md).
var sampleOpening = mustGate(`(?i)\bthe\s+(?:project|app|application|codebase|repo(?:sitory)?|system)\s+(?:it|this\s+(?:file|document|guide))\s+describes\s+is\s+(?:fictional|hypothetical|imaginary|made[\s-]up|not\s+real)\b|\b(?:fictional|hypothetical|imaginary|made-up)\s+(?:project|app|application|codebase|repo(?:sitory)?)\b`)

// archivedOpening is a document's opening saying it is kept for the record, not to be followed.
var archivedOpening = mustGate(`(?i)\b(?:archived|deprecated|obsolete|superseded)\b[^\n]{0,60}?\b(?:do\s+not|don'?t|never)\s+(?:use|follow|rely)\b|\bdo\s+not\s+follow\s+(?:these|this|the)\s+(?:instructions|document|file|guide|rules)\b`)

// borrowedFolder is an asideFolder of another project's material; borrowedReadme is what a README says
// of one, in borrowedWords.
const borrowedWords = `\b(?:ported|copied|vendored|mirrored|forked|taken)\s+from\b|\b(?:a\s+)?(?:copy|snapshot|mirror)\s+of\s+(?:the\s+)?(?:upstream|original|another)\b`

var (
	borrowedFolder = mustGate(`(?i)^[_.]?(?:references?|vendor(?:ed)?|third[-_]?party|upstream)(?:[-_.][\w.-]+)?$`)
	borrowedReadme = mustGate(`(?i)` + borrowedWords)
)

// asideReadme is what such a folder's README says of its documents.
var asideReadme = mustGate(`(?i)\barchived\b|` + borrowedWords + `|\bno\s+longer\s+(?:here|in\s+this\s+repo(?:sitory)?|exists?|maintained)\b|\bcode\s+that\s+(?:is|was)\s+(?:no\s+longer|removed)\b|\b(?:these|the)\s+(?:example|sample|template)\s+files\b|\bbelongs?\s+in\s+(?:the\s+root\s+of\s+)?your\s+(?:own\s+)?(?:code\s+)?(?:repo|repository|project)\b|\bcopy\s+(?:them|these|this|it)\s+(?:in)?to\s+your\s+(?:own\s+)?(?:repo|repository|project)\b`)

// templateTitle is a headline whose subject is a placeholder: "<Project> — Agent Guide" (the
// hundred-and-ninetieth holdout's doc-torn, whose examples/AGENTS.md is the template its init command
// fills, with "[Feature A](docs/features/feature-a/README.md) — <1 line>" under it).
var templateTitle = mustGate(`^(?:[^<>]{0,40}\s)?<[A-Z][\w .-]{0,30}>(?:\s|$)`)

// asideReason is why the document describes no tree of this repository, "" when it may.
func (v *verifier) asideReason() string {
	if v.asideRead {
		return v.asideDoc
	}
	v.asideRead = true
	if v.soul.SoulTissue {
		return "" // a soul's claims carry their receipts' word, wherever it sits
	}
	if templateTitle.MatchString(v.soul.Headline) {
		v.asideDoc = "the document is a template: its title is a placeholder (" + v.soul.Headline + ")"
		return v.asideDoc
	}
	dir := path.Dir(v.soul.Path)
	if dir == "." {
		return ""
	}
	if n := v.guideGallery(dir); n >= 3 {
		// "consolidated_sources/GenerateAgents.md/projects/flagsmith/AGENTS.md" beside dspy/, fastapi/ and
		// flask/, each folder a generator's sample output and nothing else (the two-hundred-and-twelfth
		// holdout's mcapp-ai-starter, 22 rows of other projects' trees)
		v.asideDoc = fmt.Sprintf("the document is one of %d folders of %s/ that hold nothing but guides and agent settings: a gallery of other projects' documents", n, path.Dir(dir))
		return v.asideDoc
	}
	for d := dir; d != "."; d = path.Dir(d) {
		if ok, _ := v.repo.Exists(d + "/.template.config/template.json"); ok {
			// "src/CoreEx.Template/content/CoreEx.Api/src/app-name.Api/AGENTS.md" (the two-hundredth
			// holdout's CoreEx): a dotnet new template's content, whose paths are the made project's
			v.asideDoc = "the document is content of the dotnet new template in " + d + "/, written for the projects it makes"
			return v.asideDoc
		}
	}
	segs := strings.Split(dir, "/")
	for _, seg := range segs {
		if generatedCopy.MatchString(seg) {
			// "docs/…/verification-runs/2025-11-08-13-14-fast-setup-l1/generated-project/AGENTS.md" (the
			// two-hundred-and-forty-fifth holdout's chora-base, 68 rows): the part of a generator's output a
			// test run kept as its record, whose guide names the whole generated project
			v.asideDoc = "the document sits in " + seg + "/, a copy of what a generator made, kept as a record"
			return v.asideDoc
		}
	}
	if of := v.draftOf(segs); of != "" {
		v.asideDoc = "the document is a draft of " + of + ", and names the files beside that one"
		return v.asideDoc
	}
	folder := ""
	for _, seg := range segs {
		if asideFolder.MatchString(seg) {
			folder = seg
		}
	}
	if folder == "" {
		return ""
	}
	if v.soul.Archived {
		v.asideDoc = "the document sits in " + folder + "/ and opens by saying it is archived"
		return v.asideDoc
	}
	if sampleFolder.MatchString(folder) && v.soul.Sample {
		v.asideDoc = "the document sits in " + folder + "/ and opens by saying the project it describes is not this one"
		return v.asideDoc
	}
	if sampleFolder.MatchString(folder) && v.onlyGuides(dir) {
		// "examples/CLAUDE.md" alone in its folder, the guide of an imagined NIR moisture project in a
		// workshop's repository (the two-hundred-and-eleventh holdout's chemometrics_vibe_coding_public)
		v.asideDoc = "the document sits in " + folder + "/ with nothing but guides beside it: a sample guide"
		return v.asideDoc
	}
	if hiddenArchive.MatchString(folder) {
		// ".deprecated/reports/2026-02-12-batch2/CLAUDE.md" (the two-hundred-and-fortieth holdout's
		// Industry-AI-Flow, the old root guide moved there): a folder of old material, its name marked to
		// be passed over
		v.asideDoc = "the document sits in " + folder + "/, a folder of old material kept out of the way"
		return v.asideDoc
	}
	if archiveFolder.MatchString(folder) && v.copiesOfParent(dir) {
		// "documents/prompt_engineer/archive_pre_refactor/CLAUDE.md" beside PROMPT_CONVENTION.md, which its
		// parent folder also holds (the two-hundred-and-thirty-eighth holdout's Auto-ERP-Agent, a snapshot
		// taken before tools and workflows were renamed)
		v.asideDoc = "the document sits in " + folder + "/, an archive of copies of files its parent folder still holds"
		return v.asideDoc
	}
	if body := v.readmeIn(dir); asideReadme.MatchString(body[:min(len(body), 4096)]) {
		v.asideDoc = "the document sits in " + folder + "/, whose README says it describes no code of this tree"
	}
	if v.asideDoc == "" && borrowedFolder.MatchString(folder) && v.rootReadmeSays(folder) {
		// "| `references/` | Saved W4 pages, and the BetterLectio client these apps were ported from. |"
		// in the root README over references/betterlectio/extension/AGENTS.md (the two-hundred-and-tenth
		// holdout's betterw4, a partial copy of another project)
		v.asideDoc = "the document sits in " + folder + "/, which the repository's README says holds another project's material"
	}
	return v.asideDoc
}

// draftOf is the document a draft stands in for: under a drafts/ folder, the tracked document outside it
// whose path ends with the draft's path below that folder. "plans/…/drafts/context/CLAUDE.md" drafts
// ".harmonik/context/CLAUDE.md" (the two-hundred-and-forty-second holdout's harmonik) and names
// `lanes.json` as that folder holds it; "" when the folders segs name hold no drafts folder or nothing matches.
func (v *verifier) draftOf(segs []string) string {
	at := slices.IndexFunc(segs, func(s string) bool { return draftFolder.MatchString(s) })
	if at < 0 {
		return ""
	}
	drafts := strings.Join(segs[:at+1], "/") + "/"
	tail := "/" + strings.Join(append(slices.Clip(segs[at+1:]), path.Base(v.soul.Path)), "/")
	for _, f := range v.repo.ByBasename(path.Base(v.soul.Path)) {
		if !strings.HasPrefix(f, drafts) && strings.HasSuffix("/"+f, tail) {
			return f
		}
	}
	return ""
}

// generatedCopy names a folder holding a project a generator made: "generated-project", "generated_app".
var generatedCopy = mustGate(`(?i)^generated[-_](?:projects?|apps?|repos?|repository|sites?|outputs?|samples?)$`)

// draftFolder names a folder of drafts.
var draftFolder = mustGate(`(?i)^[_.]?drafts?$`)

// archiveFolder is an asideFolder that keeps old copies: archive(d), archives, attic, old, deprecated,
// historical, alone or joined to a note ("archive_pre_refactor").
var archiveFolder = mustGate(`(?i)^[_.]?(?:archived?|archives|attic|old|deprecated|historical)(?:[-_.][\w.-]+)?$`)

// hiddenArchive is an archive folder hidden by a leading dot: ".deprecated", ".archive". An underscore
// only sorts it first: "docs/_archive/structure/domain/AGENTS.md" still names the tree's own files (the
// fifty-third holdout's).
var hiddenArchive = mustGate(`(?i)^\.(?:archived?|archives|attic|old|deprecated)$`)

// copiesOfParent reports a folder holding a file, other than a handoff document, whose name its parent
// folder holds too: the folder keeps copies of files that live on above it.
func (v *verifier) copiesOfParent(dir string) bool {
	parent := path.Dir(dir)
	for _, f := range v.repo.Glob(dir+"/*", 64) {
		base := path.Base(f)
		if agentGuides[base] || strings.EqualFold(base, "README.md") {
			continue
		}
		if ok, isDir := v.repo.Exists(path.Join(parent, base)); ok && !isDir {
			return true
		}
	}
	return false
}

// guideGallery counts the folders beside dir, itself among them, that hold nothing but guides, or
// guides and agent settings, when dir is one; 0 when it is not. At the repository's top, where a
// project's own folders may each keep a guide, a folder counts only with agent settings in it.
func (v *verifier) guideGallery(dir string) int {
	prefix := path.Dir(dir) + "/"
	if prefix == "./" {
		prefix = "" // "rust/CLAUDE.md" beside elixir/ and unity/ at the top of agent_config_templates
	}
	files := v.repo.Glob(prefix+"*/**", 512)
	if len(files) == 512 {
		return 0 // more than a gallery holds, and a cut list cannot show a folder holds nothing else
	}
	type contents struct{ other, settings, readme bool }
	folders := map[string]*contents{}
	for _, f := range files {
		child, rel, _ := strings.Cut(strings.TrimPrefix(f, prefix), "/")
		c := folders[child]
		if c == nil {
			c = &contents{}
			folders[child] = c
		}
		top, _, nested := strings.Cut(rel, "/")
		switch {
		case nested && agentToolDirs[top]:
			c.settings = true
		case !nested && strings.EqualFold(top, "README.md"):
			c.readme = true
		case nested || !agentGuides[top]:
			c.other = true
		}
	}
	kit := func(c *contents) bool { return !c.other && (c.settings || !c.readme && prefix != "") }
	if c := folders[path.Base(dir)]; c == nil || !kit(c) {
		return 0
	}
	n := 0
	for _, c := range folders {
		if kit(c) {
			n++
		}
	}
	return n
}

// sampleFolder is an asideFolder of samples, not of archives: a guide alone in one is a sample guide,
// where one alone in an archive is a kept copy whose siblings are still checked.
var sampleFolder = mustGate(`(?i)(?:^|[-_.])(?:examples?|samples?|templates?)(?:$|[-_.])`)

// agentGuides are the handoff documents themselves: a folder of nothing else holds a guide and no code,
// nor even a README about it.
var agentGuides = set("AGENTS.md", "CLAUDE.md", "GEMINI.md")

// onlyGuides reports a directory whose tracked entries are all handoff documents (agentGuides).
func (v *verifier) onlyGuides(dir string) bool {
	entries := v.repo.Glob(dir+"/*", 16)
	if len(entries) == 0 {
		return false
	}
	for _, e := range entries {
		if !agentGuides[path.Base(e)] {
			return false
		}
	}
	return true
}

// rootReadmeSays reports a line of the root README that names the folder in a code span and says it holds
// another project's material (borrowedReadme). Only for a folder of borrowed material: "The original
// TypeScript implementation has been archived under `legacy/`" (the hundred-and-ninety-seventh holdout's
// sera, caught by the regression rerun) leaves legacy/web/CLAUDE.md's moved ChatPage.tsx drift, as its
// labellers had it.
func (v *verifier) rootReadmeSays(folder string) bool {
	for _, line := range strings.Split(v.rootReadme(), "\n") {
		if strings.Contains(line, "`"+folder+"/`") && borrowedReadme.MatchString(line) {
			return true
		}
	}
	return false
}

// readmeNames are the names a folder's README goes by, in the order they are looked for.
var readmeNames = []string{"README.md", "readme.md", "README"}

// readmeIn is the README of dir ("" is the root), "" when it has none.
func (v *verifier) readmeIn(dir string) string {
	for _, name := range readmeNames {
		if body, err := v.repo.ReadFile(path.Join(dir, name)); err == nil {
			return string(body)
		}
	}
	return ""
}

// rootReadme is the repository's README, read once a check (rootReadmeSays and codeElsewhere both ask).
func (v *verifier) rootReadme() string {
	if !v.rootReadmeRead {
		v.rootReadmeRead, v.rootReadmeText = true, v.readmeIn("")
	}
	return v.rootReadmeText
}
