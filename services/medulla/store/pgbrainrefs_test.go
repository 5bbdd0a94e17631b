package store

import (
	"context"
	"database/sql"
	"io/fs"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/jackc/pgx/v5/stdlib"

	"github.com/organism-dev/organism/platform/pgdb"
	"github.com/organism-dev/organism/services/medulla/domain"
)

// pgMigrationsBefore is medulla's PostgreSQL migrations up to (not including) the file named
// first, so a test can open a store on the schema an earlier release left.
func pgMigrationsBefore(t *testing.T, first string) fs.FS {
	t.Helper()
	sub, err := fs.Sub(pgMigrationFiles, "pgmigrations")
	if err != nil {
		t.Fatal(err)
	}
	names, err := fs.Glob(sub, "*.sql")
	if err != nil {
		t.Fatal(err)
	}
	old := fstest.MapFS{}
	for _, n := range names {
		if n >= first {
			continue
		}
		b, err := fs.ReadFile(sub, n)
		if err != nil {
			t.Fatal(err)
		}
		old[n] = &fstest.MapFile{Data: b}
	}
	return old
}

// flushBatchSQL calls flush_batch with every array empty but those set: slot (0-based, in the
// function's argument order) -> an array literal.
func flushBatchSQL(set map[int]string) string {
	args := make([]string, 51)
	for i := range args {
		args[i] = "'{}'"
		if v, ok := set[i]; ok {
			args[i] = "'" + v + "'"
		}
	}
	return "SELECT flush_batch(" + strings.Join(args, ", ") + ")"
}

// orphanVersion and orphanReceipt are flushes of one row naming the brain "ghost", which does
// not exist: a version (flush_batch's slots 4-28) and a receipt (slots 33-50).
func orphanVersion() string {
	set := map[int]string{}
	for i := 4; i <= 28; i++ {
		set[i] = "{0}"
	}
	set[4], set[5], set[6], set[27] = "{900001}", "{ghost}", "{orphan}", "{r-orphan}"
	return flushBatchSQL(set)
}

func orphanReceipt() string { return receiptFlushSQL("r-orphan", "ghost") }

// receiptFlushSQL is a flush of one receipt, id, naming brain.
func receiptFlushSQL(id, brain string) string {
	set := map[int]string{}
	for i := 33; i <= 50; i++ {
		set[i] = "{0}"
	}
	set[33], set[34] = "{"+id+"}", "{"+brain+"}"
	return flushBatchSQL(set)
}

// seedBeforeBrainRefs seeds dsn's database with seedBrainRefs on the schema before 0008 (the
// foreign keys to brains), as an earlier release left it.
func seedBeforeBrainRefs(t *testing.T, dsn string) {
	t.Helper()
	old, err := openPostgresWith(context.Background(), dsn, Options{}, pgMigrationsBefore(t, "0008"))
	if err != nil {
		t.Fatal(err)
	}
	seedBrainRefs(t, old)
	old.Close()
}

// TestPostgresBrainReferences: a version or a receipt never names a missing brain, and a brain
// named by one is never deleted, renamed or truncated away. Migration 0008 dropped the two
// foreign keys that said so and keeps their law by a per-batch check in flush_batch and
// triggers on brains; each case runs on the schema before 0008 (the foreign keys) and after
// it (a database with rows upgraded in place), and both must refuse the same things, with the
// foreign key's SQLSTATE where PostgreSQL gives one, and change nothing.
func TestPostgresBrainReferences(t *testing.T) {
	ctx := context.Background()
	cases := []struct {
		name     string
		stmt     string
		wantCode string // "" = refused with any SQLSTATE (a truncation's differs by schema); "ok" = allowed
	}{
		{"a version naming a missing brain", orphanVersion(), "23503"},
		{"a receipt naming a missing brain", orphanReceipt(), "23503"},
		{"deleting a brain with versions and receipts", `DELETE FROM brains WHERE name = 'loja'`, "23503"},
		{"renaming a brain with versions and receipts", `UPDATE brains SET name = 'loja2' WHERE name = 'loja'`, "23503"},
		{"truncating the brains", `TRUNCATE brains`, ""},
		{"truncating the brains with what names them", `TRUNCATE brains, claim_versions, receipts`, "ok"},
		{"deleting a brain nothing names", `DELETE FROM brains WHERE name = 'empty'`, "ok"},
		{"renaming a brain nothing names", `UPDATE brains SET name = 'empty2' WHERE name = 'empty'`, "ok"},
	}
	schemas := []struct {
		name    string
		upgrade bool
	}{{"foreign keys (before 0008)", false}, {"batch check and triggers (0008, upgraded)", true}}
	for _, sc := range schemas {
		for _, tc := range cases {
			t.Run(sc.name+"/"+tc.name, func(t *testing.T) {
				dsn := pg.Database(t)
				seedBeforeBrainRefs(t, dsn)
				db := openSchemaDB(t, dsn)
				if got := foreignKeysToBrains(t, db); got != 2 {
					t.Fatalf("before the upgrade: got %d foreign keys to brains, want 2", got)
				}
				if sc.upgrade {
					s := openPostgresAt(t, dsn, false)
					if got := foreignKeysToBrains(t, db); got != 0 {
						t.Fatalf("after the upgrade: got %d foreign keys to brains, want 0", got)
					}
					// The upgraded store still writes: a new version supersedes one written before.
					if err := s.Write(ctx, func(tx domain.Tx) error { return write(tx, "a", "a3") }); err != nil {
						t.Fatal(err)
					}
					h, err := s.History(ctx, "loja", "a")
					if err != nil {
						t.Fatal(err)
					}
					if len(h) != 3 || h[2].Body != "a3" || h[1].Live() {
						t.Fatalf("got %d versions of a after the upgrade, want 3 with the second superseded", len(h))
					}
				}
				before := refCounts(t, db)
				_, err := db.ExecContext(ctx, tc.stmt)
				switch {
				case tc.wantCode == "ok" && err != nil:
					t.Fatalf("got %v, want the statement allowed", err)
				case tc.wantCode == "ok":
					return
				case err == nil:
					t.Fatalf("got no error, want the statement refused")
				case tc.wantCode != "" && pgdb.Code(err) != tc.wantCode:
					t.Fatalf("got %v (SQLSTATE %q), want SQLSTATE %s", err, pgdb.Code(err), tc.wantCode)
				}
				if after := refCounts(t, db); after != before {
					t.Fatalf("got brains/versions/receipts %v after the refusal, want %v unchanged", after, before)
				}
			})
		}
	}
}

