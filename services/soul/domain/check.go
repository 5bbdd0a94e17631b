package domain

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"path"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// CheckOptions tunes one check.
type CheckOptions struct {
	Now           time.Time
	Brain         string
	Prober        Prober
	IncludeClaims bool
	// LiveBudget overrides DefaultLiveBudget when positive.
	LiveBudget int
	// Source is the soul's bytes, for the report's content hash.
	Source []byte
}

// Check verifies every claim of a parsed soul against a repository and returns the honesty report.
// Claim states are computed here and nowhere stored (SOUL-INV-7).
func Check(ctx context.Context, soul *Soul, repo Repo, opts CheckOptions) (*Report, error) {
	v := &verifier{repo: repo, soul: soul, opts: opts, calls: map[CheckClass]int{}, files: map[string][]byte{}, makeTargets: map[string]map[string]bool{}}
	rep := &Report{Schema: SchemaCheck, Brain: opts.Brain, SoulPath: soul.Path, Headline: soul.Headline, CheckedAt: opts.Now, Truncated: soul.Truncated}
	if len(opts.Source) > 0 {
		sum := sha256.Sum256(opts.Source)
		rep.SoulSHA256 = hex.EncodeToString(sum[:])
	}
	if repo.Git() {
		rep.RepoSHA = repo.Head().SHA
	}
	results := make([]ClaimResult, len(soul.Claims))
	for i := range soul.Claims {
		c := &soul.Claims[i]
		results[i] = ClaimResult{Claim: *c, Section: v.sectionName(c.Section)}
		switch c.Tissue {
		case TissueDeclared:
			results[i].State = StateDeclared
		case TissueHistory:
			results[i].State = StateHistory
		}
	}
	if err := v.prepare(ctx, results); err != nil {
		return nil, err
	}
	for i := range results {
		if results[i].State == "" {
			v.judge(&results[i])
		}
	}
	v.recall(ctx, results)
	v.autoSections(results)
	consistency(results, v.soul)
	supersession(results, v.soul)
	v.summarize(ctx, rep, results)
	return rep, nil
}

type verifier struct {
	repo         Repo
	soul         *Soul
	opts         CheckOptions
	calls        map[CheckClass]int
	batch        BatchAnswer
	prs          map[int]bool
	prConvention bool
	files        map[string][]byte
	makeTargets  map[string]map[string]bool
	npmScripts   map[string]bool
	symbols      *symbolIndex
	// missing holds strong paths absent from the tree, answered by the batch.
	missing map[string]bool
}

func (v *verifier) sectionName(i int) string {
	if i < 0 || i >= len(v.soul.Sections) {
		return ""
	}
	return v.soul.Sections[i].Heading
}

// prepare gathers every question of the check and asks the repository once.
func (v *verifier) prepare(ctx context.Context, results []ClaimResult) error {
	var q BatchQuery
	type key struct {
		list *[]string
		s    string
	}
	seen := map[key]bool{}
	add := func(list *[]string, s string) {
		if !seen[key{list, s}] {
			seen[key{list, s}] = true
			*list = append(*list, s)
		}
	}
	v.missing = map[string]bool{}
	for i := range results {
		if results[i].State != "" {
			continue
		}
		for _, a := range results[i].Claim.Anchors {
			switch a.Kind {
			case AnchorCommit:
				add(&q.Commits, a.Ref)
			case AnchorGlob:
				if len(v.repo.Glob(a.Path, 1)) == 0 {
					add(&q.Ignored, globSample(a.Path))
				}
			case AnchorSymbol:
				add(&q.Symbols, a.Name)
				if a.Qualifier != "" {
					add(&q.Symbols, a.Qualifier)
				}
			case AnchorPath, AnchorLine:
				p := v.repoPath(a)
				if p == "" || a.Workspace || a.Weak {
					continue
				}
				p = v.resolve(p)
				bare := !strings.Contains(p, "/") && !strings.HasPrefix(p, ".")
				if ok, _ := v.repo.Exists(p); !ok && (!bare || !v.repo.HasBasename(p)) {
					v.missing[p] = true
					add(&q.Ignored, p)
					add(&q.EverSeen, p)
					if dir := path.Dir(v.soul.Path); dir != "." && !strings.HasPrefix(p, dir+"/") {
						add(&q.Ignored, path.Join(dir, p))
						add(&q.EverSeen, path.Join(dir, p))
					}
					if stem, member, ok := memberShape(p); ok && bare {
						add(&q.Symbols, stem)
						add(&q.Symbols, member)
					}
				}
			}
		}
	}
	if !v.repo.Git() {
		q.Commits, q.Ignored, q.EverSeen = nil, nil, nil
	}
	if v.repo.Shallow() {
		q.EverSeen = nil // a cut history cannot say a path never landed
	}
	ans, err := v.repo.Batch(ctx, q)
	if err != nil {
		return err
	}
	v.batch = ans
	if len(q.Symbols) > 0 {
		v.symbols = indexSymbols(ans.SymbolLines)
	}
	return nil
}

