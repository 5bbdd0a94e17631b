package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	medullav1 "github.com/organism-dev/organism/proto/organism/medulla/v1"
	missionv1 "github.com/organism-dev/organism/proto/organism/mission/v1"
	"github.com/organism-dev/organism/services/mission/domain"
)

func init() {
	register(command{name: "mission", summary: "letter chains and the landing gate: mission open|post|show|board|spawn|land", run: runMission})
}

const missionUsage = `usage:
  organism mission open --brain NAME --gate CMD --symptom TEXT [--blocks sb_a,sb_b] [--report ID] [--title T] [--note N] [--spawn [--runner ID]]
  organism mission post MISSION --phase PHASE [--head N] [--note TEXT] [--verdict approve|reject|abstain [--gist TEXT]]
  organism mission show MISSION [--letters] [--log]
  organism mission board [--brain NAME] [--phase judging,merge_wait,...] [--watch [--cursor N]]
  organism mission spawn MISSION [--runner ID]
  organism mission land MISSION --owner [--candidate LETTER] [--store-version N]   (only the owner's credential lands)
every verb takes --addr, --token or --owner, --data-dir, --json`

func runMission(ctx context.Context, args []string, out io.Writer) error {
	if len(args) == 0 {
		return errors.New(missionUsage)
	}
	verbs := map[string]func(context.Context, []string, io.Writer) error{
		"open": runMissionOpen, "post": runMissionPost, "show": runMissionShow, "board": runMissionBoard,
		"spawn": runMissionSpawn, "land": runMissionLand,
	}
	run, ok := verbs[args[0]]
	if !ok {
		return fmt.Errorf("unknown mission verb %q\n%s", args[0], missionUsage)
	}
	return run(ctx, args[1:], out)
}

// missionClient parses flags (positional mission id first, if any) and dials.
type missionCall struct {
	d      dialFlags
	client missionv1.MissionServiceClient
	close  func() error
	id     string
}

func (c *missionCall) dial(fs interface{ Args() []string }, wantID bool) error {
	if wantID {
		if len(fs.Args()) != 1 {
			return fmt.Errorf("want exactly one mission id\n%s", missionUsage)
		}
		c.id = fs.Args()[0]
	} else if len(fs.Args()) != 0 {
		return fmt.Errorf("unexpected arguments %v\n%s", fs.Args(), missionUsage)
	}
	conn, err := c.d.dial()
	if err != nil {
		return err
	}
	c.client, c.close = missionv1.NewMissionServiceClient(conn), conn.Close
	return nil
}

// splitIDArg lets the mission id come before the flags (organism mission show msn_x --json).
func splitIDArg(args []string) []string {
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		return append(append([]string{}, args[1:]...), args[0])
	}
	return args
}

func parsePhase(s string) (missionv1.Phase, error) {
	p, ok := missionv1.Phase_value["PHASE_"+strings.ToUpper(strings.TrimSpace(s))]
	if !ok || p == 0 {
		return 0, fmt.Errorf("unknown phase %q (judging, executing, merge_wait, landed, failed, abandoned, spawn_refused)", s)
	}
	return missionv1.Phase(p), nil
}

func phaseName(p missionv1.Phase) string {
	if p == missionv1.Phase_PHASE_UNSPECIFIED {
		return "-"
	}
	return strings.ToLower(strings.TrimPrefix(p.String(), "PHASE_"))
}

func runMissionOpen(ctx context.Context, args []string, out io.Writer) error {
	fs := newFlagSet("mission open", out)
	var c missionCall
	c.d.bind(fs)
	brain := fs.String("brain", "", "brain the mission belongs to")
	gate := fs.String("gate", "", "gate command, run with sh -c in the worktree; exit 0 passes")
	symptom := fs.String("symptom", "", "the symptom, kept verbatim")
	blocks := fs.String("blocks", "", "comma-separated skeleton block ids (sb_...)")
	report := fs.String("report", "", "source field report id")
	title := fs.String("title", "", "short title")
	note := fs.String("note", "", "note on the seq 1 letter")
	spawn := fs.Bool("spawn", false, "hand the mission to a pinned runner right away")
	runnerID := fs.String("runner", "", "with --spawn: the pinned runner (default: any that serves the brain)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if err := c.dial(fs, false); err != nil {
		return err
	}
	defer c.close()
	p := &missionv1.Packet{Brain: *brain, GateCommand: *gate, Symptom: *symptom, ReportId: *report, Title: *title}
	if *blocks != "" {
		for _, b := range strings.Split(*blocks, ",") {
			p.BlockIds = append(p.BlockIds, strings.TrimSpace(b))
		}
	}
	resp, err := c.client.OpenMission(ctx, &missionv1.OpenMissionRequest{Packet: p, Note: *note})
	if err != nil {
		return err
	}
	m := resp.GetMission()
	if *spawn {
		sp, err := c.client.SpawnMission(ctx, &missionv1.SpawnMissionRequest{MissionId: m.GetMissionId(), RunnerId: *runnerID})
		if err != nil {
			return fmt.Errorf("opened %s but spawning was refused: %w", m.GetMissionId(), err)
		}
		m = sp.GetMission()
	}
	if c.d.json {
		return printJSON(out, &missionv1.OpenMissionResponse{Mission: m, Letter: resp.GetLetter()})
	}
	fmt.Fprintf(out, "opened %s in %s (seq 1, judging)\n", m.GetMissionId(), m.GetBrain())
	if m.GetAssignedRunner() != "" {
		fmt.Fprintf(out, "spawned to runner %s\n", m.GetAssignedRunner())
	}
	return nil
}

