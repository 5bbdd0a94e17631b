package engine

import (
	"bytes"
	"fmt"
	"path"
	"slices"
	"strings"
)

// Line-hint anchors ("server.go:120"): the cited lines still say what the claim says.

// lineHint checks that the hinted lines still say what the claim says; a moved line is line_drift.
func (v *verifier) lineHint(a Anchor, fail, hold func(string, string) AnchorResult) AnchorResult {
	var first *AnchorResult
	for _, p := range v.candidates(a.Path) {
		b := a
		b.Path = p
		r := v.lineHintAt(b, fail, hold)
		if r.Status == AnchorOK {
			return r
		}
		if first == nil {
			first = &r
		}
	}
	if first != nil {
		return *first
	}
	if p, ok := v.resolveUnique(a.Path); ok {
		// "core/memoizer.ts:133" written from inside one package of a monorepo: the one file it can mean
		b := a
		b.Path = p
		return v.lineHintAt(b, fail, hold)
	}
	if p, ok := v.abbreviated(a.Path); ok && !v.landedOnce(a.Path) {
		// "| **内部API安全未启用** | `common/InternalApiFilter.java:52` | HIGH |" (the hundred-and-seventy-
		// fourth holdout's finalwork): a module named, then its file, the source root between left out
		b := a
		b.Path = p
		return v.lineHintAt(b, fail, hold)
	}
	files, where := v.bareUnder(a.Path), docDir(v.soul.Path)
	if len(files) == 0 && !strings.Contains(a.Path, "/") {
		// "(porte de `GenerateHooks`, `client.go:152`)" in apps/promeia/CLAUDE.md over the Go API's
		// apps/api/internal/llm/client.go (the hundred-and-eighth holdout's PiluVitu-Dev, nine rows): a
		// sibling package's file, read as below
		files, where = v.bareAnywhere(a.Path), "the repository"
	}
	if len(files) == 1 {
		b := a
		b.Path = files[0]
		return v.lineHintAt(b, fail, hold)
	} else if len(files) > 1 {
		// "`index.ts:142-209`" in a package's CLAUDE.md whose package holds several index.ts: the one whose
		// cited lines say it is the file meant; none saying so leaves which file unsaid
		var moved []AnchorResult
		for _, f := range files {
			b := a
			b.Path = f
			r := v.lineHintAt(b, fail, hold)
			if r.Status == AnchorOK {
				return r
			}
			if r.Reason == ReasonLineDrift && len(a.Hints) > 0 {
				moved = append(moved, r)
			}
		}
		if len(moved) == 1 {
			return moved[0] // only one of them says it at all, elsewhere: that file, its line moved
		}
		return hold(ReasonUnverifiable, fmt.Sprintf("%s names %d files under %s; the claim does not say which", a.Path, len(files), where))
	}
	return v.lineHintAt(a, fail, hold)
}

// maxBareFiles bounds how many files of one base name a bare line hint is tried against.
const maxBareFiles = 16

// bareUnder lists the tracked files a bare file name may mean below the document's directory (the
// whole tree for a document at the root), up to maxBareFiles.
func (v *verifier) bareUnder(name string) []string {
	if strings.Contains(name, "/") {
		return nil
	}
	dir := path.Dir(v.soul.Path)
	var out []string
	for _, f := range v.repo.ByBasename(name) {
		if dir == "." || strings.HasPrefix(f, dir+"/") {
			out = append(out, f)
			if len(out) == maxBareFiles {
				break
			}
		}
	}
	return out
}

// bareAnywhere lists the tracked files of a bare name anywhere in the tree, up to maxBareFiles.
func (v *verifier) bareAnywhere(name string) []string {
	files := v.repo.ByBasename(name)
	return files[:min(len(files), maxBareFiles)]
}

// docDir names a document's directory for a finding: "the repository" at the root.
func docDir(doc string) string {
	if d := path.Dir(doc); d != "." {
		return d + "/"
	}
	return "the repository"
}

