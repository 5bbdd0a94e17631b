package main

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"strings"
	"testing"
)

// TestMain lets a test run the real main (its exit status included) in a child process:
// ORGANISM_CLI_ARGS holds the arguments, separated by newlines.
func TestMain(m *testing.M) {
	if args, ok := os.LookupEnv("ORGANISM_CLI_ARGS"); ok {
		os.Args = []string{"organism"}
		if args != "" {
			os.Args = append(os.Args, strings.Split(args, "\n")...)
		}
		main()
		os.Exit(0)
	}
	code := m.Run()
	removeBuiltBinary()
	os.Exit(code)
}

// leaves lists every verb of the tree as its path from the root.
func leaves(c *command, path []string) [][]string {
	if len(c.subs) == 0 {
		return [][]string{path}
	}
	var out [][]string
	for _, s := range c.subs {
		out = append(out, leaves(s, append(append([]string{}, path...), s.name))...)
	}
	return out
}

// todaysVerbs are the verbs the binary had before the tree; every one must stay.
var todaysVerbs = []string{
	"serve", "token mint", "brain register", "brain ls", "brain show", "memorize", "recall", "claim show", "claim history",
	"claim verify", "receipts", "medulla export", "medulla import", "medulla cross-verify", "promote", "consolidate", "learn",
	"portfolio", "peer follow", "peer ls", "peer sync", "peer foreign", "adopt", "soul check", "soul read", "soul receipts",
	"soul north", "soul tissues", "presence join", "presence beat", "presence leave", "presence ls", "presence collisions",
	"mission open", "mission post", "mission show", "mission board", "mission spawn", "mission land", "runner",
}

func TestHelpListsEveryVerb(t *testing.T) {
	verbs := leaves(rootCommand(), nil)
	inTree := map[string]bool{}
	for _, v := range verbs {
		inTree[strings.Join(v, " ")] = true
	}
	for _, v := range todaysVerbs {
		if !inTree[v] {
			t.Errorf("got no verb %q in the tree, want every verb the binary had", v)
		}
	}
	// Help asked for is printed with status 0; a bare `organism` (no verb) carries the same
	// help in its usage error (status 2, printed to stderr by main).
	for _, args := range [][]string{{"help"}, {"-h"}, {"--help"}, nil} {
		var out bytes.Buffer
		err := dispatch(context.Background(), args, &out)
		help, want := out.String(), 0
		if args == nil {
			help, want = err.Error(), 2
			if out.Len() > 0 {
				t.Errorf("organism: got %q on stdout, want nothing there", out.String())
			}
		}
		if code := exitCode(err); code != want {
			t.Fatalf("organism %v: got exit %d, want %d", args, code, want)
		}
		for _, v := range verbs {
			if !strings.Contains(help, "  "+strings.Join(v, " ")+" ") {
				t.Errorf("organism %v: got help without %q:\n%s", args, strings.Join(v, " "), help)
			}
		}
	}
}

// TestEveryVerbHasHelp: -h on every verb exits 0 and prints its usage and flags; a client verb's
// help names the connection flags and --json.
func TestEveryVerbHasHelp(t *testing.T) {
	for _, v := range leaves(rootCommand(), nil) {
		t.Run(strings.Join(v, " "), func(t *testing.T) {
			var out bytes.Buffer
			if code := exitCode(dispatch(context.Background(), append(v, "-h"), &out)); code != 0 {
				t.Fatalf("got exit %d, want 0", code)
			}
			want := []string{"usage: organism " + strings.Join(v, " "), "flags:"}
			if v[0] != "serve" && v[0] != "mcp" { // plain verbs: serve logs, mcp speaks only the protocol on stdout
				want = append(want, "-json")
			}
			for _, w := range want {
				if !strings.Contains(out.String(), w) {
					t.Errorf("got help without %q:\n%s", w, out.String())
				}
			}
		})
	}
}

