package domain

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

// Brain is what the soul needs of a brain: where its repository and soul live.
type Brain struct {
	Name     string
	RepoRoot string
	SoulPath string
}

// Brains resolves a brain (medulla's registry). Errors: ErrBrainNotFound, ErrPeerUnavailable.
type Brains interface {
	Brain(ctx context.Context, name string) (Brain, error)
}

// SoulClaimWrite is one soul claim headed for the memorize sink.
type SoulClaimWrite struct {
	Brain           string
	Slug            string
	Body            string
	SoulSource      string
	Confidence      float64
	ExpectedVersion int64
}

// SinkResult is what the sink admitted; Receipt is the sink's own receipt, passed through untouched.
type SinkResult struct {
	Slug    string
	Version int64
	Receipt any
}

// Sink is medulla's memorize door. ErrSinkUnavailable when it cannot be reached; its own refusals pass through.
type Sink interface {
	MemorizeSoulClaim(ctx context.Context, w SoulClaimWrite) (SinkResult, error)
}

// Actor is who is acting, as transport derived it from credentials.
type Actor struct {
	AgentID string
	Seat    string
	Brain   string
	Origin  string
	Owner   bool
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
	ByState    ByState
	Declared   int
	By         Actor
	Verdict    string
	ReportJSON []byte
}

// Receipt kinds.
const (
	ReceiptCheck     = "check"
	ReceiptSeatCheck = "seatcheck"
	ReceiptTissues   = "tissues"
)

// Store keeps receipts, append-only.
type Store interface {
	AppendReceipt(ctx context.Context, r Receipt) error
	// ListReceipts returns receipts newest first, after the cursor (empty for the first page).
	ListReceipts(ctx context.Context, brain string, limit int, cursor string) ([]Receipt, string, error)
	LastReceipt(ctx context.Context, brain, kind string) (Receipt, bool, error)
	// PutTissues replaces a brain's heading-to-tissue map; Tissues reads it (empty when unset).
	PutTissues(ctx context.Context, brain string, tissues map[string]string, at time.Time) error
	Tissues(ctx context.Context, brain string) (map[string]string, error)
}

// RepoOpener snapshots a repository for one check.
type RepoOpener func(ctx context.Context, root string) (Repo, error)

// Clock tells the time.
type Clock interface{ Now() time.Time }

// IDs mints receipt ids.
type IDs interface{ New(prefix string) string }

// Organ is the soul organ: it resolves brains, checks souls, and keeps their receipts.
type Organ struct {
	brains   Brains
	sink     Sink
	store    Store
	open     RepoOpener
	clock    Clock
	ids      IDs
	prober   Prober
	maxBytes int
	tissues  map[string]Tissue
}

// OrganOptions wires an Organ.
type OrganOptions struct {
	Brains   Brains
	Sink     Sink
	Store    Store
	Open     RepoOpener
	Clock    Clock
	IDs      IDs
	Prober   Prober
	MaxBytes int
	// Tissues is the deployment's default heading map, ahead of the built-in one.
	Tissues map[string]Tissue
}

// NewOrgan returns an Organ; Brains, Store, Open, Clock and IDs are required.
func NewOrgan(o OrganOptions) (*Organ, error) {
	if o.Brains == nil || o.Store == nil || o.Open == nil || o.Clock == nil || o.IDs == nil {
		return nil, errors.New("soul organ: Brains, Store, Open, Clock and IDs are required")
	}
	if o.MaxBytes <= 0 {
		o.MaxBytes = DefaultMaxSoulBytes
	}
	return &Organ{brains: o.Brains, sink: o.Sink, store: o.Store, open: o.Open, clock: o.Clock, ids: o.IDs, prober: o.Prober, maxBytes: o.MaxBytes, tissues: o.Tissues}, nil
}

// DefaultSoulPaths is the discovery order when a brain names no soul path (the skill's own order).
var DefaultSoulPaths = []string{"docs/PATHOS.md", "PATHOS.md"}

