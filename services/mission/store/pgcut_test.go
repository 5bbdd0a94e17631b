package store_test

import (
	"context"
	"encoding/binary"
	"errors"
	"io"
	"net"
	"net/url"
	"os"
	"path/filepath"
	"sync/atomic"
	"testing"

	"github.com/organism-dev/organism/services/mission/domain"
)

// cutProxy stands between a store and PostgreSQL's unix socket. Once armed, it drops the first
// connection whose server sends CommandComplete, before the client reads it: the statement
// has run and (outside a transaction block) committed, since PostgreSQL flushes its reply only
// after the commit at Sync, but the client hears a lost connection.
type cutProxy struct {
	dir, target string
	armed       atomic.Bool
	cuts        atomic.Int32
}

// newCutProxy serves dsn's socket from a directory of its own and returns the DSN through it.
func newCutProxy(t *testing.T, dsn string) (*cutProxy, string) {
	t.Helper()
	u, err := url.Parse(dsn)
	if err != nil {
		t.Fatal(err)
	}
	q := u.Query()
	// A short directory: a unix socket's path is limited to about 100 bytes.
	dir, err := os.MkdirTemp("", "pgcut")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	sock := ".s.PGSQL." + q.Get("port")
	p := &cutProxy{dir: dir, target: filepath.Join(q.Get("host"), sock)}
	ln, err := net.Listen("unix", filepath.Join(dir, sock))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			go p.serve(c)
		}
	}()
	q.Set("host", dir)
	u.RawQuery = q.Encode()
	return p, u.String()
}

func (p *cutProxy) serve(client net.Conn) {
	server, err := net.Dial("unix", p.target)
	if err != nil {
		client.Close()
		return
	}
	defer client.Close()
	defer server.Close()
	go func() { io.Copy(server, client); server.Close() }()
	// The server's side, message by message: a type byte and a length that counts itself.
	// (No SSL negotiation with sslmode=disable, so every message is typed.)
	hdr := make([]byte, 5)
	for {
		if _, err := io.ReadFull(server, hdr); err != nil {
			return
		}
		body := make([]byte, binary.BigEndian.Uint32(hdr[1:])-4)
		if _, err := io.ReadFull(server, body); err != nil {
			return
		}
		if hdr[0] == 'C' && p.armed.CompareAndSwap(true, false) {
			p.cuts.Add(1)
			return
		}
		if _, err := client.Write(append(hdr, body...)); err != nil {
			return
		}
	}
}

// TestPostgresLandedGroupIsNotToldItLost attacks the append writer's retry: a group whose
// statement committed but whose reply was lost must not be re-run one append at a time, for
// each re-run would find its own letter at the head and tell a writer whose letter is in the
// chain that it lost the head. Every append of the group hears STORE_UNAVAILABLE (reads the
// head again) instead, and the chain holds what landed.
func TestPostgresLandedGroupIsNotToldItLost(t *testing.T) {
	ctx := context.Background()
	proxy, dsn := newCutProxy(t, pg.Database(t))
	st := openPG(t, dsn)
	newChain(t, st, "a")
	newChain(t, st, "b")

	proxy.armed.Store(true)
	errs := st.CommitGroup(appendAt("a", "a-2", 1), appendAt("b", "b-2", 1))
	if got := proxy.cuts.Load(); got != 1 {
		t.Fatalf("got %d connections cut after their commit, want 1", got)
	}
	cases := []struct {
		name, mission, letter string
		err                   error
	}{
		{"first append of the landed group", "a", "a-2", errs[0]},
		{"second append of the landed group", "b", "b-2", errs[1]},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if errors.Is(tc.err, domain.ErrHeadMoved) || !errors.Is(tc.err, domain.ErrStoreUnavailable) {
				t.Fatalf("got %v, want %v (and never %v)", tc.err, domain.ErrStoreUnavailable, domain.ErrHeadMoved)
			}
			m, err := st.Mission(ctx, tc.mission)
			if err != nil {
				t.Fatal(err)
			}
			if m.HeadSeq != 2 || m.HeadLetterID != tc.letter {
				t.Fatalf("got head %d %q, want 2 %q: the group's commit landed", m.HeadSeq, m.HeadLetterID, tc.letter)
			}
		})
	}
}
