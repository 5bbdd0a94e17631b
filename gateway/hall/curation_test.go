package hall

import (
	"fmt"
	"testing"

	missionv1 "github.com/organism-dev/organism/proto/organism/mission/v1"
)

func block(id, name string, members ...string) *missionv1.SkeletonBlock {
	return &missionv1.SkeletonBlock{Id: id, Name: name, Members: members}
}

// TestDiffSkeletons: blocks are matched by id (a rename keeps it); a member that changes block
// is a move, one of a wholly new or gone block is told by that block.
func TestDiffSkeletons(t *testing.T) {
	ratified := &missionv1.Skeleton{Revision: 1, Blocks: []*missionv1.SkeletonBlock{
		block("sb_a", "a", "a/"), block("sb_b", "b", "b/", "b/x.go"), block("sb_gone", "gone", "gone/")},
		Seams: []*missionv1.Seam{{From: "sb_a", To: "sb_b", Kind: "import"}}, Unmapped: []string{"README.md"}}
	tests := []struct {
		name string
		cand *missionv1.Skeleton
		base *missionv1.Skeleton
		want string
	}{
		{"identical", ratified, ratified, "added 0 removed 0 renamed [] moved [] seams+ 0 seams- 0 unmapped+ [] unmapped- [] empty true"},
		{"renamed, moved, new block, seam and unmapped", &missionv1.Skeleton{Revision: 2, Blocks: []*missionv1.SkeletonBlock{
			block("sb_a", "alpha", "a/", "b/x.go", "README.md"), block("sb_b", "b", "b/"), block("sb_new", "new", "new/")},
			Seams: []*missionv1.Seam{{From: "sb_new", To: "sb_a", Kind: "declared"}}, Unmapped: []string{"CHANGES.md"}}, ratified,
			"added 1 removed 1 renamed [{sb_a a alpha}] moved [{README.md  sb_a} {b/x.go sb_b sb_a}] seams+ 1 seams- 1 unmapped+ [CHANGES.md] unmapped- [README.md] empty false"},
		{"nothing ratified yet", &missionv1.Skeleton{Blocks: []*missionv1.SkeletonBlock{block("sb_a", "a", "a/")}}, nil,
			"added 1 removed 0 renamed [] moved [] seams+ 0 seams- 0 unmapped+ [] unmapped- [] empty false"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := diffSkeletons(tt.base, tt.cand)
			got := fmt.Sprintf("added %d removed %d renamed %v moved %v seams+ %d seams- %d unmapped+ %v unmapped- %v empty %v",
				len(d.Added), len(d.Removed), d.Renamed, d.Moved, len(d.SeamsAdded), len(d.SeamsRemoved), d.UnmappedAdded, d.UnmappedGone, d.Empty())
			if got != tt.want {
				t.Errorf("got %s\nwant %s", got, tt.want)
			}
		})
	}
}
