package engine

import (
	"bytes"
	"context"
	"path"
	"path/filepath"
	"slices"
	"strings"
)

// The per-kind verifiers of one anchor: paths, globs, runtime URLs, and the dispatch to the rest.

// verdicts builds one anchor's results. They carry the anchor as the claim wrote it, before the
// verifier resolved its path, so a report names what the reader wrote.
type verdicts struct{ a Anchor }

func (d verdicts) ok() AnchorResult   { return AnchorResult{Anchor: d.a, Status: AnchorOK} }
func (d verdicts) skip() AnchorResult { return AnchorResult{Anchor: d.a, Status: AnchorSkipped} }

func (d verdicts) fail(reason, detail string) AnchorResult {
	return AnchorResult{Anchor: d.a, Status: AnchorFailed, Reason: reason, Detail: detail}
}

func (d verdicts) hold(reason, detail string) AnchorResult {
	return AnchorResult{Anchor: d.a, Status: AnchorHeld, Reason: reason, Detail: detail}
}

// anchor checks one anchor against the repository, by its kind.
func (v *verifier) anchor(a Anchor) AnchorResult {
	d := verdicts{a}
	switch a.Kind {
	case AnchorHome:
		return d.hold(ReasonOutsideRepo, a.Ref+" is a home path, never checked as a repo path")
	case AnchorAbsolute:
		p := v.repoPath(a)
		if p == "" {
			return d.hold(ReasonOutsideRepo, a.Ref+" is outside the repository")
		}
		a.Path, a.Kind = p, AnchorPath
		return v.anchor(a)
	case AnchorCommand:
		return d.hold(ReasonExecution, a.Ref)
	case AnchorTag, AnchorPR, AnchorCommit, AnchorCount, AnchorLastDate, AnchorBranch:
		if !v.repo.Git() {
			return d.hold(ReasonNotGit, "git facts unavailable")
		}
	}
	if a.Kind.Class() == "" {
		return d.skip()
	}
	v.count(a)
	return v.byKind(a, d)
}

// byKind runs the verifier of a counted anchor kind.
func (v *verifier) byKind(a Anchor, d verdicts) AnchorResult {
	switch a.Kind {
	case AnchorPath:
		r := v.checkPath(a, d)
		if r.Status == AnchorFailed && a.TreeAlt != "" {
			under := a
			under.Path, under.TreeAlt = path.Join(path.Dir(a.Path), a.TreeAlt, path.Base(a.Path)), ""
			if v.checkPath(under, d).Status == AnchorOK {
				return d.ok()
			}
		}
		return r
	case AnchorGlob:
		return v.checkGlob(a, d)
	case AnchorFragment:
		return v.checkFragment(a, d)
	case AnchorToolchain:
		return v.checkToolchain(a, d)
	case AnchorLine:
		return v.lineHint(a, d.fail, d.hold)
	case AnchorSymbol:
		return v.symbol(a, d)
	case AnchorMake:
		if a.Target {
			// a make after the block's configure step (extract.go makefileGenerator) reads the
			// Makefile that step wrote in its build directory
			return d.hold(ReasonBuildOutput, a.Ref+" reads the Makefile a configure step writes")
		}
		r := v.makeTarget(v.nearestMake(a), d.fail)
		r.Anchor = a
		if r.Status == AnchorFailed && v.foreign(a) {
			return d.hold(ReasonOutsideRepo, a.Ref+" is run in another repository")
		}
		return r
	case AnchorNPM:
		if v.npmScripts == nil {
			v.npmScripts = v.readNPMScripts()
		}
		if alias := npmAlias(a); alias != "" && v.npmScripts[alias] {
			a.Name = alias // "pnpm t": the package manager's own short name for "pnpm test"
		}
		if v.npmScripts[a.Name] {
			return v.npmWhere(a, d.ok())
		}
		if v.dependencyBin(a) {
			return d.skip() // "pnpm changeset": no script, so pnpm runs @changesets/cli's binary
		}
		if v.ownManager(a) {
			// the repository builds the package manager, whose own commands its sources define: the
			// scripts are not all it runs, so the failure is unverified (blind.go's unseen)
			v.unseenTargets[anchorKey(a)] = true
			r := v.npmMissing(a, d.fail)
			r.Detail += "; this repository builds " + strings.Fields(a.Ref)[0] + ", whose own commands no package.json lists"
			return r
		}
		if v.npmTypo(a.Name) {
			// the one script spelt one letter or a separator away is evidence the document meant it
			// (napi-rs's "yarn build:tests" beside build:test, a script no commit ever had): drift,
			// as a path's near miss is (evidence.go), not a traceless mention
			v.evidenced[anchorKey(a)] = true
		}
		return v.npmMissing(a, d.fail)
	case AnchorRuntime:
		return v.checkRuntime(a, d)
	}
	return v.gitRef(a, d)
}

// insideFromDoc reports a "../" path that, read from a nested document's directory, stays inside the
// repository and names something it tracks (a file, a directory, or a glob's match).
func (v *verifier) insideFromDoc(p string) bool {
	local := path.Join(path.Dir(v.soul.Path), p)
	if local == ".." || strings.HasPrefix(local, "../") || local == "." {
		return false
	}
	if strings.ContainsAny(local, "*?[") {
		return len(v.repo.Glob(local, 1)) > 0
	}
	ok, _ := v.repo.Exists(local)
	return ok
}

// checkPath checks a path anchor: a sibling checkout beside the repository, a file or directory in it,
// a bare name anywhere in it, or a weak slash word that is only a path when its top directory is.
func (v *verifier) checkPath(a Anchor, d verdicts) AnchorResult {
	if a.Workspace {
		if v.insideFromDoc(a.Path) {
			// "`../web/src/components/ui/*`" in apps/design-studio/AGENTS.md (the forty-ninth holdout's
			// nexus): a sibling package of this repository, not a checkout beside it
			return d.ok()
		}
		if v.repo.StatOutside(filepath.Join(v.repo.Root(), filepath.FromSlash(a.Path))) {
			return d.ok()
		}
		// a sibling checkout is a fact about the author's machine; its absence here proves nothing
		return d.hold(ReasonOutsideRepo, a.Ref+" is not beside the repository on this machine")
	}
	if a.Machine {
		if p, ok := v.machineSuffix(a.Path); ok {
			return AnchorResult{Anchor: a, Status: AnchorOK, Detail: a.Ref + " is " + p + " in the author's checkout"}
		}
		if v.soul.SoulTissue {
			// a soul keeps its laws (SOUL-INV-1): a path on the author's machine is no way to cite a
			// file this repository no longer has
			return d.fail(ReasonUnanchored, a.Ref+" is a path on the author's machine that names no place here")
		}
		return d.hold(ReasonOutsideRepo, a.Ref+" is a path on the author's machine that names no place here")
	}
	if a.Link {
		// a link destination is relative to the document and already joined to its directory: it
		// resolves exactly or is broken, whatever other file carries its base name
		if ok, dir := v.repo.Exists(a.Path); ok {
			if !dir && a.Fragment != "" {
				return v.linkedHeading(a, d)
			}
			return d.ok()
		}
		if v.sitePage(a.Path) {
			return d.ok()
		}
		if v.rootLink(a) || v.rootWrittenLink(a) || v.rulerLink(a) || v.editorRootLink(a) {
			return d.ok()
		}
		if r, ok := v.inSubmodule(a, d); ok {
			return r
		}
		r := v.missingPath(a, d.fail, d.hold)
		if p, ok := v.depthTwin(a); ok && r.Status == AnchorFailed {
			r.Detail += "; " + p + " exists: the link climbs one directory too many or too few"
		}
		return r
	}
	a.Path = v.resolve(a.Path)
	if ok, _ := v.repo.Exists(a.Path); ok {
		return d.ok()
	}
	if v.selfNamed(a.Path) {
		// "CLAUDE.md  # This file" in the tree of a document kept as claude.md (the seventieth
		// holdout's Stock-Stickies): the document names itself, in another case
		return d.ok()
	}
	if strings.Contains(a.Path, "/") && v.lowerCased(a) {
		return d.ok() // "refer to internal/mocks/readme.md": its README.md, in prose's case
	}
	if twin, ok := v.yamlTwin(a.Path); ok {
		// "Always sync: … `docker-compose.yml`" beside a root docker-compose.yaml (the
		// two-hundred-and-thirteenth holdout's new-engine): YAML's two endings name one file for its tools
		return AnchorResult{Anchor: a, Status: AnchorOK, Detail: a.Ref + " is " + twin + ", written with YAML's other ending"}
	}
	if twin, ok := v.scriptTwin(a); ok {
		// "./build -test" beside build.sh (the twenty-sixth holdout's dotnet/diagnostics): the script
		// meant, its extension left out, which no shell finds; a bare name would match its stem
		v.evidenced[anchorKey(a)] = true
		return d.fail(ReasonFileMissing, a.Ref+" is no file here; the repository has "+twin)
	}
	if r, ok := v.inSubmodule(a, d); ok {
		return r
	}
	if v.branchNamed(a) {
		return d.ok() // "base your PR on `v1.x`": a branch of this clone (origin's too), not a file
	}
	if refNamespace(a.Path) && !v.repo.HasTopLevel("refs") {
		return d.skip() // "refs under `refs/organism/`": a git ref namespace, not a directory
	}
	if a.Tree && !strings.Contains(strings.TrimSuffix(a.Path, "/"), "/") {
		return v.missingPath(a, d.fail, d.hold) // a tree's top entry: that place, not the name anywhere
	}
	if !strings.Contains(a.Path, "/") && !strings.HasPrefix(a.Path, ".") {
		r := v.checkBareName(a, d)
		if a.Plural && r.Status != AnchorOK {
			// "`Fixture/`, `Source/`, `Expected/` directories are auto-skipped" (the twenty-first holdout's
			// rector): a kind of directory, by the name the tools match, whether or not one is left
			return d.skip()
		}
		return r
	}
	if v.cargoFeature(a.Path) {
		return d.ok() // "`biome_languages/lang_yaml`": a feature the crate's manifest declares
	}
	if v.slashedAlternatives(a.Path) {
		return d.ok() // "`rewrite-java-8/11/17`": sibling directories written as one name, each there
	}
	if v.slashedExtensions(a.Path) {
		return d.ok() // "`backend/backend_gotest.ps1/sh`": one script in two spellings, each there
	}
	if v.sharedAffixes(a.Path) {
		return d.ok() // "`init/index/serve.rs`": files of one directory written as one name, each there
	}
	if rest, ok := v.underOwnName(a.Path); ok {
		// "This card applies to the canonical `aoa-evals/skills/` home" in aoa-evals (the
		// hundred-and-sixty-sixth holdout's aoa-evals): the repository named by its own name, then a path in it
		return AnchorResult{Anchor: a, Status: AnchorOK, Detail: a.Ref + " is " + rest + ", written under the repository's own name"}
	}
	if twin := v.extensionTwin(a); twin != "" {
		// "`templates/rules/coding-style` — 编码风格规范" over templates/rules/coding-style.md (the
		// hundred-and-sixty-fourth holdout's ultrapower, five rows): the one file of that stem
		return AnchorResult{Anchor: a, Status: AnchorOK, Detail: a.Ref + " is " + twin + ", named without its extension"}
	}
	if a.Weak {
		return v.checkWeak(a, d)
	}
	if a.Plural && len(v.repo.Glob("**/"+a.Path, 1)) > 0 {
		return d.ok() // "the _generate/go.mod files": one in each of several directories
	}
	if a.Plural && !strings.Contains(a.Path, "/") {
		return d.skip() // "`.tool-versions` files for ASDF compatibility": a kind of file, the users'
	}
	if v.fileKind(a) {
		return d.ok() // "Grammar `.ungram`": the extension of files the repository holds
	}
	if v.dotMember(a) {
		return d.skip() // "`.primary`", "`.prevent`": a Swift case or an Alpine modifier the sources use
	}
	if copies := v.dotNameCopies(a); len(copies) >= 2 {
		return d.ok() // "Each test is a directory containing: `.test-config.yml`": one in each of many
	} else if len(copies) == 1 && siteRoots[path.Base(path.Dir(copies[0]))] {
		// "`ads.txt`, `.nojekyll`, `sw.js` paths must not change" (the hundred-and-fifty-eighth holdout's
		// bluemiv.github.io, whose root .nojekyll went to public/ and whose build uploads it with out/):
		// the file a static site serves from its root
		return AnchorResult{Anchor: a, Status: AnchorOK, Detail: a.Ref + " is " + copies[0] + ", served from the site's root"}
	}
	return v.missingPath(a, d.fail, d.hold)
}

