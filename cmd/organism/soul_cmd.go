package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	commonv1 "github.com/organism-dev/organism/proto/organism/common/v1"
	soulv1 "github.com/organism-dev/organism/proto/organism/soul/v1"
)

var soulCmd = &command{
	name:    "soul",
	summary: "a brain's soul (PATHOS.md), checked claim by claim against the repository and git",
	subs: []*command{
		{
			name: "check", args: "[DOC...]", nargs: atLeast(0), client: true, setup: soulCheck,
			summary: "check handoff documents claim by claim against the repository: one soul, named documents, or --all; exit 0 clean, 1 drift, 2 usage/IO, 3 discipline/unverified/age/disagreement (--fail-on)",
			long:    soulCheckLong,
		},
		{
			name: "read", client: true, setup: soulRead,
			summary: "the soul: whole, one --section, or its --headline",
		},
		{
			name: "receipts", args: "[--diff [A B]]", nargs: atMost(2), client: true, setup: soulReceipts,
			summary: "the dated receipt history, newest first; --diff compares two check receipts (default: the newest two): what became stale or fresh, and the unanchored count",
		},
		{
			name: "update", args: "BODY|-", nargs: exactly(1), client: true, setup: soulUpdate,
			summary: "register one curated soul claim through medulla's memorize door, with its --anchor evidence checked first",
		},
		{
			name: "curate", args: "REPORT.json|-", nargs: exactly(1), client: true, setup: soulCurate,
			summary: "the curator seat check: grade a curator report (CuratorReport JSON); the grader is never its author",
		},
		{
			name: "north", client: true, setup: withSoulBrain(soulNorth),
			summary: "the north atom: headline + receipt, at most 220 characters",
		},
		{
			name: "tissues", args: "[HEADING=TISSUE...]", nargs: atLeast(0), client: true, setup: withSoulBrain(soulTissues),
			summary: "store the brain's map of headings to tissues (owner; none clears it)",
		},
	},
}

// tissueFlag collects repeated HEADING=TISSUE flags.
type tissueFlag map[string]string

func (t tissueFlag) String() string { return fmt.Sprint(map[string]string(t)) }

func (t tissueFlag) Set(v string) error {
	k, val, ok := strings.Cut(v, "=")
	if !ok || strings.TrimSpace(k) == "" {
		return fmt.Errorf("want HEADING=TISSUE, got %q", v)
	}
	t[strings.ToLower(strings.TrimSpace(k))] = strings.ToLower(strings.TrimSpace(val))
	return nil
}

func soulRead(fs *flag.FlagSet) action {
	brain := fs.String("brain", "", "brain (default: the credential's own)")
	section := fs.String("section", "", "only this section")
	headline := fs.Bool("headline", false, "only the headline")
	return func(ctx context.Context, c *call) error {
		sc, err := c.soul()
		if err != nil {
			return err
		}
		resp, err := sc.ReadSoul(ctx, &soulv1.ReadSoulRequest{Brain: *brain, Section: *section, HeadlineOnly: *headline})
		if err != nil {
			return err
		}
		return c.print(resp, func(w io.Writer) error {
			fmt.Fprintln(w, resp.GetHeadline())
			if r := resp.GetLastReceipt(); r != nil {
				fmt.Fprintln(w, r.GetReceiptLine())
			} else {
				fmt.Fprintln(w, "(never checked)")
			}
			if resp.GetMarkdown() != "" {
				fmt.Fprintln(w)
				fmt.Fprint(w, resp.GetMarkdown())
			}
			return nil
		})
	}
}

func soulReceipts(fs *flag.FlagSet) action {
	brain := fs.String("brain", "", "brain (default: the credential's own)")
	limit := fs.Int("limit", 20, "at most this many (0 = all)")
	diff := fs.Bool("diff", false, "compare two check receipts, A (older) and B (newer) by id; with none, the newest two")
	return func(ctx context.Context, c *call) error {
		sc, err := c.soul()
		if err != nil {
			return err
		}
		if *diff {
			return soulReceiptsDiff(ctx, c, sc, *brain)
		}
		if len(c.args) > 0 {
			return usageError{"receipt ids are for --diff"}
		}
		all := &soulv1.ListReceiptsResponse{}
		err = pageAll(func(token string) (string, error) {
			resp, err := sc.ListReceipts(ctx, &soulv1.ListReceiptsRequest{Brain: *brain, Page: &commonv1.PageRequest{PageSize: limitedPage(*limit, len(all.Receipts)), PageToken: token}})
			all.Receipts = append(all.Receipts, resp.GetReceipts()...)
			if *limit > 0 && len(all.Receipts) >= *limit {
				return "", err
			}
			return resp.GetPage().GetNextPageToken(), err
		})
		if err != nil {
			return err
		}
		return c.print(all, func(w io.Writer) error {
			for _, r := range all.GetReceipts() {
				fmt.Fprintf(w, "%s  %-9s %s\n", r.GetAt().AsTime().UTC().Format(time.RFC3339), r.GetKind(), r.GetReceiptLine())
			}
			return nil
		})
	}
}

// withSoulBrain is the setup of a soul verb whose only flag of its own is --brain.
func withSoulBrain(run func(ctx context.Context, c *call, sc soulv1.SoulServiceClient, brain string) error) func(*flag.FlagSet) action {
	return func(fs *flag.FlagSet) action {
		brain := fs.String("brain", "", "brain (default: the credential's own)")
		return func(ctx context.Context, c *call) error {
			sc, err := c.soul()
			if err != nil {
				return err
			}
			return run(ctx, c, sc, *brain)
		}
	}
}

func soulNorth(ctx context.Context, c *call, sc soulv1.SoulServiceClient, brain string) error {
	resp, err := sc.NorthAtom(ctx, &soulv1.NorthAtomRequest{Brain: brain})
	if err != nil {
		return err
	}
	return c.print(resp, func(w io.Writer) error {
		switch a := resp.GetSoul(); {
		case a == nil:
			// An empty answer and exit 0 read as a hang or a bug; absent is said in words.
			fmt.Fprintln(w, "no soul: the brain has no handoff document at its soul path ('organism brain show' names it)")
		case a.GetReceipt() == "":
			fmt.Fprintln(w, a.GetHeadline())
		default:
			fmt.Fprintf(w, "%s — %s\n", a.GetHeadline(), a.GetReceipt())
		}
		for _, g := range resp.GetHonestGaps() {
			fmt.Fprintln(w, "gap:", g)
		}
		return nil
	})
}

func soulTissues(ctx context.Context, c *call, sc soulv1.SoulServiceClient, brain string) error {
	tissues := tissueFlag{}
	for _, a := range c.args {
		if err := tissues.Set(a); err != nil {
			return usageError{err.Error()}
		}
	}
	resp, err := sc.SetTissues(ctx, &soulv1.SetTissuesRequest{Brain: brain, Tissues: tissues})
	if err != nil {
		return err
	}
	return c.print(resp, func(w io.Writer) error {
		_, err := fmt.Fprintln(w, resp.GetReceipt().GetReceiptLine())
		return err
	})
}
