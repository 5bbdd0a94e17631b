package transport

import (
	"testing"

	"github.com/organism-dev/organism/platform/rpcstatus"
	medullav1 "github.com/organism-dev/organism/proto/organism/medulla/v1"
)

// TestReasonsAreInTheProtoEnum keeps the wire codes and the proto enum one vocabulary: every
// reason transport can answer with is a MedullaReason value, and every enum value is answerable.
func TestReasonsAreInTheProtoEnum(t *testing.T) {
	known := map[string]bool{}
	for _, r := range knownReasons() {
		known[r] = true
		v, ok := medullav1.MedullaReason_value["MEDULLA_REASON_"+r]
		if !ok {
			t.Errorf("reason %s has no MEDULLA_REASON_%s in the proto enum", r, r)
			continue
		}
		if got := rpcstatus.Reason(medullav1.MedullaReason(v)); got != r {
			t.Errorf("got wire reason %q for %s, want %q", got, r, r)
		}
	}
	later := map[string]bool{}
	for name, v := range medullav1.MedullaReason_value {
		if v == 0 {
			continue
		}
		r := rpcstatus.Reason(medullav1.MedullaReason(v))
		if !known[r] && !later[r] {
			t.Errorf("enum value %s is never answered by transport", name)
		}
	}
}
