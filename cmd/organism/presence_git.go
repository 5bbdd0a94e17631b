package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"text/tabwriter"

	presencev1 "github.com/organism-dev/organism/proto/organism/presence/v1"

	"github.com/organism-dev/organism/services/presence/gitset"
)

const fromGitNotes = `
--from-git derives the working set from the worktree (--worktree, else the current directory):
  staged, unstaged and untracked files and the commits ahead of the merge-base with --target,
  each file with its changed lines (in the merge-base's line numbers), so that collisions are
  labelled hot (both changed the same lines) or soft (the same file only). With --keep the
  working set is refreshed on every beat; --path entries are kept alongside it.
  --target defaults to origin/HEAD, else the local main, master or trunk, else the upstream.`

// joinFromGit fills req from the worktree at dir ("" for the current directory) and returns the
// watcher the sidecar refreshes with.
func joinFromGit(ctx context.Context, req *presencev1.RegisterRequest, dir, target string, declared []string) (*gitset.Watcher, error) {
	if dir == "" {
		wd, err := os.Getwd()
		if err != nil {
			return nil, err
		}
		dir = wd
	}
	w, err := gitset.NewWatcher(ctx, dir, target)
	if err != nil {
		return nil, err
	}
	snap, _, err := w.Refresh(ctx)
	if err != nil {
		return nil, err
	}
	fillFromGit(req, snap, declared)
	return w, nil
}

var presenceScanCmd = &command{
	name: "scan", client: true,
	summary: "inspect every worktree of a repository; report those with changes that no live session owns",
	long: `scan lists the repository's worktrees (git worktree list), derives each one's changes against
--target (as join --from-git does) and matches them with the live presences' worktrees (in the
caller's brain; every brain for the owner). A worktree with changes that no live presence names is
reported as unowned: work in progress nobody is announcing, so nobody is warned about it.
--all lists clean and owned worktrees too. Exits 0 either way.`,
	setup: func(fs *flag.FlagSet) action {
		repo := fs.String("repo", ".", "any directory of the repository")
		target := fs.String("target", "", "the branch changes are measured against (default as for join --from-git)")
		brain := fs.String("brain", "", "brain whose presences own worktrees (the owner may name any; empty = all for the owner, own for agents)")
		all := fs.Bool("all", false, "list every worktree, not only the unowned ones with changes")
		return func(ctx context.Context, c *call) error {
			found, err := gitset.Scan(ctx, *repo, *target)
			if err != nil {
				return err
			}
			pc, err := c.presence()
			if err != nil {
				return err
			}
			owners := map[string][]string{}
			err = pageAll(func(token string) (string, error) {
				resp, err := pc.List(ctx, &presencev1.ListRequest{Brain: *brain, PageSize: 1000, PageToken: token})
				for _, p := range resp.GetPresences() {
					if wt := strings.TrimSpace(p.GetWorktree()); wt != "" {
						key := samePlace(wt)
						owners[key] = append(owners[key], p.GetPresenceId()+"("+p.GetAgentId()+")")
					}
				}
				return resp.GetNextPageToken(), err
			})
			if err != nil {
				return err
			}
			rep := scanReport{Target: *target}
			for _, in := range found {
				row := scanRow{Worktree: in.Path, Branch: strings.TrimPrefix(in.Branch, "refs/heads/"), Base: in.Snapshot.Base,
					Ahead: in.Snapshot.Ahead, Changed: len(in.Snapshot.Files), Owners: owners[samePlace(in.Path)],
					Bare: in.Bare, Prunable: in.Prunable}
				if in.Err != nil {
					row.Error = in.Err.Error()
				}
				if rep.Target == "" {
					rep.Target = in.Snapshot.Target
				}
				for _, f := range in.Snapshot.Files {
					row.Files = append(row.Files, f.Path)
				}
				row.Unowned = row.Changed > 0 && len(row.Owners) == 0
				if row.Unowned {
					rep.Unowned++
				}
				if *all || row.Unowned || row.Error != "" {
					rep.Worktrees = append(rep.Worktrees, row)
				}
			}
			rep.Scanned = len(found)
			return c.printValue(rep, func(w io.Writer) error { printScan(w, rep); return nil })
		}
	},
}

// samePlace is the spelling two names of one directory share: absolute, clean, symlinks resolved
// (a worktree under /tmp may be announced as /private/tmp/...).
func samePlace(p string) string {
	if abs, err := filepath.Abs(p); err == nil {
		p = abs
	}
	if real, err := filepath.EvalSymlinks(p); err == nil {
		p = real
	}
	return filepath.Clean(p)
}

// scanReport is the answer of `presence scan` (with --json, in these field names).
type scanReport struct {
	Target    string    `json:"target"`
	Scanned   int       `json:"scanned"`
	Unowned   int       `json:"unowned"`
	Worktrees []scanRow `json:"worktrees"`
}

type scanRow struct {
	Worktree string   `json:"worktree"`
	Branch   string   `json:"branch,omitempty"`
	Base     string   `json:"base,omitempty"`
	Ahead    int      `json:"ahead"`
	Changed  int      `json:"changed"`
	Files    []string `json:"files,omitempty"`
	Owners   []string `json:"owners,omitempty"`
	Unowned  bool     `json:"unowned"`
	Bare     bool     `json:"bare,omitempty"`
	Prunable bool     `json:"prunable,omitempty"`
	Error    string   `json:"error,omitempty"`
}

func printScan(w io.Writer, rep scanReport) {
	if len(rep.Worktrees) > 0 {
		tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
		fmt.Fprintln(tw, "WORKTREE\tBRANCH\tAHEAD\tCHANGED\tOWNED BY")
		for _, r := range rep.Worktrees {
			owner := strings.Join(r.Owners, " ")
			switch {
			case r.Error != "":
				owner = "unreadable: " + oneLine(r.Error, 60)
			case r.Prunable:
				owner = "prunable (directory gone)"
			case r.Bare:
				owner = "bare"
			case r.Unowned:
				owner = "UNOWNED"
			case owner == "":
				owner = "-"
			}
			fmt.Fprintf(tw, "%s\t%s\t%d\t%d\t%s\n", r.Worktree, dash(r.Branch), r.Ahead, r.Changed, owner)
		}
		tw.Flush()
	}
	fmt.Fprintf(w, "%s scanned against %s; %d unowned with changes\n", counted(rep.Scanned, "worktree"), rep.Target, rep.Unowned)
}
