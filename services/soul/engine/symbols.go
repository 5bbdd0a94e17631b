package engine

import (
	"fmt"
	"maps"
	"path"
	"regexp"
	"slices"
	"strings"
)

// symbolIndex holds what the grep batch said about the asked symbol words: where they are defined,
// which files define which types, and which words are only used.
type symbolIndex struct {
	defs  map[string][]symbolDef
	types map[string]map[string]bool // file -> type/module names it defines
	pkgs  map[string]string          // file -> Go package clause
	used  map[string]bool
	// methodFiles maps a Go receiver type to the files that hold its methods: any file of its package
	// may, so a removed method is looked for there as well as beside the type
	methodFiles map[string][]string
	// typeNames are names defined as types (struct, class, interface, enum, trait): their members are
	// fields or methods, so a "Type.member" reference can be read inside the type's own block.
	typeNames map[string]bool
	// protoTypes are the messages, enums and services .proto files define, each with its kind (what
	// a member of it is written like: protoJudged)
	protoTypes map[string]protoKind
}

type symbolDef struct {
	path     string
	line     int
	receiver string
	// fn marks a function or method: never a namespace, so "cc.X" is not qualified by a method cc
	fn bool
}

// Definition shapes for Go, Rust, Python, TS/JS and Java/Kotlin; each captures the defined name.
var (
	defGoFunc = mustGate(`^\s*func\s+(?:\(\s*\w*\s*\*?\s*(\w+)(?:\[[^\]]*\])?\s*\)\s*)?(\w+)`)
	defGoType = mustGate(`^\s*(type|var|const)\s+(\w+)`)
	defGoPkg  = mustGate(`^package\s+(\w+)`)
	// defGoGrouped: an exported name given a value inside a `var (` or `const (` block, which gofmt
	// indents one tab: "\tNewCriticalError = shared.NewCriticalError" (the hundred-and-forty-eighth
	// holdout's kubecloudscaler, whose service package keeps its moved constructors as aliases). A line
	// of the index stands alone, so the block's opening is not seen; an exported name assigned at a
	// function body's first level is a package variable too.
	defGoGrouped = mustGate(`^\t([A-Z]\w*)(?:\s+[^=\s][^=]*?)?\s*=[^=]`)
	defRust      = mustGate(`\b(fn|struct|enum|trait|type|const|static|mod|union)\s+(\w+)|macro_rules!\s*(\w+)`)
	defRustImpl  = mustGate(`\bimpl(?:<[^>]*>)?\s+(?:[\w:]+\s+for\s+)?(?:[\w:]*::)?(\w+)`)
	defPy        = mustGate(`^\s*(?:async\s+)?(def|class)\s+(\w+)|^(\w+)\s*(?::[^=]*)?=`)
	defJSFunc    = mustGate(`\bfunction\s*\*?\s*(\w+)|\b(?:class|interface|type|enum|namespace|record)\s+(\w+)|\b(?:const|let|var)\s+(\w+)\s*[=:]`)
	defMethod    = mustGate(`^\s*(?:(?:public|private|protected|static|async|readonly|override|abstract|final|synchronized|native|default|suspend|open|internal|export|get|set)\s+)*(?:[\w<>\[\],.?]+\s+)?(\w+)\s*(?:<[^>]*>)?\s*\([^;]*\)\s*(?::\s*[^{]+)?\s*(?:\{|=>|throws|$)`)
	defKotlin    = mustGate(`\bfun\s+(?:<[^>]*>\s*)?(?:\w+\.)?(\w+)|\bobject\s+(\w+)`)
	// defElixir: a module, protocol or exception (2: the dotted name) or a function, macro, guard or
	// delegate (2: the name), after its keyword (1).
	defElixir = mustGate(`^\s*(defmodule|defprotocol|defexception|defimpl|defstruct|defp?|defmacrop?|defguardp?|defdelegate|defn|defnp)\s+([A-Z][\w.]*|[a-z_]\w*[?!]?)`)
	// scalaType: a Scala object, class or enum (1).
	scalaType = mustGate(`\b(?:object|class|enum)\s+(\w+)`)
	// defScala: a Scala def, val, var, lazy val, given or trait (1), the shapes Java's and Kotlin's lack.
	defScala = mustGate(`\b(?:def|val|var|given|trait)\s+(\w+)`)
	// defTSSignature: a TypeScript method signature (1), as an interface, a `declare` block, a .d.ts
	// file or an overload list writes it: "_linkedBinding(name: 'x'): X;", "internalBinding?(n: string): any;".
	// The return type's annotation and the closing ";" set it apart from a call statement, whose ";"
	// follows its ")" ("foo(a);"), which defMethod leaves out.
	defTSSignature = mustGate(`^\s*(?:(?:readonly|static|public|private|protected|abstract|declare)\s+)*(\w+)\??\s*(?:<[^>]*>)?\s*\([^;]*\)\s*:\s*[^;]*[^;)\s]\s*;\s*$`)
)

// tsFile reports a TypeScript source (.d.ts included): the only JS-family files with signatures.
func tsFile(p string) bool {
	switch strings.ToLower(path.Ext(p)) {
	case ".ts", ".tsx", ".mts", ".cts":
		return true
	}
	return false
}