// underOwnName reads a path whose first segment is the repository's own name (ownName) and no directory of
// it, and reports the rest when that names a tracked place.
func (v *verifier) underOwnName(p string) (string, bool) {
	top, rest, ok := strings.Cut(p, "/")
	if !ok || strings.Trim(rest, "/") == "" || v.repo.HasTopLevel(top) || !v.ownName(top) {
		return "", false
	}
	found, _ := v.repo.Exists(strings.TrimSuffix(rest, "/"))
	return rest, found
}

// nameSuffixOf is a tracked file whose name ends with a bare name shaped as the last two parts of a
// compound ending, a capitalised word and a short extension ("Build.cs" of X.Build.cs), or "".
func (v *verifier) nameSuffixOf(a Anchor) string {
	if a.Link || strings.Contains(a.Path, "/") || strings.HasPrefix(a.Path, ".") || path.Ext(a.Path) == "" || !compoundEnding.MatchString(a.Path) {
		return ""
	}
	if m := v.repo.Glob("**/*."+a.Path, 1); len(m) > 0 {
		return m[0]
	}
	return ""
}

// compoundEnding is that shape: "Build.cs", "Target.cs".
var compoundEnding = mustGate(`^[A-Z][a-z]+\.[a-z]{1,4}$`)

// extensionTwin is the one tracked file a slash path without an extension names once its extension is
// added, or "". A program run by its path is scriptTwin's (a shell finds no script without its extension),
// a link must resolve as written, and two files of the stem ("x.md" and "x.ts", or "x.ts" and
// "x.test.ts") leave the name unresolved.
func (v *verifier) extensionTwin(a Anchor) string {
	if a.Link || a.Program || a.Tree || path.Ext(a.Path) != "" || strings.HasSuffix(a.Path, "/") || strings.HasSuffix(a.Ref, "/") || strings.ContainsAny(a.Path, "*?[") {
		// a directory, written so or drawn in a tree ("alpha/" beside pkg/cli/alpha.go: the labelled
		// corpus's kubebuilder), is no file named without its extension
		return ""
	}
	if m := v.repo.Glob(a.Path+".*", 2); len(m) == 1 && path.Dir(m[0]) == path.Dir(a.Path) {
		return m[0]
	}
	return ""
}

// siteRoots are the directories a static site's build copies to the root of what it serves.
var siteRoots = set("public", "static")

// dotNameCopies lists, for a bare dot-name (no directory, not a link), the tracked paths below the root
// that carry it, at most two. Two or more are a file each of several directories holds by convention
// (devenv's 62 `examples/*/.test-config.yml`), or a directory of that name with its files (mem0's
// `integrations/mem0-plugin/.opencode-plugin/`), which a sentence names by its leaf as it would an
// undotted name (checkBareName). One is the root's missing config, which the near-miss and history rules
// judge, unless a site root holds it.
func (v *verifier) dotNameCopies(a Anchor) []string {
	if a.Link || !strings.HasPrefix(a.Path, ".") || strings.Contains(a.Path, "/") {
		return nil
	}
	return v.repo.Glob("**/"+a.Path, 2)
}

// dotWord is the word of a leading-dot name with nothing else in it (".primary", ".xSmall"): the shape
// of a dot-file, and of Swift's and Dart's enum cases, Alpine's and Vue's modifiers written alone.
func dotWord(p string) (string, bool) {
	w, ok := strings.CutPrefix(p, ".")
	if !ok || w == "" || !(w[0] >= 'a' && w[0] <= 'z') {
		return "", false
	}
	for i := 0; i < len(w); i++ {
		if c := w[i]; !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
			return "", false
		}
	}
	return w, true
}

// dotMember reports a leading-dot name no file has that the sources use as a word: the tenth holdout's
// element-x-ios (`.primary`, `case primary`) and livewire (`.prevent`) wrote 24 of them.
func (v *verifier) dotMember(a Anchor) bool {
	w, ok := dotWord(a.Path)
	return ok && !a.Link && v.symbols != nil && v.symbols.used[w]
}

// yamlTwin is the file a bare name p names with YAML's other ending (.yml for .yaml, or the reverse),
// when one exists anywhere. A full path names one place exactly: "updating `.github/workflows/tests.yml`"
// beside a tests.yaml (the two-hundred-and-sixth holdout's Aspire, caught by the regression rerun) is
// drift, as its labellers had it.
func (v *verifier) yamlTwin(p string) (string, bool) {
	if strings.Contains(p, "/") {
		return "", false
	}
	var twin string
	switch {
	case strings.HasSuffix(p, ".yml"):
		twin = strings.TrimSuffix(p, ".yml") + ".yaml"
	case strings.HasSuffix(p, ".yaml"):
		twin = strings.TrimSuffix(p, ".yaml") + ".yml"
	default:
		return "", false
	}
	if found := v.repo.ByBasename(twin); len(found) > 0 {
		return found[0], true
	}
	return "", false
}

// checkWeak checks a slash word without an extension: a path only when its top directory is one, at
// the root or (once history shows the path lived there) in the document's own directory.
func (v *verifier) checkWeak(a Anchor, d verdicts) AnchorResult {
	top := strings.SplitN(a.Path, "/", 2)[0]
	if v.batch.Ignored[a.Path] {
		// "from `resources/test/cpython`, run ...": a checkout or output .gitignore keeps out of the tree
		return d.hold(ReasonIgnored, a.Path+" is gitignored and absent")
	}
	if local, ok := v.weakLocal(a.Path); ok && v.batch.Ignored[local] {
		// "`benchmarks/benchmarks` - Compiled benchmark binary" in go/AGENTS.md, which go/.gitignore keeps
		// out (the eighty-seventh holdout's valkey-glide), though the root has a benchmarks/ of its own
		return d.hold(ReasonIgnored, local+" is gitignored and absent")
	}
	if v.routeGrouped(a) {
		return d.ok()
	}
	if v.moduleFile(a.Path) {
		// "`widgets/header/LandingHeader`" for widgets/header/LandingHeader.tsx (the hundred-and-ninth
		// holdout's eduryday, seven rows): a module written as an import names it, without its ending
		return d.ok()
	}
	if v.moduleMember(a.Path) {
		// "ASG via `services/ec2.get_auto_scaling_checks`" (the hundred-and-tenth holdout's
		// cost-optimization-scanner): a function written after its module's dotted path
		return d.ok()
	}
	if v.numberedPrefix(a.Path) {
		// "`adr/003` explains the design" for adr/003-hooks-vs-prompts.md (the hundred-and-tenth
		// holdout's project-phoenix): a numbered record named by its number
		return d.ok()
	}
	if v.repo.HasTopLevel(top) && !v.repoSlug(a.Path) {
		if v.neverLanded(a.Path) {
			if a.Foreign {
				return d.hold(ReasonOutsideRepo, a.Ref+" never landed here and is named as a path of another repository")
			}
			return d.fail(ReasonFileMissing, a.Path+" is not in the repository and never landed in its history")
		}
		return d.fail(ReasonFileMissing, a.Path+" is not in the repository")
	}
	if local, ok := v.weakLocal(a.Path); ok && v.batch.EverSeen[local] {
		// "internal/secret_sauce" in lib/CLAUDE.md: lib/internal/secret_sauce was there and is gone
		return d.fail(ReasonFileMissing, local+" is gone")
	}
	return d.skip()
}

// branchNamed reports a path-shaped token that is a branch of this clone, local or remote-tracking
// ("the `v1.x` maintenance branch", "`release/2.3`"): a real clone holds origin's branches, and a
// name that is one of them is a branch the sentence cites, not a file that never landed.
func (v *verifier) branchNamed(a Anchor) bool {
	if !v.repo.Git() || a.Link {
		return false
	}
	name := strings.TrimSuffix(strings.TrimPrefix(a.Ref, "./"), "/")
	b := v.repo.Branches()
	return name != "" && (b[name] || b["origin/"+name])
}

// weakLocal is a weak path read from the document's directory, when the document sits below the root.
// Its top directory need not be there today: lance's java/AGENTS.md put the Java code in `core/src`
// after java/core/ had moved to java/src/ (the thirty-fifth holdout). checkWeak fails it only when
// history had the whole path, which a phrase like "read/write" never is.
func (v *verifier) weakLocal(p string) (string, bool) {
	dir := path.Dir(v.soul.Path)
	if dir == "." || dir == "" || strings.HasPrefix(p, dir+"/") {
		return "", false
	}
	return path.Join(dir, p), true
}

// checkBareName checks a name without a slash that is not at the root: a file or directory anywhere,
// a member of a type, another repository's file, a library the project depends on.
func (v *verifier) checkBareName(a Anchor, d verdicts) AnchorResult {
	if v.repo.HasBasename(a.Path) || strings.HasSuffix(a.Ref, "/") && v.bareDir(a.Path) && !v.goneDir(a.Path) {
		return d.ok() // a bare name ("testdata/", "conn.go") names a file or directory wherever it lives
	}
	if path.Ext(a.Path) != "" && v.repo.HasDirName(a.Path) {
		// a name with an ending may be a directory's: SvelteKit serves "`sitemap.xml` and `robots.txt`" from
		// src/routes/sitemap.xml/+server.ts (the hundred-and-seventh holdout's js-classified)
		return d.ok()
	}
	if stem, member, ok := memberShape(a.Path); ok && v.symbols != nil && v.symbols.typeNames[stem] && v.memberOf(v.symbols, stem, member) {
		return d.ok() // "page.log": a field of the type page, not a file
	}
	if v.lowerCased(a) {
		return d.ok() // "the `Maintenance` section of the `makefile`": the root's Makefile, in prose's case
	}
	if snake, ok := snakeFileName(a.Path); ok && v.repo.HasBasename(snake) {
		// "`AudioEngine.dart`" for lib/core/audio_engine.dart (the hundred-and-twenty-second holdout's
		// synther-holographic-pro): a class written as its file in a language that names files in
		// snake_case
		return d.ok()
	}
	if v.foreign(a) {
		return d.hold(ReasonOutsideRepo, a.Ref+" is named as another repository's file")
	}
	if strings.HasSuffix(a.Path, ".js") && v.npmDependency(a.Path) {
		return d.skip() // "chart.js": a library the project depends on
	}
	if v.sequencedFile(a.Path) {
		return d.ok() // "`guilds.sql` - Multi-server architecture": 20240201000000_guilds.sql
	}
	if place, ok := v.ignoredTreeEntry(a.Path); ok {
		// "| `state/` | Persistent user data |" under a tree of `.zzz/`, the app's data directory that
		// .gitignore keeps out (the hundred-and-eighteenth holdout's zzz): the document's own tree puts
		// the name there
		return d.hold(ReasonIgnored, a.Ref+" is drawn under "+place+", which .gitignore keeps out")
	}
	if nameEnding.MatchString(a.Path) && !v.trackedOnce(a.Path, path.Join(path.Dir(v.soul.Path), a.Path)) && v.fileKind(a) {
		// "BLoC files always in trio: `_bloc.dart`": the ending of auth_bloc.dart. A name history held is
		// a file: TanStack Router's `-table-skeleton.tsx`, moved away (the eighty-fifth holdout's lowcodejs)
		return d.ok()
	}
	if full, ok := v.namedAbroad(a.Path); ok {
		if top, in := v.intoEntry(full); in {
			// "matches the corresponding Python code in `definitions.py`" after the document named
			// `ref/component-model/design/mvp/canonical-abi/definitions.py` (the two-hundred-and-twenty-first
			// holdout's component-model-cpp): the file of a submodule, whatever root file of that name a
			// commit once deleted
			return d.hold(ReasonOutsideRepo, a.Ref+" is "+full+", inside "+top+", a submodule or link this repository tracks as one entry")
		}
	}
	return v.missingPath(a, d.fail, d.hold)
}

