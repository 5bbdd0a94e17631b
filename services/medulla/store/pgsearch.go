package store

import (
	"context"
	"strconv"

	"github.com/organism-dev/organism/platform/pgdb"
	"github.com/organism-dev/organism/services/medulla/domain"
)

// Full-text recall on PostgreSQL: claim_versions.search is a generated tsvector (slug words
// weigh A, body words B) with a GIN index over live versions, and the domain's FTS5-style
// expression ("a" "b" for all words, "a" OR "b" for any) is exactly websearch_to_tsquery's
// syntax, so it is handed over as is and can never be a syntax error.
//
// Ranking: ts_rank with a slug word worth twice a body word (weights {D, C, B, A} =
// {0.1, 0.2, 0.5, 1.0}) and the document length normalisation 1 (rank / (1 + log length)),
// the nearest ts_rank comes to BM25's (it has no term rarity). Age is part of the order: a
// candidate's rank is weighed by the age overlay the domain applies afterwards
// (0.5^(age / domain.HalfLife)), so the candidates a recall fetches are the best by the score
// it finally sorts by. The relevance handed back is the bare rank; the domain weighs it once.

const (
	pgQuery  = `websearch_to_tsquery('simple', ?)`
	pgSearch = `v.superseded_at IS NULL AND v.search @@ q.q`
)

// pgRank is the relevance of a match (see the ranking note above). Measured against FTS5's
// BM25 on the 10k-claim overlap benchmark: normalisation 1 agreed best (0.73), ahead of
// ts_rank_cd (0.72), normalisation 2 (0.68), a BM25-like length divisor (0.65) and none (0.43).
const pgRank = `ts_rank('{0.1, 0.2, 0.5, 1.0}', v.search, q.q, 1)`

// pgAgeWeight is the age overlay in SQL, with now bound as its one parameter: 1 for an unknown
// creation time or one in the future, halving every domain.HalfLife.
var pgAgeWeight = `(CASE WHEN v.created_at IS NULL THEN 1.0 ELSE power(0.5, GREATEST(?::bigint - v.created_at, 0)::float8 / ` +
	strconv.FormatInt(domain.HalfLife.Nanoseconds(), 10) + `) END)`

// Brain implements domain.Store.
func (s *PGStore) Brain(ctx context.Context, name string) (domain.Brain, error) {
	b, err := scanBrain(s.db.QueryRowContext(ctx, `SELECT `+brainCols+` FROM brains WHERE name = $1`, name))
	return b, pgWrap("brain", err)
}

// Search implements domain.Store: ranked full-text search over live versions, or newest first
// without a query.
func (s *PGStore) Search(ctx context.Context, q domain.SearchQuery) ([]domain.SearchHit, error) {
	where, args := searchWhere(q)
	var sqlText string
	if q.Match != "" {
		now := q.Now
		if now.IsZero() {
			now = nowUTC()
		}
		sqlText = `SELECT ` + claimCols + `, ` + pgRank + ` FROM claim_versions v, ` + pgQuery + ` AS q(q)
			WHERE ` + pgSearch + where + ` ORDER BY ` + pgRank + ` * ` + pgAgeWeight + ` DESC, v.id DESC LIMIT ?`
		args = append(append([]any{q.Match}, args...), now.UnixNano())
	} else {
		sqlText = `SELECT ` + claimCols + `, 0.0::float8 FROM claim_versions v WHERE v.superseded_at IS NULL` + where + ` ORDER BY v.id DESC LIMIT ?`
	}
	rows, err := s.db.QueryContext(ctx, pgdb.Rebind(sqlText), append(args, q.Limit)...)
	if err != nil {
		return nil, pgWrap("search", err)
	}
	defer rows.Close()
	var out []domain.SearchHit
	for rows.Next() {
		c, rel, err := scanClaimRel(rows, true)
		if err != nil {
			return nil, pgWrap("search", err)
		}
		out = append(out, domain.SearchHit{Claim: c, Relevance: rel})
	}
	return out, pgWrap("search", rows.Err())
}

// CountMatches implements domain.Store; the withheld-doctrine count is the same query (the
// planner picks the medulla-origin index or the text index by itself).
func (s *PGStore) CountMatches(ctx context.Context, q domain.SearchQuery) (int, error) {
	where, args := searchWhere(q)
	var sqlText string
	if q.Match != "" {
		sqlText = `SELECT COUNT(*) FROM claim_versions v, ` + pgQuery + ` AS q(q) WHERE ` + pgSearch + where
		args = append([]any{q.Match}, args...)
	} else {
		sqlText = `SELECT COUNT(*) FROM claim_versions v WHERE v.superseded_at IS NULL` + where
	}
	var n int
	err := s.db.QueryRowContext(ctx, pgdb.Rebind(sqlText), args...).Scan(&n)
	return n, pgWrap("count", err)
}

// MatchesAtLeast implements domain.Store: it stops at n matches, unranked.
func (s *PGStore) MatchesAtLeast(ctx context.Context, match string, n int) (bool, error) {
	var got int
	err := s.db.QueryRowContext(ctx, pgdb.Rebind(`SELECT COUNT(*) FROM (SELECT 1 FROM claim_versions v, `+pgQuery+` AS q(q)
		WHERE `+pgSearch+` LIMIT ?) m`), match, n).Scan(&got)
	return got >= n, pgWrap("matches", err)
}
