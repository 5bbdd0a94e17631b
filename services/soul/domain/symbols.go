package domain

import (
	"path"
	"regexp"
	"strings"
)

// symbolIndex holds what the grep batch said about the asked symbol words: where they are defined,
// which files define which types, and which words are only used.
type symbolIndex struct {
	defs  map[string][]symbolDef
	types map[string]map[string]bool // file -> type/module names it defines
	pkgs  map[string]string          // file -> Go package clause
	used  map[string]bool
}

type symbolDef struct {
	path     string
	line     int
	receiver string
}

// Definition shapes for Go, Rust, Python, TS/JS and Java/Kotlin; each captures the defined name.
var (
	defGoFunc   = regexp.MustCompile(`^\s*func\s+(?:\(\s*\w*\s*\*?\s*(\w+)(?:\[[^\]]*\])?\s*\)\s*)?(\w+)`)
	defGoType   = regexp.MustCompile(`^\s*(?:type|var|const)\s+(\w+)`)
	defGoPkg    = regexp.MustCompile(`^package\s+(\w+)`)
	defRust     = regexp.MustCompile(`\b(?:fn|struct|enum|trait|type|const|static|mod|union)\s+(\w+)|macro_rules!\s*(\w+)`)
	defRustImpl = regexp.MustCompile(`\bimpl(?:<[^>]*>)?\s+(?:[\w:]+\s+for\s+)?(?:[\w:]*::)?(\w+)`)
	defPy       = regexp.MustCompile(`^\s*(?:async\s+)?(?:def|class)\s+(\w+)|^(\w+)\s*(?::[^=]*)?=`)
	defJSFunc   = regexp.MustCompile(`\bfunction\s*\*?\s*(\w+)|\b(?:class|interface|type|enum|namespace|record)\s+(\w+)|\b(?:const|let|var)\s+(\w+)\s*[=:]`)
	defMethod   = regexp.MustCompile(`^\s*(?:(?:public|private|protected|static|async|readonly|override|abstract|final|synchronized|native|default|suspend|open|internal|export|get|set)\s+)*(?:[\w<>\[\],.?]+\s+)?(\w+)\s*(?:<[^>]*>)?\s*\([^;]*\)\s*(?::\s*[^{]+)?\s*(?:\{|=>|throws|$)`)
	defKotlin   = regexp.MustCompile(`\bfun\s+(?:<[^>]*>\s*)?(?:\w+\.)?(\w+)|\bobject\s+(\w+)`)
)

// DefinitionLine reports whether a source line may define a symbol in the language of path. Repository
// readers keep only these lines of each file, so a warm symbol check never re-reads the sources.
func DefinitionLine(path, text string) bool {
	switch langOf(path) {
	case "go":
		return defGoPkg.MatchString(text) || defGoFunc.MatchString(text) || defGoType.MatchString(text)
	case "rust":
		return defRust.MatchString(text) || defRustImpl.MatchString(text)
	case "py":
		return defPy.MatchString(text)
	case "js", "java":
		return defJSFunc.MatchString(text) || defKotlin.MatchString(text) || defMethod.MatchString(text) && !strings.HasSuffix(strings.TrimSpace(text), ";")
	}
	return false
}

var controlWords = set("if", "for", "while", "switch", "catch", "return", "function", "new", "else", "do", "try", "with", "case", "throw", "await", "yield", "typeof", "sizeof", "match", "loop", "elif", "print")

func langOf(p string) string {
	switch strings.ToLower(path.Ext(p)) {
	case ".go":
		return "go"
	case ".rs":
		return "rust"
	case ".py", ".pyi":
		return "py"
	case ".ts", ".tsx", ".js", ".jsx", ".mjs", ".cjs", ".mts", ".cts":
		return "js"
	case ".java", ".kt", ".kts", ".scala":
		return "java"
	}
	return ""
}

