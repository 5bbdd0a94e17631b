package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/organism-dev/organism/services/medulla/domain"
)

// txView implements domain.Tx as a write-behind buffer over one SQL transaction. Writes of a
// whole batch are held in memory (reads consult the buffer first, so every write sees those
// queued before it) and flushed at the end in a handful of bulk statements. Two reasons:
// database/sql and the SQLite VM cost tens of microseconds per statement. The batch's change to
// the full-text index is collected here too and handed to the indexer after COMMIT (index.go).
type txView struct {
	// sqlTx writes the small tables (peers, foreign material, reuse events, flags).
	*sqlTx
	ctx   context.Context
	tx    *sql.Tx
	st    *statements
	bulk  *bulkInserts
	cache *liveCache

	nextID   int64
	versions []*domain.Claim
	// storeVersions holds the store version each brain committed last, as the writer knows
	// it (read only here; runTx updates it after COMMIT). A brain missing from it is read.
	storeVersions map[string]int64
	live          map[string]*domain.Claim // brain\x00slug -> pending live version
	supersede     []supersession
	brains        map[string]*brainCounters
	receipts      []*domain.Receipt
	ftsAdd        map[int64]ftsRow
	ftsDel        []int64
	// retired holds slugs whose live version this batch retired without a successor, with
	// that version's number.
	retired map[string]int64
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
	ID         int64
	Slug, Body string
}

// bulkInserts are the multi-row INSERTs of the two wide tables.
type bulkInserts struct {
	versions, receipts *multiRow
}

func newTxView(ctx context.Context, tx *sql.Tx, st *statements, bulk *bulkInserts, cache *liveCache, nextID int64, storeVersions map[string]int64) *txView {
	return &txView{sqlTx: newSQLTx(ctx, tx, false), ctx: ctx, tx: tx, st: st, bulk: bulk, cache: cache, nextID: nextID, storeVersions: storeVersions, live: map[string]*domain.Claim{},
		brains: map[string]*brainCounters{}, ftsAdd: map[int64]ftsRow{}, retired: map[string]int64{}}
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
	key := liveKey(brain, slug)
	if c, ok := t.live[key]; ok {
		return *c, nil
	}
	if _, ok := t.retired[key]; ok {
		return domain.Claim{}, domain.ErrNotFound
	}
	st, err := t.slugState(key, brain, slug)
	if err != nil {
		return domain.Claim{}, err
	}
	if !st.hasLive {
		return domain.Claim{}, domain.ErrNotFound
	}
	return st.live, nil
}

