//go:build e2e

package e2e

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"google.golang.org/grpc"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"

	"github.com/organism-dev/organism/platform/auth"
	"github.com/organism-dev/organism/platform/grpcserver"
	"github.com/organism-dev/organism/platform/pgtest"
)

// wait bounds every wait for something that should happen, so a miss fails in seconds.
const wait = 30 * time.Second

// pg is the throwaway PostgreSQL the "postgres" deployments store in; it starts on first use.
var pg = pgtest.New(pgtest.Options{})

// bin is the organism binary under test: ORGANISM_E2E_BIN, or one built (without -race) here.
var bin string

func TestMain(m *testing.M) {
	bin = os.Getenv("ORGANISM_E2E_BIN")
	var tmp string
	if bin == "" {
		var err error
		if tmp, err = os.MkdirTemp("", "organism-e2e-bin"); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		bin = filepath.Join(tmp, "organism")
		build := exec.Command("go", "build", "-o", bin, "github.com/organism-dev/organism/cmd/organism")
		build.Stdout, build.Stderr = os.Stderr, os.Stderr
		if err := build.Run(); err != nil {
			fmt.Fprintln(os.Stderr, "build organism:", err)
			os.Exit(2)
		}
	}
	code := m.Run()
	if tmp != "" {
		os.RemoveAll(tmp)
	}
	if err := pg.Close(); err != nil {
		fmt.Fprintln(os.Stderr, "pgtest:", err)
	}
	os.Exit(code)
}

// syncBuffer is a process's combined output, shown when a test fails.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// proc is one `organism serve` OS process.
type proc struct {
	name string
	args []string
	env  []string
	out  *syncBuffer

	cmd    *exec.Cmd
	exited chan struct{}
	err    error
}

func (p *proc) start(t *testing.T) {
	t.Helper()
	p.out = &syncBuffer{}
	p.cmd = exec.Command(bin, p.args...)
	p.cmd.Env = append(os.Environ(), p.env...)
	p.cmd.Stdout, p.cmd.Stderr = p.out, p.out
	if err := p.cmd.Start(); err != nil {
		t.Fatalf("start %s: %v", p.name, err)
	}
	p.exited = make(chan struct{})
	go func() {
		p.err = p.cmd.Wait()
		close(p.exited)
	}()
}

func (p *proc) running() bool {
	select {
	case <-p.exited:
		return false
	default:
		return true
	}
}

// kill9 ends the process the way a crash does: no drain, no close.
func (p *proc) kill9(t *testing.T) {
	t.Helper()
	p.cmd.Process.Signal(syscall.SIGKILL)
	select {
	case <-p.exited:
	case <-time.After(wait):
		t.Fatalf("%s survived SIGKILL for %v", p.name, wait)
	}
}

// term asks the process to stop the way Kubernetes does and returns how it exited.
func (p *proc) term(t *testing.T) error {
	t.Helper()
	if !p.running() {
		return p.err
	}
	p.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-p.exited:
		return p.err
	case <-time.After(wait):
		p.cmd.Process.Kill()
		t.Fatalf("%s did not exit within %v of SIGTERM", p.name, wait)
		return nil
	}
}

// givenAddrs are the addresses freeAddr has handed out in this test binary.
var (
	givenMu    sync.Mutex
	givenAddrs = map[string]bool{}
)

// freeAddr is a loopback address no listener holds now and none this binary handed out before. The kernel
// may give a port it just freed out again: a fresh clone's make test (6 December) gave the gateway's HTTP
// port to soul's gRPC listener too, and the gateway could not bind.
func freeAddr(t *testing.T) string {
	t.Helper()
	givenMu.Lock()
	defer givenMu.Unlock()
	for range 100 {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		addr := l.Addr().String()
		l.Close()
		if !givenAddrs[addr] {
			givenAddrs[addr] = true
			return addr
		}
	}
	t.Fatal("no loopback port left that this test binary has not handed out")
	return ""
}

// cli runs one organism client verb and returns its stdout.
func cli(t *testing.T, stdin string, args ...string) string {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Stdin = strings.NewReader(stdin)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	ctx, cancel := context.WithTimeout(context.Background(), wait)
	defer cancel()
	go func() {
		<-ctx.Done()
		if ctx.Err() == context.DeadlineExceeded && cmd.Process != nil {
			cmd.Process.Kill()
		}
	}()
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("organism %s: %v\n%s", strings.Join(args, " "), err, stderr.String())
	}
	return string(out)
}

