package domain

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"regexp"
	"strings"

	"github.com/organism-dev/organism/platform/refusal"
)

// AnchorKind is what an evidence anchor points at.
type AnchorKind string

// The anchor kinds.
const (
	AnchorFile    AnchorKind = "file"
	AnchorLine    AnchorKind = "line"
	AnchorCommit  AnchorKind = "commit"
	AnchorReceipt AnchorKind = "receipt"
	AnchorLetter  AnchorKind = "letter"
)

// Anchor ties a claim to something that can be re-measured.
type Anchor struct {
	Kind   AnchorKind
	Path   string
	SHA256 string
	Line   int32
	Ref    string
	// Origin is stamped when the anchor crossed out of its brain (C8.2): it points into that
	// brain's repository (or "<peer>:<brain>" for foreign material), never into the holder's.
	Origin string
	// Unverifiable is stamped when the anchor could not be re-measured at its origin as it
	// crossed (evidence_unverifiable).
	Unverifiable bool
}

// measurable reports whether the anchor can be re-hashed against the holding brain's
// repository; an origin-qualified anchor points into another repository.
func (a Anchor) measurable() bool {
	return (a.Kind == AnchorFile || a.Kind == AnchorLine) && a.Origin == ""
}

// identity is what must survive a supersession: dropping an identity is a downgrade, while a
// re-measured hash of the same file is not.
func (a Anchor) identity() string {
	return fmt.Sprintf("%s\x00%s\x00%d\x00%s\x00%s", a.Kind, a.Path, a.Line, a.Ref, a.Origin)
}

// Qualified renders an origin-qualified anchor the way C8.2 spells it: "brain:path@sha256"
// for files, "brain:path:line@sha256" for lines, "brain@ref" for commits and receipts. It is
// empty for local anchors.
func (a Anchor) Qualified() string {
	if a.Origin == "" {
		return ""
	}
	switch a.Kind {
	case AnchorFile:
		return a.Origin + ":" + a.Path + "@" + a.SHA256
	case AnchorLine:
		return fmt.Sprintf("%s:%s:%d@%s", a.Origin, a.Path, a.Line, a.SHA256)
	default:
		return a.Origin + "@" + a.Ref
	}
}

// String renders an anchor for humans and logs.
func (a Anchor) String() string {
	switch a.Kind {
	case AnchorFile:
		return "file:" + a.Path
	case AnchorLine:
		return fmt.Sprintf("line:%s:%d", a.Path, a.Line)
	default:
		return string(a.Kind) + ":" + a.Ref
	}
}

var (
	sha256Pattern = regexp.MustCompile(`^[0-9a-f]{64}$`)
	refPattern    = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._/:#@+-]{0,199}$`)
)

// LooksLikeLetter reports whether a reference names a mission letter. Letters are witness
// tissue (C8.5): they record what an agent said, never what is true.
func LooksLikeLetter(ref string) bool {
	r := strings.ToLower(strings.TrimSpace(ref))
	return strings.HasPrefix(r, "ltr_") || strings.HasPrefix(r, "letter:") || strings.HasPrefix(r, "letter/") ||
		strings.Contains(r, "/letters/") || strings.HasPrefix(r, "mission-letter")
}

