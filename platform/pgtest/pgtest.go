// Package pgtest starts a throwaway PostgreSQL for a test package (Debian's packages, run as an
// unprivileged user in a temp dir) and hands each test a fresh database of its own.
//
// One server per package, started on first use and removed by TestMain:
//
//	var pg = pgtest.New(pgtest.Options{})
//
//	func TestMain(m *testing.M) { pgtest.Main(m, pg) }
//
//	func TestSomething(t *testing.T) {
//		dsn := pg.Database(t) // postgres://... naming a new, empty database; dropped after t
//		...
//	}
//
// When PostgreSQL is not installed the test that asks for a database fails with a message
// saying that .ci/run installs it (the `postgresql` package); it never skips, because a store
// suite that silently ran on one backend only would prove nothing about the other.
//
// # One conformance suite, two backends
//
// An organ's store laws are written once, as a function that takes a constructor of the store
// under test, and run once per backend:
//
//	// storetest/suite.go (or a _test.go file in the store package)
//	func Run(t *testing.T, open func(t *testing.T) domain.Store) {
//		t.Run("memorize keeps one version per slug", func(t *testing.T) { s := open(t); ... })
//		...
//	}
//
//	// store_test.go
//	func TestStoreSQLite(t *testing.T) {
//		Run(t, func(t *testing.T) domain.Store { return openSQLite(t, t.TempDir()) })
//	}
//	func TestStorePostgres(t *testing.T) {
//		Run(t, func(t *testing.T) domain.Store { return openPostgres(t, pg.Database(t)) })
//	}
//
// Each call of open gives a store on fresh state (a new temp dir, a new database), so the
// cases stay independent. Laws that need two processes open two stores on one DSN.
//
// Durability: by default the server runs with fsync=off, which is fine for every test that
// does not pull the plug; a test of what survives a crash asks for Options{Durable: true}.
// Halt and Resume stop and restart the server on the same data and port, for outage drills.
package pgtest

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"sort"
	"strconv"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// Options tune the throwaway server.
type Options struct {
	// Durable keeps fsync on (and full_page_writes), for tests of what survives a crash. Off,
	// the server is faster and a crash of the machine may lose committed data, which no test
	// that leaves the server running can observe.
	Durable bool
	// MaxConnections is the server's max_connections; default 300, enough for several pools
	// per test and two replicas of an organ each.
	MaxConnections int
	// User is the unprivileged account that runs initdb and postgres when the test runs as
	// root (initdb refuses root); default "nobody".
	User string
}

// Server is one throwaway PostgreSQL. Its methods are safe for concurrent use.
type Server struct {
	opts Options

	once     sync.Once
	startErr error

	mu      sync.Mutex
	dir     string // temp dir: data/, the socket, the log
	port    int
	cmd     *exec.Cmd
	exited  chan struct{}
	uid     int
	gid     int
	asOther bool

	seq atomic.Int64
}

// New describes a server; it starts on the first Database call.
func New(opts Options) *Server {
	if opts.MaxConnections <= 0 {
		opts.MaxConnections = 300
	}
	if opts.User == "" {
		opts.User = "nobody"
	}
	return &Server{opts: opts}
}

// Main runs the package's tests and then removes the server, exiting with the tests' code.
func Main(m *testing.M, servers ...*Server) {
	code := m.Run()
	for _, s := range servers {
		if err := s.Close(); err != nil {
			fmt.Fprintf(os.Stderr, "pgtest: %v\n", err)
		}
	}
	os.Exit(code)
}

// InstallHint is the sentence a test fails with when PostgreSQL is missing.
const InstallHint = "PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb): .ci/run installs it " +
	"(apt-get install postgresql); on a developer machine run the PostgreSQL block of .ci/run"

// Binaries finds the newest installed PostgreSQL's bin directory.
func Binaries() (string, error) {
	found, _ := filepath.Glob("/usr/lib/postgresql/*/bin/initdb")
	if len(found) == 0 {
		return "", errors.New(InstallHint)
	}
	sort.Slice(found, func(i, j int) bool { return major(found[i]) < major(found[j]) })
	return filepath.Dir(found[len(found)-1]), nil
}