// resolve reads a repository path from the root first, then from the soul's own directory: a soul kept
// beside its package (v3/CLAUDE.md) names that package's files relative to itself.
func (v *verifier) resolve(p string) string {
	if ok, _ := v.repo.Exists(p); ok {
		return p
	}
	dir := path.Dir(v.soul.Path)
	if dir == "." || dir == "" || strings.HasPrefix(p, dir+"/") {
		return p
	}
	if ok, _ := v.repo.Exists(path.Join(dir, p)); ok {
		return path.Join(dir, p)
	}
	return p
}

// resolveUnique reads a slash path relative to some package of the repository ("internal/x/x.go"
// written inside sdk/'s docs) when exactly one place holds it.
func (v *verifier) resolveUnique(p string) (string, bool) {
	if !strings.Contains(p, "/") || strings.ContainsAny(p, "*?[") {
		return "", false
	}
	found := ""
	for _, f := range v.repo.Glob("**/"+p, 64) {
		i := strings.Index(f, "/"+p)
		if i < 0 || (i+1+len(p) < len(f) && f[i+1+len(p)] != '/') {
			continue
		}
		m := f[:i+1+len(p)]
		if found != "" && found != m {
			return "", false
		}
		found = m
	}
	return found, found != ""
}

// globSample is one concrete name a glob matches ("*.out" -> "x.out"), to ask git whether such files
// are ignored build output.
func globSample(g string) string {
	return strings.NewReplacer("**", "x", "*", "x", "?", "x", "[", "", "]", "").Replace(g)
}

// memberShape splits "page.log" into a type and a member when both halves are identifiers.
func memberShape(p string) (string, string, bool) {
	stem, member, ok := strings.Cut(p, ".")
	if !ok || !identWord.MatchString(stem) || !identWord.MatchString(member) {
		return "", "", false
	}
	return stem, member, true
}

var identWord = regexp.MustCompile(`^[A-Za-z_]\w*$`)

func (v *verifier) repoPath(a Anchor) string {
	if a.Kind == AnchorAbsolute {
		root := filepath.ToSlash(v.repo.Root())
		if rel, ok := strings.CutPrefix(a.Path, strings.TrimSuffix(root, "/")+"/"); ok {
			return rel
		}
		return ""
	}
	return a.Path
}

