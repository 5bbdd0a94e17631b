package gitrepo

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"

	"github.com/organism-dev/organism/services/soul/engine"
)

// The definition cache holds, per staged blob, only the lines that may define a symbol. Blobs are
// content-addressed, so an entry never goes stale; a warm check reads no source file at all.
// Symbols are therefore searched in the staged (index) content of tracked files.
var defCache = struct {
	sync.Mutex
	m     map[string][]defLine
	lines int
}{m: map[string][]defLine{}}

// maxCachedLines bounds the cache; past it, the cache starts over.
const maxCachedLines = 4_000_000

type defLine struct {
	n    int
	text string
}

// ResetDefinitions empties the definition cache (benchmarks measure cold checks with it).
func ResetDefinitions() {
	defCache.Lock()
	defCache.m, defCache.lines = map[string][]defLine{}, 0
	defCache.Unlock()
	grepped.Lock()
	grepped.m = map[string]bool{}
	grepped.Unlock()
}

// symbolLines answers a symbol query: every definition line that mentions an asked word, plus, for asked
// words no definition mentions, every source line that uses them (so the verifier can tell another
// project's symbol from a missing one).
func (r *Repo) symbolLines(ctx context.Context, words []string) ([]engine.SourceLine, error) {
	want := make(map[string]bool, len(words))
	for _, w := range words {
		want[w] = true
	}
	var paths []string
	var missing []string
	seen := map[string]bool{}
	grep := len(words) <= grepWordsMax // until the cache proves warm enough, or the root was grepped
	defCache.Lock()
	for _, p := range r.files {
		sha := r.blobs[p]
		if sha == "" || !isSource(p) {
			continue
		}
		paths = append(paths, p)
		if _, ok := defCache.m[sha]; !ok && !seen[sha] {
			seen[sha] = true
			missing = append(missing, sha)
		}
		if grep && len(missing) > coldBlobs {
			// the cold query greps: the rest of the list (10k files in the fixture) is not needed
			grep = false
			defCache.Unlock()
			if r.stagedKnown() || firstColdQuery(r.root) {
				return r.grepDefinitions(ctx, words)
			}
			defCache.Lock()
		}
	}
	defCache.Unlock()
	if len(missing) > 0 {
		if err := r.digest(ctx, missing); err != nil {
			return nil, err
		}
	}
	var out []engine.SourceLine
	found := map[string]bool{}
	defCache.Lock()
	for _, p := range paths {
		for _, l := range defCache.m[r.blobs[p]] {
			hit := false
			eachIdentifier(l.text, func(w string) {
				if want[w] {
					found[w] = true
					hit = true
				}
			})
			if hit {
				out = append(out, engine.SourceLine{Path: p, Line: l.n, Text: l.text})
			}
		}
	}
	defCache.Unlock()
	return r.withUses(ctx, words, found, out, nil)
}

// A cold cache (a CLI run, a repository's first check) costs one read of every source blob to fill;
// a handful of words is answered faster by one git grep of the staged content, which returns only the
// lines that mention them. Many words, a cache missing only a few blobs (a server re-checking after a
// commit), or a repository checked before at another index go through the cache. A later check of the
// same index (the next document of soul check --all) greps too, only for the words no earlier check
// asked (staged.go): filling the cache there read every source blob and matched every line against the
// definition shapes, 4.5 s of oxc's 14k files in a run whose greps of the index cost 0.5 s each.
var coldBlobs = 1000

const grepWordsMax = 64

// grepped remembers the repositories whose cold symbol query went to git grep: the second check of
// one is a server's re-check, and it fills the cache so every later check reads no source at all.
var grepped = struct {
	sync.Mutex
	m map[string]bool
}{m: map[string]bool{}}

func firstColdQuery(root string) bool {
	grepped.Lock()
	defer grepped.Unlock()
	if grepped.m[root] {
		return false
	}
	if len(grepped.m) >= 1024 {
		grepped.m = map[string]bool{}
	}
	grepped.m[root] = true
	return true
}

