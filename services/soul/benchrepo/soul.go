package benchrepo

import (
	"bufio"
	"fmt"
	"strings"
)

// The 10,000-line soul's scale (issue 3): 2,000 anchors against 20,000 files and 5,000 commits.
const (
	soulFiles   = 20_000
	soulCommits = 5_000
	soulLines   = 10_000
	soulAnchors = 2_000
	soulDirs    = 200
)

// SoulPath is where the 10,000-line soul lives in its repository.
const SoulPath = "docs/PATHOS.md"

// Soul returns the 20k-file, 5k-commit repository at os.TempDir()/name, building it on first use.
// Every commit is the domain benchmark's.
func Soul(name string) (string, error) {
	return cached(name, func(root string, git gitFunc) error {
		im := newImporter()
		perCommit := soulFiles / soulCommits
		for c := 0; c < soulCommits; c++ {
			var blobs []int
			for k := 0; k < perCommit; k++ {
				f := c*perCommit + k
				blobs = append(blobs, im.blob(fmt.Sprintf("package pkg%03d\n\n// File%05d is generated.\nfunc File%05d() int {\n\treturn %d\n}\n\ntype T%05d struct{}\n", f%soulDirs, f, f, f, f)))
			}
			m := im.commit(int64(1_780_000_000)+int64(c)*60, fmt.Sprintf("change %d (#%d)\n", c, c+1), func(w *bufio.Writer) {
				for k, bm := range blobs {
					f := c*perCommit + k
					fmt.Fprintf(w, "M 100644 :%d pkg%03d/file%05d.go\n", bm, f%soulDirs, f)
				}
			})
			if c%50 == 49 {
				im.tag(fmt.Sprintf("v1.%d.0", c/50), m)
			}
		}
		return im.load(git)
	})
}

// SoulDoc is the 10,000-line soul the domain's benchmark checks: 2,000 anchors of every class, one
// per claim, between declared prose; some deliberately broken so every failure path runs.
func SoulDoc(root string) ([]byte, error) {
	shas, err := shortSHAs(root, 100)
	if err != nil {
		return nil, err
	}
	var b strings.Builder
	b.WriteString("# PATHOS — bench\n\n## Current State\n\n")
	lines := 4
	for i := 0; i < soulAnchors; i++ {
		f := (i * 7919) % soulFiles
		dir := f % soulDirs
		switch i % 10 {
		case 0, 1, 2, 3:
			fmt.Fprintf(&b, "- `pkg%03d/file%05d.go` is tracked.\n", dir, f)
		case 4:
			fmt.Fprintf(&b, "- `pkg%03d/missing%05d.go` was removed.\n", dir, f)
		case 5:
			fmt.Fprintf(&b, "- `pkg%03d/file%05d.go:4` defines `File%05d`.\n", dir, f, f)
		case 6:
			fmt.Fprintf(&b, "- `pkg%03d.File%05d` returns its number.\n", dir, f)
		case 7:
			fmt.Fprintf(&b, "- Tag `v1.%d.0` is cut.\n", i%120)
		case 8:
			fmt.Fprintf(&b, "- Landed in #%d.\n", (i*13)%(soulCommits+500))
		case 9:
			fmt.Fprintf(&b, "- Fixed at commit `%s`.\n", shas[i%len(shas)])
		}
		lines++
	}
	b.WriteString("\n## Operating Doctrine\n\n")
	lines += 3
	for lines < soulLines {
		b.WriteString("Verify before asserting; the code outranks the soul and the soul outranks memory.\n")
		lines++
	}
	return []byte(b.String()), nil
}
