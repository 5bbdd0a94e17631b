package store

import (
	"fmt"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/organism-dev/organism/platform/pgdb"
	"github.com/organism-dev/organism/services/medulla/domain"
)

// pgCache is what one replica remembers of the slugs it read and wrote, per brain, with the
// brain's write count it is true at (brains.writes). A transaction checks the count after
// taking the brain's lock: unchanged, nobody wrote the brain since and the slugs are still the
// database's; changed, they are forgotten. So it can never show a write a view the database
// does not hold, and the flush's conditional UPDATE and unique indexes stand behind it anyway.
// Only the writer goroutine touches it.
type pgCache struct {
	brains map[string]*pgBrainCache
	// cold counts, per brain another replica wrote under this one's remembered row, the
	// batches still to run locking first (see stale).
	cold map[string]int
	// stales counts the batches run again because another replica wrote first, for tests.
	stales atomic.Int64
}

type pgBrainCache struct {
	writes int64
	slugs  *liveCache
	// spec is the brain as this replica's last commit to it left it, when that commit handed
	// it back (flush_write): the next batch may run on it without locking first (pgTx.lock).
	spec *pgSpec
}

// pgSpec is a brain's row as a commit left it, the row's text as the database prints it (what
// flush_write and relock_brain compare), and claim version ids drawn under that commit's lock.
type pgSpec struct {
	b      domain.Brain
	writes int64
	text   string
	ids    []int64
}

// pgCacheSlugs bounds the slugs remembered per brain (the cache drops them all when full).
const pgCacheSlugs = 1 << 14

// pgColdBatches is how many batches of a brain run locking first after another replica wrote
// it under this one's remembered row. While two replicas write one brain, a batch run on the
// remembered row is nearly always stale: its writes run twice and it costs a round trip more
// than locking first. Backing off keeps that waste to one batch in pgColdBatches+1, and a
// replica that writes alone again speculates again after that many batches.
const pgColdBatches = 64

func newPGCache() *pgCache {
	return &pgCache{brains: map[string]*pgBrainCache{}, cold: map[string]int{}}
}

// stale is a batch run on brains, one of which another replica wrote since: it forgets all
// the replica remembers of them, and makes their next pgColdBatches batches lock first.
func (c *pgCache) stale(brains []string) {
	for _, name := range brains {
		c.forget(name)
		c.cold[name] = pgColdBatches
		c.stales.Add(1)
	}
}

// cooling says brain's batches lock first for now, without counting a batch.
func (c *pgCache) cooling(brain string) bool { return c.cold[brain] > 0 }

// mayGuess says whether a batch may run on brain's remembered row, and counts the batch
// against the back-off when it may not.
func (c *pgCache) mayGuess(brain string) bool {
	n := c.cold[brain]
	if n == 0 {
		return true
	}
	if n == 1 {
		delete(c.cold, brain)
	} else {
		c.cold[brain] = n - 1
	}
	return false
}

// check keeps brain's slugs if they are true at writes, the count just read under the lock.
func (c *pgCache) check(brain string, writes int64) {
	if bc, ok := c.brains[brain]; !ok || bc.writes != writes {
		c.brains[brain] = &pgBrainCache{writes: writes, slugs: newLiveCache(pgCacheSlugs)}
	}
}

// takeSpec hands out brain's remembered row once: a batch that runs on it spends its ids.
func (c *pgCache) takeSpec(brain string) *pgSpec {
	bc, ok := c.brains[brain]
	if !ok || bc.spec == nil || bc.spec.writes != bc.writes {
		return nil
	}
	sp := bc.spec
	bc.spec = nil
	return sp
}

// forget drops all the replica remembers of brain.
func (c *pgCache) forget(brain string) { delete(c.brains, brain) }

func (c *pgCache) get(brain, slug string) (slugState, bool) {
	if bc, ok := c.brains[brain]; ok {
		return bc.slugs.get(slug)
	}
	return slugState{}, false
}

func (c *pgCache) put(brain, slug string, st slugState) {
	bc, ok := c.brains[brain]
	if !ok {
		return
	}
	if st.hasLive {
		bc.slugs.put(slug, st.live)
	} else {
		bc.slugs.putAbsent(slug, st.last)
	}
}

// committed teaches the cache what a committed transaction wrote: each brain it changed is one
// write further, and its slugs are as the transaction left them.
func (t *pgTx) committed() {
	for name, pb := range t.brains {
		if pb.changed {
			if bc, ok := t.cache.brains[name]; ok && bc.writes == pb.writes {
				bc.writes++
			} else {
				delete(t.cache.brains, name)
			}
		}
		// The row the flush handed back is kept only when it agrees with the count the
		// slugs are true at.
		if bc, ok := t.cache.brains[name]; ok {
			bc.spec = nil
			if sp := t.handback[name]; sp != nil && sp.writes == bc.writes {
				bc.spec = sp
			}
		}
	}
	for _, r := range t.retired {
		t.cache.put(r.brain, r.slug, slugState{last: r.last})
	}
	for _, c := range t.live {
		t.cache.put(c.Brain, c.Slug, slugState{live: *c, hasLive: true, last: c.Version})
	}
}

