package peers

import (
	"context"

	presencev1 "github.com/organism-dev/organism/proto/organism/presence/v1"
	"github.com/organism-dev/organism/services/mission/domain"
)

// Presence lists a runner in presence's roster. The roster is advisory: the runner logs a
// failure here and keeps working.
type Presence struct {
	client presencev1.PresenceServiceClient
}

// NewPresence returns the adapter over client, which carries the runner's own credential.
func NewPresence(client presencev1.PresenceServiceClient) *Presence { return &Presence{client: client} }

// rosterTTL is how long a runner's entry lives without a refresh; the runner refreshes it on
// every claim and at the start of every run, well inside it.
const rosterTTL = 120

// Announce registers the runner (or refreshes presenceID, when not empty) as kind runner,
// working in worktree when one is given, and returns its presence id.
func (p *Presence) Announce(ctx context.Context, presenceID, runnerID, worktree string) (string, error) {
	resp, err := p.client.Register(ctx, &presencev1.RegisterRequest{PresenceId: presenceID, Kind: "runner",
		Theme: "runner " + runnerID, Intent: presencev1.Intent_INTENT_READ, Worktree: worktree, TtlSeconds: rosterTTL})
	if err != nil {
		return "", answerFrom(domain.ReasonPresenceUnavailable, "presence", "presence Register", err)
	}
	return resp.GetPresence().GetPresenceId(), nil
}

// Leave takes the runner off the roster.
func (p *Presence) Leave(ctx context.Context, presenceID string) error {
	_, err := p.client.Leave(ctx, &presencev1.LeaveRequest{PresenceId: presenceID})
	if err != nil {
		return answerFrom(domain.ReasonPresenceUnavailable, "presence", "presence Leave", err)
	}
	return nil
}
