package engine_test

import "testing"

// TestHundredFiftiethHoldoutClasses: the false rows of the hundred-and-fiftieth holdout that were
// fixed, each beside a twin that stays a finding.
func TestHundredFiftiethHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("request/openai-to-kiro.js", "// kiro\n\nconst maxTokens = 32000;\n")
	g.write("src/config/site.ts", "export {}\n")
	g.write("request/claude-to-openai.js", "// claude\n\nconst toolResults = [];\n")
	g.write("migrations/v001_split/migrate.py", "print(1)\n")
	g.write("src/app.ts", "export {}\n")
	g.commit("2026-05-01T10:00:00Z", "init")
	g.gone("2026-05-03T10:00:00Z", "2026-05-04T10:00:00Z", "src/components/Button.tsx", "src/config/env.ts", "tailwind.config.js",
		"docs/experimental_design.md", "src/server/a.ts", "src/main.jsx", "cloud/worker.js")
	repo := g.open(t)

	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		// nextjs-starterkit: samples under an Indonesian "Contoh" (example) column, and a "Nama file" (file names) rule
		{"Indonesian: a column of samples", "| Entitas | Format | Contoh |\n|---|---|---|\n| Component widgets | `pascal-case.tsx` | `Button.tsx`, `UserCard.tsx` |", nil},
		{"twin: a column of files", "| Entitas | Format | Berkas |\n|---|---|---|\n| Component widgets | `pascal-case.tsx` | `Button.tsx`, `UserCard.tsx` |", []string{"evidence_file_missing Button.tsx"}},
		// school_managment: no such file is needed
		{"no separate file needed", "In Tailwind v4, configuration is CSS-first using the `@theme` directive — no separate `tailwind.config.js` file is needed.", nil},
		{"twin: the separate file", "In Tailwind v4, configuration is CSS-first using the `@theme` directive — see the separate `tailwind.config.js` file.", []string{"evidence_file_missing tailwind.config.js"}},
		// Vela: a worker directory the sentence says is not here
		{"a directory not in this repo, the line wrapped", "> Expected red: the catalogued baseline, the `cloud/` worker\n> import (dir not in this repo), and live calls.", nil},
		{"twin: a directory in this repo", "> Expected red: the catalogued baseline, the `cloud/` worker\n> import (dir in this repo), and live calls.", []string{"evidence_file_missing cloud/"}},
		// Vela: a line cited for a snake_case key the code spells in camel case
		{"a key cited in another case", "| `max_tokens` hardcoded to 32000 | `request/openai-to-kiro.js:3` |", nil},
		{"twin: a key the line lacks", "| `top_p` hardcoded to 32000 | `request/openai-to-kiro.js:3` |", []string{"evidence_changed request/openai-to-kiro.js:3"}},
		{"twin: a key the line holds only inside another name", "| `tool_result` image block → raw JSON | `request/claude-to-openai.js:3` |", []string{"evidence_changed request/claude-to-openai.js:3"}},
		// llm-context-decay-ops: a path the document says may be a legacy reference
		{"Korean: a path that may be a legacy reference", "`docs/experimental_design.md` 같은 일부 경로는 legacy reference일 수 있다.", nil},
		{"twin: Korean, a path", "`docs/experimental_design.md` 같은 일부 경로는 참고 문서이다.", []string{"evidence_file_missing docs/experimental_design.md"}},
		// ai-image-generator: German "frühere" (former)
		{"German: the former files", "Jedes Modul spiegelt eine frühere Server-Function-Datei (`src/server/*` der Web-App) mit identischen Signaturen.", nil},
		{"twin: German, the files", "Jedes Modul spiegelt eine Server-Function-Datei (`src/server/*` der Web-App) mit identischen Signaturen.", []string{"evidence_file_missing src/server/*"}},
		// meridian-cli: a numbered placeholder
		{"a version-number placeholder", "Each can run via `python migrations/vNNN_name/migrate.py /path/to/repo`.", nil},
		{"twin: a named migration", "Each can run via `python migrations/v002_name/migrate.py /path/to/repo`.", []string{"evidence_file_missing migrations/v002_name/migrate.py"}},
	})

	// nextjs-starterkit: a convention's file names, in Indonesian
	runDriftCases(t, repo, "src/config/AGENTS.md", []driftCase{
		{"Indonesian: file names of a convention", "## Convention\n\n- Nama file: `site.ts`, `env.ts`, `nav.ts`\n- Export named constants", nil},
		{"twin: Indonesian, files of the folder", "## Convention\n\n- Berkas: `site.ts`, `env.ts`\n- Export named constants", []string{"evidence_file_missing env.ts"}},
	})
}
