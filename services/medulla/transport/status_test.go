package transport

import (
	"testing"

	medullav1 "github.com/organism-dev/organism/proto/organism/medulla/v1"
)

// TestReasonsAreInTheProtoEnum keeps the wire codes and the proto enum one vocabulary: every
// reason the domain can raise has a MedullaReason value, and every enum value has a code.
func TestReasonsAreInTheProtoEnum(t *testing.T) {
	if err := statusTable(nil).CheckEnum(medullav1.MedullaReason(0).Descriptor()); err != nil {
		t.Fatalf("got %v, want the reason table and MedullaReason to agree", err)
	}
}
