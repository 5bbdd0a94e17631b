package store

import (
	"encoding/hex"
	"strings"

	"github.com/organism-dev/organism/services/medulla/domain"
)

// The scope column of claim_fts carries tokens that let a MATCH keep to some brains inside
// FTS5 (see migrations/0003_fts_scope.sql). Names are hex-encoded because the tokenizer splits
// on the dashes brain names may hold.

func brainToken(name string) string  { return "b" + hex.EncodeToString([]byte(name)) }
func originToken(name string) string { return "o" + hex.EncodeToString([]byte(name)) }

// scopeOf is the scope text indexed for a claim version.
func scopeOf(c *domain.Claim) string {
	if c.Brain == domain.MedullaBrain && c.Provenance.OriginBrain != "" {
		return brainToken(c.Brain) + " " + originToken(c.Provenance.OriginBrain)
	}
	return brainToken(c.Brain)
}

// anyToken is an FTS5 expression matching a scope token of any of names.
func anyToken(tok func(string) string, names []string) string {
	quoted := make([]string, len(names))
	for i, n := range names {
		quoted[i] = `"` + tok(n) + `"`
	}
	return "(" + strings.Join(quoted, " OR ") + ")"
}

// scopedMatch confines the words of q.Match to the slug and body columns and the matches to
// the searched brains (and, when asked, to medulla claims born in given brains), so FTS5 ranks
// and counts only rows the SQL filters could keep. The SQL filters stay: the scope narrows,
// the WHERE clause decides.
func scopedMatch(q domain.SearchQuery) string {
	m := "{slug body} : (" + q.Match + ")"
	if len(q.Brains) > 0 {
		m = "scope : " + anyToken(brainToken, q.Brains) + " AND " + m
	}
	if len(q.MedullaOriginIn) > 0 && len(q.Brains) == 1 && q.Brains[0] == domain.MedullaBrain {
		m = "scope : " + anyToken(originToken, q.MedullaOriginIn) + " AND " + m
	}
	return m
}