// commit writes what the transaction held back and commits, in one round trip: flush_write
// (pgmigrations/0007) locks and checks the brains run on unlocked (checks), then flush_batch
// (as last replaced, pgmigrations/0009) takes the supersessions, versions, each changed
// brain's counters and write count, and the receipts as one array per column and writes them
// in that order, with bm25's word counts; the brains' rows and next ids come back for the
// cache (scanHandback), and COMMIT follows in the same pipelined batch. A supersession that
// finds its row no longer live is ErrConflict, a brain row that changed is errStale, and
// either way nothing is committed.
func (t *pgTx) commit() error {
	var a pgFlushArgs
	for _, s := range t.supersede {
		a.sID, a.sBrain, a.sSlug, a.sAt = append(a.sID, s.id), append(a.sBrain, s.brain), append(a.sSlug, s.slug), append(a.sAt, s.at)
	}
	for _, c := range t.versions {
		if err := a.version(c); err != nil {
			return err
		}
	}
	for _, name := range t.order {
		pb := t.brains[name]
		if !pb.bumped && pb.liveDelta == 0 && !pb.changed {
			continue
		}
		w := int64(0)
		if pb.changed {
			w = 1
		}
		a.bName, a.bVersion, a.bDelta, a.bWrites = append(a.bName, name), append(a.bVersion, pb.b.StoreVersion), append(a.bDelta, pb.liveDelta), append(a.bWrites, w)
	}
	for _, r := range t.receipts {
		if err := a.receipt(r); err != nil {
			return err
		}
	}
	var err error
	if len(a.sID)+len(a.v.id)+len(a.bName)+len(a.r.id) == 0 && !t.sess.begun && !t.speculative() {
		// Nothing was read or written.
		err = t.sess.commit(t.ctx, "", nil, nil)
	} else {
		err = t.sess.commit(t.ctx, pgFlushWrite, append(a.args(), t.checks()...), t.scanHandback)
	}
	switch pgdb.Code(err) {
	case pgConflictCode:
		return fmt.Errorf("flush: %w: %w", domain.ErrConflict, err)
	case pgStaleCode:
		return errStale
	}
	return pgWrap("commit", err)
}

// checks are flush_write's last five arguments: the brains the transaction ran on unlocked
// with the rows it expects of them, and the brains whose rows and next ids to hand back.
func (t *pgTx) checks() []any {
	var xName, kName []string
	var xKey []int64
	var xRow []string
	var kWant []int32
	// The batch that runs on these ids (the next, or with a batch in flight the one after it,
	// pgpipe.go) is likely about this one's size; a bigger one draws the rest itself.
	want := int32(min(t.size+t.size/2+2, 1024))
	for _, name := range t.order {
		pb := t.brains[name]
		if pb.spec != nil {
			xName, xKey, xRow = append(xName, name), append(xKey, brainLockKey(name)), append(xRow, pb.spec.text)
		}
		kName, kWant = append(kName, name), append(kWant, want)
	}
	return []any{nz(xName), nz(xKey), nz(xRow), nz(kName), nz(kWant)}
}

// scanHandback reads one brain flush_write handed back.
func (t *pgTx) scanHandback(rows pgx.Rows) error {
	var sp pgSpec
	var ids string
	b, err := scanBrain(scanFunc(func(dest ...any) error { return rows.Scan(append(dest, &sp.writes, &ids, &sp.text)...) }))
	if err != nil {
		return err
	}
	sp.b = b
	if ids != "" {
		for _, f := range strings.Split(ids, ",") {
			id, err := strconv.ParseInt(f, 10, 64)
			if err != nil {
				return fmt.Errorf("handed-back ids: %w", err)
			}
			sp.ids = append(sp.ids, id)
		}
	}
	if t.handback == nil {
		t.handback = map[string]*pgSpec{}
	}
	t.handback[b.Name] = &sp
	return nil
}

// pgConflictCode is the SQLSTATE flush_batch raises when a supersession finds its row no
// longer the live version.
const pgConflictCode = "MD409"

// pgFlushWrite is flush_batch's 51 arguments and flush_write's five (pgmigrations/0007).
const pgFlushWrite = `SELECT * FROM flush_write($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20,
	$21, $22, $23, $24, $25, $26, $27, $28, $29, $30, $31, $32, $33, $34, $35, $36, $37, $38, $39, $40,
	$41, $42, $43, $44, $45, $46, $47, $48, $49, $50, $51, $52, $53, $54, $55, $56)`

// pgFlushArgs are flush_batch's arguments, one slice per column.
type pgFlushArgs struct {
	sID                       []int64
	sBrain, sSlug             []string
	sAt                       []int64
	v                         pgVersionCols
	bName                     []string
	bVersion, bDelta, bWrites []int64
	r                         pgReceiptCols
}

type pgVersionCols struct {
	id, version                                                      []int64
	brain, slug, kind, body, evidence, state, tier, verse            []string
	confidence                                                       []float64
	createdAt, promotedAt, verifiedAt, supersededAt                  []*int64
	sourceAgent, originBrain, soulSource, promotedBy, promotedReason []string
	verifiedBy, verifiedVia, receiptID, trust                        []string
	writtenAt                                                        []int64
}

