package pgdb_test

import (
	"context"
	"database/sql"
	"embed"
	"io/fs"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/organism-dev/organism/platform/pgdb"
	"github.com/organism-dev/organism/platform/pgtest"
)

var pg = pgtest.New(pgtest.Options{})

func TestMain(m *testing.M) { pgtest.Main(m, pg) }

//go:embed testdata/migrations/*.sql
var migrationFiles embed.FS

func migrations(t *testing.T) fs.FS {
	t.Helper()
	sub, err := fs.Sub(migrationFiles, "testdata/migrations")
	if err != nil {
		t.Fatal(err)
	}
	return sub
}

func open(t *testing.T, dsn, schema string) *sql.DB {
	t.Helper()
	db, err := pgdb.Open(context.Background(), dsn, migrations(t), pgdb.Options{Schema: schema})
	if err != nil {
		t.Fatalf("open: %v", err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

func TestReplicasMigrateTogether(t *testing.T) {
	dsn := pg.Database(t)
	const replicas = 8
	var wg sync.WaitGroup
	errs := make([]error, replicas)
	for i := range replicas {
		wg.Go(func() {
			db, err := pgdb.Open(context.Background(), dsn, migrations(t), pgdb.Options{Schema: "organ"})
			if err == nil {
				db.Close()
			}
			errs[i] = err
		})
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Errorf("replica %d: got %v, want nil", i, err)
		}
	}
	db := open(t, dsn, "organ")
	v, err := pgdb.SchemaVersion(context.Background(), db, "organ")
	if err != nil || v != 2 {
		t.Fatalf("schema version: got %d, %v; want 2", v, err)
	}
	var n int
	if err := db.QueryRow(`SELECT COUNT(*) FROM schema_migrations`).Scan(&n); err != nil || n != 2 {
		t.Fatalf("recorded migrations: got %d, %v; want 2", n, err)
	}
}

func TestSchemasKeepOrgansApart(t *testing.T) {
	dsn := pg.Database(t)
	a, b := open(t, dsn, "alpha"), open(t, dsn, "beta")
	if _, err := a.Exec(`INSERT INTO things(slug, n) VALUES ('x', 1)`); err != nil {
		t.Fatal(err)
	}
	var n int
	if err := b.QueryRow(`SELECT COUNT(*) FROM things`).Scan(&n); err != nil || n != 0 {
		t.Fatalf("beta sees alpha's rows: got %d, %v; want 0", n, err)
	}
	if err := a.QueryRow(`SELECT COUNT(*) FROM things`).Scan(&n); err != nil || n != 1 {
		t.Fatalf("alpha's rows: got %d, %v; want 1", n, err)
	}
}

func TestSessionSettings(t *testing.T) {
	db := open(t, pg.Database(t), "organ")
	// Several connections, so that the one the migration used (and RESET) is among them.
	db.SetMaxIdleConns(4)
	conns := make([]*sql.Conn, 4)
	for i := range conns {
		c, err := db.Conn(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		conns[i] = c
	}
	cases := []struct{ setting, want string }{
		{"synchronous_commit", "on"},
		{"statement_timeout", "30s"},
		{"search_path", "organ"},
		{"application_name", "organism-organ"},
	}
	for i, c := range conns {
		for _, tc := range cases {
			var got string
			if err := c.QueryRowContext(context.Background(), "SHOW "+tc.setting).Scan(&got); err != nil {
				t.Fatal(err)
			}
			if got != tc.want {
				t.Errorf("conn %d: %s: got %q, want %q", i, tc.setting, got, tc.want)
			}
		}
		c.Close()
	}
}

func TestClassifiers(t *testing.T) {
	db := open(t, pg.Database(t), "organ")
	ctx := context.Background()
	if _, err := db.Exec(`INSERT INTO things(slug, n) VALUES ('taken', 1)`); err != nil {
		t.Fatal(err)
	}
	busy := func() error {
		// Two transactions lock the row in turn; the second asks NOWAIT: lock_not_available.
		tx, err := db.BeginTx(ctx, nil)
		if err != nil {
			return err
		}
		defer tx.Rollback()
		if _, err := tx.Exec(`SELECT * FROM things WHERE slug = 'taken' FOR UPDATE`); err != nil {
			return err
		}
		_, err = db.Exec(`SELECT * FROM things WHERE slug = 'taken' FOR UPDATE NOWAIT`)
		return err
	}
	timeout := func() error {
		tx, err := db.BeginTx(ctx, nil)
		if err != nil {
			return err
		}
		defer tx.Rollback()
		if _, err := tx.Exec(`SET LOCAL statement_timeout = 10`); err != nil {
			return err
		}
		_, err = tx.Exec(`SELECT pg_sleep(5)`)
		return err
	}
	cases := []struct {
		name                                   string
		run                                    func() error
		unique, constraint, busyWant, unavailW bool
	}{
		{"unique", func() error { _, err := db.Exec(`INSERT INTO things(slug, n) VALUES ('taken', 2)`); return err }, true, true, false, false},
		{"check", func() error { _, err := db.Exec(`INSERT INTO things(slug, n) VALUES ('neg', -1)`); return err }, false, true, false, false},
		{"foreign key", func() error { _, err := db.Exec(`INSERT INTO children(thing_id) VALUES (999)`); return err }, false, true, false, false},
		{"not null", func() error { _, err := db.Exec(`INSERT INTO things(slug, n) VALUES (NULL, 1)`); return err }, false, true, false, false},
		{"lock not available", busy, false, false, true, false},
		{"statement timeout", timeout, false, false, false, true},
		{"syntax", func() error { _, err := db.Exec(`SELEC 1`); return err }, false, false, false, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.run()
			if err == nil {
				t.Fatal("got nil error, want one")
			}
			if got := pgdb.IsUnique(err); got != tc.unique {
				t.Errorf("IsUnique(%v): got %v, want %v", err, got, tc.unique)
			}
			if got := pgdb.IsConstraint(err); got != tc.constraint {
				t.Errorf("IsConstraint(%v): got %v, want %v", err, got, tc.constraint)
			}
			if got := pgdb.IsBusy(err); got != tc.busyWant {
				t.Errorf("IsBusy(%v): got %v, want %v", err, got, tc.busyWant)
			}
			if got := pgdb.IsUnavailable(err); got != tc.unavailW {
				t.Errorf("IsUnavailable(%v): got %v, want %v", err, got, tc.unavailW)
			}
		})
	}
	if pgdb.IsUnavailable(context.Canceled) || pgdb.IsUnavailable(nil) {
		t.Error("IsUnavailable(context.Canceled or nil): got true, want false")
	}
}

// InTx retries a serializable transaction that lost a race: 16 concurrent increments of one
// counter by read-then-write all land.
func TestInTxRetriesSerializationFailures(t *testing.T) {
	db := open(t, pg.Database(t), "organ")
	ctx := context.Background()
	if _, err := db.Exec(`INSERT INTO things(slug, n) VALUES ('counter', 0)`); err != nil {
		t.Fatal(err)
	}
	const writers = 16
	var wg sync.WaitGroup
	errs := make(chan error, writers)
	for range writers {
		wg.Go(func() {
			errs <- pgdb.InTx(ctx, db, &sql.TxOptions{Isolation: sql.LevelSerializable}, func(tx *sql.Tx) error {
				var n int
				if err := tx.QueryRow(`SELECT n FROM things WHERE slug = 'counter'`).Scan(&n); err != nil {
					return err
				}
				_, err := tx.Exec(`UPDATE things SET n = $1 WHERE slug = 'counter'`, n+1)
				return err
			})
		})
	}
	wg.Wait()
	close(errs)
	var n, failed int
	for err := range errs {
		if err != nil && !pgdb.IsBusy(err) {
			t.Errorf("writer: got %v, want nil or busy", err)
		}
		if err != nil {
			failed++
		}
	}
	if err := db.QueryRow(`SELECT n FROM things WHERE slug = 'counter'`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	if n+failed != writers || n == 0 {
		t.Fatalf("counter: got %d (with %d writers out of retries), want %d lost-free increments", n, failed, writers)
	}
}

func TestRebind(t *testing.T) {
	cases := []struct{ name, in, want string }{
		{"none", "SELECT 1", "SELECT 1"},
		{"several", "UPDATE t SET a = ?, b = ? WHERE c = ?", "UPDATE t SET a = $1, b = $2 WHERE c = $3"},
		{"ten and more", strings.Repeat("?,", 11) + "?", "$1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12"},
		{"quoted", "SELECT '?', \"a?\" FROM t WHERE x = ?", "SELECT '?', \"a?\" FROM t WHERE x = $1"},
		{"doubled quote", "SELECT 'it''s ?' , ?", "SELECT 'it''s ?' , $1"},
		{"comment", "SELECT ? -- why?\n, ?", "SELECT $1 -- why?\n, $2"},
		{"minus", "SELECT ? - 1", "SELECT $1 - 1"},
		{"unterminated", "SELECT '?", "SELECT '?"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := pgdb.Rebind(tc.in); got != tc.want {
				t.Errorf("Rebind(%q): got %q, want %q", tc.in, got, tc.want)
			}
		})
	}
}

func TestRedact(t *testing.T) {
	cases := []struct{ in, want string }{
		{"postgres://u:secret@h:5432/db", "postgres://u:xxxxx@h:5432/db"},
		{"postgres://u@h/db?password=secret&sslmode=disable", "postgres://u@h/db?password=xxxxx&sslmode=disable"},
		{"postgres:///db?host=/tmp", "postgres:///db?host=/tmp"},
	}
	for _, tc := range cases {
		if got := pgdb.Redact(tc.in); got != tc.want || strings.Contains(got, "secret") {
			t.Errorf("Redact(%q): got %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestOpenRefuses(t *testing.T) {
	cases := []struct{ name, dsn, schema string }{
		{"not a url", "sqlite", "organ"},
		{"bad schema", "postgres:///x", "Organ; DROP"},
		{"empty schema", "postgres:///x", ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := pgdb.Open(context.Background(), tc.dsn, nil, pgdb.Options{Schema: tc.schema}); err == nil {
				t.Fatal("got nil error, want a refusal")
			}
		})
	}
}

// recv waits for the next notification, failing the test after a deadline.
func recv(t *testing.T, l *pgdb.Listener) pgdb.Notification {
	t.Helper()
	select {
	case n, ok := <-l.C:
		if !ok {
			t.Fatal("listener closed")
		}
		return n
	case <-time.After(20 * time.Second):
		t.Fatal("no notification within 20s")
	}
	return pgdb.Notification{}
}

// The Listener hears a committed NOTIFY, not a rolled-back one, and after the server restarts
// it says so (Channel "") and hears the next one.
func TestListenerAcrossRestart(t *testing.T) {
	srv := pgtest.New(pgtest.Options{})
	t.Cleanup(func() { srv.Close() })
	dsn := srv.Database(t)
	db := open(t, dsn, "organ")
	l, err := pgdb.Listen(dsn, pgdb.Options{Schema: "organ"}, "things")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	if n := recv(t, l); n.Channel != "" {
		t.Fatalf("first notification: got %+v, want the connected signal", n)
	}
	tx, err := db.Begin()
	if err != nil {
		t.Fatal(err)
	}
	if err := pgdb.Notify(context.Background(), tx, "things", "rolled back"); err != nil {
		t.Fatal(err)
	}
	tx.Rollback()
	if err := pgdb.Notify(context.Background(), db, "things", "one"); err != nil {
		t.Fatal(err)
	}
	if n := recv(t, l); n != (pgdb.Notification{Channel: "things", Payload: "one"}) {
		t.Fatalf("got %+v, want things/one", n)
	}
	if err := srv.Halt(false); err != nil {
		t.Fatal(err)
	}
	_, err = db.Exec(`SELECT 1`)
	if !pgdb.IsUnavailable(err) {
		t.Fatalf("query during the outage: got %v, want an unavailable error", err)
	}
	if err := srv.Resume(); err != nil {
		t.Fatal(err)
	}
	if n := recv(t, l); n.Channel != "" {
		t.Fatalf("after restart: got %+v, want the connected signal", n)
	}
	// The pool recovers by itself: a connection that died with the server is discarded, and
	// at worst the first statement on it reports unavailability.
	for attempt := 1; ; attempt++ {
		err := pgdb.Notify(context.Background(), db, "things", "two")
		if err == nil {
			break
		}
		if !pgdb.IsUnavailable(err) || attempt == 3 {
			t.Fatalf("notify after restart, attempt %d: got %v, want success within 3 attempts", attempt, err)
		}
	}
	if n := recv(t, l); n != (pgdb.Notification{Channel: "things", Payload: "two"}) {
		t.Fatalf("got %+v, want things/two", n)
	}
}
