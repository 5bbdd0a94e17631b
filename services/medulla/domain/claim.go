package domain

import (
	"math"
	"time"
)

// Kind is what sort of memory a claim is.
type Kind string

// The claim kinds.
const (
	KindFact     Kind = "fact"
	KindDecision Kind = "decision"
	KindProcess  Kind = "process"
	KindDoctrine Kind = "doctrine"
	KindProblem  Kind = "problem"
)

// ValidKind reports whether k is one of the claim kinds.
func ValidKind(k Kind) bool {
	switch k {
	case KindFact, KindDecision, KindProcess, KindDoctrine, KindProblem:
		return true
	}
	return false
}

// State is the trust state of a claim version. Superseded is computed from SupersededAt.
type State string

// The claim states.
const (
	StateAuthored   State = "authored"
	StateVerified   State = "verified"
	StateSuperseded State = "superseded"
)

// Tier says where a claim lives.
type Tier string

// The tiers.
const (
	TierProject Tier = "project"
	TierMedulla Tier = "medulla"
)

// Verse is the placement scope of a claim or receipt (mind-contracts "Verse Boundary").
type Verse string

// The verses.
const (
	VerseInternal Verse = "internal"
	VerseLocal    Verse = "local"
	VerseGlobal   Verse = "global"
)

// tierOf places a brain's claims: the reserved brain is the doctrine tier shared across brains.
func tierOf(brain string) (Tier, Verse) {
	if brain == MedullaBrain {
		return TierMedulla, VerseLocal
	}
	return TierProject, VerseInternal
}

// Provenance is the frontmatter stamped by the server on every version.
type Provenance struct {
	// Created is when the claim was first created; zero when unknown (imported without a stamp).
	Created        time.Time
	SourceAgent    string
	OriginBrain    string
	SoulSource     string
	PromotedBy     string
	PromotedReason string
	PromotedAt     time.Time
	VerifiedBy     string
	VerifiedVia    string
	VerifiedAt     time.Time
	// SourceFamily is the author's credential family (see Family); AuthoredCommit the
	// repository HEAD when the version was written; VerifiedCommit the commit a measured
	// verification ran at. Empty means unknown, which the independence rule reads as "same".
	SourceFamily   string
	AuthoredCommit string
	VerifiedCommit string
	// Demoted is set on a doctrine copy whose origin evidence drifted (an EvidenceStatus), and
	// DemotedLine says which origin anchor and what was measured.
	Demoted     string
	DemotedLine string
}

// Verification routes.
const (
	VerifiedViaEvidence  = "evidence"
	VerifiedViaOwnerWord = "owner-word"
)

// Claim is one version of one durable memory.
type Claim struct {
	ID           int64 // store row id, stable across reads
	Brain        string
	Slug         string
	Version      int64
	Kind         Kind
	Body         string
	Evidence     []Anchor
	Confidence   float64
	State        State // stored state: authored or verified
	Tier         Tier
	Verse        Verse
	Provenance   Provenance
	WrittenAt    time.Time
	SupersededAt time.Time
	ReceiptID    string
}

// Live reports whether no later version replaced this one.
func (c Claim) Live() bool { return c.SupersededAt.IsZero() }

// EffectiveState is the state a reader sees: superseded wins over the stored state.
func (c Claim) EffectiveState() State {
	if !c.Live() {
		return StateSuperseded
	}
	return c.State
}

// HalfLife is the age overlay's half-life: a claim past it is aged out.
const HalfLife = 720 * time.Hour

// Age is computed at read time, never stored.
type Age struct {
	Known   bool
	Hours   float64
	Weight  float64
	AgedOut bool
}

// AgeAt computes a claim's age overlay at now. An unknown creation time yields an unknown age,
// weight 1, and is never flagged.
func AgeAt(created, now time.Time) Age {
	if created.IsZero() {
		return Age{Weight: 1}
	}
	d := now.Sub(created)
	if d < 0 {
		d = 0
	}
	h := d.Hours()
	return Age{Known: true, Hours: h, Weight: math.Pow(0.5, h/HalfLife.Hours()), AgedOut: d > HalfLife}
}

// ProvenanceLine renders the verbatim crossing line of a promoted claim; empty for unpromoted ones.
func ProvenanceLine(c Claim) string {
	p := c.Provenance
	if p.PromotedBy == "" {
		return ""
	}
	line := "promoted from " + p.OriginBrain
	if !p.PromotedAt.IsZero() {
		line += " · " + p.PromotedAt.UTC().Format("2006-01-02")
	}
	line += " · by " + p.PromotedBy
	if p.PromotedReason != "" {
		line += " — " + p.PromotedReason
	}
	if p.Demoted != "" {
		line += " · demoted: " + p.Demoted + " at " + p.DemotedLine
	}
	return line
}
