package report

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	soulv1 "github.com/organism-dev/organism/proto/organism/soul/v1"
)

// Text is the human face: per document the receipt line, the counts and the findings table; with
// several documents, a closing line of totals.
func Text(out io.Writer, set Set, claims bool) {
	reports := sortedReports(set)
	for i, r := range reports {
		if i > 0 {
			fmt.Fprintln(out)
		}
		textOne(out, r, claims)
	}
	if set.Many {
		c := Count(set)
		fmt.Fprintf(out, "\n%s\n", Summary(c))
	}
}

func textOne(out io.Writer, r *soulv1.SoulCheckReport, claims bool) {
	fmt.Fprintln(out, r.GetReceiptLine())
	kind := "no soul tissue: anchorless claims are counted, not findings"
	if r.GetSoulTissue() {
		kind = "soul"
	}
	fmt.Fprintf(out, "%s — %q · %d claims (%d verifiable, %d declared, %d history) · %d unanchored · %s\n",
		r.GetSoulPath(), r.GetHeadline(), r.GetClaims().GetTotal(), r.GetClaims().GetVerifiable(), r.GetClaims().GetDeclared(), r.GetClaims().GetHistory(), r.GetUnanchored(), kind)
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
		fmt.Fprintln(tw, "LINE\tKIND\tREASON\tSECTION\tANCHOR\tCLAIM")
		for _, s := range r.GetStale() {
			fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%s\t%s\n", s.GetLine(), KindOf(s), s.GetReason(), Clip(s.GetSection(), 28), Clip(s.GetAnchor(), 40), Clip(s.GetClaim(), 70))
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
			fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%s\t%s\n", c.GetStartLine(), c.GetTissue(), c.GetState(), c.GetReason(), Clip(strings.Join(refs, " "), 50), Clip(c.GetText(), 70))
		}
		tw.Flush()
	}
}

// Clip flattens whitespace and cuts s to n runes.
func Clip(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	r := []rune(s)
	if len(r) > n {
		return string(r[:n-1]) + "…"
	}
	return s
}

// documents names a count of documents, "1 document" or "N documents".
func documents(n int) string {
	if n == 1 {
		return "1 document"
	}
	return fmt.Sprintf("%d documents", n)
}
