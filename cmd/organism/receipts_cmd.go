package main

import (
	"context"
	"fmt"
	"io"

	commonv1 "github.com/organism-dev/organism/proto/organism/common/v1"
	medullav1 "github.com/organism-dev/organism/proto/organism/medulla/v1"
)

func init() {
	register(command{name: "receipts", summary: "a brain's ledger of commit and rejection receipts, newest first", run: runReceipts})
}

func runReceipts(ctx context.Context, args []string, out io.Writer) error {
	fs := newFlagSet("receipts", out)
	var m medullaFlags
	m.bind(fs)
	limit := fs.Int("limit", 50, "at most this many receipts (0 = all)")
	pos, err := parseInterleaved(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 0 {
		return fmt.Errorf("unexpected arguments %v (usage: organism receipts --brain B [--limit N])", pos)
	}
	c, done, err := m.client(true)
	if err != nil {
		return err
	}
	defer done()
	all := &medullav1.ListReceiptsResponse{}
	token := ""
	for {
		size := int32(500)
		if *limit > 0 {
			size = int32(min(*limit-len(all.Receipts), 500))
		}
		res, err := c.ListReceipts(ctx, &medullav1.ListReceiptsRequest{Brain: m.brain, Page: &commonv1.PageRequest{PageSize: size, PageToken: token}})
		if err != nil {
			return refusalError(err)
		}
		all.Receipts = append(all.Receipts, res.GetReceipts()...)
		token = res.GetPage().GetNextPageToken()
		if token == "" || (*limit > 0 && len(all.Receipts) >= *limit) {
			break
		}
	}
	if m.json {
		return printJSON(out, all)
	}
	for _, r := range all.GetReceipts() {
		printReceipt(out, r)
	}
	return nil
}
