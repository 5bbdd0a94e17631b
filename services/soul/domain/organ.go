package domain

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/organism-dev/organism/services/soul/engine"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/organism-dev/organism/platform/principal"
	"github.com/organism-dev/organism/platform/refusal"
)

// Brain is what the soul needs of a brain: where its repository and soul live.
type Brain struct {
	Name     string
	RepoRoot string
	SoulPath string
}

// SoulClaimWrite is one soul claim headed for the memorize sink.
type SoulClaimWrite struct {
	Brain           string
	Slug            string
	Body            string
	SoulSource      string
	Confidence      float64
	ExpectedVersion int64
	// Evidence is the claim's anchors, checked against the repository before the write; medulla
	// keeps them as the claim's evidence.
	Evidence []Evidence
}

// SinkResult is what the sink admitted, with medulla's receipt for it (nil when medulla gave none).
type SinkResult struct {
	Slug    string
	Version int64
	Receipt *MemoryReceipt
	// Checked is the anchors soul verified before the write.
	Checked []Evidence
}

// MemoryReceipt is medulla's commit receipt for a soul claim it admitted. The soul keeps no
// memory of its own (SOUL-INV-8); it hands this back to the caller whole, as proof the write
// went through the one door.
type MemoryReceipt struct {
	ID    string
	Brain string
	// The proposal medulla reviewed: its id, effect ("memorize"), subject (the slug), proposer and time.
	ProposalID string
	Effect     string
	Subject    string
	ProposedBy principal.Principal
	ProposedAt time.Time
	// Decision is the guardian's verdict, "commit" (the only one a commit receipt carries) or
	// "reject"; Gates are the gates the proposal passed, in order.
	Decision   string
	Gates      []string
	ReviewedAt time.Time
	// StoreVersionBefore and StoreVersionAfter bracket the brain's store version across the write.
	StoreVersionBefore int64
	StoreVersionAfter  int64
	Details            map[string]string
	By                 principal.Principal
	At                 time.Time
	// Verse is the placement scope, lower case ("internal", "local", "global"), empty when unset.
	Verse string
}

// Receipt is one dated soul event (an event, not a state: storing it keeps SOUL-INV-7).
type Receipt struct {
	ID         string
	Brain      string
	Kind       string
	At         time.Time
	Line       string
	RepoSHA    string
	SoulPath   string
	ByState    engine.ByState
	Declared   int
	By         principal.Principal
	Verdict    string
	ReportJSON []byte
	// Verifiable and Unanchored are a check's claim counts (§10 risk 2), AgedOut its age findings;
	// stored receipts carry them in ReportJSON, which Counts and AgedOutCount read.
	Verifiable, Unanchored, AgedOut int
}

// Receipt kinds.
const (
	ReceiptCheck     = "check"
	ReceiptSeatCheck = "seatcheck"
	ReceiptTissues   = "tissues"
)

// Organ is the soul organ: it resolves brains, checks souls, and keeps their receipts.
type Organ struct {
	brains   Brains
	sink     Sink
	store    Store
	open     RepoOpener
	clock    Clock
	ids      IDs
	prober   engine.Prober
	maxBytes int
	tissues  map[string]engine.Tissue
	// northDeadline bounds the north atom's receipt read.
	northDeadline time.Duration
}

// OrganOptions wires an Organ.
type OrganOptions struct {
	Brains   Brains
	Sink     Sink
	Store    Store
	Open     RepoOpener
	Clock    Clock
	IDs      IDs
	Prober   engine.Prober
	MaxBytes int
	// Tissues is the deployment's default heading map, ahead of the built-in one.
	Tissues map[string]engine.Tissue
	// NorthDeadline bounds the north atom's wait for the last receipt; DefaultNorthDeadline when zero.
	NorthDeadline time.Duration
}