// judge computes one verifiable claim's state from its anchors.
func (v *verifier) judge(r *ClaimResult) {
	c := &r.Claim
	checked := 0
	var failed, held *AnchorResult
	for _, a := range c.Anchors {
		ar := v.anchor(a)
		if ar.Status == AnchorFailed && a.Kind == AnchorMake && a.Path == "" {
			ar = v.makeNearby(c, a, ar)
		}
		if ar.Status == AnchorFailed && (a.Kind == AnchorPath || a.Kind == AnchorGlob) && !a.Workspace && v.underClaimDir(c, a) {
			ar.Status, ar.Reason, ar.Detail = AnchorOK, "", ""
		}
		if ar.Status == AnchorFailed && a.Kind == AnchorPath && !strings.Contains(a.Path, "/") && v.claimHasIgnored(c) {
			// "the data directory (`./.organism/`) holds `soul.db`": files of an ignored, absent place
			ar.Status, ar.Reason, ar.Detail = AnchorHeld, ReasonIgnored, a.Ref+" sits in a gitignored place the claim names"
		}
		if ar.Status == AnchorFailed && a.Absent && (ar.Reason == ReasonFileMissing || ar.Reason == ReasonUnanchored || ar.Reason == ReasonSymbolMissing || a.Kind == AnchorMake || a.Kind == AnchorNPM) {
			// "`vfs.Open` was removed": the claim asserts the absence it found
			ar.Status, ar.Reason, ar.Detail = AnchorOK, "", ""
		}
		if ar.Status == AnchorFailed && a.Foreign && (a.Kind == AnchorCommit || a.Kind == AnchorPR) {
			ar.Status, ar.Reason, ar.Detail = AnchorHeld, ReasonOutsideRepo, a.Ref+" belongs to another repository the claim names"
		}
		if ar.Status == AnchorFailed && a.Kind == AnchorPR && ar.Reason == ReasonRefMissing && !c.Shipped {
			// "tracked in #812": issues and open PRs share the numbers; only a claim that says it merged
			// asserts the log must hold it
			ar.Status, ar.Reason = AnchorHeld, ReasonUnverifiable
			ar.Detail = fmt.Sprintf("#%d is no merged PR in the log; an issue or an open PR cannot be checked here", a.Number)
		}
		ar = v.pathClass(a, ar)
		if ar.Status == AnchorFailed && a.Example && (ar.Reason == ReasonSymbolMissing || ar.Reason == ReasonUnanchored) {
			// a made-up name in an "e.g." that never existed here illustrates; it cites nothing
			ar.Status, ar.Reason, ar.Detail = AnchorSkipped, "", ""
		}
		r.Anchors = append(r.Anchors, ar)
		if ar.Status != AnchorSkipped {
			checked++
		}
	}
	for i := range r.Anchors {
		ar := &r.Anchors[i]
		switch ar.Status {
		case AnchorFailed:
			if failed == nil {
				failed = ar
			}
		case AnchorHeld:
			if held == nil {
				held = ar
			}
		}
	}
	expired := c.ExpiresOn != "" && c.ExpiresOn < v.opts.Now.UTC().Format("2006-01-02")
	var goneSibling *AnchorResult
	for i := range r.Anchors {
		if ar := &r.Anchors[i]; ar.Anchor.Workspace && ar.Status == AnchorHeld && ar.Reason == ReasonOutsideRepo {
			goneSibling = ar
		}
	}
	switch {
	case expired:
		r.State, r.Reason, r.Detail = StateStale, ReasonExpired, "holds until "+c.ExpiresOn
	case c.Temporal && goneSibling != nil:
		// "a sibling worktree may hold the fix": said of a moment, and that checkout is gone
		r.State, r.Reason = StateStale, ReasonExpired
		r.Detail = "point-in-time claim outlived: " + goneSibling.Anchor.Ref + " is gone"
	case failed != nil:
		r.State, r.Reason, r.Detail = StateStale, failed.Reason, failed.Detail
		if c.Temporal && (failed.Reason == ReasonFileMissing || failed.Reason == ReasonUnanchored) {
			r.Reason = ReasonExpired
			r.Detail = "point-in-time claim outlived: " + failed.Anchor.Ref + " is gone"
		}
	case checked == 0 && c.Priced == "" && c.base != TissueVerifiable:
		// every citation turned out to be another project's name: the line is doctrine after all
		r.State, r.Claim.Tissue = StateDeclared, TissueDeclared
	case checked == 0 && c.Priced == "":
		r.State, r.Reason = StateStale, ReasonUnanchored
		r.Detail = "verifiable tissue with no anchor to check"
	case c.Priced == ClassRuntime || held != nil && held.Anchor.Kind.Class() == ClassRuntime:
		r.State, r.Reason = StateUnprovableNow, ReasonProbeOff
		if held != nil {
			r.Reason, r.Detail = held.Reason, held.Detail
		}
		if v.opts.Prober != nil && held == nil {
			r.State, r.Reason = StateFresh, ""
		}
	case c.Priced == ClassReceipt:
		r.State, r.Reason = StateReceiptRequired, ReasonExecution
	case held != nil:
		r.State, r.Reason, r.Detail = StateUnprovableNow, held.Reason, held.Detail
		if held.Reason == ReasonExecution {
			r.State = StateReceiptRequired
		}
	default:
		r.State = StateFresh
	}
}

func (v *verifier) count(a Anchor) { v.calls[a.Kind.Class()]++ }

