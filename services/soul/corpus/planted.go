package corpus

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

// A planted case measures recall on drift made on purpose: a real document's fixture, a synthetic
// history of changes on top of it, and for each change the finding it must raise (a drift plant) or
// the promise that it raises none (a harmless plant). The real corpus holds only the drift its
// documents happened to carry; planting covers every class the checker claims to catch.

// PlantedCase is one document with its plants.
type PlantedCase struct {
	// ID is the planted case's directory name, Dir that directory; Real is the real case it builds on.
	ID, Dir string
	Real    Case
	// Written marks a case whose claims were written for the suite (an addendum to the real document
	// and the sources it names, in files.txtar): it does not count as a real document.
	Written bool
	// Setup are steps committed before the baseline check: written addenda for classes the real
	// document never names (npm scripts, Python/TS/Rust symbols, release tags).
	Setup  []Step
	Plants []Plant
}

// Plant is one planted change: its steps become one commit.
type Plant struct {
	Name string
	// Drift plants must raise Expect; harmless plants must raise nothing new.
	Drift  bool
	Steps  []Step
	Expect []Expect
	// Also are further findings the same change truly causes (the same file named by another
	// claim); they are allowed, not scored.
	Also []Expect
	// Gap names the engine gap that misses this plant today (testdata/planted/README.md). The
	// expectation stays what a reader needs; the mark only says the miss is known.
	Gap string
	// SHA is the plant's commit once built.
	SHA string
}

// Step is one line of a plan: a verb and its arguments.
type Step struct {
	Verb string
	Args []string
	// Text is the rest of the line after the verb's fixed arguments, with \n read as a newline.
	Text  string
	Where string
}

// Expect is a finding a plant must (or may) raise: at Line, failing Anchor, for Reason, its detail
// containing Key ({sha} stands for the plant's own commit, shortened as findings print it).
type Expect struct {
	Line   int
	Anchor string
	Reason string
	Key    string
}

// Match reports whether a finding is the expected one.
func (e Expect) Match(f DetailFinding, sha string) bool {
	key := strings.ReplaceAll(e.Key, "{sha}", shortSHA(sha))
	return f.Line == e.Line && f.Anchor == e.Anchor && f.Reason == e.Reason && strings.Contains(f.Detail, key)
}

// Site reports whether a finding sits where the expectation points (whatever its reason).
func (e Expect) Site(f DetailFinding) bool { return f.Line == e.Line && f.Anchor == e.Anchor }

func (e Expect) String() string {
	return fmt.Sprintf("%d %s %s %q", e.Line, e.Anchor, e.Reason, e.Key)
}

// DetailFinding is a drift finding with the detail a reader acts on.
type DetailFinding struct {
	Finding
	Detail string
}

func (f DetailFinding) String() string {
	return fmt.Sprintf("%d %s %s: %s", f.Line, f.Anchor, f.Reason, f.Detail)
}

func shortSHA(s string) string {
	if len(s) > 7 {
		return s[:7]
	}
	return s
}

// LoadPlanted reads every plants.txt under root; real is the real corpus the cases build on.
func LoadPlanted(root, real string) ([]PlantedCase, error) {
	files, err := filepath.Glob(filepath.Join(root, "*", "plants.txt"))
	if err != nil {
		return nil, err
	}
	sort.Strings(files)
	var out []PlantedCase
	for _, f := range files {
		pc, err := loadPlanted(f, real)
		if err != nil {
			return nil, err
		}
		out = append(out, pc)
	}
	return out, nil
}