// slugState reads a slug's committed state, from the cache or with one query: the live version
// of a slug is always its highest version, so the highest row answers both "which version is
// live" and, when it was retired, "which number comes next".
func (t *txView) slugState(key, brain, slug string) (slugState, error) {
	if st, ok := t.cache.get(key); ok {
		return st, nil
	}
	c, err := scanClaim(t.st.latest.QueryRowContext(t.ctx, brain, slug))
	switch {
	case errors.Is(err, sql.ErrNoRows):
		t.cache.putAbsent(key, 0)
		return slugState{}, nil
	case err != nil:
		return slugState{}, wrap("live claim", err)
	case c.SupersededAt.IsZero():
		t.cache.put(key, c)
		return slugState{live: c, hasLive: true, last: c.Version}, nil
	default:
		t.cache.putAbsent(key, c.Version)
		return slugState{last: c.Version}, nil
	}
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
		// The superseded row must be the committed live version, as PostgreSQL's conditional
		// UPDATE insists: a write working from a stale view never forks the slug.
		if _, gone := t.retired[key]; gone {
			return fmt.Errorf("insert %s/%s: supersedes row %d but the slug was retired: %w", c.Brain, c.Slug, supersedes, domain.ErrConflict)
		}
		st, err := t.slugState(key, c.Brain, c.Slug)
		if err != nil {
			return err
		}
		if !st.hasLive || st.live.ID != supersedes {
			return fmt.Errorf("insert %s/%s: supersedes row %d, which is not the live version: %w", c.Brain, c.Slug, supersedes, domain.ErrConflict)
		}
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

func (t *txView) Retire(c domain.Claim, at time.Time) error {
	key := liveKey(c.Brain, c.Slug)
	if prev, pending := t.live[key]; pending {
		if prev.ID != c.ID {
			return fmt.Errorf("retire %s/%s: row %d is not the live version (row %d)", c.Brain, c.Slug, c.ID, prev.ID)
		}
		prev.SupersededAt = at
		delete(t.ftsAdd, c.ID)
	} else {
		t.supersede = append(t.supersede, supersession{ID: c.ID, At: at.UnixNano()})
		t.ftsDel = append(t.ftsDel, c.ID)
	}
	delete(t.live, key)
	t.retired[key] = c.Version
	t.counters(c.Brain).liveDelta--
	return nil
}

func (t *txView) LastVersion(brain, slug string) (int64, error) {
	key := liveKey(brain, slug)
	if c, ok := t.live[key]; ok {
		return c.Version, nil
	}
	if v, ok := t.retired[key]; ok {
		return v, nil
	}
	st, err := t.slugState(key, brain, slug)
	return st.last, err
}

func (t *txView) BumpStoreVersion(brain string) (int64, int64, error) {
	c := t.counters(brain)
	if !c.bumped {
		if v, ok := t.storeVersions[brain]; ok {
			c.storeVersion = v
		} else if err := t.st.brain.QueryRowContext(t.ctx, brain).Scan(new(string), new(string), new(string), new(string), new(int),
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

// flush writes the buffered batch.
func (t *txView) flush() error {
	if err := t.exec(t.st.supersede, "supersede", t.supersede, len(t.supersede)); err != nil {
		return err
	}
	if len(t.versions) > 0 {
		rows := make([][]any, len(t.versions))
		for i, c := range t.versions {
			args, err := versionArgs(c)
			if err != nil {
				return err
			}
			rows[i] = args
		}
		if err := t.bulk.versions.exec(t.ctx, t.tx, rows); err != nil {
			return wrap("insert versions", err)
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
		rows := make([][]any, len(t.receipts))
		for i, r := range t.receipts {
			args, err := receiptArgs(r)
			if err != nil {
				return err
			}
			rows[i] = args
		}
		if err := t.bulk.receipts.exec(t.ctx, t.tx, rows); err != nil {
			return wrap("append receipts", err)
		}
	}
	return nil
}

// indexChange is the batch's change to the full-text index, additions in write order.
func (t *txView) indexChange() indexBatch {
	b := indexBatch{del: t.ftsDel}
	for _, v := range t.versions {
		if r, ok := t.ftsAdd[v.ID]; ok {
			b.add = append(b.add, r)
		}
	}
	return b
}

func (t *txView) exec(st *sql.Stmt, op string, rows any, n int) error {
	if n == 0 {
		return nil
	}
	var b []byte
	if ss, ok := rows.([]supersession); ok {
		// The one list every batch of supersessions sends: written without reflection.
		b = appendSupersessions(make([]byte, 0, 40*len(ss)), ss)
	} else {
		var err error
		if b, err = json.Marshal(rows); err != nil {
			return fmt.Errorf("%s: %w", op, err)
		}
	}
	_, err := st.ExecContext(t.ctx, string(b))
	return wrap(op, err)
}

// appendSupersessions writes ss as the JSON array json.Marshal would: [{"id":1,"at":2},...].
func appendSupersessions(b []byte, ss []supersession) []byte {
	b = append(b, '[')
	for i, s := range ss {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"id":`...)
		b = strconv.AppendInt(b, s.ID, 10)
		b = append(b, `,"at":`...)
		b = strconv.AppendInt(b, s.At, 10)
		b = append(b, '}')
	}
	return append(b, ']')
}

func versionArgs(c *domain.Claim) ([]any, error) {
	ev, err := encodeEvidence(c.Evidence)
	if err != nil {
		return nil, err
	}
	p := c.Provenance
	trust, err := encodeTrust(p)
	if err != nil {
		return nil, err
	}
	return []any{c.ID, c.Brain, c.Slug, c.Version, string(c.Kind), c.Body, ev, c.Confidence, string(c.State), string(c.Tier),
		string(c.Verse), nullTime(p.Created), p.SourceAgent, p.OriginBrain, p.SoulSource, p.PromotedBy, p.PromotedReason,
		nullTime(p.PromotedAt), p.VerifiedBy, p.VerifiedVia, nullTime(p.VerifiedAt), c.WrittenAt.UnixNano(),
		nullTime(c.SupersededAt), c.ReceiptID, trust}, nil
}

func receiptArgs(r *domain.Receipt) ([]any, error) {
	gates, details, err := encodeReceiptLists(r)
	if err != nil {
		return nil, err
	}
	return []any{r.ID, r.Brain, string(r.Kind), r.ProposalID, r.Effect, r.Subject, gates, string(r.Reason), r.Message,
		r.VersionFrom, r.VersionTo, details, r.By.AgentID, r.By.Seat, r.By.Brain, string(r.By.Origin), r.At.UnixNano(), string(r.Verse)}, nil
}