// ignoredTreeEntry reports a bare name that the document's own drawn trees place under a gitignored
// path, and that path. The entries are read once per check, after the batch has answered which missing
// paths .gitignore keeps out (a tree's own entry, or a place above it the document names).
func (v *verifier) ignoredTreeEntry(name string) (string, bool) {
	if v.ignoredEntries == nil {
		v.ignoredEntries = map[string]string{}
		for i := range v.soul.Claims {
			c := &v.soul.Claims[i]
			if c.Kind != KindTree {
				continue
			}
			for _, a := range c.Anchors {
				p := strings.TrimSuffix(a.Path, "/")
				if a.Kind != AnchorPath || !strings.Contains(p, "/") {
					continue
				}
				for up := p; up != "." && up != ""; up = path.Dir(up) {
					if v.batch.Ignored[up] {
						v.ignoredEntries[path.Base(p)] = a.Path
						break
					}
				}
			}
		}
	}
	place, ok := v.ignoredEntries[strings.TrimSuffix(name, "/")]
	return place, ok
}

// snakeCaseExts are the languages whose files are named in snake_case after the class or module they hold.
var snakeCaseExts = set(".dart", ".py", ".rs", ".rb", ".ex", ".exs")

// snakeFileName is a CamelCase file name of such a language in snake_case, as recall.go's snakeCase
// spells a module's file: "AudioEngine.dart" is "audio_engine.dart".
func snakeFileName(name string) (string, bool) {
	ext := path.Ext(name)
	stem := strings.TrimSuffix(name, ext)
	if !snakeCaseExts[ext] || stem == "" || stem[0] < 'A' || stem[0] > 'Z' || strings.ContainsAny(stem, "_-./") {
		return "", false
	}
	snake := snakeCase(stem)
	if !strings.Contains(snake, "_") {
		// "Receiver.py" for receiver.py differs in case alone: a near twin the reader is owed, not a
		// class's name (round 102's Metricas)
		return "", false
	}
	return snake + ext, true
}

// sequencedPrefix is the number a migration tool puts before a file's name: a timestamp or a sequence
// ("20240201000000_", "0003-", Flyway's "V3__", "V1.2__"), and a step slotted between two numbers
// ("01a_" for scripts/01a_crawl_policies.py, listed as "| 01a | `crawl_policies.py` |": the
// hundred-and-fifty-eighth holdout's ecommerce-cs-agent).
var sequencedPrefix = mustGate(`^V?\d[\d.]*[a-z]?(?:__?|-)$`)

// sequencedFile reports a bare name that tracked files carry after such a number: a list of migrations
// by what each one does (the fifty-seventh holdout's kaiku, `initial_schema.sql` for
// server/migrations/20240101000000_initial_schema.sql), which the tool orders by the number.
func (v *verifier) sequencedFile(name string) bool {
	if !strings.Contains(name, ".") {
		return false
	}
	for _, sep := range []string{"_", "-"} {
		for _, f := range v.repo.Glob("**/"+sep+name, 8) {
			base := path.Base(f)
			if head, ok := strings.CutSuffix(base, name); ok && sequencedPrefix.MatchString(head) {
				return true
			}
		}
	}
	return false
}

// moduleFileExts are the languages whose module may be one file or a directory of the same name: Rust's
// `foo.rs` or `foo/mod.rs`, Python's `foo.py` or `foo/__init__.py`, a JavaScript module or its index.
var moduleFileExts = []string{".rs", ".py", ".ts", ".tsx", ".js", ".jsx", ".mjs", ".rb"}

// bareDir reports a directory name written with its slash ("`routes/`") that a tracked directory has, or
// a module file of such a language. Any other file of that stem does not stand for it: alertmanager's
// "`mute/`" listed among its packages beside notify/mute.go, and headscale's deleted `routes/` beside
// docs/ref/routes.md, were held so (the thirty-seventh holdout).
func (v *verifier) bareDir(name string) bool {
	if v.repo.HasDirName(name) {
		return true
	}
	for _, ext := range moduleFileExts {
		if v.repo.HasBasename(name + ext) {
			return true
		}
	}
	return false
}

// moduleFile reports a weak path that is a tracked source file once a module ending is added, from the
// root or beside the document.
func (v *verifier) moduleFile(p string) bool {
	local, ok := v.weakLocal(p)
	return v.sourceFileAt(p) || ok && v.sourceFileAt(local)
}

// moduleMember reports a weak path whose last segment is a tracked module's stem and a member after a
// dot.
func (v *verifier) moduleMember(p string) bool {
	dir, last := path.Split(p)
	stem, member, ok := strings.Cut(last, ".")
	return ok && dir != "" && stem != "" && !knownExt[strings.ToLower(member)] && identWord.MatchString(member) && v.sourceFileAt(dir+stem)
}

// sourceFileAt reports a tracked file at base with one of the module endings (moduleFileExts).
func (v *verifier) sourceFileAt(base string) bool {
	for _, ext := range moduleFileExts {
		if ok, dir := v.repo.Exists(base + ext); ok && !dir {
			return true
		}
	}
	return false
}

// numberedPrefix reports a weak path whose last segment is a number that opens the name of exactly one
// tracked entry of its directory: ADRs, RFCs and migrations are cited so.
func (v *verifier) numberedPrefix(p string) bool {
	dir, last := path.Split(strings.TrimSuffix(p, "/"))
	if dir == "" || !numberedRecord.MatchString(last) {
		return false
	}
	return len(v.repo.Glob(dir+last+"[-_]*", 2)) == 1
}

// numberedRecord is a record's number as it opens the record's file name: "003", "0042", "ADR-001".
var numberedRecord = mustGate(`(?i)^(?:[a-z]{2,5}-)?\d{2,5}$`)

// goneDir reports a bare directory name no directory has today that history had at the root or beside
// the document: "Combat Simulation Engine (`simulation/`)" after the root's simulation/ went (the
// hundred-and-sixth holdout's vitality_system_rulebook, nineteen rows), which a module file deep in
// another tree (simulation_v2/src/simulation.py) does not stand for.
func (v *verifier) goneDir(name string) bool {
	if v.repo.HasDirName(name) {
		return false
	}
	local := path.Join(path.Dir(v.soul.Path), name)
	return v.batch.EverSeen[name] || v.batch.EverSeen[local]
}

// lowerCased reports a name written all in lower case that the tracked entry beside it spells with
// capitals by convention: a name without an extension (gitoxide's "the `Maintenance` section of the
// `makefile`", its Makefile, the thirty-sixth holdout), or one whose tracked stem is all capitals
// (kitex's "please refer to internal/mocks/readme.md", its README.md, the thirty-eighth). Prose lowers
// such names as it lowers any word, and the reader finds the file. A lowered name of any other file
// ("`security.md`" beside Security.md), one written with capitals of its own, and a link (which a forge
// resolves case by case) are still checked as spelt (evidence.go's caseTwin). A bare name is looked for
// at the root and beside the document; a path, in its own directory.
func (v *verifier) lowerCased(a Anchor) bool {
	p := strings.TrimPrefix(a.Path, "./")
	if a.Link || p != strings.ToLower(p) || strings.ContainsAny(p, "*?[") {
		return false
	}
	wantDir := strings.HasSuffix(p, "/") || strings.HasSuffix(a.Ref, "/")
	dir, base := path.Split(strings.TrimSuffix(p, "/"))
	dirs := []string{dir}
	if d := path.Dir(v.soul.Path); dir == "" && d != "." && d != "" {
		dirs = append(dirs, d+"/")
	}
	for _, d := range dirs {
		if !v.repo.HasFolded(d + base) {
			continue // no tracked entry is this name in any case
		}
		for _, name := range v.entries(d, wantDir) {
			if name != base && strings.EqualFold(name, base) && (path.Ext(base) == "" || capitalStem(name)) {
				return true
			}
		}
	}
	return false
}

// capitalStem reports a file name whose stem is written in capitals: README.md, LICENSE.txt.
func capitalStem(name string) bool {
	stem := strings.TrimSuffix(name, path.Ext(name))
	return stem == strings.ToUpper(stem) && stem != strings.ToLower(stem)
}

