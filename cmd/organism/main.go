// Command organism is the one Organism binary: `organism serve --target=...` runs the services
// and the gateway; every other verb is a client the agents and the owner use.
package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"syscall"
)

// rootCommand is the whole tree, noun by noun; each noun is declared in its own *_cmd.go file.
func rootCommand() *command {
	return &command{
		name:    "organism",
		summary: "shared memory and context for agentic work: the services, and the CLI that speaks to them",
		subs: []*command{
			serveCmd, healthCmd, tokenCmd, keysCmd, certsCmd, storeCmd,
			brainCmd, memorizeCmd, recallCmd, claimCmd, receiptsCmd, medullaCmd,
			promoteCmd, consolidateCmd, learnCmd, portfolioCmd, peerCmd, adoptCmd,
			soulCmd, presenceCmd, missionCmd, runnerCmd, reportCmd, charterCmd, mcpCmd,
			skeletonCmd, curateCmd, ratifyCmd, handRunnerCmd,
		},
	}
}

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := dispatch(ctx, os.Args[1:], os.Stdout)
	stop()
	var quiet exitError
	var bare bareUsage
	if code := exitCode(err); code != 0 {
		switch {
		case errors.As(err, &bare):
			fmt.Fprint(os.Stderr, bare.help)
		case !errors.As(err, &quiet):
			fmt.Fprintln(os.Stderr, "organism:", err)
		}
		os.Exit(code)
	}
}
