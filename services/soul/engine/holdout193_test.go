package engine_test

import (
	"strings"
	"testing"
)

// TestHundredNinetyThirdHoldoutClasses: the false rows of the hundred-and-ninety-third holdout that were
// fixed, each beside a twin that stays a finding.
func TestHundredNinetyThirdHoldoutClasses(t *testing.T) {
	sub := newGitFixture(t)
	sub.write("Worker.Runtime/Contracts/Ipc.cs", "class Ipc {}\n")
	sub.commit("2026-05-01T10:00:00Z", "upstream")

	g := newGitFixture(t)
	g.write("main.go", "package main\n")
	g.write("backend/app/main.py", strings.Repeat("x = 1\n", 280))
	g.write("src/services/user.ts", "export {}\n")
	g.write(".gitignore", "static/uploads/\n")
	g.gone("2026-05-01T10:00:00Z", "2026-05-02T10:00:00Z",
		".github/workflows/codeql.yml", "Contracts/Ipc.cs", "src/services/authService.ts", "fw/app-firmware_1.bin", "backend/models/a.bin")
	g.submodule("2026-05-03T10:00:00Z", sub, "sidecars/codegraph")
	repo := g.open(t)

	// xiangyang-invest: a list its lead-in says git does not keep
	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"an item of a list of untracked paths",
			"以下路径被 `.gitignore` 忽略，但**磁盘上真实存在且有价值**：\n\n- `static/uploads/` —— 用户上传文件\n- `backend/models/` —— 模型权重", nil},
		{"an item of a list of gitignored paths, in English",
			"These paths are gitignored but exist on disk:\n\n- `backend/models/` - model weights", nil},
		{"twin: a list of kept paths",
			"These paths hold the assets:\n\n- `backend/models/` - model weights", []string{"evidence_file_missing backend/models/"}},
	})

	// pupila: a file to restore from a commit
	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"a file to restore from history",
			"> **CodeQL workflow removed.** If the repo ever goes public, restore `.github/workflows/codeql.yml` from commit `7397117`.", nil},
		{"twin: a file to run",
			"> The scan runs from `.github/workflows/codeql.yml` on each push.", []string{"evidence_file_missing .github/workflows/codeql.yml"}},
	})

	// compliance-ai-saas: a size to split at
	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"a threshold a condition opens with",
			"- All endpoints in `backend/app/main.py` (monolith — consider splitting into routers when >2000 LOC)", nil},
		{"twin: the file's size stated",
			"- All endpoints in `backend/app/main.py` (a monolith of >2000 LOC)", []string{"size_drift backend/app/main.py"}},
	})

	// demoautolab: a bare glob under a naming heading
	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"the shape of a name",
			"### File Naming\n\n- Pages: `PascalCase.tsx`\n- Services: `*Service.ts`", nil},
		{"twin: the same glob as a place's files",
			"### Services\n\n- The services are `*Service.ts` files.", []string{"evidence_file_missing *Service.ts"}},
	})

	// hokku_epaper: a release's asset
	runDriftCases(t, repo, "fw/AGENTS.md", []driftCase{
		{"a file a release carries",
			"- Setup tool aborts if no `app-firmware_*.bin` asset is found", nil},
		{"twin: the same glob as the build's files",
			"- Setup tool flashes the `app-firmware_*.bin` files it finds here", []string{"evidence_file_missing app-firmware_*.bin"}},
	})

	// OpenCowork: names in the repository's one submodule
	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"bare names a sentence places in the submodule",
			"`Native.Worker` source-links them out of the submodule (`Contracts/`, `Modules/System.cs`), so it cannot build with the submodule uninitialized.", nil},
		{"twin: the same name without the submodule",
			"`Native.Worker` keeps its contracts in `Contracts/`.", []string{"evidence_file_missing Contracts/"}},
	})
}
