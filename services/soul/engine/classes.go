package engine

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Path classes: the ways real handoff documents write path-shaped tokens that need not exist. A token
// in one of these classes is never a claim of existence, so its absence is not drift.

// hostLike is "pkg.go.dev" or "example.com": a host name written in a code span, not a Go member.
func hostLike(s string) bool {
	parts := strings.Split(s, ".")
	if len(parts) < 2 || strings.ToLower(s) != s || !hostChars.MatchString(s) {
		return false
	}
	last := parts[len(parts)-1]
	return topLevelDomains[last] && !knownExt[last] // "build.rs" and "install.sh" stay files
}

var hostChars = mustGate(`^[a-z0-9-]+(?:\.[a-z0-9-]+)+$`)

var topLevelDomains = set("com", "org", "net", "dev", "io", "gov", "edu", "app", "co", "ai", "cloud")

// sedExpr is "s/foo/bar/" or "s|a|b|g": a substitution, not a path.
var sedExpr = mustGate(`^s(?:/[^/]*/[^/]*/|\|[^|]*\|[^|]*\||#[^#]*#[^#]*#)[gimpI0-9]*$`)

// placeholderSeg names a segment written to be replaced: "path/to/file.go", "your-module", "<name>",
// "src/madsci_*/madsci/package_name/" (the fifty-seventh holdout's MADSci).
var placeholderSeg = mustGate(`(?i)^(?:path|your[-_]?\w*|my[-_]\w+|foo|bar|baz|xxx+|yyy+|example|placeholder|some[-_]?\w+|name|NAME|PKG|pkg-name|module-name|project-name|X|Y|N)$`)

// placeholderPath reports a path whose segments are placeholders ("path/to/x", "foo/bar.go").
func placeholderPath(p string) bool {
	segs := strings.Split(strings.Trim(p, "/"), "/")
	for i := 0; i+1 < len(segs); i++ {
		// "src/path/to/file.test.ts": the words "path/to" stand for the reader's own directories wherever
		// they sit, under a real prefix too
		if strings.EqualFold(segs[i], "path") && (strings.EqualFold(segs[i+1], "to") || pathToLeaf.MatchString(segs[i+1])) {
			return true // "test/path/to_test.exs": path/to with the reader's file name run on
		}
	}
	if leaf := segs[len(segs)-1]; len(segs) >= 2 && (metaWordIn(strings.TrimSuffix(leaf, pathExt(leaf))) || metaWordIn(firstStem(leaf)) || someLeaf.MatchString(leaf) || readerLeaf(leaf) || myKindLeaf.MatchString(firstStem(leaf))) {
		// "crates/std/tests/test_foo.nu", "tests/Feature/SomeTest.php": a file named with a metasyntactic
		// word, or as "some" one, is the illustration's own, however real the directories above it are
		return true
	}
	if len(segs) >= 2 && constantDir.MatchString(segs[0]) {
		// "`CACHE_DIR` | `PUBLIC_DIR/cache/`" (the eighty-fourth holdout's azan-dashboard): a directory
		// under a constant the code defines, joined at run time
		return true
	}
	if strings.Contains(p, "X.Y.Z") || strings.Contains(p, "x.y.z") {
		// "`upgrade/install-X.Y.Z.php` — upgrade scripts" (the eighty-eighth holdout's frak-id wallet, whose
		// upgrade/ holds install-1.0.1.php): one file per version, the version written as its form
		return true
	}
	dirs := segs[:len(segs)-1]
	if strings.HasSuffix(p, "/") {
		dirs = segs // "`components/NewComponent/`": a directory, the last segment too
	}
	for _, s := range dirs {
		if newKindDir.MatchString(s) {
			// "| Add new page | `src/pages/NewPage/index.tsx` + lazy route in `App.tsx` |" (the
			// hundred-and-sixty-ninth holdout's 081-system-test): the directory a recipe has the reader make
			return true
		}
		if versionSlot.MatchString(s) {
			// "the provider's `contracts/vN/public.ts`" (the hundred-and-thirty-eighth holdout's www.a-i.tw,
			// 30 rows, whose contexts hold contracts/v1/): one directory per version, the number left open
			return true
		}
	}
	if datePlaceholder.MatchString(p) {
		// "`memory/YYYY-MM-DD.md` (today + yesterday)": one file per day, named when the day comes
		// (the forty-fifth holdout's reticle)
		return true
	}
	n := 0
	for _, s := range segs {
		stem := strings.TrimSuffix(s, pathExt(s))
		if len(segs) >= 2 && (metaWords[strings.ToLower(stem)] || namePlaceholder.MatchString(stem)) {
			// "features/foo/api": a directory named foo stands for the reader's feature wherever it sits
			return true
		}
		if placeholderSeg.MatchString(stem) || metaWordIn(stem) {
			n++
		}
	}
	return len(segs) >= 2 && n > 0 && n*2 >= len(segs)
}

// myKindLeaf is a file named as the reader's one of a kind: "| Add CLI command | `src/commands/my-command.ts` |"
// (the hundred-and-sixty-first holdout's mcp-verify), "`src/tools/my-tool.ts`", "MyComponent". A "my-" before
// any other word ("my-account.tsx") may be a real page and stays a name.
var myKindLeaf = mustGate(`(?i)^(?:my|your)[-_]?(?:command|tool|component|feature|module|service|plugin|page|route|hook|app|project|package|crate|skill|agent|widget|handler|provider|model|controller|view|screen|store|test|spec|script|lib|library|resource|endpoint|api|job|task|workflow|action|rule|migration|table|entity|schema|extension|function|class|util|helper)s?$`)

// newKindDir is a directory named, in PascalCase, as the new one of a kind a recipe makes: "NewPage",
// "NewComponent". A file so named ("NewItem.tsx", a form for adding an item) may be real and stays a name.
var newKindDir = mustGate(`^New(?:Page|Component|Feature|Module|Service|Route|Screen|View|Widget|Hook|Store|Entity|Model|Domain|Endpoint|Resource|Plugin|Handler|Command|Tool|Skill|Agent|Package|App|Api|API)s?$`)

// versionSlot is a directory named for any version: "vN", "vX", "v{N}", "v<n>".
var versionSlot = mustGate(`^v(?:[NXM]|\{\w+\}|<\w+>)$`)

// constantDir is a constant's or an environment variable's name for a directory: "PUBLIC_DIR",
// "DATA_ROOT", "OUTPUT_PATH".
var constantDir = mustGate(`^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*_(?:DIR|PATH|ROOT|HOME|FOLDER|BASE|PREFIX)$`)

// namePlaceholder is a segment that names the kind of name to put there: "madsci/package_name/" (the
// fifty-seventh holdout's MADSci), "`feature-name/src/lib/`" (the sixtieth's team-ai). Like "foo", it
// stands for the reader's own directory wherever it sits.
//
// A "new-" before a kind of thing names the one a walkthrough has the reader make: "**Create Component**
// ([`src/components/new-module/new-module-component.tsx`](…))", "`src/app/api/new-resource/route.ts`" (the
// hundred-and-fifty-second holdout's Thai-acc). A new- before any other word ("new-ui/") stays a name.
var namePlaceholder = mustGate(`(?i)^(?:(?:package|module|project|app|crate|plugin|feature|service|component)[-_]name|` + kindName + `|new[-_](?:module|resource|feature|component|page|service|route|endpoint|model|entity|item|widget|plugin|handler|provider|command|tool|skill|agent|package|crate|app|screen|view|hook|store|table|domain|api)s?)$`)

// slotDir reports a path with a directory that names the kind of name to put there (namePlaceholder):
// "../components/new-module/x.tsx", "packages/package-name/src/".
func slotDir(p string) bool {
	segs := strings.Split(strings.Trim(p, "/"), "/")
	return slices.ContainsFunc(segs[:len(segs)-1], namePlaceholder.MatchString)
}

// datePlaceholder is a date's format written where the date will go: "YYYY-MM-DD", "yyyymmdd",
// "notes-MM-DD.md", "content/en/blogs/YYMMDD-slug.mdx" (the hundred-and-seventy-third's blog-mdx).
var datePlaceholder = mustGate(`(?i)yyyy|(?:^|[^a-z])(?:yy[-_]?)?mm[-_]?dd(?:[^a-z]|$)`)

// pathToLeaf is the segment after "path" that runs "to" into a file's name: "path/to_test.exs".
var pathToLeaf = mustGate(`(?i)^to[-_]\w`)

// someLeaf is a CamelCase file name made of "Some" and a kind: "SomeTest.php", "SomeComponent.tsx".
var someLeaf = mustGate(`^Some[A-Z][a-z]\w*\.\w+$`)

// specificLeaf is a file named for the one the reader means: "run a single file with `npx vitest
// --run test/specific.test.ts`", "`tests/unit/tools/specific_tool_spec.lua`" (the twentieth holdout's
// pi-mono and claudecode.nvim).
var specificLeaf = mustGate(`^specific(?:[._-]\w+)*\.\w+$`)

// placeholderLeaf is a test file named for what the reader puts there: "pytest tests/test_file.py::test_x",
// "tests/path_to_test.py", "test/core/new_feature_test.py" (rounds 5, 8, 9, 17 and 23, once pytest node
// ids were read).
var placeholderLeaf = mustGate(`^(?:test[-_](?:file|name)|path[-_]to[-_]\w+|new[-_](?:feature|command|component|page|module|route|service|hook|tool|plugin|handler|screen|endpoint)(?:[-_]\w+)?)\.\w+$`)

// readerLeaf reports a file named for the reader's own (specificLeaf, placeholderLeaf), each regexp
// asked only of a name that starts with one of its words: every path of a document comes here.
func readerLeaf(leaf string) bool {
	switch {
	case strings.HasPrefix(leaf, "specific"):
		return specificLeaf.MatchString(leaf)
	case strings.HasPrefix(leaf, "test"), strings.HasPrefix(leaf, "path"), strings.HasPrefix(leaf, "new"):
		return placeholderLeaf.MatchString(leaf)
	}
	return false
}

// placeholderCall is a function name made of a verb and a lone capital X standing for the thing:
// "a `createX()` factory", "`useX()` hooks".
var placeholderCall = mustGate(`^[a-z]+X$`)

// metaWords are the metasyntactic words a name is made of only for an illustration ("test_foo.py",
// "foo-client", "xx-service.ts"); "bar" is left out, since real names hold it ("status_bar.rs",
// "progress-bar").
var metaWords = set("foo", "baz", "qux", "quux", "xx", "xxx", "xxxx")

// metaWordIn reports a segment stem whose words include a metasyntactic one: words split at _ and -,
// and at a capital that follows a lower-case letter ("FooNode.kt", "FooScreen.swift": the tenth
// holdout's Kotlin and Swift illustrations).
func metaWordIn(stem string) bool {
	for _, part := range strings.FieldsFunc(stem, func(r rune) bool { return r == '_' || r == '-' }) {
		start := 0
		for i := 1; i <= len(part); i++ {
			if i < len(part) && !(part[i] >= 'A' && part[i] <= 'Z' && part[i-1] >= 'a' && part[i-1] <= 'z') {
				continue
			}
			if metaWords[strings.ToLower(part[start:i])] {
				return true
			}
			start = i
		}
	}
	return false
}

// colocatedPair is a test file and its subject shown side by side to state where tests go: "Co-locate
// tests: `component.test.tsx` next to `component.tsx`" (the hundred-and-nineteenth holdout's
// MirrorBuddy). The pair shares its stem and stands for every such pair.
var colocatedPair = mustGate("`([\\w-]+)\\.(?:test|spec)\\.\\w+`\\s+(?:(?:lives?|sits?|goes|go|is|are|placed|kept)\\s+)?(?:next\\s+to|beside|alongside|together\\s+with|in\\s+the\\s+same\\s+(?:folder|directory)\\s+as)\\s+(?:its\\s+|the\\s+)?`([\\w-]+)\\.\\w+`")

// inColocatedPair reports a bare name that is one of such a pair in the sentence.
func inColocatedPair(sentence, name string) bool {
	if strings.Contains(name, "/") || !strings.Contains(sentence, ".test.") && !strings.Contains(sentence, ".spec.") {
		return false // the regexp needs a test file's ending; most sentences have none
	}
	for _, m := range colocatedPair.FindAllStringSubmatch(sentence, -1) {
		if m[1] == m[2] && firstStem(name) == m[1] {
			return true
		}
	}
	return false
}

// namingPair is two names a naming rule maps one onto the other: "Schema filename mirrors workflow:
// `wf-setup-dotnet.yml` -> `wf-setup-dotnet.schema.json`" (the hundred-and-ninety-second holdout's
// ArkanisCorporation ci, whose example workflow a commit removed while every other pair still follows
// the rule).
var namingPair = mustGate("`([\\w-]+)\\.[\\w.-]+`\\s*(?:->|→|=>|⇒|maps\\s+to|becomes|pairs\\s+with)\\s*`([\\w-]+)\\.[\\w.-]+`")

// styleContrast sets a name against another of the same words in another case style: "`apply-command.ts`
// not `applyCommand.ts`" under "## File Naming" (the two-hundredth holdout's iac-toolbox-raspberrypi), "use
// `user_id`, not `userId`". Both are the style rule's samples, whichever the tree holds.
var styleContrast = mustGate("`([^`\\s/]+)`[*_]*\\s*[,(]?\\s*(?:not|instead\\s+of|rather\\s+than|vs\\.?|versus)\\s+`([^`\\s/]+)`")

// inStyleContrast reports a bare name set against itself in another case style.
func inStyleContrast(sentence, name string) bool {
	for _, m := range styleContrast.FindAllStringSubmatch(sentence, -1) {
		if (m[1] == name || m[2] == name) && m[1] != m[2] && styleFold(m[1]) == styleFold(m[2]) {
			return true
		}
	}
	return false
}

// styleFold is a name's words without their case or separators: "apply-command.ts" and "applyCommand.ts"
// both fold to "applycommand.ts".
func styleFold(name string) string {
	return strings.NewReplacer("-", "", "_", "").Replace(strings.ToLower(name))
}

// inNamingPair reports a bare name that is one of such a pair, of one stem, in a sentence that states a
// naming rule (namingRule).
func inNamingPair(sentence, name string) bool {
	if strings.Contains(name, "/") || !namingRule.MatchString(sentence) {
		return false
	}
	for _, m := range namingPair.FindAllStringSubmatch(sentence, -1) {
		if m[1] == m[2] && firstStem(name) == m[1] {
			return true
		}
	}
	return false
}

// firstStem is a file name up to its first dot: "foo" for "foo.test.js" (the eighteenth holdout's
// astro), whose last extension alone leaves "foo.test".
func firstStem(s string) string {
	if i := strings.IndexByte(s, '.'); i > 0 {
		return s[:i]
	}
	return s
}

func pathExt(s string) string {
	if i := strings.LastIndexByte(s, '.'); i > 0 {
		return s[i:]
	}
	return ""
}

// targetCue ends the text before a path the reader is told to create or fill: "put .zst files in",
// "write the report to", "will be generated under". Such a path is a destination, not a claim it exists.
// "Results are saved as JSON to `./results/`" (the hundred-and-thirty-eighth holdout's
// coding-agent-benchmark, whose runner makes it).
var targetCue = mustGate(`(?i)\b(?:put|place|store|save|saves|saved|drop|copy|copies|copied|move|write|writes|written|create|creates|created|generate|generates|generated|output|outputs|emit|emits|download|downloads|downloaded|extract|unpack|install|installs|installed|add|should (?:go|live)|will (?:go|live|be (?:created|generated|written))|goes)\b(?:[^.;:!?]|\.\w){0,60}\b(?:in|into|to|under|at|as|called|named)(?:\s+(?:the|a|an|your|its|their|this|that|each))?\s*\**$`)

// target reports whether the text before a span makes the span a destination.
func target(before string) bool {
	return targetCue.MatchString(before) || newThingsIn.MatchString(before)
}

// addedToFile reports a file the sentence adds something to: "4. Add mock data to `data.ts`" (the
// ninety-ninth holdout's clinicALL, whose data.ts a refactor deleted) puts the data into a file that is
// there, unlike "add the tests under `tests/`" or "write the report to `out/x.md`".
func addedToFile(before, span string) bool {
	return pathExt(span[strings.LastIndexByte(span, '/')+1:]) != "" && !strings.HasSuffix(span, "/") && !strings.ContainsAny(span, "*?{<") && addToCue.MatchString(before)
}

// addToCue ends the text before a span with "add … to" or "append … to".
var addToCue = mustGate(`(?i)\b(?:add|adds|adding|append|appends|appending)\b(?:[^.;:!?\x60]|\.\w){0,60}\b(?:to|into)(?:\s+(?:the|your|its|this|that))?\s*\**$`)

// forbiddenPlaceBefore ends the text before a place a rule keeps things out of: "NEVER under
// `src/**/tests`", "Forbidden: `src/**/tests`, `src/**/test_*.py`", "❌ Tests under `src/**/tests`", "No
// files under any `src/**/tests`" (the fifty-ninth holdout's open-ticket-ai, seven rows, whose tests
// once sat there). The place is one not to use, whatever it holds. Chinese forbids adding or restoring
// one: "禁止恢复全局 `storage.ts`", "禁止再新增 `ui-copy.ts`、…" (the seventy-fifth holdout's tether).
// Portuguese and Spanish say never so too, and the list may run on with "ou": "Jamais em `stories/` ou
// `e2e/` separados" (the hundred-and-eighth holdout's PiluVitu-Dev). "Forbidden folders: `src/utils/`,
// `src/types/`" names what the label forbids (the hundred-and-eighteenth's dnd-beginner-character-sheet,
// whose utils/ a commit took out for that rule). A ban's label may name what it keeps out of the files:
// "Hard ban: critical business logic in `views.py`, `serializers.py`, `forms.py`" (the
// hundred-and-thirty-ninth's SIRES, kinds of Django module, not files of its own).
var forbiddenPlaceBefore = mustGate("(?i)(?:\\b(?:forbidden|banned|prohibited|disallowed)(?:\\s+(?:folders?|directories|dirs?|files?|paths?|places?|names?|modules?|locations?))?\\s*[:：]|\\b(?:never|jamais|nunca)\\s+(?:\\w+\\s+){0,3}?(?:under|in|inside|em|en|dans|dentro\\s+de)|\\bno\\s+(?:\\w+\\s+)?(?:under|in|inside)\\s+(?:any\\s+)?|❌\\s*(?:\\w+\\s+){0,2}?(?:under|in|inside)?|禁止(?:再)?(?:新增|添加|恢复|创建|引入)\\p{Han}{0,4}|\\b(?:bans?|forbidden|banned)\\s*[:：]\\s*[^.;:\\n`]{0,60}?\\b(?:in|inside|under)\\b)\\s*(?:[*_]*`[^`\\n]*`[*_]*\\s*(?:[,、]|\\s(?:or|ou|o|nor|ni)\\s)\\s*)*[*_]*$")

// forbidVerbBefore ends the clause before a name a rule forbids with its verb: "Recursively forbid every
// underscore-prefixed private folder (`_folder/`) and `actions.ts` anywhere under `src/app/**`" (the
// hundred-and-thirty-eighth holdout's www.a-i.tw). The place the rule reaches into ("under `src/app/**`")
// is no object of the verb (inPlace), and stays a place that must be there.
var (
	forbidVerbBefore = mustGate(`(?i)\bforbids?\b(?:[^.;:!?\n]|\.\w)*$`)
	inPlace          = mustGate(`(?i)\b(?:under|in|inside|within|from|below|beneath)\s+(?:the\s+)?\**$`)
)

// forbiddenPlaceAfterJa follows a place with Japanese "do not … in it": "`_deprecated/` に溜めない"
// (don't pile old specs up in it: the hundred-and-thirtieth holdout's almide, whose rule deleted it).
var forbiddenPlaceAfterJa = mustGate(`^\s*(?:に|へ|には)\s*[\p{Han}\p{Hiragana}]{1,5}?(?:ない|ません)(?:[。、,.\s]|$)`)

// newThingsIn ends the text before the place a step just made things in: "review the new snapshots in",
// "the generated files under". The place holds what the step writes, which a clean tree need not have.
var newThingsIn = mustGate(`(?i)\b(?:the|your|any) (?:new|newly \w+|generated|updated) \w+(?: \w+)? (?:in|under|at)\s*\**$`)

// builtBinary is "./licgen" run as a command: a program `go build` or `make` leaves on the machine.
func builtBinary(tok string) bool {
	rest, ok := strings.CutPrefix(tok, "./")
	return ok && rest != "" && !strings.ContainsAny(rest, "/.") && !knownNames[rest]
}

// hypotheticalCue marks a clause that imagines a path rather than asserting it ("so `X.md` would never
// reach vendor/", "instead of `old/`"): a name in a counterfactual is not a claim it exists.
var hypotheticalCue = mustGate(`(?i)\b(?:would|wouldn['’]t|could|might|instead of|rather than|suppose|hypothetical)\b`)

// roadNotTaken is the part of hypotheticalCue that names the road not taken: what follows it is the
// alternative, what comes before it the choice ("Remaining `.cursor/rules/*.mdc` files should stay thin
// wrappers ⏎ rather than owning guidance", round 60's langfuse, whose wrappers were deleted).
var roadNotTaken = mustGate(`(?i)\b(?:instead of|rather than)\b`)

// modalCue is the rest of hypotheticalCue: a clause that imagines, wherever the name sits in it.
var modalCue = mustGate(`(?i)\b(?:would|wouldn['’]t|could|might|suppose|hypothetical)\b`)

// hypotheticalAt is hypotheticalClause for a name at byte at of the clause: a contrast counts only
// before the name. The two halves of hypotheticalCue cover it between them, so it is not run itself.
func hypotheticalAt(clause string, at int) bool {
	before := clause[:min(max(at, 0), len(clause))]
	if containsFold(before, "prefer") && preferredOver.MatchString(before) {
		return true
	}
	if isASCII(clause) && !containsFold(clause, hypotheticalWords...) {
		return false // an ASCII clause folds as its lower-case copy would
	}
	return modalCue.MatchString(clause) || roadNotTaken.MatchString(before)
}

// preferredOver ends the words before the name a preference passes over: "prefer a `.remote.ts` file
// over a manual `+server.ts` route" (the hundred-and-forty-ninth holdout's talkspark, which has no
// +server.ts): the road not taken, as after "instead of".
var preferredOver = mustGate(`(?i)\bprefer\w*\b(?:[^.;!?\n]|\.\w){0,80}\bover\s+(?:an?\s+|the\s+)?(?:[\w-]+\s+){0,2}[*_]*$`)

