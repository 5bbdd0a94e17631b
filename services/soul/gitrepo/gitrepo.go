// Package gitrepo reads a repository's facts for the soul verifiers: a fixed handful of git processes per check.
package gitrepo

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/organism-dev/organism/services/soul/engine"
)

// Limits that keep one check bounded on hostile or huge repositories.
const (
	// maxLogCommits bounds the history read per check; PR refs and lag are judged within it.
	maxLogCommits  = 200_000
	maxReadBytes   = 8 << 20
	maxGrepBytes   = 64 << 20
	maxWalkEntries = 200_000
)

// Repo is a repository snapshot taken at Open. It is safe for concurrent use.
type Repo struct {
	root     string
	gitDir   string
	git      bool
	shallow  bool
	head     engine.Commit
	tags     map[string]string
	branches map[string]bool
	files    []string
	set      map[string]bool
	dirs     map[string]bool
	base     map[string][]string
	top      map[string]bool
	stems    map[string]bool
	// names holds what only some checks ask of the tracked paths (directory names, lower-cased paths),
	// built on first use and shared by the copies a cached snapshot hands out, so a cold Open pays nothing
	names *pathNames
	// blobs maps each tracked path to its staged blob, the key of the definition cache.
	blobs map[string]string
	// indexKey is the index file's identity at Open (its mtime and size), "" without one: the key of
	// the staged lines cache (staged.go).
	indexKey string
	// plainIndex says no index entry is assume-unchanged, skip-worktree or unmerged: git's list of
	// uncommitted changes then speaks for every tracked file on disk (uses.go).
	plainIndex bool
	// links are the tracked source paths that are symbolic links: a grep of the work tree skips them,
	// so their lines, should a grep of the index print any, are dropped from the index's (uses.go).
	links map[string]bool
	// logReady closes when the background history walk (walk.go) is done; logErr is its error. openCtx
	// is the context the walk runs under when Log, not Batch, starts it.
	searchOnce sync.Once
	searched   []string // searchGlobs

	logOnce    sync.Once
	logStarted atomic.Bool
	logReady   chan struct{}
	logErr     error
	openCtx    context.Context
	hist       *history
	// logPaths are the missing paths Batch asked about: their deleting commit is read from the walk
	// even in a history with merges (the walk's --full-history answer is the one the check always used).
	logPaths map[string]bool
	// dirty lists the uncommitted changes, read once beside the walk (ages.go).
	dirtyOnce  sync.Once
	dirtyReady chan struct{}
	dirty      []byte
	dirtyErr   error
	// untracked says some untracked source file is on disk, listed once (uses.go).
	untrackedOnce sync.Once
	untracked     bool
	untrackedErr  error
	// indexHead says the index holds HEAD's source files, asked once (uses.go).
	indexHeadOnce sync.Once
	indexHead     bool
}

var _ engine.Repo = (*Repo)(nil)

// ErrNotDirectory is returned when the root is not a directory.
var ErrNotDirectory = errors.New("repository root is not a directory")

// Open snapshots the repository at root: HEAD, log, tags and tracked files, each read by one git
// process, the processes run side by side. A directory that is not a git work tree opens with Git false
// and a bounded walk of its files.
func Open(ctx context.Context, root string) (*Repo, error) {
	abs, err := filepath.Abs(root)
	if err != nil {
		return nil, err
	}
	st, err := os.Stat(abs)
	if err != nil {
		return nil, err
	}
	if !st.IsDir() {
		return nil, ErrNotDirectory
	}
	r := &Repo{root: abs, tags: map[string]string{}}
	top, err := run(ctx, abs, nil, "rev-parse", "--show-toplevel", "--absolute-git-dir")
	if err != nil {
		return r, r.walk()
	}
	lines := strings.Split(strings.TrimSpace(string(top)), "\n")
	if len(lines) < 2 {
		return nil, fmt.Errorf("rev-parse: unexpected output %q", top)
	}
	r.root, r.gitDir = lines[0], lines[1]
	r.git = true
	if _, err := os.Stat(filepath.Join(r.gitDir, "shallow")); err == nil {
		r.shallow = true
	}
	// HEAD, the refs and the file list are read side by side. The history is read later, in the
	// background (startLog): Batch starts it, so the walk runs while the check asks its other questions.
	var wg sync.WaitGroup
	var tagErr, filesErr error
	wg.Add(3)
	go func() {
		defer wg.Done()
		if out, err := run(ctx, r.root, nil, "log", "-1", "-z", "--format="+logFormat, "HEAD", "--"); err == nil {
			if c := parseLog(out); len(c) > 0 {
				r.head = c[0]
			}
		}
	}()
	go func() { defer wg.Done(); tagErr = r.readTags(ctx) }()
	go func() { defer wg.Done(); filesErr = r.readFilesCached(ctx) }()
	wg.Wait()
	if err := errors.Join(tagErr, filesErr); err != nil {
		return nil, err
	}
	r.openCtx = ctx
	r.logReady = make(chan struct{})
	return r, nil
}

