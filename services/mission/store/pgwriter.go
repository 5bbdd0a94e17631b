package store

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"time"

	"github.com/organism-dev/organism/platform/pgdb"
	"github.com/organism-dev/organism/services/mission/domain"
)

type pgAppendReq struct {
	a domain.Append
	appendBodies
	// after receives the mission row the append left, before done hears nil.
	after *missionRow
	done  chan error
	// queued is when Append handed the request over; the stage trace counts from it.
	queued time.Time
}

// appendStages is where one append's time went, for the benchmark that explains the tail:
// waiting for the writer (queue), the pool's waits for a connection while its group ran
// (acquire: any caller's, taken out of exec), in its group's statements (exec: a statement
// that is its own transaction includes the COMMIT's flush), in BEGIN and COMMIT when the
// group needed a transaction, and the group's size.
type appendStages struct {
	Queue, Acquire, Exec, Commit time.Duration
	Group                        int
	Mission                      string
}

// pgAppendSQL applies a round of appends (at most one per mission) in one statement and one
// round trip: the heads' compare-and-swap in the UPDATE's WHERE (with the lease check), and,
// only for the rows it matched, the letters, the board events, the landing receipts and the
// commit receipts. A data-modifying WITH runs as a whole or not
// at all, so a failed round leaves nothing half-written; a lost CAS matches no row, so nothing
// of that append is inserted, and the statement returns the ordinals of the appends that won
// with the mission rows they left (so no one reads them again).
//
// The missions' rows are locked first, in mission_id order: two replicas' rounds touching the
// same chains then wait for each other instead of deadlocking (no board lock orders them any
// more). The UPDATE re-checks its WHERE against the row as the lock found it.
var pgAppendSQL = `WITH input AS (
	SELECT * FROM unnest($1::text[], $2::bigint[], $3::text[], $4::text[], $5::bigint[], $6::text[], $7::boolean[], $8::bigint[],
		$9::text[], $10::boolean[], $11::text[], $12::bigint[], $13::bigint[], $14::text[],
		$15::text[], $16::bigint[], $17::text[], $18::text[], $19::text[], $20::bigint[],
		$21::text[], $22::text[], $23::text[], $24::text[], $25::bigint[],
		$26::text[], $27::text[], $28::text[], $29::text[], $30::boolean[], $31::bigint[]) WITH ORDINALITY
	AS i(mission_id, seq, letter_id, phase, now, candidate, clear_rerun, expected, lease, clear_lease,
		l_phase, advisory, posted_at, body, ev_brain, ev_seq, ev_kind, ev_from, ev_to, ev_at,
		r_id, r_mission, r_brain, r_body, r_at, e_ledger, e_receipt, e_mission, e_body, has_entry, ev_ord, ord)
), locked AS (
	SELECT mission_id FROM missions WHERE mission_id IN (SELECT mission_id FROM input) ORDER BY mission_id FOR UPDATE
), up AS (
	UPDATE missions m SET head_seq = i.seq, head_letter_id = i.letter_id, phase = i.phase, updated_at = i.now,
		candidate_letter = CASE WHEN i.candidate = '' THEN m.candidate_letter ELSE i.candidate END,
		rerun_requested = CASE WHEN i.clear_rerun THEN 0 ELSE m.rerun_requested END,
		lease_id = CASE WHEN i.clear_lease THEN '' ELSE m.lease_id END,
		lease_runner = CASE WHEN i.clear_lease THEN '' ELSE m.lease_runner END,
		lease_expires = CASE WHEN i.clear_lease THEN 0 ELSE m.lease_expires END
	FROM input i JOIN locked l ON l.mission_id = i.mission_id
	WHERE m.mission_id = i.mission_id AND m.head_seq = i.expected AND (i.lease = '' OR (m.lease_id = i.lease AND m.lease_expires > i.now))
	RETURNING i.ord, ` + qualified("m", missionCols) + `
), won AS (
	SELECT i.* FROM input i JOIN up ON up.ord = i.ord
), letter AS (
	INSERT INTO letters(mission_id, seq, letter_id, phase, advisory, posted_at, body)
	SELECT mission_id, seq, letter_id, l_phase, advisory, posted_at, body FROM won ORDER BY ord
), event AS (
	INSERT INTO board_events(cursor, mission_id, brain, seq, kind, from_phase, to_phase, at)
	SELECT ` + pgCursor("ev_ord") + `, mission_id, ev_brain, ev_seq, ev_kind, ev_from, ev_to, ev_at FROM won ORDER BY ord
), rcpt AS (
	INSERT INTO receipts(receipt_id, mission_id, brain, body, at)
	SELECT r_id, r_mission, r_brain, r_body, r_at FROM won WHERE r_id <> '' ORDER BY ord
), entry AS (
	INSERT INTO ledger(ledger, receipt_id, mission_id, body)
	SELECT e_ledger, e_receipt, e_mission, e_body FROM won WHERE has_entry ORDER BY ord
)
SELECT ord, ` + missionCols + ` FROM up`

