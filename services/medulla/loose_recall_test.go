package medulla_test

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/organism-dev/organism/platform/principal"
	"github.com/organism-dev/organism/services/medulla/domain"
	"github.com/organism-dev/organism/services/medulla/store"
)

// TestRecallAnyWordFallback covers the fallback when no claim holds every word: uncommon words
// rank alone, and a common word still answers when the uncommon ones find nothing in the
// searched brains (never a false "no memory").
func TestRecallAnyWordFallback(t *testing.T) {
	ctx := context.Background()
	st, err := store.OpenFile(ctx, filepath.Join(t.TempDir(), "medulla.db"), store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	svc, err := domain.New(ctx, domain.Options{Store: st})
	if err != nil {
		t.Fatal(err)
	}
	owner := principal.Principal{Origin: principal.OriginHumanCLI}
	for _, b := range []string{"loja", "other"} {
		if _, _, err := svc.RegisterBrain(ctx, owner, domain.RegisterBrainInput{Name: b, RepoRoot: t.TempDir()}); err != nil {
			t.Fatal(err)
		}
	}
	// More claims hold "filler" than the fallback calls common.
	const fillers = 520
	var wg sync.WaitGroup
	errs := make(chan error, fillers+2)
	memorize := func(brain, slug, body string) {
		defer wg.Done()
		_, err := svc.Memorize(ctx, owner, domain.MemorizeInput{Brain: brain, Slug: slug, Body: body})
		errs <- err
	}
	for i := 0; i < fillers; i++ {
		wg.Add(1)
		go memorize("loja", fmt.Sprintf("f-%d", i), fmt.Sprintf("filler claim number %d", i))
	}
	wg.Add(2)
	go memorize("loja", "zebra", "the zebra crossing is painted weekly")
	go memorize("other", "okapi", "an okapi lives in another brain")
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	agent := principal.Principal{AgentID: "reader", Seat: "executor", Brain: "loja", Origin: principal.OriginAgent}
	tests := []struct {
		name      string
		query     string
		wantHits  int
		wantFirst string
	}{
		{name: "uncommon word ranks alone", query: "filler zebra", wantHits: 1, wantFirst: "zebra"},
		{name: "common word answers when the uncommon one is elsewhere", query: "filler okapi", wantHits: domain.DefaultRecallLimit, wantFirst: "f-"},
		{name: "every word held", query: "zebra crossing", wantHits: 1, wantFirst: "zebra"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res, err := svc.Recall(ctx, agent, domain.RecallInput{Brain: "loja", Query: tc.query})
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Hits) != tc.wantHits {
				t.Fatalf("got %d hits (%s), want %d", len(res.Hits), res.Note, tc.wantHits)
			}
			if got := res.Hits[0].Claim.Slug; !strings.HasPrefix(got, tc.wantFirst) {
				t.Errorf("got first hit %s, want %s...", got, tc.wantFirst)
			}
		})
	}
}