// candidates are the existing files a cited path may mean: for a soul kept in a subdirectory, a bare
// name is first its neighbour, a slash path first the root's; then the same path under each directory
// above the soul's, nearest first. A package's document cites its parent package's files from there
// ("`flows.py:3084`" in src/prefect/runner/AGENTS.md for src/prefect/flows.py: the twenty-fifth
// holdout's prefect, where nine other flows.py files made the bare name's other readings useless).
func (v *verifier) candidates(p string) []string {
	dir := path.Dir(v.soul.Path)
	order := []string{p}
	if dir != "." && dir != "" && !strings.HasPrefix(p, dir+"/") {
		local := path.Join(dir, p)
		if strings.Contains(p, "/") {
			order = append(order, local)
		} else {
			order = []string{local, p}
		}
		for up := path.Dir(dir); up != "." && up != "/" && up != ""; up = path.Dir(up) {
			order = append(order, path.Join(up, p))
		}
	}
	var out []string
	for _, c := range order {
		if ok, isDir := v.repo.Exists(c); ok && !isDir {
			out = append(out, c)
		}
	}
	return out
}

func (v *verifier) lineHintAt(a Anchor, fail, hold func(string, string) AnchorResult) AnchorResult {
	if !strings.Contains(a.Path, "/") {
		// "DesktopLauncher.java:127" names a file by its base name; one match is that file
		if ok, _ := v.repo.Exists(a.Path); !ok {
			if found := v.repo.ByBasename(a.Path); len(found) == 1 {
				a.Path = found[0]
			}
		}
	}
	body, ok := v.readFile(a.Path)
	if !ok {
		if exists, dir := v.repo.Exists(a.Path); exists && dir {
			return fail(ReasonChanged, a.Path+" is a directory")
		}
		pa := a
		pa.Kind = AnchorPath
		return v.missingPath(pa, fail, hold)
	}
	if a.Start == 1 && a.End <= 1 && !a.LineInWords {
		// "| `useMapStore` | zustand | `src/store/mapStore.ts:1` |" (the hundred-and-sixty-sixth holdout's
		// BSSM-Map-React-Native, nine rows of a code map whose symbols sit far below): line one is the file
		// itself, where an editor opens it, not a line that must hold the name. "`source-utils.ts` line 1 -
		// `getLine()`" in words (the hundred-and-fifty-eighth's electric-design, labelled stale) means the line
		return AnchorResult{Anchor: a, Status: AnchorOK}
	}
	lines := bytes.Split(body, []byte("\n"))
	n := len(lines)
	if n > 0 && len(lines[n-1]) == 0 {
		n--
	}
	// a bare name resolved to its one file may have that file's full path among the hints: "[`x.ts:100`]
	// (../handlers/x.ts#L100)" (the hundred-and-fifty-first holdout's oh-my-openagent) links the file it
	// cites, which no line of that file names
	hints := a.Hints
	if slices.Contains(hints, a.Path) {
		hints = slices.DeleteFunc(slices.Clone(hints), func(h string) bool { return h == a.Path })
	}
	if len(hints) == 0 {
		if a.End <= n {
			return AnchorResult{Anchor: a, Status: AnchorOK}
		}
		return fail(ReasonLineDrift, fmt.Sprintf("%s has %d lines, hint says %d", a.Path, n, a.End))
	}
	match := func(l int) bool {
		for _, h := range hints {
			if bytes.Contains(lines[l], []byte(h)) || strings.Contains(h, "/") && bytes.Contains(lines[l], []byte(path.Base(h))) || calledIn(lines[l], h) {
				return true
			}
		}
		return false
	}
	namesakes := declaredNames(a.Path, hints)
	for l := a.Start - 1; l < a.End && l < n; l++ {
		if l >= 0 && (match(l) || literalIn(lines[l], a.Literals) || foldMatch(lines[l], hints) || decorates(lines, l, n, match) || opensComment(lines, l, n, match) || opensTypedef(lines, l, n, match) || a.End > a.Start && wordIn(lines[l], a.Words) ||
			opensBranch(lines, l, n, match) || declaresNamed(lines, l, n, namesakes)) {
			// "`task`: Task type (`src/embedding.ts:11-16`)" over "type TaskType = …": the cited lines
			// name it in another case, as part of an identifier
			return AnchorResult{Anchor: a, Status: AnchorOK}
		}
	}
	// the nearest matching line is where the cited one most likely went; a line of code before a line of
	// comment that names it ("// BindingsForIDE returns …" three lines above its func: the
	// hundred-and-forty-first holdout's work-cli, whose labeller found the detail off by three)
	near, nearComment := -1, -1
	for l := 0; l < n; l++ {
		if !match(l) {
			continue
		}
		if commentLine(lines[l]) {
			if nearComment < 0 || abs(l+1-a.Start) < abs(nearComment+1-a.Start) {
				nearComment = l
			}
		} else if near < 0 || abs(l+1-a.Start) < abs(near+1-a.Start) {
			near = l
		}
	}
	if near < 0 {
		if nearComment >= 0 && a.Start >= 1 && a.Start <= n && wordIn(bytes.ToLower(lines[a.Start-1]), a.Prose) {
			// "Do NOT hardcode timezone offsets. See `db.py:8` — known bug. Use `pytz`." over "MADRID_TZ =
			// timezone(timedelta(hours=2))" (the hundred-and-seventy-fifth holdout's gaelCareBot): the name
			// the claim gives is only in a comment, advice beside the cited line, which holds the claim's words
			return AnchorResult{Anchor: a, Status: AnchorOK}
		}
		near = nearComment
	}
	if near >= 0 {
		r := fail(ReasonLineDrift, fmt.Sprintf("%s: now at line %d, hint says %d", a.Path, near+1, a.Start))
		r.readIn = a.Path
		return r
	}
	r := fail(ReasonChanged, fmt.Sprintf("%s no longer contains %s", a.Path, strings.Join(hints, ", ")))
	r.readIn = a.Path
	return r
}

