package benchrepo

import (
	"bufio"
	"fmt"
	"strings"
)

// The AGENTS.md scale of issue 13: a 200-line handoff in a repository of 10,000 files and 20,000
// commits. The first agentsSeed commits add the tree; every later one edits one file, and a few
// add or delete a short-lived one.
const (
	agentsFiles   = 10_000
	agentsCommits = 20_000
	agentsPkgs    = 250 // internal/aNN/pNNN: 40 files each
	agentsSeed    = 500
)

func agentsFile(f int) string {
	return fmt.Sprintf("internal/a%02d/p%03d/f%02d.go", f%agentsPkgs/25, f%agentsPkgs, f/agentsPkgs)
}

func agentsBody(f, rev int) string {
	return fmt.Sprintf("package p%03d\n\n// F%05dRun is generated, revision %d.\nfunc F%05dRun(n int) int {\n\treturn n + %d\n}\n\n// T%05d holds state.\ntype T%05d struct {\n\tn int\n}\n\n// Handle serves one request.\nfunc (t *T%05d) Handle() int { return t.n }\n", f%agentsPkgs, f, rev, f, rev, f, f, f)
}

// Agents returns the 10k-file, 20k-commit repository at os.TempDir()/name, building it on first
// use (tens of seconds) with one git fast-import stream. Every commit is the domain benchmark's.
func Agents(name string) (string, error) {
	return cached(name, func(root string, git gitFunc) error {
		im := newImporter()
		commit := func(c int, msg string, ops func(w *bufio.Writer)) {
			m := im.commit(int64(1_750_000_000)+int64(c)*600, msg, ops)
			if c%1000 == 999 {
				im.tag(fmt.Sprintf("v0.%d.0", c/1000), m)
			}
		}
		top := map[string]string{
			"go.mod":          "module example.com/bench/agents\n\ngo 1.22\n",
			"Makefile":        "build:\n\tgo build ./...\ntest:\n\tgo test ./...\nlint:\n\tgo vet ./...\ngen:\n\tgo generate ./...\n",
			"package.json":    `{"name":"agents","scripts":{"lint":"eslint web","build":"vite build","test":"vitest"}}` + "\n",
			".gitignore":      "bin/\n*.log\n/dist/\n",
			"README.md":       "# agents bench\n",
			"cmd/app/main.go": "package main\n\nfunc main() {}\n",
			"docs/setup.md":   "# setup\n",
			"AGENTS.md":       "# AGENTS.md\n",
		}
		perSeed := agentsFiles / agentsSeed
		for c := 0; c < agentsSeed; c++ {
			var marks []int
			for k := 0; k < perSeed; k++ {
				marks = append(marks, im.blob(agentsBody(c*perSeed+k, 0)))
			}
			topMarks := map[string]int{}
			if c == 0 {
				for _, p := range sortedKeys(top) {
					topMarks[p] = im.blob(top[p])
				}
			}
			commit(c, fmt.Sprintf("seed %d\n", c), func(w *bufio.Writer) {
				for k, m := range marks {
					fmt.Fprintf(w, "M 100644 :%d %s\n", m, agentsFile(c*perSeed+k))
				}
				for _, p := range sortedKeys(top) {
					if m, ok := topMarks[p]; ok {
						fmt.Fprintf(w, "M 100644 :%d %s\n", m, p)
					}
				}
			})
		}
		for c := agentsSeed; c < agentsCommits; c++ {
			f := (c * 7919) % agentsFiles
			m := im.blob(agentsBody(f, c))
			msg := fmt.Sprintf("edit %s\n", agentsFile(f))
			if c%5 == 0 {
				msg = fmt.Sprintf("edit %s (#%d)\n", agentsFile(f), c/5)
			}
			commit(c, msg, func(w *bufio.Writer) {
				fmt.Fprintf(w, "M 100644 :%d %s\n", m, agentsFile(f))
				if c == agentsCommits-5000 {
					// the handoff was last touched 5,000 commits ago, so its lag walks that far
					fmt.Fprintf(w, "M 100644 :%d AGENTS.md\n", m)
				}
				if c%400 == 0 {
					// a short-lived file: added now, deleted 200 commits later
					fmt.Fprintf(w, "M 100644 :%d tmp/scratch%05d.go\n", m, c)
				}
				if c%400 == 200 {
					fmt.Fprintf(w, "D tmp/scratch%05d.go\n", c-200)
				}
			})
		}
		return im.load(git)
	})
}

