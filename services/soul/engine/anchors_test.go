package engine_test

import (
	"testing"

	"github.com/organism-dev/organism/services/soul/engine"
)

func TestAnchorClassification(t *testing.T) {
	tests := []struct {
		name     string
		markdown string
		want     engine.AnchorKind // "" means no anchor
		ref      string
	}{
		{"repo file", "`scripts/agent_docs_gate.py`", engine.AnchorPath, "scripts/agent_docs_gate.py"},
		{"directory", "`web/`", engine.AnchorPath, "web/"},
		{"bare file name", "`server.json`", engine.AnchorPath, "server.json"},
		{"dotfile", "`.gitignore`", engine.AnchorPath, ".gitignore"},
		{"glob", "`internal/store/migrations/*.sql`", engine.AnchorGlob, "internal/store/migrations/*.sql"},
		{"path with line", "`src/http_server.rs:1281`", engine.AnchorLine, "src/http_server.rs:1281"},
		{"path with range", "`src/a.go:12-20`", engine.AnchorLine, "src/a.go:12-20"},
		{"github line fragment", "`src/a.go#L3`", engine.AnchorLine, "src/a.go#L3"},
		{"prose line hint", "`.gitignore` negation at line 52", engine.AnchorLine, ".gitignore:52"},
		{"rust symbol", "`http_server::resolve_brain`", engine.AnchorSymbol, "http_server::resolve_brain"},
		{"go symbol", "`auth.FromContext`", engine.AnchorSymbol, "auth.FromContext"},
		{"call", "`getDb()`", engine.AnchorSymbol, "getDb()"},
		{"tag", "tagged `v1.3.0`", engine.AnchorTag, "v1.3.0"},
		{"bare tag", "cut v1.3.2 today", engine.AnchorTag, "v1.3.2"},
		{"pr in parens", "merged (#267)", engine.AnchorPR, "#267"},
		{"pr word", "PR 42 landed", engine.AnchorPR, "#42"},
		{"commit", "at `5b1a37d`", engine.AnchorCommit, "5b1a37d"},
		{"make target", "`make bench`", engine.AnchorMake, "make bench"},
		{"npm script", "`pnpm run typecheck`", engine.AnchorNPM, "pnpm run typecheck"},
		{"command", "`docker compose up -d`", engine.AnchorCommand, "docker compose up -d"},
		{"localhost", "see http://localhost:7780/healthz", engine.AnchorRuntime, "http://localhost:7780/healthz"},
		{"home path", "`~/.m1nd/config.toml`", engine.AnchorHome, "~/.m1nd/config.toml"},
		{"absolute path", "`/etc/organism/config.yaml`", engine.AnchorAbsolute, "/etc/organism/config.yaml"},
		{"relative link", "[design](DESIGN.md)", engine.AnchorPath, "DESIGN.md"},
		{"route is not a path", "`/api`", "", ""},
		{"npm scope is not a path", "`@app/*`", "", ""},
		{"test suffix is not a file", "`.spec.ts`", "", ""},
		{"extension is not a file", "`.proto` files", "", ""},
		{"module path is not a repo path", "`github.com/yuin/goldmark`", "", ""},
		{"registry name is not a repo path", "`io.github.maxkle1nz/m1nd`", "", ""},
		{"tech name is not a file", "`Next.js`", "", ""},
		{"numbered step is not a PR", "Next Agent Prompt #1", "", ""},
		{"issue is not a PR", "see issue #12", "", ""},
		{"hex word without digits is not a commit", "`deadbeef`", "", ""},
		{"mixed-case hex word is not a commit", "keys are (Ed25519-signed) and `Ed25519`", "", ""},
		{"lowercase sha after a paren is a commit", "landed (8f73d88)", engine.AnchorCommit, "8f73d88"},
		{"another repository's commit is not ours", "fixed upstream in golang/go@1a2b3c4d5e6f", "", ""},
		{"branch is a git ref", "Search is WIP on branch `feat/search`.", engine.AnchorBranch, "feat/search"},
		{"go pattern is not a path", "`./...`", "", ""},
		{"plain term", "`graph_changed`", "", ""},
		{"stdlib member is not an F# file", "a Go `fs.FS`", "", ""},
		{"exported field is not an F# file", "overriding `Config.FS`", "", ""},
		{"stdlib member is a symbol", "pool with `sync.Pool`", engine.AnchorSymbol, "sync.Pool"},
		{"upper-case file name keeps its extension", "`README.MD`", engine.AnchorPath, "README.MD"},
		{"call with arguments cites the function", "`vfs.New(fsys)` returns", engine.AnchorSymbol, "vfs.New()"},
		{"bold directory is a path", "**internal/ebnf/** — grammar lab", engine.AnchorPath, "internal/ebnf/"},
		{"extension before files is not a file", "put `.zst` files in", "", ""},
		{"short dot word is an extension", "the `.s` sources", "", ""},
		{"known dotfile stays a file", "`.envrc` loads it", engine.AnchorPath, ".envrc"},
		{"issue link text is not a PR", "tracked in [GitLab issue #177](https://gitlab.com/a/b/-/issues/177)", "", ""},
		{"merge request is not a PR", `e.g. "merge request #113"`, "", ""},
		{"fixes is an issue", "Fixes #18243", "", ""},
		{"bracketed issue is not a PR", "[issue #9] is open", "", ""},
		{"pull link text is a PR", "[#4404](https://github.com/a/b/pull/4404)", engine.AnchorPR, "#4404"},
		{"placeholder link is not a path", "see [merge request #N](...)", "", ""},
		{"template cut at its placeholder is not a path", "published at refs/merge-requests/<iid>/head always", "", ""},
		{"double suffix is a file kind", "parses each `.o.go` file", "", ""},
		{"template placeholder is not a glob", "one `sqlite_<goos>_<goarch>.go` per triple", "", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := engine.ExtractAnchors("docs/PATHOS.md", tc.markdown)
			if tc.want == "" {
				// a template or example that names no file must not become a path anchor either
				got = withoutCommands(got)
			}
			if tc.want == "" {
				if len(got) != 0 {
					t.Errorf("%q: got %+v, want no anchor", tc.markdown, got)
				}
				return
			}
			for _, a := range got {
				if a.Kind == tc.want && a.Ref == tc.ref {
					return
				}
			}
			t.Errorf("%q: got %+v, want %s %q", tc.markdown, got, tc.want, tc.ref)
		})
	}
}

