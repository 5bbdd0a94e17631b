package engine_test

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/organism-dev/organism/services/soul/engine"
)

// recallWant is what one claim of a recall fixture must come out as.
type recallWant struct {
	fragment string
	state    engine.State
	reason   string
	detail   string // a substring the detail must hold; "" asks nothing
	noDetail string // a substring the detail must not hold
}

func assertRecall(t *testing.T, rep *engine.Report, wants []recallWant) {
	t.Helper()
	for _, w := range wants {
		t.Run(w.fragment, func(t *testing.T) {
			c := findClaim(t, rep, w.fragment)
			if c.State != w.state || c.Reason != w.reason {
				t.Fatalf("got %s/%s (%s), want %s/%s", c.State, c.Reason, c.Detail, w.state, w.reason)
			}
			if w.detail != "" && !strings.Contains(c.Detail, w.detail) {
				t.Fatalf("got detail %q, want it to hold %q", c.Detail, w.detail)
			}
			if w.noDetail != "" && strings.Contains(c.Detail, w.noDetail) {
				t.Fatalf("got detail %q, want it without %q", c.Detail, w.noDetail)
			}
		})
	}
}

func lines(n int) string { return strings.Repeat("x := 1\n", n) }

func TestRecallMovedTo(t *testing.T) {
	g := newGitFixture(t)
	g.write("docs/setup.md", "# setup\n")
	g.write("pkg/old/parse.go", "package old\n")
	g.write("notes/gone.md", "bye\n")
	g.write("a/b.md", "hop\n")
	g.commit("2026-06-01T10:00:00Z", "start")
	g.git("mv", "docs/setup.md", "docs/guide.md")
	g.commit("2026-06-02T10:00:00Z", "move setup")
	if err := os.MkdirAll(filepath.Join(g.root, "docs", "guide"), 0o755); err != nil {
		t.Fatal(err)
	}
	g.git("mv", "docs/guide.md", "docs/guide/setup.md")
	moved := g.commit("2026-06-03T10:00:00Z", "move setup again")
	g.git("mv", "pkg/old", "pkg/parser")
	dir := g.commit("2026-06-04T10:00:00Z", "rename package")
	g.remove("notes/gone.md")
	g.commit("2026-06-05T10:00:00Z", "drop notes")
	g.write("AGENTS.md", "# Agents\n\n## Layout\n\n- Setup is in `docs/setup.md`.\n- The parser lives in `pkg/old/parse.go`.\n- Notes are in `notes/gone.md`.\n- The hop doc is `a/b.md`.\n")
	g.commit("2026-06-06T10:00:00Z", "doc")
	rep := check(t, g.root, "AGENTS.md", engine.CheckOptions{})
	assertRecall(t, rep, []recallWant{
		{"Setup is in", engine.StateStale, engine.ReasonFileMissing, "docs/setup.md → docs/guide/setup.md, renamed in " + moved[:7], ""},
		{"parser lives", engine.StateStale, engine.ReasonFileMissing, "pkg/old/parse.go → pkg/parser/parse.go, renamed in " + dir[:7], ""},
		{"Notes are in", engine.StateStale, engine.ReasonFileMissing, "", "renamed"},
		{"hop doc", engine.StateFresh, "", "", ""},
	})
}

