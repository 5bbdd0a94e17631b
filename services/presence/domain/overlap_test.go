package domain

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"sort"
	"strings"
	"testing"
	"unicode/utf8"
)

func mustItem(t testing.TB, s string) Item {
	t.Helper()
	it, err := ParseItem(s)
	if err != nil {
		t.Fatalf("ParseItem(%q): %v", s, err)
	}
	return it
}

func TestOverlaps(t *testing.T) {
	tests := []struct {
		name string
		a, b string
		want bool
	}{
		{"same file", "src/a.go", "src/a.go", true},
		{"different files", "src/a.go", "src/b.go", false},
		{"file inside dir", "src", "src/a.go", true},
		{"dir inside dir", "src/", "src/pkg/", true},
		{"sibling dirs", "src/a", "src/ab", false},
		{"prefix is by segment", "src/a", "src/a.go", false},
		{"root holds everything", ".", "deep/x/y.go", true},
		{"glob matches file", "src/*.go", "src/a.go", true},
		{"glob misses other dir", "src/*.go", "lib/a.go", false},
		{"glob star stays in a segment", "src/*.go", "src/pkg/a.go", false},
		{"globstar crosses segments", "src/**/*.go", "src/pkg/deep/a.go", true},
		{"globstar matches zero segments", "src/**/*.go", "src/a.go", true},
		{"glob inside dir", "src/*.go", "src", true},
		{"dir matched by glob covers beneath", "src/*", "src/pkg/a.go", true},
		{"glob vs unrelated dir", "docs/*.md", "src", false},
		{"globs sharing a file", "src/*.go", "src/a*", true},
		{"globs disjoint by extension", "src/*.go", "src/*.md", false},
		{"class vs literal", "x/[abc].txt", "x/b.txt", true},
		{"negated class vs literal", "x/[!abc].txt", "x/b.txt", false},
		{"class vs class disjoint", "x/[a-c]", "x/[x-z]", false},
		{"class vs negated class", "x/[a-c]", "x/[!a-b]", true},
		{"braces", "web/*.{ts,tsx}", "web/app.tsx", true},
		{"braces miss", "web/*.{ts,tsx}", "web/app.js", false},
		{"question mark", "a/?.go", "a/xy.go", false},
		{"same block", "sb_alpha", "sb_alpha", true},
		{"different blocks", "sb_alpha", "sb_beta", false},
		{"block vs path", "sb_alpha", "./sb_alpha", false},
		{"block vs root", "sb_alpha", ".", false},
		{"globstar vs globstar", "**/x/*.go", "a/**/y.go", true},
		{"root glob vs file", "**/*_test.go", "svc/a/b_test.go", true},
		{"root glob misses", "**/*_test.go", "svc/a/b.go", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a, b := mustItem(t, tt.a), mustItem(t, tt.b)
			if got := Overlaps(a, b); got != tt.want {
				t.Errorf("Overlaps(%q, %q): got %v, want %v", tt.a, tt.b, got, tt.want)
			}
			if got := Overlaps(b, a); got != tt.want {
				t.Errorf("Overlaps(%q, %q): got %v, want %v (symmetry)", tt.b, tt.a, got, tt.want)
			}
		})
	}
}

// randomItem draws from a small vocabulary so that overlaps are frequent.
func randomItem(r *rand.Rand) string {
	dirs := []string{"src", "lib", "docs", "web"}
	subs := []string{"a", "b", "pkg"}
	files := []string{"x.go", "y.go", "x_test.go", "r.md", "i.ts"}
	switch r.IntN(10) {
	case 0:
		return fmt.Sprintf("sb_%d", r.IntN(4))
	case 1:
		return dirs[r.IntN(len(dirs))]
	case 2:
		return dirs[r.IntN(len(dirs))] + "/" + subs[r.IntN(len(subs))]
	case 3:
		return dirs[r.IntN(len(dirs))] + "/*.go"
	case 4:
		return dirs[r.IntN(len(dirs))] + "/**/*_test.go"
	case 5:
		return "**/*.md"
	case 6:
		return dirs[r.IntN(len(dirs))] + "/*/" + files[r.IntN(len(files))]
	case 7:
		return dirs[r.IntN(len(dirs))] + "/{a,b}/*"
	default:
		return dirs[r.IntN(len(dirs))] + "/" + subs[r.IntN(len(subs))] + "/" + files[r.IntN(len(files))]
	}
}

