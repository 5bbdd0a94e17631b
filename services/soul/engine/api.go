package engine

import (
	"context"
	"os"
	"path"
	"path/filepath"
	"strings"
)

// CheckRepo is the whole check of one document against one repository: parse, then verify. The
// organ, the offline CLI and (through the organ) the MCP tool all check through it. A nil
// popts.Ignore reads the repository's .soulignore.
func CheckRepo(ctx context.Context, repo Repo, soulPath string, src []byte, popts ParseOptions, copts CheckOptions) (*Report, error) {
	if popts.Ignore == nil {
		popts.Ignore = RepoIgnore(repo)
	}
	if popts.LinkBase == "" {
		popts.LinkBase = symlinkTarget(repo.Root(), soulPath)
	}
	soul, err := Parse(soulPath, src, popts)
	if err != nil {
		return nil, err
	}
	copts.Source = src
	return Check(ctx, soul, repo, copts)
}

// SectionMarkdown returns one section's markdown: an exact heading match first, then a unique fragment match.
func SectionMarkdown(soul *Soul, src []byte, name string) (string, bool) {
	idx, ok := soul.sectionIndex(name)
	if !ok {
		return "", false
	}
	s := soul.Sections[idx]
	lines := strings.Split(string(src), "\n")
	end := min(s.EndLine, len(lines))
	return strings.ToValidUTF8(strings.TrimRight(strings.Join(lines[s.StartLine-1:end], "\n"), "\n")+"\n", "\uFFFD"), true
}

// sectionIndex finds a section by heading: an exact match first, then the one heading that contains
// the name (two such headings are ambiguous: none).
func (s *Soul) sectionIndex(name string) (int, bool) {
	want := normalHeading(name)
	for i, sec := range s.Sections {
		if normalHeading(sec.Heading) == want {
			return i, true
		}
	}
	idx := -1
	for i, sec := range s.Sections {
		if want != "" && strings.Contains(normalHeading(sec.Heading), want) {
			if idx >= 0 {
				return -1, false
			}
			idx = i
		}
	}
	return idx, idx >= 0
}

// SectionTissue is the tissue of the section whose heading is exactly name (normalized), the way the
// curator's seat check asks which tissue a pruned section was.
func (s *Soul) SectionTissue(name string) (Tissue, bool) {
	want := normalHeading(name)
	for _, sec := range s.Sections {
		if normalHeading(sec.Heading) == want {
			return sec.Tissue, true
		}
	}
	return TissueMixed, false
}

// DefaultHeadingTissue is the tissue the built-in heading map (the section contract, soul-prd §3.3)
// gives a heading: the first rule whose fragment the heading contains as a word.
func DefaultHeadingTissue(heading string) (Tissue, bool) {
	h := normalHeading(heading)
	for _, r := range defaultHeadingRules {
		if containsWord(h, r.fragment) {
			return r.tissue, true
		}
	}
	return TissueMixed, false
}

// symlinkTarget is the repository path a symlinked document points to ("docs/contributing.md" for a
// CONTRIBUTING.md linked there), or "" for a plain file or a link that leaves the repository.
func symlinkTarget(root, soulPath string) string {
	if root == "" {
		return ""
	}
	full := filepath.Join(root, filepath.FromSlash(soulPath))
	if st, err := os.Lstat(full); err != nil || st.Mode()&os.ModeSymlink == 0 {
		return ""
	}
	realRoot, err1 := filepath.EvalSymlinks(root)
	real, err2 := filepath.EvalSymlinks(full)
	if err1 != nil || err2 != nil {
		return ""
	}
	rel, err := filepath.Rel(realRoot, real)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return ""
	}
	return path.Clean(filepath.ToSlash(rel))
}
