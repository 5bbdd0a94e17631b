package store

import (
	"context"
	"database/sql"
	"time"

	"github.com/organism-dev/organism/services/medulla/domain"
)

const peerCols = `p.name, p.addr, p.credential, p.created_at, p.updated_at, p.last_sync_at, p.last_error,
	(SELECT COUNT(*) FROM foreign_claims f WHERE f.peer = p.name)`

// foreignCols reads a foreign_claims row aliased f, with the newest later version the same peer
// has since served of the same claim (id and version; empty and 0 when none).
const foreignCols = `f.seq, f.id, f.peer, f.slug, f.version, f.kind, f.body, f.evidence, f.confidence, f.created_at, f.source_agent,
	f.origin_brain, f.promoted_by, f.promoted_reason, f.promoted_at, f.verified_by, f.verified_via, f.written_at, f.fetched_at,
	f.adopted_at, f.adopted_brain, f.adopted_slug, f.adoption_receipt,
	COALESCE((SELECT n.id FROM foreign_claims n WHERE n.peer = f.peer AND n.slug = f.slug AND n.version > f.version ORDER BY n.version DESC LIMIT 1), ''),
	COALESCE((SELECT MAX(n.version) FROM foreign_claims n WHERE n.peer = f.peer AND n.slug = f.slug AND n.version > f.version), 0)`

func scanPeer(row scanner) (domain.Peer, error) {
	var p domain.Peer
	var created, updated int64
	var synced sql.NullInt64
	if err := row.Scan(&p.Name, &p.Addr, &p.Credential, &created, &updated, &synced, &p.LastError, &p.ForeignClaims); err != nil {
		return domain.Peer{}, err
	}
	p.CreatedAt, p.UpdatedAt, p.LastSyncAt = fromNanos(created), fromNanos(updated), fromNull(synced)
	return p, nil
}

func scanForeign(row scanner) (domain.ForeignClaim, error) {
	var f domain.ForeignClaim
	c := &f.Claim
	p := &c.Provenance
	var kind, evidence string
	var created, promoted, written, adopted sql.NullInt64
	var fetched int64
	if err := row.Scan(&f.Seq, &f.ID, &f.Peer, &c.Slug, &c.Version, &kind, &c.Body, &evidence, &c.Confidence, &created,
		&p.SourceAgent, &p.OriginBrain, &p.PromotedBy, &p.PromotedReason, &promoted, &p.VerifiedBy, &p.VerifiedVia, &written,
		&fetched, &adopted, &f.AdoptedBrain, &f.AdoptedSlug, &f.AdoptionReceipt, &f.NewerID, &f.NewerVersion); err != nil {
		return domain.ForeignClaim{}, err
	}
	ev, err := decodeEvidence(evidence)
	if err != nil {
		return domain.ForeignClaim{}, err
	}
	c.Brain, c.Kind, c.Evidence, c.State, c.Tier, c.Verse = domain.MedullaBrain, domain.Kind(kind), ev, domain.StateAuthored, domain.TierMedulla, domain.VerseGlobal
	p.Created, p.PromotedAt, c.WrittenAt = fromNull(created), fromNull(promoted), fromNull(written)
	f.FetchedAt, f.AdoptedAt = fromNanos(fetched), fromNull(adopted)
	return f, nil
}

// Peers implements domain.Store.
func (s *sqlReads) Peers(ctx context.Context) ([]domain.Peer, error) {
	rows, err := s.db.QueryContext(ctx, s.q(`SELECT `+peerCols+` FROM peers p WHERE p.unfollowed_at IS NULL ORDER BY p.name`))
	if err != nil {
		return nil, s.wrap("peers", err)
	}
	defer rows.Close()
	var out []domain.Peer
	for rows.Next() {
		p, err := scanPeer(rows)
		if err != nil {
			return nil, s.wrap("peers", err)
		}
		out = append(out, p)
	}
	return out, s.wrap("peers", rows.Err())
}

// Peer implements domain.Store.
func (s *sqlReads) Peer(ctx context.Context, name string) (domain.Peer, error) {
	p, err := scanPeer(s.db.QueryRowContext(ctx, s.q(`SELECT `+peerCols+` FROM peers p WHERE p.name = ? AND p.unfollowed_at IS NULL`), name))
	return p, s.wrap("peer", err)
}

// ForeignByID implements domain.Store.
func (s *sqlReads) ForeignByID(ctx context.Context, id string) (domain.ForeignClaim, error) {
	f, err := scanForeign(s.db.QueryRowContext(ctx, s.q(`SELECT `+foreignCols+` FROM foreign_claims f WHERE f.id = ?`), id))
	return f, s.wrap("foreign claim", err)
}

