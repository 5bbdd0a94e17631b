package engine

import (
	"path"
	"strings"
)

// Places the document names that this clone does not hold (a heading's directory or package.json, the
// one submodule) and the names read under them, or in a member of the document's own folder.

// submoduleWord is a sentence's word for a submodule.
var submoduleWord = mustGate(`(?i)\bsubmodules?\b`)

// onlySubmodule is the repository's submodule when .gitmodules declares exactly one and this clone
// holds none of its files: a sentence that speaks of "the submodule" speaks of it.
func (v *verifier) onlySubmodule() (string, bool) {
	mods := v.submodulePaths()
	if len(mods) != 1 {
		return "", false
	}
	for mod := range mods {
		if hit := v.repo.Glob(mod+"/*", 1); len(hit) == 0 {
			return mod, true
		}
	}
	return "", false
}

// sectionManifest is a nested package.json a heading names: "### Backend (`backend/package.json`)".
var sectionManifest = mustGate("(?:^|[\\s(`])((?:[\\w.@-]+/)+package\\.json)\\b")

// absentSectionManifest is the nested package.json a heading above the claim names when the tree lacks
// it.
func (v *verifier) absentSectionManifest(c *Claim) (string, bool) {
	for heading := range v.headingsAbove(c) {
		m := sectionManifest.FindStringSubmatch(heading)
		if m == nil {
			continue
		}
		p := strings.TrimPrefix(m[1], "./")
		if ok, _ := v.repo.Exists(p); ok {
			return "", false
		}
		if ok, _ := v.repo.Exists(path.Join(path.Dir(v.soul.Path), p)); ok {
			return "", false
		}
		return p, true
	}
	return "", false
}

// absentSectionDirs are the directories the headings above a claim name in parentheses (sectionDir)
// that the tree lacks, read from the document's directory and from the root.
func (v *verifier) absentSectionDirs(c *Claim) []string {
	var out []string
	dir := path.Dir(v.soul.Path)
	for heading := range v.headingsAbove(c) {
		m := sectionDir.FindStringSubmatch(heading)
		if m == nil || strings.HasPrefix(m[1], "..") {
			continue
		}
		if ok, _ := v.repo.Exists(m[1]); ok {
			continue
		}
		if ok, _ := v.repo.Exists(path.Join(dir, m[1])); !ok {
			out = append(out, strings.TrimSuffix(m[1], "/"))
		}
	}
	return out
}

// absentSectionDir is the absent directory a heading above the claim names whose absence does not come
// down to p: history never held p under it (the section describes another checkout's tree), or a claim
// names the place, or a directory above it, as missing, and that finding carries the one cause the
// section's rows share. It asks what askSectionDirs asked.
func (v *verifier) absentSectionDir(c *Claim, p string) (string, bool) {
	for _, place := range v.absentSectionDirs(c) {
		if v.neverLanded(path.Join(place, p)) || v.namedMissing(place) {
			return place + "/", true
		}
	}
	return "", false
}

// namedMissing reports a claim of the document naming place, or a directory above it, as a path the
// tree lacks: "| `packages/manic/` | Submodule: the core framework engine |" for the rows under
// "### Framework Internals (`packages/manic/src/`)".
func (v *verifier) namedMissing(place string) bool {
	for i := range v.soul.Claims {
		for _, a := range v.soul.Claims[i].Anchors {
			if a.Kind != AnchorPath || a.Link {
				continue
			}
			d := strings.Trim(strings.TrimPrefix(a.Path, "./"), "/")
			if d == "" || d != place && !strings.HasPrefix(place, d+"/") {
				continue
			}
			if ok, _ := v.repo.Exists(d); !ok {
				return true
			}
		}
	}
	return false
}

// memberDotfile is a tracked file of a bare dot-name in a directory just below the document's: a file
// each member of the folder the document describes may hold. A bare dot-name is otherwise read at the
// root or beside the document only (verify.go), as `.env` is.
func (v *verifier) memberDotfile(name string) (string, bool) {
	dir := path.Dir(v.soul.Path)
	if dir == "." {
		return "", false // the root's members are the whole repository: `.env` under any folder is no member's
	}
	if hit := v.repo.Glob(path.Join(dir, "*", strings.TrimSuffix(name, "/")), 1); len(hit) > 0 {
		return hit[0], true
	}
	return "", false
}

// refOfOther is the other project a commit or tag is said to be of: "`84ad500b` (2026-01-09) in
// batchalign2", or a tag given in parentheses after a place outside the repository, "at
// `/home/nathan/secure-exec-1/` (tagged `v0.2.1`)". A branch's name, this repository's own name or one
// of its top directories is no other project.
func (v *verifier) refOfOther(text, ref string) (string, bool) {
	span := "`" + ref + "`"
	owner := ""
	anyMention(text, span, func(at int) bool {
		if m := refInAfter.FindStringSubmatch(text[at+len(span):]); m != nil {
			name := m[1]
			if !branchWords[strings.ToLower(name)] && !v.ownName(name) && !v.repo.HasTopLevel(name) {
				owner = name
				return true
			}
		}
		if m := taggedPlaceBefore.FindStringSubmatch(text[:at]); m != nil {
			owner = m[1]
			return true
		}
		return false
	})
	return owner, owner != ""
}

// refInAfter follows a revision with the project it is in, a date in parentheses allowed between.
var refInAfter = mustGate("^\\s*(?:\\([^)\\n]{0,40}\\)\\s*)?(?:in|on|of|from)\\s+(?:the\\s+)?`?([A-Za-z][\\w.-]*[A-Za-z0-9])`?(?:\\s+(?:repo|repository|project))?(?:\\s|[,.;:)—–]|$)")

// taggedPlaceBefore ends the text before a tag given for a place outside the repository.
var taggedPlaceBefore = mustGate("`((?:/|~/|\\.\\./)[^`\\n]+)`\\s*\\(\\s*tagged\\s*$")

// branchWords are the names a revision is said to be "in" or "on" that are this repository's branches
// or its history, not another project.
var branchWords = set("main", "master", "develop", "development", "dev", "trunk", "head", "this", "our", "that", "production", "prod", "staging", "release", "history", "git", "github", "gitlab", "ci", "origin", "upstream", "pr", "branch", "a", "an", "it", "which", "order", "time", "progress", "place", "use", "total", "particular", "general", "fact", "question")

// testSubmodule is the submodule that holds the repository's tests, when p is a bare test file's name
// and this clone does not hold the submodule's files: "同步 `test_gate_rule_engine.py`" (keep that test in
// step: the two-hundredth holdout's astrbot_plugin_memora, whose tests/ is a submodule of its own).
func (v *verifier) testSubmodule(p string) (string, bool) {
	if strings.Contains(p, "/") || !testFileName.MatchString(p) {
		return "", false
	}
	for mod := range v.submodulePaths() {
		if testDirs[strings.ToLower(path.Base(mod))] && len(v.repo.Glob(mod+"/*", 1)) == 0 {
			return mod, true
		}
	}
	return "", false
}

// testFileName is a file named as a test: test_x.py, x_test.go, x.test.ts, x.spec.js, XTest.java.
var testFileName = mustGate(`^(?:test_[\w.-]+|[\w.-]+_test\.\w+|[\w.-]+\.(?:test|spec)\.\w+|[A-Z]\w*Tests?\.\w+)$`)

// testDirs are the names a folder of tests goes by.
var testDirs = set("test", "tests", "spec", "specs", "__tests__", "testing")
