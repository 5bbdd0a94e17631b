package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"strings"

	medullav1 "github.com/organism-dev/organism/proto/organism/medulla/v1"
)

var adoptCmd = &command{
	name: "adopt", args: "FOREIGN-ID", nargs: exactly(1), client: true,
	summary: "admit foreign material through the memorize door (owner), with an adoption receipt",
	setup: func(fs *flag.FlagSet) action {
		into := fs.String("into", "", "brain to adopt into (default the medulla tier)")
		slug := fs.String("slug", "", "local slug (default PEER.FOREIGN-SLUG)")
		return func(ctx context.Context, c *call) error {
			mc, err := c.medulla()
			if err != nil {
				return err
			}
			res, err := mc.Adopt(ctx, &medullav1.AdoptRequest{ForeignId: c.args[0], Brain: *into, Slug: *slug})
			if err != nil {
				return err
			}
			return c.print(res, func(w io.Writer) error {
				r := res.GetReceipt()
				fmt.Fprintf(w, "adopted %s from %s as %s/%s v%d · adoption receipt %s (%s verse) · store %d→%d\n", r.GetForeignId(), r.GetSource(),
					res.GetClaim().GetBrain(), res.GetClaim().GetSlug(), res.GetClaim().GetVersion(), r.GetReceiptId(),
					strings.ToLower(strings.TrimPrefix(r.GetVerse().String(), "VERSE_")), r.GetCommit().GetStoreVersionBefore(), r.GetCommit().GetStoreVersionAfter())
				printClaim(w, res.GetClaim())
				return nil
			})
		}
	},
}