// loadPlanted parses one plan. Before the first block: "case ID", "written" for a written case, and
// setup steps. A block opens with "drift NAME" or "harmless NAME"; its steps follow, then "expect"
// and "also" lines ("expect LINE | ANCHOR | REASON | KEY") and, for a known miss, "gap WHY".
func loadPlanted(file, real string) (PlantedCase, error) {
	pc := PlantedCase{ID: filepath.Base(filepath.Dir(file)), Dir: filepath.Dir(file)}
	var cur *Plant
	n := 0
	err := eachLine(file, func(l string) error {
		n++
		where := fmt.Sprintf("%s:%d", file, n)
		verb, rest, _ := strings.Cut(l, " ")
		switch verb {
		case "case":
			c, err := loadCase(filepath.Join(real, strings.TrimSpace(rest)))
			pc.Real = c
			return err
		case "written":
			pc.Written = true
			return nil
		case "drift", "harmless":
			pc.Plants = append(pc.Plants, Plant{Name: strings.TrimSpace(rest), Drift: verb == "drift"})
			cur = &pc.Plants[len(pc.Plants)-1]
			return nil
		case "gap":
			if cur == nil || !cur.Drift {
				return fmt.Errorf("%s: gap outside a drift block", where)
			}
			cur.Gap = strings.TrimSpace(rest)
			return nil
		case "expect", "also":
			if cur == nil || !cur.Drift {
				return fmt.Errorf("%s: %s outside a drift block", where, verb)
			}
			e, err := parseExpect(rest)
			if err != nil {
				return fmt.Errorf("%s: %v", where, err)
			}
			if verb == "expect" {
				cur.Expect = append(cur.Expect, e)
			} else {
				cur.Also = append(cur.Also, e)
			}
			return nil
		}
		s, err := parseStep(verb, rest)
		if err != nil {
			return fmt.Errorf("%s: %v", where, err)
		}
		s.Where = where
		if cur == nil {
			pc.Setup = append(pc.Setup, s)
		} else {
			cur.Steps = append(cur.Steps, s)
		}
		return nil
	})
	if err != nil {
		return pc, err
	}
	if pc.Real.Doc == "" {
		return pc, fmt.Errorf("%s: no case line", file)
	}
	// two plants on one line may fail one claim and hide each other (a claim reports its first failed
	// anchor only), so each line is one plant's
	sites := map[string]string{}
	for _, p := range pc.Plants {
		for _, e := range p.Expect {
			k := fmt.Sprint(e.Line)
			if other, ok := sites[k]; ok && other != p.Name {
				return pc, fmt.Errorf("%s: drift %s and %s both expect a finding on line %d", file, other, p.Name, e.Line)
			}
			sites[k] = p.Name
		}
		if p.Drift && len(p.Expect) == 0 {
			return pc, fmt.Errorf("%s: drift %s expects nothing", file, p.Name)
		}
		if len(p.Steps) == 0 {
			return pc, fmt.Errorf("%s: plant %s changes nothing", file, p.Name)
		}
	}
	return pc, nil
}

// arity is how many fixed arguments each verb takes before its free text.
var arity = map[string]int{"rename": 2, "delete": 1, "write": 1, "append": 1, "grow": 2, "replace": 1, "cut": 1, "drop": 1, "insert": 2, "tag": 1, "untag": 1, "retag": 1}

func parseStep(verb, rest string) (Step, error) {
	n, ok := arity[verb]
	if !ok {
		return Step{}, fmt.Errorf("unknown step %q", verb)
	}
	s := Step{Verb: verb}
	for i := 0; i < n; i++ {
		rest = strings.TrimLeft(rest, " ")
		a, r, _ := strings.Cut(rest, " ")
		if a == "" {
			return s, fmt.Errorf("%s wants %d arguments", verb, n)
		}
		s.Args = append(s.Args, a)
		rest = r
	}
	s.Text = strings.ReplaceAll(rest, `\n`, "\n")
	return s, nil
}

func parseExpect(rest string) (Expect, error) {
	f := strings.Split(rest, " | ")
	if len(f) != 4 {
		return Expect{}, fmt.Errorf("want LINE | ANCHOR | REASON | KEY, got %q", rest)
	}
	line, err := strconv.Atoi(strings.TrimSpace(f[0]))
	if err != nil {
		return Expect{}, err
	}
	return Expect{Line: line, Anchor: strings.TrimSpace(f[1]), Reason: strings.TrimSpace(f[2]), Key: strings.TrimSpace(f[3])}, nil
}

