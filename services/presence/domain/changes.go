package domain

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/organism-dev/organism/platform/refusal"
)

// Changes: what a session actually changed, as its client derived it from git. A working set
// says where a session means to work; its changes say which lines of which files it has
// touched against its merge-base. Collisions stay decided by the working sets alone; the
// changes only grade a collision's heat, so a hand-declared working set keeps today's meaning.

// Heat grades one overlap by what both sides changed.
type Heat uint8

// The heats, coolest first, so the hottest of several is their maximum.
const (
	// HeatNone: at least one side sent no change for the place; only the declared sets overlap.
	HeatNone Heat = iota
	// HeatSoft: both changed the same file, in lines of the base that do not meet.
	HeatSoft
	// HeatHot: both changed the same lines of the base, or a binary file, or both added the file.
	HeatHot
)

// String is the heat's lowercase name ("" for none).
func (h Heat) String() string {
	switch h {
	case HeatSoft:
		return "soft"
	case HeatHot:
		return "hot"
	}
	return ""
}

// Limits on changes: as many files as a working set may hold, and enough hunks for any honest
// change; a client with more merges neighbouring hunks (which only makes heat hotter).
const (
	MaxHunks    = 10000
	MaxHunkLine = 1 << 30
	MaxBaseHex  = 64
)

// Hunk is the base side of one git hunk: Count lines of the base from line Start were
// replaced; Count 0 means lines were inserted after line Start (Start 0: at the top).
type Hunk struct {
	Start, Count int32
}

// span is the stretch of base lines a hunk touches, both ends included. An insertion touches
// the lines on both sides of it, so that two sessions inserting at one place, or one inserting
// next to a line the other rewrote, are hot: merging them is a conflict either way.
func (h Hunk) span() (lo, hi int32) {
	if h.Count == 0 {
		return h.Start, h.Start + 1
	}
	return h.Start, h.Start + h.Count - 1
}

// FileChange is one changed file with its hunks in base line order.
type FileChange struct {
	// Path is the canonical spelling of a literal path item of the working set.
	Path   string
	Hunks  []Hunk
	Binary bool
}

// meets reports whether two changes of one file touch a common line of the base.
func (f *FileChange) meets(g *FileChange) bool {
	if f.Binary || g.Binary {
		return true
	}
	i, j := 0, 0
	for i < len(f.Hunks) && j < len(g.Hunks) {
		alo, ahi := f.Hunks[i].span()
		blo, bhi := g.Hunks[j].span()
		switch {
		case ahi < blo:
			i++ // g's later hunks start no earlier than blo: none meets f's hunk i
		case bhi < alo:
			j++
		default:
			return true
		}
	}
	return false
}

// changeOf returns the change of path in cs (sorted by path), or nil.
func changeOf(cs []FileChange, path string) *FileChange {
	i, ok := slices.BinarySearchFunc(cs, path, func(c FileChange, p string) int { return cmp.Compare(c.Path, p) })
	if !ok {
		return nil
	}
	return &cs[i]
}

// heatOf grades the overlap of item ai of a with item bi of b. Only the same literal file
// changed on both sides has a heat; any other overlap is the declared sets' alone.
func heatOf(a *Record, ai int, b *Record, bi int) Heat {
	if len(a.Changes) == 0 || len(b.Changes) == 0 {
		return HeatNone
	}
	x, y := a.WorkingSet[ai], b.WorkingSet[bi]
	if x.Kind != ItemPath || y.Kind != ItemPath || x.Canon != y.Canon {
		return HeatNone
	}
	f, g := changeOf(a.Changes, x.Canon), changeOf(b.Changes, y.Canon)
	switch {
	case f == nil || g == nil:
		return HeatNone
	case f.meets(g):
		return HeatHot
	}
	return HeatSoft
}

// hottest is the heat of a collision: the hottest of its overlaps.
func hottest(os []Overlap) Heat {
	h := HeatNone
	for _, o := range os {
		h = max(h, o.Heat)
	}
	return h
}

// parseChanges checks the changes against the parsed working set and returns them normalized:
// canonical paths, sorted by path, hunks sorted by start.
func parseChanges(raw []FileChange, set WorkingSet) ([]FileChange, []refusal.Violation) {
	if len(raw) == 0 {
		return nil, nil
	}
	if len(raw) > MaxWorkingSet {
		return nil, []refusal.Violation{violation("changes", "has %d files; at most %d are allowed", len(raw), MaxWorkingSet)}
	}
	literal := make(map[string]bool, len(set))
	for _, it := range set {
		if it.Kind == ItemPath {
			literal[it.Canon] = true
		}
	}
	var bad []refusal.Violation
	out := make([]FileChange, 0, len(raw))
	seen := make(map[string]bool, len(raw))
	hunks := 0
	for i, c := range raw {
		field := fmt.Sprintf("changes[%d]", i)
		it, err := ParseItem(c.Path)
		switch {
		case err != nil:
			msg := err.Error()
			if ref, ok := refusal.As(err); ok {
				msg = ref.Message
			}
			bad = append(bad, violation(field+".path", "%s", msg))
			continue
		case it.Kind != ItemPath:
			bad = append(bad, violation(field+".path", "must be a literal file path, not a glob or a block"))
			continue
		case !literal[it.Canon]:
			bad = append(bad, violation(field+".path", "%q is not an item of working_set", it.Canon))
			continue
		case seen[it.Canon]:
			bad = append(bad, violation(field+".path", "%q is listed twice", it.Canon))
			continue
		case c.Binary && len(c.Hunks) > 0:
			bad = append(bad, violation(field+".hunks", "a binary change carries no hunks"))
			continue
		}
		seen[it.Canon] = true
		hunks += len(c.Hunks)
		for j, h := range c.Hunks {
			switch {
			case h.Start < 0 || h.Count < 0:
				bad = append(bad, violation(fmt.Sprintf("%s.hunks[%d]", field, j), "start and count must not be negative"))
			case h.Start == 0 && h.Count > 0:
				bad = append(bad, violation(fmt.Sprintf("%s.hunks[%d]", field, j), "start 0 is only an insertion at the top (count 0)"))
			case int64(h.Start)+int64(h.Count) > MaxHunkLine:
				bad = append(bad, violation(fmt.Sprintf("%s.hunks[%d]", field, j), "reaches past line %d", MaxHunkLine))
			}
		}
		hs := slices.Clone(c.Hunks)
		slices.SortFunc(hs, func(p, q Hunk) int { return cmp.Or(cmp.Compare(p.Start, q.Start), cmp.Compare(p.Count, q.Count)) })
		out = append(out, FileChange{Path: it.Canon, Hunks: hs, Binary: c.Binary})
	}
	if hunks > MaxHunks {
		bad = append(bad, violation("changes", "has %d hunks; at most %d are allowed (merge neighbouring hunks)", hunks, MaxHunks))
	}
	if len(bad) > 0 {
		return nil, bad
	}
	slices.SortFunc(out, func(p, q FileChange) int { return cmp.Compare(p.Path, q.Path) })
	return out, nil
}

// validBase reports whether s is empty or a hex object id (abbreviated ids of at least 4 digits too).
func validBase(s string) bool {
	if s == "" {
		return true
	}
	if len(s) < 4 || len(s) > MaxBaseHex {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; (c < '0' || c > '9') && (c < 'a' || c > 'f') {
			return false
		}
	}
	return true
}