func randomRecords(r *rand.Rand, n, items int) []Record {
	recs := make([]Record, n)
	for i := range recs {
		raw := make([]string, 1+r.IntN(items))
		for k := range raw {
			raw[k] = randomItem(r)
		}
		set, bad := ParseWorkingSet(raw)
		if bad != nil {
			panic(fmt.Sprint(bad))
		}
		intent := IntentMutate
		if r.IntN(5) == 0 {
			intent = IntentRead
		}
		recs[i] = Record{ID: fmt.Sprintf("prs_%012x", i), Brain: []string{"b1", "b2"}[r.IntN(2)],
			Intent: intent, WorkingSet: set}
	}
	return recs
}

// TestIndexMatchesNaive: on random rosters the index derives exactly what the all-pairs scan
// does, for every pair and for each presence alone.
func TestIndexMatchesNaive(t *testing.T) {
	defer func(m int) { maxSettled = m }(maxSettled)
	for seed := uint64(1); seed <= 30; seed++ {
		// Even seeds run with nodes that stop settling glob peers at once (as crowded ones do).
		maxSettled = []int{1, 64}[seed%2]
		r := rand.New(rand.NewPCG(seed, 7))
		recs := randomRecords(r, 40, 6)
		reg := &Registry{byID: map[string]*entry{}, brains: map[string]*brainIndex{}}
		for _, rec := range recs {
			reg.insert(rec)
		}
		got := reg.allCollisions("", timeZero)
		want := NaiveCollisions(recs)
		if !reflect.DeepEqual(describeAll(got), describeAll(want)) {
			t.Fatalf("seed %d: index and all-pairs scan differ:\n%s", seed, diffLines(describeAll(got), describeAll(want)))
		}
		for _, rec := range recs {
			e := reg.byID[rec.ID]
			one := reg.collisionsOf(e, timeZero)
			if !reflect.DeepEqual(describeAll(one), describeAll(orient(NaiveOf(rec, recs)))) {
				t.Fatalf("seed %d, %s: got %v, want %v", seed, rec.ID, describeAll(one), describeAll(NaiveOf(rec, recs)))
			}
			// The same query for a set not yet in the index (the register path).
			fresh := reg.derive(rec, e.slot, nil, timeZero, false)
			if rec.Intent == IntentRead {
				fresh = nil
			}
			if !reflect.DeepEqual(describeAll(fresh), describeAll(one)) {
				t.Fatalf("seed %d, %s: unplaced query got %v, want %v", seed, rec.ID, describeAll(fresh), describeAll(one))
			}
		}
		// Leaving and re-registering reshapes the index (glob groups empty out and rejoin);
		// the answer must still be the all-pairs one.
		var kept []Record
		for k, rec := range recs {
			if k%3 == int(seed%3) {
				reg.unindex(reg.byID[rec.ID])
				continue
			}
			kept = append(kept, rec)
		}
		for k, rec := range recs {
			if k%3 == int(seed%3) && k%2 == 0 {
				reg.insert(rec)
				kept = append(kept, rec)
			}
		}
		got = reg.allCollisions("", timeZero)
		want = NaiveCollisions(kept)
		if !reflect.DeepEqual(describeAll(got), describeAll(want)) {
			t.Fatalf("seed %d after removals: index and all-pairs scan differ:\n%s", seed, diffLines(describeAll(got), describeAll(want)))
		}
	}
}

func orient(cs []Collision) []Collision { return cs }

func describeAll(cs []Collision) []string {
	var out []string
	for _, c := range cs {
		ov := append([]Overlap(nil), c.Overlaps...)
		sortOverlaps(ov)
		out = append(out, Collision{A: c.A, B: c.B, Overlaps: ov}.Describe())
	}
	sort.Strings(out)
	return out
}

