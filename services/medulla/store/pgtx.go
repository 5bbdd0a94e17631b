package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"hash/fnv"
	"strconv"
	"strings"
	"time"

	"github.com/organism-dev/organism/services/medulla/domain"
)

// pgTx implements domain.Tx on PostgreSQL as a write-behind buffer over one transaction (READ
// COMMITTED), like SQLite's txView: a batch's versions, supersessions, counters and receipts
// are held in memory (reads consult them first, so every write sees those queued before it)
// and flushed at the end in one statement per kind. What it reads it reads after taking the
// brain's advisory lock, so it sees what the previous holder committed, from any replica.
//
// Round trips per batch: the lock and the brain row once per brain, one id reservation, one
// read per slug this replica does not remember (pgCache), then the flush and COMMIT; a write
// to a remembered slug costs none of its own. When this replica made the brain's last commit,
// the lock and the row come with the flush instead (speculate): one round trip in all.
type pgTx struct {
	*sqlTx
	sess   *pgSession
	cache  *pgCache
	brains map[string]*pgBrain
	// order is the brains in the order their locks were taken (runBatch retries a deadlocked
	// batch taking the same locks in one sorted order).
	order []string

	versions  []*domain.Claim
	live      map[string]*domain.Claim // brain\x00slug -> pending live version
	retired   map[string]pgRetired     // slugs retired here without a successor
	supersede []pgSupersession
	receipts  []*domain.Receipt

	// ids are claim version ids reserved from the sequence while holding the locks of the
	// first idsFor brains of order; want is how many the rest of the batch may need.
	ids    []int64
	idsFor int
	want   int

	// size is the batch's length, which sizes the ids the flush draws for the next batch;
	// noSpec forbids running on a remembered brain row (a retry locks in sorted order first);
	// handback is what the flush handed back per brain, for the cache once COMMIT returns.
	size     int
	noSpec   bool
	handback map[string]*pgSpec

	// parent, while set, is the batch in flight this one runs after (pgpipe.go): its pending
	// versions and retirements are this batch's committed state. spare are ids the batch after
	// this one may use; putBrain says this batch wrote a brain row itself, so the row it
	// leaves cannot be predicted.
	parent   *pgTx
	spare    []int64
	putBrain bool
	// ahead is what readAhead read, for this batch only.
	ahead map[string]slugState
}

// pgBrain is a brain this transaction holds the lock of.
type pgBrain struct {
	b      domain.Brain
	exists bool
	writes int64
	// bumped says b.StoreVersion was advanced here; liveDelta is the change to b.LiveClaims not
	// yet written; changed says a version of the brain was inserted or superseded.
	bumped    bool
	changed   bool
	liveDelta int64
	// spec, while set, says the brain is not locked yet: the transaction runs on the row this
	// replica's last commit left (spec.text), and takes the lock and checks the row before its
	// first statement (settle) or in the flush (flush_write).
	spec *pgSpec
}

// pgRetired is a slug retired by this transaction and the version it had reached.
type pgRetired struct {
	brain, slug string
	last        int64
}

type pgSupersession struct {
	id          int64
	brain, slug string
	at          int64
}

var _ domain.Tx = (*pgTx)(nil)

func newPGTx(ctx context.Context, sess *pgSession, cache *pgCache, want int) *pgTx {
	return &pgTx{sqlTx: newSQLTx(ctx, sess, true), sess: sess, cache: cache, brains: map[string]*pgBrain{},
		live: map[string]*domain.Claim{}, retired: map[string]pgRetired{}, want: want, size: want}
}

// errStale says a transaction ran on a remembered brain row that another replica has changed
// since: nothing of it is kept, and the writer runs it again, locking before it reads.
var errStale = errors.New("the brain changed since this replica last wrote it")

// pgStaleCode is the SQLSTATE flush_write raises for errStale.
const pgStaleCode = "MD412"

// speculate starts the transaction on brain's remembered row, without a round trip: only as
// its first brain, before anything was sent, and not on a retry. The ids the last commit drew
// under the lock serve this batch (they stay above every committed id as long as the row
// holds, which the check proves).
func (t *pgTx) speculate(name string) *pgBrain {
	if len(t.order) > 0 || t.noSpec || t.sess.begun || !t.cache.mayGuess(name) {
		return nil
	}
	sp := t.cache.takeSpec(name)
	if sp == nil {
		return nil
	}
	pb := &pgBrain{b: sp.b, exists: true, writes: sp.writes, spec: sp}
	t.brains[name] = pb
	t.order = append(t.order, name)
	t.ids, t.idsFor = append(t.ids[:0], sp.ids...), 1
	t.sess.before = t.settle
	return pb
}

