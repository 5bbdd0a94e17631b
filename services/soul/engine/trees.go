package engine

import (
	"path"
	"strings"
	"unicode/utf8"
)

// A directory tree drawn in a code block ("├── Sources/Tachikoma/", "│   └── TachikomaError.swift")
// lists the files and directories a document says the repository has: the twenty-ninth holdout's
// Tachikoma ARCHITECTURE.md drew fourteen files that a refactor had moved, and java-sdk's development
// page a renamed contributing.md, none of them checked, since a tree names no path as a path is written
// in prose. Each entry is read as the path its branches spell, under the block's root line, and checked
// as a path the sentence does not assert: an entry history saw removed or renamed is drift, one that
// never landed is an unverified mention (a planned layout, a user's project), one under .gitignore is
// held.
//
// The root line is resolved against the repository (treeRoots): none, "." or "./" is the repository's
// top; a root that is a directory here is that directory; a root named as this repository is its top;
// any other root draws another project's tree, whose entries are not checked.

// KindTree is a claim that is one directory-tree block.
const KindTree ClaimKind = "tree"

// treeBranch is a tree line: the guide characters before its branch, the branch, and the entry.
var treeBranch = mustGate("^([ \t│┃|]*)(?:├──|└──|├─|└─|┣━━|┗━━|\\|--|`--|\\+--|\\|__)[─━-]*\\s*(.*)$")

// treeName is an entry's name: name bytes, several segments at once allowed ("Sources/Tachikoma/"), and
// a router's segment names: "[trpc]/", "[...slug]/", "(marketing)/" (an indented tree's "[trpc]/" was
// read as the wrapped note of the line above, its route.ts hung one level up: the hundred-and-sixty-second
// holdout's nlw-operator).
var treeName = mustGate(`^(?:[\w@+]|` + routeSeg + `)(?:[\w.@+-]|` + routeSeg + `)*(?:/(?:[\w.@+-]|` + routeSeg + `)+)*/?$`)

// routeSeg is a file router's dynamic or grouping segment: "[id]", "[...slug]", "[[...slug]]", "(group)".
const routeSeg = `\[\[?(?:\.\.\.)?[\w-]{2,}\]\]?|\([\w.-]{2,}\)`

// treeRootName is a root line's name: one path, a directory's slash allowed.
var treeRootName = mustGate(`^(?:\.|\./|[\w@.+-]+(?:/[\w@.+-]+)*/?)$`)

// maxTreeEntries bounds the anchors one block gives: a tree is a sketch, and one listing a whole
// generated folder says nothing a reader checks line by line.
const maxTreeEntries = 200

// isTree reports a code block that draws a directory tree: two branch lines at least.
func isTree(body string) bool {
	n := 0
	for _, l := range strings.Split(body, "\n") {
		if treeBranch.MatchString(l) {
			if n++; n >= 2 {
				return true
			}
		}
	}
	return false
}

