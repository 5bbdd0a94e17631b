package main

import (
	"context"
	"fmt"
	"io"

	medullav1 "github.com/organism-dev/organism/proto/organism/medulla/v1"
)

func init() {
	register(command{name: "portfolio", summary: "per brain: live, verified, promoted out, reused elsewhere", run: runPortfolio})
}

func runPortfolio(ctx context.Context, args []string, out io.Writer) error {
	fs := newFlagSet("portfolio", out)
	var d dialFlags
	d.bind(fs)
	pos, err := parseInterleaved(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 0 {
		return fmt.Errorf("unexpected arguments %v (usage: organism portfolio)", pos)
	}
	conn, err := d.dial()
	if err != nil {
		return err
	}
	defer conn.Close()
	res, err := medullav1.NewMedullaServiceClient(conn).Portfolio(ctx, &medullav1.PortfolioRequest{})
	if err != nil {
		return refusalError(err)
	}
	if d.json {
		return printJSON(out, res)
	}
	fmt.Fprintf(out, "%-24s %8s %9s %13s %16s %6s\n", "BRAIN", "LIVE", "VERIFIED", "PROMOTED-OUT", "REUSED-ELSEWHERE", "WRONG")
	for _, r := range res.GetRows() {
		fmt.Fprintf(out, "%-24s %8d %9d %13d %16d %6d\n", r.GetBrain(), r.GetLiveClaims(), r.GetVerified(), r.GetPromotedOut(), r.GetReusedElsewhere(), r.GetWrongElsewhere())
	}
	fmt.Fprintf(out, "medulla tier: %d live claim(s); isolated brains: %d (counted only)\n", res.GetMedullaLive(), res.GetIsolatedCount())
	fmt.Fprintln(out, res.GetNote())
	return nil
}