// startLog begins the background history walk, once; with names when the check asks what history held
// (missing paths), which is when its other history questions (renames, removals) come too, and with a
// scope when only those paths' changes can be asked (Batch).
func (r *Repo) startLog(ctx context.Context, names bool, scope []string) {
	if r.logReady == nil {
		return
	}
	r.logOnce.Do(func() {
		r.logStarted.Store(true)
		read := r.startHistoryCached(ctx, names, scope)
		go func() { defer close(r.logReady); r.hist, r.logErr = read() }()
	})
}

// waitLog starts the history walk if nothing has, waits for it and returns its error.
func (r *Repo) waitLog() error {
	if r.logReady == nil {
		return nil
	}
	r.startLog(r.openCtx, false, nil)
	<-r.logReady
	return r.logErr
}

// walked is the history walk when one with names was started and read whole, else nil: a caller asking
// one question alone, or a check that asked nothing of history, asks git that question instead of
// paying for the whole walk. A scoped walk answers only about its scope (history.covers).
func (r *Repo) walked() *history {
	if r.logReady == nil || !r.logStarted.Load() {
		return nil
	}
	<-r.logReady
	if r.logErr != nil || !r.hist.coversAll(nil) {
		return nil
	}
	return r.hist
}

const logFormat = "%H%x1f%P%x1f%ct%x1f%s"

func parseLog(out []byte) []engine.Commit {
	var log []engine.Commit
	for _, rec := range bytes.Split(out, []byte{0}) {
		f := strings.SplitN(string(rec), "\x1f", 4)
		if len(f) < 4 {
			continue
		}
		secs, _ := strconv.ParseInt(f[2], 10, 64)
		log = append(log, engine.Commit{SHA: strings.TrimSpace(f[0]), Parents: strings.Fields(f[1]), Time: time.Unix(secs, 0).UTC(), Subject: f[3]})
	}
	return log
}

// Snapshots of history and of the index are cached by what they depend on: the log by HEAD, the file
// list by the index file's identity. A server re-checking a brain re-reads neither until they change.
var snapshots = struct {
	sync.Mutex
	logs  map[string]*history
	files map[string]filesSnapshot
}{logs: map[string]*history{}, files: map[string]filesSnapshot{}}

type filesSnapshot struct {
	key  string
	repo *Repo
}

// ResetCache forgets every cached snapshot and history answer (benchmarks measure cold checks with it).
func ResetCache() {
	snapshots.Lock()
	snapshots.logs, snapshots.files = map[string]*history{}, map[string]filesSnapshot{}
	snapshots.Unlock()
	deletionCache.Lock()
	deletionCache.m = map[string]map[string]bool{}
	deletionCache.Unlock()
	addedCache.Lock()
	addedCache.m = map[string]bool{}
	addedCache.Unlock()
	knownCommits.Lock()
	knownCommits.m = map[string]string{}
	knownCommits.Unlock()
	ignoreAnswers.Lock()
	ignoreAnswers.m = map[string]ignoreSnapshot{}
	ignoreAnswers.Unlock()
	touches.Lock()
	touches.m = map[string]engine.Commit{}
	touches.Unlock()
	removedCache.Lock()
	removedCache.m = map[string][]engine.RemovedLine{}
	removedCache.Unlock()
	renameCache.Lock()
	renameCache.m = map[string]engine.Rename{}
	renameCache.Unlock()
	windows.Lock()
	windows.m = map[string]windowWalk{}
	windows.Unlock()
	usesCache.reset()
	stagedCache.reset()
	ResetDefinitions()
}