// TestRecallMovedToNearFirst: a bare name history had beside the document, deleted there, takes no rename
// of a namesake elsewhere as its hint (the two-hundred-and-thirty-third holdout's oh-my-claudecode).
func TestRecallMovedToNearFirst(t *testing.T) {
	g := newGitFixture(t)
	g.write("src/hooks/swarm/index.ts", "export {}\n")
	g.write("src/hooks/ralph/index.ts", "export {}\n")
	g.write("dist/hooks/swarm/index.js", "module.exports = { swarm: true, agents: 4 }\n")
	g.write("dist/hooks/crew/index.js", "module.exports = { crew: [\"lead\", \"reviewer\"] }\n")
	g.commit("2026-06-01T10:00:00Z", "start")
	if err := os.MkdirAll(filepath.Join(g.root, "dist", "features"), 0o755); err != nil {
		t.Fatal(err)
	}
	g.git("mv", "dist/hooks/swarm", "dist/features/delegation")
	g.git("mv", "dist/hooks/crew", "dist/features/squad")
	g.remove("src/hooks/swarm/index.ts")
	g.commit("2026-06-02T10:00:00Z", "drop swarm")
	g.write("src/hooks/AGENTS.md", "# Hooks\n\n## Layout\n\n- The swarm hook is `swarm/`.\n- The crew hook is `crew/`.\n")
	g.commit("2026-06-03T10:00:00Z", "doc")
	rep := check(t, g.root, "src/hooks/AGENTS.md", engine.CheckOptions{})
	assertRecall(t, rep, []recallWant{
		{"swarm hook", engine.StateStale, engine.ReasonFileMissing, "", "renamed"},
		{"crew hook", engine.StateStale, engine.ReasonFileMissing, "dist/hooks/crew → dist/features/squad, renamed in", ""},
	})
}

func TestRecallSizeClaims(t *testing.T) {
	g := newGitFixture(t)
	g.write("server.go", lines(3100))
	g.write("big.go", lines(1000))
	g.write("small.go", lines(1900))
	g.write("tiny.go", lines(300))
	g.write("huge.go", lines(9000))
	g.write("AGENTS.md", strings.Join([]string{
		"# Agents", "", "## Layout", "",
		"- `server.go` is about 3k lines.",
		"- `big.go` is ~500 lines of handlers.",
		"- `small.go` is a 2,000-line file.",
		"- Keep `tiny.go` under 500 lines.",
		"- `huge.go` is over 10k lines.",
		"- Read the first 200 lines of `big.go` before editing.",
		"- `tiny.go` (1.2k LOC) holds the helpers.",
		"",
	}, "\n"))
	g.commit("2026-06-06T10:00:00Z", "doc")
	rep := check(t, g.root, "AGENTS.md", engine.CheckOptions{})
	assertRecall(t, rep, []recallWant{
		{"is about 3k", engine.StateFresh, "", "", ""},
		{"~500 lines", engine.StateStale, engine.ReasonSizeDrift, "big.go has 1000 lines, claim says about 500", ""},
		{"2,000-line", engine.StateFresh, "", "", ""},
		{"Keep `tiny.go`", engine.StateFresh, "", "", ""},
		{"over 10k", engine.StateFresh, "", "", ""},
		{"first 200", engine.StateFresh, "", "", ""},
		{"1.2k LOC", engine.StateStale, engine.ReasonSizeDrift, "tiny.go has 300 lines, claim says about 1200", ""},
	})
}

func TestParseSizeClaims(t *testing.T) {
	cases := []struct {
		name, text string
		want       []engine.SizeClaim
	}{
		{"k suffix", "`server.go` is about 3k lines", []engine.SizeClaim{{Lines: 3000, Pos: 15}}},
		{"tilde", "~500 lines", []engine.SizeClaim{{Lines: 500}}},
		{"hyphen and comma", "a 2,000-line file", []engine.SizeClaim{{Lines: 2000, Pos: 2}}},
		{"upper bound", "under 500 lines", []engine.SizeClaim{{Lines: 500, Bound: "<"}}},
		{"upper bound with a tilde", "under ~500 lines", []engine.SizeClaim{{Lines: 500, Bound: "<"}}},
		{"lower bound with a tilde", "over ~3k lines", []engine.SizeClaim{{Lines: 3000, Bound: ">"}}},
		{"lower bound", "more than 1.5k LOC", []engine.SizeClaim{{Lines: 1500, Bound: ">"}}},
		{"a slice, not a size", "the first 200 lines", nil},
		{"a line number", "see line 40", nil},
		{"no unit", "about 3k users", nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := engine.ParseSizeClaims(tc.text)
			if fmt.Sprint(got) != fmt.Sprint(tc.want) {
				t.Fatalf("got %v, want %v", got, tc.want)
			}
		})
	}
}

