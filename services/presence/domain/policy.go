package domain

import (
	"github.com/organism-dev/organism/platform/principal"
	"github.com/organism-dev/organism/platform/refusal"
)

// Who may do what with presences. The principal comes from the verified credential only.

// unbound principals (the owner, Organism services such as mission registering runners) may
// name any brain; an agent acts only in the brain its credential is bound to.
func unbound(p principal.Principal) bool { return p.Owner() || p.Service() }

// resolveBrain picks the brain a write acts in: an agent's own binding, or the brain an
// unbound principal names.
func resolveBrain(p principal.Principal, requested string) (string, error) {
	if unbound(p) {
		if requested == "" {
			return "", invalid(violation("brain", "required for callers without a brain binding"))
		}
		if v := checkBrainName(requested); v != "" {
			return "", invalid(violation("brain", "%s", v))
		}
		if reservedBrain(requested) {
			return "", refusal.Field(ReasonReservedBrain, "brain", "brain names starting with \"_\" are reserved for the service's ledgers")
		}
		return requested, nil
	}
	return boundBrain(p, requested)
}

// readBrain resolves the brain filter of a read: empty means every brain for an unbound
// principal and its own brain for an agent.
func readBrain(p principal.Principal, requested string) (string, error) {
	if unbound(p) {
		if requested != "" {
			if v := checkBrainName(requested); v != "" {
				return "", invalid(violation("brain", "%s", v))
			}
		}
		return requested, nil
	}
	return boundBrain(p, requested)
}

// boundBrain holds a bound principal to its binding. A principal that is neither unbound nor
// bound to a brain (a peer) sees no brain at all rather than every brain.
func boundBrain(p principal.Principal, requested string) (string, error) {
	if p.Brain == "" || (requested != "" && requested != p.Brain) {
		return "", errForeignBrain(requested)
	}
	return p.Brain, nil
}

// mayRead reports whether p may see presences of brain.
func mayRead(p principal.Principal, brain string) bool {
	return unbound(p) || (p.Brain != "" && p.Brain == brain)
}
