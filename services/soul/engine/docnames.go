package engine

import (
	"bytes"
	"path"
	"regexp"
	"slices"
	"strings"
)

// Document-wide classes: what one place of a document says about names used in other places. A file an
// earlier command writes, the name the document picks for the reader's own new thing, and the list a
// lead-in places relative to the installed program are no claims that the repository holds them.

// outputFlag is a command writing a file: "-o remote.csv", "--write-json remote.json", "> out.txt",
// "npx kysely-codegen --out-file src/generated/types.ts" (the two-hundred-and-thirty-third holdout's fossyl).
var outputFlag = mustGate(`(?:^|\s)(?:-o|-out|-keyout|--out|--output|--outfile|--out-file|--outFile|--output-file|--write-[a-z]+|>)(?:\s+|=)((?:[\w.-]+/)*[\w.-]+\.[A-Za-z]\w*)\b`)

// downloadCmd fetches a file by URL into the working directory under its own name: "wget URL",
// "curl -O URL", "curl -LO URL".
var downloadCmd = mustGate(`(?m)\b(?:wget|curl\s+(?:-\w*O\w*|--remote-name)(?:\s+-\S+)*)\s+(?:-\S+\s+)*https?://\S*/([\w.-]+\.\w+)\b`)

// declaredName is the name a document says it uses for the reader's own thing: "The docs here will use
// `remote` as an example", "Assuming the backend is called `remote`".
var declaredName = mustGate("(?i)(?:\\b(?:will use|uses|use|using)\\s+`([\\w-]+)`\\s+as\\s+(?:an?\\s+|the\\s+)?(?:example|placeholder|name)|\\bassuming (?:the|your) [\\w ]{1,30} is (?:called|named)\\s+`([\\w-]+)`)")

// declaredGates are words one of which any declaredName match holds ("example", "placeholder", "name",
// "named", "called"): a cheap case-folded test that spares most claims the regexp.
var declaredGates = []string{"exampl", "placeholder", "name", "called"}

// installLeadIn ends a sentence whose list names places beside the installed program: "paths relative
// to the `ollama` executable:".
var installLeadIn = mustGate(`(?i)\brelative to (?:the |your )?(?:` + "`[^`]+`" + `|\w+)?\s*(?:executable|binary|program|install(?:ation)?(?: directory| dir| prefix)?)\s*:$`)

// searchLeadIn ends a sentence whose list names the places a program searches when it runs: "Ollama
// looks for native helper binaries and acceleration libraries in installed and local development
// layouts:" (the twenty-ninth holdout's ollama, whose list names `./lib/ollama` beside the binary).
var searchLeadIn = mustGate(`(?i)\b(?:looks?|search(?:es)?|probes?)\b[^.:]*\b(?:installs?|installed|installations?|layouts?|locations?)\b[^.:]*:$`)

// madeLeadIn ends a lead-in whose list is what a step makes, or files git does not keep: "This command
// generates:" over `specification/gedcom.html` (the forty-fifth holdout's GEDCOM, whose build writes it
// and whose history dropped it), "Runtime config in `~/.reticle/` (never committed):" (its reticle). A
// participle alone is an adjective: "Replace the generated files:" lists files that are there. "This
// installs:" over "- `.github/docs/coreex/` — the architecture docs" (the two-hundredth holdout's CoreEx,
// whose dotnet new template writes them into the project it makes).
var madeLeadIn = mustGate(`(?i)(?:\b(?:generates?|creates?|produces?|writes?|outputs?|emits?|installs|scaffolds|(?:generated|created|produced|written|installed|scaffolded)\s+by)\b[^.!?:]{0,40}|\b(?:never|not)\s+(?:committed|checked\s+in|tracked)\b[^.!?:]{0,20}|\bgit-?ignored\b[^.!?:]{0,20}):$`)

// programWrites names a file a program of the project writes as it runs: "| `FreshDatabaseImport()` |
// Imports all entries, writes `_database.json` |" over the next row's "Reads `_database.json`, compares
// timestamps" (the hundred-and-twenty-fifth holdout's notion-sync, whose sync writes one into each folder
// it fills). The verb in the third person is the program's; "write `plan.md`" tells the reader (createCue).
// A word may describe the file: "produces a structured `REVIEW.md` with severity-classified findings" (the
// hundred-and-fifty-first holdout's evolv-coder-lite, whose agents write it into the user's project). A
// table row labelled with the verb says it of every file its cells name: "| **Produces** | `ROADMAP.md`
// |", "| **生成物** | `USER-PROFILE.md`、… |" (the same document in Japanese; 생성물 in Korean).
var (
	programWrites = mustGate("(?i)\\b(?:writes|generates|creates|emits|produces)\\s+(?:(?:a|an|the|its|one)\\s+)?(?:new\\s+|[a-z][\\w-]*(?:ed|al|ic|ive|ary|ful)\\s+)?`([^`\\s]+\\.\\w+)`")
	producesRow   = mustGate(`(?i)^\|\s*[*_]*(?:produces|outputs?|writes|generates|creates|artifacts?|deliverables?|生成物|产出|产物|成果物|생성물|산출물)[*_]*\s*\|`)
	rowFileSpan   = mustGate("`([^`\\s/]+\\.\\w+)`")
)

// markInstanceNames marks as a kind of file each bare file name of the sections that place each of
// something in a directory of its own, written as a placeholder: "Each extension should live in its own
// directory under `<extension-id>/`" over "Common files are:" and "- `server.ts` for privileged server
// actions" (the two-hundred-and-ninth holdout's baby-menu, whose one sample extension has no server.ts).
// Such a name is a file each of them may have, wherever the document names it again. Never on a soul
// (SOUL-INV-1): its claims name this tree's files, whatever placeholder its sections also draw.
func markInstanceNames(s *Soul) {
	if s.SoulTissue {
		return
	}
	kinds := instanceNames(s.Claims)
	if len(kinds) == 0 {
		return
	}
	for i := range s.Claims {
		for j := range s.Claims[i].Anchors {
			if a := &s.Claims[i].Anchors[j]; a.Kind == AnchorPath && !a.Link && kinds[a.Path] {
				a.Plural = true
			}
		}
	}
}

// namesChild reports a path anchor naming an entry directly under parent ("src/providers/opencode/" under
// "src/providers/"); an empty parent (a placeholder at the root) has no such entry to name.
func namesChild(anchors []Anchor, parent string) bool {
	return parent != "" && slices.ContainsFunc(anchors, func(a Anchor) bool {
		rest, ok := strings.CutPrefix(a.Path, parent)
		return a.Kind == AnchorPath && ok && rest != "" && !strings.Contains(strings.TrimSuffix(rest, "/"), "/")
	})
}

