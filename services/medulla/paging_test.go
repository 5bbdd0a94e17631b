package medulla_test

import (
	"encoding/base64"
	"fmt"
	"slices"
	"testing"

	"google.golang.org/grpc/codes"

	commonv1 "github.com/organism-dev/organism/proto/organism/common/v1"
	medullav1 "github.com/organism-dev/organism/proto/organism/medulla/v1"
)

// pageThrough calls one page at a time until the empty token, the explicit end. It returns
// the keys of every item in order and the size of every page.
func pageThrough(t *testing.T, size int32, call func(*commonv1.PageRequest) ([]string, *commonv1.PageResponse, error)) ([]string, []int) {
	t.Helper()
	var keys []string
	var sizes []int
	token := ""
	for range maxPages {
		got, page, err := call(pageReq(size, token))
		if err != nil {
			t.Fatalf("page %d: %v", len(sizes)+1, err)
		}
		keys, sizes = append(keys, got...), append(sizes, len(got))
		if token = page.GetNextPageToken(); token == "" {
			return keys, sizes
		}
	}
	t.Fatalf("no end after %d pages", maxPages)
	return nil, nil
}

// TestListsPageToTheirEnd: ListBrains, History and ListPeers page through everything they
// hold, in order, with no duplicates and no gaps; every page but the last is full, and the
// last says so with an empty token.
func TestListsPageToTheirEnd(t *testing.T) {
	f := newFixture(t)
	wantBrains := []string{"loja", "medulla"}
	for i := range 7 {
		name := fmt.Sprintf("b%02d", i)
		f.register(name, medullav1.FederationPolicy_FEDERATION_POLICY_UNSPECIFIED)
		wantBrains = append(wantBrains, name)
	}
	slices.Sort(wantBrains)
	var wantVersions []string
	for v := 1; v <= 8; v++ {
		f.memorize(f.agent, fact("paged", fmt.Sprintf("version %d of the paged claim", v)))
		wantVersions = append(wantVersions, fmt.Sprint(v))
	}
	var wantPeers []string
	for i := range 5 {
		name := fmt.Sprintf("peer%d", i)
		if _, err := f.owner.FollowPeer(ctx(), &medullav1.FollowPeerRequest{Name: name, Addr: name + ".example:7700", Credential: "org1.peer"}); err != nil {
			t.Fatal(err)
		}
		wantPeers = append(wantPeers, name)
	}
	cases := []struct {
		name string
		size int32
		want []string
		call func(*commonv1.PageRequest) ([]string, *commonv1.PageResponse, error)
	}{
		{"brains", 2, wantBrains, func(p *commonv1.PageRequest) ([]string, *commonv1.PageResponse, error) {
			res, err := f.owner.ListBrains(ctx(), &medullav1.ListBrainsRequest{Page: p})
			var keys []string
			for _, b := range res.GetBrains() {
				keys = append(keys, b.GetName())
			}
			return keys, res.GetPage(), err
		}},
		{"history", 3, wantVersions, func(p *commonv1.PageRequest) ([]string, *commonv1.PageResponse, error) {
			res, err := f.agent.History(ctx(), &medullav1.HistoryRequest{Brain: "loja", Slug: "paged", Page: p})
			var keys []string
			for _, v := range res.GetVersions() {
				keys = append(keys, fmt.Sprint(v.GetVersion()))
			}
			return keys, res.GetPage(), err
		}},
		{"peers", 2, wantPeers, func(p *commonv1.PageRequest) ([]string, *commonv1.PageResponse, error) {
			res, err := f.owner.ListPeers(ctx(), &medullav1.ListPeersRequest{Page: p})
			var keys []string
			for _, p := range res.GetPeers() {
				keys = append(keys, p.GetName())
			}
			return keys, res.GetPage(), err
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			keys, sizes := pageThrough(t, tc.size, tc.call)
			if !slices.Equal(keys, tc.want) {
				t.Fatalf("got %v, want %v: every item once, in order", keys, tc.want)
			}
			for i, n := range sizes[:len(sizes)-1] {
				if n != int(tc.size) {
					t.Fatalf("got page %d of %d items, want %d (only the last page may be short)", i+1, n, tc.size)
				}
			}
			if want := (len(tc.want) + int(tc.size) - 1) / int(tc.size); len(sizes) != want {
				t.Fatalf("got %d pages %v, want %d: the end is said on the last page, not after it", len(sizes), sizes, want)
			}
			// One page as large as the bound holds the whole list.
			all, sizes := pageThrough(t, 100_000, tc.call)
			if !slices.Equal(all, tc.want) || len(sizes) != 1 {
				t.Fatalf("got %v in %d pages, want the whole list in one", all, len(sizes))
			}
		})
	}
}

// TestBadPageRequestsAreRefused: a token this server did not issue for the list, or a
// negative size, is INVALID_ARGUMENT naming the page field, on every paged list.
func TestBadPageRequestsAreRefused(t *testing.T) {
	f := newFixture(t)
	f.memorize(f.agent, fact("paged", "one version"))
	if _, err := f.owner.FollowPeer(ctx(), &medullav1.FollowPeerRequest{Name: "alice", Addr: "alice.example:7700", Credential: "org1.peer"}); err != nil {
		t.Fatal(err)
	}
	tok := func(s string) string { return base64.RawURLEncoding.EncodeToString([]byte(s)) }
	lists := map[string]func(*commonv1.PageRequest) error{
		"brains": func(p *commonv1.PageRequest) error {
			_, err := f.owner.ListBrains(ctx(), &medullav1.ListBrainsRequest{Page: p})
			return err
		},
		"history": func(p *commonv1.PageRequest) error {
			_, err := f.agent.History(ctx(), &medullav1.HistoryRequest{Brain: "loja", Slug: "paged", Page: p})
			return err
		},
		"peers": func(p *commonv1.PageRequest) error {
			_, err := f.owner.ListPeers(ctx(), &medullav1.ListPeersRequest{Page: p})
			return err
		},
	}
	cases := []struct {
		name      string
		page      *commonv1.PageRequest
		wantField string
		only      []string // lists the case applies to; nil for all
	}{
		{"not base64", &commonv1.PageRequest{PageToken: "!!not a token!!"}, "page.page_token", nil},
		{"garbage inside", &commonv1.PageRequest{PageToken: tok("garbage")}, "page.page_token", nil},
		{"negative size", &commonv1.PageRequest{PageSize: -1}, "page.page_size", nil},
		{"a peers token for brains", &commonv1.PageRequest{PageToken: tok("peer:alice")}, "page.page_token", []string{"brains"}},
		{"a brains token for peers", &commonv1.PageRequest{PageToken: tok("brain:loja")}, "page.page_token", []string{"peers"}},
		{"a malformed name", &commonv1.PageRequest{PageToken: tok("brain:NOT A NAME")}, "page.page_token", []string{"brains"}},
		{"a version below one", &commonv1.PageRequest{PageToken: tok("0")}, "page.page_token", []string{"history"}},
	}
	for _, tc := range cases {
		for list, call := range lists {
			if tc.only != nil && !slices.Contains(tc.only, list) {
				continue
			}
			t.Run(tc.name+"/"+list, func(t *testing.T) {
				err := call(tc.page)
				wantRefusal(t, err, codes.InvalidArgument, "INVALID_ARGUMENT")
				if _, _, fields, _ := refusalOf(err); !slices.Equal(fields, []string{tc.wantField}) {
					t.Fatalf("got fields %v, want [%s]", fields, tc.wantField)
				}
			})
		}
	}
}
