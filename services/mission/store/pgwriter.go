package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/organism-dev/organism/platform/pgdb"
	"github.com/organism-dev/organism/services/mission/domain"
)

type pgAppendReq struct {
	a domain.Append
	// The stored JSON bodies, encoded by the caller so the writer only writes.
	letter, receipt, entry []byte
	done                   chan error
}

// pgAppendSQL is one append in one statement: the head's compare-and-swap (in the UPDATE's
// WHERE, with the lease check), and, only when it matched, the letter, the board event, the
// landing receipt and the commit receipt. A data-modifying WITH runs as a whole or not at all,
// so a failed append leaves nothing half-written in its group's transaction; a lost CAS
// updates no row, so nothing else is inserted, and the statement answers 0.
const pgAppendSQL = `WITH up AS (
	UPDATE missions SET head_seq = $1, head_letter_id = $2, phase = $3, updated_at = $4,
		candidate_letter = CASE WHEN $5::text = '' THEN candidate_letter ELSE $5::text END,
		rerun_requested = CASE WHEN $6::boolean THEN 0 ELSE rerun_requested END,
		lease_id = CASE WHEN $10::boolean THEN '' ELSE lease_id END,
		lease_runner = CASE WHEN $10::boolean THEN '' ELSE lease_runner END,
		lease_expires = CASE WHEN $10::boolean THEN 0 ELSE lease_expires END
	WHERE mission_id = $7 AND head_seq = $8 AND ($9::text = '' OR (lease_id = $9::text AND lease_expires > $4))
	RETURNING mission_id
), letter AS (
	INSERT INTO letters(mission_id, seq, letter_id, phase, advisory, posted_at, body)
	SELECT mission_id, $1, $2, $11, $12, $13, $14 FROM up
), event AS (
	INSERT INTO board_events(mission_id, brain, seq, kind, from_phase, to_phase, at)
	SELECT mission_id, $15, $16, $17, $18, $19, $20 FROM up
), rcpt AS (
	INSERT INTO receipts(receipt_id, mission_id, brain, body, at)
	SELECT $21::text, $22, $23, $24, $25 FROM up WHERE $21::text <> ''
), entry AS (
	INSERT INTO ledger(ledger, receipt_id, mission_id, body)
	SELECT $26, $27, $28, $29 FROM up WHERE $30::boolean
)
SELECT COUNT(*) FROM up`

// Append writes one letter under compare-and-swap on the head. Like the SQLite store's, it
// waits for the group commit that carries it even if ctx ends meanwhile.
func (p *PG) Append(ctx context.Context, a domain.Append) error {
	req := pgAppendReq{a: a, done: make(chan error, 1)}
	var err error
	if req.letter, err = json.Marshal(a.Letter); err != nil {
		return fmt.Errorf("encode letter: %w", err)
	}
	if a.Receipt != nil {
		if req.receipt, err = json.Marshal(a.Receipt); err != nil {
			return fmt.Errorf("encode receipt: %w", err)
		}
	}
	if a.Entry != nil {
		if req.entry, err = json.Marshal(a.Entry); err != nil {
			return fmt.Errorf("encode receipt: %w", err)
		}
	}
	select {
	case p.appends <- req:
	case <-p.quit:
		return errClosed
	case <-ctx.Done():
		return ctx.Err()
	}
	return <-req.done
}

// writer takes every append waiting when it is free, up to maxBatch, and commits them together.
func (p *PG) writer() {
	defer close(p.done)
	for {
		var first pgAppendReq
		select {
		case first = <-p.appends:
		case <-p.quit:
			return
		}
		group := []pgAppendReq{first}
	fill:
		for len(group) < p.maxBatch {
			select {
			case r := <-p.appends:
				group = append(group, r)
			default:
				break fill
			}
		}
		p.commit(group)
	}
}

// commit applies a group in one transaction. A statement that fails aborts a PostgreSQL
// transaction, so a failure sends the group back one append per transaction and only the
// append that failed pays for it.
func (p *PG) commit(group []pgAppendReq) {
	errs, err := p.commitGroup(context.Background(), group)
	switch {
	case err != nil && len(group) > 1:
		for _, r := range group {
			p.commit([]pgAppendReq{r})
		}
	case err != nil:
		group[0].done <- err
	default:
		for i, r := range group {
			r.done <- errs[i]
		}
	}
}

func (p *PG) commitGroup(ctx context.Context, group []pgAppendReq) ([]error, error) {
	tx, err := p.db.BeginTx(ctx, nil)
	if err != nil {
		return nil, pgwrap("append begin", err)
	}
	defer tx.Rollback()
	if err := lockBoard(ctx, tx); err != nil {
		return nil, err
	}
	errs := make([]error, len(group))
	wrote := false
	for i, r := range group {
		ok, err := pgApply(ctx, tx, r)
		if err != nil {
			return nil, err
		}
		if ok {
			wrote = true
			continue
		}
		errs[i] = pgLostCAS(ctx, tx, r.a)
		if !errors.Is(errs[i], domain.ErrHeadMoved) && !errors.Is(errs[i], domain.ErrLeaseNotHeld) && !errors.Is(errs[i], domain.ErrNoMission) {
			return nil, errs[i]
		}
	}
	if wrote {
		if err := pgdb.Notify(ctx, tx, boardChannel, p.replica); err != nil {
			return nil, pgwrap("append notify", err)
		}
	}
	if err := tx.Commit(); err != nil {
		return nil, pgwrap("append commit", err)
	}
	return errs, nil
}

// pgApply runs one append's statement; false when its compare-and-swap lost.
func pgApply(ctx context.Context, tx *sql.Tx, r pgAppendReq) (bool, error) {
	a, l, ev := r.a, r.a.Letter, r.a.Event
	var rcptID, rcptMission, rcptBrain, rcptBody string
	var rcptAt int64
	if a.Receipt != nil {
		rcptID, rcptMission, rcptBrain, rcptBody, rcptAt = a.Receipt.ReceiptID, a.Receipt.MissionID, a.Receipt.Brain, string(r.receipt), ns(a.Receipt.At)
	}
	var enLedger, enReceipt, enMission, enBody string
	if a.Entry != nil {
		enLedger, enReceipt, enMission, enBody = a.Entry.Ledger, a.Entry.ReceiptID, a.Entry.MissionID, string(r.entry)
	}
	var n int64
	err := tx.QueryRowContext(ctx, pgAppendSQL,
		l.Seq, l.LetterID, string(a.Phase), ns(a.Now), a.CandidateLetterID, a.ClearRerun, l.MissionID, a.ExpectedHead, a.RequireLease, a.ClearLease,
		string(l.Phase), b2i(l.Advisory), ns(l.PostedAt), string(r.letter),
		ev.Brain, ev.Seq, string(ev.Kind), string(ev.From), string(ev.To), ns(ev.At),
		rcptID, rcptMission, rcptBrain, rcptBody, rcptAt,
		enLedger, enReceipt, enMission, enBody, a.Entry != nil,
	).Scan(&n)
	if err != nil {
		return false, pgwrap("append", err)
	}
	return n == 1, nil
}

// pgLostCAS says why an append's compare-and-swap matched no row.
func pgLostCAS(ctx context.Context, tx *sql.Tx, a domain.Append) error {
	var head int64
	err := tx.QueryRowContext(ctx, `SELECT head_seq FROM missions WHERE mission_id = $1`, a.Letter.MissionID).Scan(&head)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return domain.ErrNoMission
	case err != nil:
		return pgwrap("append", err)
	case head != a.ExpectedHead:
		return domain.ErrHeadMoved
	}
	return domain.ErrLeaseNotHeld
}