// maxDecorators bounds the stack of decorator lines a cited one may open; maxCommentBlock the comment.
const (
	maxDecorators   = 6
	maxCommentBlock = 24
)

// decorates reports a cited decorator line ("@auth_bp.post(...)", "#[test]") whose definition, below the
// stack of decorators it opens, holds a hint: the decorator is the definition's first line.
func decorates(lines [][]byte, l, n int, match func(int) bool) bool {
	return opensRun(lines, l, n, maxDecorators, decoratorLine, true, match)
}

// opensComment reports a cited comment line whose comment, read on down, holds a hint: "`cortex/schemas.py:21`
// documents the canonicalised import" cites the first line of the explanation, and the names the claim
// gives sit a few lines into it (the fifty-second holdout's CrisisWorldCortex).
func opensComment(lines [][]byte, l, n int, match func(int) bool) bool {
	return opensRun(lines, l, n, maxCommentBlock, commentLine, false, match)
}

// opensTypedef reports a cited line that opens a C struct, union or enum whose closing line names a hint:
// "`pmix_trkr_caddy_t` | `pmix_server_ops.h:36`" cites "typedef struct {", and the name closes it four lines
// on (the hundred-and-forty-second holdout's openpmix).
func opensTypedef(lines [][]byte, l, n int, match func(int) bool) bool {
	if !typedefOpen.Match(lines[l]) {
		return false
	}
	for k := l + 1; k < n && k <= l+maxTypedefBody; k++ {
		if t := bytes.TrimSpace(lines[k]); len(t) > 0 && t[0] == '}' {
			return match(k)
		}
	}
	return false
}

// typedefOpen is the first line of a C type's body; maxTypedefBody bounds how far its closing line is looked for.
var typedefOpen = mustGate(`^\s*(?:typedef\s+)?(?:struct|union|enum)\b[^;()]*\{\s*$`)

const maxTypedefBody = 80

// opensRun reports a cited line of a kind that opens a run of lines of that kind, at most limit below
// it, where a line of the run holds a hint, or, with andNext, the line the run ends on.
func opensRun(lines [][]byte, l, n, limit int, kind func([]byte) bool, andNext bool, match func(int) bool) bool {
	if !kind(lines[l]) {
		return false
	}
	for k := l + 1; k < n && k <= l+limit; k++ {
		if !kind(lines[k]) {
			return andNext && match(k)
		}
		if match(k) {
			return true
		}
	}
	return false
}

// commentLine is a line comment ("# ", "// ", "-- "), a doc comment ("/// ", "//! "), or a line of a
// block comment ("/*", " * "). "Decode … by `contentType` (`DaemonClient.swift:34-35`)" cites two lines
// of a Swift doc comment whose third names it (the hundred-and-sixtieth holdout's afterray).
func commentLine(line []byte) bool {
	t := string(bytes.TrimSpace(line))
	return t == "#" || t == "//" || t == "///" || t == "*" || strings.HasPrefix(t, "# ") || strings.HasPrefix(t, "// ") || strings.HasPrefix(t, "/// ") || strings.HasPrefix(t, "//! ") || strings.HasPrefix(t, "/*") ||
		strings.HasPrefix(t, "* ") || strings.HasPrefix(t, "*/") || strings.HasPrefix(t, "-- ")
}

