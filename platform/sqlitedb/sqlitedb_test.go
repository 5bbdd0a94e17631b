package sqlitedb_test

import (
	"context"
	"database/sql"
	"os"
	"path/filepath"
	"testing"

	"github.com/organism-dev/organism/platform/sqlitedb"
)

func TestOpenMigratesOnceAndClassifiesErrors(t *testing.T) {
	ctx := context.Background()
	p := filepath.Join(t.TempDir(), "t.db")
	migs := os.DirFS("testdata/migrations")
	db, err := sqlitedb.Open(ctx, p, migs, sqlitedb.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if v, err := sqlitedb.SchemaVersion(ctx, db); err != nil || v != 2 {
		t.Fatalf("schema version: got %d (%v), want 2", v, err)
	}
	var mode string
	if err := db.QueryRowContext(ctx, "PRAGMA journal_mode").Scan(&mode); err != nil || mode != "wal" {
		t.Errorf("journal_mode: got %q (%v), want wal", mode, err)
	}
	var fk int
	if err := db.QueryRowContext(ctx, "PRAGMA foreign_keys").Scan(&fk); err != nil || fk != 1 {
		t.Errorf("foreign_keys: got %d (%v), want 1", fk, err)
	}
	if _, err := db.ExecContext(ctx, `INSERT INTO item(name) VALUES ('a')`); err != nil {
		t.Fatal(err)
	}
	_, err = db.ExecContext(ctx, `INSERT INTO item(name) VALUES ('a')`)
	if !sqlitedb.IsUnique(err) || !sqlitedb.IsConstraint(err) {
		t.Errorf("duplicate insert: got %v, want a unique constraint error", err)
	}
	_, err = db.ExecContext(ctx, `INSERT INTO tag(item_id, tag) VALUES (99, 'x')`)
	if !sqlitedb.IsConstraint(err) || sqlitedb.IsUnique(err) {
		t.Errorf("dangling foreign key: got %v, want a non-unique constraint error", err)
	}
	db.Close()

	// Reopening applies nothing twice.
	db, err = sqlitedb.Open(ctx, p, migs, sqlitedb.Options{})
	if err != nil {
		t.Fatalf("reopen: %v", err)
	}
	defer db.Close()
	var n int
	if err := db.QueryRowContext(ctx, `SELECT COUNT(*) FROM schema_migrations`).Scan(&n); err != nil || n != 2 {
		t.Errorf("recorded migrations: got %d (%v), want 2", n, err)
	}
}

// TestAttachReachesEveryConnection: a pool opened with an attachment can join across the files
// on every connection it hands out, not only the first.
func TestAttachReachesEveryConnection(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	side, err := sqlitedb.Open(ctx, filepath.Join(dir, "side.db"), nil, sqlitedb.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := side.ExecContext(ctx, `CREATE TABLE note(id INTEGER PRIMARY KEY, text TEXT); INSERT INTO note VALUES (1, 'kept apart')`); err != nil {
		t.Fatal(err)
	}
	side.Close()
	db, err := sqlitedb.Open(ctx, filepath.Join(dir, "main.db"), os.DirFS("testdata/migrations"),
		sqlitedb.Options{MaxOpenConns: 3, Attach: []sqlitedb.Attachment{{Schema: "side", Path: filepath.Join(dir, "side.db")}}})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	// Hold three connections at once so the pool has to open each of them.
	var conns []*sql.Conn
	for range 3 {
		c, err := db.Conn(ctx)
		if err != nil {
			t.Fatal(err)
		}
		conns = append(conns, c)
	}
	for i, c := range conns {
		var text string
		if err := c.QueryRowContext(ctx, `SELECT text FROM side.note WHERE id = 1`).Scan(&text); err != nil || text != "kept apart" {
			t.Errorf("connection %d: got %q (%v), want the attached row", i, text, err)
		}
		c.Close()
	}

	_, err = sqlitedb.Open(ctx, filepath.Join(dir, "other.db"), nil, sqlitedb.Options{Attach: []sqlitedb.Attachment{{Schema: "x; DROP TABLE note", Path: "p"}}})
	if err == nil {
		t.Error("schema name with SQL in it: got no error, want a refusal")
	}
}
