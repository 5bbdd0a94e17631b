// Package corpus scores the soul checker against labelled real handoff documents
// (services/soul/testdata/real): each case is a document, the files and history it needs, and a
// hand-made label per finding. Precision and recall are measured on drift findings only; unverified
// mentions (a traceless name the sentence does not assert) are counted apart.
package corpus

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
)

// Case is one labelled document.
type Case struct {
	ID string
	// Dir is the case directory: SOURCE, tree/, and optionally extra.txt, history.txt, labels.txt.
	Dir string
	// Doc is the document's path inside the repository.
	Doc string
	// Labels maps "line anchor" to a verdict.
	Labels map[string]Label
}

// Label is the hand-made verdict on one finding: true (drift), false (no finding should be drift), or
// unverified (a true statement about a name with no trace in history that the sentence only mentions:
// the finding belongs in the unverified tier, not in drift).
type Label struct {
	True       bool
	Unverified bool
	Why        string
}

// Finding is what the checker reported, reduced to the key a label matches.
type Finding struct {
	Line   int
	Anchor string
	Reason string
	// Unverified marks an unverified mention rather than a drift finding.
	Unverified bool
}

// Key is the label key of a finding.
func (f Finding) Key() string { return fmt.Sprintf("%d %s", f.Line, f.Anchor) }

// Load reads every case under root.
func Load(root string) ([]Case, error) {
	dirs, err := filepath.Glob(filepath.Join(root, "*", "SOURCE"))
	if err != nil {
		return nil, err
	}
	sort.Strings(dirs)
	var out []Case
	for _, src := range dirs {
		c, err := loadCase(filepath.Dir(src))
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, nil
}

func loadCase(dir string) (Case, error) {
	c := Case{ID: filepath.Base(dir), Dir: dir, Labels: map[string]Label{}}
	err := eachLine(filepath.Join(dir, "SOURCE"), func(l string) error {
		if v, ok := strings.CutPrefix(l, "document: "); ok {
			c.Doc = strings.TrimSpace(v)
		}
		return nil
	})
	if err != nil {
		return c, err
	}
	if c.Doc == "" {
		return c, fmt.Errorf("%s: SOURCE names no document", dir)
	}
	err = eachLine(filepath.Join(dir, "labels.txt"), func(l string) error {
		// LINE ANCHOR true|false|unverified why...
		// a command anchor holds spaces ("make test-snapshot"): the verdict is the first verdict word after it
		f := strings.Fields(l)
		v := 2
		for v < len(f)-1 && !verdicts[f[v]] {
			v++
		}
		if len(f) < 4 || v >= len(f)-1 || !verdicts[f[v]] {
			return fmt.Errorf("%s/labels.txt: want LINE ANCHOR true|false|unverified WHY, got %q", dir, l)
		}
		c.Labels[f[0]+" "+strings.Join(f[1:v], " ")] = Label{True: f[v] == "true", Unverified: f[v] == "unverified", Why: strings.Join(f[v+1:], " ")}
		return nil
	})
	return c, err
}

var verdicts = map[string]bool{"true": true, "false": true, "unverified": true}

// eachLine calls fn for each non-blank, non-comment line of a file; a missing file has none.
func eachLine(p string, fn func(string) error) error {
	f, err := os.Open(p)
	if os.IsNotExist(err) {
		return nil
	}
	if err != nil {
		return err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<16), 1<<20)
	for sc.Scan() {
		l := strings.TrimSpace(sc.Text())
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		if err := fn(l); err != nil {
			return err
		}
	}
	return sc.Err()
}

