package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	medullav1 "github.com/organism-dev/organism/proto/organism/medulla/v1"
)

func init() {
	register(command{name: "brain", summary: "the brain registry: brain register|ls|show", run: runBrain})
}

const brainUsage = `usage:
  organism brain register NAME --repo-root PATH [--soul-path docs/PATHOS.md] [--policy owner-personal|isolated]   (owner)
  organism brain ls
  organism brain show NAME
every verb takes --addr, --token or --owner, --data-dir, --json`

func runBrain(ctx context.Context, args []string, out io.Writer) error {
	if len(args) == 0 {
		return errors.New(brainUsage)
	}
	fs := newFlagSet("brain "+args[0], out)
	var d dialFlags
	d.bind(fs)
	var root, soulPath, policy string
	if args[0] == "register" {
		fs.StringVar(&root, "repo-root", "", "absolute path of the repository root on the serving machine")
		fs.StringVar(&soulPath, "soul-path", "", "repository-relative soul path (default docs/PATHOS.md)")
		fs.StringVar(&policy, "policy", "owner-personal", "federation policy: owner-personal or isolated")
	}
	pos, err := parseInterleaved(fs, args[1:])
	if err != nil {
		return err
	}
	conn, err := d.dial()
	if err != nil {
		return err
	}
	defer conn.Close()
	c := medullav1.NewMedullaServiceClient(conn)
	switch args[0] {
	case "register":
		if len(pos) != 1 {
			return fmt.Errorf("want exactly one brain name\n%s", brainUsage)
		}
		p, ok := medullav1.FederationPolicy_value["FEDERATION_POLICY_"+strings.ToUpper(strings.ReplaceAll(policy, "-", "_"))]
		if !ok || p == 0 {
			return fmt.Errorf("--policy %q: want owner-personal or isolated", policy)
		}
		res, err := c.RegisterBrain(ctx, &medullav1.RegisterBrainRequest{Name: pos[0], RepoRoot: root, SoulPath: soulPath, Policy: medullav1.FederationPolicy(p)})
		if err != nil {
			return refusalError(err)
		}
		if d.json {
			return printJSON(out, res)
		}
		verb := "updated"
		if res.GetCreated() {
			verb = "registered"
		}
		fmt.Fprintf(out, "%s brain %s at %s\n", verb, res.GetBrain().GetName(), res.GetBrain().GetRepoRoot())
		return nil
	case "ls", "show":
		var brains []*medullav1.Brain
		if args[0] == "show" {
			if len(pos) != 1 {
				return fmt.Errorf("want exactly one brain name\n%s", brainUsage)
			}
			res, err := c.GetBrain(ctx, &medullav1.GetBrainRequest{Name: pos[0]})
			if err != nil {
				return refusalError(err)
			}
			if d.json {
				return printJSON(out, res)
			}
			brains = append(brains, res.GetBrain())
		} else {
			res, err := c.ListBrains(ctx, &medullav1.ListBrainsRequest{})
			if err != nil {
				return refusalError(err)
			}
			if d.json {
				return printJSON(out, res)
			}
			brains = res.GetBrains()
		}
		tw := tabwriter.NewWriter(out, 0, 4, 2, ' ', 0)
		fmt.Fprintln(tw, "NAME\tPOLICY\tSTORE\tREPO\tSOUL")
		for _, b := range brains {
			name := b.GetName()
			if b.GetReserved() {
				name += " (doctrine tier)"
			}
			fmt.Fprintf(tw, "%s\t%s\t%d\t%s\t%s\n", name, strings.ReplaceAll(enumName(b.GetPolicy().String(), "FEDERATION_POLICY_"), "_", "-"),
				b.GetStoreVersion(), b.GetRepoRoot(), b.GetSoulPath())
		}
		return tw.Flush()
	}
	return fmt.Errorf("unknown brain verb %q\n%s", args[0], brainUsage)
}