func TestUsageAndHelpExitCodes(t *testing.T) {
	tests := []struct {
		name     string
		args     []string
		wantCode int
		want     string // in the output for help, in the error for usage errors
	}{
		{"noun help", []string{"mission", "-h"}, 0, "  mission show MISSION "},
		{"help NOUN", []string{"help", "presence"}, 0, "  presence collisions "},
		{"help NOUN VERB", []string{"help", "mission", "show"}, 0, "-page-size"},
		{"verb help after arguments", []string{"brain", "show", "loja", "-h"}, 0, "usage: organism brain show NAME"},
		{"unknown verb", []string{"nosuch"}, 2, `unknown verb "nosuch" for organism`},
		{"unknown verb of a noun", []string{"mission", "frobnicate"}, 2, `unknown verb "frobnicate" for organism mission; want one of: open, post, show, board, spawn, land`},
		{"help for an unknown verb", []string{"help", "nosuch"}, 2, `unknown verb "nosuch"`},
		{"noun without a verb", []string{"peer"}, 2, "organism peer needs a verb: follow, ls, sync, foreign"},
		{"unknown flag", []string{"token", "mint", "--no-such-flag"}, 2, "flag provided but not defined: -no-such-flag"},
		{"missing argument", []string{"brain", "show"}, 2, "want 1 argument(s), got 0"},
		{"extra argument", []string{"claim", "show", "a", "b", "--brain", "x"}, 2, `unexpected argument(s) ["b"]`},
		{"too few arguments", []string{"consolidate", "one"}, 2, "want at least 2 argument(s), got 1"},
		{"bad flag value", []string{"brain", "register", "x", "--policy", "open"}, 2, `--policy "open"`},
		{"memory verb without a brain", []string{"claim", "show", "slug", "--token", "t"}, 2, "--brain is required"},
		{"brain register without a repository", []string{"brain", "register", "loja", "--token", "t"}, 2, "--repo-root is required"},
		{"no credential", []string{"brain", "ls", "--addr", "127.0.0.1:1"}, 1, "no credential"},
	}
	t.Setenv("ORGANISM_TOKEN", "")
	t.Setenv("ORGANISM_BRAIN", "")
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var out bytes.Buffer
			err := dispatch(context.Background(), tc.args, &out)
			if got := exitCode(err); got != tc.wantCode {
				t.Fatalf("organism %v: got exit %d (%v), want %d", tc.args, got, err, tc.wantCode)
			}
			got := out.String()
			if tc.wantCode != 0 {
				got = err.Error()
			}
			if !strings.Contains(got, tc.want) {
				t.Errorf("organism %v: got %q, want it to contain %q", tc.args, got, tc.want)
			}
		})
	}
}

// TestProcessExitStatus runs the real main in a child process: the status a shell sees.
func TestProcessExitStatus(t *testing.T) {
	tests := []struct {
		name     string
		args     []string
		wantCode int
		stdout   string // "" means nothing at all on stdout
		stderr   string // "" means nothing at all on stderr
	}{
		{"help", []string{"help"}, 0, "usage: organism <verb>", ""},
		{"-h", []string{"-h"}, 0, "usage: organism <verb>", ""},
		{"--help", []string{"--help"}, 0, "usage: organism <verb>", ""},
		{"no verb at all", nil, 2, "", "usage: organism <verb>"},
		{"verb -h", []string{"token", "mint", "-h"}, 0, "usage: organism token mint", ""},
		{"unknown verb", []string{"frobnicate"}, 2, "", `organism: unknown verb "frobnicate"`},
		{"unknown verb of a noun", []string{"brain", "rm"}, 2, "", `organism: unknown verb "rm" for organism brain`},
		{"unknown flag", []string{"brain", "ls", "--frob"}, 2, "", "flag provided but not defined"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cmd := exec.Command(os.Args[0], "-test.run=^$")
			cmd.Env = append(os.Environ(), "ORGANISM_CLI_ARGS="+strings.Join(tc.args, "\n"))
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			err := cmd.Run()
			code := 0
			if ee, ok := err.(*exec.ExitError); ok {
				code = ee.ExitCode()
			} else if err != nil {
				t.Fatal(err)
			}
			if code != tc.wantCode {
				t.Fatalf("got exit %d, want %d\nstdout: %s\nstderr: %s", code, tc.wantCode, stdout.String(), stderr.String())
			}
			if !strings.Contains(stdout.String(), tc.stdout) || !strings.Contains(stderr.String(), tc.stderr) ||
				(tc.stdout == "" && stdout.Len() > 0) || (tc.stderr == "" && stderr.Len() > 0) {
				t.Errorf("got stdout %q, stderr %q; want %q and %q in them", stdout.String(), stderr.String(), tc.stdout, tc.stderr)
			}
		})
	}
}
