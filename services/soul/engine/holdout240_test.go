package engine_test

import (
	"testing"
)

// TestTwoHundredFortiethHoldoutClasses: the false rows of the two-hundred-and-fortieth holdout that were
// fixed, each beside a twin that stays a finding.
func TestTwoHundredFortiethHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("src/components/AppHeader/AppHeader.tsx", "export {}\n")
	g.write("src/components/AppHeader/AppHeader.module.css", ".header {}\n")
	g.write("src/components/AppHeader/AppHeader.stories.tsx", "export {}\n")
	g.write("css/builder.css", ".builder-main {\n  padding-bottom: 500px;\n}\n.builder-main.media-library-active {}\n")
	g.write("Assets/Tests/PlayMode/RobotTests.cs", "class RobotTests {}\n")
	g.write("scripts/verify_env.sh", "#!/bin/sh\n")
	g.commit("2026-06-01T10:00:00Z", "init")
	repo := g.open(t)

	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		// nivelo-design: a brace group whose later alternatives are endings of the first name
		{"endings that go on from the first name", "- `src/components/AppHeader/{AppHeader.tsx,.module.css,.stories.tsx}` — the header", nil},
		{"twin: an ending with no file", "- `src/components/AppHeader/{AppHeader.tsx,.test.tsx}` — the header", []string{"unverified unanchored src/components/AppHeader/AppHeader.test.tsx"}},
		// reelplayer-dev: CSS classes a stylesheet declares
		{"a CSS class", "`.builder-main` has `padding-bottom: 500px` — intentional.", nil},
		{"a compound CSS selector", "When adding content inside `.builder-main.media-library-active`, mind the padding.", nil},
		{"twin: a class no stylesheet declares", "`.builder-footer` has `padding-bottom: 500px` — intentional.", []string{"unverified unanchored .builder-footer"}},
	})

	// ros2-ai-amr-repo2: tests under a Korean heading that calls them planned are no drift
	tests := func(heading string) []byte {
		return []byte("# Assets/Tests/\n\n## 폴더\n\n- `PlayMode/` — 통합 테스트\n\n## " + heading + "\n\n| 파일 | 영역 |\n|---|---|\n| `EditMode/RobotInfoTests.cs` | 직렬화 |\n")
	}
	assertDrift(t, findingsOf(t, repo, "Assets/Tests/CLAUDE.md", tests("예정 테스트")), []string{"unverified unanchored EditMode/RobotInfoTests.cs"})
	// twin: the same table under a plain heading
	assertDrift(t, findingsOf(t, repo, "Assets/Tests/CLAUDE.md", tests("테스트")), []string{"unanchored EditMode/RobotInfoTests.cs"})

	// Industry-AI-Flow: the old root guide, moved into a hidden archive folder
	guide := []byte("# Old guide\n\n## Setup\n\n- Run `scripts/setup_env.sh` first.\n")
	assertDrift(t, findingsOf(t, repo, ".deprecated/reports/2026-02-12-batch2/CLAUDE.md", guide), nil)
	// twin: the same guide in a folder of reports
	assertDrift(t, findingsOf(t, repo, "reports/2026-02-12-batch2/CLAUDE.md", guide), []string{"unverified unanchored scripts/setup_env.sh"})
}

// TestTwoHundredFortiethHoldoutWording: a file removed with its uses, a tool's output folder, and a table
// cell that calls a folder empty, each beside a twin.
func TestTwoHundredFortiethHoldoutWording(t *testing.T) {
	g := newGitFixture(t)
	g.write("docs/README.md", "# docs\n")
	g.gone("2026-05-01T10:00:00Z", "2026-05-02T10:00:00Z", "llama_cpp_client.py", "docs/superpowers/plan.md", "docs/diagrams/flow.svg")
	repo := g.open(t)

	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		// Industry-AI-Flow
		{"a file removed with its references", "**llama.cpp legacy**: Removed. `llama_cpp_client.py` and all references deleted. Only `ollama` remains.", nil},
		{"twin: a file with its references", "**llama.cpp legacy**: `llama_cpp_client.py` and all references live on for the old hosts.", []string{"evidence_file_missing llama_cpp_client.py"}},
		// voteball
		{"a workflow's output path", "`docs/superpowers/` is the **default output path of the superpowers workflow**, so delete it after each plan.", nil},
		{"twin: a folder of plans", "`docs/superpowers/` holds the plans of the superpowers workflow.", []string{"evidence_file_missing docs/superpowers/"}},
		// whfb-tow-companion
		{"a folder a cell calls empty and pending", "| Folder | State | Contents |\n|---|---|---|\n| `docs/diagrams/` | Empty / pending | Architecture diagrams — not yet produced |", nil},
		{"twin: a folder a cell calls current", "| Folder | State | Contents |\n|---|---|---|\n| `docs/diagrams/` | Current | Architecture diagrams |", []string{"evidence_file_missing docs/diagrams/"}},
	})
}

// TestTwoHundredFortiethHoldoutCitedSubject: Bubblelab pairs each citation with the name right before it
// ("`#record` `_infra/invest.js:622`") and gives another name its own line ("`STALE_AFTER_MS` `:37`"); the
// cited line is answerable to its own name, not to the sentence's others.
func TestTwoHundredFortiethHoldoutCitedSubject(t *testing.T) {
	g := newGitFixture(t)
	g.write("src/invest.js", "const STALE_AFTER_MS = 36 * 3600 * 1000;\n\nclass Invest {\n  async #record(snapshot) {\n    return snapshot;\n  }\n  check(age) { return age > STALE_AFTER_MS; }\n}\n")
	g.commit("2026-06-01T10:00:00Z", "init")
	repo := g.open(t)

	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"a citation paired with its name", "Snapshots are kept one a day (`#record` `src/invest.js:4`); after 36 hours (`STALE_AFTER_MS` `:1`) they go stale.", nil},
		{"twin: a citation whose name moved", "Snapshots are kept one a day (`#record` `src/invest.js:7`); after 36 hours (`STALE_AFTER_MS` `:1`) they go stale.", []string{"line_drift src/invest.js:7"}},
	})
}

// TestTwoHundredFortiethHoldoutFellowCitations: Bubblelab's "`npm test` covers `package.json:5`; three shared
// tests it cannot commit — `_infra/security.test.mjs:2`, `_infra/home-button.test.mjs`" lists files beside its
// citations; with more than one citation, a listed file is their fellow, not what a cited line must name.
func TestTwoHundredFortiethHoldoutFellowCitations(t *testing.T) {
	g := newGitFixture(t)
	g.write("package.json", "{\n  \"name\": \"lab\",\n  \"scripts\": {\n    \"build\": \"node build.mjs\",\n    \"test\": \"node --test _infra/*.test.mjs\"\n  }\n}\n")
	g.write("_infra/security.test.mjs", "import test from 'node:test'\ntest('geolocation header', () => {})\n")
	g.write("_infra/home-button.test.mjs", "import test from 'node:test'\n")
	g.commit("2026-06-01T10:00:00Z", "init")
	repo := g.open(t)

	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"files listed beside two citations", "`npm test` covers `package.json:5`; three shared tests it cannot commit — `_infra/security.test.mjs:2` (the geolocation header), `_infra/home-button.test.mjs`.", nil},
		{"twin: a file named beside one citation", "`package.json:5` runs `_infra/home-button.test.mjs` first.", []string{"evidence_changed package.json:5"}},
	})
}
