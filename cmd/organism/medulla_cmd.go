package main

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	commonv1 "github.com/organism-dev/organism/proto/organism/common/v1"
	medullav1 "github.com/organism-dev/organism/proto/organism/medulla/v1"
	"github.com/organism-dev/organism/services/medulla"
)

func init() {
	register(command{name: "medulla", summary: "a brain's files and sweeps: medulla export|import|cross-verify", run: runMedulla})
}

const medullaUsage = `usage:
  organism medulla export --brain B DIR        write every live claim (and its history) as markdown with frontmatter
  organism medulla import --brain B DIR        read exported files back through the memorize door (owner)
  organism medulla cross-verify --brain B      re-hash every evidence anchor; list drift and aged-out claims
every verb takes --addr, --token or --owner, --data-dir, --json`

func runMedulla(ctx context.Context, args []string, out io.Writer) error {
	if len(args) == 0 {
		return errors.New(medullaUsage)
	}
	verbs := map[string]func(context.Context, []string, io.Writer) error{
		"export": runMedullaExport, "import": runMedullaImport, "cross-verify": runCrossVerify,
	}
	run, ok := verbs[args[0]]
	if !ok {
		return fmt.Errorf("unknown medulla verb %q\n%s", args[0], medullaUsage)
	}
	return run(ctx, args[1:], out)
}

// medullaFlags are the flags every medulla verb shares.
type medullaFlags struct {
	dialFlags
	brain string
}

func (m *medullaFlags) bind(fs *flag.FlagSet) {
	m.dialFlags.bind(fs)
	fs.StringVar(&m.brain, "brain", os.Getenv("ORGANISM_BRAIN"), "brain to act in (env ORGANISM_BRAIN)")
}

// client dials medulla; it insists on --brain unless the verb does not need one.
func (m *medullaFlags) client(needBrain bool) (medullav1.MedullaServiceClient, func() error, error) {
	if needBrain && m.brain == "" {
		return nil, nil, errors.New("--brain is required (or set ORGANISM_BRAIN)")
	}
	conn, err := m.dial()
	if err != nil {
		return nil, nil, err
	}
	return medullav1.NewMedullaServiceClient(conn), conn.Close, nil
}

// refusalError renders a gRPC refusal as its reason code, message, field and the rejection
// receipt that logged it, which is what a script or a person needs to act on.
func refusalError(err error) error {
	st, ok := status.FromError(err)
	if !ok || st.Code() == codes.OK {
		return err
	}
	reason, receipt, fields := st.Code().String(), "", []string(nil)
	for _, d := range st.Details() {
		switch d := d.(type) {
		case *errdetails.ErrorInfo:
			reason, receipt = d.GetReason(), d.GetMetadata()["receipt_id"]
		case *errdetails.BadRequest:
			for _, v := range d.GetFieldViolations() {
				fields = append(fields, v.GetField())
			}
		}
	}
	msg := reason + ": " + st.Message()
	if len(fields) > 0 {
		msg += " [field " + strings.Join(fields, ", ") + "]"
	}
	if receipt != "" {
		msg += " (rejection receipt " + receipt + ")"
	}
	return errors.New(msg)
}

// parseInterleaved parses flags that may come before or after positional arguments.
func parseInterleaved(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		if fs.NArg() == 0 {
			return pos, nil
		}
		pos = append(pos, fs.Arg(0))
		args = fs.Args()[1:]
	}
}

// multiFlag collects a repeatable flag.
type multiFlag []string

func (m *multiFlag) String() string     { return strings.Join(*m, ",") }
func (m *multiFlag) Set(v string) error { *m = append(*m, v); return nil }

func enumName(full, prefix string) string { return strings.ToLower(strings.TrimPrefix(full, prefix)) }

func parseKind(s string) (medullav1.ClaimKind, error) {
	v, ok := medullav1.ClaimKind_value["CLAIM_KIND_"+strings.ToUpper(s)]
	if !ok || v == 0 {
		return 0, fmt.Errorf("kind %q: want fact, decision, process, doctrine or problem", s)
	}
	return medullav1.ClaimKind(v), nil
}

func parseState(s string) (medullav1.ClaimState, error) {
	v, ok := medullav1.ClaimState_value["CLAIM_STATE_"+strings.ToUpper(s)]
	if !ok || v == 0 {
		return 0, fmt.Errorf("state %q: want authored or verified", s)
	}
	return medullav1.ClaimState(v), nil
}

