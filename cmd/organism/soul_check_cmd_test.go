package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// soulGit is a git repository a test builds commit by commit.
type soulGit struct {
	t    *testing.T
	root string
}

func newSoulGit(t *testing.T, files map[string]string) *soulGit {
	t.Helper()
	g := &soulGit{t: t, root: t.TempDir()}
	g.git("init", "-q", "-b", "main")
	// the gone/ files the drift fixtures name were there once: a missing path with history behind it
	// is drift; one history never saw is only an unverified mention (engine/tiers.go)
	g.write(map[string]string{"gone/a.go": "package gone\n", "gone/b.go": "package gone\n", "gone/api.go": "package gone\n"})
	g.commit("prehistory")
	g.git("rm", "-q", "-r", "gone")
	g.write(files)
	g.commit("init")
	return g
}

func (g *soulGit) git(args ...string) string {
	g.t.Helper()
	cmd := exec.Command("git", append([]string{"-C", g.root, "-c", "user.name=t", "-c", "user.email=t@example.com", "-c", "commit.gpgsign=false"}, args...)...)
	cmd.Env = append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1", "HOME="+g.root, "GIT_AUTHOR_DATE=2026-07-01T10:00:00Z", "GIT_COMMITTER_DATE=2026-07-01T10:00:00Z")
	out, err := cmd.CombinedOutput()
	if err != nil {
		g.t.Fatalf("git %v: %v\n%s", args, err, out)
	}
	return strings.TrimSpace(string(out))
}

func (g *soulGit) write(files map[string]string) {
	g.t.Helper()
	for rel, body := range files {
		p := filepath.Join(g.root, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			g.t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			g.t.Fatal(err)
		}
	}
}

func (g *soulGit) commit(msg string) string {
	g.t.Helper()
	g.git("add", "-A", "-f")
	g.git("commit", "-q", "--allow-empty", "-m", msg)
	return g.git("rev-parse", "HEAD")
}

// runSoul runs the binary's dispatch and answers its output and exit status.
func runSoul(t *testing.T, args ...string) (string, int) {
	t.Helper()
	var out bytes.Buffer
	err := dispatch(context.Background(), args, &out)
	code := exitCode(err)
	if code != 0 && err != nil && !strings.HasPrefix(err.Error(), "exit status") {
		out.WriteString("\nerror: " + err.Error())
	}
	return out.String(), code
}

const (
	freshAgents      = "# Agents\n\n## Layout\n\n- `main.go` is the entry point.\n"
	driftAgents      = "# Agents\n\n## Layout\n\n- `main.go` is the entry point.\n- `gone/a.go` holds the old loop.\n"
	ordinaryAgents   = "# Agents\n\n## Current State\n\n- `main.go` is the entry point.\n- Releases stall on Fridays.\n"
	disciplineSoul   = "# PATHOS\n\n## Checkpoint 2\n\n### Current State\n\n- `main.go` is the entry point.\n- Releases stall on Fridays.\n"
	bothSoul         = disciplineSoul + "- `gone/a.go` holds the old loop.\n"
	unverifiedAgents = "# Agents\n\n## Layout\n\n- `main.go` is the entry point.\n- `legacy/a.go` holds the old loop.\n" // legacy/ has no history
	// an ordinary AGENTS.md counting one thing two ways: a disagreement with itself, no drift; the same
	// lines in a soul are drift (its counts answer to one another)
	disagreeAgents  = "# Agents\n\n## Layout\n\n- `main.go` registers 12 routes.\n- `main.go` registers 14 routes.\n"
	disagreeSoul    = "# PATHOS\n\n## Checkpoint 2\n\n### Current State\n\n- `main.go` registers 12 routes.\n- `main.go` registers 14 routes.\n"
	mainGo          = "package main\n\nfunc main() {}\n"
	docsGlobIgnored = "doc:legacy/\n"
)

