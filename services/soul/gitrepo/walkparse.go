package gitrepo

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/organism-dev/organism/services/soul/engine"
)

// parseHistory reads one part of the walk as git writes it. limit is the most commits the part lists:
// the log, the names per commit and the interned paths start at that size (up to walkPresize), so a
// part of the fixture's 10,240 commits grows none of them, nor rehashes its path table, as it reads.
func parseHistory(rd *bufio.Reader, limit int) (*history, error) {
	size := min(max(limit, 0), walkPresize)
	h := &history{log: make([]engine.Commit, 0, size), names: make([][]string, 0, size), added: map[string]bool{}, deleted: map[string]string{}, linear: true}
	intern := make(map[string]string, size)
	// every commit's names are one run of all: one array for the part instead of one per commit
	all := make([]string, 0, size)
	from := 0
	closeCommit := func() {
		var names []string
		if len(all) > from {
			names = all[from:len(all):len(all)] // full: a later append never writes into it
		}
		h.names = append(h.names, names)
		from = len(all)
	}
	for {
		tok, eof, err := nextToken(rd)
		if err != nil {
			return nil, err
		}
		tok = bytes.TrimPrefix(tok, []byte{'\n'}) // the names follow their commit after a newline
		switch {
		case len(tok) == 0:
		case tok[0] == 0x1e:
			c, ok := parseCommit(tok[1:])
			if !ok {
				return nil, fmt.Errorf("log: unexpected record %q", tok[:min(len(tok), 40)])
			}
			if len(h.log) > 0 {
				closeCommit()
			}
			h.log = append(h.log, c)
			h.linear = h.linear && len(c.Parents) <= 1
		case len(h.log) == 0:
			return nil, fmt.Errorf("log: unexpected record %q", tok[:min(len(tok), 40)])
		case eof:
			return nil, fmt.Errorf("log: a status without its path")
		default:
			status := tok[0]
			if len(tok) != 1 {
				status = 0
			}
			var p []byte
			if p, eof, err = nextToken(rd); err != nil {
				return nil, err
			}
			all = append(all, h.addName(intern, status, p))
		}
		if eof {
			break
		}
	}
	if len(h.log) > 0 {
		closeCommit()
	}
	return h, nil
}

// walkPresize bounds what parseHistory allocates ahead for one part.
const walkPresize = 1 << 14

// addName records one changed name of the newest commit read: interned (a path recurs across
// thousands of commits), and into the added or deleted sets by its status.
func (h *history) addName(intern map[string]string, status byte, p []byte) string {
	name, ok := intern[string(p)]
	if !ok {
		name = string(p)
		intern[name] = name
	}
	switch status {
	case 'A':
		markParents(h.added, name)
	case 'D':
		h.noteDeleted(name, h.log[len(h.log)-1].SHA)
	}
	return name
}

// nextToken reads up to the next NUL (dropped); eof says the stream ended with this token. The slice
// is valid until the next read.
func nextToken(rd *bufio.Reader) ([]byte, bool, error) {
	tok, err := rd.ReadSlice(0)
	if err == bufio.ErrBufferFull {
		long := append([]byte(nil), tok...)
		for err == bufio.ErrBufferFull {
			tok, err = rd.ReadSlice(0)
			long = append(long, tok...)
		}
		tok = long
	}
	if err != nil && err != io.EOF {
		return nil, false, err
	}
	return bytes.TrimSuffix(tok, []byte{0}), err == io.EOF, nil
}

// parseCommit reads one logFormat record: sha, parents, commit time and subject, split by US. The id,
// the parents and the subject are cut from one string of the record: one allocation, not four.
func parseCommit(rec []byte) (engine.Commit, bool) {
	s := string(rec)
	var f [3]string
	for i := range f {
		j := strings.IndexByte(s, 0x1f)
		if j < 0 {
			return engine.Commit{}, false
		}
		f[i], s = s[:j], s[j+1:]
	}
	secs, _ := strconv.ParseInt(f[2], 10, 64)
	return engine.Commit{SHA: strings.TrimSpace(f[0]), Parents: strings.Fields(f[1]), Time: time.Unix(secs, 0).UTC(), Subject: s}, true
}
