package engine_test

import "testing"

// TestTwoHundredTwentyThirdHoldoutClasses: the false rows of the two-hundred-and-twenty-third holdout
// that were fixed, each beside a twin that stays a finding.
func TestTwoHundredTwentyThirdHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("package.json", "{\"name\":\"kit\",\"scripts\":{\"lint\":\"eslint .\"}}\n")
	g.write("apps/vinaya/web/README.md", "# web\n")
	g.write("apps/vinaya/web/src/page.tsx", "export {}\n")
	g.write("apps/web/main.ts", "export {}\n")
	g.write("frontend/DashboardLayout.tsx", "export {}\n")
	g.write("frontend/IntegrationsTab.tsx", "export {}\n")
	g.commit("2026-06-01T10:00:00Z", "init")
	g.remove("frontend/DashboardLayout.tsx")
	g.remove("frontend/IntegrationsTab.tsx")
	g.git("mv", "apps/vinaya/web", "apps/vinaya-portal")
	g.commit("2026-06-02T10:00:00Z", "extract the portal")
	repo := g.open(t)

	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		// cjph96/AI: make targets for a Makefile the sentence allows to be absent
		{"targets if a Makefile exists", "1. Prefer Makefile targets (`make lint`, `make test`) if a `Makefile` exists.", nil},
		{"twin: targets said to be there", "1. Run the Makefile targets (`make lint`, `make test`) before a commit.", []string{"evidence_file_missing make lint", "evidence_file_missing make test"}},
		// attalabs: the place a site was extracted out of
		{"extracted out of the original place", "| App | About |\n|---|---|\n| Vinaya Portal | The public site extracted out of the original `apps/vinaya/web` |", nil},
		{"twin: the place named as where the site is", "| App | About |\n|---|---|\n| Vinaya Portal | The public site, kept in `apps/vinaya/web` |", []string{"evidence_file_missing apps/vinaya/web"}},
		// attalabs: a path of a repository named by owner and name
		{"a path in another repository's parenthesis", "| Package | Source |\n|---|---|\n| CLI | standalone `atta-labs/vinaya` repo (`apps/cli`) |", nil},
		{"twin: a path of this repository", "| Package | Source |\n|---|---|\n| CLI | this repository (`apps/cli`) |", []string{"unverified evidence_file_missing apps/cli"}},
		// dsentr-monorepo: names in the parenthesis of a removal
		{"names a removal lists", "- Removed temporary root-level re-export shims (`frontend/DashboardLayout.tsx`, `frontend/IntegrationsTab.tsx`) and updated the tests.", nil},
		{"twin: names a change keeps", "- Kept the root-level re-export shims (`frontend/DashboardLayout.tsx`, `frontend/IntegrationsTab.tsx`) and updated the tests.", []string{"evidence_file_missing frontend/DashboardLayout.tsx", "evidence_file_missing frontend/IntegrationsTab.tsx"}},
	})
	// moryflow: a docs folder a bare 禁止 (forbidden) rules out
	runDriftCases(t, repo, "docs/CLAUDE.md", []driftCase{
		{"a folder forbidden", "- 禁止 `archive/` 文档目录。", nil},
		{"twin: a folder not to edit", "- 禁止修改 `archive/` 文档目录。", []string{"unverified unanchored archive/"}},
	})
}

// TestTwoHundredTwentyThirdHoldoutKoreanRelease: a file a Korean release checklist says is attached,
// beside a report a step generates from a script a commit removed (the two-hundred-and-sixth holdout's
// my-rent-finder, labelled true).
func TestTwoHundredTwentyThirdHoldoutKoreanRelease(t *testing.T) {
	g := newGitFixture(t)
	g.write("src-tauri/tauri.conf.json", "{}\n")
	g.gone("2026-05-01T10:00:00Z", "2026-05-02T10:00:00Z", "latest.json", "scripts/calc.mjs")
	repo := g.open(t)
	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"a file the release carries", "- [ ] `latest.json`이 첨부됨 (자동 업데이트용)", nil},
		{"twin: a file a step reads", "- [ ] `latest.json` 확인 (자동 업데이트용)", []string{"evidence_file_missing latest.json"}},
		{"twin: a report a gone script generates", "- `scripts/calc.mjs` → `latest.json` 생성", []string{"evidence_file_missing scripts/calc.mjs", "evidence_file_missing latest.json"}},
	})
}
