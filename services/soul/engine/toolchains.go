package engine

import (
	"encoding/json"
	"fmt"
	"path"
	"slices"
	"strings"
)

// A document that states the least version of a language the project builds with ("Go 1.21+", "Python
// 3.9 or later", "requires Node.js 18") says what the project's own manifest also says: go.mod's `go`
// line, pyproject.toml's `requires-python`, package.json's `engines.node`, Cargo.toml's `rust-version`.
// When the manifest asks for more, the document lags it (a bump of go.mod that no handoff followed:
// k6's "use Go 1.23+" over `go 1.25.0`, beads' "Go 1.21+" over `go 1.26.2`, mem0's "Python 3.9+" over
// `>=3.10`). Only a least version is compared, written with "+", "or later" and its kin, or after
// "requires", "at least", "minimum": a version with no such mark ("tested on Python 3.12", "Go 1.24.0")
// may be a recommendation or the one CI runs, unless it names the stack the project is built with
// (stackVersion). A sentence that also names the manifest's own version
// knows of it ("1.21 is the minimum supported version; go.mod says 1.26"), and one in the past tense
// ("Since Hugo 0.48, … built into Go 1.11") describes history: neither is checked.

// AnchorToolchain is a least language version a sentence states.
const AnchorToolchain AnchorKind = "toolchain"

// toolchainLanguages maps the names a sentence gives a language to the manifest key it is read from.
var toolchainLanguages = map[string]string{"go": "go", "golang": "go", "python": "python", "node": "node", "node.js": "node", "nodejs": "node", "rust": "rust", "rustc": "rust"}

// leastVersion is a language and a version with a mark that makes it a least one, after or before it.
var leastVersion = mustGate(`(?i)(?:\b(requires?|required|needs?|at least|minimum(?: version)?(?: of)?|min\.?|>=|≥)\s+)?\b(go|golang|python|node\.js|nodejs|node|rust|rustc)(?:(?:\s+version)?(?:\*\*)?(?:\s*:)?(?:\s*(?:>=|≥))?|(?:\s+(?:version|compatibility|requirements?|support))?(?:\*\*)?\s*:\s*(?:minimum|min\.|at least)(?:\s+version)?)\s*v?(\d+(?:\.\d+){0,2})(\s*\+|\s*(?:\(\s*)?or\s+(?:later|newer|higher|above|greater|more recent)\b|\s+and\s+(?:later|newer|higher|above)\b)?`)

// inlineLeast is a least mark written between the language and its version: "- Node.js: >= 18.x" (the
// sixtieth holdout's kaoto, whose package.json had moved on to engines.node ">=22.x"). Only where the
// language opens its line, item or cell (lineLead) does it state a requirement: "(plus `cmp` for Go ≥
// 1.21)" (corpus case 06, modernc.org/gc) is a condition. A label's minimum in words reads so too:
// "Node.js compatibility: Minimum version 20.0.0 required" (a miss of the sixty-first holdout).
var inlineLeast = mustGate(`(?i)(?:>=|≥)\s*v?\d|:\s*(?:minimum|min\.|at least)(?:\s+version)?\s+v?\d`)

// lineLead is the text before a word that opens its line, list item or table cell.
var lineLead = mustGate(`(?:^|\n)\s*(?:[-*+]\s+|\d+\.\s+|\|\s*)?(?:\*\*)?$|\|\s*(?:\*\*)?$`)

// pastWording marks a sentence about history, whose versions were true once: "**Previous**: Go 1.21.13"
// over "**Current**: Go 1.24+" (the hundred-and-fifty-first holdout's whey-price-compare).
var pastWording = mustGate(`(?i)\b(?:since|used to|previous(?:ly)?|originally|historically|was|were|had|until|before)\b`)

