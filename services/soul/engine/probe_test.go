package engine_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/organism-dev/organism/services/soul/engine"
)

func mustTime(s string) time.Time {
	t, err := time.Parse(time.RFC3339, s)
	if err != nil {
		panic(err)
	}
	return t
}

// probeRepo mechanizes soul-prd §2.3: a repository whose history makes every stale class of the
// probe's table real, and a soul that holds each of them beside fresh claims.
func probeRepo(t *testing.T) (*gitFixture, string) {
	g := newGitFixture(t)
	g.write(".gitignore", "# caches\n/target\n*.log\n.cache/\n!scratchpad/m1nd_battery.py\n")
	g.write("scratchpad/m1nd_battery.py", "CASES = 37\n")
	g.write("scratchpad/impact_probe.py", "print('probe')\n")
	g.write("src/http_server.rs", "use std::io;\n\npub fn resolve_brain(name: &str) -> String {\n    name.to_string()\n}\n")
	g.write("docs/DESIGN.md", "# design\n")
	g.write("Makefile", "test:\n\tgo test ./...\n\nbench: test\n\tgo test -bench .\n")
	first := g.commit("2026-07-01T10:00:00Z", "initial layout")
	g.git("tag", "v1.2.1")
	g.remove("scratchpad/impact_probe.py")
	g.commit("2026-07-02T10:00:00Z", "drop the impact probe (#230)")
	g.git("tag", "v1.3.0")
	g.write("src/sse.rs", "pub fn graph_changed() {}\n")
	g.commit("2026-07-03T10:00:00Z", "SSE graph_changed + vendored fonts (#242)")
	g.git("tag", "-a", "v1.3.1", "-m", "v1.3.1")
	soul := strings.ReplaceAll(probeSoul, "FIRSTSHA", first[:9])
	g.write("docs/PATHOS.md", soul)
	g.commit("2026-07-04T10:00:00Z", "soul: checkpoint 9 (#250)")
	g.write("src/extra.rs", "pub fn extra() {}\n")
	g.commit("2026-07-05T10:00:00Z", "extra (#251)")
	g.write("src/more.rs", "pub fn more() {}\n")
	g.commit("2026-07-05T12:00:00Z", "more (#252)")
	g.git("tag", "v1.3.2")
	return g, first
}

const probeSoul = `# PATHOS

> soul receipt: checked 2026-07-01 @0000000 — an old receipt is a record, not a claim

## Checkpoint 9 — THE CONSTRUCTION ERA OPENS

The battery holds 37 cases in ` + "`scratchpad/m1nd_battery.py`" + `.

### Current State

- ` + "`scratchpad/m1nd_battery.py`" + ` is tracked and drives the battery.
- Tags v1.3.0 and ` + "`v1.3.1`" + ` are cut.
- ` + "`.gitignore`" + ` line 3 negates ` + "`scratchpad/m1nd_battery.py`" + `.
- ` + "`http_server::resolve_brain`" + ` resolves a brain (` + "`src/http_server.rs:3`" + `).
- ` + "`http_server::remove_me`" + ` drops a brain.
- #242 shipped SSE ` + "`graph_changed`" + ` and the vendored fonts.
- PR #999 merged the federation work.
- The layout landed at commit FIRSTSHA on day one.
- The served owner runs ~6.3k nodes warm.
- Battery at 37/37 green, zero grep losses.
- The last run sits in ` + "`logs/run.log`" + `.
- Compiler caches fill ` + "`.cache/`" + ` on the first build.

### Addendum 2

- ` + "`glama.json`" + ` added for the registry listing.

## Access Map

- Probe: ` + "`scratchpad/impact_probe.py`" + ` maps impact.
- Battery: 36 cases, driven by ` + "`make test`" + `.
- The design lives in [the design doc](DESIGN.md).
- Benchmarks run with ` + "`make bench`" + `; deploys with ` + "`make deploy`" + `.

## Known Problems

- A sibling worktree may hold a CI-flake fix — ` + "`../m1nd-flake2/`" + `.
- Releases sometimes stall without anyone noticing it.

## Proof Standard

- The battery: 37 cases, every one green before a merge.

## auto-overview

<!-- auto-overview:start -->
- 17 commits since v1.2.1, last commit 2026-07-03.
<!-- auto-overview:end -->

## auto-changelog

- v1.2.1 — first cut of the battery.

## Next Agent Prompt

1. FIRST — make the tree ALIVE: SSE ` + "`graph_changed`" + ` + vendored fonts.
2. Then teach the curator to prune.

## Operating Doctrine

- Never sugarcoat the receipt.
- The bar: genuinely BEAT plain rg.
- Never edit ` + "`docs/DESIGN.md`" + ` without a review.

## Checkpoint 8 (preserved)

- ` + "`scratchpad/old_probe.py`" + ` ran the old battery at 30 cases.
`

