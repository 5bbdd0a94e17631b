package domain

// Origin says where a request really came from (derived from credentials by transport).
type Origin string

// The origins a caller can have.
const (
	OriginAgent    Origin = "agent"
	OriginHumanUI  Origin = "human-ui"
	OriginHumanCLI Origin = "human-cli"
	OriginService  Origin = "service"
	OriginPeer     Origin = "peer"
)

// OwnerAgentID is the Source-Agent stamped on the owner's own writes.
const OwnerAgentID = "owner"

// Caller is the authenticated identity of a request; it never comes from request fields.
type Caller struct {
	AgentID string
	Seat    string
	// Brain is the credential's binding; empty for the owner and services.
	Brain  string
	Origin Origin
}

// Human reports whether the caller is the owner acting through the Hall or the CLI.
func (c Caller) Human() bool { return c.Origin == OriginHumanUI || c.Origin == OriginHumanCLI }

// Owner reports whether the caller is the owner.
func (c Caller) Owner() bool { return c.Human() }

// Name is what provenance and receipts record as the actor.
func (c Caller) Name() string {
	if c.AgentID != "" {
		return c.AgentID
	}
	if c.Owner() {
		return OwnerAgentID
	}
	return string(c.Origin)
}

// mayAct says whether the caller may act in brain: the owner anywhere, Organism services in
// any project brain, an agent only in its bound brain. Only the owner writes the medulla tier
// directly; everyone else reaches it through the promote gauntlet (C8.3), never around it.
func (c Caller) mayAct(brain string) bool {
	if c.Owner() {
		return true
	}
	if brain == MedullaBrain {
		return false
	}
	if c.Origin == OriginService {
		return true
	}
	return c.Origin == OriginAgent && c.Brain != "" && c.Brain == brain
}

// mayRead says whether the caller may read brain: its own binding and the medulla tier. A
// federation peer reads nothing through the ordinary doors: it has PeerDoctrine, which only
// ever shows what crossed into the medulla tier.
func (c Caller) mayRead(brain string) bool {
	if c.Origin == OriginPeer {
		return false
	}
	return c.mayAct(brain) || brain == MedullaBrain
}
