package medulla_test

import (
	"fmt"
	"sort"
	"strconv"
	"sync"
	"testing"

	"google.golang.org/grpc/codes"

	medullav1 "github.com/organism-dev/organism/proto/organism/medulla/v1"
)

func TestServicesCannotWriteDoctrineDirectly(t *testing.T) {
	f := newFixture(t)
	mission := f.client(f.env.Service("mission"))
	res, err := mission.Memorize(ctx(), fact("debrief-1", "Mission debrief: the gate was flaky."))
	if err != nil || res.GetClaim().GetProvenance().GetSourceAgent() != "mission" {
		t.Fatalf("got %v %v, want a service write into a project brain stamped Source-Agent mission", res, err)
	}
	doctrine := fact("shortcut", "Doctrine without the gauntlet.")
	doctrine.Brain = "medulla"
	_, err = mission.Memorize(ctx(), doctrine)
	wantRefusal(t, err, codes.PermissionDenied, "FOREIGN_BRAIN")
	if _, err := mission.GetBrain(ctx(), &medullav1.GetBrainRequest{Name: "medulla"}); err != nil {
		t.Fatalf("got %v, want services to read the doctrine tier", err)
	}
}

func TestBumpStoreVersion(t *testing.T) {
	f := newFixture(t)
	f.memorize(f.agent, fact("x", "X holds."))
	hall := f.client(f.env.OwnerSession())
	res, err := hall.BumpStoreVersion(ctx(), &medullav1.BumpStoreVersionRequest{Brain: "loja", ExpectedStoreVersion: 1, Effect: "land", Subject: "msn_1", Details: map[string]string{"head": "ltr_9"}})
	if err != nil {
		t.Fatal(err)
	}
	r := res.GetReceipt()
	if r.GetStoreVersionBefore() != 1 || r.GetStoreVersionAfter() != 2 || r.GetProposal().GetEffect() != "land" || r.GetDetails()["head"] != "ltr_9" {
		t.Fatalf("got %+v, want land 1->2 with details", r)
	}
	cases := []struct {
		name       string
		client     medullav1.MedullaServiceClient
		req        *medullav1.BumpStoreVersionRequest
		wantCode   codes.Code
		wantReason string
	}{
		{"lost race", f.owner, &medullav1.BumpStoreVersionRequest{Brain: "loja", ExpectedStoreVersion: 1, Effect: "land"}, codes.Aborted, "STORE_VERSION_MISMATCH"},
		{"agent origin", f.agent, &medullav1.BumpStoreVersionRequest{Brain: "loja", ExpectedStoreVersion: 2, Effect: "land"}, codes.PermissionDenied, "ORIGIN_NOT_HUMAN"},
		{"service origin", f.client(f.env.Service("mission")), &medullav1.BumpStoreVersionRequest{Brain: "loja", ExpectedStoreVersion: 2, Effect: "land"}, codes.PermissionDenied, "ORIGIN_NOT_HUMAN"},
		{"bad effect", f.owner, &medullav1.BumpStoreVersionRequest{Brain: "loja", ExpectedStoreVersion: 2, Effect: "LAND NOW"}, codes.InvalidArgument, "INVALID_ARGUMENT"},
		{"missing brain", f.owner, &medullav1.BumpStoreVersionRequest{Brain: "ghost", ExpectedStoreVersion: 0}, codes.NotFound, "BRAIN_NOT_FOUND"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := tc.client.BumpStoreVersion(ctx(), tc.req)
			wantRefusal(t, err, tc.wantCode, tc.wantReason)
			if got := f.brain("loja").GetStoreVersion(); got != 2 {
				t.Fatalf("got store version %d, want 2 unchanged", got)
			}
		})
	}
}

