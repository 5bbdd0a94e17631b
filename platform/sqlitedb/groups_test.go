package sqlitedb_test

import (
	"errors"
	"reflect"
	"testing"
	"time"

	"github.com/organism-dev/organism/platform/sqlitedb"
)

// TestWriteGroups: queued requests share a group, a top-up waits for a moment with nothing
// queued, a failed checkpoint is counted as such, and closing stop ends the loop.
func TestWriteGroups(t *testing.T) {
	reqs := make(chan int, 16)
	stop := make(chan struct{})
	var topUp sqlitedb.TopUp
	committed := make(chan []int, 16)
	checkpointAfter := make(chan int, 16) // groups committed when each checkpoint ran
	groups, fail := 0, false
	commit := func(g []int) {
		groups++
		committed <- append([]int(nil), g...)
		if groups == 1 {
			topUp.Ask() // asked while another request is already waiting: deferred
			reqs <- 3
		}
	}
	checkpoint := func() error {
		checkpointAfter <- groups
		if fail {
			return errors.New("database is locked")
		}
		return nil
	}
	reqs <- 1
	reqs <- 2
	done := make(chan struct{})
	go func() {
		defer close(done)
		sqlitedb.WriteGroups(reqs, stop, 8, commit, &topUp, checkpoint)
	}()
	for i, want := range [][]int{{1, 2}, {3}} {
		if got := <-committed; !reflect.DeepEqual(got, want) {
			t.Fatalf("group %d: got %v, want %v", i+1, got, want)
		}
	}
	if got := <-checkpointAfter; got != 2 {
		t.Fatalf("got the top-up after group %d, want after group 2 (the first moment nothing waited)", got)
	}
	waitFor(t, func() bool { return topUp.Done() == 1 && !topUp.Asked() })

	fail = true // read by the writer only after it receives the request sent below
	topUp.Ask()
	reqs <- 4
	<-committed
	<-checkpointAfter
	waitFor(t, func() bool { return topUp.Failed() == 1 })
	if topUp.Done() != 1 {
		t.Errorf("got %d top-ups done after a failed one, want still 1", topUp.Done())
	}
	close(stop)
	<-done
}

func waitFor(t *testing.T, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second) // liveness bound, not a speed target
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatal("condition not reached")
		}
		time.Sleep(time.Millisecond)
	}
}
