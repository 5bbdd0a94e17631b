package joints

import (
	"context"
	"encoding/json"
	"net/url"
	"testing"
	"time"

	"github.com/organism-dev/organism/platform/principal"
	presencev1 "github.com/organism-dev/organism/proto/organism/presence/v1"
	"github.com/organism-dev/organism/services/presence/domain"
	"github.com/organism-dev/organism/services/presence/fixture"
)

// BenchmarkCollisionsGateway reads every colliding pair of 10,000 presences x 20 entries (the
// roster of presence's BenchmarkCollisionsGRPC) as the owner, 1,000 pairs a page to the end,
// over gRPC and through the gateway as JSON (GET /v1/presence/collisions), alternating, on the
// co-located suite: a browser or a script meets this read through the gateway, so its figure is
// the gRPC read's plus the JSON encoding of every page. Reported: the median whole read over gRPC
// (the generated client's proto decoding included) and through the gateway (the body read, not
// yet parsed, as BenchmarkGatewayVsGRPC counts a call), their ratio and that ratio against the
// 1.5 gateway target; the gateway read with this client's encoding/json decoding of every page;
// pages, pairs (the two reads must agree on the count) and the JSON's size.
func BenchmarkCollisionsGateway(b *testing.B) {
	for _, shape := range []string{"paths", "mixed"} {
		b.Run("shape="+shape, func(b *testing.B) {
			s := startSuite(b)
			ctx := context.Background()
			mission := principal.Principal{AgentID: "mission", Origin: principal.OriginService}
			for _, set := range fixture.Roster(10000, 20, 1, shape == "mixed") {
				if _, _, err := s.presence.Registry().Register(ctx, mission, domain.RegisterInput{Brain: "bench", Kind: "runner",
					Intent: domain.IntentMutate, WorkingSet: set, TTL: time.Hour}); err != nil {
					b.Fatal(err)
				}
			}
			cl := presencev1.NewPresenceServiceClient(s.conn(s.owner))
			viaGRPC := func() (pages, pairs int) {
				req := &presencev1.CollisionsRequest{PageSize: 1000}
				for ; pages < 1000; pages++ {
					resp, err := cl.Collisions(ctx, req)
					if err != nil {
						b.Fatalf("gRPC page %d: %v", pages, err)
					}
					pairs += len(resp.GetCollisions())
					if req.PageToken = resp.GetNextPageToken(); req.PageToken == "" {
						return pages + 1, pairs
					}
				}
				b.Fatal("gRPC: got no end to the collisions after 1000 pages")
				return 0, 0
			}
			jsonBytes := 0
			var inCalls time.Duration // the gateway read's time without the client's JSON decoding
			viaGateway := func() (pages, pairs int) {
				token := ""
				jsonBytes, inCalls = 0, 0
				for ; pages < 1000; pages++ {
					start := time.Now()
					code, raw := s.call(s.owner, "GET", "/v1/presence/collisions?page_size=1000&page_token="+url.QueryEscape(token), nil)
					inCalls += time.Since(start)
					if code != 200 {
						b.Fatalf("gateway page %d: got %d %s, want 200", pages, code, raw)
					}
					jsonBytes += len(raw)
					var page struct {
						Collisions    []json.RawMessage `json:"collisions"`
						NextPageToken string            `json:"next_page_token"`
					}
					if err := json.Unmarshal(raw, &page); err != nil {
						b.Fatalf("gateway page %d: %v", pages, err)
					}
					pairs += len(page.Collisions)
					if token = page.NextPageToken; token == "" {
						return pages + 1, pairs
					}
				}
				b.Fatal("gateway: got no end to the collisions after 1000 pages")
				return 0, 0
			}
			// One untimed read each warms the connections and the pair cache.
			pages, pairs := viaGRPC()
			if gp, gn := viaGateway(); gp != pages || gn != pairs {
				b.Fatalf("gateway read %d pairs in %d pages, gRPC %d in %d; want the same", gn, gp, pairs, pages)
			}
			var grpcTimes, gatewayTimes, decodedTimes []time.Duration
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				start := time.Now()
				viaGRPC()
				grpcTimes = append(grpcTimes, time.Since(start))
				start = time.Now()
				viaGateway()
				decodedTimes = append(decodedTimes, time.Since(start))
				gatewayTimes = append(gatewayTimes, inCalls)
			}
			b.StopTimer()
			g, h := median(grpcTimes), median(gatewayTimes)
			ratio := float64(h) / float64(g)
			b.ReportMetric(float64(g.Microseconds())/1000, "grpc-p50-ms/all")
			b.ReportMetric(float64(h.Microseconds())/1000, "gateway-p50-ms/all")
			b.ReportMetric(float64(median(decodedTimes).Microseconds())/1000, "gateway+decode-p50-ms/all")
			b.ReportMetric(ratio, "gateway/grpc")
			b.ReportMetric(ratio/gatewayOverGRPCTarget, "ratio/target")
			b.ReportMetric(float64(pages), "pages")
			b.ReportMetric(float64(pairs), "pairs")
			b.ReportMetric(float64(jsonBytes)/1e6, "json-MB/all")
		})
	}
}
