package gitrepo

import (
	"bytes"
	"context"
	"strconv"

	"github.com/organism-dev/organism/services/soul/engine"
)

var _ engine.Revisions = (*Repo)(nil)

// maxRevisionBytes bounds what FilesAt reads in all: a check asks for a handful of source files.
const maxRevisionBytes = 8 << 20

// FilesAt reads files as commit left them, in one git cat-file. A path the commit did not have, or
// one past the bound, is absent from the answer.
func (r *Repo) FilesAt(ctx context.Context, commit string, paths []string) map[string][]byte {
	if !r.git || commit == "" || len(paths) == 0 {
		return nil
	}
	var in bytes.Buffer
	for _, p := range paths {
		in.WriteString(commit + ":" + p + "\n")
	}
	out, err := runLimited(ctx, r.root, in.Bytes(), maxRevisionBytes, nil, "cat-file", "--batch")
	if err != nil && len(out) == 0 {
		return nil
	}
	got := map[string][]byte{}
	for _, p := range paths {
		nl := bytes.IndexByte(out, '\n')
		if nl < 0 {
			break
		}
		header := bytes.Fields(out[:nl])
		out = out[nl+1:]
		if len(header) != 3 {
			continue // "<name> missing": the commit had no such file
		}
		size, err := strconv.Atoi(string(header[2]))
		if err != nil || size+1 > len(out) {
			break // cut by the bound
		}
		if string(header[1]) == "blob" {
			got[p] = out[:size]
		}
		out = out[size+1:]
	}
	return got
}