// settle locks every brain the transaction runs on unlocked and checks each row is still the
// one remembered; errStale when it is not.
func (t *pgTx) settle() error {
	t.sess.before = nil
	for _, name := range t.order {
		pb := t.brains[name]
		if pb.spec == nil {
			continue
		}
		var same bool
		if err := t.sess.queryRow(t.ctx, `SELECT relock_brain($1, $2, $3)`, []any{name, brainLockKey(name), pb.spec.text}, &same); err != nil {
			return pgWrap("relock brain", err)
		}
		if !same {
			return errStale
		}
		pb.spec = nil
	}
	return nil
}

// speculative says some brain of the transaction is not locked yet.
func (t *pgTx) speculative() bool {
	for _, pb := range t.brains {
		if pb.spec != nil {
			return true
		}
	}
	return false
}

// brainLockKey is the advisory lock of a brain's writes. The keyspace is shared with every
// organ in the database; the prefix keeps medulla's keys apart from the migration lock's. A
// collision between two names only makes their writes take turns.
func brainLockKey(name string) int64 {
	h := fnv.New64a()
	h.Write([]byte("medulla.brain\x00" + name))
	return int64(h.Sum64())
}

// lock takes brain's write lock (once per transaction; it is held until COMMIT or ROLLBACK)
// and reads the brain as the last writer left it. A brain that does not exist yet is locked
// too, so registering it is serialized like everything else.
func (t *pgTx) lock(name string) (*pgBrain, error) {
	if pb, ok := t.brains[name]; ok {
		return pb, nil
	}
	if pb := t.speculate(name); pb != nil {
		return pb, nil
	}
	// A second brain is locked after the first is, for real.
	if err := t.sess.settle(); err != nil {
		return nil, err
	}
	pb := &pgBrain{}
	// The brain row comes with the ids the rest of the batch may need, drawn under the lock
	// (lock_brain, pgmigrations/0004: lock, then read, in one round trip; BEGIN rides along
	// when this is the transaction's first statement).
	var writes int64
	var ids string
	b, err := scanBrain(scanFunc(func(dest ...any) error {
		return t.sess.queryRow(t.ctx, `SELECT * FROM lock_brain($1, $2, $3)`, []any{name, brainLockKey(name), t.want}, append(dest, &writes, &ids)...)
	}))
	switch err := pgWrap("brain", err); {
	case err == nil:
		pb.b, pb.exists, pb.writes = b, true, writes
	case err != domain.ErrNotFound:
		return nil, err
	}
	// What this replica remembers of the brain holds only if nobody wrote it since.
	t.cache.check(name, pb.writes)
	t.brains[name] = pb
	t.order = append(t.order, name)
	if ids != "" {
		t.ids = t.ids[:0]
		for _, f := range strings.Split(ids, ",") {
			id, err := strconv.ParseInt(f, 10, 64)
			if err != nil {
				return nil, fmt.Errorf("reserve ids: %w", err)
			}
			t.ids = append(t.ids, id)
		}
		t.idsFor = len(t.order)
	}
	return pb, nil
}

// scanFunc adapts a function to the scanner scanBrain takes.
type scanFunc func(dest ...any) error

func (f scanFunc) Scan(dest ...any) error { return f(dest...) }

func (t *pgTx) Brain(name string) (domain.Brain, error) {
	pb, err := t.lock(name)
	if err != nil {
		return domain.Brain{}, err
	}
	if !pb.exists {
		return domain.Brain{}, domain.ErrNotFound
	}
	b := pb.b
	b.LiveClaims += pb.liveDelta
	return b, nil
}