// shippedIn ends the text before a version that says what a language's release carries: "Corepack is
// included in Node 14+" (temporalio/sdk-typescript's CONTRIBUTING.md, the thirty-sixth holdout, over
// engines.node >= 20.3.0), "available since Python 3.11", "bundled with Go 1.21", "…; in Go 1.22+ prefer
// `rand.Text()`" (the fifty-sixth holdout's crawbl-backend).
var shippedIn = mustGate(`(?i)\b(?:included|available|bundled|shipped|built|introduced|added|present|supported)\s+(?:in|with|into|since|from|as of)\s+$|\b(?:ships|comes)\s+with\s+$|(?:^|[,;:]\s*)in\s+$`)

// featureAfter follows a version with the feature of the language it brought: "Route patterns use Go
// 1.22+ `http.ServeMux` syntax" (the eightieth holdout's itinerarium, whose go.mod asks for 1.26), and
// with what it has built in: "原生 fetch（Node 18+ 内置）" (native fetch, built into Node 18+: the
// hundred-and-thirty-second's QM-WX, whose engines ask for Node 20). "使用 Go 1.22+ 的新路由语法" (use Go
// 1.22+'s new routing syntax: the hundred-and-thirty-ninth's cpm, whose go.mod asks for 1.25). "Go 1.22+
// routing" and "**Go 1.25+ Style** — Idiomatic Go" (the hundred-and-forty-eighth's trapperkeeper and
// kubecloudscaler, over go 1.24.0 and 1.26.3) name what a release brought, not what the project needs, as
// does "Node 18+ already bundles undici" (the two-hundred-and-twenty-ninth's agent-receipts, over >= 22.11).
var featureAfter = mustGate("(?i)^\\+?\\s*(?:(?:`[^`\\n]+`|[\\w.]+)\\s+){0,2}(?:syntax|semantics|features?|generics|iterators|statements?|routing|route\\s+patterns?|style|idioms?|best\\s+practices)\\b|^\\+?\\s*(?:built[- ]?in\\b|内置|原生)|^\\+?\\s*(?:already\\s+)?(?:bundles|ships)\\b|^\\+?\\s*(?:'s|’s|的)\\s*(?:new\\b|新)|^\\+?\\s*(?:的\\s*)?\\p{Han}{0,4}?(?:语法|語法|特性|泛型|迭代器)")

// theReleaseBefore ends the words before a version with an article that makes the release a modifier of
// what follows it: "the Go 1.22+ `ServeMux`".
var theReleaseBefore = mustGate(`(?i)\bthe\s+$`)

// releaseTypeAfter follows such a version with a type of the language's library, in camel case or
// qualified by its package: "ServeMux", "http.ServeMux".
var releaseTypeAfter = mustGate(`^\+?\s*(?:[a-z]\w*\.)?[A-Z][a-z0-9]+[A-Z]\w*\b|^\+?\s*[a-z]\w*\.[A-Z]\w*\b`)

// buildTargetBefore ends a label that makes the version after it the one a bundler or compiler emits
// code for: "**构建目标**: Node.js 18" (build target: the hundred-and-fifty-third holdout's openskills,
// whose tsup.config.ts targets node18 while engines asks for >= 20.6.0), "Compile target: Python 3.9".
// A runtime the project targets ("Target runtime: Node 20") is its requirement, and is still read.
var buildTargetBefore = mustGate(`(?i)(?:\b(?:build|compil(?:e|ation)|transpil(?:e|ation)|emit|bundle)\s+target|构建目标|编译目标|構建目標|編譯目標|ビルドターゲット)[*_]*\s*[:：]?\s*[*_]*\s*$`)

// spanVersionNote is a language version in parentheses right after a code span: "Use `node --test`
// (Node 20+)" (nodejs/undici's CONTRIBUTING.md, the thirty-eighth holdout, under engines >= 22.19.0)
// says since when the span's command or API exists, not what the project needs, and so does a note
// naming the feature: "`http.ServeMux` (Go 1.22+ method-based routing)" (the hundred-and-eighth
// holdout's nuveafinds-api, over `go 1.23`), and in full-width parentheses: "`r.PathValue("id")`（Go
// 1.22+）" (the hundred-and-forty-sixth's cadmus, over `go 1.25`). The note is dropped
// before least versions are read; the span ($1) is kept.
var spanVersionNote = mustGate("(?i)`([^`\n]+)`\\s*[(（](?:go|golang|python|node\\.js|nodejs|node|rust|rustc)\\s+v?\\d+(?:\\.\\d+){0,2}\\s*\\+?[^)）]{0,40}[)）]")

