package engine_test

import (
	"strings"
	"testing"

	"github.com/organism-dev/organism/services/soul/engine"
)

func TestRecallReleaseTags(t *testing.T) {
	tagged := newGitFixture(t)
	tagged.write("main.go", "package main\n")
	tagged.commit("2026-05-01T10:00:00Z", "one")
	tagged.git("tag", "v1.2.0")
	tagged.commit("2026-05-02T10:00:00Z", "two")
	tagged.git("tag", "v1.3.0")
	tagged.git("tag", "v2.0.0-rc.1")
	doc := strings.Join([]string{
		"# Agents", "", "## Releases", "",
		"- v1.4.0 is released with the new parser.",
		"- v1.3.0 is tagged.",
		"- v1.5.0 will be released next month.",
		"- v2.0.0-rc.2 was tagged last week.",
		"- We depend on protobuf v1.9.0.",
		"",
	}, "\n")
	tagged.write("AGENTS.md", doc)
	tagged.commit("2026-06-06T10:00:00Z", "doc")

	bare := newGitFixture(t)
	bare.write("main.go", "package main\n")
	bare.write("AGENTS.md", doc)
	bare.commit("2026-06-06T10:00:00Z", "doc")

	cases := []struct {
		name, root, fragment string
		state                engine.State
		reason               string
	}{
		{"missing release in the tag scheme", tagged.root, "v1.4.0", engine.StateStale, engine.ReasonUntaggedRelease},
		{"release that is tagged", tagged.root, "v1.3.0", engine.StateFresh, ""},
		{"future release", tagged.root, "v1.5.0", engine.StateUnprovableNow, engine.ReasonNotATag},
		{"one tag is no scheme", tagged.root, "v2.0.0-rc.2", engine.StateUnprovableNow, engine.ReasonNotATag},
		{"a dependency's version", tagged.root, "protobuf", engine.StateUnprovableNow, engine.ReasonNotATag},
		{"repository without release tags", bare.root, "v1.4.0", engine.StateUnprovableNow, engine.ReasonNotATag},
	}
	reports := map[string]*engine.Report{}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			rep := reports[tc.root]
			if rep == nil {
				rep = check(t, tc.root, "AGENTS.md", engine.CheckOptions{})
				reports[tc.root] = rep
			}
			c := findClaim(t, rep, tc.fragment)
			if c.State != tc.state || c.Reason != tc.reason {
				t.Fatalf("got %s/%s (%s), want %s/%s", c.State, c.Reason, c.Detail, tc.state, tc.reason)
			}
		})
	}
}