func TestSoulCheckExitCodes(t *testing.T) {
	tests := []struct {
		name  string
		files map[string]string
		args  []string
		want  int
	}{
		{"clean", map[string]string{"AGENTS.md": freshAgents}, []string{"--soul", "AGENTS.md"}, exitClean},
		{"drift", map[string]string{"AGENTS.md": driftAgents}, []string{"--soul", "AGENTS.md"}, exitDrift},
		{"drift with --exit-zero", map[string]string{"AGENTS.md": driftAgents}, []string{"--soul", "AGENTS.md", "--exit-zero"}, exitClean},
		{"discipline does not fail by default", map[string]string{"docs/PATHOS.md": disciplineSoul}, nil, exitClean},
		{"discipline fails when asked", map[string]string{"docs/PATHOS.md": disciplineSoul}, []string{"--fail-on", "discipline"}, exitDiscipline},
		{"drift wins over discipline", map[string]string{"docs/PATHOS.md": bothSoul}, []string{"--fail-on", "discipline"}, exitDrift},
		{"an ordinary AGENTS.md's anchorless sentence is no finding", map[string]string{"AGENTS.md": ordinaryAgents}, []string{"--all", "--fail-on", "discipline"}, exitClean},
		{"an unverified mention does not fail by default", map[string]string{"AGENTS.md": unverifiedAgents}, []string{"--all"}, exitClean},
		{"an unverified mention fails when asked", map[string]string{"AGENTS.md": unverifiedAgents}, []string{"--all", "--fail-on", "unverified"}, exitDiscipline},
		{"drift wins over an unverified mention", map[string]string{"AGENTS.md": unverifiedAgents + "- `gone/a.go` holds the old loop.\n"}, []string{"--all", "--fail-on", "unverified"}, exitDrift},
		{"a document's disagreement with itself does not fail by default", map[string]string{"AGENTS.md": disagreeAgents}, []string{"--all"}, exitClean},
		{"a document's disagreement with itself fails when asked", map[string]string{"AGENTS.md": disagreeAgents}, []string{"--all", "--fail-on", "disagreement"}, exitDiscipline},
		{"drift wins over a disagreement", map[string]string{"AGENTS.md": disagreeAgents + "- `gone/a.go` holds the old loop.\n"}, []string{"--all", "--fail-on", "disagreement"}, exitDrift},
		{"attack: a soul's counts that disagree are drift", map[string]string{"docs/PATHOS.md": disagreeSoul}, nil, exitDrift},
		{"unknown format", map[string]string{"AGENTS.md": freshAgents}, []string{"--all", "--format", "xml"}, exitIO},
		{"unknown fail-on", map[string]string{"AGENTS.md": freshAgents}, []string{"--all", "--fail-on", "style"}, exitIO},
		{"missing document", map[string]string{"AGENTS.md": freshAgents}, []string{"NOPE.md"}, exitIO},
		{"--all with a document", map[string]string{"AGENTS.md": freshAgents}, []string{"--all", "AGENTS.md"}, exitIO},
		{"unreadable baseline", map[string]string{"AGENTS.md": freshAgents}, []string{"--all", "--baseline", "/nonexistent/b.json"}, exitIO},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			files := map[string]string{"main.go": mainGo}
			for k, v := range tc.files {
				files[k] = v
			}
			g := newSoulGit(t, files)
			out, code := runSoul(t, append([]string{"soul", "check", "--repo", g.root}, tc.args...)...)
			if code != tc.want {
				t.Errorf("exit: got %d, want %d\n%s", code, tc.want, out)
			}
		})
	}
	if out, code := runSoul(t, "soul", "check", "--repo", filepath.Join(t.TempDir(), "nope"), "--all"); code != exitIO {
		t.Errorf("missing repository: got exit %d, want %d\n%s", code, exitIO, out)
	}
}