func TestProbeSeedCase(t *testing.T) {
	g, _ := probeRepo(t)
	rep := check(t, g.root, "docs/PATHOS.md", engine.CheckOptions{Brain: "m1nd"})

	tests := []struct {
		name   string
		claim  string // a fragment of the claim text
		state  engine.State
		reason string
	}{
		{"tracked file is fresh", "is tracked and drives", engine.StateFresh, ""},
		{"tags are fresh", "are cut", engine.StateFresh, ""},
		{"moved line is line drift", "line 3 negates", engine.StateStale, engine.ReasonLineDrift},
		{"symbol with line hint is fresh", "resolves a brain", engine.StateFresh, ""},
		{"removed symbol is missing", "drops a brain", engine.StateStale, engine.ReasonSymbolMissing},
		{"PR in squash log is fresh", "#242 shipped", engine.StateFresh, ""},
		{"PR absent from log is stale", "PR #999", engine.StateStale, engine.ReasonRefMissing},
		{"commit sha is fresh", "at commit", engine.StateFresh, ""},
		{"runtime count is unprovable now", "6.3k nodes", engine.StateUnprovableNow, engine.ReasonProbeOff},
		{"execution result is receipt priced", "37/37 green", engine.StateReceiptRequired, engine.ReasonExecution},
		{"gitignored absent path is unprovable", "logs/run.log", engine.StateUnprovableNow, engine.ReasonIgnored},
		{"gitignored absent directory is unprovable", "Compiler caches", engine.StateUnprovableNow, engine.ReasonIgnored},
		{"never-landed file is unanchored", "glama.json", engine.StateStale, engine.ReasonUnanchored},
		{"deleted file is missing", "impact_probe.py", engine.StateStale, engine.ReasonFileMissing},
		{"intra-soul contradiction", "Battery: 36 cases", engine.StateStale, engine.ReasonContradicted},
		{"relative link resolves from the soul's directory", "the design doc", engine.StateFresh, ""},
		{"missing make target", "make deploy", engine.StateStale, engine.ReasonChanged},
		{"expired point-in-time claim", "m1nd-flake2", engine.StateStale, engine.ReasonExpired},
		{"unanchored prose in verifiable tissue", "Releases sometimes stall", engine.StateStale, engine.ReasonUnanchored},
		{"stale auto section", "17 commits since", engine.StateStale, engine.ReasonStale},
		{"stale auto changelog", "first cut of the battery", engine.StateStale, engine.ReasonStale},
		{"self-superseded next step", "make the tree ALIVE", engine.StateSuperseded, engine.ReasonSuperseded},
		{"plain next step is declared", "teach the curator", engine.StateDeclared, ""},
		{"doctrine is declared", "Never sugarcoat", engine.StateDeclared, ""},
		{"doctrine citing an artifact is checked", "Never edit", engine.StateFresh, ""},
		{"preserved history is counted apart", "old_probe.py", engine.StateHistory, ""},
		{"agreeing count stays fresh", "The battery holds 37 cases", engine.StateFresh, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := findClaim(t, rep, tc.claim)
			if r.State != tc.state || r.Reason != tc.reason {
				t.Errorf("claim %q: got %s/%s (%s), want %s/%s", tc.claim, r.State, r.Reason, r.Detail, tc.state, tc.reason)
			}
		})
	}
	if rep.Lag.CommitsBehindHead != 2 || !rep.Lag.Known {
		t.Errorf("soul lag: got %+v, want 2 commits behind head", rep.Lag)
	}
	if got := rep.Headline; got != "Checkpoint 9 — THE CONSTRUCTION ERA OPENS" {
		t.Errorf("headline: got %q", got)
	}
	if !strings.Contains(rep.ReceiptLine, "soul: checked 2026-07-06 @") {
		t.Errorf("receipt line: got %q", rep.ReceiptLine)
	}
	if rep.Enxuto.Addenda != 1 || rep.Enxuto.Budget != 450 || rep.Enxuto.LiveLines >= 74 || rep.Enxuto.OverBudget {
		t.Errorf("enxuto: got %+v, want 1 addendum and live lines short of the whole soul (history excluded)", rep.Enxuto)
	}
	if rep.Totals.History != 1 {
		t.Errorf("history claims: got %d, want 1", rep.Totals.History)
	}
	// one row per finding, and one more: line 47 names two facts that moved on, the commit count
	// and the last commit's date, and each is a row of its own
	if len(rep.Stale) != rep.Findings()+1 {
		t.Errorf("stale rows: got %d, want %d", len(rep.Stale), rep.Findings()+1)
	}
	var dates []string
	for _, f := range rep.Stale {
		if f.Line == 47 {
			dates = append(dates, f.Anchor)
		}
	}
	if len(dates) != 2 || dates[1] != "2026-07-03" {
		t.Errorf("line 47 rows: got anchors %q, want the commit count and 2026-07-03", dates)
	}
	if t.Failed() || testing.Verbose() {
		for _, c := range rep.Claims {
			t.Logf("%4d %-10s %-16s %-22s %s | %s", c.Claim.StartLine, c.Claim.Tissue, c.State, c.Reason, c.Detail, firstN(c.Claim.Text, 60))
		}
	}
}

func findClaim(t *testing.T, rep *engine.Report, fragment string) engine.ClaimResult {
	t.Helper()
	for _, c := range rep.Claims {
		if strings.Contains(c.Claim.Text, fragment) {
			return c
		}
	}
	t.Fatalf("no claim contains %q", fragment)
	return engine.ClaimResult{}
}

func firstN(s string, n int) string {
	s = strings.ReplaceAll(s, "\n", " ")
	if len(s) > n {
		return s[:n]
	}
	return fmt.Sprint(s)
}
