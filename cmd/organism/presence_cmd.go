package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"sort"
	"strings"
	"text/tabwriter"
	"time"

	presencev1 "github.com/organism-dev/organism/proto/organism/presence/v1"
)

func init() {
	register(command{name: "presence", summary: "live sessions and their collisions: presence join|beat|leave|ls|collisions", run: runPresence})
}

const presenceUsage = `usage:
  organism presence join --kind KIND --intent read|mutate [--theme T] [--path P]... [--paths a,b] [--worktree W] [--ttl S] [--id prs_x] [--brain B] [--keep]
  organism presence beat ID [--collisions]
  organism presence leave ID
  organism presence ls [--brain B] [--kind K] [--agent A]
  organism presence collisions [--brain B] [--id ID]
kinds: orchestrator, executor, pool-hand, runner, oracle, human-ui (the Hall only)
paths are repository-relative files, directories (trailing /), globs (*, ?, [..], {a,b}, **) or sb_ block ids
join --keep stays joined, beating every third of the TTL until interrupted, then leaves
every verb takes --addr, --token or --owner, --data-dir, --json`

func runPresence(ctx context.Context, args []string, out io.Writer) error {
	if len(args) == 0 {
		return errors.New(presenceUsage)
	}
	verbs := map[string]func(context.Context, []string, io.Writer) error{
		"join": runPresenceJoin, "beat": runPresenceBeat, "leave": runPresenceLeave,
		"ls": runPresenceList, "collisions": runPresenceCollisions,
	}
	run, ok := verbs[args[0]]
	if !ok {
		return fmt.Errorf("unknown presence verb %q\n%s", args[0], presenceUsage)
	}
	return run(ctx, args[1:], out)
}

// listFlag collects a repeatable flag; commas also separate values.
type listFlag []string

func (l *listFlag) String() string { return strings.Join(*l, ",") }

func (l *listFlag) Set(v string) error {
	for p := range strings.SplitSeq(v, ",") {
		if p = strings.TrimSpace(p); p != "" {
			*l = append(*l, p)
		}
	}
	return nil
}

// presenceCall parses flags (with an optional leading positional id) and dials.
func presenceCall(fs *flag.FlagSet, d *dialFlags, args []string, wantID bool) (presencev1.PresenceServiceClient, string, func() error, error) {
	if err := fs.Parse(idLast(args)); err != nil {
		return nil, "", nil, err
	}
	id := ""
	switch {
	case wantID && len(fs.Args()) == 1:
		id = fs.Args()[0]
	case wantID:
		return nil, "", nil, fmt.Errorf("want exactly one presence id\n%s", presenceUsage)
	case len(fs.Args()) != 0:
		return nil, "", nil, fmt.Errorf("unexpected arguments %v\n%s", fs.Args(), presenceUsage)
	}
	conn, err := d.dial()
	if err != nil {
		return nil, "", nil, err
	}
	return presencev1.NewPresenceServiceClient(conn), id, conn.Close, nil
}

// idLast lets the presence id come before the flags (organism presence beat prs_x --json).
func idLast(args []string) []string {
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		return append(append([]string{}, args[1:]...), args[0])
	}
	return args
}

func parseIntent(s string) (presencev1.Intent, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "read":
		return presencev1.Intent_INTENT_READ, nil
	case "mutate":
		return presencev1.Intent_INTENT_MUTATE, nil
	}
	return 0, fmt.Errorf("--intent %q: want read or mutate", s)
}

func intentName(i presencev1.Intent) string {
	return strings.ToLower(strings.TrimPrefix(i.String(), "INTENT_"))
}

func runPresenceJoin(ctx context.Context, args []string, out io.Writer) error {
	fs := newFlagSet("presence join", out)
	var d dialFlags
	d.bind(fs)
	kind := fs.String("kind", "executor", "session kind")
	intent := fs.String("intent", "mutate", "read or mutate")
	theme := fs.String("theme", "", "what the session is doing, one line")
	worktree := fs.String("worktree", "", "the session's worktree")
	ttl := fs.Int("ttl", 0, "seconds without a beat before the presence expires (0 = 90)")
	id := fs.String("id", "", "update this presence instead of creating one")
	brain := fs.String("brain", "", "brain to join (only for the owner; agents join their own)")
	keep := fs.Bool("keep", false, "stay joined, beating, until interrupted; then leave")
	var paths listFlag
	fs.Var(&paths, "path", "working-set entry (repeatable)")
	fs.Var(&paths, "paths", "comma-separated working-set entries")
	client, _, closeConn, err := presenceCall(fs, &d, args, false)
	if err != nil {
		return err
	}
	defer closeConn()
	in, err := parseIntent(*intent)
	if err != nil {
		return err
	}
	resp, err := client.Register(ctx, &presencev1.RegisterRequest{PresenceId: *id, Kind: *kind, Theme: *theme, Intent: in,
		WorkingSet: paths, Worktree: *worktree, TtlSeconds: int32(*ttl), Brain: *brain})
	if err != nil {
		return err
	}
	p := resp.GetPresence()
	if d.json {
		if err := printJSON(out, p); err != nil {
			return err
		}
	} else {
		fmt.Fprintf(out, "joined %s as %s in %s (%s, ttl %ds)\n", p.GetPresenceId(), p.GetAgentId(), p.GetBrain(), intentName(p.GetIntent()), p.GetTtlSeconds())
		printCollisionLines(out, p.GetCollisions())
	}
	if !*keep {
		return nil
	}
	return keepBeating(ctx, client, p, out, d.json)
}