// NewOrgan returns an Organ; Brains, Store, Open, Clock and IDs are required.
func NewOrgan(o OrganOptions) (*Organ, error) {
	if o.Brains == nil || o.Store == nil || o.Open == nil || o.Clock == nil || o.IDs == nil {
		return nil, errors.New("soul organ: Brains, Store, Open, Clock and IDs are required")
	}
	if o.MaxBytes <= 0 {
		o.MaxBytes = engine.DefaultMaxSoulBytes
	}
	if o.NorthDeadline <= 0 {
		o.NorthDeadline = DefaultNorthDeadline
	}
	return &Organ{brains: o.Brains, sink: o.Sink, store: o.Store, open: o.Open, clock: o.Clock, ids: o.IDs, prober: o.Prober, maxBytes: o.MaxBytes, tissues: o.Tissues, northDeadline: o.NorthDeadline}, nil
}

// CheckRequest asks for one check.
type CheckRequest struct {
	IncludeClaims bool
	Tissues       map[string]engine.Tissue
	DryRun        bool
}

func (o *Organ) resolve(ctx context.Context, brain string) (Brain, error) {
	b, err := o.brains.Brain(ctx, brain)
	if err != nil {
		return Brain{}, err
	}
	if b.RepoRoot == "" {
		return b, refusal.New(RefuseRepoNotFound, "brain %q has no repository root", brain)
	}
	if st, err := os.Stat(b.RepoRoot); err != nil || !st.IsDir() {
		return b, refusal.New(RefuseRepoNotFound, "the brain's repository is not on this machine")
	}
	return b, nil
}

// tissuesFor layers the heading maps: the deployment's, then the brain's stored one, then the request's.
func (o *Organ) tissuesFor(ctx context.Context, brain string, extra map[string]engine.Tissue) (map[string]engine.Tissue, error) {
	stored, err := o.store.Tissues(ctx, brain)
	if err != nil {
		return nil, err
	}
	out := map[string]engine.Tissue{}
	for k, v := range o.tissues {
		out[k] = v
	}
	for k, v := range stored {
		if t, ok := engine.ParseTissue(v); ok {
			out[k] = t
		}
	}
	for k, v := range extra {
		out[k] = v
	}
	return out, nil
}

// SetTissues stores a brain's tissue map and records the change as a receipt. Only the owner
// may change how a soul's tissue is judged.
func (o *Organ) SetTissues(ctx context.Context, actor principal.Principal, brain string, tissues map[string]engine.Tissue) (map[string]string, *Receipt, error) {
	if !actor.Owner() {
		return nil, nil, refusal.New(RefuseOwnerOnly, "only the owner may change how a soul's tissue is judged")
	}
	if _, err := o.brains.Brain(ctx, brain); err != nil {
		return nil, nil, err
	}
	stored := make(map[string]string, len(tissues))
	keys := make([]string, 0, len(tissues))
	for k, t := range tissues {
		stored[k] = t.String()
		keys = append(keys, k+"="+t.String())
	}
	slices.Sort(keys)
	now := o.clock.Now()
	if err := o.store.PutTissues(ctx, brain, stored, now); err != nil {
		return nil, nil, err
	}
	line := "tissues: cleared, the built-in map applies"
	if len(keys) > 0 {
		line = "tissues: " + strings.Join(keys, " · ")
	}
	r := Receipt{ID: o.ids.New("srcpt"), Brain: brain, Kind: ReceiptTissues, At: now, Line: line, By: actor, Verdict: "stored"}
	if err := o.store.AppendReceipt(ctx, r); err != nil {
		return nil, nil, err
	}
	return stored, &r, nil
}