// pgAppendOneSQL is pgAppendSQL for a round of one append, the usual round when appends do not
// queue: the same writes and the same all-or-nothing, with scalar parameters instead of
// arrays, so none of the unnest, the joins and the sorts that a round of many needs. A round
// of one takes no lock before its UPDATE: the one row it locks is its first lock (a later
// round's missions were all locked by the group's first), so it cannot close a cycle of waits.
var pgAppendOneSQL = `WITH up AS (
	UPDATE missions SET head_seq = $2, head_letter_id = $3, phase = $4, updated_at = $5,
		candidate_letter = CASE WHEN $6::text = '' THEN candidate_letter ELSE $6::text END,
		rerun_requested = CASE WHEN $7::boolean THEN 0 ELSE rerun_requested END,
		lease_id = CASE WHEN $10::boolean THEN '' ELSE lease_id END,
		lease_runner = CASE WHEN $10::boolean THEN '' ELSE lease_runner END,
		lease_expires = CASE WHEN $10::boolean THEN 0 ELSE lease_expires END
	WHERE mission_id = $1 AND head_seq = $8 AND ($9::text = '' OR (lease_id = $9::text AND lease_expires > $5))
	RETURNING ` + missionCols + `
), letter AS (
	INSERT INTO letters(mission_id, seq, letter_id, phase, advisory, posted_at, body)
	SELECT $1, $2, $3, $11, $12, $13, $14 FROM up
), event AS (
	INSERT INTO board_events(cursor, mission_id, brain, seq, kind, from_phase, to_phase, at)
	SELECT ` + pgCursor("$31::bigint") + `, $1, $15, $16, $17, $18, $19, $20 FROM up
), rcpt AS (
	INSERT INTO receipts(receipt_id, mission_id, brain, body, at)
	SELECT $21, $22, $23, $24, $25 FROM up WHERE $21::text <> ''
), entry AS (
	INSERT INTO ledger(ledger, receipt_id, mission_id, body)
	SELECT $26, $27, $28, $29 FROM up WHERE $30::boolean
)
SELECT 1, ` + missionCols + ` FROM up`

// qualified prefixes each of a list of columns with table.
func qualified(table, cols string) string {
	parts := strings.Split(cols, ",")
	for i, c := range parts {
		parts[i] = table + "." + strings.TrimSpace(c)
	}
	return strings.Join(parts, ", ")
}

// Append writes one letter under compare-and-swap on the head and returns the mission row it
// left. Like the SQLite store's, it waits for the group commit that carries it even if ctx
// ends meanwhile.
func (p *PG) Append(ctx context.Context, a domain.Append) (domain.Mission, error) {
	req, err := newAppendReq(a)
	if err != nil {
		return domain.Mission{}, err
	}
	return handOff(ctx, p.appends, p.quit, req, req.done, req.after)
}