// placeholderNoun is a generic noun standing alone for the reader's own choice: "go test ./package",
// "go work init ./project", "./modulepath/". Such a name is a slot to fill, not a directory here.
var placeholderNoun = set("package", "pkg-path", "module", "modulepath", "module-path", "modulename", "packagename", "package-name", "project", "dir", "directory", "folder", "subdir", "subpackage", "filename", "file")

// placeholderWord is an upper-case word written inside a lower-case name to stand for a value:
// "librcloneplugin_KIND_NAME.so", ".changes/v1.XX/", "zsyscall_GOOS_GOARCH.go".
var placeholderWord = set("NAME", "KIND", "TYPE", "XX", "XXX", "XXXX", "NN", "NNN", "NNNN", "VERSION", "VER", "ID", "OS", "ARCH", "GOOS", "GOARCH", "DATE", "NUM", "NUMBER", "FOO", "BAR", "PKG", "MODULE", "PLATFORM", "TARGET")

// numberSlot reports a number written as its placeholder: "NNN", "XXXX".
func numberSlot(w string) bool {
	return len(w) >= 2 && (strings.Trim(w, "N") == "" || strings.Trim(w, "X") == "")
}

// namedSlot is a directory written as a kind of thing and the word "name": "route-name/",
// "feature_name/", where the reader puts the name of theirs; or a component's file so written,
// "`src/ComponentName/ComponentName.tsx`" (the seventy-sixth holdout's Colloquium).
var namedSlot = mustGate(`^[a-z]+[-_]name$|^(?:Component|Feature|Module|Page|Screen|Service|Store|Widget|Entity|Model|Class|Your|My)Name(?:\.[a-z]+)?$`)

// slotPath reports a token that is a slot to fill rather than a name: a lone generic noun written as a
// path ("./package", "project/"), or a name holding an upper-case placeholder word among lower-case text.
func slotPath(tok string) bool {
	clean := strings.TrimPrefix(tok, "./")
	trimmed := strings.Trim(clean, "/")
	if !strings.Contains(trimmed, "/") && (clean != tok || strings.HasSuffix(clean, "/")) && placeholderNoun[strings.ToLower(trimmed)] {
		return true
	}
	for _, s := range strings.Split(trimmed, "/") {
		if namedSlot.MatchString(s) {
			return true // "`route-name/index.tsx` - main route component" (the seventy-fifth holdout's depot)
		}
	}
	if !hasUpperASCII(trimmed) {
		return false // every placeholder word is upper case
	}
	for _, s := range strings.Split(trimmed, "/") {
		if hasKnownExt(s) {
			s = strings.TrimSuffix(s, pathExt(s))
		}
		// a placeholder word lives among lower-case words: "README_ID.md" and "docs" are names
		lower, slot := false, false
		for _, w := range strings.FieldsFunc(s, func(r rune) bool { return r == '_' || r == '-' || r == '.' }) {
			lower = lower || strings.ToLower(w) == w && strings.ToUpper(w) != w
			// "vNNN_name/" (the hundred-and-fiftieth holdout's meridian-cli, over v001_uuid_state_split/): a
			// version letter before the number's placeholder ("iOS_setup" is no slot)
			slot = slot || placeholderWord[w] || len(w) > 2 && w[0] >= 'a' && w[0] <= 'z' && numberSlot(w[1:])
		}
		if lower && slot {
			return true
		}
	}
	return false
}

// forgeOwner is a token an account on a forge can be written as: one segment with a trailing slash
// ("jj-vcs/") or none ("jj-vcs").
func forgeOwner(tok string) bool {
	name := strings.TrimSuffix(tok, "/")
	return name != "" && !strings.ContainsAny(name, "/.") && !strings.HasPrefix(tok, "./")
}

// suffixCue ends the text before a span that names a file-name ending: "test files end in `_test.go`",
// "files suffixed with `_gen.go`". The span is a naming rule, not a file.
var suffixCue = mustGate(`(?i)\b(?:end|ends|ending|ended|suffix|suffixes|suffixed)(?:\s+(?:in|with|by))?\s*\**$`)

// branchCue is a clause about branches before a span: "feature branches should start with `claude/`",
// "branch names like `fix/x`". A slash word there is a branch or its prefix, not a path.
var branchCue = mustGate(`(?i)\bbranch(?:es|\s+names?)?\b[^.;:!?` + "`" + `]{0,40}$`)

// createCue ends the text before a span the reader is told to make: "Create `backend/x/x.go`",
// "create a new `docs/x.md`". The path is a future location.
// addFileCue ends the text before a file a step makes by adding it: "add a file `.nocover` to exclude
// the package" (the fifteenth holdout's jaeger, whose scripts honour the marker wherever it is put).
var addFileCue = mustGate(`(?i)\badd\s+(?:(?:an?|the|new|empty)\s+)*(?:file|marker(?:\s+file)?|directory|folder)(?:\s+(?:named|called))?\s+\**$`)

// stepAddCue is all the text before a file a numbered step opens by adding: "### Add a page … 4. Add `loading.tsx` when
// data can block rendering" (the hundred-and-twenty-fourth holdout's FresherFlow, whose steps make a
// route's files). A step is an instruction; a bullet "- Add `x`" may be a log's entry and stays read.
var stepAddCue = mustGate(`(?i)^\s*\**add\s+(?:(?:an?|the|new|empty|your)\s+)*\**$`)

// forbidMakeCue ends the text before a file the reader is told not to make: "Do not add a
// `tailwind.config.js` that nothing `@config`s" (the thirty-third holdout's formbricks), or not to make
// again: "**Do not** recreate `src/praisonai/praisonai_code/`" (the forty-third's PraisonAI). Whether one
// exists is not said. The verbs may come joined: "Do not create or restore `package-lock.json`" (the
// forty-fifth's OLEKU_CRM), and the file may be one of several things named: "Do not reintroduce Next
// Route Handlers or `web/proxy.ts`" (the forty-eighth's agent-quickstart-python), and a word may say
// which kind: "Do not reintroduce tracked `base/*.yaml` parents" (the fifty-fifth's
// systematic_trading_framework). Each name of a list the verb takes is forbidden alike: "never
// reintroduce a `compose.ts`/`messageList.ts` pair" (the seventy-ninth's giztui), "never add
// `+page.server.ts`, `+server.ts`, or `hooks.server.ts`" (the eightieth's itinerarium), and after a
// colon: "Do not add or restore root lifecycle aliases: `pnpm dev`, `pnpm dev:all`, …" (the same
// round's open-design). "Do not reintroduce a parallel `requirements.txt`" (the eighty-first's
// grid-validator) names a second copy of a file the project dropped. "Do not recreate the old folders
// `WebSite Project/`, `BUSINESS-Specs.md/`, root `Docs/`" (the hundred-and-thirty-first's App-Project2)
// says what kind of thing they were, and where. "NEVER: recreate `src/cli/commands/**`" (the
// hundred-and-fifty-ninth's beads-rs, whose commands moved to another crate) puts a colon after the word;
// "Do not create a\n  same-name `.agents/skills/aoa-kag` copy" (the hundred-and-sixty-first's aoa-kag) a
// word of which copy.
var forbidMakeCue = mustGate(`(?i)\b(?:do\s+not|don['’]t|never|must\s+not|should\s+not|shouldn['’]t)\**:?\s+` + makeVerb + `(?:(?:\s*[,/]\s*|\s+)(?:(?:or|and)\s+)?` + makeVerb + `)*\s+(?:(?:[^\s.;:!?]+\s+){1,6}?(?:or|and|nor)\s+)?(?:(?:an?|any|new|another|your\s+own|the|tracked|old|legacy|deprecated|obsolete|removed|retired|stale|separate|extra|duplicate|parallel|second|standalone|same-name|same-named|local|root|repository|repo|project|in-repo|nested|additional|more)\s+)*(?:(?:folders?|directories|dirs?|files?|modules?|paths?)\s+)?\**(?:` + "`[^`\\n]*`" + `\s*(?:[,/]\s*(?:(?:or|and)\s+)?|(?:or|and)\s+)(?:(?:root|top-level)\s+)?\**)*$|\b(?:do\s+not|don['’]t|never|must\s+not)\**\s+` + makeVerb + `(?:\s+(?:or|and)\s+` + makeVerb + `)*\b[^.!?:\n]{0,40}:\s*(?:` + "`[^`\\n]*`" + `\s*(?:[,/]\s*(?:(?:or|and)\s+)?|(?:or|and)\s+))*$`)

// forbidPlaceCue ends the text before a place the reader is told not to keep things in: "**Do not**
// keep product icons under `frontend/public`." (the hundred-and-fifty-eighth holdout's go-file-manager,
// whose icons moved to build/ and whose public/ went with them). A rule against a place says nothing of
// its being there; "Keep icons under `x/`" still claims x/. "Do not keep active source records as root
// `quests/AOA-KAG-Q-*.yaml` aliases" (the hundred-and-sixty-first's aoa-kag) forbids a shape, not a place.
var forbidPlaceCue = mustGate(`(?i)\b(?:do\s+not|don['’]t|never|must\s+not|should\s+not|shouldn['’]t)[*_]*\s+(?:keep|put|place|store|save|leave|drop)\s+(?:[^\s.;:!?` + "`" + `]+\s+){0,6}?(?:in|under|into|inside|within|as)\s+(?:the\s+|an?\s+|root\s+)?[*_]*$`)

// makeVerb is a verb that makes a file, or makes it again.
const makeVerb = `(?:add|create|commit|introduce|write|re-?create|re-?add|re-?introduce|bring\s+back|restore)`

// failsAfter follows a command the sentence says fails: "Other packages have no `bench` target, so
// `make -C libs/cli bench` fails" (deepagents). Its target's absence is what the sentence says.
var failsAfter = mustGate(`(?i)^\W{0,3}\s*(?:fails|will\s+fail|would\s+fail|errors(?:\s+out)?|is\s+an\s+error)\b`)

// createCueHan is createCue in Chinese: "如需添加阶段4：1. 创建 `src/stages/evaluate.py` … 4. 创建配置文件
// `configs/stage_4_evaluate.yaml`" (to add a stage 4: create …, create the config file …: the
// hundred-and-eighteenth holdout's Qualitiy-Gate, whose earlier stage 4 a commit removed). Not 建立 (set
// up), which a changelog's entries use for what was made.
var createCueHan = mustGate(`(?:创建|新建|創建)(?:一个|一個|新的?)?(?:配置文件|文件|目录|模块|檔案|目錄|模組)?\s*$`)

// outputCue ends the text before a place a tool writes its output: "`bun run protos` … Generates into
// `src/shared/proto/`, `src/generated/`" (the twenty-second holdout's cline, whose generated/ is
// gitignored), "writes to `out/`", "lifecycle hooks authored in `hooks/`, published to `.github/hooks/`"
// (the two-hundred-and-thirty-second's github-copilot-fc, whose publish script makes it; "publish the
// notes in `notes/pre-*`" names the source). Output need not be there in a clean checkout.
var outputCue = mustGate("(?i)\\b(?:(?:generates?|generated|writes?|written|emits?|emitted|outputs?)\\s+(?:\\w+\\s+){0,3}?(?:in|into|to|under)|publish(?:es|ed)?\\s+(?:\\w+\\s+){0,3}?(?:to|into))\\s+(?:`[^`\\n]*`\\s*,?\\s*(?:and\\s+)?)*$")

// persistCue ends the text before the files a program persists its state in, named in parentheses:
// "`GrantStore` (`grants.go`) persists per-script permission decisions (`grants.json`,
// `script-grants.json`, …)" (the hundred-and-thirty-fourth holdout's JustHostMC, whose engine writes them
// into the app-data directory). They are where a run keeps state, not files of the checkout. The files
// may follow the verb itself: "`store.py` (the write path — append, read-back, and persisting
// `state.json`/`dashboard.html`)" (the hundred-and-eighty-second's agents-config, whose grind writes them
// into the directory a run resolves).
var persistCue = mustGate("(?i)\\bpersist(?:s|ed|ing)?\\b(?:[^.;!?`]{0,80}\\(\\s*(?:`[^`\\n]*`\\s*,\\s*)*|\\s+(?:`[^`\\n]*`\\s*(?:,|/|and|or)\\s*)*)$")

// createCue ends the text before a file a step makes: "create `X`", "touch `X`", and "write `plan.md`"
// (the twenty-sixth holdout's e-footprint, whose feature steps write a plan.md and a tasks.md per
// feature, then archive them: history holds a dozen that are gone), in other languages too: "Creer
// `rules.md` definissant les standards" (the two-hundred-and-thirty-eighth's remotion, a step to do).
var createCue = mustGate(`(?i)\b(?:create|creates|creating|touch|mkdir|write|writes|writing|cr[ée]er|cr[ée]ez|crear|cree|criar|crie|erstellen|erstelle|anlegen|creare|crea)(?:/[a-z]+)?\s+(?:(?:an?|the|new|empty|your|un|une|le|la|les|el|los|um|uma|o|eine?n?|die|der|das|il|lo)\s+)*\**$`)

// contrastCue ends the text before a span the sentence rejects: "it's `a.html` and not `b.html`",
// "use X, not `Y`", and in the Nordic, German and Dutch guides "Tester ligger i `tests/` (ej
// `__tests__/`)" (the hundred-and-fourth holdout's FIA). A rejected name is no claim that it exists, and
// neither is a rejected place: "viven en `/api/` al root del repo, NO en `backend/api/`" (live in …,
// not in …: the hundred-and-twentieth's connek-food, whose entrypoints moved out of backend/api/). Only
// "no en" or a capital "NO" says not in Spanish: Portuguese "no `src/`" is "in the". The rejected name
// may be called old: "`TherapyButtonRefactored.tsx` (not legacy `TherapyButton.tsx`)" (the
// hundred-and-eighty-fourth's TherapyAI).
var contrastCue = mustGate(`(?i)(?:^|[\s,(])(?:(?:not|ej|inte|ikke|nicht|niet)\s+(?:(?:in|under|inside)\s+|(?:the\s+)?(?:legacy|old|deprecated|former)\s+)?|no\s+en\s+|(?-i:NO)\s+(?:(?:en|em|in)\s+)?)\**$`)

// ruleCue ends the text before where a rule says things are to go: "Tests should be placed in
// `src/tests/` directory or alongside components" (the hundred-and-sixth holdout's covey_todo, whose tests
// sit alongside). runtimeCue ends the text before where a running program keeps its data: "Runtime data
// lives under `gamefiles/`" (its solar4x, made by create_dir_all at start), or before the files it keeps
// there: "The runtime's own files — `events.jsonl`, `state.json`, … — all sit under one resolved grind
// directory" (the hundred-and-eighty-second's agents-config). A module that "should be split
// into `user/` and `project/` modules" names modules to make (the hundred-and-fortieth's FuckSchools backend),
// and so does the imperative: "Split into `search.rs` / `scope.rs` / `impact.rs`." (the
// hundred-and-eighty-third's crabmap, an anti-pattern's remedy).
var (
	ruleCue    = mustGate(`(?i)\b(?:should|must|shall|are\s+to|is\s+to)\s+be\s+(?:placed|put|stored|saved|created|added)\s+(?:in|into|under|inside|at)\s+(?:the\s+|a\s+)?\**$|\b(?:should|must|shall|could|would|to)\s+(?:\w+ly\s+)?(?:be\s+)?split[*_:]*\s+(?:\w+\s+)?into\s+(?:(?:separate|new|two|its\s+own)\s+)?(?:\x60[^\x60\n]*\x60\s*(?:,|and|or)\s*)*\**$|(?:^|[.!?:;]\s+|[-*]\s+|\*\*\s*)(?:split|break)\s+(?:(?:it|this|them)\s+)?(?:up\s+)?into\s+(?:(?:separate|new|two|its\s+own)\s+)?(?:\x60[^\x60\n]*\x60\s*(?:,|and|or|/)\s*)*\**$`)
	runtimeCue = mustGate(`(?i)\brun[- ]?time\s+(?:data|files?|state|output|artifacts?)\s+(?:lives?|goes|go|is\s+(?:kept|stored|written)|are\s+(?:kept|stored|written))\s+(?:in|into|under|at)\s+\**$|\brun[- ]?time(?:'s|’s)?\s+(?:own\s+)?(?:data|files|state|output|artifacts)\s*(?:—|–|--|:|\()\s*(?:\x60[^\x60\n]*\x60\s*(?:,|/|and|or)\s*)*$`)
)

// perEachCue ends the text before a file each of many places keeps for itself: "the per-worktree
// `CLAUDE.md` / `AGENTS.md`" that a script writes into each worktree it makes (the hundred-and-seventh
// holdout's tig-swarm-demo), "the per-user `settings.json`".
// Each package may keep it under itself: "모든 패키지는 하위에 ./specs 폴더를 가지며" (every package has a
// ./specs folder under it: the hundred-and-eighty-second's sena-ai, fourteen packages and no root specs/),
// "Each package has its own `specs/` folder". "JSON snapshots in each campaign's `saves/`" (the
// hundred-and-eighty-ninth holdout's Claude-Code-Game-Master, whose campaigns are written at run time).
var perEachCue = mustGate("(?i)\\bper[- ](?:worktree|user|machine|host|device|session|run|branch|checkout|workspace|environment|env|project|developer|agent|tenant|customer)\\s+(?:`[^`\\n]*`\\s*(?:,|/|or|and)\\s*)*$|" +
	"\\b(?:each|every)\\s+(?:package|service|module|crate|app|plugin|workspace|library)\\s+(?:has|keeps|contains|gets|ships|owns)\\s+(?:its\\s+own\\s+|an?\\s+|the\\s+)?`?$|" +
	"(?:모든|각)\\s*(?:패키지|서비스|모듈|앱|플러그인)[은는이가]?\\s*(?:하위에|안에|내부에|아래에)\\s*`?$|" +
	"\\b(?:each|every)\\s+[\\w-]+(?:'s|’s|s')\\s+[*_]*`?$")

// perEachWords are the words one of which text perEachCue matches holds: its gate.
var perEachWords = []string{"per", "each", "every", "모든", "각"}

// bothGoneAfter follows a name, or a brace list of names, whose clause goes on to say they all went:
// "`src/content/{newsletter,feedback}.ts` byCode maps — both files deleted", "…; both files are now
// deleted" (the hundred-and-eleventh holdout's dropshipping-test, six rows). What went must be them: "—
// the change that deleted the C++ `PermissionEngine`" (round 85's Hodos-Browser) names a change. An aside
// set off by dashes may hold the names, and the verb follows it with no subject: "— the watcher in
// `pkg/builder/vector.go` and the\nwriter helpers in `pkg/util/bash.go` — were **deleted in the same
// commit**" (the hundred-and-seventy-second's operator-go).
var bothGoneAfter = mustGate(`(?i)^(?:[^.;\n\x60]|\x60[^\x60\n]*\x60){0,120}?(?:[—–;]|\s-)\s*(?:both|all(?:\s+of\s+them)?|these|they|the\s+(?:two|three|files|modules))\s+(?:(?:files?|modules?|maps?|scripts?)\s+)?(?:(?:are|were|have\s+been|has\s+been)\s+)?(?:now\s+)?(?:deleted|removed)\b|^(?:[^.;\x60—–]|\x60[^\x60\n]*\x60){0,120}?\s[—–]\s*(?:were|have\s+been)\s+[*_]*(?:both\s+|all\s+)?(?:deleted|removed)\b`)

// historicalAsAfter follows a name the sentence files under the past: "Treat `mechanics/titan-canaries/` as
// historical vocabulary that maps back to active Titan topology" (the hundred-and-sixty-sixth holdout's
// aoa-evals, two legacy guides).
var historicalAsAfter = mustGate(`(?i)^[*_]*\s+as\s+(?:an?\s+)?(?:historical|legacy|former|retired)\b`)

// allGoneNext follows a name with the rest of its sentence and a next one that says all it named are gone:
// "There was an on-phone `EventLogStore` and a `relevance.dart` classifier behind a scrolling activity feed.
// Both are gone" (the hundred-and-sixty-fifth holdout's gather_companion).
var allGoneNext = mustGate(`(?i)^[^.!?\n]{0,200}[.!?]\s+(?:both|all\s+(?:of\s+them|three|four)|they|these|those)\s+(?:are|were|have|is)\s+(?:now\s+|since\s+|long\s+)?gone\b`)

// notPresentAfter follows a name the rest of its clause says is not there now: "`mockups/` directory is
// referenced by convention but not currently on disk", "`mockups/*.html` (currently not on disk; …)" (the
// hundred-and-ninth holdout's eduryday, three rows read as expiries). "references `decode.ts`/`postprocess.ts`
// that do not exist" (the hundred-and-forty-second's neural-midi) says it of a list, and "references Go build
// artifacts (`go.mod`/`make build`) that don't exist" (the hundred-and-sixty-third's twitch-notifier) of a list
// in parentheses. "`crates/api` is not part of the workspace" (the hundred-and-sixty-seventh's Telescope).
// "`VolumeRegistration.WithScope`, the `ListenerScope` type,\n`ListenerScopeNode` … and
// `ListenerScopeAnnotation` do not exist" (the hundred-and-seventy-second's operator-go) says it of a list
// that runs over a line whose first word is a name.
var notPresentAfter = mustGate(`(?i)^[^.;\n]{0,70}?\b(?:not\s+currently|currently\s+not|not\s+yet)\s+(?:present\s+)?(?:on\s+disk|present|in\s+the\s+repo(?:sitory)?|checked\s+in|committed|tracked)\b|^(?:\s*(?:,|/|and|or)?\s*\x60[^\x60\n]*\x60)*\)?\s+(?:that|which)\s+(?:(?:do|does)\s+not|don['’]t|doesn['’]t)\s+exist\b|^[\x60*]*\s+(?:is|are)\s+not\s+(?:yet\s+)?(?:a\s+)?(?:part|member)\s+of\s+the\s+(?:[\w-]+\s+)?(?:workspace|repo|repository|monorepo|project)\b|^(?:[^.;:!?\x60]{0,24}\x60[^\x60\n]*\x60)*(?:\s+(?:type|types|function|functions|method|methods|file|files|field|fields|constant|constants))?[*_]*\s+(?:do|does)(?:\s+not|n['’]t)\s+exist\b`)

