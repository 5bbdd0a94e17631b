package domain

import (
	"fmt"
	"slices"
	"strings"
)

// DiffSkeletons lists what changed from a to b, one line per change, in a stable order:
// blocks added (+), removed (-) or changed (~ name, purpose, members), seams and unmapped
// paths added or removed. Ids are stable across revisions, so a block is matched by its id.
func DiffSkeletons(a, b Skeleton) []string {
	var out []string
	ai, bi := map[string]Block{}, map[string]Block{}
	for _, x := range a.Blocks {
		ai[x.ID] = x
	}
	for _, x := range b.Blocks {
		bi[x.ID] = x
	}
	ids := slices.Sorted(func(yield func(string) bool) {
		for id := range ai {
			if !yield(id) {
				return
			}
		}
		for id := range bi {
			if _, both := ai[id]; !both && !yield(id) {
				return
			}
		}
	})
	for _, id := range ids {
		x, inA := ai[id]
		y, inB := bi[id]
		switch {
		case !inA:
			out = append(out, fmt.Sprintf("+ block %s %q members %s", id, y.Name, strings.Join(y.Members, ",")))
		case !inB:
			out = append(out, fmt.Sprintf("- block %s %q", id, x.Name))
		default:
			if x.Name != y.Name {
				out = append(out, fmt.Sprintf("~ %s name %q -> %q", id, x.Name, y.Name))
			}
			if x.Purpose != y.Purpose {
				out = append(out, fmt.Sprintf("~ %s purpose %q -> %q", id, x.Purpose, y.Purpose))
			}
			for _, m := range y.Members {
				if !slices.Contains(x.Members, m) {
					out = append(out, fmt.Sprintf("~ %s + member %s", id, m))
				}
			}
			for _, m := range x.Members {
				if !slices.Contains(y.Members, m) {
					out = append(out, fmt.Sprintf("~ %s - member %s", id, m))
				}
			}
		}
	}
	seam := func(s Seam) string { return s.From + " -> " + s.To + " (" + s.Kind + ")" }
	for _, s := range b.Seams {
		if !slices.ContainsFunc(a.Seams, func(t Seam) bool { return t.From == s.From && t.To == s.To }) {
			out = append(out, "+ seam "+seam(s))
		}
	}
	for _, s := range a.Seams {
		if !slices.ContainsFunc(b.Seams, func(t Seam) bool { return t.From == s.From && t.To == s.To }) {
			out = append(out, "- seam "+seam(s))
		}
	}
	for _, p := range b.Unmapped {
		if !slices.Contains(a.Unmapped, p) {
			out = append(out, "+ unmapped "+p)
		}
	}
	for _, p := range a.Unmapped {
		if !slices.Contains(b.Unmapped, p) {
			out = append(out, "- unmapped "+p)
		}
	}
	return out
}
