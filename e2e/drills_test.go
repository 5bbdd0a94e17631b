//go:build e2e

package e2e

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/organism-dev/organism/platform/rpcstatus"
	medullav1 "github.com/organism-dev/organism/proto/organism/medulla/v1"
	missionv1 "github.com/organism-dev/organism/proto/organism/mission/v1"
	soulv1 "github.com/organism-dev/organism/proto/organism/soul/v1"
)

// caller repeats one call and records what it saw, and what was acknowledged.
type caller struct {
	name string
	call func(ctx context.Context, i int) (ack string, err error)

	mu      sync.Mutex
	ok      int // successes since the last reset
	refused []error
	acked   []string
}

func (c *caller) loop(ctx context.Context) {
	for i := 0; ctx.Err() == nil; i++ {
		cctx, cancel := context.WithTimeout(ctx, 5*time.Second)
		ack, err := c.call(cctx, i)
		cancel()
		c.mu.Lock()
		switch {
		case err == nil:
			c.ok++
			if ack != "" {
				c.acked = append(c.acked, ack)
			}
		case ctx.Err() == nil:
			c.refused = append(c.refused, err)
		}
		c.mu.Unlock()
		time.Sleep(10 * time.Millisecond)
	}
}

func (c *caller) successes() int { c.mu.Lock(); defer c.mu.Unlock(); return c.ok }
func (c *caller) reset()         { c.mu.Lock(); defer c.mu.Unlock(); c.ok = 0; c.refused = nil }
func (c *caller) errors() []error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]error(nil), c.refused...)
}

// drillKillMedulla: medulla dies (kill -9) while mission and soul call it. Callers get
// UNAVAILABLE with a reason, recover when medulla returns, and nothing acknowledged is lost.
func drillKillMedulla(t *testing.T, d *deployment, agent string) {
	missions := missionv1.NewMissionServiceClient(d.conn(t, "mission", agent))
	souls := soulv1.NewSoulServiceClient(d.conn(t, "soul", agent))
	medulla := medullav1.NewMedullaServiceClient(d.conn(t, "medulla", agent))
	callers := []*caller{
		{name: "mission → medulla (OpenMission)", call: func(ctx context.Context, i int) (string, error) {
			return openMission(ctx, missions, fmt.Sprintf("drill %d", i))
		}},
		{name: "soul → medulla (ReadSoul)", call: func(ctx context.Context, _ int) (string, error) {
			_, err := souls.ReadSoul(ctx, &soulv1.ReadSoulRequest{Brain: brain, HeadlineOnly: true})
			return "", err
		}},
		{name: "medulla (Memorize)", call: func(ctx context.Context, i int) (string, error) {
			slug := fmt.Sprintf("drill-%d", i)
			_, err := medulla.Memorize(ctx, &medullav1.MemorizeRequest{Brain: brain, Slug: slug, Body: "acknowledged before the crash " + slug})
			return slug, err
		}},
	}
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	for _, c := range callers {
		wg.Add(1)
		go func() { defer wg.Done(); c.loop(ctx) }()
	}
	stopped := false
	stop := func() {
		if !stopped {
			stopped = true
			cancel()
			wg.Wait()
		}
	}
	defer stop()
	for _, c := range callers {
		pollUntil(t, c.name+" succeeds before the crash", func() bool { return c.successes() >= 3 })
	}

	d.procs["medulla"].kill9(t)
	for _, c := range callers[:2] { // the organs that call medulla
		pollUntil(t, c.name+" is refused while medulla is down", func() bool { return len(c.errors()) > 0 })
		for _, err := range c.errors() {
			if strings.Contains(err.Error(), d.grpc["medulla"]) {
				t.Errorf("%s while medulla is down leaks medulla's address: %v", c.name, err)
			}
			if status.Code(err) != codes.Unavailable || rpcstatus.ReasonOf(err) == "" {
				t.Errorf("%s while medulla is down: got %v (reason %q), want UNAVAILABLE with a reason", c.name, err, rpcstatus.ReasonOf(err))
				break
			}
		}
		c.reset()
	}
	if st := d.httpGetHealth(t); !strings.Contains(st, "NOT_SERVING") {
		t.Errorf("gateway /healthz while medulla is down: got %s, want NOT_SERVING", st)
	}

	d.restart(t, "medulla")
	for _, c := range callers {
		pollUntil(t, c.name+" recovers after medulla returns", func() bool { return c.successes() >= 3 })
	}
	stop()

	// Nothing acknowledged is lost: every mission and every memory that got an OK is there.
	vctx, vcancel := context.WithTimeout(context.Background(), wait)
	defer vcancel()
	for _, id := range callers[0].acked {
		if _, err := missions.GetMission(vctx, &missionv1.GetMissionRequest{MissionId: id}); err != nil {
			t.Errorf("mission %s was acknowledged, then lost: %v", id, err)
		}
	}
	for _, slug := range callers[2].acked {
		if _, err := medulla.GetClaim(vctx, &medullav1.GetClaimRequest{Brain: brain, Slug: slug}); err != nil {
			t.Errorf("memory %s was acknowledged, then lost: %v", slug, err)
		}
	}
	t.Logf("acknowledged and kept: %d missions, %d memories", len(callers[0].acked), len(callers[2].acked))
}

