package main

import (
	"context"
	"errors"
	"fmt"
	"io"

	medullav1 "github.com/organism-dev/organism/proto/organism/medulla/v1"
)

func init() {
	register(command{name: "claim", summary: "one claim: claim show|history|verify SLUG", run: runClaim})
}

const claimUsage = `usage:
  organism claim show SLUG --brain B [--version N]
  organism claim history SLUG --brain B
  organism claim verify SLUG --brain B [--owner-word --note TEXT]   (measured evidence, or the owner's word)`

func runClaim(ctx context.Context, args []string, out io.Writer) error {
	if len(args) == 0 {
		return errors.New(claimUsage)
	}
	verb := args[0]
	fs := newFlagSet("claim "+verb, out)
	var m medullaFlags
	m.bind(fs)
	version := fs.Int64("version", 0, "a specific version (show)")
	ownerWord := fs.Bool("owner-word", false, "verify by the owner's word (verify; human origin only)")
	note := fs.String("note", "", "why the owner vouches (verify)")
	pos, err := parseInterleaved(fs, args[1:])
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return fmt.Errorf("want exactly one slug\n%s", claimUsage)
	}
	c, done, err := m.client(true)
	if err != nil {
		return err
	}
	defer done()
	switch verb {
	case "show":
		res, err := c.GetClaim(ctx, &medullav1.GetClaimRequest{Brain: m.brain, Slug: pos[0], Version: *version})
		if err != nil {
			return refusalError(err)
		}
		if m.json {
			return printJSON(out, res)
		}
		printClaim(out, res.GetClaim())
		return nil
	case "history":
		res, err := c.History(ctx, &medullav1.HistoryRequest{Brain: m.brain, Slug: pos[0]})
		if err != nil {
			return refusalError(err)
		}
		if m.json {
			return printJSON(out, res)
		}
		for _, v := range res.GetVersions() {
			printClaim(out, v)
		}
		return nil
	case "verify":
		res, err := c.Verify(ctx, &medullav1.VerifyRequest{Brain: m.brain, Slug: pos[0], OwnerWord: *ownerWord, Note: *note})
		if err != nil {
			return refusalError(err)
		}
		if m.json {
			return printJSON(out, res)
		}
		for _, chk := range res.GetChecks() {
			fmt.Fprintf(out, "  %s %s\n", enumName(chk.GetStatus().String(), "EVIDENCE_STATUS_"), anchorString(chk.GetAnchor()))
		}
		fmt.Fprintf(out, "verified %s v%d via %s (receipt %s)\n", res.GetClaim().GetSlug(), res.GetClaim().GetVersion(),
			res.GetClaim().GetProvenance().GetVerifiedVia(), res.GetReceipt().GetReceiptId())
		return nil
	}
	return fmt.Errorf("unknown claim verb %q\n%s", verb, claimUsage)
}
