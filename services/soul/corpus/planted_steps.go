package corpus

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// gitRunner runs git in one work tree with nothing of the machine's configuration: no system or
// global config (HOME points into the test's temp dir), a fixed author, and a clock that advances an
// hour per commit from the corpus's import date, so the same plan always makes the same SHAs.
type gitRunner struct {
	ctx     context.Context
	work    string
	home    string
	commits int
}

func newGitRunner(ctx context.Context, work, home string) *gitRunner {
	return &gitRunner{ctx: ctx, work: work, home: home}
}

var importDate = time.Date(2026, 1, 2, 0, 0, 0, 0, time.UTC)

func (g *gitRunner) run(args ...string) (string, error) {
	date := importDate.Add(time.Duration(max(g.commits-1, 0)) * time.Hour).Format(time.RFC3339)
	if args[0] == "commit" {
		g.commits++
	}
	cmd := exec.CommandContext(g.ctx, "git", append([]string{"-C", g.work, "-c", "commit.gpgsign=false", "-c", "tag.gpgsign=false", "-c", "core.autocrlf=false"}, args...)...)
	cmd.Env = append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1", "GIT_CONFIG_GLOBAL="+os.DevNull, "HOME="+g.home, "XDG_CONFIG_HOME="+g.home, "LC_ALL=C",
		"GIT_AUTHOR_NAME=corpus", "GIT_AUTHOR_EMAIL=corpus@example.com", "GIT_COMMITTER_NAME=corpus", "GIT_COMMITTER_EMAIL=corpus@example.com",
		"GIT_AUTHOR_DATE="+date, "GIT_COMMITTER_DATE="+date)
	out, err := cmd.Output()
	if err != nil {
		msg := ""
		if ee, ok := err.(*exec.ExitError); ok {
			msg = string(ee.Stderr)
		}
		return "", fmt.Errorf("git %v: %v: %s", args, err, msg)
	}
	return string(out), nil
}

// commitSteps applies a plant's file steps, commits them as one commit (empty when the plant only
// moves tags), then applies its tag steps, and returns the commit's SHA.
func (g *gitRunner) commitSteps(work, msg string, steps []Step) (string, error) {
	for _, s := range steps {
		if isRefStep(s.Verb) {
			continue
		}
		if err := applyFile(work, g, s); err != nil {
			return "", fmt.Errorf("%s: %v", s.Where, err)
		}
	}
	if _, err := g.run("add", "-A"); err != nil {
		return "", err
	}
	if _, err := g.run("commit", "-q", "--allow-empty", "-m", msg); err != nil {
		return "", err
	}
	sha, err := g.run("rev-parse", "HEAD")
	if err != nil {
		return "", err
	}
	for _, s := range steps {
		if !isRefStep(s.Verb) {
			continue
		}
		var args []string
		switch s.Verb {
		case "tag":
			args = []string{"tag", s.Args[0]}
		case "untag":
			args = []string{"tag", "-d", s.Args[0]}
		case "retag":
			args = []string{"tag", "-f", s.Args[0]}
		}
		if _, err := g.run(args...); err != nil {
			return "", fmt.Errorf("%s: %v", s.Where, err)
		}
	}
	return strings.TrimSpace(sha), nil
}

func isRefStep(verb string) bool { return verb == "tag" || verb == "untag" || verb == "retag" }

