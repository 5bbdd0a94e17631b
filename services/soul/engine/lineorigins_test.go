package engine_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/organism-dev/organism/services/soul/engine"
)

// numbered is a source file of n lines, each its own statement; extra replaces chosen lines.
func numbered(n int, extra map[int]string) string {
	var b strings.Builder
	for i := 1; i <= n; i++ {
		if s, ok := extra[i]; ok {
			b.WriteString(s + "\n")
			continue
		}
		fmt.Fprintf(&b, "step_%d = run_step(%d)\n", i, i)
	}
	return b.String()
}

// TestSeventyEighthHoldoutLineOrigins: a claim citing several files' lines gives each hint the others'
// words, and the nearest line holding one read as where the cited line went. A cited line unchanged
// since the hint was first written has not moved; one whose file changed since stays drift (moved or
// changed), even when
// the document's line was rewritten after that change with the old hint kept.
func TestSeventyEighthHoldoutLineOrigins(t *testing.T) {
	g := newGitFixture(t)
	lines := map[int]string{20: `@router.post("/tasks/accounts")`, 30: `    "ref": created["id"],`}
	g.write("routes/accounts.py", numbered(40, lines))
	g.write("routes/items.py", numbered(40, lines))
	g.write("routes/log.py", numbered(40, lines))
	g.write("routes/planning.py", numbered(20, nil))
	g.write("routes/jobs.py", numbered(20, nil))
	g.write("routes/split.py", numbered(40, lines))
	for _, doc := range []string{"apps", "gateway", "admin", "jobs", "graders"} {
		g.write(doc+"/AGENTS.md", string(notes("- Nothing cited yet.")))
	}
	g.commit("2026-05-01T10:00:00Z", "routes and their documents")

	claim := func(file string) string {
		return "## Notes\n\n- `POST /tasks/accounts` (`routes/" + file + ":30`) and `routes/planning.py:12` index the pending marker as a result."
	}
	unmoved, moved, rewritten := notes(claim("accounts.py")), notes(claim("items.py")), notes(claim("log.py"))
	g.write("apps/AGENTS.md", string(unmoved))
	g.write("gateway/AGENTS.md", string(moved))
	g.write("admin/AGENTS.md", string(rewritten))
	changed := notes("## Notes\n\n- `run_guard()` (`routes/jobs.py:12`) swallows a queued update.")
	g.write("jobs/AGENTS.md", string(changed))
	// a file imported with the hint that cites it, the hint already wrong where it was written
	g.write("routes/grade.py", numbered(40, lines))
	imported := notes(claim("grade.py"))
	g.write("graders/AGENTS.md", string(imported))
	attack := []byte("# A\n\n## Current state\n\n- `POST /tasks/accounts` (`routes/accounts.py:30`) indexes the pending marker as a result.\n")
	g.write("PATHOS.md", string(attack))
	g.commit("2026-05-02T10:00:00Z", "docs cite the lines")

	// items.py and log.py change under their hints: four lines above the cited one
	shifted := numbered(44, map[int]string{24: lines[20], 34: lines[30]})
	g.write("routes/items.py", shifted)
	g.write("routes/log.py", shifted)
	g.write("routes/split.py", shifted)
	g.write("routes/jobs.py", numbered(20, map[int]string{12: "retry_guard = None"}))
	g.commit("2026-05-03T10:00:00Z", "routes grow")
	// admin/AGENTS.md's line is rewritten after log.py moved, its old hint kept
	rewritten = []byte(strings.Replace(string(rewritten), "as a result.", "as a result (still).", 1))
	g.write("admin/AGENTS.md", string(rewritten))
	// a document split from another after split.py moved, born with the old hint
	split := notes(claim("split.py"))
	g.write("split/AGENTS.md", string(split))
	g.commit("2026-05-04T10:00:00Z", "docs reworded and split")
	repo := g.open(t)

	t.Run("a cited line unchanged since its hint was written", func(t *testing.T) {
		assertDrift(t, findingsOf(t, repo, "apps/AGENTS.md", unmoved), nil)
	})
	t.Run("twin: the file changed under the hint", func(t *testing.T) {
		assertDrift(t, findingsOf(t, repo, "gateway/AGENTS.md", moved), []string{"line_drift routes/items.py:30"})
	})
	t.Run("twin: a file imported in the commit that wrote the hint citing it", func(t *testing.T) {
		assertDrift(t, findingsOf(t, repo, "graders/AGENTS.md", imported), []string{"line_drift routes/grade.py:30"})
	})
	t.Run("twin: a document born with the hint, split from another", func(t *testing.T) {
		assertDrift(t, findingsOf(t, repo, "split/AGENTS.md", split), []string{"line_drift routes/split.py:30"})
	})
	t.Run("twin: the cited line changed, no line holding the claim's words", func(t *testing.T) {
		assertDrift(t, findingsOf(t, repo, "jobs/AGENTS.md", changed), []string{"evidence_changed routes/jobs.py:12"})
	})
	t.Run("twin: the line rewritten after the file changed, the old hint kept", func(t *testing.T) {
		assertDrift(t, findingsOf(t, repo, "admin/AGENTS.md", rewritten), []string{"line_drift routes/log.py:30"})
	})
	// attack: a soul (SOUL-INV-1) cannot vouch for a line that never said what its claim says by
	// leaving the file alone since it cited it
	t.Run("attack: a soul's cited line that never held the claim's words keeps its drift", func(t *testing.T) {
		got := driftLabeled(t, repo, "PATHOS.md", attack, func(f engine.Finding) string { return f.Reason + " " + f.Anchor })
		assertDrift(t, got, []string{"line_drift routes/accounts.py:30"})
	})
}

