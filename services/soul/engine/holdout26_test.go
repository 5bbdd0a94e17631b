package engine_test

import "testing"

// TestTwentySixthHoldoutClasses: a file a step writes is its destination ("**Plan** — write `plan.md`":
// e-footprint's per-feature plan, made and archived again and again), beside its twin, a file a step
// edits.
func TestTwentySixthHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("specs/features/login/plan.md", "# plan\n")
	g.write("docs/notes.md", "# notes\n")
	g.write("README.md", "# app\n")
	g.commit("2026-05-01T10:00:00Z", "init")
	g.remove("specs/features/login/plan.md")
	g.remove("docs/notes.md")
	g.commit("2026-05-02T10:00:00Z", "archive the login feature")
	repo := g.open(t)

	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"a file a step writes", "2. **Plan** — write `plan.md` (approach, affected modules, risks).", nil},
		{"twin: a file a step edits", "2. **Plan** — update `docs/notes.md` with the approach.", []string{"evidence_file_missing docs/notes.md"}},
	})
}

// TestSpellingTwins: a path that never landed, beside the one tracked name it misspells (its separators
// changed, or one letter off), is drift that names the file meant (dd-sdk-android's `local-ci.sh` for
// local_ci.sh, opentelemetry-swift's `metrics_serivce.grpc.swift`). A digit apart is another file, and
// two near names point at neither.
func TestSpellingTwins(t *testing.T) {
	g := newGitFixture(t)
	g.write("scripts/local_ci.sh", "#!/bin/sh\n")
	g.write("Sources/metrics_service.grpc.swift", "// generated\n")
	g.write("internal/handler_v1.go", "package internal\n")
	g.write("src/parser.go", "package src\n")
	g.write("src/parsed.go", "package src\n")
	g.write("Sources/Exporters/Grpc/proto/trace_service.grpc.swift", "// generated\n")
	g.commit("2026-05-01T10:00:00Z", "init")
	repo := g.open(t)

	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"another separator", "- Run the checks locally with `scripts/local-ci.sh`.", []string{"evidence_file_missing scripts/local-ci.sh"}},
		{"two letters swapped", "- The generated client is `Sources/metrics_serivce.grpc.swift`.", []string{"evidence_file_missing Sources/metrics_serivce.grpc.swift"}},
		{"twin: a digit apart", "- The second handler is `internal/handler_v2.go`.", []string{"unverified unanchored internal/handler_v2.go"}},
		{"twin: two near names", "- The combinators are in `src/parsec.go`.", []string{"unverified unanchored src/parsec.go"}},
		{"a bare name misspelt, its file anywhere", "Replace the generated files:\n\n- `trace_serivce.grpc.swift`", []string{"evidence_file_missing trace_serivce.grpc.swift"}},
		{"twin: a bare name of another extension", "Replace the generated files:\n\n- `trace_serivce.grpc.kt`", []string{"unverified unanchored trace_serivce.grpc.kt"}},
	})
}

// TestScriptTwin: a program run by its bare name where the repository keeps a script of that name with
// an extension is the script, its extension left out ("./build -test" beside build.sh: dotnet/diagnostics);
// one with no such script is still a program a build leaves. A .gitignore'd build/ (dotnet/diagnostics
// keeps one) does not make the script's name an ignored place.
func TestScriptTwin(t *testing.T) {
	g := newGitFixture(t)
	g.write("build.sh", "#!/bin/sh\n")
	g.write("build.cmd", "@echo off\n")
	g.write("Makefile", "licgen:\n\tgo build -o licgen ./cmd/licgen\n")
	g.write(".gitignore", "build/\n")
	g.commit("2026-05-01T10:00:00Z", "init")
	repo := g.open(t)

	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"a script run without its extension", "Do a full test run:\n\n```bash\n./build -test\n```", []string{"evidence_file_missing ./build"}},
		{"twin: the script as written", "Do a full test run:\n\n```bash\n./build.sh -test\n```", nil},
		{"twin: a program a build leaves", "Check the licenses:\n\n```bash\n./licgen -check\n```", nil},
	})
}