// treeAnchors reads a tree block's entries as path anchors, the block's first line being line start.
func treeAnchors(body string, start int) []Anchor {
	type level struct {
		col  int
		name string
		// file marks an entry named as a file: what a tree draws under a file is no file inside it
		// ("NetworkView.svelte" over "└── network/CollisionBands.svelte", the seventy-second holdout's
		// CeraUI, drawing what the view mounts), so its entries are read beside it (Anchor.UnderFile)
		file bool
		// label marks a line that groups what is under it ("└── Documentation Files:"): its entries sit
		// in the directory above it
		label bool
	}
	var out []Anchor
	var stack []level
	root := ""
	pathLike := 0
	// alt is a directory drawn as the last of its level with nothing under it, and altCol its column: a
	// file drawn after it at that column cannot be its sibling (the branch said none follows) and may be
	// its child whose indentation was lost ("│ └── lib/" over "│ └── whatsapp.test.ts", the
	// two-hundred-and-thirty-first holdout's restaurante-app, over tests/unit/lib/whatsapp.test.ts).
	alt, altCol := "", -1
	for i, l := range strings.Split(body, "\n") {
		m := treeBranch.FindStringSubmatch(l)
		if m == nil {
			if name := entryName(l); name != "" && treeRootName.MatchString(name) && !strings.ContainsAny(l, "│┃├└") {
				// a line of its own without a branch starts a tree: "Tachikoma/", "src/", "."
				root, stack = strings.TrimSuffix(name, "/"), nil
			} else if name != "" && strings.HasSuffix(name, "/") && strings.ContainsAny(name, "<{$") && !strings.ContainsAny(l, "│┃├└") {
				// "<app>/": the layout each of several directories follows, none of them by that name
				root, stack = placeholderRoot, nil
			} else if rootLabel.MatchString(strings.TrimSpace(l)) || strings.HasPrefix(name, "/") && treeRootName.MatchString(name[1:]) && !strings.ContainsAny(l, "│┃├└") {
				// "Configuration:" over "├── vite.config.ts" after a "public/" tree (the
				// two-hundred-and-forty-sixth holdout's lulu, dashboard/CLAUDE.md): a heading drawn in the
				// block, whose entries are no longer the tree above's; so is "/docs" at the left edge after
				// a "/src" tree (the two-hundred-and-forty-seventh's fnb-webapp), whose files are not in
				// the src tree's last folder
				root, stack = "", nil
			} else if strings.HasPrefix(name, "~/") && !strings.ContainsAny(l, "│┃├└") {
				// "~/.local/share/offworld/skill/offworld/" (the seventy-third holdout's offworld): a
				// layout the program keeps in its user's home, no path of this repository
				root, stack = placeholderRoot, nil
			}
			continue
		}
		col := utf8.RuneCountInString(m[1])
		for len(stack) > 0 && stack[len(stack)-1].col >= col {
			stack = stack[:len(stack)-1]
		}
		if col != altCol {
			alt, altCol = "", -1 // anything but a file at the closed directory's column ends its run
		}
		if groupLabel.MatchString(strings.TrimSpace(m[2])) {
			stack = append(stack, level{col: col, label: true})
			continue
		}
		name := gluedNote(entryName(m[2]))
		comment := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(m[2]), name))
		if !treeName.MatchString(name) || placeholderEntry(name) || notedAway(name, comment) {
			// "...", "<feature>/", "*.go": not a name, and nothing below it is checked as one
			stack = append(stack, level{col: col})
			continue
		}
		parts, underFile := []string{}, false
		for _, s := range stack {
			if s.label {
				continue
			}
			if s.file {
				underFile = true
				continue
			}
			parts = append(parts, s.name)
		}
		stack = append(stack, level{col: col, name: strings.TrimSuffix(name, "/"), file: !strings.HasSuffix(name, "/") && hasKnownExt(name)})
		if strings.HasSuffix(name, "/") {
			alt, altCol = "", -1
			if branch := l[len(m[1]):]; strings.HasPrefix(branch, "└") || strings.HasPrefix(branch, "┗") || strings.HasPrefix(branch, "`--") {
				alt, altCol = strings.TrimSuffix(name, "/"), col
			}
		}
		if blankLevel(parts) || root == placeholderRoot || len(out) >= maxTreeEntries {
			continue
		}
		// a tree with a named root spells its entries from that root; one without, or rooted at ".",
		// may draw any directory's layout ("A typical directory within `test/` will be structured like
		// this": payload), whose top names are read as bare names (checkBareName)
		a, ok := entryAnchor(append([]string{root}, parts...), name, root, start+i, root != "" && root != "." && root != "./")
		if !ok {
			continue
		}
		a.UnderFile = underFile
		if !strings.HasSuffix(name, "/") {
			a.TreeAlt = alt
		}
		out = append(out, a)
		if strings.HasSuffix(name, "/") || fileExt.MatchString(path.Ext(name)) {
			pathLike++
		}
	}
	if 2*pathLike < len(out) {
		// "ratatui ├── ratatui-widgets → ratatui-core", "├── serde v1.0.1": a tree of crates or
		// packages, whose names are neither directories nor files (ratatui's ARCHITECTURE.md)
		return nil
	}
	return out
}