// instanceNames are the bare file names of the sections that name a placeholder directory.
func instanceNames(claims []Claim) map[string]bool {
	placed := map[int][]string{} // a section's placeholder folders' parents
	for i := range claims {
		if strings.Contains(claims[i].Text, "/`") {
			for _, m := range instanceDir.FindAllStringSubmatch(claims[i].Text, -1) {
				placed[claims[i].Section] = append(placed[claims[i].Section], m[1])
			}
		}
	}
	// A section that also names a folder filling the placeholder lists that one's files: "Each agent
	// backend lives under `src/providers/<name>/`. The only current backend is OpenCode
	// (`src/providers/opencode/`)" over a table of its files, one since deleted (the hundred-and-ninetieth
	// holdout's vulcanum, caught by the regression rerun)
	for i := range claims {
		if slices.ContainsFunc(placed[claims[i].Section], func(parent string) bool { return namesChild(claims[i].Anchors, parent) }) {
			delete(placed, claims[i].Section)
		}
	}
	kinds := map[string]bool{}
	for i := range claims {
		if len(placed[claims[i].Section]) == 0 {
			continue
		}
		for _, a := range claims[i].Anchors {
			// a file's name: ".githooks/" in a list of the repository's folders beside
			// "`harness-installers/<plugin>/output/`" (the hundred-and-ninety-second holdout's
			// RadOrchestration, caught by the regression rerun) is one folder of this tree
			if a.Kind == AnchorPath && !a.Link && !strings.Contains(a.Path, "/") && !strings.HasSuffix(a.Ref, "/") && !strings.HasPrefix(a.Path, ".") && path.Ext(a.Path) != "" {
				kinds[a.Path] = true
			}
		}
	}
	return kinds
}

// instanceDir is a directory in a code span whose last segment is a placeholder: "`<extension-id>/`",
// "`plugins/{name}/`"; $1 is its parent. A bracketed segment is none: Next.js and SvelteKit name real route
// folders so.
var instanceDir = mustGate("`((?:[\\w.@-]+/)*)(?:<[\\w -]+>|\\{[\\w -]+\\})/`")

// scratchFile is a file the sentence says is deleted when its task is done ($1).
var scratchFile = mustGate("`([^`\\s/]+\\.\\w+)`[^.\\n]{0,80}?(?:se\\s+borra|se\\s+elimina|is\\s+deleted|gets\\s+deleted|is\\s+removed|gets\\s+removed|wird\\s+gelöscht|est\\s+supprimé)\\s+(?:cuando|when|once|after|al|wenn|quand|lorsque)\\b")

// markDocumentNames marks the path anchors the rest of the document shows are no claims of existence.
func markDocumentNames(claims []Claim) {
	markEmptied(claims)
	outputs := map[string]bool{}
	names := map[string]bool{}
	// kinds are the bare names the document has called a kind of file ("`.env.example` files are the
	// only ones agents may read"): a later "copy it from the applicable `.env.example`" in the same
	// document means whichever one applies (the sixty-fifth holdout's warehouser)
	kinds := map[string]bool{}
	for i := range claims {
		if strings.Contains(claims[i].Text, "`") && containsFold(claims[i].Text, "writes", "generates", "creates", "emits", "produces") {
			for _, m := range programWrites.FindAllStringSubmatch(claims[i].Text, -1) {
				outputs[strings.TrimPrefix(m[1], "./")] = true
			}
		}
		if containsFold(claims[i].Text, "borra", "elimina", "deleted", "removed", "gelöscht", "supprim") {
			// "`PLAN.md` es un cuaderno de trabajo, no documentación: se borra cuando la tarea termina." (a
			// scratch notebook deleted when the task ends: the two-hundred-and-twelfth holdout's GunShop,
			// whose rule to write progress there names it four times)
			for _, m := range scratchFile.FindAllStringSubmatch(claims[i].Text, -1) {
				outputs[m[1]] = true
			}
		}
		if strings.HasPrefix(claims[i].Text, "|") && producesRow.MatchString(claims[i].Text) {
			for _, m := range rowFileSpan.FindAllStringSubmatch(claims[i].Text, -1) {
				outputs[m[1]] = true
			}
		}
	}
	for i := range claims {
		c := &claims[i]
		if c.Kind == KindCommands && strings.Contains(c.Text, "://") {
			// "wget https://apt.llvm.org/llvm.sh" then "./llvm.sh 17": the block runs what it downloaded
			for _, m := range downloadCmd.FindAllStringSubmatch(c.Text, -1) {
				outputs[m[1]] = true
			}
		}
		if strings.Contains(c.Text, "-") || strings.Contains(c.Text, ">") {
			// before the claim's own anchors: "openssl req … -keyout priv/cert/key.pem" writes the file
			// it names, and a later "Import `priv/cert/key.pem`" names that step's output
			for _, m := range outputFlag.FindAllStringSubmatch(c.Text, -1) {
				outputs[strings.TrimPrefix(m[1], "./")] = true
			}
		}
		for _, k := range c.kinds {
			kinds[k] = true
		}
		for j := range c.Anchors {
			a := &c.Anchors[j]
			if c.excludes && a.Kind == AnchorGlob {
				a.Target = true // "以下内容不参与公开路由：" over "- `**/archive/**`": what a filter leaves out
			}
			if a.Kind == AnchorGlob && outputs[a.Path] {
				a.Target = true // "`pmagent hints export` generates `docs/hints/*.md`": files a command writes
			}
			if a.Kind != AnchorPath {
				continue
			}
			if bare := !strings.Contains(a.Path, "/"); bare && a.Plural {
				kinds[a.Path] = true
			} else if bare && kinds[a.Path] {
				a.Plural = true
			}
			if (a.Kind == AnchorPath || a.Kind == AnchorGlob) && len(c.samples) > 0 && throughSample(a.Path, c.samples) {
				a.Example = true // "To add a pair (e.g. `es-tr`):" over "1. Make `src/data/catalog/es-tr/sets.json`."
			}
			if c.ifExists != "" && (a.Path == c.ifExists || strings.HasPrefix(a.Path, c.ifExists+"/")) {
				a.Target = true // "When `.ai/rules` exists:" over "Read `.ai/rules/index.md`"
			}
			if c.routes && strings.HasSuffix(a.Ref, "/") && path.Ext(strings.TrimSuffix(a.Path, "/")) == "" {
				a.Example = true // "### URLs" over "- `_pin/` - Toggle model pinning": a route, not a place
			}
			if c.styleSample && !strings.Contains(strings.TrimSuffix(a.Path, "/"), "/") {
				a.Example = true // a bare name in an "Examples:" list under a naming rule shows its style
			}
			if outputs[a.Path] || outputs[path.Base(a.Path)] || namedFor(a.Path, names) {
				a.Target = true
			}
		}
		targetBases(c)
		if strings.Contains(c.Text, "`") && containsFold(c.Text, declaredGates...) {
			for _, m := range declaredName.FindAllStringSubmatch(c.Text, -1) {
				names[m[1]+m[2]] = true
			}
		}
	}
}

