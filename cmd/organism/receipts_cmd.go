package main

import (
	"context"
	"flag"
	"io"

	commonv1 "github.com/organism-dev/organism/proto/organism/common/v1"
	medullav1 "github.com/organism-dev/organism/proto/organism/medulla/v1"
)

var receiptsCmd = &command{
	name: "receipts", client: true,
	summary: "a brain's ledger of commit, adoption and rejection receipts, newest first",
	setup: func(fs *flag.FlagSet) action {
		brain := brainFlag(fs)
		limit := fs.Int("limit", 50, "at most this many receipts (0 = all)")
		return func(ctx context.Context, c *call) error {
			mc, err := medullaIn(c, brain)
			if err != nil {
				return err
			}
			all := &medullav1.ListReceiptsResponse{}
			err = pageAll(func(token string) (string, error) {
				res, err := mc.ListReceipts(ctx, &medullav1.ListReceiptsRequest{Brain: *brain, Page: &commonv1.PageRequest{PageSize: limitedPage(*limit, len(all.Receipts)), PageToken: token}})
				all.Receipts = append(all.Receipts, res.GetReceipts()...)
				if *limit > 0 && len(all.Receipts) >= *limit {
					return "", err
				}
				return res.GetPage().GetNextPageToken(), err
			})
			if err != nil {
				return err
			}
			return c.print(all, func(w io.Writer) error {
				for _, r := range all.GetReceipts() {
					printReceipt(w, r)
				}
				return nil
			})
		}
	},
}

// limitedPage is the page size to ask for when limit items are wanted (0 = all) and have items
// are in hand: never more than the rest, never more than 500 at once.
func limitedPage(limit, have int) int32 {
	if limit <= 0 {
		return 500
	}
	return int32(min(limit-have, 500))
}