// TestEightySeventhHoldoutLineMovedWhole: a hint whose cited lines moved whole says where they went,
// read from the lines the hint cited when it was written, not from the nearest line that holds a word
// of the claim ("`firebaseServer.ts:23`" over a token check that moved to line 38, while a comment at
// line 12 names the claim's `jose`: the eighty-seventh holdout's spark). A hint whose claim names a
// word the file no longer holds, over lines that moved whole, is line drift too, not a changed file
// (TestSeventyEighthHoldoutLineOrigins keeps the twin: cited lines that changed).
func TestEightySeventhHoldoutLineMovedWhole(t *testing.T) {
	g := newGitFixture(t)
	check := "export async function verifyIdToken(token: string) { return jwtVerify(token, keys) }"
	g.write("server/auth.ts", numbered(30, map[int]string{23: check}))
	g.write("server/pay.ts", numbered(30, map[int]string{23: check}))
	g.write("web/AGENTS.md", string(notes("- Nothing cited yet.")))
	g.write("api/AGENTS.md", string(notes("- Nothing cited yet.")))
	g.commit("2026-05-01T10:00:00Z", "server")
	words := notes("## Auth\n\n- The server verifies tokens against Google's keys (`jose`) in `server/auth.ts:23`.")
	noWords := notes("## Auth\n\n- Token checks (`Bearer`) live in `server/pay.ts:23`.")
	g.write("web/AGENTS.md", string(words))
	g.write("api/AGENTS.md", string(noWords))
	docs := g.commit("2026-05-02T10:00:00Z", "docs cite the lines")[:7]
	grown := numbered(45, map[int]string{12: "// tokens are checked with jose", 38: check})
	g.write("server/auth.ts", grown)
	g.write("server/pay.ts", grown)
	g.commit("2026-05-03T10:00:00Z", "server grows")
	repo := g.open(t)
	detail := func(f engine.Finding) string { return f.Reason + " " + f.Detail }

	t.Run("the cited line moved whole, a comment holds the claim's word", func(t *testing.T) {
		got := driftLabeled(t, repo, "web/AGENTS.md", words, detail)
		assertDrift(t, got, []string{"line_drift server/auth.ts: the lines cited when the hint was written (" + docs + ") are now 38, hint says 23"})
	})
	t.Run("the cited line moved whole, the claim's word nowhere in the file", func(t *testing.T) {
		got := driftLabeled(t, repo, "api/AGENTS.md", noWords, detail)
		assertDrift(t, got, []string{"line_drift server/pay.ts: the lines cited when the hint was written (" + docs + ") are now 38, hint says 23"})
	})
}
