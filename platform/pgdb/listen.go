package pgdb

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
)

// Notification is one NOTIFY a Listener received. Channel "" is the Listener's own signal that
// it has just (re)connected: notifications sent while it was away are lost, so a consumer
// re-reads what it follows from its cursor. Notifications are wake-ups, never the data: a
// consumer always reads the rows themselves, by cursor, after one arrives.
type Notification struct {
	Channel, Payload string
}

// Listener holds one dedicated connection (outside the pool: database/sql cannot wait for
// notifications) that LISTENs on a few channels, and reconnects when the connection is lost.
// It is how a replica learns that another replica wrote: watch streams, runner wake-ups and
// presence rosters re-read the database when told, from any replica.
type Listener struct {
	// C delivers notifications in order; the Listener blocks (and the server queues) while the
	// consumer is busy.
	C      <-chan Notification
	c      chan Notification
	cancel context.CancelFunc
	done   chan struct{}
}

// Listen starts a Listener on channels (lower-case identifiers) of the database dsn names. The
// first Notification on C is the connected signal (Channel ""), once LISTEN is in place.
func Listen(dsn string, opts Options, channels ...string) (*Listener, error) {
	for _, ch := range channels {
		if !isIdent(ch) {
			return nil, fmt.Errorf("pgdb: channel %q must be lower-case letters, digits and _", ch)
		}
	}
	cfg, err := Config(dsn, opts)
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithCancel(context.Background())
	l := &Listener{c: make(chan Notification, 64), cancel: cancel, done: make(chan struct{})}
	l.C = l.c
	go l.run(ctx, cfg, channels)
	return l, nil
}

// Close stops the Listener and closes its connection; C is closed afterwards.
func (l *Listener) Close() {
	l.cancel()
	<-l.done
}

// Notify sends payload on channel; inside a transaction (pass the *sql.Tx) it is delivered
// only if and when the transaction commits, which is what a writer wants.
func Notify(ctx context.Context, db Execer, channel, payload string) error {
	_, err := db.ExecContext(ctx, `SELECT pg_notify($1, $2)`, channel, payload)
	return err
}

// Execer is what Notify needs: a *sql.DB, *sql.Conn or *sql.Tx.
type Execer interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
}

func (l *Listener) run(ctx context.Context, cfg *pgx.ConnConfig, channels []string) {
	defer close(l.done)
	defer close(l.c)
	pause := 50 * time.Millisecond
	for ctx.Err() == nil {
		if l.session(ctx, cfg, channels) {
			pause = 50 * time.Millisecond
		}
		// Waiting for the server to come back is a wait on the network: wall clock.
		t := time.NewTimer(pause)
		select {
		case <-ctx.Done():
			t.Stop()
			return
		case <-t.C:
		}
		pause = min(2*pause, 2*time.Second)
	}
}

// session connects, listens and forwards until the connection fails; it reports whether it
// got as far as listening.
func (l *Listener) session(ctx context.Context, cfg *pgx.ConnConfig, channels []string) bool {
	conn, err := pgx.ConnectConfig(ctx, cfg)
	if err != nil {
		return false
	}
	defer conn.Close(context.Background())
	for _, ch := range channels {
		if _, err := conn.Exec(ctx, "LISTEN "+ch); err != nil {
			return false
		}
	}
	if !l.send(ctx, Notification{}) {
		return true
	}
	for {
		n, err := conn.WaitForNotification(ctx)
		if err != nil {
			return true
		}
		if !l.send(ctx, Notification{Channel: n.Channel, Payload: n.Payload}) {
			return true
		}
	}
}

func (l *Listener) send(ctx context.Context, n Notification) bool {
	select {
	case l.c <- n:
		return true
	case <-ctx.Done():
		return false
	}
}