// markOptionalImports marks the file of an import as one that may be absent when the claims just before it,
// in its section, name the file and say the import is skipped without it: "Project-specific orientation
// lives in `CLAUDE.project.md` (created by the consuming project …). The line below auto-imports it when
// present; Claude Code silently ignores the import if the file is absent." over "@CLAUDE.project.md" (the
// two-hundred-and-thirty-fourth holdout's ScoopBucket, a template's hook). Never in a soul, whose imports
// are its own tree's: saying one is skipped when absent is no way past its check.
func markOptionalImports(s *Soul) {
	if s.SoulTissue {
		return
	}
	for i := range s.Claims {
		if s.Claims[i].Kind == KindImport {
			markOptionalImport(s.Claims, i)
		}
	}
}

// markOptionalImport marks the import at claims[i] (markOptionalImports).
func markOptionalImport(claims []Claim, i int) {
	c := &claims[i]
	var before strings.Builder
	for j := i - 1; j >= 0 && j >= i-3 && claims[j].Section == c.Section; j-- {
		before.WriteString(claims[j].Text)
		before.WriteByte('\n')
	}
	text := before.String()
	if !containsFold(text, "present", "absent", "exists", "missing", "ignore") || !optionalWhen.MatchString(text) {
		return
	}
	for j := range c.Anchors {
		if a := &c.Anchors[j]; a.Kind == AnchorPath && strings.Contains(text, "`"+path.Base(a.Path)+"`") {
			a.Target = true
		}
	}
}

// optionalWhen says a file is used only when it is there.
var optionalWhen = mustGate(`(?i)\b(?:when|if)\s+(?:it\s+is\s+|it['’]s\s+|the\s+file\s+is\s+)?(?:present|absent|exists|missing)\b|\bsilently\s+ignor`)

// markLabelGroups reads the slashed names of a list or table of issue labels ("## Labels" over "- `type/` —
// epic, feature, story") as label groups, not folders. Never in a soul, which keeps its laws: a section
// heading is no way past a check of its own tree.
func markLabelGroups(s *Soul) {
	if s.SoulTissue {
		return
	}
	for i := range s.Claims {
		if !s.Claims[i].labels {
			continue
		}
		for j := range s.Claims[i].Anchors {
			a := &s.Claims[i].Anchors[j]
			if (a.Kind == AnchorPath || a.Kind == AnchorGlob) && path.Ext(a.Path) == "" && strings.Count(strings.TrimSuffix(a.Path, "/"), "/") <= 1 {
				a.Example = true
			}
		}
	}
}

// markInstalled gives every path of a list item whose lead-in places its paths outside the tree (Installed)
// or gives the layout to keep or aim for (advised) the target mark. It runs once the parser knows
// whether the document is a soul, and never on one: a soul's "These paths are gitignored but exist on
// disk:" or "The folder structure must follow these conventions:" over "- `src/gone.go` holds the
// cart." is a claim about its own tree like any other, and the missing file stays drift.
func markInstalled(s *Soul) {
	if s.SoulTissue {
		return
	}
	for i := range s.Claims {
		c := &s.Claims[i]
		if !c.Installed && !c.advised {
			continue
		}
		for j := range c.Anchors {
			// a glob too: "parses each `*_solution.py` and produces:" over "- **`*_reference.py`** (with
			// the `--reference` flag)" (the two-hundred-and-eighth holdout's aisb) names what a run makes
			if k := c.Anchors[j].Kind; k == AnchorPath || k == AnchorGlob {
				c.Anchors[j].Target = true
			}
		}
		targetBases(c)
	}
}

// targetBases gives a bare name the target mark of a path before it in the same claim whose file it
// names: "Once `.github/workflows/deploy.yml` exists it runs … read `deploy.yml` to see what its trigger
// is" (the ninety-eighth holdout's vstack-template-base) speaks of the one file, still to come.
func targetBases(c *Claim) {
	var targets map[string]bool
	for j := range c.Anchors {
		a := &c.Anchors[j]
		if a.Kind != AnchorPath {
			continue
		}
		if !strings.Contains(a.Path, "/") {
			a.Target = a.Target || targets[a.Path]
		} else if a.Target {
			if targets == nil {
				targets = map[string]bool{}
			}
			targets[path.Base(a.Path)] = true
		}
	}
}

// namedFor reports a path that carries the document's chosen name as its file stem: "docs/content/remote.md"
// once the document said it uses `remote` for the reader's new backend.
func namedFor(p string, names map[string]bool) bool {
	if len(names) == 0 {
		return false
	}
	base := path.Base(p)
	return names[strings.TrimSuffix(base, pathExt(base))]
}

// emptyNote is a sentence saying the place just named holds nothing: "Located in `x/experimental/`.
// Currently empty." (parse.go marks the sentence before it).
var emptyNote = mustGate(`(?i)^(?:(?:it|this|that) is |it's )?(?:currently |still |now |for now,? )?(?:empty|unused|a placeholder)(?: for now| so far| at the moment)?[.!]?$`)

// emptiedNote reports a sentence that is only emptyNote. The longest it matches is 45 bytes ("that is
// for now, a placeholder at the moment."), so a sentence past 48 is not read.
func emptiedNote(sentence string) bool {
	t := strings.TrimSpace(sentence)
	return len(t) <= 48 && emptyNote.MatchString(t)
}

// emptyDirNamed is a sentence that says a directory it names holds nothing: "Neither this directory nor
// `rules-readmes/` has any contents today" (the hundred-and-eighty-second holdout's agents-config).
var emptyDirNamed = mustGate("`([^`\\n]+/)`[*_]*" + noContents)

// noContents follows a directory's name with words that say it holds nothing: "has no contents", and
// after "neither … nor", "has any contents".
const noContents = `\s+(?:has|have)\s+(?:no|any)\s+contents\b`

// removedNote is a sentence that says what the one before it named was removed: "`apps/web` and
// `apps/docs` were scaffolds with no business code. Removed in commit `b3830b6` …" (the seventy-fifth
// holdout's apollokit), "… owning `packages/qie-{core,agent,cli}`. That track was parked, then deleted,
// in the rename" (its zkqes). goneNextSentence reads the same within one claim.
var removedNote = mustGate(`(?i)^\W*` + removedClause + `(?:[,.]|` + removedWhere + `)`)

