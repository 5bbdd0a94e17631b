package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/url"
	"slices"
	"strings"
	"text/tabwriter"
)

// command is one node of the CLI's tree: a noun whose verbs sit beneath it (subs), or a verb
// that runs. The tree is declared once, noun by noun, and dispatch, help and the usage errors
// are all read from it, so a verb cannot exist without being listed in `organism help`.
type command struct {
	name    string
	args    string // positional synopsis for usage, e.g. "NAME" or "[QUERY...]"
	summary string // one line for the listings
	long    string // notes printed under the verb's own help

	// nargs is how many positional arguments the verb takes; the zero value takes none.
	nargs arity
	// client verbs get --addr, --token, --owner and --data-dir and may dial a server.
	client bool
	// plain verbs print nothing a script reads, so they take no --json (serve).
	plain bool
	// setup binds the verb's own flags and returns what runs once they are parsed. It is called
	// afresh for every invocation, so no flag value outlives the call that set it.
	setup func(fs *flag.FlagSet) action
	// run is the body of a verb with no flags of its own (instead of setup).
	run action

	subs []*command
}

// action is a verb's body, run with its flags parsed and its positionals checked.
type action func(ctx context.Context, c *call) error

// arity bounds a verb's positional arguments; max < 0 means no upper bound.
type arity struct{ min, max int }

func exactly(n int) arity { return arity{n, n} }
func atMost(n int) arity  { return arity{0, n} }
func atLeast(n int) arity { return arity{n, -1} }

func (a arity) check(got []string) error {
	switch {
	case len(got) < a.min && a.min == a.max:
		return fmt.Errorf("want %d argument(s), got %d", a.min, len(got))
	case len(got) < a.min:
		return fmt.Errorf("want at least %d argument(s), got %d", a.min, len(got))
	case a.max >= 0 && len(got) > a.max:
		return fmt.Errorf("unexpected argument(s) %q", got[a.max:])
	}
	return nil
}

// usageError is a mistake in how the binary was called: an unknown verb, a bad flag, the wrong
// number of arguments. It exits 2, the status command-line tools use for usage errors.
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

// bareUsage is a usage error whose message is the whole help text, printed as is (main adds no
// "organism:" before it).
type bareUsage struct{ help string }

func (e bareUsage) Error() string { return e.help }

// exitError carries a process exit status out of a verb without printing an error.
type exitError struct{ code int }

func (e exitError) Error() string { return fmt.Sprintf("exit status %d", e.code) }

// exitCode is the process status an error from dispatch ends with: 0 for success and for help
// asked for, 2 for usage errors, a verb's own status, 1 for everything else.
func exitCode(err error) int {
	var ue usageError
	var ee exitError
	var bu bareUsage
	switch {
	case err == nil, errors.Is(err, flag.ErrHelp):
		return 0
	case errors.As(err, &ue), errors.As(err, &bu):
		return 2
	case errors.As(err, &ee):
		return ee.code
	}
	return 1
}

func isHelp(arg string) bool {
	return arg == "help" || arg == "-h" || arg == "--help" || arg == "-help"
}

// dispatch walks the tree along args to a verb and runs it. Help asked for anywhere prints the
// node's generated help to out and returns flag.ErrHelp (exit 0).
func dispatch(ctx context.Context, args []string, out io.Writer) error {
	node, path := rootCommand(), []string{"organism"}
	for len(node.subs) > 0 {
		if len(args) == 0 && len(path) == 1 {
			// A bare `organism` is a call without a verb: what it can do goes to stderr with
			// status 2, so a script that forgot its verb fails; help and -h stay on stdout with 0.
			var help strings.Builder
			printNodeHelp(&help, path, node)
			return bareUsage{help.String()}
		}
		if len(args) == 0 {
			return usageError{fmt.Sprintf("%s needs a verb: %s (run '%s -h')", strings.Join(path, " "), verbNames(node), strings.Join(path, " "))}
		}
		if isHelp(args[0]) {
			// `organism help mission show` is `organism mission show -h`.
			if args[0] == "help" && len(args) > 1 {
				return dispatch(ctx, append(append([]string{}, args[1:]...), "-h"), out)
			}
			printNodeHelp(out, path, node)
			return flag.ErrHelp
		}
		next := node.sub(args[0])
		if next == nil {
			return usageError{fmt.Sprintf("unknown verb %q for %s; want one of: %s", args[0], strings.Join(path, " "), verbNames(node))}
		}
		node, path, args = next, append(path, next.name), args[1:]
	}
	return node.invoke(ctx, path, args, out)
}

func (c *command) sub(name string) *command {
	for _, s := range c.subs {
		if s.name == name {
			return s
		}
	}
	return nil
}

func verbNames(c *command) string {
	names := make([]string, len(c.subs))
	for i, s := range c.subs {
		names[i] = s.name
	}
	return strings.Join(names, ", ")
}

