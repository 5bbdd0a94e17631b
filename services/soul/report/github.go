package report

import (
	"fmt"
	"io"
	"strings"
)

// GitHub writes one workflow command per finding, which GitHub Actions shows as an annotation on the
// document's line: drift as ::error, discipline as ::warning, unverified mentions, age and a document's
// disagreement with itself as ::notice.
func GitHub(out io.Writer, set Set) {
	for _, r := range sortedReports(set) {
		for _, s := range r.GetStale() {
			kind := KindOf(s)
			cmd := map[string]string{"error": "error", "warning": "warning", "note": "notice"}[Level(kind)]
			props := []string{"file=" + ghProperty(r.GetSoulPath())}
			if s.GetLine() > 0 {
				props = append(props, fmt.Sprintf("line=%d", s.GetLine()))
			}
			props = append(props, "title="+ghProperty(fmt.Sprintf("soul %s: %s", kind, s.GetReason())))
			fmt.Fprintf(out, "::%s %s::%s\n", cmd, strings.Join(props, ","), ghData(Message(s)))
		}
	}
	c := Count(set)
	fmt.Fprintf(out, "::notice title=soul check::%s\n", Summary(c))
}

// Workflow-command escaping: data escapes %, CR and LF; a property also escapes : and ,.
func ghData(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(s)
}

func ghProperty(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace(s)
}
