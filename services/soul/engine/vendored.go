package engine

import (
	"bytes"
	"strings"
)

// vibe-rules (an npm tool) writes the rules a package ships into a handoff document, each between a tag
// that names the package and its closing tag: "<!-- vibe-rules Integration -->", then
// "<@tanstack/react-router_api>" … "</@tanstack/react-router_api>" (the two-hundred-and-second holdout's
// vid-creation, whose frontend/CLAUDE.md is 14,512 lines of TanStack Router's documentation: 360 rows of
// its relative links and example route files). The text between the tags is that package's own
// documentation, so what it names is the package repository's.

// vibeRulesMark opens a document vibe-rules wrote into.
var vibeRulesMark = []byte("<!-- vibe-rules Integration -->")

// packageRuleTag is the opening tag of a scoped package's rule: "<@tanstack/react-router_api>".
var packageRuleTag = mustGate(`(?m)^<(@[\w.-]+/[\w.-]+)_[\w.-]+>[ \t]*\r?$`)

// markPackageRules gives every claim inside a package's rule block that package as its source.
func markPackageRules(soul *Soul, src []byte, lineOf func(int) int) {
	if !bytes.Contains(src[:min(len(src), 4<<10)], vibeRulesMark) {
		return
	}
	text := string(src)
	for _, m := range packageRuleTag.FindAllStringSubmatchIndex(text, -1) {
		tag := strings.TrimSuffix(strings.TrimSpace(text[m[0]+1:m[1]]), ">")
		end := strings.Index(text[m[1]:], "\n</"+tag+">")
		if end < 0 {
			continue
		}
		pkg := text[m[2]:m[3]]
		markWithin(soul, lineOf(m[0]), lineOf(m[1]+end+1), func(c *Claim) { c.embedded = pkg })
	}
}

// markWithin gives mark every claim that lies strictly between lines lo and hi (a block's markers).
func markWithin(soul *Soul, lo, hi int, mark func(*Claim)) {
	for i := range soul.Claims {
		if c := &soul.Claims[i]; c.StartLine > lo && c.EndLine < hi {
			mark(c)
		}
	}
}

// toolBlockStart opens a block a tool writes into a handoff document and keeps up to date between its
// own markers: "<!-- gitnexus:start -->" … "<!-- gitnexus:end -->" (GitNexus, the two-hundred-and-
// sixteenth holdout's ios-stress-app, whose block lists the skill files `npx gitnexus analyze` installs
// under .claude/skills/gitnexus/: ten rows, none ever committed).
var toolBlockStart = mustGate(`(?m)^<!--\s*([A-Za-z][\w-]*):start\s*-->[ \t]*\r?$`)

// markToolBlocks gives every claim inside a tool's block that tool's name (Claim.toolBlock).
func markToolBlocks(soul *Soul, src []byte, lineOf func(int) int) {
	if !bytes.Contains(src, []byte(":start")) {
		return
	}
	text := string(src)
	for _, m := range toolBlockStart.FindAllStringSubmatchIndex(text, -1) {
		name := text[m[2]:m[3]]
		end := toolBlockEnd(text[m[1]:], name)
		if end < 0 {
			continue
		}
		markWithin(soul, lineOf(m[0]), lineOf(m[1]+end), func(c *Claim) { c.toolBlock = name })
	}
}

// toolBlockEnd is the offset in text of the block's closing marker "<!-- name:end -->", or -1.
func toolBlockEnd(text, name string) int {
	for from := 0; ; {
		i := strings.Index(text[from:], name+":end")
		if i < 0 {
			return -1
		}
		at := from + i
		if open := strings.LastIndex(text[:at], "<!--"); open >= 0 && strings.TrimSpace(text[open+4:at]) == "" {
			return open
		}
		from = at + len(name)
	}
}
