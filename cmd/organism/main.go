// Command organism is the one Organism binary: `organism serve --target=...` runs the services
// and the gateway; every other verb is a client the agents and the owner use.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"sort"
	"syscall"
)

// command is one verb of the binary.
type command struct {
	name    string
	summary string
	run     func(ctx context.Context, args []string, out io.Writer) error
}

var commands = map[string]command{}

// register adds a verb; each verb lives in its own file and registers itself from init.
func register(c command) {
	if _, dup := commands[c.name]; dup {
		panic("duplicate command " + c.name)
	}
	commands[c.name] = c
}

// exitError carries a process exit status out of a verb without printing an error.
type exitError struct{ code int }

func (e exitError) Error() string { return fmt.Sprintf("exit status %d", e.code) }

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := dispatch(ctx, os.Args[1:], os.Stdout)
	stop()
	var ee exitError
	switch {
	case errors.As(err, &ee):
		os.Exit(ee.code)
	case errors.Is(err, flag.ErrHelp):
		// The flag set has printed the usage asked for; that is a success, not an error.
	case err != nil:
		fmt.Fprintln(os.Stderr, "organism:", err)
		os.Exit(1)
	}
}

func dispatch(ctx context.Context, args []string, out io.Writer) error {
	if len(args) == 0 || args[0] == "help" || args[0] == "-h" || args[0] == "--help" {
		usage(out)
		return nil
	}
	c, ok := commands[args[0]]
	if !ok {
		usage(os.Stderr)
		return fmt.Errorf("unknown command %q", args[0])
	}
	return c.run(ctx, args[1:], out)
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: organism <command> [flags]\n\ncommands:")
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-12s %s\n", n, commands[n].summary)
	}
	fmt.Fprintln(w, "\nRun 'organism <command> -h' for a command's flags.")
}
