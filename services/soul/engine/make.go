package engine

import (
	"bytes"
	"maps"
	"path"
	"slices"
	"strings"
)

// Make targets and npm scripts a claim cites.

var makeRule = mustGate(`(?m)^([A-Za-z0-9_./%-][^:=#\n\t]*?)\s*::?(?:[^=]|$)`)

func (v *verifier) makeTarget(a Anchor, fail func(string, string) AnchorResult) AnchorResult {
	targets, file := v.makefile(a.Path)
	if targets == nil {
		if input, ok := v.makefileInput(a.Path); ok {
			// htop's "./autogen.sh && ./configure && make": configure writes the Makefile
			return AnchorResult{Anchor: a, Status: AnchorHeld, Reason: ReasonUnverifiable,
				Detail: "the Makefile in " + orRoot(a.Path) + " is generated (" + input + " is tracked); its targets cannot be read"}
		}
		return fail(ReasonFileMissing, "no Makefile in "+orRoot(a.Path))
	}
	if a.Name == "" || targets[a.Name] {
		return AnchorResult{Anchor: a, Status: AnchorOK}
	}
	for t := range targets {
		// "img/%.png" builds "img/media-types.png"
		if pre, suf, ok := strings.Cut(t, "%"); ok && len(a.Name) > len(pre)+len(suf) && strings.HasPrefix(a.Name, pre) && strings.HasSuffix(a.Name, suf) {
			return AnchorResult{Anchor: a, Status: AnchorOK}
		}
	}
	if slashedTargets(targets, a.Name) {
		return AnchorResult{Anchor: a, Status: AnchorOK}
	}
	name := file
	if a.Path == "" {
		name = "the Makefile"
	}
	if how := macroFit(v.makeMacros[a.Path], a.Name); how != "" {
		// the literal list is not all make knows: the target may be one a macro makes (make_macros.go)
		v.unseenTargets[anchorKey(a)] = true
		return fail(ReasonChanged, name+" has no literal target "+a.Name+"; "+how+", which the name fits")
	}
	if inc := v.makeOutside[a.Path]; inc != "" {
		// PostgreSQL extensions take install and installcheck from `include $(PGXS)`: the list is
		// not all make knows, and the rest is not in this repository
		v.unseenTargets[anchorKey(a)] = true
		return fail(ReasonChanged, name+" has no literal target "+a.Name+"; it includes "+inc+fromOutside)
	}
	return fail(ReasonChanged, name+" has no target "+a.Name)
}

// slashedTargets reports a name written as alternatives, "make format/lint/typecheck" (the eighth
// holdout), where each part is a target and the whole is none: a target with a slash in its name is a
// file's, which the literal list above would have held.
func slashedTargets(targets map[string]bool, name string) bool {
	parts := strings.Split(name, "/")
	if len(parts) < 2 {
		return false
	}
	for _, p := range parts {
		if !targets[p] {
			return false
		}
	}
	return true
}

// makefileInputs are the tracked files a configure step writes a Makefile from: autotools, CMake,
// Meson's and Perl's generators, and a configure script itself.
var makefileInputs = []string{"Makefile.am", "Makefile.in", "configure.ac", "configure.in", "configure", "CMakeLists.txt", "meson.build", "Makefile.PL"}

// makefileInput names the first makefileInputs file dir tracks, when it has one.
func (v *verifier) makefileInput(dir string) (string, bool) {
	for _, name := range makefileInputs {
		if ok, isDir := v.repo.Exists(path.Join(dir, name)); ok && !isDir {
			return name, true
		}
	}
	return "", false
}

// makefileNames are the names make reads, in its own order.
var makefileNames = []string{"GNUmakefile", "makefile", "Makefile"}