func major(initdb string) int {
	v, _ := strconv.Atoi(filepath.Base(filepath.Dir(filepath.Dir(initdb))))
	return v
}

// Database creates a new empty database for t and returns its DSN (over the unix socket, as
// the superuser); the database is dropped when t ends. A server that cannot start fails t.
func (s *Server) Database(t testing.TB) string {
	t.Helper()
	if err := s.Start(); err != nil {
		t.Fatalf("pgtest: %v", err)
	}
	name := fmt.Sprintf("t%d_%d", os.Getpid(), s.seq.Add(1))
	if err := s.admin(context.Background(), "CREATE DATABASE "+name); err != nil {
		t.Fatalf("pgtest: create database: %v", err)
	}
	t.Cleanup(func() {
		// WITH (FORCE) ends the connections a store under test may still hold.
		if err := s.admin(context.Background(), "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)"); err != nil {
			t.Logf("pgtest: drop database %s: %v", name, err)
		}
	})
	return s.DSN(name)
}

// DSN names database db on the server over its unix socket.
func (s *Server) DSN(db string) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return fmt.Sprintf("postgres://postgres@/%s?host=%s&port=%d&sslmode=disable", db, s.dir, s.port)
}

// TCPDSN names database db over loopback TCP, for a child process or a tool that wants a host.
func (s *Server) TCPDSN(db string) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return fmt.Sprintf("postgres://postgres@127.0.0.1:%d/%s?sslmode=disable", s.port, db)
}

// Start initialises and starts the server once; later calls report the first outcome.
func (s *Server) Start() error {
	s.once.Do(func() { s.startErr = s.boot() })
	return s.startErr
}

func (s *Server) boot() error {
	bin, err := Binaries()
	if err != nil {
		return err
	}
	dir, err := os.MkdirTemp("", "pgtest-")
	if err != nil {
		return err
	}
	s.dir = dir
	if os.Geteuid() == 0 {
		u, err := user.Lookup(s.opts.User)
		if err != nil {
			return fmt.Errorf("look up %s to run PostgreSQL as: %w", s.opts.User, err)
		}
		s.uid, _ = strconv.Atoi(u.Uid)
		s.gid, _ = strconv.Atoi(u.Gid)
		s.asOther = true
		if err := os.Chown(dir, s.uid, s.gid); err != nil {
			return err
		}
	}
	data := filepath.Join(dir, "data")
	initdb := exec.Command(filepath.Join(bin, "initdb"), "-D", data, "-U", "postgres", "-A", "trust",
		"-E", "UTF8", "--locale=C", "--no-sync", "--no-instructions")
	s.prepare(initdb)
	if out, err := initdb.CombinedOutput(); err != nil {
		return fmt.Errorf("initdb: %v\n%s", err, out)
	}
	var lastErr error
	for attempt := 0; attempt < 5; attempt++ {
		port, err := freePort()
		if err != nil {
			return err
		}
		s.port = port
		if lastErr = s.launch(bin); lastErr == nil {
			return nil
		}
	}
	return lastErr
}

// prepare makes cmd run as the unprivileged user (when we are root) in the server's dir, and
// dies with the test process so a crashed test leaves no server behind.
func (s *Server) prepare(cmd *exec.Cmd) {
	cmd.Dir = s.dir
	cmd.Env = []string{"LC_ALL=C", "PATH=/usr/bin:/bin"}
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGQUIT}
	if s.asOther {
		cmd.SysProcAttr.Credential = &syscall.Credential{Uid: uint32(s.uid), Gid: uint32(s.gid)}
	}
}