func parseTier(s string) (medullav1.Tier, error) {
	v, ok := medullav1.Tier_value["TIER_"+strings.ToUpper(s)]
	if !ok || v == 0 {
		return 0, fmt.Errorf("tier %q: want project or medulla", s)
	}
	return medullav1.Tier(v), nil
}

// hashLocal returns the sha256 of a file under root, or "" when it cannot be read here (the
// server then measures it in the brain's repository).
func hashLocal(root, rel string) string {
	b, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(rel)))
	if err != nil {
		return ""
	}
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

func ago(t time.Time) string {
	if t.IsZero() {
		return "unknown"
	}
	d := time.Since(t).Round(time.Minute)
	switch {
	case d < time.Hour:
		return fmt.Sprintf("%dm ago", int(d.Minutes()))
	case d < 48*time.Hour:
		return fmt.Sprintf("%dh ago", int(d.Hours()))
	}
	return fmt.Sprintf("%dd ago", int(d.Hours()/24))
}

// printClaim renders one claim version for a human.
func printClaim(w io.Writer, c *medullav1.Claim) {
	p := c.GetProvenance()
	fmt.Fprintf(w, "%s v%d · %s · %s · %s", c.GetSlug(), c.GetVersion(), enumName(c.GetKind().String(), "CLAIM_KIND_"),
		enumName(c.GetState().String(), "CLAIM_STATE_"), enumName(c.GetTier().String(), "TIER_"))
	if c.GetAge().GetAgedOut() {
		fmt.Fprint(w, " · aged out")
	}
	fmt.Fprintln(w)
	fmt.Fprintf(w, "  by %s in %s, created %s", p.GetSourceAgent(), p.GetOriginBrain(), ago(p.GetCreated().AsTime()))
	if p.GetCreated() == nil {
		fmt.Fprint(w, " (age unknown)")
	}
	if p.GetSoulSource() != "" {
		fmt.Fprintf(w, ", soul %s", p.GetSoulSource())
	}
	if p.GetVerifiedVia() != "" {
		fmt.Fprintf(w, ", verified by %s via %s", p.GetVerifiedBy(), p.GetVerifiedVia())
	}
	fmt.Fprintf(w, ", receipt %s\n", c.GetReceiptId())
	if line := c.GetProvenanceLine(); line != "" {
		fmt.Fprintf(w, "  %s\n", line)
	}
	for _, a := range c.GetEvidence() {
		fmt.Fprintf(w, "  evidence %s\n", anchorString(a))
	}
	for _, line := range strings.Split(strings.TrimRight(c.GetBody(), "\n"), "\n") {
		fmt.Fprintf(w, "  │ %s\n", line)
	}
}

func anchorString(a *medullav1.EvidenceAnchor) string {
	kind := enumName(a.GetKind().String(), "EVIDENCE_KIND_")
	if q := a.GetQualified(); q != "" {
		if a.GetUnverifiable() {
			return kind + " " + q + " (evidence_unverifiable)"
		}
		return kind + " " + q
	}
	switch a.GetKind() {
	case medullav1.EvidenceKind_EVIDENCE_KIND_FILE:
		return fmt.Sprintf("%s %s sha256:%.12s", kind, a.GetPath(), a.GetSha256())
	case medullav1.EvidenceKind_EVIDENCE_KIND_LINE:
		return fmt.Sprintf("%s %s:%d sha256:%.12s", kind, a.GetPath(), a.GetLine(), a.GetSha256())
	}
	return kind + " " + a.GetRef()
}

func printReceipt(w io.Writer, r *commonv1.Receipt) {
	if c := r.GetCommit(); c != nil {
		fmt.Fprintf(w, "%s  commit     %-18s %-28s store %d→%d  by %s  %s\n", c.GetAt().AsTime().Format(time.RFC3339), c.GetProposal().GetEffect(),
			c.GetProposal().GetSubject(), c.GetStoreVersionBefore(), c.GetStoreVersionAfter(), c.GetBy().GetAgentId(), c.GetReceiptId())
		return
	}
	if a := r.GetAdoption(); a != nil {
		fmt.Fprintf(w, "%s  adoption   %-18s %-28s from %s  by %s  %s\n", a.GetAt().AsTime().Format(time.RFC3339), "adopt",
			a.GetForeignId(), a.GetSource(), a.GetBy().GetAgentId(), a.GetReceiptId())
		return
	}
	if j := r.GetRejection(); j != nil {
		fmt.Fprintf(w, "%s  rejection  %-18s %-28s %s  by %s  %s\n", j.GetAt().AsTime().Format(time.RFC3339), j.GetProposal().GetEffect(),
			j.GetProposal().GetSubject(), j.GetReason(), j.GetBy().GetAgentId(), j.GetReceiptId())
	}
}

