// Package sqlitedb opens a service's embedded SQLite database (WAL, busy timeout, foreign keys)
// and applies its embedded migrations under a recorded schema version.
package sqlitedb

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"path"
	"sort"
	"strconv"
	"strings"
	"time"

	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// Synchronous is SQLite's durability setting for commits.
type Synchronous string

const (
	// SyncFull fsyncs the WAL on every commit: a committed transaction survives power loss.
	SyncFull Synchronous = "FULL"
	// SyncNormal fsyncs only at checkpoints: a committed transaction survives a process crash
	// (SIGKILL) but the newest ones may be lost on power loss.
	SyncNormal Synchronous = "NORMAL"
)

// Options tune how a database is opened.
type Options struct {
	// BusyTimeout is how long a writer waits for the lock; default 5s.
	BusyTimeout time.Duration
	// Synchronous defaults to SyncFull.
	Synchronous Synchronous
	// MaxOpenConns defaults to 8.
	MaxOpenConns int
	// Attach lists databases every connection of the pool attaches as soon as it opens, so
	// queries may join across files. The attached files must exist (open them first).
	Attach []Attachment
}

// Attachment is a database file attached to every connection under a schema name.
type Attachment struct {
	// Schema is the name queries qualify its tables with: letters, digits and _ only.
	Schema string
	Path   string
}

// Open opens (creating if needed) the database at file path p and applies every migration in
// migrations (files named NNNN_name.sql at its root, applied in numeric order, each once).
func Open(ctx context.Context, p string, migrations fs.FS, opts Options) (*sql.DB, error) {
	if opts.BusyTimeout <= 0 {
		opts.BusyTimeout = 5 * time.Second
	}
	if opts.Synchronous == "" {
		opts.Synchronous = SyncFull
	}
	if opts.MaxOpenConns <= 0 {
		opts.MaxOpenConns = 8
	}
	q := url.Values{}
	q.Add("_pragma", fmt.Sprintf("busy_timeout(%d)", opts.BusyTimeout.Milliseconds()))
	q.Add("_pragma", "journal_mode(WAL)")
	q.Add("_pragma", "foreign_keys(1)")
	q.Add("_pragma", "synchronous("+string(opts.Synchronous)+")")
	q.Set("_txlock", "immediate")
	dsn := "file:" + p + "?" + q.Encode()
	db, err := openPool(dsn, opts.Attach)
	if err != nil {
		return nil, fmt.Errorf("open %s: %w", p, err)
	}
	db.SetMaxOpenConns(opts.MaxOpenConns)
	db.SetMaxIdleConns(opts.MaxOpenConns)
	db.SetConnMaxLifetime(0)
	if err := db.PingContext(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("open %s: %w", p, err)
	}
	if migrations != nil {
		if err := Migrate(ctx, db, migrations); err != nil {
			db.Close()
			return nil, err
		}
	}
	return db, nil
}

// openPool opens the connection pool. Without attachments it is the registered driver; with
// them, a driver of its own whose connection hook attaches each file, because database/sql
// may open a new connection at any time and an ATTACH run once would reach only one of them.
func openPool(dsn string, attach []Attachment) (*sql.DB, error) {
	if len(attach) == 0 {
		return sql.Open("sqlite", dsn)
	}
	for _, a := range attach {
		if !isIdent(a.Schema) {
			return nil, fmt.Errorf("attach %q: schema name must be letters, digits and _", a.Schema)
		}
	}
	d := &sqlite.Driver{}
	d.RegisterConnectionHook(func(c sqlite.ExecQuerierContext, _ string) error {
		for _, a := range attach {
			if _, err := c.ExecContext(context.Background(), `ATTACH DATABASE ? AS `+a.Schema,
				[]driver.NamedValue{{Ordinal: 1, Value: a.Path}}); err != nil {
				return fmt.Errorf("attach %s: %w", a.Path, err)
			}
		}
		return nil
	})
	return sql.OpenDB(connector{d: d, dsn: dsn}), nil
}

type connector struct {
	d   *sqlite.Driver
	dsn string
}

func (c connector) Connect(context.Context) (driver.Conn, error) { return c.d.Open(c.dsn) }
func (c connector) Driver() driver.Driver                        { return c.d }

