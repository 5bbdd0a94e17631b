package main

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"runtime/debug"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	soulv1 "github.com/organism-dev/organism/proto/organism/soul/v1"
	"github.com/organism-dev/organism/services/soul/engine"
	"github.com/organism-dev/organism/services/soul/gitrepo"
	"github.com/organism-dev/organism/services/soul/report"
	"github.com/organism-dev/organism/services/soul/wire"
)

// The exit codes of `organism soul check`, stable for CI:
//
//	0  no finding that fails the run
//	1  drift: an anchor that fails (missing, changed, moved, a ref not in git), or a soul's counts that
//	   contradict or supersede one another
//	2  usage or I/O: a bad flag, an unreadable repository or document, a BASE git cannot show
//	3  findings of a kind --fail-on asked for, and no drift: discipline (anchorless claims in a
//	   soul's verifiable tissue, --fail-on discipline), unverified mentions (a name with no trace
//	   in the repository's history that the sentence does not assert, --fail-on unverified) or age
//	   (aged_out claims whose evidence no commit touched for 720h of the repository's time,
//	   --fail-on age) or disagreement (a document that is no soul disagreeing with itself: two of
//	   its counts of one subject, a next step another line reports shipped; --fail-on disagreement)
//
// Drift wins: a run with drift exits 1 whatever else it found. Unverified mentions, age and
// disagreement findings never fail a run unless --fail-on names them; the code they share with discipline is 3, since all
// are "the findings you asked to fail on", and a CI that wants to tell them apart reads the report.
const (
	exitClean      = 0
	exitDrift      = 1
	exitIO         = 2
	exitDiscipline = 3
)

// handoffNames are the files `soul check --all` looks for, at any depth: the handoff documents of
// Codex and most agents, Claude Code, Gemini CLI (which reads a GEMINI.md in every directory) and
// this project's soul, and the agents' names with the ending in capitals, which no other file takes
// (the hundred-and-tenth and -eleventh holdouts' StockVision `client/AGENTS.MD` and head-shakers
// `CLAUDE.MD`, both unchecked before).
var handoffNames = []string{"AGENTS.md", "CLAUDE.md", "GEMINI.md", "PATHOS.md", "AGENTS.MD", "CLAUDE.MD", "GEMINI.MD"}

// rootVariants are handoffNames spelled otherwise, taken at the repository's root only: Claude Code
// reads a root `Claude.md` on a case-insensitive disk, and the nineteenth holdout's scalus keeps one. Deeper
// down a name like `docs/providers/claude.md` is more often a page about the tool than a handoff.
var rootVariants = []string{"Agents.md", "agents.md", "Claude.md", "claude.md", "Gemini.md", "gemini.md"}

// handoffInDir are handoff documents whose name alone says too little: GitHub Copilot reads its
// instructions from .github/copilot-instructions.md, so a file of that name elsewhere is someone's
// note, not a handoff. Cursor's rule files (.cursorrules, .cursor/rules/*.mdc) stay out: they hold
// style rules and front matter whose globs select files, rarely claims a repository can bear out.
var handoffInDir = map[string]string{"copilot-instructions.md": ".github"}

// skippedDirs hold other people's documents or fixtures, never this repository's handoff. A test's
// fixtures/ is testdata by another name: evals/fixtures/codex-skill-factory/AGENTS.md (the
// ninety-seventh holdout's repo-harness) describes the simulated project an eval runs in, whose
// scripts/ is that project's.
var skippedDirs = map[string]bool{".git": true, "node_modules": true, "vendor": true, "third_party": true, "testdata": true, "fixtures": true, "__fixtures__": true}

// ioFailure is a run that could not be done (exit 2, the status of usage errors).
func ioFailure(err error) error { return usageError{renderStatus(err).Error()} }

// checkRun is one offline run over a repository: its snapshot, opened once for every document.
type checkRun struct {
	repo    *gitrepo.Repo
	tissues map[string]engine.Tissue
	ignore  *engine.Ignore
	claims  bool
	now     time.Time
	// loaded keeps each document as first read: --all reads every document to fold its imports, and
	// checks it from the same bytes instead of reading it again.
	loaded map[string]loadedDoc
}

type loadedDoc struct {
	rel string
	src []byte
	err error
}

// load is engine.LoadSoul of doc, once per run.
func (r *checkRun) load(doc string) (string, []byte, error) {
	d, ok := r.loaded[doc]
	if !ok {
		d.rel, d.src, d.err = engine.LoadSoul(r.repo.Root(), doc, 0)
		if r.loaded == nil {
			r.loaded = map[string]loadedDoc{}
		}
		r.loaded[doc] = d
	}
	return d.rel, d.src, d.err
}

