package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	commonv1 "github.com/organism-dev/organism/proto/organism/common/v1"
	medullav1 "github.com/organism-dev/organism/proto/organism/medulla/v1"
)

var peerCmd = &command{
	name:    "peer",
	summary: "federation: follow another medulla; its doctrine arrives as foreign material and changes nothing until the owner adopts it",
	subs: []*command{
		{
			name: "follow", args: "NAME", nargs: exactly(1), client: true,
			summary: "follow a peer medulla (owner; the credential comes from 'organism token mint --peer' on the peer)",
			setup: func(fs *flag.FlagSet) action {
				peerAddr := fs.String("peer-addr", "", "the peer medulla's gRPC address")
				credential := fs.String("credential", "", "peer credential minted by the peer's owner")
				return func(ctx context.Context, c *call) error {
					mc, err := c.medulla()
					if err != nil {
						return err
					}
					res, err := mc.FollowPeer(ctx, &medullav1.FollowPeerRequest{Name: c.args[0], Addr: *peerAddr, Credential: *credential})
					if err != nil {
						return err
					}
					return c.print(res, func(w io.Writer) error {
						verb := "updated"
						if res.GetCreated() {
							verb = "following"
						}
						_, err := fmt.Fprintf(w, "%s peer %s at %s\n", verb, res.GetPeer().GetName(), res.GetPeer().GetAddr())
						return err
					})
				}
			},
		},
		{
			name: "ls", client: true, summary: "the peers you follow, with what arrived from each (owner)",
			run: func(ctx context.Context, c *call) error {
				mc, err := c.medulla()
				if err != nil {
					return err
				}
				all := &medullav1.ListPeersResponse{}
				err = pageAll(func(token string) (string, error) {
					res, err := mc.ListPeers(ctx, &medullav1.ListPeersRequest{Page: &commonv1.PageRequest{PageToken: token}})
					all.Peers = append(all.Peers, res.GetPeers()...)
					return res.GetPage().GetNextPageToken(), err
				})
				if err != nil {
					return err
				}
				return c.print(all, func(w io.Writer) error {
					for _, p := range all.GetPeers() {
						last := "never pulled"
						if p.GetLastSyncAt() != nil {
							last = "pulled " + p.GetLastSyncAt().AsTime().Format(time.RFC3339)
						}
						fmt.Fprintf(w, "%-20s %-24s %d foreign claim(s), %s", p.GetName(), p.GetAddr(), p.GetForeignClaims(), last)
						if p.GetLastError() != "" {
							fmt.Fprintf(w, ", last error: %s", p.GetLastError())
						}
						fmt.Fprintln(w)
					}
					return nil
				})
			},
		},
		{
			name: "sync", args: "NAME", nargs: exactly(1), client: true, summary: "pull the peer's doctrine now (owner)",
			run: func(ctx context.Context, c *call) error {
				mc, err := c.medulla()
				if err != nil {
					return err
				}
				res, err := mc.SyncPeer(ctx, &medullav1.SyncPeerRequest{Name: c.args[0]})
				if err != nil {
					return err
				}
				return c.print(res, func(w io.Writer) error { _, err := fmt.Fprintln(w, res.GetNote()); return err })
			},
		},
		{
			name: "foreign", args: "[NAME]", nargs: atMost(1), client: true,
			summary: "foreign material: proposals until adopted (--all also lists what was adopted)",
			setup: func(fs *flag.FlagSet) action {
				adopted := fs.Bool("all", false, "also list adopted material")
				return func(ctx context.Context, c *call) error {
					mc, err := c.medulla()
					if err != nil {
						return err
					}
					req := &medullav1.ListForeignRequest{IncludeAdopted: *adopted}
					if len(c.args) == 1 {
						req.Peer = c.args[0]
					}
					all := &medullav1.ListForeignResponse{}
					err = pageAll(func(token string) (string, error) {
						req.Page = &commonv1.PageRequest{PageSize: 500, PageToken: token}
						res, err := mc.ListForeign(ctx, req)
						all.Claims = append(all.Claims, res.GetClaims()...)
						return res.GetPage().GetNextPageToken(), err
					})
					if err != nil {
						return err
					}
					return c.print(all, func(w io.Writer) error { printForeign(w, all.GetClaims()); return nil })
				}
			},
		},
		{
			name: "unfollow", args: "NAME", nargs: exactly(1), client: true,
			summary: "stop pulling a peer and forget its credential; what it served stays listable (owner)",
			run: func(ctx context.Context, c *call) error {
				mc, err := c.medulla()
				if err != nil {
					return err
				}
				res, err := mc.UnfollowPeer(ctx, &medullav1.UnfollowPeerRequest{Name: c.args[0]})
				if err != nil {
					return err
				}
				return c.print(res, func(w io.Writer) error {
					_, err := fmt.Fprintf(w, "unfollowed peer %s: no longer pulled, credential forgotten; %d foreign claim(s) from it stay listable\n", res.GetName(), res.GetForeignClaimsKept())
					return err
				})
			},
		},
	},
}

func printForeign(w io.Writer, claims []*medullav1.ForeignClaim) {
	for _, f := range claims {
		state := "proposal"
		if f.GetAdopted() {
			state = "adopted as " + f.GetAdoptedAs()
		}
		if f.GetNewerVersion() > 0 {
			state += fmt.Sprintf(" · the peer has since served v%d (%s)", f.GetNewerVersion(), f.GetNewerForeignId())
		}
		fmt.Fprintf(w, "%s  %s/%s v%d  [global · %s]\n  %s\n", f.GetId(), f.GetPeer(), f.GetClaim().GetSlug(), f.GetClaim().GetVersion(), state, f.GetProvenanceLine())
		for i, l := range strings.Split(strings.TrimRight(f.GetClaim().GetBody(), "\n"), "\n") {
			if i == 3 {
				fmt.Fprintln(w, "  │ …")
				break
			}
			fmt.Fprintf(w, "  │ %s\n", l)
		}
	}
	fmt.Fprintf(w, "%d foreign claim(s); nothing here is local memory until the owner adopts it\n", len(claims))
}
