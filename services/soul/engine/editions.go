package engine

import (
	"fmt"
	"strings"
)

// A Rust edition a document states ("Rust 2024 edition", "`edition = \"2021\"`") is what the nearest
// Cargo.toml says, or the workspace's when the crate inherits it (`edition.workspace = true`). Unlike a
// least version it is exact: a crate on 2021 is not on 2024 (the forty-sixth holdout's mdmcp plugins,
// whose AGENTS.md said 2024 over `edition = "2021"`). A sentence must name Rust or Cargo, or quote the
// manifest's key; one about a migration or a plan ("moving to the 2024 edition") states no fact yet.

// editionKey is the Name of an edition anchor, and its manifest's key.
const editionKey = "edition"

var (
	// statedEdition is an edition in prose or a quoted manifest line.
	statedEdition = mustGate(`(?i)\b(20(?:15|18|21|24))\s+edition\b|\bedition\s*(?:=|:)?\s*["']?(20(?:15|18|21|24))\b`)
	// rustContext names the language or its manifest.
	rustContext = mustGate(`(?i)\b(?:rust|cargo|crates?)\b|edition\s*=\s*["']`)
	// editionChange is a sentence about moving between editions.
	editionChange = mustGate(`(?i)\b(?:migrat\w*|upgrad\w*|mov(?:e|es|ing)\s+to|switch\w*\s+to|bump\w*|will|plan\w*|todo|once|after|when|until|previously|used\s+to|was|were)\b`)
	// cargoEdition is a manifest's own edition line, under [package] or [workspace.package].
	cargoEdition = mustGate(`(?m)^\s*edition\s*=\s*["'](\d{4})["']`)
	// inheritsEdition is a crate taking its workspace's edition.
	inheritsEdition = mustGate(`(?m)^\s*edition(?:\.workspace\s*=\s*true|\s*=\s*\{\s*workspace\s*=\s*true\s*\})`)
	// cargoPackage is a manifest's [package] table.
	cargoPackage = mustGate(`(?m)^\s*\[package\]`)
)

// editionAnchors reads the Rust editions a sentence states.
func editionAnchors(text string, line int) []Anchor {
	if !rustContext.MatchString(text) || editionChange.MatchString(text) {
		return nil
	}
	var out []Anchor
	for _, m := range statedEdition.FindAllStringSubmatch(text, -1) {
		year := m[1] + m[2]
		out = append(out, Anchor{Kind: AnchorToolchain, Ref: strings.TrimSpace(m[0]), Name: editionKey, Qualifier: exactMark + year, Line: line})
	}
	return out
}

// checkEdition compares a stated edition with the nearest Cargo.toml that sets one.
func (v *verifier) checkEdition(a Anchor, d verdicts) AnchorResult {
	for _, p := range v.filesUpward("Cargo.toml") {
		body, _ := v.readFile(p)
		m := cargoEdition.FindSubmatch(body)
		if m == nil {
			if inheritsEdition.Match(body) || !cargoPackage.Match(body) {
				continue // `edition.workspace = true`, or a virtual manifest: the workspace's decides
			}
			break // a package that sets none is on Cargo's default, which no document means by silence
		}
		stated := strings.TrimPrefix(a.Qualifier, exactMark)
		if string(m[1]) != stated {
			return d.fail(ReasonChanged, fmt.Sprintf("%s says edition = %q; the claim says %s", p, m[1], a.Ref))
		}
		return d.ok()
	}
	return d.skip()
}
