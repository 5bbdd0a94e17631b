package gitrepo

import (
	"bufio"
	"bytes"
	"context"
	"regexp"
	"strings"

	"github.com/organism-dev/organism/services/soul/domain"
)

// maxRenameHops bounds how many renames of one path are followed (a → b → c).
const maxRenameHops = 8

// Renames walks the history once with rename detection and maps each asked path (a file, or a
// directory whose files moved together) to its newest name. It is asked only for paths a check found
// missing, so a clean document never pays for the walk.
func (r *Repo) Renames(ctx context.Context, paths []string) (map[string]domain.Rename, error) {
	out := map[string]domain.Rename{}
	if !r.git || r.shallow || len(paths) == 0 || r.head.SHA == "" {
		return out, nil
	}
	raw, err := runLimited(ctx, r.root, nil, maxGrepBytes, nil, "log", "-M", "--diff-filter=R", "--name-status", "--format=@%h", r.head.SHA, "--")
	if err != nil {
		return nil, err
	}
	moves := parseRenames(raw) // newest first
	// renamed maps p to its name after the newest rename older than index lim (exclusive bound of
	// the newest-first list), as a file or as a directory prefix.
	renamed := func(p string, lim int) (string, string, int, bool) {
		for i := lim - 1; i >= 0; i-- {
			m := moves[i]
			if m.from == p {
				return m.to, m.sha, i, true
			}
		}
		for i := lim - 1; i >= 0; i-- {
			m := moves[i]
			if rest, ok := strings.CutPrefix(m.from, p+"/"); ok && strings.HasSuffix(m.to, "/"+rest) {
				return strings.TrimSuffix(m.to, "/"+rest), m.sha, i, true
			}
		}
		return "", "", 0, false
	}
	for _, p := range paths {
		p = strings.TrimSuffix(p, "/")
		cur, lim := p, len(moves)
		var last domain.Rename
		for hop := 0; hop < maxRenameHops; hop++ {
			to, s, i, ok := renamed(cur, lim)
			if !ok {
				break
			}
			last = domain.Rename{To: to, SHA: s}
			cur, lim = to, i
			if ok, _ := r.Exists(to); ok {
				break
			}
		}
		if last.To != "" {
			out[p] = last
		}
	}
	return out, nil
}

// sourcePathspec limits the removal walk to the languages whose definitions the domain reads.
var sourcePathspec = []string{"*.go", "*.rs", "*.py", "*.pyi", "*.ts", "*.tsx", "*.js", "*.jsx", "*.mjs", "*.cjs", "*.java", "*.kt", "*.scala"}

var identOnly = regexp.MustCompile(`^[A-Za-z_]\w*$`)

// RemovedLines lists, newest commit first, the removed source lines that mention one of words, in one
// pickaxe walk (git log -G) over the history.
func (r *Repo) RemovedLines(ctx context.Context, words []string) ([]domain.RemovedLine, error) {
	var ok []string
	for _, w := range words {
		if identOnly.MatchString(w) {
			ok = append(ok, w)
		}
	}
	if !r.git || r.shallow || len(ok) == 0 || r.head.SHA == "" {
		return nil, nil
	}
	re := `\b(` + strings.Join(ok, "|") + `)\b`
	args := append([]string{"log", "-G" + re, "--format=@%h", "-p", "--unified=0", "--no-color", r.head.SHA, "--"}, sourcePathspec...)
	raw, err := runLimited(ctx, r.root, nil, maxGrepBytes, nil, args...)
	if err != nil {
		return nil, err
	}
	out := parseRemoved(raw, regexp.MustCompile(re))
	return out, nil
}

// move is one rename of the log.
type move struct{ from, to, sha string }

// parseRenames reads `git log --name-status --format=@%h` output: "@sha" lines, then "R<score>\told\tnew".
func parseRenames(raw []byte) []move {
	var moves []move
	sha := ""
	sc := bufio.NewScanner(bytes.NewReader(raw))
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		l := sc.Text()
		if s, ok := strings.CutPrefix(l, "@"); ok {
			sha = s
			continue
		}
		f := strings.Split(l, "\t")
		if len(f) == 3 && strings.HasPrefix(f[0], "R") && f[1] != "" && f[2] != "" {
			moves = append(moves, move{f[1], f[2], sha})
		}
	}
	return moves
}

// parseRemoved reads `git log -p --unified=0 --format=@%h` output and keeps the removed lines that
// mention a word: "@sha" starts a commit, "--- a/path" a file, "-text" a removed line.
func parseRemoved(raw []byte, mention *regexp.Regexp) []domain.RemovedLine {
	var out []domain.RemovedLine
	sha, file := "", ""
	sc := bufio.NewScanner(bytes.NewReader(raw))
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		l := sc.Text()
		switch {
		case strings.HasPrefix(l, "@") && !strings.HasPrefix(l, "@@"):
			sha, file = l[1:], ""
		case strings.HasPrefix(l, "--- "):
			file = strings.TrimPrefix(strings.TrimPrefix(l, "--- "), "a/")
		case strings.HasPrefix(l, "-") && file != "" && file != "/dev/null":
			if text := l[1:]; mention.MatchString(text) {
				out = append(out, domain.RemovedLine{SHA: sha, Path: file, Text: text})
			}
		}
	}
	return out
}