// entryAnchor is a tree entry's path anchor: name under dirs (the root first when it spells the path),
// at line of the document; spelled marks a path read from the top, never as a bare name (Anchor.Tree).
func entryAnchor(dirs []string, name, root string, line int, spelled bool) (Anchor, bool) {
	p := path.Join(append(dirs, name)...)
	if strings.HasSuffix(name, "/") {
		p += "/"
	}
	a, ok := pathAnchor(p)
	if !ok || a.Kind != AnchorPath {
		return Anchor{}, false
	}
	a.Ref, a.Line, a.TreeRoot, a.Weak, a.Tree = p, line, root, false, spelled
	return a, true
}

// rootLabel is a line of the block without a branch, words closed by a colon: "Configuration:".
var rootLabel = mustGate(`^\pL[\pL\d &()-]{0,40}[:：]$`)

// groupLabel is a tree line of words closed by a colon: "└── Documentation Files:" over the root's
// CLAUDE.md and ARCHITECTURE.md (the hundred-and-twenty-seventh holdout's Zeke, android/CLAUDE.md), a
// heading drawn inside the tree, not a directory.
var groupLabel = mustGate(`^\pL[\pL\d&-]*(?:\s+[\pL\d&()-]+)+\s*[:：]$`)

// fileExt is a file name's extension: letters first ("lodash@4.17.21" has none).
var fileExt = mustGate(`^\.[A-Za-z][A-Za-z0-9]{0,9}$`)

// entryName is the name a tree line gives, its comment cut: the first field ("ModelInterface.swift
// # Provider protocol", "api/  -- handlers").
func entryName(s string) string {
	f := strings.Fields(s)
	if len(f) == 0 {
		return ""
	}
	return f[0]
}

// gluedNote is an entry's file name without the dash or colon its note was written against with no
// space between: "├── phase-2-course.md- 课程管理" (the hundred-and-fourteenth holdout's AI-Course) is
// phase-2-course.md. Only a name with an extension before the mark loses it; a directory "x-/" keeps it.
func gluedNote(name string) string {
	t := strings.TrimRight(name, "-—–:：")
	if t != name && path.Ext(t) != "" && !strings.HasSuffix(t, "/") {
		return t
	}
	return name
}

// placeholderEntry is a name that stands for others: an ellipsis, or a word a reader fills in.
func placeholderEntry(name string) bool {
	n := strings.ToLower(strings.TrimSuffix(name, "/"))
	return strings.HasPrefix(n, "...") || strings.HasPrefix(n, "your-") || strings.HasPrefix(n, "my-") || n == "etc" || n == "etc."
}

// exampleComment opens an entry's comment that calls it an example of what may go there: "web/  #
// 示例：用户端网站" (example: the user site; the forty-seventh holdout's harness-template, a template
// whose apps/ is empty on purpose), "# e.g. a web app", "(example)". The entry and what is below it are
// the illustration's.
var exampleComment = mustGate(`(?i)^(?:#+|//|--|—|-)?\s*[(\[]?\s*(?:e\.g\.|eg\b|example\b|for example\b|sample\b|示例|例如|例：|例:|举例|пример|ejemplo|exemple|beispiel)`)

