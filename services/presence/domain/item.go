package domain

import (
	"fmt"
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/organism-dev/organism/platform/refusal"
)

// Limits on a working set. Generous enough for any real task, small enough that one register
// cannot make collision derivation expensive for everyone else.
const (
	MaxWorkingSet  = 1000
	MaxItemBytes   = 1024
	MaxSegmentByte = 255
	// MaxAlternatives bounds brace alternatives in one path segment.
	MaxAlternatives = 64
)

// ItemKind says how a working-set item is matched.
type ItemKind uint8

// The kinds of working-set item.
const (
	// ItemPath is a literal repository-relative file or directory; it covers itself and everything beneath it.
	ItemPath ItemKind = iota + 1
	// ItemGlob is a pattern (*, ?, [..], {a,b}, **); it covers its matches and everything beneath them.
	ItemGlob
	// ItemBlock is a system block id (sb_...); it overlaps only the same block.
	ItemBlock
)

// Item is one normalized working-set entry.
type Item struct {
	Kind ItemKind
	// Canon is the normalized spelling: the form stored, displayed and compared for equality.
	Canon string
	// segs are the path segments (empty for the repository root and for blocks).
	segs []string
	// pat is the compiled pattern for globs: one entry per segment.
	pat []segPattern
	// prefix is how many leading segments of a glob are literal; the index files the glob under them.
	prefix int
	// Leaf says the item names files only (its last segment has an extension and no trailing
	// slash was given), so nothing lies beneath it. Without this, "**/*.md" would claim
	// "src/a.go/x.md" and so collide with every file of the repository.
	Leaf bool
}

// looksLikeFile reports whether a final segment reads as a file name: it has an extension
// after a non-empty stem ("a.go", "*.md", "*_test.go"), unlike "src", "v*" or ".github".
func looksLikeFile(seg string) bool {
	i := strings.LastIndexByte(seg, '.')
	return i > 0 && i < len(seg)-1
}

// blockPattern is the shape of a system block id. A root file that happens to look like one is
// written "./sb_name" and stays a path.
var blockPattern = regexp.MustCompile(`^sb_[A-Za-z0-9][A-Za-z0-9_-]{0,127}$`)

// itemErr refuses one working-set entry. ParseWorkingSet renames the field to the entry's
// index (working_set[3]) so a caller can fix every entry at once.
func itemErr(format string, args ...any) error {
	return refusal.Field(refusal.InvalidArgument, "working_set", format, args...)
}

