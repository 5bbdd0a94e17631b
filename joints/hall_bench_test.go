package joints_test

import (
	"io"
	"net/http"
	"testing"
	"time"
)

// hallBudget is the Hall's page budget: every page under 100 ms of server time on the suite's
// test data.
const hallBudget = 100 * time.Millisecond

// BenchmarkHallPages renders every page through the gateway with the owner's session on
// loopback; it reports each page's time and its ratio to the 100 ms budget (below 1 holds).
func BenchmarkHallPages(b *testing.B) {
	s := hallStart(b)
	s.content()
	s.hallSkeleton()
	s.hallReports()
	m := s.ringing("fix the cart")
	s.join("ada", "src/")
	s.join("bob", "src/main.go")
	c, _ := s.session(s.url)
	for _, p := range hallPages(m, hallLogSha(b, s, m)) {
		b.Run(p.name, func(b *testing.B) {
			req, _ := http.NewRequest("GET", s.url+p.path, nil)
			req.Header.Set("Accept", "text/html")
			for b.Loop() {
				resp, err := c.Do(req)
				if err != nil {
					b.Fatal(err)
				}
				io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				if resp.StatusCode != 200 {
					b.Fatalf("got %d, want 200", resp.StatusCode)
				}
			}
			per := b.Elapsed() / time.Duration(b.N)
			b.ReportMetric(float64(per)/float64(time.Millisecond), "ms/page")
			b.ReportMetric(float64(per)/float64(hallBudget), "ratio-to-100ms")
		})
	}
}