// keepBeating beats over one Beats stream every third of the TTL until ctx ends, then leaves.
func keepBeating(ctx context.Context, client presencev1.PresenceServiceClient, p *presencev1.Presence, out io.Writer, quiet bool) error {
	every := time.Duration(p.GetTtlSeconds()) * time.Second / 3
	st, err := client.Beats(ctx)
	if err != nil {
		return err
	}
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			// Leave with a fresh context: the session's own one is already cancelled.
			lctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			defer cancel()
			if _, err := client.Leave(lctx, &presencev1.LeaveRequest{PresenceId: p.GetPresenceId()}); err != nil {
				return err
			}
			if !quiet {
				fmt.Fprintf(out, "left %s\n", p.GetPresenceId())
			}
			return nil
		case <-t.C:
			if err := st.Send(&presencev1.BeatsRequest{PresenceId: p.GetPresenceId()}); err != nil {
				return err
			}
			if _, err := st.Recv(); err != nil {
				return err
			}
		}
	}
}

func runPresenceBeat(ctx context.Context, args []string, out io.Writer) error {
	fs := newFlagSet("presence beat", out)
	var d dialFlags
	d.bind(fs)
	withCollisions := fs.Bool("collisions", false, "also report the presence's collisions")
	client, id, closeConn, err := presenceCall(fs, &d, args, true)
	if err != nil {
		return err
	}
	defer closeConn()
	resp, err := client.Beat(ctx, &presencev1.BeatRequest{PresenceId: id, IncludeCollisions: *withCollisions})
	if err != nil {
		return err
	}
	p := resp.GetPresence()
	if d.json {
		return printJSON(out, p)
	}
	fmt.Fprintf(out, "beat %s; live until %s\n", p.GetPresenceId(), p.GetExpiresAt().AsTime().Local().Format(time.TimeOnly))
	printCollisionLines(out, p.GetCollisions())
	return nil
}

func runPresenceLeave(ctx context.Context, args []string, out io.Writer) error {
	fs := newFlagSet("presence leave", out)
	var d dialFlags
	d.bind(fs)
	client, id, closeConn, err := presenceCall(fs, &d, args, true)
	if err != nil {
		return err
	}
	defer closeConn()
	resp, err := client.Leave(ctx, &presencev1.LeaveRequest{PresenceId: id})
	if err != nil {
		return err
	}
	if d.json {
		return printJSON(out, resp.GetPresence())
	}
	fmt.Fprintf(out, "left %s\n", resp.GetPresence().GetPresenceId())
	return nil
}

func runPresenceList(ctx context.Context, args []string, out io.Writer) error {
	fs := newFlagSet("presence ls", out)
	var d dialFlags
	d.bind(fs)
	brain := fs.String("brain", "", "brain (the owner may list any; empty = all for the owner, own for agents)")
	kind := fs.String("kind", "", "only this kind")
	agent := fs.String("agent", "", "only this agent")
	client, _, closeConn, err := presenceCall(fs, &d, args, false)
	if err != nil {
		return err
	}
	defer closeConn()
	all := &presencev1.ListResponse{}
	for token := ""; ; {
		resp, err := client.List(ctx, &presencev1.ListRequest{Brain: *brain, Kind: *kind, AgentId: *agent, PageSize: 1000, PageToken: token})
		if err != nil {
			return err
		}
		all.Presences = append(all.Presences, resp.GetPresences()...)
		if all.Cursor == 0 {
			all.Cursor = resp.GetCursor()
		}
		if token = resp.GetNextPageToken(); token == "" {
			break
		}
	}
	if d.json {
		return printJSON(out, all)
	}
	printRoster(out, all.GetPresences(), time.Now())
	return nil
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

func runPresenceCollisions(ctx context.Context, args []string, out io.Writer) error {
	fs := newFlagSet("presence collisions", out)
	var d dialFlags
	d.bind(fs)
	brain := fs.String("brain", "", "brain filter, as for ls")
	id := fs.String("id", "", "only this presence's collisions")
	client, _, closeConn, err := presenceCall(fs, &d, args, false)
	if err != nil {
		return err
	}
	defer closeConn()
	resp, err := client.Collisions(ctx, &presencev1.CollisionsRequest{Brain: *brain, PresenceId: *id})
	if err != nil {
		return err
	}
	if d.json {
		return printJSON(out, resp)
	}
	if len(resp.GetCollisions()) == 0 {
		fmt.Fprintln(out, "no collisions")
		return nil
	}
	printCollisionLines(out, resp.GetCollisions())
	return nil
}

// printCollisionLines writes one advisory line per colliding pair.
func printCollisionLines(out io.Writer, cs []*presencev1.Collision) {
	for _, c := range cs {
		var items []string
		for _, o := range c.GetOverlaps() {
			if o.GetA() == o.GetB() {
				items = append(items, o.GetA())
			} else {
				items = append(items, o.GetA()+" ~ "+o.GetB())
			}
		}
		fmt.Fprintf(out, "collision in %s: %s (%s, %s) x %s (%s, %s): %s\n", c.GetBrain(),
			c.GetA().GetPresenceId(), c.GetA().GetAgentId(), oneLine(c.GetA().GetTheme(), 40),
			c.GetB().GetPresenceId(), c.GetB().GetAgentId(), oneLine(c.GetB().GetTheme(), 40), strings.Join(items, ", "))
	}
}
