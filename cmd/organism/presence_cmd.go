package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"sort"
	"strings"
	"text/tabwriter"
	"time"

	commonv1 "github.com/organism-dev/organism/proto/organism/common/v1"
	presencev1 "github.com/organism-dev/organism/proto/organism/presence/v1"

	"github.com/organism-dev/organism/services/presence/gitset"
)

const presenceNotes = `kinds: orchestrator, executor, pool-hand, runner, oracle, human-ui (the Hall only)
paths are repository-relative files, directories (trailing /), globs (*, ?, [..], {a,b}, **) or sb_ block ids`

var presenceCmd = &command{
	name:    "presence",
	summary: "live sessions and their collisions: who is working where, and who collides with whom",
	subs: []*command{
		{
			name: "join", client: true, long: presenceNotes + "\n--keep stays joined, beating every third of the TTL until interrupted, then leaves" + fromGitNotes,
			summary: "announce a session and its working set (--keep stays joined until interrupted)",
			setup: func(fs *flag.FlagSet) action {
				kind := fs.String("kind", "executor", "session kind")
				intent := fs.String("intent", "mutate", "read or mutate")
				theme := fs.String("theme", "", "what the session is doing, one line")
				worktree := fs.String("worktree", "", "the session's worktree")
				ttl := fs.Int("ttl", 0, "seconds without a beat before the presence expires (0 = 90)")
				id := fs.String("id", "", "update this presence instead of creating one")
				brain := fs.String("brain", "", "brain to join (only for the owner; agents join their own)")
				keep := fs.Bool("keep", false, "stay joined, beating, until interrupted; then leave")
				fromGit := fs.Bool("from-git", false, "derive the working set from the git worktree (--worktree, else the current directory)")
				target := fs.String("target", "", "with --from-git: the branch the work is measured against (default: origin/HEAD, else main/master/trunk, else the upstream)")
				var paths listFlag
				fs.Var(&paths, "path", "working-set entry (repeatable)")
				fs.Var(&paths, "paths", "comma-separated working-set entries")
				return func(ctx context.Context, c *call) error {
					in, err := parseIntent(*intent)
					if err != nil {
						return err
					}
					req := &presencev1.RegisterRequest{PresenceId: *id, Kind: *kind, Theme: *theme, Intent: in,
						WorkingSet: paths, Worktree: *worktree, TtlSeconds: int32(*ttl), Brain: *brain}
					var watcher *gitset.Watcher
					if *fromGit {
						if watcher, err = joinFromGit(ctx, req, *worktree, *target, paths); err != nil {
							return err
						}
					} else if c.given("target") {
						return usageError{"--target needs --from-git"}
					}
					pc, err := c.presence()
					if err != nil {
						return err
					}
					resp, err := pc.Register(ctx, req)
					if err != nil {
						return err
					}
					p := resp.GetPresence()
					err = c.print(p, func(w io.Writer) error {
						fmt.Fprintf(w, "joined %s as %s in %s (%s, ttl %ds)\n", p.GetPresenceId(), p.GetAgentId(), p.GetBrain(), intentName(p.GetIntent()), p.GetTtlSeconds())
						printCollisionLines(w, p.GetCollisions())
						return nil
					})
					if err != nil || !*keep {
						return err
					}
					sc := newSidecar(pc, p, req, c.out, c.json)
					sc.git, sc.declared = watcher, paths
					return sc.run(ctx)
				}
			},
		},
		{
			name: "beat", args: "ID", nargs: exactly(1), client: true, summary: "keep a presence alive (--collisions also reports its collisions)",
			setup: func(fs *flag.FlagSet) action {
				withCollisions := fs.Bool("collisions", false, "also report the presence's collisions")
				return func(ctx context.Context, c *call) error {
					pc, err := c.presence()
					if err != nil {
						return err
					}
					resp, err := pc.Beat(ctx, &presencev1.BeatRequest{PresenceId: c.args[0], IncludeCollisions: *withCollisions})
					if err != nil {
						return err
					}
					p := resp.GetPresence()
					return c.print(p, func(w io.Writer) error {
						fmt.Fprintf(w, "beat %s; live until %s\n", p.GetPresenceId(), p.GetExpiresAt().AsTime().Local().Format(time.TimeOnly))
						printCollisionLines(w, p.GetCollisions())
						return nil
					})
				}
			},
		},
		{
			name: "leave", args: "ID", nargs: exactly(1), client: true, summary: "end a presence",
			run: func(ctx context.Context, c *call) error {
				pc, err := c.presence()
				if err != nil {
					return err
				}
				resp, err := pc.Leave(ctx, &presencev1.LeaveRequest{PresenceId: c.args[0]})
				if err != nil {
					return err
				}
				return c.print(resp.GetPresence(), func(w io.Writer) error {
					_, err := fmt.Fprintf(w, "left %s\n", resp.GetPresence().GetPresenceId())
					return err
				})
			},
		},
		{
			name: "ls", client: true, summary: "who is live, and who collides with whom",
			setup: func(fs *flag.FlagSet) action {
				brain := fs.String("brain", "", "brain (the owner may list any; empty = all for the owner, own for agents)")
				kind := fs.String("kind", "", "only this kind")
				agent := fs.String("agent", "", "only this agent")
				return func(ctx context.Context, c *call) error {
					pc, err := c.presence()
					if err != nil {
						return err
					}
					all := &presencev1.ListResponse{}
					err = pageAll(func(token string) (string, error) {
						resp, err := pc.List(ctx, &presencev1.ListRequest{Brain: *brain, Kind: *kind, AgentId: *agent, PageSize: 1000, PageToken: token})
						all.Presences = append(all.Presences, resp.GetPresences()...)
						if token == "" {
							// The first page's cursor: watching from it misses nothing after the roster.
							all.Cursor = resp.GetCursor()
						}
						return resp.GetNextPageToken(), err
					})
					if err != nil {
						return err
					}
					return c.print(all, func(w io.Writer) error { printRoster(w, all.GetPresences(), time.Now()); return nil })
				}
			},
		},
		{
			name: "collisions", client: true, summary: "every colliding pair (or --id one presence's)",
			setup: func(fs *flag.FlagSet) action {
				brain := fs.String("brain", "", "brain filter, as for ls")
				id := fs.String("id", "", "only this presence's collisions")
				return func(ctx context.Context, c *call) error {
					pc, err := c.presence()
					if err != nil {
						return err
					}
					all := &presencev1.CollisionsResponse{}
					err = pageAll(func(token string) (string, error) {
						resp, err := pc.Collisions(ctx, &presencev1.CollisionsRequest{Brain: *brain, PresenceId: *id, PageSize: 1000, PageToken: token})
						all.Collisions = append(all.Collisions, resp.GetCollisions()...)
						return resp.GetNextPageToken(), err
					})
					if err != nil {
						return err
					}
					return c.print(all, func(w io.Writer) error {
						if len(all.GetCollisions()) == 0 {
							_, err := fmt.Fprintln(w, "no collisions")
							return err
						}
						printCollisionLines(w, all.GetCollisions())
						return nil
					})
				}
			},
		},
		presenceScanCmd,
		{
			name: "receipts", client: true,
			summary: "a presence ledger, newest first: registrations, leaves and refusals (never beats)",
			long:    "an agent reads its own brain's ledger; the owner names any brain, or " + securityLedger + " for the refusals\nof callers bound to no brain (owner, services, federation peers)",
			setup: func(fs *flag.FlagSet) action {
				brain := fs.String("brain", "", "ledger to read (agents: their own; the owner: any brain or "+securityLedger+")")
				return func(ctx context.Context, c *call) error {
					pc, err := c.presence()
					if err != nil {
						return err
					}
					all := &presencev1.ListReceiptsResponse{Repeats: map[string]*presencev1.RefusalRepeats{}}
					err = pageAll(func(token string) (string, error) {
						res, err := pc.ListReceipts(ctx, &presencev1.ListReceiptsRequest{Brain: *brain,
							Page: &commonv1.PageRequest{PageSize: 500, PageToken: token}})
						all.Receipts = append(all.Receipts, res.GetReceipts()...)
						for id, r := range res.GetRepeats() {
							all.Repeats[id] = r
						}
						return res.GetPage().GetNextPageToken(), err
					})
					if err != nil {
						return err
					}
					return c.print(all, func(w io.Writer) error { printPresenceReceipts(w, all); return nil })
				}
			},
		},
	},
}