// replacedNote reports a sentence that names what replaces the deprecated name opening the sentence before
// it: "`middleware.ts` is **deprecated** in Next.js 16. The file convention is now `proxy.ts`." (the
// hundred-and-fifty-second holdout's markpost), "… Use `proxy.ts` instead." deprecatedAfter reads the
// same within one sentence.
func replacedNote(prev, sentence string) bool {
	return strings.Contains(prev, "deprecat") && deprecatedOpening.MatchString(prev) && replacementNote.MatchString(sentence)
}

var (
	deprecatedOpening = mustGate("(?i)^[\\s>*_-]*`[^`\\n]+`[*_]*\\s+(?:is|are)\\s+(?:now\\s+)?[*_]*deprecated\\b")
	replacementNote   = mustGate("(?i)^\\W*(?:(?:the|its|their)\\s+)?(?:[\\w-]+\\s+){0,3}?(?:is|are)\\s+now\\s+[*_]*`|^\\W*use\\s+[^.!?\\n]{0,60}\\binstead\\b")
)

// removalLead ends a lead-in whose list is what to delete: "Remove any import lines found. Then
// delete:", "**Delete:**", "Files to remove:" (the forty-sixth holdout's aura_local, a task list whose
// files its own commit had already deleted), "**已删除的文件**（不要重新创建）:" (deleted files, do not
// recreate: the forty-eighth's RecuRun).
var removalLead = mustGate(`(?i)(?:\b(?:delete|remove|drop|purge|retire)d?\b[^.!?:]{0,40}:|(?:` + zhRemoved + `|删除|移除)[^。！？:：]{0,40}[:：])\s*\**\s*$`)

// zhRemoved are the Chinese words for "deleted", "removed", "retired".
const zhRemoved = `已删除|已移除|已废弃`

// removalHeading is a section heading that orders a removal: "TASK 4 — Delete auraStore_temp.ts",
// "Remove the legacy `v1/` API".
var removalHeading = mustGate(`(?i)\b(?:delete|remove|drop|purge|retire)\b`)

// removedSection is a heading over what was deleted: "Deleted files", "Removed modules",
// "已删除的文件（不要重新创建）" (deleted files, do not recreate: the forty-eighth holdout's RecuRun).
// Every name in it is expected absent, and so is every name under "What Does NOT Belong Here" (the
// fifty-fourth holdout's codex-mem: kinds of notes kept in another folder). "Removed permanently (do NOT
// recreate)" (the hundred-and-thirty-second's supastarter) says it twice. "### ❌ 移除（归档到 `backup-v3.1/`）"
// (removed, archived to …: the hundred-and-fortieth's AI-ClaudeCat) is the one word with a note. "What's
// intentionally not here" (the two-hundred-and-thirty-eighth's ai-chatbot-manager: setup scripts kept in
// the operator's own repository) lists what the folder leaves out.
var removedSection = mustGate(`(?i)^\W*(?:deleted|removed|retired)\s+(?:files|paths|directories|folders|modules|scripts|permanently|for\s+good)\b|\b(?:do\s+not|don['’]t|never)\s+(?:re-?create|restore|re-?add|re-?introduce|bring\s+back)\b|^\W*(?:` + zhRemoved + `|删除的文件|удал[её]нные)|^\W*(?:移除|删除|刪除|废弃|廢棄)(?:\s*[（(][^)）]*[)）])?\W*$|\b(?:does\s+not|doesn['’]t|do\s+not|don['’]t)\s+belong\b|\bwhat(?:['’]s|\s+is)\s+(?:intentionally\s+|deliberately\s+)?not\s+(?:here|included|in\s+this\s+repo(?:sitory)?)\b|^\W*(?:intentionally|deliberately)\s+(?:omitted|excluded|left\s+out|not\s+here)\b`)

// markRemovalTasks marks, in a section whose heading orders a file's removal, the anchors naming that
// file: "1. Read `src/stores/auraStore_temp.ts` — merge anything unique, then delete it" under "TASK
// 4 — Delete auraStore_temp.ts" is a step of the removal, and the file's absence is the task done.
func markRemovalTasks(s *Soul) {
	// a heading is read once, not once per claim under it: a long section holds hundreds
	kinds := make([]removalKind, len(s.Sections))
	for i := range s.Claims {
		c := &s.Claims[i]
		if c.Section < 0 || c.Section >= len(s.Sections) {
			continue
		}
		h := s.Sections[c.Section].Heading
		if kinds[c.Section] == removalUnread {
			kinds[c.Section] = removalKindOf(h)
		}
		k := kinds[c.Section]
		if k == removalNone {
			continue
		}
		for j := range c.Anchors {
			a := &c.Anchors[j]
			if (a.Kind == AnchorPath || a.Kind == AnchorGlob) && (k == removalDone || removalNamed(h, a.Path)) {
				a.Absent = true
			}
		}
	}
}

// removalKind is what a heading says of the files under it.
type removalKind uint8

const (
	removalUnread removalKind = iota
	removalNone               // an ordinary heading
	removalOrder              // orders a removal: the files it names after its verb are to go
	removalDone               // lists what was deleted: every name under it is gone
)

func removalKindOf(heading string) removalKind {
	switch {
	case removedSection.MatchString(heading):
		return removalDone
	case removalHeading.MatchString(heading):
		return removalOrder
	}
	return removalNone
}

// removalNamed reports whether a removal heading names the file p after its verb, by its base name.
func removalNamed(heading, p string) bool {
	loc := removalHeading.FindStringIndex(heading)
	base := path.Base(strings.TrimSuffix(p, "/"))
	if loc == nil || base == "." || base == "/" {
		return false
	}
	rest := heading[loc[1]:]
	for from := 0; ; {
		i := strings.Index(rest[from:], base)
		if i < 0 {
			return false
		}
		start, end := from+i, from+i+len(base)
		// the whole name, not a part of a longer word ("parse" in "the old parser")
		if (start == 0 || !isPathByte(rest[start-1])) && (end == len(rest) || !isPathByte(rest[end]) || rest[end] == '.' && (end+1 == len(rest) || !isPathByte(rest[end+1]))) {
			return true
		}
		from = end
	}
}

// markEmptied marks the path and glob anchors of a claim the next sentence of its paragraph calls
// empty: git keeps no empty directory, so the place's absence is what the text says. Those of an item
// a "Never:" list forbids to make are places not to make, whether or not one is there; those of an item
// under a future shape are where things are to go, whether or not one was there once (OpenExcel's
// "Recommended future shape:" over a `src/modules/runs` whose skeleton was removed).
func markEmptied(claims []Claim) {
	for i := range claims {
		if claims[i].goneSubject != "" {
			for j := range claims[i].Anchors {
				if a := &claims[i].Anchors[j]; a.Ref == claims[i].goneSubject && (a.Kind == AnchorPath || a.Kind == AnchorGlob) {
					a.Absent, a.Former = true, true
				}
			}
		}
		if claims[i].emptySubject != "" {
			for j := range claims[i].Anchors {
				if a := &claims[i].Anchors[j]; a.Ref == claims[i].emptySubject && a.Kind == AnchorPath {
					a.Absent = true
				}
			}
		}
		if !claims[i].emptied && !claims[i].forbidden && !claims[i].future {
			continue
		}
		for j := range claims[i].Anchors {
			a := &claims[i].Anchors[j]
			if a.Kind != AnchorPath && a.Kind != AnchorGlob {
				continue
			}
			if claims[i].emptied {
				a.Absent = true
			} else {
				a.Target = true
			}
		}
	}
}