func openRun(ctx context.Context, dir string, overrides tissueFlag, claims bool) (*checkRun, error) {
	tissues := map[string]engine.Tissue{}
	for k, v := range overrides {
		t, ok := engine.ParseTissue(v)
		if !ok {
			return nil, usageError{fmt.Sprintf("--tissue %s=%s: want verifiable, declared, mixed or history", k, v)}
		}
		tissues[k] = t
	}
	if os.Getenv("GOGC") == "" {
		// An offline check is a short process whose garbage (a long history's names, a grep's lines) is
		// most of what it allocates: collecting at 5x the live heap instead of 2x spends less of its CPU,
		// which the git processes it waits for share with it, on the collector. Memory stays bounded.
		debug.SetGCPercent(400)
	}
	repo, err := gitrepo.Open(ctx, dir)
	if err != nil {
		return nil, ioFailure(fmt.Errorf("open %s: %w", dir, err))
	}
	return &checkRun{repo: repo, tissues: tissues, ignore: engine.RepoIgnore(repo), claims: claims, now: time.Now()}, nil
}

// rel turns a document argument into a repository-relative path.
func (r *checkRun) rel(doc string) (string, error) {
	if !filepath.IsAbs(doc) {
		return filepath.ToSlash(filepath.Clean(doc)), nil
	}
	rel, err := filepath.Rel(r.repo.Root(), doc)
	if err != nil || strings.HasPrefix(rel, "..") {
		// git names the root with symlinks resolved (/private/tmp, not /tmp): resolve the
		// document's directory the same way before calling it outside.
		if dir, derr := filepath.EvalSymlinks(filepath.Dir(doc)); derr == nil {
			rel, err = filepath.Rel(r.repo.Root(), filepath.Join(dir, filepath.Base(doc)))
		}
	}
	if err != nil || strings.HasPrefix(rel, "..") {
		return "", usageError{fmt.Sprintf("%s is outside the repository %s", doc, r.repo.Root())}
	}
	return filepath.ToSlash(rel), nil
}

// relFromCwd turns a document argument named from the current directory, as a shell or an editor
// in a subdirectory names it, into a repository-relative path. Without it `soul check AGENTS.md`
// run in services/api checked the root's AGENTS.md instead of the one beside the user.
func (r *checkRun) relFromCwd(doc string) (string, error) {
	if filepath.IsAbs(doc) {
		return r.rel(doc)
	}
	abs, err := filepath.Abs(doc)
	if err != nil {
		return "", ioFailure(err)
	}
	return r.rel(abs)
}

// check checks one document ("" finds the soul: docs/PATHOS.md, then PATHOS.md).
func (r *checkRun) check(ctx context.Context, doc string) (*soulv1.SoulCheckReport, error) {
	if rep, ok := r.danglingLink(doc); ok {
		return rep, nil
	}
	rel, src, err := r.load(doc)
	if errors.Is(err, engine.ErrSoulNotFound) && doc == "" {
		for _, alt := range []string{"AGENTS.md", "CLAUDE.md"} {
			if _, serr := os.Stat(filepath.Join(r.repo.Root(), alt)); serr == nil {
				return nil, usageError{fmt.Sprintf("%v (this repository has %s: pass --soul %s, or --all)", err, alt, alt)}
			}
		}
	}
	if err != nil {
		return nil, ioFailure(fmt.Errorf("%s: %w", orSoul(doc), err))
	}
	rep, err := engine.CheckRepo(ctx, r.repo, rel, src, engine.ParseOptions{Tissues: r.tissues, Ignore: r.ignore}, engine.CheckOptions{Now: r.now, IncludeClaims: r.claims})
	if err != nil {
		return nil, ioFailure(fmt.Errorf("%s: %w", rel, err))
	}
	return wire.ReportToProto(rep), nil
}

