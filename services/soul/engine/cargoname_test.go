package engine

import (
	"strings"
	"testing"
)

var cargoSeeds = []string{
	"[package]\nname = \"opendal\"\n",
	"[workspace]\nmembers = [\".\"]\n\n[workspace.package]\nname = \"no\"\n\n[package]\nexclude = [\"/tests/\"]\nname = \"opendal\"\n",
	"[dependencies]\nname = \"x\"\n",
	"[package]\n  name   =   \"a-b\"  # the crate\n[lib]\nname = \"ab\"\n",
	"", "[package]", "name = \"top\"\n[package]\n",
}

// TestCargoName: a Cargo.toml's package name is the name line of its [package] table, whatever other
// tables name and whatever brackets a value of the table holds.
func TestCargoName(t *testing.T) {
	want := []string{"opendal", "opendal", "", "a-b", "", "", ""}
	for i, s := range cargoSeeds {
		if got := cargoName(s); got != want[i] {
			t.Errorf("cargoName(%q): got %q, want %q", s, got, want[i])
		}
	}
}

// FuzzCargoName: any manifest gives a name with no quote or line break, or none.
func FuzzCargoName(f *testing.F) {
	for _, s := range cargoSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got := cargoName(s); strings.ContainsAny(got, "\"\n") {
			t.Errorf("cargoName(%q): got %q, a name with a quote or a line break", s, got)
		}
	})
}