func runMissionPost(ctx context.Context, args []string, out io.Writer) error {
	fs := newFlagSet("mission post", out)
	var c missionCall
	c.d.bind(fs)
	phase := fs.String("phase", "", "phase the letter moves to (a parecer speaks as judging)")
	head := fs.Int64("head", 0, "the head seq you read; default: read it now")
	note := fs.String("note", "", "letter text (required for failed, abandoned, spawn_refused)")
	verdict := fs.String("verdict", "", "post an advisory parecer: approve, reject or abstain")
	gist := fs.String("gist", "", "with --verdict: the parecer's gist")
	if err := fs.Parse(splitIDArg(args)); err != nil {
		return err
	}
	if err := c.dial(fs, true); err != nil {
		return err
	}
	defer c.close()
	view, err := c.client.GetMission(ctx, &missionv1.GetMissionRequest{MissionId: c.id})
	if err != nil {
		return err
	}
	l := &missionv1.Letter{Schema: domain.Schema, Brain: view.GetMission().GetBrain(), Note: *note}
	if *verdict != "" {
		v, ok := missionv1.Verdict_value["VERDICT_"+strings.ToUpper(*verdict)]
		if !ok || v == 0 {
			return fmt.Errorf("unknown verdict %q (approve, reject, abstain)", *verdict)
		}
		l.Advisory, l.Phase = true, missionv1.Phase_PHASE_JUDGING
		l.Parecer = &missionv1.Parecer{Verdict: missionv1.Verdict(v), Gist: *gist}
	} else {
		if l.Phase, err = parsePhase(*phase); err != nil {
			return err
		}
	}
	expected := *head
	if expected == 0 {
		expected = view.GetMission().GetHeadSeq()
	}
	resp, err := c.client.PostLetter(ctx, &missionv1.PostLetterRequest{MissionId: c.id, ExpectedHead: expected, Letter: l})
	if err != nil {
		return err
	}
	if c.d.json {
		return printJSON(out, resp)
	}
	fmt.Fprintf(out, "posted seq %d (%s); %s is %s\n", resp.GetLetter().GetSeq(), phaseName(resp.GetLetter().GetPhase()),
		c.id, phaseName(resp.GetMission().GetPhase()))
	return nil
}

