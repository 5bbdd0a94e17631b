package engine

import (
	"strings"
)

// boostRow is one row of the package list Laravel Boost writes into a project's AGENTS.md or
// CLAUDE.md: "- laravel/framework (LARAVEL) - v12", the major installed when the guidelines were
// generated, for Composer's packages and npm's alike ("- tailwindcss (TAILWINDCSS) - v4"). Boost
// writes it once and an upgrade leaves it behind (the ninety-third holdout's Open-Locker: "v11" over
// `"laravel/framework": "^12.0"`, while the guidelines' rules for Laravel 11 still read true).
var boostRow = mustGate(`^(?:[-*]\s+)?(@?[a-z0-9][\w.-]*(?:/[\w.-]+)?) \([A-Z][A-Z0-9_]*\) - v(\d+(?:\.\d+){0,2})$`)

// boostAnchors reads a claim that is one row of such a list as the package's version. The row names
// the package itself, so any manifest that depends on it is compared; none, and nothing is.
func boostAnchors(text string, line int) []Anchor {
	if !strings.Contains(text, ") - v") {
		return nil
	}
	m := boostRow.FindStringSubmatch(strings.TrimSpace(text))
	if m == nil {
		return nil
	}
	return []Anchor{{Kind: AnchorToolchain, Ref: m[1] + " v" + m[2], Name: frameworkKey + m[1], Qualifier: m[2], Line: line}}
}
