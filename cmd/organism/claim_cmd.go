package main

import (
	"context"
	"flag"
	"fmt"
	"io"

	commonv1 "github.com/organism-dev/organism/proto/organism/common/v1"
	medullav1 "github.com/organism-dev/organism/proto/organism/medulla/v1"
)

var claimCmd = &command{
	name:    "claim",
	summary: "one claim: its live version, its history, its verification",
	subs: []*command{
		{
			name: "show", args: "SLUG", nargs: exactly(1), client: true, summary: "a claim's live version, or --version N",
			setup: func(fs *flag.FlagSet) action {
				brain := brainFlag(fs)
				version := fs.Int64("version", 0, "a specific version")
				return func(ctx context.Context, c *call) error {
					mc, err := medullaIn(c, brain)
					if err != nil {
						return err
					}
					res, err := mc.GetClaim(ctx, &medullav1.GetClaimRequest{Brain: *brain, Slug: c.args[0], Version: *version})
					if err != nil {
						return err
					}
					return c.print(res, func(w io.Writer) error { printClaim(w, res.GetClaim()); return nil })
				}
			},
		},
		{
			name: "history", args: "SLUG", nargs: exactly(1), client: true, summary: "every version of a claim, oldest first",
			setup: func(fs *flag.FlagSet) action {
				brain := brainFlag(fs)
				return func(ctx context.Context, c *call) error {
					mc, err := medullaIn(c, brain)
					if err != nil {
						return err
					}
					all := &medullav1.HistoryResponse{}
					err = pageAll(func(token string) (string, error) {
						res, err := mc.History(ctx, &medullav1.HistoryRequest{Brain: *brain, Slug: c.args[0], Page: &commonv1.PageRequest{PageToken: token}})
						all.Versions = append(all.Versions, res.GetVersions()...)
						return res.GetPage().GetNextPageToken(), err
					})
					if err != nil {
						return err
					}
					return c.print(all, func(w io.Writer) error {
						for _, v := range all.GetVersions() {
							printClaim(w, v)
						}
						return nil
					})
				}
			},
		},
		{
			name: "verify", args: "SLUG", nargs: exactly(1), client: true,
			summary: "re-hash a claim's evidence, or vouch with --owner-word --note (human origin only)",
			setup: func(fs *flag.FlagSet) action {
				brain := brainFlag(fs)
				ownerWord := fs.Bool("owner-word", false, "verify by the owner's word (human origin only)")
				note := fs.String("note", "", "why the owner vouches")
				return func(ctx context.Context, c *call) error {
					mc, err := medullaIn(c, brain)
					if err != nil {
						return err
					}
					res, err := mc.Verify(ctx, &medullav1.VerifyRequest{Brain: *brain, Slug: c.args[0], OwnerWord: *ownerWord, Note: *note})
					if err != nil {
						return err
					}
					return c.print(res, func(w io.Writer) error {
						for _, chk := range res.GetChecks() {
							fmt.Fprintf(w, "  %s %s\n", enumName(chk.GetStatus().String(), "EVIDENCE_STATUS_"), anchorString(chk.GetAnchor()))
						}
						_, err := fmt.Fprintf(w, "verified %s v%d via %s (receipt %s)\n", res.GetClaim().GetSlug(), res.GetClaim().GetVersion(),
							res.GetClaim().GetProvenance().GetVerifiedVia(), res.GetReceipt().GetReceiptId())
						return err
					})
				}
			},
		},
	},
}

// medullaIn dials medulla for a verb that acts in one brain, resolving *brain first (--brain,
// ORGANISM_BRAIN, the credential's own).
func medullaIn(c *call, brain *string) (medullav1.MedullaServiceClient, error) {
	if err := resolveBrain(c, brain); err != nil {
		return nil, err
	}
	return c.medulla()
}