// launch starts postgres on s.port and waits until it accepts connections.
func (s *Server) launch(bin string) error {
	fsync := "off"
	if s.opts.Durable {
		fsync = "on"
	}
	logPath := filepath.Join(s.dir, "postgres.log")
	logf, err := os.OpenFile(logPath, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return err
	}
	defer logf.Close()
	cmd := exec.Command(filepath.Join(bin, "postgres"), "-D", filepath.Join(s.dir, "data"),
		"-p", strconv.Itoa(s.port), "-k", s.dir, "-h", "127.0.0.1",
		"-c", "fsync="+fsync, "-c", "full_page_writes="+fsync, "-c", "synchronous_commit=on",
		"-c", "max_connections="+strconv.Itoa(s.opts.MaxConnections), "-c", "shared_buffers=32MB",
		"-c", "logging_collector=off", "-c", "log_min_messages=warning")
	s.prepare(cmd)
	cmd.Stdout, cmd.Stderr = logf, logf
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("start postgres: %w", err)
	}
	exited := make(chan struct{})
	go func() { cmd.Wait(); close(exited) }()
	s.mu.Lock()
	s.cmd, s.exited = cmd, exited
	s.mu.Unlock()
	// Polling a starting server is a wait on a real process: wall clock, bounded.
	deadline := time.Now().Add(60 * time.Second)
	for {
		select {
		case <-exited:
			return fmt.Errorf("postgres exited while starting:\n%s", tail(logPath))
		default:
		}
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		err := s.ping(ctx)
		cancel()
		if err == nil {
			return nil
		}
		if time.Now().After(deadline) {
			s.signal(syscall.SIGQUIT)
			return fmt.Errorf("postgres did not accept connections within 60s: %v\n%s", err, tail(logPath))
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func (s *Server) ping(ctx context.Context) error {
	c, err := pgx.Connect(ctx, s.DSN("postgres"))
	if err != nil {
		return err
	}
	return c.Close(ctx)
}

func (s *Server) admin(ctx context.Context, stmt string) error {
	ctx, cancel := context.WithTimeout(ctx, 60*time.Second)
	defer cancel()
	c, err := pgx.Connect(ctx, s.DSN("postgres"))
	if err != nil {
		return err
	}
	defer c.Close(ctx)
	_, err = c.Exec(ctx, stmt)
	return err
}

func (s *Server) signal(sig syscall.Signal) (<-chan struct{}, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.cmd == nil || s.cmd.Process == nil {
		return nil, false
	}
	s.cmd.Process.Signal(sig)
	return s.exited, true
}

// Halt stops the server: a fast shutdown (open sessions are ended, committed work is kept), or
// with crash an immediate one, as if the machine lost the process (only Durable servers
// promise committed work then). Databases stay; Resume starts the server again.
func (s *Server) Halt(crash bool) error {
	sig := syscall.SIGINT
	if crash {
		sig = syscall.SIGQUIT
	}
	exited, ok := s.signal(sig)
	if !ok {
		return errors.New("pgtest: server not running")
	}
	select {
	case <-exited:
		return nil
	case <-time.After(60 * time.Second):
		s.signal(syscall.SIGKILL)
		return errors.New("pgtest: postgres did not stop within 60s")
	}
}

// Resume starts a halted server again on the same data, socket and port.
func (s *Server) Resume() error {
	bin, err := Binaries()
	if err != nil {
		return err
	}
	return s.launch(bin)
}

// Close stops the server and removes its files. Safe to call when it never started.
func (s *Server) Close() error {
	if s.startErr != nil || s.dir == "" {
		if s.dir != "" {
			os.RemoveAll(s.dir)
		}
		return nil
	}
	if exited, ok := s.signal(syscall.SIGQUIT); ok {
		select {
		case <-exited:
		case <-time.After(30 * time.Second):
			s.signal(syscall.SIGKILL)
			<-exited
		}
	}
	return os.RemoveAll(s.dir)
}

func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

func tail(path string) string {
	b, _ := os.ReadFile(path)
	if len(b) > 4000 {
		b = b[len(b)-4000:]
	}
	return string(bytes.TrimSpace(b))
}