// pathClass turns a missing path that the sentence never said exists into what it is: a destination
// to fill, a program a build leaves, or a path relative to one sub-package.
func (v *verifier) pathClass(a Anchor, ar AnchorResult) AnchorResult {
	if ar.Status != AnchorFailed || a.Kind != AnchorPath && a.Kind != AnchorGlob {
		return ar
	}
	missing := ar.Reason == ReasonFileMissing || ar.Reason == ReasonUnanchored
	switch {
	case !missing:
		return ar
	case a.Target:
		ar.Status, ar.Reason, ar.Detail = AnchorSkipped, "", ""
	case a.Built:
		ar.Status, ar.Reason, ar.Detail = AnchorHeld, ReasonBuildOutput, a.Ref+" is a program a build leaves in the work tree"
	default:
		if p, ok := v.resolveUnique(a.Path); ok {
			ar.Status, ar.Reason, ar.Detail = AnchorOK, "", "resolved as "+p
		}
	}
	return ar
}

// anchor checks one anchor against the repository.
func (v *verifier) anchor(a Anchor) AnchorResult {
	res := AnchorResult{Anchor: a, Status: AnchorOK}
	fail := func(reason, detail string) AnchorResult {
		res.Status, res.Reason, res.Detail = AnchorFailed, reason, detail
		return res
	}
	hold := func(reason, detail string) AnchorResult {
		res.Status, res.Reason, res.Detail = AnchorHeld, reason, detail
		return res
	}
	gitOnly := func() bool { return v.repo.Git() }
	switch a.Kind {
	case AnchorHome:
		return hold(ReasonOutsideRepo, a.Ref+" is a home path, never checked as a repo path")
	case AnchorAbsolute:
		p := v.repoPath(a)
		if p == "" {
			return hold(ReasonOutsideRepo, a.Ref+" is outside the repository")
		}
		a.Path, a.Kind = p, AnchorPath
		return v.anchor(a)
	case AnchorPath:
		v.count(a)
		if !a.Workspace {
			a.Path = v.resolve(a.Path)
		}
		if a.Workspace {
			if v.repo.StatOutside(filepath.Join(v.repo.Root(), filepath.FromSlash(a.Path))) {
				return res
			}
			// a sibling checkout is a fact about the author's machine; its absence here proves nothing
			return hold(ReasonOutsideRepo, a.Ref+" is not beside the repository on this machine")
		}
		if ok, _ := v.repo.Exists(a.Path); ok {
			return res
		}
		if !strings.Contains(a.Path, "/") && !strings.HasPrefix(a.Path, ".") {
			if v.repo.HasBasename(a.Path) || strings.HasSuffix(a.Ref, "/") && v.repo.HasStem(a.Path) {
				return res // a bare name ("testdata/", "conn.go") names a file or directory wherever it lives
			}
			if stem, member, ok := memberShape(a.Path); ok && v.symbols != nil && v.symbols.typeNames[stem] && v.memberOf(v.symbols, stem, member) {
				return res // "page.log": a field of the type page, not a file
			}
			if v.foreign(a) {
				return hold(ReasonOutsideRepo, a.Ref+" is named as another repository's file")
			}
			if strings.HasSuffix(a.Path, ".js") && v.npmDependency(a.Path) {
				res.Status = AnchorSkipped
				return res // "chart.js": a library the project depends on
			}
			return v.missingPath(a, fail, hold)
		}
		if a.Weak {
			top := strings.SplitN(a.Path, "/", 2)[0]
			if !v.repo.HasTopLevel(top) || v.repoSlug(a.Path) {
				res.Status = AnchorSkipped
				return res
			}
			return fail(ReasonFileMissing, a.Path+" is not in the repository")
		}
		if a.Plural && len(v.repo.Glob("**/"+a.Path, 1)) > 0 {
			return res // "the _generate/go.mod files": one in each of several directories
		}
		return v.missingPath(a, fail, hold)
	case AnchorGlob:
		v.count(a)
		if len(v.repo.Glob(a.Path, 1)) > 0 {
			return res
		}
		if dir := path.Dir(v.soul.Path); dir != "." && len(v.repo.Glob(path.Join(dir, a.Path), 1)) > 0 {
			return res
		}
		if !strings.Contains(a.Path, "/") && len(v.repo.Glob("**/"+a.Path, 1)) > 0 {
			return res // a bare file pattern ("sqlite_g_*.go") names files wherever they live
		}
		if a.Absent {
			return res // "`make clean` — remove `*.out`": none left is what the claim says
		}
		if v.batch.Ignored[globSample(a.Path)] {
			return hold(ReasonIgnored, a.Path+" matches gitignored build output")
		}
		return fail(ReasonFileMissing, "no tracked file matches "+a.Path)
	case AnchorLine:
		v.count(a)
		return v.lineHint(a, fail, hold)
	case AnchorSymbol:
		v.count(a)
		return v.symbol(a, fail, &res)
	case AnchorMake:
		v.count(a)
		r := v.makeTarget(a, fail)
		if r.Status == AnchorFailed && v.foreign(a) {
			return hold(ReasonOutsideRepo, a.Ref+" is run in another repository")
		}
		return r
	case AnchorNPM:
		v.count(a)
		if v.npmScripts == nil {
			v.npmScripts = readNPMScripts(v.repo)
		}
		if v.npmScripts[a.Name] {
			return v.npmWhere(a, res)
		}
		return v.npmMissing(a, fail)
	case AnchorCommand:
		return hold(ReasonExecution, a.Ref)
	case AnchorRuntime:
		v.count(a)
		if v.opts.Prober == nil {
			return hold(ReasonProbeOff, a.Ref)
		}
		if !strings.HasPrefix(a.Ref, "http") {
			return hold(ReasonProbeOff, a.Ref+": no probe for a count")
		}
		if err := v.opts.Prober.Probe(context.Background(), a.Ref); err != nil {
			return hold(ReasonProbeFailed, a.Ref)
		}
		return res
	case AnchorTag, AnchorPR, AnchorCommit, AnchorCount, AnchorLastDate, AnchorBranch:
		if !gitOnly() {
			return hold(ReasonNotGit, "git facts unavailable")
		}
		v.count(a)
		return v.gitRef(a, fail, hold)
	}
	res.Status = AnchorSkipped
	return res
}

