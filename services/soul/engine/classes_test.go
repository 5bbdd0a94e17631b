package engine_test

import (
	"testing"

	"github.com/organism-dev/organism/services/soul/engine"
)

// TestPathClasses pins each class of path-shaped token that need not exist: the token is either
// no anchor at all, or an anchor marked with its class so a miss is not drift.
func TestPathClasses(t *testing.T) {
	tests := []struct {
		name, md, ref string
		// wantAnchor false: the token must not become an anchor; true: it must, with mark() true.
		wantAnchor bool
		mark       func(engine.Anchor) bool
	}{
		{"host name is no symbol", "add a `pkg.go.dev` badge", "pkg.go.dev", false, nil},
		{"a file with a tld-like extension stays a file", "run `install.sh` first", "install.sh", true, func(engine.Anchor) bool { return true }},
		{"sed substitution is no path", "write ` s/foo/bar/ ` to replace", "s/foo/bar/", false, nil},
		{"placeholder path", "edit `path/to/file.go`", "path/to/file.go", false, nil},
		{"placeholder segments", "see `foo/bar.go` for the shape", "foo/bar.go", false, nil},
		{"target location", "put `.zst` files in `zstd/testdata/custom/` and run", "zstd/testdata/custom/", true, func(a engine.Anchor) bool { return a.Target }},
		{"output location", "the build writes binaries to `out/bin/`", "out/bin/", true, func(a engine.Anchor) bool { return a.Target }},
		{"counterfactual name", "so `THIRD_PARTY.md` would never reach vendor trees", "THIRD_PARTY.md", true, func(a engine.Anchor) bool { return a.Target }},
		{"a plain claim is no target", "the router lives in `internal/api/router.go`", "internal/api/router.go", true, func(a engine.Anchor) bool { return !a.Target && !a.Built }},
		{"built binary run as a command", "so that `./licgen -check` is meaningful", "./licgen", true, func(a engine.Anchor) bool { return a.Built }},
		{"a script run as a command is no build output", "run `./scripts/gen.sh -v`", "./scripts/gen.sh", true, func(a engine.Anchor) bool { return !a.Built }},
		// placeholders: a generic noun standing alone, an upper-case word among lower-case text
		{"generic noun as a package argument", "run `go test -run TestName ./package -v`", "./package", false, nil},
		{"generic noun as a directory", "run `go test ./modulepath/`", "./modulepath/", false, nil},
		{"upper-case slot in a file name", "plugins are named `librcloneplugin_KIND_NAME.so`", "librcloneplugin_KIND_NAME.so", false, nil},
		{"upper-case slot in a directory", "put the file in the `.changes/v1.XX/` folder", ".changes/v1.XX/", false, nil},
		{"an all-caps file name is no slot", "see `docs/README_ID.md`", "docs/README_ID.md", true, func(a engine.Anchor) bool { return !a.Target }},
		{"a real generic-looking path stays", "the CLI lives in `cmd/project/main.go`", "cmd/project/main.go", true, func(a engine.Anchor) bool { return !a.Target }},
		// patterns: a file-name ending named by a suffix cue
		{"suffix cue", "test files end in `_test.go`", "_test.go", false, nil},
		{"files suffixed with", "generated files are suffixed with `_gen.go`", "_gen.go", false, nil},
		{"a directory after 'front end in' stays", "a React front end in `web/`", "web/", true, func(a engine.Anchor) bool { return !a.Target }},
		// branch names and prefixes
		{"branch prefix", "feature branches should start with `claude/` for agent work", "claude/", true, func(a engine.Anchor) bool { return a.Kind == engine.AnchorBranch }},
		{"branch names like", "branch names like `fix/login-redirect` are fine", "fix/login-redirect", true, func(a engine.Anchor) bool { return a.Kind == engine.AnchorBranch }},
		// future locations: the object of "create", a destination after an article
		{"object of create", "Create `backend/remote/remote.go` (copy it from a similar one)", "backend/remote/remote.go", true, func(a engine.Anchor) bool { return a.Target }},
		{"create a new", "create a new `docs/adr/0007.md`", "docs/adr/0007.md", true, func(a engine.Anchor) bool { return a.Target }},
		{"destination after an article", "the change file should be created in the `.changes/v1.10/` folder", ".changes/v1.10/", true, func(a engine.Anchor) bool { return a.Target }},
		{"editing is no creation", "edit `docs/content/docs.md` to list it", "docs/content/docs.md", true, func(a engine.Anchor) bool { return !a.Target }},
		// contrast: a name the sentence rejects
		{"and not", "it's `layouts/page.html` and not `layouts/_default/single.html`", "layouts/_default/single.html", true, func(a engine.Anchor) bool { return a.Target }},
		{"do not edit asserts the file", "do not edit `gen/api.pb.go` by hand", "gen/api.pb.go", true, func(a engine.Anchor) bool { return !a.Target }},
		// examples: an "Example:" label, and an e.g. across a wrapped line
		{"example label across a wrap", "- Example: a plugin for PiFS would be called\n  `librcloneplugin_backend_pifs.so`.", "librcloneplugin_backend_pifs.so", true, func(a engine.Anchor) bool { return a.Example }},
		{"e.g. far before the span", "use the latest layout spec, e.g. for layouts, it's `layouts/page.html` and not the old one, and for lists `layouts/list.html` over the older `x`", "layouts/list.html", true, func(a engine.Anchor) bool { return a.Example }},
		{"a new list item closes the example", "- e.g. `a.go`\n- the server is `cmd/server/main.go`", "cmd/server/main.go", true, func(a engine.Anchor) bool { return !a.Example }},
		// forbidden files are expected absent
		{"never commit", "Never commit API keys or `.env` files", ".env", true, func(a engine.Anchor) bool { return a.Absent }},
		// configuration keys are no members
		{"git config key", "If you set the `user.name` and `user.email` Git config options, sign with `git commit -s`.", "user.name", false, nil},
		{"a member outside config talk stays", "call `user.name` to read it", "user.name", true, func(a engine.Anchor) bool { return a.Kind == engine.AnchorSymbol }},
		// Python and Rust projects with real history (uv, ruff, httpx, openai-python, pydantic-ai)
		{"extension chain is a kind of file", "it builds a `.tar.gz` containing the source files", ".tar.gz", false, nil},
		{"lock extension chain", "GitHub Actions runs the `.lock.yml`, never the `.md`.", ".lock.yml", false, nil},
		{"a dotfile chain stays a file", "copy `.env.example` to start", ".env.example", true, func(a engine.Anchor) bool { return a.Kind == engine.AnchorPath }},
		{"a named config dotfile stays a file", "lint settings live in `.golangci.yml`", ".golangci.yml", true, func(a engine.Anchor) bool { return a.Kind == engine.AnchorPath }},
		{"field read beside a method call", "read bodies with `.body(path_suffix)` and headers off `.headers`", ".headers", false, nil},
		{"field beside an underscore member", "Read `.permission`, never `.role_name`", ".permission", false, nil},
		{"a lone dotfile word stays a file", "settings live in `.pylintrc` and `.markdownlint`", ".markdownlint", true, func(a engine.Anchor) bool { return a.Kind == engine.AnchorPath }},
		{"my_ project slot", "Ruff will use `./my_project` as the project root", "./my_project", false, nil},
		{"my- slot after a prefix word", "its slashes become dashes (so `feat/my-feature` becomes `feat-my-feature/`)", "feat-my-feature/", false, nil},
		{"a name holding my inside a word stays", "see `dummy.go`", "dummy.go", true, func(a engine.Anchor) bool { return a.Kind == engine.AnchorPath }},
		{"what a failure reports missing", "For other build failures (missing `cmake`, `stdarg.h`, etc.), see the guide", "stdarg.h", true, func(a engine.Anchor) bool { return a.Absent }},
		{"a header named as present is no absence", "the build includes `stdarg.h` from `include/`", "stdarg.h", true, func(a engine.Anchor) bool { return !a.Absent }},
		{"path-to slot", "$ pip install `./path-to-wheel-file.whl`", "./path-to-wheel-file.whl", false, nil},
		{"a real file named like a word stays", "see `barrel.py`", "barrel.py", true, func(a engine.Anchor) bool { return a.Kind == engine.AnchorPath }},
		{"files a command creates, listed", "this will create three files: `server.pem`,\n`server.key` and `client.pem`.", "client.pem", true, func(a engine.Anchor) bool { return a.Target }},
		{"first of the created list", "this will create three files: `server.pem`, `server.key`", "server.pem", true, func(a engine.Anchor) bool { return a.Target }},
		{"a list of existing files is no output", "the config files: `a.toml` and `b.toml`", "b.toml", true, func(a engine.Anchor) bool { return !a.Target }},
		{"file put in the reader's own PR", "open a draft PR with just a `PLAN.md`.", "PLAN.md", true, func(a engine.Anchor) bool { return a.Target }},
		{"a file the repo has, after with", "the project ships with a `Makefile`", "Makefile", true, func(a engine.Anchor) bool { return !a.Target }},
		{"link text of another repository's file", "Use the [`reverse-changelog.py`](https://github.com/astral-sh/uv/blob/main/scripts/reverse-changelog.py) script", "reverse-changelog.py", false, nil},
		{"link text of a relative link stays", "see [`docs/x.md`](docs/x.md)", "docs/x.md", true, func(a engine.Anchor) bool { return a.Kind == engine.AnchorPath }},
		{"a member the sentence declines", "documented the wiring instead of exposing `AGUIAdapter.context`.", "AGUIAdapter.context", true, func(a engine.Anchor) bool { return a.Target }},
		// PR numbers: a shipped word must govern the number's own clause
		{"PR in a clause without a merge", "the workflow shipped this way and its agent\nnever fired once, reporting false-green on every PR (#6766).", "#6766", true, func(a engine.Anchor) bool { return a.Unshipped }},
		{"PR shipped in its clause", "Shipped the parser rewrite (#123).", "#123", true, func(a engine.Anchor) bool { return !a.Unshipped }},
		{"PR shipped across a wrap", "The parser rewrite was merged\nin #124.", "#124", true, func(a engine.Anchor) bool { return !a.Unshipped }},
		{"shipped word after the PR", "#125 landed last week", "#125", true, func(a engine.Anchor) bool { return !a.Unshipped }},
		{"PR written as a word, in a clause without a merge", "the bot shipped this way and never fired once, see pull request 126.", "#126", true, func(a engine.Anchor) bool { return a.Unshipped }},
		{"PR written as a word, merged in its clause", "the parser rewrite merged in PR 127.", "#127", true, func(a engine.Anchor) bool { return !a.Unshipped }},
		// names other parts of the sentence or document settle (ruff, rclone, ollama); see TestDocumentClasses
		{"a name in an or list", "the directory containing the `pyproject.toml`, `ruff.toml`, or `.ruff.toml` file", "ruff.toml", true, func(a engine.Anchor) bool { return a.Alternative }},
		{"last name of an or list", "the directory containing the `pyproject.toml`, `ruff.toml`, or `.ruff.toml` file", ".ruff.toml", true, func(a engine.Anchor) bool { return a.Alternative }},
		{"an and list is no choice", "the build reads `a.toml`, `b.toml` and `c.toml`", "b.toml", true, func(a engine.Anchor) bool { return !a.Alternative }},
		{"file of an example import", "given an import, like `import foo`, check for a file `foo.py`", "foo.py", false, nil},
		{"a file not named after the example stays", "given an import, like `import foo`, check `resolver.py`", "resolver.py", true, func(a engine.Anchor) bool { return a.Kind == engine.AnchorPath }},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var got *engine.Anchor
			for _, a := range engine.ExtractAnchors("AGENTS.md", tc.md) {
				if a.Ref == tc.ref || a.Path == tc.ref {
					a := a
					got = &a
				}
			}
			if got == nil {
				if tc.wantAnchor {
					t.Fatalf("%q: got no anchor %q, want one", tc.md, tc.ref)
				}
				return
			}
			if !tc.wantAnchor {
				t.Fatalf("%q: got anchor %+v, want none", tc.md, *got)
			}
			if !tc.mark(*got) {
				t.Errorf("%q: got anchor %+v, want its class marked", tc.md, *got)
			}
		})
	}
}