// checkGlob checks a glob anchor: some tracked file matches it, from the root, the soul's directory
// or (for a bare pattern) anywhere.
func (v *verifier) checkGlob(a Anchor, d verdicts) AnchorResult {
	if len(v.repo.Glob(a.Path, 1)) > 0 {
		return d.ok()
	}
	if ok, _ := v.repo.Exists(a.Path); ok {
		return d.ok() // "`app/dream/[id].tsx`": a route file whose brackets are its name (the fifty-ninth holdout's dream-stream)
	}
	if lit := strings.TrimPrefix(a.Ref, "./"); lit != a.Path && strings.Contains(lit, "[") {
		if ok, _ := v.repo.Exists(lit); ok {
			// "`src/routes/team/[team]/[env]/app/[app]/+layout.svelte`" (the two-hundred-and-thirty-fifth
			// holdout's console-frontend): a SvelteKit route file, tracked by that very name, whose named
			// holes the glob reading had turned into wildcards
			return d.ok()
		}
	}
	if v.routeBelow(a.Path) || v.routeByPath(a) {
		return d.ok()
	}
	if deep, ok := holeDirsDeep(a.Ref); ok && len(v.repo.Glob(deep, 1)) > 0 {
		// "| Add API endpoint | `src/app/api/[route]/route.ts` |" over src/app/api/ai/summarize/route.ts
		// (the hundred-and-forty-fourth holdout's RAIS): a route's hole stands for its segments, however many
		return d.ok()
	}
	if dir := path.Dir(v.soul.Path); dir != "." && len(v.repo.Glob(path.Join(dir, a.Path), 1)) > 0 {
		return d.ok()
	}
	if !strings.Contains(a.Path, "/") && len(v.repo.Glob("**/"+a.Path, 1)) > 0 {
		return d.ok() // a bare file pattern ("sqlite_g_*.go") names files wherever they live
	}
	if a.Absent {
		return d.ok() // "`make clean` — remove `*.out`": none left is what the claim says
	}
	if strings.HasPrefix(a.Path, "*/") && len(v.repo.Glob("**/"+a.Path[2:], 1)) > 0 {
		// "Files under `*/core/**` must only be modified by the `core-dev` agent" (the seventy-second
		// holdout's signalform, whose core/ directories sit four levels down): one star for any depth
		return d.ok()
	}
	if v.ancestorGlob(a.Path) {
		return d.ok()
	}
	if v.deeperGlob(a.Path) {
		return d.ok() // "all `contracts/src/*.sol` files", which sit in contracts/src/core/ and the like
	}
	if v.packageGlob(a.Path) || v.cargoFeature(a.Path) {
		// "`src/rules/**/*.rs`" written from inside a package of a monorepo; "`biome_languages/lang_*`"
		// the features of a crate
		return d.ok()
	}
	if v.batch.Ignored[globSample(a.Path)] {
		return d.hold(ReasonIgnored, a.Path+" matches gitignored build output")
	}
	name, ignored := v.ignoreListed(a.Path)
	if doc := path.Dir(v.soul.Path); !ignored && doc != "." && !strings.Contains(a.Path, "/") {
		// a bare pattern in a nested document: that directory's files
		name, ignored = v.ignoreListed(path.Join(doc, a.Path))
	}
	if ignored {
		// "`manifests/install*.yaml`" among generated files, where .gitignore lists
		// manifests/install.yaml: the glob's files are kept out of git by name
		return d.hold(ReasonIgnored, a.Path+" matches "+name+", which .gitignore keeps out")
	}
	if fragmentDirs[path.Base(path.Dir(a.Path))] {
		// "`.changeset/*.md`": the notes a change adds and a release consumes
		return d.hold(ReasonIgnored, a.Path+" are pending release notes, consumed at each release")
	}
	if top, ok := v.intoEntry(a.Path); ok {
		// "`test262/*` - Git submodule for ECMAScript test suite": the files are the submodule's
		return d.hold(ReasonOutsideRepo, a.Path+" reaches into "+top+", a submodule or link this repository tracks as one entry")
	}
	return d.fail(ReasonFileMissing, "no tracked file matches "+a.Path)
}

// routeParam is a route's parameter segment as file-system routers name it: "[id]", "[...slug]",
// "[[...slug]]".
var routeParam = mustGate(`\[\[?(?:\.\.\.)?[A-Za-z_][\w-]*\]\]?`)

// routeBelow reports a route file named from its routes directory, its brackets its own name: "`chat/[id]/
// +page.svelte`" in apps/web/CLAUDE.md over apps/web/src/routes/chat/[id]/+page.svelte (the sixty-first
// holdout's The-Penthouse). Each bracket turned into a one-byte wildcard finds the candidates; the
// literal suffix decides.
func (v *verifier) routeBelow(p string) bool {
	if strings.ContainsAny(p, "*?{") || strings.HasPrefix(p, "/") || !strings.Contains(p, "/") || strings.ContainsAny(routeParam.ReplaceAllString(p, ""), "[]") {
		return false
	}
	p = strings.TrimSuffix(p, "/")
	wild := strings.NewReplacer("[", "?", "]", "?").Replace(p)
	for _, f := range v.repo.Glob("**/"+wild, 64) {
		if strings.HasSuffix(f, "/"+p) {
			return true
		}
	}
	// a route directory: "`predictions/[id]/`" over app/api/predictions/[id]/route.ts (the fifty-fifth
	// holdout's NubHub, in the regression of the sixty-first)
	for _, f := range v.repo.Glob("**/"+wild+"/*", 64) {
		if strings.Contains("/"+f, "/"+p+"/") {
			return true
		}
	}
	return false
}

// routeByPath reports a route named by its path whose file carries the method and the language after
// the path's last segment: "`events/[eventId]/orders/[orderId]/print-status` GET" over
// server/api/crouton-sales/events/[eventId]/orders/[orderId]/print-status.get.ts (Nitro's server
// routes; the ninety-third holdout's nuxt-crouton, three rows of its endpoint tables). Brackets turn
// into one-byte wildcards as in routeBelow; the file's name is the segment, a dot, and the rest.
func (v *verifier) routeByPath(a Anchor) bool {
	last := path.Base(a.Path)
	if !routeParam.MatchString(a.Ref) || strings.HasPrefix(a.Path, "/") || strings.ContainsAny(last, ".*?[]{") {
		return false
	}
	wild := strings.NewReplacer("[", "?", "]", "?").Replace(a.Path)
	return len(v.repo.Glob("**/"+wild+".*", 1)) > 0
}

// deeperGlob reports a glob whose files sit deeper than it says: "Computes SHA256 of all
// `contracts/src/*.sol` files" over contracts/src/core/*.sol (the fifty-seventh holdout's
// SuperPaymaster, whose script finds them recursively), or "`test/**/*_test.exs`" in portal/AGENTS.md
// over the test directories of portal/apps/*/ (its emisar). Prose writes a kind of file under a place;
// the place's subtree holds them, below the place as written or below the document's directory.
//
// Only a kind of file is read so: "`agent/system_prompt*.md`" names files, and their move to
// agent/prompts/ is drift (the seventeenth holdout's).
func (v *verifier) deeperGlob(p string) bool {
	dir, last := path.Split(p)
	if dir != "" && !strings.ContainsAny(dir, "*?[{") && extensionGlob.MatchString(last) && !strings.HasPrefix(dir, ".") {
		if ok, isDir := v.repo.Exists(strings.TrimSuffix(dir, "/")); ok && isDir && len(v.repo.Glob(dir+"**/"+last, 1)) > 0 {
			return true
		}
	}
	doc := path.Dir(v.soul.Path)
	return doc != "." && doc != "" && !strings.HasPrefix(p, "/") && !strings.HasPrefix(p, ".") && strings.Contains(p, "/") && len(v.repo.Glob(doc+"/**/"+p, 1)) > 0
}

// ancestorGlob reports a glob written from a directory above the document's: "| Property |
// `test/**/*.property.test.ts` |" in apps/vscode-extension/test/AGENTS.md (the seventy-third holdout's
// prompt-registry), spelled from the package the tests belong to.
func (v *verifier) ancestorGlob(p string) bool {
	if strings.HasPrefix(p, "/") || strings.HasPrefix(p, ".") {
		return false
	}
	for dir := path.Dir(path.Dir(v.soul.Path)); dir != "." && dir != "/" && dir != ""; dir = path.Dir(dir) {
		if len(v.repo.Glob(dir+"/"+p, 1)) > 0 {
			return true
		}
	}
	return false
}

// generatedName is a file name that says a generator writes it: "modules.generated.ts", "api.gen.go",
// "zz_generated.deepcopy.go". A ".gen." name counts only with a source extension: "buf.gen.yaml" and
// "buf.typescript.gen.yaml" are the generator's own configuration, written by hand and tracked (the
// regression over the sixtieth round's servora and micro-forge).
var generatedName = mustGate(`(?i)[._-]generated\.\w+$|\.gen\.(?:go|ts|tsx|js|mjs|cjs|py|rs|dart|swift|kt|java|cs|rb|c|h|cc|cpp|hpp)$|^zz_generated\.`)

// trackedOnce reports a missing path some commit held, at its place or, for a bare name, anywhere under
// its base name: a generated file a project committed and then deleted is gone like any other (the
// sixtieth holdout's forge-agent, whose apps committed `app-spec.generated.ts` and went with it). False
// when history cannot say.
func (v *verifier) trackedOnce(p, local string) bool {
	if v.batch.EverSeen[p] || v.batch.EverSeen[local] {
		return true
	}
	return !strings.Contains(p, "/") && len(v.batch.EverSeenAt[p]) > 0
}

// extensionGlob is a last segment that names files by their extension alone: "*.sol", "*.test.ts".
var extensionGlob = mustGate(`^\*(?:\.[A-Za-z0-9]+)+$`)

// ignoreListed reports a name a .gitignore on the glob's way down (the root's, then each directory's
// above the glob's first wildcard) lists literally and the glob matches.
func (v *verifier) ignoreListed(glob string) (string, bool) {
	dir := ""
	for _, seg := range strings.Split(path.Dir(glob), "/") {
		if seg == "." || strings.ContainsAny(seg, "*?[{") {
			break
		}
		dir = path.Join(dir, seg)
	}
	return v.ignoreLineAbove(dir, func(d, line string) (string, bool) {
		name := path.Join(d, strings.TrimPrefix(line, "/"))
		if strings.ContainsAny(line, "*?[") {
			// "`urllist*.txt` and `raw/` are gitignored" over urllist*.txt in that directory's
			// .gitignore (the ninety-fifth holdout's Bluegrass-Songbook): the same pattern
			return name, name == glob
		}
		ok, _ := path.Match(glob, name)
		return name, ok
	})
}

// ignoreLineAbove reads the .gitignore files of dir and of every directory above it, nearest first,
// and returns what match makes of the first rule line it accepts (d is the directory whose .gitignore
// holds the line; comments, blank lines and negations are no rules here).
func (v *verifier) ignoreLineAbove(dir string, match func(d, line string) (string, bool)) (string, bool) {
	for d := dir; ; d = path.Dir(d) {
		if d == "" {
			d = "."
		}
		if body, ok := v.readFile(path.Join(d, ".gitignore")); ok {
			for _, line := range strings.Split(string(body), "\n") {
				line = strings.TrimSpace(line)
				if line == "" || line[0] == '#' || line[0] == '!' {
					continue
				}
				if found, ok := match(d, line); ok {
					return found, true
				}
			}
		}
		if d == "." {
			return "", false
		}
	}
}

// kindIgnore is a .gitignore line that keeps files of one kind out below a directory:
// "game/assets/**/*.png".
var kindIgnore = mustGate(`^/?([^*?\[!#\s][^*?\[]*)/\*\*/\*\.\w+$`)

// ignoredByKind reports a directory that lies below a place whose files .gitignore keeps out by kind: an
// index of local asset packs, "| beast_tribes (SV) | 5 beast hero SV battlers | `beast_tribes/100/sv_battler/` |"
// in game/assets/CLAUDE.md beside "game/assets/**/*.png" (the ninety-fourth holdout's gemini-fantasy, six
// rows). Git tracks no directory of ignored files, so one never seen is no drift. The path is read from
// the root when its top directory is one of the root's, else from the document's directory.
func (v *verifier) ignoredByKind(p string) (string, bool) {
	place := path.Clean(strings.TrimSuffix(p, "/"))
	if d := path.Dir(v.soul.Path); d != "." && d != "" && !v.repo.HasTopLevel(topSegment(place)) {
		place = path.Join(d, place)
	}
	if place == ".." || strings.HasPrefix(place, "../") || path.IsAbs(place) {
		return "", false
	}
	return v.ignoreLineAbove(path.Dir(place), func(d, line string) (string, bool) {
		m := kindIgnore.FindStringSubmatch(line)
		return path.Join(d, strings.TrimPrefix(line, "/")), m != nil && strings.HasPrefix(place, path.Join(d, m[1])+"/")
	})
}

