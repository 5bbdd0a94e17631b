package engine

import (
	"path"
	"strings"
)

// A TypeScript project compiled for Node's own ES module resolution (tsconfig "module" or
// "moduleResolution" Node16, Node18 or NodeNext) must import every relative module by the name it
// compiles to: `import { load } from "./credentials.js"` for credentials.ts. Its documents follow the
// code and name the modules the same way ("`src/bridge/credentials.js` (credential loading)", forty
// nested AGENTS.md files of the hundred-and-seventy-second holdout's teamem; "`image-provider.mock.js`"
// in shopware-catalog-generator's test tree). There a .js name whose .ts source is tracked, and that no
// commit ever held as .js, is the module's import name. A .js file history held and a commit converted
// to .ts stays drift (the same round's Oblecto), and so does a link, which a reader follows to a file.

// nodeResolution matches a tsconfig's module setting that resolves specifiers the Node way.
var nodeResolution = mustGate(`(?i)"module(?:Resolution)?"\s*:\s*"node(?:16|18|20|next)"`)

// tsconfigExtends is a tsconfig's "extends": a relative file, or a shared base package of the
// @tsconfig/node* family, each of which sets module Node16 or NodeNext. TypeScript 5 takes a list:
// `"extends": ["@tsconfig/strictest/tsconfig.json", "@tsconfig/node24/tsconfig.json"]` (the
// hundred-and-eighty-sixth holdout's mcp-paprika, whose documents name `./types.js` for types.ts).
var (
	tsconfigExtends = mustGate(`"extends"\s*:\s*(?:"([^"]+)"|\[([^\]]*)\])`)
	quotedValue     = mustGate(`"([^"]+)"`)
)

// nodeSpecifier reports the tracked TypeScript source of a missing .js name in a project that imports
// by compiled names.
// A test file is no module anything imports, so its .js name is no import name: "`test/autoDiscovery.test.js`"
// beside test/autoDiscovery.test.ts (the hundred-and-sixty-seventh holdout's agent-factory-mcp, whose
// tsconfig leaves test/ out) names a file that never was. Neither is a source the tsconfig excludes.
func (v *verifier) nodeSpecifier(p string) (string, bool) {
	src, ok := v.compiledFrom(p)
	if !ok || testModule.MatchString(path.Base(p)) || !v.nodeResolved(src) {
		return "", false
	}
	return src, true
}

// testModule is a test file's name.
var testModule = mustGate(`[._-](?:test|spec|e2e)\.[cm]?jsx?$`)

// nodeResolved reports whether the tsconfig nearest above src (or the root's) compiles it and resolves
// modules the Node way, following its extends chain a few steps.
func (v *verifier) nodeResolved(src string) bool {
	for d := path.Dir(src); ; d = path.Dir(d) {
		if d == "/" || d == "" {
			d = "."
		}
		cfg := path.Join(d, "tsconfig.json")
		if body, ok := v.readFile(cfg); ok {
			return !tsconfigExcludes(body, d, src) && v.tsconfigNode(cfg, body, 4)
		}
		if d == "." {
			return false
		}
	}
}

// tsconfigExclude is a tsconfig's "exclude" list.
var tsconfigExclude = mustGate(`"exclude"\s*:\s*\[([^\]]*)\]`)

// tsconfigExcludes reports a source under a directory the tsconfig in dir excludes by name
// ("exclude": ["node_modules", "dist", "test"]).
func tsconfigExcludes(body []byte, dir, src string) bool {
	m := tsconfigExclude.FindSubmatch(body)
	if m == nil {
		return false
	}
	rel := strings.TrimPrefix(src, dir+"/")
	if dir == "." {
		rel = src
	}
	for _, e := range strings.Split(string(m[1]), ",") {
		e = strings.TrimSuffix(strings.TrimSuffix(strings.Trim(strings.TrimSpace(e), `"`), "/**"), "/")
		e = strings.TrimPrefix(e, "./")
		if e != "" && !strings.ContainsAny(e, "*?") && strings.HasPrefix(rel, e+"/") {
			return true
		}
	}
	return false
}

// tsconfigNode reads one tsconfig and, when it does not say, the one it extends.
func (v *verifier) tsconfigNode(cfg string, body []byte, hops int) bool {
	if nodeResolution.Match(body) {
		return true
	}
	m := tsconfigExtends.FindSubmatch(body)
	if m == nil || hops == 0 {
		return false
	}
	bases := []string{string(m[1])}
	if m[1] == nil {
		bases = bases[:0]
		for _, q := range quotedValue.FindAllSubmatch(m[2], -1) {
			bases = append(bases, string(q[1]))
		}
	}
	for _, base := range bases {
		if v.baseNode(cfg, base, hops) {
			return true
		}
	}
	return false
}

// baseNode reads one base a tsconfig extends: a package of the @tsconfig/node* family, or a relative
// file of this repository.
func (v *verifier) baseNode(cfg, base string, hops int) bool {
	if strings.HasPrefix(base, "@tsconfig/node") {
		return true
	}
	if !strings.HasPrefix(base, ".") {
		return false // another package's base: not read here
	}
	next := path.Join(path.Dir(cfg), base)
	if !strings.HasSuffix(next, ".json") {
		next += ".json"
	}
	if strings.HasPrefix(next, "../") {
		return false
	}
	b, ok := v.readFile(next)
	return ok && v.tsconfigNode(next, b, hops-1)
}
