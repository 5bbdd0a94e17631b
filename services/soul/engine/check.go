package engine

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"time"
)

// CheckOptions tunes one check.
type CheckOptions struct {
	Now           time.Time
	Brain         string
	Prober        Prober
	IncludeClaims bool
	// LiveBudget overrides DefaultLiveBudget when positive.
	LiveBudget int
	// Source is the soul's bytes, for the report's content hash.
	Source []byte
}

// Check verifies every claim of a parsed soul against a repository and returns the honesty report.
// Claim states are computed here and nowhere stored (SOUL-INV-7).
func Check(ctx context.Context, soul *Soul, repo Repo, opts CheckOptions) (*Report, error) {
	v := &verifier{repo: repo, soul: soul, opts: opts, calls: map[CheckClass]int{}, files: map[string][]byte{}, makeTargets: map[string]map[string]bool{}, evidenced: map[string]bool{}, globNever: map[string]bool{}, unseenTargets: map[string]bool{}, commandNever: map[string]bool{}}
	rep := &Report{Schema: SchemaCheck, Brain: opts.Brain, SoulPath: soul.Path, Headline: soul.Headline, CheckedAt: opts.Now, Truncated: soul.Truncated}
	if len(opts.Source) > 0 {
		sum := sha256.Sum256(opts.Source)
		rep.SoulSHA256 = hex.EncodeToString(sum[:])
	}
	if repo.Git() {
		rep.RepoSHA = repo.Head().SHA
	}
	results := make([]ClaimResult, len(soul.Claims))
	for i := range soul.Claims {
		c := &soul.Claims[i]
		results[i] = ClaimResult{Claim: *c, Section: v.sectionName(c.Section)}
		switch c.Tissue {
		case TissueDeclared:
			results[i].State = StateDeclared
		case TissueHistory:
			results[i].State = StateHistory
		}
	}
	v.treeRoots(results)
	if err := v.prepare(ctx, results); err != nil {
		return nil, err
	}
	v.awayNames = v.namesAway()
	for i := range results {
		if results[i].State == "" {
			v.judge(&results[i])
		}
	}
	v.recall(ctx, results)
	v.globHistory(ctx, results)
	v.traceEvidence(ctx, results)
	v.traceLineOrigins(ctx, results)
	v.traceLineMoves(ctx, results)
	v.traceDatedEntries(ctx, results)
	v.traceTestCounts(ctx, results)
	v.traceCommands(ctx, results)
	v.autoSections(results)
	consistency(results, v.soul)
	supersession(results, v.soul)
	v.aged = v.ageOut(ctx, results)
	v.summarize(ctx, rep, results)
	return rep, nil
}