// deployment is Organism running as a deployment runs it, and what a client needs to reach it.
type deployment struct {
	mode     string            // "split": five processes; "all": one serve --target=all; "postgres": split, two replicas of each organ on PostgreSQL
	grpc     map[string]string // target -> gRPC address (in "postgres", replica a: the one the gateway and the organs call)
	second   map[string]string // "postgres": organ -> its replica b's gRPC address (process "<organ>-b")
	store    string            // "postgres": the DSN every organ replica stores in
	http     string            // the gateway's address
	ownerDir string            // the owner's machine: owner.key and owner.token live here only
	owner    string            // the owner's credential
	signer   *auth.Signer
	procs    map[string]*proc
	otlp     *receiver
}

// serviceName is the OTel service name the process hosting target reports.
func (d *deployment) serviceName(target string) string {
	if d.mode == "all" {
		return "organism-all"
	}
	return "organism-" + target
}

var organTargets = []string{"medulla", "presence", "soul", "mission"}

// deploy starts Organism in mode and stops it when the test ends.
func deploy(t *testing.T, mode string) *deployment {
	t.Helper()
	root := t.TempDir()
	d := &deployment{mode: mode, grpc: map[string]string{}, second: map[string]string{}, http: freeAddr(t), procs: map[string]*proc{}, otlp: newReceiver(t)}
	otel := []string{"OTEL_EXPORTER_OTLP_ENDPOINT=http://" + d.otlp.addr, "OTEL_EXPORTER_OTLP_INSECURE=true", "OTEL_BSP_SCHEDULE_DELAY=50"}
	t.Cleanup(func() {
		for _, p := range d.procs {
			if p.running() {
				if err := p.term(t); err != nil {
					t.Errorf("%s: exit after SIGTERM: %v, want status 0", p.name, err)
				}
			}
			if t.Failed() {
				t.Logf("--- %s output:\n%s", p.name, p.out.String())
			}
		}
	})
	switch mode {
	case "all":
		d.ownerDir = filepath.Join(root, "all")
		addr := freeAddr(t)
		for _, o := range organTargets {
			d.grpc[o] = addr
		}
		d.procs["all"] = &proc{name: "all", args: []string{"serve", "--target=all", "--data-dir", d.ownerDir,
			"--grpc-addr", addr, "--http-addr", d.http, "--shutdown-timeout", "2s"}, env: otel}
		d.procs["all"].start(t)
		d.waitServing(t, "all", addr)
	case "split", "postgres":
		if mode == "postgres" {
			d.store = pg.Database(t)
		}
		// The owner's machine makes the key and exports only what the pods need.
		d.ownerDir = filepath.Join(root, "owner")
		secrets := filepath.Join(root, "secrets")
		cli(t, "", "keys", "init", "--data-dir", d.ownerDir)
		cli(t, "", "keys", "export", "--data-dir", d.ownerDir, "--out", secrets)
		for _, o := range organTargets {
			d.grpc[o] = freeAddr(t)
		}
		for _, target := range append(organTargets, "gateway") {
			p := d.targetProc(target, root, secrets, otel)
			d.procs[target] = p
			p.start(t)
			if target != "gateway" {
				d.waitServing(t, target, d.grpc[target])
			}
			// Replica b of each organ: same flags and database, its own address and data dir.
			// It starts once a is serving, so a has applied the migrations (b would wait on
			// the migration lock otherwise, which a later drill exercises anyway).
			if d.store != "" && target != "gateway" {
				d.second[target] = freeAddr(t)
				b := &proc{name: target + "-b", args: append([]string{}, p.args...), env: p.env}
				for i := range b.args {
					switch b.args[i] {
					case "--grpc-addr":
						b.args[i+1] = d.second[target]
					case "--data-dir":
						b.args[i+1] = filepath.Join(root, target+"-b")
					}
				}
				d.procs[b.name] = b
				b.start(t)
				d.waitServing(t, b.name, d.second[target])
			}
		}
		for _, target := range append(organTargets, "gateway") {
			if _, err := os.Stat(filepath.Join(root, target, auth.OwnerKeyFile)); err == nil {
				t.Errorf("%s's data dir holds owner.key; only the owner's machine may", target)
			}
		}
	default:
		t.Fatalf("unknown mode %q", mode)
	}
	d.waitGateway(t)
	key, err := auth.LoadOwnerKey(filepath.Join(d.ownerDir, auth.OwnerKeyFile))
	if err != nil {
		t.Fatal(err)
	}
	d.signer = auth.NewSigner(key, nil)
	tok, err := os.ReadFile(filepath.Join(d.ownerDir, auth.OwnerTokenFile))
	if err != nil {
		t.Fatal(err)
	}
	d.owner = strings.TrimSpace(string(tok))
	return d
}

