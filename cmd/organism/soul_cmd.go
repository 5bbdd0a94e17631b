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

	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"

	commonv1 "github.com/organism-dev/organism/proto/organism/common/v1"
	soulv1 "github.com/organism-dev/organism/proto/organism/soul/v1"
	"github.com/organism-dev/organism/services/soul/domain"
	"github.com/organism-dev/organism/services/soul/gitrepo"
	"github.com/organism-dev/organism/services/soul/wire"
)

func init() {
	register(command{name: "soul", summary: "check a soul (PATHOS.md) claim by claim: soul check|read|receipts|north", run: runSoul})
}

const soulUsage = `usage:
  organism soul check [--repo DIR] [--soul PATH] [--json] [--claims] [--exit-zero]     (offline, any repository)
  organism soul check --addr HOST:PORT [--brain NAME] [--json] [--claims] [--exit-zero] (against a server)
  organism soul read [--brain NAME] [--section HEADING | --headline]
  organism soul receipts [--brain NAME] [--limit N]
  organism soul north [--brain NAME]
  organism soul tissues --owner --brain NAME [HEADING=TISSUE ...]   (store the brain's map; none clears it)

  --tissue HEADING=TISSUE (repeatable) on check maps a heading fragment to verifiable, declared, mixed or history.`

func runSoul(ctx context.Context, args []string, out io.Writer) error {
	if len(args) == 0 {
		return errors.New(soulUsage)
	}
	switch args[0] {
	case "check":
		return runSoulCheck(ctx, args[1:], out)
	case "read":
		return runSoulRead(ctx, args[1:], out)
	case "receipts":
		return runSoulReceipts(ctx, args[1:], out)
	case "north":
		return runSoulNorth(ctx, args[1:], out)
	case "tissues":
		return runSoulTissues(ctx, args[1:], out)
	}
	return fmt.Errorf("unknown soul verb %q\n%s", args[0], soulUsage)
}

