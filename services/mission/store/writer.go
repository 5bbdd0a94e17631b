package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/organism-dev/organism/platform/sqlitedb"
	"github.com/organism-dev/organism/services/mission/domain"
)

type appendReq struct {
	a domain.Append
	appendBodies
	// after receives the mission row the append left, before done hears nil.
	after *missionRow
	done  chan error
}

// appendBodies are an append's stored JSON bodies, encoded by the caller: each backend's
// writer is the one goroutine every append passes through, so it only writes.
type appendBodies struct {
	letter, receipt, entry []byte
}

// encodeAppend encodes the bodies both backends store for an append.
func encodeAppend(a domain.Append) (appendBodies, error) {
	var b appendBodies
	var err error
	if b.letter, err = json.Marshal(a.Letter); err != nil {
		return b, fmt.Errorf("encode letter: %w", err)
	}
	if a.Receipt != nil {
		if b.receipt, err = json.Marshal(a.Receipt); err != nil {
			return b, fmt.Errorf("encode receipt: %w", err)
		}
	}
	if a.Entry != nil {
		if b.entry, err = json.Marshal(a.Entry); err != nil {
			return b, fmt.Errorf("encode entry: %w", err)
		}
	}
	return b, nil
}

var errClosed = errors.New("mission store is closed")

// Append writes one letter under compare-and-swap on the head and returns the mission row it
// left. It waits for the group commit that carries it, even if ctx ends meanwhile: once
// handed over, the append's fate is decided by the commit, and the caller must learn which
// way it went.
func (s *Store) Append(ctx context.Context, a domain.Append) (domain.Mission, error) {
	bodies, err := encodeAppend(a)
	if err != nil {
		return domain.Mission{}, err
	}
	req := appendReq{a: a, appendBodies: bodies, after: new(missionRow), done: make(chan error, 1)}
	return handOff(ctx, s.appends, s.quit, req, req.done, req.after)
}

// handOff gives a backend's writer req and waits for the commit that carries it, then returns
// the mission row after holds. Once the writer has req, ctx no longer counts (see Append).
func handOff[R any](ctx context.Context, appends chan<- R, quit <-chan struct{}, req R, done <-chan error, after *missionRow) (domain.Mission, error) {
	select {
	case appends <- req:
	case <-quit:
		return domain.Mission{}, errClosed
	case <-ctx.Done():
		return domain.Mission{}, ctx.Err()
	}
	if err := <-done; err != nil {
		return domain.Mission{}, err
	}
	return after.mission()
}

// writerStmts are the append path's statements, prepared once on the writer's own connection.
type writerStmts struct {
	conn *sql.Conn
	// update leaves the lease columns alone so their index is not rewritten on every append;
	// updateRelease also clears the lease.
	update, updateRelease, head, letter, event, rcpt, entry *sql.Stmt
}

const (
	// Both return the row they leave, so neither the caller nor its next letter reads it again.
	updateHeadSQL = `UPDATE missions SET head_seq = ?1, head_letter_id = ?2, phase = ?3, updated_at = ?4,
	candidate_letter = CASE WHEN ?5 = '' THEN candidate_letter ELSE ?5 END,
	rerun_requested = CASE WHEN ?6 THEN 0 ELSE rerun_requested END
	WHERE mission_id = ?7 AND head_seq = ?8 AND (?9 = '' OR (lease_id = ?9 AND lease_expires > ?4))
	RETURNING ` + missionCols
	updateHeadReleaseSQL = `UPDATE missions SET head_seq = ?1, head_letter_id = ?2, phase = ?3, updated_at = ?4,
	candidate_letter = CASE WHEN ?5 = '' THEN candidate_letter ELSE ?5 END,
	rerun_requested = CASE WHEN ?6 THEN 0 ELSE rerun_requested END,
	lease_id = '', lease_runner = '', lease_expires = 0
	WHERE mission_id = ?7 AND head_seq = ?8 AND (?9 = '' OR (lease_id = ?9 AND lease_expires > ?4))
	RETURNING ` + missionCols
)

func prepareWriter(ctx context.Context, db *sql.DB, inlineCheckpoints bool) (*writerStmts, error) {
	conn, err := db.Conn(ctx)
	if err != nil {
		return nil, err
	}
	w := &writerStmts{conn: conn}
	pragmas := writerPragmas
	if inlineCheckpoints {
		pragmas = inlineCheckpointPragmas
	}
	if _, err := conn.ExecContext(ctx, pragmas); err != nil {
		conn.Close()
		return nil, fmt.Errorf("writer pragmas: %w", err)
	}
	for _, p := range []struct {
		dst **sql.Stmt
		q   string
	}{
		{&w.update, updateHeadSQL},
		{&w.updateRelease, updateHeadReleaseSQL},
		{&w.head, `SELECT head_seq FROM missions WHERE mission_id = ?`},
		{&w.letter, `INSERT INTO letters(mission_id, seq, letter_id, phase, advisory, posted_at, body) VALUES (?, ?, ?, ?, ?, ?, ?)`},
		{&w.event, `INSERT INTO board_events(mission_id, brain, seq, kind, from_phase, to_phase, at) VALUES (?, ?, ?, ?, ?, ?, ?)`},
		{&w.rcpt, `INSERT INTO receipts(receipt_id, mission_id, brain, body, at) VALUES (?, ?, ?, ?, ?)`},
		{&w.entry, insertEntrySQL},
	} {
		if *p.dst, err = conn.PrepareContext(ctx, p.q); err != nil {
			w.close()
			return nil, fmt.Errorf("prepare append statements: %w", err)
		}
	}
	return w, nil
}