// decoratorLine is a Python or TypeScript decorator, a Rust or C# attribute, a Java annotation.
func decoratorLine(line []byte) bool {
	t := bytes.TrimSpace(line)
	return len(t) > 1 && (t[0] == '@' && (t[1] >= 'A' && t[1] <= 'Z' || t[1] >= 'a' && t[1] <= 'z' || t[1] == '_') || bytes.HasPrefix(t, []byte("#[")) || t[0] == '[' && bytes.HasSuffix(t, []byte("]")))
}

// calledIn reports a hint written as an empty call (`F()`) that the line calls with arguments
// (`F("used") + 1`, the eighteenth holdout's saleor): the name, a word of its own, then "(".
func calledIn(line []byte, hint string) bool {
	name, ok := strings.CutSuffix(hint, "()")
	if !ok || name == "" {
		return false
	}
	call := []byte(name + "(")
	for from := 0; ; {
		i := bytes.Index(line[from:], call)
		if i < 0 {
			return false
		}
		at := from + i
		if at == 0 || !wordChar(line[at-1]) {
			return true
		}
		from = at + 1
	}
}

// rangeWords are the names inside a claim's code spans of more than one word: "`timeWindow: 1h,
// maxRequests: 10000`" over a block whose lines say `timeWindow: 1000 * 60 * 60,` and `maxRequests:
// 10000,` (the sixty-third holdout's signals-dpg, citing `config.ts:12-15`). Only a cited range is
// searched for them, one line at a time; they never say where a line moved.
func rangeWords(text string) []string {
	var out []string
	for _, m := range codeSpan.FindAllStringSubmatch(text, -1) {
		if !strings.ContainsAny(m[1], " \t") {
			continue
		}
		for _, w := range spanIdent.FindAllString(m[1], -1) {
			if !keywordish[w] {
				out = append(out, w)
			}
		}
	}
	return out
}

// proseWords are the claim's words of six letters or more outside its code spans, lower-cased.
func proseWords(text string) []string {
	out := []string{} // never nil: a claim with no such words is read once
	for _, w := range proseWord.FindAllString(codeSpan.ReplaceAllString(text, " "), -1) {
		if w = strings.ToLower(w); !slices.Contains(out, w) {
			out = append(out, w)
		}
	}
	return out
}

var proseWord = mustGate(`[A-Za-z]{6,}`)

// spanIdent is a name in a span long enough to say something: five characters at least.
var spanIdent = mustGate(`[A-Za-z_][A-Za-z0-9_]{4,}`)

// keywordish are words of many languages' syntax that any block holds.
var keywordish = set("false", "return", "const", "async", "await", "function", "class", "import", "export", "default", "string", "number", "boolean", "public", "private", "static", "while", "yield", "throw", "super", "typeof", "undefined", "interface", "struct", "values", "object")

// wordIn reports a line of a cited range that holds one of the span words, each as a whole word.
func wordIn(line []byte, words []string) bool {
	if len(words) == 0 {
		return false
	}
	l := string(line)
	for _, w := range words {
		if containsWord(l, w) {
			return true
		}
	}
	return false
}

// foldMatch reports a cited line holding a hint of at least three letters in another case, a snake_case
// one also as the camel-case identifier of its words.
func foldMatch(line []byte, hints []string) bool {
	var lower []byte
	for _, h := range hints {
		if len(h) < 3 {
			continue
		}
		if lower == nil {
			lower = bytes.ToLower(line)
		}
		lh := strings.ToLower(h)
		if bytes.Contains(lower, []byte(lh)) {
			return true
		}
		if camel := camelCase(h); camel != "" && containsWord(string(line), camel) {
			// "| `max_tokens` hardcoded to 32000 | `request/openai-to-kiro.js:309` |" over "const maxTokens
			// = 32000;" (the hundred-and-fiftieth holdout's Vela): a snake_case key the code names in camel
			// case, as a whole identifier ("`tool_result` image block" is not the line's `toolResults`)
			return true
		}
	}
	return false
}

