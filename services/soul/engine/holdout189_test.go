package engine_test

import "testing"

// TestHundredEightyNinthHoldoutClasses: the false rows of the hundred-and-eighty-ninth holdout that were
// fixed, each beside a twin that stays a finding.
func TestHundredEightyNinthHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("package.json", "{}\n")
	g.write("lib/campaign_manager.py", "SAVES = 'saves'\n")
	g.write("test/spec/basic.json", "{}\n")
	g.write("ts/test/spec/old.json", "{}\n")
	g.write("saves/old.json", "{}\n")
	g.commit("2026-06-01T10:00:00Z", "init")
	g.remove("ts/test/spec/old.json")
	g.remove("saves/old.json")
	g.commit("2026-06-02T10:00:00Z", "move the fixtures up")
	repo := g.open(t)

	// cpi-si-claude-code: links into the author's workspace, whose place a later section gives
	location := "### Scripture\n\n**Location:** `/media/someone/Project/Studio/bereshit/word/scripture/`\n"
	runDriftCases(t, repo, "CLAUDE.md", []driftCase{
		{"a link going on from an absolute place the document names", "> — [KJV](bereshit/word/scripture/KJV/Genesis/Chapter_1/Verse_1.txt)\n\n" + location, nil},
		{"twin: a link the document's place does not lead to", "> — [KJV](bereshit/notes/Genesis.txt)\n\n" + location, []string{"unanchored bereshit/notes/Genesis.txt"}},
	})

	// Claude-Code-Game-Master and jsonic: a folder of each campaign, fixtures that moved up from a place
	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"a folder each member keeps", "- **Saves:** JSON snapshots in each campaign's `saves/`.", nil},
		{"twin: the root's folder", "- **Saves:** JSON snapshots in the repository's `saves/`.", []string{"evidence_file_missing saves/"}},
		{"the place fixtures moved up from", "These moved up from `ts/test/spec/` so the fixtures sit above both runtimes.", nil},
		{"twin: the place fixtures sit in", "These sit in `ts/test/spec/` so the fixtures stay with the runtime.", []string{"evidence_file_missing ts/test/spec/"}},
	})
}