func (d *deployment) httpGetHealth(t *testing.T) string {
	t.Helper()
	_, body := d.httpDo(t, "GET", "/healthz", "", "")
	return body
}

// boardEvent is one line of the gateway's watch stream.
type boardEvent struct {
	Result struct {
		Event struct {
			Cursor    string `json:"cursor"` // int64 is a JSON string in protojson
			MissionID string `json:"mission_id"`
		} `json:"event"`
	} `json:"result"`
	Error json.RawMessage `json:"error"`
}

// watchFrom opens the gateway's board stream after cursor and sends its events until it ends.
func (d *deployment) watchFrom(t *testing.T, ctx context.Context, token, cursor string) (<-chan boardEvent, error) {
	req, _ := http.NewRequestWithContext(ctx, "GET", "http://"+d.http+"/v1/mission/board/watch?brain="+brain+"&cursor="+cursor, nil)
	req.Header.Set("Authorization", "Bearer "+token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return nil, err
	}
	if resp.StatusCode != 200 {
		resp.Body.Close()
		return nil, fmt.Errorf("watch: %s", resp.Status)
	}
	out := make(chan boardEvent)
	go func() {
		defer close(out)
		defer resp.Body.Close()
		sc := bufio.NewScanner(resp.Body)
		for sc.Scan() {
			var ev boardEvent
			if json.Unmarshal(sc.Bytes(), &ev) == nil {
				select {
				case out <- ev:
				case <-ctx.Done():
					return
				}
			}
		}
	}()
	return out, nil
}

// next waits for the next stored event (reminders repeat a cursor; those are skipped).
func next(t *testing.T, events <-chan boardEvent, after string) (boardEvent, bool) {
	t.Helper()
	timer := time.NewTimer(wait)
	defer timer.Stop()
	for {
		select {
		case ev, ok := <-events:
			if !ok {
				return ev, false
			}
			if ev.Result.Event.Cursor != "" && ev.Result.Event.Cursor != after {
				return ev, true
			}
		case <-timer.C:
			t.Fatalf("no board event within %v", wait)
		}
	}
}

// drillRestartGateway: the gateway restarts under a watch stream; the client resumes from the
// last cursor it saw and gets exactly the events it missed.
func drillRestartGateway(t *testing.T, d *deployment, agent string) {
	ctx, cancel := context.WithTimeout(context.Background(), 3*wait)
	defer cancel()
	missions := missionv1.NewMissionServiceClient(d.conn(t, "mission", agent))
	before, err := openMission(ctx, missions, "before the restart")
	if err != nil {
		t.Fatal(err)
	}
	events, err := d.watchFrom(t, ctx, agent, "0")
	if err != nil {
		t.Fatal(err)
	}
	cursor := "0"
	for seen := false; !seen; {
		ev, ok := next(t, events, cursor)
		if !ok {
			t.Fatal("watch ended before the restart")
		}
		cursor = ev.Result.Event.Cursor
		seen = ev.Result.Event.MissionID == before
	}

	if err := d.procs["gateway"].term(t); err != nil {
		t.Errorf("gateway exit after SIGTERM: %v, want status 0", err)
	}
	for ok := true; ok; {
		_, ok = next(t, events, cursor) // the stream ends with the old gateway
	}
	during, err := openMission(ctx, missions, "while the gateway is down")
	if err != nil {
		t.Fatal(err)
	}
	d.restart(t, "gateway")

	resumed, err := d.watchFrom(t, ctx, agent, cursor)
	if err != nil {
		t.Fatal(err)
	}
	ev, ok := next(t, resumed, cursor)
	if !ok {
		t.Fatal("resumed watch ended at once")
	}
	got, _ := strconv.ParseInt(ev.Result.Event.Cursor, 10, 64)
	last, _ := strconv.ParseInt(cursor, 10, 64)
	if ev.Result.Event.MissionID != during || got <= last {
		t.Errorf("first event after resuming from %s: got mission %s cursor %s, want mission %s after the cursor (nothing missed, nothing repeated)",
			cursor, ev.Result.Event.MissionID, ev.Result.Event.Cursor, during)
	}
}
