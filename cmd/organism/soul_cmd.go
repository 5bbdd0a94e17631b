package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"text/tabwriter"
	"time"

	commonv1 "github.com/organism-dev/organism/proto/organism/common/v1"
	soulv1 "github.com/organism-dev/organism/proto/organism/soul/v1"
	"github.com/organism-dev/organism/services/soul/domain"
	"github.com/organism-dev/organism/services/soul/gitrepo"
	"github.com/organism-dev/organism/services/soul/wire"
)

var soulCmd = &command{
	name:    "soul",
	summary: "a brain's soul (PATHOS.md), checked claim by claim against the repository and git",
	subs: []*command{
		{
			name: "check", client: true, setup: soulCheck,
			summary: "check a soul claim by claim: offline against --repo, or on the server with --addr/--brain/--token/--owner; exits 1 when claims are stale",
			long: `offline (any repository): organism soul check [--repo DIR] [--soul PATH]
against a server:          organism soul check --addr HOST:PORT [--brain NAME]
--tissue HEADING=TISSUE (repeatable) maps a heading fragment to verifiable, declared, mixed or history`,
		},
		{
			name: "read", client: true, setup: soulRead,
			summary: "the soul: whole, one --section, or its --headline",
		},
		{
			name: "receipts", client: true, setup: soulReceipts,
			summary: "the dated receipt history, newest first",
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

func soulCheck(fs *flag.FlagSet) action {
	repo := fs.String("repo", ".", "repository to check offline (any git work tree or directory)")
	soulPath := fs.String("soul", "", "soul file, relative to the repository (default docs/PATHOS.md, then PATHOS.md; name AGENTS.md or CLAUDE.md here)")
	brain := fs.String("brain", "", "brain to check on the server (default: the credential's own)")
	claims := fs.Bool("claims", false, "list every claim with its anchors and state")
	exitZero := fs.Bool("exit-zero", false, "exit 0 even when stale claims exist")
	dryRun := fs.Bool("dry-run", false, "on a server: check without storing a receipt")
	tissues := tissueFlag{}
	fs.Var(tissues, "tissue", "HEADING=TISSUE: judge sections whose heading contains HEADING as TISSUE (repeatable)")
	return func(ctx context.Context, c *call) error {
		var rep *soulv1.SoulCheckReport
		if c.given("addr") || c.given("brain") || c.given("owner") || c.given("token") {
			sc, err := c.soul()
			if err != nil {
				return err
			}
			resp, err := sc.CheckSoul(ctx, &soulv1.CheckSoulRequest{Brain: *brain, IncludeClaims: *claims, DryRun: *dryRun, Tissues: tissues})
			if err != nil {
				return err
			}
			rep = resp.GetReport()
		} else {
			r, err := checkOffline(ctx, *repo, *soulPath, *claims, tissues)
			if err != nil {
				return err
			}
			rep = wire.ReportToProto(r)
		}
		if err := c.print(rep, func(w io.Writer) error { printSoulReport(w, rep, *claims); return nil }); err != nil {
			return err
		}
		if !*exitZero && rep.GetByState().GetEvidenceStale()+rep.GetByState().GetSuperseded() > 0 {
			return exitError{code: 1}
		}
		return nil
	}
}

// checkOffline runs the same domain check the server runs, against a local repository.
func checkOffline(ctx context.Context, dir, soulPath string, claims bool, overrides tissueFlag) (*domain.Report, error) {
	tissues := map[string]domain.Tissue{}
	for k, v := range overrides {
		t, ok := domain.ParseTissue(v)
		if !ok {
			return nil, fmt.Errorf("--tissue %s=%s: want verifiable, declared, mixed or history", k, v)
		}
		tissues[k] = t
	}
	repo, err := gitrepo.Open(ctx, dir)
	if err != nil {
		return nil, fmt.Errorf("open %s: %w", dir, err)
	}
	if filepath.IsAbs(soulPath) {
		rel, err := filepath.Rel(repo.Root(), soulPath)
		if err != nil || strings.HasPrefix(rel, "..") {
			return nil, fmt.Errorf("--soul %s is outside the repository %s", soulPath, repo.Root())
		}
		soulPath = filepath.ToSlash(rel)
	}
	rel, src, err := domain.LoadSoul(repo.Root(), soulPath, 0)
	if errors.Is(err, domain.ErrSoulNotFound) && soulPath == "" {
		for _, alt := range []string{"AGENTS.md", "CLAUDE.md"} {
			if _, serr := os.Stat(filepath.Join(repo.Root(), alt)); serr == nil {
				return nil, fmt.Errorf("%w (this repository has %s: pass --soul %s)", err, alt, alt)
			}
		}
	}
	if err != nil {
		return nil, err
	}
	return domain.CheckRepo(ctx, repo, rel, src, domain.ParseOptions{Tissues: tissues}, domain.CheckOptions{Now: time.Now(), IncludeClaims: claims})
}

// printSoulReport is the human face: the receipt line, then the stale table.
func printSoulReport(out io.Writer, r *soulv1.SoulCheckReport, claims bool) {
	fmt.Fprintln(out, r.GetReceiptLine())
	fmt.Fprintf(out, "%s — %q · %d claims (%d verifiable, %d declared, %d history) · %d unanchored\n",
		r.GetSoulPath(), r.GetHeadline(), r.GetClaims().GetTotal(), r.GetClaims().GetVerifiable(), r.GetClaims().GetDeclared(), r.GetClaims().GetHistory(), r.GetUnanchored())
	if lag := r.GetSoulLag(); lag.GetKnown() {
		fmt.Fprintf(out, "soul lag: %d commits behind HEAD (last soul touch %s)\n", lag.GetCommitsBehindHead(), lag.GetLastSoulTouch())
	}
	e := r.GetEnxuto()
	over := ""
	if e.GetOverBudget() {
		over = " — over budget"
	}
	fmt.Fprintf(out, "ENXUTO (advisory): %d/%d live lines · %d addenda%s\n", e.GetLiveLines(), e.GetBudget(), e.GetAddenda(), over)
	for _, s := range r.GetChecksSkipped() {
		fmt.Fprintf(out, "skipped %s: %s\n", s.GetCheckClass(), s.GetWhy())
	}
	if len(r.GetStale()) > 0 {
		fmt.Fprintln(out)
		tw := tabwriter.NewWriter(out, 0, 0, 2, ' ', 0)
		fmt.Fprintln(tw, "LINE\tREASON\tSECTION\tANCHOR\tCLAIM")
		for _, s := range r.GetStale() {
			fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%s\n", s.GetLine(), s.GetReason(), clip(s.GetSection(), 28), clip(s.GetAnchor(), 40), clip(s.GetClaim(), 70))
		}
		tw.Flush()
	}
	if claims {
		fmt.Fprintln(out)
		tw := tabwriter.NewWriter(out, 0, 0, 2, ' ', 0)
		fmt.Fprintln(tw, "LINE\tTISSUE\tSTATE\tREASON\tANCHORS\tCLAIM")
		for _, c := range r.GetClaimRows() {
			var refs []string
			for _, a := range c.GetAnchors() {
				refs = append(refs, a.GetKind()+":"+a.GetRef())
			}
			fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%s\t%s\n", c.GetStartLine(), c.GetTissue(), c.GetState(), c.GetReason(), clip(strings.Join(refs, " "), 50), clip(c.GetText(), 70))
		}
		tw.Flush()
	}
}

func clip(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	r := []rune(s)
	if len(r) > n {
		return string(r[:n-1]) + "…"
	}
	return s
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
	return func(ctx context.Context, c *call) error {
		sc, err := c.soul()
		if err != nil {
			return err
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
		if a := resp.GetSoul(); a != nil {
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
