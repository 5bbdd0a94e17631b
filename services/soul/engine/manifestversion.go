package engine

import (
	"encoding/json"
	"fmt"
	"strings"
)

// A manifest's own version given as the present one: "`lerna.json` - Monorepo version (currently
// 3.5.2)" (vendure), "`lerna.json` - Monorepo versioning (current: 6.5.5)" (mikro-orm), "Requires the Go
// version declared in `go.mod` (currently 1.26.5)" (adk-go). The thirty-sixth holdout found all three a
// release or a bump behind the file they name. "Currently" makes it a statement of today's value, which
// the file holds: any other version is drift. A version with no such word ("added in 3.5") is history.

// manifestVersionKey is the Name of the anchor that compares a manifest's version.
const manifestVersionKey = "version"

// currentVersion is a manifest named in a sentence and, after it in the same sentence, the version the
// sentence says it has now.
var currentVersion = mustGate(`(?i)\b(go\.mod|lerna\.json|package\.json|Cargo\.toml|pyproject\.toml)\b[^.!?\n]{0,80}?\bcurrent(?:ly)?\s*(?::|=|is\s+|at\s+)?\s*v?(\d+\.\d+(?:\.\d+)?(?:-[0-9A-Za-z.]+)?)\b`)

// currentVersionAnchors reads the manifests' versions a sentence gives as current.
func currentVersionAnchors(text string, line int) []Anchor {
	if !hasFoldASCII(text, "current") {
		return nil
	}
	var out []Anchor
	for _, m := range currentVersion.FindAllStringSubmatch(text, -1) {
		out = append(out, Anchor{Kind: AnchorToolchain, Ref: m[1] + " version " + m[2], Name: manifestVersionKey, Path: m[1], Qualifier: exactMark + m[2], Line: line})
	}
	return out
}

// checkManifestVersion compares a version given as current with the one the manifest nearest the
// document declares.
func (v *verifier) checkManifestVersion(a Anchor, d verdicts) AnchorResult {
	stated := strings.TrimPrefix(a.Qualifier, exactMark)
	found := v.filesUpward(a.Path)
	if len(found) == 0 {
		return d.skip()
	}
	body, _ := v.readFile(found[0])
	want, ok := declaredVersion(a.Path, body)
	if !ok {
		return d.skip() // the manifest declares none: nothing to compare
	}
	if !sameVersion(stated, want) {
		return d.fail(ReasonChanged, fmt.Sprintf("%s says %s; the claim says %s", found[0], want, stated))
	}
	return d.ok()
}

// manifestVersionLine is a TOML table's version key, read within [package], [workspace.package],
// [project] or [tool.poetry].
var manifestVersionLine = mustGate(`(?m)^\s*version\s*=\s*["']([^"']+)["']`)

// declaredVersion reads the version a manifest declares of its project (go.mod: the go line).
func declaredVersion(name string, body []byte) (string, bool) {
	switch strings.ToLower(name) {
	case "go.mod":
		if m := goDirective.FindSubmatch(body); m != nil {
			return string(m[1]), true
		}
	case "lerna.json", "package.json":
		var pkg struct {
			Version string `json:"version"`
		}
		if json.Unmarshal(body, &pkg) == nil && pkg.Version != "" && pkg.Version != "independent" {
			return pkg.Version, true
		}
	case "cargo.toml", "pyproject.toml":
		return tomlVersion(string(body))
	}
	return "", false
}

// tomlVersion is the version key of the first table that names the project's own version.
func tomlVersion(body string) (string, bool) {
	table := ""
	for _, line := range strings.Split(body, "\n") {
		t := strings.TrimSpace(line)
		if strings.HasPrefix(t, "[") {
			table = strings.Trim(t, "[] ")
			continue
		}
		switch table {
		case "package", "workspace.package", "project", "tool.poetry":
			if m := manifestVersionLine.FindStringSubmatch(line); m != nil {
				return m[1], true
			}
		}
	}
	return "", false
}

// sameVersion reports a stated version the declared one agrees with: equal, or the declared one
// written out further ("1.26" for go 1.26.0 or 1.26.6: the sentence gives fewer parts, not another).
func sameVersion(stated, declared string) bool {
	stated, declared = strings.TrimPrefix(stated, "v"), strings.TrimPrefix(declared, "v")
	return stated == declared || strings.HasPrefix(declared, stated+".")
}