// notHereAfter follows a name the rest of its clause says this repository lacks: "`cloud/` worker dir
// **not in this repo**, always fails here" (the hundred-and-forty-fourth holdout's 9router). Names between
// the span and the words must be places the span lies under ("imports `cloud/src/handlers/embeddings.js` —
// `cloud/` worker dir not in this repo"): another file before an absent place is still this repository's.
// A wrapped line goes on the clause: "the `cloud/` worker\n> import (dir not in this repo)" (the
// hundred-and-fiftieth's Vela, in a blockquote).
var notHereAfter = mustGate(`(?i)^((?:[^.;\n]|\n[\s>]*){0,70}?)\b(?:is\s+|are\s+)?not\s+(?:in|part\s+of)\s+this\s+(?:repo|repository|checkout)(?:[\s*_.,;:)!]|$)`)

// saidNotHere reports a span whose clause says it is not in this repository, or says so of a place the
// span lies under.
func saidNotHere(body, after string) bool {
	m := notHereAfter.FindStringSubmatch(after)
	if m == nil {
		return false
	}
	for _, sm := range codeSpan.FindAllStringSubmatch(m[1], -1) {
		dir := strings.TrimSuffix(strings.TrimSpace(sm[1]), "/")
		if dir == "" || !strings.HasPrefix(body, dir+"/") {
			return false
		}
	}
	return true
}

// manifestKeyAfter follows a bare dotted name with the manifest that holds it as a key: "(see `.eslintrc` in
// `package.json`)" (the hundred-and-forty-eighth holdout's SillyTavern-AstraProjecta, whose ESLint
// settings are package.json's eslintConfig): the name is the config's, kept in the manifest, not a file.
var manifestKeyAfter = mustGate("^[*_]*\\s+(?:in|inside|within|under)\\s+(?:the\\s+|your\\s+|its\\s+)?[*_]*`?(?:[\\w.-]+/)*(?:package\\.json|composer\\.json|pyproject\\.toml|Cargo\\.toml|deno\\.jsonc?)`?")

// routeNameAfter follows a name written as a directory with the name a router gives it: "(`_tuning/` →
// `admin_tuning`)", "`_authoring/` -> `admin_authoring` (dashboard)", "both to `_authoring/`
// (`admin_authoring`)" (the hundred-and-forty-ninth holdout's arxii, Django's URL names). The name is an
// identifier with an underscore or a namespace's colon, so a module ("→ `tuning.py`") is not one.
var routeNameAfter = mustGate("^\\s*(?:->|→|=>|\\()\\s*`[a-z][a-z0-9]*(?:_[a-z0-9]+)*(?:_[a-z0-9]+|:[a-z][\\w-]*)`")

// officePart is the name of a part inside an Office Open XML package (ECMA-376): "Word treats
// `word/styles.xml`, `word/theme/theme1.xml`, and `docProps/app.xml` as required" (the
// hundred-and-forty-ninth holdout's docx-cli, a tool that writes .docx files). Such a path lives in the
// zip a program reads or writes, and is read as no file of the tree.
var officePart = mustGate(`^(?:word|xl|ppt|docProps|customXml)/(?:[\w.-]+/)*[\w.-]+\.(?:xml|rels)$|^\[Content_Types\]\.xml$`)

// kubeKind is a Kubernetes API group and kind written as a path: "| `apps/DaemonSet` |
// `/spec/templateGeneration` |" (the hundred-and-eighty-fourth holdout's home-lab, a table of fields Argo
// CD ignores). The group's kinds are capitalised words, never a file of the tree.
var kubeKind = mustGate(`^(?:apps|batch|policy|autoscaling|core|v1|apps/v1|batch/v1|networking\.k8s\.io(?:/v1)?|rbac\.authorization\.k8s\.io(?:/v1)?)/(?:Deployment|DaemonSet|StatefulSet|ReplicaSet|Job|CronJob|Pod|Service|ConfigMap|Secret|Ingress|NetworkPolicy|PodDisruptionBudget|HorizontalPodAutoscaler|Role|RoleBinding|ClusterRole|ClusterRoleBinding|ServiceAccount|Namespace|PersistentVolumeClaim)$`)

// patternLabelBefore ends the words before a glob a label calls a tool's pattern: "**Include pattern**:
// `src/tests/**/*.test.ts`, `src/tests/**/*.test.tsx`, and …" (the hundred-and-forty-ninth holdout's
// CodeAgora, quoting its vitest.config.ts): the configuration's text, which may match nothing today.
var patternLabelBefore = mustGate("(?i)\\b(?:include|exclude|match|test|file|source)\\s+(?:patterns?|globs?)[*_]*\\s*[:：]\\s*[*_]*\\s*(?:`[^`\\n]*`\\s*(?:,\\s*(?:and\\s+|or\\s+)?|and\\s+|or\\s+))*$")

// staleRefAfter follows a name with the document's own warning that it may be an old reference:
// "`docs/experimental_design.md` 같은 일부 경로는 legacy reference일 수 있다" (some paths such as … may be
// legacy references: the hundred-and-fiftieth holdout's llm-context-decay-ops, whose file a commit
// deleted), "… may be stale references".
var staleRefAfter = mustGate(`(?i)^[^.\n]{0,60}?\b(?:legacy|stale|outdated|obsolete)\s+(?:references?|paths?|links?)`)

// untilMadeBefore and untilMadeAfter hold a place a sentence waits for: "keep them in sync until a shared
// `src/tools/` layer is extracted" (the hundred-and-fifty-first holdout's CortexBridge, whose TODO list
// has the extraction still to do).
var (
	untilMadeBefore = mustGate(`(?i)\buntil\s+(?:(?:a|an|the|we|it)\s+)?(?:(?:new|shared|common|dedicated|separate|proper|single)\s+)?[*_]*$`)
	untilMadeAfter  = mustGate(`(?i)^[*_]*(?:\s+[\w-]+){0,2}\s+(?:is|are|gets?|has\s+been|have\s+been)\s+(?:extracted|created|added|built|introduced|written|split\s+out|set\s+up|carved\s+out)\b`)
)

// uncommittedAfter follows a directory with the words that keep it out of git: "`game/generated/` —
// Il2CppInspectorPro output … **Not committed** — regenerate with …" (the hundred-and-fifty-second
// holdout's realm-engine-client), on the item's wrapped lines too.
var uncommittedAfter = mustGate(`(?i)^(?:[^\n]|\n[ \t>]*){0,140}?\b(?:not|never)\s+(?:committed|checked\s+in|tracked)\b`)

// avoidKindBefore ends the words before names given as samples of a kind the reader is to avoid making:
// "Avoid using intermediary files like `models.ts` or `providers.ts` unless necessary" (the
// hundred-and-forty-eighth holdout's deanmachines-volt, whose models.ts a commit had removed, as the
// advice asks). Avoiding an edit or a deletion ("avoid editing files like `x`") speaks of files that are
// there, and is not read so.
var avoidKindBefore = mustGate("(?i)\\bavoid(?:ing)?\\s+(?:(?:using|creating|adding|introducing|writing|making)\\s+)?(?:[\\w-]+\\s+){0,3}?(?:like|such\\s+as|e\\.g\\.,?)\\s*(?:`[^`\\n]*`\\s*(?:,|/|or|and)\\s*)*\\**$")

// noCiteBefore ends the words before a name the reader is told not to cite: "Do not cite
// `sync_integration_tests.rs` as a live layer" (the hundred-and-forty-sixth holdout's agaric, after the
// sentence that says it was deleted).
var noCiteBefore = mustGate(`(?i)\b(?:do\s+not|don['’]t|never|must\s+not)\s+(?:cite|reference|mention|quote|link\s+to|point\s+(?:to|at))\s+(?:the\s+)?$`)

// assetAfter and assetBefore call a name a release's asset: "no `fw_*.bin` asset is found", "attach
// the release asset `app.zip`".
var (
	assetAfter  = mustGate("(?i)^`?\\s+(?:(?:release|binary|download|github|firmware)\\s+)?assets?\\b")
	assetBefore = mustGate(`(?i)\b(?:release|github|download)\s+assets?\s*(?:named\s+|called\s+)?[:(]?\s*$`)
)

// onlyWhenAfter follows a name with the condition it is made on: "— created only when `db.py` grows
// too large", "(added only if needed)".
var onlyWhenAfter = mustGate(`(?i)^[^\n]{0,60}?\b(?:(?:created|added|introduced|made|split\s+out|extracted)\s+only\s+(?:when|if|once|after)|only\s+(?:created|added|introduced|made|extracted)\s+(?:when|if|once|after))\b`)

// ifUsingAfter follows a name with the condition it exists under: "if using CocoaPods", "when present".
var ifUsingAfter = mustGate("(?i)^`?[*_]*\\s+(?:if|when)\\s+(?:using|you\\s+use|you\\s+are\\s+using|you['’]re\\s+using|present|available|it\\s+exists|one\\s+exists|configured|enabled)\\b")

// replacedByAfter follows a name with what replaced it: "`.eslintrc.json` was replaced by
// `eslint.config.mjs` (eslint 9)" (the hundred-and-ninety-eighth holdout's Scholar-Flow), or with a kind
// between: "The `defect-types/` feature folder is replaced by `products/` and `product-detail/`" (the
// two-hundred-and-thirty-seventh's qc_system_pmp, whose commit adc8726 deleted it).
var replacedByAfter = mustGate("(?i)^`?[*_]*(?:\\s+[a-z][\\w-]*){0,2}?\\s+(?:was|were|is|are|has\\s+been|have\\s+been|got|is\\s+now|are\\s+now)\\s+(?:\\w+\\s+)?replaced\\s+(?:by|with)\\b")

// orEquivalentAfter follows a name with a hedge that makes it one choice of many: "or equivalent", "or
// similar"; hedgeBefore opens the hedge before the name: "typically", "usually".
var orEquivalentAfter = mustGate("(?i)^`?[*_]*\\s+or\\s+(?:an?\\s+|the\\s+)?(?:equivalent|similar|whatever|the\\s+like)\\b")

var hedgeBefore = mustGate(`(?i)\b(?:typically|usually|normally|often|generally|probably|likely|e\.g\.,?)\s*[*_]*$`)

// makeGlobBefore ends the text before a pattern of files a step makes: "add `*.test.ts`", "create new
// `*.spec.ts` files".
var makeGlobBefore = mustGate(`(?i)\b(?:add|create|write)\s+(?:an?\s+|new\s+|matching\s+|the\s+)?[*_]*$`)

// dependencyRevsBefore is a label of other projects' revisions and the list it opens, up to a commit:
// "**Dependency revs**: Embassy `84444a19`, BSP `3646aa87`, GM65 `c6c9487`" (the two-hundredth holdout's
// micronuts, whose Cargo.toml pins the first of them): each is a dependency's commit, not this repository's.
var dependencyRevsBefore = mustGate(`(?i)\b(?:dependency|dependencies|deps?|upstream|vendored|third[- ]party)\s+(?:revs?|revisions?|commits?|pins?|shas?|hashes)\b[*_]*\s*[:：][^\n;]{0,160}$`)

// builtNamesBefore opens a list of the names a build gives its output: "the built names (`index.css`, ",
// "output file names: ", "Never hand-edit generated dirs (`.github/`, `.agents/skills/`, `.claude/`, " (the
// two-hundred-and-twenty-ninth holdout's copilot-workflow-demo, whose generator had not yet written the
// last). emittedDirBefore is a sentence that names the directory a build emits, then what goes there:
// "emits a flat `build/` directory: the 2D view ships as ".
var (
	builtNamesBefore = mustGate("(?i)\\b(?:built|output|emitted|generated|compiled|bundled)\\s+(?:file\\s*)?(?:names?|dirs|directories|folders|outputs|artifacts)\\s*[(:]\\s*(?:`[^`\\n]*`\\s*,\\s*)*$")
	emittedDirBefore = mustGate("(?i)\\b(?:emits|outputs|produces|generates|writes)\\s+(?:an?\\s+|the\\s+|its\\s+)?(?:[\\w-]+\\s+)?`[^`\\s]+/`\\s+(?:directory|folder|dir)\\s*[:—–][^.;!?]{0,120}$")
)

// revisionOfBefore ends the text before a commit with a named thing's revision: "`libertas_macros`
// revision ", "`serde` rev ".
var revisionOfBefore = mustGate("(?i)`[\\w.@/-]+`\\s+(?:revision|rev)\\s*[:=]?\\s*$")

// misspeltAfter follows a name with the right one: "A pasta local antiga pode estar escrita como
// `noteboks/`; o nome correto é `notebooks/`" (an old local copy may spell it so; the correct name is:
// the two-hundred-and-thirty-third holdout's atelie-generativo). The name is the wrong spelling.
var misspeltAfter = mustGate("(?i)^[*_]*\\s*[;,.—–]?\\s*(?:(?:but|mas|pero)\\s+)?(?:the\\s+correct\\s+(?:name|spelling|path)\\s+is|o\\s+nome\\s+correto\\s+é|a\\s+grafia\\s+correta\\s+é|el\\s+nombre\\s+correcto\\s+es)\\s*[:：]?\\s*[*_]*`")

// zhNoRestoreBefore ends Chinese "must not restore" before the names it bans: "不得恢复
// `docker-compose.dev.yml` 或 `next dev` 容器" (the two-hundred-and-thirty-third holdout's skynet, a file a
// commit removed on purpose).
var zhNoRestoreBefore = mustGate("(?:不得|不要|禁止|勿|不可|不能|别|不再)\\s*(?:恢复|恢復|还原|還原)\\s*(?:`[^`\\n]*`\\s*(?:或|和|、|,|，)\\s*)*$")

// notRestoredBefore ends the text before a name a sentence says was not brought back: "`register/` is
// fresh code, not restored `go/effector`" (the hundred-and-ninety-fourth holdout's foldlab).
var notRestoredBefore = mustGate(`(?i)\b(?:not|never|rather\s+than)\s+(?:a\s+|the\s+)?(?:restored|revived|resurrected|brought\s+back)\s*$`)

// restoreBefore and restoreFromAfter surround a name a step brings back out of history: "If the repo
// ever goes public, restore `.github/workflows/codeql.yml` from commit `7397117`" (the
// hundred-and-ninety-third holdout's pupila, below "**CodeQL workflow removed.**"): the file is
// gone, and the sentence says so.
var restoreBefore = mustGate(`(?i)\b(?:restore|recover|resurrect|bring\s+back|check\s+out)\s+(?:the\s+|its\s+)?(?:old\s+|deleted\s+|removed\s+|previous\s+)?(?:file\s+|workflow\s+|directory\s+|folder\s+)?[*_]*$`)
var restoreFromAfter = mustGate("(?i)^`?[*_]*\\s+(?:\\w+\\s+){0,2}?from\\s+(?:the\\s+)?(?:commit\\b|git\\b|history\\b|(?:git\\s+)?history\\b|tag\\b|`?[0-9a-f]{7,40}\\b|an?\\s+(?:earlier|older|previous)\\s+commit\\b|before\\b)")

// noReturnBefore ends the clause before a name a rule says must not come back: "Never collapse them back
// into a single `components.ts`" (the hundred-and-forty-second holdout's acode-opencode, whose split removed
// it), "do not reintroduce a default `src/shared/` implementation surface" (its Metadata-Auto-Classifier).
var noReturnBefore = mustGate(`(?i)\b(?:never|do\s+not|don['’]t|must\s+not|should\s+not)\s+(?:\w+\s+){0,3}?(?:re-?introduce|re-?create|restore|re-?add|bring\s+(?:\w+\s+)?back|(?:collapse|merge|fold|move)\s+(?:\w+\s+)?back\s+(?:into|to)|go\s+back\s+to)\b[^.;:!?\n\x60]{0,40}$`)

// targetListBefore ends the text before a name, or a list of names, that it calls the modules or files
// to aim for: "(target modules `app.rs`/`args.rs`/`render.rs`)" (the hundred-and-fifty-third holdout's
// axon, a crate's split still to come).
var targetListBefore = mustGate("(?i)\\btarget\\s+(?:modules?|files?|paths?|locations?|layout)\\s*[:(]?\\s*(?:`[^`\\n]*`\\s*[/,·]\\s*)*$")

// neverUseBefore ends the text just before a name the sentence tells the reader never to use: "**Never
// use `mod.rs`.** Use the Rust 2018+ file-per-module layout" (the hundred-and-fifty-third holdout's axon).
// A file the reader must not use is not one the document says is there, nor is a function: "**Don't** 使用
// `countSessions()` 生成会话名称" (don't use … to name sessions: the hundred-and-fifty-fourth's iterminal,
// whose warning outlived the function). "Never emit `appsettingsProduction.json`; those names are no longer
// recognised" (the two-hundred-and-first's BlazorDataOrchestrator) forbids a name.
var neverUseBefore = mustGate(`(?i)\b(?:never|do\s+not|don['’]t|must\s+not|should\s+not)[*_]*\s+(?:use\s+|emit\s+|generate\s+|produce\s+|使用\s*)[*_]*$`)

// namedDeadAfter follows a name with what it was and "is dead": "**`shared/` KMP module is dead.** Do not
// re-add it" (the two-hundred-and-eighth holdout's mealplan-plus), "a test proves `landingpage/` stays
// dead" (its promit). Dead code is still there: "`legacy/` is dead code" says nothing of its absence.
// "`SiteRepository.getTodayAssignedSites()` and `SiteTask` class are commented." (the two-hundred-and-ninth's
// whitecoffee) says the same of code a comment keeps.
var namedDeadAfter = mustGate("(?i)^`?(?:\\s*(?:,|and|&|or)\\s*`[^`\\n]*`)*(?:\\s+[\\w-]+){0,2}\\s+(?:is|are|stays|stay|remains|remain)\\s+(?:now\\s+)?(?:dead|commented(?:\\s+out)?)\\s*(?:[.;,)*]|—|–|$)")

// withThemGoneBefore ends the words before a name with a removal and what went with it: "were deleted,
// and with them the `x`", "removed along with `x`", "están borradas, y con ellas … el `x`".
var withThemGoneBefore = mustGate(`(?i)\b(?:deleted|removed|dropped|borrad[oa]s?|eliminad[oa]s?|supprimée?s?|entfernt|gelöscht)\b[^.;\n]{0,40}?(?:\band\s+with\s+(?:them|it)|\balong\s+with|\btogether\s+with|\by\s+con\s+ell[oa]s?|\bjunto\s+con|\bavec\s+(?:eux|elles|lui)|\bmit\s+ihnen)\b[^.;\n]{0,120}$`)

// untilBefore ends the words before a name with "until" and what it is: "until a formal "; madeLaterAfter
// follows the name with its making: "script is introduced", "exists", "is added".
var (
	untilBefore    = mustGate(`(?i)\b(?:until|till|unless)\s+(?:(?:a|an|the|some)\s+)?(?:[\w-]+\s+){0,2}$`)
	madeLaterAfter = mustGate("(?i)^`?(?:\\s+[\\w-]+){0,2}\\s+(?:is|are|gets?|has\\s+been|have\\s+been)\\s+(?:introduced|added|created|written|wired(?:\\s+up)?|set\\s+up|implemented|defined|available)\\b|^`?(?:\\s+[\\w-]+){0,2}\\s+exists?\\b")
)

// namedRemovedAfter follows a name, or a list of names, with what they were and "removed", as a change
// note writes it: "`algorithms.SetRealBankroll()` and `realBankroll` global removed." (the
// two-hundred-and-first holdout's kalshi-ghost-trader).
var namedRemovedAfter = mustGate("^`?(?:\\s*(?:,|and|&|or)\\s*`[^`\\n]*`)*(?:\\s+[\\w-]+){0,2}\\s+(?:removed|deleted|dropped)\\s*(?:[.;,)]|$)")

// neverRenameBefore tells the reader not to give something a name: "**Middleware is `src/proxy.ts`** — never
// rename it to `middleware.ts`" (the two-hundred-and-third holdout's allthingslinux monorepo).
var neverRenameBefore = mustGate(`(?i)\b(?:never|do\s+not|don['’]t|must\s+not|should\s+not)\s+rename\s+(?:it|this|that|them|the\s+[\w-]+)\s+(?:to|as|into)\s+[*_]*$`)

// deletedTheBefore ends the text before a name with the verb that deleted it and what it was: "Fixed in
// `2989b01`, which also deleted the orphan `RevokeSmsApprovalPage.tsx`" (the two-hundred-and-fourth
// holdout's V-Notification-System).
var deletedTheBefore = mustGate(`(?i)\b(?:deleted|removed|dropped)\s+(?:the\s+|an?\s+|its\s+|their\s+)?(?:(?:old|orphan(?:ed)?|unused|dead|stale|legacy|obsolete|duplicate|empty|broken)\s+)+[*_]*$`)

// writeScopeBefore ends the text before a pattern with a scope of writes: "`@devops` — writes only
// `.github/workflows/**`, `.azure/**`" (the same round's options-screener): where an agent may write,
// whatever is there now.
var writeScopeBefore = mustGate("(?i)\\b(?:writes?|edits?|touch(?:es)?|modif(?:y|ies))\\s+only\\s+(?:(?:under|in|to|into)\\s+)?(?:`[^`\\n]*`\\s*(?:,|or|and)\\s*)*[*_]*$")

// useOnlyAfter follows "Use a" and a name with the one case it is for: "Use a `types/` directory only for a
// coherent set of shared domain contracts" (the two-hundred-and-fifth holdout's leafdown): a place to make
// when that case comes, not one there now. "add a `scripts/ci/` helper only for a durable
// repository-specific invariant" (the two-hundred-and-thirty-fifth's elysium, whose scripts/ci/ a commit
// retired) says the same of a helper.
var (
	useABefore   = mustGate(`(?i)\b(?:use|add)\s+an?\s+(?:[a-z][\w-]*\s+)?[*_]*$`)
	useOnlyAfter = mustGate("(?i)^`?[*_]*\\s*(?:directory|folder|dir|file|module|package|helper|script|tool)?\\s+only\\s+(?:for|when|if)\\b")
)

// theMissingBefore calls the name missing: "(This is the missing `COMMENTS.md` contract.)" (the
// two-hundred-and-first holdout's yayacal).
var theMissingBefore = mustGate(`(?i)\bthe\s+(?:now[- ])?(?:missing|absent|nonexistent|non-existent)\s+[*_]*$`)

