package gitset

import (
	"cmp"
	"path"
	"slices"
	"strings"

	"github.com/organism-dev/organism/services/presence/domain"
)

// WorkingSet turns the snapshot into a register's working set and changes: each changed file
// is a literal path item with its hunks. Within the service's limits:
//   - a file whose name the working-set grammar would read as a glob ("a[1].go") is
//     represented by its nearest literal directory, without hunks (it still collides, it just
//     has no heat);
//   - more than domain.MaxWorkingSet files are folded into their directories, shallowest depth
//     that fits, and the folded files lose their hunks;
//   - more than domain.MaxHunks hunks are merged, the most fragmented files first, each into
//     one hunk spanning its first to its last line (heat can only get hotter).
func (s Snapshot) WorkingSet() ([]string, []domain.FileChange) {
	type entry struct {
		item   string
		change *domain.FileChange
	}
	entries := make([]entry, 0, len(s.Files))
	for _, f := range s.Files {
		it, err := domain.ParseItem(f.Path)
		if err == nil && it.Kind == domain.ItemBlock {
			// A root file named like a block id ("sb_notes") is the path "./sb_notes".
			it, err = domain.ParseItem("./" + f.Path)
		}
		if err == nil && it.Kind == domain.ItemPath {
			entries = append(entries, entry{it.Canon, &domain.FileChange{Path: it.Canon, Hunks: slices.Clone(f.Hunks), Binary: f.Binary}})
			continue
		}
		if dir := literalDir(path.Dir(f.Path)); dir != "" {
			entries = append(entries, entry{item: dir})
		}
	}
	if len(entries) > domain.MaxWorkingSet {
		entries = foldEntries(entries, func(e entry) string { return e.item }, func(item string) entry { return entry{item: item} })
	}
	seen := make(map[string]bool, len(entries))
	var items []string
	var changes []domain.FileChange
	for _, e := range entries {
		if seen[e.item] {
			continue
		}
		seen[e.item] = true
		items = append(items, e.item)
		if e.change != nil {
			changes = append(changes, *e.change)
		}
	}
	return items, capHunks(changes)
}

// literalDir is the nearest directory of p (itself first) that the grammar reads as a literal
// path, written with a trailing slash; "" when only the root is left.
func literalDir(p string) string {
	for ; p != "." && p != "/" && p != ""; p = path.Dir(p) {
		if it, err := domain.ParseItem(p + "/"); err == nil && it.Kind == domain.ItemPath {
			return it.Canon + "/"
		}
	}
	return ""
}

// foldEntries folds entries into directories at the deepest depth whose distinct items fit.
func foldEntries[E any](es []E, itemOf func(E) string, dirEntry func(string) E) []E {
	depth := 0
	for _, e := range es {
		depth = max(depth, strings.Count(strings.TrimSuffix(itemOf(e), "/"), "/"))
	}
	for d := depth; d >= 1; d-- {
		distinct := map[string]bool{}
		for _, e := range es {
			distinct[foldTo(itemOf(e), d)] = true
		}
		if len(distinct) > domain.MaxWorkingSet {
			continue
		}
		out := make([]E, 0, len(distinct))
		for _, e := range es {
			item := itemOf(e)
			if f := foldTo(item, d); f != item {
				out = append(out, dirEntry(f))
			} else {
				out = append(out, e)
			}
		}
		return out
	}
	// Even the top-level directories are too many: the whole repository it is.
	return []E{dirEntry("./")}
}

// foldTo is item cut to its first d directories (with a trailing slash), or item itself when
// it is no deeper than that.
func foldTo(item string, d int) string {
	segs := strings.Split(strings.TrimSuffix(item, "/"), "/")
	if len(segs) <= d {
		return item
	}
	return strings.Join(segs[:d], "/") + "/"
}

// capHunks merges hunks until at most domain.MaxHunks remain.
func capHunks(cs []domain.FileChange) []domain.FileChange {
	total := 0
	for _, c := range cs {
		total += len(c.Hunks)
	}
	if total <= domain.MaxHunks {
		return cs
	}
	order := make([]int, len(cs))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(a, b int) int { return cmp.Compare(len(cs[b].Hunks), len(cs[a].Hunks)) })
	for _, i := range order {
		if total <= domain.MaxHunks || len(cs[i].Hunks) <= 1 {
			break
		}
		total -= len(cs[i].Hunks) - 1
		cs[i].Hunks = []domain.Hunk{spanOf(cs[i].Hunks)}
	}
	return cs
}

// spanOf is one hunk covering every line the hunks touch (an insertion touches its neighbours).
func spanOf(hs []domain.Hunk) domain.Hunk {
	lo, hi := int32(1<<30), int32(0)
	for _, h := range hs {
		l, r := h.Start, h.Start+h.Count-1
		if h.Count == 0 {
			r = h.Start + 1
		}
		lo, hi = min(lo, max(l, 1)), max(hi, r)
	}
	return domain.Hunk{Start: lo, Count: hi - lo + 1}
}