// apiCallBefore is a call (a dotted name with its arguments, or any name with empty ones) on the line
// before a parenthesised version: "Use `t.Attr()` for test metadata (Go 1.25)", "**Prefer
// `testing/synctest` over `time.Sleep()`** (Go 1.25)", "**filepath.IsLocal()** - comprehensive path
// validation (Go 1.20+)" (the hundred-and-forty-eighth holdout's birdnet-go, over go 1.26.1). spanVersionNote takes the note
// right after its span; with words between, the call is what the release brought all the same, while
// "The backend services (Go 1.25)" names no call and stays the project's stack.
var apiCallBefore = mustGate(`\b\w+(?:[./]\w+)*\.\w+\([^()\n]{0,30}\)|\b\w+\(\)`)

// apiReleaseNote reports a version in parentheses of its own, before and after being the text around
// it, on a line that names a call before it or ends with a kind of language feature (featureNounBefore).
func apiReleaseNote(before, after string) bool {
	open := strings.TrimRight(before, " ")
	if !strings.HasSuffix(open, "(") && !strings.HasSuffix(open, "（") {
		return false
	}
	shut := strings.TrimLeft(after, " ")
	if !strings.HasPrefix(shut, ")") && !strings.HasPrefix(shut, "）") {
		return false
	}
	if i := strings.LastIndexByte(open, '\n'); i >= 0 {
		open = open[i+1:] // the version's own line: a call a line above is another item's
	}
	return apiCallBefore.MatchString(open) || featureNounBefore.MatchString(open)
}

// featureNounBefore ends the text before a parenthesised version with a kind of language feature:
// "| omitzero | Use `omitzero` struct tag (Go 1.24) |", "| bloop | Use range-over-int loops (Go 1.22) |"
// (the hundred-and-fifty-sixth holdout's ktn-linter, a modernize analyzer's table of what each release
// brought, over go 1.25.5).
var featureNounBefore = mustGate(`(?i)\b(?:loops?|struct\s+tags?|syntax|generics|iterators?|built-?ins?|directives?|keywords?|language\s+features?)\s*[(（]$`)

// submatches are the texts of a match's groups, "" for a group that matched nothing.
func submatches(text string, ix []int) []string {
	out := make([]string, len(ix)/2)
	for i := range out {
		if ix[2*i] >= 0 {
			out[i] = text[ix[2*i]:ix[2*i+1]]
		}
	}
	return out
}

// toolchainGates are the language names of which a sentence must hold one before the regexps read it:
// a cheap case-folded test that spares most sentences with a number both of them.
var toolchainGates = []string{"go", "python", "node", "rust"}

