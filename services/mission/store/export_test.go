package store

import (
	"context"
	"time"

	"github.com/organism-dev/organism/services/mission/domain"
)

// HoldEventTx begins a transaction on p that has taken its transaction id, for tests that
// need a writer of board events which is older than another and commits after it. write adds
// a new mission's event to it; end commits it (or rolls it back).
func (p *PG) HoldEventTx(ctx context.Context) (write func(domain.BoardEvent) error, end func(commit bool) error, err error) {
	tx, err := p.db.BeginTx(ctx, nil)
	if err != nil {
		return nil, nil, err
	}
	if _, err := tx.ExecContext(ctx, `SELECT pg_current_xact_id()`); err != nil {
		tx.Rollback()
		return nil, nil, err
	}
	write = func(ev domain.BoardEvent) error { return pgInsertEvent(ctx, tx, ev) }
	end = func(commit bool) error {
		if commit {
			return tx.Commit()
		}
		return tx.Rollback()
	}
	return write, end, nil
}

// AppendStages is appendStages for the benchmarks.
type AppendStages = appendStages

// TraceAppends makes p report each append's stages to f; call it before the first append.
func (p *PG) TraceAppends(f func(AppendStages)) { p.stageHook = f }

// NotifyTrace makes p report how long each board notification took.
func (p *PG) NotifyTrace(f func(time.Duration)) { p.notifyHook = f }

// CommitGroup commits appends as one group of the writer, as it would had they all arrived
// while it was busy, and returns what each append hears. Call it only while no Append runs.
func (p *PG) CommitGroup(as ...domain.Append) []error {
	group := make([]pgAppendReq, len(as))
	for i, a := range as {
		req, err := newAppendReq(a)
		if err != nil {
			panic(err)
		}
		group[i] = req
	}
	p.commit(group)
	errs := make([]error, len(group))
	for i, r := range group {
		errs[i] = <-r.done
	}
	return errs
}
