package main

import (
	"bytes"
	"context"
	"slices"
	"strings"
	"testing"
)

// TestPortfolioColumns: every value of portfolio's table starts where its header does, and
// neighbouring headers are at least two spaces apart (PROMOTED-OUT and REUSED-ELSEWHERE were one
// apart, and a brain name past 24 characters pushed its row out of line).
func TestPortfolioColumns(t *testing.T) {
	addr, dataDir, _, _ := medullaCLI(t)
	asOwner := []string{"--addr", addr, "--owner", "--data-dir", dataDir}
	for _, name := range []string{"loja", "a-brain-with-a-rather-long-name"} {
		if err := dispatch(context.Background(), append([]string{"brain", "register", name, "--repo-root", t.TempDir()}, asOwner...), &bytes.Buffer{}); err != nil {
			t.Fatalf("register %s: %v", name, err)
		}
	}
	var out bytes.Buffer
	if err := dispatch(context.Background(), append([]string{"portfolio"}, asOwner...), &out); err != nil {
		t.Fatalf("portfolio: %v", err)
	}
	lines := strings.Split(out.String(), "\n")
	header := lines[0]
	if !strings.HasPrefix(header, "BRAIN") {
		t.Fatalf("got first line %q, want the header", header)
	}
	want := columnStarts(header)
	if len(want) != 6 {
		t.Fatalf("got %d header columns in %q, want 6", len(want), header)
	}
	for i := 1; i < len(want); i++ {
		if gap := want[i] - (want[i-1] + len(strings.Fields(header[want[i-1]:])[0])); gap < 2 {
			t.Errorf("header %q: got %d space(s) before column %d, want at least 2", header, gap, i+1)
		}
	}
	rows := 0
	for _, l := range lines[1:] {
		if !strings.HasPrefix(l, "loja ") && !strings.HasPrefix(l, "a-brain-with-a-rather-long-name ") {
			continue
		}
		rows++
		if got := columnStarts(l); !slices.Equal(got, want) {
			t.Errorf("row %q: got columns at %v, want them under the header's %v\n%s", l, got, want, out.String())
		}
	}
	if rows != 2 {
		t.Errorf("got %d brain rows, want 2:\n%s", rows, out.String())
	}
}

// columnStarts is where each space-separated field of a line begins.
func columnStarts(line string) []int {
	var starts []int
	for i := range len(line) {
		if line[i] != ' ' && (i == 0 || line[i-1] == ' ') {
			starts = append(starts, i)
		}
	}
	return starts
}
