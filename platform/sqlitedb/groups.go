package sqlitedb

import "sync/atomic"

// A store that funnels every write through one writer goroutine commits them in groups: one
// transaction, one fsync, for all the writes waiting at that moment. Such a writer turns
// SQLite's auto-checkpoint off (it would copy pages inside a commit while every queued write
// waits) and leaves checkpoints to a background connection. That is not enough on its own: a
// PASSIVE checkpoint racing a busy writer never reaches the end of the log, the WAL never
// restarts, and every commit's fsync must also journal the file's new size (measured: 228 MB of
// WAL after 3 s at 3,000 mission appends/s, 121 MB after 24,000 medulla memorize calls, and a
// slower commit for it). So after each background checkpoint the writer is asked to top it up
// on its own connection between groups: nothing commits meanwhile, the top-up reaches the end
// of the log, and the next commit restarts the WAL from its beginning.

// TopUp carries a background checkpointer's request that the writer top up its checkpoint.
type TopUp struct {
	asked        atomic.Bool
	done, failed atomic.Int64
}

// Ask requests a top-up after the writer's next group.
func (t *TopUp) Ask() { t.asked.Store(true) }

// Asked reports whether a top-up is requested and not yet run.
func (t *TopUp) Asked() bool { return t.asked.Load() }

// Done counts top-ups whose checkpoint ran; Failed those whose checkpoint failed (which loses
// nothing: the frames stay in the WAL and a later checkpoint copies them).
func (t *TopUp) Done() int64   { return t.done.Load() }
func (t *TopUp) Failed() int64 { return t.failed.Load() }

// maxDeferredTopUp bounds how many groups the writer commits, always finding another request
// waiting, before it tops up anyway.
const maxDeferredTopUp = 64

// WriteGroups is a group-commit writer loop. It waits for a request, adds every request already
// queued (up to max in all) and hands the group to commit; between groups, when topUp is asked
// for, it runs checkpoint (a PASSIVE checkpoint on the writer's own connection) at the first
// moment no request waits, or after 64 groups regardless. It returns when stop closes, leaving
// whatever is still queued to the caller. group is reused: commit must not keep it.
func WriteGroups[T any](reqs <-chan T, stop <-chan struct{}, max int, commit func(group []T), topUp *TopUp, checkpoint func() error) {
	group := make([]T, 0, max)
	var pending T // a request taken while looking for an idle moment
	hasPending := false
	deferred := 0 // groups committed since a top-up was asked for
	for {
		// Dropping the last group's requests lets the collector have them.
		clear(group)
		group = group[:0]
		if hasPending {
			group = append(group, pending)
			var zero T
			pending, hasPending = zero, false
		} else {
			select {
			case r := <-reqs:
				group = append(group, r)
			case <-stop:
				return
			}
		}
	fill:
		for len(group) < max {
			select {
			case r := <-reqs:
				group = append(group, r)
			default:
				break fill
			}
		}
		commit(group)
		if !topUp.Asked() {
			continue
		}
		if deferred < maxDeferredTopUp {
			select {
			case r := <-reqs:
				pending, hasPending = r, true
				deferred++
				continue
			default:
			}
		}
		deferred = 0
		topUp.asked.Store(false)
		if err := checkpoint(); err != nil {
			topUp.failed.Add(1)
		} else {
			topUp.done.Add(1)
		}
	}
}
