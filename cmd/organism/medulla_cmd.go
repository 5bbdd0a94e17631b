package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"sort"
	"strings"

	commonv1 "github.com/organism-dev/organism/proto/organism/common/v1"
	medullav1 "github.com/organism-dev/organism/proto/organism/medulla/v1"
	"github.com/organism-dev/organism/services/medulla"
)

var medullaCmd = &command{
	name:    "medulla",
	summary: "a brain's files and sweeps: export, import, cross-verify",
	subs: []*command{
		{
			name: "export", args: "DIR", nargs: exactly(1), client: true,
			summary: "write every live claim (and its history) as markdown with frontmatter",
			setup:   withBrain(runMedullaExport),
		},
		{
			name: "import", args: "DIR", nargs: exactly(1), client: true,
			summary: "read exported files back through the memorize door (owner)",
			setup:   withBrain(runMedullaImport),
		},
		{
			name: "cross-verify", client: true,
			summary: "re-hash every evidence anchor (doctrine at its origin); list drift and aged-out claims; the owner's run of --brain medulla also demotes and restores doctrine",
			setup:   withBrain(runCrossVerify),
		},
	},
}

// withBrain is the setup of a verb whose only flag of its own is --brain, which it requires.
func withBrain(run func(ctx context.Context, c *call, mc medullav1.MedullaServiceClient, brain string) error) func(*flag.FlagSet) action {
	return func(fs *flag.FlagSet) action {
		brain := brainFlag(fs)
		return func(ctx context.Context, c *call) error {
			mc, err := medullaIn(c, brain)
			if err != nil {
				return err
			}
			return run(ctx, c, mc, *brain)
		}
	}
}

func runMedullaExport(ctx context.Context, c *call, mc medullav1.MedullaServiceClient, brain string) error {
	var claims []*medullav1.Claim
	err := pageAll(func(token string) (string, error) {
		res, err := mc.ListClaims(ctx, &medullav1.ListClaimsRequest{Brain: brain, IncludeHistory: true, Page: &commonv1.PageRequest{PageSize: 500, PageToken: token}})
		claims = append(claims, res.GetClaims()...)
		return res.GetPage().GetNextPageToken(), err
	})
	if err != nil {
		return err
	}
	n, err := medulla.WriteExport(c.args[0], claims)
	if err != nil {
		return err
	}
	return c.printValue(map[string]any{"brain": brain, "dir": c.args[0], "files": n}, func(w io.Writer) error {
		_, err := fmt.Fprintf(w, "exported %d claim version(s) of %s to %s\n", n, brain, c.args[0])
		return err
	})
}

func runMedullaImport(ctx context.Context, c *call, mc medullav1.MedullaServiceClient, brain string) error {
	files, err := medulla.ReadExport(c.args[0])
	if err != nil {
		return err
	}
	// History must replay before the live version, and the server orders within one call,
	// so every version of a slug travels in the same call.
	sort.SliceStable(files, func(i, j int) bool { return slugOfFile(files[i].GetName()) < slugOfFile(files[j].GetName()) })
	total := &medullav1.ImportClaimsResponse{}
	for len(files) > 0 {
		n := min(len(files), 200)
		for n < len(files) && slugOfFile(files[n].GetName()) == slugOfFile(files[n-1].GetName()) {
			n++
		}
		res, err := mc.ImportClaims(ctx, &medullav1.ImportClaimsRequest{Brain: brain, Files: files[:n]})
		if err != nil {
			return err
		}
		total.Imported += res.GetImported()
		total.Refused += res.GetRefused()
		total.Receipts = append(total.Receipts, res.GetReceipts()...)
		files = files[n:]
	}
	err = c.print(total, func(w io.Writer) error {
		for _, r := range total.GetReceipts() {
			if j := r.GetRejection(); j != nil {
				fmt.Fprintf(w, "refused %s: %s %s\n", j.GetProposal().GetSubject(), j.GetReason(), j.GetMessage())
			}
		}
		_, err := fmt.Fprintf(w, "imported %d, refused %d into %s\n", total.GetImported(), total.GetRefused(), brain)
		return err
	})
	if err == nil && total.GetRefused() > 0 {
		return exitError{code: 1}
	}
	return err
}

// slugOfFile maps "x.md" and ".history/x/v3.md" to "x".
func slugOfFile(name string) string {
	if rest, ok := strings.CutPrefix(name, medulla.HistoryDir+"/"); ok {
		slug, _, _ := strings.Cut(rest, "/")
		return slug
	}
	return strings.TrimSuffix(filepath.Base(name), ".md")
}

func runCrossVerify(ctx context.Context, c *call, mc medullav1.MedullaServiceClient, brain string) error {
	res, err := mc.CrossVerify(ctx, &medullav1.CrossVerifyRequest{Brain: brain})
	if err != nil {
		return err
	}
	return c.print(res, func(w io.Writer) error {
		fmt.Fprintf(w, "%s: %d claim(s), %d anchor(s), %d fresh\n", brain, res.GetClaimsChecked(), res.GetAnchorsChecked(), res.GetFresh())
		if res.GetDemoted()+res.GetRestored() > 0 {
			fmt.Fprintf(w, "doctrine: %d demoted, %d restored (receipts in the medulla ledger)\n", res.GetDemoted(), res.GetRestored())
		}
		if res.GetExcludedCount() > 0 {
			fmt.Fprintf(w, "%d claim(s) withheld by an isolated brain's policy\n", res.GetExcludedCount())
		}
		for _, f := range res.GetFindings() {
			what := ""
			if f.GetAnchor() != nil {
				what = anchorString(f.GetAnchor())
			}
			fmt.Fprintf(w, "  %-22s %s v%d %s\n", f.GetReason(), f.GetSlug(), f.GetVersion(), what)
		}
		return nil
	})
}
