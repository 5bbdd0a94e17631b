package gitrepo

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"github.com/organism-dev/organism/services/soul/engine"
)

// sourceGlobs limits the symbol search, and the removal walk after it, to the languages the verifier
// reads (engine.ReadSource).
var sourceGlobs = func() []string {
	out := make([]string, len(engine.ReadSource))
	for i, ext := range engine.ReadSource {
		out[i] = "*" + ext
	}
	return out
}()

// searchGlobs are the files the words' grep reads: the source globs, whose lines may define a word, and
// the unread languages (isSearched) this repository tracks files of. Every pathspec is matched against
// every file the grep walks, so the unread ones a repository has none of are left out: all of them
// cost a 10k-file Go repository 20-30 ms of git CPU per grep. (An untracked file of a language the
// repository tracks none of is not read.)
func (r *Repo) searchGlobs() []string {
	r.searchOnce.Do(func() {
		r.searched = append([]string(nil), sourceGlobs...)
		have := map[string]bool{}
		for _, f := range r.files {
			if ext := path.Ext(f); ext != "" {
				have[strings.ToLower(ext)] = true
			}
		}
		for _, ext := range engine.UnreadSource {
			if have[ext] {
				r.searched = append(r.searched, "*"+ext)
			}
		}
	})
	return r.searched
}

// dependencyTree reports a path inside another project's files a commit once carried: a node_modules
// committed by mistake, a vendored tree. A bare name a document cites ("`security.md` - Security
// fixes") is never one of those; the ninth holdout's pipecat had committed, then deleted,
// node_modules/events/security.md, which made its CONTRIBUTING's changelog kind "gone".
func dependencyTree(p string) bool {
	for _, seg := range strings.Split(path.Dir(p), "/") {
		switch seg {
		case "node_modules", "vendor", "third_party", "bower_components", "site-packages", ".venv":
			return true
		}
	}
	return false
}

// Batch answers one check's questions: each kind of question is one git process, run side by side.
func (r *Repo) Batch(ctx context.Context, q engine.BatchQuery) (engine.BatchAnswer, error) {
	ans := engine.BatchAnswer{Commits: map[string]string{}, Ignored: map[string]bool{}}
	if r.git {
		r.logPaths = map[string]bool{}
		if direct(q.EverSeen) {
			for _, p := range q.EverSeen {
				r.logPaths[p] = true
			}
		}
		r.startLog(ctx, len(q.EverSeen) > 0, walkScope(q))
		r.startDirty(ctx)
	}
	var wg sync.WaitGroup
	var errs [4]error
	if r.git && len(q.Commits) > 0 {
		wg.Add(1)
		go func() { defer wg.Done(); errs[0] = r.resolveCommits(ctx, q.Commits, ans.Commits) }()
	}
	if r.git && len(q.Ignored) > 0 {
		wg.Add(1)
		go func() { defer wg.Done(); errs[1] = r.checkIgnored(ctx, q.Ignored, ans.Ignored) }()
	}
	if r.git && len(q.EverSeen) > 0 {
		wg.Add(1)
		go func() { defer wg.Done(); ans.EverSeen, ans.EverSeenAt, errs[2] = r.everAdded(ctx, q.EverSeen) }()
	}
	if len(q.Symbols) > 0 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if r.git {
				ans.SymbolLines, errs[3] = r.symbolLines(ctx, q.Symbols)
			} else {
				ans.SymbolLines = r.scanWords(q.Symbols)
			}
			if errs[3] == nil && q.SymbolsReady != nil {
				q.SymbolsReady(ans.SymbolLines) // beside the history walk, which Batch still waits for
			}
		}()
	}
	wg.Wait()
	return ans, errors.Join(append(errs[:], r.waitLog())...)
}