// markKnownGone marks every path the document names at or below a directory it says is gone. A log of a
// port ("The Python replacement for `server/`", "the loaders of `server/tsv-storage.ts`", and a late
// heading "The cutover itself — `server/` is gone": the hundred-and-twenty-fifth holdout's pinakes,
// twenty rows of one services/api/CLAUDE.md) names the old code as where the new came from; the reader
// has been told it is gone. Only the document's own words count, said right after the directory's name
// (saidGoneDir), and a name that is there passes as before. The flags the sentences' own cues set are
// not read: one misread clause would speak for every mention (a file: "Deleting the legacy
// `net.http_request` shortcut … In `crates/sidecar/src/execution.rs`", the hundred-and-first's
// agent-os, would have taken twenty-two true rows with it; a directory: "stays in `backend/sql/` until
// … applied, then it is deleted", the hundredth's eCRM).
func markKnownGone(s *Soul) {
	dirs := saidDirs(s, nil, saidGoneDir, "gone", "deleted", "removed", "retired")
	markUnderDirs(s, dirs, func(a *Anchor) bool { return a.Absent }, func(a *Anchor) { a.Absent = true })
}

// markMaybeDirs marks every path the document names at or below a directory it says may not be there:
// "If `.10x/` doesn't exist, the project hasn't been initialized" (the hundred-and-twenty-ninth
// holdout's 10x-development-team, a plugin whose instructions read and write `.10x/tasks.json` and
// `.10x/dev-log.md` in each project it sets up: 24 rows). Every such file is a place the agent fills
// where the directory is made, not a file of this repository. The document's own condition, right
// around the directory's name (saidMaybeDir), is the only evidence read.
func markMaybeDirs(s *Soul) {
	dirs := saidDirs(s, nil, saidMaybeDir, "exist", "missing", "absent", "present", "there")
	dirs = saidDirs(s, dirs, saidDeletedDir, "delet", "remov", "wipe", "clean")
	markUnderDirs(s, dirs, func(a *Anchor) bool { return a.Absent || a.Target }, func(a *Anchor) { a.Target = true })
}

// saidDirs adds to dirs (made when nil and needed) the directories the document's headings and
// sentences name in re's last group, read only where a text holds one of words. When re has two
// groups, a match whose first group is set (a negation) names none.
func saidDirs(s *Soul, dirs map[string]bool, re *literalGated, words ...string) map[string]bool {
	said := func(text string) {
		// a directory's name ends in a slash: the byte search (fast) before the words (a pass each)
		if strings.IndexByte(text, '/') < 0 || !containsFold(text, words...) {
			return
		}
		for _, m := range re.FindAllStringSubmatch(text, -1) {
			if len(m) > 2 && m[1] != "" {
				continue // a negated verb: "NEVER delete the `specs/` directory" (the hundred-and-twenty-sixth's quorum-ai)
			}
			if p := goneKey(m[len(m)-1]); p != "" {
				if dirs == nil {
					dirs = map[string]bool{}
				}
				dirs[p] = true
			}
		}
	}
	for _, sec := range s.Sections {
		said(sec.Heading) // "## The cutover itself — `server/` is gone (pinakes:80 US-2)"
	}
	for i := range s.Claims {
		said(s.Claims[i].Text)
	}
	return dirs
}

// markUnderDirs applies mark to each path or glob anchor at or below one of dirs that done does not
// already report.
func markUnderDirs(s *Soul, dirs map[string]bool, done func(*Anchor) bool, mark func(*Anchor)) {
	if dirs == nil {
		return
	}
	for i := range s.Claims {
		for j := range s.Claims[i].Anchors {
			a := &s.Claims[i].Anchors[j]
			if (a.Kind != AnchorPath && a.Kind != AnchorGlob) || done(a) {
				continue
			}
			for d := goneKey(a.Path); d != "." && d != "/" && d != ""; d = path.Dir(d) {
				if dirs[d] {
					mark(a)
					break
				}
			}
		}
	}
}

// saidDeletedDir is a directory a step of the document deletes, whole: "Delete the entire `pipeline/`
// directory — this includes risk_manifest.json, progress.md, …", "it is deleted along with the rest of
// `pipeline/` after Gate 3 approval" (the hundred-and-thirty-fifth holdout's ai-trading-agent, whose
// workflow writes its working state there for one run: sixteen rows). What lives there comes and goes.
// "NEVER delete the `specs/` directory" says the opposite: the first group catches the negation.
var saidDeletedDir = mustGate("(?i)\\b(never\\s+|not\\s+|n['’]t\\s+|no\\s+)?(?:delete[sd]?|remove[sd]?|wipe[sd]?|clean(?:s|ed)?\\s+up)\\s+(?:along\\s+with\\s+|with\\s+)?(?:the\\s+)?(?:rest\\s+of\\s+(?:the\\s+)?)?(?:entire\\s+|whole\\s+|all\\s+of\\s+)?`([\\w.@-]+(?:/[\\w.@-]+)*/)`")

// saidMaybeDir is a directory a sentence makes a condition of: "if `.10x/` doesn't exist", "when
// `out/` is missing", "if the `cache/` directory exists".
var saidMaybeDir = mustGate("(?i)\\b(?:if|when|unless|whether)\\s+(?:the\\s+)?`?([\\w.@-]+(?:/[\\w.@-]+)*/)`?\\s+(?:(?:directory|folder|dir)\\s+)?(?:does\\s*n[o']?t\\s+(?:yet\\s+)?exist|do\\s+not\\s+exist|is\\s+(?:missing|absent|not\\s+(?:there|present)|present)|isn['’]t\\s+there|(?:already\\s+)?exists)\\b")

// saidGoneDir is a directory a sentence or a heading says is gone, the verb right after its name: "`server/`
// is gone", "`legacy/` was deleted". A heading keeps its words, not its code spans, so the quotes are
// optional; a clause further off ("stays in `sql/` until applied, then it is deleted") is another
// thing's.
var saidGoneDir = mustGate("(?i)(?:^|[\\s(`])`?([\\w.@-]+(?:/[\\w.@-]+)*/)`?\\s*(?:is|are|was|were|has\\s+been|have\\s+been)\\s+(?:now\\s+)?(?:gone|deleted|removed|retired)\\b")

