// Package pgdb opens a service's PostgreSQL database (one schema per organ, bounded pool and
// statement timeout, synchronous commit) and applies its embedded migrations under an advisory
// lock, so that replicas starting together never race.
//
// It hands the store a *sql.DB through pgx's database/sql adapter (github.com/jackc/pgx/v5/stdlib)
// rather than a pgxpool.Pool: every organ's SQLite store is written against database/sql
// (platform/sqlitedb returns a *sql.DB), so a PostgreSQL store keeps the same shape (Tx,
// QueryRowContext, Scan, sql.ErrNoRows) and differs from its SQLite sibling only in SQL. pgx
// still does the wire work underneath (binary protocol, statement cache); what the adapter
// cannot do, waiting for NOTIFY, gets a dedicated pgx connection (see Listener).
package pgdb

import (
	"context"
	"database/sql"
	"fmt"
	"io/fs"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/stdlib"
)

// Defaults for Options; they are sized for one organ replica among several sharing a server
// whose max_connections is PostgreSQL's default 100.
const (
	// DefaultMaxOpenConns bounds one replica's pool: four organs × two replicas × 10 stays
	// under the server's default 100 connections with room for operators' tools.
	DefaultMaxOpenConns = 10
	// DefaultStatementTimeout ends a statement that runs longer (a lock wait included): a
	// caller waits a bounded time and gets UNAVAILABLE rather than hanging on a stuck server.
	DefaultStatementTimeout = 30 * time.Second
	// DefaultConnectTimeout bounds dialling the server, so an outage is reported promptly.
	DefaultConnectTimeout = 5 * time.Second
	// DefaultConnMaxLifetime recycles connections so a failover or a rebalanced proxy is
	// picked up without a restart.
	DefaultConnMaxLifetime = 30 * time.Minute
)

// Options tune how a database is opened. Zero values take the defaults above.
type Options struct {
	// Schema is the organ's schema (lower-case letters, digits and _; e.g. "medulla"): every connection's
	// search_path is this schema alone, so unqualified table names are the organ's and two
	// organs share one database without seeing each other's tables. Required.
	Schema string
	// MaxOpenConns bounds the pool (idle connections are kept up to the same number).
	MaxOpenConns int
	// StatementTimeout is set as statement_timeout on every connection.
	StatementTimeout time.Duration
	// ConnectTimeout bounds each dial.
	ConnectTimeout time.Duration
	// ConnMaxLifetime recycles connections.
	ConnMaxLifetime time.Duration
	// ApplicationName shows in pg_stat_activity; defaults to "organism-<schema>".
	ApplicationName string
}

// IsDSN reports whether s names a PostgreSQL database (postgres:// or postgresql://), as the
// --store flag and ORGANISM_STORE do; anything else ("", "sqlite") means the embedded SQLite file.
func IsDSN(s string) bool {
	return strings.HasPrefix(s, "postgres://") || strings.HasPrefix(s, "postgresql://")
}

// Open connects to the database named by dsn (a postgres:// URL; host= may name a unix socket
// directory), creates the organ's schema if needed and applies every migration in migrations
// (files named NNNN_name.sql at its root, in numeric order, each once) under an advisory lock.
func Open(ctx context.Context, dsn string, migrations fs.FS, opts Options) (*sql.DB, error) {
	if !isIdent(opts.Schema) {
		return nil, fmt.Errorf("pgdb: schema %q must be lower-case letters, digits and _", opts.Schema)
	}
	cfg, err := Config(dsn, opts)
	if err != nil {
		return nil, err
	}
	if opts.MaxOpenConns <= 0 {
		opts.MaxOpenConns = DefaultMaxOpenConns
	}
	if opts.ConnMaxLifetime <= 0 {
		opts.ConnMaxLifetime = DefaultConnMaxLifetime
	}
	db := stdlib.OpenDB(*cfg)
	db.SetMaxOpenConns(opts.MaxOpenConns)
	db.SetMaxIdleConns(opts.MaxOpenConns)
	db.SetConnMaxLifetime(opts.ConnMaxLifetime)
	if err := db.PingContext(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("pgdb: open %s: %w", Redact(dsn), err)
	}
	if err := Migrate(ctx, db, opts.Schema, migrations); err != nil {
		db.Close()
		return nil, err
	}
	return db, nil
}

// Config parses dsn and sets what every connection of an organ's pool carries: search_path (the
// organ's schema), statement_timeout, synchronous_commit=on (a durable acknowledgement means
// COMMIT returned after the WAL reached disk, as SQLite's synchronous=FULL means on the other
// backend; a server configured otherwise is overridden for our sessions), the connect timeout
// and the application name. Listener uses the same configuration for its connection.
func Config(dsn string, opts Options) (*pgx.ConnConfig, error) {
	if !IsDSN(dsn) {
		return nil, fmt.Errorf("pgdb: %q is not a postgres:// URL", Redact(dsn))
	}
	cfg, err := pgx.ParseConfig(dsn)
	if err != nil {
		// pgx's message may quote the password; say only what kind of mistake it was.
		return nil, fmt.Errorf("pgdb: parse %s: invalid connection string", Redact(dsn))
	}
	if opts.StatementTimeout <= 0 {
		opts.StatementTimeout = DefaultStatementTimeout
	}
	if opts.ConnectTimeout <= 0 {
		opts.ConnectTimeout = DefaultConnectTimeout
	}
	if opts.ApplicationName == "" {
		opts.ApplicationName = "organism-" + opts.Schema
	}
	if cfg.ConnectTimeout == 0 || cfg.ConnectTimeout > opts.ConnectTimeout {
		cfg.ConnectTimeout = opts.ConnectTimeout
	}
	if cfg.RuntimeParams == nil {
		cfg.RuntimeParams = map[string]string{}
	}
	if opts.Schema != "" {
		cfg.RuntimeParams["search_path"] = opts.Schema
	}
	cfg.RuntimeParams["statement_timeout"] = strconv.FormatInt(opts.StatementTimeout.Milliseconds(), 10)
	cfg.RuntimeParams["synchronous_commit"] = "on"
	cfg.RuntimeParams["application_name"] = opts.ApplicationName
	return cfg, nil
}

// Redact returns dsn with its password replaced, for logs and errors.
func Redact(dsn string) string {
	scheme, rest, ok := strings.Cut(dsn, "://")
	if !ok {
		return "<dsn>"
	}
	at := strings.LastIndex(rest, "@")
	slash := strings.Index(rest, "/")
	if at < 0 || (slash >= 0 && slash < at) {
		return redactQuery(dsn)
	}
	user, _, hasPass := strings.Cut(rest[:at], ":")
	if hasPass {
		rest = user + ":xxxxx" + rest[at:]
	}
	return redactQuery(scheme + "://" + rest)
}

// redactQuery hides a password given as a query parameter.
func redactQuery(dsn string) string {
	base, q, ok := strings.Cut(dsn, "?")
	if !ok {
		return dsn
	}
	parts := strings.Split(q, "&")
	for i, p := range parts {
		if k, _, _ := strings.Cut(p, "="); strings.EqualFold(k, "password") {
			parts[i] = k + "=xxxxx"
		}
	}
	return base + "?" + strings.Join(parts, "&")
}

func isIdent(s string) bool {
	if s == "" || len(s) > 63 {
		return false
	}
	for i, r := range s {
		switch {
		case r == '_', r >= 'a' && r <= 'z':
		case r >= '0' && r <= '9' && i > 0:
		default:
			return false
		}
	}
	return true
}