// ForeignClaims implements domain.Store.
func (s *sqlReads) ForeignClaims(ctx context.Context, peer string, includeAdopted bool, after int64, limit int) ([]domain.ForeignClaim, error) {
	q := `SELECT ` + foreignCols + ` FROM foreign_claims f WHERE f.seq > ?`
	args := []any{after}
	if peer != "" {
		q += ` AND f.peer = ?`
		args = append(args, peer)
	}
	if !includeAdopted {
		q += ` AND f.adopted_at IS NULL`
	}
	rows, err := s.db.QueryContext(ctx, s.q(q+` ORDER BY f.seq LIMIT ?`), append(args, limit)...)
	if err != nil {
		return nil, s.wrap("foreign claims", err)
	}
	defer rows.Close()
	var out []domain.ForeignClaim
	for rows.Next() {
		f, err := scanForeign(rows)
		if err != nil {
			return nil, s.wrap("foreign claims", err)
		}
		out = append(out, f)
	}
	return out, s.wrap("foreign claims", rows.Err())
}

// ReuseCounts implements domain.Store.
func (s *sqlReads) ReuseCounts(ctx context.Context, slug string) (int64, int64, error) {
	var reuse, wrong int64
	err := s.db.QueryRowContext(ctx, s.q(`SELECT `+feedbackSums+`
		FROM reuse_events WHERE slug = ? AND learner_brain <> origin_brain`), slug).Scan(&reuse, &wrong)
	return reuse, wrong, s.wrap("reuse counts", err)
}

// PortfolioCounts implements domain.Store.
func (s *sqlReads) PortfolioCounts(ctx context.Context) (map[string]domain.PortfolioRow, error) {
	out := map[string]domain.PortfolioRow{}
	each := func(q string, set func(r *domain.PortfolioRow, a, b int64)) error {
		rows, err := s.db.QueryContext(ctx, s.q(q))
		if err != nil {
			return s.wrap("portfolio", err)
		}
		defer rows.Close()
		for rows.Next() {
			var name string
			var a, b int64
			if err := rows.Scan(&name, &a, &b); err != nil {
				return s.wrap("portfolio", err)
			}
			r := out[name]
			set(&r, a, b)
			out[name] = r
		}
		return s.wrap("portfolio", rows.Err())
	}
	err := each(`SELECT brain, COUNT(*), 0 FROM claim_versions WHERE superseded_at IS NULL AND state = 'verified' GROUP BY brain`,
		func(r *domain.PortfolioRow, a, _ int64) { r.Verified = a })
	if err == nil {
		err = each(`SELECT origin_brain, COUNT(*), 0 FROM claim_versions WHERE brain = '`+domain.MedullaBrain+`' AND superseded_at IS NULL GROUP BY origin_brain`,
			func(r *domain.PortfolioRow, a, _ int64) { r.PromotedOut = a })
	}
	if err == nil {
		err = each(`SELECT origin_brain, `+feedbackSums+`
			FROM reuse_events WHERE learner_brain <> origin_brain GROUP BY origin_brain`,
			func(r *domain.PortfolioRow, a, b int64) { r.Reused, r.Wrong = a, b })
	}
	return out, err
}

// The transaction side: these tables are small and written rarely, so they go straight to SQL
// inside the batch's transaction instead of through the write-behind buffer.

func (t *sqlTx) PutPeer(p domain.Peer) error {
	_, err := t.tx.ExecContext(t.ctx, t.q(`INSERT INTO peers (name, addr, credential, created_at, updated_at) VALUES (?, ?, ?, ?, ?)
		ON CONFLICT (name) DO UPDATE SET addr = excluded.addr, credential = excluded.credential, updated_at = excluded.updated_at,
		unfollowed_at = NULL, last_sync_at = CASE WHEN peers.unfollowed_at IS NULL THEN peers.last_sync_at END`),
		p.Name, p.Addr, p.Credential, p.CreatedAt.UnixNano(), p.UpdatedAt.UnixNano())
	return t.wrap("put peer", err)
}

func (t *sqlTx) SetPeerSync(name string, at time.Time, lastError string) error {
	// A failed pull records why, and leaves the last-pulled time at the last good pull.
	_, err := t.tx.ExecContext(t.ctx, t.q(`UPDATE peers SET last_sync_at = CASE WHEN ? = '' THEN ? ELSE last_sync_at END, last_error = ?
		WHERE name = ? AND unfollowed_at IS NULL`), lastError, at.UnixNano(), lastError, name)
	return t.wrap("peer sync", err)
}