type verifier struct {
	// asideDoc says why the document describes no tree of this repository (asidedoc.go): "" when it
	// does, unset until read (asideRead).
	asideDoc  string
	asideRead bool
	// docInCommit caches whether the document was in a commit (recall.go docAt).
	docInCommit map[string]bool
	// outsidePlaces are the absolute places the document names (checkouts.go outsidePlace), read once.
	outsidePlaces     []string
	outsidePlacesRead bool
	// docDirState says whether the document's directory holds nothing but handoff documents
	// (unbuiltDocDir): 0 not read yet, 1 it does, 2 it holds more.
	docDirState uint8
	// bundles maps the bare script names the document calls a build's product to the tracked source of
	// their stem, "" when none is tracked (judge.go bundled), read at first need.
	bundles map[string]string
	// imageDirs maps the directories a Dockerfile's RUN mkdir makes to that Dockerfile (buildproducts.go
	// imageMade), read at first need.
	imageDirs map[string]string
	// rootReadmeRead and rootReadmeText cache the repository's README (asidedoc.go); scriptsNoPackage
	// caches scriptsWithoutPackage (judge.go) and chezmoi caches chezmoiRepo: 0 unasked, 1 yes, 2 no.
	rootReadmeRead   bool
	rootReadmeText   string
	scriptsNoPackage int8
	chezmoi          int8
	// outsideBases caches the base names of the paths the document places outside the repository
	// (awayGlob), nil until asked.
	outsideBases []outsideBase
	// awayNames are the bare file names the document places in another checkout (checkouts.go).
	awayNames map[string]bool
	// repoNames are the names the document calls repositories (checkouts.go, reposNamed), read once.
	repoNames    map[string]bool
	repo         Repo
	soul         *Soul
	opts         CheckOptions
	calls        map[CheckClass]int
	batch        BatchAnswer
	prs          map[int]bool
	prConvention bool
	// changelogVersions are the versions the root changelog's headings record, read at first need.
	changelogVersions map[string]bool
	// ignoredEntries maps the bare names of the document's tree entries that .gitignore keeps out to
	// their paths (verify.go ignoredTreeEntry), read at first need.
	ignoredEntries map[string]string
	// ownNameList caches ownNames (verify.go).
	ownNameList []string
	// linkedRepoSet caches linkedRepos (verify.go): the forge repositories the document links, by name.
	linkedRepoSet map[string]bool
	// copyDir caches copiedFrom (judge.go): the folder of the guide this document is a byte-for-byte copy
	// of, "" for none; copyDirRead marks it computed.
	copyDir     string
	copyDirRead bool
	// sectionPlaces caches, per section, the machine place a claim of it gives (checkouts.go sectionPlace).
	sectionPlaces map[int]sectionPlaceAt
	// cssClasses caches, per CSS class asked, whether a stylesheet declares it (verify.go styleDeclares).
	cssClasses map[string]bool
	// madeVersions are the versions the document's own commands tag or release (releases.go madeHere).
	madeVersions map[string]bool
	files        map[string][]byte
	makeTargets  map[string]map[string]bool
	makeFiles    map[string]string // the Makefile each of makeTargets' directories was read from
	// makeIncluded lists, per directory of makeTargets, the files its Makefile's include directives
	// brought in: a target defined there and removed is history's evidence too (commandtrace.go)
	makeIncluded map[string][]string
	// makeMacros holds, per directory of makeTargets, the targets its Makefile writes with variables
	// (make_macros.go); unseenTargets holds the make anchors failed against a list such a target may extend,
	// and the package-manager commands of a repository that builds that package manager.
	makeMacros map[string][]macroTarget
	// makeOutside names, per directory of makeTargets, an include its Makefile takes from outside the
	// repository ("include $(PGXS)"), whose targets soul cannot list
	makeOutside   map[string]string
	unseenTargets map[string]bool
	npmScripts    map[string]bool
	symbols       *symbolIndex
	// missing holds strong paths absent from the tree, answered by the batch.
	missing map[string]bool
	// ignoreDirList caches ignoreDirs; configFileList caches configFiles; rootIgnoreList the root
	// .gitignore's patterns (outputdirs.go rootIgnoreLines).
	ignoreDirList  []string
	rootIgnoreList []string
	configFileList []string
	// gitmodules caches the submodule paths .gitmodules declares (judge.go submoduleOf), read once.
	gitmodules map[string]bool
	// aged are the age findings of the check (age.go), additive to the claims' states.
	aged []Finding
	// byExt are the tracked files of each extension a bare name asked for (evidence.go filesOf).
	byExt map[string][]string
	// pkgJSONs are the dependency manifests outside example directories (package.json, composer.json,
	// Python's and the JVM's), read for framework versions (frameworks.go dependencyManifests).
	pkgJSONs map[string]packageJSON
	// pkgPaths are pkgJSONs' paths, sorted once
	pkgPaths []string
	// headings are the heading keys of the markdown files links name with a fragment (fragments.go).
	headings map[string]map[string]bool
	// rows are the findings listed so far, so no anchor is listed twice on one line (passes.go addRow).
	rows map[rowKey]bool
	// schemes counts the tags of each version scheme a release claim named (releases.go).
	schemes map[string]schemeCount
	// everAsked holds the paths the check asked history about, so a path absent from the answer is
	// known never to have landed (tiers.go), not merely unasked.
	everAsked map[string]bool
	// evidenced holds the traceless anchors the tree or history gave evidence against (evidence.go).
	evidenced map[string]bool
	// globNever holds the failed globs no path of history ever matched (globtrace.go).
	globNever map[string]bool
	// split is the top directory the document writes this repository's paths under (parents.go),
	// read once per check: splitRead says it was
	split     string
	splitRead bool
	// dartDeps are the packages the tracked pubspec.yaml files depend on, read once per check (parents.go)
	dartDeps map[string]bool
	// packages lists the workspace's package.json files once per check (workspace.go).
	packages []string
	// commandNever holds the failed make targets and npm scripts no commit ever defined in the manifest
	// they were checked against (commandtrace.go).
	commandNever map[string]bool
	// census is the share of source files soul cannot read in the document's scope and whether the
	// repository holds a "::" language, counted once per check when a symbol finding first asks
	// (blind.go); nil until then.
	census *sourceCensus
	// crates maps each Rust crate of the workspace, by the name code writes it (`-` as `_`), to its
	// directory, read once per check when a `crate::` name first asks (symbols.go); nil until then.
	crates map[string]string
	// cargoDeps are the crates the workspace's Cargo.toml files depend on, by the name code writes them
	// (`-` as `_`), read once per check when a `crate::` name first asks (symbols.go); nil until then.
	cargoDeps map[string]bool
}

