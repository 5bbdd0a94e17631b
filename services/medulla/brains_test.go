package medulla_test

import (
	"testing"

	"google.golang.org/grpc/codes"

	medullav1 "github.com/organism-dev/organism/proto/organism/medulla/v1"
)

func TestRegisterBrain(t *testing.T) {
	f := newFixture(t)
	cases := []struct {
		name       string
		client     medullav1.MedullaServiceClient
		req        *medullav1.RegisterBrainRequest
		wantCode   codes.Code
		wantReason string
	}{
		{"agent may not register", f.agent, &medullav1.RegisterBrainRequest{Name: "other", RepoRoot: "/srv/other"}, codes.PermissionDenied, "OWNER_ONLY"},
		{"reserved medulla tier", f.owner, &medullav1.RegisterBrainRequest{Name: "medulla", RepoRoot: "/srv/m"}, codes.PermissionDenied, "RESERVED_BRAIN"},
		{"uppercase name", f.owner, &medullav1.RegisterBrainRequest{Name: "Loja", RepoRoot: "/srv/l"}, codes.InvalidArgument, "INVALID_ARGUMENT"},
		{"name with slash", f.owner, &medullav1.RegisterBrainRequest{Name: "a/b", RepoRoot: "/srv/l"}, codes.InvalidArgument, "INVALID_ARGUMENT"},
		{"trailing dash", f.owner, &medullav1.RegisterBrainRequest{Name: "abc-", RepoRoot: "/srv/l"}, codes.InvalidArgument, "INVALID_ARGUMENT"},
		{"relative repo root", f.owner, &medullav1.RegisterBrainRequest{Name: "rel", RepoRoot: "srv/l"}, codes.InvalidArgument, "INVALID_ARGUMENT"},
		{"soul path escapes", f.owner, &medullav1.RegisterBrainRequest{Name: "esc", RepoRoot: "/srv/l", SoulPath: "../x.md"}, codes.InvalidArgument, "INVALID_ARGUMENT"},
		{"unknown policy", f.owner, &medullav1.RegisterBrainRequest{Name: "pol", RepoRoot: "/srv/l", Policy: 9}, codes.InvalidArgument, "INVALID_ARGUMENT"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := tc.client.RegisterBrain(ctx(), tc.req)
			wantRefusal(t, err, tc.wantCode, tc.wantReason)
		})
	}
	res, err := f.owner.ListBrains(ctx(), &medullav1.ListBrainsRequest{})
	if err != nil {
		t.Fatal(err)
	}
	if got := len(res.GetBrains()); got != 2 {
		t.Fatalf("after refusals got %d brains, want 2 (loja + medulla): bad input must change nothing", got)
	}
}

func TestBrainsRegistry(t *testing.T) {
	f := newFixture(t)
	b := f.brain("loja")
	if b.GetSoulPath() != "docs/PATHOS.md" || b.GetPolicy() != medullav1.FederationPolicy_FEDERATION_POLICY_OWNER_PERSONAL || b.GetReserved() {
		t.Fatalf("got %+v, want default soul path, owner-personal policy, not reserved", b)
	}
	m := f.brain("medulla")
	if !m.GetReserved() {
		t.Fatalf("got medulla reserved=false, want the reserved doctrine tier")
	}
	// Re-registering updates in place and says it was not created.
	res, err := f.owner.RegisterBrain(ctx(), &medullav1.RegisterBrainRequest{Name: "loja", RepoRoot: f.repo, SoulPath: "PATHOS.md", Policy: medullav1.FederationPolicy_FEDERATION_POLICY_ISOLATED})
	if err != nil {
		t.Fatal(err)
	}
	if res.GetCreated() || res.GetBrain().GetSoulPath() != "PATHOS.md" || res.GetBrain().GetPolicy() != medullav1.FederationPolicy_FEDERATION_POLICY_ISOLATED {
		t.Fatalf("got %+v created=%v, want updated soul path and policy, created=false", res.GetBrain(), res.GetCreated())
	}
	f.register("other", medullav1.FederationPolicy_FEDERATION_POLICY_UNSPECIFIED)

	t.Run("agent sees own brain and medulla only", func(t *testing.T) {
		res, err := f.agent.ListBrains(ctx(), &medullav1.ListBrainsRequest{})
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, b := range res.GetBrains() {
			names = append(names, b.GetName())
		}
		if len(names) != 2 || names[0] != "loja" || names[1] != "medulla" {
			t.Fatalf("got %v, want [loja medulla]", names)
		}
	})
	t.Run("agent may not read a foreign brain", func(t *testing.T) {
		_, err := f.agent.GetBrain(ctx(), &medullav1.GetBrainRequest{Name: "other"})
		wantRefusal(t, err, codes.PermissionDenied, "FOREIGN_BRAIN")
	})
	t.Run("owner sees every brain", func(t *testing.T) {
		res, err := f.owner.ListBrains(ctx(), &medullav1.ListBrainsRequest{})
		if err != nil {
			t.Fatal(err)
		}
		if got := len(res.GetBrains()); got != 3 {
			t.Fatalf("got %d brains, want 3", got)
		}
	})
	t.Run("missing brain", func(t *testing.T) {
		_, err := f.owner.GetBrain(ctx(), &medullav1.GetBrainRequest{Name: "nope"})
		wantRefusal(t, err, codes.NotFound, "BRAIN_NOT_FOUND")
	})
	t.Run("no credential", func(t *testing.T) {
		_, err := f.client(f.env.Conn(nil)).ListBrains(ctx(), &medullav1.ListBrainsRequest{})
		if code, _, _, _ := refusalOf(err); code != codes.Unauthenticated {
			t.Fatalf("got %v, want Unauthenticated", err)
		}
	})
}