// invoke parses a verb's flags, checks its positionals, runs it and closes what it dialed.
func (c *command) invoke(ctx context.Context, path []string, args []string, out io.Writer) error {
	fs := flag.NewFlagSet(strings.Join(path, " "), flag.ContinueOnError)
	// Parse errors are reported by main as usage errors, not printed twice by the flag package.
	fs.SetOutput(io.Discard)
	cl := &call{out: out}
	if c.client {
		cl.dialer.bind(fs)
	}
	if !c.plain {
		fs.BoolVar(&cl.json, "json", false, "print the answer as JSON with the proto field names (lists: every page merged into one document)")
	}
	act := c.run
	if c.setup != nil {
		act = c.setup(fs)
	}
	pos, err := parseInterleaved(fs, args)
	if errors.Is(err, flag.ErrHelp) {
		printVerbHelp(out, path, c, fs)
		return flag.ErrHelp
	}
	if err != nil {
		return usageError{fmt.Sprintf("%s: %v (run '%s -h')", strings.Join(path, " "), err, strings.Join(path, " "))}
	}
	if err := c.nargs.check(pos); err != nil {
		return usageError{fmt.Sprintf("%s %s: %v", strings.Join(path, " "), c.args, err)}
	}
	fs.Visit(func(f *flag.Flag) { cl.set = append(cl.set, f.Name) })
	cl.args = pos
	defer cl.close()
	err = act(ctx, cl)
	if c.client {
		err = unreachable(cl.dialer.addr, err)
	}
	return renderStatus(err)
}

// parseInterleaved parses flags that may come before or after positional arguments, as in
// `organism mission show msn_x --letters`; everything after "--" is positional.
func parseInterleaved(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return pos, nil
		}
		if consumed := len(args) - len(rest); consumed > 0 && args[consumed-1] == "--" {
			return append(pos, rest...), nil
		}
		pos = append(pos, rest[0])
		args = rest[1:]
	}
}

// printNodeHelp lists every verb beneath node, one line each, as paths from the root; the root's
// help therefore lists every verb the binary has.
func printNodeHelp(w io.Writer, path []string, node *command) {
	prefix := strings.Join(path, " ")
	fmt.Fprintf(w, "usage: %s <verb> [flags]\n", prefix)
	if node.summary != "" {
		fmt.Fprintf(w, "\n%s\n", node.summary)
	}
	fmt.Fprintln(w, "\nverbs:")
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	var walk func(p []string, c *command)
	walk = func(p []string, c *command) {
		if len(c.subs) == 0 {
			fmt.Fprintf(tw, "  %s\t%s\n", strings.TrimSpace(strings.Join(p, " ")+" "+c.args), c.summary)
			return
		}
		for _, s := range c.subs {
			walk(append(slices.Clone(p), s.name), s)
		}
	}
	// Paths are spelled from below the root, so every line reads as what to type after "organism".
	walk(slices.Clone(path[1:]), node)
	tw.Flush()
	fmt.Fprintf(w, "\nRun '%s <verb> -h' for a verb's flags.\n", prefix)
	if len(path) == 1 {
		fmt.Fprint(w, rootNotes)
	}
}

const rootNotes = `
Client verbs reach the server at --addr (env ORGANISM_ADDR, default ` + defaultGRPCAddr + `) with
--token (env ORGANISM_TOKEN) or --owner (the owner credential in --data-dir). --json prints the
answer as protojson with the proto field names (snake_case); a list verb pages to the end and
prints one document holding every page; a stream (mission board --watch) prints one JSON object
per line.
`

func printVerbHelp(w io.Writer, path []string, c *command, fs *flag.FlagSet) {
	fmt.Fprintf(w, "usage: %s [flags]\n\n%s\n", strings.TrimSpace(strings.Join(path, " ")+" "+c.args), c.summary)
	if c.long != "" {
		fmt.Fprintf(w, "\n%s\n", strings.TrimSpace(c.long))
	}
	fmt.Fprintln(w, "\nflags:")
	hideSecretDefaults(fs)
	fs.SetOutput(w)
	fs.PrintDefaults()
}

// secretFlags hold credentials; their defaults come from the environment (ORGANISM_TOKEN, ...).
var secretFlags = map[string]bool{"token": true, "service-token": true, "gateway-token": true, "credential": true}

// hideSecretDefaults keeps help from printing a credential or a database password taken from the
// environment: help output is pasted into issues, reports and agents' transcripts. A hidden
// default still shows that one is set. Help ends the call, so the flag set is not used again.
func hideSecretDefaults(fs *flag.FlagSet) {
	fs.VisitAll(func(f *flag.Flag) {
		switch {
		case f.DefValue == "":
		case secretFlags[f.Name]:
			f.DefValue = "<hidden>"
		case strings.Contains(f.DefValue, "://"):
			if u, err := url.Parse(f.DefValue); err == nil {
				f.DefValue = u.Redacted()
			} else {
				f.DefValue = "<hidden>"
			}
		}
	})
}