func indexSymbols(lines []SourceLine) *symbolIndex {
	ix := &symbolIndex{defs: map[string][]symbolDef{}, types: map[string]map[string]bool{}, pkgs: map[string]string{}, used: map[string]bool{}}
	addType := func(file, name string) {
		if ix.types[file] == nil {
			ix.types[file] = map[string]bool{}
		}
		ix.types[file][name] = true
	}
	def := func(file string, line int, name, recv string) {
		if name == "" || controlWords[name] {
			return
		}
		ix.defs[name] = append(ix.defs[name], symbolDef{path: file, line: line, receiver: recv})
	}
	for _, l := range lines {
		for _, w := range wordRe.FindAllString(l.Text, -1) {
			ix.used[w] = true
		}
		t := l.Text
		switch langOf(l.Path) {
		case "go":
			if m := defGoPkg.FindStringSubmatch(t); m != nil {
				ix.pkgs[l.Path] = m[1]
			}
			if m := defGoFunc.FindStringSubmatch(t); m != nil {
				def(l.Path, l.Line, m[2], m[1])
			}
			if m := defGoType.FindStringSubmatch(t); m != nil {
				def(l.Path, l.Line, m[1], "")
				addType(l.Path, m[1])
			}
		case "rust":
			for _, m := range defRust.FindAllStringSubmatch(t, -1) {
				n := m[1] + m[2]
				def(l.Path, l.Line, n, "")
				addType(l.Path, n)
			}
			if m := defRustImpl.FindStringSubmatch(t); m != nil {
				addType(l.Path, m[1])
			}
		case "py":
			if m := defPy.FindStringSubmatch(t); m != nil {
				n := m[1] + m[2]
				def(l.Path, l.Line, n, "")
				addType(l.Path, n)
			}
		case "js", "java":
			for _, m := range defJSFunc.FindAllStringSubmatch(t, -1) {
				n := m[1] + m[2] + m[3]
				def(l.Path, l.Line, n, "")
				addType(l.Path, n)
			}
			if m := defKotlin.FindStringSubmatch(t); m != nil {
				def(l.Path, l.Line, m[1]+m[2], "")
			}
			if m := defMethod.FindStringSubmatch(t); m != nil && !strings.HasSuffix(strings.TrimSpace(t), ";") {
				def(l.Path, l.Line, m[1], "")
			}
		}
	}
	return ix
}

var wordRe = regexp.MustCompile(`[A-Za-z_]\w*`)

// symbol checks a symbol anchor by definition search; a name only used (never defined) here is another
// project's symbol and is not an anchor of this repository.
func (v *verifier) symbol(a Anchor, fail func(string, string) AnchorResult, res *AnchorResult) AnchorResult {
	ix := v.symbols
	if ix == nil {
		ix = indexSymbols(nil)
	}
	defs := ix.defs[a.Name]
	known := func(q string) bool { return ix.knows(q) || v.repo.HasStem(q) || v.repo.HasStem(strings.ToLower(q)) }
	if len(defs) == 0 {
		if ix.used[a.Name] || a.Qualifier != "" && !known(a.Qualifier) {
			// used here but defined elsewhere, or qualified by a name this repository does not have:
			// another project's symbol, not an anchor of this one
			res.Status = AnchorSkipped
			return *res
		}
		return fail(ReasonSymbolMissing, a.Name+" is defined nowhere in the tracked sources")
	}
	if a.Qualifier == "" {
		return *res
	}
	for _, d := range defs {
		if qualifies(ix, d, a.Qualifier) {
			return *res
		}
	}
	if !known(a.Qualifier) {
		// a variable or another project's package: "env.Owner()", "errdetails.ErrorInfo"
		res.Status = AnchorSkipped
		return *res
	}
	return fail(ReasonChanged, a.Name+" is defined, but not under "+a.Qualifier)
}

// knows reports whether the repository defines q as a symbol, type, package, directory or file stem.
func (ix *symbolIndex) knows(q string) bool {
	if len(ix.defs[q]) > 0 {
		return true
	}
	for _, p := range ix.pkgs {
		if p == q {
			return true
		}
	}
	for _, ts := range ix.types {
		if ts[q] {
			return true
		}
	}
	for _, files := range ix.defs {
		for _, d := range files {
			if qualifies(&symbolIndex{}, symbolDef{path: d.path}, q) {
				return true
			}
		}
	}
	return false
}

func qualifies(ix *symbolIndex, d symbolDef, q string) bool {
	if d.receiver == q || strings.EqualFold(d.receiver, q) || ix.pkgs[d.path] == q || ix.types[d.path][q] {
		return true
	}
	lq := strings.ToLower(q)
	for _, seg := range strings.Split(d.path, "/") {
		stem := strings.TrimSuffix(seg, path.Ext(seg))
		if strings.ToLower(stem) == lq || strings.ReplaceAll(strings.ToLower(stem), "-", "_") == lq {
			return true
		}
	}
	return false
}
