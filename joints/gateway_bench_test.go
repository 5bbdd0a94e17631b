package joints

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/organism-dev/organism/gateway"
	medullav1 "github.com/organism-dev/organism/proto/organism/medulla/v1"
	missionv1 "github.com/organism-dev/organism/proto/organism/mission/v1"
)

// gatewayOverGRPCTarget is the bar: a call through the gateway costs at most 1.5 times
// the same call over gRPC, at the median.
const gatewayOverGRPCTarget = 1.5

// samplesPerSide is how many calls each side makes per benchmark iteration, so the median means
// something even at -benchtime 1x.
const samplesPerSide = 300

// BenchmarkGatewayVsGRPC makes the same call over gRPC (loopback) and through the gateway,
// alternating, on real organs, and reports both medians and their ratio against the 1.5 target,
// for both shapes of the gateway: co-located (`serve --target=all`, the default deployment: the
// gateway calls the organs over the in-process channel; the target is judged here) and split
// (the gateway as its own process, every call over loopback TCP).
func BenchmarkGatewayVsGRPC(b *testing.B) {
	for _, shape := range []gatewayShape{shapeColocated, shapeSplit} {
		b.Run(string(shape), func(b *testing.B) { benchGatewayVsGRPC(b, startSuiteShape(b, gateway.Limits{}, shape)) })
	}
}

func benchGatewayVsGRPC(b *testing.B, s *suite) {
	ctx := context.Background()
	ownerMed := medullav1.NewMedullaServiceClient(s.conn(s.owner))
	agentMed := medullav1.NewMedullaServiceClient(s.conn(s.agent))
	agentMsn := missionv1.NewMissionServiceClient(s.conn(s.agent))
	for i := 0; i < 9; i++ {
		if _, err := ownerMed.RegisterBrain(ctx, &medullav1.RegisterBrainRequest{Name: fmt.Sprintf("brain-%d", i), RepoRoot: s.repo}); err != nil {
			b.Fatal(err)
		}
	}
	for i := 0; i < 50; i++ {
		_, err := agentMed.Memorize(ctx, &medullav1.MemorizeRequest{Brain: suiteBrain, Slug: fmt.Sprintf("fact-%02d", i),
			Body: fmt.Sprintf("Writer %d races on head %d and the compare-and-swap refuses the loser.", i, i), Kind: medullav1.ClaimKind_CLAIM_KIND_FACT})
		if err != nil {
			b.Fatal(err)
		}
	}
	opened, err := agentMsn.OpenMission(ctx, &missionv1.OpenMissionRequest{Packet: &missionv1.Packet{Brain: suiteBrain, BlockIds: []string{"sb_chain"},
		GateCommand: "true", Symptom: "the chain forks", Title: "fix the chain"}})
	if err != nil {
		b.Fatal(err)
	}
	missionID, head := opened.GetMission().GetMissionId(), opened.GetMission().GetHeadSeq()
	letter := func() *missionv1.Letter {
		return &missionv1.Letter{Schema: "m1nd-mission-letter-v0", Brain: suiteBrain, Phase: missionv1.Phase_PHASE_JUDGING, Advisory: true,
			Parecer: &missionv1.Parecer{Verdict: missionv1.Verdict_VERDICT_APPROVE, Gist: "looks right"}}
	}
	letterJSON := func() string {
		return `{"expected_head":"` + strconv.FormatInt(head, 10) + `","letter":{"schema":"m1nd-mission-letter-v0","brain":"loja","phase":"PHASE_JUDGING","advisory":true,"parecer":{"verdict":"VERDICT_APPROVE","gist":"looks right"}}}`
	}
	calls := []struct {
		name    string
		grpc    func() error
		gateway func() (int, []byte)
	}{
		{"ListBrains",
			func() error { _, err := ownerMed.ListBrains(ctx, &medullav1.ListBrainsRequest{}); return err },
			func() (int, []byte) { return s.call(s.owner, "GET", "/v1/medulla/brains", nil) }},
		{"Recall",
			func() error {
				_, err := agentMed.Recall(ctx, &medullav1.RecallRequest{Brain: suiteBrain, Query: "writer races head"})
				return err
			},
			func() (int, []byte) {
				return s.call(s.agent, "POST", "/v1/medulla/brains/loja/recall", `{"query":"writer races head"}`)
			}},
		{"PostLetter",
			func() error {
				_, err := agentMsn.PostLetter(ctx, &missionv1.PostLetterRequest{MissionId: missionID, ExpectedHead: head, Letter: letter()})
				if err == nil {
					head++
				}
				return err
			},
			func() (int, []byte) {
				code, raw := s.call(s.agent, "POST", "/v1/mission/missions/"+missionID+"/letters", letterJSON())
				if code == 200 {
					head++
				}
				return code, raw
			}},
	}
	for _, c := range calls {
		b.Run(c.name, func(b *testing.B) {
			var viaGRPC, viaGateway []time.Duration
			for i := 0; i < b.N; i++ {
				for j := 0; j < samplesPerSide; j++ {
					start := time.Now()
					if err := c.grpc(); err != nil {
						b.Fatalf("gRPC %s: %v", c.name, err)
					}
					viaGRPC = append(viaGRPC, time.Since(start))
					start = time.Now()
					if code, raw := c.gateway(); code != 200 {
						b.Fatalf("gateway %s: %d %s", c.name, code, raw)
					}
					viaGateway = append(viaGateway, time.Since(start))
				}
			}
			g, h := median(viaGRPC), median(viaGateway)
			ratio := float64(h) / float64(g)
			b.ReportMetric(float64(g.Microseconds()), "grpc-p50-µs")
			b.ReportMetric(float64(h.Microseconds()), "gateway-p50-µs")
			b.ReportMetric(ratio, "gateway/grpc")
			b.ReportMetric(ratio/gatewayOverGRPCTarget, "ratio/target")
		})
	}
}