// ifYouNameBefore makes a name hypothetical: "if you name your folder `mcp/`, Python imports your empty
// `__init__.py`" (the two-hundred-and-first holdout's Sigap-backend, whose folder is mcp_server/).
var ifYouNameBefore = mustGate(`(?i)\bif\s+(?:you|we|someone)\s+(?:name|call|rename)\s+(?:your|the|a|an|this|that)\s+(?:[\w-]+\s+){0,2}(?:to\s+|as\s+)?[*_]*$`)

// caseStyleParen ends the text before a name in parentheses after a naming rule's case: "Files:
// kebab-case for components (`character-card.tsx`), camelCase for utilities (`assetManager.ts`)" (the
// hundred-and-fifty-sixth holdout's nexusVTT). A short code span may stand between: "**Hooks**: camelCase
// starting with `use` (`useLocalStorage.ts`)" (the two-hundred-and-fourteenth's HolyMon-Monad and
// juanlou.dev, each naming a hook its kebab-case files never had). The style may be a code span itself:
// "**Components**: `PascalCase` 파일명 (`Button.tsx`)" (the two-hundred-and-thirty-fourth's boilerplate).
// So may "such as": "kebab-case for utility modules such as `topic-tracker.ts`" (the
// two-hundred-and-thirty-ninth's botcord, whose module of that name a commit removed). Every sample of the
// parenthesis counts: "PascalCase for filenames (`HelloWorld.vue`, `TheWelcome.vue`)" (the
// two-hundred-and-fiftieth's event-junkie).
var caseStyleParen = mustGate(`(?i)\b(?:pascal|camel|kebab|snake|lower|upper)[ _-]?case\b\x60?(?:[^.;()\n\x60]|\x60[^\x60\n]{1,16}\x60){0,40}(?:\(|\bsuch\s+as|\blike|\be\.g\.,?)\s*(?:\x60[^\x60\n]*\x60\s*,\s*)*$`)

// numberStyleList ends the text before a name in the list of samples after a naming rule's grammatical
// number: "Router files are **plural** nouns matching the resource: `jobs.py`, `users.py`, `auth.py`"
// under "## File Naming" (the two-hundred-and-forty-seventh holdout's simple-job-listing-web, whose users'
// routes live in another module).
var numberStyleList = mustGate(`(?i)\b(?:plural|singular)\b[*_]*\s+(?:nouns?|names?|forms?)\b[^.;\n\x60]{0,40}?(?::|\(|\bsuch\s+as|\blike|\be\.g\.,?)\s*(?:\x60[^\x60\n]+\x60[*_]*\s*(?:,|\band\b|\bor\b|/)?\s*)*$`)

// willBecomeBefore ends the text before the place something will become or move to: "Lucide icons are
// imported from `src/icons/index.tsx` today (will become `src/libs/ui-kit/icons/`)" (the
// hundred-and-fifty-sixth holdout's epanet-js).
var willBecomeBefore = mustGate(`(?i)\bwill\s+(?:(?:later|eventually|soon)\s+)?(?:become|be\s+(?:moved|renamed|promoted|extracted|split)\s+(?:to|into|as))\s+[*_]*$`)

// emptyDirAfter follows a directory's name with words that call it empty: a parenthesis that opens so,
// or as a placeholder ("| `hooks/` | (empty) reserved for shared React hooks |", the hundred-and-fifty-third
// holdout's Grading; "| `search/` | Search components (placeholder for future FTS5 UI) |", its
// meeting-notes), or the words right after it ("`infrastructure/consumer/` exists but is empty", "—
// exists but empty": the hundred-and-fifty-fourth's pulzifi-back), Korean "`.github/workflows/` 비어있음" (is
// empty: the hundred-and-sixty-fourth's Bobmoo_Android; "`hooks/` (현재 비어 있음)", currently empty, the
// hundred-and-sixty-eighth's snap-translate), "Neither this directory nor `rules-readmes/` has any contents
// today" (the hundred-and-eighty-second's agents-config), "**`common/`**: Empty (dead folder)." (the
// two-hundred-and-nineteenth's EmoVision), "| `Manual/` | Reserved for a hand-written parallel
// implementation (comparison material). Often empty. |" (the two-hundred-and-thirty-first's
// EBookLibrary: empty as a rule, in the name's own cell and before any other name), "The `Controllers/`
// folder is empty", "`Controllers/` is intentionally empty" (the two-hundred-and-thirty-second's
// wine-rating-system). git keeps no empty directory, so its absence is what the text says.
var emptyDirAfter = mustGate(`(?i)^[*_]*` + noContents + `|^[*_]*\s*\|?[^|\n\x60]{0,160}?\b(?:often|usually|typically|normally|mostly|sometimes|frequently|may\s+be|can\s+be|might\s+be)\s+empty\b|^[*_]*\s*[—–:]\s*[*_]*empty\b|^[^.;\n(]{0,80}\(\s*(?:currently\s+|still\s+|now\s+|현재\s*|아직\s*)?(?:empty\b|placeholder\b|비어\s*있|비었)|^[*_]*\s*(?:(?:folder|directory|dir)\s+)?(?:[—–:-]\s*)?(?:exists\s+but\s+(?:is\s+)?|is\s+(?:currently\s+|still\s+|now\s+|intentionally\s+|deliberately\s+|purposely\s+|left\s+)?|(?:currently|still)\s+)empty\b|^[*_]*\s*(?:[은는이가]\s*)?(?:현재\s*|아직\s*)?(?:비어\s*있|비었)`)

// derivedArrow follows a name with an arrow to another span; derivedName reads whether that span is the
// name's stem in another case, which a rule makes of it.
var derivedArrow = mustGate("^\\s*(?:→|->|=>|⇒)\\s*`([^`\\n]+)`")

// derivedName reports a file name followed by an arrow to the name a rule derives from its stem:
// "`Profile.tsx` → `profile`, `PullRequest.tsx` → `pullrequest`" (the hundred-and-fifty-fourth holdout's
// designflow-storyboard: the screen id is the lower-cased file name). A rename's arrow ("`a.ts` →
// `b.ts`") names a file on both sides and is no derivation.
func derivedName(body, after string) bool {
	m := derivedArrow.FindStringSubmatch(after)
	if m == nil || strings.ContainsAny(m[1], "./") {
		return false
	}
	stem := body[strings.LastIndexByte(body, '/')+1:]
	if i := strings.IndexByte(stem, '.'); i > 0 {
		stem = stem[:i]
	} else {
		return false
	}
	return m[1] != stem && strings.EqualFold(strings.NewReplacer("-", "", "_", "").Replace(m[1]), stem)
}

// kindHolderBefore ends the words before a file name that says what makes a folder of a kind: "**Embedded
// apps** — dirs with `index.html` + no `index.md` render as iframes" (the two-hundred-and-thirty-seventh
// holdout's cabinet, of folders a user's data holds). Any such folder, or none, may be there.
var kindHolderBefore = mustGate(`(?i)\b(?:dirs|directories|folders|subfolders|sub-?directories|packages|projects)\s+(?:with|containing|that\s+(?:have|has|contain|contains|hold|holds)|holding|having)\s+(?:an?\s+|its\s+own\s+|their\s+own\s+)?[*_]*$`)

// bracedArrowBefore ends the text before a file name with a braced name and an arrow: "`{mytag}` →
// `mytag.php`" (the two-hundred-and-thirty-seventh holdout's pad, a table of how each custom tag finds its
// file); $1 is the name inside the braces.
var bracedArrowBefore = mustGate("`[{<]([\\w-]+)[}>]`\\s*(?:→|->|=>|⇒)\\s*$")

// bracedName reports a file name that a braced name's arrow leads to, its stem that name: a sample of the
// rule that maps one to the other, as derivedName's arrow the other way is.
func bracedName(before, body string) bool {
	m := bracedArrowBefore.FindStringSubmatch(before)
	if m == nil {
		return false
	}
	stem := body[strings.LastIndexByte(body, '/')+1:]
	i := strings.IndexByte(stem, '.')
	return i > 0 && strings.EqualFold(stem[:i], m[1])
}

// emptyDirLabel ends a label of empty directories over the list a directory's name is in: "**空目录**:
// `src/layout/`, `src/views/`, `src/static/` 是预留目录" (empty directories … are reserved: the
// hundred-and-fifty-seventh holdout's uniapp-template-cli).
var emptyDirLabel = mustGate("(?i)(?:空目录|空目錄|空ディレクトリ|빈\\s*(?:디렉토리|디렉터리|폴더)|\\bempty\\s+(?:directories|dirs|folders))[*_]*\\s*[:：]\\s*[*_]*\\s*(?:`[^`\\n]*`\\s*[,，、]\\s*)*$")

// goneNoteAfter follows a name, or a list of names, with a note that they are not there: "| `CadPointCloudEditor.jsx` |
// Main React component (file missing — likely generated or separately provided) |", "Root
// `docker-compose.staging-*.yml` overrides are **obsolete**", "`src/components`, `src/prompts`: diretórios legados
// vazios" (empty legacy directories, which git does not keep: the hundred-and-forty-third holdout's web-cad, base
// and Resumex); "any remaining directories named `daily/` are vestigial and can be ignored" (the
// hundred-and-fifty-second holdout's travel-risk).
var goneNoteAfter = mustGate("(?i)^[^.;\\n(]{0,80}\\(\\s*(?:file\\s+)?(?:missing|absent)\\b|^(?:\\s*(?:,|/|and)?\\s*`[^`\\n]*`)*\\s*,?\\s+(?:[\\w-]+\\s+){0,2}?(?:is|are)\\s+(?:both\\s+|all\\s+|now\\s+)?[*_]*(?:obsolete|gone|vestigial)\\b|^(?:\\s*(?:,|/|and|e|y|et)?\\s*`[^`\\n]*`)*\\s*[:—–]\\s*(?:\\p{L}+\\s+){0,2}?(?:(?:empty|vazi[oa]s|vac[ií][oa]s|vides|leere?)\\s+(?:\\p{L}+\\s+)?(?:director(?:y|ies)|folders?|dirs?|diret[óo]rios?|pastas?|carpetas?|directorios?|dossiers?|r[ée]pertoires?|verzeichnisse?|ordner)|(?:director(?:y|ies)|folders?|dirs?|diret[óo]rios?|pastas?|carpetas?|directorios?|dossiers?|r[ée]pertoires?|verzeichnisse?|ordner)\\s+(?:\\p{L}+\\s+)?(?:empty|vazi[oa]s|vac[ií][oa]s|vides|leere?))\\b")

// dashGoneAfter follows a name, or a list of names, with a dash and the word that they went: "- `Radar.tsx`,
// `LockedTargets.tsx`, `PowerManagement.tsx` — removed during UI refactor." (the hundred-and-forty-second
// holdout's eqx-peri), "- **`pmix_hash_string.h` — removed.**" (its openpmix).
var dashGoneAfter = mustGate("(?i)^(?:\\s*(?:,|/|and|&)?\\s*`[^`\\n]*`)*\\**\\s*[—–]\\s*\\**(?:deleted|removed|retired|dropped)\\b(?:\\s+(?:during|in|on|at|by|since|with|after|as\\s+part\\s+of)\\b|\\s*[,.;:)]|\\**\\s*$)")

// romanceForbidCue ends the text before a file a Spanish, Portuguese or French rule forbids to make:
// "No poner `loading.tsx` en segmentos del panel" (the hundred-and-fifth holdout's nom35), "Não criar
// `index.ts`", "Ne créez pas de `utils.js`".
var romanceForbidCue = mustGate(`(?i)(?:^|[^\pL])(?:(?:no|não|nao|nunca|jamais)\s+(?:poner|pongas|crear|crees|agregar|agregues|añadir|añadas|colocar|reintroducir|criar|crie|adicionar|adicione|coloque|pôr|reintroduzir)|ne\s+(?:créez|crée[rz]?|ajoutez|ajouter|mettez|mettre)\s+(?:pas|jamais))\s+(?:(?:de|d'|un|una|unos|unas|el|la|los|las|um|uma|o|a|os|as|le|les|une|nuevo|nueva|novo|nova|otro|otra|outro|outra)\s*)*\**$`)

// forbidExamples ends the text before an example of what a rule forbids to make: "Do not generate
// human-readable progress files (e.g., `progress.md`, `state.json`)" (the fifty-sixth holdout's agbalumo).
// A parenthesis after the files' own noun lists them without the "e.g.": "Never create catch-all files
// (`utils.ts`, `helpers.ts`, `service.ts`)" (the hundred-and-fifty-first holdout's oh-my-openagent), and
// a likeness does it without one: "Do NOT create temporary .md files like `IMPLEMENTATION_SUMMARY.md`,
// `FIX_SUMMARY.md`, etc." (the two-hundred-and-twenty-sixth's managed-nebula, which had deleted the first).
var forbidExamples = mustGate(`(?i)\b(?:do\s+not|don['’]t|never|must\s+not|should\s+not)\s+(?:generate|create|add|write|commit)\b(?:[^.;!?()]{0,80}\(\s*(?:e\.g\.|for\s+example|such\s+as|like)[,:]?|[^.;!?()]{0,60}\b(?:files|modules|directories|folders)\s*\(|(?:[^.;!?()\n]|\.\w){0,60}\b(?:files|modules|directories|folders|docs|documents)\s+(?:like|such\s+as))\s*(?:\x60[^\x60\n]*\x60\s*,\s*(?:or\s+|and\s+)?)*$`)

// bannedParenAfter closes a parenthesised list of names with the word that bans them: "**no catch-all
// files** (`utils.ts`, `helpers.ts`, `service.ts` banned)" (the same round's oh-my-openagent).
var bannedParenAfter = mustGate("(?i)^(?:\\s*(?:,|/|or|and)\\s*`[^`\\n]*`)*\\s*,?\\s*(?:are\\s+|is\\s+)?(?:banned|forbidden|prohibited|disallowed|not\\s+allowed)\\s*\\)")

// forbiddenCue is a clause that forbids committing something: "never commit `.env` files". What it
// names is expected to be absent from the repository.
var forbiddenCue = mustGate(`(?i)\b(?:never|do not|don['’]t|must not|should not|shouldn['’]t)\s+(?:\w+\s+){0,2}?(?:commit|check in|push|add)\b|\bmust not be (?:committed|checked in)\b`)

// forbiddenHere follows a span with a rule that keeps what it names out of every commit: "`tasks/`:
// read/write access for planning. NEVER run git add, git commit, or git rm on this directory" (the
// nineteenth holdout's openQA: an agent's scratch directory no commit holds, by design).
var forbiddenHere = mustGate(`(?i)\b(?:never|do not|don['’]t|must not|should not)\b[^.]{0,80}?\b(?:commit|check in|add)\b[^.]{0,80}?\b(?:this|that|these|those)\s+(?:directory|folder|dir|file|files|path)\b`)

// untrackedAfter says right after a span that git does not keep it: "`tasks/` is gitignored",
// "`out/` (untracked)", "**`config.yaml`** — local overrides (gitignored; mostly empty by default)" (the
// sixtieth holdout's VibeSensor, which copies it from config.dev.yaml). "`.beads/` is git-excluded via
// `.git/info/exclude`" (the two-hundred-and-thirty-sixth's simmersmith) keeps it out per clone.
var untrackedAfter = mustGate(`(?i)^(?:\W{0,3}(?:(?:is|are|stays?|remains?)\s+)?\(?|\W{0,6}(?:[\w-]+\s+){1,3}\(\s*)(?:git-?ignored|git-?excluded|untracked|not tracked|never committed|not committed|local[- ]only)\b`)

// untrackedWords gate untrackedAfter on the lowered claim.
var untrackedWords = []string{"ignored", "excluded", "tracked", "committed", "local"}

// keptOut reports a span the words after it keep out of the repository: a rule against committing it
// or a note that git ignores it. lowerClaim gates the regexps on their literal words.
func keptOut(lowerClaim, after string) bool {
	if anyPhrase(lowerClaim, untrackedWords) && untrackedAfter.MatchString(after) {
		return true
	}
	return (strings.Contains(lowerClaim, "commit") || strings.Contains(lowerClaim, " add") || strings.Contains(lowerClaim, "check in")) && containsFold(after, "th") && forbiddenHere.MatchString(after)
}

// configCue is a clause about settings: "the `user.name` and `user.email` Git config options". A
// lower-case dotted name there is a configuration key, not a member of a type.
var configCue = mustGate(`(?i)\b(?:config|configuration|option|options|setting|settings|key|keys|variable|variables|property|properties)\b`)

// configKey is "user.name" or "core.autocrlf": dotted lower-case words.
var configKey = mustGate(`^[a-z][a-z0-9-]*(?:\.[a-z][a-zA-Z0-9-]*)+$`)

// runtimeGlobals are the built-in globals of JavaScript and the common runtimes: "Date.now",
// "JSON.parse", "Object.keys". A member of one is the language's, whatever the repository declares.
var runtimeGlobals = set("Date", "Math", "JSON", "Object", "Array", "Promise", "Number", "String", "Symbol", "Reflect", "Proxy", "Intl", "console", "process", "globalThis", "window", "document", "navigator", "Buffer", "Error", "Map", "Set", "WeakMap", "WeakSet", "RegExp", "BigInt", "Atomics", "crypto", "performance", "URL", "Deno", "Bun")

// agentToolDirs are the directories coding agents and their harnesses keep settings, sessions and state in,
// in each checkout they run in.
var agentToolDirs = set(".claude", ".omc", ".omx", ".cursor", ".codex", ".gemini", ".opencode", ".windsurf", ".kiro", ".serena", ".aider", ".continue", ".roo", ".cline", ".sisyphus", ".taskmaster")

// agentMemory are the files an agent workspace keeps its memory in, one per user: a name no commit
// ever held is that user's, not the repository's.
var agentMemory = set("MEMORY.md", "memory.md")

// perMachine are files each machine keeps for itself and repositories do not track: a document
// naming one ("copy `.env.example` to `.env`") describes a checkout in use, not the repository.
// CLAUDE.local.md is Claude Code's personal memory file beside a CLAUDE.md, kept out of git by design:
// "@CLAUDE.local.md" imports it where each reader has one (the hundred-and-forty-third holdout's
// second_edition_spellbook, five documents).
var perMachine = set(".env", ".env.local", ".env.development.local", ".env.test.local", ".env.production.local", ".envrc", ".DS_Store", "Thumbs.db", ".netrc", ".npmrc.local", "local.properties", ".wslconfig", "CLAUDE.local.md")

// extChain is ".tar.gz" or ".lock.yml": a dot word made only of known extensions names a kind of file
// ("a `.tar.gz` containing the sources"), unless its first part is a dotfile (".env.example").
func extChain(tok string) bool {
	parts := strings.Split(strings.TrimPrefix(tok, "."), ".")
	if len(parts) < 2 || knownDotfiles["."+parts[0]] {
		return false
	}
	for _, p := range parts {
		if !knownExt[strings.ToLower(p)] {
			return false
		}
	}
	return true
}

// memberWord is ".headers" or ".role_name": a dot and one lower-case identifier.
var memberWord = mustGate(`^\.[a-z][a-z0-9_]*$`)

// memberSpan is a span in the same claim that can only be a member: a call (".body(x)") or an
// identifier with an underscore (".role_name"), which no dotfile is named like.
var memberSpan = mustGate("`\\.[a-z][a-z0-9]*(?:_[a-z0-9_]*`|[a-z0-9_]*\\()")

// memberAccessor reports a dot word that reads a field or method ("headers off `.headers`", "read
// `.permission`, never `.role_name`"): one with an underscore, or one beside a span that is a member.
func memberAccessor(body, claim string) bool {
	if !memberWord.MatchString(body) || knownDotfiles[body] || strings.HasSuffix(body, "rc") || strings.HasSuffix(body, "ignore") {
		return false
	}
	return strings.Contains(body, "_") || memberSpan.MatchString(claim)
}

// metaStem is a single name written to be replaced: "./my_project", "feat-my-feature/",
// "./path-to-wheel-file.whl". Unlike placeholderSeg it stands alone, so it holds only words no
// project names a real file by.
// metaStem is a stem written to be replaced: "my-widget", "your_module", "path-to-file", "xxx", and a
// name that says what kind of name goes there: "`route-name.route.ts` pattern" (the
// hundred-and-fifty-ninth holdout's excel-etl-cosmos-db-app), "rustc finds `name.rs` or `name/mod.rs`"
// (its Better-Minecraft-Bedrock-Launcher).
var metaStem = mustGate(`(?i)^(?:(?:[a-z0-9]+[-_])?my[-_][\w-]+|your[-_][\w-]+|path[-_]to[-_][\w-]+|xxx+)$`)

// kindNameStem is a stem that is a kind's name alone (kindName); metaName reads it only after a cheap test.
var kindNameStem = mustGate(`(?i)^` + kindName + `$`)

// kindName is a kind of thing and "name", hyphenated: the name the reader chooses for one. Snake case
// ("resource_name.rs", "table_name.py") is how real modules are named, and stays a name.
const kindName = `(?:package|module|project|app|crate|plugin|feature|service|component|route|page|file|hook|store|model|controller|handler|command|tool|skill|agent|table|entity|screen|view|widget|resource|domain|provider|schema|job|task)-name`

// metaName reports a one-segment path whose stem is metasyntactic.
func metaName(p string) bool {
	p = strings.Trim(strings.TrimPrefix(p, "./"), "/")
	if p == "" {
		return false
	}
	if i := strings.LastIndexByte(p, '/'); i >= 0 {
		// "`expected/ClassName.g.h` - Expected C++ header output" (the two-hundred-and-seventeenth
		// holdout's miniscript2, each test's class): a placeholder stem stands for any file of a folder
		base := p[i+1:]
		return caseStyleStem.MatchString(strings.TrimSuffix(base, pathExt(base)))
	}
	stem := strings.TrimSuffix(p, pathExt(p))
	if caseStyleStem.MatchString(stem) {
		return true // "`PascalCase.tsx`", "`kebab-case.ts`": a name in that style, not a file
	}
	if strings.ContainsAny(stem, "_-ABCDEFGHIJKLMNOPQRSTUVWXYZ") && (strings.ToLower(stem) != "foo" || stem == "Foo") && metaWordIn(stem) {
		// "FooNode.kt", "FooScreenViewModel.swift", "test_foo.py": a compound with a metasyntactic word;
		// "Foo.swift → FooTests.swift" names a type's file after the type; "foo.go" alone may be a real
		// file a sentence says was removed
		return true
	}
	if fs := firstStem(p); strings.EqualFold(fs, "name") || len(fs) > 5 && strings.EqualFold(fs[len(fs)-5:], "-name") && kindNameStem.MatchString(fs) {
		// "`route-name.route.ts` pattern", "`name.rs` or `name/mod.rs`": the placeholder is the stem before
		// the file's kind
		return true
	}
	return containsFold(stem, metaGates...) && (metaStem.MatchString(stem) || camelMeta.MatchString(stem) || metaStem.MatchString(firstStem(p)))
}