func runSoulCheck(ctx context.Context, args []string, out io.Writer) error {
	fs := newFlagSet("soul check", out)
	var d dialFlags
	d.bind(fs)
	repo := fs.String("repo", ".", "repository to check offline (any git work tree or directory)")
	soulPath := fs.String("soul", "", "soul file, relative to the repository (default docs/PATHOS.md, then PATHOS.md; name AGENTS.md or CLAUDE.md here)")
	brain := fs.String("brain", "", "brain to check on the server (default: the credential's own)")
	claims := fs.Bool("claims", false, "list every claim with its anchors and state")
	exitZero := fs.Bool("exit-zero", false, "exit 0 even when stale claims exist")
	dryRun := fs.Bool("dry-run", false, "on a server: check without storing a receipt")
	tissues := tissueFlag{}
	fs.Var(tissues, "tissue", "HEADING=TISSUE: judge sections whose heading contains HEADING as TISSUE (repeatable)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	var rep *soulv1.SoulCheckReport
	if flagSet(fs, "addr") || flagSet(fs, "brain") || flagSet(fs, "owner") || flagSet(fs, "token") {
		conn, err := d.dial()
		if err != nil {
			return err
		}
		defer conn.Close()
		resp, err := soulv1.NewSoulServiceClient(conn).CheckSoul(ctx, &soulv1.CheckSoulRequest{Brain: *brain, IncludeClaims: *claims, DryRun: *dryRun, Tissues: tissues})
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
	if d.json {
		if err := printSoulJSON(out, rep); err != nil {
			return err
		}
	} else {
		printSoulReport(out, rep, *claims)
	}
	if !*exitZero && rep.GetByState().GetEvidenceStale()+rep.GetByState().GetSuperseded() > 0 {
		return exitError{code: 1}
	}
	return nil
}

func flagSet(fs *flag.FlagSet, name string) bool {
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
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

// printSoulJSON writes soul's answers with the proto field names (snake_case), the spelling of
// the m1nd-soul-check-v0 report other tools read.
func printSoulJSON(out io.Writer, m proto.Message) error {
	return printJSONWith(out, m, protojson.MarshalOptions{UseProtoNames: true})
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

func runSoulRead(ctx context.Context, args []string, out io.Writer) error {
	fs := newFlagSet("soul read", out)
	var d dialFlags
	d.bind(fs)
	brain := fs.String("brain", "", "brain (default: the credential's own)")
	section := fs.String("section", "", "only this section")
	headline := fs.Bool("headline", false, "only the headline")
	if err := fs.Parse(args); err != nil {
		return err
	}
	conn, err := d.dial()
	if err != nil {
		return err
	}
	defer conn.Close()
	resp, err := soulv1.NewSoulServiceClient(conn).ReadSoul(ctx, &soulv1.ReadSoulRequest{Brain: *brain, Section: *section, HeadlineOnly: *headline})
	if err != nil {
		return err
	}
	if d.json {
		return printSoulJSON(out, resp)
	}
	fmt.Fprintln(out, resp.GetHeadline())
	if r := resp.GetLastReceipt(); r != nil {
		fmt.Fprintln(out, r.GetReceiptLine())
	} else {
		fmt.Fprintln(out, "(never checked)")
	}
	if resp.GetMarkdown() != "" {
		fmt.Fprintln(out)
		fmt.Fprint(out, resp.GetMarkdown())
	}
	return nil
}

func runSoulReceipts(ctx context.Context, args []string, out io.Writer) error {
	fs := newFlagSet("soul receipts", out)
	var d dialFlags
	d.bind(fs)
	brain := fs.String("brain", "", "brain (default: the credential's own)")
	limit := fs.Int("limit", 20, "at most this many")
	if err := fs.Parse(args); err != nil {
		return err
	}
	conn, err := d.dial()
	if err != nil {
		return err
	}
	defer conn.Close()
	resp, err := soulv1.NewSoulServiceClient(conn).ListReceipts(ctx, &soulv1.ListReceiptsRequest{Brain: *brain, Page: &commonv1.PageRequest{PageSize: int32(*limit)}})
	if err != nil {
		return err
	}
	if d.json {
		return printSoulJSON(out, resp)
	}
	for _, r := range resp.GetReceipts() {
		fmt.Fprintf(out, "%s  %-9s %s\n", r.GetAt().AsTime().UTC().Format(time.RFC3339), r.GetKind(), r.GetReceiptLine())
	}
	return nil
}

func runSoulNorth(ctx context.Context, args []string, out io.Writer) error {
	fs := newFlagSet("soul north", out)
	var d dialFlags
	d.bind(fs)
	brain := fs.String("brain", "", "brain (default: the credential's own)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	conn, err := d.dial()
	if err != nil {
		return err
	}
	defer conn.Close()
	resp, err := soulv1.NewSoulServiceClient(conn).NorthAtom(ctx, &soulv1.NorthAtomRequest{Brain: *brain})
	if err != nil {
		return err
	}
	if d.json {
		return printSoulJSON(out, resp)
	}
	if a := resp.GetSoul(); a != nil {
		fmt.Fprintf(out, "%s — %s\n", a.GetHeadline(), a.GetReceipt())
	}
	for _, g := range resp.GetHonestGaps() {
		fmt.Fprintln(out, "gap:", g)
	}
	return nil
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

func runSoulTissues(ctx context.Context, args []string, out io.Writer) error {
	fs := newFlagSet("soul tissues", out)
	var d dialFlags
	d.bind(fs)
	brain := fs.String("brain", "", "brain whose map to store")
	if err := fs.Parse(args); err != nil {
		return err
	}
	tissues := tissueFlag{}
	for _, a := range fs.Args() {
		if err := tissues.Set(a); err != nil {
			return err
		}
	}
	conn, err := d.dial()
	if err != nil {
		return err
	}
	defer conn.Close()
	resp, err := soulv1.NewSoulServiceClient(conn).SetTissues(ctx, &soulv1.SetTissuesRequest{Brain: *brain, Tissues: tissues})
	if err != nil {
		return err
	}
	if d.json {
		return printSoulJSON(out, resp)
	}
	fmt.Fprintln(out, resp.GetReceipt().GetReceiptLine())
	return nil
}