// securityLedger is the presence ledger of refusals of callers bound to no brain.
const securityLedger = "_security"

// printPresenceReceipts writes one line per receipt. Presence owns no store version, so unlike
// medulla's ledger the line names the presence and what happened to it.
func printPresenceReceipts(w io.Writer, res *presencev1.ListReceiptsResponse) {
	if len(res.GetReceipts()) == 0 {
		fmt.Fprintln(w, "no receipts")
		return
	}
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "AT\tDECISION\tEFFECT\tSUBJECT\tOUTCOME\tBY\tRECEIPT")
	for _, r := range res.GetReceipts() {
		if c := r.GetCommit(); c != nil {
			fmt.Fprintf(tw, "%s\tcommit\t%s\t%s\t%s\t%s\t%s\n", c.GetAt().AsTime().Format(time.RFC3339), c.GetProposal().GetEffect(),
				dash(c.GetProposal().GetSubject()), dash(c.GetDetails()["event"]), actorName(c.GetBy()), c.GetReceiptId())
			continue
		}
		j := r.GetRejection()
		if j == nil {
			continue
		}
		outcome := j.GetReason()
		if rep := res.GetRepeats()[j.GetReceiptId()]; rep.GetCount() > 1 {
			outcome += fmt.Sprintf(" x%d (last %s)", rep.GetCount(), rep.GetLastAt().AsTime().Format(time.RFC3339))
		}
		fmt.Fprintf(tw, "%s\trejection\t%s\t%s\t%s\t%s\t%s\n", j.GetAt().AsTime().Format(time.RFC3339), j.GetProposal().GetEffect(),
			dash(j.GetProposal().GetSubject()), outcome, actorName(j.GetBy()), j.GetReceiptId())
	}
	tw.Flush()
}

