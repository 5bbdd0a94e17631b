package domain

import "github.com/organism-dev/organism/platform/refusal"

// mover says who may draw an arrow of the phase machine.
type mover int

const (
	// moverBrain is anyone whose credential may act in the mission's brain.
	moverBrain mover = iota
	// moverRunner is the pinned runner holding the mission's live lease.
	moverRunner
	// moverHuman is the owner (human-ui or human-cli).
	moverHuman
	// moverRunnerOrHuman is either of the two above.
	moverRunnerOrHuman
)

type arrow struct{ from, to Phase }

// arrows is §6 after chartering. landed is absent on purpose: its one arrow in is the landing
// gate (ImportReceipt), never a posted letter. merge_wait -> merge_wait is a re-run of the gate
// after stale scope, which replaces the candidate.
var arrows = map[arrow]mover{
	{PhaseJudging, PhaseExecuting}:    moverRunner,
	{PhaseJudging, PhaseSpawnRefused}: moverBrain,
	{PhaseJudging, PhaseAbandoned}:    moverBrain,
	{PhaseExecuting, PhaseMergeWait}:  moverRunner,
	{PhaseExecuting, PhaseFailed}:     moverRunnerOrHuman,
	{PhaseExecuting, PhaseAbandoned}:  moverHuman,
	{PhaseMergeWait, PhaseMergeWait}:  moverRunner,
	{PhaseMergeWait, PhaseFailed}:     moverRunnerOrHuman,
}

// gestures are the arrows no posted letter draws: each is one human-origin gesture of the
// organ, with its receipt, and next refuses them as letters. landed has exactly these ways in:
// the owner's landing stamp on a code mission (ImportReceipt), and the owner's ratify of the
// candidate a curation chain curated (RatifySkeleton; the curation lane's one human arrow).
// A curation chain whose candidate the owner discards closes through the posted arrow
// judging -> abandoned, drawn by the owner's DiscardCandidate.
var gestures = map[arrow]string{
	{PhaseMergeWait, PhaseLanded}: "ImportReceipt",
	{PhaseJudging, PhaseLanded}:   "RatifySkeleton",
}

// gesture checks that the named gesture may move a head in phase from to phase to.
func gesture(name string, from, to Phase) error {
	if g, ok := gestures[arrow{from, to}]; !ok || g != name {
		return refusal.New(ReasonIllegalTransition, "%s draws no arrow %s -> %s", name, from, to)
	}
	return nil
}

// next returns the phase the mission is in after l is appended to a head in phase from, and who
// may post it. Advisory letters are a self-loop: appended and shown, the phase unmoved.
func next(from Phase, l Letter) (Phase, mover, error) {
	if from.Terminal() {
		return "", 0, refusal.New(ReasonIllegalTransition, "mission is %s: the chain is closed", from)
	}
	if l.Advisory {
		if from != PhaseJudging && from != PhaseMergeWait {
			return "", 0, refusal.New(ReasonIllegalTransition, "a parecer speaks on a judging or merge_wait head, not %s", from)
		}
		return from, moverBrain, nil
	}
	if l.Phase == PhaseLanded {
		return "", 0, refusal.New(ReasonIllegalTransition, "landed has exactly one way in: the owner's ImportReceipt")
	}
	who, ok := arrows[arrow{from, l.Phase}]
	if !ok {
		return "", 0, refusal.New(ReasonIllegalTransition, "no arrow %s -> %s", from, l.Phase)
	}
	return l.Phase, who, nil
}
