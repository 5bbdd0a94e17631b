package domain

import (
	"bufio"
	"bytes"
	"fmt"
	"go/parser"
	"go/token"
	"path"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// The scan: a first candidate from a repository's tree at one commit, a pure function of the
// files (and the Go sources and go.mod files it reads), so one commit always yields one
// skeleton. Blocks are the Go packages (each directory holding .go files, with everything
// under it that no deeper package holds) and, as the generic fallback, each top-level
// directory holding no Go package of its own; seams are the Go imports between blocks; files
// no block covers (the repository's root files, unless the root is a Go package) are unmapped.

// ScanLimits bound what the scan reads.
const (
	MaxScanFiles   = 200_000
	MaxScanSources = 20_000
	MaxSourceBytes = 1 << 20
)

// ScanWants reports whether the scan reads file p's content: go.mod files and Go sources.
func ScanWants(p string) bool {
	return path.Base(p) == "go.mod" || (strings.HasSuffix(p, ".go") && !strings.HasSuffix(p, "_test.go"))
}

// ScanTree builds blocks, seams and unmapped paths from the files of one commit and the
// content of the files ScanWants (missing contents only cost seams).
func ScanTree(files []string, content map[string][]byte) ([]Block, []Seam, []string) {
	files = slices.Sorted(slices.Values(files))
	goDirs := map[string]int{}
	for _, f := range files {
		if strings.HasSuffix(f, ".go") {
			goDirs[path.Dir(f)]++
		}
	}
	// Which group each file falls in: its nearest Go package directory, else its top-level
	// directory; root files only when the root is a package.
	counts := map[string]int{}
	for _, f := range files {
		if g := scanGroup(f, goDirs); g != "" {
			counts[g]++
		}
	}
	modules := scanModules(content)
	groups := slices.Sorted(func(yield func(string) bool) {
		for g := range counts {
			if !yield(g) {
				return
			}
		}
	})
	k := Skeleton{}
	ids := map[string]string{}
	used := map[string]bool{}
	for _, g := range groups {
		id := "sb_root"
		if g != "." {
			id = "sb_" + slug(g, 100)
		}
		for n, base := 2, id; used[id]; n++ {
			id = fmt.Sprintf("%s_%d", base, n)
		}
		used[id] = true
		ids[g] = id
		b := Block{ID: id, Name: scanName(g), Confidence: Confidence{Naming: confDerived, Purpose: confPurpose}}
		if _, isGo := goDirs[g]; isGo {
			b.Confidence.Structure = confPackage
			b.Purpose = fmt.Sprintf("Go package %s (%d files)", importPathOf(g, modules), counts[g])
		} else {
			b.Confidence.Structure = confDirectory
			b.Purpose = fmt.Sprintf("Directory %s/ (%d files)", g, counts[g])
		}
		if g == "." {
			b.Members = []string{"*"}
		} else {
			b.Members = []string{g + "/"}
		}
		k.Blocks = append(k.Blocks, b)
	}
	weights := map[[2]string]int{}
	for _, f := range files {
		if !ScanWants(f) || path.Base(f) == "go.mod" {
			continue
		}
		src, ok := content[f]
		if !ok {
			continue
		}
		from := ids[path.Dir(f)]
		parsed, err := parser.ParseFile(token.NewFileSet(), f, src, parser.ImportsOnly)
		if err != nil || from == "" {
			continue
		}
		for _, imp := range parsed.Imports {
			ip, err := strconv.Unquote(imp.Path.Value)
			if err != nil {
				continue
			}
			dir, ok := dirOfImport(ip, modules)
			if !ok {
				continue
			}
			if to := ids[dir]; to != "" && to != from {
				if _, isGo := goDirs[dir]; isGo {
					weights[[2]string{from, to}]++
				}
			}
		}
	}
	for e, w := range weights {
		k.Seams = append(k.Seams, Seam{From: e[0], To: e[1], Kind: SeamImport, Weight: w})
	}
	for _, f := range files {
		if k.OwnerOf(f) == "" {
			k.Unmapped = append(k.Unmapped, f)
		}
	}
	k.normalize()
	return k.Blocks, k.Seams, k.Unmapped
}

func scanGroup(f string, goDirs map[string]int) string {
	dir := path.Dir(f)
	if dir == "." {
		if _, ok := goDirs["."]; ok {
			return "."
		}
		return ""
	}
	for d := dir; d != "."; d = path.Dir(d) {
		if _, ok := goDirs[d]; ok {
			return d
		}
	}
	top, _, _ := strings.Cut(dir, "/")
	return top
}

func scanName(g string) string {
	if g == "." {
		return "root"
	}
	if r := []rune(g); len(r) > textBounds[TextName].max {
		return string(r[len(r)-textBounds[TextName].max:])
	}
	return g
}

// module is one go.mod: the directory it sits in and the module path it declares.
type module struct{ dir, path string }

func scanModules(content map[string][]byte) []module {
	var out []module
	for f, data := range content {
		if path.Base(f) != "go.mod" {
			continue
		}
		sc := bufio.NewScanner(bytes.NewReader(data))
		for sc.Scan() {
			fields := strings.Fields(sc.Text())
			if len(fields) >= 2 && fields[0] == "module" {
				out = append(out, module{dir: path.Dir(f), path: strings.Trim(fields[1], `"`)})
				break
			}
		}
	}
	// Longest module path first, so a nested module wins over the one containing it.
	sort.Slice(out, func(i, j int) bool {
		if len(out[i].path) != len(out[j].path) {
			return len(out[i].path) > len(out[j].path)
		}
		return out[i].dir < out[j].dir
	})
	return out
}

func dirOfImport(ip string, modules []module) (string, bool) {
	for _, m := range modules {
		if ip == m.path || strings.HasPrefix(ip, m.path+"/") {
			return path.Clean(path.Join(m.dir, strings.TrimPrefix(strings.TrimPrefix(ip, m.path), "/"))), true
		}
	}
	return "", false
}

func importPathOf(dir string, modules []module) string {
	for _, m := range modules {
		if m.dir == "." || dir == m.dir || strings.HasPrefix(dir, m.dir+"/") {
			rel := strings.TrimPrefix(strings.TrimPrefix(dir, m.dir), "/")
			if m.dir == "." {
				rel = strings.TrimPrefix(dir, ".")
				rel = strings.TrimPrefix(rel, "/")
			}
			if rel == "" {
				return m.path
			}
			return m.path + "/" + rel
		}
	}
	return dir
}