func (r *Repo) readFilesCached(ctx context.Context) error {
	st, err := os.Stat(filepath.Join(r.gitDir, "index"))
	key := ""
	if err == nil {
		key = fmt.Sprintf("%d/%d", st.ModTime().UnixNano(), st.Size())
	}
	r.indexKey = key
	snapshots.Lock()
	if snap, ok := snapshots.files[r.root]; ok && key != "" && snap.key == key {
		c := snap.repo
		r.files, r.set, r.dirs, r.base, r.top, r.stems, r.names, r.blobs, r.plainIndex, r.links = c.files, c.set, c.dirs, c.base, c.top, c.stems, c.names, c.blobs, c.plainIndex, c.links
		snapshots.Unlock()
		return nil
	}
	snapshots.Unlock()
	if err := r.readFiles(ctx); err != nil {
		return err
	}
	if key != "" {
		snapshots.Lock()
		if len(snapshots.files) >= 64 {
			snapshots.files = map[string]filesSnapshot{}
		}
		snapshots.files[r.root] = filesSnapshot{key: key, repo: &Repo{files: r.files, set: r.set, dirs: r.dirs, base: r.base, top: r.top, stems: r.stems, names: r.names, blobs: r.blobs, plainIndex: r.plainIndex, links: r.links}}
		snapshots.Unlock()
	}
	return nil
}

func run(ctx context.Context, dir string, stdin []byte, args ...string) ([]byte, error) {
	return runLimited(ctx, dir, stdin, 0, nil, args...)
}

// gitCommand is git run read-only on a repository that may belong to another user: no locks taken,
// no prompts, no pager, a fixed locale. GIT_FLUSH=0: writing to a pipe, git otherwise flushes its output
// after every commit a log lists, one write per commit and one wake-up of our reader each; the history
// walk of 20k commits spent about 100 ms of CPU, git's and ours, on them. Every request is written
// before its answer is read (stdin is given whole), so no process waits on output git keeps buffered.
func gitCommand(ctx context.Context, dir string, env []string, args ...string) *exec.Cmd {
	full := append([]string{"-c", "safe.directory=*", "-c", "core.quotepath=off", "-C", dir}, args...)
	cmd := exec.CommandContext(ctx, "git", full...)
	cmd.Env = append(os.Environ(), "GIT_OPTIONAL_LOCKS=0", "LC_ALL=C", "GIT_TERMINAL_PROMPT=0", "GIT_PAGER=cat", "GIT_CONFIG_NOSYSTEM=1", "GIT_FLUSH=0")
	cmd.Env = append(cmd.Env, env...)
	return cmd
}

func runLimited(ctx context.Context, dir string, stdin []byte, limit int, env []string, args ...string) ([]byte, error) {
	cmd := gitCommand(ctx, dir, env, args...)
	if stdin != nil {
		cmd.Stdin = bytes.NewReader(stdin)
	}
	var out bytes.Buffer
	var stderr bytes.Buffer
	if limit > 0 {
		cmd.Stdout = &capped{buf: &out, limit: limit}
	} else {
		cmd.Stdout = &out
	}
	cmd.Stderr = &capped{buf: &stderr, limit: 4096}
	err := cmd.Run()
	if err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			return out.Bytes(), &gitError{args: args, code: ee.ExitCode(), stderr: strings.TrimSpace(stderr.String())}
		}
		return out.Bytes(), err
	}
	return out.Bytes(), nil
}

type gitError struct {
	args   []string
	code   int
	stderr string
}

func (e *gitError) Error() string {
	return fmt.Sprintf("git %s: exit %d: %s", strings.Join(e.args[:min(2, len(e.args))], " "), e.code, e.stderr)
}

func exitCode(err error) int {
	var ge *gitError
	if errors.As(err, &ge) {
		return ge.code
	}
	return -1
}

// capped drops output past its limit instead of growing without bound.
type capped struct {
	buf   *bytes.Buffer
	limit int
}