// inSubmodule holds a path whose leading directories pass through a submodule or a link the repository
// tracks as one entry (dragonfly's `[helio/util/fibers/](helio/util/fibers/)`, inside its helio
// submodule): the files are another repository's, which a clone without submodules does not hold.
func (v *verifier) inSubmodule(a Anchor, d verdicts) (AnchorResult, bool) {
	top, ok := v.intoEntry(strings.TrimSuffix(a.Path, "/"))
	if !ok {
		return AnchorResult{}, false
	}
	return d.hold(ReasonOutsideRepo, a.Path+" lies inside "+top+", a submodule or link this repository tracks as one entry"), true
}

// pathspecGlob is a glob whose last segment holds the only wildcard (`proto/*.proto`) as git's own
// pathspecs read it, where `*` crosses directories: `proto/**/*.proto`. The seventeenth holdout's pulumi
// keeps its .proto files under proto/pulumi/ and proto/google/, and `git ls-files 'proto/*.proto'` lists
// all 18; shell matching found none. globHistory reads a glob so only when no commit ever held a match
// at its own level: browser-use's `agent/system_prompt*.md`, whose files moved into agent/system_prompts/,
// stays drift.
func pathspecGlob(glob string) (string, bool) {
	dir, last := path.Split(glob)
	if dir == "" || strings.Contains(glob, "**") || strings.ContainsAny(dir, "*?[{") || !strings.Contains(last, "*") {
		return "", false
	}
	return dir + "**/" + last, true
}

// intoEntry reports a glob whose leading directories pass through a tracked entry that is no
// directory: a submodule (its files live in another repository) or a symbolic link.
func (v *verifier) intoEntry(glob string) (string, bool) {
	segs := strings.Split(strings.TrimPrefix(glob, "./"), "/")
	for k := 1; k < len(segs); k++ {
		prefix := strings.Join(segs[:k], "/")
		if strings.ContainsAny(prefix, "*?[{") {
			return "", false
		}
		if ok, isDir := v.repo.Exists(prefix); ok {
			if !isDir {
				return prefix, true
			}
			continue
		}
		return "", false
	}
	return "", false
}

// checkRuntime probes a runtime URL when a prober is given; without one the claim is held.
func (v *verifier) checkRuntime(a Anchor, d verdicts) AnchorResult {
	if v.opts.Prober == nil {
		return d.hold(ReasonProbeOff, a.Ref)
	}
	if !strings.HasPrefix(a.Ref, "http") {
		return d.hold(ReasonProbeOff, a.Ref+": no probe for a count")
	}
	if err := v.opts.Prober.Probe(context.Background(), a.Ref); err != nil {
		return d.hold(ReasonProbeFailed, a.Ref)
	}
	return d.ok()
}

// rootLink reports a link of Copilot's instructions (or of an agent document in a hidden directory at
// the top: hiddenAgentDoc) whose destination is missing from there and present from the root:
// `.github/copilot-instructions.md` and the files of `.github/instructions/` and its siblings are read
// by an agent working at the root, and write "[backend](src/backend.rs)" for the
// root's src/ (the forty-fifth holdout's falkordb-mcp). A page people read on the forge
// (`.github/CONTRIBUTING.md`) resolves its links from its own place, and so does a destination with
// "../".
func (v *verifier) rootLink(a Anchor) bool {
	ref, ok := linkRef(a, v.soul.Path)
	if !ok || !copilotFile(v.soul.Path) && !hiddenAgentDoc(v.soul.Path) || strings.HasPrefix(ref, "../") || strings.HasPrefix(ref, "/") {
		return false
	}
	return v.existsFromRoot(ref)
}

// existsFromRoot reports a destination, its fragment dropped, that names a tracked place read from the
// repository's root and stays inside it.
func (v *verifier) existsFromRoot(ref string) bool {
	p := path.Clean(strings.SplitN(ref, "#", 2)[0])
	if p == "." || strings.HasPrefix(p, "../") {
		return false
	}
	exists, _ := v.repo.Exists(p)
	return exists
}

// rootWrittenLink reports a link in a nested document whose destination opens with the document's own
// directory and names a tracked place from the root: "[packages/retrieval/src/index.ts](packages/retrieval/src/index.ts)"
// in packages/retrieval/AGENTS.md (the sixty-seventh holdout's arcAgentic, twelve rows). Read from the
// document's place it would repeat that place, so it was written from the root, where the agents that
// read the document work. A destination that does not repeat it ("[dev](dev/)" in docs/AGENTS.md)
// may mean either place and is read as the forge reads it, and so is every link of a page people read
// there (a CONTRIBUTING.md moved into .github/ whose `.github/ISSUE_TEMPLATE.md` link broke: the labelled
// corpus's spree case).
func (v *verifier) rootWrittenLink(a Anchor) bool {
	dir := path.Dir(v.soul.Path)
	ref, ok := linkRef(a, v.soul.Path)
	if !ok || dir == "." || dir == "" || strings.HasPrefix(ref, "/") || !agentDocs[path.Base(v.soul.Path)] {
		return false
	}
	p := path.Clean(strings.SplitN(ref, "#", 2)[0])
	if p != dir && !strings.HasPrefix(p, dir+"/") {
		return false
	}
	exists, _ := v.repo.Exists(p)
	return exists
}

// editorRootLink reports a link in the editor's file:line form that names a tracked file from the root:
// "[`src/content/config.ts`](src/content/config.ts:1)" in src/agents/AGENTS.md (the hundred-and-sixty-seventh
// holdout's pickyouragent-dev), the workspace-relative form an agent's editor writes. A plain link is read
// as the forge reads it.
func (v *verifier) editorRootLink(a Anchor) bool {
	return a.EditorLine && !strings.HasPrefix(a.Ref, "../") && path.Dir(v.soul.Path) != "." && v.existsFromRoot(a.Ref)
}

// linkRef is a link's destination as written, and an import line's without its "@" (imports.go) in a
// document no tool reads imports from: "@AGENTS.md" in .github/copilot-instructions.md and "@./lib/data/data.md"
// in lib/AGENTS.md name the root's files as a link there would (the hundred-and-sixty-third holdout's
// carrilloapps and the hundred-and-sixty-sixth's Meal-Tracker-Flutter, eight rows). Claude Code and Gemini CLI
// load an import of CLAUDE.md or GEMINI.md from the document's own directory and nowhere else, so there it
// stays exact (false).
func linkRef(a Anchor, soulPath string) (string, bool) {
	ref, imported := strings.CutPrefix(a.Ref, "@")
	if !imported {
		return a.Ref, true
	}
	base := strings.ToUpper(path.Base(soulPath))
	return ref, base != "CLAUDE.MD" && base != "CLAUDE.LOCAL.MD" && base != "GEMINI.MD"
}

// depthTwin is the place a broken relative link names with one "../" taken away or added, when that
// place exists: the hundred-and-thirty-second holdout's QM-WX wrote "sibling: [mall](../../mall/)" in
// each module's CLAUDE.md of apps/server/src/modules/, where the module is ../mall/ (53 rows; the link is
// broken and stays drift, and the reader is told where it points).
func (v *verifier) depthTwin(a Anchor) (string, bool) {
	ref := strings.SplitN(a.Ref, "#", 2)[0]
	if !strings.HasPrefix(ref, "../") && !strings.HasPrefix(ref, "./") {
		return "", false
	}
	dir := path.Dir(v.soul.Path)
	for _, alt := range []string{strings.TrimPrefix(ref, "../"), "../" + ref} {
		p := path.Join(dir, alt)
		if p == "." || p == ".." || strings.HasPrefix(p, "../") || alt == ref {
			continue
		}
		if ok, _ := v.repo.Exists(p); ok {
			return p, true
		}
	}
	return "", false
}

// rulerLink reports a link of a document Ruler assembles from the `.ruler/` folder beside it, that
// resolves from there: Ruler concatenates `client/.ruler/*.md` into client/AGENTS.md and keeps each
// source's links as written, so "[pipeline](./rendering_pipeline.md)" means
// client/.ruler/rendering_pipeline.md (the hundred-and-thirtieth holdout's otterfall, four rows of
// three generated documents).
func (v *verifier) rulerLink(a Anchor) bool {
	src := path.Join(path.Dir(v.soul.Path), ".ruler")
	if ok, dir := v.repo.Exists(src); !ok || !dir || strings.HasPrefix(a.Ref, "/") {
		return false
	}
	p := path.Join(src, strings.SplitN(a.Ref, "#", 2)[0])
	if p == "." || strings.HasPrefix(p, "../") {
		return false
	}
	ok, _ := v.repo.Exists(p)
	return ok
}

// machineSuffix is the longest tail of a path on the author's machine that this repository tracks, read
// from the root: the segments before it are where the checkout sits there ("wuhao/AGENTS.md" is the
// root's AGENTS.md unless the tree has a wuhao/ of its own).
func (v *verifier) machineSuffix(p string) (string, bool) {
	segs := strings.Split(strings.Trim(p, "/"), "/")
	for i := range segs {
		tail := path.Join(segs[i:]...)
		if ok, _ := v.repo.Exists(tail); ok {
			return tail, true
		}
	}
	return "", false
}

// selfNamed reports a path that is the document's own, in another letter case: from the root, or a
// bare name beside it.
func (v *verifier) selfNamed(p string) bool {
	p = strings.TrimPrefix(p, "./")
	return strings.EqualFold(p, v.soul.Path) || !strings.Contains(p, "/") && strings.EqualFold(p, path.Base(v.soul.Path))
}

// agentDocs are the handoff documents agents read where they work, at the repository's root.
var agentDocs = set("AGENTS.md", "CLAUDE.md", "GEMINI.md")

// compiledExt maps a JavaScript extension to the TypeScript sources that compile to it.
var compiledExt = map[string][]string{".js": {".ts", ".tsx"}, ".mjs": {".mts"}, ".cjs": {".cts"}, ".jsx": {".tsx"}}

// compiledGlob reports a TypeScript source a glob of JavaScript names stands for, from the root or
// anywhere under the document's directory: `derive/*.js` over src/derive/*.ts.
func (v *verifier) compiledGlob(g string) (string, bool) {
	ext := path.Ext(g)
	if strings.HasPrefix(g, "/") || strings.HasPrefix(g, "..") {
		return "", false
	}
	for _, to := range compiledExt[ext] {
		src := strings.TrimSuffix(g, ext) + to
		for _, q := range []string{src, path.Join(path.Dir(v.soul.Path), "**", src)} {
			if hit := v.repo.Glob(q, 1); len(hit) > 0 {
				return hit[0], true
			}
		}
	}
	return "", false
}

// compiledFrom reports the TypeScript source of a missing JavaScript name, beside it from the root or
// from the document's directory, when history can say no commit ever held the JavaScript file
// (neverLanded).
func (v *verifier) compiledFrom(p string) (string, bool) {
	if !v.neverLanded(p) {
		return "", false
	}
	return v.compiledTwin(p)
}

// compiledTwin reports the TypeScript source a JavaScript name compiles from, beside it from the root or
// from the document's directory, whatever history held.
func (v *verifier) compiledTwin(p string) (string, bool) {
	for _, q := range []string{p, path.Join(path.Dir(v.soul.Path), p)} {
		ext := path.Ext(q)
		for _, to := range compiledExt[ext] {
			src := strings.TrimSuffix(q, ext) + to
			if ok, dir := v.repo.Exists(src); ok && !dir {
				return src, true
			}
		}
	}
	return "", false
}

// copilotFile reports a document GitHub's agents read from the root: Copilot's instructions, its
// path-specific instructions, agents, prompts and chat modes.
func copilotFile(p string) bool {
	if p == ".github/copilot-instructions.md" {
		return true
	}
	for _, d := range []string{".github/instructions/", ".github/agents/", ".github/prompts/", ".github/chatmodes/"} {
		if strings.HasPrefix(p, d) {
			return true
		}
	}
	return false
}

