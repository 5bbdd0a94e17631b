package store

import (
	"context"
	"database/sql"
	"strings"

	"github.com/organism-dev/organism/services/medulla/domain"
)

// Brain implements domain.Store.
func (s *Store) Brain(ctx context.Context, name string) (domain.Brain, error) {
	b, err := scanBrain(s.readBrain.QueryRowContext(ctx, name))
	return b, wrap("brain", err)
}

// Brains implements domain.Store.
func (s *sqlReads) Brains(ctx context.Context) ([]domain.Brain, error) {
	rows, err := s.db.QueryContext(ctx, s.q(`SELECT `+brainCols+` FROM brains ORDER BY name`))
	if err != nil {
		return nil, s.wrap("brains", err)
	}
	defer rows.Close()
	var out []domain.Brain
	for rows.Next() {
		b, err := scanBrain(rows)
		if err != nil {
			return nil, s.wrap("brains", err)
		}
		out = append(out, b)
	}
	return out, s.wrap("brains", rows.Err())
}

// Claim implements domain.Store; version 0 is the live version.
func (s *sqlReads) Claim(ctx context.Context, brain, slug string, version int64) (domain.Claim, error) {
	var row *sql.Row
	if version == 0 {
		row = s.db.QueryRowContext(ctx, s.q(`SELECT `+claimCols+` FROM claim_versions v WHERE v.brain = ? AND v.slug = ? AND v.superseded_at IS NULL ORDER BY v.version DESC LIMIT 1`), brain, slug)
	} else {
		row = s.db.QueryRowContext(ctx, s.q(`SELECT `+claimCols+` FROM claim_versions v WHERE v.brain = ? AND v.slug = ? AND v.version = ?`), brain, slug, version)
	}
	c, err := scanClaim(row)
	return c, s.wrap("claim", err)
}

// History implements domain.Store.
func (s *sqlReads) History(ctx context.Context, brain, slug string) ([]domain.Claim, error) {
	return s.claims(ctx, `SELECT `+claimCols+` FROM claim_versions v WHERE v.brain = ? AND v.slug = ? ORDER BY v.version`, brain, slug)
}

// Claims implements domain.Store.
func (s *sqlReads) Claims(ctx context.Context, brain string, includeHistory bool, after int64, limit int) ([]domain.Claim, error) {
	q := `SELECT ` + claimCols + ` FROM claim_versions v WHERE v.brain = ? AND v.id > ?`
	if !includeHistory {
		q += ` AND v.superseded_at IS NULL`
	}
	return s.claims(ctx, q+` ORDER BY v.id LIMIT ?`, brain, after, limit)
}

func (s *sqlReads) claims(ctx context.Context, q string, args ...any) ([]domain.Claim, error) {
	rows, err := s.db.QueryContext(ctx, s.q(q), args...)
	if err != nil {
		return nil, s.wrap("claims", err)
	}
	defer rows.Close()
	var out []domain.Claim
	for rows.Next() {
		c, err := scanClaim(rows)
		if err != nil {
			return nil, s.wrap("claims", err)
		}
		out = append(out, c)
	}
	return out, s.wrap("claims", rows.Err())
}

// Receipts implements domain.Store.
func (s *sqlReads) Receipts(ctx context.Context, brain string, before int64, limit int) ([]domain.Receipt, error) {
	q := `SELECT ` + receiptCols + ` FROM receipts WHERE brain = ?`
	args := []any{brain}
	if before > 0 {
		q += ` AND seq < ?`
		args = append(args, before)
	}
	rows, err := s.db.QueryContext(ctx, s.q(q+` ORDER BY seq DESC LIMIT ?`), append(args, limit)...)
	if err != nil {
		return nil, s.wrap("receipts", err)
	}
	defer rows.Close()
	var out []domain.Receipt
	for rows.Next() {
		r, err := scanReceipt(rows)
		if err != nil {
			return nil, s.wrap("receipts", err)
		}
		out = append(out, r)
	}
	return out, s.wrap("receipts", rows.Err())
}

// Search implements domain.Store: ranked full-text search over live versions, or newest first
// without a query.
func (s *Store) Search(ctx context.Context, q domain.SearchQuery) ([]domain.SearchHit, error) {
	where, args := searchWhere(q)
	var sqlText string
	if q.Match != "" {
		sqlText = `SELECT ` + claimCols + `, -claim_fts.rank FROM claim_fts JOIN claim_versions v ON v.id = claim_fts.rowid
			WHERE claim_fts MATCH ?` + where + ` ORDER BY claim_fts.rank LIMIT ?`
		args = append([]any{q.Match}, args...)
	} else {
		sqlText = `SELECT ` + claimCols + `, 0.0 FROM claim_versions v WHERE v.superseded_at IS NULL` + where + ` ORDER BY v.id DESC LIMIT ?`
	}
	var out []domain.SearchHit
	err := s.read(ctx, q.Match != "", func(db querier) error {
		rows, err := db.QueryContext(ctx, sqlText, append(args, q.Limit)...)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			c, rel, err := scanClaimRel(rows, true)
			if err != nil {
				return err
			}
			out = append(out, domain.SearchHit{Claim: c, Relevance: rel})
		}
		return rows.Err()
	})
	return out, wrap("search", err)
}