func (t *pgTx) PutBrain(b domain.Brain) error {
	pb, err := t.lock(b.Name)
	if err != nil {
		return err
	}
	t.putBrain = true
	_, err = t.tx.ExecContext(t.ctx, `INSERT INTO brains (name, repo_root, soul_path, policy, reserved, store_version, created_at, updated_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
		ON CONFLICT (name) DO UPDATE SET repo_root = excluded.repo_root, soul_path = excluded.soul_path,
		policy = excluded.policy, updated_at = excluded.updated_at`,
		b.Name, b.RepoRoot, b.SoulPath, string(b.Policy), boolInt(b.Reserved), b.StoreVersion, b.CreatedAt.UnixNano(), b.UpdatedAt.UnixNano())
	if err != nil {
		return pgWrap("put brain", err)
	}
	// Mirror the upsert: an existing brain keeps its counters, reservation and creation time.
	if pb.exists {
		pb.b.RepoRoot, pb.b.SoulPath, pb.b.Policy, pb.b.UpdatedAt = b.RepoRoot, b.SoulPath, b.Policy, b.UpdatedAt
		return nil
	}
	pb.b, pb.exists = b, true
	pb.b.LiveClaims = 0
	return nil
}

// slugState is a slug's committed state, remembered or read with one query (its highest
// version, which is the live one when there is one).
func (t *pgTx) slugState(brain, slug string) (slugState, error) {
	if _, err := t.lock(brain); err != nil {
		return slugState{}, err
	}
	if p := t.parent; p != nil {
		key := liveKey(brain, slug)
		if c, ok := p.live[key]; ok {
			return slugState{live: *c, hasLive: true, last: c.Version}, nil
		}
		if r, ok := p.retired[key]; ok {
			return slugState{last: r.last}, nil
		}
	}
	if st, ok := t.cache.get(brain, slug); ok {
		return st, nil
	}
	const q = `SELECT ` + claimCols + ` FROM claim_versions v
		WHERE v.brain = $1 AND v.slug = $2 ORDER BY v.version DESC LIMIT 1`
	if t.parent != nil {
		return t.readAhead(brain, slug, q)
	}
	st, err := slugStateOf(scanClaim(t.tx.QueryRowContext(t.ctx, q, brain, slug)))
	if err != nil {
		return slugState{}, err
	}
	// Read under the lock, so it is committed state as of the brain's write count.
	t.cache.put(brain, slug, st)
	return st, nil
}

func (t *pgTx) Live(brain, slug string) (domain.Claim, error) {
	key := liveKey(brain, slug)
	if c, ok := t.live[key]; ok {
		return *c, nil
	}
	if _, ok := t.retired[key]; ok {
		return domain.Claim{}, domain.ErrNotFound
	}
	st, err := t.slugState(brain, slug)
	if err != nil {
		return domain.Claim{}, err
	}
	if !st.hasLive {
		return domain.Claim{}, domain.ErrNotFound
	}
	return st.live, nil
}

func (t *pgTx) LastVersion(brain, slug string) (int64, error) {
	key := liveKey(brain, slug)
	if c, ok := t.live[key]; ok {
		return c.Version, nil
	}
	if r, ok := t.retired[key]; ok {
		return r.last, nil
	}
	st, err := t.slugState(brain, slug)
	return st.last, err
}

// nextID hands out a claim version id reserved under the locks held. An id drawn from the
// sequence while holding a brain's lock is above every id the previous holder committed, so a
// brain's ids grow in commit order, from any replica, as they did with the column's default;
// a reservation is therefore only used for brains locked when it was made.
func (t *pgTx) nextID() (int64, error) {
	if len(t.ids) == 0 || t.idsFor < len(t.order) {
		n := max(t.want, 1)
		const q = `SELECT nextval(pg_get_serial_sequence('claim_versions', 'id')) FROM generate_series(1, $1)`
		var rows *sql.Rows
		var err error
		if t.parent != nil {
			// A batch prepared on the state a flight will leave (pgpipe.go) draws ahead,
			// without the lock. The ids are above the flight's (drawn after those, from a
			// sequence that only grows), so above every id committed to the brain before the
			// flight; and nobody else commits to the brain between the flight and this batch,
			// or the batch's row check refuses it (MD412). So ids still grow in commit order.
			rows, err = t.sess.conn.QueryContext(t.ctx, q, n)
		} else {
			rows, err = t.tx.QueryContext(t.ctx, q, n)
		}
		if err != nil {
			return 0, pgWrap("reserve ids", err)
		}
		defer rows.Close()
		t.ids = t.ids[:0]
		for rows.Next() {
			var id int64
			if err := rows.Scan(&id); err != nil {
				return 0, pgWrap("reserve ids", err)
			}
			t.ids = append(t.ids, id)
		}
		if err := rows.Err(); err != nil || len(t.ids) == 0 {
			return 0, pgWrap("reserve ids", errors.Join(err, errors.New("no id reserved")))
		}
		t.idsFor = len(t.order)
	}
	id := t.ids[0]
	t.ids = t.ids[1:]
	return id, nil
}