// hiddenAgentDoc reports an agent document kept in a hidden directory at the top, one tool's home for
// the project's instructions: `.claude/CLAUDE.md` (which Claude Code loads as the project's memory),
// `.agents/AGENTS.md`, `.gemini/GEMINI.md`. Its agent works at the root, and its author writes links
// from there: the hundred-and-twenty-ninth holdout's Resume-Matcher links `docs/agent/README.md` from
// .agents/AGENTS.md and .gemini/GEMINI.md, 35 rows, every one a file of the root's docs/.
func hiddenAgentDoc(p string) bool {
	dir, name := path.Split(p)
	return agentDocs[name] && strings.HasPrefix(dir, ".") && strings.Count(dir, "/") == 1 && dir != ".github/"
}

// routeGrouped reports a route path written without the route groups its directories sit in: "Denied
// access renders `app/403`" over apps/admin/app/(dashboard)/403/page.tsx (the sixty-fourth holdout's
// Tlh222k). A Next.js group "(name)" orders files and never shows in the route, so documents leave it
// out. One group, at any depth below an app/, routes/ or pages/ directory, from the root or the
// document's directory. Only a route named as a route, with no file extension and outside a drawn tree:
// a file moved into a group (recipe-rn's `app/debug.tsx`, now app/(misc)/debug.tsx) or a tree that
// draws `routes/dashboard/` where `(app)/dashboard/` now is (lucid) names files that moved, drift
// the fifty-fifth and sixtieth rounds' readers confirmed.
func (v *verifier) routeGrouped(a Anchor) bool {
	if a.Tree || pathExt(path.Base(strings.TrimSuffix(a.Path, "/"))) != "" {
		return false
	}
	p := strings.Trim(strings.TrimPrefix(a.Path, "./"), "/")
	segs := strings.Split(p, "/")
	at := slices.IndexFunc(segs, func(s string) bool { return s == "app" || s == "routes" || s == "pages" })
	if at < 0 || at == len(segs)-1 || strings.ContainsAny(p, "*?[(") {
		return false
	}
	bases := []string{""}
	if dir := path.Dir(v.soul.Path); dir != "." && dir != "" {
		bases = append(bases, dir)
	}
	for i := at + 1; i < len(segs); i++ {
		grouped := path.Join(path.Join(segs[:i]...), "(*)", path.Join(segs[i:]...))
		for _, b := range bases {
			g := path.Join(b, grouped)
			if len(v.repo.Glob(g, 1)) > 0 || len(v.repo.Glob(g+"/*", 1)) > 0 {
				return true
			}
		}
	}
	return false
}

func (v *verifier) missingPath(a Anchor, fail, hold func(string, string) AnchorResult) AnchorResult {
	if v.routeGrouped(a) {
		return AnchorResult{Anchor: a, Status: AnchorOK, Detail: a.Path + " is a route whose files sit in a route group"}
	}
	if pkg, ok := v.subpathExport(a); ok {
		return AnchorResult{Anchor: a, Status: AnchorOK, Detail: a.Ref + " is a subpath " + pkg + " exports"}
	}
	if !a.Link && cssClassName.MatchString(a.Path) && v.styleDeclares(a.Path) {
		// "`.builder-main` has `padding-bottom: 500px`" (the two-hundred-and-fortieth holdout's
		// reelplayer-dev): a class its stylesheets declare, not a dotfile
		return AnchorResult{Anchor: a, Status: AnchorOK, Detail: a.Ref + " is a CSS class a stylesheet declares"}
	}
	local := path.Join(path.Dir(v.soul.Path), a.Path)
	if v.batch.Ignored[a.Path] || v.batch.Ignored[local] {
		return hold(ReasonIgnored, a.Path+" is gitignored and absent")
	}
	if !strings.Contains(a.Path, "/") && !a.Link {
		for _, d := range v.ignoreDirs() {
			if v.batch.Ignored[path.Join(d, a.Path)] {
				return hold(ReasonIgnored, a.Path+" is absent, and "+d+"/ keeps such a file out of git")
			}
		}
	}
	if src, ok := v.installedCopy(a.Path); ok && !v.soul.SoulTissue && v.neverLanded(a.Path) {
		// "Andie is at: `.claude/skills/andie/SKILL.md`" beside a tracked skills/andie/SKILL.md (the
		// two-hundred-and-forty-second holdout's raven), "cp -r <plugin-source-path> .claude/plugins/fast-diff/"
		// in plugins/fast-diff/CLAUDE.md (the two-hundred-and-forty-fifth's brainbrew-devkit): where a plugin
		// puts its tracked files in the reader's project. A soul cites only what it can show here (SOUL-INV-1)
		return hold(ReasonOutsideRepo, a.Path+" never landed here; it is where "+src+" is installed in a user's project")
	}
	if perMachine[path.Base(a.Path)] {
		// "copy `.env.example` to `.env`": a file each checkout keeps for itself
		return hold(ReasonIgnored, a.Path+" is a per-machine file, absent from a clean checkout")
	}
	if tpl, ok := v.templateTwin(a.Path); ok {
		// "configurable cadence via `config.json`" beside a tracked server/config.example.json (the
		// hundred-and-fortieth holdout's Personal-Dashboard): each checkout makes its own from the template;
		// "`pmix_common.h`" beside include/pmix_common.h.in (the hundred-and-forty-second's openpmix):
		// configure writes it
		if strings.HasSuffix(tpl, ".in") {
			return hold(ReasonIgnored, a.Path+" is generated from "+tpl+" by the build")
		}
		return hold(ReasonIgnored, a.Path+" is made from the template "+tpl+" in each checkout")
	}
	if top := strings.SplitN(strings.TrimPrefix(a.Path, "./"), "/", 2)[0]; len(top) > 1 && top[0] == '.' && v.ownProgram(top[1:]) {
		// "everything which is in `.jj/`" in jj's own guide: the directory the program makes in each
		// repository it works on, never one of its own source tree
		return hold(ReasonIgnored, a.Path+" is the state directory "+top[1:]+" makes where it runs, absent from its own tree")
	}
	if fragmentDirs[path.Base(a.Path)] {
		// "propose changes to release-notes/unreleased/": the directory each change drops a note in and
		// each release empties; between releases it is absent from git
		return hold(ReasonIgnored, a.Path+" is a directory of pending release notes, emptied at each release")
	}
	if a.RunBy != "" && strings.HasPrefix(a.Ref, "./") && v.docProgram(a.RunBy) {
		// "devui ./agents" in the devui package's own AGENTS.md: the directory a user hands the
		// program the package installs, not one of the package's files
		return hold(ReasonOutsideRepo, a.Path+" is an argument the reader gives "+a.RunBy+", the program this project installs")
	}
	if buildOutputs[strings.SplitN(strings.TrimLeft(strings.TrimPrefix(a.Path, "./"), "./"), "/", 2)[0]] || buildOutputs[path.Base(strings.TrimSuffix(a.Path, "/"))] {
		// "builds into `dist/`": output a clean checkout does not have, whatever .gitignore says
		return hold(ReasonIgnored, a.Path+" is build output, absent from a clean checkout")
	}
	if top := strings.SplitN(strings.TrimPrefix(a.Path, "./"), "/", 2)[0]; strings.Contains(a.Path, "/") && toolOutputDir.MatchString(top) && !v.trackedOnce(a.Path, local) {
		// "Read graphify-out/GRAPH_REPORT.md" (the hundred-and-fourth holdout's tracker, a section the
		// graphify tool writes into guides): a directory named as a tool's output, made where it runs
		return hold(ReasonIgnored, a.Path+" is under "+top+"/, a tool's output directory, absent from a clean checkout")
	}
	if pattern, ok := v.ignoredBelow(a.Path); ok {
		return hold(ReasonIgnored, a.Path+" holds what .gitignore keeps out ("+pattern+"): a build's output, absent from a clean checkout")
	}
	if generatedName.MatchString(path.Base(a.Path)) && !v.trackedOnce(a.Path, local) {
		// "`modules.generated.ts` — routes, APIs" under "Key Generated Files" (the sixty-first holdout's
		// helios-flow; the sixtieth's forge-agent too): a generator's output, named as such
		return hold(ReasonBuildOutput, a.Path+" is named as a generator's output, absent from a clean checkout")
	}
	if tmpl, ok := v.renderedFrom(a.Path, local); ok {
		// "this will generate `tests/.../e2e_tests.tfvars` for you" beside a tracked
		// `e2e_tests.tfvars.tftpl`: each checkout renders or copies its own
		return hold(ReasonBuildOutput, a.Path+" is made from the tracked template "+tmpl+", absent from a clean checkout")
	}
	if v.repo.Git() && v.batch.EverSeen != nil && !v.batch.EverSeen[a.Path] && !v.batch.EverSeen[local] {
		if full, ok := v.namedAbroad(a.Path); ok {
			// "`server_args.py:3286-3287`" after "The canonical reference is
			// `python/sglang/srt/server_args.py`": the file the document placed in another project
			return hold(ReasonOutsideRepo, a.Path+" never landed here; the document names it as "+full+", which this repository does not have")
		}
		if productFile(a) {
			return hold(ReasonOutsideRepo, a.Path+" never landed in this repository's history and is named as a file the product or another project keeps")
		}
		if full, ok := v.packageShorthand(a.Path); ok && !a.Link && !a.Tree && !strings.HasPrefix(a.Ref, ".") {
			// "`desktop/Editor.tsx`" and "`web/BackendEditor.tsx`" in a monorepo's log (the
			// hundred-and-twenty-third holdout's Spartan-IDE, 41 rows): a file named by its package and
			// its name, the one file of that name the package has; never a path history held
			return AnchorResult{Anchor: a, Status: AnchorOK, Detail: a.Ref + " is " + full + ", named by its package"}
		}
		if agentMemory[path.Base(a.Path)] || v.memoryTopic(a.Path) {
			// "Also read `MEMORY.md`" in an agent's workspace (the forty-fifth holdout's reticle): the
			// agent's long-term memory, kept beside the checkout and out of git; one a commit held and
			// deleted is still gone
			return hold(ReasonIgnored, a.Path+" is an agent's own memory file, which no commit ever held")
		}
		if suffix := v.nameSuffixOf(a); suffix != "" {
			// "the module's `Build.cs`" over Source/McpAutomationBridge/McpAutomationBridge.Build.cs (the
			// hundred-and-seventy-first holdout's uemcp): the compound ending files of a kind carry
			return AnchorResult{Anchor: a, Status: AnchorOK, Detail: a.Ref + " is the ending of " + suffix}
		}
		if agentToolDirs[strings.TrimSuffix(strings.TrimPrefix(a.Path, "./"), "/")] && !a.Link {
			// "| `.omc/` | OMC 계획, 세션, 상태 파일 |" (plans, sessions, state files: the hundred-and-sixty-fifth
			// holdout's tiger-slide-sp, beside `.claude/`): the directory a coding agent keeps its settings
			// and state in where it runs; one a commit held and deleted is still gone
			return hold(ReasonIgnored, a.Path+" is a coding agent's own directory, which no commit ever held")
		}
		if a.Start > 0 && !a.Link && !strings.Contains(a.Path, "/") && !v.soul.SoulTissue && path.Ext(a.Path) != "" && len(v.filesOf(path.Ext(a.Path))) == 0 {
			// "kernel BUG at `jump_label.c:73`" in a dotfiles repository (the two-hundred-and-thirty-sixth
			// holdout's, quoting a crash): a line of a file history never held, in a language the repository
			// has no file of, is another project's source. A soul cites only what it can show here (SOUL-INV-1)
			return hold(ReasonOutsideRepo, a.Path+" never landed here, and no "+path.Ext(a.Path)+" file is tracked: a line of another project's source")
		}
		if repo, ok := v.familyRepo(a.Path); ok && !v.soul.SoulTissue {
			// "check the spec first: `duragraph-spec/frontend/wireframes.yml`" in duragraph (the
			// two-hundred-and-twenty-second holdout): a file of the project's sibling repository, named by
			// the folder its checkout gets. A soul cites only what it can show here (SOUL-INV-1)
			return hold(ReasonOutsideRepo, a.Path+" never landed here; "+repo+" is named as a sibling repository of this project")
		}
		return fail(ReasonUnanchored, a.Path+" never landed in this repository's history")
	}
	if at, ok := v.localCopiesOnly(a); ok {
		return hold(ReasonIgnored, a.Path+" was tracked only as "+at+", a running program's local state committed by mistake")
	}
	return fail(ReasonFileMissing, a.Path+" is gone")
}

