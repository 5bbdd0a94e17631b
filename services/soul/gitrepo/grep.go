package gitrepo

import (
	"bytes"
	"context"
	"errors"
	"strconv"
	"strings"
	"sync/atomic"

	"github.com/organism-dev/organism/services/soul/engine"
)

// grep runs one git grep for whole words in the source files: the staged content when cached, else
// the work tree with its untracked files. The staged content is grepped by one thread: git reads
// objects one at a time whatever the threads, and its threads each write every file's hits apart (one
// write, and one wake-up of our reader, per file); one thread writes buffered, the same bytes, in half
// the CPU (30 against 60 ms for the 10k-file fixture).
func (r *Repo) grep(ctx context.Context, cached bool, words []string) ([]engine.SourceLine, error) {
	args := []string{"grep", "-z", "-n", "-I", "--no-color", "--untracked"}
	if cached {
		args[len(args)-1] = "--cached"
		args = append(args, "--threads=1")
		indexGreps.Add(1)
	} else {
		workTreeGreps.Add(1)
	}
	if pattern, ok := wordsPattern(words); ok && !noPCRE.Load() {
		res, err := r.runGrep(ctx, withWords(args, r.searchGlobs(), "-P", "-e", pattern))
		var ge *gitError
		if errors.As(err, &ge) && strings.Contains(ge.stderr, "USE_LIBPCRE") {
			noPCRE.Store(true) // this git was built without PCRE: -F from now on
		}
		if err == nil {
			return parseGrep(res), nil
		} // any other refusal of the pattern (a size limit, say): -F gives git's own answer
	}
	res, err := r.runGrep(ctx, withWords(args, r.searchGlobs(), fixedWords(words)...))
	if err != nil {
		return nil, err
	}
	return parseGrep(res), nil
}

// runGrep runs git grep; exit 1 (no line matched) is an empty answer.
func (r *Repo) runGrep(ctx context.Context, args []string) ([]byte, error) {
	res, err := runLimited(ctx, r.root, nil, maxGrepBytes, nil, args...)
	if err != nil && exitCode(err) != 1 {
		return nil, err
	}
	return res, nil
}

// fixedWords is the matcher that asks git for each word as a whole word, one -e each.
func fixedWords(words []string) []string {
	out := []string{"-w", "-F"}
	for _, w := range words {
		out = append(out, "-e", w)
	}
	return out
}

// withWords is the grep's arguments with the words' matcher and the globs of the files it reads.
func withWords(args, globs []string, matcher ...string) []string {
	out := append(append(append([]string(nil), args...), matcher...), "--")
	return append(out, globs...)
}

// noPCRE says git grep -P failed for want of PCRE; every later grep goes to -w -F.
var noPCRE atomic.Bool

// wordsPattern is the words as one Perl-compatible pattern that matches a line exactly when `git grep
// -w -F -e w1 -e w2 ...` does: some word at a place neither preceded nor followed by a word character
// (git's -w: a letter, digit or underscore; LC_ALL=C keeps PCRE to the same ASCII set). git tries each
// -F pattern across the whole line in turn, so its cost grows with the words; PCRE's JIT tries the
// alternation once per position. For the realistic AGENTS.md's 60 words over the 10k-file fixture's
// index that is 40 instead of 65 ms of git CPU, the same bytes out (TestGrepPatternIsFixedWords). No word,
// or an empty one (which -w never matches, and an empty alternative would), keeps the grep to -F.
func wordsPattern(words []string) (string, bool) {
	if len(words) == 0 {
		return "", false
	}
	var b strings.Builder
	b.WriteString("(?<![0-9A-Z_a-z])(?:")
	for i, w := range words {
		if w == "" {
			return "", false
		}
		if i > 0 {
			b.WriteByte('|')
		}
		for j := 0; j < len(w); j++ {
			c := w[j]
			if c < 0x80 && !wordByte(c) {
				b.WriteByte('\\') // a backslash makes any ASCII non-alphanumeric literal in PCRE
			}
			b.WriteByte(c)
		}
	}
	b.WriteString(")(?![0-9A-Z_a-z])")
	return b.String(), true
}

// parseGrep reads git grep -z -n output: path NUL line NUL text per line. A file's hits come together,
// so they share one path string.
func parseGrep(res []byte) []engine.SourceLine {
	var out []engine.SourceLine
	if n := bytes.Count(res, []byte{'\n'}); n > 0 {
		out = make([]engine.SourceLine, 0, n)
	}
	file := ""
	eachLine(res, func(line []byte) {
		i := bytes.IndexByte(line, 0)
		if i < 0 {
			return
		}
		j := bytes.IndexByte(line[i+1:], 0)
		if j < 0 {
			return
		}
		if string(line[:i]) != file {
			file = string(line[:i])
		}
		n, _ := strconv.Atoi(string(line[i+1 : i+1+j]))
		out = append(out, engine.SourceLine{Path: file, Line: n, Text: string(line[i+2+j:])})
	})
	return out
}

// eachLine calls fn with each line of out, a git process's whole output, without its newline. A
// bufio.Scanner stops for good at its first line longer than its buffer, and git prints such lines: a
// test's 1.2 MB JSON literal in langfuse ended the grep's answer there, so every word used only in
// files after it read as "defined nowhere" (the eighth holdout's useMemo).
func eachLine(out []byte, fn func([]byte)) {
	for len(out) > 0 {
		line := out
		if i := bytes.IndexByte(out, '\n'); i >= 0 {
			line, out = out[:i], out[i+1:]
		} else {
			out = nil
		}
		fn(line)
	}
}