// Build makes the case's repository under dir and returns its root. The tree is committed on top of
// a prehistory commit; history.txt then replays later changes. A case without history.txt is a
// module zip's snapshot and carries no history of its own, so it is cloned shallow: history-based
// checks must hold, never flag.
func (c Case) Build(ctx context.Context, dir string) (string, error) {
	work := filepath.Join(dir, "work")
	if err := unpack(filepath.Join(c.Dir, "tree.txtar"), work); err != nil {
		return "", err
	}
	err := eachLine(filepath.Join(c.Dir, "extra.txt"), func(l string) error {
		// PATH  why: files the real repository holds that the module zip strips (nested modules)
		p := strings.Fields(l)[0]
		if strings.HasSuffix(p, "/") {
			p += "go.mod"
		}
		return writeFile(filepath.Join(work, filepath.FromSlash(p)), "")
	})
	if err != nil {
		return "", err
	}
	g := gitIn(ctx, work)
	steps := [][]string{{"init", "-q", "-b", "main"}, {"commit", "-q", "--allow-empty", "-m", "prehistory"}, {"add", "-A"}, {"commit", "-q", "-m", "import " + c.ID + " (#1)"}}
	for _, s := range steps {
		if err := g(s...); err != nil {
			return "", err
		}
	}
	hist := filepath.Join(c.Dir, "history.txt")
	if _, err := os.Stat(hist); err == nil {
		return work, replay(hist, work, g)
	}
	shallow := filepath.Join(dir, "shallow")
	if err := gitIn(ctx, dir)("clone", "-q", "--depth", "1", "file://"+work, shallow); err != nil {
		return "", err
	}
	return shallow, nil
}

// replay applies history.txt: "rename A B", "delete A", "write A TEXT", "commit MESSAGE", "tag T",
// "branch B" (origin's branch B at the current commit).
func replay(hist, work string, g func(...string) error) error {
	return eachLine(hist, func(l string) error {
		verb, rest, _ := strings.Cut(l, " ")
		args := strings.Fields(rest)
		switch verb {
		case "rename":
			if err := os.MkdirAll(filepath.Dir(filepath.Join(work, args[1])), 0o755); err != nil {
				return err
			}
			if err := g("mv", args[0], args[1]); err != nil {
				return err
			}
			// git mv leaves the emptied directories behind on disk, which a clone of the same history
			// never has: drop them, so a directory a rename emptied reads as gone
			for d := filepath.Dir(filepath.Join(work, args[0])); d != work && strings.HasPrefix(d, work); d = filepath.Dir(d) {
				if os.Remove(d) != nil {
					break // not empty, or already gone
				}
			}
			return nil
		case "delete":
			return g("rm", "-q", "-r", args[0])
		case "write":
			p, text, _ := strings.Cut(rest, " ")
			return writeFile(filepath.Join(work, p), strings.ReplaceAll(text, `\n`, "\n"))
		case "commit":
			if err := g("add", "-A"); err != nil {
				return err
			}
			return g("commit", "-q", "-m", rest)
		case "tag":
			return g("tag", args[0])
		case "branch":
			// a branch a real clone has only from its remote ("v1.x", the maintenance line): the
			// remote-tracking ref is what "git clone" leaves, not a local branch
			return g("update-ref", "refs/remotes/origin/"+args[0], "HEAD")
		}
		return fmt.Errorf("history.txt: unknown step %q", l)
	})
}

func gitIn(ctx context.Context, dir string) func(...string) error {
	return func(args ...string) error {
		cmd := exec.CommandContext(ctx, "git", append([]string{"-C", dir, "-c", "user.name=corpus", "-c", "user.email=corpus@example.com", "-c", "commit.gpgsign=false"}, args...)...)
		cmd.Env = append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1", "GIT_AUTHOR_DATE=2026-01-02T00:00:00Z", "GIT_COMMITTER_DATE=2026-01-02T00:00:00Z")
		if out, err := cmd.CombinedOutput(); err != nil {
			return fmt.Errorf("git %v: %v: %s", args, err, out)
		}
		return nil
	}
}

func writeFile(p, body string) error {
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return err
	}
	return os.WriteFile(p, []byte(body), 0o644)
}

