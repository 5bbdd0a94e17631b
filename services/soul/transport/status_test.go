package transport

import (
	"testing"

	soulv1 "github.com/organism-dev/organism/proto/organism/soul/v1"
)

func TestReasonCodesCoverSoulReason(t *testing.T) {
	if err := table(nil).CheckEnum(soulv1.SoulReason(0).Descriptor()); err != nil {
		t.Errorf("reason table against SoulReason: got %v, want nil", err)
	}
}
