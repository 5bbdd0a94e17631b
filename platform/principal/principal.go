// Package principal is who a request acts as, in the terms every organ's domain uses. Transport
// builds it once from the verified credential (auth.Identity.Principal); no request field can
// set any part of it. Policy on what a principal may do stays in each organ.
package principal

// Origin says where a request really came from.
type Origin string

// The origins a principal can have. Only the owner is human, through the CLI credential or a
// Hall session the gateway vouches for.
const (
	OriginAgent    Origin = "agent"
	OriginHumanUI  Origin = "human-ui"
	OriginHumanCLI Origin = "human-cli"
	OriginService  Origin = "service"
	OriginPeer     Origin = "peer"
)

// OwnerName is the actor name recorded for the owner's own acts.
const OwnerName = "owner"

// Principal is a verified caller.
type Principal struct {
	AgentID string
	Seat    string
	// Brain is the credential's binding; empty for the owner, services and peers.
	Brain  string
	Origin Origin
}

// Human reports whether the principal is the owner acting through the Hall or the CLI.
func (p Principal) Human() bool { return p.Origin == OriginHumanUI || p.Origin == OriginHumanCLI }

// Owner reports whether the principal is the owner; only the owner is human.
func (p Principal) Owner() bool { return p.Human() }

// Agent reports whether the principal is an agent acting under its own credential.
func (p Principal) Agent() bool { return p.Origin == OriginAgent }

// Service reports whether the principal is an Organism service acting for itself.
func (p Principal) Service() bool { return p.Origin == OriginService }

// Peer reports whether the principal is a federated medulla.
func (p Principal) Peer() bool { return p.Origin == OriginPeer }

// BoundTo reports whether an agent's credential is bound to brain.
func (p Principal) BoundTo(brain string) bool { return p.Agent() && p.Brain != "" && p.Brain == brain }

// Name is what provenance and receipts record as the actor: the agent id, "owner" for the
// owner, or the origin for a service or peer that has no agent id.
func (p Principal) Name() string {
	switch {
	case p.AgentID != "":
		return p.AgentID
	case p.Owner():
		return OwnerName
	}
	return string(p.Origin)
}