func median(d []time.Duration) time.Duration {
	s := slices.Clone(d)
	slices.Sort(s)
	return s[len(s)/2]
}

// heapInUse is the bytes of heap spans holding objects (HeapInuse), from runtime/metrics.
func heapInUse() uint64 {
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}, {Name: "/memory/classes/heap/unused:bytes"}}
	metrics.Read(sample)
	return sample[0].Value.Uint64() + sample[1].Value.Uint64()
}

func settledHeap() uint64 {
	runtime.GC()
	debug.FreeOSMemory()
	return heapInUse()
}

// BenchmarkAbuseMemory runs a 64-client abuse mix against the gateway in front of real organs
// (oversized declared and chunked bodies, with and without a credential; garbage JSON; slow
// senders) and reports the peak heap in use against the budget idle + 64 × body cap + 32 MiB, and
// the heap after the mix against idle (within 10%). Each client makes a bounded number of
// requests over loopback. The clients share this process, so their own small buffers count too.
func BenchmarkAbuseMemory(b *testing.B) {
	const clients, rounds = 64, 6
	s := startSuiteWith(b, gateway.Limits{BodyReadTimeout: 2 * time.Second})
	block := bytes.Repeat([]byte("a"), 32<<10)
	// Idle is a server that has served each kind of request once and is quiet again: what it
	// keeps after the first of them (metric series, lazily built tables) is not abuse.
	for kind := 0; kind < 5; kind++ {
		abuse(kind, s, block)
	}
	s.call(s.owner, "GET", "/v1/medulla/brains", nil)
	budget := func(idle uint64) uint64 { return idle + clients*gateway.DefaultBodyBytes + 32<<20 }
	for i := 0; i < b.N; i++ {
		idle := settledHeap()
		var peak atomic.Uint64
		stop := make(chan struct{})
		sampled := make(chan struct{})
		go func() {
			defer close(sampled)
			t := time.NewTicker(time.Millisecond)
			defer t.Stop()
			for {
				if h := heapInUse(); h > peak.Load() {
					peak.Store(h)
				}
				select {
				case <-stop:
					return
				case <-t.C:
				}
			}
		}()
		var wg sync.WaitGroup
		var failures atomic.Int64
		for c := 0; c < clients; c++ {
			wg.Add(1)
			go func(c int) {
				defer wg.Done()
				for r := 0; r < rounds; r++ {
					if !abuse((c+r)%5, s, block) {
						failures.Add(1)
					}
				}
			}(c)
		}
		wg.Wait()
		close(stop)
		<-sampled
		// net/http holds a refused connection for half a second before closing it (so the
		// client reads the answer rather than a reset); let those go before measuring.
		time.Sleep(time.Second)
		after := settledHeap()
		if n := failures.Load(); n > 0 {
			b.Fatalf("%d abusive requests were not refused as they should be", n)
		}
		mib := func(v uint64) float64 { return float64(v) / (1 << 20) }
		b.ReportMetric(mib(idle), "idle-MiB")
		b.ReportMetric(mib(peak.Load()), "peak-MiB")
		b.ReportMetric(mib(budget(idle)), "budget-MiB")
		b.ReportMetric(float64(peak.Load())/float64(budget(idle)), "peak/budget")
		b.ReportMetric(float64(after)/float64(idle), "after/idle")
		b.ReportMetric(float64(after)/float64(idle)/1.10, "after/idle/target")
	}
}

