package domain

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/organism-dev/organism/platform/refusal"
)

// The candidate_edit engine: ops are data, a batch applies to a clone of the candidate, and
// only a batch whose every op applied is ever written. One invalid op persists nothing, and
// the refusal names the op's index and why.

// The ops.
const (
	OpRenameBlock     = "rename_block"
	OpSetPurpose      = "set_purpose"
	OpMergeBlocks     = "merge_blocks"
	OpSplitBlock      = "split_block"
	OpMoveMember      = "move_member"
	OpResolveUnmapped = "resolve_unmapped"
	OpAddSeam         = "add_seam"
	OpRemoveSeam      = "remove_seam"
)

// MaxOps bounds one batch.
const MaxOps = 500

// Op is one candidate_edit op. Which fields an op reads: rename_block {block, name};
// set_purpose {block, purpose}; merge_blocks {blocks (the first keeps its id), name?};
// split_block {block, members (moved to the new block), name}; move_member {member, to};
// resolve_unmapped {path, to}; add_seam {from, to, kind?}; remove_seam {from, to}.
type Op struct {
	Op      string   `json:"op"`
	Block   string   `json:"block,omitempty"`
	Name    string   `json:"name,omitempty"`
	Purpose string   `json:"purpose,omitempty"`
	Blocks  []string `json:"blocks,omitempty"`
	Members []string `json:"members,omitempty"`
	Member  string   `json:"member,omitempty"`
	Path    string   `json:"path,omitempty"`
	From    string   `json:"from,omitempty"`
	To      string   `json:"to,omitempty"`
	Kind    string   `json:"kind,omitempty"`
}

// opError is why one op cannot apply.
type opError string

func opErrorf(format string, args ...any) opError { return opError(fmt.Sprintf(format, args...)) }

// ApplyOps applies ops to a clone of k, at revision rev, and returns the clone. The first op
// that cannot apply refuses the batch with INVALID_OP naming ops[i]; k is never changed.
func ApplyOps(k Skeleton, ops []Op) (Skeleton, error) {
	if len(ops) == 0 {
		return Skeleton{}, refusal.Field(ReasonInvalidOp, "ops", "a batch needs at least one op")
	}
	if len(ops) > MaxOps {
		return Skeleton{}, refusal.Field(ReasonInvalidOp, "ops", "a batch holds at most %d ops, got %d", MaxOps, len(ops))
	}
	c := k.Clone()
	for i, op := range ops {
		if why := applyOp(&c, op); why != "" {
			return Skeleton{}, refusal.Field(ReasonInvalidOp, fmt.Sprintf("ops[%d]", i), "%s: %s; nothing of the batch applied", op.Op, why).
				With("op_index", strconv.Itoa(i))
		}
	}
	c.normalize()
	return c, nil
}