// goneKey is a path as markKnownGone compares it: cleaned, without "./" or a trailing slash.
func goneKey(p string) string {
	p = path.Clean(strings.TrimPrefix(p, "./"))
	if p == "." || p == "/" || strings.HasPrefix(p, "../") {
		return ""
	}
	return p
}

// plannedLeadIn ends a lead-in over a list of what is planned, not built: "Key components (as
// planned):" over `packages/client-tauri/` and `packages/ta-intel-sgx/` (the fifty-eighth holdout's
// AirAccount, which built some of them). A task plan's "**Files to create:**" (the ninety-eighth
// holdout's neuroweave, whose tests landed under other names) lists what the task was to write, and
// so does a plan's "**Deliverables:**" (the hundred-and-thirtieth's otterfall, each batch's new folders)
// and a starter's "You can add these directories as needed:" (the hundred-and-thirty-third's templates).
// Other languages say planned so too: German "**Common (geplant):**", "**Geplant:**" over components and
// pages still to write (the hundred-and-thirty-sixth's 66_HAUSVERWALTUNG_NEBENKOSTEN). A line that opens
// by telling the reader to create files lists the files to write: "Crear archivos en `types/` con
// nombres descriptivos:" over `types/dtos.ts`, `types/forms.ts` (the hundred-and-seventy-second's PetSiKness).
var plannedLeadIn = mustGate(`(?i)\b(?:as\s+planned|planned|proposed|deliverables?|(?:can|may)\s+(?:add|create)\b[^.!?:\n]{0,40}?\bas\s+needed|to\s+be\s+(?:built|added|created|written|implemented)|not\s+yet\s+(?:built|implemented|created)|(?:new\s+)?(?:files?|modules?|tests?|components?)\s+to\s+(?:create|add|write)|geplant|prévue?s?|previst[oa]s?|planejad[oa]s?|planificad[oa]s?)\b[^.!?:\n]{0,30}\)?\s*[:：]\s*\**\s*$|^\W*(?:create|crear|criar|créer|créez|erstelle|erstellen)\s+(?:(?:new|nuevos|novos|nouveaux|neue)\s+)?(?:files?|archivos|arquivos|fichiers|dateien|modules?|módulos)\b[^.!?:\n]{0,60}[:：]\s*\**\s*$`)

// placeLeadIn ends a lead-in that places its list in a directory: "**📁 Additional Context Files (in
// `/.claude/context/`):**" over "- `backend/common-mistakes.md`" (the ninety-eighth holdout's PicAI,
// whose .claude/ .gitignore keeps on each machine). The items are read under it as under a folder item.
var placeLeadIn = mustGate("(?i)\\b(?:in|under|inside|within)\\s+(?:the\\s+)?`(?:\\./|/)?([^`\\s]+/)`(?:\\s+(?:folder|directory|dir))?\\s*\\)?\\s*[:：]\\s*\\**\\s*$")

// futureLeadIn ends a lead-in over the shape the code is to take: "Recommended future shape:" (the
// sixty-first holdout's OpenExcel). Unlike a planned component, built and then removed (drift: the
// design changed), a place of a target layout says nothing of what is there today.
var futureLeadIn = mustGate(`(?i)\b(?:future|target|eventual|intended)\s+(?:shape|layout|structure|tree|organi[sz]ation)\b[^.!?:\n]{0,30}\)?\s*[:：]\s*\**\s*$`)

// populateLeadIn ends a lead-in that has jobs or scripts fill a directory: the items under it are what
// they will write there. "Schedule jobs or run local scripts to populate `metrics/`:" over "-
// `metrics/flow.json`: PR lead time, …" (the hundred-and-fifty-fifth holdout's clarivum, four files of a
// pipeline still in its backlog).
var populateLeadIn = mustGate("(?i)\\b(?:populate|generate|produce|fill|write\\s+(?:to|into))\\s+(?:the\\s+)?`(?:\\./)?[^`\\s]+/`(?:\\s+(?:folder|directory|dir))?\\s*[:：]\\s*\\**\\s*$")

// excludeLeadIn ends a lead-in over what a program leaves out: "The following are excluded from the
// build:", "以下内容 **不参与** 公开路由（`rspress.config.ts` → `route.exclude`）：" (the following do not join the
// public routes: the hundred-and-thirty-first holdout's ScriptsForMinecraftServer, over `**/archive/**`
// and `**/superpowers/**`, "the directory may not exist").
var excludeLeadIn = mustGate(`(?i)(?:\b(?:exclud(?:es?|ed|ing)|ignor(?:es?|ed|ing)|skip(?:s|ped|ping)?)\b|排除|忽略|不参与|不包含|除外|無視)[^\n]{0,120}[:：][*_\s]*$`)

// untrackedLeadIn ends a lead-in over paths git does not keep: "The following paths are gitignored but
// exist on disk:", "以下路径被 `.gitignore` 忽略，但**磁盘上真实存在且有价值**，……：" (the hundred-and-ninety-third
// holdout's xiangyang-invest, over model weights its .gitignore does not list by that name).
var untrackedLeadIn = mustGate("(?i)(?:\\b(?:git-?ignored|untracked|not\\s+(?:tracked|committed|in\\s+git|under\\s+version\\s+control))\\b|\\bignored\\s+by\\s+(?:git\\b|`?\\.gitignore)|\\b(?:listed\\s+)?in\\s+`?\\.gitignore|被\\s*`?\\.?gitignore`?\\s*忽略|被\\s*git\\s*忽略|不受版本控制|未被?跟踪|未纳入版本)[^\\n]{0,160}[:：][*_\\s]*$")

// ignoreHeading is a section of what a reader or a tool leaves alone: "## Ignore By Default" over
// "- `script/seed/*.parquet`" (the hundred-and-forty-fifth holdout's hecon app, whose seeds left git).
var ignoreHeading = mustGate(`(?i)^\W*(?:ignore(?:d)?(?:\s+(?:by\s+default|paths|files|list))?|excluded(?:\s+paths)?|do\s+not\s+(?:read|touch|open))\W*$`)

// exampleLeadIn is a lead-in that says its list holds examples: "Examples:", "For example:", "e.g.:".
// Under a naming rule ("## File Naming Convention": `{date}-{title}.md`, then "Examples:" over
// `2026-02-11-confirmation-dialog-migration.md`, the sixty-first holdout's helios-flow) the names show
// the rule's style. Chinese "例如以下命名要高度警惕：" (for example, be wary of these names:) over `utils.rs`,
// `helpers.rs` (the hundred-and-thirtieth holdout's UniClipboardsss) opens the same way.
var exampleLeadIn = mustGate(`(?i)^\W*(?:for\s+)?(?:examples?|e\.g\.)\b[^.!?:\n]{0,40}[:：]\s*\**\s*$|^\W*(?:例如|比如|譬如|例えば|たとえば|예를\s*들어|예컨대)[^。.!?:\n]{0,40}[:：]\s*\**\s*$`)

