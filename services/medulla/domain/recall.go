package domain

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"time"
	"unicode"

	"github.com/organism-dev/organism/platform/principal"
	"github.com/organism-dev/organism/platform/refusal"
)

// RecallInput is a pull request for memory.
type RecallInput struct {
	Brain  string
	Query  string
	Kinds  []Kind
	States []State
	Tiers  []Tier
	Since  time.Time
	Limit  int
}

// RecallHit is one ranked claim with its read-time overlays.
type RecallHit struct {
	Claim          Claim
	TierLabel      string
	Score          float64
	Age            Age
	ProvenanceLine string
}

// RecallResult lists hits and says honestly what was not searched.
type RecallResult struct {
	Hits           []RecallHit
	ExcludedCount  int
	LiveClaims     int64
	Note           string
	SearchedBrains []string
}

// SearchQuery is what the store runs: live claims only.
type SearchQuery struct {
	// Match is an FTS5 expression built by FTSQuery; empty lists newest first.
	Match  string
	Brains []string
	Kinds  []Kind
	States []State
	Since  time.Time
	// In the medulla tier, keep only claims born in one of these brains (nil = no restriction).
	MedullaOriginIn []string
	// In the medulla tier, drop claims born in one of these brains.
	MedullaOriginNotIn []string
	Limit              int
	// Now is the time recall weighs ages at; a store that orders candidates by relevance
	// weighed by age (PostgreSQL's) uses it, so it fetches the ones rank keeps.
	Now time.Time
}

// SearchHit is a store row with its raw relevance (higher is better; 0 without a query).
type SearchHit struct {
	Claim     Claim
	Relevance float64
}

// Recall limits.
const (
	DefaultRecallLimit = 20
	MaxRecallLimit     = 200
	maxQueryTokens     = 32
)

// FTSQuery turns free text into an FTS5 expression that cannot be a syntax error: every word
// becomes a quoted token and all must match. It returns "" when the text holds no word.
func FTSQuery(text string) string { return strings.Join(ftsTokens(text), " ") }

// FTSAnyQuery is the looser form of the same words: any may match.
func FTSAnyQuery(text string) string { return strings.Join(ftsTokens(text), " OR ") }

func ftsTokens(text string) []string {
	var toks []string
	var cur strings.Builder
	flush := func() {
		if cur.Len() > 0 && len(toks) < maxQueryTokens {
			toks = append(toks, `"`+cur.String()+`"`)
		}
		cur.Reset()
	}
	for _, r := range text {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			cur.WriteRune(unicode.ToLower(r))
			continue
		}
		flush()
	}
	flush()
	return toks
}

// Recall searches the caller's brain plus the medulla tier. Isolated brains do not cross:
// what they hold is withheld and counted, never silently missing.
func (s *Service) Recall(ctx context.Context, c principal.Principal, in RecallInput) (RecallResult, error) {
	if err := s.mayReadBrain(ctx, c, in.Brain); err != nil {
		return RecallResult{}, err
	}
	// The caller's brain comes from the same list as the others (one read of the store, not
	// two): a round trip per recall on PostgreSQL.
	brains, err := s.store.Brains(ctx)
	if err != nil {
		return RecallResult{}, err
	}
	byName := map[string]Brain{}
	for _, b := range brains {
		byName[b.Name] = b
	}
	own, ok := byName[in.Brain]
	if !ok {
		return RecallResult{}, refusal.Field(ReasonBrainNotFound, "brain", "no brain named %q", in.Brain)
	}
	q, ref := s.recallQuery(in)
	if ref != nil {
		return RecallResult{}, ref
	}
	wantProject, wantMedulla := tierWanted(in.Tiers)
	var isolated []string
	for _, b := range brains {
		if b.Policy == PolicyIsolated && b.Name != own.Name {
			isolated = append(isolated, b.Name)
		}
	}
	var res RecallResult
	if wantProject || own.Name == MedullaBrain {
		q.Brains = append(q.Brains, own.Name)
	}
	if own.Name == MedullaBrain && !mayAct(c, MedullaBrain) && len(isolated) > 0 {
		// Reading the medulla tier directly is still a crossing for anyone but the owner:
		// doctrine born in an isolated brain stays withheld, and counted.
		q.MedullaOriginNotIn = isolated
		cq := q
		cq.MedullaOriginNotIn, cq.MedullaOriginIn = nil, isolated
		if res.ExcludedCount, err = s.store.CountMatches(ctx, cq); err != nil {
			return RecallResult{}, err
		}
	}
	crossing := own.Name != MedullaBrain && wantMedulla
	if crossing {
		if own.Policy == PolicyIsolated {
			// Nothing crosses into an isolated brain: count what the medulla tier would have said.
			cq := q
			cq.Brains = []string{MedullaBrain}
			if res.ExcludedCount, err = s.store.CountMatches(ctx, cq); err != nil {
				return RecallResult{}, err
			}
		} else {
			q.Brains = append(q.Brains, MedullaBrain)
			q.MedullaOriginNotIn = isolated
			if len(isolated) > 0 {
				cq := q
				cq.Brains, cq.MedullaOriginNotIn, cq.MedullaOriginIn = []string{MedullaBrain}, nil, isolated
				if res.ExcludedCount, err = s.store.CountMatches(ctx, cq); err != nil {
					return RecallResult{}, err
				}
			}
		}
	}
	res.SearchedBrains = q.Brains
	for _, name := range q.Brains {
		res.LiveClaims += byName[name].LiveClaims
	}
	loosened := false
	if len(q.Brains) > 0 {
		limit := q.Limit
		q.Limit = min(limit*3, MaxRecallLimit*3)
		hits, err := s.store.Search(ctx, q)
		if err != nil {
			return RecallResult{}, err
		}
		if len(hits) == 0 && q.Match != "" && len(ftsTokens(in.Query)) > 1 {
			// No claim holds every word: rather than answer "nothing", fall back to any word,
			// ranked, and say so.
			loosened = true
			if hits, err = s.looseSearch(ctx, q, ftsTokens(in.Query)); err != nil {
				return RecallResult{}, err
			}
		}
		res.Hits = s.rank(hits, limit)
	}
	res.Note = recallNote(res, in.Query)
	if loosened && len(res.Hits) > 0 {
		res.Note = "no claim matched every word; ranked by any word: " + res.Note
	}
	return res, nil
}

