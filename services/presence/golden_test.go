package presence_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"testing"
	"time"

	"google.golang.org/protobuf/encoding/protojson"

	presencev1 "github.com/organism-dev/organism/proto/organism/presence/v1"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// TestRosterGolden pins the wire shape of a roster with collisions (what the Hall and
// `organism presence ls --json` consume).
func TestRosterGolden(t *testing.T) {
	h := start(t)
	ada, bo := h.agent("ada", "alpha"), h.agent("bo", "alpha")
	r := mutate("src/", "sb_north", "docs/*.md")
	r.Theme, r.Worktree = "parser rewrite", "/work/wt/ada"
	must(ada.Register(ctx, r))(t)
	h.clk.Advance(15 * time.Second)
	must(bo.Register(ctx, &presencev1.RegisterRequest{Kind: "runner", Theme: "gate run", Intent: presencev1.Intent_INTENT_MUTATE,
		WorkingSet: []string{"src/parse/lexer.go", "docs/guide.md", "sb_north"}, TtlSeconds: 120}))(t)
	must(h.agent("cy", "alpha").Register(ctx, &presencev1.RegisterRequest{Kind: "oracle", Intent: presencev1.Intent_INTENT_READ, WorkingSet: []string{"src"}}))(t)
	resp := must(ada.List(ctx, &presencev1.ListRequest{}))(t)
	raw, err := protojson.Marshal(resp)
	if err != nil {
		t.Fatal(err)
	}
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		t.Fatal(err)
	}
	got, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join("testdata", "roster.golden.json")
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, append(got, '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if !bytes.Equal(append(got, '\n'), want) {
		t.Fatalf("roster JSON differs from %s (run with -update if the change is intended):\n%s", path, got)
	}
}
