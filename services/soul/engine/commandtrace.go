package engine

import (
	"context"
	"maps"
	"path"
	"regexp"
	"slices"
	"strings"
)

// Commands under the tier rule. A make target or an npm script its manifest lacks is drift when history
// shows the manifest once defined it (a rule line `name:` removed from the Makefile, a `"name":` key
// removed from package.json): "the Makefile has no target X; removed in abc123". One no commit ever
// defined there fails only by its absence, and the holdouts found that absence is as often soul's blind
// spot as the document's error: a target of a file the Makefile includes, a package manager's own
// command, a script of a workspace package or of a project a generator makes (rounds 12 to 15: 11 of
// the 16 false drift among commands; every true one but `pnpm changeset` had its removal in history).
// So it is an unverified mention, unless its sentence asserts it (tiers.go). History is asked once per
// check, in one pickaxe walk limited to the manifests the failing commands were checked against.

// traceCommands marks each failed make or npm anchor with the commit that removed it from its manifest,
// or as never defined there (commandNever).
func (v *verifier) traceCommands(ctx context.Context, results []ClaimResult) {
	h, ok := v.repo.(History)
	if !v.tiered() || !ok {
		return
	}
	type at struct {
		r, a      int
		manifests map[string]bool
	}
	var asks []at
	words, files := map[string]bool{}, map[string]bool{}
	for i := range results {
		for j, ar := range results[i].Anchors {
			if ar.Status != AnchorFailed || ar.Reason != ReasonChanged {
				continue
			}
			if ms := v.commandManifests(ar.Anchor); len(ms) > 0 {
				asks = append(asks, at{i, j, ms})
				words[ar.Anchor.Name] = true
				for m := range ms {
					files[m] = true
				}
			}
		}
	}
	if len(asks) == 0 {
		return
	}
	lines, err := h.RemovedLines(ctx, slices.Sorted(maps.Keys(words)), slices.Sorted(maps.Keys(files)))
	if err != nil {
		return // history could not answer: the failures keep drift, as a cut history's do
	}
	for _, x := range asks {
		r := &results[x.r]
		ar := &r.Anchors[x.a]
		sha, removed := removedCommand(lines, ar.Anchor, x.manifests)
		if !removed {
			v.commandNever[anchorKey(ar.Anchor)] = true
			continue
		}
		mine := firstFailed(r) == x.a && r.Detail == ar.Detail
		ar.Detail += "; removed in " + sha
		if mine {
			r.Detail = ar.Detail
		}
	}
}

// commandManifests are the files a failed command was looked for in: the Makefile of its directory, or
// with none named the root's and every other one the workspace search read (makeWorkspace: `make gen`
// "there", in a grammar lab's own Makefile); for a script, every package.json the search reads.
func (v *verifier) commandManifests(a Anchor) map[string]bool {
	out := map[string]bool{}
	switch {
	case a.Kind == AnchorMake && a.Name != "": // "no Makefile" is a file, judged as paths are
		dirs := []string{v.nearestMake(a).Path}
		if dirs[0] == "" {
			dirs = append(dirs, v.makeDirs()...)
		}
		for _, d := range dirs {
			if f := v.makeFiles[d]; f != "" {
				out[f] = true
			}
			// kueue's `make toc-verify` lived in Makefile-verify.mk, which the Makefile included
			// before the file moved to hack/make/verify.mk (the thirty-sixth holdout): a target removed
			// from a file a Makefile includes is the same evidence, wherever that file was then
			for _, f := range v.makeIncluded[d] {
				out[f] = true
			}
			if len(v.makeIncluded[d]) > 0 {
				out[includedMakefiles(d)] = true
			}
		}
	case a.Kind == AnchorNPM && a.Name != "":
		for _, f := range v.packageFiles() {
			out[f] = true
		}
	}
	return out
}

// includedMakefiles is the pathspec of the make fragments below dir that an include may have named at
// some commit: every "*.mk" file there.
func includedMakefiles(dir string) string {
	if dir == "" {
		return ":(glob)**/*.mk"
	}
	return ":(glob)" + dir + "/**/*.mk"
}

// inIncludedMakefiles reports a "*.mk" file under a directory whose includedMakefiles the manifests
// name, outside the trees that are no part of the project (vendor/, third_party/ ...).
func inIncludedMakefiles(p string, manifests map[string]bool) bool {
	if !strings.HasSuffix(p, ".mk") || skippedDir(p) {
		return false
	}
	for d := path.Dir(p); ; d = path.Dir(d) {
		root := d == "." || d == "/"
		if root {
			d = ""
		}
		if manifests[includedMakefiles(d)] {
			return true
		}
		if root {
			return false
		}
	}
}

// removedCommand finds, newest first, the commit that removed a's definition from one of manifests: a
// rule line naming the target before its colon, or the script's key.
func removedCommand(lines []RemovedLine, a Anchor, manifests map[string]bool) (string, bool) {
	var key *regexp.Regexp
	if a.Kind == AnchorNPM {
		key = regexp.MustCompile(`"` + regexp.QuoteMeta(a.Name) + `"\s*:`)
	}
	for _, l := range lines {
		if !manifests[l.Path] && !inIncludedMakefiles(l.Path, manifests) {
			continue
		}
		if key != nil && key.MatchString(l.Text) || key == nil && ruleNames(l.Text)[a.Name] {
			return l.SHA, true
		}
	}
	return "", false
}

// ruleNames are the targets a make rule line names before its colon ("build test: deps"), none for a
// variable assignment or a recipe line.
func ruleNames(line string) map[string]bool {
	if strings.HasPrefix(line, "\t") {
		return nil
	}
	head, _, ok := strings.Cut(line, ":")
	if !ok || strings.ContainsAny(head, "=#") || strings.HasPrefix(line[len(head)+1:], "=") {
		return nil
	}
	out := map[string]bool{}
	for _, f := range strings.Fields(head) {
		out[f] = true
	}
	return out
}
