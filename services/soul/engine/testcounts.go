package engine

import (
	"context"
	"fmt"
	"path"
	"strconv"
	"strings"
)

// A document that counts a file's tests ("Byron tests (`eras_byron.rs`): 15 tests covering …", the
// eightieth holdout's Cardano-node, a list of twenty such files) states something the file can be
// asked: its test markers, counted by its language's convention. Each count is its file's own, so the
// consistency pass no longer reads twenty files' counts as one quantity (numberFacts), and each is
// compared with its file instead. A convention read wrong (tests a macro or a table makes, helpers
// named like tests) would make every such count look stale, so history vouches for the reading: the
// count must have matched the file as the document's own last commit left it, or else as the commit
// that first wrote the count's phrase left it (a list whose other lines moved on), and no longer match
// now. A count no commit of the reading ever matched is left alone.

// ReasonTestCountDrift is a file whose test count a claim states and the file no longer has.
const ReasonTestCountDrift = "test_count_drift"

// testCount is "15 tests", "6 unit tests", "64 test cases": an exact count, no bound before it.
var testCount = mustGate(`(?i)(?:^|[^\w.,~$€£+-])(\d{1,4})\s+(?:(?:unit|integration|e2e|golden|property|regression|focused|snapshot)\s+)?tests?(?:\s+cases?)?\b`)

// testMarkers are the lines that declare one test, by the file's extension.
var testMarkers = map[string]*literalGated{
	"rs":   mustGate(`(?m)^\s*#\[(?:\w+::)?test\b|^\s*#\[rstest\]`),
	"go":   mustGate(`(?m)^func Test\w*\(\s*\w+ \*testing\.T\)`),
	"py":   mustGate(`(?m)^\s*(?:async\s+)?def test_?\w*\(`),
	"java": mustGate(`(?m)^\s*@Test\b`),
	"kt":   mustGate(`(?m)^\s*@Test\b`),
	"ts":   jsTest, "tsx": jsTest, "js": jsTest, "jsx": jsTest, "mjs": jsTest, "cjs": jsTest,
}

var jsTest = mustGate(`(?m)^\s*(?:it|test)(?:\.(?:only|skip|concurrent))?\s*\(`)

// testCountsOf counts a file's tests by its extension's markers; false for a language none is known for.
func testCountsOf(p string, body []byte) (int, bool) {
	re, ok := testMarkers[strings.TrimPrefix(path.Ext(p), ".")]
	if !ok {
		return 0, false
	}
	return len(re.FindAllIndex(body, -1)), true
}

// statedTests is one count of a file's tests in a claim.
type statedTests struct {
	r, a   int // the claim and the anchor of the file it counts
	path   string
	n      int
	phrase string // the claim's words from the file's name to the count, as the document writes them
}

// traceTestCounts checks the test counts claims state of the files they name, after judge.
func (v *verifier) traceTestCounts(ctx context.Context, results []ClaimResult) {
	rev, ok := v.repo.(Revisions)
	if !ok || !v.repo.Git() || v.repo.Shallow() {
		return
	}
	var asked []statedTests
	var paths []string
	seen := map[string]bool{}
	for i := range results {
		r := &results[i]
		if !open(r.State) || !hasFoldASCII(r.Claim.Text, "test") {
			continue
		}
		text := r.Claim.Text
		for _, m := range testCount.FindAllStringSubmatchIndex(text, -1) {
			if approx.MatchString(strings.ToLower(text[:m[2]])) {
				continue // "about 40 tests", "over 100 tests": no exact count
			}
			j, p, at := v.testTarget(r, m[2])
			if j < 0 {
				continue
			}
			n, _ := strconv.Atoi(text[m[2]:m[3]])
			asked = append(asked, statedTests{r: i, a: j, path: p, n: n, phrase: text[at:m[1]]})
			if !seen[p] {
				seen[p] = true
				paths = append(paths, p)
			}
		}
	}
	if len(asked) == 0 {
		return
	}
	touch, ok := v.repo.LastTouch(ctx, v.soul.Path)
	if !ok {
		return
	}
	then := rev.FilesAt(ctx, touch.SHA, paths)
	vouched := map[int]string{} // asked index → the commit whose file the count matched
	var later []string
	for k, s := range asked {
		if old, ok := then[s.path]; ok {
			if was, _ := testCountsOf(s.path, old); was == s.n {
				vouched[k] = touch.SHA
				continue
			}
		}
		later = append(later, s.phrase) // on one line: testTarget reads the count's own line
	}
	if au, ok := v.repo.(Authorship); ok && len(later) > 0 {
		first := au.FirstWritten(ctx, v.soul.Path, later)
		files := map[string]map[string][]byte{}
		for k, s := range asked {
			sha := first[s.phrase]
			if _, done := vouched[k]; done || sha == "" {
				continue
			}
			if files[sha] == nil {
				files[sha] = rev.FilesAt(ctx, sha, paths)
			}
			if old, ok := files[sha][s.path]; ok {
				if was, _ := testCountsOf(s.path, old); was == s.n {
					vouched[k] = sha
				}
			}
		}
	}
	for k, s := range asked {
		r := &results[s.r]
		sha, ok := vouched[k]
		if !ok || !open(r.State) {
			continue // no commit's file had the count; or an earlier count of the claim was stale
		}
		now, ok := v.readFile(s.path)
		if !ok {
			continue
		}
		if got, _ := testCountsOf(s.path, now); got != s.n {
			failAnchor(r, s.a, ReasonTestCountDrift, fmt.Sprintf("%s has %d tests, claim says %d (it had %d at %s)", s.path, got, s.n, s.n, short(sha)))
		}
	}
}

// testTarget is the file a test count counts, with where its name is written: the nearest file of a
// language with test markers named before the count on its line, read from the document's directory
// down when written bare ("`golden.rs`" in crates/ledger/tests/AGENTS.md for
// tests/integration/golden.rs, when only one file below is so named). -1 when none.
func (v *verifier) testTarget(r *ClaimResult, pos int) (anchor int, file string, at int) {
	text := r.Claim.Text
	lineStart := strings.LastIndexByte(text[:pos], '\n') + 1
	best, bestPath, bestAt := -1, "", -1
	for i, ar := range r.Anchors {
		a := ar.Anchor
		if ar.Status != AnchorOK || a.Kind != AnchorPath || a.Workspace {
			continue
		}
		if _, known := testMarkers[strings.TrimPrefix(path.Ext(a.Path), ".")]; !known {
			continue
		}
		at := strings.LastIndex(text[lineStart:pos], a.Ref)
		if at < 0 || lineStart+at <= bestAt {
			continue
		}
		p := v.resolve(a.Path)
		if ok, dir := v.repo.Exists(p); !ok || dir {
			files := v.bareUnder(a.Path)
			if len(files) != 1 {
				continue
			}
			p = files[0]
		}
		best, bestPath, bestAt = i, p, lineStart+at
	}
	return best, bestPath, bestAt
}

// lastFileName is the last file name (one with a known extension) in text, in a code span, bold or
// bare ("**packages/core/src/__tests__/server-file.test.ts** — 7 tests", the seventy-sixth holdout's
// diffprism), lower-cased.
func lastFileName(text string) string {
	names := fileToken.FindAllString(text, -1)
	for i := len(names) - 1; i >= 0; i-- {
		if hasKnownExt(names[i]) {
			return strings.ToLower(names[i])
		}
	}
	return ""
}

var fileToken = mustGate(`[\w./-]*\w\.[A-Za-z][A-Za-z0-9]{0,5}\b`)