// walkScope is what the check's history walk must list names for: nil (every path) when the check may
// ask history about paths it cannot name yet, else just the missing paths. A check asking no symbol
// asks for no removal (the pickaxe looks for cited definitions); a few paths, none bare, are all the
// moved-to hints and "ever existed" can ask of. Every other history question (the age window, a last
// touch outside the scope) then goes to git by itself, which costs less than diffing every tree.
func walkScope(q engine.BatchQuery) []string {
	if len(q.EverSeen) == 0 || len(q.Symbols) > 0 || !direct(q.EverSeen) {
		return nil
	}
	scope := make([]string, 0, len(q.EverSeen))
	for _, p := range q.EverSeen {
		if p = strings.TrimSuffix(p, "/"); p != "" && p != "." {
			scope = append(scope, p)
		}
	}
	if len(scope) == 0 {
		return nil
	}
	return scope
}

func (r *Repo) resolveCommits(ctx context.Context, all []string, out map[string]string) error {
	// A commit that exists stays existing, so found names are cached; absent ones are asked every time.
	var names []string
	knownCommits.Lock()
	for _, n := range all {
		if full, ok := knownCommits.m[r.root+"\x00"+n]; ok {
			out[n] = full
		} else {
			names = append(names, n)
		}
	}
	knownCommits.Unlock()
	if len(names) == 0 {
		return nil
	}
	defer func() {
		knownCommits.Lock()
		if len(knownCommits.m) > 100_000 {
			knownCommits.m = map[string]string{}
		}
		for _, n := range names {
			if full := out[n]; full != "" {
				knownCommits.m[r.root+"\x00"+n] = full
			}
		}
		knownCommits.Unlock()
	}()
	var in bytes.Buffer
	for _, n := range names {
		in.WriteString(n + "^{commit}\n")
	}
	res, err := run(ctx, r.root, in.Bytes(), "cat-file", "--batch-check=%(objectname) %(objecttype)")
	if err != nil {
		return err
	}
	lines := strings.Split(strings.TrimRight(string(res), "\n"), "\n")
	for i, l := range lines {
		if i >= len(names) {
			break
		}
		f := strings.Fields(l)
		if len(f) == 2 && f[1] == "commit" {
			out[names[i]] = f[0]
		}
	}
	return nil
}

var knownCommits = struct {
	sync.Mutex
	m map[string]string
}{m: map[string]string{}}

// ignoreAnswers caches check-ignore verdicts while every ignore source (the index, each tracked
// .gitignore, info/exclude) is unchanged.
var ignoreAnswers = struct {
	sync.Mutex
	m map[string]ignoreSnapshot
}{m: map[string]ignoreSnapshot{}}

type ignoreSnapshot struct {
	key     string
	answers map[string]bool
}

func (r *Repo) ignoreKey() string {
	var b strings.Builder
	for _, p := range []string{filepath.Join(r.gitDir, "index"), filepath.Join(r.gitDir, "info", "exclude")} {
		if st, err := os.Stat(p); err == nil {
			fmt.Fprintf(&b, "%d/%d;", st.ModTime().UnixNano(), st.Size())
		}
	}
	for _, f := range r.files {
		if path.Base(f) == ".gitignore" {
			if st, err := os.Stat(filepath.Join(r.root, filepath.FromSlash(f))); err == nil {
				fmt.Fprintf(&b, "%s:%d/%d;", f, st.ModTime().UnixNano(), st.Size())
			}
		}
	}
	return b.String()
}

