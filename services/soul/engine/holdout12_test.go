package engine_test

import "testing"

// TestTwelfthHoldoutFormerHome: a name a sentence places in the past ("the validation that used to
// live in\n  `validate.ParamRef`", sqlc, wrapped inside a list item) whose bare name lives on under
// another qualifier (sqlc's ast.ParamRef): "defined, but not under validate" is what the sentence
// says, on one line or across a break. The twin, the same name said of today, stays drift.
func TestTwelfthHoldoutFormerHome(t *testing.T) {
	g := newGitFixture(t)
	g.write("internal/validate/param_ref.go", "package validate\n\nfunc ParamRef() error { return nil }\n")
	g.write("internal/validate/func.go", "package validate\n\nfunc FuncCall() error { return nil }\n")
	g.write("internal/ast/param_ref.go", "package ast\n\ntype ParamRef struct{ Number int }\n")
	g.write("src/main.go", "package main\n\nfunc main() {}\n")
	g.commit("2026-06-01T10:00:00Z", "init")
	g.remove("internal/validate/param_ref.go")
	g.commit("2026-06-02T10:00:00Z", "retire the validator")
	repo := g.open(t)

	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"used to, wrapped in a list item", "- `Dollar` — the placeholder-style validation that used to live in\n  `validate.ParamRef`\n- `Err` — a syntax error", nil},
		{"used to, wrapped between the words", "- `Dollar` — the placeholder-style validation that used to\n  live in `validate.ParamRef`", nil},
		{"used to, on one line", "- `Dollar` — the validation that used to live in `validate.ParamRef`", nil},
		{"used to, wrapped in a paragraph", "The placeholder-style validation used to live in\n`validate.ParamRef` before the rewrite.", nil},
		{"twin: said of today", "- `Dollar` — the placeholder-style validation that lives in `validate.ParamRef`", []string{"symbol_removed validate.ParamRef"}},
		{"twin: said of today, wrapped", "- `Dollar` — the placeholder-style validation that lives in\n  `validate.ParamRef`", []string{"symbol_removed validate.ParamRef"}},
	})
}
