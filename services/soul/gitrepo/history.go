package gitrepo

import (
	"context"
	"path"
	"regexp"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/organism-dev/organism/services/soul/engine"
)

// maxRenameHops bounds how many renames of one path are followed (a → b → c).
const maxRenameHops = 8

// removedCache keeps each removal walk's answer per repository, HEAD (in the args) and question.
var removedCache = struct {
	sync.Mutex
	m map[string][]engine.RemovedLine
}{m: map[string][]engine.RemovedLine{}}

// renameCache keeps each answer per repository, HEAD and path, so a server re-checking a brain asks git
// once.
var renameCache = struct {
	sync.Mutex
	m map[string]engine.Rename
}{m: map[string]engine.Rename{}}

// Renames maps each asked path (a file, or a directory whose files moved together) that a commit renamed
// to its newest name. The check's history walk already knows which commit deleted each missing path;
// only those commits are diffed with rename detection, so a long history costs no second walk.
func (r *Repo) Renames(ctx context.Context, paths []string) (map[string]engine.Rename, error) {
	out := map[string]engine.Rename{}
	if !r.git || r.shallow || len(paths) == 0 || r.head.SHA == "" {
		return out, nil
	}
	_ = r.waitLog()
	key := r.root + "\x00" + r.head.SHA + "\x00"
	var ask []string
	// Callers pass one path per anchor, so an ancestor shared by many anchors (twelve links into one
	// `.moderne/` directory) comes many times; each is one walk of history, asked once.
	queued := map[string]bool{}
	renameCache.Lock()
	for _, p := range paths {
		p = strings.TrimSuffix(p, "/")
		if queued[p] {
			continue
		}
		queued[p] = true
		if m, ok := renameCache.m[key+p]; ok {
			if m.To != "" {
				out[p] = m
			}
			continue
		}
		ask = append(ask, p)
	}
	renameCache.Unlock()
	for _, p := range ask {
		cur, last := p, engine.Rename{}
		for hop := 0; hop < maxRenameHops; hop++ {
			m, err := r.renamedOnce(ctx, cur)
			if err != nil {
				return nil, err
			}
			if m.To == "" {
				break
			}
			last, cur = m, m.To
			if ok, _ := r.Exists(cur); ok {
				break
			}
		}
		renameCache.Lock()
		if len(renameCache.m) > 4096 {
			renameCache.m = map[string]engine.Rename{}
		}
		renameCache.m[key+p] = last
		renameCache.Unlock()
		if last.To != "" {
			out[p] = last
		}
	}
	return out, nil
}

// renamedOnce finds the commit that deleted p (from the check's walk, else a walk limited to p) and
// reads that one commit's renames. In a history with merges only the paths the check asked of the walk
// are read from it: a walk limited to p follows git's history simplification.
func (r *Repo) renamedOnce(ctx context.Context, p string) (engine.Rename, error) {
	sha := ""
	if h := r.hist; h.covers(p) && (h.linear || r.logPaths[p]) {
		sha = h.deleted[p]
	} else {
		deletionWalks.Add(1)
		raw, err := runLimited(ctx, r.root, nil, 1<<20, []string{"GIT_LITERAL_PATHSPECS=1"}, "log", "-n", "1", "--no-renames", "--diff-filter=D", "--format=%H", r.head.SHA, "--", p)
		if err != nil {
			return engine.Rename{}, err
		}
		sha = strings.TrimSpace(string(raw))
	}
	if sha == "" {
		return engine.Rename{}, nil
	}
	raw, err := runLimited(ctx, r.root, nil, maxReadBytes, nil, "show", "-M", "--diff-filter=R", "--name-status", "--format=@%h", sha, "--")
	if err != nil {
		return engine.Rename{}, err
	}
	moves := parseRenames(raw)
	if m, ok := stemTwin(moves, p); ok {
		return engine.Rename{To: m.to, SHA: m.sha}, nil
	}
	for _, m := range moves {
		if m.from == p {
			return engine.Rename{To: m.to, SHA: m.sha}, nil
		}
	}
	if to, sha, ok := dirDestination(moves, p); ok {
		return engine.Rename{To: to, SHA: sha}, nil
	}
	return engine.Rename{}, nil
}

