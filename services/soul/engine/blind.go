package engine

import (
	"path"
	"strings"
)

// Symbols soul cannot see. The symbol index reads only the languages langOf knows (Go, proto, Rust,
// Python, TS/JS, Java/Kotlin, Scala): in an Elixir, Zig, Ruby or C repository "`Ash.Resource` is defined
// nowhere" says only that soul did not look where `defmodule Ash.Resource` lives. The rule: when at
// least a quarter of the tracked source files in the document's scope are in languages the index does
// not read, the scope is blind, and a symbol finding with nothing from history behind it (no removing
// commit) is unverified whatever its sentence asserts — the absence itself was never established. The
// scope is the document's own directory when it holds source files (a nested AGENTS.md speaks of its
// subtree), else the whole repository. Test data, vendored and third-party trees are not counted: a Go
// compiler's C test corpus is not the language its documents cite. A removal history names is still
// evidence and keeps drift drift.

// blindShare is the share of unread source files from which a scope is blind (numerator/denominator).
const blindNum, blindDen = 1, 4

// UnreadSource are the source extensions the symbol index does not read: languages a document may cite
// definitions of. gitrepo greps their files for the uses of an undefined word all the same: a name its
// language's files mention is not "defined nowhere", only defined where soul cannot see (the seventh
// holdout: a C# SDK's types, `next()` of a C# middleware, `System.Text.Json`).
var UnreadSource = []string{
	".erl", ".hrl", ".gleam", ".zig", ".rb", ".php", ".c", ".h", ".cc", ".cpp", ".cxx", ".hpp",
	".hh", ".hxx", ".m", ".mm", ".swift", ".cs", ".fs", ".vb", ".lua", ".dart", ".hs", ".ml", ".mli", ".clj",
	".cljs", ".cljc", ".nim", ".cr", ".jl", ".pl", ".pm", ".groovy", ".elm", ".sol", ".odin", ".r",
	// shell: nvm's AGENTS.md cites 45 functions of nvm.sh (`nvm_ls_remote`), which read as "defined
	// nowhere" (the twenty-seventh holdout)
	".sh", ".bash", ".zsh",
}

var unreadSource = set(UnreadSource...)

// colonLanguages are the unread languages that write namespaces with "::" (Ruby, PHP, C++, Perl).
var colonLanguages = set(".rb", ".rake", ".php", ".cpp", ".cc", ".cxx", ".hpp", ".hh", ".hxx", ".pm", ".pl")

// colonNamespaces reports a repository that tracks sources of a language soul does not read and that
// writes "A::B": such a name may be defined there, whatever the read languages define under B.
func (v *verifier) colonNamespaces() bool { return v.sources().colon }

// notCounted are directories whose files say nothing of the project's own language.
var notCounted = set("testdata", "test-data", "vendor", "third_party", "third-party", "thirdparty", "node_modules", "fixtures", "__fixtures__")

// sourceShare counts a scope's tracked source files: those the index reads and those it cannot.
type sourceShare struct{ read, unread int }

// add counts one source file, read by the index or not.
func (s *sourceShare) add(read bool) {
	if read {
		s.read++
	} else {
		s.unread++
	}
}

func (s sourceShare) blind() bool {
	return s.unread > 0 && s.unread*blindDen >= (s.read+s.unread)*blindNum
}

// blind reports whether the document's scope is blind to symbols (counted once per check).
func (v *verifier) blind() bool { return v.sources().share.blind() }

// sourceCensus is what one walk of the tracked files tells of the sources soul cannot read.
type sourceCensus struct {
	share sourceShare // of the document's scope
	colon bool        // the repository tracks a "::" language soul does not read (colonLanguages)
}

// sources walks the tracked files once per check, when a symbol finding first asks (blind,
// colonNamespaces).
func (v *verifier) sources() *sourceCensus {
	if v.census == nil {
		v.census = v.countSources()
	}
	return v.census
}

// countSources counts the tracked source files of the document's directory, or of the repository when
// that directory holds none, and notes a "::" language anywhere in the repository.
func (v *verifier) countSources() *sourceCensus {
	dir := path.Dir(v.soul.Path)
	var whole, local sourceShare
	colon := false
	for _, f := range v.repo.Glob("**/*", 0) {
		if skippedTree(f) {
			continue
		}
		ext := strings.ToLower(path.Ext(f))
		colon = colon || colonLanguages[ext]
		read, unread := langOf(f) != "", unreadSource[ext]
		if !read && !unread {
			continue
		}
		whole.add(read)
		if dir == "." || dir == "" || strings.HasPrefix(f, dir+"/") {
			local.add(read)
		}
	}
	if local.read+local.unread > 0 {
		return &sourceCensus{share: local, colon: colon}
	}
	return &sourceCensus{share: whole, colon: colon}
}

func skippedTree(f string) bool {
	for _, seg := range strings.Split(path.Dir(f), "/") {
		if notCounted[seg] {
			return true
		}
	}
	return false
}

// unseen reports a failed anchor whose absence soul never established: a symbol where soul cannot see
// (the scope is blind and no history names its removal), a target a Makefile may make through a
// macro (make.go marks those in unseenTargets; make_macros.go), or a package manager's subcommand in
// the repository that builds that package manager (verify.go).
func (v *verifier) unseen(ar AnchorResult) bool {
	if v.unseenTargets[anchorKey(ar.Anchor)] {
		// a target the Makefile's own text once listed and a commit removed is gone, whatever an
		// include from outside may make; a macro may have taken over the literal rule (elixir's
		// test_ex_unit), so that case stays unseen
		return !strings.Contains(ar.Detail, fromOutside) || !removedByHistory(ar)
	}
	if ar.Anchor.Kind != AnchorSymbol || ar.Reason != ReasonSymbolMissing && ar.Reason != ReasonChanged || removedByHistory(ar) {
		return false
	}
	return v.blind()
}

// removedByHistory reports a failure history or the tree explained: a rename, a removing commit, or a
// class whose file is now in another package.
func removedByHistory(ar AnchorResult) bool {
	return strings.Contains(ar.Detail, " renamed in ") || strings.Contains(ar.Detail, " removed in ") || strings.Contains(ar.Detail, movedTo)
}
