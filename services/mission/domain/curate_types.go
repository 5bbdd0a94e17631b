package domain

import (
	"time"

	"github.com/organism-dev/organism/platform/refusal"
)

// CurationState is where a curation stands. Pending and claimed curations are live: a live
// curation is the brain's advisory candidate lease, one per brain.
type CurationState string

// The states of a curation.
const (
	CurationPending CurationState = "pending"
	CurationClaimed CurationState = "claimed"
	CurationApplied CurationState = "applied"
	CurationFailed  CurationState = "failed"
)

// Live reports whether a curation in this state holds its brain's candidate lease.
func (c CurationState) Live() bool { return c == CurationPending || c == CurationClaimed }

// Curation is one pass of the /curate lane over a brain's candidate.
type Curation struct {
	CurationID string        `json:"curation_id"`
	Brain      string        `json:"brain"`
	MissionID  string        `json:"mission_id"`
	SkeletonID string        `json:"skeleton_id"`
	State      CurationState `json:"state"`
	// RunnerID is the hand-runner it was sent to, then the one that claimed it.
	RunnerID             string        `json:"runner_id"`
	LeaseID              string        `json:"lease_id,omitempty"`
	ExpectedStoreVersion int64         `json:"expected_store_version"`
	Timeout              time.Duration `json:"timeout"`
	CreatedAt            time.Time     `json:"created_at"`
	UpdatedAt            time.Time     `json:"updated_at"`
	ExpiresAt            time.Time     `json:"expires_at"`
	// Packet is the JSON document the hand-runner's command reads on stdin.
	Packet            []byte         `json:"packet"`
	Report            string         `json:"report,omitempty"`
	Failure           string         `json:"failure,omitempty"`
	FailureReason     refusal.Reason `json:"failure_reason,omitempty"`
	OpsApplied        int            `json:"ops_applied,omitempty"`
	StoreVersionAfter int64          `json:"store_version_after,omitempty"`
	ReceiptID         string         `json:"receipt_id,omitempty"`
}

// CurationWork is a claimed curation handed to its hand-runner.
type CurationWork struct {
	Curation Curation
	Runner   PinnedRunner
}

// Schemas of the lane's documents.
const (
	CurationPacketSchema   = "m1nd-curation-packet-v0"
	CurationProposalSchema = "m1nd-curation-proposal-v0"
)

// CurationPacket is the view the hand-runner gets: the owner's letter and the blocks, never
// the store.
type CurationPacket struct {
	Schema         string   `json:"schema"`
	CurationID     string   `json:"curation_id"`
	Brain          string   `json:"brain"`
	Letter         string   `json:"letter"`
	SkeletonID     string   `json:"skeleton_id"`
	StoreVersion   int64    `json:"store_version"`
	BaseCommit     string   `json:"base_commit"`
	Blocks         []Block  `json:"blocks"`
	Seams          []Seam   `json:"seams"`
	Unmapped       []string `json:"unmapped"`
	ProposalSchema string   `json:"proposal_schema"`
	Ops            []string `json:"ops"`
}

// CurationProposal is what a hand-runner's command prints.
type CurationProposal struct {
	Schema string `json:"schema"`
	Ops    []Op   `json:"ops"`
	Report string `json:"report"`
}