func (t *sqlTx) Unfollow(name string, at time.Time) (int64, error) {
	r, err := t.tx.ExecContext(t.ctx, t.q(`UPDATE peers SET credential = '', unfollowed_at = ?, updated_at = ? WHERE name = ? AND unfollowed_at IS NULL`),
		at.UnixNano(), at.UnixNano(), name)
	if err != nil {
		return 0, t.wrap("unfollow", err)
	}
	if n, err := r.RowsAffected(); err != nil || n == 0 {
		return 0, firstNonNil(t.wrap("unfollow", err), domain.ErrNotFound)
	}
	var kept int64
	err = t.tx.QueryRowContext(t.ctx, t.q(`SELECT COUNT(*) FROM foreign_claims WHERE peer = ?`), name).Scan(&kept)
	return kept, t.wrap("unfollow", err)
}

func firstNonNil(errs ...error) error {
	for _, e := range errs {
		if e != nil {
			return e
		}
	}
	return nil
}

func (t *sqlTx) SetFlag(name string, at time.Time) error {
	_, err := t.tx.ExecContext(t.ctx, t.q(`INSERT INTO flags (name, at) VALUES (?, ?) ON CONFLICT (name) DO NOTHING`), name, at.UnixNano())
	return t.wrap("set flag", err)
}

// Flag implements domain.Store.
func (s *sqlReads) Flag(ctx context.Context, name string) (bool, error) {
	var n int
	err := s.db.QueryRowContext(ctx, s.q(`SELECT COUNT(*) FROM flags WHERE name = ?`), name).Scan(&n)
	return n > 0, s.wrap("flag", err)
}

func (t *sqlTx) AddForeign(f domain.ForeignClaim) (bool, error) {
	c := f.Claim
	p := c.Provenance
	ev, err := encodeEvidence(c.Evidence)
	if err != nil {
		return false, err
	}
	r, err := t.tx.ExecContext(t.ctx, t.q(`INSERT INTO foreign_claims (id, peer, slug, version, kind, body, evidence, confidence, created_at,
		source_agent, origin_brain, promoted_by, promoted_reason, promoted_at, verified_by, verified_via, written_at, fetched_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (peer, slug, version) DO NOTHING`),
		f.ID, f.Peer, c.Slug, c.Version, string(c.Kind), c.Body, ev, c.Confidence, nullTime(p.Created), p.SourceAgent, p.OriginBrain,
		p.PromotedBy, p.PromotedReason, nullTime(p.PromotedAt), p.VerifiedBy, p.VerifiedVia, nullTime(c.WrittenAt), f.FetchedAt.UnixNano())
	if err != nil {
		return false, t.wrap("add foreign", err)
	}
	n, err := r.RowsAffected()
	return n == 1, t.wrap("add foreign", err)
}

func (t *sqlTx) Foreign(id string) (domain.ForeignClaim, error) {
	f, err := scanForeign(t.tx.QueryRowContext(t.ctx, t.q(`SELECT `+foreignCols+` FROM foreign_claims f WHERE f.id = ?`+t.forUpdate), id))
	return f, t.wrap("foreign claim", err)
}

func (t *sqlTx) MarkAdopted(id, brain, slug, receiptID string, at time.Time) error {
	_, err := t.tx.ExecContext(t.ctx, t.q(`UPDATE foreign_claims SET adopted_at = ?, adopted_brain = ?, adopted_slug = ?, adoption_receipt = ?
		WHERE id = ? AND adopted_at IS NULL`), at.UnixNano(), brain, slug, receiptID, id)
	return t.wrap("mark adopted", err)
}

func (t *sqlTx) RecordReuse(e domain.ReuseEvent) (bool, error) {
	r, err := t.tx.ExecContext(t.ctx, t.q(`INSERT INTO reuse_events (slug, version, origin_brain, learner_brain, learner, feedback, at, receipt_id)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (slug, learner_brain, learner, feedback) DO NOTHING`),
		e.Slug, e.Version, e.OriginBrain, e.LearnerBrain, e.Learner, string(e.Feedback), e.At.UnixNano(), e.ReceiptID)
	if err != nil {
		return false, t.wrap("record reuse", err)
	}
	n, err := r.RowsAffected()
	return n == 1, t.wrap("record reuse", err)
}
