package engine

import (
	"encoding/json"
	"fmt"
	"path"
	"sort"
	"strings"
)

// maxMakefiles bounds how many nested Makefiles one check reads looking for a target.
const maxMakefiles = 200

// makeWorkspace looks for a root make target that failed in the repository's other Makefiles (the
// packages of a monorepo, the modules of a Go multi-module repository): found there, the command
// exists and the finding says where; found nowhere, it names the closest target there is.
func (v *verifier) makeWorkspace(a Anchor, failed AnchorResult) AnchorResult {
	var where, outside []string
	all := map[string]bool{}
	for k := range v.makeTargets[""] {
		all[k] = true
	}
	for _, d := range v.makeDirs() {
		b := a
		b.Path = d
		if r := v.probeTarget(b, failed); r.Status == AnchorOK {
			where = append(where, path.Join(d, "Makefile"))
		} else if inc := v.makeOutside[d]; inc != "" {
			outside = append(outside, v.makeFiles[d]+" includes "+inc)
		}
		for k := range v.makeTargets[d] {
			all[k] = true
		}
	}
	if len(where) > 0 {
		sort.Strings(where)
		failed.Status, failed.Reason = AnchorHeld, ReasonWorkspaceOnly
		failed.Detail = fmt.Sprintf("make %s exists only in %s; run it there", a.Name, strings.Join(where, ", "))
		return failed
	}
	if len(outside) > 0 && v.makeTargets[""] == nil {
		// no Makefile at the root, so the document's make runs in another directory; where one of
		// them takes its rules from outside the repository (pgmq's pgmq-extension/Makefile and
		// `include $(PGXS)`), the target may be there
		v.unseenTargets[anchorKey(a)] = true
		failed.Detail += "; " + strings.Join(outside, ", ") + fromOutside
		return failed
	}
	if near := closest(a.Name, all); near != "" {
		failed.Detail += fmt.Sprintf("; closest: make %s", near)
	}
	return failed
}

// probeTarget asks another directory's Makefile for a's target without marking a unseen: what that
// Makefile's macros or outside include may make says nothing of the Makefile a was checked against (a
// root that lost `lint` stays drift beside an extension's `include $(PGXS)`).
func (v *verifier) probeTarget(b Anchor, failed AnchorResult) AnchorResult {
	k := anchorKey(b)
	was := v.unseenTargets[k]
	r := v.makeTarget(b, func(string, string) AnchorResult { return failed })
	if !was {
		delete(v.unseenTargets, k)
	}
	return r
}

// makeDirs lists the directories below the root that hold a Makefile.
func (v *verifier) makeDirs() []string {
	var dirs []string
	seen := map[string]bool{}
	for _, name := range []string{"GNUmakefile", "makefile", "Makefile"} {
		for _, f := range v.repo.ByBasename(name) {
			d := path.Dir(f)
			if d == "." || seen[d] || skippedDir(f) || len(dirs) >= maxMakefiles {
				continue
			}
			seen[d] = true
			dirs = append(dirs, d)
		}
	}
	sort.Strings(dirs)
	return dirs
}

func skippedDir(f string) bool {
	for _, s := range []string{"node_modules/", "vendor/", "third_party/", "testdata/"} {
		if strings.HasPrefix(f, s) || strings.Contains(f, "/"+s) {
			return true
		}
	}
	return false
}

// npmWhere says which workspace packages hold a script the root package.json lacks.
func (v *verifier) npmWhere(a Anchor, res AnchorResult) AnchorResult {
	if v.packageScripts("package.json")[a.Name] {
		return res
	}
	var where []string
	for _, f := range v.packageFiles() {
		if f != "package.json" && v.packageScripts(f)[a.Name] {
			where = append(where, f)
		}
	}
	if len(where) > 0 {
		res.Detail = fmt.Sprintf("script %s exists only in %s", a.Name, strings.Join(where, ", "))
	}
	return res
}

// dependencyBin reports "pnpm changeset" where no package.json has that script: pnpm, yarn and bun
// then run the binary a dependency installs, which a clean checkout cannot list. A dependency whose
// name gives the binary's ("vitest", "@changesets/cli" for changeset, "@biomejs/biome" for biome,
// "typescript" for tsc) makes the command that tool's. "npm run X" and "pnpm run X" name a script only;
// "bun run X" and "yarn run X" fall back to a dependency's binary too ("bun run vitest run", the
// eighty-third holdout's ei, with vitest a devDependency and no script of that name).
func (v *verifier) dependencyBin(a Anchor) bool {
	pm, rest, _ := strings.Cut(a.Ref, " ")
	if pm != "pnpm" && pm != "yarn" && pm != "bun" || pm == "pnpm" && strings.HasPrefix(rest, "run ") {
		return false
	}
	for _, f := range v.packageFiles() {
		body, ok := v.readFile(f)
		if !ok {
			continue
		}
		for _, blk := range depBlock.FindAllSubmatch(body, -1) {
			for _, m := range depName.FindAllSubmatch(blk[1], -1) {
				if binOf(string(m[1]), a.Name) {
					return true
				}
			}
		}
	}
	return false
}