func (v *verifier) sectionName(i int) string {
	if i < 0 || i >= len(v.soul.Sections) {
		return ""
	}
	return v.soul.Sections[i].Heading
}

// asker collects one check's git questions, each asked once.
type asker struct {
	q    BatchQuery
	seen map[askKey]bool
}

type askKey struct {
	list *[]string
	s    string
}

func (k *asker) add(list *[]string, s string) {
	if !k.seen[askKey{list, s}] {
		k.seen[askKey{list, s}] = true
		*list = append(*list, s)
	}
}

// prepare gathers every question of the check and asks the repository once.
func (v *verifier) prepare(ctx context.Context, results []ClaimResult) error {
	k := &asker{seen: map[askKey]bool{}}
	v.missing = map[string]bool{}
	for i := range results {
		if results[i].State != "" {
			continue
		}
		for _, a := range results[i].Claim.Anchors {
			v.ask(k, a)
			v.askUnderList(k, &results[i].Claim, a)
			v.askLayoutRow(k, &results[i].Claim, a)
			v.askSectionDirs(k, &results[i].Claim, a)
			if bareCall(a) {
				// where a bare call may have lived is read from its neighbours (recall.go, bareNameFiles)
				for _, w := range spanWords(results[i].Claim.Text) {
					k.add(&k.q.Symbols, w)
				}
			}
		}
	}
	q := k.q
	if !v.repo.Git() {
		q.Commits, q.Ignored, q.EverSeen = nil, nil, nil
	}
	if v.repo.Shallow() {
		q.EverSeen = nil // a cut history cannot say a path never landed
	}
	var early *symbolIndex
	var earlyLines []SourceLine
	if len(q.Symbols) > 0 {
		q.SymbolsReady = func(lines []SourceLine) { early, earlyLines = indexSymbols(lines), lines }
	}
	ans, err := v.repo.Batch(ctx, q)
	if err != nil {
		return err
	}
	v.batch = ans
	v.everAsked = make(map[string]bool, len(q.EverSeen))
	for _, p := range q.EverSeen {
		v.everAsked[p] = true
	}
	if len(q.Symbols) > 0 {
		v.symbols = early
		if early == nil || !sameLines(earlyLines, ans.SymbolLines) {
			v.symbols = indexSymbols(ans.SymbolLines)
		}
	}
	return nil
}

// sameLines reports whether two slices are the same lines in the same memory: the index built while
// Batch ran stands only for the very lines it answered.
func sameLines(a, b []SourceLine) bool {
	return len(a) == len(b) && (len(a) == 0 || &a[0] == &b[0])
}