func TestSoulCheckAllFindsEveryHandoffFile(t *testing.T) {
	g := newSoulGit(t, map[string]string{
		"main.go":                                         mainGo,
		"AGENTS.md":                                       driftAgents,
		"services/api/CLAUDE.md":                          "# Claude\n\n- `handler.go` serves the API.\n",
		"services/api/handler.go":                         "package api\n",
		"docs/PATHOS.md":                                  disciplineSoul,
		"node_modules/pkg/AGENTS.md":                      driftAgents,
		"vendor/github.com/x/y/CLAUDE.md":                 driftAgents,
		"internal/p/testdata/AGENTS.md":                   driftAgents,
		"evals/fixtures/project/AGENTS.md":                driftAgents,
		"web/src/__fixtures__/CLAUDE.md":                  driftAgents,
		"cli/agent_templates/AGENTS.md":                   driftAgents,
		"cli/agent_presets/research/AGENTS.md":            driftAgents,
		"{{cookiecutter.slug}}/CLAUDE.md":                 driftAgents,
		"scaffold/AGENTS.md":                              driftAgents,
		"packages/create-app/template-react-ts/AGENTS.md": driftAgents,
		"legacy/AGENTS.md":                                driftAgents,
		"archive/v1/routes/AGENTS.md":                     driftAgents,
		"attic/CLAUDE.md":                                 driftAgents,
		".taskmaster/CLAUDE.md":                           driftAgents,
		"internal/archive/AGENTS.md":                      "# Agents\n\n- `tar.go` packs the bundle.\n",
		"internal/archive/tar.go":                         "package archive\n",
		".soulignore":                                     docsGlobIgnored,
		"README.md":                                       "# readme\n",
		"services/api/docs/CONTRIBUTING.md":               driftAgents,
	})
	out, code := runSoul(t, "soul", "check", "--repo", g.root, "--all", "--format", "json")
	if code != exitDrift {
		t.Errorf("exit: got %d, want %d (the root AGENTS.md drifts)", code, exitDrift)
	}
	var set struct {
		Schema    string `json:"schema"`
		Documents []struct {
			SoulPath string `json:"soul_path"`
			Stale    []struct {
				Kind   string `json:"kind"`
				Anchor string `json:"anchor"`
			} `json:"stale"`
		} `json:"documents"`
		Totals map[string]int `json:"totals"`
	}
	if err := json.Unmarshal([]byte(out), &set); err != nil {
		t.Fatalf("json: %v\n%s", err, out)
	}
	var paths []string
	for _, d := range set.Documents {
		paths = append(paths, d.SoulPath)
	}
	if got, want := strings.Join(paths, " "), "AGENTS.md docs/PATHOS.md internal/archive/AGENTS.md services/api/CLAUDE.md"; got != want {
		t.Errorf("documents: got %q, want %q", got, want)
	}
	if set.Totals["drift"] != 1 || set.Totals["discipline"] != 1 {
		t.Errorf("totals: got %v, want 1 drift and 1 discipline", set.Totals)
	}
}

func TestSoulCheckFormats(t *testing.T) {
	g := newSoulGit(t, map[string]string{"main.go": mainGo, "AGENTS.md": driftAgents})
	tests := []struct {
		format string
		want   string
	}{
		{"github", "::error file=AGENTS.md,line=6,title=soul drift%3A "},
		{"text", "6     drift"},
		{"sarif", `"version": "2.1.0"`},
		{"json", `"kind": "drift"`},
	}
	for _, tc := range tests {
		t.Run(tc.format, func(t *testing.T) {
			out, code := runSoul(t, "soul", "check", "--repo", g.root, "--soul", "AGENTS.md", "--format", tc.format)
			if code != exitDrift || !strings.Contains(out, tc.want) {
				t.Errorf("got exit %d and\n%s\nwant exit %d and %q", code, out, exitDrift, tc.want)
			}
		})
	}
}

