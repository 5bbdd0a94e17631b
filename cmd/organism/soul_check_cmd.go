package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"

	soulv1 "github.com/organism-dev/organism/proto/organism/soul/v1"
	"github.com/organism-dev/organism/services/soul/engine"
	"github.com/organism-dev/organism/services/soul/report"
)

const soulCheckLong = `offline (any repository): organism soul check [--repo DIR] [--soul PATH | DOC... | --all]
against a server:          organism soul check --addr HOST:PORT [--brain NAME]

DOC arguments are paths from the current directory (so a shell or an editor in a subdirectory
names the document beside it); with --repo, and for --soul, they are paths from the repository.

--all checks every handoff file of the repository in one run: AGENTS.md, CLAUDE.md, GEMINI.md and
PATHOS.md at any depth (AGENTS.MD, CLAUDE.MD and GEMINI.MD too; at the root also Claude.md, claude.md,
Agents.md, agents.md, Gemini.md and gemini.md), and .github/copilot-instructions.md (tracked or staged files), skipping
vendor/, third_party/, node_modules/, testdata/, template directories (templates/, *_templates/, template-*/,
scaffold/, skeleton/, cookiecutter dirs, an agent's *_presets/: a generated project's documents), a top-level assets/
(files the project ships into its users' projects), a top-level archive/ (archived/, attic/: retired documents), agent skill packs (.agents/skills/,
.claude/skills/ and the like), OpenSpec's own instructions (openspec/AGENTS.md), Task Master's (.taskmaster/CLAUDE.md), other projects' trees copied in (below a hidden directory, a directory
with its own .github/, such as a vendored .repos/upstream/) and the doc: globs of the repository's .soulignore.
A symlink is checked once, under its target's name (a symlink to nothing is drift of its own); so is a document that is only imports of other
documents of the run (a CLAUDE.md whose body is @AGENTS.md), which the text output notes once. An
import line (@path on a line of its own) asserts the file exists, relative to the document; @~/ and
absolute imports are never checked. A file --all finds that is not text (a NUL byte) or is over the size
limit is named on stderr and skipped; the others are checked. Cursor rule files are not handoff documents;
CONTRIBUTING.md and others are checked when named.

Findings are drift (an anchor that fails, with evidence: history, the file itself, a soul's counts
that contradict one another, or a sentence that asserts a name exists), discipline (a claim in a soul's verifiable tissue with
no anchor), unverified (a name with no trace in the repository's history and no definition, which
the sentence mentions without asserting it: no link target, no "see X") or age (aged_out: a claim whose evidence holds but no commit touched its paths in the
720h before HEAD, the repository's own time; unknown age, as in a shallow clone, is never flagged)
or disagreement (a document that is no soul disagreeing with itself: two of its counts of one
subject, a next step another line reports shipped; nothing in the repository says which line is
wrong). In a document that is no soul (an ordinary AGENTS.md) an anchorless sentence is counted,
not a finding. Skip a claim with <!-- soul-ignore --> on the line before it, a block with
<!-- soul-ignore-start --> ... <!-- soul-ignore-end -->, or paths with .soulignore.

exit status: 0 clean · 1 drift found · 2 usage or I/O error · 3 discipline, unverified, age or
disagreement findings only, with --fail-on discipline / unverified / age / disagreement, or several
comma-separated (drift wins: a run with drift exits 1; unverified, age and disagreement never fail a
run unless asked); --exit-zero always exits 0.

--baseline FILE fails only on findings FILE does not hold (keyed by document, anchor and reason,
not line); --write-baseline FILE accepts today's findings. --diff BASE keeps only the findings that
BASE's version of the documents did not have (BASE is checked out in a temporary git worktree;
renamed documents are compared with their old selves, and a finding on a path the change renamed
says where it went).
--tissue HEADING=TISSUE (repeatable) maps a heading fragment to verifiable, declared, mixed or history`