// installedCopy is the tracked file or directory a path under a coding agent's directory copies: the path
// without its first folder (".claude/skills/andie/SKILL.md" for skills/andie/SKILL.md), read from the root
// or from the document's folder.
func (v *verifier) installedCopy(p string) (string, bool) {
	top, rest, ok := strings.Cut(strings.TrimPrefix(p, "./"), "/")
	rest = strings.TrimSuffix(rest, "/")
	if !ok || !agentToolDirs[top] || !strings.Contains(rest, "/") {
		return "", false // one name under the directory ("`.claude/settings.json`") is the directory's own
	}
	for _, c := range []string{rest, path.Join(path.Dir(v.soul.Path), rest)} {
		if ok, _ := v.repo.Exists(c); ok {
			return c, true
		}
	}
	return "", false
}

// familyRepo reports a path whose top folder, absent here, is the repository's own name with a suffix
// ("duragraph-spec/" beside duragraph, "acme_docs/" beside acme): another repository of the same project,
// checked out beside this one.
func (v *verifier) familyRepo(p string) (string, bool) {
	top, rest, ok := strings.Cut(strings.TrimPrefix(p, "./"), "/")
	if !ok || rest == "" || v.repo.HasTopLevel(top) {
		return "", false
	}
	for i := 1; i < len(top)-1; i++ {
		if (top[i] == '-' || top[i] == '_') && v.ownName(top[:i]) {
			return top, true
		}
	}
	if v.linkedRepos()[strings.ToLower(top)] && !v.ownName(top) {
		// "See `ai-instructions/workflows/personal-dev-workflow.md`" in a guide that links
		// github.com/freaxnx01/ai-instructions for its full rules (the two-hundred-and-forty-second
		// holdout's bridge): the file of that repository, checked out under its name
		return top, true
	}
	return "", false
}

// linkedRepos are the names of the forge repositories (GitHub, GitLab, Codeberg, Bitbucket) the
// document's claims link, lower-cased.
func (v *verifier) linkedRepos() map[string]bool {
	if v.linkedRepoSet != nil {
		return v.linkedRepoSet
	}
	v.linkedRepoSet = map[string]bool{}
	for _, c := range v.soul.Claims {
		if !strings.Contains(c.Text, ".com/") && !strings.Contains(c.Text, ".org/") {
			continue
		}
		for _, m := range forgeRepoLink.FindAllStringSubmatch(c.Text, -1) {
			v.linkedRepoSet[strings.ToLower(strings.TrimSuffix(m[1], ".git"))] = true
		}
	}
	return v.linkedRepoSet
}

// forgeRepoLink is a link to a repository on one of the forges forgeLinkCell knows; its name is the
// group.
var forgeRepoLink = mustGate(`\b` + forgeHosts + `/[\w.-]+/([\w.-]+)`)

// packageShorthand reads a two-part path that no commit held, a package's top directory and a file name,
// as the one file of that name under that package: the package-qualified name monorepo guides write. A
// directory that is no package keeps its paths exact: "`scripts/build_grammar.sh`" for
// scripts/parser/build_grammar.sh is a command that fails (the fortieth holdout's duckdb), and a link
// resolves exactly or is broken ("[root](../../CLAUDE.md)" from a moved document: round 120's top1000),
// and so does a tree's entry, placed by the tree (round 87's valkey-glide drew `go/client.go`).
func (v *verifier) packageShorthand(p string) (string, bool) {
	top, base, ok := strings.Cut(p, "/")
	if !ok || strings.Contains(base, "/") || path.Ext(base) == "" || strings.ContainsAny(p, "*?[{") || !v.repo.HasTopLevel(top) || !v.packageDir(top) {
		return "", false
	}
	found := v.repo.Glob(top+"/**/"+base, 2)
	if len(found) != 1 {
		return "", false
	}
	return found[0], true
}

// packageManifests are the files that make a directory a package of a monorepo.
var packageManifests = []string{"package.json", "Cargo.toml", "go.mod", "pyproject.toml", "pom.xml", "build.gradle", "build.gradle.kts", "composer.json", "pubspec.yaml", "Package.swift"}

// packageDir reports a directory holding a package manifest.
func (v *verifier) packageDir(dir string) bool {
	for _, m := range packageManifests {
		if ok, isDir := v.repo.Exists(dir + "/" + m); ok && !isDir {
			return true
		}
	}
	return false
}

// memoryTopic reports a topic file of an agent's memory: "see `memory/rate-limiting.md`" (the
// hundred-and-nineteenth holdout's intranet, five rows), Claude Code's notes kept beside MEMORY.md in
// the user's own directory. Only a markdown file directly under a memory/ the repository has no
// directory of reads so.
func (v *verifier) memoryTopic(p string) bool {
	rest, ok := strings.CutPrefix(p, "memory/")
	return ok && !strings.Contains(rest, "/") && strings.HasSuffix(rest, ".md") && !v.repo.HasTopLevel("memory")
}

// namedAbroad reports, for a bare file name, a longer path to a file of that name the document writes
// elsewhere ("`python/sglang/srt/server_args.py:ServerArgs`") when this repository holds no file of that
// name at all: the document's own word for where the file lives.
func (v *verifier) namedAbroad(name string) (string, bool) {
	if strings.Contains(name, "/") || v.repo.HasBasename(name) {
		return "", false
	}
	for i := range v.soul.Claims {
		text := v.soul.Claims[i].Text
		for from := 0; ; {
			j := strings.Index(text[from:], "/"+name)
			if j < 0 {
				break
			}
			at, end := from+j, from+j+1+len(name)
			from = end
			if end < len(text) && (isPathByte(text[end]) && text[end] != '.' || text[end] == '.' && end+1 < len(text) && isPathByte(text[end+1])) {
				continue // "/server_args.pyc", "/server_args.py.bak": another name
			}
			lo := at
			for lo > 0 && (isPathByte(text[lo-1]) || text[lo-1] == '/') {
				lo--
			}
			full := strings.TrimPrefix(text[lo:end], "./")
			if strings.Contains(full, "/") && !strings.HasPrefix(full, "/") && !strings.HasPrefix(full, "../") && !strings.Contains(full, "//") {
				return full, true
			}
		}
	}
	return "", false
}

// cssClassName is a dot and a hyphened lower-case name, perhaps compounded: ".builder-main",
// ".builder-main.media-library-active". A dotfile's name is rarely hyphened so.
var cssClassName = mustGate(`^\.[a-z][a-z0-9]*(?:-[a-z0-9]+)+(?:\.[a-z][a-z0-9]*(?:-[a-z0-9]+)*)*$`)

// maxStylesheets bounds how many stylesheets one check reads for a class.
const maxStylesheets = 200

// styleDeclares reports whether a tracked stylesheet, among the first maxStylesheets, names the first class
// of a selector, read once per class.
func (v *verifier) styleDeclares(selector string) bool {
	class := selector
	if i := strings.IndexByte(selector[1:], '.'); i >= 0 {
		class = selector[:i+1]
	}
	held, ok := v.cssClasses[class]
	if !ok {
		held = v.stylesheetsName(class)
		if v.cssClasses == nil {
			v.cssClasses = map[string]bool{}
		}
		v.cssClasses[class] = held
	}
	return held
}

// stylesheetsName reads the tracked stylesheets, at most maxStylesheets, for a class.
func (v *verifier) stylesheetsName(class string) bool {
	n := 0
	for _, ext := range []string{".css", ".scss", ".sass", ".less"} {
		for _, f := range v.filesOf(ext) {
			if n++; n > maxStylesheets {
				return false
			}
			if body, ok := v.readFile(f); ok && cssClassIn(body, class) {
				return true
			}
		}
	}
	return false
}

// cssClassIn reports class (".builder-main") in a stylesheet, not as the start of a longer name.
func cssClassIn(body []byte, class string) bool {
	for from := 0; ; {
		i := bytes.Index(body[from:], []byte(class))
		if i < 0 {
			return false
		}
		end := from + i + len(class)
		if end >= len(body) || !(isPathByte(body[end]) && body[end] != '.') {
			return true
		}
		from = end
	}
}

// isPathByte reports a byte of a path segment: a letter, a digit, '_', '-' or '.'.
func isPathByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-' || c == '.'
}

// templateSuffixes mark a tracked file a tool renders or a person copies into the file named without
// the suffix: `config.yaml.example`, `e2e_tests.tfvars.tftpl`, `settings.py.tmpl`, `config.h.in`.
var templateSuffixes = []string{".tmpl", ".tpl", ".tftpl", ".gotmpl", ".template", ".j2", ".jinja", ".jinja2", ".in", ".dist", ".example", ".sample", ".default"}

// renderedFrom reports the tracked template of a missing file, beside it under its name and a template
// suffix (from the root or the document's directory): the nineteenth holdout's cloud-foundation-fabric
// renders `e2e_tests.tfvars` from `e2e_tests.tfvars.tftpl`, configure writes `Makefile` from `Makefile.in`.
func (v *verifier) renderedFrom(paths ...string) (string, bool) {
	for _, p := range paths {
		for _, t := range templateNames(p) {
			// the base name asked of the tracked files first: Exists reads the disk for an untracked
			// name, and a check of many missing paths would stat each one thirteen times over
			if len(v.repo.ByBasename(path.Base(t))) == 0 {
				continue
			}
			if ok, isDir := v.repo.Exists(t); ok && !isDir {
				return t, true
			}
		}
	}
	return "", false
}

// templateNames are the names a template of p may have: a suffix after the whole name
// (`config.yaml.example`), or a marker before the extension, so editors still know the kind
// (reticle's `config/secrets.example.json` for `config/secrets.json`, the forty-fifth holdout).
func templateNames(p string) []string {
	names := make([]string, 0, len(templateSuffixes)+len(templateInfixes))
	for _, suf := range templateSuffixes {
		names = append(names, p+suf)
	}
	if ext := path.Ext(p); ext != "" && ext != p {
		stem := strings.TrimSuffix(p, ext)
		for _, mid := range templateInfixes {
			names = append(names, stem+mid+ext)
		}
	}
	return names
}

