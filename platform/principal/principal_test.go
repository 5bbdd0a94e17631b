package principal_test

import (
	"testing"

	"github.com/organism-dev/organism/platform/principal"
)

func TestPredicatesByOrigin(t *testing.T) {
	tests := []struct {
		origin                      principal.Origin
		human, agent, service, peer bool
	}{
		{principal.OriginAgent, false, true, false, false},
		{principal.OriginHumanUI, true, false, false, false},
		{principal.OriginHumanCLI, true, false, false, false},
		{principal.OriginService, false, false, true, false},
		{principal.OriginPeer, false, false, false, true},
		{"", false, false, false, false},
	}
	for _, tt := range tests {
		t.Run(string(tt.origin), func(t *testing.T) {
			p := principal.Principal{Origin: tt.origin}
			if p.Human() != tt.human || p.Owner() != tt.human || p.Agent() != tt.agent || p.Service() != tt.service || p.Peer() != tt.peer {
				t.Errorf("got human=%v agent=%v service=%v peer=%v, want %v %v %v %v",
					p.Human(), p.Agent(), p.Service(), p.Peer(), tt.human, tt.agent, tt.service, tt.peer)
			}
		})
	}
}

func TestBoundToNeedsAnAgentAndAMatchingBrain(t *testing.T) {
	tests := []struct {
		name string
		p    principal.Principal
		want bool
	}{
		{"agent in its brain", principal.Principal{Origin: principal.OriginAgent, Brain: "loja"}, true},
		{"agent elsewhere", principal.Principal{Origin: principal.OriginAgent, Brain: "loja"}, false},
		{"agent unbound", principal.Principal{Origin: principal.OriginAgent}, false},
		{"owner", principal.Principal{Origin: principal.OriginHumanCLI, Brain: "loja"}, false},
	}
	brains := []string{"loja", "other", "", "loja"}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.p.BoundTo(brains[i]); got != tt.want {
				t.Errorf("BoundTo(%q): got %v, want %v", brains[i], got, tt.want)
			}
		})
	}
}

func TestName(t *testing.T) {
	tests := []struct {
		p    principal.Principal
		want string
	}{
		{principal.Principal{AgentID: "ada", Origin: principal.OriginAgent}, "ada"},
		{principal.Principal{Origin: principal.OriginHumanUI}, "owner"},
		{principal.Principal{Origin: principal.OriginService}, "service"},
	}
	for _, tt := range tests {
		if got := tt.p.Name(); got != tt.want {
			t.Errorf("Name(%+v): got %q, want %q", tt.p, got, tt.want)
		}
	}
}
