package domain

import (
	"testing"

	"github.com/organism-dev/organism/platform/refusal"
)

// TestNext pins the phase machine to §6: every arrow, who draws it, and that nothing else moves.
func TestNext(t *testing.T) {
	all := []Phase{PhaseJudging, PhaseExecuting, PhaseMergeWait, PhaseLanded, PhaseFailed, PhaseAbandoned, PhaseSpawnRefused}
	want := map[arrow]mover{
		{PhaseJudging, PhaseExecuting}:    moverRunner,
		{PhaseJudging, PhaseSpawnRefused}: moverBrain,
		{PhaseJudging, PhaseAbandoned}:    moverBrain,
		{PhaseExecuting, PhaseMergeWait}:  moverRunner,
		{PhaseExecuting, PhaseFailed}:     moverRunnerOrHuman,
		{PhaseExecuting, PhaseAbandoned}:  moverHuman,
		{PhaseMergeWait, PhaseMergeWait}:  moverRunner,
		{PhaseMergeWait, PhaseFailed}:     moverRunnerOrHuman,
	}
	for _, from := range all {
		for _, to := range all {
			t.Run(string(from)+"->"+string(to), func(t *testing.T) {
				got, who, err := next(from, Letter{Phase: to})
				w, ok := want[arrow{from, to}]
				if !ok {
					if refusal.ReasonOf(err) != ReasonIllegalTransition {
						t.Fatalf("got %v, want ILLEGAL_TRANSITION", err)
					}
					return
				}
				if err != nil || got != to || who != w {
					t.Fatalf("got (%s, %d, %v), want (%s, %d, nil)", got, who, err, to, w)
				}
			})
		}
		t.Run("parecer on "+string(from), func(t *testing.T) {
			got, _, err := next(from, Letter{Phase: PhaseJudging, Advisory: true})
			switch from {
			case PhaseJudging, PhaseMergeWait:
				if err != nil || got != from {
					t.Fatalf("got (%s, %v), want the self-loop %s", got, err, from)
				}
			default:
				if refusal.ReasonOf(err) != ReasonIllegalTransition {
					t.Fatalf("got %v, want ILLEGAL_TRANSITION", err)
				}
			}
		})
	}
}

// TestGestures pins the arrows only a gesture draws: every (gesture, from, to) is refused but
// the two ways into landed, and the curation chain's discard is the posted judging -> abandoned.
func TestGestures(t *testing.T) {
	all := []Phase{PhaseJudging, PhaseExecuting, PhaseMergeWait, PhaseLanded, PhaseFailed, PhaseAbandoned, PhaseSpawnRefused}
	want := map[string]arrow{"ImportReceipt": {PhaseMergeWait, PhaseLanded}, "RatifySkeleton": {PhaseJudging, PhaseLanded}}
	for _, name := range []string{"ImportReceipt", "RatifySkeleton", "DiscardCandidate"} {
		for _, from := range all {
			for _, to := range all {
				t.Run(name+" "+string(from)+"->"+string(to), func(t *testing.T) {
					err := gesture(name, from, to)
					if w, ok := want[name]; ok && w == (arrow{from, to}) {
						if err != nil {
							t.Fatalf("got %v, want the arrow", err)
						}
						return
					}
					if refusal.ReasonOf(err) != ReasonIllegalTransition {
						t.Fatalf("got %v, want ILLEGAL_TRANSITION", err)
					}
				})
			}
		}
	}
	if _, who, err := next(PhaseJudging, Letter{Phase: PhaseAbandoned}); err != nil || who != moverBrain {
		t.Errorf("got (%d, %v) for the discard's judging -> abandoned, want the owner (moverBrain) allowed", who, err)
	}
	if _, _, err := next(PhaseJudging, Letter{Phase: PhaseLanded}); refusal.ReasonOf(err) != ReasonIllegalTransition {
		t.Errorf("got %v for a posted judging -> landed, want ILLEGAL_TRANSITION (a gesture, never a letter)", err)
	}
}