// caseStyleStem is the name of a letter-case style written as a file's stem: the style a naming table's
// row asks for ("| Component files | `PascalCase.tsx` | `Button.tsx` |", the ninety-fourth holdout's
// aimusicverse). A hook's prefix may lead it, a second ending follow it, and a kind's "Name" stand for
// the style: "- **Hooks:** `useCamelCase.js`", "- **Styles:** `ComponentName.module.css`" (the
// hundred-and-seventy-fourth holdout's cepingzonghe).
var caseStyleStem = mustGate(`(?i)^(?:use|with)?(?:pascal|camel|kebab|snake|screaming[-_]?snake|upper[-_]?snake|lower|upper|title|train)[-_]?case(?:\.[a-z]+)?$|(?-i)^(?:Component|Feature|Module|Page|Screen|Service|Class|Hook|Store|Model|Type)Name(?:\.[a-z]+)?$`)

// metaGates are words one of which any metaStem match holds, for containsFold.
var metaGates = []string{"my", "your", "path", "xxx"}

func hasUpperASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 'A' && s[i] <= 'Z' {
			return true
		}
	}
	return false
}

// listCreateCue ends the text before a span in a list of things a command makes: "this will create
// three files: `server.pem`, `server.key` and `client.pem`". Each name is an output, not a file here.
var listCreateCue = mustGate("(?i)\\b(?:create|creates|generate|generates|produce|produces)\\s+(?:\\w+\\s+){0,3}(?:files?|director(?:y|ies)|folders?)\\s*:\\s*(?:`[^`]*`\\s*(?:,|\\band\\b|\\bor\\b)?\\s*)*$")

// outputFilesCue ends the text before the files a step writes, named after their kind: "rewrites the
// updater metadata files `metadata-latest-windows.yml`, `metadata-latest-mac.yml`" (the forty-eighth
// holdout's space-agent, whose publish step makes them).
var outputFilesCue = mustGate("(?i)\\b(?:generates?|writes?|rewrites?|emits?|produces?|outputs?)\\s+(?:(?:the|its|a|an)\\s+)?(?:[\\w-]+\\s+){0,3}files?\\s*:?\\s*(?:`[^`]*`\\s*,?\\s*(?:and\\s+)?)*$")

// changeContentCue ends the text before a file the reader puts in a change of their own: "open a draft
// PR with just a `PLAN.md`". The file is the reader's to write, not one the repository holds.
var changeContentCue = mustGate(`(?i)\b(?:PR|pull request|merge request|commit|patch)\b[^.;:!?]{0,30}\bwith\s+(?:just\s+|only\s+)?(?:a|an|one)\s+\**$`)

// spanCue is a cue the text before a span is read for, behind a literal (gate) that must be in the gated
// text before the cue can match: a cheap test that spares most spans the regexp ("" for none).
type spanCue struct {
	gate string
	cue  *literalGated
	// fold are words (see containsFold) one of which the read text holds wherever cue matches: a second
	// gate, read on the text itself, for the cues no literal of the gated text stands for (nil for none).
	fold []string
}

// destCues make a span a place the reader is to make, or one the sentence rejects: read on the text
// just before the span.
var destCues = []spanCue{
	{"", createCue, []string{"crea", "touch", "dir", "writ", "cree", "crée", "cria", "crie", "erstell", "anleg"}},
	{"", createCueHan, []string{"创建", "新建", "創建"}},
	{"", outputCue, []string{"generat", "writ", "emit", "output", "publish"}},
	{"", persistCue, []string{"persist"}},
	{"", addFileCue, []string{"add"}},
	{"", forbidMakeCue, []string{"not", "never", "n't", "n’t"}},
	{"", forbidPlaceCue, []string{"not", "never", "n't", "n’t"}},
	{"", contrastCue, []string{"not", "ej", "inte", "ikke", "nicht", "niet", "no"}},
	{"", romanceForbidCue, []string{"no", "não", "nunca", "jamais", "ne "}},
	{"", ruleCue, []string{"should", "must", "shall", " to be", "plit", "brea"}},
	{"", runtimeCue, []string{"runtime", "run-time", "run time"}},
	{"", perEachCue, perEachWords},
	{":", listCreateCue, nil},
	{"with", changeContentCue, nil},
	{"unless", unlessCue, nil},
}

// unlessCue ends the text before a place an override may be kept: "Components live in
// `resources/js/pages` (unless specified in `vite.config.js`)" (Laravel Boost's guidelines, three
// documents of the fiftieth holdout's cms): the file is one the reader may have, not one the project
// keeps.
var unlessCue = mustGate("(?i)\\bunless\\s+(?:otherwise\\s+)?(?:specified|configured|set|defined|overridden|changed|customi[sz]ed)\\s+(?:in|by|via)\\s+(?:the\\s+|your\\s+|a\\s+)?[`\"'(*]*$")

// absentCues say what a span names is expected absent: read on the clause before the span, gated on the
// claim's lower-case text.
var absentCues = []spanCue{{"commit", forbiddenCue, nil}, {"missing", reportedMissing, nil}, {"不存在", zhNotThereLead, nil}}

// zhNotThereLead ends the words before a name with Chinese "does not exist": "[ ] 是否不存在 `shared.js` 等额外 JS
// 依赖" (check that no extra JS dependency such as shared.js exists: the hundred-and-ninety-first holdout's
// ai-coding-kit).
var zhNotThereLead = mustGate("不存在\\s*$")

// anyCue reports whether a cue whose gate gated holds matches text, which is read only once a gate holds.
func anyCue(cues []spanCue, gated string, text func() string) bool {
	var t string
	read := false
	for _, c := range cues {
		if c.gate != "" && !strings.Contains(gated, c.gate) {
			continue
		}
		if !read {
			t, read = text(), true
		}
		if c.fold != nil && !containsFold(t, c.fold...) {
			continue
		}
		if c.cue.MatchString(t) {
			return true
		}
	}
	return false
}

// containsFold reports whether s holds one of words, ASCII letters matched without regard to case: the
// literal gate of a (?i) regexp. A word must be lower-case ASCII without 'k' or 's', the two ASCII letters
// a (?i) regexp also matches by a non-ASCII rune (KELVIN SIGN, LONG S), so the gate never turns away a
// text the regexp would match.
func containsFold(s string, words ...string) bool {
	for _, w := range words {
		if len(w) == 0 {
			return true
		}
		first := w[0]
		for i := 0; i+len(w) <= len(s); i++ {
			if lowerASCII(s[i]) != first {
				continue
			}
			j := 1
			for j < len(w) && lowerASCII(s[i+j]) == w[j] {
				j++
			}
			if j == len(w) {
				return true
			}
		}
	}
	return false
}

func lowerASCII(b byte) byte {
	if b >= 'A' && b <= 'Z' {
		return b + 'a' - 'A'
	}
	return b
}

// elsewhereCue is a clause that gives a file to another owner than this repository: "a project's
// handoff document", "each replica's `DataDir`", "the one `landing.toml` in the data directory names".
var elsewhereCue = mustGate("(?i)\\b(?:(?:a|an|each|every|any|another)\\s+(?:\\w+\\s+)?\\w+'s\\s+`[^`]+`|(?:a|an|each|every|any|your|their|another|the user's|the deployment's|the caller's)\\s+(?:\\w+\\s+)?(?:project|repository|repo|replica|deployment|user|brain|machine|host|checkout|caller|client|server|instance)'s\\b|data ?dir(?:ectory|ectories)?\\b|`DataDir`)")

// linkTopic ends the text before a span in the parenthesis after a link: "[mission](m/README.md)
// (`runners.toml`, landings, ...)" lists what the linked document covers, not files of this repository.
var linkTopic = mustGate(`\]\([^()\s]+\)\s*\([^()]*$`)

// citeHeader is a table column of sources: "| law | seed |", "| rule | source |".
// placeHeader names a table column of places: its cells say where a thing is ("WHERE TO LOOK" tables
// of "| Task | Location | Notes |", "| What | Where |"). A header that only lists files beside other
// things ("Key Files") does not: radon's cheat sheet puts CSS classes there. A column of what to read
// ("| When | Read |", the hundred-and-seventy-fourth holdout's cepingzonghe) names documents the same way.
var placeHeader = mustGate(`(?i)^[*_\x60\s]*(?:locations?|where|paths?|file\s+paths?|files?|read|see|consult)[*_\x60\s]*$`)

// nameHeader names a table column of names: "Scriptlet Name", "Alias", "Aliases", "ID", "Key" (the
// eighty-fifth holdout's Hodos-Browser, whose scriptlet table gives each file's registered name,
// `json-prune-fetch-response.js` beside the file `json_prune_fetch_response.js`), and "Branch". placeWord
// keeps a column of file names a column of places ("File name", "Path").
var (
	nameHeader = mustGate(`(?i)\b(?:names?|alias(?:es)?|ids?|keys?|identifiers?|branch(?:es)?)\b`)
	// prefixHeader names a column of prefixes, which are branch names only beside a trunk branch
	// (parser.table): "| Prefixo | Origem | Destino |" over "| `feature/` | `develop` | `develop` |" (the
	// hundred-and-tenth holdout's account-engine-lab); under a layout heading a prefix may be a folder's
	// (the thirty-ninth's spec-kit twin)
	prefixHeader = mustGate(`(?i)\b(?:prefix(?:es)?|prefixos?|prefijos?|préfixes?)\b`)
	trunkCell    = mustGate("^" + trunkSpan + "(?:\\s*(?:[,+]|and|e|y)\\s*`[^`]+`)*$")
	placeWord    = mustGate(`(?i)file|path|dir|folder|location|module|script\b`)
)

// patternHeader is a table column of patterns: "| Document | Patterns to match |" over "`*-prd.md`,
// `*prd*.md`, `PRD.md`" (the hundred-and-twenty-ninth holdout's context-curator, the names an agent
// looks for in whatever project it is pointed at). Its cells are shapes of names, read as samples, and
// the patterns of one cell as alternatives: `*prd*.md` matching prod-mgmt/prd.md holds the row after
// the files `*-prd.md` once matched were renamed. So are a column's "Example Filename"s: "| `review-` | PR
// review notes | `202508240848-review-pr-fixes.md` |" (the two-hundred-and-third holdout's blz). A column
// of what an instruction file "Triggers on" or "Applies to" holds the same shapes (the two-hundred-and-
// twenty-second's AgentX-Test). So does a profile table's "Detected By" column: "| Python | `pyproject.toml`,
// `*.py` |" names what a tool looks for in a user's project (the two-hundred-and-forty-ninth's claude-sentient).
var patternHeader = mustGate(`(?i)\b(?:patterns?|globs?|examples?\s+(?:file\s*)?names?|triggers?\s+on|triggered\s+by|applies\s+to|apply\s*to|detected\s+by|detect(?:s|ion)?\s+(?:files?|markers?)|markers?)\b`)

// examplesHeader is a table column of samples: "| Kind | Style | Examples |", "| Тип | Стиль | Примеры |"
// (the ninety-fourth holdout's aimusicverse: `Button.tsx`, `AudioPlayer.tsx` under `PascalCase.tsx`).
// Its names are samples; one that existed and is gone stays drift unless its row is a naming rule. The
// ninety-eighth's subculture_map_KR heads the column "예시" over `plans/task_m100_12.md`, the
// hundred-and-fiftieth's nextjs-starterkit "Contoh" (Indonesian) over `Button.tsx`, `ThemeProvider.tsx`.
var examplesHeader = mustGate(`(?i)^[*_\s]*(?:examples?|samples?|e\.g\.?|примеры?|ejemplos?|exemplos?|exemples?|beispiele?|esempi|esempio|contoh(?:nya)?|ví\s+dụ|örnek(?:ler)?|przykłady?|示例|例子|例|예시|예제|예)[*_\s]*$`)

// formerHeader is a table column of what things were called or where they were: "| Old Path | New Path
// |" over a reorganization's rows (the hundred-and-fifteenth holdout's ProjectWEBAPP, sixteen rows whose
// old paths a move took away, or never in this history), "| From | To |", "| Was | Now |".
var formerHeader = mustGate(`(?i)^\W*(?:old|previous|former|legacy|deprecated|removed|was|from|before)(?:\s+(?:paths?|names?|locations?|files?|dir(?:ector(?:y|ies))?|modules?|places?))?\W*$`)

// shunHeader is a table column of what the reader is told not to use: "| Default (do NOT use) | Save
// here instead |" over `docs/research/` (the hundred-and-forty-fourth holdout's myrouter, whose rows move
// a tool's default places into _tasks/), "| Avoid |", "| ❌ Wrong |". Its cells are absent on purpose, and
// so are those of a column the header calls missing: "| Missing file | Referenced by |" under "Broken TOML
// references" (the hundred-and-ninety-seventh holdout's claude-agents), and those of "| Mistake | Fix |" (the
// two-hundred-and-fifth's bub: "| Naming i18n JSON with URL slugs (`zh-cn.json`) | Use BCP-47 |").
// placeSettingBefore ends the text before a setting's value with the setting's name, one that names a place
// ("`apiDir`: ", "`output_path` = ").
var placeSettingBefore = mustGate("`[a-z][A-Za-z0-9_]*(?:Dir|Path|Root|Folder|_dir|_path|_root|_folder)`[*_]*\\s*[:=]\\s*[*_]*$")

// goodHeader heads a column of the right way beside a shunHeader column of the wrong one: "| Good | Bad |".
var goodHeader = mustGate(`(?i)^\W*(?:good|correct|right|do|preferred|recommended)\W*$`)

var shunHeader = mustGate(`(?i)\b(?:do\s+not|don['’]t|never)\s+use\b|^\W*(?:missing|absent|nonexistent|non-existent|broken|dangling)(?:\s+(?:files?|paths?|links?|references?|refs?|targets?))?\W*$|^\W*(?:avoid|don['’]?t(?:\s+use)?|do\s+not\s+use|wrong|incorrect|bad|anti-?patterns?|(?:common\s+)?mistakes?|pitfalls?)\W*$|不要(?:使)?用|禁止使用|请勿使用|請勿使用|勿用`)

// formerHeaderCJK is formerHeader in Chinese, Japanese and Korean, the whole cell: "| 旧文件 | 迁移到 |"
// under "与旧 `shared/` 的对应关系" (the hundred-and-eighteenth holdout's leave-approval-agent, three rows
// of a file the migration split up). The cell is matched whole: "原因" (reason) is no former name. A
// parenthesis may say they are retired: "| 旧文件（退役） | 新文件（现行） |" (the hundred-and-seventy-sixth's
// slTerminal).
var formerHeaderCJK = mustGate(`^[\s*_]*(?:(?:旧|原|舊)(?:文件|路径|位置|目录|模块|名称|檔案|路徑|目錄|名)?(?:\s*[（(](?:退役|已删除|已刪除|废弃|廢棄|弃用)[）)])?|旧(?:ファイル|パス)|変更前|이전\s*(?:파일|경로|위치|이름)?)[\s*_]*$`)

// awayHeader is a table column of places in another project: the copy a package's users get once they
// install it ("Consumer (post-install) path", the hundred-and-first holdout's LuckyStack-v2, whose docs/
// holds the framework's own copy of each), the user's project, the downstream app. The header must name
// places: "| Consumer Module | What It Uses |" (round 82's clickgraph) lists this repository's modules.
// A fork's "| Upstream | openaxe | Notes |" (the hundred-and-thirty-third's openaxe) maps the project it
// forked to its own paths: the first column is upstream's. "| Vault path | Contents |" (the
// two-hundred-and-forty-fourth's NeoVet, under "lives in the vault, **not** in the repo") lists a notes
// vault's pages.
var awayHeader = mustGate(`(?i)\b(?:consumer|post-install|installed|downstream|user(?:'s)?\s+project|your\s+project|host\s+app)\b.{0,30}\b(?:paths?|copy|copies|locations?|files?)\b|^[\s*_]*(?:upstream|(?:obsidian\s+)?vault)(?:\s+(?:paths?|files?|locations?|pages?|notes?))?[\s*_]*$`)

// consumerCopyBefore names, just before a path, the copy a package's users get: "full detail in
// `docs/AI_BROWSER_TESTING.md` (consumer copy: `docs/luckystack/AI_BROWSER_TESTING.md`)" (the
// hundred-and-first holdout's LuckyStack-v2). "Consumer: `pages/SiteInfoOverlayRoot.tsx`" (round 85's
// Hodos-Browser) names the module here that uses a hook.
var consumerCopyBefore = mustGate(`(?i)\b(?:(?:consumer|installed)\s+(?:copy|path|projects?)|post-install(?:\s+(?:copy|path))?)\s*[:=]\s*$`)

var citeHeader = mustGate(`(?i)^(?:seeds?|sources?|specs?|references?|refs|origins?|cited(?: in)?|from)$`)

// runtimeExt are extensions of files a running program writes (a database, its journal, a pid or
// socket file): a repository does not track them, so a never-landed one is the program's file.
var runtimeExt = set(".db", ".sqlite", ".sqlite3", ".db-wal", ".db-shm", ".db-journal", ".pid", ".sock")

// refNamespace is a git ref namespace written like a path: "refs under `refs/organism/`", "refs/heads/".
// It names refs in .git, never a directory of the tree.
func refNamespace(p string) bool {
	return strings.HasPrefix(p, "refs/")
}

// sentenceAround is the sentence holding raw[from:to]: an owner named after a list of spans ("`a.toml`,
// `b.toml` and `c/` stay files in each replica's `DataDir`") is the owner of every span of the list.
func sentenceAround(raw string, from, to int) string {
	start := strings.LastIndex(raw[:from], ". ") + 1
	end := len(raw)
	if i := strings.Index(raw[to:], ". "); i >= 0 {
		end = to + i
	}
	return raw[start:end]
}

// noneBefore ends the text before a span the sentence says is not there: "when the case has no
// `history.txt`", "a module without `go.sum`", "there is **no `tailwind.config.js`**" (the thirty-sixth
// holdout's flipt). Its absence is what the claim says.
// formerBefore ends the text before a name the sentence places in the past: "the validation that used
// to live in `validate.ParamRef`", "a React SPA that replaces `spree/admin`", "replaces the legacy Rails
// `spree/admin` engine" (the twelfth holdout's sqlc and spree), "middleware are no longer registered in
// `app/Http/Kernel.php`" (the sixteenth's koel), "(former `apps/web/DESIGN*.md` retired)" (the
// forty-ninth's nexus, with no article), "the per-call input (was `cmd.CanonicalizeRequest`)" and "Lifts
// the per-ref loop out of `cmd/initializer.go`" (the fifty-fourth's germinator: an old name, and where
// code was moved from), "the removed `.serena/memories/`" (the fifty-fifth's FMP), "(issue #135; was
// `STD_COMPLETENESS.md`)" (the fifty-seventh's ball), "content that used to live in each SDK package's
// `ai-exported/` tree, moved verbatim" (the seventy-third's sodax-sdks, the owner named between). Its
// absence confirms the claim. "It replaced the project's own `packages/ui` shadcn copy" (the
// seventy-fourth's lindocara) names the owner between; "the durable architecture record - retired from
// `archdocs/`" (the same round's otto-code) names the old place. A spaced hyphen stands for a dash:
// "**`crates/atomcad-util/`** - was `src/util/`" (the eighty-seventh's atomCAD, six crates each with its
// old place). "(moved out of a projects-sync-local `claude-repo.ts`)" (the hundred-and-twelfth's
// LocalJobs) puts an article and a hyphenated modifier between. "(it replaced the old in-repo `build.yml`)"
// (the hundred-and-eighty-seventh's directive) says where the workflow was before the org's took over.
// "It lived at `packages/culture-scrape/` while it was vendored, then at `core/`" and "That test died
// with `server/`" (the hundred-and-twenty-fifth holdout's pinakes) say where code was, and German "Das
// Paket hieß bis 08/2026 `nwz/`" (was called until …: the hundred-and-twenty-sixth's Ratslotse) what
// it was called. German "eine frühere Server-Function-Datei (`src/server/*` der Web-App)" (a former …:
// the hundred-and-fiftieth's ai-image-generator) calls the name old.
// "The note grammar used to be a second such pair (`pkg/coach/markdown.go` and …)" and "Original site:
// `engine.rs:4724`, now folded into …" (the hundred-and-fifty-first's recall and task-mgr-framework)
// say what was. "Previously at `encoder.rs:1607–1612`, unimplemented opcodes …" (the hundred-and-fifty-third's
// quazistrap) is where fixed code was; "Do not add new references to retired `gateway.ts`" (its Resonote)
// calls the name gone. "It was three files — `ci.yml`, `docs.yml`, `release.yml` — split on …" (the
// hundred-and-seventy-second's open_audio_analyzer) counts what there were before. "It replaces the
// hand-rolled `build.sh` / `build-bundle.sh` scripts", "Extracted from `crates/context/src/group_store`
// in #2307" (the hundred-and-eighty-fifth's calimero core) and Portuguese "Havia um `apps/api/.dockerignore`
// que nunca foi lido" (there was one, never read: the hundred-and-eighty-sixth's connect-gsa) say what was,
// as does "There were empty `silver/` and `gold/` packages here" (the two-hundred-and-twenty-seventh's
// dataflow-databricks-airflow), and "implementation residue from `design/build-foundation.md`" (the
// two-hundred-and-twenty-sixth's glyph, what was left of a deleted design, moved to a to-do list) names
// where it came from.
var formerBefore = mustGate(`(?i)(?:\b(?:it|this|that)\s+(?:was|used\s+to\s+be)\s+(?:one|two|three|four|five|six|several|many|separate|\d+)\s+(?:separate\s+)?(?:files|workflows|scripts|modules|jobs|packages|crates|services)\s*[—–:(]?|\bused\s+to\s+(?:live|be|sit|reside|hold|contain|have|keep|ship)(?:\s+(?:in|at|under|on)(?:\s+[\w'’-]+){0,4})?|\bused\s+to\s+be(?:\s+[\w'’-]+){1,5}\s*\(|\boriginal(?:ly)?\s+(?:site|location|home|place|path)\s*[:：]|\breplac(?:es|ed|ing)(?:\s+(?:the|a|an|its|our|their|this|that|own|old|[\w-]+'s))*(?:\s+(?:global|shared|single|monolithic|legacy|previous|original|custom|separate|standalone|generic|default|static|inline|hand-written|handwritten|hand-rolled|handrolled|bespoke|ad-hoc|homegrown|home-grown|in-repo|in-tree|repo-local|per-repo|per-project|per-package|per-service|local|existing|vendored|bundled))?|\bsupersed(?:es|ed|ing)|\bformerly(?:\s+(?:in|at|under))?|\bpreviously\s+(?:in|at|under)|\b(?:hie(?:ß|ss)(?:en)?|früher(?:e[nmrs]?)?|ehemal(?:s|ige[nmrs]?)|vormals)(?:\s+[^\s\x60]+){0,4}|\blived\s+(?:in|at|under|inside)(?:\s+[\w'’-]+){0,3}|\blived\s+(?:in|at|under)\b[^.;!?]{0,80}\bthen\s+(?:in|at|under)|\bdied\s+with|\brenam(?:e|ing)\s+of|\brenamed\s+from|\bthe\s+legacy(?:\s+\w+){0,2}|(?:^|[.!?]\s+)the\s+old\s*$|\b(?:from|of|in)\s+the\s+old|\bformer(?:\s+\w+){0,2}|\b(?:retired|moved|migrated|relocated|ported)(?:\s+(?:up|down|over|out|back|in))?\s+from|\b(?:there\s+(?:was|were|used\s+to\s+be)|havia|houve|había|hubo)\s+(?:an?|one|um|uma|un|una)\s+|\bthere\s+(?:was|were|used\s+to\s+be)\s+(?:(?:some|two|three|several|empty|old|separate|other|stray|duplicate)\s+){1,2}|(?:^|[.!?]\s+|\n\s*(?:[-*+]\s+)?|\b(?:was|were|been)\s+(?:originally\s+)?)(?:extracted|split\s+out|carved\s+out|spun\s+out)\s+from|\bno\s+longer\s+(?:\w+\s+){0,2}(?:in|at|under|from|inside|via|through)|(?:\(|[;,]|\s[—–]|\s-)\s*(?:was|previously)(?:\s+(?:in|at|under))?|\b(?:the|to|of|from)\s+(?:now[- ])?(?:removed|deleted|retired)|\b(?:that|which|has|have|had|and)\s+retired|\b(?:residue|remnants?|leftovers?)\s+(?:from|of)|\b(?:lift(?:s|ed)?|mov(?:es|ed)|extract(?:s|ed)|split|carv(?:es|ed)|factor(?:s|ed))\b[^.;\x60]{0,60}?\bout\s+of(?:\s+(?:a|an|the|its|our|their|this|that))?(?:\s+(?:original|old|former|previous|monolithic|legacy))?(?:\s+[\w'’]+-[\w'’-]+)?)\s*[*_]*$`)

