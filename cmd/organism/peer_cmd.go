package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	commonv1 "github.com/organism-dev/organism/proto/organism/common/v1"
	medullav1 "github.com/organism-dev/organism/proto/organism/medulla/v1"
)

func init() {
	register(command{name: "peer", summary: "federation peers: peer follow|ls|sync|foreign", run: runPeer})
}

const peerUsage = `usage:
  organism peer follow NAME --peer-addr HOST:PORT --credential TOKEN   (owner; TOKEN from 'organism token mint --peer' on the peer)
  organism peer ls                                                     (owner)
  organism peer sync NAME                                              (owner; pull the peer's doctrine now)
  organism peer foreign [NAME] [--all]                                 (foreign material: proposals until adopted)`

func runPeer(ctx context.Context, args []string, out io.Writer) error {
	if len(args) == 0 {
		return errors.New(peerUsage)
	}
	verb := args[0]
	fs := newFlagSet("peer "+verb, out)
	var d dialFlags
	d.bind(fs)
	peerAddr := fs.String("peer-addr", "", "the peer medulla's gRPC address (follow)")
	credential := fs.String("credential", "", "peer credential minted by the peer's owner (follow)")
	all := fs.Bool("all", false, "also list adopted material (foreign)")
	pos, err := parseInterleaved(fs, args[1:])
	if err != nil {
		return err
	}
	conn, err := d.dial()
	if err != nil {
		return err
	}
	defer conn.Close()
	c := medullav1.NewMedullaServiceClient(conn)
	switch verb {
	case "follow":
		if len(pos) != 1 {
			return fmt.Errorf("want exactly one peer name\n%s", peerUsage)
		}
		res, err := c.FollowPeer(ctx, &medullav1.FollowPeerRequest{Name: pos[0], Addr: *peerAddr, Credential: *credential})
		if err != nil {
			return refusalError(err)
		}
		if d.json {
			return printJSON(out, res)
		}
		verbWord := "updated"
		if res.GetCreated() {
			verbWord = "following"
		}
		fmt.Fprintf(out, "%s peer %s at %s\n", verbWord, res.GetPeer().GetName(), res.GetPeer().GetAddr())
	case "ls":
		res, err := c.ListPeers(ctx, &medullav1.ListPeersRequest{})
		if err != nil {
			return refusalError(err)
		}
		if d.json {
			return printJSON(out, res)
		}
		for _, p := range res.GetPeers() {
			last := "never pulled"
			if p.GetLastSyncAt() != nil {
				last = "pulled " + p.GetLastSyncAt().AsTime().Format(time.RFC3339)
			}
			fmt.Fprintf(out, "%-20s %-24s %d foreign claim(s), %s", p.GetName(), p.GetAddr(), p.GetForeignClaims(), last)
			if p.GetLastError() != "" {
				fmt.Fprintf(out, ", last error: %s", p.GetLastError())
			}
			fmt.Fprintln(out)
		}
	case "sync":
		if len(pos) != 1 {
			return fmt.Errorf("want exactly one peer name\n%s", peerUsage)
		}
		res, err := c.SyncPeer(ctx, &medullav1.SyncPeerRequest{Name: pos[0]})
		if err != nil {
			return refusalError(err)
		}
		if d.json {
			return printJSON(out, res)
		}
		fmt.Fprintln(out, res.GetNote())
	case "foreign":
		if len(pos) > 1 {
			return fmt.Errorf("want at most one peer name\n%s", peerUsage)
		}
		req := &medullav1.ListForeignRequest{IncludeAdopted: *all, Page: &commonv1.PageRequest{PageSize: 500}}
		if len(pos) == 1 {
			req.Peer = pos[0]
		}
		all := &medullav1.ListForeignResponse{}
		for {
			res, err := c.ListForeign(ctx, req)
			if err != nil {
				return refusalError(err)
			}
			all.Claims = append(all.Claims, res.GetClaims()...)
			if req.Page.PageToken = res.GetPage().GetNextPageToken(); req.Page.PageToken == "" {
				break
			}
		}
		if d.json {
			return printJSON(out, all)
		}
		for _, f := range all.GetClaims() {
			state := "proposal"
			if f.GetAdopted() {
				state = "adopted as " + f.GetAdoptedAs()
			}
			fmt.Fprintf(out, "%s  %s/%s v%d  [global · %s]\n  %s\n", f.GetId(), f.GetPeer(), f.GetClaim().GetSlug(), f.GetClaim().GetVersion(), state, f.GetProvenanceLine())
			body := f.GetClaim().GetBody()
			for i, l := range strings.Split(strings.TrimRight(body, "\n"), "\n") {
				if i == 3 {
					fmt.Fprintln(out, "  │ …")
					break
				}
				fmt.Fprintf(out, "  │ %s\n", l)
			}
		}
		fmt.Fprintf(out, "%d foreign claim(s); nothing here is local memory until the owner adopts it\n", len(all.GetClaims()))
	default:
		return fmt.Errorf("unknown peer verb %q\n%s", verb, peerUsage)
	}
	return nil
}
