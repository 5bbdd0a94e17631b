package engine

import (
	"path"
	"slices"
	"strings"
)

// Paths written from somewhere other than this checkout's root: a document archived with its
// neighbours, one written in the monorepo this repository was split out of, a Dart package's file
// named as its import writes it.
// archiveDirs are the names of the directories repositories file retired documents under.
var archiveDirs = set("archive", "_archive", ".archive", "archived", "_archived", "attic")

// archivedAlong is where a path a document under an archive directory names was moved with it: the
// document was written at docs/structure/domain/ and names `docs/structure/system/`; both now sit under
// docs/_archive/ (the fifty-third holdout's xuanwu-app, five rows). The archive directory is put back
// into the path where the document's own path has it; a path outside that prefix is read as written.
func (v *verifier) archivedAlong(p string) (string, bool) {
	segs := strings.Split(path.Dir(v.soul.Path), "/")
	for i, s := range segs {
		if !archiveDirs[strings.ToLower(s)] {
			continue
		}
		rest := strings.TrimPrefix(p, "./")
		if prefix := strings.Join(segs[:i], "/"); prefix != "" {
			if !strings.HasPrefix(rest, prefix+"/") {
				return "", false
			}
			rest = rest[len(prefix)+1:]
		}
		moved := path.Join(strings.Join(segs[:i+1], "/"), rest)
		if ok, _ := v.repo.Exists(moved); ok {
			return moved, true
		}
		return "", false
	}
	return "", false
}

// splitPrefix is the top directory a document writes this repository's paths under when it was written
// in a larger repository this one was split out of: NubHub's master is a subtree split of the monorepo's
// app/, and its documents, copied from there, name `app/lib/telegram.ts` for lib/telegram.ts and
// `app/app/` for app/ (the fifty-fifth holdout, 43 rows). A top qualifies when missing paths under it
// exist once it is taken off in at least three different directories, and four in five of its missing
// paths do; "" when none does. One directory is a move, not a split: aider's CONTRIBUTING.md names
// `aider/tests` three times after the tests moved to tests/ (corpus case 125).
func (v *verifier) splitPrefix() string {
	if v.splitRead {
		return v.split
	}
	v.splitRead = true
	missing, found := map[string]int{}, map[string]int{}
	dirs := map[string]map[string]bool{}
	for _, c := range v.soul.Claims {
		for _, a := range c.Anchors {
			if a.Kind != AnchorPath || a.Link {
				continue
			}
			top, rest, ok := strings.Cut(strings.TrimPrefix(a.Path, "./"), "/")
			if !ok || strings.TrimSuffix(rest, "/") == "" || strings.HasPrefix(top, ".") {
				continue
			}
			if there, _ := v.repo.Exists(a.Path); there {
				continue
			}
			missing[top]++
			if v.existsAsModule(rest) {
				found[top]++
				if dirs[top] == nil {
					dirs[top] = map[string]bool{}
				}
				dirs[top][strings.SplitN(rest, "/", 2)[0]] = true
			}
		}
	}
	tops := make([]string, 0, len(found))
	for t := range found {
		tops = append(tops, t)
	}
	slices.Sort(tops)
	for _, t := range tops {
		if len(dirs[t]) >= 3 && found[t]*5 >= missing[t]*4 && (v.split == "" || found[t] > found[v.split]) {
			v.split = t
		}
	}
	return v.split
}

// insideSplit is where a missing path the document writes under splitPrefix's directory is here.
func (v *verifier) insideSplit(p string) (string, bool) {
	top := v.splitPrefix()
	if top == "" {
		return "", false
	}
	rest, ok := strings.CutPrefix(strings.TrimPrefix(p, "./"), top+"/")
	if !ok || !v.existsAsModule(rest) {
		return "", false
	}
	return rest, true
}

// existsAsModule reports a path of the tree, or a module path written without its extension
// ("`app/lib/db` — `getPredictionById()`" for lib/db.ts).
func (v *verifier) existsAsModule(p string) bool {
	p = strings.TrimSuffix(p, "/")
	if p == "" {
		return false
	}
	if ok, _ := v.repo.Exists(p); ok {
		return true
	}
	return path.Ext(p) == "" && len(v.repo.Glob(p+".*", 1)) > 0
}

// dartPackage is the package a path of Dart's package imports names: "`flutter/foundation.dart` —
// `debugPrint()`" under "External" (the fifty-fifth holdout's easyDiet, seven feature documents) is
// `package:flutter/foundation.dart`, a file of the Flutter SDK. The path's top directory must be a
// dependency a tracked pubspec.yaml declares.
func (v *verifier) dartPackage(p string) (string, bool) {
	top, rest, ok := strings.Cut(strings.TrimPrefix(p, "package:"), "/")
	if !ok || path.Ext(rest) != ".dart" {
		return "", false
	}
	if v.dartDeps == nil {
		// read once per check, through the walk every dependency manifest takes (frameworks.go)
		specs := map[string]packageJSON{}
		v.manifestsOf([]string{"pubspec.yaml"}, readPubspec, specs)
		v.dartDeps = map[string]bool{}
		for _, spec := range specs {
			for n := range spec.Dependencies {
				v.dartDeps[n] = true
			}
		}
	}
	return top, v.dartDeps[top]
}

// readPubspec reads the package names a pubspec.yaml's dependencies and dev_dependencies list: the
// keys indented one level under those top-level keys.
func readPubspec(_ string, body []byte) packageJSON {
	deps := map[string]string{}
	in := false
	for _, line := range strings.Split(string(body), "\n") {
		t := strings.TrimRight(line, " \t\r")
		if t == "" || strings.HasPrefix(strings.TrimSpace(t), "#") {
			continue
		}
		if t[0] != ' ' && t[0] != '\t' {
			in = t == "dependencies:" || t == "dev_dependencies:"
			continue
		}
		indent := len(t) - len(strings.TrimLeft(t, " "))
		if name, _, ok := strings.Cut(strings.TrimSpace(t), ":"); in && ok && indent == 2 {
			deps[name] = ""
		}
	}
	return packageJSON{Dependencies: deps}
}