func TestReceiptsLedgerPagesNewestFirst(t *testing.T) {
	f := newFixture(t)
	for i := 0; i < 7; i++ {
		f.memorize(f.agent, fact(fmt.Sprintf("c%d", i), "claim body"))
	}
	_, _ = f.agent.Memorize(ctx(), fact("e", ""))
	var seen []*medullav1.ListReceiptsResponse
	token := ""
	for pages := 0; ; pages++ {
		if pages == maxPages {
			t.Fatalf("no end to the list after %d pages", maxPages)
		}
		res, err := f.agent.ListReceipts(ctx(), &medullav1.ListReceiptsRequest{Brain: "loja", Page: pageReq(3, token)})
		if err != nil {
			t.Fatal(err)
		}
		seen = append(seen, res)
		if token = res.GetPage().GetNextPageToken(); token == "" {
			break
		}
	}
	var versions []int64
	var rejections int
	for _, p := range seen {
		for _, r := range p.GetReceipts() {
			if c := r.GetCommit(); c != nil {
				versions = append(versions, c.GetStoreVersionAfter())
			} else if r.GetRejection().GetReason() == "EMPTY_BODY" {
				rejections++
				if r.GetRejection().GetStoreVersion() != 7 {
					t.Fatalf("got rejection store version %d, want 7 (unchanged)", r.GetRejection().GetStoreVersion())
				}
			}
		}
	}
	if len(versions) != 7 || rejections != 1 || versions[0] != 7 || versions[6] != 1 {
		t.Fatalf("got commit versions %v and %d rejections, want 7..1 newest first and 1 rejection", versions, rejections)
	}
	_, err := f.agent.ListReceipts(ctx(), &medullav1.ListReceiptsRequest{Brain: "loja", Page: pageReq(3, "garbage!")})
	wantRefusal(t, err, codes.InvalidArgument, "INVALID_ARGUMENT")
}

// TestConcurrentWriters runs 32 writers on one slug and 32 on distinct slugs: no lost update,
// versions strictly increasing, and every acknowledged write has its receipt in the ledger.
func TestConcurrentWriters(t *testing.T) {
	const writers, perWriter = 32, 8
	f := newFixture(t)
	type ack struct {
		slug    string
		version int64
		receipt string
		after   int64
	}
	var mu sync.Mutex
	var acks []ack
	var wg sync.WaitGroup
	errs := make(chan error, 2*writers*perWriter)
	for w := 0; w < writers; w++ {
		for _, shared := range []bool{true, false} {
			wg.Add(1)
			go func(w int, shared bool) {
				defer wg.Done()
				client := f.agentIn(fmt.Sprintf("w%d", w), "loja")
				for i := 0; i < perWriter; i++ {
					slug := "hot"
					if !shared {
						slug = fmt.Sprintf("cold-%d", w)
					}
					res, err := client.Memorize(ctx(), fact(slug, fmt.Sprintf("writer %d write %d", w, i)))
					if err != nil {
						errs <- err
						return
					}
					mu.Lock()
					acks = append(acks, ack{slug, res.GetClaim().GetVersion(), res.GetReceipt().GetReceiptId(), res.GetReceipt().GetStoreVersionAfter()})
					mu.Unlock()
				}
			}(w, shared)
		}
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	total := 2 * writers * perWriter
	if len(acks) != total {
		t.Fatalf("got %d acks, want %d", len(acks), total)
	}
	versions, err := history(f.owner, "loja", "hot")
	if err != nil {
		t.Fatal(err)
	}
	if got := len(versions); got != writers*perWriter {
		t.Fatalf("got %d versions of the hot slug, want %d: an update was lost", got, writers*perWriter)
	}
	for i, v := range versions {
		if v.GetVersion() != int64(i+1) {
			t.Fatalf("got version %d at position %d, want strictly increasing from 1", v.GetVersion(), i)
		}
		if live := i == len(versions)-1; live != (v.GetSupersededAt() == nil) {
			t.Fatalf("version %d: superseded=%v, want only the last live", v.GetVersion(), v.GetSupersededAt() != nil)
		}
	}
	// Each acknowledged version number per slug is unique, and so is each store version.
	seenVersion := map[string]bool{}
	var storeVersions []int
	for _, a := range acks {
		key := a.slug + "@" + strconv.FormatInt(a.version, 10)
		if seenVersion[key] {
			t.Fatalf("two acks for %s", key)
		}
		seenVersion[key] = true
		storeVersions = append(storeVersions, int(a.after))
	}
	sort.Ints(storeVersions)
	for i, v := range storeVersions {
		if v != i+1 {
			t.Fatalf("got store versions %v..., want 1..%d with no gap or repeat", storeVersions[:i+1], total)
		}
	}
	inLedger := map[string]bool{}
	for _, p := range f.receipts("loja") {
		for _, r := range p.GetReceipts() {
			inLedger[r.GetCommit().GetReceiptId()] = true
		}
	}
	for _, a := range acks {
		if !inLedger[a.receipt] {
			t.Fatalf("acknowledged receipt %s is not in the ledger", a.receipt)
		}
	}
}