func (v *verifier) missingPath(a Anchor, fail, hold func(string, string) AnchorResult) AnchorResult {
	local := path.Join(path.Dir(v.soul.Path), a.Path)
	if v.batch.Ignored[a.Path] || v.batch.Ignored[local] {
		return hold(ReasonIgnored, a.Path+" is gitignored and absent")
	}
	if buildOutputs[strings.SplitN(strings.TrimPrefix(a.Path, "./"), "/", 2)[0]] {
		// "builds into `dist/`": output a clean checkout does not have, whatever .gitignore says
		return hold(ReasonIgnored, a.Path+" is build output, absent from a clean checkout")
	}
	if v.repo.Git() && v.batch.EverSeen != nil && !v.batch.EverSeen[a.Path] && !v.batch.EverSeen[local] {
		return fail(ReasonUnanchored, a.Path+" never landed in this repository's history")
	}
	return fail(ReasonFileMissing, a.Path+" is gone")
}

func (v *verifier) foreign(a Anchor) bool { return a.Foreign }

// repoSlug reports whether a slash word is the repository's own "owner/name" (from go.mod's module path
// or the checkout's directory name), not a path inside it.
func (v *verifier) repoSlug(p string) bool {
	if strings.Count(p, "/") != 1 {
		return false
	}
	if body, ok := v.readFile("go.mod"); ok {
		if m := goModule.FindSubmatch(body); m != nil && strings.HasSuffix(string(m[1]), "/"+p) {
			return true
		}
	}
	name := path.Base(p)
	return name == filepath.Base(v.repo.Root()) && name != strings.SplitN(p, "/", 2)[0]
}

var goModule = regexp.MustCompile(`(?m)^module\s+"?([^\s"]+)`)

// buildOutputs are directories that tools create on a machine and repositories rarely track.
var buildOutputs = set("node_modules", "dist", "build", "target", "out", ".venv", "venv", "__pycache__", ".next", ".nuxt", ".svelte-kit", "coverage", ".turbo", ".cache", ".pytest_cache", ".mypy_cache", ".ruff_cache", ".tox", ".gradle", ".dart_tool", "DerivedData", ".terraform", "tmp", ".tmp")

func (v *verifier) readFile(p string) ([]byte, bool) {
	if b, ok := v.files[p]; ok {
		return b, b != nil
	}
	b, err := v.repo.ReadFile(p)
	if err != nil {
		v.files[p] = nil
		return nil, false
	}
	v.files[p] = b
	return b, true
}

// lineHint checks that the hinted lines still say what the claim says; a moved line is line_drift.
func (v *verifier) lineHint(a Anchor, fail, hold func(string, string) AnchorResult) AnchorResult {
	var first *AnchorResult
	for _, p := range v.candidates(a.Path) {
		b := a
		b.Path = p
		r := v.lineHintAt(b, fail, hold)
		if r.Status == AnchorOK {
			return r
		}
		if first == nil {
			first = &r
		}
	}
	if first != nil {
		return *first
	}
	return v.lineHintAt(a, fail, hold)
}