// Check checks a brain's soul and stores the dated receipt. A recorded check judged by a tissue
// map the caller chose is the owner's: an agent could otherwise declare its way to fresh. Agents
// may explore a map on a dry run, which stores nothing.
func (o *Organ) Check(ctx context.Context, actor principal.Principal, brain string, req CheckRequest) (*engine.Report, *Receipt, error) {
	if len(req.Tissues) > 0 && !req.DryRun && !actor.Owner() {
		return nil, nil, refusal.New(RefuseOwnerOnly, "only the owner may record a check with tissue overrides; agents may pass them on a dry run")
	}
	b, err := o.resolve(ctx, brain)
	if err != nil {
		return nil, nil, err
	}
	rel, src, err := engine.LoadSoul(b.RepoRoot, b.SoulPath, o.maxBytes)
	if err != nil {
		return nil, nil, err
	}
	tissues, err := o.tissuesFor(ctx, brain, req.Tissues)
	if err != nil {
		return nil, nil, err
	}
	repo, err := o.open(ctx, b.RepoRoot)
	if err != nil {
		return nil, nil, fmt.Errorf("open repository: %w", err)
	}
	rep, err := engine.CheckRepo(ctx, repo, rel, src,
		engine.ParseOptions{MaxBytes: o.maxBytes, Tissues: tissues},
		engine.CheckOptions{Now: o.clock.Now(), Brain: brain, Prober: o.prober, IncludeClaims: req.IncludeClaims})
	if err != nil {
		return nil, nil, err
	}
	if req.DryRun {
		return rep, nil, nil
	}
	r := Receipt{ID: o.ids.New("srcpt"), Brain: brain, Kind: ReceiptCheck, At: rep.CheckedAt, Line: rep.ReceiptLine,
		RepoSHA: rep.RepoSHA, SoulPath: rel, ByState: rep.ByState, Declared: rep.Totals.Declared, By: actor, Verdict: verdictOf(rep),
		Verifiable: rep.Totals.Verifiable, Unanchored: rep.Unanchored, AgedOut: rep.AgedOut}
	r.ReportJSON, _ = json.Marshal(summaryOf(rep))
	if err := o.store.AppendReceipt(ctx, r); err != nil {
		return nil, nil, err
	}
	return rep, &r, nil
}

func verdictOf(r *engine.Report) string {
	if r.Findings() > 0 {
		return "stale"
	}
	return "fresh"
}

// ReceiptSummary is the stored long form of a check receipt (receipts.report_json): the report
// without per-claim rows. Its fields are declared in key order so the stored JSON keeps the
// byte layout receipts were first written with; aged_out came later and is left out when zero, so
// a receipt without age findings keeps that layout.
type ReceiptSummary struct {
	AgedOut       int              `json:"aged_out,omitempty"`
	ByState       engine.ByState   `json:"by_state"`
	ChecksSkipped []engine.Skipped `json:"checks_skipped"`
	Enxuto        engine.Enxuto    `json:"enxuto"`
	ReceiptLine   string           `json:"receipt_line"`
	RepoSHA       string           `json:"repo_sha"`
	Schema        string           `json:"schema"`
	SoulLag       engine.SoulLag   `json:"soul_lag"`
	SoulPath      string           `json:"soul_path"`
	Stale         []SummaryRow     `json:"stale"`
	Totals        engine.Totals    `json:"totals"`
	Unanchored    int              `json:"unanchored"`
}

// SummaryRow is one stale finding in a ReceiptSummary; its keys are the Go field names, as
// they have been since the first stored receipt.
type SummaryRow struct {
	Claim, Section, State, Reason, Anchor, Detail string
	Line                                          int
	// Kind (drift, discipline or age) came later; rows stored before it read as an empty kind.
	Kind string `json:",omitempty"`
}

func summaryOf(r *engine.Report) ReceiptSummary {
	rows := make([]SummaryRow, 0, len(r.Stale))
	for _, s := range r.Stale {
		rows = append(rows, SummaryRow{s.Claim, s.Section, string(s.State), s.Reason, s.Anchor, s.Detail, s.Line, string(s.Kind)})
	}
	return ReceiptSummary{Schema: r.Schema, SoulPath: r.SoulPath, RepoSHA: r.RepoSHA, Totals: r.Totals, ByState: r.ByState,
		Stale: rows, ChecksSkipped: r.ChecksSkipped, Unanchored: r.Unanchored, AgedOut: r.AgedOut, Enxuto: r.Enxuto, ReceiptLine: r.ReceiptLine, SoulLag: r.Lag}
}

// ReadResult is a soul read.
type ReadResult struct {
	SoulPath    string
	Headline    string
	Markdown    string
	LastReceipt *Receipt
}

