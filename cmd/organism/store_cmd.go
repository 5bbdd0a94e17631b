package main

import (
	"context"
	"database/sql"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing/fstest"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/stdlib"

	"github.com/organism-dev/organism/platform/pgdb"
	"github.com/organism-dev/organism/platform/sqlitedb"
	medullastore "github.com/organism-dev/organism/services/medulla/store"
	missionstore "github.com/organism-dev/organism/services/mission/store"
	presencestore "github.com/organism-dev/organism/services/presence/store"
	soulstore "github.com/organism-dev/organism/services/soul/store"
)

// storeCmd moves a deployment's state between backends. Today: SQLite → PostgreSQL.
var storeCmd = &command{
	name:    "store",
	summary: "move the services' state between backends (SQLite → PostgreSQL)",
	subs:    []*command{storeMigrateCmd},
}

var storeMigrateCmd = &command{
	name:    "migrate",
	summary: "copy every service's SQLite state in --data-dir into the PostgreSQL database --to names",
	long: `Stop the suite first: the copy reads the SQLite files as they are on disk.

Each service's database (<data-dir>/<service>.db) is brought to its newest schema by the
service's own store, the PostgreSQL schemas are created by the services' own migrations, and
every table is copied row for row (ids, sequence numbers, history and receipts included) in
one transaction per service, then counted again on both sides. A target that already holds
data is refused unless --force, which empties the four schemas first. What SQLite keeps only as
a derived index (medulla's full-text index) is rebuilt by PostgreSQL, not copied.`,
	setup: func(fs *flag.FlagSet) action {
		dir := fs.String("data-dir", envOr("ORGANISM_DATA_DIR", defaultDataDir), "the data directory holding the SQLite files (<service>.db) (env ORGANISM_DATA_DIR)")
		to := fs.String("to", "", "the PostgreSQL database to fill: a postgres:// URL")
		force := fs.Bool("force", false, "empty the services' schemas in the target first when they hold data")
		return func(ctx context.Context, c *call) error {
			if !pgdb.IsDSN(*to) {
				return usageError{"store migrate: --to must be a postgres:// URL"}
			}
			rep, err := migrateStores(ctx, *dir, *to, *force)
			if err != nil {
				return err
			}
			return c.printValue(rep, func(w io.Writer) error {
				for _, t := range rep.Tables {
					if t.Rebuilt {
						fmt.Fprintf(w, "%-9s %-20s  rebuilt by PostgreSQL, not copied\n", t.Service, t.Table)
						continue
					}
					fmt.Fprintf(w, "%-9s %-20s %8d rows\n", t.Service, t.Table, t.Rows)
				}
				_, err := fmt.Fprintf(w, "done: %d service(s) copied to %s; serve them with --store set to it\n", len(rep.Services), pgdb.Redact(*to))
				return err
			})
		}
	},
}

// migrateReport is what a migration copied: rows per table of each service, counted on both
// sides after the copy (they matched, or the migration failed).
type migrateReport struct {
	Services []string     `json:"services"`
	Tables   []tableCount `json:"tables"`
}

type tableCount struct {
	Service string `json:"service"`
	Table   string `json:"table"`
	Rows    int64  `json:"rows"`
	// Rebuilt marks a SQLite table PostgreSQL derives itself (not copied).
	Rebuilt bool `json:"rebuilt,omitempty"`
}

// organStore is how one service's two stores are opened for a migration: each run of the
// service's own migrations (so an older SQLite file is brought up to date, and the PostgreSQL
// schema is exactly what the service will serve from).
type organStore struct {
	name string
	// sqlite opens (and migrates) <dir>/<name>.db through the service's store.
	sqlite func(ctx context.Context, dir string) (io.Closer, error)
	// postgres opens (and migrates) the service's schema through its store.
	postgres func(ctx context.Context, dsn string) (io.Closer, error)
}