func isIdent(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		switch {
		case r == '_', r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z':
		case r >= '0' && r <= '9' && i > 0:
		default:
			return false
		}
	}
	return true
}

type migration struct {
	version int
	name    string
}

// Migrate applies the migrations not yet recorded in schema_migrations, each in its own
// transaction, and sets PRAGMA user_version to the newest applied version.
func Migrate(ctx context.Context, db *sql.DB, migrations fs.FS) error {
	entries, err := fs.ReadDir(migrations, ".")
	if err != nil {
		return fmt.Errorf("read migrations: %w", err)
	}
	var list []migration
	for _, e := range entries {
		if e.IsDir() || path.Ext(e.Name()) != ".sql" {
			continue
		}
		prefix, _, ok := strings.Cut(e.Name(), "_")
		v, err := strconv.Atoi(prefix)
		if !ok || err != nil || v <= 0 {
			return fmt.Errorf("migration %q: name must start with a positive number and _", e.Name())
		}
		list = append(list, migration{version: v, name: e.Name()})
	}
	sort.Slice(list, func(i, j int) bool { return list[i].version < list[j].version })
	for i := 1; i < len(list); i++ {
		if list[i].version == list[i-1].version {
			return fmt.Errorf("migrations %q and %q share version %d", list[i-1].name, list[i].name, list[i].version)
		}
	}
	if _, err := db.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
		version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)`); err != nil {
		return fmt.Errorf("schema_migrations: %w", err)
	}
	for _, m := range list {
		if err := apply(ctx, db, migrations, m); err != nil {
			return err
		}
	}
	return nil
}

func apply(ctx context.Context, db *sql.DB, migrations fs.FS, m migration) error {
	body, err := fs.ReadFile(migrations, m.name)
	if err != nil {
		return fmt.Errorf("read migration %s: %w", m.name, err)
	}
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("migration %s: %w", m.name, err)
	}
	defer tx.Rollback()
	var seen int
	if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM schema_migrations WHERE version = ?`, m.version).Scan(&seen); err != nil {
		return fmt.Errorf("migration %s: %w", m.name, err)
	}
	if seen > 0 {
		return nil
	}
	if _, err := tx.ExecContext(ctx, string(body)); err != nil {
		return fmt.Errorf("migration %s: %w", m.name, err)
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO schema_migrations(version, name, applied_at) VALUES (?, ?, ?)`,
		m.version, m.name, time.Now().UTC().Format(time.RFC3339Nano)); err != nil {
		return fmt.Errorf("migration %s: %w", m.name, err)
	}
	if _, err := tx.ExecContext(ctx, fmt.Sprintf("PRAGMA user_version = %d", m.version)); err != nil {
		return fmt.Errorf("migration %s: %w", m.name, err)
	}
	return tx.Commit()
}

// SchemaVersion reports the newest applied migration version.
func SchemaVersion(ctx context.Context, db *sql.DB) (int, error) {
	var v int
	err := db.QueryRowContext(ctx, `PRAGMA user_version`).Scan(&v)
	return v, err
}

// IsBusy reports whether err is SQLite's busy or locked error.
func IsBusy(err error) bool {
	code, ok := primaryCode(err)
	return ok && (code == sqlite3.SQLITE_BUSY || code == sqlite3.SQLITE_LOCKED)
}

// IsConstraint reports whether err is any constraint violation (unique, foreign key, check, ...).
func IsConstraint(err error) bool {
	code, ok := primaryCode(err)
	return ok && code == sqlite3.SQLITE_CONSTRAINT
}

// IsUnique reports whether err is a UNIQUE or PRIMARY KEY violation.
func IsUnique(err error) bool {
	var se *sqlite.Error
	if !errors.As(err, &se) {
		return false
	}
	c := se.Code()
	return c == sqlite3.SQLITE_CONSTRAINT_UNIQUE || c == sqlite3.SQLITE_CONSTRAINT_PRIMARYKEY
}

func primaryCode(err error) (int, bool) {
	var se *sqlite.Error
	if !errors.As(err, &se) {
		return 0, false
	}
	return se.Code() & 0xff, true
}
