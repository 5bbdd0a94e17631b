package store

import (
	"context"
	"errors"
	"fmt"

	"github.com/organism-dev/organism/platform/sqlitedb"
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
	sqlitedb.WriteGroups(s.reqs, s.stop, s.opts.MaxBatch, s.runBatch, &s.topUp, func() error {
		_, err := s.w.Exec(`PRAGMA wal_checkpoint(PASSIVE)`)
		return err
	})
	s.drain()
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
	// A batch writes at most one version and two receipts (an adoption's commit and adoption
	// receipts) per write.
	if err := errors.Join(s.bulk.versions.ensure(ctx, len(batch)), s.bulk.receipts.ensure(ctx, 2*len(batch))); err != nil {
		return nil, fmt.Errorf("prepare: %w", err)
	}
	sqlTx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return nil, fmt.Errorf("begin: %w", err)
	}
	tx := newTxView(ctx, sqlTx, s.stmts.in(ctx, sqlTx), s.bulk, s.cache, s.nextID, s.storeVersions)
	errs := make([]error, len(batch))
	var failed error
	for i, req := range batch {
		if errs[i] = req.fn(tx); errs[i] != nil && failed == nil {
			failed = errs[i]
		}
	}
	if failed == nil {
		failed = tx.flush()
	}
	if failed != nil {
		_ = sqlTx.Rollback()
		return errs, failed
	}
	if err := sqlTx.Commit(); err != nil {
		// Whether a failed COMMIT left anything behind is the database's to say: read the
		// store versions afresh rather than trust what this batch would have made them.
		clear(s.storeVersions)
		return nil, fmt.Errorf("commit: %w", err)
	}
	// Queued before anyone is acknowledged: a read that starts after an acknowledgement waits
	// for this batch's index change.
	s.index.enqueue(tx.indexChange())
	// Row ids are handed out in memory by this (only) writer; they advance only on commit, and
	// the live-version cache learns a batch's writes only once they are durable.
	s.nextID = tx.nextID
	for name, c := range tx.brains {
		if c.bumped {
			s.storeVersions[name] = c.storeVersion
		}
	}
	for key, c := range tx.live {
		s.cache.put(key, *c)
	}
	for key, last := range tx.retired {
		if _, ok := tx.live[key]; !ok {
			s.cache.putAbsent(key, last)
		}
	}
	return errs, nil
}