// plannedComment is an entry's comment that says it is not built yet: "json_extractor.rs  # Tool
// re-exports (when implemented)" (the sixty-first holdout's shard-den), "# (planned)", "# not yet
// implemented". The entry is the plan's, and so is what is below it. The mark in the document's own
// language counts the same: "ui/  (@ddd/ui) — admin/web 공통 UI 컴포넌트 (예정)" (the hundred-and-thirteenth
// holdout's DDD_FE, twice: a package removed, then marked as planned again). "# (this would be
// separate)" (the hundred-and-forty-fourth's sortTF) draws a file the layout does not have.
var plannedComment = mustGate(`(?i)\bwhen\s+implemented\b|\(\s*(?:this|it|that|one)\s+would\s+be\b|\bhypothetical\b|\bnot\s+yet\s+(?:implemented|created|built|added|written)\b|\bto\s+be\s+(?:implemented|created|built|added|written)\b|\(\s*(?:planned|future|todo|coming\s+soon|upcoming)\b|` + plannedForeign)

// plannedForeign is "(planned)" in the other languages handoff documents are written in: Korean
// ("(예정)", "(추후 개발)": to be built later, the same round's DDD_Admin), Japanese, Chinese, Spanish,
// Portuguese, French, German; Chinese "（预留扩展）" (kept for a later extension: the hundred-and-thirty-ninth
// holdout's novel-writer) in full-width parentheses.
const plannedForeign = `[(（]\s*(?:예정|계획|추후\s*(?:개발|구현|추가)|(?:개발|구현|추가)\s*예정|予定|計画中|计划中|规划中|待开发|待实现|未实现|planeado|planejado|previsto|prévu|à venir|próximamente|em breve|geplant|预留(?:扩展)?|預留(?:擴展)?)\s*[)）]`

// notedAway reports a tree entry its comment says is no place of a clean checkout: an example, one not
// built yet, a build's output, or an empty directory.
func notedAway(name, comment string) bool {
	if comment == "" {
		return false
	}
	return exampleComment.MatchString(comment) || plannedComment.MatchString(comment) || outputComment.MatchString(comment) || optionalComment.MatchString(comment) ||
		strings.HasSuffix(name, "/") && emptyComment.MatchString(comment)
}

// optionalComment opens an entry's comment with the word that says a checkout may lack it: "config.json
// #   Optional: capital_base, prebuy thresholds" (the two-hundred-and-thirty-first holdout's
// portfolio-and-investment, a file its user creates to override the defaults), "# (optional)". The word as
// a label, not an adjective: "Ancplua.Mcp.HttpServer/  # Optional ASP.NET Core MCP server" (the
// two-hundred-and-twenty-ninth's ancplua-mcp, a directory a restructure moved) describes what is there.
var optionalComment = mustGate(`(?i)^(?:#+|//|--|—|-)?\s*[*_]*` + optionalLabel + `$))`)

// optionalLabel is "optional" written as a label rather than an adjective: "(optional)", "Optional:",
// "Optional —"; the caller closes it with what else may follow the word (a comment's end, a cell's bar).
const optionalLabel = `(?:[(\[]\s*optional\s*[)\]]|optional[*_]*\s*(?:[:)—–]|\s-|`

// emptyComment is a directory entry's comment that says it holds nothing yet: "assets/  static images
// imported by components (empty today)" (the hundred-and-seventeenth holdout's ppcall-integration-wizard).
// Git keeps no empty directory, so the entry is absent from every clone.
var emptyComment = mustGate(`(?i)\b(?:empty|currently\s+empty|empty\s+(?:today|for\s+now|now|so\s+far|until\b[^)]*))\s*\)|\(\s*(?:empty|vazi[oa]|vac[ií][oa]|leer|vide)\b|[（(]\s*空\s*[）)]|\bis\s+(?:currently\s+)?empty\b`)

// outputComment is an entry's comment that calls it what a build or generator writes: "pkg/  #
// wasm-pack output (generated)" (shard-den again), "# build output", "# gitignored". A clean checkout
// has none of it.
var outputComment = mustGate(`(?i)\(\s*(?:auto-?)?generated\b|\bgenerated\s*\)|\b(?:build|compiler|bundler|wasm-pack|tsc)\s+output\b|\bgit-?ignored\b`)

// blankLevel reports a parent that was not a name: its entries are not checked either.
func blankLevel(parts []string) bool {
	for _, p := range parts {
		if p == "" {
			return true
		}
	}
	return false
}