// querier is what a read needs of the pool or of a read transaction.
type querier interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// read runs fn on the read pool, or, when it reads the full-text index, in searchTx.
func (s *Store) read(ctx context.Context, fullText bool, fn func(querier) error) error {
	if !fullText {
		return fn(s.r)
	}
	return s.searchTx(ctx, func(tx *sql.Tx) error { return fn(tx) })
}

// count runs a COUNT query through read.
func (s *Store) count(ctx context.Context, fullText bool, sqlText string, args []any) (int, error) {
	var n int
	err := s.read(ctx, fullText, func(db querier) error { return db.QueryRowContext(ctx, sqlText, args...).Scan(&n) })
	return n, wrap("count", err)
}

// CountMatches implements domain.Store.
func (s *Store) CountMatches(ctx context.Context, q domain.SearchQuery) (int, error) {
	if q.Match != "" && withheldDoctrine(q) {
		return s.countWithheld(ctx, q)
	}
	where, args := searchWhere(q)
	var sqlText string
	if q.Match != "" {
		sqlText = `SELECT COUNT(*) FROM claim_fts JOIN claim_versions v ON v.id = claim_fts.rowid WHERE claim_fts MATCH ?` + where
		args = append([]any{q.Match}, args...)
	} else {
		sqlText = `SELECT COUNT(*) FROM claim_versions v WHERE v.superseded_at IS NULL` + where
	}
	return s.count(ctx, q.Match != "", sqlText, args)
}

// withheldDoctrine reports whether q counts medulla-tier claims born in given brains: the
// count recall makes of what isolated brains withhold.
func withheldDoctrine(q domain.SearchQuery) bool {
	return len(q.MedullaOriginIn) > 0 && len(q.Brains) == 1 && q.Brains[0] == domain.MedullaBrain
}

// countWithheld counts the medulla claims born in q.MedullaOriginIn that match q. It walks
// those claims (few: partial index claim_versions_medulla_origin) against the set of matching
// rowids, which FTS5 lists without ranking, instead of joining every match in every brain to
// its row to learn its brain and origin.
func (s *Store) countWithheld(ctx context.Context, q domain.SearchQuery) (int, error) {
	where, args := searchWhere(q)
	origins := make([]any, len(q.MedullaOriginIn))
	for i, o := range q.MedullaOriginIn {
		origins[i] = o
	}
	// tier and superseded_at are literals so the planner can use the partial index.
	sqlText := `SELECT COUNT(*) FROM claim_versions v WHERE v.brain = '` + domain.MedullaBrain + `' AND v.tier = '` + string(domain.TierMedulla) + `' AND v.superseded_at IS NULL
		AND v.origin_brain IN (` + strings.TrimSuffix(strings.Repeat("?,", len(origins)), ",") + `)` + where +
		` AND v.id IN (SELECT rowid FROM claim_fts WHERE claim_fts MATCH ?)`
	return s.count(ctx, true, sqlText, append(append(origins, args...), q.Match))
}

// MatchesAtLeast implements domain.Store: it walks the index in rowid order without ranking
// and stops at n, so asking about a word in half the claims costs n postings, not all of them.
func (s *Store) MatchesAtLeast(ctx context.Context, match string, n int) (bool, error) {
	got, err := s.count(ctx, true, `SELECT COUNT(*) FROM (SELECT rowid FROM claim_fts WHERE claim_fts MATCH ? LIMIT ?)`, []any{match, n})
	return got >= n, err
}

// CommonWords implements domain.Store: MatchesAtLeast for each word (in process, a loop costs
// no round trips).
func (s *Store) CommonWords(ctx context.Context, words []string, n int) ([]bool, error) {
	out := make([]bool, len(words))
	for i, w := range words {
		common, err := s.MatchesAtLeast(ctx, w, n)
		if err != nil {
			return nil, err
		}
		out[i] = common
	}
	return out, nil
}

func searchWhere(q domain.SearchQuery) (string, []any) {
	var b strings.Builder
	var args []any
	in := func(col string, vals []string) {
		b.WriteString(" AND " + col + " IN (" + strings.TrimSuffix(strings.Repeat("?,", len(vals)), ",") + ")")
		for _, v := range vals {
			args = append(args, v)
		}
	}
	in("v.brain", q.Brains)
	if len(q.Kinds) > 0 {
		in("v.kind", strs(q.Kinds))
	}
	if len(q.States) > 0 {
		in("v.state", strs(q.States))
	}
	if !q.Since.IsZero() {
		b.WriteString(" AND v.written_at >= ?")
		args = append(args, q.Since.UnixNano())
	}
	if q.MedullaOriginIn != nil {
		b.WriteString(" AND (v.brain <> '" + domain.MedullaBrain + "'")
		b.WriteString(" OR v.origin_brain IN (" + strings.TrimSuffix(strings.Repeat("?,", len(q.MedullaOriginIn)), ",") + "))")
		for _, v := range q.MedullaOriginIn {
			args = append(args, v)
		}
	}
	if len(q.MedullaOriginNotIn) > 0 {
		b.WriteString(" AND NOT (v.brain = '" + domain.MedullaBrain + "'")
		b.WriteString(" AND v.origin_brain IN (" + strings.TrimSuffix(strings.Repeat("?,", len(q.MedullaOriginNotIn)), ",") + "))")
		for _, v := range q.MedullaOriginNotIn {
			args = append(args, v)
		}
	}
	return b.String(), args
}

func strs[T ~string](vs []T) []string {
	out := make([]string, len(vs))
	for i, v := range vs {
		out[i] = string(v)
	}
	return out
}
