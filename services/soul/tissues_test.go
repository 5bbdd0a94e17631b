package soul_test

import (
	"testing"

	"google.golang.org/grpc/codes"

	soulv1 "github.com/organism-dev/organism/proto/organism/soul/v1"
)

func TestTissueMapsAreTheOwners(t *testing.T) {
	f := newFixture(t)
	declaredBefore := func(c soulv1.SoulServiceClient, req *soulv1.CheckSoulRequest) int32 {
		t.Helper()
		resp, err := c.CheckSoul(ctx(), req)
		if err != nil {
			t.Fatal(err)
		}
		return resp.GetReport().GetClaims().GetDeclared()
	}
	if got := declaredBefore(f.agent, &soulv1.CheckSoulRequest{Brain: "loja"}); got != 1 {
		t.Fatalf("declared with the built-in map: got %d, want 1", got)
	}

	tests := []struct {
		name       string
		call       func() error
		wantCode   codes.Code
		wantReason string
	}{
		{"agent cannot store a map", func() error {
			_, err := f.agent.SetTissues(ctx(), &soulv1.SetTissuesRequest{Brain: "loja", Tissues: map[string]string{"current state": "declared"}})
			return err
		}, codes.PermissionDenied, "OWNER_ONLY"},
		{"agent cannot record a check with overrides", func() error {
			_, err := f.agent.CheckSoul(ctx(), &soulv1.CheckSoulRequest{Brain: "loja", Tissues: map[string]string{"current state": "declared"}})
			return err
		}, codes.PermissionDenied, "OWNER_ONLY"},
		{"bad tissue name", func() error {
			_, err := f.owner.SetTissues(ctx(), &soulv1.SetTissuesRequest{Brain: "loja", Tissues: map[string]string{"x": "sacred"}})
			return err
		}, codes.InvalidArgument, "INVALID_ARGUMENT"},
		{"unknown brain", func() error {
			_, err := f.owner.SetTissues(ctx(), &soulv1.SetTissuesRequest{Brain: "nobody", Tissues: map[string]string{"x": "declared"}})
			return err
		}, codes.NotFound, "BRAIN_NOT_FOUND"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, reason, _ := refusalOf(t, tc.call())
			if code != tc.wantCode || reason != tc.wantReason {
				t.Errorf("got %v/%s, want %v/%s", code, reason, tc.wantCode, tc.wantReason)
			}
		})
	}
	// a dry run may explore a map; "current state" stays checked because its lines cite artifacts
	if got := declaredBefore(f.agent, &soulv1.CheckSoulRequest{Brain: "loja", DryRun: true, Tissues: map[string]string{"current state": "declared", "operating doctrine": "verifiable"}}); got != 0 {
		t.Errorf("agent dry run with overrides: got %d declared, want 0", got)
	}

	set, err := f.owner.SetTissues(ctx(), &soulv1.SetTissuesRequest{Brain: "loja", Tissues: map[string]string{"Operating Doctrine": "verifiable"}})
	if err != nil {
		t.Fatal(err)
	}
	if set.GetTissues()["operating doctrine"] != "verifiable" || set.GetReceipt().GetKind() != "tissues" {
		t.Errorf("set: got %v, want the stored map and a tissues receipt", set)
	}
	resp, err := f.agent.CheckSoul(ctx(), &soulv1.CheckSoulRequest{Brain: "loja", IncludeClaims: true})
	if err != nil {
		t.Fatal(err)
	}
	if got := resp.GetReport().GetClaims().GetDeclared(); got != 0 {
		t.Errorf("declared under the owner's map: got %d, want 0", got)
	}
	if _, err := f.owner.SetTissues(ctx(), &soulv1.SetTissuesRequest{Brain: "loja"}); err != nil {
		t.Fatal(err)
	}
	if got := declaredBefore(f.agent, &soulv1.CheckSoulRequest{Brain: "loja"}); got != 1 {
		t.Errorf("declared after clearing the map: got %d, want 1", got)
	}
}