// templateInfixes are the template markers written before a file's extension (`secrets.example.json`),
// which keeps the kind an editor reads from the last one.
var templateInfixes = []string{".example", ".sample", ".template", ".tmpl", ".dist", ".default"}

// productFile reports a bare file name (no directory) that its clause places elsewhere or whose kind
// only a running program writes (`mission.db`): a name history never saw is then a file the product or
// another project keeps, not one the document claims this repository has.
func productFile(a Anchor) bool {
	p := a.Path
	if a.Link || strings.Contains(p, "/") || strings.HasSuffix(a.Ref, "/") {
		return false
	}
	return a.Elsewhere || runtimeExt[strings.ToLower(pathExt(p))]
}

// repoSlug reports whether a slash word is the repository's own "owner/name" (from go.mod's module path
// or the checkout's directory name), not a path inside it.
func (v *verifier) repoSlug(p string) bool {
	if strings.Count(p, "/") != 1 {
		return false
	}
	if body, ok := v.readFile("go.mod"); ok {
		if m := goModule.FindSubmatch(body); m != nil && strings.HasSuffix(string(m[1]), "/"+p) {
			return true
		}
	}
	name := path.Base(p)
	return name == filepath.Base(v.repo.Root()) && name != strings.SplitN(p, "/", 2)[0]
}

var goModule = mustGate(`(?m)^module\s+"?([^\s"]+)`)

// fragmentDirs are the directories release-note tools collect one file per change in and empty at each
// release (changie's .changes/unreleased, towncrier's newsfragments and changelog.d).
var fragmentDirs = set("unreleased", "newsfragments", "changelog.d", "changes.d", ".changeset")

// toolOutputDir names a directory after the output a tool writes there: "graphify-out", "test_output".
var toolOutputDir = mustGate(`^[\w.-]+[-_](?:out|output|outputs)$`)

// outputsDir names a folder of a project's run outputs: "outputs", "results".
var outputsDir = mustGate(`^(?i:outputs?|results)$`)

// buildOutputs are directories that tools create on a machine and repositories rarely track.
var buildOutputs = set("node_modules", "dist", "build", "target", "out", ".venv", "venv", "__pycache__", ".next", ".nuxt", ".svelte-kit", "coverage", ".turbo", ".cache", ".pytest_cache", ".mypy_cache", ".ruff_cache", ".tox", ".gradle", ".dart_tool", "DerivedData", ".terraform", "tmp", ".tmp")

// runsHere reports a checkout a command block changes into that is this repository: its own name, or
// a path anywhere that ends in it ("cd /path/to/erlmcp", "cd ~/src/erlmcp": the twenty-ninth holdout's
// erlmcp, whose DEVELOPMENT.md runs four gone make targets there). "cd /tmp/test-project" is not.
func (v *verifier) runsHere(dir string) bool {
	if v.ownName(dir) {
		return true
	}
	base := path.Base(strings.TrimSuffix(dir, "/"))
	return strings.ContainsRune(dir, '/') && base != "." && base != "/" && v.ownName(base)
}

// ownName reports whether a name a document gives a repository is this one's, in any case: the
// checkout's directory, the last element of go.mod's module path (a /vN suffix dropped), or the name a
// pyproject.toml, Cargo.toml or package.json gives (an npm scope dropped). A path naming the checkout
// ("go work init ./go-sdk") and a lead-in naming the repository a block runs in both ask this.
func (v *verifier) ownName(name string) bool {
	for _, own := range v.ownNames() {
		if strings.EqualFold(own, name) {
			return true
		}
	}
	return false
}

// ownNames lists the names ownName accepts, read once: the checkout's directory, go.mod's module's last
// element, and each manifest's name, whole and without an npm scope.
func (v *verifier) ownNames() []string {
	if v.ownNameList != nil {
		return v.ownNameList
	}
	names := []string{filepath.Base(v.repo.Root())}
	if body, ok := v.readFile("go.mod"); ok {
		if m := goModule.FindSubmatch(body); m != nil {
			mod := string(m[1])
			if majorSuffix.MatchString(path.Base(mod)) {
				mod = path.Dir(mod)
			}
			names = append(names, path.Base(mod))
		}
	}
	for _, f := range []string{"pyproject.toml", "Cargo.toml", "package.json"} {
		body, ok := v.readFile(f)
		if !ok {
			continue
		}
		re := manifestName
		if f == "package.json" {
			re = packageName
		}
		if m := re.FindSubmatch(body); m != nil {
			names = append(names, string(m[1]), path.Base(string(m[1])))
		}
	}
	v.ownNameList = names
	return names
}

// siblingRepoBefore reports a name of the project's family right before a commit's span, in its clause:
// "(kgsm-llm Phase 1, committed `bda373a`)" in kgsm-api (the two-hundred-and-thirty-seventh holdout's,
// whose project keeps kgsm-llm and kgsm-watchdog apart): a commit of that sibling repository. The family is
// the first word of a hyphened or underscored own name, four letters or more, and the name is not this one.
func (v *verifier) siblingRepoBefore(text, ref string) (string, bool) {
	at := strings.Index(text, "`"+ref+"`")
	if at < 0 {
		return "", false
	}
	m := familyWordBefore.FindStringSubmatch(text[max(0, at-80):at])
	if m == nil || v.ownName(m[1]) {
		return "", false
	}
	family := strings.ToLower(m[1][:strings.IndexAny(m[1], "-_")])
	for _, own := range v.ownNames() {
		o := strings.ToLower(own)
		if len(o) > len(family)+1 && strings.HasPrefix(o, family) && (o[len(family)] == '-' || o[len(family)] == '_') {
			return m[1], true
		}
	}
	return "", false
}

// familyWordBefore is a hyphened or underscored name, its first word four letters or more, then up to
// forty bytes of its clause before a span.
var familyWordBefore = mustGate("(?:^|[\\s(])([A-Za-z][A-Za-z0-9]{3,}[-_][\\w-]*[A-Za-z0-9])\\b[^.;()\\n`]{0,40}$")

// ownProgram reports whether name is a program this repository builds: its own name (ownName), a
// Cargo [[bin]] target, a Go command under cmd/, or a package.json "bin" entry.
func (v *verifier) ownProgram(name string) bool {
	if name == "" {
		return false
	}
	if v.ownName(name) {
		return true
	}
	if ok, isDir := v.repo.Exists("cmd/" + name); ok && isDir {
		return true
	}
	for _, f := range v.repo.ByBasename("Cargo.toml") {
		if body, ok := v.readFile(f); ok && cargoBin(body, name) {
			return true
		}
	}
	body, ok := v.readFile("package.json")
	return ok && packageBins(body, name)
}

// packageBins reports a "bin" entry of a package.json named name.
func packageBins(body []byte, name string) bool {
	if block := packageBin.FindSubmatch(body); block != nil {
		for _, m := range packageBinName.FindAllSubmatch(block[1], -1) {
			if string(m[1]) == name {
				return true
			}
		}
	}
	return false
}

// docProgram reports a program that the manifest beside the document, or one above it, installs: a
// [project.scripts] entry of pyproject.toml or a "bin" of package.json, or the repository's own.
func (v *verifier) docProgram(name string) bool {
	if v.ownProgram(name) {
		return true
	}
	for dir := path.Dir(v.soul.Path); dir != "." && dir != "/" && dir != ""; dir = path.Dir(dir) {
		if body, ok := v.readFile(path.Join(dir, "pyproject.toml")); ok {
			if m := pyScripts.FindSubmatch(body); m != nil {
				for _, line := range strings.Split(string(m[1]), "\n") {
					if key, _, ok := strings.Cut(line, "="); ok && strings.Trim(strings.TrimSpace(key), `"'`) == name {
						return true
					}
				}
			}
		}
		if body, ok := v.readFile(path.Join(dir, "package.json")); ok && packageBins(body, name) {
			return true
		}
	}
	return false
}

// pyScripts is pyproject.toml's [project.scripts] table, up to the next table.
var pyScripts = mustGate(`(?m)^\[project\.scripts\][ \t]*\n((?:[^\[\n].*\n?|\n)*)`)

// cargoBin reports a [[bin]] table of a Cargo manifest named name.
func cargoBin(body []byte, name string) bool {
	for _, sec := range strings.Split(string(body), "[[bin]]")[1:] {
		if i := strings.Index(sec, "\n["); i >= 0 {
			sec = sec[:i]
		}
		if m := manifestName.FindStringSubmatch(sec); m != nil && m[1] == name {
			return true
		}
	}
	return false
}

var (
	packageBin     = mustGate(`"bin"\s*:\s*\{([^}]*)\}`)
	packageBinName = mustGate(`"([^"]+)"\s*:`)
)

var (
	manifestName = mustGate(`(?m)^\s*"?name"?\s*[:=]\s*"([^"]+)"`)
	packageName  = mustGate(`"name"\s*:\s*"([^"]+)"`)
	majorSuffix  = mustGate(`^v\d+$`)
)

// sitePageForms are the files a documentation site (VitePress, Docusaurus, MkDocs, Hugo) serves for a
// page linked without its extension.
var sitePageForms = []string{".md", ".mdx", "/index.md", "/README.md", "/index.mdx", "/_index.md"}

// sitePage reports a link without an extension to a page a documentation site builds from a markdown
// file beside it: "[Requirements](./guide/getting-started#requirements)" in koel's docs, for
// docs/guide/getting-started.md (the twenty-ninth holdout). A link to a page no file makes stays
// missing.
func (v *verifier) sitePage(p string) bool {
	p = strings.TrimSuffix(p, "/")
	if p == "" || path.Ext(p) != "" {
		return false
	}
	for _, form := range sitePageForms {
		if ok, dir := v.repo.Exists(p + form); ok && !dir {
			return true
		}
	}
	return false
}

// templateTwin finds the tracked template a missing file is made from: config.json's config.example.json,
// config.json.example, .sample, .template or .dist twin, or the .in file configure fills (pmix_common.h.in),
// beside the path written, or anywhere for a bare name.
func (v *verifier) templateTwin(p string) (string, bool) {
	p = strings.TrimPrefix(p, "./")
	base := path.Base(p)
	ext := path.Ext(base)
	if ext == "" || strings.HasSuffix(p, "/") || strings.ContainsAny(base, "*?[{<") {
		return "", false
	}
	stem := strings.TrimSuffix(base, ext)
	for _, mark := range []string{"example", "sample", "template", "dist", "in"} {
		twins := []string{stem + "." + mark + ext, base + "." + mark}
		if mark == "in" {
			twins = twins[1:] // autoconf's pmix_common.h.in; "x.in.h" is no template
		}
		for _, twin := range twins {
			for _, f := range v.repo.ByBasename(twin) {
				if !strings.Contains(p, "/") || path.Dir(f) == path.Dir(p) || path.Dir(f) == path.Join(path.Dir(v.soul.Path), path.Dir(p)) {
					return f, true
				}
			}
		}
	}
	return "", false
}

// holeDirs is a directory of a path that is only a named hole: "/[route]/".
var holeDirs = mustGate(`(?:^|/)` + namedHole.String() + `/`)

// holeDirsDeep turns each directory of ref that is a named hole into any depth of directories.
func holeDirsDeep(ref string) (string, bool) {
	if !holeDirs.MatchString(ref) {
		return "", false
	}
	deep := holeDirs.ReplaceAllStringFunc(ref, func(m string) string {
		if strings.HasPrefix(m, "/") {
			return "/**/"
		}
		return "**/"
	})
	return strings.TrimPrefix(deep, "./"), true
}