// targetProc is the process for one deployed target, configured as the k8s manifests do it:
// its own data dir, owner.pub, its own credential in the environment, peers by address.
func (d *deployment) targetProc(target, root, secrets string, otel []string) *proc {
	args := []string{"serve", "--target=" + target, "--data-dir", filepath.Join(root, target),
		"--owner-pub", filepath.Join(secrets, auth.OwnerPublicKeyFile), "--shutdown-timeout", "2s", "--upstream-check", "200ms"}
	env := append([]string{}, otel...)
	if d.store != "" && target != "gateway" {
		args = append(args, "--store", d.store)
	}
	if target == "gateway" {
		args = append(args, "--http-addr", d.http)
		for _, o := range organTargets {
			args = append(args, "--"+o+"-addr", d.grpc[o])
		}
		tok, _ := os.ReadFile(filepath.Join(secrets, "gateway.token"))
		env = append(env, "ORGANISM_GATEWAY_TOKEN="+string(tok))
	} else {
		args = append(args, "--grpc-addr", d.grpc[target])
		if target == "soul" || target == "mission" {
			args = append(args, "--medulla-addr", d.grpc["medulla"])
			tok, _ := os.ReadFile(filepath.Join(secrets, target+".token"))
			env = append(env, "ORGANISM_SERVICE_TOKEN="+string(tok))
		}
	}
	return &proc{name: target, args: args, env: env}
}

// restart starts a stopped target again with the same flags, data and address.
func (d *deployment) restart(t *testing.T, target string) {
	t.Helper()
	old := d.procs[target]
	p := &proc{name: target, args: old.args, env: old.env}
	d.procs[target] = p
	p.start(t)
	if target == "gateway" {
		d.waitGateway(t)
	} else {
		d.waitServing(t, target, d.grpc[target])
	}
}

func (d *deployment) waitServing(t *testing.T, name, addr string) {
	t.Helper()
	c, err := grpcserver.Dial(addr, grpcserver.DialOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	d.poll(t, name, func() bool {
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		defer cancel()
		r, err := healthpb.NewHealthClient(c).Check(ctx, &healthpb.HealthCheckRequest{}, grpc.WaitForReady(false))
		return err == nil && r.GetStatus() == healthpb.HealthCheckResponse_SERVING
	})
}

func (d *deployment) waitGateway(t *testing.T) {
	t.Helper()
	name := "gateway"
	if d.mode == "all" {
		name = "all"
	}
	d.poll(t, name, func() bool {
		resp, err := http.Get("http://" + d.http + "/healthz")
		if err != nil {
			return false
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		return resp.StatusCode == http.StatusOK
	})
}

// poll waits for ok, failing fast with the process's output when it exits instead.
func (d *deployment) poll(t *testing.T, name string, ok func() bool) {
	t.Helper()
	deadline := time.Now().Add(wait)
	for !ok() {
		if p := d.procs[name]; p != nil && !p.running() {
			t.Fatalf("%s exited: %v\n%s", name, p.err, p.out.String())
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s not serving within %v", name, wait)
		}
		time.Sleep(25 * time.Millisecond)
	}
}

// conn is a gRPC connection to target carrying token.
func (d *deployment) conn(t *testing.T, target, token string) *grpc.ClientConn {
	t.Helper()
	return d.connAt(t, d.grpc[target], token)
}

// connAt is conn to an address (a second replica's, in the "postgres" deployment).
func (d *deployment) connAt(t *testing.T, addr, token string) *grpc.ClientConn {
	t.Helper()
	o := grpcserver.DialOptions{}
	if token != "" {
		o.Credentials = auth.Bearer(token)
	}
	c, err := grpcserver.Dial(addr, o)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

func (d *deployment) mint(t *testing.T, r auth.MintRequest) string {
	t.Helper()
	tok, err := d.signer.Mint(r)
	if err != nil {
		t.Fatal(err)
	}
	return tok
}

// httpDo calls the gateway and returns the status and body.
func (d *deployment) httpDo(t *testing.T, method, path, token, body string) (int, string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), wait)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, method, "http://"+d.http+path, strings.NewReader(body))
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

// cliAt runs a client verb against target's address with the given extra flags.
func (d *deployment) cliAt(t *testing.T, target, stdin string, args ...string) string {
	t.Helper()
	return cli(t, stdin, append(args, "--addr", d.grpc[target], "--data-dir", d.ownerDir)...)
}

// gitRepo makes a small repository with a soul for a brain to point at.
func gitRepo(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	soul := "# Loja\n\nThe shop's soul.\n\n## Current State\n\n- `main.go` serves the shop.\n"
	os.WriteFile(filepath.Join(dir, "PATHOS.md"), []byte(soul), 0o644)
	os.WriteFile(filepath.Join(dir, "main.go"), []byte("package main\n"), 0o644)
	for _, args := range [][]string{{"init", "-q"}, {"add", "."}, {"-c", "user.email=t@t", "-c", "user.name=t", "commit", "-qm", "init"}} {
		if out, err := exec.Command("git", append([]string{"-C", dir}, args...)...).CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v %s", args, err, out)
		}
	}
	return dir
}