// makefile reads the targets of the Makefile in dir ("" is the root) and names the file; nil targets
// when dir has none.
func (v *verifier) makefile(dir string) (map[string]bool, string) {
	if targets, ok := v.makeTargets[dir]; ok {
		return targets, v.makeFiles[dir]
	}
	if v.makeFiles == nil {
		v.makeFiles, v.makeMacros, v.makeIncluded, v.makeOutside = map[string]string{}, map[string][]macroTarget{}, map[string][]string{}, map[string]string{}
	}
	v.makeTargets[dir] = nil
	for _, name := range makefileNames {
		f := path.Join(dir, name)
		body, ok := v.readFile(f)
		if !ok {
			continue
		}
		targets := map[string]bool{}
		var macros []macroTarget
		read := map[string]bool{f: true}
		v.readMakeRules(dir, body, targets, &macros, read, 0)
		if inc := v.outsideInclude(body); inc != "" {
			v.makeOutside[dir] = inc
		}
		v.makeTargets[dir], v.makeFiles[dir] = targets, f
		delete(read, f)
		v.makeIncluded[dir] = slices.Sorted(maps.Keys(read))
		v.makeMacros[dir] = macros
		break
	}
	return v.makeTargets[dir], v.makeFiles[dir]
}

// maxMakeIncludes bounds how deep include directives are followed (a.mk including b.mk ...).
const maxMakeIncludes = 3

// makeInclude is an include directive: "include x.mk", "-include local.mk", "sinclude *.mk".
var makeInclude = mustGate(`(?m)^[ \t]*-?s?include[ \t]+([^#\n]+)`)

// readMakeRules adds the literal targets and macro shapes of one makefile's body, and of the files its
// include directives name (jaeger's Makefile includes scripts/makefiles/Tools.mk, which defines
// `install-tools`). An included name is relative to dir, where make runs; one written with a variable
// (`$(ROOT)/x.mk`) is not followed, and a glob (`scripts/makefiles/*.mk`) reads every tracked match.
func (v *verifier) readMakeRules(dir string, body []byte, targets map[string]bool, macros *[]macroTarget, seen map[string]bool, depth int) {
	for _, m := range makeRule.FindAllSubmatch(body, -1) {
		for _, t := range strings.Fields(string(m[1])) {
			targets[t] = true
		}
	}
	*macros = append(*macros, macroTargets(body)...)
	if depth >= maxMakeIncludes {
		return
	}
	for _, m := range makeInclude.FindAllSubmatch(body, -1) {
		for _, name := range strings.Fields(string(m[1])) {
			if strings.Contains(name, "$") {
				continue
			}
			files := []string{path.Join(dir, name)}
			if strings.ContainsAny(name, "*?[") {
				files = v.repo.Glob(path.Join(dir, name), 64)
			}
			for _, f := range files {
				if seen[f] {
					continue
				}
				seen[f] = true
				if inc, ok := v.readFile(f); ok {
					v.readMakeRules(dir, inc, targets, macros, seen, depth+1)
				}
			}
		}
	}
}

// outsideInclude is a Makefile's first required include named by a variable alone, with no tracked
// file behind it: "include $(PGXS)" (PostgreSQL's build rules), "include $(DEVKITARM)/base_rules". A
// variable before a tracked name ("include $(ROOT)/rules.mk") is this repository's file; an optional
// "-include $(DEPS)" brings dependency lists, not targets; a function ("$(wildcard …)") reads files here.
func (v *verifier) outsideInclude(body []byte) string {
	for _, m := range makeInclude.FindAllSubmatch(body, -1) {
		if bytes.HasPrefix(bytes.TrimSpace(m[0]), []byte("-")) || bytes.HasPrefix(bytes.TrimSpace(m[0]), []byte("s")) {
			continue
		}
		for _, name := range strings.Fields(string(m[1])) {
			loc := makeVarRef.FindStringIndex(name)
			if loc == nil || loc[0] != 0 {
				continue
			}
			tail := strings.Trim(makeVarRef.ReplaceAllString(name, ""), "/")
			if tail == "" || len(v.repo.ByBasename(path.Base(tail))) == 0 {
				return name
			}
		}
	}
	return ""
}

