package store

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/organism-dev/organism/services/medulla/domain"
)

// TestPostgresPipeline: with batch A's flush and COMMIT in flight, the writer prepares batch B
// on the state A will leave (pgpipe.go). A test connection holds loja's write lock, so A's
// flush waits under it while B is queued and prepared; each case then does something to A or
// behind it, releases the lock, and checks what was acknowledged against what the database
// holds: B's write is acknowledged only if it committed on a correct view (A's version when A
// committed, the other replica's when one wrote in between, the database's when A failed),
// versions stay contiguous with one live, and ids grow in commit order.
func TestPostgresPipeline(t *testing.T) {
	ctx := context.Background()
	cases := []struct {
		name string
		// meanwhile runs while A waits under the lock and B is prepared on A's outcome.
		meanwhile func(t *testing.T, hold *sql.Conn, dsn string) <-chan error
		wantA     error // nil: A acknowledged; errAny: any refusal; else errors.Is
		wantB     error
		bSlug     string              // what B writes; "hot" when empty
		bExtra    []string            // slugs B writes besides, in the same write
		wantBody  map[string][]string // bodies of each slug by version
		wantStat  func(p *pgPipeStats) (string, int64)
	}{
		{
			name:     "A commits: B is sent on the row A handed back",
			wantBody: map[string][]string{"hot": {"v1", "A", "B"}},
			wantStat: func(p *pgPipeStats) (string, int64) { return "batches sent on a flight's row", p.sent.Load() },
		},
		{
			// A left B fewer ids than B needs: B draws more ahead, without the lock.
			name:     "A commits: B needs more ids than A left and draws them ahead",
			bExtra:   []string{"e1", "e2", "e3", "e4"},
			wantBody: map[string][]string{"hot": {"v1", "A", "B"}, "e1": {"B"}, "e2": {"B"}, "e3": {"B"}, "e4": {"B"}},
			wantStat: func(p *pgPipeStats) (string, int64) { return "batches sent on a flight's row", p.sent.Load() },
		},
		{
			name: "A's connection killed: B runs again on what the database holds",
			meanwhile: func(t *testing.T, hold *sql.Conn, _ string) <-chan error {
				if _, err := hold.ExecContext(ctx, `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
					WHERE wait_event = 'advisory' AND datname = current_database() AND pid <> pg_backend_pid()`); err != nil {
					t.Fatal(err)
				}
				return nil
			},
			wantA:    errAny,
			wantBody: map[string][]string{"hot": {"v1", "B"}},
			wantStat: func(p *pgPipeStats) (string, int64) { return "batches dropped", p.dropped.Load() },
		},
		{
			name: "A refused at flush: B is not acknowledged on A's version",
			meanwhile: func(t *testing.T, hold *sql.Conn, _ string) <-chan error {
				if _, err := hold.ExecContext(ctx, `UPDATE claim_versions SET superseded_at = 1
					WHERE brain = 'loja' AND slug = 'hot' AND superseded_at IS NULL`); err != nil {
					t.Fatal(err)
				}
				return nil
			},
			wantA:    domain.ErrConflict,
			wantB:    domain.ErrConflict,
			wantBody: map[string][]string{"hot": {"v1"}},
			wantStat: func(p *pgPipeStats) (string, int64) { return "batches dropped", p.dropped.Load() },
		},
		{
			name: "another replica writes between A and B: B runs again and sees it",
			meanwhile: func(t *testing.T, hold *sql.Conn, dsn string) <-chan error {
				other := openPostgresAt(t, dsn, false)
				r := make(chan error, 1)
				go func() { r <- other.Write(ctx, func(tx domain.Tx) error { return write(tx, "hot", "R") }) }()
				waitAdvisory(t, hold, 2)
				return r
			},
			wantBody: map[string][]string{"hot": {"v1", "A", "R", "B"}},
			wantStat: func(p *pgPipeStats) (string, int64) { return "batches sent on a flight's row", p.sent.Load() },
		},
		{
			// B reads "cold" ahead, without the lock, before the other replica writes it.
			name:  "another replica writes the slug B read ahead: B runs again and sees it",
			bSlug: "cold",
			meanwhile: func(t *testing.T, hold *sql.Conn, dsn string) <-chan error {
				other := openPostgresAt(t, dsn, false)
				r := make(chan error, 1)
				go func() { r <- other.Write(ctx, func(tx domain.Tx) error { return write(tx, "cold", "R") }) }()
				waitAdvisory(t, hold, 2)
				return r
			},
			wantBody: map[string][]string{"hot": {"v1", "A"}, "cold": {"R", "B"}},
			wantStat: func(p *pgPipeStats) (string, int64) { return "batches sent on a flight's row", p.sent.Load() },
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			dsn := pg.Database(t)
			s := openPostgresAt(t, dsn, true)
			if err := s.Write(ctx, func(tx domain.Tx) error { return write(tx, "hot", "v1") }); err != nil {
				t.Fatal(err)
			}
			hold, err := s.db.Conn(ctx)
			if err != nil {
				t.Fatal(err)
			}
			defer hold.Close()
			key := brainLockKey("loja")
			if _, err := hold.ExecContext(ctx, `SELECT pg_advisory_lock($1)`, key); err != nil {
				t.Fatal(err)
			}
			a, b := make(chan error, 1), make(chan error, 1)
			go func() { a <- s.Write(ctx, func(tx domain.Tx) error { return write(tx, "hot", "A") }) }()
			waitAdvisory(t, hold, 1)
			bSlug := tc.bSlug
			if bSlug == "" {
				bSlug = "hot"
			}
			go func() {
				b <- s.Write(ctx, func(tx domain.Tx) error {
					for _, slug := range append([]string{bSlug}, tc.bExtra...) {
						if err := write(tx, slug, "B"); err != nil {
							return err
						}
					}
					return nil
				})
			}()
			waitFor(t, "B prepared on A's state", func() bool { return s.pipe.prepared.Load() >= 1 })
			var other <-chan error
			if tc.meanwhile != nil {
				other = tc.meanwhile(t, hold, dsn)
			}
			if _, err := hold.ExecContext(ctx, `SELECT pg_advisory_unlock($1)`, key); err != nil {
				t.Fatal(err)
			}
			gotA, gotB := receive(t, a), receive(t, b)
			if other != nil {
				if err := receive(t, other); err != nil {
					t.Fatalf("the other replica's write: got %v, want it acknowledged", err)
				}
			}
			for _, w := range []struct {
				name      string
				got, want error
			}{{"A", gotA, tc.wantA}, {"B", gotB, tc.wantB}} {
				switch {
				case w.want == nil && w.got != nil, w.want != nil && w.got == nil,
					w.want != nil && w.want != errAny && !errors.Is(w.got, w.want):
					t.Errorf("write %s: got %v, want %v", w.name, w.got, w.want)
				}
			}
			if what, n := tc.wantStat(&s.pipe); n < 1 {
				t.Errorf("%s: got %d, want at least 1", what, n)
			}
			forgetCache(s)
			// Ids grow in commit order across slugs too: every version B wrote is above A's.
			var idA int64
			if hot, err := s.History(ctx, "loja", "hot"); err == nil {
				for _, c := range hot {
					if c.Body == "A" {
						idA = c.ID
					}
				}
			}
			for slug, want := range tc.wantBody {
				hist, err := s.History(ctx, "loja", slug)
				if err != nil {
					t.Fatal(err)
				}
				var bodies []string
				for i, c := range hist {
					bodies = append(bodies, c.Body)
					if c.Body == "B" && c.ID <= idA {
						t.Errorf("%s: got B's id %d, want it above A's %d", slug, c.ID, idA)
					}
					if c.Version != int64(i+1) {
						t.Errorf("%s version %d: got version number %d, want %d", slug, i+1, c.Version, i+1)
					}
					if i > 0 && c.ID <= hist[i-1].ID {
						t.Errorf("%s version %d: got id %d after %d, want ids growing in commit order", slug, i+1, c.ID, hist[i-1].ID)
					}
					// Only the last version may be live, and it is unless the case's writes to the
					// slug were refused (a supersession made behind the store's back).
					if live := c.Live(); live != (i == len(hist)-1 && tc.wantA != domain.ErrConflict) {
						t.Errorf("%s version %d: got live %v, want only an acknowledged last version live", slug, i+1, live)
					}
				}
				if strings.Join(bodies, ",") != strings.Join(want, ",") {
					t.Errorf("versions of %s: got %q, want %q", slug, bodies, want)
				}
			}
		})
	}
}

// errAny stands for any refusal in a table of wanted errors.
var errAny = errors.New("any error")

// waitAdvisory waits until n backends wait for an advisory lock in this database.
func waitAdvisory(t *testing.T, c *sql.Conn, n int) {
	t.Helper()
	waitFor(t, "backends waiting on the brain's lock", func() bool {
		var got int
		if err := c.QueryRowContext(context.Background(), `SELECT count(*) FROM pg_stat_activity
			WHERE wait_event = 'advisory' AND datname = current_database()`).Scan(&got); err != nil {
			t.Fatal(err)
		}
		return got >= n
	})
}

// receive waits for a write's acknowledgement, failing the test after ten seconds.
func receive(t *testing.T, c <-chan error) error {
	t.Helper()
	select {
	case err := <-c:
		return err
	case <-time.After(10 * time.Second):
		t.Fatal("no acknowledgement after 10s")
		return nil
	}
}
