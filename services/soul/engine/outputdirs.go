package engine

import (
	"encoding/json"
	"path"
	"strings"
)

// ignoredBelow reports a missing directory whose contents a .gitignore keeps out of git by a pattern
// written under it: subfont's "lib/**/*.js" for the `lib/` that `tsc` compiles into ("compiled to
// CommonJS in `lib/`", the forty-fifth holdout). The directory itself is no ignored name, so git's
// own check-ignore does not answer; the pattern says the directory is a build's output, which a clean
// checkout does not have. The pattern must be a wildcard over the directory's contents; it is returned.
// Only the root's .gitignore and those of the directories above the path are read, as git reads them;
// a negated pattern proves nothing.
//
// A file listed by name directly in the directory says so too: the Makefile of the sixty-first holdout's
// gravity builds into `apps/gravity/bin/`, and .gitignore lists apps/gravity/bin/gravity-core (committed
// once by mistake, then removed and kept out).
func (v *verifier) ignoredBelow(p string) (string, bool) {
	dir := strings.Trim(strings.TrimPrefix(p, "./"), "/")
	if dir == "" || path.Ext(dir) != "" || strings.ContainsAny(dir, "*?[") {
		return "", false
	}
	for at := dir; ; at = path.Dir(at) {
		base := path.Dir(at)
		if base == "." {
			base = ""
		}
		if line, ok := v.ignoreUnder(base, dir); ok {
			return line, true
		}
		if base == "" {
			return "", false
		}
	}
}

// ignoreUnder reads the .gitignore of base for a pattern below dir, or a file directly in it.
func (v *verifier) ignoreUnder(base, dir string) (string, bool) {
	body, ok := v.readFile(path.Join(base, ".gitignore"))
	if !ok {
		return "", false
	}
	rel := dir
	if base != "" {
		rel = strings.TrimPrefix(dir, base+"/")
	}
	for _, line := range strings.Split(string(body), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || line[0] == '#' || line[0] == '!' {
			continue
		}
		// a wildcard over what the directory holds ("lib/**/*.js", "out/*") or a file in an output
		// directory ("bin/core"); a named place deeper inside it ("docs/_build/") says nothing of the
		// directory itself
		rest, ok := strings.CutPrefix(strings.TrimPrefix(line, "/"), rel+"/")
		if ok && (strings.HasPrefix(rest, "*") || outputNamed(dir) && rest != "" && !strings.ContainsAny(rest, "/*?[")) {
			return line, true
		}
	}
	return "", false
}

// outputNamed reports a directory whose name says a build writes it. One ignored file in a source
// directory says only that file is built there: driftlock's .gitignore keeps out
// collector-processor/driftlock-http, and its collector-processor/ was source until it was removed (the
// regression over the fifty-sixth round, for the sixty-first's gravity).
func outputNamed(dir string) bool {
	name := path.Base(dir)
	return name == "bin" || buildOutputs[name]
}

// localCopiesOnly reports a bare name whose every copy history held was a program's local state
// committed by mistake: either under a place the root .gitignore now keeps out (nelle-agent's
// `models.ini` and `state.json`, tracked once under .nelle-e2e/ until the rule `.nelle*/` caught it), or
// a runtime file (runtimeExt) inside a hidden directory (Luminor's `state.sqlite` under .synara/ and
// .dpcode-picker-test/; both the sixty-fifth holdout). The document names the file the running program
// keeps, which no checkout tracks; the first such copy is returned. A name that also lived anywhere
// else (a source or config file moved or removed) is not one.
func (v *verifier) localCopiesOnly(a Anchor) (string, bool) {
	if a.Link || strings.Contains(a.Path, "/") {
		return "", false
	}
	at := v.batch.EverSeenAt[a.Path]
	if len(at) == 0 {
		return "", false
	}
	runtime := runtimeExt[strings.ToLower(pathExt(a.Path))]
	for _, p := range at {
		if !(runtime && underHiddenDir(p)) && !v.rootIgnores(p) {
			return "", false
		}
	}
	return at[0], true
}

