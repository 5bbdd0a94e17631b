package store

import (
	"context"
	"errors"
	"sync/atomic"
	"time"

	"github.com/organism-dev/organism/platform/pgdb"
	"github.com/organism-dev/organism/services/medulla/domain"
)

// The PostgreSQL writer is a pipeline two batches deep: while batch N's flush and COMMIT are
// in flight on one pooled connection, the writer runs batch N+1's writes on a second one,
// on the brain as N will leave it (N's pending versions, retirements and counters, over the
// slugs this replica remembers). A batch's Go work (the writes' rules, encoding the flush)
// then overlaps the server's work and fsync for the one before it, where one writer used to
// do both strictly in turn.
//
// What keeps it correct:
//   - N+1 is sent only after N's COMMIT returned. Then N+1 runs, like any speculating batch,
//     on the row N handed back: flush_write takes the brain's lock and checks the row first,
//     so a replica writing in between is MD412, and N+1 runs again locking first.
//   - If N failed, nothing of N+1 was sent: it is dropped and its writes run again after N is
//     settled, on what the database holds. So no write is acknowledged on an effect of N
//     that did not commit.
//   - N+1 runs on N's state only if that state is exactly predictable: N wrote one brain and
//     changed its row only through the flush (no PutBrain); N+1 writes that brain alone and
//     needs no lock or statement of its own: a slug neither N wrote nor the replica remembers
//     is read ahead (readAhead), ids come from a hand-back or are drawn ahead (pgTx.nextID).
//     Anything else N+1 would send makes it a miss (errPipelineMiss): it waits for N and its
//     writes run again on what the database holds, as before.
//   - Acknowledgements go out in queue order: N's once N's COMMIT returned (just after N+1 is
//     sent), N+1's after.

// joinEvery is how often a writer waiting for a flight takes in the writes queued meanwhile.
const joinEvery = 250 * time.Microsecond

// errPipelineMiss says a batch prepared on the state a flight will leave needed the database.
var errPipelineMiss = errors.New("the batch needs the database: run it after the one in flight")

// pgFlight is a batch whose flush and COMMIT are in flight.
type pgFlight struct {
	batch []*writeReq
	view  *pgTx
	err   error
	done  chan struct{}
}

// pgPipeStats counts what the pipeline did, for tests and figures.
type pgPipeStats struct {
	// prepared: batches run on a flight's predicted state; sent: of those, sent on it;
	// dropped: of those, run again serially because the flight failed or its row differed.
	prepared, sent, dropped atomic.Int64
}

// ack acknowledges every write of a committed flight.
func (fl *pgFlight) ack() {
	for _, req := range fl.batch {
		req.done <- nil
	}
}

// launch sends view's flush and COMMIT from a goroutine of its own. The connection goes back
// to the pool there, so the next batch can always have one.
func (s *PGStore) launch(view *pgTx, batch []*writeReq) *pgFlight {
	fl := &pgFlight{batch: batch, view: view, done: make(chan struct{})}
	if view.spare == nil && view.idsFor == len(view.order) {
		// Ids left over from this batch's reservation serve the next one (they are above this
		// batch's and the next commits after this one under the row check).
		view.spare = append([]int64(nil), view.ids...)
	}
	view.parent = nil
	go func() {
		defer close(fl.done)
		ctx := view.ctx
		fl.err = view.commitBatch(len(batch))
		if fl.err != nil {
			view.sess.rollback(ctx)
		}
		view.sess.conn.Close()
	}()
	return fl
}

// land settles a flight that has returned: a commit acknowledges every write of it (unless
// hold: the caller acknowledges them itself, after sending the next batch); a failure is
// handled as runTx would (a stale row or lost race runs the batch again serially, a conflict
// replays it one write at a time, anything else reaches every write). It says whether the
// flight committed as sent, so a batch prepared on it may be sent on its row.
func (s *PGStore) land(fl *pgFlight, hold bool) bool {
	<-fl.done
	err := fl.err
	if err == nil {
		fl.view.committed()
		if !hold {
			fl.ack()
		}
		return true
	}
	switch {
	case errors.Is(err, errStale):
		s.cache.stale(fl.view.order)
		s.runBatch(fl.batch)
	case pgdb.IsBusy(err):
		time.Sleep(time.Millisecond)
		s.runBatch(fl.batch)
	case len(fl.batch) > 1 && errors.Is(err, errReplay):
		s.replay(fl.batch)
	default:
		err = settle(err)
		for _, req := range fl.batch {
			req.done <- err
		}
	}
	return false
}

// dispatch runs one gathered batch. With a flight out, the batch is prepared on the state the
// flight will leave, and the writes that arrive until the flight returns join it (so batches
// stay as large as the time a commit takes lets them be); once the flight committed, the
// batch is sent on its row. Otherwise (or when that cannot be) the flight is landed first and
// the batch prepared on what the database holds, then sent. A batch whose preparation fails
// goes the serial way, which retries and replays.
func (s *PGStore) dispatch(fl **pgFlight, batch []*writeReq) {
	if prev := *fl; prev != nil {
		*fl = nil
		var next *pgFlight
		if next, batch = s.follow(prev, batch); next != nil {
			*fl = next
			return
		}
	}
	view, err := s.prepare(context.Background(), batch, nil)
	if err != nil {
		s.recover(view, batch, err)
		return
	}
	*fl = s.launch(view, batch)
}

