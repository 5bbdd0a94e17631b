package engine

import (
	"path"
	"strings"
)

// Claude Code reads a line `@AGENTS.md` in a CLAUDE.md (or GEMINI.md) as "load that file here": many
// repositories ship a CLAUDE.md that is only such a line. The line is what the agent loads, so it is a
// strong assertion that the file exists, relative to the importing document as a link is. `@~/...` and
// absolute paths are the reader's own files, never this repository's: recognised, never checked.
//
// Only a line of its own outside code is an import, and only when what follows the `@` has a file's
// shape: a known extension, or an explicit ./ ../ ~/ or / start. That leaves out a mention (`@user`),
// an npm scope (`@scope/pkg`), a decorator (`@Override`, `@app.route`), an e-mail address (text before
// the `@`) and anything in a code span or fence (the parser never hands those over as lines).

// KindImport is a claim that is one import line.
const KindImport ClaimKind = "import"

var importPathChars = mustGate(`^[A-Za-z0-9._~+/-]+$`)

// importOf reads one line as an import: the path written after the `@`, and whether it is the
// reader's own (home or absolute) rather than the repository's.
func importOf(line string) (written string, perUser, ok bool) {
	t := strings.TrimSpace(line)
	if len(t) < 2 || t[0] != '@' {
		return "", false, false
	}
	p := t[1:]
	if !importPathChars.MatchString(p) || strings.Contains(p, "//") || strings.HasSuffix(p, "/") {
		return "", false, false
	}
	switch {
	case strings.HasPrefix(p, "~/") || strings.HasPrefix(p, "/"):
		return p, true, len(strings.Trim(p, "~/")) > 0
	case strings.HasPrefix(p, "./") || strings.HasPrefix(p, "../"):
		rest := strings.TrimLeft(p, "./")
		return p, false, rest != ""
	}
	return p, false, hasKnownExt(path.Base(p)) && !strings.HasPrefix(p, "~")
}

// importAnchor is the anchor of an import line: a path relative to the importing document that must
// resolve exactly, as a link target must; a per-user import has none.
func importAnchor(written, soulPath string) (Anchor, bool) {
	a, ok := linkAnchor(written, soulPath)
	if !ok || a.Kind != AnchorPath {
		return Anchor{}, false
	}
	a.Ref = "@" + written
	return a, true
}

// splitImports takes a paragraph's import lines out as claims of their own and returns the rest of
// its text with those lines blanked (line breaks kept, so the sentences keep their line numbers).
func (p *parser) splitImports(raw string, start int) string {
	if !strings.Contains(raw, "@") {
		return raw
	}
	lines := strings.Split(raw, "\n")
	found := false
	for i, l := range lines {
		if _, perUser, ok := importOf(l); ok {
			if !perUser {
				// the reader's own file is no claim about this repository, and no anchorless sentence
				p.addClaim(KindImport, l, start+i, start+i)
			}
			lines[i], found = "", true
		}
	}
	if !found {
		return raw
	}
	return strings.Join(lines, "\n")
}

// extractImport reads an import claim's one anchor.
func extractImport(c *Claim, soulPath string) {
	written, perUser, ok := importOf(c.Text)
	if !ok || perUser {
		return
	}
	if a, ok := importAnchor(written, soulPath); ok {
		a.Line = c.StartLine
		c.Anchors = append(c.Anchors, a)
	}
}

// ImportsOnly reports the repository paths a document imports when every non-blank line of it is an
// import of a file of this repository (a CLAUDE.md that is `@AGENTS.md`): such a document says nothing
// of its own, and a run that also checks what it imports checks that instead.
func ImportsOnly(soulPath string, src []byte) ([]string, bool) {
	var out []string
	for _, l := range strings.Split(string(src), "\n") {
		if strings.TrimSpace(l) == "" {
			continue
		}
		written, perUser, ok := importOf(l)
		if !ok || perUser {
			return nil, false
		}
		a, ok := importAnchor(written, soulPath)
		if !ok || a.Workspace {
			return nil, false
		}
		out = append(out, a.Path)
	}
	return out, len(out) > 0
}
