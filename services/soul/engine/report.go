package engine

import (
	"fmt"
	"strings"
	"time"
)

// SchemaCheck names the honesty report's shape.
const SchemaCheck = "m1nd-soul-check-v0"

// DefaultLiveBudget is ENXUTO's advisory live-tissue line budget.
const DefaultLiveBudget = 450

// Report is the honesty report of one check (schema m1nd-soul-check-v0).
type Report struct {
	Schema        string
	Brain         string
	SoulPath      string
	Headline      string
	CheckedAt     time.Time
	RepoSHA       string
	SoulSHA256    string
	Totals        Totals
	ByState       ByState
	Stale         []Finding
	ChecksSkipped []Skipped
	// Unanchored counts anchorless claims in verifiable tissue: discipline findings in a soul,
	// counted-only in a document that is no soul (SoulTissue false).
	Unanchored int
	// Ignored counts claims an ignore marker or .soulignore skipped; the receipt line shows it.
	Ignored int
	// AgedOut counts the age findings (age.go): claims whose evidence holds but no commit touched
	// for a half-life. They are rows of Stale of kind age; their claims keep their state.
	AgedOut int
	// Unverified counts the unverified mentions (tiers.go): rows of Stale of kind unverified, claims
	// whose only failure is a name with no trace in history that the sentence does not assert.
	Unverified int
	// unverifiedClaims counts the stale claims whose only failure is an unverified mention: their state
	// stays the seed's stale, but they fail no check and the receipt line counts them as unverified.
	unverifiedClaims int
	// Disagreements counts the rows of Stale of kind disagreement; disagreeStale and disagreeSuperseded
	// count their claims by state (stale, superseded), which fail no check either.
	Disagreements                     int
	disagreeStale, disagreeSuperseded int
	// SoulTissue says the document declares itself a soul (SOUL-INV-1 binds it).
	SoulTissue  bool
	Enxuto      Enxuto
	ReceiptLine string
	Lag         SoulLag
	// Claims holds every claim with its anchors and state, when asked for.
	Claims []ClaimResult
	// VerifierCalls counts anchor verifications per class: the declared-tissue guard reads it.
	VerifierCalls map[CheckClass]int
	Truncated     bool
}

// Totals counts claims by tissue.
type Totals struct {
	Total, Verifiable, Declared, History int
}

// ByState counts verifiable claims by computed state.
type ByState struct {
	Fresh, Stale, Superseded, ReceiptRequired, UnprovableNow int
}

// FindingKind separates what drifted from what was never gripped.
type FindingKind string

const (
	// KindDrift is an anchor that fails: missing, changed, line drift, contradicted, a ref that is not in
	// git, a path the sentence says exists but that never existed, a superseded or expired claim.
	KindDrift FindingKind = "drift"
	// KindDiscipline is a claim in verifiable tissue with no anchor at all (SOUL-INV-1's unanchored).
	KindDiscipline FindingKind = "discipline"
	// KindUnverified is an unverified mention (tiers.go): a name with no trace in the repository's
	// history and no definition, which the sentence mentions without asserting it exists. Reported,
	// never verified fresh, apart from drift and never counted in drift precision.
	KindUnverified FindingKind = "unverified"
	// KindAge is a claim whose evidence holds but that no commit touched for a half-life (aged_out):
	// additive, apart from drift and discipline, never counted in drift precision.
	KindAge FindingKind = "age"
	// KindDisagreement is a document that is no soul disagreeing with itself: two of its counts of one
	// subject (contradicted, superseded by a newer one), or a next step another line reports shipped.
	// Nothing in the repository was asked, so nothing says which line, if either, is wrong; and an
	// ordinary handoff file counts many things that only look alike (over the holdout rounds 4 of 108
	// such rows were true, three of them for another reason than the one given). Reported, never verified
	// fresh, apart from drift and never counted in drift precision. In a soul the same rows are drift:
	// its live counts answer to one another (soul-prd §2.3, §3.4).
	KindDisagreement FindingKind = "disagreement"
)