// romanceFormerBefore ends the text before a name Portuguese or Spanish places in the past, as
// formerBefore does in English: "Extraído de `packages/rest-api/src/api/services/savings.ts` na T-099b",
// "Client HTTP …, extraído de `…/quotes.ts`", "`@vetor-wallet/savings-core` (de `services/savings.ts`)"
// (a package and the file it came from), "o antigo `billing.ts` tinha 322 linhas" (the old …), "**não
// existe mais `packages/server`**" (no longer exists), "Saíram deste package `goals.ts`" (left this
// package), "saiu o resto, esvaziando `services/`" (emptying) and "Migrado para `…/CLAUDE.md` na T-099c —
// junto de `services/ofx.ts`" (moved along with …: the two-hundred-and-twenty-sixth
// holdout's vetor-wallet, whose packages say where their code lived before a split).
var romanceFormerBefore = mustGate("(?i)(?:(?:^|[.!?,;:]\\s+|\\n\\s*(?:[-*+]\\s+)?|\\b(?:foi|foram|fue|fueron)\\s+)(?:extra[íi]d[oa]s?|migrad[oa]s?|movid[oa]s?|trasladad[oa]s?)\\s+(?:de|do|da|dos|das|del|desde)|`@[\\w.-]+/[\\w.-]+`\\s*\\(\\s*(?:de|from|desde)|(?:^|[.!?:]\\s+|\\b(?:de|do|da|del|no|na|em|en)\\s+)(?:o|a|el|la)\\s+antig(?:u[oa]|[oa])|\\b(?:n[ãa]o\\s+(?:existe|existem|h[áa])\\s+mais|j[áa]\\s+n[ãa]o\\s+(?:existe|existem|h[áa])|ya\\s+no\\s+(?:existe|existen|hay))|\\bsa(?:iu|íram|iram)\\s+(?:deste|desta|daqui|do|da)(?:\\s+[\\w-]+)?|\\b(?:esvaziando|vaciando|emptying)|\\b(?:saiu|sa[íi]ram|migrad[oa]s?|movid[oa]s?|mov(?:eu|eram)|mud(?:ou|aram))\\b(?:[^.;!?\\n]|\\.\\w){0,120}\\bjunto\\s+(?:de|com))\\s*[*_]*$")

// usedToAfter follows a name, or a list of names, with what it used to be: "`gen-parity-spec.ts` and
// `record-parity-fixtures.ts` used to live here" (the same round's pinakes).
var usedToAfter = mustGate("^(?:\\s*(?:,|and|&)\\s*`[^`\\n]*`)*\\s+used\\s+to\\s+(?:live|be|sit|exist|reside)\\b")

// renamedBefore ends the text before a name a rename took away when renameArrowAfter opens the text
// after it with the name it took.
var (
	renamedBefore    = mustGate(`(?i)\brenamed\s*[*_]*$`)
	renameArrowAfter = mustGate("^[*_]*\\s*(?:→|->|=>|\\bto\\b)\\s*[*_]*`")
)

// wasBefore and untilAfter place a name in the past by what the sentence says of it: "It was
// `rust/src/crystolecule/` until Phase 4 of `doc/design_rust_crate_split.md` made it its own crate"
// (the eighty-seventh holdout's atomCAD, where each crate's document says where it lived before the
// split). The name held until something changed it; "It is `x/` until Phase 4" still claims it.
var (
	wasBefore  = mustGate(`(?i)\b(?:was|were|lived\s+(?:in|at|under))\s+[*_]*$`)
	untilAfter = mustGate("(?i)^[*_]*(?:[^.;:\n`]|`[^`\n]*`){0,60}?\\buntil\\b")
	nowAfter   = mustGate(`(?i)^[*_]*\s*,?\s*(?:and|but)\s+(?:is|are)\s+now\b`)
)

// noneBefore ends the text before a name the sentence says is not there: "there is no `X`", "without
// `X`", "Cursor rules: none found in `.cursor/rules/` or `.cursorrules`" (the fifty-second holdout's
// moqserver), or a sentence that opens with "No `CHANGELOG.md` — the project deliberately has none" (the
// forty-seventh holdout's remnawave-minishop), or a label: "**Removed**: `openspec/specs/AGENTS.md`
// (deleted; …)" (the fifty-fourth's germinator), or a dash or parenthesis: "the C++ build is
// libprotobuf-free — no `cpp/shared/gen/`" (the fifty-seventh's ball), or a contrast: "an exported pure
// function taking `query`, not a `store.filtered(tab)` method" (the sixty-first's context-cake).
// The word may be bold on its own, and open a list: "there is **no** `requireAdmin()` / `requireOwner()`"
// (the seventy-third holdout's appstrate). A word or two may say which kind: "AetherEdge owns no
// in-tree `extensions/` layer" (the eightieth's AetherEdge, a layer a commit removed). "There is **no
// `BRC100Bridge.cpp` and no `BRC100Handler.cpp`**" (the eighty-fifth's Hodos-Browser) repeats the no.
// A label may name what went and open a list: "File eliminati: `PreviewBanner.tsx`, `PreviewRoleContext.tsx`"
// (the hundred-and-eleventh holdout's karibu-baskin). A sentence's "No" opens a list too, "No
// `build.gradle`, `package.json`, or wrappers exist yet", and a
// "no" before its subject denies the verb after: "no member ships a `mitup_bot/__init__.py`" (both the
// hundred-and-fourth holdout's, trippilot and mitup-telegram-bot). A comma may stand for the dash,
// "(`@tailwindcss/vite`, no `tailwind.config.mjs` — …)", and German says it with kein: "Keine separate
// `felder.yaml` nötig" (both the hundred-and-fourteenth's, void-energy-ui and amorph). "Do not use
// nonexistent commands such as `pnpm build:mp`" names what is not there, as its Chinese twin did in the
// hundred-and-thirty-seventh's Uniapp-Template-Cli. A dash may set the name against what is used:
// "(native cmake — **not** `make defconfig`/ARM kbuild)" (the hundred-and-thirty-eighth's sar_nano_swarm).
// "— no separate `tailwind.config.js` file is needed" (the hundred-and-fiftieth's school_managment).
// "No separate `init/templates/` tree" and "No layer-first `services/` buckets" (the
// hundred-and-fifty-sixth's auto-flow and prism) put a kind of place between the word and the name.
// Portuguese "Server functions em `src/functions/` (não `server-functions/`)" (not: the
// hundred-and-fifty-fifth's study-app) sets the place against the old one, as "(no `x`)" does. "flat
// inside the component folder — no nested `libs/` or `helpers/` subfolders" (the hundred-and-sixtieth's
// infinitus-frontend) rules out each name of its list. "No checked-in `tests/` or `*.test.ts` files were
// found" and "No `bun test` script or `*.test.ts` files exist" (the hundred-and-seventy-second's NM-TS) say
// where the name sits, or what kind the name before is. French "Note : pas de `cli/src/core/tracing/`" (no
// such folder: the two-hundred-and-ninth holdout's isaac-cli and its fork) and "No API route handlers
// (`src/app/api/**`)" (its studious-octo-invention, whose ESP32 serves the API) say none is there, and
// so does "No legacy `backend/` folder." (the two-hundred-and-thirty-second's diegobarbosa-os), and "no
// role under `ansible/` has a `defaults/` directory" (the two-hundred-and-thirty-seventh's infra-cd).
var noneBefore = mustGate(`(?i)\b(?:is|are)\s+(?:\w+ly\s+)?not\s+an?\s+(?:(?:generated|checked-in|committed|real|physical|static)\s+)?[*_]*$|(?:,|[—–])\s*not\s+(?:(?:in|inside|under|into)\s+)?(?:an?|the)\s+(?:new|separate|another|second|extra)?\s*\**$|(?:[—–]|\s-)\s*[*_]*(?:not|never)[*_]*\s+$|\bnone\s+(?:(?:found|present|exists?)\s+)?(?:in|at|under)\s+(?:\x60[^\x60\n]*\x60\s*(?:,|or|and|nor)\s*)*\**$|\b(?:there\s+(?:is|are|was|were)(?:\s+\w+ly)?|there's|has|have|had|with|holds|carries|owns|contains|keeps|ships)\s+\**no\**\s+(?:[\w-]+\s+){0,2}?(?:\x60[^\x60\n]*\x60\s*(?:,|/|or|nor|and\s+no)\s*)*\**$|\bwithout\s+(?:an?\s+|any\s+)?\**$|\bnon-?exist(?:ent|ing)\s+(?:[\w-]+\s+){0,2}?(?:(?:such\s+as|like|e\.g\.,?|including)\s+)?(?:\x60[^\x60\n]*\x60\s*(?:,|/|or|and)\s*)*\**$|(?:^|[.!?;][*_]*\s+|\n\s*(?:[-*+]\s+)?)(?:(?:✅|❌|⚠️?|🚫|✔️?)\s*)?\**No\**\s+(?:(?:separate|extra|additional|dedicated|standalone|top-level|root-level|second|parallel|checked-in|committed|tracked|legacy|old|stray|leftover|[a-z]+-first|[a-z]+-level)\s+)?(?:\x60[^\x60\n]*\x60\s*(?:(?:script|file|folder|directory|command|target|module)\s+)?(?:,\s*(?:or\s+|nor\s+|and\s+)?|/\s*|or\s+|nor\s+|and\s+|ou\s+|oder\s+))*\**$|\bno\s+(?:[\w-]+\s+){1,2}?(?:(?:under|in|inside|within|of)\s+\x60[^\x60\n]*\x60\s+)?(?:ships|has|have|holds|contains|includes|carries|keeps|owns|defines|exports|needs)\s+(?:an?\s+|any\s+)?\**$|(?:\s[—–]|\(|,)\s*\**(?:no|não|nao|nicht)\**\s+(?:(?:separate|extra|additional|dedicated|standalone|nested|top-level|root-level|central|shared|global)\s+)?(?:\x60[^\x60\n]*\x60\s*(?:,|/|or|and|nor)\s*)*\**$|\bkein(?:e|en|er|es|em)?\s+(?:[\pL-]+\s+){0,2}?\**$|(?:^|[\s(|])[*_]*(?:removed|deleted|retired|dropped)[*_]*\s*[:：]\s*[*_]*$|(?:^|\n|[.!?]\s)\s*(?:[-*+]\s+)?[*_]*(?:(?:files?|arquivos?|archivos?|fichiers?|dateien)\s+)?(?:removed|deleted|retired|dropped|removid[oa]s?|eliminad[oa]s?|eliminat[ie]|rimoss[ie]|borrad[oa]s?|supprimée?s?|entfernt|gelöscht)[*_]*\s*[.:：]\s*[*_]*\s*(?:\x60[^\x60\n]*\x60\s*[,，、]\s*)*$|(?:^|[\s(:：])(?:pas\s+de|aucune?|no\s+hay|não\s+há|nao\s+ha)\s+(?:[\pL-]+\s+){0,2}?\**$|(?:^|[.!?;][*_]*\s+|\n\s*(?:[-*+]\s+)?)\**No\**\s+(?:[\w-]+\s+){1,4}\(\s*\**$`)

// noneExistAfter closes the sentence of a name, or of names it lists between other words, by saying
// none of them exists: "They describe a Flutter app (`mobile-app-legacy-flutter/`), a generated Dart
// client (`packages/locker_api/`), and a root `docker-compose.yml` — **none of these exist in the
// repo**" (the ninety-third holdout's Open-Locker). A period inside a file name does not end the sentence.
// "(**not** `scripts/lib/grassiness.py` — there is no such file)" (the ninety-fifth holdout's
// Bluegrass-Songbook) says it of one name.
var noneExistAfter = mustGate(`(?i)^(?:[^.!?]|\.\w){0,240}?[—–:;(]\s*\**\s*(?:(?:none|neither)\s+of\s+(?:these|them|those|which)\s+(?:\w+\s+){0,2}?(?:exists?|(?:is|are)\s+(?:here|present))|there\s+(?:is|are)\s+no\s+such\s+(?:files?|director(?:y|ies)|folders?|paths?|modules?|scripts?))\b`)

// goneListAfter follows a name, or a list of names, that the rest of the sentence says are gone or
// must stay gone: "Reference `src/adapter/`, `DefaultAdapter`, or `AdapterError` — these no longer
// exist", "`adapter/mapper/` and `adapter/provider.ts` are legacy architecture and must stay removed"
// (the fifty-third holdout's GodeX). Their absence is what the sentence says.
var goneListAfter = mustGate("(?i)^(?:\\s*(?:,|and|or|nor|&)?\\s*(?:or\\s+)?`[^`\\n]*`)*(?:\\s*[—–:-]\\s*(?:these|they|both|all\\s+(?:of\\s+)?(?:these|them))\\s+(?:\\w+\\s+){0,2}?(?:no\\s+longer\\s+exists?|(?:are|were|have\\s+been)\\s+(?:gone|removed|deleted))|\\s+(?:is|are)\\s+(?:[\\w-]+\\s+){0,3}?(?:and\\s+)?(?:must|should)\\s+(?:stay|remain)\\s+(?:removed|deleted|gone))\\b")

// deletedListAfter follows names with the word that says they were deleted, ending its clause:
// "`runners/` and `graphs/` DELETED — logic absorbed by `LangGraphInProcProvider`" (the fifty-eighth
// holdout's cogni-template). "`old/run.py` deleted rows are compacted" goes on: a program that deletes.
// Documents written in Spanish, Portuguese or French say it so: "(`app/calendar/`, `app/tasks/` se
// eliminaron: …)" (the sixty-third holdout's Ynara). The list may end on what goes with its names:
// "`source-preference.ts`, `SourcePreference.svelte`, and their tests are deleted (every remaining
// importer was itself one of the deleted files)" (the seventy-second holdout's CeraUI), an aside after.
// A name may carry a note or the part of it meant: "`renderer.ts` (5 378 lines), `stage-application.ts`
// … and `tiny-swords-art.ts`'s three `slice*` helpers were deleted with it" (the seventy-fourth's
// lindocara). A wrapped list may say it of all its names at once: "`crypto.rs` (ECDH/epoch-key AES-GCM),
// `nwc.rs` (NIP-47\n  client), … and `examples/` (…) all deleted outright" (the two-hundred-and-forty-third
// holdout's Aetheria).
var deletedListAfter = mustGate("(?i)^(?:\\s*\\([^()]{0,60}\\)|'s\\s+(?:[\\w-]+\\s+){0,3}`[^`\\n]*`(?:\\s+[\\w-]+)?)?(?:\\s*,?\\s*(?:and|or|nor|&)?\\s*`[^`\\n]*`(?:\\s*\\([^()]{0,60}\\)|'s\\s+(?:[\\w-]+\\s+){0,3}`[^`\\n]*`(?:\\s+[\\w-]+)?)?)*(?:\\s*,?\\s*(?:and\\s+)?(?:its|their)\\s+(?:own\\s+)?(?:tests?|specs?|stories|fixtures)\\b)?\\)?\\s+(?:(?:all|both)\\s+)?(?:(?:is|are|was|were|have\\s+been|has\\s+been)\\s+)?(?:deleted|removed|se\\s+elimin(?:aron|ó)|(?:fueron\\s+)?eliminad[oa]s?|se\\s+borra(?:ron|ó)|(?:foram\\s+)?removid[oa]s?|supprimée?s?)(?:\\s+(?:outright|entirely|completely))?(?:\\s*(?:[—–:;,.()]|$)|\\s+(?:along\\s+)?with\\s+(?:it|them)\\b)")

// deletedNounsAfter follows names, then the kind of thing they were, with a past copula that says they
// were deleted: "the old `docker/vault-configs/`,\n`docker/ecommerce.sql` and top-level `docker/*.json` seed
// sources were\ndeleted once the canonical path replaced them" (the two-hundred-and-forty-seventh holdout's
// microservice-ecommerce). One word may stand before a later name; the past copula keeps "`x` deleted
// rows are compacted" out.
var deletedNounsAfter = mustGate("(?i)^(?:\\s*,?\\s*(?:and|or|&)?\\s*(?:[a-z][\\w-]*\\s+)?`[^`\\n]*`)*(?:\\s+[a-z][\\w-]*){0,3}\\s+(?:(?:all|both)\\s+)?(?:were|have\\s+been|had\\s+been)\\s+(?:all\\s+)?(?:deleted|removed)\\b")

// goneCell is a table row's later cell that says the row's name is not there: "| `mq/` | — | **Does not
// exist** | N/A |" (the fifty-fourth holdout's pratc, three rows). The whole cell says so; a cell that
// only mentions a removal ("removed the old API") does not.
//
// A cell may also open with the word as a sentence of its own, "| `StoreSyncService.ts` | Removed.
// Cross-store synchronization is now explicit in …|", or call the place empty, "| `diagrams/` |
// Architecture diagrams (currently empty - placeholder for future diagrams) |" (the sixty-seventh
// holdout's brainflow2): git keeps no empty directory. Chinese says it "| `hooks/` | 自定义 React Hooks
// （当前为空） |" (currently empty: the hundred-and-forty-eighth's yaya-calendar), and a cell that opens, or
// opens its parenthesis, with "已删除" (deleted): "| `dwm-theme.ts` | **Helper** | … | **已删除**（WebView2 壳，…）
// |" (the hundred-and-fifty-second's deepseek-harness-hub, eleven rows).
// A cell may say the row's file is a legacy one a migration removes: "| `.rex/prd.md` | (Legacy) flat
// Markdown PRD; migration source for `rex migrate-to-folder-tree`. Absent after migration. |" (the
// seventy-fifth holdout's n-dx). "| Resurrect any code from `src/snooze/` | It's deleted — reference only via `git
// log`. |" (the hundred-and-forty-first's snooze) says it of the row's name. "| `download_datasets.py` | ⚠️
// **MISSING** — documented but not present in codebase |" (the hundred-and-sixty-first's graduation-project)
// opens with the word; "| `internal/readme` | *(removed)* |" (the two-hundred-and-ninth's syllago) puts it in
// parentheses. Spanish says it too: "| `03_numerical_validation/` | 0 | ❌ NO EXISTE |", "| `appendices/` | 0 |
// ❌ ELIMINADO |" (the two-hundred-and-twenty-eighth's UniversoCentr-fugo). "| `web/` | Referenced by configuration
// but absent from this repository |" (the two-hundred-and-twenty-ninth's boombang-html5) says it mid-cell.
// "| `diagrams/` | Empty / pending | … not yet produced |" (the two-hundred-and-fortieth's whfb-tow-companion).
var goneCell = mustGate(`(?i)\|\s*[*_]*(?:it(?:'s|’s|\s+is|\s+was|\s+has\s+been)\s+(?:deleted|removed|gone)\b|[(\[]?(?:does\s+not\s+exist|doesn['’]t\s+exist|not\s+present|absent|removed|deleted|gone)[)\]]?[*_.]*\s*\||(?:removed|deleted)[*_]*\s*[.:;—–]\s)|\|[^|]*\b(?:currently\s+empty|empty\s+placeholder|absent\s+after\s+(?:the\s+)?migration|(?:but|yet)\s+(?:is\s+|are\s+)?(?:absent|missing)\s+(?:from|in)\s+(?:this|the)\s+repo(?:sitory)?)\b[^|]*\||\|[^|]*(?:当前|目前|暂时?|现在?|尚)为空[^|]*\||\|(?:[^|]*?[（(])?\s*[*_]*(?:已删除|已刪除|已移除|已废弃)[*_]*\s*(?:[）)：:（(,，]|\|)|\|\s*[*_]*\(\s*legacy\s*\)|\|\s*[*_]*empty[*_]*\s*(?:[—–:;./]|\s-\s|\|)|\|\s*(?:⚠️?|❌|🚫)?\s*[*_]*(?:missing|no\s+existe|não\s+existe|n['’]existe\s+pas|existiert\s+nicht|eliminad[oa]s?|borrad[oa]s?|removid[oa]s?|supprimée?s?|gelöscht|entfernt)[*_]*\s*(?:[—–:;.(]|\s-\s|\|)`)

