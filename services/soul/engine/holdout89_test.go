package engine_test

import "testing"

// TestEightyNinthHoldoutClasses: the false rows of the eighty-ninth holdout, each beside a twin that stays
// drift.
func TestEightyNinthHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("package.json", `{"name":"mcp","files":["dist"]}`+"\n")
	g.write("test/e2e/admin_api.go", "package e2e\n")
	g.write("commands/trade_channels.py", numbered(80, map[int]string{74: "    overwrites = {", 75: "        guild.me: discord.PermissionOverwrite(view_channel=True),", 76: "        guild.default_role: hidden,", 77: "    }"}))
	g.gone("2026-04-01T10:00:00Z", "2026-04-02T10:00:00Z", ".npmignore", "test/e2e/cluster_create.go")
	g.commit("2026-05-01T10:00:00Z", "fix(freshen): guard the checkout")
	g.commit("2026-05-02T10:00:00Z", "Merge pull request #2333 from CERTCC/bug/1784-freshen-branch-abort-fails")
	g.commit("2026-05-03T10:00:00Z", "feat: replicas (#2182)")
	repo := g.open(t)
	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		// an issue a merged pull request's branch is named for
		{"an issue the merged branch is named for", "- The freshen script guards the checkout, fixed in #1784.", nil},
		// an adverb between "there is" and "no"
		{"intentionally no file", "What ships is governed by the `files` allowlist in `package.json`: there is intentionally **no `.npmignore`**.", nil},
		{"twin: intentionally a file", "What ships is governed by the `files` allowlist in `package.json` and there is intentionally **a `.npmignore`**.", []string{"evidence_file_missing .npmignore"}},
		// a line hint in a sentence that says what was removed from the cited lines
		{"what was removed from the cited lines", "**Fix**: Removed `manage_channels` and `manage_permissions` from the bot's overwrites in `commands/trade_channels.py:74-77`.", nil},
		{"twin: what the cited lines set", "**Fix**: Set `manage_channels` and `manage_permissions` in the bot's overwrites in `commands/trade_channels.py:74-77`.", []string{"evidence_changed commands/trade_channels.py:74-77"}},
	})
	// a soul's PR anchors stay answerable to its log; an ordinary document's are held (judge.go)
	runSoulCases(t, repo, []driftCase{
		{"twin: a number no merge names", "- The freshen script guards the checkout, fixed in #1785.", []string{"ref_missing #1785"}},
	})
	runDriftCases(t, repo, "test/AGENTS.md", []driftCase{
		// an item that opens with its verdict, under a naming rule
		{"good names under a naming rule", "## Build Tags and File Naming\n\n- **File naming**: E2E test files should NOT use the `_test.go` suffix\n  - ✅ Good: `cluster_create.go`, `admin_api.go`\n  - ❌ Bad: `cluster_create_test.go`", nil},
		{"twin: the same item under a list of files", "## Suite\n\n- **Entry points**: the suite starts from these files\n  - ✅ Good: `cluster_create.go`, `admin_api.go`", []string{"evidence_file_missing cluster_create.go"}},
	})
}

// TestEightyNinthHoldoutSizes: counts of lines that size no one file (the eighty-eighth and
// eighty-ninth holdouts), each beside a twin that stays a size claim.
func TestEightyNinthHoldoutSizes(t *testing.T) {
	g := newGitFixture(t)
	g.write("kernel/log.rs", numbered(40, nil))
	g.write("kernel/dispatch.rs", numbered(40, nil))
	g.write("render/highlight.rs", numbered(40, nil))
	g.write("BRIEF.md", numbered(695, nil))
	g.commit("2026-05-01T10:00:00Z", "kernel")
	repo := g.open(t)
	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"lines spread across files", "- Work estimate: ~200-300 lines across `kernel/log.rs` and `kernel/dispatch.rs`.", nil},
		{"twin: one file's lines", "- Work estimate: `kernel/log.rs` holds ~300 lines.", []string{"size_drift kernel/log.rs"}},
		{"a guard's threshold", "| File | Purpose |\n|---|---|\n| `render/highlight.rs` | Highlighter wrapping `syntect`. Input guardrails reject files over 512 KB or 10,000 lines. |", nil},
		{"twin: the file's own size", "| File | Purpose |\n|---|---|\n| `render/highlight.rs` | Highlighter, over 10,000 lines. |", []string{"size_drift render/highlight.rs"}},
		{"the size of the line's own placeholder", "**For sprint work:** Read `docs/sprint{N}.md` (focused, 200-300 lines)\n**For context:** Consult `BRIEF.md` (650 lines — only when needed)", nil},
		{"twin: a type's size, its file on the wrapped line", "`Deps`, is about 300 lines of declaration and lives in its own\n`BRIEF.md`, re-exported.", []string{"size_drift BRIEF.md"}},
		{"twin: the size on the file's own line", "**For sprint work:** Read the sprint notes\n**For context:** Consult `BRIEF.md` (about 300 lines — only when needed)", []string{"size_drift BRIEF.md"}},
	})
}
