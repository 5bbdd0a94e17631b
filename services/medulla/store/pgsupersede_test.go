package store

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"testing"
)

// flushVersionsSQL is a flush_batch call that supersedes the live rows sup (id -> slug, all in
// brain loja) and inserts the versions ids[i] of slugs[i] at version vers[i], live.
func flushVersionsSQL(sup map[int64]string, ids []int64, slugs []string, vers []int64) string {
	list := func(n int, f func(i int) string) string {
		out := make([]string, n)
		for i := range out {
			out[i] = f(i)
		}
		return "{" + strings.Join(out, ",") + "}"
	}
	set := map[int]string{}
	var sid []int64
	for id := range sup {
		sid = append(sid, id)
	}
	if len(sid) > 0 {
		set[0] = list(len(sid), func(i int) string { return fmt.Sprint(sid[i]) })
		set[1] = list(len(sid), func(int) string { return "loja" })
		set[2] = list(len(sid), func(i int) string { return sup[sid[i]] })
		set[3] = list(len(sid), func(i int) string { return fmt.Sprint(7000 + i) })
	}
	n := len(ids)
	for slot := 4; slot <= 28; slot++ {
		set[slot] = list(n, func(int) string { return "0" })
	}
	set[4] = list(n, func(i int) string { return fmt.Sprint(ids[i]) })
	set[5] = list(n, func(int) string { return "loja" })
	set[6] = list(n, func(i int) string { return slugs[i] })
	set[7] = list(n, func(i int) string { return fmt.Sprint(vers[i]) })
	set[9] = list(n, func(i int) string { return "body-of-" + slugs[i] })
	set[26] = list(n, func(int) string { return "NULL" })
	set[27] = list(n, func(i int) string { return fmt.Sprintf("r-%d", ids[i]) })
	return flushBatchSQL(set)
}

// TestPostgresSupersessionReadsOnlyItsRows: superseding a batch's rows reads those rows and no
// others, whatever plan the connection keeps. The connection is made to use generic plans from
// the first call (plan_cache_mode = force_generic_plan) while claim_versions holds two rows,
// the state in which a planner would find walking an index or the table as cheap as looking a
// row up; after 500 more live versions, one supersession must still read at most the rows it
// names (this transaction's counts: rows read by scanning the table, and entries read from
// any of its indexes; a walk of the live-slug index or of the table reads ~500).
func TestPostgresSupersessionReadsOnlyItsRows(t *testing.T) {
	ctx := context.Background()
	s := openPostgresAt(t, pg.Database(t), true)
	conn, err := s.db.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	exec := func(c interface {
		ExecContext(context.Context, string, ...any) (sql.Result, error)
	}, q string) {
		t.Helper()
		if _, err := c.ExecContext(ctx, q); err != nil {
			t.Fatalf("%.80s: %v", q, err)
		}
	}
	exec(conn, `SET plan_cache_mode = force_generic_plan`)
	const base = 1_000_000
	exec(conn, flushVersionsSQL(nil, []int64{base}, []string{"s0"}, []int64{1}))
	exec(conn, flushVersionsSQL(map[int64]string{base: "s0"}, []int64{base + 1}, []string{"s0"}, []int64{2}))
	var ids []int64
	var slugs []string
	var vers []int64
	for i := 1; i <= 500; i++ {
		ids, slugs, vers = append(ids, base+1+int64(i)), append(slugs, fmt.Sprintf("s%d", i)), append(vers, 1)
	}
	exec(conn, flushVersionsSQL(nil, ids, slugs, vers))

	tx, err := conn.BeginTx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback()
	exec(tx, flushVersionsSQL(map[int64]string{base + 1: "s0"}, []int64{base + 600}, []string{"s0"}, []int64{3}))
	var seqRead, idxRead int64
	if err := tx.QueryRowContext(ctx, `SELECT COALESCE(seq_tup_read, 0) FROM pg_stat_xact_user_tables WHERE relid = 'claim_versions'::regclass`).Scan(&seqRead); err != nil {
		t.Fatal(err)
	}
	if err := tx.QueryRowContext(ctx, `SELECT COALESCE(sum(pg_stat_get_xact_tuples_returned(indexrelid)), 0) FROM pg_index WHERE indrelid = 'claim_versions'::regclass`).Scan(&idxRead); err != nil {
		t.Fatal(err)
	}
	if seqRead != 0 || idxRead > 2 {
		t.Fatalf("superseding 1 row of 502 read %d rows by scanning the table and %d index entries, want 0 and at most 2 (the row's primary key entry, and its new version's, which the same scan passes)", seqRead, idxRead)
	}
	var live int
	if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM claim_versions WHERE slug = 's0' AND superseded_at IS NULL AND version = 3`).Scan(&live); err != nil || live != 1 {
		t.Fatalf("got %d live version 3 of s0 (%v), want 1", live, err)
	}
}
