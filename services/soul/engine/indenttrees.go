package engine

import (
	"path"
	"strings"
)

// A directory tree drawn by indentation alone, no branch characters (the thirty-first holdout's
// kubebuilder AGENTS.md, whose "Directory Map" still listed cmd/, test/e2e/v4/ and pkg/cli/alpha/ after
// refactors had moved them):
//
//	pkg/
//	  cli/              CLI command implementations
//	    alpha/          Alpha/experimental commands
//	    init.go         'init' command
//
// A block reads as one when it is plain text (no language, or text), every line opens with a name, a
// placeholder or a glob, two names at least are directories, one directory has an entry indented
// under it, and most names are directories or files with an extension. Each entry is the path its
// indentation spells; a name indented under a file is the file's description going on, not an entry.
// A block whose first line is its only top-level entry has that directory as its root, as a branch
// tree's root line; one with several top-level entries is rooted at indentRoot, which treeRoots reads
// as written only when at least half of those entries are this repository's top-level names.

// indentRoot is the root of an indentation tree with several top-level entries.
const indentRoot = "\x00"

// indentTreeLanguages are the fence languages an indentation tree may be drawn in.
var indentTreeLanguages = set("", "text", "txt", "plaintext", "plain", "tree", "none")

// indentLine is one line of an indentation tree: its indentation and first field.
type indentLine struct {
	col  int
	name string
	line int
	// note is what the line says after the name: "static images … (empty today)"
	note string
}

// indentLines reads a block as an indentation tree, or returns nil when it is not one.
func indentLines(body string) []indentLine {
	var out []indentLine
	dirs, pathLike, nested := 0, 0, false
	for i, l := range strings.Split(body, "\n") {
		if strings.TrimSpace(l) == "" {
			continue
		}
		name := entryName(l)
		indent := l[:len(l)-len(strings.TrimLeft(l, " \t"))]
		col := len(indent) + 3*strings.Count(indent, "\t")
		if !treeName.MatchString(name) && !placeholderEntry(name) && !strings.ContainsAny(name, "*<") {
			if n := len(out); n > 0 && col > out[n-1].col+1 {
				continue // the entry above's description, wrapped
			}
			return nil
		}
		if n := len(out); n > 0 && col > out[n-1].col && strings.HasSuffix(out[n-1].name, "/") {
			nested = true
		}
		if strings.HasSuffix(name, "/") {
			dirs++
		}
		if strings.HasSuffix(name, "/") || fileExt.MatchString(path.Ext(name)) || knownNames[name] {
			pathLike++
		}
		out = append(out, indentLine{col, name, i, strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(l), name))})
	}
	if len(out) < 4 || dirs < 2 || !nested || 3*pathLike < 2*len(out) {
		return nil
	}
	return out
}

// indentTreeAnchors reads an indentation tree's entries as path anchors, the block's first line being
// line start; nil when the block is not one.
func indentTreeAnchors(body, lang string, start int) []Anchor {
	if !indentTreeLanguages[strings.ToLower(lang)] {
		return nil
	}
	lines := indentLines(body)
	if lines == nil {
		return nil
	}
	root := indentRoot
	if first := lines[0]; strings.HasSuffix(first.name, "/") && treeRootName.MatchString(first.name) {
		alone := true
		for _, l := range lines[1:] {
			alone = alone && l.col > first.col
		}
		if alone {
			root, lines = strings.TrimSuffix(first.name, "/"), lines[1:]
		}
	}
	type level struct {
		col  int
		name string // "" for a name that is no entry: nothing below it is checked
		dir  bool
		kids bool // a line is indented under it
	}
	var out []Anchor
	var stack []level
	alt, altCol := "", -1 // an empty directory line the entries after it, at its column, may belong to
	for _, l := range lines {
		for len(stack) > 0 && stack[len(stack)-1].col >= l.col {
			top := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if top.col == l.col && top.dir && !top.kids && top.name != "" {
				alt, altCol = top.name, l.col
			}
		}
		if l.col != altCol {
			alt, altCol = "", -1
		}
		if len(stack) > 0 {
			stack[len(stack)-1].kids = true
		}
		if len(stack) > 0 && !stack[len(stack)-1].dir {
			continue // a file's description wrapped onto the next line
		}
		isDir := strings.HasSuffix(l.name, "/")
		if !treeName.MatchString(l.name) || placeholderEntry(l.name) || notedAway(l.name, l.note) {
			stack = append(stack, level{col: l.col, dir: isDir})
			continue
		}
		parts := make([]string, 0, len(stack)+2)
		if root != indentRoot {
			parts = append(parts, root)
		}
		blank := false
		for _, s := range stack {
			blank = blank || s.name == ""
			parts = append(parts, s.name)
		}
		stack = append(stack, level{col: l.col, name: strings.TrimSuffix(l.name, "/"), dir: isDir})
		if blank || len(out) >= maxTreeEntries {
			continue
		}
		if a, ok := entryAnchor(parts, l.name, root, start+l.line, true); ok {
			if !isDir {
				a.TreeAlt = alt
			}
			out = append(out, a)
		}
		if isDir {
			alt, altCol = "", -1 // a directory ends the run the empty one above opened
		}
	}
	return out
}
