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
// a name missing from the literal list was never shown missing: the finding is unverified, like a
// symbol where soul cannot see (blind.go), whatever its sentence asserts. A `define` that holds no rule
// (a recipe kept in a variable) opens nothing, and a Makefile with none of these still fails a missing
// target as drift.

// makeEval finds text make evaluates as makefile source.
var makeEval = regexp.MustCompile(`\$[({]eval\s`)

// makeMessage is a line make prints or fails with ("$(info x: y)"), whose colon opens no rule.
var makeMessage = regexp.MustCompile(`^\s*\$[({](?:info|warning|error)\s`)

// makeRuleLine is a rule line: its targets, then one or two colons not starting an assignment.
var makeRuleLine = regexp.MustCompile(`^([^:=#\t][^:=#]*?)\s*::?(?:[^=]|$)`)

// macroTargets says how a Makefile makes targets its literal rule lines do not show, naming the
// construct and its line, or "" when it makes none.
func macroTargets(body []byte) string {
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
		m := makeRuleLine.FindStringSubmatch(line)
		switch {
		case inDefine && m != nil:
			return fmt.Sprintf("it makes targets through a define template (line %d), so the name may be one of them", defineAt)
		case inDefine:
		case makeEval.MatchString(line):
			return fmt.Sprintf("it makes rules through $(eval ...) (line %d), so the name may be one of them", i+1)
		case m != nil && strings.Contains(m[1], "$") && !makeMessage.MatchString(m[1]):
			return fmt.Sprintf("its rule on line %d takes its targets from a variable (%s), so the name may be one of them", i+1, strings.TrimSpace(m[1]))
		}
	}
	return ""
}