func runMissionShow(ctx context.Context, args []string, out io.Writer) error {
	fs := newFlagSet("mission show", out)
	var c missionCall
	c.d.bind(fs)
	letters := fs.Bool("letters", false, "list every letter of the chain")
	showLog := fs.Bool("log", false, "print the current candidate's full gate log")
	if err := fs.Parse(splitIDArg(args)); err != nil {
		return err
	}
	if err := c.dial(fs, true); err != nil {
		return err
	}
	defer c.close()
	view, err := c.client.GetMission(ctx, &missionv1.GetMissionRequest{MissionId: c.id})
	if err != nil {
		return err
	}
	if *showLog {
		sha := view.GetCandidate().GetCandidate().GetLogSha256()
		if sha == "" {
			return fmt.Errorf("%s has no candidate log", c.id)
		}
		stream, err := c.client.GetLog(ctx, &missionv1.GetLogRequest{MissionId: c.id, LogSha256: sha})
		if err != nil {
			return err
		}
		for {
			msg, err := stream.Recv()
			if errors.Is(err, io.EOF) {
				return nil
			}
			if err != nil {
				return err
			}
			if _, err := out.Write(msg.GetChunk()); err != nil {
				return err
			}
		}
	}
	var chain []*missionv1.Letter
	if *letters {
		resp, err := c.client.ListLetters(ctx, &missionv1.ListLettersRequest{MissionId: c.id, PageSize: 1000})
		if err != nil {
			return err
		}
		chain = resp.GetLetters()
	}
	if c.d.json {
		if *letters {
			return printJSON(out, &missionv1.ListLettersResponse{Letters: chain})
		}
		return printJSON(out, view)
	}
	m := view.GetMission()
	fmt.Fprintf(out, "%s  %s  %s  head seq %d", m.GetMissionId(), m.GetBrain(), phaseName(m.GetPhase()), m.GetHeadSeq())
	if m.GetRinging() {
		fmt.Fprint(out, "  [bell: waiting for the owner's stamp]")
	}
	fmt.Fprintln(out)
	if m.GetTitle() != "" {
		fmt.Fprintf(out, "title: %s\n", m.GetTitle())
	}
	if l := m.GetLease(); l != nil {
		fmt.Fprintf(out, "lease: %s held by %s until %s (attempt %d)\n", l.GetLeaseId(), l.GetRunnerId(), l.GetExpiresAt().AsTime().Format(time.RFC3339), l.GetAttempt())
	}
	if c := view.GetCandidate(); c != nil {
		cd := c.GetCandidate()
		fmt.Fprintf(out, "candidate %s: gate %q exit %d, %s..%s, base %s, %d files +%d -%d, log sha256:%s (%d bytes), runner %s\n",
			c.GetLetterId(), cd.GetGateCommand(), cd.GetExitCode(), cd.GetStartedAt().AsTime().Format(time.RFC3339),
			cd.GetEndedAt().AsTime().Format(time.RFC3339), cd.GetBaseCommit(), cd.GetDiffStat().GetFilesChanged(),
			cd.GetDiffStat().GetInsertions(), cd.GetDiffStat().GetDeletions(), cd.GetLogSha256(), cd.GetLogSize(), cd.GetRunnerId())
	}
	if m.GetRerunRequested() {
		fmt.Fprintln(out, "re-run requested: the repository moved under the candidate")
	}
	if d := m.GetDebrief(); d.GetState() != "" {
		fmt.Fprintf(out, "debrief: %s %s %s\n", d.GetState(), d.GetSlug(), d.GetLastError())
	}
	for _, r := range view.GetRefusals() {
		fmt.Fprintf(out, "refused %s by %s at %s: %s\n", r.GetReason(), r.GetBy().GetAgentId(), r.GetAt().AsTime().Format(time.RFC3339), r.GetMessage())
	}
	if len(chain) > 0 {
		tw := tabwriter.NewWriter(out, 0, 2, 2, ' ', 0)
		fmt.Fprintln(tw, "SEQ\tPHASE\tBY\tAT\tNOTE")
		for _, l := range chain {
			ph := phaseName(l.GetPhase())
			if l.GetAdvisory() {
				ph += " (parecer " + strings.ToLower(strings.TrimPrefix(l.GetParecer().GetVerdict().String(), "VERDICT_")) + ")"
			}
			note := l.GetNote()
			if l.GetParecer().GetGist() != "" {
				note = l.GetParecer().GetGist()
			}
			note, _, _ = strings.Cut(note, "\n")
			fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%s\n", l.GetSeq(), ph, l.GetAuthor().GetAgentId(), l.GetPostedAt().AsTime().Format(time.RFC3339), note)
		}
		return tw.Flush()
	}
	return nil
}

func runMissionBoard(ctx context.Context, args []string, out io.Writer) error {
	fs := newFlagSet("mission board", out)
	var c missionCall
	c.d.bind(fs)
	brain := fs.String("brain", "", "only this brain (default: the credential's; every brain for the owner)")
	phases := fs.String("phase", "", "comma-separated phases to show")
	watch := fs.Bool("watch", false, "follow the board: the bell rings on merge_wait")
	cursor := fs.Int64("cursor", 0, "with --watch: resume after this cursor")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if err := c.dial(fs, false); err != nil {
		return err
	}
	defer c.close()
	if *watch {
		return watchBoard(ctx, c, *brain, *cursor, out)
	}
	req := &missionv1.ListMissionsRequest{Brain: *brain}
	if *phases != "" {
		for _, p := range strings.Split(*phases, ",") {
			ph, err := parsePhase(p)
			if err != nil {
				return err
			}
			req.Phases = append(req.Phases, ph)
		}
	}
	resp, err := c.client.ListMissions(ctx, req)
	if err != nil {
		return err
	}
	if c.d.json {
		return printJSON(out, resp)
	}
	tw := tabwriter.NewWriter(out, 0, 2, 2, ' ', 0)
	fmt.Fprintln(tw, "MISSION\tBRAIN\tPHASE\tHEAD\tRUNNER\tUPDATED\tTITLE")
	for _, m := range resp.GetMissions() {
		ph := phaseName(m.GetPhase())
		if m.GetRinging() {
			ph += " *bell*"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%d\t%s\t%s\t%s\n", m.GetMissionId(), m.GetBrain(), ph, m.GetHeadSeq(), m.GetAssignedRunner(),
			m.GetUpdatedAt().AsTime().Format(time.RFC3339), m.GetTitle())
	}
	return tw.Flush()
}

