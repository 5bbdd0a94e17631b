package engine

import "strings"

// Protocol Buffers: many repositories describe their API in .proto files, and their documents cite
// `SomeRequest`, `Service.Method`, `Message.field_name` or `Enum.VALUE`. A .proto member is known by
// its block (the message, enum or service around it), which one line seldom shows, so the index keeps
// each definition line with the container that line itself shows, and the member check reads the
// file's blocks (protoMember).

// protoKind says what a .proto name is: a type (message, enum, service), an rpc, or a member (field,
// oneof, enum value).
type protoKind byte

const (
	protoMessage protoKind = iota + 1
	protoEnum
	protoService
	protoRPC
	protoMemberName
)

// protoDef is one name a .proto text declares. scope is the message, enum or service it sits in, ""
// when the text read does not show it; outer is, for an enum value, the scope around its enum (proto
// scopes enum values as siblings of their enum, so `Outer.VALUE` names one too).
type protoDef struct {
	name, scope, outer string
	kind               protoKind
	line               int
}

type protoTok struct {
	s    string
	line int
	word bool // an identifier, dotted or not ("google.protobuf.Timestamp")
}

// protoTokens splits .proto text into identifiers, numbers, strings and single punctuation bytes,
// dropping white space and comments. Strings keep their quotes, so no string is read as a word.
func protoTokens(src string) []protoTok {
	var out []protoTok
	line := 1
	for i := 0; i < len(src); {
		c := src[i]
		switch {
		case c == '\n':
			line++
			i++
		case c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v':
			i++
		case c == '/' && i+1 < len(src) && src[i+1] == '/':
			for i < len(src) && src[i] != '\n' {
				i++
			}
		case c == '/' && i+1 < len(src) && src[i+1] == '*':
			j := strings.Index(src[i+2:], "*/")
			end := len(src)
			if j >= 0 {
				end = i + 2 + j + 2
			}
			line += strings.Count(src[i:end], "\n")
			i = end
		case c == '"' || c == '\'':
			j := i + 1
			for j < len(src) && src[j] != c && src[j] != '\n' {
				if src[j] == '\\' {
					j++
				}
				j++
			}
			j = min(j+1, len(src))
			out = append(out, protoTok{s: src[i:j], line: line})
			i = j
		case c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '.' && i+1 < len(src) && protoIdentStart(src[i+1]):
			j := i + 1
			for j < len(src) && (wordChar(src[j]) || src[j] == '.' && j+1 < len(src) && protoIdentStart(src[j+1])) {
				j++
			}
			out = append(out, protoTok{s: src[i:j], line: line, word: true})
			i = j
		case c >= '0' && c <= '9':
			j := i + 1
			for j < len(src) && (wordChar(src[j]) || src[j] == '.') {
				j++
			}
			out = append(out, protoTok{s: src[i:j], line: line})
			i = j
		default:
			out = append(out, protoTok{s: src[i : i+1], line: line})
			i++
		}
	}
	return out
}