// seedBrainRefs writes, through the store, the brain loja with two slugs (one superseded
// once) and their receipts, and a brain "empty" that nothing names.
func seedBrainRefs(t *testing.T, s *PGStore) {
	t.Helper()
	ctx := context.Background()
	if err := s.Write(ctx, func(tx domain.Tx) error {
		if err := tx.PutBrain(domain.Brain{Name: "loja", RepoRoot: "/r", SoulPath: "s.md", Policy: domain.PolicyOwnerPersonal, CreatedAt: t0, UpdatedAt: t0}); err != nil {
			return err
		}
		return tx.PutBrain(domain.Brain{Name: "empty", RepoRoot: "/e", SoulPath: "s.md", Policy: domain.PolicyOwnerPersonal, CreatedAt: t0, UpdatedAt: t0})
	}); err != nil {
		t.Fatal(err)
	}
	for _, w := range [][2]string{{"a", "a1"}, {"a", "a2"}, {"b", "b1"}} {
		if err := s.Write(ctx, func(tx domain.Tx) error { return write(tx, w[0], w[1]) }); err != nil {
			t.Fatal(err)
		}
	}
}

func openSchemaDB(t *testing.T, dsn string) *sql.DB {
	t.Helper()
	cfg, err := pgdb.Config(dsn, pgdb.Options{Schema: Schema})
	if err != nil {
		t.Fatal(err)
	}
	db := stdlib.OpenDB(*cfg)
	t.Cleanup(func() { db.Close() })
	return db
}

func foreignKeysToBrains(t *testing.T, db *sql.DB) int {
	t.Helper()
	var n int
	if err := db.QueryRow(`SELECT count(*) FROM pg_constraint WHERE contype = 'f' AND confrelid = 'brains'::regclass`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func refCounts(t *testing.T, db *sql.DB) [3]int {
	t.Helper()
	var c [3]int
	if err := db.QueryRow(`SELECT (SELECT count(*) FROM brains), (SELECT count(*) FROM claim_versions), (SELECT count(*) FROM receipts)`).Scan(&c[0], &c[1], &c[2]); err != nil {
		t.Fatal(err)
	}
	return c
}

// TestPostgresBrainReferencesHeldUntilCommit: a brain a flush names cannot be deleted while
// the flush's transaction is open (the foreign keys' KEY SHARE lock, which 0008's batch check
// takes too), and once it commits the delete is refused because the brain is now named. The
// deleter's lock_timeout turns "blocked" into an error instead of a wait.
func TestPostgresBrainReferencesHeldUntilCommit(t *testing.T) {
	ctx := context.Background()
	for _, upgrade := range []bool{false, true} {
		name := map[bool]string{false: "foreign keys (before 0008)", true: "batch check (0008)"}[upgrade]
		t.Run(name, func(t *testing.T) {
			dsn := pg.Database(t)
			seedBeforeBrainRefs(t, dsn)
			if upgrade {
				openPostgresAt(t, dsn, false)
			}
			db := openSchemaDB(t, dsn)
			flush, err := db.BeginTx(ctx, nil)
			if err != nil {
				t.Fatal(err)
			}
			defer flush.Rollback()
			if _, err := flush.ExecContext(ctx, receiptFlushSQL("r-held", "empty")); err != nil {
				t.Fatalf("flush of a receipt naming brain empty: %v", err)
			}
			del, err := db.Conn(ctx)
			if err != nil {
				t.Fatal(err)
			}
			defer del.Close()
			if _, err := del.ExecContext(ctx, `SET lock_timeout = '100ms'`); err != nil {
				t.Fatal(err)
			}
			_, err = del.ExecContext(ctx, `DELETE FROM brains WHERE name = 'empty'`)
			if got := pgdb.Code(err); got != "55P03" {
				t.Fatalf("delete while the flush is open: got %v (SQLSTATE %q), want SQLSTATE 55P03 (blocked by the flush's lock)", err, got)
			}
			if err := flush.Commit(); err != nil {
				t.Fatal(err)
			}
			_, err = del.ExecContext(ctx, `DELETE FROM brains WHERE name = 'empty'`)
			if got := pgdb.Code(err); got != "23503" {
				t.Fatalf("delete after the flush committed: got %v (SQLSTATE %q), want SQLSTATE 23503", err, got)
			}
		})
	}
}
