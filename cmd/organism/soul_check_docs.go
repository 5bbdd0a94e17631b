package main

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/organism-dev/organism/services/soul/engine"
)

// uniqueDocs keeps each real file once: a document named twice, or a CLAUDE.md that is a symlink to
// the AGENTS.md beside it, is one document, checked once. A link inside the repository is reported
// under its target's name, the path git keeps the content under, so a baseline or an annotation
// points at the file an editor changes; a link leaving the repository keeps its own name.
func uniqueDocs(root string, docs []string) []string {
	realRoot, err := filepath.EvalSymlinks(root)
	if err != nil {
		realRoot = root
	}
	seen := map[string]bool{}
	out := make([]string, 0, len(docs))
	for _, d := range docs {
		name := linkTarget(realRoot, d)
		if seen[name] {
			continue
		}
		seen[name] = true
		out = append(out, name)
	}
	return out
}

// linkTarget is the repository path a document resolves to through symlinks, or the document itself
// when it is no link, cannot be resolved, or resolves outside the repository.
func linkTarget(realRoot, doc string) string {
	resolved, err := filepath.EvalSymlinks(filepath.Join(realRoot, filepath.FromSlash(doc)))
	if err != nil {
		return doc
	}
	rel, err := filepath.Rel(realRoot, resolved)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return doc
	}
	return filepath.ToSlash(rel)
}

// foldImports drops from an --all run each document that is nothing but imports of other documents of
// the same run (a CLAUDE.md whose whole body is `@AGENTS.md`): like a symlink, it is the document it
// imports, checked once under that name. A document with prose beside its imports stays itself, its
// import lines anchors. A cycle of import-only documents keeps them all: each is then checked as itself.
// The notes say, once per dropped document, what it was checked as.
func foldImports(load func(doc string) (string, []byte, error), docs []string) (kept, notes []string) {
	inRun := map[string]bool{}
	imports := map[string][]string{}
	for _, d := range docs {
		inRun[d] = true
		if _, src, err := load(d); err == nil {
			if paths, ok := engine.ImportsOnly(d, src); ok {
				imports[d] = paths
			}
		}
	}
	// folds reports whether d is checked through what it imports: every import is a document of the
	// run that is checked itself or folds in turn, with no cycle on the way
	state := map[string]int{} // 0 unseen, 1 on the path, 2 folds, 3 does not
	var folds func(d string) bool
	folds = func(d string) bool {
		switch state[d] {
		case 1, 3:
			return false
		case 2:
			return true
		}
		state[d] = 1
		ok := len(imports[d]) > 0
		for _, p := range imports[d] {
			if !inRun[p] || p == d || len(imports[p]) > 0 && !folds(p) {
				ok = false
				break
			}
		}
		state[d] = 3
		if ok {
			state[d] = 2
		}
		return ok
	}
	for _, d := range docs {
		if !folds(d) {
			kept = append(kept, d)
			continue
		}
		notes = append(notes, fmt.Sprintf("%s is only imports (@%s): checked once, as %s", d, strings.Join(imports[d], ", @"), strings.Join(imports[d], ", ")))
	}
	return kept, notes
}
