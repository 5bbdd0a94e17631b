package engine

import (
	"path"
	"regexp"
	"strings"
)

// Names written as code writes them, not as a file system does: a package's path with a type of it
// ("`pkg/proc/BinaryInfo`": delve's CLAUDE.md names the BinaryInfo type of package pkg/proc) and a
// module imported by a relative specifier without its extension ("Throw `ServiceError` subclasses from
// `./errors`": openstatus's module is src/errors.ts). Both are the thirty-first holdout's false drift.
// Each is asked only of a path that failed, and answers only when the repository holds what the code
// name stands for, so a name the package lost is still drift.

// codeIdent is the last segment of a package member: an identifier, no extension.
var codeIdent = mustGate(`^[A-Za-z_][A-Za-z0-9_]*$`)

// codeFile reports a source file of a language soul reads (sourceLanguages) or only greps (UnreadSource):
// the files a package's members are defined in.
func codeFile(p string) bool {
	return langOf(p) != "" || unreadSource[strings.ToLower(path.Ext(p))]
}

// maxMemberFiles bounds the files of one package read for a member's definition.
const maxMemberFiles = 64

// packageMember reports the package directory of a failed path that is a package's path and one of its
// types: written without a trailing slash, the last segment capitalized, the directory tracked here,
// and a source file directly in it defining the last segment ("type BinaryInfo struct" in
// pkg/proc/bininfo.go).
func (v *verifier) packageMember(p string) (string, bool) {
	if strings.HasSuffix(p, "/") {
		return "", false // "zml/io/": a directory, whatever zml's sources call io
	}
	dir, name := path.Split(strings.TrimPrefix(p, "./"))
	dir = strings.TrimSuffix(dir, "/")
	if dir == "" || !codeIdent.MatchString(name) || name[0] < 'A' || name[0] > 'Z' {
		return "", false // a type's name: lower-case words are directories as often as functions
	}
	if ok, isDir := v.repo.Exists(dir); !ok || !isDir {
		return "", false
	}
	def := regexp.MustCompile(`(?m)^\s*(?:(?:pub(?:\([^)]*\))?|export|public|private|protected|internal|static|final|abstract|sealed|open|data|async|default|unsafe)\s+)*(?:type|func|fn|class|struct|interface|enum|trait|def|const|var|let|val|object|protocol|module|record)\s+(?:\([^)]*\)\s*)?` + regexp.QuoteMeta(name) + `\b`)
	n := 0
	for _, f := range v.repo.Glob(dir+"/*", maxMemberFiles*4) {
		if path.Dir(f) != dir || !codeFile(f) {
			continue
		}
		if n++; n > maxMemberFiles {
			break
		}
		if body, ok := v.readFile(f); ok && def.Match(body) {
			return dir, true
		}
	}
	return "", false
}

// moduleUnique reads a module path written without its extension, as an import names it, from the
// directory of a package that encloses the document, when exactly one source file of that stem is
// there: "`src/stores/editorStore` — 탭 내용 읽기/쓰기" in src/renderer/src/components/editor/AGENTS.md
// (the hundred-and-eighty-first holdout's machodown, seven rows: src/renderer/ is the package whose
// "src/" its guides write). A match in a package beside the document's is another package's module:
// "`src/http`" in examples/fastify-mikroorm/AGENTS.md (round 166's runner, a directory a commit renamed)
// is not examples/aws-lambda-quickstart/src/http.ts.
func (v *verifier) moduleUnique(p string) (string, bool) {
	if !strings.Contains(p, "/") || strings.HasSuffix(p, "/") || hasKnownExt(path.Base(p)) || strings.ContainsAny(p, "*?[{<") || !codeIdent.MatchString(strings.TrimSuffix(path.Base(p), path.Ext(p))) {
		return "", false
	}
	dir := path.Dir(v.soul.Path)
	found := ""
	for _, f := range v.repo.Glob("**/"+p+".*", 32) {
		i := strings.LastIndex(f, p+".")
		if i < 0 || i > 0 && f[i-1] != '/' || langOf(f) == "" || strings.Contains(f[i+len(p)+1:], ".") {
			continue // "editorStore.test.ts" is another module
		}
		if base := strings.TrimSuffix(f[:i], "/"); base != "" && base != dir && !strings.HasPrefix(dir, base+"/") {
			continue // a package beside the document's
		}
		if found != "" && path.Dir(found) != path.Dir(f) {
			return "", false
		}
		found = f
	}
	return found, found != ""
}

// importedModule reports the module a relative specifier without an extension names: a source file of a
// language that imports modules (sourceLanguages, not a shell script run without its extension, which
// scriptTwin judges) of that stem, or a directory's index, in the document's directory or a few levels
// below it ("./errors" from packages/services/ is packages/services/src/errors.ts).
func (v *verifier) importedModule(a Anchor) (string, bool) {
	ref := strings.TrimSpace(a.Ref)
	if !strings.HasPrefix(ref, "./") || strings.HasSuffix(ref, "/") || path.Ext(ref) != "" || strings.ContainsAny(ref, "*?[") {
		return "", false
	}
	stem := strings.TrimPrefix(ref, "./")
	if !codeIdent.MatchString(path.Base(stem)) {
		return "", false
	}
	prefix := ""
	if dir := path.Dir(v.soul.Path); dir != "." {
		prefix = dir + "/"
	}
	for _, f := range v.repo.Glob(prefix+"**/"+stem+".*", 16) {
		if langOf(f) != "" && strings.Count(strings.TrimPrefix(f, prefix), "/") <= 3 {
			return f, true
		}
	}
	for _, f := range v.repo.Glob(prefix+"**/"+stem+"/index.*", 16) {
		if langOf(f) != "" && strings.Count(strings.TrimPrefix(f, prefix), "/") <= 4 {
			return f, true
		}
	}
	return "", false
}