// forbidLeadIn ends a lead-in over a list of things not to do: "Never:", "🚫 Never:", "**Don't**:",
// "Do not do the following:" (the fifty-third holdout's GodeX, three documents).
var forbidLeadIn = mustGate(`(?i)(?:^|[^\p{L}])(?:never|do\s+not|don['’]t|must\s+not)\b[^.!?:\n]{0,30}[:：]\s*\**\s*$`)

// forbidAddLeadIn ends a lead-in whose own verb forbids making what it lists: "Do not add:", "Never
// reintroduce:", "禁止新增：" (forbidden to add; the seventy-fifth holdout's tether, over
// "- `apps/gateway/src/store.ts`", a store its gateway deleted on purpose). A list of files an agent must not
// read, "禁止读取：" (the hundred-and-sixty-eighth's CQUPT_Raft, over a context file git no longer tracks),
// keeps them out whether or not one is there. A heading right over the list leads it the same way: "### ❌
// ABSOLUTELY FORBIDDEN TO CREATE UNLESS USER SPECIFICALLY ASKS:" over "- **ANY** summary files (e.g.,
// `*_SUMMARY.md`, …)" (the two-hundred-and-third holdout's enhanced-ado-mcp). "**FORBIDDEN root-level file
// patterns:**" (the two-hundred-and-sixteenth's ScaledTest) lists names of files not to make. "❌ **DO NOT
// commit:**" (the two-hundred-and-fifty-first's infinite-room-labs-infra) lists what stays out of git.
var forbidAddLeadIn = mustGate(`(?i)(?:(?:^|[^\p{L}])(?:never|do\s+not|don['’]t|must\s+not|(?:forbidden|prohibited|not\s+allowed)\s+to)\s+(?:re-?)?(?:add|create|introduce|reintroduce|recreate|restore|bring\s+back|read|open|load|commit|check\s+in)\b|(?:^|[^\p{L}])(?:forbidden|prohibited|banned|disallowed)\s+(?:[\w-]+\s+){0,2}?(?:files?|file\s+(?:names?|patterns?)|paths?|folders?|directories)\b|禁止(?:再)?(?:新增|添加|恢复|创建|引入|读取|阅读|打开)|不要(?:再)?(?:新增|添加|恢复|创建|读取|阅读|打开))[^.!?:\n]{0,40}[:：]\s*\**\s*$`)

// makeItem opens a list item with a verb that makes a file, or makes one again: "Recreate
// `src/adapter/mapper`, `src/adapter/provider.ts`, or provider-specific mapper forests." Under a
// forbidding lead-in the item names what must not be made, which history may have deleted on purpose.
var makeItem = mustGate(`(?i)^[*_\s]*(?:re-?create|re-?add|re-?introduce|restore|bring\s+back|create|introduce|add\s+back)\b`)

// A naming pattern: a name with <placeholders> a document shows for the reader's own files,
// "`<PR_number>.<type>.md`" (towncrier's changelog fragments), "`<timestamp>_<name>.sql`". The names
// near it that fit the pattern, or its tail after a dot or a slash, are its instances and its parts
// ("`changelog/5678.fixed.md`", the kinds "`security.md` - Security fixes"), not files the repository
// keeps (the ninth holdout: pipecat's CONTRIBUTING). Near is within patternReach lines either way.
var namePattern = mustGate(`[\w./-]*<[A-Za-z_][\w -]{0,30}>[\w./<>-]*`)

const patternReach = 40

// markPatternInstances marks (Target) the path anchors a nearby naming pattern of src accounts for.
// lineOf is the parser's own (parse.go).
func markPatternInstances(claims []Claim, src []byte, lineOf func(int) int) {
	if !bytes.Contains(src, []byte("<")) {
		return
	}
	type fit struct {
		line  int
		re    *regexp.Regexp
		whole bool // the pattern itself, not a tail
	}
	var fits []fit
	for _, m := range namePattern.FindAllIndex(src, -1) {
		pat := string(src[m[0]:m[1]])
		if !strings.ContainsAny(pat, "./") || strings.Contains(pat, "://") {
			continue
		}
		line := lineOf(m[0])
		for k, t := range patternTails(pat) {
			fits = append(fits, fit{line, t, k == 0})
		}
	}
	if len(fits) == 0 {
		return
	}
	for i := range claims {
		for j := range claims[i].Anchors {
			a := &claims[i].Anchors[j]
			if a.Kind != AnchorPath || a.Link {
				continue
			}
			for _, f := range fits {
				if abs(a.Line-f.line) > patternReach {
					continue
				}
				// the whole pattern fits a path or its file name; a tail only a bare name (a kind)
				if f.whole && (f.re.MatchString(a.Path) || f.re.MatchString(path.Base(a.Path))) || !f.whole && !strings.Contains(a.Path, "/") && f.re.MatchString(a.Path) {
					a.Target = true
					break
				}
			}
		}
	}
}

// patternTails are the regexps of a naming pattern and of each tail of it after a dot or a slash
// that still holds a placeholder: "<PR_number>.<type>.md" gives the whole and "<type>.md". The whole
// comes first, when it holds a dot.
func patternTails(pat string) []*regexp.Regexp {
	var out []*regexp.Regexp
	for i := 0; i < len(pat); i++ {
		if i > 0 && pat[i-1] != '.' && pat[i-1] != '/' {
			continue
		}
		tail := pat[i:]
		if !strings.Contains(tail, "<") || !strings.ContainsAny(tail, ".") {
			continue
		}
		var b strings.Builder
		b.WriteString("^")
		for rest := tail; rest != ""; {
			lt := strings.IndexByte(rest, '<')
			if lt < 0 {
				b.WriteString(regexp.QuoteMeta(rest))
				break
			}
			gt := strings.IndexByte(rest[lt:], '>')
			if gt < 0 {
				b.WriteString(regexp.QuoteMeta(rest))
				break
			}
			b.WriteString(regexp.QuoteMeta(rest[:lt]))
			b.WriteString(`[^/]+`)
			rest = rest[lt+gt+1:]
		}
		b.WriteString("$")
		if re, err := regexp.Compile(b.String()); err == nil {
			out = append(out, re)
		}
	}
	return out
}