func (c *capped) Write(p []byte) (int, error) {
	if room := c.limit - c.buf.Len(); room > 0 {
		if len(p) > room {
			c.buf.Write(p[:room])
		} else {
			c.buf.Write(p)
		}
	}
	return len(p), nil
}

// startHistoryCached starts the history walk, or takes it from the snapshot of the same HEAD when that
// one holds what is asked (the log; the names of the scope, or of every path when scope is nil). The
// git processes start before it returns; what it returns reads them and caches the walk.
func (r *Repo) startHistoryCached(ctx context.Context, names bool, scope []string) func() (*history, error) {
	head := r.head.SHA
	if head == "" {
		return func() (*history, error) { return nil, nil } // an unborn branch has no history yet
	}
	key := r.root + "\x00" + head
	snapshots.Lock()
	h, ok := snapshots.logs[key]
	snapshots.Unlock()
	if ok && (!names || h.full() || scope != nil && h.coversAll(scope)) {
		return func() (*history, error) { return h, nil }
	}
	read := startHistory(ctx, r.root, head, names, scope)
	return func() (*history, error) {
		h, err := read()
		if err != nil || len(h.log) == 0 {
			return h, err
		}
		snapshots.Lock()
		if len(snapshots.logs) >= maxHistories {
			snapshots.logs = map[string]*history{}
		}
		if old := snapshots.logs[key]; !old.full() || h.full() {
			snapshots.logs[key] = h // a whole walk is never replaced by a scoped one
		}
		snapshots.Unlock()
		return h, nil
	}
}

// maxHistories bounds the cached walks: each holds a repository's log and the names its commits changed.
const maxHistories = 16

func (r *Repo) readTags(ctx context.Context) error {
	// one process reads tags and branches alike
	out, err := run(ctx, r.root, nil, "for-each-ref", "--format=%(refname)%09%(objectname)%09%(*objectname)", "refs/tags", "refs/heads", "refs/remotes")
	if err != nil {
		return err
	}
	r.branches = map[string]bool{}
	for _, line := range strings.Split(string(out), "\n") {
		f := strings.Split(line, "\t")
		if len(f) < 3 || f[0] == "" {
			continue
		}
		if name, ok := strings.CutPrefix(f[0], "refs/heads/"); ok {
			r.branches[name] = true
			continue
		}
		if name, ok := strings.CutPrefix(f[0], "refs/remotes/"); ok {
			r.branches[name] = true
			if _, short, ok := strings.Cut(name, "/"); ok && short != "HEAD" {
				r.branches[short] = true
			}
			continue
		}
		sha := f[1]
		if f[2] != "" {
			sha = f[2]
		}
		r.tags[strings.TrimPrefix(f[0], "refs/tags/")] = sha
	}
	return nil
}

func (r *Repo) readFiles(ctx context.Context) error {
	out, err := run(ctx, r.root, nil, "ls-files", "-s", "-v", "-z")
	if err != nil {
		return err
	}
	var files []string
	r.blobs = map[string]string{}
	r.plainIndex = true
	for _, rec := range bytes.Split(out, []byte{0}) {
		// "<tag> <mode> <sha> <stage>\t<path>"; the tag is H for an entry the work tree is expected to
		// hold as staged (lower case: assume-unchanged, S: skip-worktree, M: unmerged)
		tab := bytes.IndexByte(rec, '\t')
		if tab < 0 {
			continue
		}
		f := strings.Fields(string(rec[:tab]))
		p := string(rec[tab+1:])
		if len(f) < 4 || p == "" || r.blobs[p] != "" {
			continue
		}
		r.plainIndex = r.plainIndex && f[0] == "H"
		if f[1] == "120000" && isSearched(p) {
			if r.links == nil {
				r.links = map[string]bool{}
			}
			r.links[p] = true
		}
		files = append(files, p)
		if f[1] != "160000" {
			r.blobs[p] = f[2]
		}
	}
	r.index(files)
	return nil
}