// toolchainAnchors reads the least language versions a sentence states.
func toolchainAnchors(text string, line int) []Anchor {
	if !slices.ContainsFunc(toolchainGates, func(w string) bool { return hasFoldASCII(text, w) }) || pastWording.MatchString(text) {
		return nil
	}
	var out []Anchor
	goLine := quotedGoLine.FindString(text)
	for _, ix := range leastVersion.FindAllStringSubmatchIndex(text, -1) {
		m := submatches(text, ix)
		if goLine != "" && strings.Contains(goLine, m[0]) {
			continue // the quoted go line (goLineAnchor)
		}
		if shippedIn.MatchString(text[:ix[0]]) {
			continue // "Corepack ... is included in Node 14+": what the language ships, not what the project needs
		}
		if featureAfter.MatchString(text[ix[1]:]) || theReleaseBefore.MatchString(text[:ix[0]]) && releaseTypeAfter.MatchString(text[ix[1]:]) {
			// "Go 1.22+ `http.ServeMux` syntax", "with the Go 1.22+ `ServeMux`" (the two-hundred-and-forty-second
			// holdout's bridge, over go 1.25.0): the release that brought a feature
			continue
		}
		if buildTargetBefore.MatchString(text[:ix[0]]) {
			continue // "**Build target**: Node.js 18": what the bundler emits for, not what the project needs
		}
		if m[1] == "" && apiReleaseNote(text[:ix[0]], text[ix[1]:]) {
			continue // "Use `t.Attr()` for test metadata (Go 1.25)": the release that brought the call
		}
		if inline := inlineLeast.MatchString(m[0]); inline && m[1] == "" && !lineLead.MatchString(text[:ix[0]]) {
			continue // "(plus `cmp` for Go ≥ 1.21)": a condition, not the project's requirement
		} else if !inline && m[1] == "" && m[4] == "" && !stackStated(text, ix[7]) {
			continue // "Go 1.22 changed the loop variable": no mark makes it a least version
		}
		lang := toolchainLanguages[strings.ToLower(m[2])]
		// "**Go Version**: 1.24+" (inngest's copilot-instructions.md, the forty-second holdout): the
		// label's emphasis is no part of the name shown
		ref := strings.TrimSpace(strings.ReplaceAll(m[0], "**", ""))
		q := m[3]
		if m[4] != "" && requiredAfter.MatchString(text[ix[1]:]) {
			q = requiredMark + q
		}
		out = append(out, Anchor{Kind: AnchorToolchain, Ref: ref, Name: lang, Qualifier: q, Line: line, Hints: anyVersion.FindAllString(text, -1)})
	}
	return out
}

// stackVersion follows an unmarked version that names what the project is built with: "Go 1.24, Chi,
// and Fx for the HTTP server" (the fifty-fourth holdout's openlibrary, over `go 1.26.0`), "**Backend**:
// Go 1.22", "Python 3.11 with FastAPI". Such a version is compared as a least one: a manifest that asks
// for more says the stack moved on, and one that asks for less may run on a newer release. A version
// followed by a verb ("Go 1.22 changed loop variables") is about the language, not this project.
var stackVersion = mustGate(`^(?:\*\*)?(?:\s*[,;)|]|\s*$|\s+(?:and|with|&|\+|/)\s|\s*[—–]\s|\s+-\s)`)

// stackStated reports an unmarked version, ending at end in text, that names the project's stack.
func stackStated(text string, end int) bool {
	return stackVersion.MatchString(text[end:]) && !upgradeWording.MatchString(text)
}

// upgradeWording marks a sentence about moving between versions, whose older one is named on purpose.
var upgradeWording = mustGate(`(?i)\b(?:from|upgrad\w*|migrat\w*|bump\w*|instead\s+of|deprecated|dropp\w*|end[- ]of[- ]life|EOL|pre-|post-)`)

// quotedGoLine is a go.mod `go` line a sentence quotes: "`go 1.25` in `go.mod`" (the thirty-second
// holdout's air, whose go.mod had moved on to go 1.26.0). It states the manifest's own version, not a
// least one, so any other major.minor is drift.
var quotedGoLine = mustGate("(?i)`?\\bgo\\s+v?(\\d+\\.\\d+(?:\\.\\d+)?)`?\\s+(?:in|of)\\s+(?:the\\s+)?(?:root\\s+)?`?go\\.mod\\b`?")

// exactMark prefixes the Qualifier of a version the sentence says the manifest holds.
const exactMark = "="

// requiredMark prefixes the Qualifier of a least version the sentence calls required: "**Python 3.13+**
// required" (the fifty-seventh holdout's ezbeq, whose pyproject.toml had come down to ">=3.11"). The
// manifest's least version is the requirement, so one below the stated version says the sentence is
// out of date as much as one above it.
const requiredMark = "!"