// pendingHeading is a section heading over what the project does not have yet: "What's missing today
// (out of scope, but worth tracking)", "Not yet implemented", "Future work", "Roadmap", and a release's
// remainder: "Follow-through (not in v0.0.1)" (the sixty-seventh holdout's sveltesentio; a bare "Known
// follow-through" over "[x] … shipped" items is no such heading), and a suggested shape: "建议应用结构"
// (suggested app structure) over "if the task asks for a scaffold, keep to a structure like" (the
// sixty-ninth's Asteria), and what a build writes: "## What Gets Generated" over "- `state.ts` - App state
// type from `setup()`" (the seventieth's agentuity sdk, whose build writes state.ts only when an app
// needs it; a bare "Generated Code (ent/)" is no such heading: round 56's ent lists committed files
// under it, one of them gone).
var pendingHeading = mustGate(`\b(?:what's missing|what is missing|missing today|not yet (?:implemented|built|done|supported)|future (?:work|plans|ideas)|roadmap|wishlist|follow-ups?|not (?:yet )?in v?\d[\w.]*|planned (?:work|features|changes)|suggested (?:app(?:lication)? |project |directory )?(?:structure|layout)|what gets generated)\b|(?:建议|推荐)的?\p{Han}{0,4}(?:结构|目录)|` + scriptMadeHeading)

// scriptMadeHeading says a script of the project puts what the section lists in place: "## Skills
// (installed by bootstrap.sh)" over a table of skills/ez-agents/ and skills/ralph-zero/ that the script
// clones at setup (the hundred-and-sixty-first holdout's skyplix, four rows in two documents).
const scriptMadeHeading = `\b(?:installed|created|generated|downloaded|cloned|fetched|written)\s+by\s+(?:the\s+)?(?:[\w./-]+\.(?:sh|py|ps1|js|mjs|ts|rb|bash)\b|(?:setup|bootstrap|install(?:er)?|init)\s+script\b)`

// markPendingSections makes the paths of a pending section places to fill: "- `core/config/hooks_sglang.go`
// — there is no SGLang equivalent" under "What's missing today" (the thirty-third holdout's LocalAI)
// names a file still to write.
func markPendingSections(s *Soul) {
	pending := make([]bool, len(s.Sections))
	any := false
	for i := range s.Sections {
		sec := &s.Sections[i]
		pending[i] = sec.Parent >= 0 && sec.Parent < i && pending[sec.Parent] || pendingHeading.MatchString(normalHeading(sec.Heading))
		any = any || pending[i]
	}
	if !any {
		return
	}
	for i := range s.Claims {
		c := &s.Claims[i]
		if c.Section < 0 || c.Section >= len(pending) || !pending[c.Section] {
			continue
		}
		for j := range c.Anchors {
			if c.Anchors[j].Kind == AnchorPath || c.Anchors[j].Kind == AnchorGlob {
				c.Anchors[j].Target = true
			}
		}
	}
}

// messageHeading is a section heading over how commit messages or pull request titles are written.
var messageHeading = mustGate(`\b(?:commit (?:messages?|message format|message style|conventions?|style)|conventional commits?|(?:pr|pull request) titles?)\b`)

// dropMessageExamples takes the anchors out of an example message: a claim that is one code span alone,
// in a section on writing commit messages. gitoxide's DEVELOPMENT.md lists "Examples could be:" and
// then "`make fmt`", a commit's subject line, not a make target to run (the thirty-sixth holdout). A
// sentence of such a section keeps its anchors ("run `make changelog` before you commit").
func dropMessageExamples(s *Soul) {
	for i := range s.Claims {
		c := &s.Claims[i]
		if c.Section < 0 || c.Section >= len(s.Sections) || len(c.Anchors) == 0 || !loneSpan(c.Text) {
			continue
		}
		if messageHeading.MatchString(normalHeading(s.Sections[c.Section].Heading)) {
			c.Anchors = nil
		}
	}
}

// loneSpan reports a claim's text that is a single code span and nothing else.
func loneSpan(text string) bool {
	t := strings.TrimSpace(text)
	return len(t) > 2 && t[0] == '`' && t[len(t)-1] == '`' && !strings.Contains(t[1:len(t)-1], "`")
}

// readerMade is a span the reader is told to create, with what may follow it: "Create a `vcluster.yaml`
// that sets the image" (loft-sh/vcluster's CONTRIBUTING.md, the thirty-sixth holdout). "Create a
// `CHANGELOG.md` entry" names a file that is there, and is not matched.
var readerMade = mustGate("(?i)\\bcreate\\s+(?:a\\s+|an\\s+|the\\s+|your\\s+)?(?:new\\s+)?(?:file\\s+)?(?:(?:named|called)\\s+)?`([^`\\s]+)`(?:\\s+file)?(?:\\s*$|\\s*[.:;,)]|\\s+(?:that|which|with|containing|in|under|at|for|like)\\b)")

// touchLine is a command that makes empty files or directories: "touch src/utils/multiply.test.ts",
// "mkdir -p docs/new".
var touchLine = mustGate(`(?m)^\s*(?:\$\s+)?(?:touch|mkdir)\s+([^;&|<>#\n]+)`)

// touched adds the paths a command block's touch and mkdir lines make: msw's CONTRIBUTING.md has the
// reader run "touch src/utils/multiply.test.ts" for a test of their own, then "pnpm test:unit
// src/utils/multiply.test.ts" (the forty-first holdout).
func touched(block string, made map[string]bool) {
	if !strings.Contains(block, "touch") && !strings.Contains(block, "mkdir") {
		return
	}
	for _, m := range touchLine.FindAllStringSubmatch(block, -1) {
		for _, f := range strings.Fields(m[1]) {
			if !strings.HasPrefix(f, "-") {
				made[strings.TrimSuffix(strings.TrimPrefix(f, "./"), "/")] = true
			}
		}
	}
}

// markReaderMade makes every mention of a file the document tells the reader to create a place to fill:
// the steps after "Create a `vcluster.yaml`" say "using your `vcluster.yaml`" and pass
// `-f ./vcluster.yaml`, the reader's own file, which no checkout holds.
func markReaderMade(s *Soul) {
	made := map[string]bool{}
	for i := range s.Claims {
		if s.Claims[i].Kind == KindCommands {
			touched(s.Claims[i].Text, made)
			continue
		}
		if !hasFoldASCII(s.Claims[i].Text, "create") {
			continue
		}
		for _, m := range readerMade.FindAllStringSubmatch(s.Claims[i].Text, -1) {
			made[strings.TrimPrefix(m[1], "./")] = true
		}
	}
	if len(made) == 0 {
		return
	}
	for i := range s.Claims {
		for j := range s.Claims[i].Anchors {
			a := &s.Claims[i].Anchors[j]
			if a.Kind == AnchorPath && !a.Link && made[strings.TrimSuffix(strings.TrimPrefix(a.Path, "./"), "/")] {
				a.Target = true
			}
		}
	}
}