func FuzzParseSizeClaims(f *testing.F) {
	for _, s := range []string{"about 3k lines", "a 2,000-line file", "~500 LOC", "over 1.5k lines", "line 3", "9999999999999 lines"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, c := range engine.ParseSizeClaims(s) {
			if c.Lines < 1 || c.Pos < 0 || c.Pos >= len(s) {
				t.Fatalf("got %+v for %q, want a positive count inside the text", c, s)
			}
			if c.Bound != "" && c.Bound != "<" && c.Bound != ">" {
				t.Fatalf("got bound %q", c.Bound)
			}
		}
	})
}

func TestRecallRemovedSymbols(t *testing.T) {
	g := newGitFixture(t)
	g.write("server.go", "package app\n\ntype Server struct{}\n\nfunc (s *Server) Serve() {}\n\nfunc (s *Server) Close() {}\n\nfunc Legacy() {}\n")
	g.write("client.py", "class Client:\n    def get(self):\n        pass\n\n    def fetch(self):\n        pass\n")
	g.write("store.ts", "export class Store {\n  save(): void {}\n  flush(): void {}\n}\n")
	g.write("pool.rs", "pub struct Pool;\n\nimpl Pool {\n    pub fn take(&self) {}\n    pub fn drain(&self) {}\n}\n")
	g.commit("2026-06-01T10:00:00Z", "start")
	g.write("server.go", "package app\n\ntype Server struct{}\n\nfunc (s *Server) Serve() {}\n")
	goGone := g.commit("2026-06-02T10:00:00Z", "drop Close and Legacy")
	g.write("client.py", "class Client:\n    def get(self):\n        pass\n")
	pyGone := g.commit("2026-06-03T10:00:00Z", "drop fetch")
	g.write("store.ts", "export class Store {\n  save(): void {}\n}\n")
	tsGone := g.commit("2026-06-04T10:00:00Z", "drop flush")
	g.write("pool.rs", "pub struct Pool;\n\nimpl Pool {\n    pub fn take(&self) {}\n}\n")
	rsGone := g.commit("2026-06-05T10:00:00Z", "drop drain")
	g.write("AGENTS.md", strings.Join([]string{
		"# Agents", "", "## API", "",
		"- `Server.Close()` stops the listener.",
		"- `app.Legacy` keeps the old route.",
		"- `Client.fetch()` reads a page.",
		"- `Store.flush()` writes to disk.",
		"- `Pool::drain` empties the pool.",
		"- `Server.Serve()` runs it.",
		"- `Server.Reload()` reloads the config.",
		"",
	}, "\n"))
	g.commit("2026-06-06T10:00:00Z", "doc")
	rep := check(t, g.root, "AGENTS.md", engine.CheckOptions{})
	assertRecall(t, rep, []recallWant{
		{"Server.Close", engine.StateStale, engine.ReasonSymbolRemoved, "Server.Close was removed in " + goGone[:7] + " (server.go)", ""},
		{"app.Legacy", engine.StateStale, engine.ReasonSymbolRemoved, "app.Legacy was removed in " + goGone[:7], ""},
		{"Client.fetch", engine.StateStale, engine.ReasonSymbolRemoved, "removed in " + pyGone[:7] + " (client.py)", ""},
		{"Store.flush", engine.StateStale, engine.ReasonSymbolRemoved, "removed in " + tsGone[:7] + " (store.ts)", ""},
		{"Pool::drain", engine.StateStale, engine.ReasonSymbolRemoved, "removed in " + rsGone[:7] + " (pool.rs)", ""},
		{"Server.Serve", engine.StateFresh, "", "", ""},
		{"Server.Reload", engine.StateStale, engine.ReasonSymbolMissing, "", "removed"},
	})

	// a shallow clone cannot say which commit removed a definition: the finding stays symbol_missing
	shallow := t.TempDir()
	if out, err := exec.Command("git", "clone", "-q", "--depth", "1", "file://"+g.root, shallow).CombinedOutput(); err != nil {
		t.Fatalf("clone: %v\n%s", err, out)
	}
	rep = check(t, shallow, "AGENTS.md", engine.CheckOptions{})
	assertRecall(t, rep, []recallWant{
		{"Server.Close", engine.StateStale, engine.ReasonSymbolMissing, "", "removed in"},
	})
}