var organStores = []organStore{
	{"medulla",
		func(ctx context.Context, dir string) (io.Closer, error) {
			return medullastore.Open(ctx, dir, medullastore.Options{})
		},
		func(ctx context.Context, dsn string) (io.Closer, error) {
			return medullastore.OpenPostgres(ctx, dsn, medullastore.Options{})
		}},
	{"presence",
		func(ctx context.Context, dir string) (io.Closer, error) { return presencestore.Open(ctx, dir) },
		func(ctx context.Context, dsn string) (io.Closer, error) { return presencestore.OpenPostgres(ctx, dsn) }},
	{"soul",
		func(ctx context.Context, dir string) (io.Closer, error) { return soulstore.Open(ctx, dir) },
		func(ctx context.Context, dsn string) (io.Closer, error) { return soulstore.OpenPostgres(ctx, dsn) }},
	{"mission",
		func(ctx context.Context, dir string) (io.Closer, error) {
			return missionstore.Open(ctx, filepath.Join(dir, "mission.db"), missionstore.Options{})
		},
		func(ctx context.Context, dsn string) (io.Closer, error) {
			return missionstore.OpenPostgres(ctx, dsn, missionstore.PGOptions{})
		}},
}

// migrateStores copies each service whose SQLite file exists in dir. Every target schema is
// checked for data before anything is written, so a refusal changes nothing.
func migrateStores(ctx context.Context, dir, dsn string, force bool) (*migrateReport, error) {
	var present []organStore
	for _, o := range organStores {
		if _, err := os.Stat(filepath.Join(dir, o.name+".db")); err == nil {
			present = append(present, o)
		}
	}
	if len(present) == 0 {
		return nil, fmt.Errorf("store migrate: no service database (medulla.db, presence.db, soul.db, mission.db) in %s", dir)
	}
	type pair struct {
		o       organStore
		src, pg *sql.DB
	}
	var pairs []pair
	defer func() {
		for _, p := range pairs {
			p.src.Close()
			p.pg.Close()
		}
	}()
	for _, o := range present {
		for _, open := range []func() (io.Closer, error){
			func() (io.Closer, error) { return o.sqlite(ctx, dir) },
			func() (io.Closer, error) { return o.postgres(ctx, dsn) },
		} {
			st, err := open()
			if err != nil {
				return nil, fmt.Errorf("store migrate: open %s: %w", o.name, err)
			}
			st.Close()
		}
		// Raw handles on both sides; the schemas are already current, so no migrations here.
		src, err := sqlitedb.Open(ctx, filepath.Join(dir, o.name+".db"), fstest.MapFS{}, sqlitedb.Options{})
		if err != nil {
			return nil, fmt.Errorf("store migrate: read %s: %w", o.name, err)
		}
		dst, err := pgdb.Open(ctx, dsn, fstest.MapFS{}, pgdb.Options{Schema: o.name, ApplicationName: "organism-store-migrate"})
		if err != nil {
			src.Close()
			return nil, fmt.Errorf("store migrate: %w", err)
		}
		pairs = append(pairs, pair{o, src, dst})
	}
	if !force {
		for _, p := range pairs {
			tables, err := pgTables(ctx, p.pg, p.o.name)
			if err != nil {
				return nil, err
			}
			for _, t := range tables {
				if derivedPG[p.o.name+"."+t.name] {
					continue
				}
				var n int64
				if err := p.pg.QueryRowContext(ctx, `SELECT count(*) FROM `+pgx.Identifier{t.name}.Sanitize()).Scan(&n); err != nil {
					return nil, fmt.Errorf("store migrate: count %s.%s: %w", p.o.name, t.name, err)
				}
				if n > 0 {
					return nil, fmt.Errorf("store migrate: the target already holds %s data (%s.%s: %d rows); pass --force to replace it", p.o.name, p.o.name, t.name, n)
				}
			}
		}
	}
	rep := &migrateReport{}
	for _, p := range pairs {
		counts, err := copyOrgan(ctx, p.o.name, p.src, p.pg)
		if err != nil {
			return nil, fmt.Errorf("store migrate %s: %w", p.o.name, err)
		}
		rep.Services = append(rep.Services, p.o.name)
		rep.Tables = append(rep.Tables, counts...)
	}
	return rep, nil
}