type pgReceiptCols struct {
	id, brain, kind, proposalID, effect, subject, gates, reason, message []string
	versionFrom, versionTo, at                                           []int64
	details, byAgent, bySeat, byBrain, byOrigin, verse                   []string
}

// nullNanos is a time as flush_batch's nullable columns take it.
func nullNanos(t time.Time) *int64 {
	if t.IsZero() {
		return nil
	}
	n := t.UnixNano()
	return &n
}

func (a *pgFlushArgs) version(c *domain.Claim) error {
	ev, err := encodeEvidence(c.Evidence)
	if err != nil {
		return err
	}
	p := c.Provenance
	trust, err := encodeTrust(p)
	if err != nil {
		return err
	}
	v := &a.v
	v.id, v.brain, v.slug, v.version = append(v.id, c.ID), append(v.brain, c.Brain), append(v.slug, c.Slug), append(v.version, c.Version)
	v.kind, v.body, v.evidence, v.confidence = append(v.kind, string(c.Kind)), append(v.body, c.Body), append(v.evidence, ev), append(v.confidence, c.Confidence)
	v.state, v.tier, v.verse = append(v.state, string(c.State)), append(v.tier, string(c.Tier)), append(v.verse, string(c.Verse))
	v.createdAt, v.sourceAgent, v.originBrain = append(v.createdAt, nullNanos(p.Created)), append(v.sourceAgent, p.SourceAgent), append(v.originBrain, p.OriginBrain)
	v.soulSource, v.promotedBy, v.promotedReason = append(v.soulSource, p.SoulSource), append(v.promotedBy, p.PromotedBy), append(v.promotedReason, p.PromotedReason)
	v.promotedAt, v.verifiedBy, v.verifiedVia = append(v.promotedAt, nullNanos(p.PromotedAt)), append(v.verifiedBy, p.VerifiedBy), append(v.verifiedVia, p.VerifiedVia)
	v.verifiedAt, v.writtenAt, v.supersededAt = append(v.verifiedAt, nullNanos(p.VerifiedAt)), append(v.writtenAt, c.WrittenAt.UnixNano()), append(v.supersededAt, nullNanos(c.SupersededAt))
	v.receiptID, v.trust = append(v.receiptID, c.ReceiptID), append(v.trust, trust)
	return nil
}

func (a *pgFlushArgs) receipt(r *domain.Receipt) error {
	gates, details, err := encodeReceiptLists(r)
	if err != nil {
		return err
	}
	c := &a.r
	c.id, c.brain, c.kind, c.proposalID = append(c.id, r.ID), append(c.brain, r.Brain), append(c.kind, string(r.Kind)), append(c.proposalID, r.ProposalID)
	c.effect, c.subject, c.gates, c.reason = append(c.effect, r.Effect), append(c.subject, r.Subject), append(c.gates, gates), append(c.reason, string(r.Reason))
	c.message, c.versionFrom, c.versionTo, c.details = append(c.message, r.Message), append(c.versionFrom, r.VersionFrom), append(c.versionTo, r.VersionTo), append(c.details, details)
	c.byAgent, c.bySeat, c.byBrain, c.byOrigin = append(c.byAgent, r.By.AgentID), append(c.bySeat, r.By.Seat), append(c.byBrain, r.By.Brain), append(c.byOrigin, string(r.By.Origin))
	c.at, c.verse = append(c.at, r.At.UnixNano()), append(c.verse, string(r.Verse))
	return nil
}

// args are the 51 arguments in flush_batch's order. A nil slice is sent as an empty array.
func (a *pgFlushArgs) args() []any {
	v, r := &a.v, &a.r
	return []any{
		nz(a.sID), nz(a.sBrain), nz(a.sSlug), nz(a.sAt),
		nz(v.id), nz(v.brain), nz(v.slug), nz(v.version), nz(v.kind), nz(v.body), nz(v.evidence), nz(v.confidence),
		nz(v.state), nz(v.tier), nz(v.verse), nz(v.createdAt), nz(v.sourceAgent), nz(v.originBrain), nz(v.soulSource),
		nz(v.promotedBy), nz(v.promotedReason), nz(v.promotedAt), nz(v.verifiedBy), nz(v.verifiedVia), nz(v.verifiedAt),
		nz(v.writtenAt), nz(v.supersededAt), nz(v.receiptID), nz(v.trust),
		nz(a.bName), nz(a.bVersion), nz(a.bDelta), nz(a.bWrites),
		nz(r.id), nz(r.brain), nz(r.kind), nz(r.proposalID), nz(r.effect), nz(r.subject), nz(r.gates), nz(r.reason),
		nz(r.message), nz(r.versionFrom), nz(r.versionTo), nz(r.details), nz(r.byAgent), nz(r.bySeat), nz(r.byBrain),
		nz(r.byOrigin), nz(r.at), nz(r.verse),
	}
}

// nz makes a nil slice an empty one: pgx sends a nil slice as NULL, and an empty array is
// what flush_batch's cardinality checks expect.
func nz[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}