func TestSoulCheckBaseline(t *testing.T) {
	g := newSoulGit(t, map[string]string{"main.go": mainGo, "AGENTS.md": driftAgents})
	base := filepath.Join(t.TempDir(), "soul-baseline.json")
	if out, code := runSoul(t, "soul", "check", "--repo", g.root, "--all", "--write-baseline", base); code != exitClean {
		t.Fatalf("write-baseline: got exit %d, want 0\n%s", code, out)
	}
	if out, code := runSoul(t, "soul", "check", "--repo", g.root, "--all", "--baseline", base); code != exitClean || strings.Contains(out, "gone/a.go") {
		t.Errorf("baseline of today: got exit %d and\n%s\nwant exit 0 and no finding", code, out)
	}
	// lines move (a new paragraph above) and a new drift appears: only the new one fails
	g.write(map[string]string{"AGENTS.md": "# Agents\n\nRead this first.\n\n## Layout\n\n- `main.go` is the entry point.\n- `gone/a.go` holds the old loop.\n- `gone/b.go` holds the new loop.\n"})
	out, code := runSoul(t, "soul", "check", "--repo", g.root, "--all", "--baseline", base, "--format", "github")
	if code != exitDrift || !strings.Contains(out, "gone/b.go") || strings.Contains(out, "gone/a.go") {
		t.Errorf("new drift: got exit %d and\n%s\nwant exit 1 naming gone/b.go only", code, out)
	}
}

func TestSoulCheckDiff(t *testing.T) {
	g := newSoulGit(t, map[string]string{
		"main.go": mainGo, "src/a.go": "package src\n",
		"CLAUDE.md": "# Claude\n\n- `old/stale.go` holds what was.\n- `src/a.go` holds A.\n",
	})
	base := g.git("rev-parse", "HEAD")
	g.git("mv", "src/a.go", "src/b.go")
	g.write(map[string]string{"docs/.keep": ""})
	g.git("mv", "CLAUDE.md", "docs/CLAUDE.md")
	g.commit("move a to b; the handoff to docs/")
	g.write(map[string]string{"AGENTS.md": freshAgents})
	g.commit("agents")

	out, code := runSoul(t, "soul", "check", "--repo", g.root, "--all", "--diff", base, "--format", "json")
	if code != exitDrift {
		t.Errorf("exit: got %d, want %d\n%s", code, exitDrift, out)
	}
	var set struct {
		Documents []struct {
			SoulPath string `json:"soul_path"`
			Stale    []struct{ Anchor, Detail string }
		} `json:"documents"`
	}
	if err := json.Unmarshal([]byte(out), &set); err != nil {
		t.Fatalf("json: %v\n%s", err, out)
	}
	var got []string
	for _, d := range set.Documents {
		for _, s := range d.Stale {
			got = append(got, d.SoulPath+" "+s.Anchor)
			if s.Anchor == "src/a.go" && !strings.Contains(s.Detail, "renamed to src/b.go by this change") {
				t.Errorf("detail: got %q, want the rename attributed", s.Detail)
			}
		}
	}
	if strings.Join(got, ",") != "docs/CLAUDE.md src/a.go" {
		t.Errorf("findings introduced since BASE: got %v, want [docs/CLAUDE.md src/a.go] (old/stale.go was stale at BASE already)", got)
	}
	if out, _ := runSoul(t, "soul", "check", "--repo", g.root, "--all"); !strings.Contains(out, "old/stale.go") {
		t.Errorf("without --diff: got\n%s\nwant the old finding too", out)
	}
	if wt := g.git("worktree", "list"); strings.Count(wt, "\n") != 0 {
		t.Errorf("worktrees left behind: %s", wt)
	}
	if out, code := runSoul(t, "soul", "check", "--repo", g.root, "--all", "--diff", "no-such-rev"); code != exitIO {
		t.Errorf("unknown BASE: got exit %d, want %d\n%s", code, exitIO, out)
	}
}