// commonWordClaims is how many claims a word must appear in, across every brain, to count as
// common in the any-word fallback (500 of 105,000 is about 0.5%).
const commonWordClaims = 500

// looseSearch runs the any-word fallback. A ranked FTS5 query costs as much as its words are
// common, in every brain: BM25 walks each word's whole doclist for its weight and scores every
// match before the brain filter sees one (a word in half of 100,000 claims is ~40 ms). BM25
// ranks a common word's claims last anyway, so the words held by fewer than commonWordClaims
// claims are tried alone first; only when they find nothing here do the common words join in,
// so the fallback still never answers "nothing" over a claim holding any word.
func (s *Service) looseSearch(ctx context.Context, q SearchQuery, toks []string) ([]SearchHit, error) {
	common, err := s.store.CommonWords(ctx, toks, commonWordClaims)
	if err != nil {
		return nil, err
	}
	var rare []string
	for i, t := range toks {
		if !common[i] {
			rare = append(rare, t)
		}
	}
	if len(rare) > 0 && len(rare) < len(toks) {
		q.Match = strings.Join(rare, " OR ")
		hits, err := s.store.Search(ctx, q)
		if err != nil || len(hits) > 0 {
			return hits, err
		}
	}
	q.Match = strings.Join(toks, " OR ")
	return s.store.Search(ctx, q)
}

func (s *Service) recallQuery(in RecallInput) (SearchQuery, *refusal.Error) {
	q := SearchQuery{Kinds: in.Kinds, States: in.States, Since: in.Since, Limit: in.Limit, Now: s.now()}
	if strings.TrimSpace(in.Query) != "" {
		if len(in.Query) > 4096 {
			return q, refusal.Field(ReasonInvalidArgument, "query", "query is longer than 4096 bytes")
		}
		if q.Match = FTSQuery(in.Query); q.Match == "" {
			return q, refusal.Field(ReasonInvalidArgument, "query", "query holds no searchable word")
		}
	}
	for _, k := range in.Kinds {
		if !ValidKind(k) {
			return q, refusal.Field(ReasonInvalidArgument, "kinds", "unknown kind %q", k)
		}
	}
	for _, st := range in.States {
		if st != StateAuthored && st != StateVerified {
			return q, refusal.Field(ReasonInvalidArgument, "states", "recall searches live claims (authored or verified); read superseded versions with History")
		}
	}
	for _, t := range in.Tiers {
		if t != TierProject && t != TierMedulla {
			return q, refusal.Field(ReasonInvalidArgument, "tiers", "unknown tier %q", t)
		}
	}
	switch {
	case q.Limit < 0:
		return q, refusal.Field(ReasonInvalidArgument, "limit", "limit must not be negative")
	case q.Limit == 0:
		q.Limit = DefaultRecallLimit
	case q.Limit > MaxRecallLimit:
		q.Limit = MaxRecallLimit
	}
	return q, nil
}

func tierWanted(tiers []Tier) (project, medulla bool) {
	if len(tiers) == 0 {
		return true, true
	}
	for _, t := range tiers {
		project = project || t == TierProject
		medulla = medulla || t == TierMedulla
	}
	return project, medulla
}

// rank orders by relevance weighted by the age overlay, so that old claims sink without vanishing.
func (s *Service) rank(hits []SearchHit, limit int) []RecallHit {
	now := s.now()
	out := make([]RecallHit, 0, len(hits))
	for _, h := range hits {
		age := AgeAt(h.Claim.Provenance.Created, now)
		rel := h.Relevance
		if rel <= 0 {
			rel = 1
		}
		label := "project:" + h.Claim.Brain
		if h.Claim.Tier == TierMedulla {
			label = "medulla"
		}
		out = append(out, RecallHit{Claim: h.Claim, TierLabel: label, Score: rel * age.Weight, Age: age, ProvenanceLine: ProvenanceLine(h.Claim)})
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Score > out[j].Score })
	if len(out) > limit {
		out = out[:limit]
	}
	return out
}

// recallNote says in words what the numbers say, so an empty answer is never read as "no memory".
func recallNote(r RecallResult, query string) string {
	var b strings.Builder
	switch {
	case len(r.Hits) > 0:
		fmt.Fprintf(&b, "%d hit(s) among %d live claim(s) in %s", len(r.Hits), r.LiveClaims, strings.Join(r.SearchedBrains, "+"))
	case r.LiveClaims > 0:
		fmt.Fprintf(&b, "no match for %q among %d live claim(s) in %s; memory is not empty", query, r.LiveClaims, strings.Join(r.SearchedBrains, "+"))
	default:
		fmt.Fprintf(&b, "no live claims yet in %s", strings.Join(r.SearchedBrains, "+"))
	}
	if r.ExcludedCount > 0 {
		fmt.Fprintf(&b, "; %d matching claim(s) withheld by an isolated brain's policy", r.ExcludedCount)
	}
	return b.String()
}
