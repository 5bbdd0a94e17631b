package medulla_test

import (
	"testing"

	"google.golang.org/grpc/codes"

	medullav1 "github.com/organism-dev/organism/proto/organism/medulla/v1"
)

func TestLearnAndPortfolio(t *testing.T) {
	f := newFixture(t)
	twoDoctrines(t, f)
	f.register("vault", medullav1.FederationPolicy_FEDERATION_POLICY_ISOLATED)
	m1nd := f.agentIn("agent-9", "m1nd")
	other := f.agentIn("agent-10", "m1nd")
	learn := func(c medullav1.MedullaServiceClient, brain string, fb medullav1.Feedback) (*medullav1.LearnResponse, error) {
		return c.Learn(ctx(), &medullav1.LearnRequest{Brain: brain, Slug: "loja.retry-jitter", Feedback: fb})
	}

	t.Run("not_wrong from another brain counts one reuse event, once per learner", func(t *testing.T) {
		res, err := learn(m1nd, "m1nd", medullav1.Feedback_FEEDBACK_NOT_WRONG)
		if err != nil || !res.GetCounted() || res.GetReuseCount() != 1 || res.GetReceipt().GetBrain() != "m1nd" {
			t.Fatalf("got %v %v, want one counted reuse event with a receipt in m1nd", res, err)
		}
		res, err = learn(m1nd, "m1nd", medullav1.Feedback_FEEDBACK_NOT_WRONG)
		if err != nil || res.GetCounted() || res.GetReuseCount() != 1 || res.GetReceipt() != nil {
			t.Fatalf("got %v %v, want the repeat not counted", res, err)
		}
		res, err = learn(other, "m1nd", medullav1.Feedback_FEEDBACK_WRONG)
		if err != nil || !res.GetCounted() || res.GetReuseCount() != 1 || res.GetWrongCount() != 1 {
			t.Fatalf("got %v %v, want a wrong event recorded but not counted as reuse", res, err)
		}
	})

	cases := []struct {
		name       string
		client     medullav1.MedullaServiceClient
		brain      string
		feedback   medullav1.Feedback
		wantCode   codes.Code
		wantReason string
	}{
		{"the claim's own brain", f.agent, "loja", medullav1.Feedback_FEEDBACK_NOT_WRONG, codes.FailedPrecondition, "NOT_CROSSED"},
		{"no feedback", m1nd, "m1nd", medullav1.Feedback_FEEDBACK_UNSPECIFIED, codes.InvalidArgument, "INVALID_ARGUMENT"},
		{"someone else's brain", m1nd, "loja", medullav1.Feedback_FEEDBACK_NOT_WRONG, codes.PermissionDenied, "FOREIGN_BRAIN"},
		{"an isolated brain", f.agentIn("agent-v", "vault"), "vault", medullav1.Feedback_FEEDBACK_NOT_WRONG, codes.PermissionDenied, "ISOLATED_BRAIN"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := learn(tc.client, tc.brain, tc.feedback)
			wantRefusal(t, err, tc.wantCode, tc.wantReason)
		})
	}

	t.Run("portfolio per brain, isolated as a count only", func(t *testing.T) {
		res, err := f.owner.Portfolio(ctx(), &medullav1.PortfolioRequest{})
		if err != nil {
			t.Fatal(err)
		}
		rows := map[string]*medullav1.PortfolioRow{}
		for _, r := range res.GetRows() {
			rows[r.GetBrain()] = r
		}
		if _, ok := rows["vault"]; ok || res.GetIsolatedCount() != 1 || len(rows) != 2 {
			t.Fatalf("got rows %v isolated %d, want loja and m1nd listed and vault only counted", rows, res.GetIsolatedCount())
		}
		loja := rows["loja"]
		if loja.GetLiveClaims() != 1 || loja.GetVerified() != 1 || loja.GetPromotedOut() != 1 || loja.GetReusedElsewhere() != 1 || loja.GetWrongElsewhere() != 1 {
			t.Fatalf("got loja %v, want 1 live, 1 verified, 1 promoted out, 1 reused, 1 wrong", loja)
		}
		if m := rows["m1nd"]; m.GetPromotedOut() != 1 || m.GetReusedElsewhere() != 0 {
			t.Fatalf("got m1nd %v, want 1 promoted out, 0 reused", m)
		}
		if res.GetMedullaLive() != 2 {
			t.Fatalf("got medulla live %d, want 2", res.GetMedullaLive())
		}
		mine, err := m1nd.Portfolio(ctx(), &medullav1.PortfolioRequest{})
		if err != nil || len(mine.GetRows()) != 1 || mine.GetRows()[0].GetBrain() != "m1nd" {
			t.Fatalf("got %v %v, want an agent to see its own brain's row only", mine, err)
		}
	})
}