// ask adds what one anchor needs git to answer: whether a commit exists, a symbol is defined, an
// absent path is ignored or ever landed.
func (v *verifier) ask(k *asker, a Anchor) {
	q := &k.q
	switch a.Kind {
	case AnchorCommit:
		k.add(&q.Commits, a.Ref)
	case AnchorGlob:
		if len(v.repo.Glob(a.Path, 1)) == 0 {
			k.add(&q.Ignored, globSample(a.Path))
		}
	case AnchorSymbol:
		k.add(&q.Symbols, a.Name)
		if a.Qualifier != "" {
			k.add(&q.Symbols, a.Qualifier)
		}
		if t, ok := upperFirst(a.Qualifier); ok && !goStdlib[a.Qualifier] {
			k.add(&q.Symbols, t) // "task.Exec()": the type Task a variable named for it stands for
		}
	case AnchorPath, AnchorLine:
		v.askMissing(k, a)
	}
}

// askUnderList asks, for a relative path absent from the tree, whether git ignores it under each folder
// the claim's list places it in (judge.go, ignoredUnderList).
func (v *verifier) askUnderList(k *asker, c *Claim, a Anchor) {
	if len(c.listDirs) == 0 || a.Kind != AnchorPath || a.Link || a.Workspace {
		return
	}
	if ok, _ := v.repo.Exists(v.resolve(a.Path)); ok {
		return
	}
	for _, d := range c.listDirs {
		k.add(&k.q.Ignored, path.Join(v.resolve(d), a.Path))
	}
}

// askSectionDirs asks, for a path absent from the tree under a heading that names an absent directory,
// whether history ever held it there (judge.go, absentSectionDir).
func (v *verifier) askSectionDirs(k *asker, c *Claim, a Anchor) {
	if a.Kind != AnchorPath || a.Link || a.Workspace || strings.HasPrefix(a.Path, "/") {
		return
	}
	if ok, _ := v.repo.Exists(v.resolve(a.Path)); ok {
		return
	}
	dir := path.Dir(v.soul.Path)
	for _, place := range v.absentSectionDirs(c) {
		p := path.Join(place, a.Path)
		k.add(&k.q.EverSeen, p)
		if dir != "." {
			k.add(&k.q.EverSeen, path.Join(dir, p)) // neverLanded reads both
		}
	}
}

// askLayoutRow asks, for a layout row's bare file name that lives deeper than its siblings, whether
// history ever had it where the siblings are (judge.go layoutPlace).
func (v *verifier) askLayoutRow(k *asker, c *Claim, a Anchor) {
	if c.layoutName != a.Ref || a.Kind != AnchorPath || a.Link || strings.Contains(a.Path, "/") || path.Ext(a.Path) == "" {
		return
	}
	if p := v.resolve(a.Path); p != a.Path || strings.Contains(p, "/") {
		return // placed already, or resolved under the document's directory
	}
	if dir := path.Dir(v.soul.Path); dir != "." && dir != "" {
		k.add(&k.q.EverSeen, path.Join(dir, a.Path))
	}
	k.add(&k.q.EverSeen, a.Path)
}

// askMissing asks, for a strong path absent from the tree, whether git ignores it and whether any
// commit ever added it (from the root and from the soul's directory), and for a bare "type.member"
// word whether it names a member.
func (v *verifier) askMissing(k *asker, a Anchor) {
	p := v.repoPath(a)
	if p == "" || a.Workspace {
		return
	}
	if a.Weak {
		if v.repo.HasTopLevel(strings.SplitN(p, "/", 2)[0]) {
			if ok, _ := v.repo.Exists(p); !ok {
				k.add(&k.q.Ignored, p)  // a weak path under a real top directory fails unless .gitignore keeps it out
				k.add(&k.q.EverSeen, p) // and history says whether it was ever there (tiers.go)
				if local, ok := v.weakLocal(p); ok {
					k.add(&k.q.Ignored, local) // or keeps it out where the document sits (checkWeak)
				}
			}
		} else if local, ok := v.weakLocal(p); ok {
			if ok, _ := v.repo.Exists(local); !ok {
				k.add(&k.q.EverSeen, local)
				// "Build output: `build/fw.uf2`" in firmware/AGENTS.md, under a firmware/build/ the root
				// .gitignore keeps out though a first commit held a copy (the two-hundred-and-seventh
				// holdout's turtlebot3_robopico): checkWeak asks whether git ignores it before history
				k.add(&k.q.Ignored, local)
			}
		}
		return
	}
	if !a.Link {
		p = v.resolve(p)
	}
	bare := !a.Link && !strings.Contains(p, "/") && !strings.HasPrefix(p, ".")
	if ok, _ := v.repo.Exists(p); ok || bare && v.repo.HasBasename(p) {
		return
	}
	q := &k.q
	v.missing[p] = true
	k.add(&q.Ignored, p)
	k.add(&q.EverSeen, p)
	if bare {
		for _, d := range v.ignoreDirs() {
			k.add(&q.Ignored, path.Join(d, p)) // "validate `openapi-merged.yaml`", which openapi/.gitignore keeps out
		}
	}
	if dir := path.Dir(v.soul.Path); dir != "." && !a.Link && !strings.HasPrefix(p, dir+"/") {
		k.add(&q.Ignored, path.Join(dir, p))
		k.add(&q.EverSeen, path.Join(dir, p))
	}
	if stem, member, ok := memberShape(p); ok && bare {
		k.add(&q.Symbols, stem)
		k.add(&q.Symbols, member)
	}
	if w, ok := dotWord(p); ok {
		k.add(&q.Symbols, w) // ".primary": an enum case or a modifier, when the sources use the word
	}
}

