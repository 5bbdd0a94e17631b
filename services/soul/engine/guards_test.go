package engine_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/organism-dev/organism/services/soul/engine"
	"github.com/organism-dev/organism/services/soul/gitrepo"
)

// countingRepo counts every question a verifier asks of the repository.
type countingRepo struct {
	engine.Repo
	calls int
}

func (c *countingRepo) Exists(rel string) (bool, bool) { c.calls++; return c.Repo.Exists(rel) }
func (c *countingRepo) HasBasename(n string) bool      { c.calls++; return c.Repo.HasBasename(n) }
func (c *countingRepo) HasTopLevel(n string) bool      { c.calls++; return c.Repo.HasTopLevel(n) }
func (c *countingRepo) Glob(p string, l int) []string  { c.calls++; return c.Repo.Glob(p, l) }
func (c *countingRepo) ReadFile(rel string) ([]byte, error) {
	c.calls++
	return c.Repo.ReadFile(rel)
}
func (c *countingRepo) Batch(ctx context.Context, q engine.BatchQuery) (engine.BatchAnswer, error) {
	if len(q.Commits)+len(q.Ignored)+len(q.EverSeen)+len(q.Symbols) > 0 {
		c.calls++
	}
	return c.Repo.Batch(ctx, q)
}

func checkText(t *testing.T, root, soul string) (*engine.Report, *countingRepo) {
	t.Helper()
	parsed, err := engine.Parse("PATHOS.md", []byte(soul), engine.ParseOptions{})
	if err != nil {
		t.Fatal(err)
	}
	repo, err := gitrepo.Open(context.Background(), root)
	if err != nil {
		t.Fatal(err)
	}
	cr := &countingRepo{Repo: repo}
	rep, err := engine.Check(context.Background(), parsed, cr, engine.CheckOptions{Now: mustTime("2026-07-06T09:00:00Z"), IncludeClaims: true})
	if err != nil {
		t.Fatal(err)
	}
	return rep, cr
}

func TestDeclaredTissueIsNeverVerified(t *testing.T) {
	g := newGitFixture(t)
	g.write("README.md", "x\n")
	g.commit("2026-07-01T10:00:00Z", "init")
	soul := "# PATHOS\n\n## North Star\n\nBeat plain rg on every query, by a wide margin.\n\n" +
		"## Human/Agent Pathos\n\n- The owner hates sugarcoating.\n- Agents say what they cannot verify.\n\n" +
		"## Operating Doctrine\n\n- Verify before you assert; code beats the soul.\n- Keep the soul lean: 450 live lines.\n\n" +
		"## Do Not Do\n\n- Never fake a fresh receipt.\n- Do not prune doctrine on your own authority.\n"
	rep, cr := checkText(t, g.root, soul)
	if cr.calls != 0 {
		t.Errorf("repository questions for declared tissue: got %d, want 0", cr.calls)
	}
	total := 0
	for _, n := range rep.VerifierCalls {
		total += n
	}
	if total != 0 {
		t.Errorf("verifier calls: got %v, want none", rep.VerifierCalls)
	}
	if rep.Totals.Declared != rep.Totals.Total || rep.Totals.Declared == 0 {
		t.Errorf("declared: got %d of %d claims, want all", rep.Totals.Declared, rep.Totals.Total)
	}
}

func TestFakeFreshGuard(t *testing.T) {
	g := newGitFixture(t)
	g.write("src/app.go", "package app\n\nfunc Serve() {}\n")
	g.write(".gitignore", "*.local\n")
	g.commit("2026-07-01T10:00:00Z", "init (#1)")
	tests := []struct {
		name string
		soul string
	}{
		{"missing file", "## Current State\n\n- `src/missing.go` serves.\n"},
		{"missing file beside a fresh one", "## Current State\n\n- `src/app.go` and `src/missing.go` serve.\n"},
		{"missing file in mixed tissue", "## Build\n\n- `scripts/build.sh` builds it.\n"},
		{"missing file in a priced claim", "## Current State\n\n- `src/missing_test.go` is green at 12/12 passing.\n"},
		{"gitignored and absent", "## Current State\n\n- Secrets live in `config/dev.local`.\n"},
		{"missing symbol", "## Current State\n\n- `app.Shutdown` drains requests.\n"},
		{"missing PR", "## Current State\n\n- The server landed in #77.\n"},
		{"missing tag", "## Current State\n\n- Release tag `v9.9.9` is cut.\n"},
		{"missing commit", "## Current State\n\n- Fixed at commit `abc1234def`.\n"},
		{"wrong line", "## Current State\n\n- `src/app.go:40` defines `Serve`.\n"},
		{"doctrine citing a missing file", "## Operating Doctrine\n\n- Always run `scripts/gate.py` first.\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rep, _ := checkText(t, g.root, "# PATHOS\n\n"+tc.soul)
			if rep.ByState.Fresh != 0 {
				for _, c := range rep.Claims {
					t.Logf("%s %s %s %s", c.State, c.Reason, c.Detail, c.Claim.Text)
				}
				t.Errorf("fresh: got %d, want 0 for a doctored anchor", rep.ByState.Fresh)
			}
		})
	}
}