// ParseItem normalizes one untrusted working-set entry: separators become "/", "." and empty
// segments go, trailing "/**" folds into the directory it names, and absolute, home-relative
// or ".."-climbing paths are refused because a working set names places inside the repository.
func ParseItem(raw string) (Item, error) {
	if len(raw) > MaxItemBytes {
		return Item{}, itemErr("longer than %d bytes", MaxItemBytes)
	}
	if !utf8.ValidString(raw) {
		return Item{}, itemErr("not valid UTF-8")
	}
	for _, r := range raw {
		if unicode.IsControl(r) {
			return Item{}, itemErr("contains a control character")
		}
	}
	s := strings.TrimSpace(raw)
	if s == "" {
		return Item{}, itemErr("empty")
	}
	if blockPattern.MatchString(s) {
		return Item{Kind: ItemBlock, Canon: s}, nil
	}
	s = strings.ReplaceAll(s, `\`, "/")
	switch {
	case strings.HasPrefix(s, "/"):
		return Item{}, itemErr("absolute path; give a repository-relative path")
	case len(s) >= 2 && s[1] == ':' && isASCIILetter(s[0]) && (len(s) == 2 || s[2] == '/'):
		return Item{}, itemErr("drive-letter path; give a repository-relative path")
	case strings.HasPrefix(s, "~"):
		return Item{}, itemErr("home-relative path; give a repository-relative path")
	}
	explicitDir := strings.HasSuffix(s, "/") || strings.HasSuffix(s, "/.") || strings.HasSuffix(s, "/**")
	var segs []string
	for seg := range strings.SplitSeq(s, "/") {
		switch seg {
		case "", ".":
			continue
		case "..":
			return Item{}, itemErr(`".." leaves the repository`)
		}
		if strings.TrimSpace(seg) != seg {
			return Item{}, itemErr("a segment starts or ends with whitespace")
		}
		if len(seg) > MaxSegmentByte {
			return Item{}, itemErr("a segment is longer than %d bytes", MaxSegmentByte)
		}
		// Consecutive ** segments match the same paths as one.
		if seg == "**" && len(segs) > 0 && segs[len(segs)-1] == "**" {
			continue
		}
		segs = append(segs, seg)
	}
	// "./~" cleans to "~": what the canonical form would be refused for, the raw form is too.
	if len(segs) > 0 && strings.HasPrefix(segs[0], "~") {
		return Item{}, itemErr("home-relative path; give a repository-relative path")
	}
	// An item already covers everything beneath what it names, so a trailing ** adds nothing.
	for len(segs) > 0 && segs[len(segs)-1] == "**" {
		segs = segs[:len(segs)-1]
	}
	if len(segs) == 0 {
		return Item{Kind: ItemPath, Canon: "."}, nil
	}
	last := segs[len(segs)-1]
	it := Item{Kind: ItemPath, segs: segs, Canon: strings.Join(segs, "/"), Leaf: !explicitDir && looksLikeFile(last)}
	if !it.Leaf && looksLikeFile(last) {
		// Keep the slash that says "directory" where the name alone would say "file".
		it.Canon += "/"
	}
	glob := false
	for _, seg := range segs {
		if strings.ContainsAny(seg, "*?[{") {
			glob = true
			break
		}
	}
	if glob {
		pat := make([]segPattern, len(segs))
		it.prefix = -1
		for i, seg := range segs {
			p, err := compileSegment(seg)
			if err != nil {
				return Item{}, err
			}
			pat[i] = p
			if it.prefix < 0 && !p.literal() {
				it.prefix = i
			}
		}
		it.Kind, it.pat = ItemGlob, pat
	}
	if it.Kind == ItemPath && len(segs) == 1 && blockPattern.MatchString(segs[0]) {
		it.Canon = "./" + it.Canon
	}
	return it, nil
}

func isASCIILetter(b byte) bool { return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' }

// WorkingSet is a normalized, de-duplicated working set in the order given.
type WorkingSet []Item

// Canons lists the stored spellings.
func (w WorkingSet) Canons() []string {
	out := make([]string, len(w))
	for i, it := range w {
		out[i] = it.Canon
	}
	return out
}

// ParseWorkingSet normalizes every entry and drops duplicates (by normalized spelling). Errors
// are reported per entry index so a caller can fix all of them at once.
func ParseWorkingSet(raw []string) (WorkingSet, []refusal.Violation) {
	if len(raw) > MaxWorkingSet {
		return nil, []refusal.Violation{{Field: "working_set",
			Description: fmt.Sprintf("has %d items; at most %d are allowed", len(raw), MaxWorkingSet)}}
	}
	var bad []refusal.Violation
	seen := make(map[string]bool, len(raw))
	out := make(WorkingSet, 0, len(raw))
	for i, r := range raw {
		it, err := ParseItem(r)
		if err != nil {
			msg := err.Error()
			if ref, ok := refusal.As(err); ok {
				msg = ref.Message
			}
			bad = append(bad, refusal.Violation{Field: fmt.Sprintf("working_set[%d]", i), Description: msg})
			continue
		}
		if seen[it.Canon] {
			continue
		}
		seen[it.Canon] = true
		out = append(out, it)
	}
	if len(bad) > 0 {
		return nil, bad
	}
	return out, nil
}
