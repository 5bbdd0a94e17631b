package gitrepo

import (
	"bytes"
	"context"

	"github.com/organism-dev/organism/services/soul/engine"
)

var _ engine.Authorship = (*Repo)(nil)

// maxAuthorshipBytes bounds the patches FirstWritten reads. They come newest first (git cannot follow
// renames in reverse), so a history cut by the bound cannot tell the first commit: none is answered.
const maxAuthorshipBytes = 16 << 20

// FirstWritten reads the document's history once, following its renames, as zero-context patches,
// and answers for each asked text the oldest commit that added a line holding it. A text the document
// was born with is left unanswered: a document split from another ("docs: split AGENTS.md into
// directory-scoped files", the sixty-fifth holdout's nelle-agent) brings lines written long before.
func (r *Repo) FirstWritten(ctx context.Context, rel string, texts []string) map[string]string {
	if !r.git || rel == "" || len(texts) == 0 {
		return nil
	}
	out, err := runLimited(ctx, r.root, nil, maxAuthorshipBytes, []string{"GIT_LITERAL_PATHSPECS=1"},
		"log", "--follow", "--no-color", "--no-ext-diff", "-U0", "--format=%x00%H", "HEAD", "--", rel)
	if err != nil && len(out) == 0 || len(out) >= maxAuthorshipBytes {
		return nil
	}
	return firstAdded(out, texts)
}

// firstAdded walks "\x00<sha>" headers and their patches, newest first: the last commit seen adding a
// text is its first. A commit whose patch creates the file ("--- /dev/null"), or copies it from another
// ("copy from", which --follow walks into), marks what it added as born with the document.
func firstAdded(out []byte, texts []string) map[string]string {
	got := map[string]string{}
	born := map[string]bool{}
	commit, creates := "", false
	for _, line := range bytes.Split(out, []byte("\n")) {
		switch {
		case len(line) == 41 && line[0] == 0:
			commit, creates = string(line[1:]), false
		case commit != "" && (bytes.Equal(line, []byte("--- /dev/null")) || bytes.HasPrefix(line, []byte("copy from "))):
			creates = true
		case commit != "" && len(line) > 1 && line[0] == '+' && !bytes.HasPrefix(line, []byte("+++ ")):
			for _, t := range texts {
				if bytes.Contains(line, []byte(t)) {
					got[t], born[t] = commit, creates
				}
			}
		}
	}
	for t := range born {
		if born[t] {
			delete(got, t)
		}
	}
	return got
}