// DefinitionLine reports whether a source line may define a symbol in the language of path. Repository
// readers keep only these lines of each file, so a warm symbol check never re-reads the sources.
func DefinitionLine(path, text string) bool {
	switch langOf(path) {
	case "go":
		re := goShape(goKeyword(text))
		return re != nil && re.MatchString(text) || re == nil && goGrouped(text) != ""
	case "rust":
		return defRust.MatchString(text) || defRustImpl.MatchString(text) || rustProcMacro.MatchString(text)
	case "py":
		return defPy.MatchString(text)
	case "js", "java":
		return mayJSFunc(text) && defJSFunc.MatchString(text) || mayKotlin(text) && defKotlin.MatchString(text) ||
			!strings.HasSuffix(strings.TrimSpace(text), ";") && mayMethod(text) && defMethod.MatchString(text) ||
			tsFile(path) && mayMethod(text) && defTSSignature.MatchString(text)
	case "scala":
		return defScala.MatchString(text) || mayJSFunc(text) && defJSFunc.MatchString(text) || mayKotlin(text) && defKotlin.MatchString(text)
	case "proto":
		return protoDefinitionLine(text)
	case "elixir":
		return strings.Contains(text, "def") && defElixir.MatchString(text)
	}
	return false
}

// mayJSFunc, mayKotlin and mayMethod say whether defJSFunc, defKotlin and defMethod can match text
// at all: each regexp needs one of its literal words, or a '(' and a ')' after it. A grep for a
// common word hands DefinitionLine tens of thousands of lines of a Java repository, most of them
// calls and statements, and the regexps (defMethod's backtracking above all) were most of a check's
// CPU there; the gates answer those lines with a few substring searches. TestJSDefinitionGate holds
// each gate to its regexp.
func mayJSFunc(text string) bool {
	for _, w := range [...]string{"function", "class", "interface", "type", "enum", "namespace", "record", "const", "let", "var"} {
		if strings.Contains(text, w) {
			return true
		}
	}
	return false
}

func mayKotlin(text string) bool {
	return strings.Contains(text, "fun") || strings.Contains(text, "object")
}

// mayMethod: before its '(' defMethod allows only white space, word bytes and <>[],.? except inside
// a <...> group, so a line whose first byte of another kind comes before any '<' or '(' (a `=`, a
// quote, a non-ASCII letter) cannot match; nor can one with no ')' after its first '('.
func mayMethod(text string) bool {
	open := strings.IndexByte(text, '(')
	if open < 0 || strings.IndexByte(text[open:], ')') < 0 {
		return false
	}
	for i := 0; i < open; i++ {
		switch c := text[i]; {
		case c == '<':
			return true
		case c == ' ', c == '\t', c == '\n', c == '\f', c == '\r', c == '_', c == '>', c == '[', c == ']', c == ',', c == '.', c == '?',
			'0' <= c && c <= '9', 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z':
		default:
			return false
		}
	}
	return true
}

// goKeyword is the word a Go line opens with, past the leading white space the definition shapes allow
// (RE2's \s: tab, newline, form feed, carriage return, space), when it is one those shapes start with and
// white space follows it: "package" only at the line's very start, as defGoPkg wants. Every other line
// defines nothing, so the regexps, which cost most of a cold symbol query's own time, never see it.
func goKeyword(text string) string {
	rest := strings.TrimLeft(text, "\t\n\f\r ")
	for _, kw := range [...]string{"func", "type", "var", "const", "package"} {
		if len(rest) > len(kw) && strings.HasPrefix(rest, kw) && strings.IndexByte("\t\n\f\r ", rest[len(kw)]) >= 0 {
			if kw == "package" && len(rest) != len(text) {
				return ""
			}
			return kw
		}
	}
	return ""
}

// goGrouped is the name a line of a `var (` or `const (` block gives a value (defGoGrouped), "" for
// any other line; the byte test first spares the regexp every line that is not one tab and a capital.
func goGrouped(text string) string {
	if len(text) < 2 || text[0] != '\t' || text[1] < 'A' || text[1] > 'Z' {
		return ""
	}
	if m := defGoGrouped.FindStringSubmatch(text); m != nil {
		return m[1]
	}
	return ""
}

// goShape is the definition regexp a Go line opening with keyword kw may match (goKeyword), nil when
// no definition opens with kw.
func goShape(kw string) *literalGated {
	switch kw {
	case "package":
		return defGoPkg
	case "func":
		return defGoFunc
	case "type", "var", "const":
		return defGoType
	}
	return nil
}

var controlWords = set("if", "for", "while", "switch", "catch", "return", "function", "new", "else", "do", "try", "with", "case", "throw", "await", "yield", "typeof", "sizeof", "match", "loop", "elif", "print")

// sourceLanguages are the source extensions the symbol index reads, each with its language. .sc
// scripts, sbt and Mill builds are Scala: a build's defs are cited too.
var sourceLanguages = map[string]string{
	".go": "go", ".rs": "rust", ".py": "py", ".pyi": "py",
	".ts": "js", ".tsx": "js", ".js": "js", ".jsx": "js", ".mjs": "js", ".cjs": "js", ".mts": "js", ".cts": "js",
	".java": "java", ".kt": "java", ".kts": "java",
	".scala": "scala", ".sc": "scala", ".sbt": "scala", ".mill": "scala",
	".proto": "proto", ".ex": "elixir", ".exs": "elixir",
	// a single-file component's script block declares its functions as a module does
	".vue": "js", ".svelte": "js",
}

// ReadSource are the extensions of sourceLanguages: gitrepo greps and walks exactly the files the
// index reads, and the two lists cannot drift apart.
var ReadSource = slices.Sorted(maps.Keys(sourceLanguages))

func langOf(p string) string { return sourceLanguages[strings.ToLower(path.Ext(p))] }