// LoadSoul finds and reads a soul under root, refusing directories, binaries and oversize files before reading them.
func LoadSoul(root, soulPath string, maxBytes int) (string, []byte, error) {
	candidates := DefaultSoulPaths
	if soulPath != "" && !slices.Contains(DefaultSoulPaths, path.Clean(soulPath)) {
		c := path.Clean(filepath.ToSlash(soulPath))
		if filepath.IsAbs(soulPath) || c == ".." || strings.HasPrefix(c, "../") {
			return "", nil, fmt.Errorf("%w: %q must be relative to the repository", ErrInvalidPath, soulPath)
		}
		candidates = []string{c}
	}
	realRoot, err := filepath.EvalSymlinks(root)
	if err != nil {
		return "", nil, fmt.Errorf("%w: %v", ErrRepoNotFound, err)
	}
	for _, rel := range candidates {
		full := filepath.Join(root, filepath.FromSlash(rel))
		real, err := filepath.EvalSymlinks(full)
		if err != nil {
			continue
		}
		if !within(realRoot, real) {
			// a soul symlinked out of its repository would let a brain read any file on the machine
			return rel, nil, fmt.Errorf("%w: %s leaves the repository", ErrInvalidPath, rel)
		}
		st, err := os.Stat(real)
		if err != nil {
			continue
		}
		if st.IsDir() {
			return rel, nil, fmt.Errorf("%w: %s", ErrSoulIsDirectory, rel)
		}
		if maxBytes <= 0 {
			maxBytes = DefaultMaxSoulBytes
		}
		if st.Size() > int64(maxBytes) {
			return rel, nil, fmt.Errorf("%w: %s is %d bytes, limit %d", ErrSoulTooLarge, rel, st.Size(), maxBytes)
		}
		f, err := os.Open(real)
		if err != nil {
			return rel, nil, fmt.Errorf("%w: %s: %v", ErrSoulNotFound, rel, err)
		}
		src, err := io.ReadAll(io.LimitReader(f, int64(maxBytes)+1))
		f.Close()
		if err != nil {
			return rel, nil, err
		}
		if len(src) > maxBytes {
			return rel, nil, fmt.Errorf("%w: %s", ErrSoulTooLarge, rel)
		}
		return rel, src, nil
	}
	return "", nil, fmt.Errorf("%w: tried %s", ErrSoulNotFound, strings.Join(candidates, ", "))
}

// CheckRequest asks for one check.
type CheckRequest struct {
	IncludeClaims bool
	Tissues       map[string]Tissue
	DryRun        bool
}

// CheckRepo is the whole check against one repository, shared by the server and the offline CLI.
func CheckRepo(ctx context.Context, repo Repo, soulPath string, src []byte, popts ParseOptions, copts CheckOptions) (*Report, error) {
	soul, err := Parse(soulPath, src, popts)
	if err != nil {
		return nil, err
	}
	copts.Source = src
	return Check(ctx, soul, repo, copts)
}

func (o *Organ) resolve(ctx context.Context, brain string) (Brain, error) {
	b, err := o.brains.Brain(ctx, brain)
	if err != nil {
		return Brain{}, err
	}
	if b.RepoRoot == "" {
		return b, fmt.Errorf("%w: brain %q has no repository root", ErrRepoNotFound, brain)
	}
	if st, err := os.Stat(b.RepoRoot); err != nil || !st.IsDir() {
		return b, fmt.Errorf("%w: %s", ErrRepoNotFound, b.RepoRoot)
	}
	return b, nil
}

// ErrRepoNotFound means the brain's repository root is not on this machine.
var ErrRepoNotFound = errors.New("repository not found")

// tissuesFor layers the heading maps: the deployment's, then the brain's stored one, then the request's.
func (o *Organ) tissuesFor(ctx context.Context, brain string, extra map[string]Tissue) (map[string]Tissue, error) {
	stored, err := o.store.Tissues(ctx, brain)
	if err != nil {
		return nil, err
	}
	out := map[string]Tissue{}
	for k, v := range o.tissues {
		out[k] = v
	}
	for k, v := range stored {
		if t, ok := ParseTissue(v); ok {
			out[k] = t
		}
	}
	for k, v := range extra {
		out[k] = v
	}
	return out, nil
}