// requiredAfter follows a marked least version with the word that makes it the requirement.
var requiredAfter = mustGate(`(?i)^(?:\*\*)?\s*(?:is\s+|are\s+)?required\b`)

// goLineAnchor reads the go.mod go line a sentence that names go.mod quotes.
func goLineAnchor(text string, line int) []Anchor {
	if pastWording.MatchString(text) {
		return nil
	}
	m := quotedGoLine.FindStringSubmatch(text)
	if m == nil {
		return nil
	}
	return []Anchor{{Kind: AnchorToolchain, Ref: strings.TrimSpace(m[0]), Name: "go", Qualifier: exactMark + m[1], Line: line}}
}

// anyVersion is a version number anywhere in a sentence.
var anyVersion = mustGate(`\d+\.\d+(?:\.\d+)?`)

// checkToolchain compares a stated least version with the manifest nearest the document.
func (v *verifier) checkToolchain(a Anchor, d verdicts) AnchorResult {
	if a.Name == manifestVersionKey {
		return v.checkManifestVersion(a, d)
	}
	if a.Name == editionKey {
		return v.checkEdition(a, d)
	}
	if strings.HasPrefix(a.Name, frameworkKey) {
		return v.checkFramework(a, d)
	}
	if strings.HasPrefix(a.Name, managerKey) {
		return v.checkManager(a, d)
	}
	file, want, ok := v.manifestVersion(a.Name)
	if !ok {
		return d.skip() // no manifest says: nothing to compare
	}
	if stated, ok := strings.CutPrefix(a.Qualifier, exactMark); ok {
		if versionBelow(a.Name, stated, want) || versionBelow(a.Name, want, stated) {
			return d.fail(ReasonChanged, fmt.Sprintf("%s says %s %s; the claim says %s", file, a.Name, want, a.Ref))
		}
		return d.ok()
	}
	for _, h := range a.Hints {
		if h != a.Qualifier && !versionBelow(a.Name, h, want) && !versionBelow(a.Name, want, h) {
			return d.ok() // the sentence names the manifest's version too: it knows of it
		}
	}
	stated, required := strings.CutPrefix(a.Qualifier, requiredMark)
	if versionBelow(a.Name, stated, want) {
		if other, ok := v.packageAsking(a.Name, file, stated); ok {
			// "an **Express adapter layer** (Node.js 20+) for the API" (the two-hundred-and-thirty-first
			// holdout's hacker-board): the root's package.json asks for 22 for its tooling, api/'s for 20,
			// the version the sentence gives the part it names
			return d.hold(ReasonUnverifiable, fmt.Sprintf("%s asks for %s %s; %s asks for %s, as the claim says", file, a.Name, want, other, stated))
		}
		return d.fail(ReasonChanged, fmt.Sprintf("%s asks for %s %s; the claim says %s", file, a.Name, want, a.Ref))
	}
	if required && versionBelow(a.Name, want, stated) {
		return d.fail(ReasonChanged, fmt.Sprintf("%s asks for %s %s; the claim says %s is required", file, a.Name, want, a.Ref))
	}
	return d.ok()
}

// versionBelow reports a stated version below the manifest's: by major and minor (Node's majors alone),
// in the order tags are compared (semverLess), and no finer than either is written: "**Python 3** with
// Tkinter" (the fifty-seventh holdout's AB-AV1-GUI) holds over `requires-python = ">=3.11"`.
func versionBelow(lang, stated, manifest string) bool {
	n := 2
	if lang == "node" {
		n = 1
	}
	n = min(n, strings.Count(stated, ".")+1, strings.Count(manifest, ".")+1)
	return semverLess(leadingParts(stated, n), leadingParts(manifest, n))
}

// leadingParts is a version cut to its first n parts ("1.25.0" to "1.25").
func leadingParts(v string, n int) string {
	parts := strings.SplitN(v, ".", n+1)
	return strings.Join(parts[:min(n, len(parts))], ".")
}

