package gitrepo

import (
	"bytes"
	"context"
	"sync/atomic"

	"github.com/organism-dev/organism/services/soul/engine"
)

// The uses of a word (the source lines that mention it, from a git grep of the work tree and its
// untracked files) are what lets the verifier tell another project's symbol from a missing one. The
// grep reads every source file on disk, the one process a warm check could not skip. Its answer is kept
// per word and HEAD while the source files on disk are HEAD's: the uncommitted changes (listed for the
// age pass anyway) and a listing of untracked source files say so before each reuse, at a fraction of
// the grep's cost. A check of several documents in one run (soul check --all) reuses it too.
var usesCache = newWordLines(maxCachedUses)

// maxCachedUses bounds the lines one repository's snapshot holds; past it, the snapshot starts over.
const maxCachedUses = 200_000

// uses answers grepWords for the asked words, from the cache when the work tree allows, else from the
// staged grep when one is given and the work tree's source files are the index's.
func (r *Repo) uses(ctx context.Context, words []string, staged *stagedGrep) ([]engine.SourceLine, error) {
	if !r.git || r.head.SHA == "" || !r.plainIndex {
		return r.grepWords(ctx, words)
	}
	prior, missing := usesCache.take(r.root, r.head.SHA, words)
	var clean, indexed bool
	var statusErr error
	done := make(chan struct{})
	go func() { defer close(done); clean, statusErr = r.sourcesClean(ctx) }()
	if len(missing) > 0 && staged != nil && stagedUses {
		indexed = r.indexIsHead(ctx)
	}
	var fresh []engine.SourceLine
	var complete bool
	var err error
	if len(missing) > 0 && indexed {
		<-done
		if statusErr == nil && clean {
			fresh, complete = staged.uses(missing, r.links)
		}
	}
	if len(missing) > 0 && !complete {
		fresh, complete, err = r.grepAll(ctx, missing)
	}
	<-done
	if err != nil {
		return nil, err
	}
	if statusErr != nil || !clean {
		if len(prior) == 0 {
			return fresh, nil // one grep of every asked word: git's own answer
		}
		return r.grepWords(ctx, words)
	}
	if len(missing) > 0 && complete {
		usesCache.keep(r.root, r.head.SHA, missing, fresh)
	}
	if len(prior) == 0 {
		return fresh, nil
	}
	return mergeLines(prior, fresh), nil
}

// grepAll is grepWords that also says whether the answer is whole: not cut at maxGrepBytes, and every
// line attributed to an asked word (so the per-word cache can give it back).
func (r *Repo) grepAll(ctx context.Context, words []string) ([]engine.SourceLine, bool, error) {
	lines, err := r.grep(ctx, false, words)
	if err != nil {
		return nil, false, err
	}
	return lines, grepSize(lines) < maxGrepBytes/2, nil
}

// stagedUses lets a test turn the staged lines' reuse off, to hold it to the grep it replaces.
var stagedUses = true

// workTreeGreps counts the greps of the work tree, so a test can tell a reused answer from a grep.
var workTreeGreps atomic.Int64

// indexGreps counts the greps of the index, so a test can tell a check answered from kept lines.
var indexGreps atomic.Int64

// grepSize is about the bytes git grep wrote for these lines.
func grepSize(lines []engine.SourceLine) int {
	total := 0
	for _, l := range lines {
		total += len(l.Path) + len(l.Text) + 16
	}
	return total
}

// stagedGrep is the cold symbol query's grep of the index (every source line that mentions an asked
// word). While the work tree's source files are the index's (sourcesClean and indexIsHead), the grep of
// the work tree for some of those words would read the same files and print the same lines, in the
// same order, so the uses of the undefined words are picked from it instead of grepping again.
type stagedGrep struct {
	words []string
	lines []engine.SourceLine
	whole bool
}