func dash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

// actorName names who acted: the agent (with its brain), or the origin of an unbound caller.
func actorName(a *commonv1.AgentRef) string {
	origin := strings.ToLower(strings.TrimPrefix(a.GetOrigin().String(), "ORIGIN_"))
	switch {
	case a.GetAgentId() != "" && a.GetBrain() != "":
		return a.GetAgentId() + "@" + a.GetBrain()
	case a.GetAgentId() != "":
		return a.GetAgentId() + " (" + origin + ")"
	}
	return origin
}

func parseIntent(s string) (presencev1.Intent, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "read":
		return presencev1.Intent_INTENT_READ, nil
	case "mutate":
		return presencev1.Intent_INTENT_MUTATE, nil
	}
	return 0, usageError{fmt.Sprintf("--intent %q: want read or mutate", s)}
}

func intentName(i presencev1.Intent) string {
	return strings.ToLower(strings.TrimPrefix(i.String(), "INTENT_"))
}

// printRoster writes the roster table, oldest session first.
func printRoster(out io.Writer, ps []*presencev1.Presence, now time.Time) {
	if len(ps) == 0 {
		fmt.Fprintln(out, "no live presences")
		return
	}
	sort.SliceStable(ps, func(i, j int) bool {
		return ps[i].GetStartedAt().AsTime().Before(ps[j].GetStartedAt().AsTime())
	})
	tw := tabwriter.NewWriter(out, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "PRESENCE\tBRAIN\tAGENT\tKIND\tINTENT\tAGE\tBEAT\tTHEME\tCOLLIDES WITH")
	for _, p := range ps {
		var peers []string
		for _, c := range p.GetCollisions() {
			if h := strings.TrimSpace(heatTag(c.GetHeat())); h != "" {
				peers = append(peers, fmt.Sprintf("%s(%s,%s)", c.GetB().GetPresenceId(), c.GetB().GetAgentId(), h))
				continue
			}
			peers = append(peers, fmt.Sprintf("%s(%s)", c.GetB().GetPresenceId(), c.GetB().GetAgentId()))
		}
		collides := strings.Join(peers, " ")
		if collides == "" {
			collides = "-"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s ago\t%s\t%s\n", p.GetPresenceId(), p.GetBrain(), p.GetAgentId(), p.GetKind(),
			intentName(p.GetIntent()), shortDuration(now.Sub(p.GetStartedAt().AsTime())),
			shortDuration(now.Sub(p.GetLastBeat().AsTime())), oneLine(p.GetTheme(), 48), collides)
	}
	tw.Flush()
}

func shortDuration(d time.Duration) string {
	if d < 0 {
		d = 0
	}
	d = d.Truncate(time.Second)
	switch {
	case d >= 24*time.Hour:
		return fmt.Sprintf("%dd%dh", int(d.Hours())/24, int(d.Hours())%24)
	case d >= time.Hour:
		return fmt.Sprintf("%dh%02dm", int(d.Hours()), int(d.Minutes())%60)
	case d >= time.Minute:
		return fmt.Sprintf("%dm%02ds", int(d.Minutes()), int(d.Seconds())%60)
	}
	return fmt.Sprintf("%ds", int(d.Seconds()))
}

func oneLine(s string, max int) string {
	if s == "" {
		return "-"
	}
	if r := []rune(s); len(r) > max {
		return string(r[:max-1]) + "…"
	}
	return s
}

// printCollisionLines writes one advisory line per colliding pair.
func printCollisionLines(out io.Writer, cs []*presencev1.Collision) {
	for _, c := range cs {
		var items []string
		for _, o := range c.GetOverlaps() {
			switch {
			case o.GetA() == o.GetB() && o.GetHeat() != presencev1.Heat_HEAT_UNSPECIFIED:
				items = append(items, o.GetA()+" ("+strings.TrimSpace(heatTag(o.GetHeat()))+")")
			case o.GetA() == o.GetB():
				items = append(items, o.GetA())
			default:
				items = append(items, o.GetA()+" ~ "+o.GetB())
			}
		}
		fmt.Fprintf(out, "%scollision in %s: %s (%s, %s) x %s (%s, %s): %s\n", heatTag(c.GetHeat()), c.GetBrain(),
			c.GetA().GetPresenceId(), c.GetA().GetAgentId(), oneLine(c.GetA().GetTheme(), 40),
			c.GetB().GetPresenceId(), c.GetB().GetAgentId(), oneLine(c.GetB().GetTheme(), 40), strings.Join(items, ", "))
	}
}