var (
	goDirective    = mustGate(`(?m)^go\s+(\d+\.\d+(?:\.\d+)?)\s*$`)
	requiresPython = mustGate(`(?m)^\s*requires-python\s*=\s*["']([^"']+)["']`)
	rustVersion    = mustGate(`(?m)^\s*rust-version\s*=\s*["'](\d+\.\d+(?:\.\d+)?)["']`)
	lowerBound     = mustGate(`(?:>=|~=|\^|==|~)\s*v?(\d+(?:\.\d+){0,2})`)
	bareVersion    = mustGate(`^v?(\d+)(?:\.(?:\d+|x))*$`)
)

// manifestFiles are the manifests each language's least version is read from.
var manifestFiles = map[string]string{"go": "go.mod", "python": "pyproject.toml", "node": "package.json", "rust": "Cargo.toml"}

// manifestVersion is the least version of a language the manifest nearest the document asks for: the
// document's directory, then each one above it.
func (v *verifier) manifestVersion(lang string) (string, string, bool) {
	name := manifestFiles[lang]
	if name == "" {
		return "", "", false
	}
	for _, p := range v.filesUpward(name) {
		body, _ := v.readFile(p)
		if ver, ok := leastOf(lang, body); ok {
			return p, ver, true
		}
	}
	return "", "", false
}

// packageAsking finds a manifest of the document's tree below it, other than file, that asks for the
// stated least version of lang exactly: a part of the project the sentence may be about. A document
// Copilot or a hidden tool directory holds speaks for the whole repository.
func (v *verifier) packageAsking(lang, file, stated string) (string, bool) {
	name := manifestFiles[lang]
	scope := path.Dir(v.soul.Path)
	if copilotFile(v.soul.Path) || hiddenAgentDoc(v.soul.Path) {
		scope = "."
	}
	for i, p := range v.repo.ByBasename(name) {
		if i >= 64 {
			break // a tree of hundreds of packages: the nearest manifest's word stands
		}
		if p == file || scope != "." && !strings.HasPrefix(p, scope+"/") || strings.Contains(p, "node_modules/") {
			continue
		}
		body, _ := v.readFile(p)
		if ver, ok := leastOf(lang, body); ok && !versionBelow(lang, stated, ver) && !versionBelow(lang, ver, stated) {
			return p, true
		}
	}
	return "", false
}

// filesUpward lists the files called name in the document's directory and in each directory above it,
// nearest first, that the repository has.
func (v *verifier) filesUpward(name string) []string {
	var out []string
	for dir := path.Dir(v.soul.Path); ; dir = path.Dir(dir) {
		p := path.Join(dir, name)
		if _, ok := v.readFile(p); ok {
			out = append(out, p)
		}
		if dir == "." || dir == "/" || dir == "" {
			return out
		}
	}
}

// leastOf reads a manifest's least version of its language.
func leastOf(lang string, body []byte) (string, bool) {
	var m [][]byte
	switch lang {
	case "go":
		m = goDirective.FindSubmatch(body)
	case "rust":
		m = rustVersion.FindSubmatch(body)
	case "python":
		if r := requiresPython.FindSubmatch(body); r != nil {
			m = lowerBound.FindSubmatch(r[1])
		}
	case "node":
		var pkg struct {
			Engines map[string]string `json:"engines"`
		}
		if json.Unmarshal(body, &pkg) != nil || pkg.Engines["node"] == "" {
			return "", false
		}
		spec := strings.TrimSpace(pkg.Engines["node"])
		if strings.Contains(spec, "||") {
			return "", false // "^18 || ^20": several ranges, no one least version
		}
		if b := bareVersion.FindStringSubmatch(spec); b != nil {
			return b[1], true
		}
		if b := lowerBound.FindStringSubmatch(spec); b != nil {
			return b[1], true
		}
		return "", false
	}
	if m == nil {
		return "", false
	}
	return string(m[1]), true
}