// TestVerifiedClasses pins the classes settled against the repository: a relative path one file of
// each of several packages holds, the repository's own checkout, a per-machine file, a built-in
// global's member and a member a module re-exports; beside them, the drift each must still let through.
func TestVerifiedClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("go.mod", "module example.com/acme/go-sdk/v2\n")
	g.write("backend/s3/api/types.go", "package api\n")
	g.write("backend/b2/api/types.go", "package api\n")
	g.write("src/ai/Model.ts", "export interface Model { id: string }\n")
	g.write("src/ai/DecisionModel.ts", "export const decide = 1\n")
	g.write("src/schema/Model.ts", "const {\n  Class,\n  Field\n} = make()\n\nexport {\n  /** a model class */\n  Class,\n  Field\n}\n")
	g.write("src/schema/Schema.ts", "export const Class = 1\nexport function Remove() {}\n")
	g.write("src/clock.ts", "export interface Date { tz: string }\n")
	g.write("src/time.ts", "export const now = () => 1\n")
	g.write("AGENTS.md", "# Agents\n\n## Layout\n\n"+
		"- API types go in a separate `api/types.go` file.\n"+
		"- The handlers live in `web/handlers.go`.\n"+
		"- From the parent directory this checkout is `./go-sdk`.\n"+
		"- Secrets are read from `.env` at startup.\n"+
		"- Timestamps come from `Date.now` in the clock.\n"+
		"- Define models with `Model.Class` from the schema module.\n"+
		"- Drop a model with `Model.Remove` when it is unused.\n")
	g.commit("2026-06-01T10:00:00Z", "init")
	rep := check(t, g.root, "AGENTS.md", engine.CheckOptions{})
	assertRecall(t, rep, []recallWant{
		{"API types go", engine.StateFresh, "", "", ""},
		{"handlers live", engine.StateStale, engine.ReasonUnanchored, "web/handlers.go", ""},
		{"this checkout", engine.StateFresh, "", "", ""},
		{"Secrets are read", engine.StateUnprovableNow, engine.ReasonIgnored, "per-machine", ""},
		{"Timestamps come", engine.StateDeclared, "", "", ""},
		{"Define models", engine.StateFresh, "", "", ""},
		{"Drop a model", engine.StateStale, engine.ReasonChanged, "not under Model", ""},
	})
}