func TestConsistencyCatchesIntraSoulContradiction(t *testing.T) {
	g := newGitFixture(t)
	g.write("battery.py", "x\n")
	g.commit("2026-07-01T10:00:00Z", "init")
	soul := "# PATHOS\n\n## Current State\n\n- The battery runs 37 cases from `battery.py`.\n- Workers: 4 shards feed `battery.py`.\n\n" +
		"## Access Map\n\n- The battery runs 36 cases via `battery.py`.\n\n## Proof Standard\n\n- The battery: 37 cases, all green.\n\n" +
		"## Checkpoint 2 (preserved)\n\n- The battery ran 30 cases then, see `battery.py`.\n"
	rep, _ := checkText(t, g.root, soul)
	tests := []struct {
		claim  string
		state  engine.State
		reason string
	}{
		{"36 cases", engine.StateStale, engine.ReasonContradicted},
		{"runs 37 cases", engine.StateFresh, ""},
		{"4 shards", engine.StateFresh, ""},
		{"30 cases then", engine.StateHistory, ""},
	}
	for _, tc := range tests {
		r := findClaim(t, rep, tc.claim)
		if r.State != tc.state || r.Reason != tc.reason {
			t.Errorf("%q: got %s/%s (%s), want %s/%s", tc.claim, r.State, r.Reason, r.Detail, tc.state, tc.reason)
		}
	}
}

func TestNotGitDirectory(t *testing.T) {
	root := t.TempDir()
	if err := os.MkdirAll(filepath.Join(root, "src"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "src", "lib.rs"), []byte("pub fn run() {}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	rep, _ := checkText(t, root, "# S\n\n## Current State\n\n- `src/lib.rs` defines `lib::run`.\n- Shipped in #4 as `v1.0.0`.\n")
	if got := findClaim(t, rep, "defines").State; got != engine.StateFresh {
		t.Errorf("path and symbol without git: got %s, want fresh", got)
	}
	if got := findClaim(t, rep, "Shipped").State; got != engine.StateUnprovableNow {
		t.Errorf("git refs without git: got %s, want unprovable_now", got)
	}
	named := false
	for _, s := range rep.ChecksSkipped {
		named = named || s.Class == engine.ClassGit
	}
	if !named {
		t.Errorf("checks_skipped: got %v, want git named", rep.ChecksSkipped)
	}
}

func TestTissueDirectivesAndOverrides(t *testing.T) {
	g := newGitFixture(t)
	g.write("a.go", "package a\n")
	g.commit("2026-07-01T10:00:00Z", "init")
	soul := "# S\n\n## Notes\n\n<!-- soul: verifiable -->\n\n- Nothing here is anchored.\n\n" +
		"## Current State\n\n- The mood is good. <!-- soul: declared -->\n- `a.go` exists.\n\n" +
		"## Ideas\n\n- We might add caching someday.\n"
	rep, _ := checkText(t, g.root, soul)
	tests := []struct {
		claim string
		state engine.State
	}{
		{"Nothing here is anchored", engine.StateStale},
		{"The mood is good", engine.StateDeclared},
		{"exists", engine.StateFresh},
		{"caching someday", engine.StateDeclared},
	}
	for _, tc := range tests {
		if got := findClaim(t, rep, tc.claim).State; got != tc.state {
			t.Errorf("%q: got %s, want %s", tc.claim, got, tc.state)
		}
	}
}

type fakeProber struct{ up bool }

func (f fakeProber) Probe(context.Context, string) error {
	if f.up {
		return nil
	}
	return errors.New("connection refused")
}

func TestRuntimeClaims(t *testing.T) {
	g := newGitFixture(t)
	g.write("a.go", "package a\n")
	g.commit("2026-07-01T10:00:00Z", "init")
	soulText := "# S\n\n## Current State\n\n- The gateway serves http://localhost:7780/healthz.\n"
	parsed, err := engine.Parse("PATHOS.md", []byte(soulText), engine.ParseOptions{})
	if err != nil {
		t.Fatal(err)
	}
	repo, err := gitrepo.Open(context.Background(), g.root)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		prober engine.Prober
		state  engine.State
		reason string
	}{
		{"probe disabled", nil, engine.StateUnprovableNow, engine.ReasonProbeOff},
		{"runtime up", fakeProber{up: true}, engine.StateFresh, ""},
		{"runtime down", fakeProber{up: false}, engine.StateUnprovableNow, engine.ReasonProbeFailed},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rep, err := engine.Check(context.Background(), parsed, repo, engine.CheckOptions{Now: mustTime("2026-07-06T09:00:00Z"), Prober: tc.prober, IncludeClaims: true})
			if err != nil {
				t.Fatal(err)
			}
			r := findClaim(t, rep, "gateway serves")
			if r.State != tc.state || r.Reason != tc.reason {
				t.Errorf("got %s/%s, want %s/%s", r.State, r.Reason, tc.state, tc.reason)
			}
		})
	}
}

func TestAutoChangelogWithVersionHeadings(t *testing.T) {
	g := newGitFixture(t)
	g.write("a.go", "package a\n")
	g.commit("2026-07-01T10:00:00Z", "init")
	g.git("tag", "v1.2.1")
	g.write("b.go", "package a\n")
	g.commit("2026-07-02T10:00:00Z", "more")
	g.git("tag", "v1.3.0")
	soul := "# S\n\n## auto-changelog\n\n### v1.2.1\n\n- Added `a.go`.\n\n### v1.1.0\n\n- First cut.\n"
	rep, _ := checkText(t, g.root, soul)
	r := findClaim(t, rep, "Added")
	if r.State != engine.StateStale || r.Reason != engine.ReasonStale {
		t.Errorf("auto changelog behind the newest tag: got %s/%s (%s), want evidence_stale/stale", r.State, r.Reason, r.Detail)
	}
}