// fromOutside ends the detail of a target an outside include may make.
const fromOutside = " from outside the repository"

// makeVarRef is a plain variable reference, "$(NAME)" or "${NAME}"; a function call has a space.
var makeVarRef = mustGate(`\$[({][A-Za-z_][A-Za-z0-9_]*[)}]`)

// nearestMake places a make target written with no directory: a document below the root that has a
// Makefile beside it (or in a directory between it and the root) runs make there, so that Makefile
// decides, not the root's.
func (v *verifier) nearestMake(a Anchor) Anchor {
	if a.Path == ".." || strings.HasPrefix(a.Path, "../") {
		// "make -C .. lint-backend" in backend/AGENTS.md (the fifty-first holdout's acp-flows, twenty
		// rows): the directory is read from the document's own, here the root's Makefile
		if d := path.Join(path.Dir(v.soul.Path), a.Path); d == "." {
			a.Path = ""
		} else if d != ".." && !strings.HasPrefix(d, "../") {
			a.Path = d
		}
	}
	if a.Path != "" {
		return a
	}
	for dir := path.Dir(v.soul.Path); dir != "." && dir != "" && dir != "/"; dir = path.Dir(dir) {
		if targets, _ := v.makefile(dir); targets != nil {
			a.Path = dir
			return a
		}
	}
	return a
}

// makeNearby retries a root make target in the directories the claim itself names ("internal/ebnf/
// has its own Makefile; `make gen` there") and in the soul's own directory.
func (v *verifier) makeNearby(c *Claim, a Anchor, failed AnchorResult) AnchorResult {
	dirs := []string{path.Dir(v.soul.Path)}
	for _, o := range c.Anchors {
		if o.Kind != AnchorPath && o.Kind != AnchorLine || o.Workspace {
			continue
		}
		p := v.resolve(o.Path)
		if ok, dir := v.repo.Exists(p); ok && dir {
			dirs = append(dirs, p)
		} else if ok {
			dirs = append(dirs, path.Dir(p))
		}
	}
	fail := func(reason, detail string) AnchorResult { return failed }
	for _, d := range dirs {
		if d == "." || d == "" {
			continue
		}
		b := a
		b.Path = d
		if r := v.makeTarget(b, fail); r.Status == AnchorOK {
			r.Anchor = a
			return r
		}
	}
	return v.makeWorkspace(a, failed)
}

func orRoot(p string) string {
	if p == "" {
		return "the repository root"
	}
	return p
}

var npmScriptsBlock = mustGate(`(?s)"scripts"\s*:\s*\{(.*?)\}`)

var npmScriptName = mustGate(`"([^"]+)"\s*:`)

// readNPMScripts reads the scripts of the root package.json and of every workspace package.json: in a
// monorepo "pnpm lint" runs wherever the agent stands, so a script any package defines is there.
func (v *verifier) readNPMScripts() map[string]bool {
	out := map[string]bool{}
	for _, f := range v.packageFiles() {
		for n := range v.packageScripts(f) {
			out[n] = true
		}
	}
	return out
}

// maxPackageFiles bounds how many package.json files one check reads.
const maxPackageFiles = 200

// npmDependency reports whether a package.json, the root's or a workspace package's, names name as a
// dependency ("chart.js" the library, not a file; "the old `whatsapp-web.js` default" of ops/whatsapp's
// package in the two-hundred-and-thirty-ninth holdout's larinova-mvp).
func (v *verifier) npmDependency(name string) bool {
	stem := strings.TrimSuffix(name, path.Ext(name))
	for _, f := range v.packageFiles() {
		if body, ok := v.readFile(f); ok && (bytes.Contains(body, []byte(`"`+name+`"`)) || bytes.Contains(body, []byte(`"`+stem+`":`))) {
			return true
		}
	}
	return false
}
