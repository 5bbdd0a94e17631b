package engine

import (
	"slices"
	"testing"
)

var goGateSeeds = []string{
	"func (t *T00001) Handle() int { return t.n }", "\tfunc inner()", "  type T struct {", "var x = 1", "const (",
	"package p001", " package p001", "package\tp", "packagex y", "func", "func(", "funcx y", "// Handle serves one request.",
	"\f\r\n type X int", "\vfunc f()", "type\tX", "typeX", "var\u00a0x", "", " ", "constant x", "func\u2003f()",
	"\treturn n + 3", "}", "type", "var ", "\t\tvar y int", "func (s *S[T]) Get() T",
}

// TestGoDefinitionGate pins the Go keyword gate to the regexps it stands before: a gated line gets the
// regexps' own answer, in DefinitionLine and in the symbol index alike.
func TestGoDefinitionGate(t *testing.T) {
	for _, s := range goGateSeeds {
		checkGoGate(t, s)
	}
}

func FuzzGoDefinitionGate(f *testing.F) {
	for _, s := range goGateSeeds {
		f.Add(s)
	}
	f.Fuzz(checkGoGate)
}

func checkGoGate(t *testing.T, s string) {
	want := defGoPkg.MatchString(s) || defGoFunc.MatchString(s) || defGoType.MatchString(s)
	if got := DefinitionLine("a/x.go", s); got != want {
		t.Errorf("DefinitionLine(%q): got %v with the gate, want the regexps' %v", s, got, want)
	}
	gated := goShape(goKeyword(s))
	for _, c := range []struct {
		name string
		re   *literalGated
	}{{"package", defGoPkg}, {"func", defGoFunc}, {"type", defGoType}} {
		var got []string
		if gated == c.re {
			got = c.re.FindStringSubmatch(s)
		}
		if want := c.re.FindStringSubmatch(s); !slices.Equal(got, want) {
			t.Errorf("%s match of %q: got %q with the gate, want the regexp's %q", c.name, s, got, want)
		}
	}
}