// candidates are the existing files a cited path may mean: for a soul kept in a subdirectory, a bare
// name is first its neighbour, a slash path first the root's.
func (v *verifier) candidates(p string) []string {
	dir := path.Dir(v.soul.Path)
	order := []string{p}
	if dir != "." && dir != "" && !strings.HasPrefix(p, dir+"/") {
		local := path.Join(dir, p)
		if strings.Contains(p, "/") {
			order = append(order, local)
		} else {
			order = []string{local, p}
		}
	}
	var out []string
	for _, c := range order {
		if ok, isDir := v.repo.Exists(c); ok && !isDir {
			out = append(out, c)
		}
	}
	return out
}

func (v *verifier) lineHintAt(a Anchor, fail, hold func(string, string) AnchorResult) AnchorResult {
	if !strings.Contains(a.Path, "/") {
		// "DesktopLauncher.java:127" names a file by its base name; one match is that file
		if ok, _ := v.repo.Exists(a.Path); !ok {
			if found := v.repo.ByBasename(a.Path); len(found) == 1 {
				a.Path = found[0]
			}
		}
	}
	body, ok := v.readFile(a.Path)
	if !ok {
		if exists, dir := v.repo.Exists(a.Path); exists && dir {
			return fail(ReasonChanged, a.Path+" is a directory")
		}
		pa := a
		pa.Kind = AnchorPath
		return v.missingPath(pa, fail, hold)
	}
	lines := bytes.Split(body, []byte("\n"))
	n := len(lines)
	if n > 0 && len(lines[n-1]) == 0 {
		n--
	}
	hints := a.Hints
	if len(hints) == 0 {
		if a.End <= n {
			return AnchorResult{Anchor: a, Status: AnchorOK}
		}
		return fail(ReasonLineDrift, fmt.Sprintf("%s has %d lines, hint says %d", a.Path, n, a.End))
	}
	match := func(l int) bool {
		for _, h := range hints {
			if bytes.Contains(lines[l], []byte(h)) || strings.Contains(h, "/") && bytes.Contains(lines[l], []byte(path.Base(h))) {
				return true
			}
		}
		return false
	}
	for l := a.Start - 1; l < a.End && l < n; l++ {
		if l >= 0 && match(l) {
			return AnchorResult{Anchor: a, Status: AnchorOK}
		}
	}
	// the nearest matching line is where the cited one most likely went
	near := -1
	for l := 0; l < n; l++ {
		if match(l) && (near < 0 || abs(l+1-a.Start) < abs(near+1-a.Start)) {
			near = l
		}
	}
	if near >= 0 {
		return fail(ReasonLineDrift, fmt.Sprintf("%s: now at line %d, hint says %d", a.Path, near+1, a.Start))
	}
	return fail(ReasonChanged, fmt.Sprintf("%s no longer contains %s", a.Path, strings.Join(hints, ", ")))
}

var makeRule = regexp.MustCompile(`(?m)^([A-Za-z0-9_./%-][^:=#\n\t]*?)\s*::?(?:[^=]|$)`)

func (v *verifier) makeTarget(a Anchor, fail func(string, string) AnchorResult) AnchorResult {
	targets, ok := v.makeTargets[a.Path]
	if !ok {
		for _, name := range []string{"GNUmakefile", "makefile", "Makefile"} {
			if body, ok := v.readFile(path.Join(a.Path, name)); ok {
				targets = map[string]bool{}
				for _, m := range makeRule.FindAllSubmatch(body, -1) {
					for _, t := range strings.Fields(string(m[1])) {
						targets[t] = true
					}
				}
				break
			}
		}
		v.makeTargets[a.Path] = targets
	}
	if targets == nil {
		return fail(ReasonFileMissing, "no Makefile in "+orRoot(a.Path))
	}
	if a.Name == "" || targets[a.Name] {
		return AnchorResult{Anchor: a, Status: AnchorOK}
	}
	for t := range targets {
		// "img/%.png" builds "img/media-types.png"
		if pre, suf, ok := strings.Cut(t, "%"); ok && len(a.Name) > len(pre)+len(suf) && strings.HasPrefix(a.Name, pre) && strings.HasSuffix(a.Name, suf) {
			return AnchorResult{Anchor: a, Status: AnchorOK}
		}
	}
	return fail(ReasonChanged, "the Makefile has no target "+a.Name)
}