// matchesCue marks a pattern shown with what it matches: "`*.log` → matches `latest.log`, `debug.log`"
// (the fifty-fourth holdout's spoutmc, an exclude list's examples). The pattern and its samples show how
// matching works, not files kept here.
var (
	matchesAfter  = mustGate(`(?i)^\s*(?:→|->|=>|:)?\s*match(?:es|ing)?\s+\x60`)
	matchesBefore = mustGate(`(?i)\bmatch(?:es|ing)?\s+(?:\x60[^\x60\n]*\x60\s*,\s*)*$`)
)

// scopeLabelBefore ends a label of what an agent may or may not change, over the globs it lists: "Cannot
// modify: `docs/prd/**`, `docs/adr/**`, `.github/workflows/**`" (the two-hundred-and-thirty-second
// holdout's SteeringLLM, whose workflows a commit removed): a scope, whatever matches it today.
var scopeLabelBefore = mustGate("(?i)\\b(?:can|cannot|can['’]t|may(?:\\s+not)?|must\\s+not|(?:not\\s+)?allowed\\s+to)\\s+(?:modify|edit|touch|write(?:\\s+to)?|change)[*_]*\\s*[:：]\\s*[*_]*\\s*(?:`[^`\\n]*`\\s*,\\s*(?:and\\s+|or\\s+)?)*$")

// koreanExcludedAfter follows globs with Korean "… excludes them from …": "`frontend/tsconfig.json`은
// `src/components/**/*`와 `src/store/**/*`를 TS 검사에서 제외한다" (the same round's Data-Analysis-Agent):
// the patterns a configuration leaves out.
var koreanExcludedAfter = mustGate("^(?:\\s*(?:,|와|과|및|또는)\\s*`[^`\\n]*`)*\\s*(?:를|을)\\s*[^.。\\n`]{0,40}?제외")

// excludedAfter says so after the glob: "(config in `.yamllint.yaml`; `.md` files and
// `clusters/*/flux-system/` are excluded)" (the two-hundred-and-thirty-fifth holdout's elysium, a pattern
// the config still holds for clusters a commit removed).
var excludedAfter = mustGate("(?i)^(?:\\s*(?:,|and|or)\\s*`[^`\\n]*`)*\\s+(?:are|is)\\s+(?:also\\s+)?(?:excluded|ignored|skipped)\\b")

// excludedBefore ends the text before a glob a filter leaves out: "Excludes `README.md` and names
// matching `*.template.md` / `*.example.md`" (the fifty-third holdout's GeneralizedNotationNotation).
// The pattern says what a program skips, not that files of that shape are kept here. So does Chinese
// "**排除** `electron-builder` 自身、`*.md`、`*.d.ts`" (excludes …: the two-hundred-and-thirty-seventh
// holdout's T8-penguin-canvas, electron-builder's file list). A policy's exemptions are such patterns:
// "- Exempt: `tests/**`, `benches/**`, `config/**`" under a file-size limit (the
// two-hundred-and-forty-seventh's axon_rust, which has no benches/).
var excludedBefore = mustGate(`(?i)(?:\b(?:exclud(?:es?|ed|ing)|ignor(?:es?|ed|ing)|skips?|skipped|skipping|exempt(?:s|ed|ions?)?)\b|排除|忽略|跳过|跳過|不包含|不包括)(?:[^.;!?。；！？\n]|\.\S)*$`)

// Absence said in other languages, as handoff documents are written in them: Chinese "合并自原
// `DEV_WORKFLOW.md` / `CI_SETUP.md`" (merged from the former …), "含已删 `narrator.py`" (including
// the deleted …), "`x.py` 已删除" (… has been deleted), "`x.py` 不存在" (does not exist),
// "当前仓库没有 `apps/mobile/` 目录" (the repository has no …, the fifty-third holdout's mobvibe), "不生成
// HTTP 专用 `i_*.proto`" (does not generate …, the fifty-sixth's servora); Russian
// "`CHANGELOG.md` в проекте нет намеренно" (there is none in the project, on purpose), "удалён"
// (deleted). The forty-seventh holdout's worldbox-writer and remnawave-minishop. Chinese "launcher 家族已删除
// （`launcher.mjs` / `dsh-hub.mjs` / …）" (the launcher family was deleted: its list in parentheses),
// "（`lock.mjs` 已删）" (… deleted, the short form) and "重构由 `src/desktop.ts`、`src/tauri-shell.ts` 迁入"
// (the refactor moved in from …): the hundred-and-fifty-second's deepseek-harness-hub. Russian "старый
// `ts/.claude/settings.json`" (the old …) and "правит исчезнувший `…`" (edits the vanished …): the
// hundred-and-forty-eighth's mpu. Ukrainian "дзеркало
// колишнього `railway.toml`" (a mirror of the former …) and "`harness-a-b.yml` прибрано" (… removed):
// the sixty-fifth holdout's sergeant. Chinese "（4 个文件，无 `tankopedia.json`）" (… none of …): the
// sixty-seventh's WotbTools. "`FusionOneLoginClient.kt`、`FusionAuthProtocolActivity.kt`、融合 Activity…均已删除"
// (… have all been deleted: a list joined by "、"), "不允许再调用 `followStreamingByDelta(...)`" (may no
// longer call), "不再运行 `alignVisibleChatListBottom(...)`" (no longer runs): the sixty-eighth's wuhao2026.
// "旧仓库 `specs/`、`docs/uiux/`" (the old repository's …): the seventy-first's claread. "历史上分散在
// `agents/`、`graphs/` 的代码已收敛至此" (code historically spread over … now gathered here) and "**不要**为了拆而
// 拆出无主 `helper.ts`" (do not split out an ownerless …): the seventy-eighth's AI-Novel-Writing-Assistant.
// "不得让安装器重新创建 `src/hooks`、`src/lib` 等旧技术分层" (must not let the installer re-create …): the
// eighty-sixth's Loby; 不得, 禁止, 不可, 不能 and 切勿 forbid as 不要 does.
// "`car_state.py` / `car_booking_fsm.py` / … 均已删除" (… have all been deleted: a list joined by "/", the
// ninety-ninth's hermes-feishu-agent).
// "不要使用不存在的命令，例如 `pnpm dev`、`pnpm build:mp`" (do not use commands that do not exist, such as …:
// the hundred-and-thirty-seventh's Uniapp-Template-Cli): each name of the list the sentence calls nonexistent.
// "**后端位置**：`python/` (非 `server/`)" (the backend is in …, not …: the hundred-and-fortieth's ShiBanChuanQi,
// whose server/ a commit moved into python/) sets the name against the place that holds it. "`internal/repository/cache/`
// 目录已删除" (the directory has been deleted) names what went; "不再保留以 `*_console.py` 命名的…" (no longer keep …
// names), "不再以 `x` 作为…" (no longer use … as) and "不允许新增 `x` 形式的…" (may not add …) keep a pattern out (both
// the hundred-and-forty-first's, bamboo-main and vi_ai_core_service).
// Korean: "이전엔 `.claude/rules/livemetro-functions.md`로 매 세션 항상 로드됐으나 … 이동" (previously loaded
// as …, moved: the ninety-eighth's LiveMetro); 삭제된 / 제거된 (deleted, removed) before a name, 삭제됨 after.
// Korean "이 폴더에 `vite-env.d.ts` 없음" (this folder has no …: the hundred-and-fourth's kakao_mac_dev).
// A noun may stand between: "공용 `packages/` 디렉토리는 없으며" (there is no shared … directory: the
// hundred-and-twenty-fourth's log-trip). "- `ocr/` — (뷰 없음)" (no views) and "`sample_*.yml`(구
// `wondong_*.yml`)" (formerly …): the hundred-and-twenty-eighth's bookmark_app.
// Korean "과거 `fields/`" (in the past …), "`grid.tsx`(구 `Grid`)는 결국 완전히 해체돼 삭제됐다" (… was in the
// end taken apart and deleted, the verb closing the clause whose subject the name is: no other name
// takes 은/는 between them) and "`layout/`에서 여기로 옮겨졌었지만" (had been moved here from …): the
// hundred-and-seventeenth's tie-knot.
// Turkish "`public/favicon.svg` silindi" (… was deleted; kaldırıldı, was removed: the hundred-and-sixth's
// ardekostudios.com).
// Chinese "不能同时存在 `engine.py` 和 `engine/` 目录" (… must not both exist: its AITD), and in traditional
// characters "刪掉了原本的五個模組：`bed_exit.py`（A 離床）、`wandering.py`（E 遊走）" (deleted the original
// five modules: …) and "不准把 `wandering.py`（E 遊走）、`micro_motion.py`（F 躁動）復活" (… must not be
// revived: its BuBuCare), where each name of a list may carry a note in parentheses. "不在已移除的顶层
// `pages/`、`components/` … 或 `config/` 下新增实现" (add nothing under the removed top-level …: the
// eighty-fourth's RADAR, once .gitignore's CRLF no longer hid `config/`) names what went, the list run on
// with 或. Russian "Не использовать агрегирующие `types.ts`" (do not use aggregating …: the
// hundred-and-fifty-ninth's gennady) forbids a kind of file, as English's neverUseBefore does; so does Chinese
// "避免单个 `cache.py` 堆成巨石" (avoid one cache.py piling up into a monolith: the hundred-and-sixty-fifth's
// fastapi-backend), and "禁止重新形成 `utils.py` 杂物箱" (must not form a utils.py junk drawer again: the
// hundred-and-seventy-first's vscode-graph-agent-opencode). "旁线已删除：无 PyQt / SwiftUI / `legacy/`" (side lines
// deleted: no PyQt, SwiftUI or legacy/: the hundred-and-ninety-seventh's downany) joins plain names to the list.
// From the two-hundredth's astrbot_plugin_memora and ai-operator-execution-optimization: "旧 `core/base` 与
// `core/models` 门面已删除" (the old facades are deleted), "`core/storage` re-export 已删除", "不要把验证编排移回 `core/base`" (do not move the
// validation back into core/base) and "不再从 `opening/assets/charts/`、… 或 `learning/figures/` 复制" (no
// longer copy from …). A bare "禁止" (forbidden) says it of what follows: "禁止 `archive/` 文档目录" (no archive/
// docs folder: the two-hundred-and-twenty-third's moryflow); "禁止修改 `x.go`" (do not edit) still names a file.
var (
	// foreignGoneBefore ends the text before a name, or a list of names joined by "/", "、" or commas
	foreignGoneBefore = mustGate("(?:[（(]구|이전엔|이전에는|예전엔|예전에는|과거(?:에는?|엔)?|삭제된|제거된|没有|并无|无|旧(?:仓库|项目)(?:的|中的|里的)?|不再(?:运行|调用|使用|保留)?(?:独立|单独|任何|以|从|從)?|不允许再?(?:调用|使用|新增|添加|创建)|已删除?|已移除|已废弃|已弃用|原|旧的?|删除了?|刪除了?|删掉了?|刪掉了?|已刪除?|移除了?|бывш\\p{L}*|стар(?:ый|ая|ое|ые|ого|ой|ом|ую|ых)|прежн\\p{L}*|исчезнувш\\p{L}*|przeniesion\\p{L}*\\s+z|удал[её]нн\\p{L}*|колишн\\p{L}*|видален\\p{L}*|вилучен\\p{L}*)(?:的\\p{Han}{0,4})?[*_]*\\s*[（(]?\\s*(?:(?:`[^`\\n]*`|[\\p{L}\\p{N}.+#-]+)\\s*(?:[（(][^）)\\n]{0,30}[）)]\\s*)?(?:[/、,，]|и|和|及|或者?)\\s*)*$|不会?(?:生成|创建|提交)[^，。；、`\\n]{0,24}$|历史上[^，。；、`\\n]{0,6}(?:`[^`\\n]*`\\s*(?:[/、,，]|和|及)\\s*)*$|(?:删除|刪除|删掉|刪掉|移除)了?[^，。；、`\\n]{0,16}[:：]\\s*(?:`[^`\\n]*`\\s*(?:[（(][^）)\\n]{0,30}[）)]\\s*)?[/、,，和及]\\s*)*$|[（(]\\s*(?:非|而非|不是)\\s*$|(?:而非|而不是)\\s*$|不存在的\\p{Han}{0,6}[，,：:]?\\s*(?:例如|比如|像是?|包括)?[:：]?\\s*(?:`[^`\\n]*`\\s*(?:[/、,，]|和|及|或者?)\\s*)*$|(?:不要|不得|禁止|不可|不能|不准|切勿|\\*{0,2}(?i:do\\s+not|don['’]t|never)\\*{0,2}\\s*)[^，。；、`\\n]{0,12}(?:拆出|新建|新增|创建|建立|添加|存在|共存|形成|移回|放回|迁回|搬回|挪回|加回)[^，。；、`\\n]{0,12}(?:`[^`\\n]*`\\s*(?:[/、,，]|和|及)\\s*)*$|(?:^|[^\\p{L}])[Нн]е\\s+(?:использ|добавля|созда)\\p{L}*\\s+(?:\\p{L}+\\s+){0,2}[*_]*$|避免(?:单个|單個|一个|一個|单一|單一|再(?:次)?|使用|出现|出現|新增|创建|建立)?的?\\s*$|(?:^|[^\\p{Han}])禁止\\s*[*_]*$")
	// foreignGoneAfter opens the text after a name
	foreignGoneAfter = mustGate("^(?:\\s*、[^、，,。；;\\n]{1,40}|\\s*[/／]\\s*`[^`\\n]*`)*\\s*(?:均|都|全部)?(?:(?:\\s*[（(][^）)\\n]{0,40}[）)])?\\s*(?:(?:[은는이가을를]|[와과]\\s*같이)\\s*)?(?:\\s*[—–]\\s*\\**)?(?:[^`\\n.。!?—]|`[^`\\n]*`[^은는`\\n]){0,100}?(?:삭제|제거|폐기)(?:됨|되었|됐|했)|에서\\s*[^`\\n.。!?—]{0,20}?(?:옮겨|이동)|(?:目录|目錄|文件夹|文件|檔案|模块|模組|包|门面|門面|兼容层|兼容層|\\s*re-?exports?\\s*)?(?:已经?被?|被)(?:删除|刪除|移除|废弃)|不存在|不再存在|已删(?:[）)，,。；\\s*_]|$)|迁入|迁移过来|迁移而来|移入|搬入|(?:silindi|kaldırıldı|silinmiştir|kaldırılmıştır)(?:\\s|$|[.,;:!])|\\s*[—–-]?\\s*[（(]\\s*\\p{Hangul}{0,6}\\s*없음\\s*[）)]|(?:[은는이가]\\s*|\\s*\\p{Hangul}{1,6}[은는이가]\\s*)?없(?:음|다|습니다|어요|으며|고)(?:\\s|$|[.,;:!])|(?:[\\p{L}\\s]{0,20}\\s)?нет(?:\\s|$|[.,;:!—-])|(?:был\\s+|была\\s+|было\\s+)?удал[её]н|[^`\\n.;]{0,60}?\\busunięt\\p{L}*|(?:прибран|видален|вилучен)\\p{L}*)")
)

// movedAfter opens the text after a name, or a list of names, that the sentence says has moved away:
// "`lighter_ffi.rs` and `lighter_trading.rs` have been moved to `exchanges/lighter/`" (the forty-eighth
// holdout's aleph-tx), "The monolithic `app-shell.tsx` is superseded by dedicated pages" (the
// fiftieth's finance-os). The names before the verb are gone from where they were; the destination
// after it is still checked.
var movedAfter = mustGate("(?i)^(?:\\s*(?:,|and|or|&)?\\s*`[^`\\n]*`)*\\s*(?:(?:has|have)\\s+(?:since\\s+)?been|was|were|got|(?:is|are)(?:\\s+now)?)\\s+(?:moved|renamed|relocated|superseded|retired)\\b")

// formerName is a name a sentence gives as what something was first called: "It was originally
// introduced as `local-api/` (… under `local-api/{works,kb}/`) and was renamed to `daemon-api/`" (the
// forty-ninth holdout's nexus, eight rows), "renamed from `X`", "formerly known as `X`". That name and
// every path under it are the past; the new name is still checked.
var formerName = mustGate("(?i)\\b(?:originally\\s+(?:\\w+\\s+){0,2}(?:as|at|in|under)|renamed\\s+from|formerly(?:\\s+(?:known\\s+as|called|named))?)\\s+`([^`\\n]+)`")

// formerRoots are the names a claim says something was first called.
func formerRoots(raw, lowerRaw string) []string {
	if !strings.Contains(lowerRaw, "originally") && !strings.Contains(lowerRaw, "renamed from") && !strings.Contains(lowerRaw, "formerly") {
		return nil
	}
	var out []string
	for _, m := range formerName.FindAllStringSubmatch(raw, -1) {
		out = append(out, strings.TrimSpace(m[1]))
	}
	return out
}

// underFormer reports a span that is a former name or a path below one.
func underFormer(body string, roots []string) bool {
	body = strings.TrimSpace(body)
	for _, r := range roots {
		if body == r || strings.HasSuffix(r, "/") && strings.HasPrefix(body, r) {
			return true
		}
	}
	return false
}

// movedWords gate movedAfter.
var movedWords = []string{" moved", " renamed", " relocated", " superseded", " retired"}

// foreignAbsent reports a name another language's words say is gone or not there.
func foreignAbsent(before, after string) bool {
	if foreignGoneBefore.MatchString(before) || forbidBa.MatchString(before) && revivedAfter.MatchString(after) || slavicForbidBefore.MatchString(before) || zhForbidReadBefore.MatchString(before) || zhFormerBefore.MatchString(before) {
		return true
	}
	for _, re := range goneAfterForeign {
		if re.MatchString(after) {
			return true
		}
	}
	return false
}

// slavicForbidBefore ends the text before a name Ukrainian or Russian forbids making or bringing back:
// "Не створювати один великий `script.js`" (do not create one big script.js: the hundred-and-ninety-
// fourth holdout's ravlykonline, under "Не повертати моноліт", do not bring the monolith back).
var slavicForbidBefore = mustGate(`(?:^|[^\p{L}])[Нн]е\s+(?:створювати|створюйте|створюй|додавати|додавайте|повертати|повертайте|відновлювати|создавать|создавайте|добавлять|добавляйте|возвращать|возвращайте|восстанавливать)\s+(?:[^\s\x60]+\s+){0,3}$`)

// zhForbidReadBefore is a Chinese rule against reading files, up to a name it lists: "强制禁止读取任何配置类文件，
// 包括但不限于 `config` 目录/文件、`.env`、… `*.toml`" (reading any config file is forbidden, including but not
// limited to …: the two-hundred-and-fifth holdout's 404nffff agents).
var zhForbidReadBefore = mustGate("(?:禁止|不要|不得|切勿|严禁|嚴禁)(?:读取|讀取|阅读|閱讀|打开|打開|访问|訪問|查看)[^。；;！？!?\\n]{0,160}$")

// goneAfterForeign are the other languages' words after a name that say it is gone, each below.
var goneAfterForeign = []*literalGated{foreignGoneAfter, goneAlongWith, zhGoneAt, japaneseGoneAfter, zhGoneAfterParen, koreanErasedAfter, zhSplitAfter, zhUncommittedAfter, zhDeletedAside, koreanReplacedAfter, zhListRemovedAfter}

// zhListRemovedAfter follows a name, or the rest of a list whose names may carry a short Chinese label,
// with Chinese "(all, the whole set) deleted / removed / taken offline", the verb right after the list:
// "（`lib/local-engine/`、`Byok.tsx`、… 金标向量 `test-vectors/` 与 `.test-local-engine.mjs`）全部删除",
// "连同 `quota.py`/`tier.py`/`anon_usage`/`quota_tier` 全下线", "`test_golden_vectors.py` + `front/test-vectors/`
// 随 BYOK 撤除" (removed along with BYOK: the two-hundred-and-forty-fifth holdout's translate, whose commits
// deleted them all). "`x` 中删除旧逻辑" (delete the old logic in x) puts a word between, and is not read.
var zhListRemovedAfter = mustGate("^(?:(?:[\\s、，,/·+]|与|和|及|以及|连同|\\p{Han}){0,8}`[^`\\n]*`)*\\s*[）)]?\\s*(?:随\\s*[^`。；;\\n]{1,12}?\\s*)?(?:全部|整套|一并|均|都|全|已)?\\s*(?:删除|刪除|移除|撤除|下线|下線|删掉|去掉|废弃|廢棄)")

// koreanReplacedAfter follows a name, or a list of names with their asides, with Korean "replaces … (all)"
// or "ports … to `y`": "`landing/`(Astro), `frontend/`(React SPA 프로토타입)를 모두 대체한다" (replaces
// both), "`frontend/`(…)를 `web/`(…)으로 이식 시" (when porting frontend/ to web/: the two-hundred-and-
// thirty-seventh holdout's polyinsight, whose web/ replaced the two deleted apps).
var koreanReplacedAfter = mustGate("^(?:\\([^)\\n]*\\))?(?:\\s*[,、]\\s*`[^`\\n]*`(?:\\([^)\\n]*\\))?)*\\s*(?:를|을)\\s*(?:(?:모두|전부|둘\\s*다)\\s*)?(?:대체|`[^`\\n]*`(?:\\([^)\\n]*\\))?\\s*(?:으로|로)\\s*(?:이식|이전|옮|마이그레이션|교체|전환))")

// zhDeletedAside follows a name with Chinese "deleted" as the next item of its aside: "换掉了一个 CNN
// （`gun_name.pth.tar`，已删）" (replaced a CNN (…, deleted): the two-hundred-and-eighteenth holdout's
// pubg_derecoil).
var zhDeletedAside = mustGate("^\\s*[，,、]\\s*(?:已经?|均已|都已)(?:删除?|刪除?|移除|废弃|廢棄)")

// zhFormerBefore ends the text before a name Chinese places in the past: "曾在 `press.py`" (was once in),
// "以前在 `pico_mouse.py` 和 `soft_mouse.py` 里" (used to be in), "这里原来有一段 `analysis.py`" (there used to
// be a …), "有过一个（`soft_mouse.py`" (there was one …): the same round's pubg_derecoil, whose guides keep
// the history of what each package dropped.
var zhFormerBefore = mustGate("(?:曾经?(?:在|放在|位于|是)|(?:以前|之前|原来|原先|过去|從前)(?:在|是|的|有(?:一?[段个份条個])?)|有过一?[个個份条]?)[^，。；！？`\\n]{0,4}[（(]?\\s*[*_]*(?:`[^`\\n]*`\\s*(?:[/、,，]|和|及|与)\\s*)*$")

