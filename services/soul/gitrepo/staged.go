package gitrepo

import (
	"context"

	"github.com/organism-dev/organism/services/soul/engine"
)

// The staged lines of a word (every source line of the index that mentions it, as git grep --cached
// prints them) depend on the index alone. They are kept per word while the index file is the one they
// were read from, so the documents of one soul check --all run, which open one snapshot and ask
// overlapping words, grep the index only for the words no earlier document asked. Without it each
// document after the first filled the definition cache instead, reading every source blob.
var stagedCache = newWordLines(maxStagedLines)

// maxStagedLines bounds the lines one repository's snapshot holds; past it, the snapshot starts over.
const maxStagedLines = 400_000

// stagedKnown reports whether a symbol query was answered from a grep of this very index before.
func (r *Repo) stagedKnown() bool { return stagedCache.known(r.root, r.indexKey) }

// stagedLines is git grep --cached for the words: the cached lines of the words asked before and one
// grep for the rest, merged in git's order (the index's path order, then line), each line once. whole
// says the answer was not cut at maxGrepBytes. An answer that may be cut is git's own single grep.
func (r *Repo) stagedLines(ctx context.Context, words []string) ([]engine.SourceLine, bool, error) {
	prior, missing := stagedCache.take(r.root, r.indexKey, words)
	var fresh []engine.SourceLine
	if len(missing) > 0 {
		var err error
		if fresh, err = r.grep(ctx, true, missing); err != nil {
			return nil, false, err
		}
		if grepSize(fresh) >= maxGrepBytes/2 {
			return r.wholeStaged(ctx, words, len(prior) > 0, fresh)
		}
		stagedCache.keep(r.root, r.indexKey, missing, fresh)
	}
	if len(prior) == 0 {
		return fresh, true, nil
	}
	out := mergeLines(prior, fresh)
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