// AgentsDoc is the 200-line AGENTS.md the domain's benchmark checks: layout paths, line hints,
// symbols, commands, commits, PR refs and versions between prose, headings and a code block, a few
// of them stale on purpose. The realistic document names 2 missing paths; the stale-heavy one names
// 10 and a missing bare name (the walk over every deletion in the history).
func AgentsDoc(root string, staleHeavy bool) ([]byte, error) {
	shas, err := shortSHAs(root, 40)
	if err != nil {
		return nil, err
	}
	var b strings.Builder
	line := func(format string, args ...any) { fmt.Fprintf(&b, format+"\n", args...) }
	line("# AGENTS.md")
	line("")
	line("Guidance for agents working in this repository. Read it before changing code.")
	line("")
	line("## Layout")
	line("")
	for i := 0; i < 40; i++ {
		f := (i * 3571) % agentsFiles
		switch i % 8 {
		case 0:
			line("- `internal/a%02d/p%03d/` holds package p%03d.", f%agentsPkgs/25, f%agentsPkgs, f%agentsPkgs)
		case 1, 2, 3:
			line("- `%s` is where `F%05dRun` lives.", agentsFile(f), f)
		case 4:
			if !staleHeavy && i > 4 {
				line("- `%s` keeps the shim.", agentsFile(f))
				continue
			}
			line("- `internal/a%02d/p%03d/old%02d.go` keeps the legacy shim.", f%agentsPkgs/25, f%agentsPkgs, i) // never landed
		case 5:
			if !staleHeavy && i > 5 {
				line("- `%s` was the scratch pad.", agentsFile(f))
				continue
			}
			line("- `tmp/scratch%05d.go` was the scratch pad.", agentsSeed+((i*400)%(agentsCommits-agentsSeed))/400*400) // deleted
		case 6:
			line("- Configuration is read from `go.mod` and `Makefile`.")
		case 7:
			line("- Docs: `docs/setup.md`, entry point `cmd/app/main.go`.")
		}
	}
	line("")
	line("## Build and test")
	line("")
	line("```sh")
	line("make build")
	line("make test")
	line("go test ./...")
	line("npm run lint")
	line("```")
	line("")
	cmds := []string{"make build", "make test", "make lint", "make gen", "make release", "npm run lint", "npm run build", "npm run storybook", "go test ./...", "go vet ./..."}
	for i := 0; i < 20; i++ {
		line("- Run `%s` before you push.", cmds[i%len(cmds)])
	}
	line("")
	line("## Code map")
	line("")
	for i := 0; i < 60; i++ {
		f := (i * 6131) % agentsFiles
		switch i % 6 {
		case 0:
			line("- `%s:4` defines `F%05dRun`.", agentsFile(f), f)
		case 1:
			line("- `%s:12` holds the state type.", agentsFile(f))
		case 2:
			line("- `p%03d.F%05dRun` adds the revision.", f%agentsPkgs, f)
		case 3:
			line("- `T%05d.Handle` serves one request.", f)
		case 4:
			line("- `T%05d.Close` releases it.", f) // removed member
		case 5:
			line("- `%s:400` is the tail.", agentsFile(f)) // past the end
		}
	}
	line("")
	line("## History")
	line("")
	for i := 0; i < 40; i++ {
		switch i % 5 {
		case 0:
			line("- Fixed in commit `%s`.", shas[i%len(shas)])
		case 1:
			line("- The retry loop merged in #%d.", 100+i*37)
		case 2:
			line("- Released as `v0.%d.0`.", i%25)
		case 3:
			line("- Fixed in commit `deadbee%d`.", i) // not in git
		case 4:
			line("- The cache landed in #%d and shipped.", 9000+i)
		}
	}
	line("")
	line("## Conventions")
	line("")
	if staleHeavy {
		line("- `legacy_shim.go` was folded into the package.") // a missing bare name
	}
	for n := strings.Count(b.String(), "\n"); n < 200; n++ {
		line("Keep functions short; prefer table-driven tests and name every case.")
	}
	return []byte(b.String()), nil
}
