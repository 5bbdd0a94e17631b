package domain

import (
	"slices"
	"testing"

	"github.com/organism-dev/organism/platform/refusal"
)

func editBase() Skeleton {
	return Skeleton{SkeletonID: "skl_x", Brain: "alpha", Revision: 3, State: SkeletonCandidate,
		Blocks: []Block{
			{ID: "sb_a", Name: "a", Members: []string{"a/", "a.go"}},
			{ID: "sb_b", Name: "beta", Members: []string{"b/"}},
			{ID: "sb_c", Name: "c", Members: []string{"c/"}},
		},
		Seams:    []Seam{{From: "sb_a", To: "sb_b", Kind: SeamImport, Weight: 2}, {From: "sb_c", To: "sb_b", Kind: SeamImport, Weight: 1}, {From: "sb_a", To: "sb_c", Kind: SeamImport, Weight: 1}},
		Unmapped: []string{"README.md", "x.txt"}}
}

func TestApplyOps(t *testing.T) {
	cases := []struct {
		name   string
		ops    []Op
		check  func(t *testing.T, k Skeleton)
		badIdx string
	}{
		{"rename keeps the id", []Op{{Op: OpRenameBlock, Block: "sb_a", Name: "Alpha"}}, func(t *testing.T, k Skeleton) {
			if i := k.block("sb_a"); i < 0 || k.Blocks[i].Name != "Alpha" || k.Blocks[i].Confidence.Naming != confSet {
				t.Errorf("got %v, want sb_a named Alpha", k.Blocks)
			}
		}, ""},
		{"merge moves members and seams", []Op{{Op: OpMergeBlocks, Blocks: []string{"sb_b", "sb_c"}, Name: "BC"}}, func(t *testing.T, k Skeleton) {
			i := k.block("sb_b")
			if k.block("sb_c") >= 0 || i < 0 || !slices.Equal(k.Blocks[i].Members, []string{"b/", "c/"}) {
				t.Fatalf("got %v, want sb_c merged into sb_b", k.Blocks)
			}
			if len(k.Seams) != 1 || k.Seams[0] != (Seam{From: "sb_a", To: "sb_b", Kind: SeamImport, Weight: 3}) {
				t.Errorf("got seams %v, want one a->b of weight 3 (the c->b edge now internal)", k.Seams)
			}
			if len(k.Lineage) != 1 || k.Lineage[0].Op != "merge" || k.Lineage[0].Revision != 3 {
				t.Errorf("got lineage %v, want the merge at revision 3", k.Lineage)
			}
		}, ""},
		{"split mints a fresh id", []Op{{Op: OpSplitBlock, Block: "sb_a", Members: []string{"a.go"}, Name: "B"}}, func(t *testing.T, k Skeleton) {
			// "B" slugs to sb_b, which exists: the new block gets sb_b_2.
			if i := k.block("sb_b_2"); i < 0 || !slices.Equal(k.Blocks[i].Members, []string{"a.go"}) {
				t.Errorf("got %v, want a.go split into sb_b_2", k.Blocks)
			}
		}, ""},
		{"resolve unmapped", []Op{{Op: OpResolveUnmapped, Path: "README.md", To: "sb_a"}}, func(t *testing.T, k Skeleton) {
			if slices.Contains(k.Unmapped, "README.md") || !slices.Contains(k.Blocks[k.block("sb_a")].Members, "README.md") {
				t.Errorf("got %v / %v, want README.md in sb_a", k.Unmapped, k.Blocks)
			}
		}, ""},
		{"seams added and removed", []Op{{Op: OpAddSeam, From: "sb_b", To: "sb_a"}, {Op: OpRemoveSeam, From: "sb_a", To: "sb_c"}}, func(t *testing.T, k Skeleton) {
			if k.seam("sb_b", "sb_a") < 0 || k.seam("sb_a", "sb_c") >= 0 {
				t.Errorf("got seams %v", k.Seams)
			}
		}, ""},
		{"unknown op", []Op{{Op: OpRenameBlock, Block: "sb_a", Name: "x"}, {Op: "drop_table"}}, nil, "ops[1]"},
		{"duplicate name", []Op{{Op: OpRenameBlock, Block: "sb_a", Name: "Beta"}}, nil, "ops[0]"},
		{"move the last member", []Op{{Op: OpMoveMember, Member: "b/", To: "sb_a"}}, nil, "ops[0]"},
		{"merge an unknown block", []Op{{Op: OpMergeBlocks, Blocks: []string{"sb_a", "sb_z"}}}, nil, "ops[0]"},
		{"resolve a mapped path", []Op{{Op: OpResolveUnmapped, Path: "a.go", To: "sb_b"}}, nil, "ops[0]"},
		{"declare an import seam", []Op{{Op: OpAddSeam, From: "sb_b", To: "sb_c", Kind: SeamImport}}, nil, "ops[0]"},
		{"split everything", []Op{{Op: OpSplitBlock, Block: "sb_b", Members: []string{"b/"}, Name: "n"}}, nil, "ops[0]"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			base := editBase()
			before := base.Clone()
			got, err := ApplyOps(base, c.ops)
			if c.check == nil {
				e, ok := refusal.As(err)
				if !ok || e.Reason != ReasonInvalidOp || len(e.Violations) != 1 || e.Violations[0].Field != c.badIdx {
					t.Fatalf("got %v, want INVALID_OP on %s", err, c.badIdx)
				}
			} else {
				if err != nil {
					t.Fatalf("got %v, want the batch applied", err)
				}
				c.check(t, got)
			}
			if !slices.EqualFunc(base.Blocks, before.Blocks, func(a, b Block) bool { return a.Name == b.Name && slices.Equal(a.Members, b.Members) }) ||
				!slices.Equal(base.Seams, before.Seams) || !slices.Equal(base.Unmapped, before.Unmapped) {
				t.Errorf("got the original changed by ApplyOps, want it untouched (edits go to a clone)")
			}
		})
	}
}

func TestScanTreeDeterministicAndGlobs(t *testing.T) {
	files := []string{"go.mod", "a/a.go", "a/sub/x.txt", "b/b.go", "docs/x.md", "README.md"}
	content := map[string][]byte{"go.mod": []byte("module m\n"), "a/a.go": []byte("package a\nimport _ \"m/b\"\n"), "b/b.go": []byte("package b\n")}
	b1, s1, u1 := ScanTree(files, content)
	rev := slices.Clone(files)
	slices.Reverse(rev)
	b2, s2, u2 := ScanTree(rev, content)
	if !slices.EqualFunc(b1, b2, func(x, y Block) bool { return x.ID == y.ID && slices.Equal(x.Members, y.Members) }) || !slices.Equal(s1, s2) || !slices.Equal(u1, u2) {
		t.Errorf("got a different skeleton for the same files in another order")
	}
	if len(b1) != 3 || len(s1) != 1 || !slices.Equal(u1, []string{"README.md", "go.mod"}) {
		t.Fatalf("got %v %v %v", b1, s1, u1)
	}
	if !globMatch("a/**/x.txt", "a/sub/x.txt") || !globMatch("**/*.md", "docs/x.md") || globMatch("*", "a/a.go") {
		t.Error("got glob matching wrong")
	}
}