// grepDefinitions is symbolLines answered by git grep over the index instead of the cache: the same
// definition lines (staged content, whole words, binary files skipped), then the uses of the rest.
func (r *Repo) grepDefinitions(ctx context.Context, words []string) ([]engine.SourceLine, error) {
	hits, whole, err := r.stagedLines(ctx, words)
	if err != nil {
		return nil, err
	}
	want := make(map[string]bool, len(words))
	for _, w := range words {
		want[w] = true
	}
	var out []engine.SourceLine
	found := map[string]bool{}
	staged := &stagedGrep{words: words, lines: hits, whole: whole}
	for _, l := range hits {
		if len(l.Text) == 0 || len(l.Text) >= 2048 || !engine.DefinitionLine(l.Path, l.Text) {
			continue
		}
		eachIdentifier(l.Text, func(w string) {
			if want[w] {
				found[w] = true
			}
		})
		out = append(out, l)
	}
	return r.withUses(ctx, words, found, out, staged)
}

// withUses adds, for the asked words no definition mentions, every source line that uses them (so the
// verifier can tell another project's symbol from a missing one). staged, when not nil, is the grep of
// the index the definitions were read from, which holds those lines too while the work tree is the index.
func (r *Repo) withUses(ctx context.Context, words []string, found map[string]bool, out []engine.SourceLine, staged *stagedGrep) ([]engine.SourceLine, error) {
	var undefined []string
	for _, w := range words {
		if !found[w] {
			undefined = append(undefined, w)
		}
	}
	if len(undefined) > 0 {
		uses, err := r.uses(ctx, undefined, staged)
		if err != nil {
			return nil, err
		}
		out = append(out, uses...)
	}
	return out, nil
}

// digest streams the asked blobs through one git cat-file and caches their definition lines. Blobs
// over maxSourceBlob (generated or vendored bundles) are read past, never held.
func (r *Repo) digest(ctx context.Context, shas []string) error {
	var in bytes.Buffer
	for _, s := range shas {
		in.WriteString(s + "\n")
	}
	lang := map[string]string{}
	for p, sha := range r.blobs {
		if isSource(p) {
			lang[sha] = p
		}
	}
	cmd := gitCommand(ctx, r.root, nil, "cat-file", "--batch")
	cmd.Stdin = &in
	out, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	if err := cmd.Start(); err != nil {
		return err
	}
	br := bufio.NewReaderSize(out, 256<<10)
	readErr := func() error {
		for {
			header, err := br.ReadString('\n')
			if err == io.EOF {
				return nil
			}
			if err != nil {
				return err
			}
			f := strings.Fields(header)
			if len(f) < 3 {
				continue // "<sha> missing"
			}
			size, err := strconv.Atoi(f[2])
			if err != nil || size < 0 {
				return fmt.Errorf("cat-file header %q", header)
			}
			var lines []defLine
			if size > maxSourceBlob {
				if _, err := io.CopyN(io.Discard, br, int64(size)+1); err != nil {
					return err
				}
				lines = []defLine{}
			} else {
				body := make([]byte, size+1)
				if _, err := io.ReadFull(br, body); err != nil {
					return err
				}
				lines = definitionLines(lang[f[0]], body[:size])
			}
			defCache.Lock()
			if defCache.lines+len(lines) > maxCachedLines {
				defCache.m, defCache.lines = map[string][]defLine{}, 0
			}
			defCache.m[f[0]] = lines
			defCache.lines += len(lines) + 1
			defCache.Unlock()
		}
	}()
	if readErr != nil {
		_ = cmd.Process.Kill() // it may be blocked writing what we stopped reading
		_ = cmd.Wait()
		return readErr
	}
	return cmd.Wait()
}

// maxSourceBlob skips source blobs larger than this: minified bundles and generated tables define
// nothing a soul cites, and reading them would dominate a check.
const maxSourceBlob = 1 << 20

func definitionLines(path string, body []byte) []defLine {
	if bytes.IndexByte(body, 0) >= 0 {
		return []defLine{}
	}
	out := []defLine{}
	n := 0
	eachLine(body, func(line []byte) {
		n++
		if len(line) > 0 && len(line) < 2048 && engine.DefinitionLine(path, string(line)) {
			out = append(out, defLine{n: n, text: string(line)})
		}
	})
	return out
}

// eachIdentifier calls fn with each run of word bytes in s: the warm symbol query runs it on every
// cached definition line of the repository, the cold one on every definition line git grep finds.
func eachIdentifier(s string, fn func(string)) {
	for i := 0; i < len(s); {
		if !wordByte(s[i]) {
			i++
			continue
		}
		j := i + 1
		for j < len(s) && wordByte(s[j]) {
			j++
		}
		fn(s[i:j])
		i = j
	}
}