func (r *Repo) index(files []string) {
	r.files = files
	r.set = make(map[string]bool, len(files))
	r.dirs = map[string]bool{}
	r.base = make(map[string][]string, len(files))
	r.top = map[string]bool{}
	r.stems = map[string]bool{}
	r.names = &pathNames{}
	for _, f := range files {
		r.set[f] = true
		b := path.Base(f)
		r.base[b] = append(r.base[b], f)
		r.stems[strings.TrimSuffix(b, path.Ext(b))] = true
		top, _, _ := strings.Cut(f, "/")
		r.top[top] = true
		// each directory above f and each of its names, sliced from f: a cold Open indexes every tracked path
		from := 0
		for i := 0; i < len(f); i++ {
			if f[i] == '/' {
				r.dirs[f[:i]] = true
				r.stems[f[from:i]] = true
				from = i + 1
			}
		}
	}
}

// walk lists the files of a directory that is not a git work tree, bounded.
func (r *Repo) walk() error {
	var files []string
	err := filepath.WalkDir(r.root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if d.IsDir() && (d.Name() == ".git" || d.Name() == "node_modules") && p != r.root {
			return filepath.SkipDir
		}
		if len(files) >= maxWalkEntries {
			return filepath.SkipAll
		}
		if !d.IsDir() {
			rel, err := filepath.Rel(r.root, p)
			if err == nil {
				files = append(files, filepath.ToSlash(rel))
			}
		}
		return nil
	})
	r.index(files)
	return err
}

// Root is the absolute repository root.
func (r *Repo) Root() string { return r.root }

// Git reports whether the root is a git work tree.
func (r *Repo) Git() bool { return r.git }

// Shallow reports a shallow clone (git writes the cut points to $GIT_DIR/shallow).
func (r *Repo) Shallow() bool { return r.shallow }

// Head is the HEAD commit.
func (r *Repo) Head() engine.Commit { return r.head }

// Tags maps tag names to peeled commits.
func (r *Repo) Tags() map[string]string { return r.tags }

// Branches holds local and remote-tracking branch names.
func (r *Repo) Branches() map[string]bool { return r.branches }

// Log is HEAD's history, newest first; it waits for the background read Open started.
func (r *Repo) Log() []engine.Commit {
	if r.waitLog() != nil || r.hist == nil {
		return nil
	}
	return r.hist.log
}

// Files lists the tracked (or walked) files.
func (r *Repo) Files() []string { return r.files }

// safeRel refuses paths that would leave the repository.
func safeRel(rel string) (string, bool) {
	c := path.Clean(strings.TrimPrefix(rel, "./"))
	if c == "." || c == ".." || strings.HasPrefix(c, "../") || strings.HasPrefix(c, "/") || strings.ContainsRune(c, 0) {
		return "", false
	}
	return c, true
}

// Exists reports whether rel is tracked, a tracked directory, or present on disk.
func (r *Repo) Exists(rel string) (bool, bool) {
	c, ok := safeRel(rel)
	if !ok {
		return false, false
	}
	if r.set[c] {
		return true, false
	}
	if r.dirs[c] {
		return true, true
	}
	st, err := os.Lstat(filepath.Join(r.root, filepath.FromSlash(c)))
	if err != nil {
		return false, false
	}
	return true, st.IsDir()
}

// HasTopLevel reports whether a first path segment exists at the root.
func (r *Repo) HasTopLevel(name string) bool {
	if r.top[name] {
		return true
	}
	ok, _ := r.Exists(name)
	return ok
}

// HasBasename reports whether a tracked file has this base name, or the name exists at the root.
func (r *Repo) HasBasename(name string) bool {
	if len(r.base[name]) > 0 {
		return true
	}
	ok, _ := r.Exists(name)
	return ok
}

// ByBasename lists the tracked files with this base name.
func (r *Repo) ByBasename(name string) []string { return r.base[name] }

// HasStem reports whether a tracked directory or file stem is name.
func (r *Repo) HasStem(name string) bool { return r.stems[name] }

// pathNames is what HasDirName and HasFolded read, derived from the tracked directories and files once.
type pathNames struct {
	once     sync.Once
	dirNames map[string]bool // the last name of every tracked directory
	folded   map[string]bool // every tracked file and directory, lower-cased
}

// derived builds names on first use.
func (r *Repo) derived() *pathNames {
	if r.names == nil {
		return &pathNames{}
	}
	r.names.once.Do(func() {
		r.names.dirNames = make(map[string]bool, len(r.dirs))
		r.names.folded = make(map[string]bool, len(r.files)+len(r.dirs))
		for d := range r.dirs {
			r.names.dirNames[path.Base(d)] = true
			r.names.folded[strings.ToLower(d)] = true
		}
		for _, f := range r.files {
			r.names.folded[strings.ToLower(f)] = true
		}
	})
	return r.names
}