// dirDestination reads where a directory p went from one commit's renames of the files under it. A
// commit that splits a directory sends its files to several places (the nineteenth holdout's garnet
// spread test/Garnet.test.cluster/ over test/cluster/Garnet.test.cluster/ and six siblings named
// Garnet.test.cluster.migrate/ and so on): the destination that keeps p's own name is the one a reader
// of p wants, else the one most of its files went to, else the first.
func dirDestination(moves []move, p string) (string, string, bool) {
	count := map[string]int{}
	var order []string
	sha := map[string]string{}
	for _, m := range moves {
		rest, ok := strings.CutPrefix(m.from, p+"/")
		if !ok || !strings.HasSuffix(m.to, "/"+rest) {
			continue
		}
		to := strings.TrimSuffix(m.to, "/"+rest)
		if count[to] == 0 {
			order = append(order, to)
			sha[to] = m.sha
		}
		count[to]++
	}
	if len(order) == 0 {
		return "", "", false
	}
	best := order[0]
	for _, to := range order[1:] {
		if sameBase, bestBase := path.Base(to) == path.Base(p), path.Base(best) == path.Base(p); sameBase != bestBase {
			if sameBase {
				best = to
			}
			continue
		}
		if count[to] > count[best] {
			best = to
		}
	}
	return best, sha[best], true
}

// deletionWalks counts the walks renamedOnce runs for a path the check's walk does not answer, so a
// test can tell one walk per path from one per asking anchor.
var deletionWalks atomic.Int64

// removalWord is a word RemovedLines asks about: identifiers, and the names of make targets and npm scripts
// (`test-py-3.9`, `lint:fix`), each quoted into the pattern.
var removalWord = regexp.MustCompile(`^[A-Za-z0-9_][\w.:+-]*$`)

// RemovedLines lists, newest commit first, the removed source lines of paths that mention one of words,
// in one pickaxe walk (git log -G). The walk is limited to the files the domain names (where the
// qualifier's type or package lives): diffing every commit of a long history would cost seconds.
func (r *Repo) RemovedLines(ctx context.Context, words, paths []string) ([]engine.RemovedLine, error) {
	var ok []string
	for _, w := range words {
		if removalWord.MatchString(w) {
			ok = append(ok, regexp.QuoteMeta(w))
		}
	}
	if !r.git || r.shallow || len(ok) == 0 || len(paths) == 0 || r.head.SHA == "" {
		return nil, nil
	}
	re := `\b(` + strings.Join(ok, "|") + `)\b`
	args := []string{"log", "-G" + re, "--format=@%h", "-p", "--unified=0", "--no-color", "--no-renames", r.head.SHA, "--"}
	for _, p := range paths {
		if strings.HasPrefix(p, ":(glob)") {
			args = append(args, p) // a kind of manifest wherever it lived: "**/*.mk"
			continue
		}
		p = strings.TrimSuffix(p, "/")
		dir := globEscape(p) + "/"
		switch {
		case p == "." || p == "":
			dir = "" // the whole tree
		case path.Ext(p) != "" || r.trackedFile(p):
			args = append(args, ":(literal)"+p) // a file, "Makefile" among them
			continue
		}
		for _, ext := range sourceGlobs { // the removal walk reads the files the symbol search does
			args = append(args, ":(glob)"+dir+"**/"+ext)
		}
	}
	key := r.root + "\x00" + strings.Join(args, "\x00")
	removedCache.Lock()
	cached, hit := removedCache.m[key]
	removedCache.Unlock()
	if hit {
		return cached, nil
	}
	raw, err := r.pickaxe(ctx, args)
	if err != nil {
		return nil, err
	}
	out := parseRemoved(raw, regexp.MustCompile(re))
	removedCache.Lock()
	if len(removedCache.m) >= 256 {
		removedCache.m = map[string][]engine.RemovedLine{}
	}
	removedCache.m[key] = out
	removedCache.Unlock()
	return out, nil
}

// trackedFile reports a path the snapshot tracks as a file.
func (r *Repo) trackedFile(p string) bool {
	ok, isDir := r.Exists(p)
	return ok && !isDir
}