func (t *pgTx) InsertVersion(c *domain.Claim, supersedes int64) error {
	pb, err := t.lock(c.Brain)
	if err != nil {
		return err
	}
	key := liveKey(c.Brain, c.Slug)
	prev, pending := t.live[key]
	switch {
	case supersedes == 0:
		if pending {
			return fmt.Errorf("insert %s/%s: a live version is pending but none was superseded", c.Brain, c.Slug)
		}
		pb.liveDelta++
	case pending && prev.ID == supersedes:
		prev.SupersededAt = c.WrittenAt
	case pending:
		return fmt.Errorf("insert %s/%s: supersedes row %d but the live version is row %d", c.Brain, c.Slug, supersedes, prev.ID)
	default:
		// The flush's conditional UPDATE is the database's check; this one refuses a stale
		// view before anything is sent.
		if _, gone := t.retired[key]; gone {
			return fmt.Errorf("insert %s/%s: supersedes row %d but the slug was retired: %w", c.Brain, c.Slug, supersedes, domain.ErrConflict)
		}
		st, err := t.slugState(c.Brain, c.Slug)
		if err != nil {
			return err
		}
		if !st.hasLive || st.live.ID != supersedes {
			return fmt.Errorf("insert %s/%s: supersedes row %d, which is not the live version: %w", c.Brain, c.Slug, supersedes, domain.ErrConflict)
		}
		t.supersede = append(t.supersede, pgSupersession{id: supersedes, brain: c.Brain, slug: c.Slug, at: c.WrittenAt.UnixNano()})
	}
	if c.ID, err = t.nextID(); err != nil {
		return err
	}
	pb.changed = true
	stored := *c
	stored.Evidence = append([]domain.Anchor(nil), c.Evidence...)
	t.versions = append(t.versions, &stored)
	t.live[key] = &stored
	delete(t.retired, key)
	return nil
}

func (t *pgTx) Retire(c domain.Claim, at time.Time) error {
	pb, err := t.lock(c.Brain)
	if err != nil {
		return err
	}
	key := liveKey(c.Brain, c.Slug)
	if prev, pending := t.live[key]; pending {
		if prev.ID != c.ID {
			return fmt.Errorf("retire %s/%s: row %d is not the live version (row %d)", c.Brain, c.Slug, c.ID, prev.ID)
		}
		prev.SupersededAt = at
	} else {
		t.supersede = append(t.supersede, pgSupersession{id: c.ID, brain: c.Brain, slug: c.Slug, at: at.UnixNano()})
	}
	delete(t.live, key)
	t.retired[key] = pgRetired{brain: c.Brain, slug: c.Slug, last: c.Version}
	pb.liveDelta--
	pb.changed = true
	return nil
}

func (t *pgTx) BumpStoreVersion(brain string) (int64, int64, error) {
	pb, err := t.lock(brain)
	if err != nil {
		return 0, 0, err
	}
	if !pb.exists {
		return 0, 0, domain.ErrNotFound
	}
	pb.bumped = true
	pb.b.StoreVersion++
	return pb.b.StoreVersion - 1, pb.b.StoreVersion, nil
}

func (t *pgTx) AppendReceipt(r *domain.Receipt) error {
	cp := *r
	t.receipts = append(t.receipts, &cp)
	return nil
}

// slugStateOf reads a slug's newest version, as the query of its last version returned it,
// into what a batch knows of the slug: its live version, or only its last version number, or
// nothing when the slug was never written.
func slugStateOf(c domain.Claim, err error) (slugState, error) {
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return slugState{}, nil
	case err != nil:
		return slugState{}, pgWrap("live claim", err)
	case c.SupersededAt.IsZero():
		return slugState{live: c, hasLive: true, last: c.Version}, nil
	default:
		return slugState{last: c.Version}, nil
	}
}
