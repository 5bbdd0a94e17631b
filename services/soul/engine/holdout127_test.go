package engine_test

import (
	"strings"
	"testing"
)

// TestHundredTwentySeventhHoldoutClasses: the false rows of the hundred-and-twenty-seventh holdout that
// were fixed, each beside a twin that stays drift.
func TestHundredTwentySeventhHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("backend/main.py", strings.Repeat("x = 1\n", 811))
	g.write("release/notes.md", "# notes\n")
	g.write("android/ARCHITECTURE.md", "# arch\n")
	g.write("android/package.json", "{}\n")
	g.write("android/Documentation/OLD.md", "# old\n")
	g.commit("2026-05-01T10:00:00Z", "app")
	g.remove("release/notes.md")
	g.remove("android/Documentation/OLD.md")
	g.commit("2026-05-02T10:00:00Z", "notes move to the wiki")
	repo := g.open(t)
	runDriftCases(t, repo, "CLAUDE.md", []driftCase{
		{"a size a rule waits for", "- `backend/main.py` — all routes; never split into routers unless file exceeds 600 lines", nil},
		{"twin: a size the file is said to have", "- `backend/main.py` — all routes, about 600 lines", []string{"size_drift backend/main.py"}},
		{"a folder a table says to create when needed", "| Layer | Folder | Role |\n|---|---|---|\n| organisms | `src/components/sections/` (create when needed) | Page-level blocks |", nil},
		{"twin: the folder as where the blocks are", "| Layer | Folder | Role |\n|---|---|---|\n| organisms | `src/components/sections/` | Page-level blocks |", []string{"unverified unanchored src/components/sections/"}},
		{"a Japanese heading over branch prefixes", "## ブランチ命名\n\n| プレフィックス | 用途 |\n|---|---|\n| `feat/` | 機能追加 |\n| `release/` | リリース作業 |", nil},
		{"twin: a Japanese heading over folders", "## フォルダ構成\n\n| フォルダ | 用途 |\n|---|---|\n| `release/` | リリース作業 |", []string{"evidence_file_missing release/"}},
	})
	runDriftCases(t, repo, "android/CLAUDE.md", []driftCase{
		{"a label drawn inside a tree", "## Layout\n\n```\n├── package.json             # Dependencies\n│\n└── Documentation Files:\n    └── ARCHITECTURE.md      # System architecture overview\n```\n", nil},
		{"twin: a directory drawn inside a tree", "## Layout\n\n```\n├── package.json             # Dependencies\n│\n└── Documentation/\n    └── ARCHITECTURE.md      # System architecture overview\n```\n", []string{"evidence_file_missing Documentation/"}},
	})
}