// Read returns the whole soul, one section, or only the headline, with the last check receipt.
func (o *Organ) Read(ctx context.Context, brain, section string, headlineOnly bool) (ReadResult, error) {
	b, err := o.resolve(ctx, brain)
	if err != nil {
		return ReadResult{}, err
	}
	rel, src, err := engine.LoadSoul(b.RepoRoot, b.SoulPath, o.maxBytes)
	if err != nil {
		return ReadResult{}, err
	}
	soul, err := engine.Parse(rel, src, engine.ParseOptions{MaxBytes: o.maxBytes, Tissues: o.brainTissues(ctx, brain)})
	if err != nil {
		return ReadResult{}, err
	}
	res := ReadResult{SoulPath: rel, Headline: soul.Headline}
	switch {
	case headlineOnly:
	case section != "":
		md, ok := engine.SectionMarkdown(soul, src, section)
		if !ok {
			return ReadResult{}, refusal.New(RefuseSectionNotFound, "no section %q in the soul", section)
		}
		res.Markdown = md
	default:
		res.Markdown = strings.ToValidUTF8(string(src), "\uFFFD")
	}
	if last, ok, err := o.store.LastReceipt(ctx, brain, ReceiptCheck); err != nil {
		return ReadResult{}, err
	} else if ok {
		res.LastReceipt = &last
	}
	return res, nil
}

// ListReceipts pages a brain's receipts, newest first.
func (o *Organ) ListReceipts(ctx context.Context, brain string, pageSize int, cursor string) ([]Receipt, string, error) {
	if pageSize <= 0 || pageSize > 200 {
		pageSize = 50
	}
	rs, next, err := o.store.ListReceipts(ctx, brain, pageSize, cursor)
	if errors.Is(err, ErrBadPageToken) {
		return nil, "", refusal.Field(refusal.InvalidArgument, FieldPageToken, "not a token this service issued")
	}
	return rs, next, err
}

// UpdateRequest is a soul_update.
type UpdateRequest struct {
	Section         string
	Body            string
	Slug            string
	Confidence      float64
	ExpectedVersion int64
	// Evidence is the claim's anchors (ParseEvidence); each must hold in the repository.
	Evidence []Evidence
}

// UpdateClaim writes a soul claim through the one memorize sink with Soul-Source provenance (SOUL-INV-8).
func (o *Organ) UpdateClaim(ctx context.Context, brain string, req UpdateRequest) (SinkResult, string, error) {
	if o.sink == nil {
		return SinkResult{}, "", sinkUnavailable()
	}
	b, err := o.brains.Brain(ctx, brain)
	if refusal.ReasonOf(err) == RefuseMedullaUnavailable {
		// the registry and the sink are one medulla: if it cannot say where the brain is, it cannot take the write
		return SinkResult{}, "", sinkUnavailable()
	}
	if err != nil {
		return SinkResult{}, "", err
	}
	soulPath := b.SoulPath
	if soulPath == "" && b.RepoRoot != "" {
		if rel, _, err := engine.LoadSoul(b.RepoRoot, "", o.maxBytes); err == nil || !errors.Is(err, engine.ErrSoulNotFound) || engine.IsOutsideRepo(err) {
			soulPath = rel
		}
	}
	if soulPath == "" {
		soulPath = engine.DefaultSoulPaths[0]
	}
	if len(req.Evidence) > 0 {
		// a curated claim is verified by evidence, not only by the curator's word (§5.3 Profundo)
		if err := o.verifyEvidence(ctx, b.RepoRoot, req.Evidence); err != nil {
			return SinkResult{}, "", err
		}
	}
	source := soulPath + "#" + strings.TrimSpace(req.Section)
	res, err := o.sink.MemorizeSoulClaim(ctx, SoulClaimWrite{Brain: brain, Slug: req.Slug, Body: req.Body, SoulSource: source, Confidence: req.Confidence, ExpectedVersion: req.ExpectedVersion, Evidence: req.Evidence})
	res.Checked = req.Evidence
	return res, source, err
}

func sinkUnavailable() *refusal.Error {
	return refusal.New(RefuseMedullaSinkUnavailable, "medulla's memorize sink is unavailable")
}

// brainTissues is tissuesFor for readers that fail open: a store error falls back to the deployment map.
func (o *Organ) brainTissues(ctx context.Context, brain string) map[string]engine.Tissue {
	t, err := o.tissuesFor(ctx, brain, nil)
	if err != nil {
		return o.tissues
	}
	return t
}