// HasDirName reports whether a tracked directory anywhere is called name.
func (r *Repo) HasDirName(name string) bool { return r.derived().dirNames[name] }

// HasFolded reports whether a tracked file or directory, lower-cased, is p (written in lower case).
func (r *Repo) HasFolded(p string) bool { return r.derived().folded[p] }

// Glob lists tracked files matching pattern; ** spans directories.
func (r *Repo) Glob(pattern string, limit int) []string {
	if rest, ok := strings.CutPrefix(pattern, "**/"); ok && rest != "" && !strings.ContainsAny(rest, "*?[") {
		return r.globSuffix(rest, limit)
	}
	return r.globRegexp(pattern, limit)
}

func (r *Repo) globRegexp(pattern string, limit int) []string {
	re, err := globRegexp(pattern)
	if err != nil {
		return nil
	}
	// A directory's verdict is reached once and kept: every file under it asked the regexp about it
	// again, a match per file and level (1.2 s of CPU in oxc's soul check --all, 14k files).
	dirHit := map[string]bool{}
	// The pattern's literal head, which the anchored regexp spells out as is: a file, or a directory
	// above it (a prefix of it), that does not start with it cannot match.
	head := pattern
	if i := strings.IndexAny(pattern, "*?["); i >= 0 {
		head = pattern[:i]
	}
	for i := range len(head) {
		if digitSlot(head, i) > 0 {
			head = head[:i]
			break
		}
	}
	var out []string
	for _, f := range r.files {
		if !strings.HasPrefix(f, head) {
			continue
		}
		if re.MatchString(f) || r.dirMatch(re, f, dirHit) {
			out = append(out, f)
			if limit > 0 && len(out) >= limit {
				break
			}
		}
	}
	return out
}

// globSuffix is Glob("**/"+rest) for a literal rest without a regexp: the pattern compiles to
// ^.*/?rest/?$, which a file or one of its directories matches exactly when it ends with rest. The
// verifier asks it for every missing path it tries to resolve against a sub-package.
func (r *Repo) globSuffix(rest string, limit int) []string {
	var out []string
	for _, f := range r.files {
		hit := strings.HasSuffix(f, rest)
		for d := parentDir(f); !hit && d != ""; d = parentDir(d) {
			hit = strings.HasSuffix(d, rest)
		}
		if hit {
			out = append(out, f)
			if limit > 0 && len(out) >= limit {
				break
			}
		}
	}
	return out
}

// parentDir is path.Dir for a path git lists (clean and relative), "" above the top: a slice of f,
// with none of path.Clean's work per call.
func parentDir(f string) string {
	if i := strings.LastIndexByte(f, '/'); i > 0 {
		return f[:i]
	}
	return ""
}

// dirMatch reports whether a directory above f matches re; seen keeps each directory's verdict.
func (r *Repo) dirMatch(re *regexp.Regexp, f string, seen map[string]bool) bool {
	for d := parentDir(f); d != ""; d = parentDir(d) {
		hit, ok := seen[d]
		if !ok {
			hit = re.MatchString(d)
			seen[d] = hit
		}
		if hit {
			return true
		}
	}
	return false
}

func globRegexp(p string) (*regexp.Regexp, error) {
	var b strings.Builder
	b.WriteString("^")
	for i := 0; i < len(p); i++ {
		ch := p[i]
		if n := digitSlot(p, i); n > 0 {
			b.WriteString("(?:[0-9]+|" + p[i:i+n] + ")") // the run itself too: a file may be named so
			i += n - 1
			continue
		}
		switch {
		case ch == '*' && i+1 < len(p) && p[i+1] == '*':
			b.WriteString(".*")
			i++
			if i+1 < len(p) && p[i+1] == '/' {
				i++
				b.WriteString("/?")
			}
		case ch == '*':
			b.WriteString("[^/]*")
		case ch == '?':
			b.WriteString("[^/]")
		case ch == '[':
			j := strings.IndexByte(p[i:], ']')
			if j < 0 {
				b.WriteString(`\[`)
				continue
			}
			b.WriteString(p[i : i+j+1])
			i += j
		default:
			b.WriteString(regexp.QuoteMeta(string(ch)))
		}
	}
	b.WriteString("/?$")
	return regexp.Compile(b.String())
}