// soulCheckFlags are the flags of `organism soul check`; examples/ is tested against this list.
type soulCheckFlags struct {
	repo, soulPath, brain, format, failOn, baseline, writeBaseline, diff *string
	all, claims, exitZero, dryRun                                        *bool
	tissues                                                              tissueFlag
}

func bindSoulCheck(fs *flag.FlagSet) *soulCheckFlags {
	f := &soulCheckFlags{tissues: tissueFlag{}}
	f.repo = fs.String("repo", ".", "repository to check offline (any git work tree or directory)")
	f.soulPath = fs.String("soul", "", "soul file, relative to the repository (default docs/PATHOS.md, then PATHOS.md); DOC arguments name several")
	f.all = fs.Bool("all", false, "check every handoff file of the repository (AGENTS.md, CLAUDE.md, GEMINI.md, PATHOS.md, .github/copilot-instructions.md, nested ones too)")
	f.brain = fs.String("brain", "", "brain to check on the server (default: the credential's own)")
	f.claims = fs.Bool("claims", false, "list every claim with its anchors and state")
	f.format = fs.String("format", "text", "output: text, json (the m1nd-soul-check report), sarif (SARIF 2.1.0) or github (Actions annotations)")
	f.failOn = fs.String("fail-on", "drift", "what fails the run: drift (exit 1); discipline, unverified, age and/or disagreement, comma-separated (drift exits 1, those alone exit 3)")
	f.baseline = fs.String("baseline", "", "accept the findings this baseline file holds; fail only on new ones")
	f.writeBaseline = fs.String("write-baseline", "", "write today's findings to this file as the baseline, and exit 0")
	f.diff = fs.String("diff", "", "only findings introduced since this git revision (BASE..work tree)")
	f.exitZero = fs.Bool("exit-zero", false, "exit 0 even when findings exist")
	f.dryRun = fs.Bool("dry-run", false, "on a server: check without storing a receipt")
	fs.Var(f.tissues, "tissue", "HEADING=TISSUE: judge sections whose heading contains HEADING as TISSUE (repeatable)")
	return f
}

func soulCheck(fs *flag.FlagSet) action {
	f := bindSoulCheck(fs)
	return func(ctx context.Context, c *call) error {
		format := *f.format
		if c.json {
			if c.given("format") && format != "json" {
				return usageError{"--json and --format " + format + " disagree"}
			}
			format = "json"
		}
		switch format {
		case "text", "json", "sarif", "github":
		default:
			return usageError{fmt.Sprintf("--format %q: want text, json, sarif or github", format)}
		}
		failOn, err := failOnKinds(*f.failOn)
		if err != nil {
			return err
		}
		remote := c.given("addr") || c.given("brain") || c.given("owner") || c.given("token")
		if remote && (*f.all || len(c.args) > 0 || *f.diff != "") {
			return usageError{"--all, DOC arguments and --diff check a local repository; they do not mix with --addr/--brain/--token/--owner"}
		}
		if *f.all && (len(c.args) > 0 || *f.soulPath != "") {
			return usageError{"--all checks every handoff file; do not also name documents"}
		}
		set, folded, err := f.collect(ctx, c, remote)
		if err != nil {
			return err
		}
		if *f.writeBaseline != "" {
			return writeBaselineFile(*f.writeBaseline, set)
		}
		if *f.baseline != "" {
			if err := applyBaseline(*f.baseline, set); err != nil {
				return err
			}
		}
		if err := render(c.out, format, set, *f.claims); err != nil {
			return ioFailure(err)
		}
		if format == "text" {
			for _, n := range folded {
				fmt.Fprintln(c.out, n)
			}
		}
		if code := exitFor(set, failOn); code != exitClean && !*f.exitZero {
			return exitError{code: code}
		}
		return nil
	}
}

