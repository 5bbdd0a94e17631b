package gitrepo

import (
	"sort"
	"sync"

	"github.com/organism-dev/organism/services/soul/engine"
)

// wordLines keeps, per repository, the lines a grep printed for each asked word under a key that names
// the files the grep read (HEAD for the work tree's uses, the index file for the staged lines). A
// snapshot answers only its own key; one that would pass max lines, or a 65th repository, starts over.
type wordLines struct {
	mu  sync.Mutex
	max int
	m   map[string]wordSnapshot
}

type wordSnapshot struct {
	key   string
	words map[string][]engine.SourceLine
	lines int
}

func newWordLines(max int) *wordLines {
	return &wordLines{max: max, m: map[string]wordSnapshot{}}
}

// known reports whether root's snapshot was filed under key.
func (c *wordLines) known(root, key string) bool {
	if key == "" {
		return false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.m[root].key == key
}

// take splits words into the kept ones, whose lines it returns now (a later keep may start over), and
// the missing ones.
func (c *wordLines) take(root, key string, words []string) (prior [][]engine.SourceLine, missing []string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	snap := c.m[root]
	ok := key != "" && snap.key == key
	for _, w := range words {
		if ls, have := snap.words[w]; ok && have {
			prior = append(prior, ls)
		} else {
			missing = append(missing, w)
		}
	}
	return prior, missing
}

// keep files a grep's lines under each asked word they mention; a line that mentions none as this
// reading sees words (git matched what containsWord does not) keeps nothing: ask git again.
func (c *wordLines) keep(root, key string, words []string, lines []engine.SourceLine) {
	if key == "" {
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
	c.mu.Lock()
	defer c.mu.Unlock()
	snap := c.m[root]
	if snap.key != key || snap.lines+n > c.max {
		snap = wordSnapshot{key: key, words: map[string][]engine.SourceLine{}}
	}
	for w, ls := range per {
		snap.lines += len(ls) - len(snap.words[w])
		snap.words[w] = ls
	}
	if len(c.m) >= 64 {
		c.m = map[string]wordSnapshot{}
	}
	c.m[root] = snap
}

func (c *wordLines) reset() {
	c.mu.Lock()
	c.m = map[string]wordSnapshot{}
	c.mu.Unlock()
}

// mergeLines is the grep of kept and freshly grepped words together: each line once, in git grep's
// order (the index's path order, then line), which is the order of a clean work tree's grep too.
func mergeLines(prior [][]engine.SourceLine, fresh []engine.SourceLine) []engine.SourceLine {
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