// newAppendReq encodes an append's stored bodies, so the writer only writes.
func newAppendReq(a domain.Append) (pgAppendReq, error) {
	bodies, err := encodeAppend(a)
	return pgAppendReq{a: a, appendBodies: bodies, after: new(missionRow), done: make(chan error, 1), queued: time.Now()}, err
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
// append that failed pays for it. An unreachable database is not retried: its COMMIT may have
// landed, and a retry would then tell writers whose letters are in the chain that they lost
// the head; every append of the group hears UNAVAILABLE instead and reads the head again.
func (p *PG) commit(group []pgAppendReq) {
	errs, err := p.commitGroup(context.Background(), group)
	switch {
	case err != nil && len(group) > 1 && !errors.Is(err, domain.ErrStoreUnavailable):
		for _, r := range group {
			p.commit([]pgAppendReq{r})
		}
	case err != nil:
		for _, r := range group {
			r.done <- err
		}
	default:
		for i, r := range group {
			r.done <- errs[i]
		}
		for _, err := range errs {
			if err == nil {
				// Tell the other replicas, after the COMMIT and outside it: see notifier.
				select {
				case p.boardNews <- struct{}{}:
				default: // a notification is already due; it covers this group too
				}
				break
			}
		}
	}
}

// notifier sends NOTIFY mission_board for the appends committed since its last one, in a
// statement of its own. Not inside the append's transaction: PostgreSQL serializes every
// committing transaction that has notified, database-wide (a lock held from before the commit
// record until after it is flushed, so notifications queue in commit order), and that lock
// made two replicas' appends commit one at a time as the board lock once did. A notification
// is only a hint to read by cursor; one lost in a crash between the COMMIT and it delays
// other replicas' watchers to their next poll.
// notifyPatience bounds one notification, so a database that stopped answering cannot hold
// Close.
const notifyPatience = 5 * time.Second

func (p *PG) notifier() {
	defer close(p.notified)
	for {
		select {
		case <-p.boardNews:
		case <-p.quit:
			return
		}
		// Best effort: an unreachable database is the writer's to report, and the
		// listeners wake everyone when they reconnect.
		ctx, cancel := context.WithTimeout(context.Background(), notifyPatience)
		t0 := time.Now()
		_ = pgdb.Notify(ctx, p.db, boardChannel, p.replica)
		cancel()
		if p.notifyHook != nil {
			p.notifyHook(time.Since(t0))
		}
	}
}

func (p *PG) commitGroup(ctx context.Context, group []pgAppendReq) ([]error, error) {
	tr := p.startTrace(group)
	rs := rounds(group)
	if len(rs) == 1 {
		// One statement is its own transaction: no BEGIN, no COMMIT, one round trip.
		errs, err := p.applyRounds(ctx, p.db, group, rs)
		tr.exec()
		tr.end()
		return errs, err
	}
	tx, err := p.db.BeginTx(ctx, nil)
	if err != nil {
		return nil, pgwrap("append begin", err)
	}
	defer tx.Rollback()
	tr.commit()
	errs, err := p.applyRounds(ctx, tx, group, rs)
	if err != nil {
		return nil, err
	}
	tr.exec()
	if err := tx.Commit(); err != nil {
		return nil, pgwrap("append commit", err)
	}
	tr.commit()
	tr.end()
	return errs, nil
}

// querier is a *sql.DB or a *sql.Tx.
type querier interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// applyRounds runs the group's rounds on q and says, per append, why it lost (nil if it won);
// an error that is not a lost CAS fails the whole group.
func (p *PG) applyRounds(ctx context.Context, q querier, group []pgAppendReq, rs [][]int) ([]error, error) {
	errs := make([]error, len(group))
	for _, round := range rs {
		won, err := p.apply(ctx, q, group, round)
		if err != nil {
			return nil, err
		}
		for _, i := range round {
			if won[i] {
				continue
			}
			errs[i] = pgLostCAS(ctx, q, group[i].a)
			if !errors.Is(errs[i], domain.ErrHeadMoved) && !errors.Is(errs[i], domain.ErrLeaseNotHeld) && !errors.Is(errs[i], domain.ErrNoMission) {
				return nil, errs[i]
			}
		}
	}
	return errs, nil
}

// rounds splits a group into rounds in arrival order, each holding at most one append per
// mission: one UPDATE statement cannot move a row twice, and a chain's second append in a
// group must see its first.
func rounds(group []pgAppendReq) [][]int {
	var out [][]int
	placed := map[string]int{} // mission -> the round after its last append
	for i, r := range group {
		k := placed[r.a.Letter.MissionID]
		if k == len(out) {
			out = append(out, nil)
		}
		out[k] = append(out[k], i)
		placed[r.a.Letter.MissionID] = k + 1
	}
	return out
}

// apply runs one round's statement and reports which of its appends won their CAS. An
// event's ordinal in its transaction is its append's place in the group, plus one.
func (p *PG) apply(ctx context.Context, q querier, group []pgAppendReq, round []int) (map[int]bool, error) {
	n := len(round)
	var (
		mission, letterID, phase, cand, lease, lphase, body, evBrain, evKind, evFrom, evTo = make([]string, n), make([]string, n), make([]string, n), make([]string, n), make([]string, n), make([]string, n), make([]string, n), make([]string, n), make([]string, n), make([]string, n), make([]string, n)
		rID, rMission, rBrain, rBody, eLedger, eReceipt, eMission, eBody                   = make([]string, n), make([]string, n), make([]string, n), make([]string, n), make([]string, n), make([]string, n), make([]string, n), make([]string, n)
		seq, now, expected, advisory, posted, evSeq, evAt, rAt, evOrd                      = make([]int64, n), make([]int64, n), make([]int64, n), make([]int64, n), make([]int64, n), make([]int64, n), make([]int64, n), make([]int64, n), make([]int64, n)
		clearRerun, clearLease, hasEntry                                                   = make([]bool, n), make([]bool, n), make([]bool, n)
	)
	for j, i := range round {
		r := group[i]
		a, l, ev := r.a, r.a.Letter, r.a.Event
		mission[j], seq[j], letterID[j], phase[j], now[j], cand[j] = l.MissionID, l.Seq, l.LetterID, string(a.Phase), ns(a.Now), a.CandidateLetterID
		clearRerun[j], expected[j], lease[j], clearLease[j] = a.ClearRerun, a.ExpectedHead, a.RequireLease, a.ClearLease
		lphase[j], advisory[j], posted[j], body[j] = string(l.Phase), int64(b2i(l.Advisory)), ns(l.PostedAt), string(r.letter)
		evBrain[j], evSeq[j], evKind[j], evFrom[j], evTo[j], evAt[j], evOrd[j] = ev.Brain, ev.Seq, string(ev.Kind), string(ev.From), string(ev.To), ns(ev.At), int64(i+1)
		if a.Receipt != nil {
			rID[j], rMission[j], rBrain[j], rBody[j], rAt[j] = a.Receipt.ReceiptID, a.Receipt.MissionID, a.Receipt.Brain, string(r.receipt), ns(a.Receipt.At)
		}
		if a.Entry != nil {
			eLedger[j], eReceipt[j], eMission[j], eBody[j], hasEntry[j] = a.Entry.Ledger, a.Entry.ReceiptID, a.Entry.MissionID, string(r.entry), true
		}
	}
	args := []any{mission, seq, letterID, phase, now, cand, clearRerun, expected, lease, clearLease,
		lphase, advisory, posted, body, evBrain, evSeq, evKind, evFrom, evTo, evAt,
		rID, rMission, rBrain, rBody, rAt, eLedger, eReceipt, eMission, eBody, hasEntry, evOrd}
	query := pgAppendSQL
	if n == 1 {
		// The same parameters, each array's one element.
		query = pgAppendOneSQL
		for k, a := range args {
			switch v := a.(type) {
			case []string:
				args[k] = v[0]
			case []int64:
				args[k] = v[0]
			case []bool:
				args[k] = v[0]
			}
		}
	}
	rows, err := q.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, pgwrap("append", err)
	}
	defer rows.Close()
	won := map[int]bool{}
	for rows.Next() {
		var ord int
		var row missionRow
		if err := row.scan(rows, &ord); err != nil {
			return nil, pgwrap("append", err)
		}
		i := round[ord-1]
		won[i] = true
		*group[i].after = row
	}
	return won, pgwrap("append", rows.Err())
}

// pgLostCAS says why an append's compare-and-swap matched no row.
func pgLostCAS(ctx context.Context, q querier, a domain.Append) error {
	var head int64
	err := q.QueryRowContext(ctx, `SELECT head_seq FROM missions WHERE mission_id = $1`, a.Letter.MissionID).Scan(&head)
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