func (r *Repo) checkIgnored(ctx context.Context, all []string, out map[string]bool) error {
	key := r.ignoreKey()
	var paths []string
	ignoreAnswers.Lock()
	snap := ignoreAnswers.m[r.root]
	if snap.key != key {
		snap = ignoreSnapshot{key: key, answers: map[string]bool{}}
	}
	for _, p := range all {
		if ignored, ok := snap.answers[p]; ok {
			if ignored {
				out[p] = true
			}
		} else {
			paths = append(paths, p)
		}
	}
	ignoreAnswers.Unlock()
	if len(paths) == 0 {
		return nil
	}
	fresh := map[string]bool{}
	defer func() {
		ignoreAnswers.Lock()
		if len(snap.answers) > 100_000 {
			snap.answers = map[string]bool{}
		}
		for _, p := range paths {
			snap.answers[p] = fresh[p]
		}
		if len(ignoreAnswers.m) >= 64 {
			ignoreAnswers.m = map[string]ignoreSnapshot{}
		}
		ignoreAnswers.m[r.root] = snap
		ignoreAnswers.Unlock()
	}()
	// A missing path cannot tell git whether it is a directory, and directory-only patterns
	// ("/build/") match only a path spelled with a trailing slash: ask both spellings.
	var in bytes.Buffer
	asked := map[string][]string{}
	links := map[string]bool{}
	for _, p := range paths {
		base := strings.TrimSuffix(p, "/")
		if outsideTree(base) {
			// "Do not use `[/tag]`" (the ninety-fourth holdout's goa4web) asked for "/tag": git refuses
			// the whole run for a path outside the repository ("… is outside repository", exit 128),
			// and no .gitignore of this repository speaks for one
			continue
		}
		if beyondSymlink(r.root, base, links) {
			// git refuses the whole run ("pathspec … is beyond a symbolic link", exit 128) for one such
			// path; a path through a symlinked directory is no place .gitignore speaks for
			continue
		}
		if _, dup := asked[base]; !dup {
			in.WriteString(base)
			in.WriteByte(0)
			in.WriteString(base + "/")
			in.WriteByte(0)
		}
		asked[base] = append(asked[base], p)
	}
	// --no-index: without it git consults the index for every asked path, which costs a lookup per path
	// that grows with the tree (a second for a few hundred paths in a 20k-file repository). The two
	// answers differ only for tracked files, which git never calls ignored; those are dropped below.
	//
	// -v names the pattern that matched: a .gitignore written with CRLF line ends has "\r" lines where
	// it has blank ones, which git 2.39 reads as an empty pattern that matches every directory asked
	// with its slash (the hundred-and-sixth holdout's vitality_system_rulebook: `simulation/`, gone,
	// was "gitignored"). A blank pattern keeps nothing out; a directory a real pattern names is still
	// answered by that pattern (TestIgnoredCRLFBlankLines's `logs/`).
	res, err := run(ctx, r.root, in.Bytes(), "check-ignore", "-v", "-z", "--stdin", "--no-index")
	if err != nil && exitCode(err) != 1 {
		return err
	}
	fields := bytes.Split(res, []byte{0})
	for i := 0; i+3 < len(fields); i += 4 {
		if pat := bytes.TrimSpace(fields[i+2]); len(pat) == 0 || pat[0] == '!' {
			continue // -v also names a negated pattern that matched, which keeps the path in
		}
		name := strings.TrimSuffix(string(fields[i+3]), "/")
		if r.set[name] {
			continue
		}
		for _, p := range asked[name] {
			out[p] = true
			fresh[p] = true
		}
	}
	return nil
}

// outsideTree reports a path that leaves the work tree: absolute, climbing above it, or empty.
func outsideTree(p string) bool {
	c := path.Clean(p)
	return p == "" || path.IsAbs(p) || c == ".." || strings.HasPrefix(c, "../")
}

// beyondSymlink reports a path one of whose parent directories is a symbolic link in the work tree;
// links caches each directory's answer for one run.
func beyondSymlink(root, p string, links map[string]bool) bool {
	for i := 0; i < len(p); i++ {
		if p[i] != '/' {
			continue
		}
		dir := p[:i]
		link, ok := links[dir]
		if !ok {
			fi, err := os.Lstat(filepath.Join(root, filepath.FromSlash(dir)))
			link = err == nil && fi.Mode()&os.ModeSymlink != 0
			links[dir] = link
		}
		if link {
			return true
		}
	}
	return false
}

