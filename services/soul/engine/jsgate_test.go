package engine

import (
	"testing"
)

var jsGateSeeds = []string{
	"public static String name(int x) {", "function f() {", "export class Foo {", "interface Bar", "type X = {", "enum E {",
	"namespace N {", "record R(int a) {}", "const x = 1", "let y: number", "var z = 2", "fun main() {", "object Registry {",
	"foo(bar);", "return x;", "}", "if (a) {", "  @Override", "private <T> T get(Class<T> c) throws IOException",
	"List<Map<String, J>> visit(J j)", "x)(", "(", ")", "fn(a)", "classy", "async *gen()", "suspend fun load()",
	"\tdefault void run() {}", "Object o = new Object();", "", "  _linkedBinding?<T>(name: string): T;", "readonly get(a: number): string;", "a = b(c)", "Map<String, (x)> m(", "é(x)", "x\v(y)", "\tint\x0cf(x) {",
}

// TestJSDefinitionGate holds the gates before the JS/Java/Kotlin definition regexps to them: a line a
// gate turns away is one its regexp cannot match, in DefinitionLine and in the symbol index alike.
func TestJSDefinitionGate(t *testing.T) {
	for _, s := range jsGateSeeds {
		checkJSGate(t, s)
	}
}

func FuzzJSDefinitionGate(f *testing.F) {
	for _, s := range jsGateSeeds {
		f.Add(s)
	}
	f.Fuzz(checkJSGate)
}

func checkJSGate(t *testing.T, s string) {
	for _, c := range []struct {
		name string
		gate func(string) bool
		re   *literalGated
	}{{"function", mayJSFunc, defJSFunc}, {"kotlin", mayKotlin, defKotlin}, {"method", mayMethod, defMethod}, {"signature", mayMethod, defTSSignature}} {
		if c.re.MatchString(s) && !c.gate(s) {
			t.Errorf("%s gate turned away %q, which its regexp matches", c.name, s)
		}
	}
}