func indexSymbols(lines []SourceLine) *symbolIndex {
	ix := &symbolIndex{defs: map[string][]symbolDef{}, types: map[string]map[string]bool{}, pkgs: map[string]string{}, used: map[string]bool{}, typeNames: map[string]bool{}, methodFiles: map[string][]string{}, protoTypes: map[string]protoKind{}}
	for _, l := range lines {
		eachWord(l.Text, func(w string) { ix.used[w] = true })
		switch langOf(l.Path) {
		case "go":
			ix.indexGo(l)
		case "rust":
			ix.indexRust(l)
		case "py":
			ix.indexPy(l)
		case "js", "java":
			ix.indexJS(l)
		case "scala":
			ix.indexScala(l)
		case "proto":
			ix.indexProto(l)
		case "elixir":
			ix.indexElixir(l)
		}
	}
	return ix
}

// indexElixir records a module by its last name, each of its names a type of its file (so
// `Hermes.Server.Behaviour` and `Server.Behaviour` are both read under the file that defines it), and a
// function, macro or guard by its name, ? and ! dropped as a document's names drop them.
func (ix *symbolIndex) indexElixir(l SourceLine) {
	m := defElixir.FindStringSubmatch(l.Text)
	if m == nil {
		return
	}
	switch m[1] {
	case "defmodule", "defprotocol", "defexception":
		names := strings.Split(m[2], ".")
		for i, n := range names {
			ix.addType(l.Path, n)
			if i < len(names)-1 && !slices.Contains(ix.methodFiles[n], l.Path) {
				// the namespace's files: where history is asked about a member of `Ash` gone missing
				ix.methodFiles[n] = append(ix.methodFiles[n], l.Path)
			}
			if i > 0 && i < len(names)-1 {
				// a namespace is there when a module under it is: "`NervesHub.ManagedDeployments.Distributed`"
				// over Distributed.Orchestrator (the twentieth holdout's nerves_hub_web)
				ix.def(l, n, "", false)
			}
		}
		last := names[len(names)-1]
		ix.def(l, last, "", false)
		ix.typeNames[last] = true
	case "defimpl", "defstruct":
	default:
		ix.defKeyword(l, strings.TrimRight(m[2], "?!"), "", true)
	}
}

func (ix *symbolIndex) addType(file, name string) {
	if ix.types[file] == nil {
		ix.types[file] = map[string]bool{}
	}
	ix.types[file][name] = true
}

// def records a definition of name at a source line; fn marks a function or method.
func (ix *symbolIndex) def(l SourceLine, name, recv string, fn bool) {
	if name == "" || controlWords[name] {
		return
	}
	ix.defineAt(l, name, recv, fn)
}

// defKeyword records a definition its language's keyword spells out ("fn new(", "def print("): a name
// like new, which a JavaScript line uses as an operator ("new Map("), is then a definition all the same
// (the twentieth holdout's worktrunk, whose `Cmd::new()` was "Cmd has no member new").
func (ix *symbolIndex) defKeyword(l SourceLine, name, recv string, fn bool) {
	if name != "" {
		ix.defineAt(l, name, recv, fn)
	}
}

func (ix *symbolIndex) defineAt(l SourceLine, name, recv string, fn bool) {
	ix.defs[name] = append(ix.defs[name], symbolDef{path: l.Path, line: l.Line, receiver: recv, fn: fn})
}

func (ix *symbolIndex) indexGo(l SourceLine) {
	t := l.Text
	re := goShape(goKeyword(t))
	if re == nil {
		ix.def(l, goGrouped(t), "", false)
		return
	}
	m := re.FindStringSubmatch(t)
	switch {
	case m == nil:
	case re == defGoPkg:
		ix.pkgs[l.Path] = m[1]
	case re == defGoFunc:
		ix.def(l, m[2], m[1], true)
		if fs := ix.methodFiles[m[1]]; m[1] != "" && !slices.Contains(fs, l.Path) {
			ix.methodFiles[m[1]] = append(fs, l.Path)
		}
	default:
		ix.def(l, m[2], "", false)
		ix.addType(l.Path, m[2])
		if m[1] == "type" {
			ix.typeNames[m[2]] = true
		}
	}
}

func (ix *symbolIndex) indexRust(l SourceLine) {
	for _, m := range rustProcMacro.FindAllStringSubmatch(l.Text, -1) {
		ix.def(l, m[1]+m[2], "", false) // a derive or attribute macro the crate exports
	}
	text := rustFnQualifiers.ReplaceAllString(l.Text, "fn ")
	for _, m := range defRust.FindAllStringSubmatch(text, -1) {
		n := m[2] + m[3]
		if m[1] == "fn" {
			ix.defKeyword(l, n, "", true)
		} else {
			ix.def(l, n, "", false)
		}
		ix.addType(l.Path, n)
		switch m[1] {
		case "struct", "enum", "trait", "union", "type":
			ix.typeNames[n] = true
		}
	}
	if m := defRustImpl.FindStringSubmatch(text); m != nil {
		ix.addType(l.Path, m[1])
	}
}

func (ix *symbolIndex) indexPy(l SourceLine) {
	m := defPy.FindStringSubmatch(l.Text)
	if m == nil {
		return
	}
	n := m[2] + m[3]
	ix.def(l, n, "", m[1] == "def")
	ix.addType(l.Path, n)
	if m[1] == "class" {
		ix.typeNames[n] = true
	}
}

