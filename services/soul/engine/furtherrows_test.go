package engine_test

import (
	"strings"
	"testing"

	"github.com/organism-dev/organism/services/soul/engine"
)

// TestEveryFailedNameOfASentence: a sentence that names several things now gone is one row per name,
// each judged by its own evidence (opentelemetry-rust's four renamed error types on one line; before, a
// claim named only its first failure). A further name is listed when it is drift, and a drift claim's
// row is its drift's, not a mere mention's before it. A name the sentence repeats is one row, so is a
// file named as a span and linked, and a point-in-time sentence whose moment passed is one finding,
// whatever else it named.
func TestEveryFailedNameOfASentence(t *testing.T) {
	g := newGitFixture(t)
	g.write("src/errors/trace.rs", "pub struct TraceError;\n")
	g.write("src/errors/metric.rs", "pub struct MetricError;\n")
	g.write("src/errors/log.rs", "pub struct LogError;\n")
	g.write("src/old/setup.ts", "export {}\n")
	g.write("src/old/teardown.ts", "export {}\n")
	g.commit("2026-05-01T10:00:00Z", "init")
	g.remove("src/errors/trace.rs")
	g.remove("src/errors/metric.rs")
	g.remove("src/old/setup.ts")
	g.remove("src/old/teardown.ts")
	g.commit("2026-05-02T10:00:00Z", "one error type")
	repo := g.open(t)

	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"two gone, one kept", "- Errors live in `src/errors/trace.rs`, `src/errors/metric.rs` and `src/errors/log.rs`.",
			[]string{"evidence_file_missing src/errors/trace.rs", "evidence_file_missing src/errors/metric.rs"}},
		{"one gone, one never here", "- Errors live in `src/errors/trace.rs` and `src/errors/span.rs`.",
			[]string{"evidence_file_missing src/errors/trace.rs"}},
		{"a mention before the drift: the row is the drift's", "- Errors live in `src/errors/span.rs` and `src/errors/trace.rs`.",
			[]string{"evidence_file_missing src/errors/trace.rs"}},
		{"a name said twice is one row", "- `src/errors/metric.rs` holds the metric errors; see `src/errors/metric.rs` for their codes.",
			[]string{"evidence_file_missing src/errors/metric.rs"}},
		{"a file named as a span and linked is one row", "- The errors have tests in [`metric.rs`](src/errors/metric.rs) and `src/errors/trace.rs`.",
			[]string{"evidence_file_missing metric.rs", "evidence_file_missing src/errors/trace.rs"}},
		{"twin: a moment outlived is one finding", "Setup currently lives in `src/old/setup.ts` and `src/old/teardown.ts`.",
			[]string{"expired src/old/setup.ts"}},
	})
}

// TestEveryMovedNameSaysWhereItWent: each row of a sentence naming several moved files says where its
// own file went (the twenty-ninth holdout's bitwarden: two managers moved from java/ to kotlin/ in one
// sentence, and only the first row named the move; the second said "is gone").
func TestEveryMovedNameSaysWhereItWent(t *testing.T) {
	g := newGitFixture(t)
	g.write("app/src/main/java/vault/LockManager.kt", "package vault\n\nclass LockManager\n")
	g.write("app/src/main/java/platform/StateManager.kt", "package platform\n\nclass StateManager\n")
	g.commit("2026-05-01T10:00:00Z", "init")
	g.git("mv", "app/src/main/java", "app/src/main/kotlin")
	g.commit("2026-05-02T10:00:00Z", "java/ is kotlin/")
	repo := g.open(t)

	got := driftLabeled(t, repo, "docs/ARCHITECTURE.md", notes("Managers such as [LockManager](../app/src/main/java/vault/LockManager.kt) and [StateManager](../app/src/main/java/platform/StateManager.kt) wrap the data sources."),
		func(f engine.Finding) string { return f.Detail })
	if len(got) != 2 {
		t.Fatalf("got rows %q, want two", got)
	}
	for _, d := range got {
		if !strings.Contains(d, "→ app/src/main/kotlin/") || !strings.Contains(d, "renamed in") {
			t.Errorf("row %q does not say where its file went", d)
		}
	}
}

// TestOneRowPerFileAndLine: two sentences of one line that name the same gone files list each file once
// (bitwarden's ARCHITECTURE.md line 81: three files, five rows).
func TestOneRowPerFileAndLine(t *testing.T) {
	g := newGitFixture(t)
	g.write("src/vault.kt", "class Vault\n")
	g.write("src/state.kt", "class State\n")
	g.write("src/special.kt", "class Special\n")
	g.commit("2026-05-01T10:00:00Z", "init")
	g.remove("src/vault.kt")
	g.remove("src/state.kt")
	g.remove("src/special.kt")
	g.commit("2026-05-02T10:00:00Z", "drop the managers")
	repo := g.open(t)

	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"one line, two sentences, shared names", "Managers like [Vault](src/vault.kt) use data sources; others wrap the OS ([State](src/state.kt), [Special](src/special.kt)). Some live only in the data layer, like [State](src/state.kt), or reach the UI, like [Special](src/special.kt).",
			[]string{"evidence_file_missing src/vault.kt", "evidence_file_missing src/state.kt", "evidence_file_missing src/special.kt"}},
	})
}