// collect runs the check: on the server, or offline over the documents asked for.
// The notes name the import-only documents --all checked as the documents they import.
func (f *soulCheckFlags) collect(ctx context.Context, c *call, remote bool) (report.Set, []string, error) {
	var notes []string
	if remote {
		sc, err := c.soul()
		if err != nil {
			return report.Set{}, nil, ioFailure(err)
		}
		resp, err := sc.CheckSoul(ctx, &soulv1.CheckSoulRequest{Brain: *f.brain, IncludeClaims: *f.claims, DryRun: *f.dryRun, Tissues: f.tissues})
		if err != nil {
			return report.Set{}, nil, ioFailure(err)
		}
		return report.Set{Reports: []*soulv1.SoulCheckReport{resp.GetReport()}}, nil, nil
	}
	run, err := openRun(ctx, *f.repo, f.tissues, *f.claims)
	if err != nil {
		return report.Set{}, nil, err
	}
	docs := []string{*f.soulPath}
	set := report.Set{Many: *f.all || len(c.args) > 1}
	switch {
	case *f.all:
		if docs, err = handoffFiles(run.repo, run.ignore); err != nil {
			return set, nil, ioFailure(err)
		}
		if len(docs) == 0 {
			noHandoffNote(soulCheckStderr, run, *f.repo, c.given("repo"))
		}
	case len(c.args) > 0:
		docs = nil
		// DOC arguments are named from the current directory; with --repo, from the repository.
		resolve := run.relFromCwd
		if c.given("repo") {
			resolve = run.rel
		}
		for _, a := range c.args {
			rel, err := resolve(a)
			if err != nil {
				return set, nil, err
			}
			if !run.ignore.Doc(rel) {
				docs = append(docs, rel)
			}
		}
	case *f.soulPath != "":
		if docs[0], err = run.rel(*f.soulPath); err != nil {
			return set, nil, err
		}
	}
	if len(docs) > 0 && docs[0] != "" {
		docs = uniqueDocs(run.repo.Root(), docs)
	}
	if *f.all {
		docs, notes = foldImports(run.load, docs)
	}
	for _, d := range docs {
		if *f.all {
			// --all found the file by its name; one binary or oversized file among hundreds must not
			// cost the run its other documents. Named on stderr, so stdout stays the report. The load
			// is the run's own, cached for the check that follows.
			if _, src, err := run.load(d); err == nil {
				if err := engine.Readable(src, 0); err != nil {
					fmt.Fprintf(soulCheckStderr, "organism: %s not checked: %v\n", d, err)
					continue
				}
			}
		}
		rep, err := run.check(ctx, d)
		if err != nil {
			return set, nil, err
		}
		set.Reports = append(set.Reports, rep)
	}
	if *f.diff != "" {
		paths := make([]string, len(set.Reports))
		for i, r := range set.Reports {
			paths[i] = r.GetSoulPath()
		}
		view, err := viewAtBase(ctx, run, *f.diff, paths, f.tissues)
		if err != nil {
			return set, nil, err
		}
		report.OnlyNew(set, view.accepted)
		view.attribute(set)
	}
	return set, notes, nil
}

func render(out io.Writer, format string, set report.Set, claims bool) error {
	switch format {
	case "json":
		return report.JSON(out, set)
	case "sarif":
		return report.SARIF(out, set, toolVersion())
	case "github":
		report.GitHub(out, set)
		return nil
	}
	report.Text(out, set, claims)
	return nil
}

func writeBaselineFile(p string, set report.Set) error {
	fh, err := os.Create(p)
	if err != nil {
		return ioFailure(fmt.Errorf("--write-baseline: %w", err))
	}
	if err := report.NewBaseline(set).Write(fh); err != nil {
		fh.Close()
		return ioFailure(err)
	}
	return ioFailureOrNil(fh.Close())
}

func applyBaseline(p string, set report.Set) error {
	fh, err := os.Open(p)
	if err != nil {
		return ioFailure(fmt.Errorf("--baseline: %w", err))
	}
	defer fh.Close()
	b, err := report.ReadBaseline(fh)
	if err != nil {
		return ioFailure(fmt.Errorf("--baseline %s: %w (write one with --write-baseline)", p, err))
	}
	report.OnlyNew(set, b.Accepted())
	return nil
}

func ioFailureOrNil(err error) error {
	if err == nil {
		return nil
	}
	return ioFailure(err)
}
