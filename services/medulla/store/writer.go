package store

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/organism-dev/organism/services/medulla/domain"
)

type writeReq struct {
	fn   func(domain.Tx) error
	done chan error
}

// Write queues fn and waits until the transaction carrying it has committed (and, under
// synchronous=FULL, been fsynced): a nil return is an acknowledged durable write. Writes are
// applied strictly one after another in queue order, so every fn sees all earlier writes.
func (s *Store) Write(ctx context.Context, fn func(domain.Tx) error) error {
	req := &writeReq{fn: fn, done: make(chan error, 1)}
	select {
	case s.reqs <- req:
	case <-s.stop:
		return ErrClosed
	case <-ctx.Done():
		return ctx.Err()
	}
	// Once queued the write will run; waiting for it (rather than for ctx) keeps the caller from
	// reporting failure for a write that then commits.
	return <-req.done
}

func (s *Store) writer() {
	defer close(s.done)
	batch := make([]*writeReq, 0, s.opts.MaxBatch)
	for {
		batch = batch[:0]
		select {
		case req := <-s.reqs:
			batch = append(batch, req)
		case <-s.stop:
			s.drain()
			return
		}
	fill:
		for len(batch) < s.opts.MaxBatch {
			select {
			case req := <-s.reqs:
				batch = append(batch, req)
			default:
				break fill
			}
		}
		s.runBatch(batch)
	}
}

// drain fails whatever is still queued after Close.
func (s *Store) drain() {
	for {
		select {
		case req := <-s.reqs:
			req.done <- ErrClosed
		default:
			return
		}
	}
}

// runBatch commits the whole batch in one transaction. When any write in it fails, the batch is
// rolled back and each write is replayed in a transaction of its own, so one failure never
// takes its neighbours down with it.
func (s *Store) runBatch(batch []*writeReq) {
	if len(batch) > 1 {
		errs, err := s.runTx(batch)
		if err == nil {
			for i, req := range batch {
				req.done <- errs[i]
			}
			return
		}
	}
	for _, req := range batch {
		errs, err := s.runTx([]*writeReq{req})
		if err == nil {
			err = errs[0]
		}
		req.done <- err
	}
}

// runTx runs the writes in one transaction. It returns a non-nil error (and rolls back) when
// any write failed or the commit failed; errs then holds each write's own error.
func (s *Store) runTx(batch []*writeReq) ([]error, error) {
	ctx := context.Background()
	sqlTx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return nil, fmt.Errorf("begin: %w", err)
	}
	tx := &txView{ctx: ctx, tx: sqlTx, st: s.stmts.in(ctx, sqlTx)}
	errs := make([]error, len(batch))
	var failed error
	for i, req := range batch {
		if errs[i] = req.fn(tx); errs[i] != nil && failed == nil {
			failed = errs[i]
		}
	}
	if failed != nil {
		_ = sqlTx.Rollback()
		return errs, failed
	}
	if err := sqlTx.Commit(); err != nil {
		return nil, fmt.Errorf("commit: %w", err)
	}
	return errs, nil
}

// txView implements domain.Tx over one SQL transaction.
type txView struct {
	ctx context.Context
	tx  *sql.Tx
	st  *statements
}

var _ domain.Tx = (*txView)(nil)

func (t *txView) Brain(name string) (domain.Brain, error) {
	b, err := scanBrain(t.st.brain.QueryRowContext(t.ctx, name))
	return b, wrap("brain", err)
}

func (t *txView) PutBrain(b domain.Brain) error {
	_, err := t.st.putBrain.ExecContext(t.ctx, b.Name, b.RepoRoot, b.SoulPath, string(b.Policy), boolInt(b.Reserved),
		b.StoreVersion, b.CreatedAt.UnixNano(), b.UpdatedAt.UnixNano())
	return wrap("put brain", err)
}

func (t *txView) Live(brain, slug string) (domain.Claim, error) {
	c, err := scanClaim(t.st.live.QueryRowContext(t.ctx, brain, slug))
	return c, wrap("live claim", err)
}

func (t *txView) InsertVersion(c *domain.Claim) error {
	var liveID int64
	err := t.st.head.QueryRowContext(t.ctx, c.Brain, c.Slug).Scan(&liveID)
	switch {
	case err == sql.ErrNoRows:
		if _, err := t.st.countLive.ExecContext(t.ctx, c.Brain); err != nil {
			return wrap("count live", err)
		}
	case err != nil:
		return wrap("head", err)
	default:
		if _, err := t.st.supersede.ExecContext(t.ctx, c.WrittenAt.UnixNano(), liveID); err != nil {
			return wrap("supersede", err)
		}
		if _, err := t.st.unindex.ExecContext(t.ctx, liveID); err != nil {
			return wrap("unindex", err)
		}
	}
	ev, err := encodeEvidence(c.Evidence)
	if err != nil {
		return err
	}
	p := c.Provenance
	res, err := t.st.insertVersion.ExecContext(t.ctx, c.Brain, c.Slug, c.Version, string(c.Kind), c.Body, ev, c.Confidence,
		string(c.State), string(c.Tier), string(c.Verse), nullTime(p.Created), p.SourceAgent, p.OriginBrain, p.SoulSource,
		p.PromotedBy, p.PromotedReason, nullTime(p.PromotedAt), p.VerifiedBy, p.VerifiedVia, nullTime(p.VerifiedAt),
		c.WrittenAt.UnixNano(), c.ReceiptID)
	if err != nil {
		return wrap("insert version", err)
	}
	if c.ID, err = res.LastInsertId(); err != nil {
		return wrap("insert version", err)
	}
	if _, err := t.st.index.ExecContext(t.ctx, c.ID, c.Slug, c.Body); err != nil {
		return wrap("index", err)
	}
	if _, err := t.st.putHead.ExecContext(t.ctx, c.Brain, c.Slug, c.ID); err != nil {
		return wrap("put head", err)
	}
	return nil
}

func (t *txView) BumpStoreVersion(brain string) (int64, int64, error) {
	var after int64
	if err := t.st.bump.QueryRowContext(t.ctx, brain).Scan(&after); err != nil {
		return 0, 0, wrap("bump store version", err)
	}
	return after - 1, after, nil
}

func (t *txView) AppendReceipt(r *domain.Receipt) error {
	gates, details, err := encodeReceiptLists(r)
	if err != nil {
		return err
	}
	res, err := t.st.appendReceipt.ExecContext(t.ctx, r.ID, r.Brain, string(r.Kind), r.ProposalID, r.Effect, r.Subject, gates,
		string(r.Reason), r.Message, r.VersionFrom, r.VersionTo, details, r.By.AgentID, r.By.Seat, r.By.Brain,
		string(r.By.Origin), r.At.UnixNano(), string(r.Verse))
	if err != nil {
		return wrap("append receipt", err)
	}
	r.Seq, err = res.LastInsertId()
	return wrap("append receipt", err)
}
