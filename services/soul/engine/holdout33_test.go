package engine_test

import "testing"

// TestThirtyThirdHoldoutClasses: the thirty-third holdout's false drift, each beside a twin that stays
// drift. "any `X`" is any file of that kind (rushstack); "`_test.go`" is Go's test-file ending (netbird);
// "release-notes/unreleased/" is emptied at each release (restate); a bare name a subdirectory's
// .gitignore keeps out is that step's output (qdrant's openapi-merged.yaml); a file an earlier command
// writes with `-keyout`/`-out` is that command's output (firezone); the items of a list a lead-in calls
// branch names are branches (any-agent); a tree entry described as auto-generated need not be tracked
// (LlamaIndexTS).
func TestThirtyThirdHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("libraries/daemon/.eslint-bulk-suppressions.json", "{}\n")
	g.write("libraries/daemon/src/index.ts", "export {}\n")
	g.write("client/ssh/server/test.go", "package server\n")
	g.write("client/util_helpers.go", "package client\n")
	g.write("release-notes/unreleased/1234-fix.md", "fix\n")
	g.write("release-notes/archive/v1.md", "v1\n")
	g.write("openapi-merged.yaml", "openapi: 3.0.0\n")
	g.write("schema-old.yaml", "x: 1\n")
	g.write("openapi/.gitignore", "/openapi-*.yaml\n")
	g.write("openapi/spec.ytt.yaml", "x: 1\n")
	g.write("scratch/.gitignore", "*\n!.gitignore\n")
	g.write("priv/cert/readme.txt", "certs\n")
	g.write("priv/cert/ca.pem", "pem\n")
	g.write("release-notes/README.md", "# notes\n")
	g.write("feature/notes.md", "x\n")
	g.write("src/content/docs/guide.mdx", "# guide\n")
	g.write("src/content/old/page.mdx", "# old\n")
	g.write("README.md", "# app\n")
	g.commit("2026-05-01T10:00:00Z", "init")
	g.remove("libraries/daemon/.eslint-bulk-suppressions.json")
	g.remove("client/util_helpers.go")
	g.remove("release-notes/unreleased/1234-fix.md")
	g.remove("release-notes/archive/v1.md")
	g.remove("openapi-merged.yaml")
	g.remove("schema-old.yaml")
	g.remove("priv/cert/readme.txt")
	g.remove("priv/cert/ca.pem")
	g.remove("feature/notes.md")
	g.remove("src/content/old/page.mdx")
	g.write("elixir/priv/cert/readme.txt", "certs\n")
	g.commit("2026-05-02T10:00:00Z", "Prepare for v1.7.5 release")
	repo := g.open(t)

	runDriftCases(t, repo, "libraries/daemon/AGENTS.md", []driftCase{
		{"any file of a kind", "As an agent working in this package you MUST NOT:\n\n- add entries to any `.eslint-bulk-suppressions.json`;\n- add `eslintIgnore` keys.", nil},
		{"twin: the package's own gone file", "Suppressions are listed in `.eslint-bulk-suppressions.json`.", []string{"evidence_file_missing .eslint-bulk-suppressions.json"}},
	})
	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"a test-file ending", "Unit tests live beside the code as `_test.go`.", nil},
		{"twin: a gone helper file", "Shared helpers are in `client/util_helpers.go`.", []string{"evidence_file_missing client/util_helpers.go"}},
		{"pending release notes", "1. Check release-notes/README.md and propose changes to `release-notes/unreleased/` if needed.", nil},
		{"twin: a gone notes directory", "Old notes are kept in `release-notes/archive/`.", []string{"evidence_file_missing release-notes/archive/"}},
		{"a bare name a subdirectory keeps out", "4. run the generator to produce the specs\n5. validate `openapi-merged.yaml` using the swagger editor", nil},
		{"twin: a gone bare name nothing keeps out", "5. validate `schema-old.yaml` using the swagger editor", []string{"evidence_file_missing schema-old.yaml"}},
		{"a branch list", "Branch naming conventions:\n\n- `feature/` - New features\n- `fix/` - Bug fixes", nil},
		{"twin: a gone directory in a plain list", "Layout:\n\n- `feature/` - New features", []string{"evidence_file_missing feature/"}},
		{"an auto-generated tree entry", "**Content Management:**\n\n- `src/content/docs/` - MDX documentation files\n- `src/content/docs/api/` - Auto-generated API documentation from TypeScript", nil},
		{"twin: a gone entry not generated", "**Content Management:**\n\n- `src/content/old/` - Older pages", []string{"evidence_file_missing src/content/old/"}},
	})
	runDriftCases(t, repo, "docs/CONTRIBUTING.md", []driftCase{
		{"a command's output files", "```sh\ncd elixir\nopenssl req -x509 -newkey rsa:2048 -nodes \\\n    -keyout priv/cert/selfsigned-key.pem \\\n    -out priv/cert/selfsigned.pem\n```\n\nThen import `priv/cert/selfsigned.pem` into the browser.", nil},
		{"twin: a gone file named alone", "The certificate authority is `priv/cert/ca.pem`.", []string{"evidence_file_missing priv/cert/ca.pem"}},
	})
}