// literalIn reports a line that holds one of the literals as written.
func literalIn(line []byte, literals []string) bool {
	var spaced []byte // the line with its runs of blanks made one space, as the literals are
	for _, lit := range literals {
		if bytes.Contains(line, []byte(lit)) {
			return true
		}
		if spaced == nil {
			spaced = bytes.Join(bytes.Fields(line), []byte(" "))
		}
		if bytes.Contains(spaced, []byte(lit)) {
			return true
		}
	}
	return false
}

// camelCase is a lower snake_case name as a camel-case identifier ("max_tokens" → "maxTokens"), "" for
// any other name.
func camelCase(h string) string {
	if !strings.Contains(h, "_") {
		return ""
	}
	words := strings.Split(h, "_")
	var b strings.Builder
	for i, w := range words {
		if w == "" || strings.ToLower(w) != w || !identWord.MatchString(w) {
			return ""
		}
		if i > 0 {
			b.WriteString(strings.ToUpper(w[:1]))
			w = w[1:]
		}
		b.WriteString(w)
	}
	return b.String()
}

// opensBranch reports a cited line that opens a branch of control flow whose first line holds a hint:
// "`false` → `MissingModel` (`process.rs:180`)" cites "if let Some(error) = response.error {", and
// the branch's first line reads `response.retryable` (the hundred-and-sixtieth holdout's afterray). The
// condition is where the sentence's behaviour starts.
func opensBranch(lines [][]byte, l, n int, match func(int) bool) bool {
	if l+1 >= n || !branchOpen.Match(lines[l]) {
		return false
	}
	return match(l + 1)
}

// branchOpen is a line that opens an if, a loop, a match or a guard and ends with its brace or colon.
var branchOpen = mustGate(`^\s*(?:\}\s*)?(?:if|else\s+if|elif|else|for|while|match|switch|when|guard|case|try|loop)\b[^;]*[{:]\s*$`)

// declaresNamed reports a cited line that declares the file's namesake or a part of a qualified hint,
// alone or under the decorators it opens: "`Sources/AfterRayApp.swift:29` `@main` + app delegate" cites
// "@main" over "struct AfterRayApp: App {", "`Sources/DaemonSupervisor.swift:6` — spawns …" cites "final
// class DaemonSupervisor {", and "`Sources/main.swift:19` `SnapshotRunner.main`" cites "enum
// SnapshotRunner {" (the hundred-and-sixtieth holdout's afterray). A file's own type is what a line
// cited with no other name most likely declares; only a declaration counts, not any line that uses it.
func declaresNamed(lines [][]byte, l, n int, names []string) bool {
	if len(names) == 0 {
		return false
	}
	declares := func(k int) bool {
		for _, m := range declaration.FindAllSubmatch(lines[k], -1) {
			if slices.Contains(names, string(m[1])) {
				return true
			}
		}
		return false
	}
	return declares(l) || decorates(lines, l, n, declares)
}

// declaredNames are the names declaresNamed looks for, read once per cited anchor: the file's namesake and the
// parts of each qualified hint ("SnapshotRunner.main").
func declaredNames(file string, hints []string) []string {
	var names []string
	if stem, ok := fileNamesake(file); ok {
		names = append(names, stem)
	}
	for _, h := range hints {
		if strings.Contains(h, "/") || !strings.Contains(h, ".") || knownExt[strings.ToLower(strings.TrimPrefix(path.Ext(h), "."))] {
			continue
		}
		for _, part := range strings.Split(strings.TrimSuffix(h, "()"), ".") {
			if len(part) >= 4 && identWord.MatchString(part) {
				names = append(names, part)
			}
		}
	}
	return names
}

// fileNamesake is a file's stem when it can name a type: an identifier of four letters or more
// ("AfterRayApp" for Sources/AfterRayApp.swift).
func fileNamesake(file string) (string, bool) {
	stem := strings.TrimSuffix(path.Base(file), path.Ext(file))
	return stem, len(stem) >= 4 && identWord.MatchString(stem)
}

// declaration is a keyword that declares a type or a function, and the name it declares. It is the
// engine's own because the symbol shapes (DefinitionLine) do not read Swift's "enum SnapshotRunner {" or
// "struct AfterRayApp: App {", the declarations afterray's hints cite.
var declaration = mustGate(`\b(?:class|struct|enum|protocol|interface|trait|type|object|actor|extension|impl|func|fn|def|function)\s+([A-Za-z_][A-Za-z0-9_]*)`)
