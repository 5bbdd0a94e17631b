package pgdb

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"hash/fnv"
	"io/fs"
	"path"
	"sort"
	"strconv"
	"strings"
)

type migration struct {
	version int
	name    string
}

// list reads the migration files (NNNN_name.sql at the root), sorted by version.
func list(migrations fs.FS) ([]migration, error) {
	if migrations == nil {
		return nil, nil
	}
	entries, err := fs.ReadDir(migrations, ".")
	if err != nil {
		return nil, fmt.Errorf("read migrations: %w", err)
	}
	var out []migration
	for _, e := range entries {
		if e.IsDir() || path.Ext(e.Name()) != ".sql" {
			continue
		}
		prefix, _, ok := strings.Cut(e.Name(), "_")
		v, err := strconv.Atoi(prefix)
		if !ok || err != nil || v <= 0 {
			return nil, fmt.Errorf("migration %q: name must start with a positive number and _", e.Name())
		}
		out = append(out, migration{version: v, name: e.Name()})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].version < out[j].version })
	for i := 1; i < len(out); i++ {
		if out[i].version == out[i-1].version {
			return nil, fmt.Errorf("migrations %q and %q share version %d", out[i-1].name, out[i].name, out[i].version)
		}
	}
	return out, nil
}

// LockKey is the advisory-lock key migrations of schema take: a hash of the schema name, so
// organs sharing a database migrate independently while replicas of one organ take turns.
func LockKey(schema string) int64 {
	h := fnv.New64a()
	h.Write([]byte("organism/migrate/" + schema))
	return int64(h.Sum64())
}

// Migrate creates schema if needed and applies the migrations not yet recorded in its
// schema_migrations table, each in its own transaction, all under a session advisory lock on
// one pinned connection. A replica that starts while another migrates waits for the lock (as
// long as ctx allows; statement_timeout is lifted for that wait), then finds the versions
// recorded and applies nothing. If the connection dies, the server releases the lock with it.
func Migrate(ctx context.Context, db *sql.DB, schema string, migrations fs.FS) (err error) {
	if !isIdent(schema) {
		return fmt.Errorf("pgdb: schema %q must be lower-case letters, digits and _", schema)
	}
	todo, err := list(migrations)
	if err != nil {
		return err
	}
	conn, err := db.Conn(ctx)
	if err != nil {
		return fmt.Errorf("pgdb: migrate %s: %w", schema, err)
	}
	defer func() {
		if err != nil {
			// The session holds the lock and a lifted timeout: throw the connection away
			// rather than hand it back to the pool in that state.
			_ = conn.Raw(func(any) error { return driver.ErrBadConn })
		}
		conn.Close()
	}()
	if _, err = conn.ExecContext(ctx, `SET statement_timeout = 0`); err != nil {
		return fmt.Errorf("pgdb: migrate %s: %w", schema, err)
	}
	if _, err = conn.ExecContext(ctx, `SELECT pg_advisory_lock($1)`, LockKey(schema)); err != nil {
		return fmt.Errorf("pgdb: migrate %s: lock: %w", schema, err)
	}
	// CREATE SCHEMA IF NOT EXISTS is not safe against a concurrent creator; under the lock it is.
	if _, err = conn.ExecContext(ctx, `CREATE SCHEMA IF NOT EXISTS `+schema); err != nil {
		return fmt.Errorf("pgdb: migrate %s: %w", schema, err)
	}
	if _, err = conn.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS `+schema+`.schema_migrations (
		version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())`); err != nil {
		return fmt.Errorf("pgdb: migrate %s: schema_migrations: %w", schema, err)
	}
	for _, m := range todo {
		if err = apply(ctx, conn, schema, migrations, m); err != nil {
			return err
		}
	}
	if _, err = conn.ExecContext(ctx, `SELECT pg_advisory_unlock($1)`, LockKey(schema)); err != nil {
		return fmt.Errorf("pgdb: migrate %s: unlock: %w", schema, err)
	}
	// RESET returns to the value the connection started with (the pool's statement_timeout).
	if _, err = conn.ExecContext(ctx, `RESET statement_timeout`); err != nil {
		return fmt.Errorf("pgdb: migrate %s: %w", schema, err)
	}
	return nil
}

func apply(ctx context.Context, conn *sql.Conn, schema string, migrations fs.FS, m migration) error {
	body, err := fs.ReadFile(migrations, m.name)
	if err != nil {
		return fmt.Errorf("read migration %s: %w", m.name, err)
	}
	tx, err := conn.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("migration %s: %w", m.name, err)
	}
	defer tx.Rollback()
	var seen bool
	if err := tx.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM `+schema+`.schema_migrations WHERE version = $1)`, m.version).Scan(&seen); err != nil {
		return fmt.Errorf("migration %s: %w", m.name, err)
	}
	if seen {
		return nil
	}
	// The migration's own statements run with the organ's schema first on the path, whatever
	// the connection's search_path, so that its CREATE TABLE lands in the organ's schema.
	if _, err := tx.ExecContext(ctx, `SET LOCAL search_path = `+schema); err != nil {
		return fmt.Errorf("migration %s: %w", m.name, err)
	}
	if _, err := tx.ExecContext(ctx, string(body)); err != nil {
		return fmt.Errorf("migration %s: %w", m.name, err)
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO `+schema+`.schema_migrations(version, name) VALUES ($1, $2)`, m.version, m.name); err != nil {
		return fmt.Errorf("migration %s: %w", m.name, err)
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("migration %s: %w", m.name, err)
	}
	return nil
}

// SchemaVersion reports the newest applied migration version of schema (0 when none).
func SchemaVersion(ctx context.Context, db *sql.DB, schema string) (int, error) {
	if !isIdent(schema) {
		return 0, fmt.Errorf("pgdb: schema %q must be lower-case letters, digits and _", schema)
	}
	var v int
	err := db.QueryRowContext(ctx, `SELECT COALESCE(MAX(version), 0) FROM `+schema+`.schema_migrations`).Scan(&v)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return 0, err
	}
	return v, nil
}