// claimHasIgnored reports whether the claim names a path that is gitignored and absent.
func (v *verifier) claimHasIgnored(c *Claim) bool {
	for _, o := range c.Anchors {
		if (o.Kind == AnchorPath || o.Kind == AnchorGlob) && strings.Contains(strings.TrimSuffix(o.Ref, "/"), "/") || strings.HasPrefix(o.Ref, ".") {
			p := o.Path
			if o.Kind == AnchorGlob {
				p = globSample(p)
			}
			if v.batch.Ignored[p] {
				return true
			}
		}
	}
	return false
}

// underClaimDir reports whether a path the claim names sits under a directory the same claim names
// ("| `testdata/` | inputs (`bug/`, `include/`) |").
func (v *verifier) underClaimDir(c *Claim, a Anchor) bool {
	for _, o := range c.Anchors {
		if o.Kind != AnchorPath || o.Workspace || o.Path == a.Path {
			continue
		}
		d := v.resolve(o.Path)
		if ok, dir := v.repo.Exists(d); !ok || !dir {
			continue
		}
		j := path.Join(d, a.Path)
		if a.Kind == AnchorGlob {
			if len(v.repo.Glob(j, 1)) > 0 {
				return true
			}
			continue
		}
		if ok, _ := v.repo.Exists(j); ok {
			return true
		}
	}
	return false
}

// makeNearby retries a root make target in the directories the claim itself names ("internal/ebnf/
// has its own Makefile; `make gen` there") and in the soul's own directory.
func (v *verifier) makeNearby(c *Claim, a Anchor, failed AnchorResult) AnchorResult {
	dirs := []string{path.Dir(v.soul.Path)}
	for _, o := range c.Anchors {
		if o.Kind != AnchorPath && o.Kind != AnchorLine || o.Workspace {
			continue
		}
		p := v.resolve(o.Path)
		if ok, dir := v.repo.Exists(p); ok && dir {
			dirs = append(dirs, p)
		} else if ok {
			dirs = append(dirs, path.Dir(p))
		}
	}
	fail := func(reason, detail string) AnchorResult { return failed }
	for _, d := range dirs {
		if d == "." || d == "" {
			continue
		}
		b := a
		b.Path = d
		if r := v.makeTarget(b, fail); r.Status == AnchorOK {
			r.Anchor = a
			return r
		}
	}
	return v.makeWorkspace(a, failed)
}

func orRoot(p string) string {
	if p == "" {
		return "the repository root"
	}
	return p
}

var npmScriptsBlock = regexp.MustCompile(`(?s)"scripts"\s*:\s*\{(.*?)\}`)
var npmScriptName = regexp.MustCompile(`"([^"]+)"\s*:`)

// readNPMScripts reads the scripts of the root package.json and of every workspace package.json: in a
// monorepo "pnpm lint" runs wherever the agent stands, so a script any package defines is there.
func readNPMScripts(repo Repo) map[string]bool {
	out := map[string]bool{}
	files := []string{"package.json"}
	for _, f := range repo.ByBasename("package.json") {
		if f != "package.json" && !strings.Contains(f, "node_modules/") && len(files) < maxPackageFiles {
			files = append(files, f)
		}
	}
	for _, f := range files {
		body, err := repo.ReadFile(f)
		if err != nil {
			continue
		}
		if m := npmScriptsBlock.FindSubmatch(body); m != nil {
			for _, n := range npmScriptName.FindAllSubmatch(m[1], -1) {
				out[string(n[1])] = true
			}
		}
	}
	return out
}

// maxPackageFiles bounds how many package.json files one check reads.
const maxPackageFiles = 200

// npmDependency reports whether a package.json names name as a dependency ("chart.js" the library,
// not a file).
func (v *verifier) npmDependency(name string) bool {
	body, ok := v.readFile("package.json")
	if !ok {
		return false
	}
	stem := strings.TrimSuffix(name, path.Ext(name))
	return bytes.Contains(body, []byte(`"`+name+`"`)) || bytes.Contains(body, []byte(`"`+stem+`":`))
}

var logPR = regexp.MustCompile(`\(#(\d+)\)|[Pp]ull [Rr]equest #(\d+)|\bPR #?(\d+)`)