// abuse makes one abusive request of the given kind and reports whether the gateway refused it
// as it should.
func abuse(kind int, s *suite, block []byte) bool {
	switch kind {
	case 0: // 60 MB declared, no credential
		return rawAbuse(s.httpAddr, "", 60<<20, false, 0, block) == 401
	case 1: // 60 MB declared, with a credential
		return rawAbuse(s.httpAddr, s.agent, 60<<20, false, 0, block) == 413
	case 2: // 4 MB chunked, with a credential: read to the cap, then refused
		return rawAbuse(s.httpAddr, s.agent, 4<<20, true, 0, block) == 413
	case 3: // garbage JSON just under the cap
		return rawGarbage(s.httpAddr, s.agent, gateway.DefaultBodyBytes-1) == 400
	default: // a slow sender: just under the cap, 32 KiB every 2 ms, answered once it is all there
		return rawAbuse(s.httpAddr, s.agent, gateway.DefaultBodyBytes-64, false, 2*time.Millisecond, block) == 400
	}
}

// rawAbuse POSTs a JSON string that never closes (so only the cap, or its end, stops the
// decoder) of size bytes to the recall route, and returns the status.
func rawAbuse(addr, token string, size int64, chunked bool, pause time.Duration, block []byte) int {
	conn, err := net.DialTimeout("tcp", addr, 5*time.Second)
	if err != nil {
		return -1
	}
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(30 * time.Second))
	var hdr strings.Builder
	hdr.WriteString("POST /v1/medulla/brains/loja/recall HTTP/1.1\r\nHost: gateway\r\nContent-Type: application/json\r\n")
	if token != "" {
		hdr.WriteString("Authorization: Bearer " + token + "\r\n")
	}
	if chunked {
		hdr.WriteString("Transfer-Encoding: chunked\r\n\r\n")
	} else {
		fmt.Fprintf(&hdr, "Content-Length: %d\r\n\r\n", size)
	}
	go func() {
		w := bufio.NewWriterSize(conn, 4<<10)
		w.WriteString(hdr.String())
		prefix := []byte(`{"query":"`)
		if chunked {
			fmt.Fprintf(w, "%x\r\n%s\r\n", len(prefix), prefix)
		} else {
			w.Write(prefix)
		}
		for sent := int64(len(prefix)); sent < size; {
			n := min(int64(len(block)), size-sent)
			if chunked {
				fmt.Fprintf(w, "%x\r\n", n)
			}
			if _, err := w.Write(block[:n]); err != nil {
				return
			}
			if chunked {
				w.WriteString("\r\n")
			}
			if err := w.Flush(); err != nil {
				return
			}
			sent += n
			if pause > 0 {
				time.Sleep(pause)
			}
		}
		if chunked {
			w.WriteString("0\r\n\r\n")
		}
		w.Flush()
	}()
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		return -1
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	return resp.StatusCode
}

// rawGarbage POSTs size bytes that are not JSON at all.
func rawGarbage(addr, token string, size int) int {
	req, _ := http.NewRequest("POST", "http://"+addr+"/v1/medulla/brains/loja/recall", io.LimitReader(garbage{}, int64(size)))
	req.ContentLength = int64(size)
	req.Header.Set("Authorization", "Bearer "+token)
	resp, err := (&http.Client{Timeout: 30 * time.Second, Transport: &http.Transport{DisableKeepAlives: true}}).Do(req)
	if err != nil {
		return -1
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	return resp.StatusCode
}

type garbage struct{}

func (garbage) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = '}'
	}
	return len(p), nil
}