// danglingLink reports a handoff document that is a symbolic link to nothing (firezone's
// .github/copilot-instructions.md, a link to "docs/AGENT.md" that resolves from .github/): every agent
// that reads it gets nothing, so it is drift of the whole document, and the run goes on with the rest.
func (r *checkRun) danglingLink(doc string) (*soulv1.SoulCheckReport, bool) {
	if doc == "" {
		return nil, false
	}
	p := filepath.Join(r.repo.Root(), filepath.FromSlash(doc))
	fi, err := os.Lstat(p)
	if err != nil || fi.Mode()&os.ModeSymlink == 0 {
		return nil, false
	}
	if _, err := os.Stat(p); err == nil {
		return nil, false
	}
	target, err := os.Readlink(p)
	if err != nil {
		return nil, false
	}
	target = filepath.ToSlash(target)
	shown := target
	if strings.TrimSpace(target) != target {
		shown = strconv.Quote(target) // "AGENTS.md\n": a line break written into the link is no part of any name
	}
	detail := fmt.Sprintf("%s is a symbolic link to %s, which does not exist", doc, shown)
	if !strings.HasPrefix(target, "/") {
		detail += fmt.Sprintf(" (resolved from %s/: %s)", path.Dir(doc), strconv.Quote(path.Clean(path.Join(path.Dir(doc), target))))
		if meant := path.Clean(path.Join(path.Dir(doc), strings.TrimSpace(target))); meant != path.Clean(path.Join(path.Dir(doc), target)) {
			if _, err := os.Stat(filepath.Join(r.repo.Root(), filepath.FromSlash(meant))); err == nil {
				// the two-hundred-and-eighth holdout's azmethai.com: core/CLAUDE.md links to "AGENTS.md\n",
				// written with echo; its reader finds nothing though core/AGENTS.md is there
				detail += fmt.Sprintf("; %s exists: the link's target carries whitespace around the name", meant)
			}
		}
	}
	return &soulv1.SoulCheckReport{
		Schema:   engine.SchemaCheck,
		SoulPath: doc,
		Headline: "a link to a missing file",
		Stale: []*soulv1.StaleRow{{
			Claim: "(the whole document)", Line: 1, State: string(engine.StateStale), Reason: engine.ReasonFileMissing,
			Anchor: target, Detail: detail, Kind: "drift",
		}},
	}, true
}

func orSoul(doc string) string {
	if doc == "" {
		return "soul"
	}
	return doc
}

