package domain

import (
	"path"
	"slices"
	"strings"
	"time"

	"github.com/organism-dev/organism/platform/principal"
)

// Skeletons are a brain's system blocks, kept in mission's store (DESIGN §3): a candidate the
// hands and the owner edit, and the ratified revision only the human makes. Block ids are
// stable across revisions: a rename keeps the id, a split or merge records where ids went.

// SkeletonState is where a skeleton revision stands.
type SkeletonState string

// The states of a revision. A brain has at most one candidate; its newest ratified revision
// is its current skeleton (older ones are superseded).
const (
	SkeletonCandidate  SkeletonState = "candidate"
	SkeletonRatified   SkeletonState = "ratified"
	SkeletonDiscarded  SkeletonState = "discarded"
	SkeletonSuperseded SkeletonState = "superseded"
)

// Confidence says how much of a block is known rather than guessed, each component in [0, 1].
type Confidence struct {
	Structure float64 `json:"structure"`
	Naming    float64 `json:"naming"`
	Purpose   float64 `json:"purpose"`
}

// Confidence levels the scan and the ops assign.
const (
	confPackage   = 1.0
	confDirectory = 0.5
	confEdited    = 0.8
	confDerived   = 0.3
	confPurpose   = 0.2
	confSet       = 1.0
)

// Block is one system block.
type Block struct {
	ID      string `json:"id"`
	Name    string `json:"name"`
	Purpose string `json:"purpose"`
	// Members are repository paths: files, directories ending in "/", or globs (*, **).
	Members    []string   `json:"members"`
	Confidence Confidence `json:"confidence"`
}

// Seam kinds.
const (
	SeamImport   = "import"
	SeamDeclared = "declared"
)

// Seam is an edge between two blocks.
type Seam struct {
	From   string `json:"from"`
	To     string `json:"to"`
	Kind   string `json:"kind"`
	Weight int    `json:"weight,omitempty"`
}

// Lineage records where ids went in a split or a merge.
type Lineage struct {
	Revision int64    `json:"revision"`
	Op       string   `json:"op"`
	From     []string `json:"from"`
	To       []string `json:"to"`
}

// Skeleton is one revision of a brain's skeleton.
type Skeleton struct {
	SkeletonID string        `json:"skeleton_id"`
	Brain      string        `json:"brain"`
	Revision   int64         `json:"revision"`
	State      SkeletonState `json:"state"`
	// StoreVersion is the brain's skeleton store version when this revision was last written.
	StoreVersion int64     `json:"store_version"`
	BaseCommit   string    `json:"base_commit"`
	ParentID     string    `json:"parent_id,omitempty"`
	Blocks       []Block   `json:"blocks"`
	Seams        []Seam    `json:"seams"`
	Unmapped     []string  `json:"unmapped"`
	Lineage      []Lineage `json:"lineage,omitempty"`
	CreatedBy    Author    `json:"created_by"`
	CreatedAt    time.Time `json:"created_at"`
	UpdatedAt    time.Time `json:"updated_at"`
	RatifiedBy   *Author   `json:"ratified_by,omitempty"`
	RatifiedAt   time.Time `json:"ratified_at,omitzero"`
}

// RatifiedVia is the origin of the human who ratified (human-ui or human-cli).
func (k Skeleton) RatifiedVia() principal.Origin {
	if k.RatifiedBy == nil {
		return ""
	}
	return k.RatifiedBy.Origin
}

// Clone returns a deep copy: the edit engine's preflight works on one, so an op that fails
// half-way leaves the original untouched.
func (k Skeleton) Clone() Skeleton {
	c := k
	c.Blocks = make([]Block, len(k.Blocks))
	for i, b := range k.Blocks {
		b.Members = slices.Clone(b.Members)
		c.Blocks[i] = b
	}
	c.Seams = slices.Clone(k.Seams)
	c.Unmapped = slices.Clone(k.Unmapped)
	c.Lineage = make([]Lineage, len(k.Lineage))
	for i, l := range k.Lineage {
		l.From, l.To = slices.Clone(l.From), slices.Clone(l.To)
		c.Lineage[i] = l
	}
	if k.RatifiedBy != nil {
		r := *k.RatifiedBy
		c.RatifiedBy = &r
	}
	return c
}

// BlockIDs returns the set of the skeleton's block ids.
func (k Skeleton) BlockIDs() map[string]bool {
	ids := make(map[string]bool, len(k.Blocks))
	for _, b := range k.Blocks {
		ids[b.ID] = true
	}
	return ids
}

func (k Skeleton) block(id string) int {
	return slices.IndexFunc(k.Blocks, func(b Block) bool { return b.ID == id })
}

// memberOwner returns the index of the block listing member m exactly, or -1.
func (k Skeleton) memberOwner(m string) int {
	return slices.IndexFunc(k.Blocks, func(b Block) bool { return slices.Contains(b.Members, m) })
}

// normalize sorts what has no meaningful order, so equal skeletons compare and encode equal.
func (k *Skeleton) normalize() {
	slices.SortFunc(k.Blocks, func(a, b Block) int { return strings.Compare(a.ID, b.ID) })
	for i := range k.Blocks {
		slices.Sort(k.Blocks[i].Members)
	}
	slices.SortFunc(k.Seams, func(a, b Seam) int {
		if c := strings.Compare(a.From, b.From); c != 0 {
			return c
		}
		return strings.Compare(a.To, b.To)
	})
	slices.Sort(k.Unmapped)
	k.Unmapped = slices.Compact(k.Unmapped)
}

// memberMatch reports how specifically member m covers file p: 0 for not at all, else a rank
// where a larger number is more specific (an exact file beats a directory, a longer directory
// beats a shorter one, a literal directory beats a glob).
func memberMatch(m, p string) int {
	switch {
	case m == p:
		return 1 << 20
	case strings.HasSuffix(m, "/"):
		if strings.HasPrefix(p, m) {
			return 2 * len(m)
		}
		return 0
	case strings.Contains(m, "*"):
		if globMatch(m, p) {
			return len(strings.SplitN(m, "*", 2)[0]) + 1
		}
		return 0
	}
	return 0
}

// globMatch matches p against pattern g where * stays within one path segment and ** spans any
// number of them.
func globMatch(g, p string) bool {
	gs, ps := strings.Split(g, "/"), strings.Split(p, "/")
	var walk func(i, j int) bool
	walk = func(i, j int) bool {
		for i < len(gs) {
			if gs[i] == "**" {
				for k := j; k <= len(ps); k++ {
					if walk(i+1, k) {
						return true
					}
				}
				return false
			}
			if j >= len(ps) {
				return false
			}
			if ok, err := path.Match(gs[i], ps[j]); err != nil || !ok {
				return false
			}
			i, j = i+1, j+1
		}
		return j == len(ps)
	}
	return walk(0, 0)
}

// OwnerOf returns the id of the block whose member covers file p most specifically; "" when
// no member covers it.
func (k Skeleton) OwnerOf(p string) string {
	best, id := 0, ""
	for _, b := range k.Blocks {
		for _, m := range b.Members {
			if r := memberMatch(m, p); r > best {
				best, id = r, b.ID
			}
		}
	}
	return id
}

// validMember reports whether m can be a member: a clean relative path, a directory with a
// trailing "/", or a glob of such segments.
func validMember(m string) bool {
	if len(m) > 1024 || strings.ContainsAny(m, "\\?[]{}") {
		return false
	}
	return cleanRelPath(strings.TrimSuffix(m, "/")) && m != "/"
}
