package sqlitedb_test

import (
	"context"
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