// resolve reads a repository path from the root first, then from the soul's own directory: a soul kept
// beside its package (v3/CLAUDE.md) names that package's files relative to itself. A path that opens
// with the repository's own name (ownName) is read from the root below it.
func (v *verifier) resolve(p string) string {
	if ok, _ := v.repo.Exists(p); ok {
		return p
	}
	if top, rest, ok := strings.Cut(p, "/"); ok && rest != "" && !v.repo.HasTopLevel(top) && v.ownName(top) {
		// "`sanad-agent/client/lib/…/local_daemon_controller.dart`" in sanad-agent (the sixty-fifth
		// holdout): a path written from above the checkout, the repository's own name first. Only a
		// file some directories down is read so: "ent/schema/" in ent's own guide is the user's
		// project's schema directory, and a top directory named like the repository is a common word
		if ok, dir := v.repo.Exists(rest); ok && !dir && strings.Contains(rest, "/") {
			return rest
		}
	}
	dir := path.Dir(v.soul.Path)
	if dir == "." || dir == "" || strings.HasPrefix(p, dir+"/") {
		return p
	}
	if ok, _ := v.repo.Exists(path.Join(dir, p)); ok {
		return path.Join(dir, p)
	}
	if strings.HasPrefix(p, ".") && !strings.Contains(p, "/") {
		// "listed in `.prettierignore`" in frontend/static/AGENTS.md (the ninetieth holdout's RoboSats,
		// whose frontend/.prettierignore it is): a dotfile a tool looks for up the directories, as
		// Prettier, ESLint and EditorConfig do, is the nearest one above the document
		for up := path.Dir(dir); up != "." && up != "/" && up != ""; up = path.Dir(up) {
			if ok, _ := v.repo.Exists(path.Join(up, p)); ok {
				return path.Join(up, p)
			}
		}
	}
	return p
}

// resolveUnique reads a slash path relative to some package of the repository ("internal/x/x.go"
// written inside sdk/'s docs) when exactly one place holds it. Copies kept under a hidden directory do
// not make the place ambiguous when one match lies outside them: "`layouts/data.vue:57`" beside
// .backups/20260620_…/frontend/layouts/data.vue (a tool's snapshots of the tree, the two-hundred-and-
// fourteenth holdout's agent-insights) means frontend/layouts/data.vue.
func (v *verifier) resolveUnique(p string) (string, bool) {
	if !strings.Contains(p, "/") || strings.ContainsAny(p, "*?[") {
		return "", false
	}
	// shown is the one match outside hidden directories, hidden the one inside; "-" marks a second
	shown, hidden := "", ""
	for _, f := range v.repo.Glob("**/"+p, 64) {
		i := strings.Index(f, "/"+p)
		if i < 0 || (i+1+len(p) < len(f) && f[i+1+len(p)] != '/') {
			continue
		}
		m, into := f[:i+1+len(p)], &shown
		if dotDir(f[:i]) {
			into = &hidden
		}
		if *into != "" && *into != m {
			m = "-"
		}
		*into = m
	}
	if shown == "" {
		shown = hidden // ".github/workflows/ci.yml" for "workflows/ci.yml": the hidden place is the only one
	}
	return shown, shown != "" && shown != "-"
}

