package domain

import (
	"strings"
	"testing"
)

func TestParseItem(t *testing.T) {
	tests := []struct {
		name, raw string
		kind      ItemKind
		canon     string
	}{
		{"file", "src/main.go", ItemPath, "src/main.go"},
		{"dir with slash", "src/pkg/", ItemPath, "src/pkg"},
		{"dot prefix and doubled slashes", "./src//pkg/./x.go", ItemPath, "src/pkg/x.go"},
		{"backslashes", `src\pkg\x.go`, ItemPath, "src/pkg/x.go"},
		{"surrounding space", "  docs/a.md ", ItemPath, "docs/a.md"},
		{"repository root", ".", ItemPath, "."},
		{"globstar alone is the root", "**", ItemPath, "."},
		{"trailing globstar folds", "src/**", ItemPath, "src"},
		{"double globstar collapses", "a/**/**/b/*.go", ItemGlob, "a/**/b/*.go"},
		{"glob", "docs/*.md", ItemGlob, "docs/*.md"},
		{"class", "x/[a-c]?.txt", ItemGlob, "x/[a-c]?.txt"},
		{"braces", "web/*.{ts,tsx}", ItemGlob, "web/*.{ts,tsx}"},
		{"block", "sb_north-7", ItemBlock, "sb_north-7"},
		{"root file named like a block", "./sb_notes", ItemPath, "./sb_notes"},
		{"block-like with dot is a file", "sb_x.md", ItemPath, "sb_x.md"},
		{"dots inside names are fine", "a..b/c", ItemPath, "a..b/c"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			it, err := ParseItem(tt.raw)
			if err != nil {
				t.Fatalf("ParseItem(%q): got error %v, want none", tt.raw, err)
			}
			if it.Kind != tt.kind || it.Canon != tt.canon {
				t.Errorf("ParseItem(%q): got kind %d canon %q, want kind %d canon %q", tt.raw, it.Kind, it.Canon, tt.kind, tt.canon)
			}
		})
	}
}

func TestParseItemRefusals(t *testing.T) {
	tests := []struct{ name, raw, want string }{
		{"empty", "", "empty"},
		{"blank", "   ", "empty"},
		{"absolute", "/etc/passwd", "absolute"},
		{"climbing", "src/../../x", `".."`},
		{"leading climb", "../x", `".."`},
		{"drive letter", `C:\work\x`, "drive-letter"},
		{"home", "~/notes.md", "home-relative"},
		{"home behind ./", "./~/notes.md", "home-relative"},
		{"control char", "a\nb", "control"},
		{"nul", "a\x00b", "control"},
		{"invalid utf8", "a\xffb", "UTF-8"},
		{"too long", strings.Repeat("a/", 600), "longer"},
		{"long segment", strings.Repeat("x", 300), "segment"},
		{"unclosed class", "a/[bc", "unclosed"},
		{"unbalanced brace", "a/{b,c", "unbalanced"},
		{"brace across slash", "{a/b,c}", "unbalanced"},
		{"stray close brace", "a/b}c*", "unbalanced"},
		{"reversed range", "a/[z-a]*", "reversed"},
		{"brace bomb", strings.Repeat("{a,b}", 8) + "*", "alternatives"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseItem(tt.raw)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("ParseItem(%q): got %v, want an error mentioning %q", tt.raw, err, tt.want)
			}
		})
	}
}

func TestParseWorkingSet(t *testing.T) {
	set, bad := ParseWorkingSet([]string{"src/", "./src", "sb_a", "docs/*.md", "sb_a"})
	if len(bad) != 0 {
		t.Fatalf("got violations %v, want none", bad)
	}
	if got, want := strings.Join(set.Canons(), ","), "src,sb_a,docs/*.md"; got != want {
		t.Errorf("got %q, want %q (normalized, de-duplicated, in order)", got, want)
	}
	_, bad = ParseWorkingSet([]string{"ok.go", "/abs", "a/../b"})
	if len(bad) != 2 || bad[0].Field != "working_set[1]" || bad[1].Field != "working_set[2]" {
		t.Errorf("got violations %v, want working_set[1] and working_set[2]", bad)
	}
	big := make([]string, MaxWorkingSet+1)
	for i := range big {
		big[i] = "f"
	}
	if _, bad := ParseWorkingSet(big); len(bad) != 1 || bad[0].Field != "working_set" {
		t.Errorf("oversized set: got %v, want one working_set violation", bad)
	}
}

// FuzzParseItem: any input either is refused or normalizes to a fixed point that re-parses to
// itself with the same kind and overlaps itself.
func FuzzParseItem(f *testing.F) {
	for _, s := range []string{"src/main.go", "a/**/b/*.{go,md}", "sb_x", "./sb_x", "[!a-c]?", "..", "/x",
		`a\b`, "{a,{b,c}}*", "**/x/**", " . ", "a[]]b*", "C:", "~", "x/[^]]*"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		it, err := ParseItem(raw)
		if err != nil {
			return
		}
		again, err := ParseItem(it.Canon)
		if err != nil {
			t.Fatalf("canon %q of %q does not re-parse: %v", it.Canon, raw, err)
		}
		if again.Canon != it.Canon || again.Kind != it.Kind {
			t.Fatalf("canon %q (kind %d) re-parses to %q (kind %d)", it.Canon, it.Kind, again.Canon, again.Kind)
		}
		if !Overlaps(it, again) {
			t.Fatalf("%q does not overlap itself", it.Canon)
		}
	})
}
