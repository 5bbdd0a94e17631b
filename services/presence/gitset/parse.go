package gitset

import (
	"bytes"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/organism-dev/organism/services/presence/domain"
)

// The parsers of git's machine output. Each reads bytes a git binary wrote (and so, in the
// end, file names anyone could have chosen): they refuse what they cannot read instead of
// guessing, and never panic (FuzzParseStatus, FuzzParseDiff, FuzzParseWorktrees).

// Status is what `git status --porcelain=v2 -z --branch --untracked-files=all` says.
type Status struct {
	// Head is the HEAD commit, "" when the branch is unborn.
	Head string
	// Branch is the checked-out branch, "" when HEAD is detached.
	Branch string
	// Changed are the tracked paths with staged or unstaged changes (and unmerged ones).
	Changed []string
	// Untracked are the paths git does not track and does not ignore.
	Untracked []string
}

// ParseStatus reads porcelain v2 status output written with -z.
func ParseStatus(out []byte) (Status, error) {
	var st Status
	fields := bytes.Split(out, []byte{0})
	for i := 0; i < len(fields); i++ {
		f := string(fields[i])
		if f == "" {
			continue
		}
		switch f[0] {
		case '#':
			switch {
			case strings.HasPrefix(f, "# branch.oid "):
				if oid := f[len("# branch.oid "):]; oid != "(initial)" {
					st.Head = oid
				}
			case strings.HasPrefix(f, "# branch.head "):
				if b := f[len("# branch.head "):]; b != "(detached)" {
					st.Branch = b
				}
			}
		case '1':
			// 1 XY sub mH mI mW hH hI path
			p, err := nthField(f, 8)
			if err != nil {
				return Status{}, err
			}
			st.Changed = append(st.Changed, p)
		case '2':
			// 2 XY sub mH mI mW hH hI Xscore path NUL origPath: both names changed.
			p, err := nthField(f, 9)
			if err != nil {
				return Status{}, err
			}
			if i+1 >= len(fields) || len(fields[i+1]) == 0 {
				return Status{}, errors.New("status: rename entry without its original path")
			}
			i++
			st.Changed = append(st.Changed, p, string(fields[i]))
		case 'u':
			// u XY sub m1 m2 m3 mW h1 h2 h3 path
			p, err := nthField(f, 10)
			if err != nil {
				return Status{}, err
			}
			st.Changed = append(st.Changed, p)
		case '?':
			if len(f) < 3 || f[1] != ' ' {
				return Status{}, fmt.Errorf("status: malformed untracked entry %q", clip(f))
			}
			st.Untracked = append(st.Untracked, f[2:])
		case '!':
			// ignored: not part of anyone's work
		default:
			return Status{}, fmt.Errorf("status: unknown entry %q", clip(f))
		}
	}
	return st, nil
}

// nthField returns what follows the n-th space of f: the path, which may itself hold spaces.
func nthField(f string, n int) (string, error) {
	rest := f
	for range n {
		i := strings.IndexByte(rest, ' ')
		if i < 0 {
			return "", fmt.Errorf("status: entry with fewer than %d fields: %q", n+1, clip(f))
		}
		rest = rest[i+1:]
	}
	if rest == "" {
		return "", fmt.Errorf("status: entry without a path: %q", clip(f))
	}
	return rest, nil
}

// File is one changed file of a worktree against its base.
type File struct {
	Path string
	// Hunks are the base side of each hunk, in base order.
	Hunks []domain.Hunk
	// Binary: git could not tell lines apart; the whole file counts as changed.
	Binary bool
}

