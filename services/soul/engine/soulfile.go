package engine

import (
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/organism-dev/organism/platform/refusal"
)

// DefaultSoulPaths is the discovery order when a brain names no soul path (the skill's own order).
var DefaultSoulPaths = []string{"docs/PATHOS.md", "PATHOS.md"}

// LoadSoul finds and reads a soul under root, refusing directories, binaries and oversize files
// before reading them. Its refusals name only repository-relative paths: the root itself is
// the owner's machine layout and stays out of messages.
func LoadSoul(root, soulPath string, maxBytes int) (string, []byte, error) {
	candidates := DefaultSoulPaths
	if soulPath != "" && !slices.Contains(DefaultSoulPaths, path.Clean(soulPath)) {
		c := path.Clean(filepath.ToSlash(soulPath))
		if filepath.IsAbs(soulPath) || c == ".." || strings.HasPrefix(c, "../") {
			return "", nil, outsideRepo("the soul path %q must be relative to the repository", soulPath)
		}
		candidates = []string{c}
	}
	realRoot, err := filepath.EvalSymlinks(root)
	if err != nil {
		return "", nil, refusal.New(RefuseRepoNotFound, "the brain's repository is not on this machine")
	}
	for _, rel := range candidates {
		full := filepath.Join(root, filepath.FromSlash(rel))
		real, err := filepath.EvalSymlinks(full)
		if err != nil {
			continue
		}
		if !within(realRoot, real) {
			// a soul symlinked out of its repository would let a brain read any file on the machine
			return rel, nil, outsideRepo("%s leaves the repository", rel)
		}
		st, err := os.Stat(real)
		if err != nil {
			continue
		}
		if st.IsDir() {
			return rel, nil, refusal.New(RefuseSoulIsDirectory, "the soul path %s names a directory", rel)
		}
		if maxBytes <= 0 {
			maxBytes = DefaultMaxSoulBytes
		}
		if st.Size() > int64(maxBytes) {
			return rel, nil, refusal.New(RefuseSoulTooLarge, "%s is %d bytes, over the limit of %d", rel, st.Size(), maxBytes)
		}
		f, err := os.Open(real)
		if err != nil {
			return rel, nil, refusal.New(RefuseSoulNotFound, "%s cannot be opened", rel)
		}
		src, err := io.ReadAll(io.LimitReader(f, int64(maxBytes)+1))
		f.Close()
		if err != nil {
			return rel, nil, fmt.Errorf("read %s: %w", rel, err)
		}
		if len(src) > maxBytes {
			return rel, nil, refusal.New(RefuseSoulTooLarge, "%s is over the limit of %d bytes", rel, maxBytes)
		}
		return rel, src, nil
	}
	return "", nil, refusal.New(RefuseSoulNotFound, "the brain has no soul at %s", strings.Join(candidates, " or "))
}

func within(root, p string) bool {
	rel, err := filepath.Rel(root, p)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel)
}