// underHiddenDir reports a path with a directory whose name starts with a dot.
func underHiddenDir(p string) bool {
	for d := path.Dir(p); d != "." && d != "/"; d = path.Dir(d) {
		if strings.HasPrefix(path.Base(d), ".") {
			return true
		}
	}
	return false
}

// rootIgnoreLines are the root .gitignore's patterns in order, blank lines and comments left out, read
// once per check.
func (v *verifier) rootIgnoreLines() []string {
	if v.rootIgnoreList != nil {
		return v.rootIgnoreList
	}
	v.rootIgnoreList = []string{}
	body, ok := v.readFile(".gitignore")
	if !ok {
		return v.rootIgnoreList
	}
	for _, line := range strings.Split(string(body), "\n") {
		if line = strings.TrimSpace(line); line != "" && line[0] != '#' {
			v.rootIgnoreList = append(v.rootIgnoreList, line)
		}
	}
	return v.rootIgnoreList
}

// rootIgnores reports whether the root .gitignore keeps out p or a directory above it. Only the plain
// forms are read (a name or glob matching any segment, or one anchored by a slash); as in git, the last
// line that matches decides, so a negated one takes the path back.
func (v *verifier) rootIgnores(p string) bool {
	ignored := false
	for _, line := range v.rootIgnoreLines() {
		negated := line[0] == '!'
		if ignoreLineMatches(strings.TrimPrefix(line, "!"), p) {
			ignored = !negated
		}
	}
	return ignored
}

// ignoredByName is the root .gitignore's line that names a file called name at some place: the
// document's "**`secret_settings.py`**: Environment-specific secret settings" over the line
// "server/conf/secret_settings.py" (the hundred-and-forty-ninth holdout's arxii, whose deployments
// write it from a template). A bare name the repository keeps out by that very name is a per-machine
// file, wherever the line puts it; a wildcard line, a directory's or a negated one says nothing of the
// name, and only a name with an ending is read so.
func (v *verifier) ignoredByName(name string) (string, bool) {
	if path.Ext(name) == "" {
		return "", false // "./build" beside a "build/" line: a program or a directory, not a kept-out file
	}
	for _, line := range v.rootIgnoreLines() {
		if line[0] != '!' && !strings.ContainsAny(line, "*?[") && !strings.HasSuffix(line, "/") && path.Base(line) == name {
			return line, true
		}
	}
	return "", false
}

// ignoreLineMatches reports whether one .gitignore line matches p or a directory above it.
func ignoreLineMatches(line, p string) bool {
	dirOnly := strings.HasSuffix(line, "/")
	pat := strings.TrimSuffix(line, "/")
	anchored := strings.Contains(pat, "/")
	pat = strings.TrimPrefix(pat, "/")
	for at := p; at != "." && at != "/" && at != ""; at = path.Dir(at) {
		if dirOnly && at == p {
			continue
		}
		name := at
		if !anchored {
			name = path.Base(at)
		}
		if ok, _ := path.Match(pat, name); ok {
			return true
		}
	}
	return false
}

// subpathExport reports a "./name" the package.json nearest the document, at or above its directory,
// lists among its "exports": "| `./map-store` | `createYjsMap<V>(yMap)` — … |" in a package's
// AGENTS.md (the sixty-seventh holdout's sveltesentio, eight rows) names what importers write after the
// package's name, which the manifest maps to a file of another name. The package.json is returned.
func (v *verifier) subpathExport(a Anchor) (string, bool) {
	key := strings.TrimSuffix(a.Ref, "/")
	if a.Link || !strings.HasPrefix(key, "./") || len(key) < 3 || strings.ContainsAny(key, "*?[") {
		return "", false
	}
	for dir := path.Dir(v.soul.Path); ; dir = path.Dir(dir) {
		p := path.Join(dir, "package.json")
		if body, ok := v.readFile(p); ok {
			var pkg struct {
				Exports map[string]json.RawMessage `json:"exports"`
			}
			if json.Unmarshal(body, &pkg) == nil {
				_, listed := pkg.Exports[key]
				return p, listed
			}
			return "", false // the nearest manifest answers, or nothing does
		}
		if dir == "." || dir == "/" || dir == "" {
			return "", false
		}
	}
}