// move is one rename of the log.
type move struct{ from, to, sha string }

// stemTwin finds, among one commit's renames, the one that put a file beside p under p's own name with
// another extension (`type-resolution.md` → `type-resolution.mdx`), whatever source git paired it with.
// A commit that renames many near-identical copies at once (detekt's fifteen versioned copies of one
// page, `.md` to `.mdx`) lets git's similarity pair p with a copy's new name; the file that took p's
// place is the answer a reader of p wants. Only a file p itself was renamed from counts when git paired
// p with nothing else of that shape, so an unrelated move keeps git's answer.
func stemTwin(moves []move, p string) (move, bool) {
	dir, base := path.Split(p)
	stem := strings.TrimSuffix(base, path.Ext(base))
	if stem == "" || stem == base {
		return move{}, false
	}
	paired := false
	for _, m := range moves {
		paired = paired || m.from == p
	}
	if !paired {
		return move{}, false
	}
	for _, m := range moves {
		d, b := path.Split(m.to)
		if d == dir && b != base && strings.TrimSuffix(b, path.Ext(b)) == stem {
			return m, true
		}
	}
	return move{}, false
}

// parseRenames reads `git log --name-status --format=@%h` output: "@sha" lines, then "R<score>\told\tnew".
func parseRenames(raw []byte) []move {
	var moves []move
	sha := ""
	eachLine(raw, func(b []byte) {
		l := string(b)
		if s, ok := strings.CutPrefix(l, "@"); ok {
			sha = s
			return
		}
		f := strings.Split(l, "\t")
		if len(f) == 3 && strings.HasPrefix(f[0], "R") && f[1] != "" && f[2] != "" {
			moves = append(moves, move{f[1], f[2], sha})
		}
	})
	return moves
}

// parseRemoved reads `git log -p --unified=0 --format=@%h` output and keeps the removed lines that
// mention a word: "@sha" starts a commit, "--- a/path" a file, "-text" a removed line.
func parseRemoved(raw []byte, mention *regexp.Regexp) []engine.RemovedLine {
	var out []engine.RemovedLine
	sha, file := "", ""
	eachLine(raw, func(b []byte) {
		l := string(b)
		switch {
		case strings.HasPrefix(l, "@") && !strings.HasPrefix(l, "@@"):
			sha, file = l[1:], ""
		case strings.HasPrefix(l, "--- "):
			file = strings.TrimPrefix(strings.TrimPrefix(l, "--- "), "a/")
		case strings.HasPrefix(l, "-") && file != "" && file != "/dev/null":
			if text := l[1:]; mention.MatchString(text) {
				out = append(out, engine.RemovedLine{SHA: sha, Path: file, Text: text})
			}
		}
	})
	return out
}

// globEscape quotes a directory name for a :(glob) pathspec.
func globEscape(p string) string {
	return strings.NewReplacer(`\`, `\\`, "*", `\*`, "?", `\?`, "[", `\[`).Replace(p)
}

// pickaxe runs the removal walk. In a linear history the check's history walk already knows which
// commits changed the files: only those are diffed (git log --no-walk, in the walk's order), which is
// the pathspec walk's answer without reading the rest of the history; none means nothing was removed.
func (r *Repo) pickaxe(ctx context.Context, args []string) ([]byte, error) {
	h := r.walked()
	dash := slices.Index(args, "--")
	if h == nil || !h.linear || !h.coversSpecs(args[dash+1:]) {
		return runLimited(ctx, r.root, nil, maxGrepBytes, nil, args...)
	}
	shas := h.commitsTouching(args[dash+1:])
	if len(shas) == 0 {
		return nil, nil
	}
	// args is log, the options, HEAD, "--", the pathspecs: the commits replace HEAD, read from stdin
	noWalk := append([]string{"log", "--no-walk=unsorted", "--stdin"}, args[1:dash-1]...)
	noWalk = append(noWalk, args[dash:]...)
	return runLimited(ctx, r.root, []byte(strings.Join(shas, "\n")+"\n"), maxGrepBytes, nil, noWalk...)
}
