package engine_test

import (
	"strings"
	"testing"
)

// TestHundredFourteenthHoldoutClasses: the false rows of the hundred-and-fourteenth holdout that were
// fixed, each beside a twin that stays drift.
func TestHundredFourteenthHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("docs/phases/phase-2-course.md", "# phase 2\n")
	g.write("tailwind.config.mjs", "export default {}\n")
	g.write("config/schema/felder.yaml", "a: 1\n")
	g.commit("2026-05-01T10:00:00Z", "app")
	g.remove("tailwind.config.mjs")
	g.remove("config/schema/felder.yaml")
	g.commit("2026-05-02T10:00:00Z", "tailwind v4, one schema")
	repo := g.open(t)
	runDriftCases(t, repo, "CLAUDE.md", []driftCase{
		{"a tree entry its note is glued to", "```\ndocs/\n└── phases/\n    ├── phase-2-course.md- 课程管理\n```", nil},
		{"twin: a glued entry no file has", "```\ndocs/\n└── phases/\n    ├── phase-9-course.md- 课程管理\n```", []string{"unverified unanchored docs/phases/phase-9-course.md"}},
		{"a comma's no", "- **Stack:** Tailwind CSS v4 (`@tailwindcss/vite`, no `tailwind.config.mjs` — the bridge lives in CSS), SCSS.", nil},
		{"twin: a comma's list", "- **Stack:** Tailwind CSS v3 (`@tailwindcss/vite`, `tailwind.config.mjs` — the bridge lives in JS), SCSS.", []string{"evidence_file_missing tailwind.config.mjs"}},
		{"German: none needed", "- Keine separate `config/schema/felder.yaml` nötig", nil},
		{"twin: German, one needed", "- Eine separate `config/schema/felder.yaml` ist nötig", []string{"evidence_file_missing config/schema/felder.yaml"}},
	})
}

// TestHundredFourteenthHoldoutDatedEntries: a log entry dated by its lead names the files of its day;
// one history removed on or after that day stands, one already gone before it stays drift, and so does
// the same line without a date.
func TestHundredFourteenthHoldoutDatedEntries(t *testing.T) {
	g := newGitFixture(t)
	g.write("src/components/CategoryModal.js", "export {}\n")
	g.write("src/components/OldModal.js", "export {}\n")
	g.write("src/App.js", "export {}\n")
	g.commit("2026-03-01T10:00:00Z", "app")
	g.remove("src/components/OldModal.js")
	g.commit("2026-03-10T10:00:00Z", "drop the old modal")
	g.remove("src/components/CategoryModal.js")
	g.commit("2026-04-25T10:00:00Z", "T16: remove Kelola Kategori")
	repo := g.open(t)
	runDriftCases(t, repo, "CLAUDE.md", []driftCase{
		{"a dated list item before the removal", "- **FIXED (2026-03-28):** Phantom category items shown raw. Fix: fallback. File: `src/components/CategoryModal.js`", nil},
		{"a dated table row before the removal", "| Date | Change |\n|---|---|\n| 2026-04-19 | FIXED: Duplicate codes not blocked — `CategoryModal.js` now has `codeError` state. |", nil},
		{"twin: a dated row naming a file gone before its day", "| Date | Change |\n|---|---|\n| 2026-04-19 | FIXED: `OldModal.js` now fades. |", []string{"evidence_file_missing OldModal.js"}},
		{"twin: a dated item after the file was gone", "- **FIXED (2026-03-28):** Old dialogs flickered. Fix: fade. File: `src/components/OldModal.js`", []string{"evidence_file_missing src/components/OldModal.js"}},
		{"twin: the same item without a date", "- **FIXED:** Phantom category items shown raw. Fix: fallback. File: `src/components/CategoryModal.js`", []string{"evidence_file_missing src/components/CategoryModal.js"}},
	})
	// attack: a soul's live state cannot date a claim to keep a gone file standing
	runSoulCases(t, repo, []driftCase{
		{"a dated item in a soul's current state", "- **FIXED (2026-03-28):** Phantom category items shown raw. Fix: fallback. File: `src/components/CategoryModal.js`", []string{"evidence_file_missing src/components/CategoryModal.js"}},
	})
}

