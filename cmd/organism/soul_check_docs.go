package main

import (
	"path/filepath"
	"strings"
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