func applyOp(k *Skeleton, op Op) opError {
	switch op.Op {
	case OpRenameBlock:
		i, why := k.need(op.Block, "block")
		if why != "" {
			return why
		}
		if why := k.freeName(op.Name, op.Block); why != "" {
			return why
		}
		k.Blocks[i].Name = op.Name
		k.Blocks[i].Confidence.Naming = confSet
	case OpSetPurpose:
		i, why := k.need(op.Block, "block")
		if why != "" {
			return why
		}
		if strings.TrimSpace(op.Purpose) == "" || utf8.RuneCountInString(op.Purpose) > textBounds[TextPurpose].max {
			return opErrorf("purpose must be 1 to %d characters", textBounds[TextPurpose].max)
		}
		k.Blocks[i].Purpose = op.Purpose
		k.Blocks[i].Confidence.Purpose = confSet
	case OpMergeBlocks:
		return k.merge(op)
	case OpSplitBlock:
		return k.split(op)
	case OpMoveMember:
		from := k.memberOwner(op.Member)
		if from < 0 {
			return opErrorf("no block lists member %q", op.Member)
		}
		to, why := k.need(op.To, "to")
		if why != "" {
			return why
		}
		if from == to {
			return opErrorf("member %q is already in %s", op.Member, op.To)
		}
		if len(k.Blocks[from].Members) == 1 {
			return opErrorf("moving %q would leave %s without members; merge the blocks instead", op.Member, k.Blocks[from].ID)
		}
		k.Blocks[from].Members = slices.DeleteFunc(k.Blocks[from].Members, func(m string) bool { return m == op.Member })
		k.Blocks[to].Members = append(k.Blocks[to].Members, op.Member)
		k.Blocks[to].Confidence.Structure = confEdited
		k.Blocks[from].Confidence.Structure = confEdited
	case OpResolveUnmapped:
		at := slices.Index(k.Unmapped, op.Path)
		if at < 0 {
			return opErrorf("%q is not an unmapped path", op.Path)
		}
		to, why := k.need(op.To, "to")
		if why != "" {
			return why
		}
		k.Unmapped = slices.Delete(k.Unmapped, at, at+1)
		k.Blocks[to].Members = append(k.Blocks[to].Members, op.Path)
	case OpAddSeam:
		if _, why := k.need(op.From, "from"); why != "" {
			return why
		}
		if _, why := k.need(op.To, "to"); why != "" {
			return why
		}
		if op.From == op.To {
			return "a seam joins two different blocks"
		}
		if op.Kind != "" && op.Kind != SeamDeclared {
			return opErrorf("kind %q: an op declares seams (kind %q); import seams come from the scan", op.Kind, SeamDeclared)
		}
		if k.seam(op.From, op.To) >= 0 {
			return opErrorf("seam %s -> %s exists", op.From, op.To)
		}
		k.Seams = append(k.Seams, Seam{From: op.From, To: op.To, Kind: SeamDeclared})
	case OpRemoveSeam:
		i := k.seam(op.From, op.To)
		if i < 0 {
			return opErrorf("no seam %s -> %s", op.From, op.To)
		}
		k.Seams = slices.Delete(k.Seams, i, i+1)
	case "":
		return "op is required"
	default:
		return opErrorf("unknown op %q", op.Op)
	}
	return ""
}

func (k *Skeleton) need(id, field string) (int, opError) {
	if id == "" {
		return -1, opErrorf("%s is required", field)
	}
	i := k.block(id)
	if i < 0 {
		return -1, opErrorf("%s: the candidate holds no block %q", field, id)
	}
	return i, ""
}

func (k *Skeleton) seam(from, to string) int {
	return slices.IndexFunc(k.Seams, func(s Seam) bool { return s.From == from && s.To == to })
}

// freeName checks a block name: bounded, and no other block (but self) already carries it.
func (k *Skeleton) freeName(name, self string) opError {
	if strings.TrimSpace(name) == "" || utf8.RuneCountInString(name) > textBounds[TextName].max {
		return opErrorf("name must be 1 to %d characters", textBounds[TextName].max)
	}
	for _, b := range k.Blocks {
		if b.ID != self && strings.EqualFold(b.Name, name) {
			return opErrorf("block %s is already named %q", b.ID, name)
		}
	}
	return ""
}

