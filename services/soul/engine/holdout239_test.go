package engine_test

import (
	"testing"
)

// TestTwoHundredThirtyNinthHoldoutClasses: the false rows of the two-hundred-and-thirty-ninth holdout
// that were fixed, each beside a twin that stays a finding.
func TestTwoHundredThirtyNinthHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("package.json", `{"name": "larinova", "private": true}`+"\n")
	g.write("ops/whatsapp/package.json", `{"name": "wa", "dependencies": {"whatsapp-web.js": "^1.26.0"}}`+"\n")
	g.write("ops/whatsapp/config.ts", "export const ua = ''\n")
	g.write("backend/app/routers/calls.py", "pass\n")
	g.commit("2026-06-01T10:00:00Z", "init")
	repo := g.open(t)

	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		// larinova-mvp: a library a workspace package depends on
		{"a library of a workspace package", "- Set a modern Chrome user agent from `ops/whatsapp/config.ts`; the old `whatsapp-web.js` default UA is unreliable.", nil},
		{"twin: a script by the same kind of name", "- Set a modern Chrome user agent from `ops/whatsapp/config.ts`; the old `whatsapp-login.js` default UA is unreliable.", []string{"unverified unanchored whatsapp-login.js"}},
		// cq-v3-ai: a directory an item marks as still to build
		{"a directory still to build", "- `backend/app/workers/` — (to build) transcribe + score background processes.", nil},
		{"twin: a directory described", "- `backend/app/workers/` — transcribe + score background processes.", []string{"unanchored backend/app/workers/"}},
	})
}

// TestTwoHundredThirtyNinthHoldoutStandIns: a file named with its number left open, and a sample of a
// case style given with "such as", each beside a twin.
func TestTwoHundredThirtyNinthHoldoutStandIns(t *testing.T) {
	g := newGitFixture(t)
	g.write("scenes/Scene1.gd", "extends Node2D\n")
	g.write("src/lib/format-date.ts", "export {}\n")
	g.gone("2026-05-01T10:00:00Z", "2026-05-02T10:00:00Z", "scenes/scene1.py", "src/lib/topic-tracker.ts")
	repo := g.open(t)

	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		// anniversary-game: one file per scene, the number written N
		{"a scene file by its number's letter", "`scenes/sceneN.py` → `scenes/SceneN.gd` (Node2D).", nil},
		{"twin: a scene file by its number", "`scenes/scene1.py` → `scenes/Scene1.gd` (Node2D).", []string{"evidence_file_missing scenes/scene1.py"}},
		// botcord: a sample of a case style
		{"a sample of kebab-case", "Use PascalCase for React components, kebab-case for utility modules such as `topic-tracker.ts`.", nil},
		{"twin: a module named for its job", "Topic tracking lives in `topic-tracker.ts`.", []string{"evidence_file_missing topic-tracker.ts"}},
	})
}
