package gitrepo

import (
	"path"
	"reflect"
	"strings"
	"testing"
)

// TestIndexSlicesAsItSplits holds the tree index, which slices each directory and name out of the path,
// to the index split on "/" and joined again, on ordinary and odd paths alike.
func TestIndexSlicesAsItSplits(t *testing.T) {
	for _, tc := range []struct {
		name  string
		files []string
	}{
		{"ordinary", []string{"go.mod", "cmd/app/main.go", "internal/a00/p000/f00.go", "internal/a00/p000/f01.go", "docs/setup.md"}},
		{"odd", []string{"a//b.go", "/abs.go", "dir/", "x/.hidden/y", "só/ñ/z.txt", ".", "a/b/c/d/e/f/g.go"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got Repo
			got.index(tc.files)
			want := splitIndex(tc.files)
			for _, c := range []struct {
				field     string
				got, want map[string]bool
			}{{"top", got.top, want.top}, {"dirs", got.dirs, want.dirs}, {"stems", got.stems, want.stems}, {"set", got.set, want.set}} {
				if !reflect.DeepEqual(c.got, c.want) {
					t.Errorf("%s: got %v, want %v", c.field, c.got, c.want)
				}
			}
			if !reflect.DeepEqual(got.base, want.base) {
				t.Errorf("base: got %v, want %v", got.base, want.base)
			}
		})
	}
}

// splitIndex is the index as it was first written: every path split into its segments.
func splitIndex(files []string) *Repo {
	r := &Repo{set: map[string]bool{}, dirs: map[string]bool{}, base: map[string][]string{}, top: map[string]bool{}, stems: map[string]bool{}}
	for _, f := range files {
		r.set[f] = true
		b := path.Base(f)
		r.base[b] = append(r.base[b], f)
		r.stems[strings.TrimSuffix(b, path.Ext(b))] = true
		segs := strings.Split(f, "/")
		r.top[segs[0]] = true
		for i := 1; i < len(segs); i++ {
			r.dirs[strings.Join(segs[:i], "/")] = true
			r.stems[segs[i-1]] = true
		}
	}
	return r
}