// ParseDiff reads `git diff -U0 --no-renames --no-color` patch output: one File per
// `diff --git` header with the base side of each hunk. Every hunk's body is consumed by its
// counts, so a changed line that itself reads like a header cannot be mistaken for one.
func ParseDiff(out []byte) ([]File, error) {
	var files []File
	var cur *File
	var minus, plus int // body lines still owed by the current hunk
	for len(out) > 0 {
		var line []byte
		if i := bytes.IndexByte(out, '\n'); i >= 0 {
			line, out = out[:i], out[i+1:]
		} else {
			line, out = out, nil
		}
		if minus > 0 || plus > 0 {
			switch {
			case len(line) > 0 && line[0] == '-' && minus > 0:
				minus--
			case len(line) > 0 && line[0] == '+' && plus > 0:
				plus--
			case len(line) > 0 && line[0] == ' ' && minus > 0 && plus > 0:
				minus, plus = minus-1, plus-1
			case len(line) > 0 && line[0] == '\\':
				// "\ No newline at end of file"
			default:
				return nil, fmt.Errorf("diff: hunk of %s ends early at %q", cur.Path, clip(string(line)))
			}
			continue
		}
		s := string(line)
		switch {
		case strings.HasPrefix(s, "diff --git "):
			p, err := headerPath(s[len("diff --git "):])
			if err != nil {
				return nil, err
			}
			files = append(files, File{Path: p})
			cur = &files[len(files)-1]
		case cur == nil:
			return nil, fmt.Errorf("diff: %q before any file header", clip(s))
		case strings.HasPrefix(s, "@@ "):
			h, m, p, err := hunkHeader(s)
			if err != nil {
				return nil, fmt.Errorf("diff: %s: %w", cur.Path, err)
			}
			cur.Hunks = append(cur.Hunks, h)
			minus, plus = m, p
		case strings.HasPrefix(s, "Binary files ") || s == "GIT binary patch":
			cur.Binary = true
		case s == "\\ No newline at end of file":
		case isExtendedHeader(s):
		default:
			return nil, fmt.Errorf("diff: unexpected line %q in %s", clip(s), cur.Path)
		}
	}
	if minus > 0 || plus > 0 {
		return nil, fmt.Errorf("diff: last hunk of %s is cut short", cur.Path)
	}
	return files, nil
}

