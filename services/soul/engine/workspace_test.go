package engine_test

import (
	"strings"
	"testing"

	"github.com/organism-dev/organism/services/soul/engine"
)

func TestRecallWorkspaceCommands(t *testing.T) {
	g := newGitFixture(t)
	g.write("Makefile", "build-all:\n\tgo build ./...\n\ntest:\n\tgo test ./...\n")
	g.write("services/api/go.mod", "module example.com/api\n")
	g.write("services/api/Makefile", "gen:\n\tbuf generate\n")
	g.write("package.json", `{"name":"root","private":true,"workspaces":["packages/*"],"scripts":{"test":"vitest","lint":"eslint ."}}`+"\n")
	g.write("packages/web/package.json", `{"name":"web","scripts":{"storybook":"storybook dev"}}`+"\n")
	g.write("AGENTS.md", strings.Join([]string{
		"# Agents", "", "## Commands", "",
		"- `make gen` regenerates the API stubs.",
		"- `make buildall` builds everything.",
		"- `make test` runs the tests.",
		"- `npm run storybook` opens the component gallery.",
		"- `npm run tset` runs the unit tests.",
		"- `npm run lint` lints.",
		"",
	}, "\n"))
	g.commit("2026-06-06T10:00:00Z", "doc")
	rep := check(t, g.root, "AGENTS.md", engine.CheckOptions{})
	cases := []struct {
		fragment string
		stale    bool
		reason   string // the make or npm anchor's own verdict
		detail   string
	}{
		{"make gen", false, engine.ReasonWorkspaceOnly, "make gen exists only in services/api/Makefile"},
		{"make buildall", true, engine.ReasonChanged, "closest: make build-all"},
		{"make test", false, "", ""},
		{"storybook", false, "", "script storybook exists only in packages/web/package.json"},
		{"tset", true, engine.ReasonChanged, "closest: test"},
		{"npm run lint", false, "", ""},
	}
	for _, tc := range cases {
		t.Run(tc.fragment, func(t *testing.T) {
			c := findClaim(t, rep, tc.fragment)
			if got := c.State == engine.StateStale; got != tc.stale {
				t.Fatalf("got state %s (%s), want stale=%v", c.State, c.Detail, tc.stale)
			}
			var ar *engine.AnchorResult
			for i := range c.Anchors {
				if k := c.Anchors[i].Anchor.Kind; k == engine.AnchorMake || k == engine.AnchorNPM {
					ar = &c.Anchors[i]
				}
			}
			if ar == nil {
				t.Fatalf("got no make or npm anchor in %q", c.Claim.Text)
			}
			if ar.Reason != tc.reason || !strings.Contains(ar.Detail, tc.detail) {
				t.Fatalf("got %s %q, want %s holding %q", ar.Reason, ar.Detail, tc.reason, tc.detail)
			}
		})
	}
}
