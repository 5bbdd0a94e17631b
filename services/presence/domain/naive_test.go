package domain

import "sort"

// NaiveCollisions (a test-only reference) is the all-pairs baseline: every pair of mutating records of the same brain
// compared item by item. It defines the expected answer the index must reproduce and is the
// baseline the benchmarks measure against. Records are taken as live.
func NaiveCollisions(recs []Record) []Collision {
	var out []Collision
	for i := range recs {
		for j := i + 1; j < len(recs); j++ {
			if c, ok := NaivePair(recs[i], recs[j]); ok {
				out = append(out, c)
			}
		}
	}
	for i := range out {
		if out[i].A.ID > out[i].B.ID {
			out[i] = out[i].flip()
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].A.ID != out[j].A.ID {
			return out[i].A.ID < out[j].A.ID
		}
		return out[i].B.ID < out[j].B.ID
	})
	return out
}

// NaiveOf is the baseline for one record: a scan of every other record.
func NaiveOf(rec Record, all []Record) []Collision {
	var out []Collision
	for _, o := range all {
		if o.ID == rec.ID {
			continue
		}
		if c, ok := NaivePair(rec, o); ok {
			out = append(out, c)
		}
	}
	return out
}

// NaivePair compares two records directly.
func NaivePair(a, b Record) (Collision, bool) {
	if a.Brain != b.Brain || a.Intent != IntentMutate || b.Intent != IntentMutate {
		return Collision{}, false
	}
	var ov []Overlap
	for _, x := range a.WorkingSet {
		for _, y := range b.WorkingSet {
			if Overlaps(x, y) {
				ov = append(ov, Overlap{A: x.Canon, B: y.Canon})
			}
		}
	}
	if len(ov) == 0 {
		return Collision{}, false
	}
	return Collision{Brain: a.Brain, A: a.Ref(), B: b.Ref(), Overlaps: ov}, true
}

// flip swaps the sides of a collision.
func (c Collision) flip() Collision {
	ov := make([]Overlap, len(c.Overlaps))
	for i, o := range c.Overlaps {
		ov[i] = Overlap{A: o.B, B: o.A}
	}
	sortOverlaps(ov)
	return Collision{Brain: c.Brain, A: c.B, B: c.A, Overlaps: ov}
}

func sortOverlaps(ov []Overlap) {
	sort.Slice(ov, func(i, j int) bool {
		if ov[i].A != ov[j].A {
			return ov[i].A < ov[j].A
		}
		return ov[i].B < ov[j].B
	})
}
