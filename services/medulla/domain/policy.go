package domain

import "github.com/organism-dev/organism/platform/principal"

// mayAct says whether p may act in brain: the owner anywhere, Organism services in any project
// brain, an agent only in its bound brain. Only the owner writes the medulla tier directly;
// everyone else reaches it through the promote gauntlet (C8.3), never around it.
func mayAct(p principal.Principal, brain string) bool {
	switch {
	case p.Owner():
		return true
	case brain == MedullaBrain:
		return false
	case p.Service():
		return true
	}
	return p.BoundTo(brain)
}

// mayRead says whether p may read brain: its own binding and the medulla tier. A federation
// peer reads nothing through the ordinary doors: it has PeerDoctrine, which only ever shows
// what crossed into the medulla tier.
func mayRead(p principal.Principal, brain string) bool {
	if p.Peer() {
		return false
	}
	return mayAct(p, brain) || brain == MedullaBrain
}
