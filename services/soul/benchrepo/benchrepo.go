// Package benchrepo builds the large git repositories and documents soul's speed targets are measured
// on, so that the organ's gRPC benchmarks and the CLI's benchmarks time the same fixture through their
// own surfaces. It writes the same repositories as the domain's benchmarks (same fast-import stream,
// so the same commit ids) and knows nothing of the checker itself.
package benchrepo

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"time"
)

// Targets of issue 13.
const (
	// AgentsBudget bounds one check of the 200-line AGENTS.md in the 10k-file, 20k-commit repository.
	AgentsBudget = 300 * time.Millisecond
	// SoulWarmBudget bounds a warm check of the 10,000-line soul.
	SoulWarmBudget = 100 * time.Millisecond
)

// cached returns the repository at os.TempDir()/name-layout, building it with build the first time. A
// marker file says the build finished, so an interrupted build is redone rather than trusted.
// name is per caller: benchmarks of different packages run in parallel and rewrite their document.
func cached(name string, build func(root string, git gitFunc) error) (string, error) {
	root := filepath.Join(os.TempDir(), name+"-"+layout)
	done := filepath.Join(root, ".bench-complete")
	if _, err := os.Stat(done); err == nil {
		return root, nil
	}
	if err := os.RemoveAll(root); err != nil {
		return "", err
	}
	if err := os.MkdirAll(root, 0o755); err != nil {
		return "", err
	}
	git := func(stdin []byte, args ...string) ([]byte, error) {
		cmd := exec.Command("git", append([]string{"-C", root}, args...)...)
		cmd.Env = append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1", "GIT_CONFIG_GLOBAL=/dev/null", "HOME="+root)
		if stdin != nil {
			cmd.Stdin = bytes.NewReader(stdin)
		}
		out, err := cmd.CombinedOutput()
		if err != nil {
			return nil, fmt.Errorf("git %v: %w\n%s", args, err, out)
		}
		return out, nil
	}
	if err := build(root, git); err != nil {
		return "", err
	}
	return root, os.WriteFile(done, nil, 0o644)
}

type gitFunc func(stdin []byte, args ...string) ([]byte, error)

// importer writes one fast-import stream: blobs and commits on main, with marks.
type importer struct {
	w    *bufio.Writer
	buf  bytes.Buffer
	mark int
}

func newImporter() *importer {
	im := &importer{}
	im.w = bufio.NewWriter(&im.buf)
	return im
}

func (im *importer) blob(body string) int {
	im.mark++
	fmt.Fprintf(im.w, "blob\nmark :%d\ndata %d\n%s\n", im.mark, len(body), body)
	return im.mark
}

// commit writes a commit at unix time at with msg, whose file operations ops writes.
func (im *importer) commit(at int64, msg string, ops func(w *bufio.Writer)) int {
	im.mark++
	fmt.Fprintf(im.w, "commit refs/heads/main\nmark :%d\ncommitter bench <bench@example.com> %d +0000\ndata %d\n%s", im.mark, at, len(msg), msg)
	ops(im.w)
	im.w.WriteString("\n")
	return im.mark
}

func (im *importer) tag(name string, mark int) {
	fmt.Fprintf(im.w, "reset refs/tags/%s\nfrom :%d\n\n", name, mark)
}

// layout names how a fixture's objects are stored, in its directory's name, so a change of it builds
// every fixture again. "clonepack": one pack whose deltas git pack-objects chose (git repack -a -d -f,
// one thread so that every build packs alike), as a clone of a server's repacked repository gets, and
// no commit-graph, as a fresh clone has none. fast-import's own pack (its deltas, chains to depth 50
// throughout) made the fixture easier than a user's clone: on it the walk's older half took 25-37 ms
// and the symbol grep 12 ms less git CPU.
// "-refreshed": the index's stat data refreshed once the checkout's second had passed, as the first
// `git status` in a working copy leaves it. A checkout writes its files and its index within the
// same second, so git reads every entry as racily clean and each `git diff` re-reads all 20,000
// files (0.2 s of a warm check here) until something writes the index again; a repository whose
// owner or agents run git is not in that state.
const layout = "clonepack-refreshed"

// load feeds the stream to git, packs it as a clone's pack, checks main out and refreshes the index.
func (im *importer) load(git gitFunc) error {
	if err := im.w.Flush(); err != nil {
		return err
	}
	if _, err := git(nil, "init", "-q", "-b", "main"); err != nil {
		return err
	}
	if _, err := git(im.buf.Bytes(), "fast-import", "--quiet"); err != nil {
		return err
	}
	if _, err := git(nil, "repack", "-a", "-d", "-f", "-q", "--threads=1"); err != nil {
		return err
	}
	if _, err := git(nil, "checkout", "-q", "-f", "main"); err != nil {
		return err
	}
	// Entries are racily clean while their files' mtime is not older than the index's: wait out the
	// second the checkout wrote them in, then let git write the index again.
	time.Sleep(time.Until(time.Now().Truncate(time.Second).Add(time.Second + 50*time.Millisecond)))
	_, err := git(nil, "update-index", "-q", "--refresh")
	return err
}

// WriteDoc puts a document at rel in the repository's working tree (uncommitted: the history
// stays the one the domain's benchmarks check against).
func WriteDoc(root, rel string, doc []byte) error {
	p := filepath.Join(root, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return err
	}
	return os.WriteFile(p, doc, 0o644)
}

// shortSHAs lists the abbreviated ids of the newest n commits.
func shortSHAs(root string, n int) ([]string, error) {
	out, err := exec.Command("git", "-C", root, "log", "--format=%h", "-n", fmt.Sprint(n)).Output()
	if err != nil {
		return nil, fmt.Errorf("git log: %w", err)
	}
	return strings.Fields(string(out)), nil
}

func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
