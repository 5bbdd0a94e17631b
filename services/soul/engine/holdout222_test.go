package engine_test

import "testing"

// TestTwoHundredTwentySecondHoldoutClasses: the false rows of the two-hundred-and-twenty-second holdout
// that were fixed, each beside a twin that stays a finding.
func TestTwoHundredTwentySecondHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("go.mod", "module github.com/acme/duragraph\n\ngo 1.22\n")
	g.write("src/legacy/old.cs", "class Old {}\n")
	g.write("examples/Program.cs", "class P {}\n")
	g.write(".github/instructions/csharp.instructions.md", "# C#\n")
	g.write("docs/orchestrator/plan.md", "# plan\n")
	g.write("docs/orchestrator/old-findings.md", "# old\n")
	g.commit("2026-06-01T10:00:00Z", "init")
	g.remove("src/legacy/old.cs")
	g.remove("examples/Program.cs")
	g.remove("docs/orchestrator/old-findings.md")
	g.commit("2026-06-02T10:00:00Z", "remove the C# examples")
	repo := g.open(t)

	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		// AgentX-Test: which files an instruction file is for
		{"a placeless glob in a pattern column", "### Instruction Files (5 remaining -- load on demand)\n\n| File Pattern | Read This |\n|---|---|\n| `*.cs`, `*.csx` | [.github/instructions/csharp.instructions.md](.github/instructions/csharp.instructions.md) |\n| `*.ts` (backend) | [.github/instructions/csharp.instructions.md](.github/instructions/csharp.instructions.md) |\n| `*.tsx`, `components/`, `hooks/` | [.github/instructions/csharp.instructions.md](.github/instructions/csharp.instructions.md) |", nil},
		{"a placeless glob an instruction triggers on", "| Instruction | Triggers on |\n|---|---|\n| `csharp.instructions.md` | `*.cs`, `*.csx` |", nil},
		{"twin: the same row under a column of sources", "### Instruction Files (5 remaining -- load on demand)\n\n| Sources | Read This |\n|---|---|\n| `*.cs`, `*.csx` | [csharp](.github/instructions/csharp.instructions.md) |", []string{"evidence_file_missing *.cs"}},
		{"twin: a placeless glob said to be kept", "The C# samples are the `*.cs` files; read them first.", []string{"evidence_file_missing *.cs"}},
		// duragraph: files of the project's sibling repository
		{"a sibling repository's file", "When wiring a screen, check the spec first:\n\n- `duragraph-spec/frontend/wireframes.yml` — ASCII wireframe for each screen", nil},
		{"twin: a folder of this repository's name alone", "When wiring a screen, check the spec first:\n\n- `duragraph/frontend/wireframes.yml` — ASCII wireframe for each screen", []string{"unanchored duragraph/frontend/wireframes.yml"}},
		// rlm-kit: a table of what each step writes
		{"files a table says steps write", "| Artifact | Written by | Read by |\n|---|---|---|\n| `docs/orchestrator/refactor-findings.md` | refactor-plan | refactor-agent |\n| `docs/orchestrator/plan.md` | Manual | All prompts |", nil},
		{"twin: a written file a commit deleted", "| Artifact | Written by | Read by |\n|---|---|---|\n| `docs/orchestrator/old-findings.md` | refactor-plan | refactor-agent |\n| `docs/orchestrator/plan.md` | Manual | All prompts |", []string{"evidence_file_missing docs/orchestrator/old-findings.md"}},
	})
}