// treeRoots resolves each tree entry's root against the repository (see the top of this file), once
// per root of a block: an entry under this repository's name loses it, one under a directory here
// keeps it, one under any other root is another project's and is dropped.
func (v *verifier) treeRoots(results []ClaimResult) {
	for i := range results {
		c := &results[i].Claim
		if c.Kind != KindTree {
			continue
		}
		reading := map[string]rootReading{}
		own := map[string]bool{} // roots named as this repository, asked once per block (ownName reads manifests)
		kept := make([]Anchor, 0, len(c.Anchors))
		for _, a := range c.Anchors {
			r, ok := reading[a.TreeRoot]
			if !ok {
				r = v.readRoot(c.Anchors, a.TreeRoot)
				reading[a.TreeRoot] = r
			}
			switch r {
			case rootAway:
				continue
			case rootTop:
				a.Path, a.Ref = underRoot(a.Path, a.TreeRoot), underRoot(a.Ref, a.TreeRoot)
			case rootAsWritten:
				if top, ok := v.topInstead(a, own); ok {
					a.Path, a.Ref = top, underRoot(a.Ref, a.TreeRoot)
				}
			}
			kept = append(kept, a)
		}
		c.Anchors = kept
	}
}

// topInstead reads an entry of a tree whose root is both this repository's name and a directory of it
// from the top when only the top has it: "nanoda/" over "src/", "build.gradle.kts" (the module nanoda/'s)
// and "gradle/libs.versions.toml", ".github/" (the root's: the two-hundred-and-thirty-fifth holdout's
// nanoda, a Gradle build whose one module bears the repository's name). Each entry is where it exists.
// own caches, per root, whether it is this repository's name; an entry there as written is never asked.
func (v *verifier) topInstead(a Anchor, own map[string]bool) (string, bool) {
	root := a.TreeRoot
	if root == "" || root == "." || root == "./" || root == indentRoot || root == placeholderRoot {
		return "", false
	}
	if ok, _ := v.repo.Exists(strings.TrimSuffix(a.Path, "/")); ok {
		return "", false
	}
	mine, asked := own[root]
	if !asked {
		mine = v.runsHere(root)
		own[root] = mine
	}
	if !mine {
		return "", false
	}
	top := underRoot(a.Path, root)
	if ok, _ := v.repo.Exists(strings.TrimSuffix(top, "/")); !ok {
		return "", false
	}
	return top, true
}

// placeholderRoot is the root of a tree drawn under a placeholder ("<app>/": netbox's layout of each
// Django app), whose entries are every such directory's and no one path here: treeAnchors gives none.
const placeholderRoot = "\x01"

// rootReading is what a tree's root line stands for here.
type rootReading int

const (
	rootAsWritten rootReading = iota // none, ".", or a directory of this repository: paths as written
	rootTop                          // this repository's own name: its entries are from the top
	rootAway                         // another project's tree
)

// readRoot reads one root of a tree block's entries.
func (v *verifier) readRoot(as []Anchor, root string) rootReading {
	switch {
	case root == indentRoot:
		if v.topsHere(as, root) {
			return rootAsWritten
		}
		return rootAway
	case root == "" || root == "." || root == "./":
		return rootAsWritten
	case v.linkRoot(root):
		// "aria/" over hooks/ and VERSION, in a repository called Aria whose aria/ is a submodule (the
		// hundred-and-twenty-ninth holdout's 10CG/Aria): the tree is the submodule's, whose files this
		// clone does not hold, not the repository's own top
		return rootAsWritten
	case v.treeRootHere(root):
		if v.runsHere(root) && v.fitsTop(as, root) {
			// tokenizers' tree "tokenizers/" over tokenizers/, bindings/ and docs/: the repository's own
			// name, though its core crate's directory is called so too (the thirty-seventh holdout)
			return rootTop
		}
		return rootAsWritten
	case v.runsHere(root) || v.topsHere(as, root):
		return rootTop
	}
	return rootAway
}