func (w *writerStmts) close() {
	for _, st := range []*sql.Stmt{w.update, w.updateRelease, w.head, w.letter, w.event, w.rcpt, w.entry} {
		if st != nil {
			st.Close()
		}
	}
	w.conn.Close()
}

func (s *Store) writer(w *writerStmts) {
	defer close(s.done)
	defer w.close()
	sqlitedb.WriteGroups(s.appends, s.quit, s.maxBatch, func(group []appendReq) {
		s.commit(w, group)
		s.commits.Add(1)
	}, &s.topUp, func() error {
		_, err := w.conn.ExecContext(context.Background(), `PRAGMA wal_checkpoint(PASSIVE)`)
		return err
	})
}

// errPartial marks an append that failed after its head update: the transaction holds half of
// it and must not commit.
type errPartial struct{ err error }

func (e errPartial) Error() string { return e.err.Error() }

// commit applies a batch in one transaction. A lost CAS writes nothing, so it needs no
// rollback; the rare append that fails half-way sends the batch back one append per
// transaction so no other append pays for it.
func (s *Store) commit(w *writerStmts, batch []appendReq) {
	ctx := context.Background()
	errs, err := s.commitGroup(ctx, w, batch)
	var partial errPartial
	switch {
	case errors.As(err, &partial) && len(batch) > 1:
		for _, r := range batch {
			s.commit(w, []appendReq{r})
		}
		return
	case errors.As(err, &partial):
		batch[0].done <- partial.err
		return
	case err != nil:
		for _, r := range batch {
			r.done <- err
		}
		return
	}
	for i, r := range batch {
		r.done <- errs[i]
	}
}

func (s *Store) commitGroup(ctx context.Context, w *writerStmts, batch []appendReq) ([]error, error) {
	if _, err := w.conn.ExecContext(ctx, `BEGIN IMMEDIATE`); err != nil {
		return nil, wrap("append begin", err)
	}
	rollback := func() { _, _ = w.conn.ExecContext(ctx, `ROLLBACK`) }
	errs := make([]error, len(batch))
	for i, r := range batch {
		errs[i] = applyAppend(ctx, w, r)
		var partial errPartial
		if errors.As(errs[i], &partial) {
			rollback()
			return nil, partial
		}
	}
	if _, err := w.conn.ExecContext(ctx, `COMMIT`); err != nil {
		rollback()
		return nil, wrap("append commit", err)
	}
	return errs, nil
}

// applyAppend writes one letter under compare-and-swap on the head.
func applyAppend(ctx context.Context, w *writerStmts, r appendReq) error {
	a := r.a
	update := w.update
	if a.ClearLease {
		update = w.updateRelease
	}
	err := r.after.scan(update.QueryRowContext(ctx, a.Letter.Seq, a.Letter.LetterID, string(a.Phase), ns(a.Now), a.CandidateLetterID,
		a.ClearRerun, a.Letter.MissionID, a.ExpectedHead, a.RequireLease))
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		// The UPDATE may have moved the head before reading its row back failed.
		return errPartial{wrap("append", err)}
	}
	if err != nil {
		var head int64
		err := w.head.QueryRowContext(ctx, a.Letter.MissionID).Scan(&head)
		switch {
		case errors.Is(err, sql.ErrNoRows):
			return domain.ErrNoMission
		case err != nil:
			return wrap("append", err)
		case head != a.ExpectedHead:
			return domain.ErrHeadMoved
		}
		return domain.ErrLeaseNotHeld
	}
	if _, err := w.letter.ExecContext(ctx, a.Letter.MissionID, a.Letter.Seq, a.Letter.LetterID, string(a.Letter.Phase),
		b2i(a.Letter.Advisory), ns(a.Letter.PostedAt), string(r.letter)); err != nil {
		return errPartial{wrap("insert letter", err)}
	}
	ev := a.Event
	if _, err := w.event.ExecContext(ctx, ev.MissionID, ev.Brain, ev.Seq, string(ev.Kind), string(ev.From), string(ev.To), ns(ev.At)); err != nil {
		return errPartial{wrap("insert board event", err)}
	}
	if a.Receipt != nil {
		if _, err := w.rcpt.ExecContext(ctx, a.Receipt.ReceiptID, a.Receipt.MissionID, a.Receipt.Brain, string(r.receipt), ns(a.Receipt.At)); err != nil {
			return errPartial{wrap("insert receipt", err)}
		}
	}
	if a.Entry != nil {
		if _, err := w.entry.ExecContext(ctx, a.Entry.Ledger, a.Entry.ReceiptID, a.Entry.MissionID, string(r.entry)); err != nil {
			return errPartial{wrap("insert ledger receipt", err)}
		}
	}
	return nil
}
