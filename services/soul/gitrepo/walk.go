package gitrepo

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"io"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/organism-dev/organism/services/soul/engine"
)

// history is one walk of HEAD's whole history with the names every commit changed. It answers every
// history question of a check: the log, which paths were ever added or deleted (and by which commit),
// which paths the commits of an age window touched, a path's last commit and which commits touched the
// files a removal is looked for in. One walk without a pathspec costs less than the pathspec walks,
// the age window walk, the last-touch walk and the pickaxe walk it replaces (a pathspec is matched
// against every tree entry a commit changed, so a dozen of them cost more than none), and it is cached
// per HEAD, so a server re-checking a brain walks nothing. A check that can ask history only about its
// missing paths walks just their trees instead (scope): the plain log with those paths' changes.
type history struct {
	log []engine.Commit
	// names[i] are the paths log[i] changed (merges list none, as git log shows them).
	names [][]string
	// added holds every path some commit added, with its parent directories.
	added map[string]bool
	// deleted maps every path some commit deleted, and each of its parent directories, to the newest
	// such commit.
	deleted map[string]string
	// linear says no commit has two parents: git's default history simplification then changes
	// nothing, so a pathspec walk's answer can be read from this one.
	linear bool
	// cut says the walk stopped at maxLogCommits; questions about what lies beyond go to git.
	cut bool
	// named says the walk listed the changed names; a walk without them (a check that asks nothing of
	// history but its log) answers only the log.
	named bool
	// scope, when not nil, limits the names to these paths and the files under them (a walk with
	// literal pathspecs and --sparse: every commit, and only the changes on those paths). Nil is every name.
	scope []string
}

// full reports whether the walk holds every name every commit changed.
func (h *history) full() bool { return h != nil && h.named && !h.cut && h.scope == nil }

// covers reports whether the walk holds every change to p: a whole walk, or a scoped one whose scope
// is p or a directory above it.
func (h *history) covers(p string) bool {
	if h == nil || !h.named || h.cut {
		return false
	}
	if h.scope == nil {
		return true
	}
	for _, s := range h.scope {
		if touched(p, s) {
			return true
		}
	}
	return false
}

// coversAll reports whether the walk holds every change to each of paths.
func (h *history) coversAll(paths []string) bool {
	if h == nil || !h.named || h.cut {
		return false
	}
	for _, p := range paths {
		if !h.covers(p) {
			return false
		}
	}
	return true
}

// readHistory runs the walk: per commit RS, its fields, NUL, then (with names) "\n" and STATUS NUL PATH
// NUL pairs. Without names it is the plain log: the tree diffs are most of the walk's cost. A scope
// limits the names to a few paths (literal pathspecs with --sparse and --full-history: git still lists
// every commit of the plain log, in its order, but diffs only the trees on the way to those paths). With
// names the walk is two git processes side by side, the newest splitWalk commits and the rest (`-n K`
// and `--skip K` list exactly the full walk's commits, in its order): the tree diffs are the check's
// critical path, and the second process walks past the first's commits without diffing them.
func readHistory(ctx context.Context, root, head string, names bool, scope []string) (*history, error) {
	return startHistory(ctx, root, head, names, scope)()
}

// startHistory starts the walk's git processes before it returns and gives back what reads them. The
// walk is a cold check's critical path: started from a goroutine of its own, it waited behind every
// other process Batch spawns (a new goroutine runs after the ones spawned later), up to 16 ms.
func startHistory(ctx context.Context, root, head string, names bool, scope []string) func() (*history, error) {
	if !names {
		p := startHistoryPart(ctx, root, head, false, nil, 0, maxLogCommits)
		return func() (*history, error) {
			h, err := p.read()
			if h != nil {
				h.cut = len(h.log) >= maxLogCommits
			}
			return h, err
		}
	}
	older := startHistoryPart(ctx, root, head, true, scope, splitWalk, maxLogCommits-splitWalk)
	newer := startHistoryPart(ctx, root, head, true, scope, 0, splitWalk)
	return func() (*history, error) {
		var parts [2]*history
		var errs [2]error
		var wg sync.WaitGroup
		wg.Add(1)
		go func() { defer wg.Done(); parts[1], errs[1] = older.read() }()
		parts[0], errs[0] = newer.read()
		wg.Wait()
		if err := errors.Join(errs[:]...); err != nil {
			return nil, err
		}
		h := parts[0].join(parts[1])
		h.named, h.scope = true, scope
		h.cut = len(h.log) >= maxLogCommits
		return h, nil
	}
}

