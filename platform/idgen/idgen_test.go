package idgen_test

import (
	"regexp"
	"testing"
	"time"

	"github.com/organism-dev/organism/platform/idgen"
)

func TestShapes(t *testing.T) {
	tests := []struct {
		name string
		got  string
		want string
	}{
		{"hex", idgen.Hex("prs_", 6), `^prs_[0-9a-f]{12}$`},
		{"sortable", idgen.Sortable("rcp_", time.Unix(1, 0)), `^rcp_0000000003e8[0-9a-f]{12}$`},
	}
	for _, tt := range tests {
		if !regexp.MustCompile(tt.want).MatchString(tt.got) {
			t.Errorf("%s: got %q, want %s", tt.name, tt.got, tt.want)
		}
	}
	if idgen.Hex("", 8) == idgen.Hex("", 8) {
		t.Error("two random ids: got equal, want distinct")
	}
	early, late := idgen.Sortable("", time.Unix(100, 0)), idgen.Sortable("", time.Unix(200, 0))
	if early >= late {
		t.Errorf("sortable: got %q >= %q, want creation order", early, late)
	}
}