// unpack writes the files of a txtar archive ("-- path --" lines, each followed by that file's
// text) under dst. The fixtures are archives so that Go tools never read their sources as code.
func unpack(archive, dst string) error {
	b, err := os.ReadFile(archive)
	if err != nil {
		return err
	}
	var name string
	var body strings.Builder
	flush := func() error {
		if name == "" {
			return nil
		}
		return writeFile(filepath.Join(dst, filepath.FromSlash(name)), body.String())
	}
	for _, l := range strings.SplitAfter(string(b), "\n") {
		if h, ok := strings.CutPrefix(strings.TrimSuffix(l, "\n"), "-- "); ok && strings.HasSuffix(h, " --") {
			if err := flush(); err != nil {
				return err
			}
			name = strings.TrimSuffix(h, " --")
			body.Reset()
			continue
		}
		body.WriteString(l)
	}
	return flush()
}

// Score is the tally over the corpus. TruePos, FalsePos and FalseNeg are drift's.
type Score struct {
	TruePos, FalsePos, FalseNeg int
	// Unverified counts the unverified mentions raised; UnverifiedTrue those labelled unverified (true
	// but only mentioned), UnverifiedFalse those labelled false (a false flag kept out of drift).
	Unverified, UnverifiedTrue, UnverifiedFalse int
	// Unlabelled are drift findings no label names; they count as false until someone labels them.
	Unlabelled []string
	// Wrong are drift findings labelled false; Missed are true labels not raised as drift (a true label
	// raised only as unverified is named so) and unverified labels not raised at all; Tier are findings
	// labelled unverified that were raised as drift.
	Wrong, Missed, Tier []string
}

// Add scores one case's findings against its labels.
func (s *Score) Add(c Case, found []Finding) {
	seen, weak := map[string]bool{}, map[string]bool{}
	for _, f := range found {
		k := f.Key()
		l, ok := c.Labels[k]
		if f.Unverified {
			weak[k] = true
			s.Unverified++
			switch {
			case ok && l.Unverified:
				s.UnverifiedTrue++
			case ok && !l.True:
				s.UnverifiedFalse++
			}
			continue
		}
		seen[k] = true
		switch {
		case ok && l.Unverified:
			s.Tier = append(s.Tier, fmt.Sprintf("%s %s raised as drift, labelled unverified (%s)", c.ID, k, l.Why))
		case !ok:
			s.FalsePos++
			s.Unlabelled = append(s.Unlabelled, fmt.Sprintf("%s %s %s", c.ID, k, f.Reason))
		case l.True:
			s.TruePos++
		default:
			s.FalsePos++
			s.Wrong = append(s.Wrong, fmt.Sprintf("%s %s (%s)", c.ID, k, l.Why))
		}
	}
	keys := make([]string, 0, len(c.Labels))
	for k := range c.Labels {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		l := c.Labels[k]
		switch {
		case l.True && !seen[k] && weak[k]:
			s.FalseNeg++
			s.Missed = append(s.Missed, fmt.Sprintf("%s %s raised only as unverified (labelled true: %s)", c.ID, k, l.Why))
		case l.True && !seen[k]:
			s.FalseNeg++
			s.Missed = append(s.Missed, fmt.Sprintf("%s %s (labelled true: %s)", c.ID, k, l.Why))
		case l.Unverified && !weak[k] && !seen[k]:
			s.Missed = append(s.Missed, fmt.Sprintf("%s %s (labelled unverified, not raised: %s)", c.ID, k, l.Why))
		}
	}
}

// Precision is true findings over all findings (1 when there are none).
func (s Score) Precision() float64 {
	if s.TruePos+s.FalsePos == 0 {
		return 1
	}
	return float64(s.TruePos) / float64(s.TruePos+s.FalsePos)
}

// Recall is true findings over the labelled true drift.
func (s Score) Recall() float64 {
	if s.TruePos+s.FalseNeg == 0 {
		return 1
	}
	return float64(s.TruePos) / float64(s.TruePos+s.FalseNeg)
}