// follow lands prev with batch prepared on the state it leaves, and the writes that arrive
// meanwhile joined to it, and launches the batch on prev's row when it can. Otherwise it
// returns no flight and the batch as grown, for the serial way.
func (s *PGStore) follow(prev *pgFlight, batch []*writeReq) (*pgFlight, []*writeReq) {
	view := s.prepareOn(context.Background(), prev.view)
	ok := view != nil
	for _, req := range batch {
		ok = ok && view.run(req)
	}
	// Writes queued meanwhile join the batch. The writer looks for them every joinEvery
	// and once more when the flight returned, rather than waking for each as it arrives:
	// a wakeup per write costs more CPU than the overlap saves on a busy machine.
	tick := time.NewTimer(joinEvery)
	for landed := false; !landed; {
		select {
		case <-prev.done:
			landed = true
		case <-tick.C:
			tick.Reset(joinEvery)
		}
	drain:
		for len(batch) < s.maxBatch {
			select {
			case req := <-s.reqs:
				batch = append(batch, req)
				ok = ok && view.run(req)
			default:
				break drain
			}
		}
	}
	tick.Stop()
	// The next batch goes out before prev's writers hear back: their wakeups would only
	// compete with it. They still hear back before anyone of the next batch does.
	landed := s.land(prev, true)
	if view != nil {
		if ok && landed && view.adopt() {
			s.pipe.sent.Add(1)
			view.size = len(batch)
			next := s.launch(view, batch)
			prev.ack()
			return next, batch
		}
		if ok {
			s.pipe.dropped.Add(1)
		}
		view.sess.conn.Close()
	}
	if landed {
		prev.ack()
	}
	return nil, batch
}

// recover finishes a batch whose first preparation failed, as runTx and runBatch would have.
func (s *PGStore) recover(view *pgTx, batch []*writeReq, err error) {
	switch {
	case errors.Is(err, errReplay):
		s.replay(batch)
	case errors.Is(err, errStale):
		s.cache.stale(view.order)
		s.runBatch(batch)
	case pgdb.IsBusy(err):
		s.runBatch(batch)
	default:
		err = settle(err)
		for _, req := range batch {
			req.done <- err
		}
	}
}

// prepareOn opens a batch on a fresh connection over the state prev (in flight) will leave,
// or returns nil when it cannot (see the conditions above). Nothing is sent on the connection.
func (s *PGStore) prepareOn(ctx context.Context, prev *pgTx) *pgTx {
	if len(prev.order) != 1 || prev.putBrain || len(prev.spare) == 0 {
		return nil
	}
	name := prev.order[0]
	ppb := prev.brains[name]
	if !ppb.exists || s.cache.cooling(name) {
		// Another replica writes the brain too: a batch on prev's row would be stale.
		return nil
	}
	conn, err := s.db.Conn(ctx)
	if err != nil {
		return nil
	}
	s.pipe.prepared.Add(1)
	sess := &pgSession{conn: conn, before: func() error { return errPipelineMiss }}
	view := newPGTx(ctx, sess, s.cache, 0)
	view.parent = prev
	// The row prev will leave: its counters as the flush will write them, one write further
	// when it changed the brain. The row's text comes with prev's hand-back (adopt).
	b := ppb.b
	b.LiveClaims += ppb.liveDelta
	writes := ppb.writes
	if ppb.changed {
		writes++
	}
	view.brains[name] = &pgBrain{b: b, exists: true, writes: writes, spec: &pgSpec{b: b, writes: writes}}
	view.order = append(view.order, name)
	view.ids, view.idsFor = append(view.ids, prev.spare...), 1
	return view
}

// run runs one write on a batch prepared on a flight's predicted state. false is a miss, or a
// write failing on a state not yet committed: either way the serial path decides, after the
// flight, running the whole batch again.
func (t *pgTx) run(req *writeReq) bool {
	return req.fn(t) == nil
}

// adopt makes a batch prepared on a flight's predicted state sendable, once that flight
// committed: the row it handed back must be the one predicted, and its text is what flush_write
// will find under the lock. The ids it handed back serve the batch after this one.
func (t *pgTx) adopt() bool {
	t.parent = nil
	name := t.order[0]
	pb := t.brains[name]
	sp := t.cache.takeSpec(name)
	if sp == nil || sp.writes != pb.spec.writes || !sameBrain(sp.b, pb.spec.b) {
		return false
	}
	pb.spec.text = sp.text
	t.spare = sp.ids
	t.sess.before = t.settle
	return true
}

// sameBrain says two brain rows agree in every column.
func sameBrain(a, b domain.Brain) bool {
	return a.Name == b.Name && a.RepoRoot == b.RepoRoot && a.SoulPath == b.SoulPath && a.Policy == b.Policy &&
		a.Reserved == b.Reserved && a.StoreVersion == b.StoreVersion && a.LiveClaims == b.LiveClaims &&
		a.CreatedAt.Equal(b.CreatedAt) && a.UpdatedAt.Equal(b.UpdatedAt)
}

// readAhead reads a slug the batch's parent (in flight) did not write and this replica does not
// remember, for a batch prepared on the state the parent will leave: committed state, read
// without the brain's lock and outside the transaction (nothing is begun yet). That is the
// state after the parent as long as the chain of row checks holds: a replica that wrote the
// slug before the parent took the lock changed the row the parent checks (or could not write
// while the parent held the lock), one that wrote it after the parent committed changed the
// row this batch checks, so either way the batch is never sent on it or is refused MD412.
// The result stays in the batch (not in the replica's memory, whose write count it may not
// be true at if a check then fails).
func (t *pgTx) readAhead(brain, slug, q string) (slugState, error) {
	if st, ok := t.ahead[liveKey(brain, slug)]; ok {
		return st, nil
	}
	st, err := slugStateOf(scanClaim(t.sess.conn.QueryRowContext(t.ctx, q, brain, slug)))
	if err != nil {
		return slugState{}, err
	}
	if t.ahead == nil {
		t.ahead = map[string]slugState{}
	}
	t.ahead[liveKey(brain, slug)] = st
	return st, nil
}