func protoIdentStart(c byte) bool { return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// protoScope is an open block: a message, enum, service, oneof, extend, or another block the walk does
// not read into.
type protoScope struct {
	name string
	kind string
}

// protoWalk emits the names a .proto text declares, in order. It reads a whole file (each member
// with its block) as well as one line out of context (members of a block the line does not open get
// scope ""). Statements it does not know are passed over to their ";" or their balanced block.
func protoWalk(src string, emit func(protoDef)) {
	w := protoWalker{toks: protoTokens(src), emit: emit}
	for w.i < len(w.toks) {
		w.statement()
	}
}

type protoWalker struct {
	toks  []protoTok
	i     int
	stack []protoScope
	emit  func(protoDef)
}

func (w *protoWalker) at(k int) protoTok {
	if w.i+k < len(w.toks) {
		return w.toks[w.i+k]
	}
	return protoTok{}
}

// container is the message, enum or service a member at this point belongs to: a oneof's fields are
// its message's.
func (w *protoWalker) container() (string, string) {
	for k := len(w.stack) - 1; k >= 0; k-- {
		switch s := w.stack[k]; s.kind {
		case "oneof":
			continue
		case "message", "enum", "service":
			return s.name, s.kind
		default:
			return "", s.kind
		}
	}
	return "", ""
}

func (w *protoWalker) statement() {
	t := w.at(0)
	switch {
	case t.s == "}":
		if len(w.stack) > 0 {
			w.stack = w.stack[:len(w.stack)-1]
		}
		w.i++
		return
	case t.s == ";":
		w.i++
		return
	case !t.word:
		w.skip()
		return
	}
	scope, kind := w.container()
	switch t.s {
	case "message", "enum", "service":
		if name := w.at(1); name.word && simpleName(name.s) && w.opens(2) {
			w.emit(protoDef{name: name.s, scope: scope, kind: protoTypeKind(t.s), line: name.line})
			w.stack = append(w.stack, protoScope{name: name.s, kind: t.s})
			w.i += 3
			return
		}
	case "oneof":
		if name := w.at(1); name.word && simpleName(name.s) && w.opens(2) {
			w.emit(protoDef{name: name.s, scope: scope, kind: protoMemberName, line: name.line})
			w.stack = append(w.stack, protoScope{name: name.s, kind: "oneof"})
			w.i += 3
			return
		}
	case "extend":
		if w.at(1).word && w.at(2).s == "{" {
			w.stack = append(w.stack, protoScope{kind: "extend"}) // its fields extend another message
			w.i += 3
			return
		}
	case "rpc":
		if name := w.at(1); name.word && simpleName(name.s) && (w.at(2).s == "(" || w.i+2 == len(w.toks)) {
			w.emit(protoDef{name: name.s, scope: scope, kind: protoRPC, line: name.line})
		}
	case "option", "reserved", "extensions", "import", "package", "syntax", "edition":
		// a reserved name is a removed field's: no member
	default:
		w.member(scope, kind)
		return
	}
	w.skip()
}

// opens reports a block's "{" at offset k, or the end of the text: one line read out of context may
// leave its "{" to the next.
func (w *protoWalker) opens(k int) bool {
	return w.at(k).s == "{" || w.i+k == len(w.toks)
}

func protoTypeKind(kw string) protoKind {
	switch kw {
	case "message":
		return protoMessage
	case "enum":
		return protoEnum
	}
	return protoService
}

// member reads a field ("[repeated|optional|required] type name = N", "map<K, V> name = N") or an enum
// value ("NAME = N") and passes over the rest of its statement.
func (w *protoWalker) member(scope, kind string) {
	k := 0
	if l := w.at(0).s; l == "repeated" || l == "optional" || l == "required" {
		k = 1
	}
	t := w.at(k)
	switch {
	case t.s == "map" && w.at(k+1).s == "<":
		for k += 2; w.i+k < len(w.toks) && w.at(k).s != ">" && w.at(k).s != ";" && w.at(k).s != "{" && w.at(k).s != "}"; k++ {
		}
		if w.at(k).s != ">" {
			w.skip()
			return
		}
		k++
	case t.word && w.at(k+1).s == "=":
		// "NAME = N": an enum value, or a member whose type the line does not show
		if protoNumber(w, k+2) && simpleName(t.s) {
			w.emitMember(t, scope, kind)
		}
		w.skip()
		return
	case t.word:
		k++
	default:
		w.skip()
		return
	}
	if name := w.at(k); name.word && simpleName(name.s) && w.at(k+1).s == "=" && protoNumber(w, k+2) {
		w.emitMember(name, scope, kind)
	}
	w.skip()
}

func (w *protoWalker) emitMember(name protoTok, scope, kind string) {
	d := protoDef{name: name.s, scope: scope, kind: protoMemberName, line: name.line}
	if kind == "enum" && len(w.stack) > 0 {
		// the enum's own scope: the block around it, if the text shows one
		for k := len(w.stack) - 2; k >= 0; k-- {
			if s := w.stack[k]; s.kind == "message" {
				d.outer = s.name
				break
			} else if s.kind != "oneof" {
				break
			}
		}
	}
	w.emit(d)
}

// protoNumber reports a field or value number at offset k: digits, or a minus sign and digits.
func protoNumber(w *protoWalker, k int) bool {
	t := w.at(k)
	if t.s == "-" {
		t = w.at(k + 1)
	}
	return t.s != "" && t.s[0] >= '0' && t.s[0] <= '9'
}

func simpleName(s string) bool { return s != "" && !strings.Contains(s, ".") }

// skip passes over the rest of a statement: to its ";" or past its balanced block, stopping before a
// "}" that closes the block around it.
func (w *protoWalker) skip() {
	depth := 0
	for ; w.i < len(w.toks); w.i++ {
		switch w.toks[w.i].s {
		case "{", "[", "(", "<":
			depth++
		case "]", ")", ">":
			depth = max(depth-1, 0)
		case "}":
			if depth == 0 {
				return
			}
			if depth--; depth == 0 {
				w.i++ // a block ends the statement that opened it
				return
			}
		case ";":
			if depth == 0 {
				w.i++
				return
			}
		}
	}
}

// protoKeywords open the statements that declare a name; every other line that declares one holds "=".
var protoKeywords = set("message", "enum", "service", "oneof", "rpc")

// protoDefinitionLine is DefinitionLine for .proto: a line that opens with a declaring keyword or holds
// "=" is walked; every other line (comments, braces, options without a value) defines nothing.
func protoDefinitionLine(text string) bool {
	if strings.IndexByte(text, '=') < 0 && !protoKeywords[firstWord(text)] {
		return false
	}
	found := false
	protoWalk(text, func(protoDef) { found = true })
	return found
}

// firstWord is the identifier a line opens with, past leading white space.
func firstWord(text string) string {
	rest := strings.TrimLeft(text, "\t\n\f\r ")
	j := 0
	for j < len(rest) && wordChar(rest[j]) {
		j++
	}
	return rest[:j]
}

func (ix *symbolIndex) indexProto(l SourceLine) {
	protoWalk(l.Text, func(d protoDef) {
		switch d.kind {
		case protoMessage, protoEnum, protoService:
			ix.def(l, d.name, d.scope, false)
			ix.addType(l.Path, d.name)
			ix.typeNames[d.name] = true
			ix.protoTypes[d.name] = d.kind
		case protoRPC:
			ix.def(l, d.name, d.scope, true)
		default:
			ix.def(l, d.name, d.scope, false)
			if d.outer != "" {
				ix.def(l, d.name, d.outer, false)
			}
		}
	})
}

// protoMember reports whether a .proto file declares member in a block named t: a field, oneof,
// nested type, rpc or enum value, by its proto name or by the name code generated from it calls it
// ("next_page_token" as NextPageToken, nextPageToken or GetNextPageToken).
func protoMember(body, t, member string) bool {
	want := protoFold(member)
	found := false
	protoWalk(body, func(d protoDef) {
		if found || d.scope != t && d.outer != t {
			return
		}
		if d.name == member {
			found = true
			return
		}
		got := protoFold(d.name)
		for _, p := range protoAccessors {
			if want == p+got {
				found = true
				return
			}
		}
	})
	return found
}

// protoAccessors are the prefixes generated code puts before a field's name ("" is the name itself).
var protoAccessors = []string{"", "get", "set", "has", "clear", "mutable", "add", "release"}

// protoFold is a name without case or underscores: "next_page_token", "NextPageToken" and
// "nextPageToken" fold alike.
func protoFold(s string) string {
	return strings.ToLower(strings.ReplaceAll(s, "_", ""))
}

// protoOnly reports whether every definition of type t here is a .proto one: a member missing from it
// may still be generated code's, which is not in the repository.
func (ix *symbolIndex) protoOnly(t string) bool {
	if ix.protoTypes[t] == 0 {
		return false
	}
	for _, d := range ix.defs[t] {
		if ix.types[d.path][t] && langOf(d.path) != "proto" {
			return false
		}
	}
	return true
}

// protoJudged reports whether a member missing from a .proto-only type is drift: written as proto
// writes that kind of member (a message's snake_case field, an enum's UPPER_SNAKE value, a service's
// rpc), not as a method of generated code ("Msg.ProtoReflect()", "Request::decode").
func protoJudged(kind protoKind, a Anchor) bool {
	n := a.Name
	if strings.Contains(a.Ref, "::") {
		return false
	}
	switch kind {
	case protoMessage:
		return !strings.HasSuffix(a.Ref, ")") && lowerWord.MatchString(n)
	case protoEnum:
		return !strings.HasSuffix(a.Ref, ")") && upperSnake(n)
	case protoService:
		return n != "" && n[0] >= 'A' && n[0] <= 'Z'
	}
	return false
}

func upperSnake(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; !(c >= 'A' && c <= 'Z' || c == '_' || i > 0 && c >= '0' && c <= '9') {
			return false
		}
	}
	return s != ""
}