func (k *Skeleton) merge(op Op) opError {
	if len(op.Blocks) < 2 {
		return "blocks needs at least two ids (the first keeps its id)"
	}
	for i, id := range op.Blocks {
		if _, why := k.need(id, fmt.Sprintf("blocks[%d]", i)); why != "" {
			return why
		}
		if slices.Index(op.Blocks, id) != i {
			return opErrorf("blocks[%d]: %s repeated", i, id)
		}
	}
	into := op.Blocks[0]
	gone := op.Blocks[1:]
	if op.Name != "" {
		if why := k.freeName(op.Name, into); why != "" {
			return why
		}
	}
	t := k.block(into)
	for _, id := range gone {
		k.Blocks[t].Members = append(k.Blocks[t].Members, k.Blocks[k.block(id)].Members...)
	}
	k.Blocks[t].Members = slices.Compact(slices.Sorted(slices.Values(k.Blocks[t].Members)))
	k.Blocks[t].Confidence.Structure = confEdited
	if op.Name != "" {
		k.Blocks[t].Name = op.Name
		k.Blocks[t].Confidence.Naming = confSet
	}
	k.Blocks = slices.DeleteFunc(k.Blocks, func(b Block) bool { return slices.Contains(gone, b.ID) })
	// Seams follow the merged ids into the survivor; edges inside it disappear.
	seams := map[[2]string]Seam{}
	var order [][2]string
	for _, s := range k.Seams {
		if slices.Contains(gone, s.From) {
			s.From = into
		}
		if slices.Contains(gone, s.To) {
			s.To = into
		}
		if s.From == s.To {
			continue
		}
		key := [2]string{s.From, s.To}
		if had, ok := seams[key]; ok {
			had.Weight += s.Weight
			if s.Kind == SeamImport {
				had.Kind = SeamImport
			}
			seams[key] = had
			continue
		}
		seams[key] = s
		order = append(order, key)
	}
	k.Seams = k.Seams[:0]
	for _, key := range order {
		k.Seams = append(k.Seams, seams[key])
	}
	k.Lineage = append(k.Lineage, Lineage{Revision: k.Revision, Op: "merge", From: slices.Clone(op.Blocks), To: []string{into}})
	return ""
}

func (k *Skeleton) split(op Op) opError {
	i, why := k.need(op.Block, "block")
	if why != "" {
		return why
	}
	if len(op.Members) == 0 {
		return "members names what moves to the new block"
	}
	src := k.Blocks[i]
	for j, m := range op.Members {
		if !slices.Contains(src.Members, m) {
			return opErrorf("members[%d]: %s does not list %q", j, src.ID, m)
		}
		if slices.Index(op.Members, m) != j {
			return opErrorf("members[%d]: %q repeated", j, m)
		}
	}
	if len(op.Members) == len(src.Members) {
		return opErrorf("moving every member would leave %s empty; rename it instead", src.ID)
	}
	if why := k.freeName(op.Name, ""); why != "" {
		return why
	}
	id := k.mintID(op.Name)
	k.Blocks[i].Members = slices.DeleteFunc(k.Blocks[i].Members, func(m string) bool { return slices.Contains(op.Members, m) })
	k.Blocks[i].Confidence.Structure = confEdited
	nb := Block{ID: id, Name: op.Name, Purpose: op.Purpose, Members: slices.Clone(op.Members),
		Confidence: Confidence{Structure: confEdited, Naming: confSet, Purpose: confPurpose}}
	if op.Purpose != "" {
		nb.Confidence.Purpose = confSet
	}
	k.Blocks = append(k.Blocks, nb)
	k.Lineage = append(k.Lineage, Lineage{Revision: k.Revision, Op: "split", From: []string{src.ID}, To: []string{src.ID, id}})
	return ""
}

// mintID derives a new block's id from its name, never reusing an id the skeleton holds or
// its lineage ever named, so an id always means one block.
func (k *Skeleton) mintID(name string) string {
	taken := k.BlockIDs()
	for _, l := range k.Lineage {
		for _, id := range append(slices.Clone(l.From), l.To...) {
			taken[id] = true
		}
	}
	base := "sb_" + slug(name, 60)
	if base == "sb_" {
		base = "sb_block"
	}
	id := base
	for n := 2; taken[id]; n++ {
		id = fmt.Sprintf("%s_%d", base, n)
	}
	return id
}

// slug lowercases s and turns every run of other characters into one "_".
func slug(s string, max int) string {
	var b strings.Builder
	under := false
	for _, r := range strings.ToLower(s) {
		if (r >= 'a' && r <= 'z') || (r >= '0' && r <= '9') {
			b.WriteRune(r)
			under = false
		} else if !under && b.Len() > 0 {
			b.WriteByte('_')
			under = true
		}
		if b.Len() >= max {
			break
		}
	}
	return strings.TrimRight(b.String(), "_")
}
