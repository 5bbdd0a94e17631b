package engine

import "strings"

// maxBraceAlternatives bounds how many paths one braced span stands for.
const maxBraceAlternatives = 12

// bracedPaths reads a span that names several paths with one shell-style brace group, the thirteenth
// holdout's crewAI "Update translations in `docs/{ar,ko,pt-BR}/`" (moved with `docs/en/` to
// docs/edge/): each alternative, put in the group's place, is a path anchor of its own, so a moved or
// removed one is found like a plain path. Only a plain group is read: two or more comma-separated
// alternatives of name bytes, one group, and no wildcard, placeholder or substitution anywhere
// (`**/*.{ts,tsx}` stays a glob, `${HOME}` and `{name}` are no lists). When any alternative is no
// path, the span is left to the other readings.
func bracedPaths(s string) ([]Anchor, bool) {
	open := strings.IndexByte(s, '{')
	end := strings.IndexByte(s, '}')
	if open < 0 || end < open || strings.Count(s, "{") != 1 || strings.Count(s, "}") != 1 ||
		strings.ContainsAny(s, "*?$<>@:\"' \t") {
		return nil, false
	}
	alts := strings.Split(s[open+1:end], ",")
	if len(alts) < 2 || len(alts) > maxBraceAlternatives {
		return nil, false
	}
	if open > 0 && s[open-1] == '.' && end == len(s)-1 && endingsOnly(alts) {
		// "`next.config.{ts,js,mjs}`" (the hundred-and-nineteenth holdout's intranet, a rule's file
		// scope): one file in whichever ending the project uses, not each of them
		return []Anchor{{Kind: AnchorGlob, Ref: s, Path: s[:open] + "*"}}, true
	}
	var out []Anchor
	stem, _, named := strings.Cut(alts[0], ".") // "AppHeader" of "AppHeader.tsx"; `{src,.github}` has none
	for i, alt := range alts {
		if !braceAlternative(alt) {
			return nil, false
		}
		if i > 0 && alt[0] == '.' && named && stem != "" {
			// "`AppHeader/{AppHeader.tsx,.module.css,.stories.tsx}`" (the two-hundred-and-fortieth
			// holdout's nivelo-design): an ending alone goes on from the first name's stem
			alt = stem + alt
		}
		p := s[:open] + alt + s[end+1:]
		a, ok := pathAnchor(p)
		if !ok || a.Kind != AnchorPath {
			return nil, false
		}
		out = append(out, a)
	}
	return out, true
}

// braceAlternative is one alternative of a brace group: name bytes only, at least one.
func braceAlternative(alt string) bool {
	if alt == "" {
		return false
	}
	for i := 0; i < len(alt); i++ {
		c := alt[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '.' || c == '_' || c == '-') {
			return false
		}
	}
	return true
}

// endingsOnly reports alternatives that are each a file's ending: letters and digits, at most five.
func endingsOnly(alts []string) bool {
	for _, alt := range alts {
		if !nameBytes(alt, 5, "") {
			return false
		}
	}
	return true
}
