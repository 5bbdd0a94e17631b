package engine_test

import (
	"testing"
)

// TestFortyFourthHoldoutOutsideInclude: a Makefile that takes its rules from a file outside the
// repository ("include $(PGXS)", PostgreSQL's extension build) makes targets its own text never
// lists. tembo-io/pgmq's CONTRIBUTING.md runs `make install` and `make installcheck` in
// pgmq-extension/, with no Makefile at the root: five false "no Makefile in the root" rows in the
// forty-fourth holdout. Such a target is unverified, never drift. A root Makefile of its own, or a
// target history shows the Makefile once had, keep the finding drift.
func TestFortyFourthHoldoutOutsideInclude(t *testing.T) {
	pgxs := "EXTENSION = queue\nPG_CONFIG ?= pg_config\nPGXS := $(shell $(PG_CONFIG) --pgxs)\ninclude $(PGXS)\n\ninstall-partman:\n\techo partman\n"
	cases := []struct {
		name          string
		before, after map[string]string
		doc           string
		want          []string
	}{
		{"no root Makefile; the extension's includes $(PGXS)", nil, map[string]string{"queue-extension/Makefile": pgxs},
			"## Install\n\n```bash\ngit clone https://github.com/acme/queue.git\ncd queue/queue-extension\nmake\nmake install\n```\n\n## Test\n\n```bash\nmake installcheck\n```\n",
			[]string{"unverified evidence_file_missing make install", "unverified evidence_file_missing make installcheck"}},
		{"a target the Makefile lists beside the include", nil, map[string]string{"queue-extension/Makefile": pgxs},
			"## Partman\n\n```bash\nmake install-partman\n```\n", nil},
		{"twin: no Makefile anywhere", nil, map[string]string{"main.go": "package main\n"},
			"## Test\n\n```bash\nmake installcheck\n```\n", []string{"evidence_file_missing make installcheck"}},
		{"twin: the subdirectory's include is this repository's file", nil,
			map[string]string{"ext/Makefile": "include $(ROOT)/rules.mk\n\nbuild:\n\tcc\n", "rules.mk": "fmt:\n\tindent\n"},
			"## Test\n\n```bash\nmake installcheck\n```\n", []string{"evidence_file_missing make installcheck"}},
		{"twin: an optional dependency include", nil, map[string]string{"ext/Makefile": "-include $(DEPS)\n\nbuild:\n\tcc\n"},
			"## Test\n\n```bash\nmake installcheck\n```\n", []string{"evidence_file_missing make installcheck"}},
		{"twin: a root Makefile that lost the target, an outside include elsewhere", map[string]string{"Makefile": "build:\n\tcc\n\nlint:\n\tpgindent\n"}, map[string]string{"Makefile": "build:\n\tcc\n", "ext/Makefile": pgxs},
			"## Lint\n\n```bash\nmake lint\n```\n", []string{"evidence_changed make lint"}},
		{"twin: a target the Makefile had and lost", map[string]string{"Makefile": pgxs + "\nlint:\n\tpgindent\n"}, map[string]string{"Makefile": pgxs},
			"## Lint\n\n```bash\nmake lint\n```\n", []string{"evidence_changed make lint"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			g := newGitFixture(t)
			for f, body := range tc.before {
				g.write(f, body)
			}
			g.write("README.md", "# queue\n")
			g.commit("2026-06-01T10:00:00Z", "init")
			for f, body := range tc.after {
				g.write(f, body)
			}
			g.commit("2026-07-01T10:00:00Z", "now")
			runDriftCases(t, g.open(t), "CONTRIBUTING.md", []driftCase{{tc.name, tc.doc, tc.want}})
		})
	}
}

// TestFortyFourthHoldoutContinuedLine: a command whose arguments run on after a backslash is one
// command (citusdata/citus's CONTRIBUTING.md: "sudo apt-get install -y … \" over "make uuid-dev",
// two package names read as a make target of their own). A make on a line of its own still is one.
func TestFortyFourthHoldoutContinuedLine(t *testing.T) {
	g := newGitFixture(t)
	g.write("Makefile", "all:\n\tcc\n")
	g.commit("2026-06-01T10:00:00Z", "init")
	repo := g.open(t)

	runDriftCases(t, repo, "CONTRIBUTING.md", []driftCase{
		{"package names continued after a backslash", "```bash\nsudo apt-get install -y autoconf flex \\\n                 make uuid-dev\nmake all\n```", nil},
		{"twin: a make line of its own", "```bash\nsudo apt-get install -y autoconf flex\nmake uuid-dev\n```", []string{"unverified evidence_changed make uuid-dev"}},
	})
}