func runMedullaExport(ctx context.Context, args []string, out io.Writer) error {
	fs := newFlagSet("medulla export", out)
	var m medullaFlags
	m.bind(fs)
	pos, err := parseInterleaved(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return fmt.Errorf("want exactly one directory\n%s", medullaUsage)
	}
	c, done, err := m.client(true)
	if err != nil {
		return err
	}
	defer done()
	var claims []*medullav1.Claim
	token := ""
	for {
		res, err := c.ListClaims(ctx, &medullav1.ListClaimsRequest{Brain: m.brain, IncludeHistory: true, Page: &commonv1.PageRequest{PageSize: 500, PageToken: token}})
		if err != nil {
			return refusalError(err)
		}
		claims = append(claims, res.GetClaims()...)
		if token = res.GetPage().GetNextPageToken(); token == "" {
			break
		}
	}
	n, err := medulla.WriteExport(pos[0], claims)
	if err != nil {
		return err
	}
	if m.json {
		return printAnyJSON(out, map[string]any{"brain": m.brain, "dir": pos[0], "files": n})
	}
	fmt.Fprintf(out, "exported %d claim version(s) of %s to %s\n", n, m.brain, pos[0])
	return nil
}

func runMedullaImport(ctx context.Context, args []string, out io.Writer) error {
	fs := newFlagSet("medulla import", out)
	var m medullaFlags
	m.bind(fs)
	pos, err := parseInterleaved(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return fmt.Errorf("want exactly one directory\n%s", medullaUsage)
	}
	files, err := medulla.ReadExport(pos[0])
	if err != nil {
		return err
	}
	// History must replay before the live version, and the server orders within one call,
	// so every version of a slug travels in the same call.
	sort.SliceStable(files, func(i, j int) bool { return slugOfFile(files[i].GetName()) < slugOfFile(files[j].GetName()) })
	c, done, err := m.client(true)
	if err != nil {
		return err
	}
	defer done()
	total := &medullav1.ImportClaimsResponse{}
	for len(files) > 0 {
		n := min(len(files), 200)
		for n < len(files) && slugOfFile(files[n].GetName()) == slugOfFile(files[n-1].GetName()) {
			n++
		}
		res, err := c.ImportClaims(ctx, &medullav1.ImportClaimsRequest{Brain: m.brain, Files: files[:n]})
		if err != nil {
			return refusalError(err)
		}
		total.Imported += res.GetImported()
		total.Refused += res.GetRefused()
		total.Receipts = append(total.Receipts, res.GetReceipts()...)
		files = files[n:]
	}
	if m.json {
		return printJSON(out, total)
	}
	for _, r := range total.GetReceipts() {
		if j := r.GetRejection(); j != nil {
			fmt.Fprintf(out, "refused %s: %s %s\n", j.GetProposal().GetSubject(), j.GetReason(), j.GetMessage())
		}
	}
	fmt.Fprintf(out, "imported %d, refused %d into %s\n", total.GetImported(), total.GetRefused(), m.brain)
	if total.GetRefused() > 0 {
		return exitError{code: 1}
	}
	return nil
}

// slugOfFile maps "x.md" and ".history/x/v3.md" to "x".
func slugOfFile(name string) string {
	if rest, ok := strings.CutPrefix(name, medulla.HistoryDir+"/"); ok {
		slug, _, _ := strings.Cut(rest, "/")
		return slug
	}
	return strings.TrimSuffix(filepath.Base(name), ".md")
}

func runCrossVerify(ctx context.Context, args []string, out io.Writer) error {
	fs := newFlagSet("medulla cross-verify", out)
	var m medullaFlags
	m.bind(fs)
	if _, err := parseInterleaved(fs, args); err != nil {
		return err
	}
	c, done, err := m.client(true)
	if err != nil {
		return err
	}
	defer done()
	res, err := c.CrossVerify(ctx, &medullav1.CrossVerifyRequest{Brain: m.brain})
	if err != nil {
		return refusalError(err)
	}
	if m.json {
		return printJSON(out, res)
	}
	fmt.Fprintf(out, "%s: %d claim(s), %d anchor(s), %d fresh\n", m.brain, res.GetClaimsChecked(), res.GetAnchorsChecked(), res.GetFresh())
	for _, f := range res.GetFindings() {
		what := ""
		if f.GetAnchor() != nil {
			what = anchorString(f.GetAnchor())
		}
		fmt.Fprintf(out, "  %-22s %s v%d %s\n", f.GetReason(), f.GetSlug(), f.GetVersion(), what)
	}
	return nil
}