// PlantedRepo is a built planted case: one git repository whose branches hold the three states.
type PlantedRepo struct {
	Root string
	git  *gitRunner
	// plants share the case's slice, so Apply fills in each plant's SHA where the caller reads it.
	plants   []Plant
	baseTags []string
}

// Base, Drift and Harmless are the branches: the fixture with its setup, every drift plant on top
// (one commit each), and every harmless plant on top instead.
const (
	Base     = "main"
	Drift    = "drift"
	Harmless = "harmless"
)

// BuildPlanted makes the repository under dir and leaves Base checked out: the real fixture (its
// files and extra.txt), a prehistory commit, the import, and the setup commit. Every git call runs
// with a fixed identity and clock and no user or system config.
func (pc *PlantedCase) BuildPlanted(ctx context.Context, dir string) (*PlantedRepo, error) {
	work := filepath.Join(dir, "work")
	if err := unpack(filepath.Join(pc.Real.Dir, "tree.txtar"), work); err != nil {
		return nil, err
	}
	err := eachLine(filepath.Join(pc.Real.Dir, "extra.txt"), func(l string) error {
		p := strings.Fields(l)[0]
		if strings.HasSuffix(p, "/") {
			p += "go.mod"
		}
		return writeFile(filepath.Join(work, filepath.FromSlash(p)), "")
	})
	if err != nil {
		return nil, err
	}
	g := newGitRunner(ctx, work, dir)
	for _, s := range [][]string{{"init", "-q", "-b", Base}, {"commit", "-q", "--allow-empty", "-m", "prehistory"}, {"add", "-A"}, {"commit", "-q", "-m", "import " + pc.Real.ID + " (#1)"}} {
		if _, err := g.run(s...); err != nil {
			return nil, err
		}
	}
	// a written case's sources come as an archive beside its plan, for the same reason the fixtures do
	files := filepath.Join(pc.Dir, "files.txtar")
	_, err = os.Stat(files)
	hasFiles := err == nil
	if hasFiles {
		if err := unpack(files, work); err != nil {
			return nil, err
		}
	}
	if len(pc.Setup) > 0 || hasFiles {
		if _, err := g.commitSteps(work, "setup: written addenda and release tags", pc.Setup); err != nil {
			return nil, err
		}
	}
	tags, err := g.run("for-each-ref", "--format=%(refname:short) %(objectname)", "refs/tags")
	if err != nil {
		return nil, err
	}
	return &PlantedRepo{Root: work, git: g, plants: pc.Plants, baseTags: strings.Fields(tags)}, nil
}

// Apply builds a branch (Drift or Harmless) from Base, one commit per plant of its kind, and leaves
// it checked out. Tags are global, so they are first put back as Base had them: a tag one branch
// deletes is there for the other.
func (r *PlantedRepo) Apply(branch string) error {
	g := r.git
	if _, err := g.run("checkout", "-q", "-B", branch, Base); err != nil {
		return err
	}
	tags, err := g.run("tag", "-l")
	if err != nil {
		return err
	}
	if t := strings.Fields(tags); len(t) > 0 {
		if _, err := g.run(append([]string{"tag", "-d"}, t...)...); err != nil {
			return err
		}
	}
	for i := 0; i+1 < len(r.baseTags); i += 2 {
		if _, err := g.run("tag", r.baseTags[i], r.baseTags[i+1]); err != nil {
			return err
		}
	}
	for i := range r.plants {
		p := &r.plants[i]
		if p.Drift != (branch == Drift) {
			continue
		}
		if p.SHA, err = g.commitSteps(r.Root, "plant: "+p.Name, p.Steps); err != nil {
			return fmt.Errorf("%s: %v", p.Name, err)
		}
	}
	return nil
}