// everAdded answers which missing paths were ever part of HEAD's history (a file, or a file under a
// directory). A few paths ask git directly; many ask for every deletion once, which costs the same for
// 10 paths as for 10,000 and is cached per HEAD, so a server re-checking a brain pays it once. For a
// bare name it also answers the full paths history had under it, when they are few.
func (r *Repo) everAdded(ctx context.Context, paths []string) (map[string]bool, map[string][]string, error) {
	if r.head.SHA == "" {
		return map[string]bool{}, nil, nil
	}
	bare := false
	for _, p := range paths {
		bare = bare || !strings.Contains(p, "/")
	}
	// a bare name ("old.go") may have lived in any directory: only the full deletion list can say
	var seen map[string]bool
	var err error
	if direct(paths) {
		seen, err = r.added(ctx, paths)
	} else {
		seen, err = r.deletions(ctx)
	}
	if err != nil {
		return nil, nil, err
	}
	var bases map[string][]string
	if bare {
		bases = map[string][]string{}
		for p := range seen {
			if dependencyTree(p) {
				continue
			}
			b := path.Base(p)
			bases[b] = append(bases[b], p)
		}
	}
	out, at := map[string]bool{}, map[string][]string{}
	for _, p := range paths {
		if seen[p] {
			out[p] = true
		}
		if strings.Contains(p, "/") || len(bases[p]) == 0 {
			continue
		}
		out[p] = true
		if full := bases[p]; len(full) <= maxEverSeenAt {
			sort.Strings(full)
			at[p] = full
		}
	}
	return out, at, nil
}

// maxEverSeenAt bounds the places one bare name may have lived for them to be named: more points at no
// one file, and each would cost the moved-to hint a history walk.
const maxEverSeenAt = 4

// direct reports whether a few paths, none bare, are asked of git by pathspec; a bare name ("old.go")
// may have lived in any directory, and only the full deletion list can say.
func direct(paths []string) bool {
	if len(paths) > directHistoryPaths {
		return false
	}
	for _, p := range paths {
		if !strings.Contains(p, "/") {
			return false
		}
	}
	return true
}

// added answers which of a few paths some commit of HEAD's history added: the history walk knows every
// added path; a walk cut at maxLogCommits asks git by pathspec instead, cached per HEAD.
func (r *Repo) added(ctx context.Context, paths []string) (map[string]bool, error) {
	seen := map[string]bool{}
	if err := r.waitLog(); err != nil {
		return nil, err
	}
	if h := r.hist; h.coversAll(paths) {
		for _, p := range paths {
			if h.added[p] {
				seen[p] = true
			}
		}
		return seen, nil
	}
	var ask []string
	key := r.root + "\x00" + r.head.SHA + "\x00"
	addedCache.Lock()
	for _, p := range paths {
		if ever, ok := addedCache.m[key+p]; !ok {
			ask = append(ask, p)
		} else if ever {
			seen[p] = true
		}
	}
	addedCache.Unlock()
	if len(ask) == 0 {
		return seen, nil
	}
	args := append([]string{"log", "HEAD", "--full-history", "--no-renames", "--format=", "--name-only", "--diff-filter=A", "-z", "--"}, ask...)
	res, err := runLimited(ctx, r.root, nil, 64<<20, []string{"GIT_LITERAL_PATHSPECS=1"}, args...)
	if err != nil {
		return nil, err
	}
	found := withParents(res)
	addedCache.Lock()
	if len(addedCache.m) > 100_000 {
		addedCache.m = map[string]bool{}
	}
	for _, p := range ask {
		addedCache.m[key+p] = found[p]
		if found[p] {
			seen[p] = true
		}
	}
	addedCache.Unlock()
	return seen, nil
}

var addedCache = struct {
	sync.Mutex
	m map[string]bool
}{m: map[string]bool{}}

// directHistoryPaths is where asking git per pathspec stops being cheaper than listing every deletion.
const directHistoryPaths = 8

var deletionCache = struct {
	sync.Mutex
	m map[string]map[string]bool
}{m: map[string]map[string]bool{}}