func (ix *symbolIndex) indexJS(l SourceLine) {
	t := l.Text
	if !mayJSFunc(t) && !mayKotlin(t) && !mayMethod(t) {
		return // none of the shapes below can match
	}
	if jsComment(t) {
		// "// chip renders enum fields generically" (the two-hundred-and-sixteenth holdout's singularity)
		// defines no type `fields`: read as one, every "`fields.identity`" its guides name was "defined,
		// but not under fields" (twenty-nine rows)
		return
	}
	for _, m := range defJSFunc.FindAllStringSubmatchIndex(t, -1) {
		n := subAt(t, m, 1) + subAt(t, m, 2) + subAt(t, m, 3)
		if strings.HasPrefix(t[m[0]:], "type") && !typeAliasAfter(t[m[1]:]) {
			continue // "import { type vi } from 'vitest'": a type imported from another package, defined there
		}
		m := []string{"", subAt(t, m, 1), subAt(t, m, 2), subAt(t, m, 3)}
		ix.def(l, n, "", m[1] != "")
		ix.addType(l.Path, n)
		if m[2] != "" {
			ix.typeNames[n] = true
		}
	}
	if m := defKotlin.FindStringSubmatch(t); m != nil {
		if m[1] != "" {
			ix.def(l, m[1], "", true)
		} else {
			ix.def(l, m[2], "", false)
		}
	}
	if !mayMethod(t) {
		return // neither a method nor a signature: both want mayMethod's '(' and what may precede it
	}
	if !strings.HasSuffix(strings.TrimSpace(t), ";") {
		if m := defMethod.FindStringSubmatch(t); m != nil {
			ix.def(l, m[1], "", true)
			return
		}
	}
	if tsFile(l.Path) {
		if m := defTSSignature.FindStringSubmatch(t); m != nil {
			ix.def(l, m[1], "", true)
		}
	}
}

// indexScala indexes a Scala line: its classes, objects and types as Java's and Kotlin's are (indexJS),
// and its defs, vals and traits, which those shapes miss (the seventh holdout's `Scala.defaultInternal`
// is a def in a Mill build's package.mill).
func (ix *symbolIndex) indexScala(l SourceLine) {
	ix.indexJS(l)
	for _, m := range scalaType.FindAllStringSubmatch(l.Text, -1) {
		// "object Unsafe:" nested in "object Sync:" (the twenty-third holdout's kyo, Scala 3's indented
		// blocks): an object or class is a namespace its file's defs are read under, as a trait is
		ix.addType(l.Path, m[1])
		ix.typeNames[m[1]] = true
	}
	for _, m := range defScala.FindAllStringSubmatch(l.Text, -1) {
		ix.def(l, m[1], "", strings.HasPrefix(m[0], "def"))
		if strings.HasPrefix(m[0], "trait") {
			ix.addType(l.Path, m[1])
			ix.typeNames[m[1]] = true
		}
	}
}

// eachWord calls fn with every identifier-shaped word of s (a letter or underscore, then word bytes),
// the words a regexp `[A-Za-z_]\w*` finds, without a regexp: indexSymbols runs it on every line the
// symbol batch returns, thousands per check.
func eachWord(s string, fn func(string)) {
	for i := 0; i < len(s); {
		if c := s[i]; !(c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') {
			i++
			continue
		}
		j := i + 1
		for j < len(s) && wordChar(s[j]) {
			j++
		}
		fn(s[i:j])
		i = j
	}
}

