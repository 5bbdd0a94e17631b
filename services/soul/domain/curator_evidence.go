package domain

import (
	"bytes"
	"context"
	"fmt"
	"path"
	"strconv"
	"strings"

	"github.com/organism-dev/organism/platform/refusal"
)

// RefuseAnchorFailed is a curated claim whose own anchor fails against the brain's repository: the
// claim is refused on evidence rather than registered on the curator's word (§5.3 Profundo).
const RefuseAnchorFailed refusal.Reason = "ANCHOR_FAILED"

// MaxClaimAnchors bounds the anchors one curated claim may carry.
const MaxClaimAnchors = 32

// Evidence is one anchor a curated claim carries: a repository-relative path, and a line when the
// anchor is "path:line".
type Evidence struct {
	Path string
	Line int
}

// String is the anchor as written.
func (e Evidence) String() string {
	if e.Line > 0 {
		return e.Path + ":" + strconv.Itoa(e.Line)
	}
	return e.Path
}

// ParseEvidence reads a claim's anchors; a malformed one (empty, absolute, climbing out with "..")
// is a violation on its field ("anchors[i]"), so bad input is refused before anything is asked.
func ParseEvidence(anchors []string) ([]Evidence, []refusal.Violation) {
	if len(anchors) > MaxClaimAnchors {
		return nil, []refusal.Violation{{Field: "anchors", Description: fmt.Sprintf("at most %d anchors", MaxClaimAnchors)}}
	}
	var out []Evidence
	var bad []refusal.Violation
	for i, a := range anchors {
		field := fmt.Sprintf("anchors[%d]", i)
		a = strings.TrimSpace(a)
		e := Evidence{Path: a}
		if j := strings.LastIndexByte(a, ':'); j > 0 {
			if n, err := strconv.Atoi(a[j+1:]); err == nil {
				if n < 1 {
					bad = append(bad, refusal.Violation{Field: field, Description: "a line number starts at 1"})
					continue
				}
				e = Evidence{Path: a[:j], Line: n}
			}
		}
		clean := path.Clean(e.Path)
		switch {
		case e.Path == "" || strings.ContainsAny(e.Path, "\x00\n\r"):
			bad = append(bad, refusal.Violation{Field: field, Description: "a repository-relative path, or path:line"})
		case path.IsAbs(e.Path) || clean == ".." || strings.HasPrefix(clean, "../"):
			bad = append(bad, refusal.Violation{Field: field, Description: "must stay inside the repository"})
		default:
			e.Path = clean
			out = append(out, e)
		}
	}
	return out, bad
}

// verifyEvidence checks every anchor against the repository: the path exists, and a line anchor's
// line is in the file. The first that fails refuses the write, naming its field.
func (o *Organ) verifyEvidence(ctx context.Context, root string, ev []Evidence) error {
	if root == "" {
		return refusal.New(RefuseRepoNotFound, "the brain has no repository on this machine to check the claim's anchors against")
	}
	repo, err := o.open(ctx, root)
	if err != nil {
		return refusal.New(RefuseRepoNotFound, "the brain's repository cannot be opened to check the claim's anchors")
	}
	for i, e := range ev {
		field := fmt.Sprintf("anchors[%d]", i)
		exists, isDir := repo.Exists(e.Path)
		if !exists {
			return refusal.Field(RefuseAnchorFailed, field, "%s is not in the repository", e.Path)
		}
		if e.Line == 0 {
			continue
		}
		if isDir {
			return refusal.Field(RefuseAnchorFailed, field, "%s is a directory, it has no line %d", e.Path, e.Line)
		}
		data, err := repo.ReadFile(e.Path)
		if err != nil {
			return refusal.Field(RefuseAnchorFailed, field, "%s cannot be read", e.Path)
		}
		lines := bytes.Count(data, []byte("\n"))
		if len(data) > 0 && !bytes.HasSuffix(data, []byte("\n")) {
			lines++
		}
		if e.Line > lines {
			return refusal.Field(RefuseAnchorFailed, field, "%s has no line %d", e.Path, e.Line)
		}
	}
	return nil
}
