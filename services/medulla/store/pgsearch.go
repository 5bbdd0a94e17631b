package store

import (
	"context"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/organism-dev/organism/platform/pgdb"
	"github.com/organism-dev/organism/services/medulla/domain"
)

// Full-text recall on PostgreSQL: claim_versions.search is a generated tsvector (slug words
// weigh A, body words B) with a GIN index over live versions, and the domain's FTS5-style
// expression ("a" "b" for all words, "a" OR "b" for any) is exactly websearch_to_tsquery's
// syntax, so it is handed over as is and can never be a syntax error.
//
// Ranking is FTS5's bm25 as SQLite's store configures it (bm25(2.0, 1.0): a slug word counts
// twice), computed (pgbm25.go) from the statistics FTS5 keeps, which the writers maintain
// (pgmigrations/0003) and the search reads with its candidates: each query word weighs its
// rarity among live versions, idf = ln((N - n + 0.5) / (n + 0.5)) (at least 1e-6), times its
// saturated frequency in the version, f (k1 + 1) / (f + k1 (1 - b + b dl / avgdl)) with k1 = 1.2, b = 0.75, dl the
// version's length in words and avgdl the mean. As on SQLite the store orders by relevance
// alone; the domain weighs age once, on the candidates.
//
// bm25 is computed for at most pgRankCandidates matches: when more match (a common word over
// a large memory) they are first cut to the best by ts_rank, a C function over the same
// document, so a recall's cost stops growing with the number of matches.

const (
	pgQuery  = `websearch_to_tsquery('simple', ?)`
	pgSearch = `v.superseded_at IS NULL AND v.search @@ q.q`
)

// pgRankCandidates bounds the matches bm25 is computed for.
const pgRankCandidates = 1000

// pgPreRank orders matches past pgRankCandidates: ts_rank with a slug word worth twice a body
// word and its length normalisation 1 (the nearest it comes to bm25 without term rarity).
const pgPreRank = `ts_rank('{0.1, 0.2, 0.5, 1.0}', v.search, q.q, 1)`

// pgCandidates is the ranked search's first statement: parameters are the query words
// (text[]), the expression, then the filters of searchWhere. Each candidate is only its id and
// its document as tsvector text, with, the same on every row (computed once), the statistics
// bm25 needs; the claims themselves are read afterwards for the few bm25 keeps (pgHits).
func pgCandidates(where string) string {
	return `SELECT v.id, v.search::text,
		(SELECT docs FROM search_totals WHERE one), (SELECT tokens FROM search_totals WHERE one),
		(SELECT array_to_string(ARRAY(SELECT COALESCE(d.docs, 0) FROM unnest(?::text[]) WITH ORDINALITY AS t(term, i)
			LEFT JOIN search_terms d ON d.term = t.term ORDER BY t.i), ','))
		FROM ` + pgMatches + where + ` ORDER BY ` + pgPreRank + ` DESC, v.id LIMIT ` + strconv.Itoa(pgRankCandidates)
}

// pgHits reads the claims bm25 kept, by id. A version never changes but for the moment it is
// superseded, so these rows are the candidates' as the first statement saw them, whatever
// committed in between: the answer stays that one snapshot's (a version superseded meanwhile
// is still shown live, as it was then).
const pgHits = `SELECT ` + claimCols + ` FROM claim_versions v WHERE v.id = ANY($1::bigint[])`

// pgMatches are the live versions matching the expression (the one parameter), found through
// the text index whatever the planner knows: the fence (OFFSET 0) keeps the filters of
// searchWhere outside, so a table not yet analyzed (a memory just filled) is not walked whole
// through the brain index, filtering every row by the expression; it reads 100,000 rows for
// a rare word where the text index reads a handful. It ends in WHERE true, for where's ANDs.
const pgMatches = pgQuery + ` AS q(q), LATERAL (SELECT * FROM claim_versions v WHERE ` + pgSearch + ` OFFSET 0) v WHERE true`

// matchTerms are the words of a domain expression, in order, repeats kept (FTS5 scores a
// repeated phrase once per repeat): the quoted tokens of "a" "b" or "a" OR "b".
func matchTerms(match string) []string {
	parts := strings.Split(match, `"`)
	var out []string
	for i := 1; i < len(parts); i += 2 {
		out = append(out, parts[i])
	}
	return out
}

// Brain implements domain.Store.
func (s *PGStore) Brain(ctx context.Context, name string) (domain.Brain, error) {
	b, err := scanBrain(s.db.QueryRowContext(ctx, `SELECT `+brainCols+` FROM brains WHERE name = $1`, name))
	return b, pgWrap("brain", err)
}

