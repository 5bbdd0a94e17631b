package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"

	"github.com/organism-dev/organism/services/medulla/domain"
)

// txView implements domain.Tx as a write-behind buffer over one SQL transaction. Writes of a
// whole batch are held in memory (reads consult the buffer first, so every write sees those
// queued before it) and flushed at the end in a handful of bulk statements. Two reasons:
// database/sql and the SQLite VM cost tens of microseconds per statement, and SQLite opens a
// statement savepoint for every virtual-table write, at which FTS5 flushes its pending terms,
// so indexing row by row would write one tiny segment per claim.
type txView struct {
	ctx context.Context
	tx  *sql.Tx
	st  *statements

	nextID    int64
	versions  []*domain.Claim
	live      map[string]*domain.Claim // brain\x00slug -> pending live version
	supersede []supersession
	brains    map[string]*brainCounters
	receipts  []*domain.Receipt
	ftsAdd    map[int64]ftsRow
	ftsDel    []int64
}

type supersession struct {
	ID int64 `json:"id"`
	At int64 `json:"at"`
}

type brainCounters struct {
	storeVersion int64
	liveDelta    int64
	bumped       bool
}

type ftsRow struct {
	ID   int64  `json:"id"`
	Slug string `json:"slug"`
	Body string `json:"body"`
}

func newTxView(ctx context.Context, tx *sql.Tx, st *statements, nextID int64) *txView {
	return &txView{ctx: ctx, tx: tx, st: st, nextID: nextID, live: map[string]*domain.Claim{},
		brains: map[string]*brainCounters{}, ftsAdd: map[int64]ftsRow{}}
}

var _ domain.Tx = (*txView)(nil)

func liveKey(brain, slug string) string { return brain + "\x00" + slug }

func (t *txView) Brain(name string) (domain.Brain, error) {
	b, err := scanBrain(t.st.brain.QueryRowContext(t.ctx, name))
	if err != nil {
		return b, wrap("brain", err)
	}
	if c, ok := t.brains[name]; ok {
		if c.bumped {
			b.StoreVersion = c.storeVersion
		}
		b.LiveClaims += c.liveDelta
	}
	return b, nil
}

func (t *txView) PutBrain(b domain.Brain) error {
	_, err := t.st.putBrain.ExecContext(t.ctx, b.Name, b.RepoRoot, b.SoulPath, string(b.Policy), boolInt(b.Reserved),
		b.StoreVersion, b.CreatedAt.UnixNano(), b.UpdatedAt.UnixNano())
	return wrap("put brain", err)
}

func (t *txView) Live(brain, slug string) (domain.Claim, error) {
	if c, ok := t.live[liveKey(brain, slug)]; ok {
		return *c, nil
	}
	c, err := scanClaim(t.st.live.QueryRowContext(t.ctx, brain, slug))
	return c, wrap("live claim", err)
}

func (t *txView) counters(brain string) *brainCounters {
	c, ok := t.brains[brain]
	if !ok {
		c = &brainCounters{}
		t.brains[brain] = c
	}
	return c
}

func (t *txView) InsertVersion(c *domain.Claim, supersedes int64) error {
	key := liveKey(c.Brain, c.Slug)
	prev, pending := t.live[key]
	switch {
	case supersedes == 0:
		if pending {
			return fmt.Errorf("insert %s/%s: a live version is pending but none was superseded", c.Brain, c.Slug)
		}
		t.counters(c.Brain).liveDelta++
	case pending && prev.ID == supersedes:
		prev.SupersededAt = c.WrittenAt
		delete(t.ftsAdd, supersedes)
	case pending:
		return fmt.Errorf("insert %s/%s: supersedes row %d but the live version is row %d", c.Brain, c.Slug, supersedes, prev.ID)
	default:
		t.supersede = append(t.supersede, supersession{ID: supersedes, At: c.WrittenAt.UnixNano()})
		t.ftsDel = append(t.ftsDel, supersedes)
	}
	c.ID = t.nextID
	t.nextID++
	stored := *c
	stored.Evidence = append([]domain.Anchor(nil), c.Evidence...)
	t.versions = append(t.versions, &stored)
	t.live[key] = &stored
	t.ftsAdd[c.ID] = ftsRow{ID: c.ID, Slug: c.Slug, Body: c.Body}
	return nil
}

func (t *txView) BumpStoreVersion(brain string) (int64, int64, error) {
	c := t.counters(brain)
	if !c.bumped {
		if err := t.st.brain.QueryRowContext(t.ctx, brain).Scan(new(string), new(string), new(string), new(string), new(int),
			&c.storeVersion, new(int64), new(int64), new(int64)); err != nil {
			return 0, 0, wrap("bump store version", err)
		}
		c.bumped = true
	}
	c.storeVersion++
	return c.storeVersion - 1, c.storeVersion, nil
}

func (t *txView) AppendReceipt(r *domain.Receipt) error {
	cp := *r
	t.receipts = append(t.receipts, &cp)
	return nil
}

