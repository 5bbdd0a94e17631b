package store

import (
	"fmt"
	"strconv"
	"strings"

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
}

type pgBrainCache struct {
	writes int64
	slugs  *liveCache
}

// pgCacheSlugs bounds the slugs remembered per brain (the cache drops them all when full).
const pgCacheSlugs = 1 << 14

func newPGCache() *pgCache { return &pgCache{brains: map[string]*pgBrainCache{}} }

// check keeps brain's slugs if they are true at writes, the count just read under the lock.
func (c *pgCache) check(brain string, writes int64) {
	if bc, ok := c.brains[brain]; !ok || bc.writes != writes {
		c.brains[brain] = &pgBrainCache{writes: writes, slugs: newLiveCache(pgCacheSlugs)}
	}
}

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
		if !pb.changed {
			continue
		}
		if bc, ok := t.cache.brains[name]; ok && bc.writes == pb.writes {
			bc.writes++
		} else {
			delete(t.cache.brains, name)
		}
	}
	for _, r := range t.retired {
		t.cache.put(r.brain, r.slug, slugState{last: r.last})
	}
	for _, c := range t.live {
		t.cache.put(c.Brain, c.Slug, slugState{live: *c, hasLive: true, last: c.Version})
	}
}

// pgRowsChunk bounds the rows of one multi-row INSERT (PostgreSQL allows 65,535 parameters;
// a flush's statement holds up to this many versions and as many receipts, 43,000 at most).
const pgRowsChunk = 1000

// pgVersionInsert inserts versions with the ids reserved for them.
const pgVersionInsert = `INSERT INTO claim_versions (id, brain, slug, version, kind, body, evidence, confidence, state, tier, verse,
	created_at, source_agent, origin_brain, soul_source, promoted_by, promoted_reason, promoted_at,
	verified_by, verified_via, verified_at, written_at, superseded_at, receipt_id, trust) OVERRIDING SYSTEM VALUE VALUES `

// flush writes what the transaction held back in two statements: the supersessions (a
// conditional UPDATE that must find every row still live, so it runs first and alone: a new
// live version may only follow the old one's end), then the versions, each changed brain's
// counters and write count, and the receipts together, as data-modifying WITH clauses.
func (t *pgTx) flush() error {
	if n := len(t.supersede); n > 0 {
		ids, brains, slugs, ats := make([]int64, n), make([]string, n), make([]string, n), make([]int64, n)
		for i, s := range t.supersede {
			ids[i], brains[i], slugs[i], ats[i] = s.id, s.brain, s.slug, s.at
		}
		r, err := t.tx.ExecContext(t.ctx, `UPDATE claim_versions v SET superseded_at = u.at
			FROM unnest($1::bigint[], $2::text[], $3::text[], $4::bigint[]) AS u(id, brain, slug, at)
			WHERE v.id = u.id AND v.brain = u.brain AND v.slug = u.slug AND v.superseded_at IS NULL`, ids, brains, slugs, ats)
		if err != nil {
			return pgWrap("supersede", err)
		}
		if got, err := r.RowsAffected(); err != nil || got != int64(n) {
			return fmt.Errorf("supersede: %d of %d rows were still the live version: %w", got, n, domain.ErrConflict)
		}
	}
	var st pgStmt
	var clauses []string
	if len(t.versions) > 0 && len(t.versions) <= pgRowsChunk {
		v, err := st.values(len(t.versions), func(i int) ([]any, error) { return versionArgs(t.versions[i]) })
		if err != nil {
			return err
		}
		clauses = append(clauses, `v AS (`+pgVersionInsert+v+` RETURNING search, superseded_at)`)
	} else if len(t.versions) > 0 {
		if err := t.insertRows(pgVersionInsert, "insert versions", len(t.versions), func(i int) ([]any, error) { return versionArgs(t.versions[i]) }); err != nil {
			return err
		}
		ids := make([]int64, len(t.versions))
		for i, c := range t.versions {
			ids[i] = c.ID
		}
		clauses = append(clauses, `v AS (SELECT search, superseded_at FROM claim_versions WHERE id = ANY(`+st.arg(ids)+`::bigint[]))`)
	}
	if len(t.versions) > 0 || len(t.supersede) > 0 {
		clauses = append(clauses, t.searchStats(&st)...)
	}
	var names []string
	var versions, deltas, writes []int64
	for _, name := range t.order {
		pb := t.brains[name]
		if !pb.bumped && pb.liveDelta == 0 && !pb.changed {
			continue
		}
		w := int64(0)
		if pb.changed {
			w = 1
		}
		names, versions, deltas, writes = append(names, name), append(versions, pb.b.StoreVersion), append(deltas, pb.liveDelta), append(writes, w)
	}
	if len(names) > 0 {
		clauses = append(clauses, `b AS (UPDATE brains b SET store_version = u.sv, live_claims = b.live_claims + u.delta, writes = b.writes + u.w
			FROM unnest(`+st.arg(names)+`::text[], `+st.arg(versions)+`::bigint[], `+st.arg(deltas)+`::bigint[], `+st.arg(writes)+`::bigint[]) AS u(name, sv, delta, w)
			WHERE b.name = u.name)`)
	}
	if len(t.receipts) > 0 && len(t.receipts) <= pgRowsChunk {
		r, err := st.values(len(t.receipts), func(i int) ([]any, error) { return receiptArgs(t.receipts[i]) })
		if err != nil {
			return err
		}
		clauses = append(clauses, `r AS (`+receiptInsert+r+`)`)
	} else if err := t.insertRows(receiptInsert, "append receipts", len(t.receipts), func(i int) ([]any, error) { return receiptArgs(t.receipts[i]) }); err != nil {
		return err
	}
	if len(clauses) == 0 {
		return nil
	}
	_, err := t.tx.ExecContext(t.ctx, `WITH `+strings.Join(clauses, ", ")+` SELECT 1`, st.args...)
	return pgWrap("flush", err)
}