// underRoot is an entry's path with its root taken off.
func underRoot(p, root string) string { return strings.TrimPrefix(strings.TrimPrefix(p, root), "/") }

// topsHere reports a root whose entries begin, at least half of them, with a name this repository has
// at its top: "Tachikoma/" over "Sources/Tachikoma/" in a checkout named otherwise (a fork, a CI
// workspace).
func (v *verifier) topsHere(as []Anchor, root string) bool {
	firsts := firstNames(as, root)
	have := 0
	for f := range firsts {
		if ok, _ := v.repo.Exists(f); ok {
			have++
		}
	}
	return len(firsts) > 0 && 2*have >= len(firsts)
}

// firstNames are the first names of the entries under one root, each once.
func firstNames(as []Anchor, root string) map[string]bool {
	firsts := map[string]bool{}
	for _, a := range as {
		if a.TreeRoot != root {
			continue
		}
		if first, _, _ := strings.Cut(underRoot(a.Path, root), "/"); first != "" {
			firsts[first] = true
		}
	}
	return firsts
}

// fitsTop reports a root whose entries' first names the repository's top has more of than the root's
// own directory: the tree is drawn from the top, under the repository's name.
func (v *verifier) fitsTop(as []Anchor, root string) bool {
	top, under := 0, 0
	for first := range firstNames(as, root) {
		if ok, _ := v.repo.Exists(first); ok {
			top++
		}
		if ok, _ := v.repo.Exists(path.Join(strings.TrimSuffix(root, "/"), first)); ok {
			under++
		}
	}
	return top > under
}

// treeRootHere reports a root that is a directory of this repository ("src/" over its files).
func (v *verifier) treeRootHere(root string) bool {
	// resolved from the document's directory too: backend/CLAUDE.md's "src/haoma/" is backend/src/haoma
	// (the forty-seventh holdout's Haoma, whose package bears the repository's name)
	ok, dir := v.repo.Exists(v.resolve(strings.TrimSuffix(root, "/")))
	return ok && dir
}

// linkRoot reports a root that is a submodule: a tracked entry, no directory in the index, and no file
// either. A file of that name (the hundred-and-thirty-first holdout's elevate-agent keeps a launcher
// script cli/elevate beside a tree drawn under "elevate/") is not one.
func (v *verifier) linkRoot(root string) bool {
	p := v.resolve(strings.TrimSuffix(root, "/"))
	if ok, dir := v.repo.Exists(p); !ok || dir {
		return false
	}
	_, file := v.readFile(p)
	return !file
}

// undoubled reads a tree entry that spells its parent again: "meta-process/" over "├──
// meta-process/README.md" (the ninety-seventh holdout's agent_ecology2, eleven rows of two trees) reads
// meta-process/meta-process/README.md, where the tree means meta-process/README.md. The first segment
// written twice in a row is read once, when the path so read exists.
func (v *verifier) undoubled(p string) (string, bool) {
	segs := strings.Split(strings.TrimSuffix(p, "/"), "/")
	for i := 1; i < len(segs); i++ {
		if segs[i] != segs[i-1] {
			continue
		}
		q := strings.Join(append(append([]string{}, segs[:i]...), segs[i+1:]...), "/")
		if ok, _ := v.repo.Exists(q); ok {
			return q, true
		}
		return "", false
	}
	return "", false
}

// underGoneEntry reports a failed tree entry below another failed entry of the same tree: the missing
// directory's row says it, and each file under it would repeat it.
func underGoneEntry(r *ClaimResult, a Anchor) bool {
	for _, ar := range r.Anchors {
		if ar.Status == AnchorFailed && ar.Anchor.Path != a.Path && strings.HasPrefix(a.Path, strings.TrimSuffix(ar.Anchor.Path, "/")+"/") {
			return true
		}
	}
	return false
}
