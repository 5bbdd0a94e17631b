package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"
	"text/tabwriter"

	commonv1 "github.com/organism-dev/organism/proto/organism/common/v1"
	medullav1 "github.com/organism-dev/organism/proto/organism/medulla/v1"
)

// localRepoRoot refuses a --repo-root that is no directory on this machine. The owner usually
// runs the CLI where the server runs, so a typo is caught here; the organ does not look (in a
// cluster the path is mounted in the pods, not where the owner types), and --remote-root says so.
func localRepoRoot(root string) error {
	info, err := os.Stat(root)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return usageError{fmt.Sprintf("brain register: --repo-root %s does not exist on this machine (pass --remote-root when it is a path on another serving machine)", root)}
	case err == nil && !info.IsDir():
		return usageError{fmt.Sprintf("brain register: --repo-root %s is not a directory", root)}
	}
	return nil
}

var brainCmd = &command{
	name:    "brain",
	summary: "the brain registry: which repository and soul each brain remembers",
	subs: []*command{
		{
			name: "register", args: "NAME", nargs: exactly(1), client: true,
			summary: "bind a brain to a repository and soul path (owner; --policy isolated keeps it out of every crossing)",
			setup: func(fs *flag.FlagSet) action {
				root := fs.String("repo-root", "", "absolute path of the repository root on the serving machine; it must exist here unless --remote-root")
				remote := fs.Bool("remote-root", false, "the server runs on another machine (a cluster, a remote host): --repo-root is its path, not checked here")
				soulPath := fs.String("soul-path", "", "repository-relative soul path (default docs/PATHOS.md)")
				policy := fs.String("policy", "owner-personal", "federation policy: owner-personal or isolated")
				return func(ctx context.Context, c *call) error {
					p, ok := medullav1.FederationPolicy_value["FEDERATION_POLICY_"+strings.ToUpper(strings.ReplaceAll(*policy, "-", "_"))]
					if !ok || p == 0 {
						return usageError{fmt.Sprintf("--policy %q: want owner-personal or isolated", *policy)}
					}
					if *root == "" {
						// The organ's answer, "repository root must be an absolute path", hides that the flag was missing.
						return usageError{"brain register: --repo-root is required: the repository's absolute path on the serving machine"}
					}
					if !*remote {
						if err := localRepoRoot(*root); err != nil {
							return err
						}
					}
					mc, err := c.medulla()
					if err != nil {
						return err
					}
					res, err := mc.RegisterBrain(ctx, &medullav1.RegisterBrainRequest{Name: c.args[0], RepoRoot: *root, SoulPath: *soulPath, Policy: medullav1.FederationPolicy(p)})
					if err != nil {
						return err
					}
					return c.print(res, func(w io.Writer) error {
						verb := "updated"
						if res.GetCreated() {
							verb = "registered"
						}
						_, err := fmt.Fprintf(w, "%s brain %s at %s\n", verb, res.GetBrain().GetName(), res.GetBrain().GetRepoRoot())
						return err
					})
				}
			},
		},
		{
			name: "ls", client: true, summary: "every brain you may see, with its policy, store version, repository and soul",
			run: func(ctx context.Context, c *call) error {
				mc, err := c.medulla()
				if err != nil {
					return err
				}
				all := &medullav1.ListBrainsResponse{}
				err = pageAll(func(token string) (string, error) {
					res, err := mc.ListBrains(ctx, &medullav1.ListBrainsRequest{Page: &commonv1.PageRequest{PageToken: token}})
					all.Brains = append(all.Brains, res.GetBrains()...)
					return res.GetPage().GetNextPageToken(), err
				})
				if err != nil {
					return err
				}
				return c.print(all, func(w io.Writer) error { return printBrains(w, all.GetBrains()) })
			},
		},
		{
			name: "show", args: "NAME", nargs: exactly(1), client: true, summary: "one brain",
			run: func(ctx context.Context, c *call) error {
				mc, err := c.medulla()
				if err != nil {
					return err
				}
				res, err := mc.GetBrain(ctx, &medullav1.GetBrainRequest{Name: c.args[0]})
				if err != nil {
					return err
				}
				return c.print(res, func(w io.Writer) error { return printBrains(w, []*medullav1.Brain{res.GetBrain()}) })
			},
		},
	},
}

func printBrains(w io.Writer, brains []*medullav1.Brain) error {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
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