func wordChar(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// symbol checks a symbol anchor by definition search; a name only used (never defined) here is another
// project's symbol and is not an anchor of this repository.
func (v *verifier) symbol(a Anchor, d verdicts) AnchorResult {
	ix := v.symbols
	if ix == nil {
		ix = indexSymbols(nil)
	}
	if a.Qualifier != "" && v.repo.HasBasename(strings.TrimSuffix(a.Ref, "()")) {
		return d.ok() // "surface.old" reads like a member but names a file that is there
	}
	if r, ok := v.jvmName(a, d); ok {
		return r
	}
	defs := ix.defs[a.Name]
	if a.Qualifier != "" {
		return v.qualifiedSymbol(ix, a, defs, d)
	}
	if len(defs) > 0 {
		return d.ok()
	}
	if ix.used[a.Name] {
		return d.skip() // used here but defined elsewhere: another project's symbol, not an anchor of this one
	}
	return d.fail(ReasonSymbolMissing, a.Name+" is defined nowhere in the tracked sources")
}

// movedTo marks a failed symbol's detail whose evidence is its file found in another place: a move, not
// a name with no trace (tiers.go).
const movedTo = "; its file is now "

// jvmQualified is a JVM package, or a class in one, written in full: "dev.jbang", "dev.jbang.cli.ExitException",
// "org.acme.Foo.Bar" (a nested class), "com.acme.Util.run()" (a member).
var jvmQualified = mustGate(`^([a-z][a-z0-9_]*(?:\.[a-z][a-z0-9_]*)+)(?:\.([A-Z]\w*)(?:\.[A-Za-z_]\w*)*)?(?:\(\))?$`)

// jvmName settles a name written as a JVM package path where this repository keeps that package as
// directories (src/main/java/dev/jbang/): the package is there, and a class is there when its file is.
// A Java class whose file sits in another package has moved (the twenty-first holdout's jbang:
// `dev.jbang.cli.ExitException`, whose ExitException.java is in dev/jbang/), which is drift with the file
// as evidence. ok is false for a name that is no package here (`os.path` in Python), left to the rest.
func (v *verifier) jvmName(a Anchor, d verdicts) (AnchorResult, bool) {
	m := jvmQualified.FindStringSubmatch(a.Ref)
	if m == nil {
		return AnchorResult{}, false
	}
	dir := strings.ReplaceAll(m[1], ".", "/")
	if len(v.repo.Glob("**/"+dir, 1)) == 0 {
		return AnchorResult{}, false
	}
	cls := m[2]
	if cls == "" {
		return d.ok(), true // "keep packages under `dev.jbang`"
	}
	for _, ext := range []string{".java", ".kt", ".scala", ".groovy"} {
		if len(v.repo.Glob("**/"+dir+"/"+cls+ext, 1)) > 0 {
			return d.ok(), true
		}
	}
	elsewhere := v.repo.ByBasename(cls + ".java")
	if len(elsewhere) != 1 {
		return AnchorResult{}, false // Kotlin and Scala name files freely; several candidates settle nothing
	}
	return d.fail(ReasonChanged, fmt.Sprintf("%s is not in package %s%s%s", cls, m[1], movedTo, elsewhere[0])), true
}

// qualifiedSymbol checks "Q.name": a definition under Q (its receiver, package, type block or file),
// else what Q is here says whether the absence is drift.
func (v *verifier) qualifiedSymbol(ix *symbolIndex, a Anchor, defs []symbolDef, d verdicts) AnchorResult {
	q := a.Qualifier
	for _, def := range defs {
		// the receiver settles most qualified names; a cheap pass first spares the path reading below
		// when a common method name ("Handle") is defined thousands of times
		if def.receiver == q {
			return d.ok()
		}
	}
	for _, def := range defs {
		if qualifies(ix, def, q) {
			return d.ok()
		}
	}
	if len(q) <= 2 && !ix.isPackage(q) {
		// "`d.BG_BLUE`" after "from .. import design as d" (the twenty-second holdout's nicegui, whose
		// minified bundles declare a `class d`), "np.", "pd.": a short alias or a variable, which names
		// no place a definition could be looked for
		return d.skip()
	}
	if dir, ok := v.rustCrate(q); ok && strings.Contains(a.Ref, "::") {
		// "`opendal::layers`" (the twenty-second holdout's opendal): a crate of the workspace by its
		// package name, whose sources are its directory's, whatever the directory is called
		for _, def := range defs {
			if dir == "." || strings.HasPrefix(def.path, dir+"/") {
				return d.ok()
			}
		}
	}
	if !strings.Contains(a.Ref, "::") && dataField(q, a.Name) && (strings.Contains(a.Name, "_") || !ix.typeNames[q]) && !v.memberOf(ix, q, a.Name) {
		// "receipt.receipt_id", "refusal.reason", "brains.writes": a lower-case name read off a lower-case
		// value is a field of a tool's JSON output or a table's column; Go cannot reach an unexported name
		// across packages, and snake_case is no Go identifier
		return d.skip()
	}
	if ix.typeNames[q] {
		// "Config.ABI" is a field as often as a method: the type's own block settles it
		if v.memberOf(ix, q, a.Name) {
			return d.ok()
		}
		if ix.protoOnly(q) && !protoJudged(ix.protoTypes[q], a) {
			return d.skip() // "Msg.ProtoReflect()": generated code's, which the repository does not hold
		}
		if len(defs) == 0 && ix.used[a.Name] && elixirModuleRef.MatchString(a.Ref) && ix.elixirNamespace(q) {
			// "`Sentry.Transport.SenderRegistry`": an Elixir name the code uses as an atom (a Registry's
			// name, `name: Sentry.Transport.SenderRegistry`) is a module name without a defmodule
			return d.skip()
		}
		if len(defs) == 0 {
			return d.fail(ReasonSymbolMissing, q+" has no member "+a.Name)
		}
		return d.fail(ReasonChanged, a.Name+" is defined, but not under "+q)
	}
	return v.unknownQualifier(ix, a, defs, d)
}

// unknownQualifier reads a qualifier that is no type here: the standard library, another project's
// package or a variable, one of this repository's packages, or a file's name.
func (v *verifier) unknownQualifier(ix *symbolIndex, a Anchor, defs []symbolDef, d verdicts) AnchorResult {
	q := a.Qualifier
	if goStdlib[q] && !ix.isPackage(q) {
		return d.skip() // the standard library: "fs.FS", "sync.Pool"
	}
	if rustStd[q] && strings.Contains(a.Ref, "::") && !ix.isPackage(q) && !v.rustModule(q) {
		// Rust's standard library by its module (the twentieth holdout's worktrunk: "if your producer
		// thread needs `thread::sleep`", with a `sleep` of its own elsewhere): std::thread, not a module here
		return d.skip()
	}
	if !ix.isPackage(q) && !v.repo.HasStem(q) && !v.repo.HasStem(strings.ToLower(q)) {
		// another project's package, or a variable ("alloc.Trim()", "libc.Xmalloc") whose type is not
		// known here: nothing this repository can settle
		return d.skip()
	}
	if len(defs) == 0 {
		if ix.used[a.Name] {
			return d.skip()
		}
		return d.fail(ReasonSymbolMissing, a.Name+" is defined nowhere in the tracked sources")
	}
	if strings.Contains(a.Ref, "::") && !ix.isPackage(q) && v.colonNamespaces() {
		// "`Spree::Promotion`" in a Ruby app with a TypeScript dashboard: the TS class is not the one
		// meant; Ruby's `module Spree` / `class Promotion` is where soul cannot look (the twelfth holdout)
		return d.skip()
	}
	if ix.isPackage(q) || strings.Contains(a.Ref, "::") {
		return d.fail(ReasonChanged, a.Name+" is defined, but not under "+q)
	}
	// a file's name: the symbol lives elsewhere, which a file stem alone cannot call drift
	return d.skip()
}

// isPackage reports whether q is the package clause of some tracked Go file.
func (ix *symbolIndex) isPackage(q string) bool {
	for _, p := range ix.pkgs {
		if p == q {
			return true
		}
	}
	return false
}

// memberOf reads the blocks that define type t and reports whether member appears in one as a word, or
// in a class t extends.
func (v *verifier) memberOf(ix *symbolIndex, t, member string) bool {
	return v.memberIn(ix, t, member, maxBaseDepth)
}

// maxBaseDepth bounds how many classes up an inherited member is looked for.
const maxBaseDepth = 3

// memberIn is memberOf with the classes above t left to look in.
func (v *verifier) memberIn(ix *symbolIndex, t, member string, depth int) bool {
	// the member must be what a line declares (its leading name, or self.x/this.x), not a type it uses
	// Both shapes hold the member's name, so a line without it is skipped before the regexp, which
	// is compiled only once a line has it: a type of a few thousand lines (openrewrite's J.java)
	// asked for several members made the regexp most of a check's CPU.
	var word *regexp.Regexp
	m := regexp.QuoteMeta(member)
	shape := func() *regexp.Regexp {
		if word == nil {
			word = regexp.MustCompile(`^\s*(?:(?:pub(?:\([^)]*\))?|public|private|protected|internal|readonly|static|final|export|declare|val|var|let|const|def|fn|func|async|override|abstract|open|get|set)\s+)*(?:\w+\s*,\s*)*` + m + `\b|\b(?:self|this)\.` + m + `\s*[:=]`)
		}
		return word
	}
	var typed *regexp.Regexp
	declared := func(l string) bool {
		if typed == nil {
			typed = regexp.MustCompile(`^\s*(?:(?:public|private|protected|internal|static|final|readonly|abstract|override|virtual|sealed|const|volatile|transient|synchronized|native|default|async|extern|unsafe)\s+)*(?:<[^>]*>\s*)?([A-Za-z_][\w.]*(?:<[^;=()]*>)?(?:\[\])*\??)\s+` + m + `\s*(?:[=;,(\[{:]|$)`)
		}
		g := typed.FindStringSubmatch(l)
		return g != nil && !statementWord[g[1]]
	}
	for _, d := range ix.defs[t] {
		if !ix.types[d.path][t] {
			continue
		}
		body, ok := v.readFile(d.path)
		if !ok {
			continue
		}
		if langOf(d.path) == "proto" {
			if protoMember(string(body), t, member) {
				return true
			}
			continue
		}
		if langOf(d.path) == "elixir" {
			// a module's members are its defs: "parse_error: \"Parse error\"" in a keyword list is no
			// function (the twenty-second holdout's hermes-mcp, whose Error.parse_error/1 was removed)
			if elixirMember(string(body), member) {
				return true
			}
			continue
		}
		lines := strings.Split(string(body), "\n")
		py := langOf(d.path) == "py"
		typeFirst := typeFirstLang(d.path)
		for i := d.line - 1; i >= 0 && i < len(lines) && i < d.line-1+maxMemberLines; i++ {
			l := lines[i]
			if i > d.line-1 && blockEnded(l, py) {
				break
			}
			if i == d.line-1 {
				// the defining line itself: only what follows the type's name can be a member
				if j := strings.Index(l, t); j >= 0 {
					l = l[j+len(t):]
				}
				if base := baseClass(l, py); depth > 0 && base != "" && base != t && v.inBase(ix, base, member, depth-1) {
					// "`LoopStore.withLock()`" where LoopStore extends ReducerBackedStore, which defines
					// it (the hundred-and-seventy-second holdout's pi-loop): an inherited member is one
					return true
				}
			}
			if strings.Contains(l, member) && (shape().MatchString(l) || typeFirst && declared(l)) {
				return true
			}
		}
	}
	return false
}

// inBase reports a member of the class base. The index holds the lines that name what the document
// names, so the base's own line may be missing from it; then a file that defines the member and declares
// class base is read as the base's.
func (v *verifier) inBase(ix *symbolIndex, base, member string, depth int) bool {
	if len(ix.defs[base]) > 0 {
		return v.memberIn(ix, base, member, depth)
	}
	for _, d := range ix.defs[member] {
		if body, ok := v.readFile(d.path); ok && declaresClass(body, base) {
			return true
		}
	}
	return false
}

// declaresClass reports a line of body that declares class name: "class Base", after "export",
// "default", "abstract" and "public" in that order, each at most once (a plain scan: the name differs
// at each call, and a regexp compiled for it would cost more than the read).
func declaresClass(body []byte, name string) bool {
	for line := range strings.Lines(string(body)) {
		l := strings.TrimLeft(line, " \t")
		for _, w := range []string{"export", "default", "abstract", "public"} {
			if rest, ok := strings.CutPrefix(l, w); ok && rest != "" && (rest[0] == ' ' || rest[0] == '\t') {
				l = strings.TrimLeft(rest, " \t")
			}
		}
		rest, ok := strings.CutPrefix(l, "class")
		if !ok || rest == "" || rest[0] != ' ' && rest[0] != '\t' {
			continue
		}
		rest, ok = strings.CutPrefix(strings.TrimLeft(rest, " \t"), name)
		if ok && (rest == "" || !isWordByte(rest[0])) {
			return true
		}
	}
	return false
}

// baseClass is the class a class's defining line (from after its name) extends: "extends Base" (TypeScript,
// JavaScript, Java, PHP), "(Base):" (Python's first base), "< Base" (Ruby). An interface it implements
// declares members without defining them, and is not followed.
func baseClass(rest string, py bool) string {
	if py {
		if m := pyBase.FindStringSubmatch(rest); m != nil {
			return m[1]
		}
		return ""
	}
	if m := extendsBase.FindStringSubmatch(rest); m != nil {
		return m[1]
	}
	return ""
}

var (
	extendsBase = mustGate(`^\s*(?:<[^>{]*>\s*)?(?:extends|<)\s+(?:[\w$]+\.)*([A-Za-z_$][\w$]*)`)
	pyBase      = mustGate(`^\s*\(\s*(?:[\w]+\.)*([A-Za-z_]\w*)\s*[,)\[]`)
)

// typeFirstLang reports a source whose declarations put the type before the name (Java, C#, C and C++,
// Dart, Groovy): Go's "Max Limit" declares Max, of type Limit.
func typeFirstLang(p string) bool {
	switch path.Ext(p) {
	case ".java", ".cs", ".c", ".h", ".cc", ".cpp", ".hpp", ".dart", ".groovy":
		return true
	}
	return false
}

// statementWord are words that open a statement, not a declaration's type: "return BOOL;" uses a member,
// "int BOOL = 1;" declares one (memberOf's typed shape: Java's and C#'s fields, a method with its return
// type, the fourteenth holdout's fory `Types.BOOL`).
var statementWord = set("return", "throw", "new", "else", "case", "await", "yield", "goto", "delete", "typeof", "in", "of", "is", "as", "not", "and", "or", "if", "while", "for", "switch", "catch", "import", "package", "using", "do", "try", "echo", "print", "assert", "raise", "del", "from", "with", "lambda", "go", "defer", "select", "when", "then")

// maxMemberLines bounds the block a member search reads.
const maxMemberLines = 2000

// blockEnded reports whether a line closes a type's block: a brace at column 0, or for Python any
// unindented line.
func blockEnded(l string, py bool) bool {
	l = strings.TrimSuffix(l, "\r") // a blank line of a CRLF file is no statement at column 0
	if py {
		return l != "" && l[0] != ' ' && l[0] != '\t' && l[0] != '#' && l[0] != ')'
	}
	return strings.HasPrefix(l, "}")
}

// elixirModuleRef is a name made of capitalised segments only: "Sentry.Transport.SenderRegistry".
var elixirModuleRef = mustGate(`^[A-Z]\w*(?:\.[A-Z]\w*)+$`)

// elixirNamespace reports a name that is a segment of an Elixir module of this repository.
func (ix *symbolIndex) elixirNamespace(q string) bool {
	for f, names := range ix.types {
		if names[q] && langOf(f) == "elixir" {
			return true
		}
	}
	return false
}

// elixirMember reports whether an Elixir file defines a function, macro or guard named member (? or !
// after it allowed), read with the index's own definition shape (defElixir) on the lines naming it.
func elixirMember(body, member string) bool {
	if member == "" {
		return false
	}
	for from := 0; ; {
		i := strings.Index(body[from:], member)
		if i < 0 {
			return false
		}
		at := from + i
		start := strings.LastIndexByte(body[:at], '\n') + 1
		end := strings.IndexByte(body[at:], '\n')
		if end < 0 {
			end = len(body) - at
		}
		if m := defElixir.FindStringSubmatch(body[start : at+end]); m != nil && !elixirModuleKeyword[m[1]] && strings.TrimRight(m[2], "?!") == member {
			return true
		}
		from = at + end
	}
}

// elixirModuleKeyword are the defElixir keywords that name a module or a struct, not a member.
var elixirModuleKeyword = set("defmodule", "defprotocol", "defexception", "defimpl", "defstruct")

// rustCrate reports the directory of the workspace's crate named q, from the Cargo.toml files' package
// names, read once per check.
func (v *verifier) rustCrate(q string) (string, bool) {
	if v.crates == nil {
		v.crates = map[string]string{}
		for _, f := range v.repo.ByBasename("Cargo.toml") {
			body, ok := v.readFile(f)
			if !ok {
				continue
			}
			if name := cargoName(string(body)); name != "" {
				v.crates[strings.ReplaceAll(name, "-", "_")] = path.Dir(f)
			}
		}
	}
	dir, ok := v.crates[q]
	return dir, ok
}

// rustDependency reports a crate the workspace's Cargo.toml files list under a dependencies table
// (`borsh = "1.3.1"`, `[dependencies.serde]`): an outside library.
func (v *verifier) rustDependency(q string) bool {
	if v.cargoDeps == nil {
		v.cargoDeps = map[string]bool{}
		dependencies := func(table string) bool { return strings.HasSuffix(table, "dependencies") }
		for _, f := range v.repo.ByBasename("Cargo.toml") {
			body, ok := v.readFile(f)
			if !ok {
				continue
			}
			for _, k := range tomlTableKeys(string(body), dependencies) {
				k, _, _ = strings.Cut(k, ".") // "borsh.workspace = true"
				v.cargoDeps[strings.ReplaceAll(k, "-", "_")] = true
			}
		}
	}
	return v.cargoDeps[q]
}

// cargoName is the name of a Cargo.toml's [package]: its name = "…" line before the next table header
// (a value may hold brackets: `exclude = ["/tests/"]`).
func cargoName(body string) string {
	in := false
	for _, l := range strings.Split(body, "\n") {
		l = strings.TrimSpace(l)
		if strings.HasPrefix(l, "[") && !strings.Contains(l, "=") {
			in = l == "[package]"
			continue
		}
		if m := cargoNameLine.FindStringSubmatch(l); in && m != nil {
			return m[1]
		}
	}
	return ""
}

var cargoNameLine = mustGate(`^name\s*=\s*"([^"]+)"`)

// rustModule reports a Rust module of this repository named q: a q.rs, or a q/mod.rs.
func (v *verifier) rustModule(q string) bool {
	if len(v.repo.ByBasename(q+".rs")) > 0 {
		return true
	}
	for _, f := range v.repo.ByBasename("mod.rs") {
		if path.Base(path.Dir(f)) == q {
			return true
		}
	}
	return false
}

// rustStd are the modules of Rust's standard library a document names a function by ("thread::sleep",
// "fs::read_to_string", "mem::take"), the std:: dropped.
var rustStd = set("alloc", "any", "array", "borrow", "boxed", "cell", "char", "cmp", "collections", "convert", "env", "error", "ffi", "fmt", "fs", "future", "hash", "hint", "io", "iter", "marker", "mem", "net", "num", "ops", "option", "os", "panic", "path", "pin", "process", "ptr", "rc", "result", "slice", "str", "string", "sync", "task", "thread", "time", "vec", "mpsc", "atomic")

// goStdlib are Go standard-library package names: "fs.FS" or "context.Context" in a soul names the
// standard library, not this repository.
var goStdlib = set("bufio", "bytes", "cmp", "context", "crypto", "embed", "errors", "expvar", "flag", "fmt", "fs", "hash", "heap", "html", "http", "httptest", "image", "io", "iter", "json", "log", "maps", "math", "mime", "net", "netip", "os", "exec", "filepath", "path", "plugin", "rand", "reflect", "regexp", "runtime", "slices", "slog", "sort", "strconv", "strings", "sync", "atomic", "syscall", "testing", "fstest", "template", "time", "unicode", "utf8", "unsafe", "url", "xml", "csv", "base64", "hex", "binary", "gzip", "zip", "tar", "tls", "x509", "sha256", "big", "debug", "pprof", "trace", "signal", "user", "ast", "token", "parser", "types", "build", "list", "ring", "sql", "driver", "tabwriter", "quick", "iotest", "cgo", "rpc", "smtp", "textproto", "multipart", "cookiejar", "httputil", "pe", "elf", "dwarf", "macho", "zlib", "flate", "lzw", "bzip2", "ecdsa", "ed25519", "rsa", "hmac", "subtle", "md5", "sha1", "sha512", "fnv", "crc32", "crc64", "adler32", "maphash", "scanner", "printer", "doc", "format", "constraint", "suffixarray", "utf16", "structs", "weak", "unique", "bits", "cmplx", "color", "draw", "gif", "jpeg", "png", "jsonrpc", "syslog", "metrics", "coverage", "testenv", "errgroup", "singleflight", "semaphore")

func qualifies(ix *symbolIndex, d symbolDef, q string) bool {
	if d.receiver == q || strings.EqualFold(d.receiver, q) || ix.pkgs[d.path] == q {
		return true
	}
	// Go says a method's type in its receiver, so a type beside it in the same file proves nothing;
	// neither does a .proto file, whose blocks memberOf reads; elsewhere (Rust impl blocks, Python and
	// TS classes) the defining file is the best evidence
	if ix.types[d.path][q] && langOf(d.path) != "go" && langOf(d.path) != "proto" {
		return true
	}
	lq := strings.ToLower(q)
	segs := strings.Split(d.path, "/")
	if langOf(d.path) == "go" {
		// a Go file's name is no namespace ("config.go" does not make Config.X); its directory is
		segs = segs[:len(segs)-1]
	}
	for _, seg := range segs {
		stem := strings.TrimSuffix(seg, path.Ext(seg))
		if strings.ToLower(stem) == lq || strings.ReplaceAll(strings.ToLower(stem), "-", "_") == lq {
			return true
		}
	}
	return false
}

// dataField reports "q.name" written as a record's field: both parts lower case, the name a plain
// word or snake_case ("receipt.receipt_id", "brains.writes").
func dataField(q, name string) bool {
	return lowerWord.MatchString(q) && lowerWord.MatchString(name)
}

var lowerWord = mustGate(`^[a-z][a-z0-9_]*$`)

// subAt is the text of submatch i of an index match, or "" when it did not take part.
func subAt(s string, m []int, i int) string {
	if m[2*i] < 0 {
		return ""
	}
	return s[m[2*i]:m[2*i+1]]
}

// typeAliasAfter reports whether the text after "type X" goes on as an alias ("= ...", "<T> = ..."):
// the only shape in which TypeScript's "type X" defines X. In an import or export list ("{ type X }",
// "type X,") the name belongs to the module it comes from.
func typeAliasAfter(rest string) bool {
	rest = strings.TrimLeft(rest, " \t")
	return rest == "" || rest[0] == '=' || rest[0] == '<'
}

// jsComment reports a line of a C-family source that is all comment: "// …", "/* …", or a doc
// comment's " * …" (linehint.go's commentLine asks the same of a cited line, in bytes).
func jsComment(t string) bool {
	t = strings.TrimLeft(t, " \t")
	return strings.HasPrefix(t, "//") || strings.HasPrefix(t, "/*") || strings.HasPrefix(t, "* ") || t == "*"
}
