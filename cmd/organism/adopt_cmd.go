package main

import (
	"context"
	"fmt"
	"io"
	"strings"

	medullav1 "github.com/organism-dev/organism/proto/organism/medulla/v1"
)

func init() {
	register(command{name: "adopt", summary: "admit foreign material through the memorize door (owner): adopt FOREIGN-ID", run: runAdopt})
}

const adoptUsage = `usage:
  organism adopt FOREIGN-ID [--into BRAIN (default the medulla tier)] [--slug SLUG] --owner`

func runAdopt(ctx context.Context, args []string, out io.Writer) error {
	fs := newFlagSet("adopt", out)
	var d dialFlags
	d.bind(fs)
	into := fs.String("into", "", "brain to adopt into (default the medulla tier)")
	slug := fs.String("slug", "", "local slug (default PEER.FOREIGN-SLUG)")
	pos, err := parseInterleaved(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return fmt.Errorf("want exactly one foreign id\n%s", adoptUsage)
	}
	conn, err := d.dial()
	if err != nil {
		return err
	}
	defer conn.Close()
	res, err := medullav1.NewMedullaServiceClient(conn).Adopt(ctx, &medullav1.AdoptRequest{ForeignId: pos[0], Brain: *into, Slug: *slug})
	if err != nil {
		return refusalError(err)
	}
	if d.json {
		return printJSON(out, res)
	}
	r := res.GetReceipt()
	fmt.Fprintf(out, "adopted %s from %s as %s/%s v%d · adoption receipt %s (%s verse) · store %d→%d\n", r.GetForeignId(), r.GetSource(),
		res.GetClaim().GetBrain(), res.GetClaim().GetSlug(), res.GetClaim().GetVersion(), r.GetReceiptId(),
		strings.ToLower(strings.TrimPrefix(r.GetVerse().String(), "VERSE_")), r.GetCommit().GetStoreVersionBefore(), r.GetCommit().GetStoreVersionAfter())
	printClaim(out, res.GetClaim())
	return nil
}
