package engine_test

import (
	"context"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/organism-dev/organism/services/soul/engine"
	"github.com/organism-dev/organism/services/soul/gitrepo"
)

// ageSoul cites evidence of every age the fixture gives it: old.go untouched since January, new.go
// touched the week before HEAD, olddir/ untouched, newdir/ touched through a file inside it; a claim
// citing both ages is touched; declared tissue citing old.go is never judged.
const ageSoul = "# PATHOS\n\n## Current State\n\n" +
	"- `old.go` holds the legacy parser.\n" +
	"- `new.go` holds the fresh parser.\n" +
	"- `olddir/` holds the old fixtures.\n" +
	"- `newdir/` holds the new fixtures.\n" +
	"- `old.go` and `new.go` hold both parsers.\n" +
	"- Releases stall on Fridays.\n" +
	"- `gone.go` holds the removed loop.\n\n" +
	"## Doctrine\n\n- `old.go` is how we like parsers written. <!-- soul: declared -->\n"

// ageFixture is a repository whose history spans half a year: HEAD at 2026-07-01, old evidence last
// touched 2026-01-10, fresh evidence 2026-06-25 (inside the 720h window).
func ageFixture(t *testing.T) *gitFixture {
	t.Helper()
	g := newGitFixture(t)
	g.write("old.go", "package p\n\nfunc Legacy() {}\n")
	g.write("olddir/a.txt", "a\n")
	g.write("new.go", "package p\n")
	g.write("newdir/b.txt", "b\n")
	g.write("docs/PATHOS.md", ageSoul)
	g.commit("2026-01-10T10:00:00Z", "start")
	g.write("new.go", "package p\n\nfunc Parse() {}\n")
	g.write("newdir/b.txt", "b2\n")
	g.commit("2026-06-25T10:00:00Z", "touch the new evidence")
	g.write("README.md", "hello\n")
	g.commit("2026-07-01T10:00:00Z", "head")
	return g
}

func checkAges(t *testing.T, root string) *engine.Report {
	t.Helper()
	gitrepo.ResetCache()
	repo, err := gitrepo.Open(context.Background(), root)
	if err != nil {
		t.Fatal(err)
	}
	return checkAgesIn(t, root, repo)
}

