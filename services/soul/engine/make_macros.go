package engine

import (
	"bytes"
	"fmt"
	"regexp"
	"strings"
)

// Targets a Makefile makes through macros. The target list soul reads is the Makefile's literal rule
// lines; a pattern rule ("img/%.png") is matched as it stands (make.go). But make also builds rules from
// text: elixir's Makefile writes `test_$(1): ...` inside `define APP_TEMPLATE` and calls
// `$(eval $(call APP_TEMPLATE,ex_unit,ExUnit))` per application, so `make test_ex_unit` works while no
// line spells `test_ex_unit:` (the sixth holdout's false "the Makefile has no target test_ex_unit"). A
// rule whose target is a variable (`$(BINS):`) is the same: its names live elsewhere. In such a Makefile
// a name missing from the literal list that fits such a target ("test_$(1)" for test_ex_unit, "$(BINS)"
// for any name) was never shown missing: the finding is unverified, like a symbol where soul cannot see
// (blind.go), whatever its sentence asserts. A name no such target fits ("docs" beside
// "$(OUT)/$(DOC).pdf"), a `define` that holds no rule (a recipe kept in a variable), and a Makefile with
// none of these still fail a missing target as drift.

// makeEval finds text make evaluates as makefile source.
var makeEval = mustGate(`\$[({]eval\s`)

// makeMessage is a line make prints or fails with ("$(info x: y)"), whose colon opens no rule.
var makeMessage = mustGate(`^\s*\$[({](?:info|warning|error)\s`)

// makeRuleLine is a rule line: its targets, then one or two colons not starting an assignment.
var makeRuleLine = mustGate(`^([^:=#\t][^:=#]*?)\s*::?(?:[^=]|$)`)

// macroTargets says how a Makefile makes targets its literal rule lines do not show: each rule target
// written with a variable (inside a define template, an $(eval ...) or a rule of its own) as a pattern
// a name may fit, with the construct and its line.
func macroTargets(body []byte) []macroTarget {
	var out []macroTarget
	assigned := map[string]bool{}
	for _, m := range makeAssign.FindAllSubmatch(body, -1) {
		assigned[string(m[1])] = true
	}
	inDefine, defineAt := false, 0
	for i, raw := range bytes.Split(body, []byte("\n")) {
		line := strings.TrimRight(string(raw), "\r")
		trim := strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(trim, "define ") || trim == "define":
			inDefine, defineAt = true, i+1
			continue
		case trim == "endef" || strings.HasPrefix(trim, "endef "):
			inDefine = false
			continue
		}
		if strings.HasPrefix(line, "\t") || strings.HasPrefix(trim, "#") {
			continue // a recipe line or a comment: no rule
		}
		plain := fmt.Sprintf("its rule on line %d takes its targets from a variable", i+1)
		how := plain
		if inDefine {
			how = fmt.Sprintf("it makes targets through a define template (line %d)", defineAt)
		} else if loc := makeEval.FindStringIndex(line); loc != nil {
			how, line = fmt.Sprintf("it makes rules through $(eval ...) (line %d)", i+1), line[loc[1]:]
		}
		m := makeRuleLine.FindStringSubmatch(line)
		if m == nil || !strings.Contains(m[1], "$") || makeMessage.MatchString(m[1]) {
			continue
		}
		for _, t := range strings.Fields(m[1]) {
			// outside a template, a target from variables this Makefile assigns ("$(TOOLS):" with
			// TOOLS = $(CURDIR)/.tools) is a file make builds, not a list of names kept elsewhere
			if strings.Contains(t, "$") && (inDefine || how != plain || !ownVars(t, assigned)) {
				out = append(out, macroTarget{fit: makePattern(t), how: how + " (" + t + ")"})
			}
		}
	}
	return out
}

// makeAssign is a variable assignment of the Makefile.
var makeAssign = mustGate(`(?m)^[ \t]*(?:export\s+|override\s+)?([A-Za-z0-9_.-]+)[ \t]*(?:::|:|\?|\+|!)?=`)

// ownVars reports whether every variable a target references is one the Makefile assigns.
func ownVars(t string, assigned map[string]bool) bool {
	for _, ref := range makeVar.FindAllString(t, -1) {
		name := strings.Trim(ref[1:], "(){}")
		if !assigned[name] {
			return false
		}
	}
	return true
}

// macroTarget is a rule target written with a variable: the names it may stand for, and where.
type macroTarget struct {
	fit *regexp.Regexp
	how string
}

// makeVar is one variable reference of a target: $(x), ${x} (one level of nesting) or $x.
var makeVar = mustGate(`\$(?:\((?:[^()]|\([^()]*\))*\)|\{(?:[^{}]|\{[^{}]*\})*\}|.)`)

// makePattern reads a target written with variables as the names it may stand for: each reference any
// non-empty text, the rest as written ("test_$(1)" fits test_ex_unit; "$(OUT)/$(DOC).pdf" fits no
// "docs").
func makePattern(t string) *regexp.Regexp {
	var b strings.Builder
	b.WriteString("^")
	last := 0
	for _, loc := range makeVar.FindAllStringIndex(t, -1) {
		b.WriteString(regexp.QuoteMeta(t[last:loc[0]]))
		b.WriteString(".+")
		last = loc[1]
	}
	b.WriteString(regexp.QuoteMeta(t[last:]))
	b.WriteString("$")
	return regexp.MustCompile(b.String())
}

// macroFit names the construct whose target pattern the name fits, or "".
func macroFit(ms []macroTarget, name string) string {
	for _, m := range ms {
		if m.fit.MatchString(name) {
			return m.how
		}
	}
	return ""
}
