package main

import (
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
)

// soulCheckStderr is where `soul check` writes what is not its report; stdout stays the JSON, SARIF or
// text a pipeline reads. A variable so the CLI tests can read it.
var soulCheckStderr io.Writer = os.Stderr

// noHandoffNote says, on stderr, that `soul check --all` found no handoff document, so an empty report
// is not mistaken for a clean one; it names the repository's CONTRIBUTING.md files, which --all does not
// pick (a contributor guide is a document for people, checked only when named). The exit stays 0.
func noHandoffNote(w io.Writer, run *checkRun, repoFlag string, repoGiven bool) {
	var contrib []string
	for _, p := range run.repo.ByBasename("CONTRIBUTING.md") {
		if !skippedPath(p) && !run.ignore.Doc(p) {
			contrib = append(contrib, p)
		}
	}
	sort.Strings(contrib)
	line := "soul check --all: no AGENTS.md, CLAUDE.md, GEMINI.md, PATHOS.md or .github/copilot-instructions.md found; nothing was checked"
	if len(contrib) > 0 {
		cmd := "organism soul check "
		if repoGiven {
			cmd += "--repo " + repoFlag + " "
		}
		line = fmt.Sprintf("soul check --all: no AGENTS.md, CLAUDE.md, GEMINI.md, PATHOS.md or .github/copilot-instructions.md found; this repository has %s: name them to check them: %s%s",
			strings.Join(contrib, ", "), cmd, strings.Join(contrib, " "))
	}
	fmt.Fprintln(w, line)
}