func withoutCommands(in []engine.Anchor) []engine.Anchor {
	var out []engine.Anchor
	for _, a := range in {
		if a.Kind != engine.AnchorCommand {
			out = append(out, a)
		}
	}
	return out
}

func TestAnchorMarks(t *testing.T) {
	tests := []struct {
		name     string
		markdown string
		ref      string
		check    func(engine.Anchor) bool
		want     bool
	}{
		{"removal clause marks absence", "`vfs.Open` was removed when the loader moved", "vfs.Open", func(a engine.Anchor) bool { return a.Absent }, true},
		{"absence stays in its clause", "`vfs.Open` was removed; `vfs/vfs.go` holds the loader", "vfs/vfs.go", func(a engine.Anchor) bool { return a.Absent }, false},
		{"no longer exists is absence", "`legacy/` no longer exists", "legacy/", func(a engine.Anchor) bool { return a.Absent }, true},
		{"no longer doing is not absence", "`foo.go` no longer exports Bar", "foo.go", func(a engine.Anchor) bool { return a.Absent }, false},
		{"present claim is not absence", "`a.go` holds the loader", "a.go", func(a engine.Anchor) bool { return a.Absent }, false},
		{"e.g. marks an example", "variants (e.g., `NewClientWithRetry()`)", "NewClientWithRetry()", func(a engine.Anchor) bool { return a.Example }, true},
		{"closed example does not leak", "(e.g. this). Then `Run()` starts", "Run()", func(a engine.Anchor) bool { return a.Example }, false},
		{"sibling repo marks foreign", "`gen.go` lives in `../upstream`", "gen.go", func(a engine.Anchor) bool { return a.Foreign }, true},
		{"that repo marks foreign", "run `make regen` in that repo", "make regen", func(a engine.Anchor) bool { return a.Foreign }, true},
		{"this repo is not foreign", "run `make regen` in this repo", "make regen", func(a engine.Anchor) bool { return a.Foreign }, false},
		{"object of a removal is absent", "`make clean` — remove `*.out` and logs", "*.out", func(a engine.Anchor) bool { return a.Absent }, true},
		{"dotted words do not end the removal clause", "`make clean` — remove `log-*`, `cpu.test`, `*.out`, and temp files", "*.out", func(a engine.Anchor) bool { return a.Absent }, true},
		{"subject of a removal is not absent", "`scripts/gc.sh` removes temp files", "scripts/gc.sh", func(a engine.Anchor) bool { return a.Absent }, false},
		{"files after a path marks a kind", "the `_generate/go.mod` files pin avo", "_generate/go.mod", func(a engine.Anchor) bool { return a.Plural }, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			for _, a := range engine.ExtractAnchors("CLAUDE.md", tc.markdown) {
				if a.Ref == tc.ref {
					if got := tc.check(a); got != tc.want {
						t.Errorf("%q: anchor %q mark got %v, want %v", tc.markdown, tc.ref, got, tc.want)
					}
					return
				}
			}
			t.Errorf("%q: no anchor %q", tc.markdown, tc.ref)
		})
	}
}