// SetTissues stores a brain's tissue map and records the change as a receipt.
func (o *Organ) SetTissues(ctx context.Context, actor Actor, brain string, tissues map[string]Tissue) (map[string]string, *Receipt, error) {
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

// Check checks a brain's soul and stores the dated receipt.
func (o *Organ) Check(ctx context.Context, actor Actor, brain string, req CheckRequest) (*Report, *Receipt, error) {
	b, err := o.resolve(ctx, brain)
	if err != nil {
		return nil, nil, err
	}
	rel, src, err := LoadSoul(b.RepoRoot, b.SoulPath, o.maxBytes)
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
	rep, err := CheckRepo(ctx, repo, rel, src,
		ParseOptions{MaxBytes: o.maxBytes, Tissues: tissues},
		CheckOptions{Now: o.clock.Now(), Brain: brain, Prober: o.prober, IncludeClaims: req.IncludeClaims})
	if err != nil {
		return nil, nil, err
	}
	if req.DryRun {
		return rep, nil, nil
	}
	r := Receipt{ID: o.ids.New("srcpt"), Brain: brain, Kind: ReceiptCheck, At: rep.CheckedAt, Line: rep.ReceiptLine,
		RepoSHA: rep.RepoSHA, SoulPath: rel, ByState: rep.ByState, Declared: rep.Totals.Declared, By: actor, Verdict: verdictOf(rep)}
	r.ReportJSON, _ = json.Marshal(summaryOf(rep))
	if err := o.store.AppendReceipt(ctx, r); err != nil {
		return nil, nil, err
	}
	return rep, &r, nil
}

func verdictOf(r *Report) string {
	if r.Findings() > 0 {
		return "stale"
	}
	return "fresh"
}

// summaryOf is the stored long form of a receipt: the report without per-claim rows.
func summaryOf(r *Report) any {
	type row struct {
		Claim, Section, State, Reason, Anchor, Detail string
		Line                                          int
	}
	rows := make([]row, 0, len(r.Stale))
	for _, s := range r.Stale {
		rows = append(rows, row{s.Claim, s.Section, string(s.State), s.Reason, s.Anchor, s.Detail, s.Line})
	}
	return map[string]any{"schema": r.Schema, "soul_path": r.SoulPath, "repo_sha": r.RepoSHA, "totals": r.Totals, "by_state": r.ByState,
		"stale": rows, "checks_skipped": r.ChecksSkipped, "unanchored": r.Unanchored, "enxuto": r.Enxuto, "receipt_line": r.ReceiptLine, "soul_lag": r.Lag}
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
	rel, src, err := LoadSoul(b.RepoRoot, b.SoulPath, o.maxBytes)
	if err != nil {
		return ReadResult{}, err
	}
	soul, err := Parse(rel, src, ParseOptions{MaxBytes: o.maxBytes, Tissues: o.brainTissues(ctx, brain)})
	if err != nil {
		return ReadResult{}, err
	}
	res := ReadResult{SoulPath: rel, Headline: soul.Headline}
	switch {
	case headlineOnly:
	case section != "":
		md, ok := SectionMarkdown(soul, src, section)
		if !ok {
			return ReadResult{}, fmt.Errorf("%w: %q", ErrSectionNotFound, section)
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

// SectionMarkdown returns one section's markdown: an exact heading match first, then a unique fragment match.
func SectionMarkdown(soul *Soul, src []byte, name string) (string, bool) {
	want := normalHeading(name)
	idx := -1
	for i, s := range soul.Sections {
		if normalHeading(s.Heading) == want {
			idx = i
			break
		}
	}
	if idx < 0 {
		for i, s := range soul.Sections {
			if want != "" && strings.Contains(normalHeading(s.Heading), want) {
				if idx >= 0 {
					return "", false // ambiguous
				}
				idx = i
			}
		}
	}
	if idx < 0 {
		return "", false
	}
	s := soul.Sections[idx]
	lines := strings.Split(string(src), "\n")
	end := min(s.EndLine, len(lines))
	return strings.ToValidUTF8(strings.TrimRight(strings.Join(lines[s.StartLine-1:end], "\n"), "\n")+"\n", "\uFFFD"), true
}

// ListReceipts pages a brain's receipts, newest first.
func (o *Organ) ListReceipts(ctx context.Context, brain string, pageSize int, cursor string) ([]Receipt, string, error) {
	if pageSize <= 0 || pageSize > 200 {
		pageSize = 50
	}
	return o.store.ListReceipts(ctx, brain, pageSize, cursor)
}

// UpdateRequest is a soul_update.
type UpdateRequest struct {
	Section         string
	Body            string
	Slug            string
	Confidence      float64
	ExpectedVersion int64
}

// UpdateClaim writes a soul claim through the one memorize sink with Soul-Source provenance (SOUL-INV-8).
func (o *Organ) UpdateClaim(ctx context.Context, brain string, req UpdateRequest) (SinkResult, string, error) {
	if o.sink == nil {
		return SinkResult{}, "", ErrSinkUnavailable
	}
	b, err := o.brains.Brain(ctx, brain)
	if errors.Is(err, ErrPeerUnavailable) {
		return SinkResult{}, "", errors.Join(ErrSinkUnavailable, err)
	}
	if err != nil {
		return SinkResult{}, "", err
	}
	soulPath := b.SoulPath
	if soulPath == "" && b.RepoRoot != "" {
		if rel, _, err := LoadSoul(b.RepoRoot, "", o.maxBytes); err == nil || !errors.Is(err, ErrSoulNotFound) {
			soulPath = rel
		}
	}
	if soulPath == "" {
		soulPath = DefaultSoulPaths[0]
	}
	source := soulPath + "#" + strings.TrimSpace(req.Section)
	res, err := o.sink.MemorizeSoulClaim(ctx, SoulClaimWrite{Brain: brain, Slug: req.Slug, Body: req.Body, SoulSource: source, Confidence: req.Confidence, ExpectedVersion: req.ExpectedVersion})
	return res, source, err
}

// ErrBadCursor is a page token the store did not issue.
var ErrBadCursor = errors.New("bad page token")

func within(root, p string) bool {
	rel, err := filepath.Rel(root, p)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel)
}

// brainTissues is tissuesFor for readers that fail open: a store error falls back to the deployment map.
func (o *Organ) brainTissues(ctx context.Context, brain string) map[string]Tissue {
	t, err := o.tissuesFor(ctx, brain, nil)
	if err != nil {
		return o.tissues
	}
	return t
}
