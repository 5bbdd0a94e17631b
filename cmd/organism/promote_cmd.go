package main

import (
	"context"
	"fmt"
	"io"
	"strings"

	medullav1 "github.com/organism-dev/organism/proto/organism/medulla/v1"
)

func init() {
	register(command{name: "promote", summary: "elevate a verified claim into the medulla tier: promote SLUG --reason WHY", run: runPromote})
}

const promoteUsage = `usage:
  organism promote SLUG --brain B --reason "why it matters beyond this project"`

func runPromote(ctx context.Context, args []string, out io.Writer) error {
	fs := newFlagSet("promote", out)
	var m medullaFlags
	m.bind(fs)
	reason := fs.String("reason", "", "why the lesson matters beyond its project (required)")
	pos, err := parseInterleaved(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return fmt.Errorf("want exactly one slug\n%s", promoteUsage)
	}
	c, done, err := m.client(true)
	if err != nil {
		return err
	}
	defer done()
	res, err := c.Promote(ctx, &medullav1.PromoteRequest{Brain: m.brain, Slug: pos[0], Reason: strings.TrimSpace(*reason)})
	if err != nil {
		return refusalError(err)
	}
	if m.json {
		return printJSON(out, res)
	}
	fmt.Fprintln(out, res.GetNote())
	printClaim(out, res.GetClaim())
	if r := res.GetReceipt(); r != nil {
		fmt.Fprintf(out, "receipt %s · medulla store %d→%d\n", r.GetReceiptId(), r.GetStoreVersionBefore(), r.GetStoreVersionAfter())
	}
	return nil
}