var (
	depBlock = mustGate(`"(?:dev|peer|optional)?[dD]ependencies"\s*:\s*\{([^}]*)\}`)
	depName  = mustGate(`"(@?[^"\s]+)"\s*:`)
	// knownBins are binaries named unlike the package that installs them.
	knownBins = map[string]string{"typescript": "tsc", "@typescript/native-preview": "tsgo", "@angular/cli": "ng"}
)

// binOf reports whether package dep installs a binary called bin, judged by its name: an unscoped
// package's own name (less a "-cli" suffix), a scope's name ("@changesets/cli", plural dropped), or a
// scoped name its scope starts with ("@biomejs/biome"). "@org/build" installs no "build" by its name.
func binOf(dep, bin string) bool {
	if knownBins[dep] == bin {
		return true
	}
	scope, name, scoped := strings.Cut(strings.TrimPrefix(dep, "@"), "/")
	if !strings.HasPrefix(dep, "@") || !scoped {
		return dep == bin || strings.TrimSuffix(dep, "-cli") == bin
	}
	// a scope's "cli" package installs the tool's own command: "@tauri-apps/cli" tauri (the
	// hundred-and-sixty-ninth holdout's Desk-Pet, "pnpm tauri dev" once its script was renamed),
	// "@nestjs/cli" nest
	cli := name == "cli" && (strings.HasPrefix(scope, bin+"-") || strings.TrimSuffix(scope, "js") == bin)
	return scope == bin || strings.TrimSuffix(scope, "s") == bin || name == bin && strings.HasPrefix(scope, name) || cli
}

// npmMissing fails a script no package defines, naming the closest script there is.
func (v *verifier) npmMissing(a Anchor, fail func(string, string) AnchorResult) AnchorResult {
	detail := "package.json has no script " + a.Name
	if near := closest(a.Name, v.npmScripts); near != "" {
		detail += "; closest: " + near
	}
	return fail(ReasonChanged, detail)
}

// npmTypo reports whether exactly one script of the repository is name misspelt (misspelt: its
// separators changed or one letter off, in a name of six characters or more).
func (v *verifier) npmTypo(name string) bool {
	n := 0
	for s := range v.npmScripts {
		if s != name && misspelt(name, s) {
			n++
		}
	}
	return n == 1
}

// packageFiles is packageJSONs, listed once per check: the script, workspace, dependency and
// package-manager questions all walk the same list.
func (v *verifier) packageFiles() []string {
	if v.packages == nil {
		v.packages = packageJSONs(v.repo)
	}
	return v.packages
}

// packageJSONs lists the root package.json, then the workspace's others, shallowest first and at most
// maxPackageFiles: a monorepo's packages sit near the root and its test fixtures deep below (pnpm
// tracks 820, most of them fixtures at depth 7 and more, and its CLI's own package at depth 3 was
// past the cap, so `pnpm run bundle` read as missing). Dependency trees and testdata are not packages.
func packageJSONs(repo Repo) []string {
	var rest []string
	for _, f := range repo.ByBasename("package.json") {
		if f != "package.json" && !skippedDir(f) {
			rest = append(rest, f)
		}
	}
	sort.Slice(rest, func(i, j int) bool {
		di, dj := strings.Count(rest[i], "/"), strings.Count(rest[j], "/")
		if di != dj {
			return di < dj
		}
		return rest[i] < rest[j]
	})
	return append([]string{"package.json"}, rest[:min(len(rest), maxPackageFiles-1)]...)
}

// packageManagers are the commands that run a package.json's scripts.
var packageManagers = set("npm", "pnpm", "yarn", "bun")

// ownManager reports a package manager's subcommand checked in that package manager's own repository
// (a workspace package named pnpm, npm, yarn or bun): `pnpm change` and `pnpm lane` are commands the
// pnpm repository defines in its sources, not scripts any package.json lists.
func (v *verifier) ownManager(a Anchor) bool {
	pm, rest, _ := strings.Cut(a.Ref, " ")
	if !packageManagers[pm] || strings.HasPrefix(rest, "run ") {
		return false
	}
	for _, f := range v.packageFiles() {
		if body, ok := v.readFile(f); ok && packageJSONName(body) == pm {
			return true
		}
	}
	return false
}

// packageJSONName is a package.json's "name", empty when it has none or does not parse.
func packageJSONName(body []byte) string {
	var p struct {
		Name string `json:"name"`
	}
	if json.Unmarshal(body, &p) != nil {
		return ""
	}
	return p.Name
}

// packageScripts are the script names of one package.json, read through the check's file cache.
func (v *verifier) packageScripts(f string) map[string]bool {
	out := map[string]bool{}
	body, ok := v.readFile(f)
	if !ok {
		return out
	}
	for _, n := range scriptNames(body) {
		out[n] = true
	}
	return out
}

var patternTarget = mustGate(`[%$()]`)

// closest is the name nearest to want by edit distance, when near enough to be a likely rename
// ("test-unit" for "test:unit", "lint" for "lnit"); ties go to the first in order.
func closest(want string, names map[string]bool) string {
	limit := len(want) / 3
	if limit < 2 {
		limit = 2
	}
	best, bestD := "", limit+1
	keys := make([]string, 0, len(names))
	for k := range names {
		if k != want && !patternTarget.MatchString(k) && !strings.HasPrefix(k, ".") {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	for _, k := range keys {
		if d := editDistance(want, k); d < bestD {
			best, bestD = k, d
		}
	}
	return best
}

// editDistance is the Levenshtein distance between two names.
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