// maxIgnoreDirs bounds the directories whose .gitignore a bare missing name is asked of.
const maxIgnoreDirs = 32

// ignoreDirs are the directories below the root with a tracked .gitignore, nearest the root first, up to
// maxIgnoreDirs: a bare name a step generates is often kept out by its own directory's .gitignore.
func (v *verifier) ignoreDirs() []string {
	if v.ignoreDirList == nil {
		var dirs []string
		for _, f := range v.repo.ByBasename(".gitignore") {
			if d := path.Dir(f); d != "." && !dotDir(d) {
				// an editor's or a tool's own directory (.idea/.gitignore) keeps its state out, and the
				// root's ".idea/" ignores the whole place: any bare name "is kept out" there, which says
				// nothing of the name (the forty-fifth holdout's easy-code-reader, `QUICK_START.md`)
				dirs = append(dirs, d)
			}
		}
		sort.Slice(dirs, func(i, j int) bool {
			di, dj := strings.Count(dirs[i], "/"), strings.Count(dirs[j], "/")
			return di < dj || di == dj && dirs[i] < dirs[j]
		})
		// read the files nearest first and only until the list is full: a monorepo tracks thousands
		v.ignoreDirList = []string{}
		for _, d := range dirs {
			if len(v.ignoreDirList) == maxIgnoreDirs {
				break
			}
			if !v.ignoresAll(path.Join(d, ".gitignore")) {
				v.ignoreDirList = append(v.ignoreDirList, d)
			}
		}
	}
	return v.ignoreDirList
}

// ignoresAll reports a .gitignore that keeps out every name ("*", "/*", "**"): a scratch directory's,
// which says nothing of a name the document gives.
func (v *verifier) ignoresAll(gitignore string) bool {
	body, ok := v.readFile(gitignore)
	if !ok {
		return true
	}
	for _, line := range strings.Split(string(body), "\n") {
		switch strings.TrimSpace(line) {
		case "*", "/*", "**", "/**", "*.*", "/*.*":
			return true
		}
	}
	return false
}

// dotDir reports a path with a hidden directory in it.
func dotDir(d string) bool {
	for _, seg := range strings.Split(d, "/") {
		if len(seg) > 1 && seg[0] == '.' {
			return true
		}
	}
	return false
}

// globSample is one concrete name a glob matches ("*.out" -> "x.out"), to ask git whether such files
// are ignored build output.
func globSample(g string) string {
	return strings.NewReplacer("**", "x", "*", "x", "?", "x", "[", "", "]", "").Replace(g)
}

// memberShape splits "page.log" into a type and a member when both halves are identifiers.
func memberShape(p string) (string, string, bool) {
	stem, member, ok := strings.Cut(p, ".")
	if !ok || !identWord.MatchString(stem) || !identWord.MatchString(member) {
		return "", "", false
	}
	return stem, member, true
}

var identWord = mustGate(`^[A-Za-z_]\w*$`)

func (v *verifier) repoPath(a Anchor) string {
	if a.Kind == AnchorAbsolute {
		root := filepath.ToSlash(v.repo.Root())
		if rel, ok := strings.CutPrefix(a.Path, strings.TrimSuffix(root, "/")+"/"); ok {
			return rel
		}
		return ""
	}
	return a.Path
}

func (v *verifier) count(a Anchor) { v.calls[a.Kind.Class()]++ }

func (v *verifier) readFile(p string) ([]byte, bool) {
	if b, ok := v.files[p]; ok {
		return b, b != nil
	}
	b, err := v.repo.ReadFile(p)
	if err != nil {
		v.files[p] = nil
		return nil, false
	}
	v.files[p] = b
	return b, true
}

func (v *verifier) foreign(a Anchor) bool { return a.Foreign }
