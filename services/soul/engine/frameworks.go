package engine

import (
	"encoding/json"
	"fmt"
	"path"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// A handoff document's stack line ("Next.js 14 (App Router), React 18, Tailwind CSS 3") names the
// versions of the JavaScript frameworks and tools the project builds on, and its package.json files say
// the same thing in their dependency ranges. Dependencies move with every bump and the prose rarely
// follows: labellers of rounds 43 to 48 listed "Vite 5", "pnpm 11.8.0" and their kin among the misses
// they found most often. A stated version is drift only when no package.json of the repository that
// depends on the framework allows it: a monorepo's docs site may pin an older React than its app, and
// either makes the sentence true. What cannot be compared is skipped, never guessed: a range written in
// a way this file does not read (`workspace:`, `catalog:`, `||`, an alias), a framework the repository
// is itself (its own package.json names it), one it only lists as a peer (a library's compatibility is
// no statement of what it builds with), and sentences about a change, a plan, history or a generated
// project's stack. The package manager is read from the `packageManager` field, which pins one version.

// frameworkKey prefixes the Name of a framework anchor; the rest is its npm packages, comma-separated.
const frameworkKey = "framework:"

// managerKey is the Name of a package manager anchor's prefix; the rest is the manager ("pnpm").
const managerKey = "manager:"

// frameworkPackages maps the names documents give a framework to the npm packages that carry its version;
// a space in a name stands for spaces or hyphens ("Tailwind CSS", "react-router-dom").
var frameworkPackages = map[string][]string{
	"react": {"react"}, "react native": {"react-native"}, "react router": {"react-router", "react-router-dom"},
	"react router dom": {"react-router-dom", "react-router"}, "next.js": {"next"}, "nextjs": {"next"},
	"vue": {"vue"}, "vue.js": {"vue"}, "vuejs": {"vue"}, "nuxt": {"nuxt"}, "nuxt.js": {"nuxt"},
	"svelte": {"svelte"}, "angular": {"@angular/core"}, "vite": {"vite"},
	"typescript": {"typescript"}, "tailwind": {"tailwindcss"}, "tailwind css": {"tailwindcss"},
	"tailwindcss": {"tailwindcss"}, "express": {"express"}, "express.js": {"express"}, "nestjs": {"@nestjs/core"},
	"electron": {"electron"}, "astro": {"astro"}, "prisma": {"prisma", "@prisma/client"}, "vitest": {"vitest"},
	"jest": {"jest"}, "eslint": {"eslint"}, "playwright": {"@playwright/test", "playwright"},
	"storybook": {"storybook", "@storybook/react", "@storybook/vue3", "@storybook/nextjs"}, "expo": {"expo"},
	"expo sdk": {"expo"}, "fastify": {"fastify"}, "hono": {"hono"}, "zod": {"zod"}, "webpack": {"webpack"},
	"turborepo": {"turbo"}, "mui": {"@mui/material"}, "material ui": {"@mui/material"}, "ant design": {"antd"},
	"antd": {"antd"}, "ant design vue": {"ant-design-vue"}, "vue router": {"vue-router"}, "tanstack query": {"@tanstack/react-query", "@tanstack/vue-query"},
	"react query": {"@tanstack/react-query", "react-query"}, "pinia": {"pinia"}, "mongoose": {"mongoose"},
	"socket.io": {"socket.io", "socket.io-client"}, "element plus": {"element-plus"}, "chakra ui": {"@chakra-ui/react"},
	"redux toolkit": {"@reduxjs/toolkit"}, "typeorm": {"typeorm"}, "sequelize": {"sequelize"}, "koa": {"koa"},
	"gatsby": {"gatsby"}, "docusaurus": {"@docusaurus/core"}, "vuetify": {"vuetify"}, "zustand": {"zustand"},
	"solidjs": {"solid-js"}, "solid js": {"solid-js"}, "remix": {"@remix-run/react", "@remix-run/node"},
	"framer motion": {"framer-motion", "motion"}, "pixi.js": {"pixi.js"}, "tone.js": {"tone"}, "trigger.dev": {"@trigger.dev/sdk"}, "d3": {"d3"}, "d3.js": {"d3"}, "biome": {"@biomejs/biome"}, "cypress": {"cypress"},
	// SvelteKit is named by the Svelte it runs on as often as by its own version: "SvelteKit 5" over
	// `"@sveltejs/kit": "^2.62.0"` and `"svelte": "^5.55.2"` (the seventy-second holdout's stratum)
	"sveltekit": {"@sveltejs/kit", "svelte"},
	// Composer's, read from composer.json: "Laravel 12" over `"laravel/framework": "^13.0"` (the fiftieth
	// holdout's cms)
	"laravel": {"laravel/framework"}, "symfony": {"symfony/framework-bundle", "symfony/http-kernel"},
	"livewire": {"livewire/livewire"}, "filament": {"filament/filament"}, "phpunit": {"phpunit/phpunit"}, "pest": {"pestphp/pest"},
}

// pinnedManagers are the managers whose version `packageManager` pins.
var pinnedManagers = set("pnpm", "yarn", "bun")

// frameworkNames are every name a framework check reads, npm's and Composer's (frameworkPackages),
// Python's (pyFrameworks) and the JVM's (jvmFrameworks), with the keys their manifests carry.
var frameworkNames = func() map[string][]string {
	out := map[string][]string{}
	for _, table := range []map[string][]string{frameworkPackages, pyFrameworks, jvmFrameworks} {
		for n, keys := range table {
			out[n] = keys
		}
	}
	return out
}()

// statedFramework is a framework or manager name and the version written after it: "React 18",
// "Next.js v15.1", "react@18", "TypeScript: 5.x", "Tailwind CSS 4+", "pnpm 9 or later". A "+" apart
// from the number joins two names ("Next.js 15 + Tailwind v4"), it makes no least version.
var statedFramework = func() *literalGated {
	var names []string
	for n := range frameworkNames {
		names = append(names, n)
	}
	for n := range pinnedManagers {
		names = append(names, n)
	}
	sort.Slice(names, func(i, j int) bool {
		return len(names[i]) > len(names[j]) || len(names[i]) == len(names[j]) && names[i] < names[j]
	})
	for i, n := range names {
		names[i] = strings.ReplaceAll(regexp.QuoteMeta(n), " ", `[\s-]+`)
	}
	return mustGate(`(?i)(?:^|[^\w/.@-])(` + strings.Join(names, "|") + `)(?:\s+version)?(?:\s*:\s*|\s*@\^?|\s+)v?(\d+(?:\.\d+){0,2})(?:\.[x*])?(\+|\s+or\s+(?:later|newer|higher|above)\b|\s+and\s+(?:later|newer|above)\b)?`)
}()

// versionContinues is what may follow a stated version and makes it part of something else: a longer
// number, a unit, a range ("React 17-19", "Vue 2/3", "18 or 19", "React 18, 19"), an upgrade's arrow
// ("**TailwindCSS v3 → v4**" in a dated log: the two-hundred-and-ninth holdout's esp-smart-car), or a tally: "vitest
// 2756 passed" counts a runner's tests (the seventy-ninth holdout's console, four rows of a release log).
// "Vitest 953 PASS" is the same tally in a gate's words (the hundred-and-twenty-ninth holdout's
// calculatorhost). A counter word of Korean, Chinese or Japanese counts too: "`vitest` 4건 실패" (4 failures: the
// hundred-and-twenty-fifth holdout's chronoshealth), "4个", "4件". A hyphened count noun makes the number a
// count: "LangGraph 5-layer pipeline" (the hundred-and-sixty-fourth holdout's competitor_product_search),
// "Electron 3-process 아키텍처(main, preload, renderer)" (the hundred-and-eighty-first's machodown).
var versionContinues = mustGate(`^(?:[\w%]|-(?:layer|stage|step|phase|node|tier|level|agent|pass|hop|round|part|worker|column|shard|lane|slot|thread|core|way|process|window|pane)s?\b|[.\-/–~]\s*v?\d|\s*(?:-|–|to|/|,|or|and|&|→|->|=>|⟶|➜)\s*v?\d|\s+(?:(?i:pass(?:ed|ing)?)|failed|failing|skipped|tests?|specs?|assertions?|cases?)\b|\s*(?:건|개|번|회|명|가지|個|个|件|項|项|条|條|处|處|箇所|つ))`)

// countedSetup follows a bare number with a plural noun of a tool's own setup: "Vitest 3 projects: `node`,
// `examples`, `renderer`" (the hundred-and-seventy-fifth holdout's mLearn) counts the tool's projects. Written
// "v4" the number is a release: "**Tailwind v4 projects**" are projects on Tailwind 4.
var countedSetup = mustGate(`^\s+(?:projects|workspaces|suites|configurations|environments|pools)\b`)

// countAfter follows a whole number that counts things: "a monorepo written in TypeScript: 27
// first-party workspaces under `apps/`" (the eighty-eighth holdout's OpenDataCapture). After a colon,
// a number and a plural noun are a tally; "TypeScript: 5.4" or "TypeScript: 5 (strict)" stay versions.
var countAfter = mustGate(`^\s+(?:[a-z][\w-]*\s+){0,2}?[a-z][\w-]*[a-z]s\b`)

// frameworkChange marks a sentence that states no version the project builds with today: a change,
// a plan, history, a comparison, compatibility ("so it is ready for ESLint 10", the two-hundred-and-
// seventeenth holdout's react-router-template, on ESLint 9), or the stack of a project it generates.
var frameworkChange = mustGate(`(?i)\b(?:migrat\w*|upgrad\w*|downgrad\w*|mov(?:e|es|ed|ing)\s+to|switch\w*|bump\w*|port(?:ed|ing)\s+to|will|plan\w*|todo|roadmap|future|once|until|previously|formerly|originally|historically|used\s+to|was|were|had|legacy|deprecat\w*|compat\w*|support\w*|breaking|introduc\w*|since|instead|replac\w*|avoid|never|older|newer|peer\w*|generat\w*|scaffold\w*|template\w*|example|e\.g\.|ready\s+for)\b|don['’]t|do\s+not`)

// releaseDid and releaseIn read a sentence about what a framework's release brought, not about the
// version the project builds with: "Laravel 11 brought a new streamlined file structure", "In Laravel
// 11, middleware are no longer registered in Kernel.php", "New commands available in Laravel 11" (the
// guidelines Laravel Boost writes for the installed major, which still read true a major later: the
// ninety-third holdout's Open-Locker, four rows). Any past verb with its object tells how an older
// release behaved: "Vitest 1 called the implementation plainly" beside Vitest 4 (the
// two-hundred-and-forty-seventh holdout's Anima-Engine).
var (
	releaseDid = mustGate(`^,?\s+(?:brought|brings|allows|added|adds|removed|removes|dropped|drops|shipped|ships|no\s+longer|[a-z]{2,}ed\s+(?:the|a|an|its|it|them|this|that|these|those|each|every)\b)`)
	releaseIn  = mustGate(`(?i)\b(?:available|new|added|introduced|removed|dropped|changed)\s+in\s+$`)
	inRelease  = mustGate(`(?:^|[.!?:]\s+|^\s*[-*]\s+)In\s+$`)
)

// releaseStatement reports the framework version text[from:to] as the subject of what its release did,
// or as the release a convention or feature is named after.
func releaseStatement(text string, from, to int) bool {
	before, after := text[:from], text[to:]
	return releaseDid.MatchString(after) || releaseIn.MatchString(before) || strings.HasPrefix(after, ",") && inRelease.MatchString(before) ||
		releaseConvention.MatchString(after)
}

// releaseConvention follows a version with what its release brought: "must be awaited (Next.js 15
// convention)", "All `await params` (Next.js 15 async params)" (the hundred-and-eighty-third holdout's
// cuesheet, six rows over a Next.js 16 app: the convention began in 15 and holds in 16).
var releaseConvention = mustGate(`(?i)^\+?\s+(?:(?:async|new|dynamic|breaking)\s+)?(?:conventions?|behaviou?rs?|semantics|params|idioms?|defaults?)\b`)

// codeExpr is a code span that holds an expression (a space or a call's parentheses), its body the
// group; namedRelease is a framework's name and version ("Next.js 15", "Nuxt 3.2+").
const (
	codeExpr     = "`([^`\\n]*(?:\\s|\\()[^`\\n]*)`"
	namedRelease = "[A-Z][\\w.]*(?:[ -][A-Z][\\w.]*)?\\s+v?\\d+(?:\\.\\d+){0,2}\\s*\\+?"
)

// codeReleaseNote is a framework's version in parentheses right after a code span that holds an
// expression: "Dynamic routes must `await params` (Next.js 15)" (the same round's cuesheet) says where the
// code's form began, as spanVersionNote reads for a language. A path's stack in parentheses ("`apps/web`
// (Next.js 15)") is a claim about that package, and is still read. The note is dropped before versions
// are read; the span ($1) is kept.
var codeReleaseNote = mustGate(codeExpr + "\\s*[(（]" + namedRelease + "[)）]")

// codeForRelease is the same note written inside the parenthesis with the code: "(`await params` for
// Next.js 15)" (the same repository's teams route). The parenthesis and the span ($1) are kept.
var codeForRelease = mustGate("[(（]" + codeExpr + "\\s+(?:for|in|since|per)\\s+" + namedRelease + "[)）]")

// namedDirs are the directory paths a sentence names, one of which may be the package it speaks of.
var namedDirs = mustGate(`[\w.@-]+(?:/[\w.@-]+)*/?`)

// frameworkWords are the first words of every framework and manager name, lower-cased: a sentence with
// none of them names no framework, and the long alternation of statedFramework, which Go's regexp runs
// as an NFA, is spared (it cost the 10k-line benchmark a tenth of its time).
var frameworkWords = func() map[string]bool {
	out := map[string]bool{}
	for n := range frameworkNames {
		out[strings.Fields(n)[0]] = true
	}
	for n := range pinnedManagers {
		out[n] = true
	}
	return out
}()

// mayNameFramework reports a text holding a word one of the names opens with.
func mayNameFramework(text string) bool {
	// non-ASCII letters part words too: "使用React 18" names React as the regexp's boundary reads it
	for _, w := range strings.FieldsFunc(text, func(r rune) bool {
		return r >= utf8.RuneSelf || !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '.'
	}) {
		if frameworkWords[strings.ToLower(strings.TrimRight(w, "."))] {
			return true
		}
	}
	return false
}

// portNumber reports a version written right after a colon, a whole number of four or five digits: a
// port ("NestJS :3001" in a table of dev servers, the hundred-and-thirty-first holdout's wordtracker;
// "Expo :8081", the hundred-and-thirty-sixth's MotoWise). No framework numbers a release so.
func portNumber(text string, at int, version string) bool {
	if at <= 0 || at > len(text) || text[at-1] != ':' || len(version) < 4 || len(version) > 5 {
		return false
	}
	for _, r := range version {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// lineAround is the line of text that holds text[from:to]. The directories a framework's package is
// looked for in are the ones its own line names: "**Styling:** Tailwind v4.1.18" over a next line's
// "**Tokens:** `packages/design-tokens/`" (one paragraph of hard breaks, the sixty-first holdout's
// akount) speaks of the apps' Tailwind, not of the tokens package's.
func lineAround(text string, from, to int) string {
	start := strings.LastIndexByte(text[:from], '\n') + 1
	end := strings.IndexByte(text[to:], '\n')
	if end < 0 {
		return text[start:]
	}
	return text[start : to+end]
}

// frameworkAnchors reads the framework and package-manager versions a sentence states.
func frameworkAnchors(text string, line int) []Anchor {
	if !mayNameFramework(text) {
		return nil
	}
	found := statedFramework.FindAllStringSubmatchIndex(text, -1)
	if len(found) == 0 || frameworkChange.MatchString(text) {
		return nil
	}
	var out []Anchor
	seen := map[string]string{}
	for _, ix := range found {
		if versionContinues.MatchString(text[ix[1]:]) || countedSetup.MatchString(text[ix[1]:]) && ix[4] > 0 && text[ix[4]-1] != 'v' && text[ix[4]-1] != 'V' {
			continue
		}
		if releaseStatement(text, ix[2], ix[1]) {
			continue
		}
		m := submatches(text, ix)
		if !strings.Contains(m[2], ".") && strings.Contains(text[ix[2]:ix[4]], ":") && countAfter.MatchString(text[ix[1]:]) {
			continue
		}
		if m[2] == "0" {
			continue // "TSC 0 erros, ESLint 0" (the hundred-and-tenth holdout's TestesiteOficial): a count of errors, no release
		}
		if inLinkLabel(text, ix[2], ix[1]) {
			// "- [Angular 20 最佳實踐](../../../.cursor/rules/angular.mdc)" (the two-hundred-and-twelfth
			// holdout's ng-alain-gighub, three guides): the title of the page linked, not the version built with
			continue
		}
		if portNumber(text, ix[4], m[2]) {
			continue // "NestJS       :3001", "Expo :8081": the port a dev server listens on (rounds 131 and 136)
		}
		if lb := libraryBefore.FindString(text[max(0, ix[2]-24):ix[2]]); lb != "" && !languageNames[strings.TrimSpace(strings.TrimLeft(lb, " \t\n([|"))] {
			continue // "HeroUI React v3": a library for the framework, named with it (round 141's aghub, on HeroUI ^3)
		}
		name := strings.ToLower(strings.Join(strings.FieldsFunc(m[1], func(r rune) bool { return r == '-' || r == ' ' || r == '\t' || r == '\n' }), " "))
		key := managerKey + name
		if pkgs, ok := frameworkNames[name]; ok {
			key = frameworkKey + strings.Join(pkgs, ",")
		} else if !pinnedManagers[name] {
			continue
		}
		if prev, ok := seen[key]; ok && prev != m[2] {
			return dropKey(out, key) // two versions of one framework ("React 18 and React 19"): no one claim
		}
		seen[key] = m[2]
		if countsBefore.MatchString(text[max(0, ix[0]-40):ix[0]]) {
			// "| `test` | pytest ~736 + vitest 27 |" (the hundred-and-ninety-eighth holdout's Anvil): a
			// count of tests beside another runner's, not a release
			continue
		}
		if pinnedOther(text, name, m[2]) {
			// "`vite` is pinned to `^7` via root `pnpm.overrides`: vite 8 (rolldown) has a broken
			// native-binding install" (the hundred-and-ninety-fifth holdout's smultron): the version
			// the pin avoids, beside the one it holds
			continue
		}
		q := m[2]
		if m[3] != "" {
			q += "+"
		}
		ref := strings.TrimSpace(text[ix[2]:ix[1]])
		out = append(out, Anchor{Kind: AnchorToolchain, Ref: ref, Name: key, Qualifier: q, Line: line, Hints: namedDirs.FindAllString(lineAround(text, ix[0], ix[1]), -1)})
	}
	return out
}

// inLinkLabel reports text[from:to] inside a Markdown link's label: "[" before it on its line with no "]"
// between, and "](" after it.
func inLinkLabel(text string, from, to int) bool {
	open := strings.LastIndexAny(text[:from], "[]\n")
	if open < 0 || text[open] != '[' {
		return false
	}
	end := strings.IndexAny(text[to:], "[]\n")
	return end >= 0 && strings.HasPrefix(text[to+end:], "](")
}

// countsBefore ends the text before a framework's name with another tool's count joined by "+".
var countsBefore = mustGate(`[\w.-]+\s+~?\d[\d,]*\s*\+\s*$`)

// pinnedAt is a name the sentence pins to a version: "`vite` is pinned to `^7`", "react locked at 18".
var pinnedAt = mustGate("(?i)([\\w.@/-]+)`?\\s+(?:is\\s+|are\\s+|stays\\s+|remains\\s+)?(?:pinned|locked|held|capped|kept)\\s+(?:to|at|on)\\s+`?[\\^~>=<v]*(\\d+)")

// pinnedOther reports a sentence that pins name to a major other than version's.
func pinnedOther(text, name, version string) bool {
	if !containsFold(text, "pinned", "locked", "held", "capped", "kept") {
		return false
	}
	major, _, _ := strings.Cut(version, ".")
	for _, m := range pinnedAt.FindAllStringSubmatch(text, -1) {
		if strings.EqualFold(strings.Trim(m[1], "`"), name) && m[2] != major {
			return true
		}
	}
	return false
}

// libraryBefore ends the text before a framework's name with the name of a library built for it, one word
// that carries a capital inside ("HeroUI React v3", "NextUI React 2", "MobX React 9"): the version is the
// library's.
var libraryBefore = mustGate(`(?:^|[\s(\[|])[A-Z][a-z]*[A-Z][A-Za-z]*\s+$`)

// languageNames are languages written in camel case, which a stack names before its framework ("TypeScript
// React 18") without making the version theirs.
var languageNames = set("TypeScript", "JavaScript", "CoffeeScript", "PureScript", "ActionScript", "GraphQL", "PostgreSQL", "MySQL", "SQLite", "MongoDB")

// dropKey removes the anchors of one framework from a list.
func dropKey(out []Anchor, key string) []Anchor {
	return slices.DeleteFunc(out, func(a Anchor) bool { return a.Name == key })
}

// packageJSON is what a package.json says of its dependencies and package manager.
type packageJSON struct {
	Name           string            `json:"name"`
	PackageManager string            `json:"packageManager"`
	Dependencies   map[string]string `json:"dependencies"`
	Dev            map[string]string `json:"devDependencies"`
	Optional       map[string]string `json:"optionalDependencies"`
	Peer           map[string]string `json:"peerDependencies"`
}

// exampleDirs are directories whose package.json files describe something other than the project's
// own build: examples, templates, fixtures, tests' sample projects.
var exampleDirs = map[string]bool{"node_modules": true, "examples": true, "example": true, "templates": true, "template": true,
	"fixtures": true, "fixture": true, "__fixtures__": true, "testdata": true, "test": true, "tests": true, "__tests__": true,
	"playground": true, "playgrounds": true, "sandbox": true, "demo": true, "demos": true, "vendor": true, "third_party": true}

// readComposer reads a composer.json's name and require tables; one that does not parse reads as
// empty.
func readComposer(_ string, body []byte) packageJSON {
	var c struct {
		Name       string            `json:"name"`
		Require    map[string]string `json:"require"`
		RequireDev map[string]string `json:"require-dev"`
	}
	if json.Unmarshal(body, &c) != nil {
		return packageJSON{}
	}
	return packageJSON{Name: c.Name, Dependencies: c.Require, Dev: c.RequireDev}
}

// inExampleDir reports a file below one of exampleDirs.
func inExampleDir(p string) bool {
	return slices.ContainsFunc(strings.Split(path.Dir(p), "/"), func(s string) bool { return exampleDirs[s] })
}

// dependencyManifests reads the workspace's package.json files (packageFiles), composer.json files,
// Python manifests (pydeps.go) and JVM version catalogs and poms (jvmdeps.go) outside example
// directories, once per check; their tables stand for a package.json's dependency tables.
func (v *verifier) dependencyManifests() map[string]packageJSON {
	if v.pkgJSONs != nil {
		return v.pkgJSONs
	}
	v.pkgJSONs = map[string]packageJSON{}
	for _, p := range v.packageFiles() {
		if inExampleDir(p) {
			continue
		}
		body, ok := v.readFile(p)
		var pkg packageJSON
		if ok && json.Unmarshal(body, &pkg) == nil {
			v.pkgJSONs[p] = pkg
		}
	}
	v.manifestsOf([]string{"composer.json"}, readComposer, v.pkgJSONs)
	v.manifestsOf(pyManifests, readPyManifest, v.pkgJSONs)
	v.manifestsOf(jvmManifests, readJVMManifest, v.pkgJSONs)
	for p := range v.pkgJSONs {
		v.pkgPaths = append(v.pkgPaths, p)
	}
	sort.Strings(v.pkgPaths) // one order for every claim's answer, whatever the map's
	return v.pkgJSONs
}

// manifestsOf reads, with read, the files of the given base names outside skipped and example
// directories, at most maxPackageFiles of them: composer.json and the Python and JVM manifests all
// walk this way.
func (v *verifier) manifestsOf(bases []string, read func(base string, body []byte) packageJSON, into map[string]packageJSON) {
	n := 0
	for _, base := range bases {
		for _, p := range v.repo.ByBasename(base) {
			if skippedDir(p) || inExampleDir(p) {
				continue
			}
			if n++; n > maxPackageFiles {
				return
			}
			if body, ok := v.readFile(p); ok {
				into[p] = read(base, body)
			}
		}
	}
}

// checkFramework compares a stated framework version with the package.json files that depend on it:
// the one nearest a nested document (its own package, or one above it short of the root), else the one
// in a directory the sentence names ("`apps/web/`: Next.js 14 frontend"), else every one of them, any
// of which makes the sentence true. A document that states the framework elsewhere with a version the
// dependencies allow names this other version as a contrast: "React 18 constraints" over "skip advice
// that needs React 19's new APIs" (fresh-shop, in the forty-ninth holdout's regression set).
func (v *verifier) checkFramework(a Anchor, d verdicts) AnchorResult {
	held, compared, detail := v.frameworkAllows(a)
	switch {
	case !compared:
		return d.skip()
	case held:
		return d.ok()
	case v.statedElsewhere(a):
		return d.skip()
	}
	return d.fail(ReasonChanged, detail)
}

// frameworkAllows reports whether the package.json files a framework anchor speaks for allow its
// version; compared is false when nothing could be compared.
func (v *verifier) frameworkAllows(a Anchor) (held, compared bool, detail string) {
	stated, ok := statedRange(a.Qualifier)
	if !ok {
		return false, false, ""
	}
	pkgs := strings.Split(strings.TrimPrefix(a.Name, frameworkKey), ",")
	all := v.dependencyManifests()
	files := v.pkgPaths
	for _, p := range files {
		for _, name := range pkgs {
			if all[p].Name == name || all[p].Peer[name] != "" {
				return false, false, "" // the repository is the framework, or a library that leaves its version to its users
			}
		}
	}
	if p, ok, packaged := v.ownPackage(all, pkgs, a.Hints); ok {
		files = []string{p}
	} else if packaged {
		// the document sits in a package of its own that does not depend on the framework: the sentence
		// speaks of something else ("**Tailwind v4 projects** (`hyperframes init --tailwind`)" in a
		// scaffold's AGENTS.md, the fifty-second holdout's awsops), not of a sibling package
		return false, false, ""
	}
	var first, firstSpec string
	for _, p := range files {
		for _, name := range pkgs {
			spec := dependencySpec(all[p], name)
			for _, alias := range aliasedSpecs(all[p], name) {
				if allowed, ok := specRange(alias); ok && allowed.meets(stated) {
					// "TypeScript 7 from `@typescript/native`" over "@typescript/native":
					// "npm:typescript@7.0.2" beside "typescript": "5.9.3" (the sixty-fifth holdout's
					// Happier-Anywhere): the framework installed a second time under another key
					return true, true, ""
				}
			}
			if spec == "" {
				continue
			}
			readSpec := specRange
			if slices.Contains(pyManifests, path.Base(p)) {
				readSpec = pySpecRange
			}
			allowed, ok := readSpec(spec)
			if !ok {
				return false, false, "" // a range this reading does not follow: nothing is compared
			}
			if allowed.meets(stated) || subpathMajor(name, allowed, stated) {
				return true, true, ""
			}
			if first == "" || nearer(v.soul.Path, p, first) {
				first, firstSpec = p, name+" "+spec
			}
		}
	}
	if first == "" {
		return false, false, "" // no package.json depends on it: the sentence may speak of another project
	}
	if v.runtimeNumber(first, a.Qualifier) {
		// "Backend: FastAPI 3.12" over `requires-python = ">=3.12,<3.13"` and fastapi ^0.136 (the
		// two-hundred-and-ninth holdout's agrosat-copilot): the number is the language's the stack runs on
		return false, false, ""
	}
	return false, true, fmt.Sprintf("%s depends on %s; the claim says %s", first, firstSpec, a.Ref)
}

// runtimeManifests are the manifests that state their language's least version, by base name.
var runtimeManifests = map[string]string{"pyproject.toml": "python", "package.json": "node"}

// runtimeNumber reports a stated version that is the least version of the language the manifest at p
// requires (pyproject.toml's requires-python, package.json's engines.node), to its minor.
func (v *verifier) runtimeNumber(p, stated string) bool {
	lang := runtimeManifests[path.Base(p)]
	body, ok := v.readFile(p)
	if lang == "" || !ok {
		return false
	}
	least, ok := leastOf(lang, body)
	stated = strings.TrimSuffix(stated, "+")
	return ok && strings.Contains(stated, ".") && (least == stated || strings.HasPrefix(least, stated+"."))
}

// subpathMajors are packages that ship their next major's API under a subpath of an older release: zod
// 3.25.0 and later carry Zod 4 at "zod/v4", which a project imports while its manifest says 3 ("Zod v4"
// over `"zod": "^3.25.62"` and 301 imports of "zod/v4": the ninetieth holdout's litefuse).
var subpathMajors = map[string]map[int]semver{"zod": {4: {3, 25, 0}}}

// subpathMajor reports a stated major that the installed range ships under a subpath.
func subpathMajor(name string, allowed, stated versionSpan) bool {
	from, ok := subpathMajors[name][stated.lo[0]]
	return ok && !allowed.lo.less(from)
}

// statedElsewhere reports a document that states the same framework, in a claim or a heading, with
// another version, one the dependencies allow.
func (v *verifier) statedElsewhere(a Anchor) bool {
	var others []Anchor
	for _, c := range v.soul.Claims {
		others = append(others, c.Anchors...)
	}
	for _, s := range v.soul.Sections {
		others = append(others, frameworkAnchors(s.Heading, s.StartLine)...)
	}
	mine, _ := statedRange(a.Qualifier)
	for _, b := range others {
		if b.Kind != AnchorToolchain || b.Name != a.Name {
			continue
		}
		// a coarser mention that takes this version in ("Next.js 15" beside "Next.js 15.5.2") is no
		// contrast: only a version apart from this one is
		if theirs, ok := statedRange(b.Qualifier); ok && !theirs.meets(mine) {
			if held, _, _ := v.frameworkAllows(b); held {
				return true
			}
		}
	}
	return false
}

// dependencyFiles are the manifests whose dependency tables a framework claim is read against.
var dependencyFiles = []string{"package.json", "composer.json", "pyproject.toml", "requirements.txt", "pom.xml"}

// ownPackage is the package.json a framework claim speaks for: the nearest one at or above a nested
// document's directory that lists the framework, else one in a directory the sentence names. packaged
// says a manifest sits at or above the nested document's directory (the root's aside).
func (v *verifier) ownPackage(all map[string]packageJSON, pkgs, named []string) (p string, ok, packaged bool) {
	lists := func(p string) bool {
		pkg, ok := all[p]
		return ok && slices.ContainsFunc(pkgs, func(n string) bool { return dependencySpec(pkg, n) != "" })
	}
	for dir := path.Dir(v.soul.Path); dir != "." && dir != "/" && dir != ""; dir = path.Dir(dir) {
		for _, m := range dependencyFiles {
			p := path.Join(dir, m)
			if lists(p) {
				return p, true, true
			}
			_, has := all[p]
			packaged = packaged || has
		}
	}
	for _, n := range named {
		for _, m := range dependencyFiles {
			if p := path.Join(strings.TrimPrefix(n, "./"), m); lists(p) {
				return p, true, packaged
			}
		}
	}
	return "", false, packaged
}

// checkManager compares a stated package-manager version with the `packageManager` field nearest the
// document.
func (v *verifier) checkManager(a Anchor, d verdicts) AnchorResult {
	stated, ok := statedRange(a.Qualifier)
	if !ok {
		return d.skip()
	}
	manager := strings.TrimPrefix(a.Name, managerKey)
	for _, p := range v.filesUpward("package.json") {
		body, _ := v.readFile(p)
		var pkg packageJSON
		if json.Unmarshal(body, &pkg) != nil || pkg.PackageManager == "" {
			continue
		}
		name, ver, ok := strings.Cut(pkg.PackageManager, "@")
		if !ok || name != manager {
			return d.skip() // the project pins another manager: the sentence may be an alternative
		}
		ver, _, _ = strings.Cut(ver, "+") // "pnpm@9.15.0+sha512.…": the hash is no part of the version
		pinned, ok := specRange(ver)
		if !ok {
			return d.skip()
		}
		if pinned.meets(stated) {
			return d.ok()
		}
		return d.fail(ReasonChanged, fmt.Sprintf("%s pins %s; the claim says %s", p, pkg.PackageManager, a.Ref))
	}
	return d.skip()
}

// dependencySpec is the range a package.json gives one dependency, from whichever table lists it.
func dependencySpec(pkg packageJSON, name string) string {
	for _, t := range []map[string]string{pkg.Dependencies, pkg.Dev, pkg.Optional} {
		if s := strings.TrimSpace(t[name]); s != "" {
			return s
		}
	}
	return ""
}

// aliasedSpecs are the ranges of the package's npm aliases: dependencies under another key whose spec
// is "npm:NAME@RANGE".
func aliasedSpecs(pkg packageJSON, name string) []string {
	prefix := "npm:" + name + "@"
	var found []string
	for _, t := range []map[string]string{pkg.Dependencies, pkg.Dev, pkg.Optional} {
		for key, s := range t {
			if r, ok := strings.CutPrefix(strings.TrimSpace(s), prefix); ok && key != name {
				found = append(found, r)
			}
		}
	}
	return found
}

// nearer reports whether package.json a lies nearer the document than b: in its directory or above it
// first, then by the shorter path.
func nearer(doc, a, b string) bool {
	dir := path.Dir(doc)
	above := func(p string) bool {
		d := path.Dir(p)
		return d == "." || dir == d || strings.HasPrefix(dir, d+"/")
	}
	if above(a) != above(b) {
		return above(a)
	}
	return len(a) < len(b)
}

// semver is a version's major, minor and patch; a missing part is 0.
type semver [3]int

func (x semver) less(y semver) bool {
	for i := range x {
		if x[i] != y[i] {
			return x[i] < y[i]
		}
	}
	return false
}

// versionSpan is the versions from lo up to, not including, hi; open has no upper end.
type versionSpan struct {
	lo, hi semver
	open   bool
}

// meets reports whether two spans share a version.
func (s versionSpan) meets(t versionSpan) bool {
	return (s.open || t.lo.less(s.hi)) && (t.open || s.lo.less(t.hi))
}

// parseSemver reads up to three dotted numbers; n is how many were written.
func parseSemver(text string) (v semver, n int, ok bool) {
	text = strings.TrimPrefix(strings.TrimSpace(text), "v")
	text, _, _ = strings.Cut(text, "-") // a prerelease ("19.0.0-rc.1") counts as its release
	parts := strings.Split(text, ".")
	for i, p := range parts {
		if p == "x" || p == "X" || p == "*" {
			break
		}
		k, err := strconv.Atoi(p)
		if err != nil || i > 2 || k < 0 {
			return v, 0, false
		}
		v[i] = k
		n = i + 1
	}
	return v, n, n > 0
}

// bumped is the first version past the n parts written: 18 → 19, 18.3 → 18.4.
func bumped(v semver, n int) semver {
	out := semver{}
	copy(out[:n], v[:n])
	out[n-1]++
	return out
}

// statedRange is the span a document's version covers: "18" every 18.x, "18.3" every 18.3.x, "18+"
// everything from 18.
func statedRange(q string) (versionSpan, bool) {
	least := strings.HasSuffix(q, "+")
	v, n, ok := parseSemver(strings.TrimSuffix(q, "+"))
	if !ok {
		return versionSpan{}, false
	}
	if n == 2 && v[1] == 0 {
		// "Tauri 2.0", "Vue 3.0": a major's release name, the line it opened, not its first minor (the
		// eighty-second and eighty-fifth holdouts' cc-switch and RalphX over @tauri-apps/api ^2.8)
		n = 1
	}
	if least {
		return versionSpan{lo: v, open: true}, true
	}
	return versionSpan{lo: v, hi: bumped(v, n)}, true
}

// specRange is the span an npm range allows: "^1.2.3", "~1.2.3", "1.2.3", "1.2.x", ">=1.2", ">=1.2 <2".
// Anything else (unions, aliases, workspace and catalog references, tags, URLs) is not read.
func specRange(spec string) (versionSpan, bool) {
	spec = strings.TrimSpace(spec)
	if strings.ContainsAny(spec, "|:") || spec == "" {
		return versionSpan{}, false
	}
	if lo, hi, ok := strings.Cut(spec, " <"); ok && strings.HasPrefix(lo, ">=") {
		l, _, ok1 := parseSemver(strings.TrimPrefix(lo, ">="))
		h, _, ok2 := parseSemver(hi)
		return versionSpan{lo: l, hi: h}, ok1 && ok2 && !strings.HasPrefix(hi, "=") && l.less(h)
	}
	if strings.ContainsAny(spec, " <") {
		return versionSpan{}, false
	}
	op := strings.TrimRight(spec[:len(spec)-len(strings.TrimLeft(spec, "^~>=v"))], "v")
	v, n, ok := parseSemver(spec[len(op):])
	if !ok {
		return versionSpan{}, false
	}
	switch op {
	case "^":
		// caret keeps the first non-zero part: ^1.2.3 < 2, ^0.2.3 < 0.3, ^0.0.3 < 0.0.4
		k := 1
		for k < n && v[k-1] == 0 {
			k++
		}
		return versionSpan{lo: v, hi: bumped(v, k)}, true
	case "~":
		return versionSpan{lo: v, hi: bumped(v, min(n, 2))}, true
	case ">=", ">":
		return versionSpan{lo: v, open: true}, true
	case "", "=":
		return versionSpan{lo: v, hi: bumped(v, n)}, true
	}
	return versionSpan{}, false
}