// searchStats are the WITH clauses that keep bm25's statistics (search_terms, search_totals)
// as the flush leaves the live versions: the words of each new live version count once more,
// those of each version superseded here (by the statement before) once less. Term rows are
// taken in word order, so two replicas' flushes never wait on each other in a cycle.
func (t *pgTx) searchStats(st *pgStmt) []string {
	ids := make([]int64, len(t.supersede))
	for i, s := range t.supersede {
		ids[i] = s.id
	}
	if len(t.versions) == 0 {
		// Nothing inserted: an empty v keeps the clauses below one text.
		return append([]string{`v AS (SELECT NULL::tsvector AS search, NULL::bigint AS superseded_at WHERE false)`}, t.searchStatsOver(st, ids)...)
	}
	return t.searchStatsOver(st, ids)
}

func (t *pgTx) searchStatsOver(st *pgStmt, gone []int64) []string {
	return []string{
		`d AS (SELECT search, 1 AS n FROM v WHERE superseded_at IS NULL
			UNION ALL SELECT search, -1 FROM claim_versions WHERE id = ANY(` + st.arg(gone) + `::bigint[]))`,
		`dt AS (INSERT INTO search_terms (term, docs)
			SELECT u.lexeme, sum(d.n) FROM d, unnest(d.search) u GROUP BY u.lexeme HAVING sum(d.n) <> 0 ORDER BY u.lexeme
			ON CONFLICT (term) DO UPDATE SET docs = search_terms.docs + excluded.docs)`,
		`dn AS (UPDATE search_totals SET docs = docs + (SELECT COALESCE(sum(n), 0) FROM d),
			tokens = tokens + (SELECT COALESCE(sum(n * search_len(search)), 0) FROM d))`,
	}
}

// pgStmt gathers one statement's parameters while its text is written.
type pgStmt struct{ args []any }

// arg adds v and returns its placeholder.
func (s *pgStmt) arg(v any) string {
	s.args = append(s.args, v)
	return "$" + strconv.Itoa(len(s.args))
}

// values adds n rows and returns their VALUES list: (...),(...).
func (s *pgStmt) values(n int, row func(i int) ([]any, error)) (string, error) {
	var b strings.Builder
	for i := 0; i < n; i++ {
		ra, err := row(i)
		if err != nil {
			return "", err
		}
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteByte('(')
		for j, v := range ra {
			if j > 0 {
				b.WriteByte(',')
			}
			b.WriteString(s.arg(v))
		}
		b.WriteByte(')')
	}
	return b.String(), nil
}

// insertRows runs head (an INSERT ... VALUES) over n rows in chunks of pgRowsChunk, for a
// flush too large for one statement.
func (t *pgTx) insertRows(head, op string, n int, row func(i int) ([]any, error)) error {
	for start := 0; start < n; start += pgRowsChunk {
		end := min(n, start+pgRowsChunk)
		var st pgStmt
		v, err := st.values(end-start, func(i int) ([]any, error) { return row(start + i) })
		if err != nil {
			return err
		}
		if _, err := t.tx.ExecContext(t.ctx, head+v, st.args...); err != nil {
			return pgWrap(op, err)
		}
	}
	return nil
}