// applyFile does one file step in the work tree. Steps that find nothing to change fail, so a plan
// cannot rot silently when a fixture is regenerated.
func applyFile(work string, g *gitRunner, s Step) error {
	p := func(rel string) string { return filepath.Join(work, filepath.FromSlash(rel)) }
	switch s.Verb {
	case "rename":
		if err := os.MkdirAll(filepath.Dir(p(s.Args[1])), 0o755); err != nil {
			return err
		}
		_, err := g.run("mv", s.Args[0], s.Args[1])
		return err
	case "delete":
		_, err := g.run("rm", "-q", "-r", s.Args[0])
		return err
	case "write":
		return writeFile(p(s.Args[0]), s.Text+"\n")
	}
	body, err := os.ReadFile(p(s.Args[0]))
	if err != nil {
		return err
	}
	text := string(body)
	switch s.Verb {
	case "append":
		if text != "" && !strings.HasSuffix(text, "\n") {
			text += "\n"
		}
		text += s.Text + "\n"
	case "grow":
		n, err := strconv.Atoi(s.Args[1])
		if err != nil {
			return err
		}
		var b strings.Builder
		for i := 1; i <= n; i++ {
			fmt.Fprintf(&b, "%s grown line %d\n", commentFor(s.Args[0]), i)
		}
		text += b.String()
	case "replace":
		// "OLD =>" (the plan's lines are trimmed) replaces with nothing
		old, repl, ok := strings.Cut(s.Text+" ", " => ")
		repl = strings.TrimSuffix(repl, " ")
		if !ok || old == "" || !strings.Contains(text, old) {
			return fmt.Errorf("replace: %q not in %s", old, s.Args[0])
		}
		text = strings.ReplaceAll(text, old, repl)
	case "drop":
		// the fixtures keep only the lines of a file a document needs, so a definition there may be one
		// line without its body: dropping that line removes the definition
		if text, err = dropLine(text, s.Text); err != nil {
			return fmt.Errorf("drop %s: %v", s.Args[0], err)
		}
	case "cut":
		if text, err = cutBlock(text, s.Text); err != nil {
			return fmt.Errorf("cut %s: %v", s.Args[0], err)
		}
	case "insert":
		at, err := strconv.Atoi(s.Args[1])
		if err != nil {
			return err
		}
		lines := strings.SplitAfter(text, "\n")
		if at < 1 || at > len(lines) {
			return fmt.Errorf("insert: %s has no line %d", s.Args[0], at)
		}
		text = strings.Join(lines[:at-1], "") + s.Text + "\n" + strings.Join(lines[at-1:], "")
	}
	return os.WriteFile(p(s.Args[0]), []byte(text), 0o644)
}

// commentFor is the line comment of a file's language, so grown lines keep the file well-formed.
func commentFor(name string) string {
	switch path.Ext(name) {
	case ".py", ".sh", ".yml", ".yaml", ".toml", "":
		return "#"
	case ".md", ".txt":
		return ""
	}
	return "//"
}

// cutBlock removes the definition that starts at the first line beginning (after indentation) with
// start: through its closing brace when the line opens one, else through the indented body that
// follows it (Python).
func cutBlock(text, start string) (string, error) {
	lines := strings.SplitAfter(text, "\n")
	from := -1
	for i, l := range lines {
		if strings.HasPrefix(strings.TrimLeft(l, " \t"), start) {
			from = i
			break
		}
	}
	if from < 0 {
		return "", fmt.Errorf("no line starts with %q", start)
	}
	to := from
	if strings.Contains(lines[from], "{") {
		depth := 0
		for to = from; to < len(lines); to++ {
			depth += strings.Count(lines[to], "{") - strings.Count(lines[to], "}")
			if depth <= 0 {
				break
			}
		}
	} else {
		indent := len(lines[from]) - len(strings.TrimLeft(lines[from], " \t"))
		for to = from + 1; to < len(lines); to++ {
			l := lines[to]
			if strings.TrimSpace(l) != "" && len(l)-len(strings.TrimLeft(l, " \t")) <= indent {
				break
			}
		}
		to--
	}
	if to >= len(lines) {
		return "", fmt.Errorf("the block at %q never closes", start)
	}
	return strings.Join(lines[:from], "") + strings.Join(lines[to+1:], ""), nil
}

// dropLine removes the first line beginning (after indentation) with start.
func dropLine(text, start string) (string, error) {
	lines := strings.SplitAfter(text, "\n")
	for i, l := range lines {
		if strings.HasPrefix(strings.TrimLeft(l, " \t"), start) {
			return strings.Join(lines[:i], "") + strings.Join(lines[i+1:], ""), nil
		}
	}
	return "", fmt.Errorf("no line starts with %q", start)
}