// digitSlot is the length of a run of N or X at p[i] that stands for digits in a pattern: after a
// digit ("migrations/000N_*.sql", the eighty-second holdout's lifeos), or two or more opening a
// segment before a separator ("NNNN_name.sql", "XXXX-title.md"); 0 when there is none.
func digitSlot(p string, i int) int {
	if p[i] != 'N' && p[i] != 'X' {
		return 0
	}
	n := 1
	for i+n < len(p) && p[i+n] == p[i] {
		n++
	}
	if i+n < len(p) && (p[i+n] >= 'a' && p[i+n] <= 'z' || p[i+n] >= 'A' && p[i+n] <= 'Z' || p[i+n] >= '0' && p[i+n] <= '9') {
		return 0 // a word goes on: "Notes", "XML", "N2"
	}
	switch {
	case i > 0 && p[i-1] >= '0' && p[i-1] <= '9':
		return n
	case n >= 2 && (i == 0 || p[i-1] == '/') && i+n < len(p) && strings.IndexByte("_-.", p[i+n]) >= 0:
		return n
	}
	return 0
}

// ReadFile reads a file inside the repository, at most 8 MiB.
func (r *Repo) ReadFile(rel string) ([]byte, error) {
	c, ok := safeRel(rel)
	if !ok {
		return nil, fs.ErrNotExist
	}
	real, err := filepath.EvalSymlinks(filepath.Join(r.root, filepath.FromSlash(c)))
	if err != nil {
		return nil, err
	}
	if rel, err := filepath.Rel(r.realRoot(), real); err != nil || rel == ".." || strings.HasPrefix(rel, "../") {
		return nil, fs.ErrPermission // a tracked symlink out of the repository is not followed
	}
	f, err := os.Open(real)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if st.IsDir() {
		return nil, fs.ErrInvalid
	}
	return io.ReadAll(io.LimitReader(f, maxReadBytes))
}

func (r *Repo) realRoot() string {
	if real, err := filepath.EvalSymlinks(r.root); err == nil {
		return real
	}
	return r.root
}

// StatOutside reports whether an absolute path exists.
func (r *Repo) StatOutside(abs string) bool {
	_, err := os.Stat(abs)
	return err == nil
}

// LastTouch is the newest commit that changed rel: read from the check's history walk when the history
// is linear, else asked of git (whose history simplification follows one side of a merge).
func (r *Repo) LastTouch(ctx context.Context, rel string) (engine.Commit, bool) {
	if !r.git {
		return engine.Commit{}, false
	}
	key := r.root + "\x00" + r.head.SHA + "\x00" + rel
	touches.Lock()
	if c, ok := touches.m[key]; ok {
		touches.Unlock()
		return c, c.SHA != ""
	}
	touches.Unlock()
	var c engine.Commit
	if h := r.walked(); h != nil && h.linear && h.covers(rel) {
		c, _ = h.lastTouch(rel)
	} else {
		out, err := runLimited(ctx, r.root, nil, 0, []string{"GIT_LITERAL_PATHSPECS=1"}, "log", "-1", "--format=%H%x1f%ct", "HEAD", "--", rel)
		if err != nil {
			return engine.Commit{}, false
		}
		f := strings.SplitN(strings.TrimSpace(string(out)), "\x1f", 2)
		if len(f) == 2 && f[0] != "" {
			secs, _ := strconv.ParseInt(f[1], 10, 64)
			c = engine.Commit{SHA: f[0], Time: time.Unix(secs, 0).UTC()}
		}
	}
	touches.Lock()
	if len(touches.m) >= 1024 {
		touches.m = map[string]engine.Commit{}
	}
	touches.m[key] = c
	touches.Unlock()
	return c, c.SHA != ""
}

// touches caches a path's last commit per HEAD: it cannot change until HEAD does.
var touches = struct {
	sync.Mutex
	m map[string]engine.Commit
}{m: map[string]engine.Commit{}}