// zhUncommittedAfter follows a name, or a list of them, with Chinese "(and the like) are not committed":
// "`application-dev.yml`、`application-test.yml` 等不提交，由 CI/CD 环境变量替代" (the two-hundred-and-
// thirteenth holdout's ai-adolescent-mental-health-platform): files each environment keeps for itself.
var zhUncommittedAfter = mustGate("^(?:\\s*[、,，/]\\s*`[^`\\n]*`)*\\s*(?:等(?:文件|配置)?)?\\s*(?:均|都|也|一律)?\\s*(?:不提交|不入库|不纳入版本(?:控制|库)?|不会被?提交|未提交|不进\\s*git|不进入版本库|不上传)")

// zhSplitAfter opens the text after a name with Chinese "has been split into …": "R2 重构后 `db.rs` 1686 行已拆为
// `db/` 子模块" (after the R2 refactor the 1,686 lines of db.rs were split into the db/ submodule: the
// hundred-and-ninety-ninth holdout's links). The name is what was split; what it became is still checked.
// 已 or 被 must stand before the verb: "将 `db.rs` 拆为" is a plan, and the file is still there to split.
var zhSplitAfter = mustGate("^[^`\\n。！？；;]{0,16}?(?:已经?被?|被)(?:拆分|拆|分拆|切分)(?:为|成|到|进|進)")

// zhGoneAt opens the text after a name with Chinese "was deleted at …", "已于 Stage 8 FE-13 删除": "`forwardGlobalShortcuts.ts`
// 已于 Stage 8 FE-13 删除", "`SidebarTree.tsx` 及其配套（`index.ts` barrel）已于 NAV-06 整体删除" (the
// hundred-and-seventy-sixth holdout's slTerminal), the stage between 已于 and the verb.
var zhGoneAt = mustGate("^[^\\n。！？；;]{0,60}?已(?:经)?(?:于|於|在)[^\\n。！？；;，,]{1,30}?(?:删除|刪除|移除|废弃|廢棄|退役)")

// goneAlongWith opens the text after a name, or a list of names joined by 与/和/及/、, with "已随 … 删除"
// (was deleted along with …): "`install-local.mjs` 装配链路已随壳层整体删除", "`npm run install:local` 与
// `scripts/install-local.mjs` 已随 WebView2 壳删除" (the hundred-and-fifty-second holdout's
// deepseek-harness-hub), where words stand between 已随 and the verb that foreignGoneAfter's 已删除 needs adjacent.
var goneAlongWith = mustGate("^(?:\\s*(?:与|和|及|、)\\s*`[^`\\n]*`)*[^`\\n。！？；;]{0,12}?已(?:经)?(?:随|隨)[^`\\n。！？；;]{1,30}?(?:删除|刪除|移除|废弃|廢棄)")

// japaneseGoneAfter opens the text after a name with Japanese "deleted" or "abolished": "`src/lib/stores/` は削除済み"
// (has been deleted), "`src/lib/stores/`: 削除済み" (the hundred-and-fifty-third holdout's Resonote).
var japaneseGoneAfter = mustGate("^[*_]*\\s*(?:は|が|も|[:：])?\\s*[*_]*(?:既に|すでに|もう)?(?:削除|廃止|撤去)(?:済み?|され|しました|した)")

// zhGoneAfterParen follows a name with its parenthesis and then Chinese "deleted": "**`PageFlip.tsx`（Framer
// Motion 版）已删除**" (the hundred-and-fifty-seventh holdout's coc-tavern).
var zhGoneAfterParen = mustGate("^[*_]*\\s*[（(][^）)\\n]{0,40}[）)]\\s*[*_]*\\s*(?:已经?被?|被)(?:删除|刪除|移除|废弃|廢棄)")

// koreanErasedAfter follows a name, or the rest of a list joined by "·", with Korean "erased (all of it)",
// the verb perhaps on the next line: "`scripts/deno-verify/**` · 위 3파일 · `vite.sim.config.ts` 를 전부\n지우고"
// (the hundred-and-fifty-seventh holdout's planet-blitz).
var koreanErasedAfter = mustGate("^(?:\\s*[·・,、]\\s*(?:`[^`\\n]*`|[^`\\n·・,、]{1,12}))*\\s*(?:을|를)?\\s*(?:전부|모두|다)?\\s*(?:지우|지웠|지워|삭제하|삭제했|제거하|제거했)")

// forbidBa ends the text before a name, or a list of names, that a forbidding word has put before its
// verb with 把: "不准把 `wandering.py`（E 遊走）、" (must not … revived); revivedAfter is the rest of the
// list and the verb, one that would bring the file back ("不准把 `x` 删除", must not delete, keeps it).
var (
	forbidBa     = mustGate("(?:不准|不要|不得|禁止|切勿|不可|不能|别|別)把\\s*(?:`[^`\\n]*`\\s*(?:[（(][^）)\\n]{0,30}[）)]\\s*)?[、,，和及]\\s*)*$")
	revivedAfter = mustGate("^(?:\\s*[（(][^）)\\n]{0,30}[）)])?(?:\\s*[、,，和及]\\s*`[^`\\n]*`(?:\\s*[（(][^）)\\n]{0,30}[）)])?)*\\s*(?:復活|复活|恢复|恢復|加回|放回|拿回|重新引入|重新加入|引入|新增|建立|创建|添加)")
)

// kindArticle ends the text before a bare file name written as a kind of document: "declares itself
// one (a `PATHOS.md`, ...)". "a" or "any" before the name makes it any file of that name, not one here.
var kindArticle = mustGate(`(?i)(?:^|[\s(])(?:a|an|any)\s+$`)

// anyArticle ends the text before a span written as any file of its kind: "to any `X`".
var anyArticle = mustGate(`(?i)(?:^|[\s(])any\s+\**$`)

// fileExts are the endings a file named after a runtime global would carry ("process.md", "window.ts"):
// those stay paths.
var fileExts = set("md", "go", "ts", "tsx", "js", "mjs", "cjs", "jsx", "py", "rs", "json", "yaml", "yml", "toml", "txt", "sh", "html", "css")

// shapeSuffix follows a name that lends another thing its form: "a `state.json`-shaped snapshot", "a
// `package.json`-like manifest". "`daemon/man`-style pages are generated" (the fortieth holdout's twin)
// still names a place.
var shapeSuffix = mustGate("^`?-(?:shaped|like|esque|compatible)\\b")

// equivalentAfter follows a name with what stands in for it: "`manifest/` is the active config directory
// and should be treated as the current `configs/` equivalent" (the hundred-and-eighty-eighth holdout's
// handygo, whose configs live in manifest/).
var equivalentAfter = mustGate("^`?\\s+(?:equivalent|counterpart|analogue|analog|stand-in)\\b")

// ignoreEntriesBefore ends a list of an ignore file's entries after its name and a colon: "**`apps/web/.prettierignore`**:
// `.vercel/`, `src/paraglide/` so local builds are not checked" (the same round's oryxel-ai): patterns
// relative to that file, which may match nothing.
var ignoreEntriesBefore = mustGate("\\.[\\w-]*ignore`[*_]*\\s*[:：]\\s*(?:`[^`\\n]*`\\s*,\\s*)*$")

// notKindBefore and notKindAfter frame a name inside a kind of project the text says this is not: "(not
// a Prisma/media `src/pages/` FSD app)" (the same round's oryxel-ai, a SvelteKit app).
var (
	notKindBefore = mustGate("(?i)\\bnot\\s+an?\\s+(?:[\\w/+.-]+\\s+){0,3}$")
	notKindAfter  = mustGate("(?i)^`?(?:\\s+[\\w/+.-]+){0,3}\\s+(?:app|application|project|repo|repository|layout|setup|stack|codebase)\\b")
)

// fakeBefore ends the text before a name the sentence calls made up: "fabricated
// `feat/kba-cartridge-v1000` branch checkouts, fake `a7b8c9d` merge commits" (the hundred-and-eighty-fifth
// holdout's Camelot-Ecosystem, a log of an agent's invented output).
var fakeBefore = mustGate(`(?i)\b(?:fake|fabricated|bogus|made[- ]up|pseudo|hallucinated)\s+[*_]*$`)

// builtinMembers are the members the browser and Node define on their lower-case globals, which a
// project's own declaration of the global's type (`interface Window { api: … }`) extends and never owns.
var builtinMembers = map[string]map[string]bool{
	"window": set("open", "close", "location", "history", "navigator", "document", "localStorage", "sessionStorage", "addEventListener", "removeEventListener", "dispatchEvent",
		"postMessage", "alert", "confirm", "prompt", "print", "fetch", "setTimeout", "setInterval", "clearTimeout", "clearInterval", "requestAnimationFrame",
		"cancelAnimationFrame", "matchMedia", "getComputedStyle", "getSelection", "scrollTo", "scrollBy", "focus", "blur", "innerWidth", "innerHeight",
		"devicePixelRatio", "crypto", "performance", "opener", "parent", "top", "self", "origin", "name"),
	"document": set("getElementById", "querySelector", "querySelectorAll", "createElement", "body", "head", "title", "cookie", "addEventListener",
		"removeEventListener", "documentElement", "activeElement", "visibilityState", "hidden", "execCommand"),
	"process": set("env", "argv", "exit", "cwd", "platform", "arch", "on", "once", "nextTick", "stdout", "stderr", "stdin", "pid", "versions", "version",
		"memoryUsage", "hrtime", "kill", "exitCode", "uptime", "chdir"),
	"navigator": set("clipboard", "userAgent", "language", "languages", "onLine", "serviceWorker", "mediaDevices", "geolocation", "platform", "sendBeacon"),
	"console":   set("log", "error", "warn", "info", "debug", "table", "trace", "time", "timeEnd", "group", "groupEnd", "assert"),
}

// builtinMember reports a member the platform defines on a lower-case global: "window.open".
func builtinMember(qualifier, name string) bool {
	return builtinMembers[qualifier][strings.TrimSuffix(name, "()")]
}

// runtimeMember reports "process.env", "window.location": a member of a runtime global, not a file,
// though it looks like a name and its extension.
func runtimeMember(tok string) bool {
	g, m, ok := strings.Cut(tok, ".")
	return ok && runtimeGlobals[g] && identWord.MatchString(m) && !fileExts[strings.ToLower(m)]
}

// rejectedQuote ends the text before a span quoted as the wording to avoid: `say "X", not "` +
// "`core/x.ts:133`" + ` ..."`. The quote shows a bad sentence; the names in it cite nothing.
var rejectedQuote = mustGate(`(?i)\b(?:not|never|avoid|instead of|rather than)\s*[:,]?\s*["“']\s*$`)

// keyPath is a dotted key written as jq and yq write one: ".engines.node", ".spec.replicas".
var keyPath = mustGate(`^\.[A-Za-z_][\w-]*(?:\.[A-Za-z_][\w-]*)+$`)

// keyFileAfter begins the text after a span that names the data file it is a key of: "in
// `web/package.json`", "of values.yaml".
var keyFileAfter = mustGate("^\\s+(?:in|of|from)\\s+(?:the\\s+|your\\s+)?`?[\\w./-]*\\.(?:json|jsonc|ya?ml|toml)\\b")

// eventName is an event's name written as a path: "`app/user.created`" (an Inngest event the
// hundred-and-thirty-first holdout's OpenStock triggers), "`order.completed`". What reads as an
// extension is a past participle no file type is called.
var eventName = mustGate(`^[\w-]+(?:/[\w-]+)*\.(?:created|updated|deleted|completed|failed|succeeded|started|finished|changed|sent|received|requested|approved|cancell?ed|added|removed|opened|closed|merged|published|expired|paid|refunded|signed_up|signed_in)$`)

// strayBefore ends the words before a file that should not be there: "the commands that write a stray
// `package-lock.json` into this pnpm-managed repo" (the hundred-and-thirty-third holdout's dashboard,
// whose hook blocks them).
var strayBefore = mustGate(`(?i)\bstray\s+$`)

// letterStem is a name whose stem is one capital letter a convention stands in with: "`src/custody/X.rs` —
// orchestration …; `src/db/custody/X.rs` — the raw-SQL half" (the hundred-and-thirty-third holdout's
// topos, a file map's twin convention), or a hook's or a helper's prefix before it: "**`ui/useX.ts`** —
// UI-infra hooks" (the hundred-and-sixty-eighth's Cork).
var letterStem = mustGate(`(?:^|/)(?:use|with|create)?[XYZ]\.[a-z]{1,5}$`)

// numberSlotStem is a file name whose stem ends in a capital N after a lower-case letter: "`scenes/sceneN.py`
// → `scenes/SceneN.gd`" (the two-hundred-and-thirty-ninth holdout's anniversary-game, one file per scene,
// the number left open).
var numberSlotStem = mustGate(`(?:^|/)[A-Za-z][a-z]*[a-z]N\.[a-z]{1,5}$`)

// standIn reports a path whose file name stands in for others: one capital letter, a lower-case x, or a
// stem whose number is written N.
func standIn(p string) bool {
	return letterStem.MatchString(p) || xNamed(p) || numberSlotStem.MatchString(p)
}

// xNamed reports a file named "x" with an extension: "src/pages/vi/x.astro".
func xNamed(p string) bool {
	base := p[strings.LastIndexByte(p, '/')+1:]
	return strings.HasPrefix(base, "x.") && len(base) > 2
}

// lowerXStandIn reports a file named "x" beside an identifier the sentence builds on an X: "Create VI
// wrapper: `src/pages/vi/x.astro` → `<XPage lang="vi" />`" (the two-hundred-and-thirty-sixth holdout's
// discord-bot, a recipe for adding a page). Alone, "x.json" may be a real file's short name.
func lowerXStandIn(body, claim string) bool {
	return xNamed(body) && xIdentifier.MatchString(claim)
}

// xIdentifier is an identifier built on a capital X: "XPage", "useXQuery".
var xIdentifier = mustGate(`(?:\b|use)X[A-Z][a-z]`)

// constPath is a module-qualified constant written as a path: "`lint/DEFAULT_EXCLUDES` in
// `lint/prompt_lint.py`" (the hundred-and-twenty-ninth holdout's managed-agents). Its last segment is
// an upper-case identifier with an underscore, and codeFileAfter names the source file that defines it.
var (
	constPath     = mustGate(`^[\w.-]+(?:/[\w.-]+)*/[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$`)
	codeFileAfter = mustGate("^\\s+(?:in|of|from)\\s+(?:the\\s+)?`?[\\w./-]*\\.(?:py|go|rs|ts|tsx|js|mjs|cjs|rb|java|kt|swift|c|h|cc|cpp|hpp|cs|php|ex|exs)\\b")
)

// underSibling reports a path whose first directory is one of the sibling checkouts the claim's
// paragraph names (parser.markSiblings). A path that never landed here is then that checkout's (judge
// reads Foreign so); one that was here and went stays drift.
func underSibling(siblings []string, p string) bool {
	top, rest, ok := strings.Cut(p, "/")
	return ok && rest != "" && slices.Contains(siblings, top)
}

// scanCue ends the text before a place a tool is said to scan or auto-import, up to the clause's end:
// "`@uni-helper/vite-plugin-uni-components` 扫描 `src/components` 和 `src/layout`" (scans), "自动导入覆盖
// Vue、…、`src/hooks/**`" (auto-import covers: the hundred-and-thirty-seventh holdout's Uniapp-Template-Cli).
var scanCue = mustGate(`(?i)(?:\bscans\b|\bscanning\b|\bauto-?import(?:s|ed|ing)?\b|\bwatch(?:es|ing)\b|扫描|掃描|自动导入|自動導入|自动引入|自动注册)[^.。;；!?\n]*$`)

// workspaceGlobCue is a sentence that quotes a workspace manifest's patterns: "The `packages/*` and `servers/*`
// workspace globs are retained as intentional scaffolding for future workspaces", "Workspace glob patterns
// `apps/*`, `packages/*`" (the hundred-and-sixty-third holdout's moss-meditation and pitch, whose
// pnpm-workspace.yaml lists both over an empty or deleted packages/). configNames then finds the pattern in the
// manifest: a place the manifest covers in case it is ever filled.
var workspaceGlobCue = mustGate(`\bworkspaces?\s+(?:globs?|patterns?|members?|entries)\b|\bpnpm[- ]workspaces?\s*[:：]|\bglobs?\s+(?:patterns?\s+)?(?:in|of|from)\s+\x60?pnpm-workspace\.yaml`)

// formerLeadCJK ends the words before a name, or before the run of names it opens, with Chinese or
// Japanese "old": "旧 `src/database/`・`sql/`・`src/api/database/*.sql` は `docs/archive/…` に隔離済み" (the
// hundred-and-forty-fifth holdout's seikotsuin_no_saas, whose old SQL went to the archive).
var formerLeadCJK = mustGate(`(?:^|[^\p{Han}])(?:旧|舊)(?:的|版)?\s*$`)

// replacedLeadCJK ends the words before a name with Chinese "replaces": "`Taskfile.yml` + `build/`（v3 取代
// v2 的 `wails.json`）" (v3 replaces v2's wails.json: the hundred-and-fifty-third holdout's lynx).
var replacedLeadCJK = mustGate("(?:取代|替代|替换|代替)了?[^`，。；！？\\n]{0,12}?的?\\s*$")

// cjkForbidParen ends the words before a name, or a list of names, in the parenthesis after a Chinese
// ban: "禁泛文件名（`impl.go` 等）" (no generic file names (impl.go and the like): the hundred-and-fifty-third
// holdout's lynx).
var cjkForbidParen = mustGate("(?:禁止?|不要|避免|勿)[^\\s`，。；（(]{0,12}[（(]\\s*(?:`[^`\\n]*`\\s*[/、,，]\\s*)*$")

// koreanPastClause is the rest of a Korean sentence that opens "in the past" (과거) up to a name: "과거 core의
// `application/` 계층은 해체되어" (the former core's … layer was dismantled), "(과거 `core-module`의
// `application-core.yml`이었다가 이동)" (was the core module's … then moved): the hundred-and-sixty-third holdout's
// tastyhouse, nine rows over seven documents. Every name up to the sentence's end is the past's, but for one after
// a word that turns to now or to later (지금, 현재, 이제, 대신, 새로, 이후; "…했으나, 이후 … `alter.sql`에 …
// 추가" turns at 으나, but) and a destination ("`x`로", to x: koreanToAfter).
var (
	koreanPastClause = mustGate("^과거(?:에는?|엔|의|에)?\\s+(?:[^.。!?\\n`]|\\.\\w|`[^`\\n]*`)*$")
	koreanNowWord    = mustGate("지금|현재|이제|대신|새로|신규|이후|그러나|하지만|나중|으나|지만")
	koreanToAfter    = mustGate("^(?:\\s*[(（][^)）\\n]{0,60}[)）])?(?:으로|로)(?:[^\\p{Hangul}]|$|서|써|의|는|부터)")
)

// koreanPast reports a name inside a Korean sentence's past clause (koreanPastClause), the last one before it.
func koreanPast(before, after string) bool {
	i := strings.LastIndex(before, "과거")
	if i < 0 {
		return false
	}
	if r, _ := utf8.DecodeLastRuneInString(before[:i]); unicode.Is(unicode.Hangul, r) {
		return false // 과거 inside a word
	}
	tail := before[i:]
	if strings.Count(tail, "(")+strings.Count(tail, "（") > strings.Count(tail, ")")+strings.Count(tail, "）") {
		// "과거에는 … 점진 전환(Strangler Fig, `md/CLEAN-ARCHITECTURE.md`)이었으나": a source the clause
		// cites in an aside, still cited today
		return false
	}
	return koreanPastClause.MatchString(tail) && !koreanNowWord.MatchString(tail) && !koreanToAfter.MatchString(after)
}

// formerCJK reports formerLeadCJK before a span or before the list it is in.
func formerCJK(before string) bool {
	if containsFold(before, "取代", "替代", "替换", "代替") && replacedLeadCJK.MatchString(before) {
		return true
	}
	if !strings.ContainsAny(before, "旧舊") {
		return false
	}
	if lead := beforeList(before); lead != "" {
		before = lead
	}
	return formerLeadCJK.MatchString(before)
}

// neverRunBefore ends the text before a command the sentence tells its reader never to run: "NEVER use
// `npm run dev` or `npm run start` directly" (the two-hundred-and-sixteenth holdout's ScaledTest).
// neverUseBefore reads the first name only and marks it absent for any document; this one reads each
// command of the list and marks it Forbidden, which judge.go holds only outside a soul.
var neverRunBefore = mustGate("(?i)\\b(?:never|do\\s+not|don['’]t|must\\s+not)\\s+(?:use|run|call|invoke|execute|start)\\s+(?:[*_]*`[^`\\n]*`[*_]*\\s*(?:,|or|nor|and)\\s*)*[*_]*$")

// noneFoundBefore ends the text before a place a sentence says holds none of a thing: "No Copilot
// instructions were found at `.github/copilot-instructions.md`." (the two-hundred-and-eighteenth holdout's
// priceCtrl, reporting what it looked for).
var noneFoundBefore = mustGate(`(?i)\bno\s+(?:[\w-]+\s+){0,3}(?:was|were|is|are|could\s+be|can\s+be)\s+(?:found|present|detected)\s+(?:at|in|under|inside)\s+[*_]*$`)

// forbidAddBefore ends the text before a name, or a list of names, an English rule forbids adding or a
// check blocks: "Do not add ML runtime code, `ml/`, `compose.edge.yaml`, or ML image/CD logic here" and
// "| ML residue gate | … | Blocks `ml/`, `compose.edge.yaml` … |" (the two-hundred-and-nineteenth holdout's
// SeeON, whose CI keeps the ML code in another repository). A few plain words may open the list.
var forbidAddBefore = mustGate("(?i)(?:\\b(?:do\\s+not|don['’]t|never|must\\s+not)\\s+(?:re-?)?(?:add|create|introduce|reintroduce|recreate|restore|commit)|\\b(?:blocks|bans|forbids|rejects))\\s+(?:[^.;:!?`\\n]{1,40}?,\\s*)?(?:`[^`\\n]*`\\s*(?:,|or|and|nor)\\s*)*[*_]*$")
