package engine_test

import (
	"strings"
	"testing"
)

// TestTwoHundredThirtyFirstHoldoutClasses: the false rows of the two-hundred-and-thirty-first holdout
// that were fixed, each beside a twin that stays a finding.
func TestTwoHundredThirtyFirstHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("TERRAFORM/MOD07.tf", "# lab 7\n")
	g.write("TERRAFORM/MOD08.tf", "# lab 8\n")
	g.write("portfolio/state.md", "# state\n")
	g.write("src/shared/types.ts", strings.Repeat("export type A = 1\n", 30))
	g.write("packages/shared/src/types.ts", "export type B = 2\n")
	g.write("tests/unit/utils.test.ts", "test()\n")
	g.write("tests/unit/lib/whatsapp.test.ts", "test()\n")
	g.write("tests/e2e/menu.spec.ts", "test()\n")
	g.gone("2026-05-01T10:00:00Z", "2026-05-02T10:00:00Z", "portfolio/config.json", "Manual/notes.md", "pacman.conf", ".zshrc",
		"router-client.ts", "error-status.ts", "sweep.ts", "holder.ts", "tests/unit/slack.test.ts", "TERRAFORM/MOD1X.tf")
	repo := g.open(t)

	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		// AZ-104: a numbered file's name with the number's last digit left to fill
		{"a number's digit written as X", "| Path | Role |\n|---|---|\n| `TERRAFORM/MOD0X.tf` | Terraform resources, one file per lab |", nil},
		{"twin: no file fills the slot", "| Path | Role |\n|---|---|\n| `TERRAFORM/MOD1X.tf` | Terraform resources, one file per lab |", []string{"evidence_file_missing TERRAFORM/MOD1X.tf"}},
		// portfolio-and-investment: a file its user may create
		{"a table row calling the file optional", "| Path | Role |\n|---|---|\n| `portfolio/config.json` | Optional: capital base, thresholds |", nil},
		{"twin: a table row describing it", "| Path | Role |\n|---|---|\n| `portfolio/config.json` | Capital base, thresholds |", []string{"evidence_file_missing portfolio/config.json"}},
		{"twin: a table row's adjective", "| Path | Role |\n|---|---|\n| `portfolio/config.json` | Optional capital base settings |", []string{"evidence_file_missing portfolio/config.json"}},
		{"a tree entry calling the file optional", "```\nportfolio/\n├── state.md          # Holdings\n└── config.json       #   Optional: capital base\n```", nil},
		{"twin: a tree entry's adjective", "```\nportfolio/\n├── state.md          # Holdings\n└── config.json       #   Optional capital base settings\n```", []string{"evidence_file_missing portfolio/config.json"}},
		{"twin: a tree entry describing it", "```\nportfolio/\n├── state.md          # Holdings\n└── config.json       #   Capital base\n```", []string{"evidence_file_missing portfolio/config.json"}},
		// EBookLibrary: a folder empty as a rule
		{"a folder often empty", "| Path | Role |\n|---|---|\n| `Manual/` | Reserved for a hand-written version. Often empty. |", nil},
		{"twin: a folder reserved", "| Path | Role |\n|---|---|\n| `Manual/` | Reserved for a hand-written version. |", []string{"evidence_file_missing Manual/"}},
		// SpeakMCP: a count and the file the next sentence names
		{"a count before the next sentence's file", "1. **Types in `src/shared/types.ts`** - types used by both the main process and the renderer go here (~30 lines). Package-only types go in `packages/shared/src/types.ts`.", nil},
		{"twin: a count after the file", "Package-only types go in `packages/shared/src/types.ts` (~30 lines).", []string{"size_drift packages/shared/src/types.ts"}},
		// Linux-OS: a machine's configuration files
		{"configuration files beside a system place", "**Do NOT modify unless asked:**\n\n- `pacman.conf`, `makepkg.conf`, `/etc/sysctl.d/`, `.zshrc`", nil},
		{"twin: the same files alone", "**Edit these to change the defaults:**\n\n- `pacman.conf`, `.zshrc`", []string{"evidence_file_missing pacman.conf", "evidence_file_missing .zshrc"}},
		// ultimate: notes on what a file was
		{"a file that went with another change", "`router-client.ts` was the second reader and went with `createRouter`.", nil},
		{"twin: a file that goes with it", "`router-client.ts` is the second reader and goes with `createRouter`.", []string{"evidence_file_missing router-client.ts"}},
		{"deleted, later in the file's sentence", "`error-status.ts` was exported for \"`x errors\nlist`\" and nothing called it (deleted 2026-08).", nil},
		{"twin: another name's deletion", "`holder.ts` keeps what `error-status.ts` (deleted 2026-08) kept.", []string{"evidence_file_missing holder.ts"}},
		{"for as long as it existed", "`sweep.ts` had no caller for as long as it existed, so its budget decided nothing.", nil},
		{"twin: no caller yet", "`sweep.ts` has no caller yet, so its budget decides nothing.", []string{"evidence_file_missing sweep.ts"}},
		{"until a date, nothing did", "Until 2026-04-21 nothing in `portfolio/state.md` subscribed to it at all.", nil},
		{"twin: until a date, nothing may", "Until 2026-04-21 nothing in `portfolio/state.md` may subscribe to it.", []string{"expired "}},
		{"until a date, a scheme's colon", "`src/shared/types.ts` was a `data:` URL until 2026-04-21 and that read better.", nil},
		{"twin: is, until a date", "`src/shared/types.ts` is a `data:` URL until 2026-04-21.", []string{"expired "}},
		{"make sure, quoted", "A `fix` that says `check` / `make sure` / `try` is invalid.", nil},
		{"twin: a target to run", "Run `make check` before each commit.", []string{"evidence_file_missing make check"}},
		// restaurante-app: a tree whose last directory lost its children's indentation
		{"a file under a directory drawn last", "```\ntests/\n├── unit/\n│ ├── utils.test.ts\n│ └── lib/\n│ └── whatsapp.test.ts\n└── e2e/\n```", nil},
		{"twin: a file under it that is gone", "```\ntests/\n├── unit/\n│ ├── utils.test.ts\n│ └── lib/\n│ └── slack.test.ts\n└── e2e/\n```", []string{"evidence_file_missing tests/unit/slack.test.ts"}},
		{"twin: a directory drawn with siblings after it", "```\ntests/\n├── unit/\n│ ├── lib/\n│ └── whatsapp.test.ts\n└── e2e/\n```", []string{"evidence_file_missing tests/unit/whatsapp.test.ts"}},
	})
}

// TestTwoHundredThirtyFirstHoldoutPackageVersions: hacker-board's version of the part of the project a
// sentence names, which the root's manifest does not give.
func TestTwoHundredThirtyFirstHoldoutPackageVersions(t *testing.T) {
	g := newGitFixture(t)
	g.write("package.json", `{"name":"board","engines":{"node":">=22.0.0"}}`+"\n")
	g.write("api/package.json", `{"name":"api","engines":{"node":">=20.0.0"}}`+"\n")
	g.commit("2026-05-01T10:00:00Z", "init")
	repo := g.open(t)

	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"a package's version", "**API**: Express adapter, Node.js 20+, ESM modules", nil},
		{"twin: a version no package asks for", "**API**: Express adapter, Node.js 18+, ESM modules", []string{"evidence_changed Node.js 18+"}},
	})
}