// isExtendedHeader recognizes the lines git writes between a file header and its hunks.
func isExtendedHeader(s string) bool {
	for _, p := range []string{"--- ", "+++ ", "index ", "old mode ", "new mode ", "deleted file mode ", "new file mode ",
		"similarity index ", "dissimilarity index ", "rename from ", "rename to ", "copy from ", "copy to "} {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}

// headerPath reads the path of `diff --git a/P b/P`. Without renames both names are the same
// path, which is what lets an unquoted header with spaces be split: the halves must agree.
func headerPath(rest string) (string, error) {
	if strings.HasPrefix(rest, `"`) {
		a, tail, err := unquote(rest)
		if err != nil {
			return "", fmt.Errorf("diff: header %q: %w", clip(rest), err)
		}
		tail = strings.TrimPrefix(tail, " ")
		b := tail
		if strings.HasPrefix(tail, `"`) {
			if b, tail, err = unquote(tail); err != nil || tail != "" {
				return "", fmt.Errorf("diff: header %q: second name unreadable", clip(rest))
			}
		}
		return samePath(a, b, rest)
	}
	if n := len(rest) - len(" b/") - len("a/"); n > 0 && n%2 == 0 {
		a, b := rest[:2+n/2], rest[2+n/2+1:]
		return samePath(a, b, rest)
	}
	return "", fmt.Errorf("diff: header %q does not name one path twice", clip(rest))
}

func samePath(a, b, header string) (string, error) {
	pa, okA := strings.CutPrefix(a, "a/")
	pb, okB := strings.CutPrefix(b, "b/")
	if !okA || !okB || pa != pb || pa == "" {
		return "", fmt.Errorf("diff: header %q does not name one path twice", clip(header))
	}
	return pa, nil
}

// hunkHeader reads "@@ -s[,c] +s[,c] @@..." into the base side and the body's line counts.
func hunkHeader(s string) (domain.Hunk, int, int, error) {
	f := strings.Fields(s)
	if len(f) < 4 || f[3] != "@@" || !strings.HasPrefix(f[1], "-") || !strings.HasPrefix(f[2], "+") {
		return domain.Hunk{}, 0, 0, fmt.Errorf("malformed hunk header %q", clip(s))
	}
	os, oc, err := rangeOf(f[1][1:])
	if err != nil {
		return domain.Hunk{}, 0, 0, err
	}
	_, nc, err := rangeOf(f[2][1:])
	if err != nil {
		return domain.Hunk{}, 0, 0, err
	}
	if os == 0 && oc > 0 {
		return domain.Hunk{}, 0, 0, fmt.Errorf("hunk header %q rewrites line 0", clip(s))
	}
	return domain.Hunk{Start: int32(os), Count: int32(oc)}, oc, nc, nil
}

// rangeOf reads "start[,count]"; count defaults to 1, as git writes it.
func rangeOf(s string) (int, int, error) {
	a, b, has := strings.Cut(s, ",")
	start, err := strconv.Atoi(a)
	if err != nil || start < 0 || start > domain.MaxHunkLine {
		return 0, 0, fmt.Errorf("bad hunk range %q", clip(s))
	}
	count := 1
	if has {
		if count, err = strconv.Atoi(b); err != nil || count < 0 || start+count > domain.MaxHunkLine {
			return 0, 0, fmt.Errorf("bad hunk range %q", clip(s))
		}
	}
	return start, count, nil
}

// unquote reads one C-quoted name as git writes names with unusual bytes, and returns it with
// what follows the closing quote.
func unquote(s string) (string, string, error) {
	if !strings.HasPrefix(s, `"`) {
		return "", "", errors.New("not quoted")
	}
	var b strings.Builder
	for i := 1; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '"':
			return b.String(), s[i+1:], nil
		case c != '\\':
			b.WriteByte(c)
			continue
		}
		i++
		if i >= len(s) {
			break
		}
		switch e := s[i]; e {
		case 'a':
			b.WriteByte('\a')
		case 'b':
			b.WriteByte('\b')
		case 'f':
			b.WriteByte('\f')
		case 'n':
			b.WriteByte('\n')
		case 'r':
			b.WriteByte('\r')
		case 't':
			b.WriteByte('\t')
		case 'v':
			b.WriteByte('\v')
		case '\\', '"':
			b.WriteByte(e)
		case '0', '1', '2', '3':
			if i+2 >= len(s) {
				return "", "", errors.New("cut octal escape")
			}
			v, err := strconv.ParseUint(s[i:i+3], 8, 8)
			if err != nil {
				return "", "", errors.New("bad octal escape")
			}
			b.WriteByte(byte(v))
			i += 2
		default:
			return "", "", fmt.Errorf("unknown escape \\%c", e)
		}
	}
	return "", "", errors.New("unterminated quote")
}

// Worktree is one entry of `git worktree list --porcelain -z`.
type Worktree struct {
	Path     string
	Head     string
	Branch   string // refs/heads/..., "" when detached or bare
	Bare     bool
	Detached bool
	Locked   bool
	// Prunable: git says the worktree's directory is gone.
	Prunable bool
}

// ParseWorktrees reads `git worktree list --porcelain -z`: attributes end with NUL, a worktree
// ends with an empty attribute.
func ParseWorktrees(out []byte) ([]Worktree, error) {
	var wts []Worktree
	var cur *Worktree
	for _, raw := range bytes.Split(out, []byte{0}) {
		f := string(raw)
		if f == "" {
			cur = nil
			continue
		}
		key, val, _ := strings.Cut(f, " ")
		if key == "worktree" {
			if val == "" {
				return nil, errors.New("worktree list: worktree without a path")
			}
			wts = append(wts, Worktree{Path: val})
			cur = &wts[len(wts)-1]
			continue
		}
		if cur == nil {
			return nil, fmt.Errorf("worktree list: %q outside a worktree", clip(f))
		}
		switch key {
		case "HEAD":
			cur.Head = val
		case "branch":
			cur.Branch = val
		case "bare":
			cur.Bare = true
		case "detached":
			cur.Detached = true
		case "locked":
			cur.Locked = true
		case "prunable":
			cur.Prunable = true
		}
		// Attributes a later git adds are skipped: the list stays readable.
	}
	return wts, nil
}

// clip shortens what an error quotes from git's output.
func clip(s string) string {
	if len(s) > 80 {
		return s[:80] + "…"
	}
	return s
}