func (v *verifier) gitRef(a Anchor, fail, hold func(string, string) AnchorResult) AnchorResult {
	ok := AnchorResult{Anchor: a, Status: AnchorOK}
	switch a.Kind {
	case AnchorTag:
		if _, found := v.repo.Tags()[a.Ref]; found {
			return ok
		}
		return hold(ReasonNotATag, a.Ref+" is not a tag here; a version of something else cannot be checked")
	case AnchorBranch:
		if b := v.repo.Branches(); b[a.Ref] || b["origin/"+a.Ref] {
			return ok
		}
		// merged branches are deleted and clones often fetch one branch: absence proves little
		return hold(ReasonUnverifiable, "no branch "+a.Ref+" in this clone")
	case AnchorCommit:
		if v.batch.Commits[a.Ref] != "" {
			return ok
		}
		if v.repo.Shallow() {
			return hold(ReasonShallow, "no commit "+a.Ref+" in this shallow clone; its history is cut")
		}
		return fail(ReasonRefMissing, "no commit "+a.Ref)
	case AnchorPR:
		if v.prs == nil {
			v.prs = map[int]bool{}
			for _, c := range v.repo.Log() {
				for _, m := range logPR.FindAllStringSubmatch(c.Subject, -1) {
					for _, g := range m[1:] {
						if n, err := strconv.Atoi(g); err == nil {
							v.prs[n] = true
						}
					}
				}
			}
			v.prConvention = len(v.prs) > 0
		}
		if v.prs[a.Number] {
			return ok
		}
		if v.repo.Shallow() {
			return hold(ReasonShallow, fmt.Sprintf("#%d: this shallow clone's log is cut", a.Number))
		}
		if !v.prConvention {
			return hold(ReasonNoPRLog, "the log carries no (#N) merge subjects")
		}
		return fail(ReasonRefMissing, fmt.Sprintf("no (#%d) in the log", a.Number))
	case AnchorCount:
		if v.repo.Shallow() {
			return hold(ReasonShallow, "commit counts need the whole history; this clone is shallow")
		}
		since, found := v.resolveRef(a.Since)
		if !found {
			return fail(ReasonRefMissing, "no ref "+a.Since)
		}
		n := commitsSince(v.repo.Log(), since)
		if n == a.Number {
			return ok
		}
		return fail(ReasonChanged, fmt.Sprintf("%d commits since %s, claim says %d", n, a.Since, a.Number))
	case AnchorLastDate:
		head := v.repo.Head()
		if head.SHA == "" {
			return hold(ReasonNotGit, "no HEAD")
		}
		got := head.Time.UTC().Format("2006-01-02")
		if got == a.Ref {
			return ok
		}
		return fail(ReasonChanged, "last commit "+got+", claim says "+a.Ref)
	}
	return ok
}

func (v *verifier) resolveRef(ref string) (string, bool) {
	if sha, ok := v.repo.Tags()[ref]; ok {
		return sha, true
	}
	for _, c := range v.repo.Log() {
		if strings.HasPrefix(c.SHA, ref) && len(ref) >= 7 {
			return c.SHA, true
		}
	}
	return "", false
}

// commitsSince counts HEAD's commits that the given commit cannot reach.
func commitsSince(log []Commit, since string) int {
	if since == "" {
		return len(log)
	}
	if n, ok := linearSince(log, since); ok {
		return n
	}
	parents := make(map[string][]string, len(log))
	for _, c := range log {
		parents[c.SHA] = c.Parents
	}
	reach := map[string]bool{}
	stack := []string{since}
	for len(stack) > 0 {
		s := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if reach[s] {
			continue
		}
		reach[s] = true
		stack = append(stack, parents[s]...)
	}
	n := 0
	for _, c := range log {
		if !reach[c.SHA] {
			n++
		}
	}
	return n
}

// linearSince answers commitsSince without maps when HEAD reaches since through single parents (the
// common case, and the one a 20k-commit log made costly): every other commit of HEAD's history is then
// an ancestor of since, so the count is since's position in the log.
func linearSince(log []Commit, since string) (int, bool) {
	for i, c := range log {
		if c.SHA == since {
			return i, true
		}
		if len(c.Parents) != 1 || i+1 >= len(log) || log[i+1].SHA != c.Parents[0] {
			return 0, false
		}
	}
	return 0, false
}
