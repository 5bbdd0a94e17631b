package engine_test

import "testing"

// TestNinetyFourthHoldoutClasses: the false rows of the ninety-fourth holdout, each beside a twin that
// stays drift.
func TestNinetyFourthHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("README.md", "# x\n")
	g.write("docs/archive/handoff-history.md", numbered(900, nil))
	g.write("src/Button.tsx", "export {}\n")
	g.gone("2026-04-01T10:00:00Z", "2026-04-02T10:00:00Z", "src/AudioPlayer.tsx", "config/app.yaml", "run-agent.sh", "tools/lint.sh")
	g.commit("2026-05-01T10:00:00Z", "app")
	repo := g.open(t)
	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		// samples in a table's column of examples, under a naming rule
		{"samples under a naming rule", "| Kind | Style | Examples |\n|---|---|---|\n| **Component files** | `PascalCase.tsx` | `Button.tsx`, `AudioPlayer.tsx` |", nil},
		{"samples under a naming rule, in Russian", "| Тип | Стиль | Примеры |\n|---|---|---|\n| **Файлы компонентов** | `PascalCase.tsx` | `Button.tsx`, `AudioPlayer.tsx` |", nil},
		{"twin: a deleted file in a column of examples, no naming rule", "| Setting | Example |\n|---|---|\n| app settings | `config/app.yaml` |", []string{"evidence_file_missing config/app.yaml"}},
		// a size that says when to move lines
		{"a size that says when to archive", "- **HANDOFF size:** When the completion log grows past roughly **200 lines**, archive older blocks to [`docs/archive/handoff-history.md`](docs/archive/handoff-history.md).", nil},
		{"twin: the archive's own size", "- The archive [`docs/archive/handoff-history.md`](docs/archive/handoff-history.md) holds roughly **200 lines**.", []string{"size_drift docs/archive/handoff-history.md"}},
		// a place the item's description says is still to come
		{"a place marked future at the end of its item", "### Kubernetes\n\n- `k8s/cloud/` - Manifests para Cloud (futuro)", nil},
		{"twin: a place described as there", "### Kubernetes\n\n- `k8s/edge/` - Manifests para despliegue en Edge", []string{"unanchored k8s/edge/"}},
		// a script placed in a directory of the user's home, and its later bare mentions
		{"a script in the home directory", "Use `run-agent.sh` from `~/Work/ai-coder/` to launch review agents.\n\n- Direction changes require 3 `run-agent.sh` reviews.", nil},
		{"twin: a script the repository had", "Use `tools/lint.sh` from the repository root to lint.\n\n- Every change runs `lint.sh` first.", []string{"evidence_file_missing tools/lint.sh", "evidence_file_missing lint.sh"}},
	})
}

// TestNinetyFourthHoldoutIgnoredByKind: an index of local asset packs names directories below a place
// whose files .gitignore keeps out by kind ("game/assets/**/*.png"): git tracks no such directory, so
// one never seen is no drift (gemini-fantasy, six rows). A directory outside that place, and one this
// repository had and lost, stay drift.
func TestNinetyFourthHoldoutIgnoredByKind(t *testing.T) {
	g := newGitFixture(t)
	g.write(".gitignore", "# assets are too large\ngame/assets/**/*.png\n")
	g.write("game/assets/music/theme.ogg.import", "x\n")
	g.gone("2026-04-01T10:00:00Z", "2026-04-02T10:00:00Z", "game/assets/fonts/main.ttf.import")
	g.commit("2026-05-01T10:00:00Z", "app")
	runDriftCases(t, g.open(t), "game/assets/CLAUDE.md", []driftCase{
		{"a pack below the ignored place", "| Pack | Contents | Path |\n|---|---|---|\n| **beast_tribes** | 5 beast battlers | `beast_tribes/100/sv_battler/` |", nil},
		{"twin: a place the rule does not cover", "| Pack | Contents | Path |\n|---|---|---|\n| **levels** | level sprites | `game/levels/forest/` |", []string{"unanchored game/levels/forest/"}},
		{"twin: a directory this repository had", "| Pack | Contents | Path |\n|---|---|---|\n| **fonts** | fonts | `fonts/` |", []string{"evidence_file_missing fonts/"}},
	})
}
