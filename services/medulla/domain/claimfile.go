package domain

import (
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// ClaimFile is one exported claim version: markdown with a frontmatter block.
type ClaimFile struct {
	Name    string
	Content string
}

// MaxClaimFileBytes bounds a file the decoder will read (body limit plus generous frontmatter).
const MaxClaimFileBytes = MaxBodyBytes + 32<<10

const fence = "---\n"

// EncodeClaimFile renders a claim version as markdown with provenance frontmatter. Keys use
// the seed's spelling (Created, Source-Agent, Origin-Brain, Soul-Source); the body follows the
// closing fence byte for byte.
func EncodeClaimFile(c Claim) string {
	var b strings.Builder
	b.WriteString(fence)
	kv := func(k, v string) {
		if v != "" {
			b.WriteString(k + ": " + encodeValue(v) + "\n")
		}
	}
	tm := func(k string, t time.Time) {
		if !t.IsZero() {
			kv(k, t.UTC().Format(time.RFC3339Nano))
		}
	}
	kv("Slug", c.Slug)
	kv("Version", strconv.FormatInt(c.Version, 10))
	kv("Kind", string(c.Kind))
	kv("State", string(c.State))
	kv("Confidence", strconv.FormatFloat(c.Confidence, 'g', -1, 64))
	kv("Brain", c.Brain)
	p := c.Provenance
	tm("Created", p.Created)
	kv("Source-Agent", p.SourceAgent)
	kv("Origin-Brain", p.OriginBrain)
	kv("Soul-Source", p.SoulSource)
	kv("Promoted-By", p.PromotedBy)
	kv("Promoted-Reason", p.PromotedReason)
	tm("Promoted-At", p.PromotedAt)
	kv("Verified-By", p.VerifiedBy)
	kv("Verified-Via", p.VerifiedVia)
	tm("Verified-At", p.VerifiedAt)
	kv("Source-Family", p.SourceFamily)
	kv("Authored-Commit", p.AuthoredCommit)
	kv("Verified-Commit", p.VerifiedCommit)
	kv("Demoted", p.Demoted)
	kv("Demoted-Line", p.DemotedLine)
	tm("Written", c.WrittenAt)
	tm("Superseded", c.SupersededAt)
	kv("Receipt", c.ReceiptID)
	for _, a := range c.Evidence {
		kv("Evidence", encodeAnchor(a))
	}
	b.WriteString(fence)
	b.WriteString(c.Body)
	return b.String()
}

func encodeValue(v string) string {
	if v != strings.TrimSpace(v) || strings.ContainsAny(v, "\"\n\r") || !strconv.CanBackquote(v) && strings.ContainsFunc(v, isCtl) {
		return strconv.Quote(v)
	}
	return v
}

func isCtl(r rune) bool { return r < 0x20 || r == 0x7f }

func encodeAnchor(a Anchor) string {
	switch a.Kind {
	case AnchorFile, AnchorLine:
		s := string(a.Kind) + " " + strconv.Quote(a.Path)
		if a.Kind == AnchorLine {
			s += " " + strconv.Itoa(int(a.Line))
		}
		if a.SHA256 != "" {
			s += " sha256=" + a.SHA256
		}
		return s + crossingStamps(a)
	default:
		return string(a.Kind) + " " + strconv.Quote(a.Ref) + crossingStamps(a)
	}
}

// crossingStamps renders the C8.2 stamps of an anchor that crossed out of its brain.
func crossingStamps(a Anchor) string {
	s := ""
	if a.Origin != "" {
		s += " origin=" + a.Origin
	}
	if a.Unverifiable {
		s += " " + unverifiableStamp
	}
	return s
}

const unverifiableStamp = "evidence_unverifiable"

// originPattern is what an origin stamp may be: a brain, or "<peer>:<brain>" for foreign material.
var originPattern = regexp.MustCompile(`^[a-z][a-z0-9-]{0,62}(:[a-z][a-z0-9-]{0,62})?$`)

// takeStamps removes the crossing stamps from the trailing fields of an anchor line.
func takeStamps(a *Anchor, fields []string) ([]string, error) {
	rest := fields[:0:0]
	for _, f := range fields {
		switch {
		case f == unverifiableStamp && !a.Unverifiable:
			a.Unverifiable = true
		case strings.HasPrefix(f, "origin=") && a.Origin == "":
			a.Origin = strings.TrimPrefix(f, "origin=")
			if !originPattern.MatchString(a.Origin) {
				return nil, fmt.Errorf("origin %q is not a brain name", a.Origin)
			}
		default:
			rest = append(rest, f)
		}
	}
	return rest, nil
}

// DecodeClaimFile parses an exported claim file. It is strict about what it understands and
// ignores frontmatter keys it does not know, so newer exports stay readable.
func DecodeClaimFile(content string) (Claim, error) {
	var c Claim
	if len(content) > MaxClaimFileBytes {
		return c, fmt.Errorf("file is %d bytes; the limit is %d", len(content), MaxClaimFileBytes)
	}
	if !utf8.ValidString(content) {
		return c, errors.New("file is not UTF-8")
	}
	content = strings.ReplaceAll(content, "\r\n", "\n")
	if !strings.HasPrefix(content, fence) {
		return c, errors.New("file does not start with a --- frontmatter fence")
	}
	rest := content[len(fence):]
	var front string
	if strings.HasPrefix(rest, fence) {
		front, c.Body = "", rest[len(fence):]
	} else {
		end := strings.Index(rest, "\n"+fence)
		if end < 0 {
			return c, errors.New("frontmatter has no closing --- fence")
		}
		front, c.Body = rest[:end+1], rest[end+1+len(fence):]
	}
	seen := map[string]bool{}
	for n, line := range strings.Split(strings.TrimSuffix(front, "\n"), "\n") {
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		key, raw, ok := strings.Cut(line, ":")
		if !ok {
			return c, fmt.Errorf("frontmatter line %d has no key", n+1)
		}
		key = strings.TrimSpace(key)
		val, err := decodeValue(strings.TrimSpace(raw))
		if err != nil {
			return c, fmt.Errorf("frontmatter %s: %v", key, err)
		}
		if key != "Evidence" {
			if seen[key] {
				return c, fmt.Errorf("frontmatter key %s appears twice", key)
			}
			seen[key] = true
		}
		if err := setField(&c, key, val); err != nil {
			return c, fmt.Errorf("frontmatter %s: %v", key, err)
		}
	}
	if c.Slug == "" || !ValidSlug(c.Slug) {
		return c, errors.New("frontmatter needs a valid Slug")
	}
	if c.Kind == "" || !ValidKind(c.Kind) {
		return c, errors.New("frontmatter needs a valid Kind")
	}
	if c.State == "" {
		c.State = StateAuthored
	}
	return c, nil
}

func decodeValue(raw string) (string, error) {
	if strings.HasPrefix(raw, `"`) {
		return strconv.Unquote(raw)
	}
	return raw, nil
}

func setField(c *Claim, key, val string) error {
	p := &c.Provenance
	var err error
	switch key {
	case "Slug":
		c.Slug = val
	case "Version":
		c.Version, err = strconv.ParseInt(val, 10, 64)
		if err == nil && c.Version < 0 {
			err = errors.New("negative")
		}
	case "Kind":
		c.Kind = Kind(val)
	case "State":
		switch State(val) {
		case StateAuthored, StateVerified:
			c.State = State(val)
		default:
			err = fmt.Errorf("unknown state %q", val)
		}
	case "Confidence":
		c.Confidence, err = strconv.ParseFloat(val, 64)
		if err == nil && !(c.Confidence >= 0 && c.Confidence <= 1) {
			err = errors.New("must be between 0 and 1")
		}
	case "Brain":
		c.Brain = val
	case "Created":
		p.Created, err = parseTime(val)
	case "Source-Agent":
		p.SourceAgent = val
	case "Origin-Brain":
		p.OriginBrain = val
	case "Soul-Source":
		p.SoulSource = val
	case "Promoted-By":
		p.PromotedBy = val
	case "Promoted-Reason":
		p.PromotedReason = val
	case "Promoted-At":
		p.PromotedAt, err = parseTime(val)
	case "Verified-By":
		p.VerifiedBy = val
	case "Verified-Via":
		p.VerifiedVia = val
	case "Verified-At":
		p.VerifiedAt, err = parseTime(val)
	case "Source-Family":
		p.SourceFamily = val
	case "Authored-Commit":
		p.AuthoredCommit = val
	case "Verified-Commit":
		p.VerifiedCommit = val
	case "Demoted":
		p.Demoted = val
	case "Demoted-Line":
		p.DemotedLine = val
	case "Written":
		c.WrittenAt, err = parseTime(val)
	case "Superseded":
		c.SupersededAt, err = parseTime(val)
	case "Receipt":
		c.ReceiptID = val
	case "Evidence":
		var a Anchor
		if a, err = decodeAnchor(val); err == nil {
			if len(c.Evidence) >= MaxAnchors {
				return fmt.Errorf("more than %d anchors", MaxAnchors)
			}
			c.Evidence = append(c.Evidence, a)
		}
	}
	return err
}

func parseTime(v string) (time.Time, error) {
	t, err := time.Parse(time.RFC3339Nano, v)
	if err != nil {
		return time.Time{}, errors.New("not an RFC 3339 time")
	}
	return t.UTC(), nil
}

// decodeAnchor reads `<kind> "<path or ref>" [line] [sha256=<hex>]`.
func decodeAnchor(v string) (Anchor, error) {
	kind, rest, ok := strings.Cut(v, " ")
	if !ok {
		return Anchor{}, errors.New("evidence needs a kind and a quoted target")
	}
	a := Anchor{Kind: AnchorKind(kind)}
	rest = strings.TrimSpace(rest)
	quoted, err := strconv.QuotedPrefix(rest)
	if err != nil {
		return Anchor{}, errors.New("evidence target must be quoted")
	}
	target, _ := strconv.Unquote(quoted)
	fields, err := takeStamps(&a, strings.Fields(rest[len(quoted):]))
	if err != nil {
		return Anchor{}, err
	}
	switch a.Kind {
	case AnchorFile, AnchorLine:
		a.Path = target
		if a.Kind == AnchorLine {
			if len(fields) == 0 {
				return Anchor{}, errors.New("line evidence needs a line number")
			}
			n, err := strconv.ParseInt(fields[0], 10, 32)
			if err != nil || n <= 0 {
				return Anchor{}, errors.New("line evidence needs a positive line number")
			}
			a.Line, fields = int32(n), fields[1:]
		}
		for _, f := range fields {
			sum, ok := strings.CutPrefix(f, "sha256=")
			if !ok || a.SHA256 != "" {
				return Anchor{}, fmt.Errorf("unexpected %q", f)
			}
			a.SHA256 = sum
		}
	case AnchorCommit, AnchorReceipt, AnchorLetter:
		a.Ref = target
		if len(fields) > 0 {
			return Anchor{}, fmt.Errorf("unexpected %q", fields[0])
		}
	default:
		return Anchor{}, fmt.Errorf("unknown evidence kind %q", kind)
	}
	return a, nil
}
