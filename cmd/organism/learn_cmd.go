package main

import (
	"context"
	"fmt"
	"io"

	medullav1 "github.com/organism-dev/organism/proto/organism/medulla/v1"
)

func init() {
	register(command{name: "learn", summary: "report a crossed medulla claim as not_wrong or wrong: learn SLUG not_wrong|wrong", run: runLearn})
}

const learnUsage = `usage:
  organism learn MEDULLA-SLUG not_wrong|wrong --brain B [--note TEXT]
  (the reuse meter counts survival, not causation)`

func runLearn(ctx context.Context, args []string, out io.Writer) error {
	fs := newFlagSet("learn", out)
	var m medullaFlags
	m.bind(fs)
	note := fs.String("note", "", "context kept in the receipt")
	pos, err := parseInterleaved(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 2 {
		return fmt.Errorf("want a slug and a feedback\n%s", learnUsage)
	}
	fb := map[string]medullav1.Feedback{"not_wrong": medullav1.Feedback_FEEDBACK_NOT_WRONG, "not-wrong": medullav1.Feedback_FEEDBACK_NOT_WRONG, "wrong": medullav1.Feedback_FEEDBACK_WRONG}[pos[1]]
	if fb == medullav1.Feedback_FEEDBACK_UNSPECIFIED {
		return fmt.Errorf("feedback %q: want not_wrong or wrong\n%s", pos[1], learnUsage)
	}
	c, done, err := m.client(true)
	if err != nil {
		return err
	}
	defer done()
	res, err := c.Learn(ctx, &medullav1.LearnRequest{Brain: m.brain, Slug: pos[0], Feedback: fb, Note: *note})
	if err != nil {
		return refusalError(err)
	}
	if m.json {
		return printJSON(out, res)
	}
	fmt.Fprintln(out, res.GetNote())
	fmt.Fprintf(out, "medulla/%s: %d reuse event(s), %d wrong\n", pos[0], res.GetReuseCount(), res.GetWrongCount())
	return nil
}
