package pgtest_test

import (
	"context"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/organism-dev/organism/platform/pgtest"
)

var pg = pgtest.New(pgtest.Options{})

func TestMain(m *testing.M) { pgtest.Main(m, pg) }

func connect(t *testing.T, dsn string) *pgx.Conn {
	t.Helper()
	c, err := pgx.Connect(context.Background(), dsn)
	if err != nil {
		t.Fatalf("connect %s: %v", dsn, err)
	}
	t.Cleanup(func() { c.Close(context.Background()) })
	return c
}

// Each test gets a database of its own: what one creates the other does not see; the default
// server trades durability for speed.
func TestDatabasesAreFreshAndApart(t *testing.T) {
	a, b := pg.Database(t), pg.Database(t)
	if a == b {
		t.Fatalf("two databases: got the same DSN %s twice", a)
	}
	ctx := context.Background()
	if _, err := connect(t, a).Exec(ctx, `CREATE TABLE mine (x int)`); err != nil {
		t.Fatal(err)
	}
	var n int
	if err := connect(t, b).QueryRow(ctx, `SELECT COUNT(*) FROM pg_tables WHERE tablename = 'mine'`).Scan(&n); err != nil || n != 0 {
		t.Fatalf("second database sees the first's table: got %d, %v; want 0", n, err)
	}
	var fsync string
	if err := connect(t, b).QueryRow(ctx, `SHOW fsync`).Scan(&fsync); err != nil || fsync != "off" {
		t.Fatalf("fsync of a non-durable server: got %q, %v; want off", fsync, err)
	}
}

func TestBinariesFound(t *testing.T) {
	dir, err := pgtest.Binaries()
	if err != nil {
		t.Fatalf("got %v, want the bin directory (%s)", err, pgtest.InstallHint)
	}
	if dir == "" {
		t.Fatal("got an empty bin directory")
	}
}
