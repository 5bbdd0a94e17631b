package gitrepo

import (
	"context"
	"sort"
	"sync"

	"github.com/organism-dev/organism/services/soul/engine"
)

// The staged lines of a word (every source line of the index that mentions it, as git grep --cached
// prints them) depend on the index alone. They are kept per word while the index file is the one they
// were read from, so the documents of one soul check --all run, which open one snapshot and ask
// overlapping words, grep the index only for the words no earlier document asked. Without it each
// document after the first filled the definition cache instead, reading every source blob.
var stagedCache = struct {
	sync.Mutex
	m map[string]stagedSnapshot
}{m: map[string]stagedSnapshot{}}

type stagedSnapshot struct {
	key   string
	words map[string][]engine.SourceLine
	lines int
}

// maxStagedLines bounds the lines one repository's snapshot holds; past it, the snapshot starts over.
const maxStagedLines = 400_000

// stagedKnown reports whether a symbol query was answered from a grep of this very index before.
func (r *Repo) stagedKnown() bool {
	if r.indexKey == "" {
		return false
	}
	stagedCache.Lock()
	defer stagedCache.Unlock()
	return stagedCache.m[r.root].key == r.indexKey
}

// stagedLines is git grep --cached for the words: the cached lines of the words asked before and one
// grep for the rest, merged in git's order (the index's path order, then line), each line once. whole
// says the answer was not cut at maxGrepBytes. An answer that may be cut is git's own single grep.
func (r *Repo) stagedLines(ctx context.Context, words []string) ([]engine.SourceLine, bool, error) {
	var missing []string
	var prior [][]engine.SourceLine // the cached words' lines, taken now: a later keepStaged may start over
	stagedCache.Lock()
	snap, ok := stagedCache.m[r.root]
	ok = ok && r.indexKey != "" && snap.key == r.indexKey
	for _, w := range words {
		if ls, have := snap.words[w]; ok && have {
			prior = append(prior, ls)
		} else {
			missing = append(missing, w)
		}
	}
	stagedCache.Unlock()
	var fresh []engine.SourceLine
	if len(missing) > 0 {
		var err error
		if fresh, err = r.grep(ctx, true, missing); err != nil {
			return nil, false, err
		}
		if grepSize(fresh) >= maxGrepBytes/2 {
			return r.wholeStaged(ctx, words, len(prior) > 0, fresh)
		}
		r.keepStaged(missing, fresh)
	}
	if len(prior) == 0 {
		return fresh, true, nil
	}
	out := mergeStaged(prior, fresh)
	if grepSize(out) >= maxGrepBytes/2 {
		return r.wholeStaged(ctx, words, true, nil)
	}
	return out, true, nil
}

// wholeStaged is the answer of one grep of every word, when a merged one may differ from it (a grep
// that large is cut at maxGrepBytes); fresh is that answer already when no word came from the cache.
func (r *Repo) wholeStaged(ctx context.Context, words []string, merged bool, fresh []engine.SourceLine) ([]engine.SourceLine, bool, error) {
	lines := fresh
	if merged {
		var err error
		if lines, err = r.grep(ctx, true, words); err != nil {
			return nil, false, err
		}
	}
	return lines, grepSize(lines) < maxGrepBytes/2, nil
}

// keepStaged files a grep's lines under each asked word they mention; a line that mentions none as
// this reading sees words (git matched what containsWord does not) keeps nothing: ask git again.
func (r *Repo) keepStaged(words []string, lines []engine.SourceLine) {
	if r.indexKey == "" {
		return
	}
	per := make(map[string][]engine.SourceLine, len(words))
	for _, w := range words {
		per[w] = nil
	}
	set := newWordSet(words)
	n := 0
	for _, l := range lines {
		hit := false
		// a word of word bytes is one of the line's runs (wordSet); each is filed once per line
		var filed map[string]bool
		eachIdentifier(l.Text, func(run string) {
			if set.runs[run] && !filed[run] {
				if filed == nil {
					filed = map[string]bool{}
				}
				filed[run] = true
				per[run] = append(per[run], l)
				hit = true
				n++
			}
		})
		for _, w := range set.other {
			if containsWord([]byte(l.Text), w) {
				per[w] = append(per[w], l)
				hit = true
				n++
			}
		}
		if !hit {
			return
		}
	}
	stagedCache.Lock()
	defer stagedCache.Unlock()
	snap := stagedCache.m[r.root]
	if snap.key != r.indexKey || snap.lines+n > maxStagedLines {
		snap = stagedSnapshot{key: r.indexKey, words: map[string][]engine.SourceLine{}}
	}
	for w, ls := range per {
		snap.words[w] = ls
	}
	snap.lines += n
	if len(stagedCache.m) >= 64 {
		stagedCache.m = map[string]stagedSnapshot{}
	}
	stagedCache.m[r.root] = snap
}

// mergeStaged is the grep of cached and freshly grepped words together, in git grep's order.
func mergeStaged(prior [][]engine.SourceLine, fresh []engine.SourceLine) []engine.SourceLine {
	type at struct {
		path string
		line int
	}
	seen := map[at]bool{}
	out := make([]engine.SourceLine, 0, len(fresh))
	add := func(l engine.SourceLine) {
		if k := (at{l.Path, l.Line}); !seen[k] {
			seen[k] = true
			out = append(out, l)
		}
	}
	for _, l := range fresh {
		add(l)
	}
	for _, ls := range prior {
		for _, l := range ls {
			add(l)
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Path != out[j].Path {
			return out[i].Path < out[j].Path
		}
		return out[i].Line < out[j].Line
	})
	return out
}