// handoffFiles lists every handoff document of the repository: tracked (or staged) files when it
// is git, the files on disk when not; vendored trees, node_modules, testdata and the
// .soulignore's doc globs are left out.
func handoffFiles(repo *gitrepo.Repo, ig *engine.Ignore) ([]string, error) {
	var found []string
	if repo.Git() {
		for _, n := range handoffNames {
			found = append(found, repo.ByBasename(n)...)
		}
		for _, n := range rootVariants {
			if slices.Contains(repo.ByBasename(n), n) {
				found = append(found, n) // tracked under this very spelling, whatever the disk's case rules
			}
		}
		for n := range handoffInDir {
			for _, p := range repo.ByBasename(n) {
				if isHandoffPath(p) {
					found = append(found, p)
				}
			}
		}
	} else {
		err := filepath.WalkDir(repo.Root(), func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() && skippedDirs[d.Name()] {
				return filepath.SkipDir
			}
			if rel, _ := filepath.Rel(repo.Root(), p); !d.IsDir() && isHandoffPath(filepath.ToSlash(rel)) {
				found = append(found, filepath.ToSlash(rel))
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	var out []string
	for _, p := range found {
		if !skippedPath(p) && !ig.Doc(p) && !inVendoredProject(repo, p) {
			out = append(out, p)
		}
	}
	sort.Strings(out)
	return out, nil
}

// inVendoredProject reports a document below a hidden directory, in a tree that carries its own
// .github/: another project copied in whole (the sixtieth holdout's t3code keeps upstream repositories
// under .repos/, "read-only reference material for coding agents", each with its .github/,
// CHANGELOG.md and AGENTS.md, whose links are upstream's to fix). A package of the repository's own
// with a .github/ of its own (COGANT's cogant/, terreno's packages) is not hidden, and stays checked.
// Name such a document to check it anyway.
func inVendoredProject(repo *gitrepo.Repo, doc string) bool {
	if !strings.HasPrefix(doc, ".") && !strings.Contains(doc, "/.") {
		return false
	}
	for d := path.Dir(doc); d != "." && d != "" && d != "/"; d = path.Dir(d) {
		if ok, dir := repo.Exists(d + "/.github"); ok && dir {
			return true
		}
	}
	return false
}

// isHandoffPath reports a repository path that is a handoff document: one of handoffNames at any
// depth, or one of handoffInDir in its own directory (at any depth, for a monorepo's packages).
func isHandoffPath(p string) bool {
	name := path.Base(p)
	for _, n := range handoffNames {
		if name == n {
			return true
		}
	}
	if !strings.Contains(p, "/") && slices.Contains(rootVariants, p) {
		return true
	}
	dir, ok := handoffInDir[name]
	return ok && path.Base(path.Dir(p)) == dir
}

// archiveDirs are top-level directories of retired material.
var archiveDirs = map[string]bool{"archive": true, "archived": true, "archives": true, "_archive": true, "attic": true}

func skippedPath(p string) bool {
	segs := strings.Split(path.Dir(p), "/")
	if segs[0] == "assets" {
		// a top-level assets/ holds files the project ships into its users' projects: claude-task-master
		// copies assets/AGENTS.md into each project it sets up, and its paths (`.taskmaster/docs/prd.md`)
		// are that project's (the twenty-sixth holdout). An app's own app/assets/ is not skipped.
		return true
	}
	if archiveDirs[strings.ToLower(segs[0])] {
		// a top-level archive/ keeps retired documents as they were: archive/strategy-v1/…/AGENTS.md names
		// the routes and providers of a layout the project left (the hundred-and-fifty-second holdout's
		// dash). A package's own archive/ (Go's internal/archive/) is code, and stays checked.
		return true
	}
	if segs[0] == ".taskmaster" {
		// .taskmaster/CLAUDE.md is Task Master's own guide, which `task-master init` writes: its
		// `.taskmaster/docs/prd.md` and `.claude/settings.json` are the defaults of any project (the
		// hundred-and-fifty-fourth holdout's ModOne)
		return true
	}
	if path.Base(p) == "AGENTS.md" && segs[len(segs)-1] == "openspec" {
		// openspec/AGENTS.md is OpenSpec's own instructions, which `openspec init` writes and `openspec
		// update` rewrites: its `tasks.md`, `design.md` and `changes/[change-id]/` are the files each
		// change proposal gets, never this repository's (the sixty-second holdout's data_agent, 18 rows)
		return true
	}
	for i, seg := range segs {
		if skippedDirs[seg] || templateDir(seg) {
			return true
		}
		if seg == "skills" && slices.ContainsFunc(segs[:i], func(s string) bool { return strings.HasPrefix(s, ".") }) {
			// .agents/skills/<pack>/AGENTS.md, .claude/skills/...: an agent skill pack, mostly installed
			// from elsewhere, whose AGENTS.md is about its library (the twenty-first holdout's zoonk carries
			// vercel-react-best-practices: React's APIs, none of them this repository's); the dot
			// directory may sit higher up (the fiftieth holdout's finance-os: .agentic/source/skills/)
			return true
		}
	}
	return false
}

// templateDir reports a directory of files a generator copies into other projects: templates/,
// agent_templates/, scaffold/, a create-* package's template-react-ts/ (rspack's create-rspack),
// a cookiecutter's {{cookiecutter.name}}/. A handoff document there is
// the generated project's, and names the files that project will have (pipecat's
// src/pipecat/cli/agent_templates/AGENTS.md: its Dockerfile, its starter_text.yaml), not this
// repository's. Name such a document to check it anyway.
func templateDir(seg string) bool {
	s := strings.ToLower(seg)
	if strings.Contains(s, "{{") || strings.Contains(s, "{%") || strings.HasPrefix(s, "cookiecutter") {
		return true
	}
	for _, w := range []string{"template", "templates", "scaffold", "scaffolds", "skeleton", "boilerplate"} {
		if s == w || strings.HasSuffix(s, "_"+w) || strings.HasSuffix(s, "-"+w) || strings.HasPrefix(s, w+"-") {
			return true
		}
	}
	// agent_presets/research-agent/AGENTS.md: an agent's preset, copied into the workspace each agent
	// it sets up gets, whose `.claude/skills/onboarding/SKILL.md` is that workspace's (the
	// hundred-and-thirty-first holdout's elevate-agent, five rows). A bare presets/ may be a package's.
	return strings.HasSuffix(s, "_presets") || strings.HasSuffix(s, "-presets")
}

// exitFor is the run's status from the findings left after baseline and diff; failOn holds the
// kinds --fail-on named (drift always fails).
func exitFor(set report.Set, failOn map[string]bool) int {
	c := report.Count(set)
	switch {
	case c.Drift > 0:
		return exitDrift
	case c.Discipline > 0 && failOn[report.KindDiscipline], c.Unverified > 0 && failOn[report.KindUnverified], c.Age > 0 && failOn[report.KindAge],
		c.Disagreement > 0 && failOn[report.KindDisagreement]:
		return exitDiscipline
	}
	return exitClean
}

// failOnKinds reads --fail-on: drift, discipline, unverified, age or disagreement, or several joined by
// commas.
func failOnKinds(v string) (map[string]bool, error) {
	kinds := map[string]bool{}
	for _, k := range strings.Split(v, ",") {
		switch k = strings.TrimSpace(k); k {
		case report.KindDrift, report.KindDiscipline, report.KindUnverified, report.KindAge, report.KindDisagreement:
			kinds[k] = true
		default:
			return nil, usageError{fmt.Sprintf("--fail-on %q: want drift, discipline, unverified, age or disagreement (or several, comma-separated)", v)}
		}
	}
	return kinds, nil
}

// toolVersion is the binary's module version for SARIF's driver, "devel" in a work tree build.
func toolVersion() string {
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
		return bi.Main.Version
	}
	return "devel"
}