// splitWalk is where the named walk's two processes divide the history. A fixed split needs no count
// of the commits first (which costs a walk of its own). The second process also walks past the first's
// commits (about a quarter of a diff's cost each), so the two finish together a little past the middle:
// at 10,240 for a 20k-commit history (at 8,192 the second ran 60 ms longer, on a core left idle). A
// history of 10k or fewer is read by the first alone, one of 30k is split 1:2.
var splitWalk = 10240

// join appends an older part of the walk (the commits after h's, in walk order) to h.
func (h *history) join(older *history) *history {
	if len(older.log) == 0 {
		return h
	}
	if len(h.log) == 0 {
		return older
	}
	h.log = append(h.log, older.log...)
	h.names = append(h.names, older.names...)
	h.linear = h.linear && older.linear
	// the smaller set goes into the larger: the older part, which holds the seed commits, has most paths
	if len(older.added) > len(h.added) {
		h.added, older.added = older.added, h.added
	}
	for p := range older.added {
		h.added[p] = true
	}
	if len(older.deleted) > len(h.deleted) {
		for p, sha := range h.deleted {
			older.deleted[p] = sha // the newest deleting commit wins, and h's commits are all newer
		}
		h.deleted = older.deleted
		return h
	}
	for p, sha := range older.deleted {
		if _, newer := h.deleted[p]; !newer {
			h.deleted[p] = sha
		}
	}
	return h
}

// readHistoryPart runs one git process of the walk over the commits skip to skip+limit.
func readHistoryPart(ctx context.Context, root, head string, names bool, scope []string, skip, limit int) (*history, error) {
	return startHistoryPart(ctx, root, head, names, scope, skip, limit).read()
}

// historyPart is one started git process of the walk; read parses its output as git writes it, so the
// parse runs beside git instead of after it.
type historyPart struct {
	cmd    *exec.Cmd
	out    io.Reader
	stderr *bytes.Buffer
	args   []string
	names  bool
	scope  []string
	limit  int   // the most commits it lists
	err    error // the process did not start
}

func startHistoryPart(ctx context.Context, root, head string, names bool, scope []string, skip, limit int) *historyPart {
	args := []string{"log", "-z", "-n", strconv.Itoa(limit), "--format=\x1e" + logFormat}
	if skip > 0 {
		args = append(args, "--skip="+strconv.Itoa(skip))
	}
	if names {
		args = append(args, "--no-renames", "--name-status")
	}
	if names && scope != nil {
		args = append(args, "--sparse", "--full-history")
	}
	args = append(args, head, "--")
	if names {
		args = append(args, scope...)
	}
	p := &historyPart{cmd: gitCommand(ctx, root, []string{"GIT_LITERAL_PATHSPECS=1"}, args...), stderr: &bytes.Buffer{}, args: args, names: names, scope: scope, limit: limit}
	p.cmd.Stderr = &capped{buf: p.stderr, limit: 4096}
	if p.out, p.err = p.cmd.StdoutPipe(); p.err == nil {
		p.err = p.cmd.Start()
	}
	return p
}

func (p *historyPart) read() (*history, error) {
	if p.err != nil {
		return nil, p.err
	}
	h, err := parseHistory(bufio.NewReaderSize(p.out, 256<<10), p.limit)
	if err != nil {
		_ = p.cmd.Process.Kill() // it may be blocked writing what we stopped reading
		_ = p.cmd.Wait()
		return nil, err
	}
	if err := p.cmd.Wait(); err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			return nil, &gitError{args: p.args, code: ee.ExitCode(), stderr: strings.TrimSpace(p.stderr.String())}
		}
		return nil, err
	}
	h.named = p.names
	if p.names {
		h.scope = p.scope
	}
	return h, nil
}

// markParents adds a path and its parent directories to set.
func markParents(set map[string]bool, p string) {
	for p != "" && p != "." && !set[p] {
		set[p] = true
		i := strings.LastIndexByte(p, '/')
		if i < 0 {
			return
		}
		p = p[:i]
	}
}