// TestSoulCheckFromASubdirectory runs the check as a shell or an editor in a subdirectory does
// (no --repo): a DOC argument names the document beside the user, and every format still names
// files from the repository root, which is what GitHub and code scanning resolve them against.
func TestSoulCheckFromASubdirectory(t *testing.T) {
	g := newSoulGit(t, map[string]string{
		"main.go": mainGo, "AGENTS.md": freshAgents,
		"services/api/AGENTS.md": "# Agents\n\n- `gone/api.go` serves the API.\n",
	})
	t.Chdir(filepath.Join(g.root, "services", "api"))
	tests := []struct {
		name string
		args []string
		want []string
		code int
	}{
		{"the document beside the user", []string{"AGENTS.md", "--format", "github"}, []string{"::error file=services/api/AGENTS.md,line=3,"}, exitDrift},
		{"a path up to the root's", []string{"../../AGENTS.md", "--format", "github"}, []string{"::notice title=soul check::1 document · 0 drift"}, exitClean},
		{"--all from the subdirectory", []string{"--all", "--format", "github"}, []string{"::error file=services/api/AGENTS.md,line=3,"}, exitDrift},
		{"sarif from the subdirectory", []string{"AGENTS.md", "--format", "sarif"}, []string{`"uri": "services/api/AGENTS.md"`, `"uriBaseId": "%SRCROOT%"`}, exitDrift},
		{"--repo names documents from the repository", []string{"--repo", g.root, "AGENTS.md", "--format", "github"}, []string{"::notice title=soul check::1 document · 0 drift"}, exitClean},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out, code := runSoul(t, append([]string{"soul", "check"}, tc.args...)...)
			if code != tc.code {
				t.Errorf("exit: got %d, want %d\n%s", code, tc.code, out)
			}
			for _, w := range tc.want {
				if !strings.Contains(out, w) {
					t.Errorf("got\n%s\nwant %q", out, w)
				}
			}
		})
	}
	if out, code := runSoul(t, "soul", "check", "../../../outside.md"); code != exitIO || !strings.Contains(out, "outside the repository") {
		t.Errorf("a document outside the repository: got exit %d and\n%s\nwant exit %d saying so", code, out, exitIO)
	}
}

// TestSoulCheckBadBaselineSaysWhat: a baseline CI cannot use stops the run with exit 2 and one
// line naming the flag, the file and what is wrong, never a bare "EOF" or a silent accept-nothing.
func TestSoulCheckBadBaselineSaysWhat(t *testing.T) {
	g := newSoulGit(t, map[string]string{"main.go": mainGo, "AGENTS.md": driftAgents})
	dir := t.TempDir()
	tests := []struct {
		name, body string
		want       []string
	}{
		{"empty", "", []string{"--baseline", "empty.json", "the file is empty", "--write-baseline"}},
		{"not JSON", "{findings", []string{"--baseline", "not-JSON.json", "not a soul-baseline-v1 JSON document"}},
		{"another schema", `{"schema":"sarif"}`, []string{"--baseline", "another-schema.json", `schema "sarif", want "soul-baseline-v1"`}},
		{"a finding keyed by nothing", `{"schema":"soul-baseline-v1","findings":[{"anchor":"gone/a.go"}]}`, []string{"finding 1 has no document or no reason"}},
		{"two documents", `{"schema":"soul-baseline-v1","findings":[]}{"schema":"soul-baseline-v1"}`, []string{"more than one JSON document"}},
		{"missing", "-", []string{"--baseline", "missing.json", "no such file"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := filepath.Join(dir, strings.ReplaceAll(tc.name, " ", "-")+".json")
			if tc.body != "-" {
				if err := os.WriteFile(p, []byte(tc.body), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			out, code := runSoul(t, "soul", "check", "--repo", g.root, "--all", "--baseline", p)
			msg := strings.TrimPrefix(strings.TrimSpace(out), "error: ")
			if code != exitIO || strings.Contains(msg, "\n") {
				t.Errorf("got exit %d and\n%s\nwant exit %d and one line", code, out, exitIO)
			}
			for _, w := range tc.want {
				if !strings.Contains(msg, w) {
					t.Errorf("got %q, want it to say %q", msg, w)
				}
			}
		})
	}
}