// flush writes the buffered batch. Supersessions go first: the unique live-slug index would
// otherwise see two live versions of a slug for a moment.
func (t *txView) flush() error {
	if err := t.exec(t.st.supersede, "supersede", t.supersede, len(t.supersede)); err != nil {
		return err
	}
	if len(t.versions) > 0 {
		rows := make([]versionRow, len(t.versions))
		for i, c := range t.versions {
			r, err := toVersionRow(c)
			if err != nil {
				return err
			}
			rows[i] = r
		}
		if err := t.exec(t.st.insertVersions, "insert versions", rows, len(rows)); err != nil {
			return err
		}
	}
	for name, c := range t.brains {
		if !c.bumped && c.liveDelta == 0 {
			continue
		}
		sv := c.storeVersion
		if !c.bumped {
			b, err := t.Brain(name)
			if err != nil {
				return err
			}
			sv = b.StoreVersion
		}
		if _, err := t.st.putBrainCounters.ExecContext(t.ctx, sv, c.liveDelta, name); err != nil {
			return wrap("brain counters", err)
		}
	}
	if len(t.receipts) > 0 {
		rows := make([]receiptRow, len(t.receipts))
		for i, r := range t.receipts {
			row, err := toReceiptRow(r)
			if err != nil {
				return err
			}
			rows[i] = row
		}
		if err := t.exec(t.st.appendReceipts, "append receipts", rows, len(rows)); err != nil {
			return err
		}
	}
	if err := t.exec(t.st.unindex, "unindex", t.ftsDel, len(t.ftsDel)); err != nil {
		return err
	}
	adds := make([]ftsRow, 0, len(t.ftsAdd))
	for _, v := range t.versions {
		if r, ok := t.ftsAdd[v.ID]; ok {
			adds = append(adds, r)
		}
	}
	return t.exec(t.st.index, "index", adds, len(adds))
}

func (t *txView) exec(st *sql.Stmt, op string, rows any, n int) error {
	if n == 0 {
		return nil
	}
	b, err := json.Marshal(rows)
	if err != nil {
		return fmt.Errorf("%s: %w", op, err)
	}
	_, err = st.ExecContext(t.ctx, string(b))
	return wrap(op, err)
}

// versionRow and receiptRow are the JSON shapes the bulk statements unpack with ->>.
type versionRow struct {
	ID             int64   `json:"id"`
	Brain          string  `json:"brain"`
	Slug           string  `json:"slug"`
	Version        int64   `json:"version"`
	Kind           string  `json:"kind"`
	Body           string  `json:"body"`
	Evidence       string  `json:"evidence"`
	Confidence     float64 `json:"confidence"`
	State          string  `json:"state"`
	Tier           string  `json:"tier"`
	Verse          string  `json:"verse"`
	Created        *int64  `json:"created"`
	SourceAgent    string  `json:"source_agent"`
	OriginBrain    string  `json:"origin_brain"`
	SoulSource     string  `json:"soul_source"`
	PromotedBy     string  `json:"promoted_by"`
	PromotedReason string  `json:"promoted_reason"`
	PromotedAt     *int64  `json:"promoted_at"`
	VerifiedBy     string  `json:"verified_by"`
	VerifiedVia    string  `json:"verified_via"`
	VerifiedAt     *int64  `json:"verified_at"`
	Written        int64   `json:"written"`
	Superseded     *int64  `json:"superseded"`
	Receipt        string  `json:"receipt"`
}

func nanosPtr(n sql.NullInt64) *int64 {
	if !n.Valid {
		return nil
	}
	return &n.Int64
}

func toVersionRow(c *domain.Claim) (versionRow, error) {
	ev, err := encodeEvidence(c.Evidence)
	if err != nil {
		return versionRow{}, err
	}
	p := c.Provenance
	return versionRow{
		ID: c.ID, Brain: c.Brain, Slug: c.Slug, Version: c.Version, Kind: string(c.Kind), Body: c.Body, Evidence: ev,
		Confidence: c.Confidence, State: string(c.State), Tier: string(c.Tier), Verse: string(c.Verse),
		Created: nanosPtr(nullTime(p.Created)), SourceAgent: p.SourceAgent, OriginBrain: p.OriginBrain, SoulSource: p.SoulSource,
		PromotedBy: p.PromotedBy, PromotedReason: p.PromotedReason, PromotedAt: nanosPtr(nullTime(p.PromotedAt)),
		VerifiedBy: p.VerifiedBy, VerifiedVia: p.VerifiedVia, VerifiedAt: nanosPtr(nullTime(p.VerifiedAt)),
		Written: c.WrittenAt.UnixNano(), Superseded: nanosPtr(nullTime(c.SupersededAt)), Receipt: c.ReceiptID,
	}, nil
}

type receiptRow struct {
	ID       string `json:"id"`
	Brain    string `json:"brain"`
	Kind     string `json:"kind"`
	Proposal string `json:"proposal"`
	Effect   string `json:"effect"`
	Subject  string `json:"subject"`
	Gates    string `json:"gates"`
	Reason   string `json:"reason"`
	Message  string `json:"message"`
	From     int64  `json:"from"`
	To       int64  `json:"to"`
	Details  string `json:"details"`
	Agent    string `json:"agent"`
	Seat     string `json:"seat"`
	ByBrain  string `json:"by_brain"`
	Origin   string `json:"origin"`
	At       int64  `json:"at"`
	Verse    string `json:"verse"`
}

func toReceiptRow(r *domain.Receipt) (receiptRow, error) {
	gates, details, err := encodeReceiptLists(r)
	if err != nil {
		return receiptRow{}, err
	}
	return receiptRow{
		ID: r.ID, Brain: r.Brain, Kind: string(r.Kind), Proposal: r.ProposalID, Effect: r.Effect, Subject: r.Subject,
		Gates: gates, Reason: string(r.Reason), Message: r.Message, From: r.VersionFrom, To: r.VersionTo, Details: details,
		Agent: r.By.AgentID, Seat: r.By.Seat, ByBrain: r.By.Brain, Origin: string(r.By.Origin), At: r.At.UnixNano(), Verse: string(r.Verse),
	}, nil
}