// noteDeleted records the newest commit (the first the walk meets) deleting a path or a file under a directory.
func (h *history) noteDeleted(file, sha string) {
	for p := file; p != "" && p != "."; {
		if _, seen := h.deleted[p]; seen {
			return // a newer commit already deleted it, and so its directories
		}
		h.deleted[p] = sha
		i := strings.LastIndexByte(p, '/')
		if i < 0 {
			return
		}
		p = p[:i]
	}
}

// touched reports whether a changed name is the path or lies under it (a pathspec of a file or directory).
func touched(name, p string) bool {
	return name == p || len(name) > len(p) && name[len(p)] == '/' && strings.HasPrefix(name, p)
}

// lastTouch is `git log -1 HEAD -- rel` read from the walk: the first commit that changed rel. Only a
// linear history gives git's answer (its history simplification follows one side of a merge).
func (h *history) lastTouch(rel string) (engine.Commit, bool) {
	for i, names := range h.names {
		for _, n := range names {
			if touched(n, rel) {
				return engine.Commit{SHA: h.log[i].SHA, Time: h.log[i].Time}, true
			}
		}
	}
	return engine.Commit{}, false
}

// touchedSince is the age window walk (`git log --since`) read from the whole walk. git stops at a
// commit older than since without reading its parents, so the window holds the commits reached from
// HEAD through young commits only; the walk lists them first, in its own order.
func (h *history) touchedSince(since time.Time) windowWalk {
	w := windowWalk{files: map[string]time.Time{}}
	if len(h.log) == 0 {
		return w
	}
	// a parent is most often the next commit of the walk (always, in a linear history): the table of
	// every commit's place is built only for a parent that is not
	var at map[string]int
	place := func(p string, child int) (int, bool) {
		if child+1 < len(h.log) && h.log[child+1].SHA == p {
			return child + 1, true
		}
		if at == nil {
			at = make(map[string]int, len(h.log))
			for i, c := range h.log {
				at[c.SHA] = i
			}
		}
		j, ok := at[p]
		return j, ok
	}
	limit := since.Unix()
	in := make([]bool, len(h.log))
	stack := []int{0}
	for len(stack) > 0 {
		i := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if in[i] || h.log[i].Time.Unix() < limit {
			continue
		}
		in[i] = true
		for _, p := range h.log[i].Parents {
			if j, ok := place(p, i); ok && !in[j] {
				stack = append(stack, j)
			}
		}
	}
	for i, c := range h.log {
		if !in[i] {
			continue
		}
		w.commits++
		w.parentless = w.parentless || len(c.Parents) == 0
		for _, n := range h.names[i] {
			if _, seen := w.files[n]; !seen {
				w.files[n] = c.Time
			}
		}
	}
	return w
}

// commitsTouching lists, in walk order, the commits that changed a file some pathspec of a removal
// walk matches: `:(literal)p` (the path or a file under it) or `:(glob)dir/**/*.ext`.
func (h *history) commitsTouching(specs []string) []string {
	var out []string
	for i, names := range h.names {
		for _, n := range names {
			if matchesAny(n, specs) {
				out = append(out, h.log[i].SHA)
				break
			}
		}
	}
	return out
}

// coversSpecs reports whether the walk holds every change a removal walk's pathspecs match: a glob
// needs the whole walk, a literal path the scope above it.
func (h *history) coversSpecs(specs []string) bool {
	for _, s := range specs {
		lit, ok := strings.CutPrefix(s, ":(literal)")
		if !ok && !h.full() || ok && !h.covers(lit) {
			return false
		}
	}
	return true
}

func matchesAny(name string, specs []string) bool {
	for _, s := range specs {
		if lit, ok := strings.CutPrefix(s, ":(literal)"); ok && touched(name, lit) {
			return true
		}
		if g, ok := strings.CutPrefix(s, ":(glob)"); ok && globSpecMatch(name, g) {
			return true
		}
	}
	return false
}

// globSpecMatch matches the one glob shape RemovedLines writes: an escaped directory (or none), then
// "**/*.ext", which matches a file anywhere under the directory whose name ends in .ext.
func globSpecMatch(name, g string) bool {
	i := strings.LastIndex(g, "**/*")
	if i < 0 {
		return false
	}
	dir, ext := globUnescape(g[:i]), g[i+len("**/*"):]
	return strings.HasPrefix(name, dir) && strings.HasSuffix(name[len(dir):], ext) && !strings.Contains(ext, "/")
}

func globUnescape(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) {
			i++
		}
		b.WriteByte(s[i])
	}
	return b.String()
}