// uses picks the staged lines that mention one of words; false when the staged grep was cut or a line
// mentions no asked word as this reading sees words (git matched what it does not: ask git again).
// Lines of links (tracked symbolic links) are left out: the grep of the work tree reads only regular
// tracked files (git 2.39 greps neither a link's text nor its target, in either mode).
func (s *stagedGrep) uses(words []string, links map[string]bool) ([]engine.SourceLine, bool) {
	if !s.whole {
		return nil, false
	}
	asked, all := newWordSet(words), newWordSet(s.words)
	var out []engine.SourceLine
	for _, l := range s.lines {
		switch {
		case links[l.Path]:
		case asked.in(l.Text):
			out = append(out, l)
		case !all.in(l.Text):
			return nil, false
		}
	}
	return out, true
}

// wordSet is containsWord for many words over many lines. A word made only of word bytes occurs
// bounded by non-word bytes (or the line's ends) exactly where it is a whole run of word bytes, so
// those words are looked up by the line's runs, one pass per line, instead of one search per word
// (the realistic AGENTS.md's 60 words over 10k staged lines); the others are searched for.
type wordSet struct {
	runs  map[string]bool
	other []string
}

func newWordSet(words []string) wordSet {
	s := wordSet{runs: make(map[string]bool, len(words))}
	for _, w := range words {
		if isRun(w) {
			s.runs[w] = true
		} else {
			s.other = append(s.other, w)
		}
	}
	return s
}

// isRun reports whether w is one or more word bytes and nothing else.
func isRun(w string) bool {
	for i := 0; i < len(w); i++ {
		if !wordByte(w[i]) {
			return false
		}
	}
	return w != ""
}

// in reports whether the line mentions one of the words as containsWord sees it.
func (s wordSet) in(line string) bool {
	if len(s.runs) > 0 {
		for i := 0; i < len(line); {
			if !wordByte(line[i]) {
				i++
				continue
			}
			j := i + 1
			for j < len(line) && wordByte(line[j]) {
				j++
			}
			if s.runs[line[i:j]] {
				return true
			}
			i = j
		}
	}
	for _, w := range s.other {
		if containsWord([]byte(line), w) {
			return true
		}
	}
	return false
}

// indexIsHead reports whether the index holds HEAD's source files (git diff --cached, which the
// index's cache of tree hashes makes cheap): with no source among the uncommitted changes, the work
// tree then holds them too. Asked once per snapshot, as the untracked files are: soul check --all ran
// the diff again for every document.
func (r *Repo) indexIsHead(ctx context.Context) bool {
	r.indexHeadOnce.Do(func() {
		args := append([]string{"diff", "--cached", "--quiet", "--no-renames", r.head.SHA, "--"}, r.searchGlobs()...)
		_, err := runLimited(ctx, r.root, nil, 4096, nil, args...)
		r.indexHead = err == nil
	})
	return r.indexHead
}

// sourcesClean reports whether every source file on disk is HEAD's: none among the uncommitted changes
// (the list the age pass reads too) and no untracked source file (what the work-tree grep would read
// beyond the tracked files). Two checks of one HEAD that both find it so grep the same files. Like the
// list of changes, the untracked files are listed once per snapshot: the listing walks the whole work
// tree (0.1-0.3 s in oxc's), and soul check --all asked it again for every document.
func (r *Repo) sourcesClean(ctx context.Context) (bool, error) {
	dirty, err := r.dirtyFiles(ctx)
	if err != nil {
		return false, err
	}
	for _, f := range bytes.Split(dirty, []byte{0}) {
		if len(f) > 0 && hasGlobSuffix(string(f), r.searchGlobs()) {
			return false, nil
		}
	}
	r.untrackedOnce.Do(func() {
		args := append([]string{"ls-files", "-z", "--others", "--exclude-standard", "--"}, r.searchGlobs()...)
		var out []byte
		out, r.untrackedErr = runLimited(ctx, r.root, nil, 4096, nil, args...)
		r.untracked = len(bytes.Trim(out, "\x00")) > 0
	})
	if r.untrackedErr != nil {
		return false, r.untrackedErr
	}
	return !r.untracked, nil
}