// TestThirtyThirdHoldoutDocuments: classes the thirty-third holdout found in what a document says of its
// own place. A bare line hint in a package whose package holds several files of that name is the one
// whose cited lines say it (LlamaIndexTS's `index.ts:142-209`); cited lines naming the claim's word in
// another case, inside an identifier, still say it (`task` over "type TaskType"); a path handed to the
// program the package installs is the user's ("devui ./agents"); a section headed as what is missing
// names files to write, and a bare name the document placed in another project is that project's
// (LocalAI); links of a Ruler source are written for the root it is copied to (qwik).
func TestThirtyThirdHoldoutDocuments(t *testing.T) {
	g := newGitFixture(t)
	g.write("packages/aws/src/index.ts", "export * from './llm'\n")
	g.write("packages/aws/src/llm/index.ts", lines(30)+"export const INFERENCE_TO_BEDROCK_MAP = {}\n")
	g.write("packages/aws/src/other/index.ts", "export {}\n")
	g.write("packages/jina/src/embedding.ts", "import x from 'y'\n\ntype TaskType = 'a' | 'b'\ntype EncodingType = 'float'\n\nexport class E { task = 'a' }\n")
	g.write("python/devui/pyproject.toml", "[project]\nname = \"devui\"\n\n[project.scripts]\ndevui = \"devui:main\"\n\n[tool.uv]\n")
	g.write("python/devui/agents/a.py", "x = 1\n")
	g.write("python/devui/tools/t.py", "x = 1\n")
	g.write("core/config/hooks_vllm.go", "package config\n")
	g.write("core/config/hooks_old.go", "package config\n")
	g.write("CONTRIBUTING.md", "# contributing\n")
	g.write("HACKING.md", "# hacking\n")
	g.write("README.md", "# app\n")
	g.commit("2026-05-01T10:00:00Z", "init")
	g.remove("python/devui/agents/a.py")
	g.remove("python/devui/tools/t.py")
	g.remove("core/config/hooks_old.go")
	g.remove("HACKING.md")
	g.commit("2026-05-02T10:00:00Z", "drop samples")
	repo := g.open(t)

	runDriftCases(t, repo, "packages/aws/CLAUDE.md", []driftCase{
		{"a bare hint among several files", "The map is `INFERENCE_TO_BEDROCK_MAP` in `index.ts:25-40`.", nil},
		{"twin: a bare hint one of several files bears out elsewhere", "The map is `INFERENCE_TO_BEDROCK_MAP` in `index.ts:2-5`.", []string{"line_drift index.ts:2-5"}},
	})
	runDriftCases(t, repo, "packages/jina/CLAUDE.md", []driftCase{
		{"a hint naming the word in another case", "- `task`: Task type for embeddings (`src/embedding.ts:3`)", nil},
		{"twin: a hint that moved", "- `task`: the field (`src/embedding.ts:2`)", []string{"line_drift src/embedding.ts:2"}},
		{"twin: a bare hint, one file of that name under the package", "- `task`: the field (`embedding.ts:2`)", []string{"line_drift embedding.ts:2"}},
	})
	runDriftCases(t, repo, "python/devui/AGENTS.md", []driftCase{
		{"an argument to the package's program", "```bash\n# Run with auto-discovery\ndevui ./agents\n```", nil},
		{"twin: an argument to another program", "```bash\npython ./tools/t.py\n```", []string{"evidence_file_missing ./tools/t.py"}},
	})
	runDriftCases(t, repo, ".agents/sglang.md", []driftCase{
		{"a section of what is missing", "## What's missing today (out of scope, but worth tracking)\n\n- `core/config/hooks_sglang.go` — there is no SGLang equivalent of `hooks_vllm.go`.", nil},
		{"twin: a gone file in a plain section", "## Hooks\n\n- `core/config/hooks_old.go` — the old hooks.", []string{"evidence_file_missing core/config/hooks_old.go"}},
		{"a bare name the document placed upstream", "The canonical reference is `python/sglang/srt/server_args.py:ServerArgs`.\n\n`NEXTN` is rewritten in `__post_init__` (`server_args.py:3286-3287`).", nil},
	})
	runDriftCases(t, repo, ".ruler/AGENTS.md", []driftCase{
		{"a Ruler source's link", "Read [CONTRIBUTING](./CONTRIBUTING.md) first.", nil},
		{"twin: a Ruler source's dead link", "Read [HACKING](./HACKING.md) first.", []string{"evidence_file_missing ./HACKING.md"}},
	})
}

