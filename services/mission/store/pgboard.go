package store

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"github.com/organism-dev/organism/platform/pgdb"
	"github.com/organism-dev/organism/services/mission/domain"
)

// Board cursors on PostgreSQL, without a board-wide lock. A watcher reads events by cursor,
// so a cursor must never become visible after a larger one. A sequence cannot promise that
// (cursor 10 may commit after 11), and holding a lock from numbering to COMMIT made every
// replica's appends commit one at a time. Instead a cursor carries its transaction:
//
//	cursor = (transaction id << cursorShift) + the event's ordinal in its transaction
//
// and a reader only returns the cursors below the horizon, the oldest transaction id still
// running when its snapshot was taken (pg_snapshot_xmin), shifted the same way. Every
// transaction below the horizon has ended, so whatever it committed is already visible and
// nothing else of it will be; every transaction that may still commit has an id at or above
// the horizon, so its cursors sort after every one returned. The price: an event waits, before
// a reader returns it, for the transactions older than its own that were still running.

// cursorShift leaves room for 65,535 events per transaction (a group's appends number from 1,
// a new mission's event is 0) and keeps cursors below 2^53 until transaction 2^37, so a
// client holding them as floating-point numbers does not round them.
const cursorShift = 16

// maxEventsPerTx bounds the ordinals: a group never holds more appends than this.
const maxEventsPerTx = 1<<cursorShift - 1

// pgCursor is the SQL for the cursor of the event with ordinal ord (an SQL expression) in the
// statement's transaction.
func pgCursor(ord string) string {
	return fmt.Sprintf(`((pg_current_xact_id()::text::bigint << %d) + %s)`, cursorShift, ord)
}

// pgHorizonSQL is the first cursor a transaction still running could write, read in the
// calling statement's snapshot (pg_current_snapshot is the active snapshot, the one the
// statement reads rows with: a later snapshot's horizon could pass a transaction that
// committed after the rows were read).
var pgHorizonSQL = fmt.Sprintf(`(pg_snapshot_xmin(pg_current_snapshot())::text::bigint << %d)`, cursorShift)

// Events lists stored board events after cursor, in cursor order, up to the horizon. When
// events past the horizon are already visible (committed by a transaction younger than one
// still running), it waits until the horizon passes the last of them rather than answer
// without them: a watcher woken by their commit would otherwise sleep until its next poll.
func (p *PG) Events(ctx context.Context, brain string, after int64, limit int) ([]domain.BoardEvent, error) {
	evs, settled, err := p.events(ctx, brain, after, limit)
	if err != nil || settled == len(evs) {
		return evs, err
	}
	last := evs[len(evs)-1].Cursor
	// The wait is for other sessions' transactions to end, in another process: wall clock,
	// bounded by ctx and, for the transactions waited on, by statement_timeout.
	for pause := time.Millisecond; ; pause = min(2*pause, 20*time.Millisecond) {
		var horizon int64
		if err := p.db.QueryRowContext(ctx, `SELECT `+pgHorizonSQL).Scan(&horizon); err != nil {
			return nil, pgwrap("events horizon", err)
		}
		if horizon > last {
			break
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(pause):
		}
	}
	evs, settled, err = p.events(ctx, brain, after, limit)
	return evs[:settled], err
}

// events reads up to limit events after cursor and says how many of them, from the first,
// lie below the horizon of the snapshot they were read in.
func (p *PG) events(ctx context.Context, brain string, after int64, limit int) ([]domain.BoardEvent, int, error) {
	q, args := eventsQuery(", cursor < "+pgHorizonSQL, brain, after, limit)
	rows, err := p.db.QueryContext(ctx, pgdb.Rebind(q), args...)
	if err != nil {
		return nil, 0, pgwrap("events", err)
	}
	defer rows.Close()
	var out []domain.BoardEvent
	settled := 0
	for rows.Next() {
		var below bool
		e, err := scanEvent(rows, &below)
		if err != nil {
			return nil, 0, pgwrap("events", err)
		}
		out = append(out, e)
		if below && settled == len(out)-1 {
			settled++
		}
	}
	return out, settled, pgwrap("events", rows.Err())
}

// pgInsertEventSQL writes a new mission's event, ordinal 0 of its transaction.
var pgInsertEventSQL = `INSERT INTO board_events(cursor, mission_id, brain, seq, kind, from_phase, to_phase, at)
	VALUES (` + pgCursor("0") + `, $1, $2, $3, $4, $5, $6, $7)`

func pgInsertEvent(ctx context.Context, tx *sql.Tx, ev domain.BoardEvent) error {
	_, err := tx.ExecContext(ctx, pgInsertEventSQL, ev.MissionID, ev.Brain, ev.Seq, string(ev.Kind), string(ev.From), string(ev.To), ns(ev.At))
	return pgwrap("insert board event", err)
}