// Finding is one stale or superseded row of the report.
type Finding struct {
	Kind    FindingKind
	Claim   string
	Section string
	Line    int
	State   State
	Reason  string
	Anchor  string
	Detail  string
}

// Skipped names a check class the run did not execute and why (SOUL-INV-3).
type Skipped struct {
	Class CheckClass
	Why   string
}

// Enxuto is the advisory budget report.
type Enxuto struct {
	LiveLines, Budget, Addenda int
	OverBudget                 bool
}

// SoulLag says how far the soul's last touch trails HEAD.
type SoulLag struct {
	Known             bool
	CommitsBehindHead int
	LastSoulTouch     string
	LastSoulTouchAt   time.Time
}

// ClaimResult is one claim with its computed state.
type ClaimResult struct {
	Claim   Claim
	Section string
	State   State
	Reason  string
	Detail  string
	Anchors []AnchorResult
}

// AnchorResult is one anchor's verdict.
type AnchorResult struct {
	Anchor Anchor
	Status AnchorStatus
	Reason string
	Detail string
	// readIn is the file whose cited lines lack the claim's words, the hint read as moved or changed
	// (lineorigins.go asks history whether they changed at all).
	readIn string
}

// AnchorStatus is an anchor verdict.
type AnchorStatus string

const (
	AnchorOK      AnchorStatus = "ok"
	AnchorFailed  AnchorStatus = "failed"
	AnchorHeld    AnchorStatus = "held"
	AnchorSkipped AnchorStatus = "not_an_anchor"
)

// Findings is the number of claims that make a check fail: stale and superseded claims, less those
// whose only failure is an unverified mention or a disagreement of a document that is no soul with
// itself (the CLI exits 0 on those too). Age rows are additive and never counted here.
func (r *Report) Findings() int { return r.drifted() + r.superseded() }

// drifted is the stale claims with drift or discipline behind them.
func (r *Report) drifted() int { return r.ByState.Stale - r.unverifiedClaims - r.disagreeStale }

// superseded is the superseded claims of a soul: a document that is no soul disagreeing with itself
// is counted apart.
func (r *Report) superseded() int { return r.ByState.Superseded - r.disagreeSuperseded }

// receiptLine renders the one dated line (SOUL-INV-6: it carries its own age).
func receiptLine(r *Report) string {
	sha := r.RepoSHA
	if len(sha) > 7 {
		sha = sha[:7]
	}
	if sha == "" {
		sha = "worktree"
	}
	parts := []string{
		fmt.Sprintf("%d fresh", r.ByState.Fresh),
		fmt.Sprintf("%d stale", r.drifted()),
	}
	if r.superseded() > 0 {
		parts = append(parts, fmt.Sprintf("%d superseded", r.superseded()))
	}
	parts = append(parts, fmt.Sprintf("%d receipt-priced", r.ByState.ReceiptRequired))
	if r.ByState.UnprovableNow > 0 {
		parts = append(parts, fmt.Sprintf("%d unprovable-now", r.ByState.UnprovableNow))
	}
	parts = append(parts, fmt.Sprintf("%d declared", r.Totals.Declared))
	// receipt theater (§10 risk 2): what was never anchored, or was set aside, shows on the line
	if r.Unanchored > 0 {
		parts = append(parts, fmt.Sprintf("%d unanchored", r.Unanchored))
	}
	if r.Unverified > 0 {
		parts = append(parts, fmt.Sprintf("%d unverified", r.Unverified))
	}
	if r.Disagreements > 0 {
		parts = append(parts, fmt.Sprintf("%d disagreeing", r.Disagreements))
	}
	if r.Ignored > 0 {
		parts = append(parts, fmt.Sprintf("%d ignored", r.Ignored))
	}
	if r.AgedOut > 0 {
		parts = append(parts, fmt.Sprintf("%d aged out", r.AgedOut))
	}
	return fmt.Sprintf("soul: checked %s @%s — %s", r.CheckedAt.UTC().Format("2006-01-02"), sha, strings.Join(parts, " · "))
}