// derivedPG are PostgreSQL tables with no SQLite twin, set from the copied rows.
var derivedPG = map[string]bool{"presence.event_head": true,
	// medulla's bm25 word counts (store/pgmigrations/0003): recounted from the copied versions.
	"medulla.search_terms": true, "medulla.search_totals": true}

// derivedSQLite are SQLite tables whose content PostgreSQL derives itself (medulla's search
// column is generated from the claims).
var derivedSQLite = map[string]bool{"medulla.claim_fts": true}

type pgTable struct {
	name string
	cols []pgColumn
}

type pgColumn struct {
	name, dataType string
	identity       bool
}

// pgTables lists the schema's tables (not schema_migrations) in an order that inserts a
// referenced table before the tables whose foreign keys name it.
func pgTables(ctx context.Context, db *sql.DB, schema string) ([]pgTable, error) {
	rows, err := db.QueryContext(ctx, `SELECT c.table_name, c.column_name, c.data_type, c.is_identity = 'YES'
		FROM information_schema.columns c JOIN information_schema.tables t USING (table_schema, table_name)
		WHERE c.table_schema = $1 AND t.table_type = 'BASE TABLE' AND c.table_name <> 'schema_migrations'
		  AND c.is_generated = 'NEVER'
		ORDER BY c.table_name, c.ordinal_position`, schema)
	if err != nil {
		return nil, fmt.Errorf("list %s tables: %w", schema, err)
	}
	defer rows.Close()
	var tables []pgTable
	for rows.Next() {
		var table string
		var col pgColumn
		if err := rows.Scan(&table, &col.name, &col.dataType, &col.identity); err != nil {
			return nil, err
		}
		if len(tables) == 0 || tables[len(tables)-1].name != table {
			tables = append(tables, pgTable{name: table})
		}
		tables[len(tables)-1].cols = append(tables[len(tables)-1].cols, col)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	deps := map[string][]string{}
	frows, err := db.QueryContext(ctx, `SELECT c.relname, r.relname FROM pg_constraint k
		JOIN pg_class c ON c.oid = k.conrelid JOIN pg_class r ON r.oid = k.confrelid
		WHERE k.contype = 'f' AND k.connamespace = $1::regnamespace`, schema)
	if err != nil {
		return nil, fmt.Errorf("list %s foreign keys: %w", schema, err)
	}
	defer frows.Close()
	for frows.Next() {
		var from, to string
		if err := frows.Scan(&from, &to); err != nil {
			return nil, err
		}
		if from != to {
			deps[from] = append(deps[from], to)
		}
	}
	var ordered []pgTable
	placed := map[string]bool{}
	for len(ordered) < len(tables) {
		progress := false
		for _, t := range tables {
			if placed[t.name] || slices.ContainsFunc(deps[t.name], func(d string) bool { return !placed[d] }) {
				continue
			}
			ordered, placed[t.name], progress = append(ordered, t), true, true
		}
		if !progress {
			return nil, fmt.Errorf("%s: foreign keys form a cycle", schema)
		}
	}
	return ordered, frows.Err()
}

// sqliteTables lists the SQLite file's own tables (not its internal or FTS shadow tables).
func sqliteTables(ctx context.Context, db *sql.DB) (map[string][]string, error) {
	rows, err := db.QueryContext(ctx, `SELECT name FROM sqlite_master WHERE type = 'table'
		AND name NOT LIKE 'sqlite_%' AND name <> 'schema_migrations' AND sql NOT LIKE 'CREATE VIRTUAL%'`)
	if err != nil {
		return nil, err
	}
	var names []string
	for rows.Next() {
		var n string
		if err := rows.Scan(&n); err != nil {
			rows.Close()
			return nil, err
		}
		names = append(names, n)
	}
	rows.Close()
	out := map[string][]string{}
	for _, n := range names {
		cols, err := db.QueryContext(ctx, `SELECT name FROM pragma_table_info(?)`, n)
		if err != nil {
			return nil, err
		}
		for cols.Next() {
			var c string
			cols.Scan(&c)
			out[n] = append(out[n], c)
		}
		cols.Close()
	}
	return out, nil
}

// copyOrgan copies one service in one PostgreSQL transaction: empty the target tables, COPY
// every SQLite row in, move the identity sequences past the copied ids, set the derived
// tables, and compare the counts on both sides before committing.
func copyOrgan(ctx context.Context, organ string, src, dst *sql.DB) ([]tableCount, error) {
	tables, err := pgTables(ctx, dst, organ)
	if err != nil {
		return nil, err
	}
	have, err := sqliteTables(ctx, src)
	if err != nil {
		return nil, fmt.Errorf("list SQLite tables: %w", err)
	}
	for name := range have {
		if !derivedSQLite[organ+"."+name] && !slices.ContainsFunc(tables, func(t pgTable) bool { return t.name == name }) {
			return nil, fmt.Errorf("SQLite table %s has no PostgreSQL twin; refusing to leave it behind", name)
		}
	}
	conn, err := dst.Conn(ctx)
	if err != nil {
		return nil, err
	}
	defer conn.Close()
	var counts []tableCount
	err = conn.Raw(func(dc any) error {
		pc := dc.(*stdlib.Conn).Conn()
		tx, err := pc.Begin(ctx)
		if err != nil {
			return err
		}
		defer tx.Rollback(ctx)
		var names []string
		for _, t := range tables {
			names = append(names, pgx.Identifier{t.name}.Sanitize())
		}
		if _, err := tx.Exec(ctx, `TRUNCATE `+strings.Join(names, ", ")+` RESTART IDENTITY CASCADE`); err != nil {
			return fmt.Errorf("empty the target: %w", err)
		}
		for _, t := range tables {
			n, err := copyTable(ctx, organ, t, have[t.name], src, tx)
			if err != nil {
				return fmt.Errorf("%s: %w", t.name, err)
			}
			if n >= 0 {
				counts = append(counts, tableCount{Service: organ, Table: t.name, Rows: n})
			}
		}
		if err := deriveTables(ctx, organ, src, tx); err != nil {
			return err
		}
		for name := range have {
			if derivedSQLite[organ+"."+name] {
				counts = append(counts, tableCount{Service: organ, Table: name, Rebuilt: true})
			}
		}
		return tx.Commit(ctx)
	})
	return counts, err
}

// copyTable COPYs one table's rows (the columns both sides have; PostgreSQL's generated
// columns compute themselves), moves its identity sequence past the largest id, and checks the
// row counts match. It returns -1 for a derived table it leaves to deriveTables.
func copyTable(ctx context.Context, organ string, t pgTable, srcCols []string, src *sql.DB, tx pgx.Tx) (int64, error) {
	if srcCols == nil {
		if derivedPG[organ+"."+t.name] {
			return -1, nil
		}
		return 0, errors.New("no SQLite table of that name to copy from")
	}
	var cols []pgColumn
	for _, c := range t.cols {
		if slices.Contains(srcCols, c.name) {
			cols = append(cols, c)
		}
	}
	names := make([]string, len(cols))
	quoted := make([]string, len(cols))
	for i, c := range cols {
		names[i], quoted[i] = c.name, `"`+c.name+`"`
	}
	rows, err := src.QueryContext(ctx, `SELECT `+strings.Join(quoted, ", ")+` FROM "`+t.name+`"`)
	if err != nil {
		return 0, err
	}
	defer rows.Close()
	var want int64
	n, err := tx.CopyFrom(ctx, pgx.Identifier{t.name}, names, pgx.CopyFromFunc(func() ([]any, error) {
		if !rows.Next() {
			return nil, rows.Err()
		}
		vals := make([]any, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			return nil, err
		}
		for i, c := range cols {
			vals[i] = toPG(vals[i], c.dataType)
		}
		want++
		return vals, nil
	}))
	if err != nil {
		return 0, err
	}
	var got, srcCount int64
	if err := tx.QueryRow(ctx, `SELECT count(*) FROM `+pgx.Identifier{t.name}.Sanitize()).Scan(&got); err != nil {
		return 0, err
	}
	if err := src.QueryRowContext(ctx, `SELECT count(*) FROM "`+t.name+`"`).Scan(&srcCount); err != nil {
		return 0, err
	}
	if got != srcCount || n != srcCount {
		return 0, fmt.Errorf("counts differ after the copy: SQLite %d, copied %d, PostgreSQL %d", srcCount, n, got)
	}
	for _, c := range cols {
		if c.identity {
			// The next id handed out follows the copied ones (setval's false: not yet used).
			if _, err := tx.Exec(ctx, `SELECT setval(pg_get_serial_sequence($1, $2), COALESCE((SELECT max(`+pgx.Identifier{c.name}.Sanitize()+`) FROM `+pgx.Identifier{t.name}.Sanitize()+`), 0) + 1, false)`,
				organ+"."+t.name, c.name); err != nil {
				return 0, fmt.Errorf("advance the %s sequence: %w", c.name, err)
			}
		}
	}
	return got, nil
}

// deriveTables sets the PostgreSQL-only bookkeeping from the copied state: presence's
// event_head is the newest event seq ever written (SQLite keeps it in sqlite_sequence, which
// outlives pruned events).
func deriveTables(ctx context.Context, organ string, src *sql.DB, tx pgx.Tx) error {
	switch organ {
	case "medulla":
		return deriveSearchCounts(ctx, tx)
	case "presence":
	default:
		return nil
	}
	var newest int64
	err := src.QueryRowContext(ctx, `SELECT COALESCE(MAX(n), 0) FROM (
		SELECT seq AS n FROM sqlite_sequence WHERE name = 'events' UNION ALL SELECT MAX(seq) FROM events)`).Scan(&newest)
	if err != nil {
		// No AUTOINCREMENT bookkeeping in this file: the largest stored seq is the head.
		if err := src.QueryRowContext(ctx, `SELECT COALESCE(MAX(seq), 0) FROM events`).Scan(&newest); err != nil {
			return fmt.Errorf("event head: %w", err)
		}
	}
	if _, err := tx.Exec(ctx, `INSERT INTO event_head(one, newest) VALUES (TRUE, $1)
		ON CONFLICT (one) DO UPDATE SET newest = excluded.newest`, newest); err != nil {
		return fmt.Errorf("event head: %w", err)
	}
	return nil
}

// deriveSearchCounts recounts medulla's bm25 bookkeeping from the copied live versions, the way
// its migration first fills it: the words each live version holds, and their totals.
func deriveSearchCounts(ctx context.Context, tx pgx.Tx) error {
	for _, q := range []string{
		`DELETE FROM search_terms`,
		`DELETE FROM search_totals`,
		`INSERT INTO search_terms (term, docs)
			SELECT u.lexeme, count(*) FROM claim_versions v, unnest(v.search) u WHERE v.superseded_at IS NULL GROUP BY u.lexeme`,
		`INSERT INTO search_totals (docs, tokens)
			SELECT count(*), COALESCE(sum(search_len(search)), 0) FROM claim_versions WHERE superseded_at IS NULL`,
	} {
		if _, err := tx.Exec(ctx, q); err != nil {
			return fmt.Errorf("search counts: %w", err)
		}
	}
	return nil
}

// toPG converts a value as SQLite's driver returns it into what the PostgreSQL column takes:
// SQLite has no boolean (0/1) and hands text and blobs back interchangeably.
func toPG(v any, dataType string) any {
	switch dataType {
	case "boolean":
		switch x := v.(type) {
		case int64:
			return x != 0
		case bool:
			return x
		}
	case "bytea":
		if s, ok := v.(string); ok {
			return []byte(s)
		}
	case "text", "character varying", "jsonb", "json":
		if b, ok := v.([]byte); ok {
			return string(b)
		}
	case "double precision", "real", "numeric":
		if i, ok := v.(int64); ok {
			return float64(i)
		}
	case "bigint", "integer", "smallint":
		if f, ok := v.(float64); ok {
			return int64(f)
		}
	}
	return v
}