func checkAgesIn(t *testing.T, root string, repo engine.Repo) *engine.Report {
	t.Helper()
	rel, src, err := engine.LoadSoul(root, "docs/PATHOS.md", 0)
	if err != nil {
		t.Fatal(err)
	}
	// the wall clock is a year past HEAD: age is the repository's time, not the checker's
	rep, err := engine.CheckRepo(context.Background(), repo, rel, src, engine.ParseOptions{},
		engine.CheckOptions{Now: time.Date(2027, 7, 1, 0, 0, 0, 0, time.UTC), IncludeClaims: true})
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

func agedAnchors(rep *engine.Report) []string {
	var out []string
	for _, f := range rep.Stale {
		if f.Kind == engine.KindAge {
			out = append(out, f.Anchor)
		}
	}
	return out
}

func TestAgedOut(t *testing.T) {
	g := ageFixture(t)
	rep := checkAges(t, g.root)
	if got, want := strings.Join(agedAnchors(rep), ","), "old.go,olddir/"; got != want {
		t.Errorf("aged anchors: got %q, want %q\n%+v", got, want, rep.Stale)
	}
	if rep.AgedOut != 2 {
		t.Errorf("AgedOut: got %d, want 2", rep.AgedOut)
	}
	for _, f := range rep.Stale {
		if f.Kind == engine.KindAge && (f.State != engine.StateStale || f.Reason != engine.ReasonAgedOut || !strings.Contains(f.Detail, "720h before HEAD (2026-07-01)")) {
			t.Errorf("age row: got %s/%s %q, want evidence_stale/aged_out naming the window and HEAD's date", f.State, f.Reason, f.Detail)
		}
	}
	tests := []struct {
		fragment string
		state    engine.State
	}{
		// additive: an aged claim keeps its state, its anchors hold
		{"legacy parser", engine.StateFresh},
		{"old fixtures", engine.StateFresh},
		{"is how we like", engine.StateDeclared},
		{"removed loop", engine.StateStale},
	}
	for _, tc := range tests {
		if c := findClaim(t, rep, tc.fragment); c.State != tc.state {
			t.Errorf("%q: got state %s, want %s", tc.fragment, c.State, tc.state)
		}
	}
	// age is no drift: the check's failing findings are the drifted and the anchorless claim alone
	if got := rep.Findings(); got != 2 {
		t.Errorf("Findings: got %d, want 2 (drift and discipline; age rows are additive)", got)
	}
	if !strings.Contains(rep.ReceiptLine, "2 aged out") {
		t.Errorf("receipt line: got %q, want it to carry 2 aged out", rep.ReceiptLine)
	}
}

// TestAgedOutUnknownAgeNeverFlagged: wherever the age cannot be known, nothing is flagged.
func TestAgedOutUnknownAgeNeverFlagged(t *testing.T) {
	tests := []struct {
		name  string
		setup func(t *testing.T, g *gitFixture) string
	}{
		{"a shallow clone cut inside the window", func(t *testing.T, g *gitFixture) string {
			dst := filepath.Join(t.TempDir(), "shallow")
			if out, err := exec.Command("git", "clone", "-q", "--depth", "2", "file://"+g.root, dst).CombinedOutput(); err != nil {
				t.Fatalf("clone: %v\n%s", err, out)
			}
			return dst
		}},
		{"a file only on disk has no commit in reach", func(t *testing.T, g *gitFixture) string {
			// scratch.go was never committed; the claim also cites the aged old.go, and one path of
			// unknown age makes the claim's age unknown
			g.write("scratch.go", "package p\n")
			g.write("docs/PATHOS.md", "# PATHOS\n\n## Current State\n\n- `scratch.go` and `old.go` hold the experiment.\n")
			return g.root
		}},
		{"a claim with no path anchor", func(t *testing.T, g *gitFixture) string {
			g.write("docs/PATHOS.md", "# PATHOS\n\n## Current State\n\n- `Legacy` reads the input.\n- Releases stall on Fridays.\n")
			return g.root
		}},
		{"not a git repository", func(t *testing.T, g *gitFixture) string {
			dst := t.TempDir()
			if out, err := exec.Command("cp", "-r", g.root+"/.", dst).CombinedOutput(); err != nil {
				t.Fatalf("cp: %v\n%s", err, out)
			}
			if out, err := exec.Command("rm", "-rf", filepath.Join(dst, ".git")).CombinedOutput(); err != nil {
				t.Fatalf("rm: %v\n%s", err, out)
			}
			return dst
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rep := checkAges(t, tc.setup(t, ageFixture(t)))
			if got := agedAnchors(rep); len(got) != 0 || rep.AgedOut != 0 {
				t.Errorf("got aged %v (count %d), want none: unknown age is never flagged", got, rep.AgedOut)
			}
		})
	}
}

// TestAgedOutUncommittedChangeIsATouch: an edit not yet committed is a touch at HEAD's time.
func TestAgedOutUncommittedChangeIsATouch(t *testing.T) {
	g := ageFixture(t)
	g.write("old.go", "package p\n\nfunc Legacy() { _ = 1 }\n")
	if got := agedAnchors(checkAges(t, g.root)); strings.Join(got, ",") != "olddir/" {
		t.Errorf("aged: got %v, want only olddir/ (old.go is being edited)", got)
	}
}

// cutWalk is the real repository whose age walk says it could not see the whole window.
type cutWalk struct{ *gitrepo.Repo }

func (c cutWalk) TouchedSince(ctx context.Context, since time.Time) (engine.Touches, error) {
	t, err := c.Repo.TouchedSince(ctx, since)
	t.Complete = false
	return t, err
}

// TestAgedOutIncompleteWalkFlagsNothing: the same history, but a walk cut inside the window (as a
// shallow clone's is) leaves every age unknown.
func TestAgedOutIncompleteWalkFlagsNothing(t *testing.T) {
	g := ageFixture(t)
	gitrepo.ResetCache()
	repo, err := gitrepo.Open(context.Background(), g.root)
	if err != nil {
		t.Fatal(err)
	}
	if got := agedAnchors(checkAgesIn(t, g.root, repo)); len(got) == 0 {
		t.Fatalf("complete walk: got no aged claims, want old.go and olddir/ (the fixture must age something)")
	}
	if got := agedAnchors(checkAgesIn(t, g.root, cutWalk{repo})); len(got) != 0 {
		t.Errorf("cut walk: got aged %v, want none", got)
	}
}