// Search implements domain.Store: ranked full-text search over live versions, or newest first
// without a query.
func (s *PGStore) Search(ctx context.Context, q domain.SearchQuery) ([]domain.SearchHit, error) {
	if q.Match == "" {
		where, args := searchWhere(q)
		return s.newest(ctx, `SELECT `+claimCols+` FROM claim_versions v WHERE v.superseded_at IS NULL`+where+` ORDER BY v.id DESC LIMIT ?`, append(args, q.Limit))
	}
	where, args := searchWhere(q)
	terms := matchTerms(q.Match)
	rows, err := s.db.QueryContext(ctx, pgdb.Rebind(pgCandidates(where)), append([]any{terms, q.Match}, args...)...)
	if err != nil {
		return nil, pgWrap("search", err)
	}
	defer rows.Close()
	type scored struct {
		id  int64
		rel float64
	}
	var cands []scored
	var model *bm25
	for rows.Next() {
		var id, docs, tokens int64
		var doc, termDocs string
		if err := rows.Scan(&id, &doc, &docs, &tokens, &termDocs); err != nil {
			return nil, pgWrap("search", err)
		}
		if model == nil {
			if model, err = newBM25(terms, docs, tokens, termDocs); err != nil {
				return nil, err
			}
		}
		rel, err := model.score(doc)
		if err != nil {
			return nil, err
		}
		cands = append(cands, scored{id, rel})
	}
	if err := rows.Err(); err != nil {
		return nil, pgWrap("search", err)
	}
	rows.Close()
	// Best first; equal scores in id order, as FTS5 lists them.
	sort.Slice(cands, func(i, j int) bool {
		if cands[i].rel != cands[j].rel {
			return cands[i].rel > cands[j].rel
		}
		return cands[i].id < cands[j].id
	})
	cands = cands[:min(len(cands), q.Limit)]
	if len(cands) == 0 {
		return nil, nil
	}
	// Only the claims kept are read whole: decoding every column of a thousand candidates
	// was most of a recall's CPU when a common word matched them all.
	ids := make([]int64, len(cands))
	for i, c := range cands {
		ids[i] = c.id
	}
	crows, err := s.db.QueryContext(ctx, pgHits, ids)
	if err != nil {
		return nil, pgWrap("search", err)
	}
	defer crows.Close()
	byID := make(map[int64]domain.Claim, len(ids))
	for crows.Next() {
		c, err := scanClaim(crows)
		if err != nil {
			return nil, pgWrap("search", err)
		}
		c.SupersededAt = time.Time{}
		byID[c.ID] = c
	}
	if err := crows.Err(); err != nil {
		return nil, pgWrap("search", err)
	}
	out := make([]domain.SearchHit, 0, len(cands))
	for _, c := range cands {
		cl, ok := byID[c.id]
		if !ok {
			return nil, fmt.Errorf("search: claim version %d vanished", c.id)
		}
		out = append(out, domain.SearchHit{Claim: cl, Relevance: c.rel})
	}
	return out, nil
}

// newest answers a search without words: live versions, newest first, relevance 0.
func (s *PGStore) newest(ctx context.Context, sqlText string, args []any) ([]domain.SearchHit, error) {
	rows, err := s.db.QueryContext(ctx, pgdb.Rebind(sqlText), args...)
	if err != nil {
		return nil, pgWrap("search", err)
	}
	defer rows.Close()
	var out []domain.SearchHit
	for rows.Next() {
		c, err := scanClaim(rows)
		if err != nil {
			return nil, pgWrap("search", err)
		}
		out = append(out, domain.SearchHit{Claim: c})
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

// CommonWords implements domain.Store in one round trip, from bm25's word counts
// (search_terms: how many live versions hold each word, exact at every commit) rather than by
// walking the text index once per word. A word is looked up as the search column would hold
// it (to_tsvector 'simple'); one that splits into several words counts as its least common.
func (s *PGStore) CommonWords(ctx context.Context, words []string, n int) ([]bool, error) {
	bare := make([]string, len(words))
	for i, w := range words {
		bare[i] = strings.Trim(w, `"`)
	}
	rows, err := s.db.QueryContext(ctx, `SELECT (SELECT COALESCE(min(COALESCE(d.docs, 0)), 0)
			FROM unnest(tsvector_to_array(to_tsvector('simple', w.word))) AS l(term) LEFT JOIN search_terms d ON d.term = l.term)
		FROM unnest($1::text[]) WITH ORDINALITY AS w(word, i) ORDER BY w.i`, bare)
	if err != nil {
		return nil, pgWrap("common words", err)
	}
	defer rows.Close()
	out := make([]bool, 0, len(words))
	for rows.Next() {
		var docs int64
		if err := rows.Scan(&docs); err != nil {
			return nil, pgWrap("common words", err)
		}
		out = append(out, docs >= int64(n))
	}
	if err := rows.Err(); err != nil {
		return nil, pgWrap("common words", err)
	}
	if len(out) != len(words) {
		return nil, fmt.Errorf("common words: %d answers for %d words", len(out), len(words))
	}
	return out, nil
}