// validateAnchors checks shape and the letter rule; hashing happens later.
func validateAnchors(anchors []Anchor) *refusal.Error {
	if len(anchors) > MaxAnchors {
		return refusal.Field(ReasonInvalidArgument, "evidence", "at most %d evidence anchors", MaxAnchors)
	}
	for i := range anchors {
		a := &anchors[i]
		field := fmt.Sprintf("evidence[%d]", i)
		a.SHA256 = strings.ToLower(a.SHA256)
		if a.Kind == AnchorLetter || LooksLikeLetter(a.Ref) || LooksLikeLetter(a.Path) {
			return refusal.Field(ReasonLetterIsWitness, field, "a mission letter is witness tissue, not evidence (C8.5)")
		}
		switch a.Kind {
		case AnchorFile, AnchorLine:
			if strings.HasPrefix(a.Path, "/") || strings.Contains(a.Path, "..") && !cleanRelative(a.Path) {
				return refusal.Field(ReasonPathEscapesRepo, field+".path", "evidence path must be relative to the repository root and stay inside it")
			}
			if !cleanRelative(a.Path) {
				return refusal.Field(ReasonInvalidArgument, field+".path", "evidence path must be a clean relative path")
			}
			if a.Kind == AnchorLine && a.Line <= 0 {
				return refusal.Field(ReasonInvalidArgument, field+".line", "a line anchor needs a positive line number")
			}
			if a.Kind == AnchorFile && a.Line != 0 {
				return refusal.Field(ReasonInvalidArgument, field+".line", "a file anchor has no line; use kind line")
			}
			if a.SHA256 != "" && !sha256Pattern.MatchString(a.SHA256) {
				return refusal.Field(ReasonInvalidArgument, field+".sha256", "sha256 must be 64 lowercase hex digits")
			}
			if a.Ref != "" {
				return refusal.Field(ReasonInvalidArgument, field+".ref", "file anchors carry no ref")
			}
		case AnchorCommit, AnchorReceipt:
			if !refPattern.MatchString(a.Ref) {
				return refusal.Field(ReasonInvalidArgument, field+".ref", "a %s anchor needs a ref of letters, digits and ._/:#@+-", a.Kind)
			}
			if a.Path != "" || a.SHA256 != "" || a.Line != 0 {
				return refusal.Field(ReasonInvalidArgument, field, "a %s anchor carries only a ref", a.Kind)
			}
		default:
			return refusal.Field(ReasonInvalidArgument, field+".kind", "evidence kind must be file, line, commit or receipt")
		}
	}
	return nil
}

// OSRepo hashes files on the serving machine, confined to the root by os.Root so that
// symlinks cannot lead a measurement outside the repository.
type OSRepo struct{}

// Hash implements Repo.
func (OSRepo) Hash(root, rel string) (string, error) {
	if root == "" {
		return "", fmt.Errorf("brain has no repository root: %w", fs.ErrNotExist)
	}
	r, err := os.OpenRoot(root)
	if err != nil {
		return "", err
	}
	defer r.Close()
	f, err := r.Open(rel)
	if err != nil {
		return "", err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return "", err
	}
	if st.IsDir() {
		return "", fmt.Errorf("%s is a directory: %w", rel, fs.ErrNotExist)
	}
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// EvidenceStatus classifies one anchor after re-measurement.
type EvidenceStatus string

// The evidence statuses (the seed's vocabulary, kept verbatim).
const (
	EvidenceFresh        EvidenceStatus = "fresh"
	EvidenceChanged      EvidenceStatus = "evidence_changed"
	EvidenceFileMissing  EvidenceStatus = "evidence_file_missing"
	EvidenceUnverifiable EvidenceStatus = "unverifiable"
)

// EvidenceCheck is one anchor's re-measurement.
type EvidenceCheck struct {
	Anchor   Anchor
	Status   EvidenceStatus
	Measured string
}

// measure re-hashes every anchor against root. Any error other than absence counts as
// unverifiable rather than missing: we only say a file is gone when the filesystem says so.
func measure(repo Repo, root string, anchors []Anchor) []EvidenceCheck {
	out := make([]EvidenceCheck, 0, len(anchors))
	for _, a := range anchors {
		chk := EvidenceCheck{Anchor: a}
		switch {
		case !a.measurable() || a.SHA256 == "":
			chk.Status = EvidenceUnverifiable
		default:
			sum, err := repo.Hash(root, a.Path)
			switch {
			case errors.Is(err, fs.ErrNotExist):
				chk.Status = EvidenceFileMissing
			case err != nil:
				chk.Status = EvidenceUnverifiable
			case sum == a.SHA256:
				chk.Status, chk.Measured = EvidenceFresh, sum
			default:
				chk.Status, chk.Measured = EvidenceChanged, sum
			}
		}
		out = append(out, chk)
	}
	return out
}
