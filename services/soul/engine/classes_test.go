package engine_test

import (
	"testing"

	"github.com/organism-dev/organism/services/soul/engine"
)

// TestPathClasses pins each class of path-shaped token that need not exist: the token is either
// no anchor at all, or an anchor marked with its class so a miss is not drift.
func TestPathClasses(t *testing.T) {
	tests := []struct {
		name, md, ref string
		// wantAnchor false: the token must not become an anchor; true: it must, with mark() true.
		wantAnchor bool
		mark       func(engine.Anchor) bool
	}{
		{"host name is no symbol", "add a `pkg.go.dev` badge", "pkg.go.dev", false, nil},
		{"a file with a tld-like extension stays a file", "run `install.sh` first", "install.sh", true, func(engine.Anchor) bool { return true }},
		{"sed substitution is no path", "write ` s/foo/bar/ ` to replace", "s/foo/bar/", false, nil},
		{"placeholder path", "edit `path/to/file.go`", "path/to/file.go", false, nil},
		{"placeholder segments", "see `foo/bar.go` for the shape", "foo/bar.go", false, nil},
		{"target location", "put `.zst` files in `zstd/testdata/custom/` and run", "zstd/testdata/custom/", true, func(a engine.Anchor) bool { return a.Target }},
		{"output location", "the build writes binaries to `out/bin/`", "out/bin/", true, func(a engine.Anchor) bool { return a.Target }},
		{"counterfactual name", "so `THIRD_PARTY.md` would never reach vendor trees", "THIRD_PARTY.md", true, func(a engine.Anchor) bool { return a.Target }},
		{"a plain claim is no target", "the router lives in `internal/api/router.go`", "internal/api/router.go", true, func(a engine.Anchor) bool { return !a.Target && !a.Built }},
		{"built binary run as a command", "so that `./licgen -check` is meaningful", "./licgen", true, func(a engine.Anchor) bool { return a.Built }},
		{"a script run as a command is no build output", "run `./scripts/gen.sh -v`", "./scripts/gen.sh", true, func(a engine.Anchor) bool { return !a.Built }},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var got *engine.Anchor
			for _, a := range engine.ExtractAnchors("AGENTS.md", tc.md) {
				if a.Ref == tc.ref || a.Path == tc.ref {
					a := a
					got = &a
				}
			}
			if got == nil {
				if tc.wantAnchor {
					t.Fatalf("%q: got no anchor %q, want one", tc.md, tc.ref)
				}
				return
			}
			if !tc.wantAnchor {
				t.Fatalf("%q: got anchor %+v, want none", tc.md, *got)
			}
			if !tc.mark(*got) {
				t.Errorf("%q: got anchor %+v, want its class marked", tc.md, *got)
			}
		})
	}
}
