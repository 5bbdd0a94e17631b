package engine

import (
	"bytes"
	"net/url"
	"strings"
	"unicode"
)

// A link to a place in the document itself ("[Create a pull request](#7-create-a-pull-request)", a table
// of contents) names a heading: the twenty-ninth holdout's coolify DEVELOPMENT.md listed two sections its
// headings no longer have. The link is drift when no heading, and no explicit anchor (`<a name="x">`,
// `id="x"`, `{#x}`), of the document gives that name.
//
// Forges and documentation sites spell a heading's anchor in different ways (GitHub keeps letters,
// digits, `-` and `_` and turns spaces into `-`; MkDocs and others drop more), so both sides are compared
// by their letters and digits alone: "#7-create-a-pull-request", "#7.-create-a-pull-request" and
// "7. Create a Pull Request" are one key. A repeated heading's "-1", "-2" suffix, and GitHub's
// "user-content-" prefix, are read off the link.

// AnchorFragment is a link to a heading of the document itself ("#setup").
const AnchorFragment AnchorKind = "heading"

// htmlAnchor is an explicit anchor in the document's HTML: `<a name="x">`, `<span id="x">`.
var htmlAnchor = mustGate(`(?i)<[a-z][a-z0-9]*\s[^>]*\b(?:name|id)\s*=\s*["']([^"']+)["']`)

// customID is a heading's explicit id in the attribute syntax many sites read: "## Setup {#setup}", and
// Python-Markdown's attribute lists that MkDocs reads: "### `enable` {: #enable toml env-var}".
var customID = mustGate(`\{:?\s*#([\w.:-]+)[^}]*\}`)

// forgeFragments are places a forge gives every rendered document: its top, and a README's own box.
var forgeFragments = map[string]bool{"top": true, "readme": true}

// headingImage is an image in a heading, linked or not, as the heading's text keeps it.
var headingImage = mustGate(`!\[[^\]]*\]\([^)]*\)`)

// headingTag is an HTML tag in a heading ("## <img src="moon.svg" alt="" /> Development"): forges
// build the anchor from the heading's text, so the tag adds nothing to it (the hundred-and-seventeenth
// holdout's umbra, whose README's headings each open with an icon).
var headingTag = mustGate(`</?[A-Za-z][^<>]*>`)

// repeatSuffix is the number a forge appends to the anchor of a repeated heading.
var repeatSuffix = mustGate(`-\d+$`)

// fragmentKey is the letters and digits of a heading or an anchor, lower-cased.
func fragmentKey(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// fragmentKeys are the keys of every place in the document a link may name: its headings and its
// explicit anchors.
func fragmentKeys(sections []Section, src []byte) map[string]bool {
	keys := map[string]bool{}
	for _, s := range sections {
		// a badge in a heading adds nothing to its anchor ("## Choosing a task [![Join the chat](…)](…)"
		// is #choosing-a-task-: JabRef's CONTRIBUTING.md)
		heading := headingImage.ReplaceAllString(s.Heading, "")
		if strings.IndexByte(heading, '<') >= 0 {
			// a code span keeps its angle brackets as text ("## Rule (`PaginationResponse<T>`)" is
			// #rule-paginationresponset: the hundred-and-sixty-third holdout's tastyhouse), a tag
			// outside one adds nothing; both readings are keys
			keys[fragmentKey(customID.ReplaceAllString(heading, ""))] = true
			heading = headingTag.ReplaceAllString(heading, "")
		}
		if m := customID.FindStringSubmatch(heading); m != nil {
			keys[fragmentKey(m[1])] = true
			heading = customID.ReplaceAllString(heading, "")
		}
		keys[fragmentKey(heading)] = true
	}
	if len(keys) == 0 {
		return nil
	}
	if bytes.IndexByte(src, '=') >= 0 {
		for _, m := range htmlAnchor.FindAllSubmatch(src, -1) {
			keys[fragmentKey(string(m[1]))] = true
		}
	}
	if bytes.Contains(src, []byte("{#")) || bytes.Contains(src, []byte("{: #")) {
		for _, m := range customID.FindAllSubmatch(src, -1) {
			keys[fragmentKey(string(m[1]))] = true
		}
	}
	return keys
}

// fragmentAnchor reads a link destination that is only a fragment: a heading of the document itself.
func fragmentAnchor(dest string) (Anchor, bool) {
	name := strings.TrimPrefix(dest, "#")
	if name == "" || strings.ContainsAny(name, " <>{}$") || strings.Contains(name, "...") {
		return Anchor{}, false
	}
	return Anchor{Kind: AnchorFragment, Ref: dest, Name: name}, true
}

// markdownFile is a file whose headings a link's fragment names.
var markdownFile = mustGate(`(?i)\.(?:md|mdx|markdown)$`)

// headingKeys reads the keys of a markdown file's headings and explicit anchors with the parser that
// reads documents (a line-by-line scan took "``` `${string}` ```" in pnpm's AGENTS.md for a fence and
// lost every heading after it). A file the parser refuses (binary, too large) names no places.
func headingKeys(p string, body []byte) map[string]bool {
	doc, err := Parse(p, body, ParseOptions{})
	if err != nil {
		return nil
	}
	return doc.Fragments
}

// linkedHeading holds a link into another markdown file ("[setup](docs/dev.md#install)") when that
// file has the heading; a file without headings, or one that is no markdown, names no places.
func (v *verifier) linkedHeading(a Anchor, d verdicts) AnchorResult {
	if !markdownFile.MatchString(a.Path) {
		return d.ok() // "main.go#L40", a page's own scheme: not a heading
	}
	keys, cached := v.headings[a.Path]
	if !cached {
		body, ok := v.readFile(a.Path)
		if !ok {
			return d.ok()
		}
		keys = headingKeys(a.Path, body)
		if v.headings == nil {
			v.headings = map[string]map[string]bool{}
		}
		v.headings[a.Path] = keys
	}
	if fragmentHolds(keys, a.Fragment) {
		return d.ok()
	}
	return d.fail(ReasonChanged, a.Path+" has no heading #"+a.Fragment)
}

// checkFragment holds a link to a heading of the document when one of its headings or anchors has the
// name. A document without headings names no places, so its fragments are not judged.
func (v *verifier) checkFragment(a Anchor, d verdicts) AnchorResult {
	if len(v.soul.Fragments) == 0 {
		return d.skip()
	}
	if fragmentHolds(v.soul.Fragments, a.Name) {
		return d.ok()
	}
	return d.fail(ReasonChanged, "no heading of this document is "+a.Ref)
}

// fragmentHolds reports whether a fragment names one of the keys, or is nothing a key can compare
// ("#-", an emoji), or names a place every document has. No keys at all hold every fragment.
func fragmentHolds(keys map[string]bool, fragment string) bool {
	if len(keys) == 0 {
		return true
	}
	name := fragment
	if u, err := url.PathUnescape(name); err == nil {
		name = u
	}
	name = strings.TrimPrefix(strings.ToLower(name), "user-content-")
	k := fragmentKey(name)
	return k == "" || keys[k] || keys[fragmentKey(repeatSuffix.ReplaceAllString(name, ""))] || forgeFragments[name]
}