// watchBoard follows the board. When the server stops (Unavailable, SHUTTING_DOWN) it
// reconnects and resumes after the last cursor it printed, so a restart loses no event.
func watchBoard(ctx context.Context, c missionCall, brain string, cursor int64, out io.Writer) error {
	for {
		err := followBoard(ctx, c, brain, &cursor, out)
		if ctx.Err() != nil {
			return nil
		}
		if status.Code(err) != codes.Unavailable {
			return err
		}
		select {
		case <-ctx.Done():
			return nil
		case <-time.After(time.Second):
		}
	}
}

func followBoard(ctx context.Context, c missionCall, brain string, cursor *int64, out io.Writer) error {
	stream, err := c.client.WatchBoard(ctx, &missionv1.WatchBoardRequest{Brain: brain, Cursor: *cursor})
	if err != nil {
		return err
	}
	for {
		resp, err := stream.Recv()
		if errors.Is(err, io.EOF) || ctx.Err() != nil {
			return nil
		}
		if err != nil {
			return err
		}
		ev := resp.GetEvent()
		*cursor = max(*cursor, ev.GetCursor())
		if c.d.json {
			if err := printJSON(out, ev); err != nil {
				return err
			}
			continue
		}
		kind := strings.ToLower(strings.TrimPrefix(ev.GetKind().String(), "BOARD_EVENT_KIND_"))
		fmt.Fprintf(out, "%s  cursor %d  %-8s %s %s seq %d %s -> %s\n", ev.GetAt().AsTime().Format(time.RFC3339), ev.GetCursor(), kind,
			ev.GetBrain(), ev.GetMissionId(), ev.GetSeq(), phaseName(ev.GetFromPhase()), phaseName(ev.GetToPhase()))
	}
}

func runMissionSpawn(ctx context.Context, args []string, out io.Writer) error {
	fs := newFlagSet("mission spawn", out)
	var c missionCall
	c.d.bind(fs)
	runnerID := fs.String("runner", "", "pinned runner id (default: any pinned runner that serves the brain)")
	if err := fs.Parse(splitIDArg(args)); err != nil {
		return err
	}
	if err := c.dial(fs, true); err != nil {
		return err
	}
	defer c.close()
	resp, err := c.client.SpawnMission(ctx, &missionv1.SpawnMissionRequest{MissionId: c.id, RunnerId: *runnerID})
	if err != nil {
		return err
	}
	if c.d.json {
		return printJSON(out, resp)
	}
	fmt.Fprintf(out, "%s spawned to runner %s\n", c.id, resp.GetMission().GetAssignedRunner())
	return nil
}

func runMissionLand(ctx context.Context, args []string, out io.Writer) error {
	fs := newFlagSet("mission land", out)
	var c missionCall
	c.d.bind(fs)
	candidate := fs.String("candidate", "", "the merge_wait letter you reviewed (default: the current candidate)")
	version := fs.Int64("store-version", -1, "the brain's store version you saw (default: read it now)")
	if err := fs.Parse(splitIDArg(args)); err != nil {
		return err
	}
	if err := c.dial(fs, true); err != nil {
		return err
	}
	defer c.close()
	view, err := c.client.GetMission(ctx, &missionv1.GetMissionRequest{MissionId: c.id})
	if err != nil {
		return err
	}
	cand := *candidate
	if cand == "" {
		cand = view.GetMission().GetCandidateLetterId()
	}
	sv := *version
	if sv < 0 {
		conn, err := c.d.dial()
		if err != nil {
			return err
		}
		defer conn.Close()
		b, err := medullav1.NewMedullaServiceClient(conn).GetBrain(ctx, &medullav1.GetBrainRequest{Name: view.GetMission().GetBrain()})
		if err != nil {
			return err
		}
		sv = b.GetBrain().GetStoreVersion()
	}
	resp, err := c.client.ImportReceipt(ctx, &missionv1.ImportReceiptRequest{MissionId: c.id, CandidateLetterId: cand, ExpectedStoreVersion: sv})
	if err != nil {
		return err
	}
	if c.d.json {
		return printJSON(out, resp)
	}
	rc := resp.GetReceipt()
	fmt.Fprintf(out, "landed %s: receipt %s, store version %d -> %d\n", c.id, rc.GetReceiptId(), rc.GetStoreVersionBefore(), rc.GetStoreVersionAfter())
	return nil
}
