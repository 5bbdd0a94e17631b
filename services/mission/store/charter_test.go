package store

import (
	"context"
	"io/fs"
	"path/filepath"
	"testing"
	"testing/fstest"

	"github.com/organism-dev/organism/platform/sqlitedb"
)

// TestCharterMigrationOrder: the charter's 0005 applies to a database at 0003 with no 0004
// (this branch has none), and a 0004 that arrives later with the skeleton store is still
// applied, once: the runner records versions, not a high-water mark.
func TestCharterMigrationOrder(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "mission.db")
	upTo3 := fstest.MapFS{}
	for _, name := range []string{"0001_chains.sql", "0002_append_pages.sql", "0003_trust.sql"} {
		data, err := fs.ReadFile(Migrations(), name)
		if err != nil {
			t.Fatal(err)
		}
		upTo3[name] = &fstest.MapFile{Data: data}
	}
	old, err := sqlitedb.Open(ctx, path, upTo3, sqlitedb.Options{})
	if err != nil {
		t.Fatal(err)
	}
	old.Close()
	s, err := Open(ctx, path, Options{})
	if err != nil {
		t.Fatalf("open a 0003 database with 0005: %v", err)
	}
	s.Close()

	later := fstest.MapFS{"0004_later.sql": {Data: []byte(`CREATE TABLE later_0004 (x INTEGER);`)}}
	for name, f := range upTo3 {
		later[name] = f
	}
	db, err := sqlitedb.Open(ctx, path, later, sqlitedb.Options{})
	if err != nil {
		t.Fatalf("apply a later 0004 after 0005: %v", err)
	}
	defer db.Close()
	var n int
	if err := db.QueryRowContext(ctx, `SELECT COUNT(*) FROM schema_migrations WHERE version IN (4, 5)`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	if n != 2 {
		t.Errorf("got %d of versions 4 and 5 recorded, want 2", n)
	}
	if _, err := db.ExecContext(ctx, `INSERT INTO field_reports(report_id, class, repo, tool, what, reporter, reported_at, fingerprint)
		VALUES ('rpt_1', 'bug', '/r', 't', 'w', '{}', 1, 'f')`); err != nil {
		t.Errorf("got %v writing the spool, want 0005's table", err)
	}
}