// deletions lists every path HEAD's history ever deleted, with its parent directories: read from the
// history walk, or, past a walk cut at maxLogCommits, from a walk of the deletions alone.
func (r *Repo) deletions(ctx context.Context) (map[string]bool, error) {
	key := r.root + "\x00" + r.head.SHA
	deletionCache.Lock()
	if m, ok := deletionCache.m[key]; ok {
		deletionCache.Unlock()
		return m, nil
	}
	deletionCache.Unlock()
	if err := r.waitLog(); err != nil {
		return nil, err
	}
	var m map[string]bool
	if h := r.hist; h.full() {
		m = make(map[string]bool, len(h.deleted))
		for p := range h.deleted {
			m[p] = true
		}
	} else {
		res, err := runLimited(ctx, r.root, nil, 256<<20, nil, "log", "HEAD", "--no-renames", "--format=", "--name-only", "--diff-filter=D", "-z")
		if err != nil {
			return nil, err
		}
		m = withParents(res)
	}
	deletionCache.Lock()
	if len(deletionCache.m) >= 64 {
		deletionCache.m = map[string]map[string]bool{}
	}
	deletionCache.m[key] = m
	deletionCache.Unlock()
	return m, nil
}

func withParents(res []byte) map[string]bool {
	out := map[string]bool{}
	for _, f := range bytes.Split(res, []byte{0}) {
		s := strings.TrimSpace(string(f))
		for s != "" && s != "." {
			if out[s] {
				break
			}
			out[s] = true
			i := strings.LastIndexByte(s, '/')
			if i < 0 {
				break
			}
			s = s[:i]
		}
	}
	return out
}

// grepWords lists the tracked source lines that mention any of the words, in one git grep.
func (r *Repo) grepWords(ctx context.Context, words []string) ([]engine.SourceLine, error) {
	if !r.git {
		return r.scanWords(words), nil
	}
	return r.grep(ctx, false, words)
}

// scanWords is grepWords for a directory that is not a git work tree.
func (r *Repo) scanWords(words []string) []engine.SourceLine {
	var out []engine.SourceLine
	total := 0
	for _, f := range r.files {
		if !hasGlobSuffix(f, r.searchGlobs()) {
			continue
		}
		body, err := r.ReadFile(f)
		if err != nil || bytes.IndexByte(body, 0) >= 0 {
			continue
		}
		hit := false
		for _, w := range words {
			if bytes.Contains(body, []byte(w)) {
				hit = true
				break
			}
		}
		if !hit {
			continue
		}
		n := 0
		eachLine(body, func(line []byte) {
			n++
			for _, w := range words {
				if containsWord(line, w) {
					out = append(out, engine.SourceLine{Path: f, Line: n, Text: string(line)})
					total += len(line)
					break
				}
			}
		})
		if total > maxGrepBytes {
			break
		}
	}
	return out
}

func isSource(f string) bool { return hasGlobSuffix(f, sourceGlobs) }

// isSearched reports a file of a language the words' grep may read: a source file or one of a language
// the index cannot read (engine.UnreadSource), whose lines only tell that a word is used. A name used
// there is defined where soul cannot see, never "defined nowhere in the tracked sources" (the seventh
// holdout: a C# SDK's documented types).
func isSearched(f string) bool {
	if isSource(f) {
		return true
	}
	for _, ext := range engine.UnreadSource {
		if strings.HasSuffix(f, ext) {
			return true
		}
	}
	return false
}

func hasGlobSuffix(f string, globs []string) bool {
	for _, g := range globs {
		if strings.HasSuffix(f, g[1:]) {
			return true
		}
	}
	return false
}

func containsWord(line []byte, w string) bool {
	for off := 0; ; {
		i := bytes.Index(line[off:], []byte(w))
		if i < 0 {
			return false
		}
		i += off
		before := i == 0 || !wordByte(line[i-1])
		after := i+len(w) >= len(line) || !wordByte(line[i+len(w)])
		if before && after {
			return true
		}
		off = i + 1
	}
}

func wordByte(b byte) bool {
	return b == '_' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9'
}
