package engine

import (
	"bufio"
	"bytes"
	"path"
	"strings"
)

// IgnoreFileName is the per-repository ignore file, at the repository root.
const IgnoreFileName = ".soulignore"

// Ignore is what a repository's .soulignore asks not to check. Each line is a path glob; a line
// prefixed "doc:" applies only to handoff documents (which `soul check --all` skips), "anchor:" only
// to anchors (a claim's path citations that are not checked); an unprefixed glob applies to both.
// Globs are repository-relative: "**" spans directories, a glob without "/" matches a base name at
// any depth, and a trailing "/" means the directory and everything under it. '#' starts a comment.
type Ignore struct {
	Docs, Anchors []string
}

// ParseIgnore reads a .soulignore file.
func ParseIgnore(src []byte) Ignore {
	var ig Ignore
	sc := bufio.NewScanner(bytes.NewReader(src))
	for sc.Scan() {
		l := sc.Text()
		if i := strings.Index(l, "#"); i >= 0 {
			l = l[:i]
		}
		l = strings.TrimSpace(l)
		switch {
		case l == "":
		case strings.HasPrefix(l, "doc:"):
			ig.Docs = append(ig.Docs, cleanGlob(l[len("doc:"):]))
		case strings.HasPrefix(l, "anchor:"):
			ig.Anchors = append(ig.Anchors, cleanGlob(l[len("anchor:"):]))
		default:
			g := cleanGlob(l)
			ig.Docs, ig.Anchors = append(ig.Docs, g), append(ig.Anchors, g)
		}
	}
	return ig
}

func cleanGlob(g string) string { return strings.TrimPrefix(strings.TrimSpace(g), "./") }

// Doc reports whether a document path is ignored.
func (ig Ignore) Doc(p string) bool { return matchAny(ig.Docs, p) }

// Anchor reports whether an anchor's path is ignored.
func (ig Ignore) Anchor(a Anchor) bool {
	// only citations of repository paths (path, glob, file:line, a make target's directory)
	return a.Path != "" && matchAny(ig.Anchors, strings.TrimPrefix(a.Path, "./"))
}

func matchAny(globs []string, p string) bool {
	for _, g := range globs {
		if MatchGlob(g, p) {
			return true
		}
	}
	return false
}

// MatchGlob matches a repository-relative path against a .soulignore glob.
func MatchGlob(g, p string) bool {
	p = strings.Trim(p, "/")
	if g == "" || p == "" {
		return false
	}
	if strings.HasSuffix(g, "/") {
		g += "**"
	}
	if !strings.Contains(strings.TrimSuffix(g, "/**"), "/") && !strings.HasPrefix(g, "**") {
		// a bare name matches that segment anywhere: "node_modules/" or "*.generated.md"
		g = "**/" + g
	}
	return matchSegs(strings.Split(g, "/"), strings.Split(p, "/"))
}

// matchSegs matches glob segments against path segments; "**" spans any number of segments. It is
// a table over (glob, path) positions, so a .soulignore full of "**" costs len(g)*len(p), never more.
func matchSegs(g, p []string) bool {
	// ok[j] is true when g[i:] matches p[j:], filled from the last glob segment back
	ok := make([]bool, len(p)+1)
	ok[len(p)] = true
	for i := len(g) - 1; i >= 0; i-- {
		next := make([]bool, len(p)+1)
		for j := len(p); j >= 0; j-- {
			switch {
			case g[i] == "**":
				next[j] = ok[j] || j < len(p) && next[j+1]
			case j < len(p):
				m, err := path.Match(g[i], p[j])
				next[j] = err == nil && m && ok[j+1]
			}
		}
		ok = next
	}
	return ok[0]
}

// Ignore markers are HTML comments, invisible when the markdown renders. A next-line marker skips
// the claim that starts on the next non-blank line; a start/end pair skips every claim that starts
// between them (an unclosed start runs to the end of the document). driftlint's markers mean the
// same thing ("do not check the claims here"), so they are honoured; a style linter's markers
// (markdownlint-disable...) and a link checker's (markdown-link-check-disable...) silence other
// questions than whether a claim is true, so they are not.
var (
	ignoreNext  = mustGate(`(?i)^\s*<!--\s*(?:soul|driftlint)-ignore(?:-next-line|-line)?\s*(?::[^>]*)?-->\s*$`)
	ignoreStart = mustGate(`(?i)^\s*<!--\s*(?:soul|driftlint)-ignore-(?:start|begin)\s*(?::[^>]*)?-->\s*$`)
	ignoreEnd   = mustGate(`(?i)^\s*<!--\s*(?:soul|driftlint)-ignore-(?:end|stop)\s*-->\s*$`)
	fenceOpen   = mustGate("^\\s{0,3}(```+|~~~+)")
)

// ignoredLines returns the 1-based lines whose claims the document's markers skip, or nil.
func ignoredLines(src []byte) map[int]bool {
	if !bytes.Contains(src, []byte("-ignore")) {
		return nil
	}
	lines := strings.Split(string(src), "\n")
	out := map[int]bool{}
	pending, block := false, false
	fence := ""
	for i, l := range lines {
		n := i + 1
		if fence != "" {
			if strings.HasPrefix(strings.TrimSpace(l), fence) {
				fence = ""
			}
			if block {
				out[n] = true
			}
			continue
		}
		switch {
		case ignoreStart.MatchString(l):
			block = true
			continue
		case ignoreEnd.MatchString(l):
			block = false
			continue
		case ignoreNext.MatchString(l):
			pending = true
			continue
		}
		if m := fenceOpen.FindStringSubmatch(l); m != nil {
			fence = m[1]
		}
		if strings.TrimSpace(l) == "" {
			continue
		}
		if block || pending {
			out[n] = true
		}
		pending = false
	}
	return out
}

// dropIgnored removes the claims the markers skip and the anchors the ignore file names; a claim
// whose every anchor is ignored is skipped whole (it cited only what the repository chose not to
// check). It returns how many claims it skipped.
func dropIgnored(claims []Claim, src []byte, ig *Ignore) ([]Claim, int) {
	lines := ignoredLines(src)
	if lines == nil && (ig == nil || len(ig.Anchors) == 0) {
		return claims, 0
	}
	kept := claims[:0]
	skipped := 0
	for _, c := range claims {
		if lines[c.StartLine] {
			skipped++
			continue
		}
		if ig != nil && len(ig.Anchors) > 0 && len(c.Anchors) > 0 {
			anchors := c.Anchors[:0:0]
			for _, a := range c.Anchors {
				if !ig.Anchor(a) {
					anchors = append(anchors, a)
				}
			}
			if len(anchors) == 0 {
				skipped++
				continue
			}
			c.Anchors = anchors
		}
		c.Index = len(kept)
		kept = append(kept, c)
	}
	return kept, skipped
}

// RepoIgnore reads the repository's .soulignore; a repository without one ignores nothing.
func RepoIgnore(repo Repo) *Ignore {
	src, err := repo.ReadFile(IgnoreFileName)
	if err != nil {
		return &Ignore{}
	}
	ig := ParseIgnore(src)
	return &ig
}