// TestThirtyThirdHoldoutSentences: a heading id given in Python-Markdown's attribute list ("### `enable`
// {: #enable toml env-var}", which MkDocs reads: cibuildwheel) is the heading's key; a file the reader
// is told not to add is no claim that one exists (formbricks); a command the sentence says fails is
// expected to fail (deepagents).
func TestThirtyThirdHoldoutSentences(t *testing.T) {
	g := newGitFixture(t)
	g.write("docs/options.md", "# Options\n\n### `enable` {: #enable toml env-var}\n\nText.\n")
	g.write("tailwind.config.js", "module.exports = {}\n")
	g.write("old.config.js", "module.exports = {}\n")
	g.write("libs/cli/Makefile", "test:\n\tpytest\n\nbench:\n\tpytest --bench\n")
	g.write("README.md", "# app\n")
	g.commit("2026-05-01T10:00:00Z", "init")
	g.write("libs/cli/Makefile", "test:\n\tpytest\n")
	g.remove("tailwind.config.js")
	g.remove("old.config.js")
	g.commit("2026-05-02T10:00:00Z", "css-first tailwind")
	repo := g.open(t)

	runDriftCases(t, repo, "docs/contributing.md", []driftCase{
		{"an attribute-list heading id", "The ['enable groups'](options.md#enable) run by default.", nil},
		{"twin: a heading the file lacks", "The ['disable groups'](options.md#disable) run by default.", []string{"evidence_changed options.md"}},
	})
	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"a file not to add", "Both configs are reached through an explicit bridge. Do not add a\n`tailwind.config.js` that nothing `@config`s.", nil},
		{"twin: a gone file named as kept", "The old setup is in `old.config.js`.", []string{"evidence_file_missing old.config.js"}},
		{"a command said to fail", "Other packages have no `bench` target, so `make -C libs/cli bench` fails.", nil},
		{"twin: a command said to work", "Run `make -C libs/cli bench` to measure.", []string{"evidence_changed make bench"}},
	})
}

// TestThirtyThirdHoldoutGlobs: a glob among generated files whose files .gitignore lists by name
// ("`manifests/install*.yaml`", argo-workflows) and the changesets a change adds and a release consumes
// ("`.changeset/*.md`", posthog-android) name no tracked file by design; a glob whose files were removed
// and nothing keeps out stays drift.
func TestThirtyThirdHoldoutGlobs(t *testing.T) {
	g := newGitFixture(t)
	g.write(".gitignore", "# rendered manifests\nmanifests/install.yaml\n")
	g.write("manifests/base/kustomization.yaml", "resources: []\n")
	g.write("manifests/quick-start-min.yaml", "kind: x\n")
	g.write(".changeset/config.json", "{}\n")
	g.write(".changeset/brave-cats.md", "---\n'pkg': patch\n---\nfix\n")
	g.write("README.md", "# app\n")
	g.commit("2026-05-01T10:00:00Z", "init")
	g.remove("manifests/quick-start-min.yaml")
	g.remove(".changeset/brave-cats.md")
	g.commit("2026-05-02T10:00:00Z", "Version packages")
	repo := g.open(t)

	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"generated files kept out by name", "CI regenerates and fails on diff: `manifests/install*.yaml`.", nil},
		{"twin: removed files nothing keeps out", "CI regenerates and fails on diff: `manifests/quick-start-*.yaml`.", []string{"evidence_file_missing manifests/quick-start-*.yaml"}},
		{"pending changesets", "Add a changeset (`.changeset/*.md`) describing your change.", nil},
	})
}

// TestRemovedHelperInAList: a helper named alone in a list of helpers was removed from the file the items
// beside it name (huggingface_hub's `api_object_to_dict(obj)` under `get_hf_api(token=token)`): history
// says so, so it is drift that names the commit; a name no file ever defined stays a mention.
func TestRemovedHelperInAList(t *testing.T) {
	g := newGitFixture(t)
	g.write("src/hub/cli/_cli_utils.py", "def get_hf_api(token=None):\n    return None\n\n\ndef api_object_to_dict(obj):\n    return {}\n")
	g.write("src/hub/other.py", "def unrelated():\n    pass\n")
	g.write("README.md", "# app\n")
	g.commit("2026-05-01T10:00:00Z", "init")
	g.write("src/hub/cli/_cli_utils.py", "def get_hf_api(token=None):\n    return None\n")
	g.commit("2026-05-02T10:00:00Z", "Drop legacy printing helpers")
	repo := g.open(t)

	list := "## Adding CLI commands\n\n- `get_hf_api(token=token)` — creates an API client with the token.\n"
	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"a removed helper beside a live one", list + "- `api_object_to_dict(obj)` — converts API objects to dicts.\n", []string{"symbol_removed api_object_to_dict()"}},
		{"twin: a helper never defined", list + "- `never_written(obj)` — converts API objects to dicts.\n", []string{"unverified symbol_missing never_written()"}},
	})
}