// FuzzOverlapIndex: for any two items, the index agrees with the direct comparison.
func FuzzOverlapIndex(f *testing.F) {
	for _, p := range [][2]string{{"src/a.go", "src"}, {"src/*.go", "src/a.go"}, {"**/*.md", "docs/x/r.md"},
		{"a/{b,c}/*", "a/c/d"}, {"sb_a", "sb_a"}, {".", "x"}, {"x/[!a]*", "x/ab"}} {
		f.Add(p[0], p[1])
	}
	f.Fuzz(func(t *testing.T, a, b string) {
		ia, err1 := ParseItem(a)
		ib, err2 := ParseItem(b)
		if err1 != nil || err2 != nil {
			return
		}
		want := Overlaps(ia, ib)
		if Overlaps(ib, ia) != want {
			t.Fatalf("Overlaps(%q,%q) is not symmetric", ia.Canon, ib.Canon)
		}
		reg := &Registry{byID: map[string]*entry{}, brains: map[string]*brainIndex{}}
		ra := Record{ID: "prs_000000000001", Brain: "b", Intent: IntentMutate, WorkingSet: WorkingSet{ia}}
		rb := Record{ID: "prs_000000000002", Brain: "b", Intent: IntentMutate, WorkingSet: WorkingSet{ib}}
		reg.insert(ra)
		reg.insert(rb)
		got := len(reg.allCollisions("", timeZero)) == 1
		if got != want {
			t.Fatalf("all-pairs index scan says %v for %q vs %q, direct comparison says %v", got, ia.Canon, ib.Canon, want)
		}
		for _, id := range []string{ra.ID, rb.ID} {
			e := reg.byID[id]
			if got := len(reg.collisionsOf(e, timeZero)) == 1; got != want {
				t.Fatalf("one-presence query from %s says %v for %q vs %q, direct comparison says %v", id, got, ia.Canon, ib.Canon, want)
			}
			if got := len(reg.derive(e.rec, e.slot, nil, timeZero, false)) == 1; got != want {
				t.Fatalf("unplaced query from %s says %v for %q vs %q, direct comparison says %v", id, got, ia.Canon, ib.Canon, want)
			}
		}
	})
}

func diffLines(got, want []string) string {
	in := func(xs []string, x string) bool {
		for _, y := range xs {
			if x == y {
				return true
			}
		}
		return false
	}
	var out string
	for _, g := range got {
		if !in(want, g) {
			out += "only index: " + g + "\n"
		}
	}
	for _, w := range want {
		if !in(got, w) {
			out += "only naive: " + w + "\n"
		}
	}
	return out
}

// FuzzSegmentMatch: the quick checks in front of a segment match (literal prefix and tail,
// minimum length, node keys) never change its answer: match agrees with the plain token match
// of every alternative, and a segment whose keys the quick check turns away does not match.
func FuzzSegmentMatch(f *testing.F) {
	for _, p := range [][2]string{{"*_test.go", "a_test.go"}, {"f0{1,2}?.*", "f012.go"}, {"main*", "main.go"},
		{"[a-c]x*", "bx"}, {"{a,bc}", "bc"}, {"é*ü", "éü"}, {"a?a", "a"}, {"*.{ts,tsx}", "app.tsx"}} {
		f.Add(p[0], p[1])
	}
	f.Fuzz(func(t *testing.T, pattern, seg string) {
		if !utf8.ValidString(seg) || strings.Contains(seg, "/") || seg == "" {
			return
		}
		p, err := compileSegment(pattern)
		if err != nil || p.isLit || p.globstar {
			return
		}
		want := false
		for _, a := range p.alts {
			want = want || matchTokens(a, seg)
		}
		if got := p.match(seg); got != want {
			t.Fatalf("%q.match(%q): got %v, want %v", pattern, seg, got, want)
		}
		head, tail := segKeys(seg)
		may := false
		for i := range p.quick {
			may = may || p.quick[i].mayMatch(len(seg), head, tail)
		}
		if want && !may {
			t.Fatalf("%q matches %q but its node keys turn it away", pattern, seg)
		}
		for i := range p.quick {
			q := &p.quick[i]
			if got, want := q.mayMatch(len(seg), head, tail), matchTokens(p.alts[i], seg); q.keyExact && got != want {
				t.Fatalf("%q alternative %d against %q: node keys say %v, the token match %v", pattern, i, seg, got, want)
			}
		}
	})
}