// TestHundredFourteenthHoldoutOldLayout: a tree under a heading that says it shows the old layout, as a
// migration's before-and-after does, is history; the same tree under "Neu" (new) stays drift.
func TestHundredFourteenthHoldoutOldLayout(t *testing.T) {
	g := newGitFixture(t)
	g.write("src/amorph/arch/core.js", "export {}\n")
	g.write("src/amorph/features/grid-view/index.js", "export {}\n")
	g.commit("2026-05-01T10:00:00Z", "technical layout")
	g.remove("src/amorph/arch/core.js")
	g.commit("2026-05-02T10:00:00Z", "feature layout")
	repo := g.open(t)
	doc := func(heading string) []byte {
		return []byte("# A\n\n## Migration\n\n### " + heading + "\n```\nsrc/amorph/\n├── arch/          # ALLE System-Komponenten\n└── features/      # Feature-Module\n```\n")
	}
	for _, tc := range []struct {
		name, heading string
		want          []string
	}{
		{"the old layout, in German", "Alt (technische Trennung):", nil},
		{"the layout before, in English", "Before", nil},
		{"twin: the new layout", "Neu (Feature-basiert):", []string{"evidence_file_missing src/amorph/arch/"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assertDrift(t, findingsOf(t, repo, "CLAUDE.md", doc(tc.heading)), tc.want)
		})
	}
}

// TestHundredFourteenthHoldoutDatedSections: a section whose heading carries a date dates its rows (a
// dated audit's "Violations fixed" table), and a dated entry's line hint cites the file of its day when a
// later commit reworked the file; twins in undated sections, or of a file unchanged since, stay drift.
func TestHundredFourteenthHoldoutDatedSections(t *testing.T) {
	g := newGitFixture(t)
	g.write("src/EffortGrid.tsx", "export {}\n")
	g.write("src/Reports.js", strings.Repeat("// x\n", 20)+"const subtotal = 1\n")
	g.write("src/Stable.js", strings.Repeat("// x\n", 5)+"const total = 1\n")
	g.commit("2026-05-01T10:00:00Z", "app")
	g.remove("src/EffortGrid.tsx")
	g.write("src/Reports.js", strings.Repeat("// y\n", 40)+"const subtotal = 1\n")
	g.commit("2026-06-02T10:00:00Z", "rework reports, drop the grid")
	repo := g.open(t)
	audit := func(heading string) []byte {
		return []byte("# A\n\n## " + heading + "\n\n### Violations fixed\n\n| File | Fix |\n|---|---|\n| `src/EffortGrid.tsx` | inline easing → `EASE_OUT_EXPO` |\n")
	}
	for _, tc := range []struct {
		name string
		doc  []byte
		want []string
	}{
		{"a row of a dated audit", audit("Phase 10 Hardening — DRY Audit (2026-05-30)"), nil},
		{"twin: the same row, undated", audit("Phase 10 Hardening — DRY Audit"), []string{"evidence_file_missing src/EffortGrid.tsx"}},
		{"twin: a dated snapshot of the present", audit("Current release state (as of 2026-05-30)"), []string{"evidence_file_missing src/EffortGrid.tsx"}},
		{"a dated row's line hint, the file reworked since", []byte("# A\n\n## Log\n\n| Date | Change |\n|---|---|\n| 2026-05-03 | T84: `subtotal` colours set at `src/Reports.js:21`. |\n"), nil},
		{"twin: an undated row's line hint", []byte("# A\n\n## Log\n\n| Change |\n|---|\n| T84: `subtotal` colours set at `src/Reports.js:21`. |\n"), []string{"line_drift src/Reports.js:21"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assertDrift(t, findingsOf(t, repo, "CLAUDE.md", tc.doc), tc.want)
		})
	}
}
