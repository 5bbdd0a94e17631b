package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	commonv1 "github.com/organism-dev/organism/proto/organism/common/v1"
	medullav1 "github.com/organism-dev/organism/proto/organism/medulla/v1"
	missionv1 "github.com/organism-dev/organism/proto/organism/mission/v1"
	"github.com/organism-dev/organism/services/mission/domain"
)

var missionCmd = &command{
	name:    "mission",
	summary: "letter chains, pinned runners that run the gate in a fresh git worktree, and the landing only the owner can stamp",
	subs: []*command{
		{name: "open", client: true, summary: "open a chain (--spawn hands it to a pinned runner at once)", setup: missionOpen},
		{name: "post", args: "MISSION", nargs: exactly(1), client: true, summary: "post a letter moving the chain to --phase, or an advisory parecer (--verdict)", setup: missionPost},
		{name: "show", args: "MISSION", nargs: exactly(1), client: true, summary: "a mission, its candidate and refusals; --letters the whole chain, --log the gate log", setup: missionShow},
		{name: "board", client: true, summary: "the board of missions; --watch follows it (the bell rings on merge_wait)", setup: missionBoard},
		{name: "spawn", args: "MISSION", nargs: exactly(1), client: true, summary: "hand a judging mission to a pinned runner", setup: missionSpawn},
		{name: "land", args: "MISSION", nargs: exactly(1), client: true, summary: "stamp the candidate and land its commit on the brain's target branch (only the owner's credential lands)", setup: missionLand},
		{name: "receipts", client: true, summary: "a brain's mission ledger (commit and rejection receipts of letters and landings), newest first; --security the owner's security ledger", setup: missionReceipts},
	},
}

func parsePhase(s string) (missionv1.Phase, error) {
	p, ok := missionv1.Phase_value["PHASE_"+strings.ToUpper(strings.TrimSpace(s))]
	if !ok || p == 0 {
		return 0, usageError{fmt.Sprintf("unknown phase %q (judging, executing, merge_wait, landed, failed, abandoned, spawn_refused)", s)}
	}
	return missionv1.Phase(p), nil
}

func phaseName(p missionv1.Phase) string {
	if p == missionv1.Phase_PHASE_UNSPECIFIED {
		return "-"
	}
	return strings.ToLower(strings.TrimPrefix(p.String(), "PHASE_"))
}

func missionOpen(fs *flag.FlagSet) action {
	brain := brainFlag(fs)
	gate := fs.String("gate", "", "gate command, run with sh -c in the worktree; exit 0 passes")
	symptom := fs.String("symptom", "", "the symptom, kept verbatim (required)")
	blocks := fs.String("blocks", "", "comma-separated skeleton block ids (sb_...)")
	report := fs.String("report", "", "source field report id")
	title := fs.String("title", "", "short title")
	note := fs.String("note", "", "note on the seq 1 letter")
	spawn := fs.Bool("spawn", false, "hand the mission to a pinned runner right away")
	runnerID := fs.String("runner", "", "with --spawn: the pinned runner (default: any that serves the brain)")
	return func(ctx context.Context, c *call) error {
		if err := resolveBrain(c, brain); err != nil {
			return err
		}
		mc, err := c.mission()
		if err != nil {
			return err
		}
		p := &missionv1.Packet{Brain: *brain, GateCommand: *gate, Symptom: *symptom, ReportId: *report, Title: *title}
		if *blocks != "" {
			for _, b := range strings.Split(*blocks, ",") {
				p.BlockIds = append(p.BlockIds, strings.TrimSpace(b))
			}
		}
		resp, err := mc.OpenMission(ctx, &missionv1.OpenMissionRequest{Packet: p, Note: *note})
		if err != nil {
			return err
		}
		m := resp.GetMission()
		if *spawn {
			sp, err := mc.SpawnMission(ctx, &missionv1.SpawnMissionRequest{MissionId: m.GetMissionId(), RunnerId: *runnerID})
			if err != nil {
				// Rendered before wrapping: a wrapped status prints as "rpc error: code = ... desc = ...".
				return fmt.Errorf("opened %s but spawning was refused: %w", m.GetMissionId(), renderStatus(err))
			}
			m = sp.GetMission()
		}
		return c.print(&missionv1.OpenMissionResponse{Mission: m, Letter: resp.GetLetter()}, func(w io.Writer) error {
			fmt.Fprintf(w, "opened %s in %s (seq 1, judging)\n", m.GetMissionId(), m.GetBrain())
			if m.GetAssignedRunner() != "" {
				fmt.Fprintf(w, "spawned to runner %s\n", m.GetAssignedRunner())
			}
			return nil
		})
	}
}

func missionPost(fs *flag.FlagSet) action {
	phase := fs.String("phase", "", "phase the letter moves to (a parecer speaks as judging)")
	head := fs.Int64("head", 0, "the head seq you read; default: read it now")
	note := fs.String("note", "", "letter text (required for failed, abandoned, spawn_refused)")
	verdict := fs.String("verdict", "", "post an advisory parecer: approve, reject or abstain")
	gist := fs.String("gist", "", "with --verdict: the parecer's gist")
	return func(ctx context.Context, c *call) error {
		id := c.args[0]
		mc, err := c.mission()
		if err != nil {
			return err
		}
		view, err := mc.GetMission(ctx, &missionv1.GetMissionRequest{MissionId: id})
		if err != nil {
			return err
		}
		l := &missionv1.Letter{Schema: domain.Schema, Brain: view.GetMission().GetBrain(), Note: *note}
		if *verdict != "" {
			v, ok := missionv1.Verdict_value["VERDICT_"+strings.ToUpper(*verdict)]
			if !ok || v == 0 {
				return usageError{fmt.Sprintf("unknown verdict %q (approve, reject, abstain)", *verdict)}
			}
			l.Advisory, l.Phase = true, missionv1.Phase_PHASE_JUDGING
			l.Parecer = &missionv1.Parecer{Verdict: missionv1.Verdict(v), Gist: *gist}
		} else if l.Phase, err = parsePhase(*phase); err != nil {
			return err
		}
		expected := *head
		if expected == 0 {
			expected = view.GetMission().GetHeadSeq()
		}
		resp, err := mc.PostLetter(ctx, &missionv1.PostLetterRequest{MissionId: id, ExpectedHead: expected, Letter: l})
		if err != nil {
			return err
		}
		return c.print(resp, func(w io.Writer) error {
			_, err := fmt.Fprintf(w, "posted seq %d (%s); %s is %s\n", resp.GetLetter().GetSeq(), phaseName(resp.GetLetter().GetPhase()),
				id, phaseName(resp.GetMission().GetPhase()))
			return err
		})
	}
}

// maxLettersPage is the most letters one ListLetters page holds (mission.proto).
const maxLettersPage = 1000

func missionShow(fs *flag.FlagSet) action {
	letters := fs.Bool("letters", false, "list every letter of the chain")
	showLog := fs.Bool("log", false, "print the current candidate's full gate log")
	pageSize := fs.Int("page-size", maxLettersPage, "letters asked for per request with --letters (at most 1,000); the chain is read to its head either way")
	return func(ctx context.Context, c *call) error {
		id := c.args[0]
		mc, err := c.mission()
		if err != nil {
			return err
		}
		view, err := mc.GetMission(ctx, &missionv1.GetMissionRequest{MissionId: id})
		if err != nil {
			return err
		}
		if *showLog {
			return printGateLog(ctx, mc, id, view, c.out)
		}
		if !*letters {
			return c.print(view, func(w io.Writer) error { printMissionView(w, view); return nil })
		}
		chain, err := allLetters(ctx, mc, id, int32(*pageSize))
		if err != nil {
			return err
		}
		return c.print(&missionv1.ListLettersResponse{Letters: chain}, func(w io.Writer) error {
			printMissionView(w, view)
			return printLetters(w, chain)
		})
	}
}

// allLetters reads a chain to its head, page by page after the last seq read. The server's
// `more` is the signal to go on; a page as full as asked for also goes on, because a server
// from before `more` capped the page at 1,000 without a word, and asking once more after the
// last seq costs one empty answer at worst.
func allLetters(ctx context.Context, mc missionv1.MissionServiceClient, id string, size int32) ([]*missionv1.Letter, error) {
	if size <= 0 {
		return nil, usageError{fmt.Sprintf("--page-size %d: want a positive number", size)}
	}
	// The proto's most per page; asking for more from a server without `more` would end early.
	size = min(size, maxLettersPage)
	var chain []*missionv1.Letter
	after := int64(0)
	for {
		resp, err := mc.ListLetters(ctx, &missionv1.ListLettersRequest{MissionId: id, AfterSeq: after, PageSize: size})
		if err != nil {
			return nil, err
		}
		page := resp.GetLetters()
		chain = append(chain, page...)
		if len(page) == 0 || (!resp.GetMore() && int32(len(page)) < size) {
			return chain, nil
		}
		last := page[len(page)-1].GetSeq()
		if last <= after {
			return nil, fmt.Errorf("the server answered letters after seq %d with seq %d; stopping instead of looping", after, last)
		}
		after = last
	}
}

func printGateLog(ctx context.Context, mc missionv1.MissionServiceClient, id string, view *missionv1.GetMissionResponse, out io.Writer) error {
	sha := view.GetCandidate().GetCandidate().GetLogSha256()
	if sha == "" {
		return fmt.Errorf("%s has no candidate log", id)
	}
	stream, err := mc.GetLog(ctx, &missionv1.GetLogRequest{MissionId: id, LogSha256: sha})
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

func printMissionView(w io.Writer, view *missionv1.GetMissionResponse) {
	m := view.GetMission()
	fmt.Fprintf(w, "%s  %s  %s  head seq %d", m.GetMissionId(), m.GetBrain(), phaseName(m.GetPhase()), m.GetHeadSeq())
	if m.GetRinging() {
		fmt.Fprint(w, "  [bell: waiting for the owner's stamp]")
	}
	fmt.Fprintln(w)
	if m.GetTitle() != "" {
		fmt.Fprintf(w, "title: %s\n", m.GetTitle())
	}
	if l := m.GetLease(); l != nil {
		fmt.Fprintf(w, "lease: %s held by %s until %s (attempt %d)\n", l.GetLeaseId(), l.GetRunnerId(), l.GetExpiresAt().AsTime().Format(time.RFC3339), l.GetAttempt())
	}
	if c := view.GetCandidate(); c != nil {
		cd := c.GetCandidate()
		fmt.Fprintf(w, "candidate %s: gate %q exit %d, %s..%s, base %s, %d files +%d -%d, log sha256:%s (%d bytes), runner %s\n",
			c.GetLetterId(), cd.GetGateCommand(), cd.GetExitCode(), cd.GetStartedAt().AsTime().Format(time.RFC3339),
			cd.GetEndedAt().AsTime().Format(time.RFC3339), cd.GetBaseCommit(), cd.GetDiffStat().GetFilesChanged(),
			cd.GetDiffStat().GetInsertions(), cd.GetDiffStat().GetDeletions(), cd.GetLogSha256(), cd.GetLogSize(), cd.GetRunnerId())
	}
	if m.GetRerunRequested() {
		fmt.Fprintln(w, "re-run requested: the repository moved under the candidate")
	}
	if d := m.GetDebrief(); d.GetState() != "" {
		fmt.Fprintf(w, "debrief: %s %s %s\n", d.GetState(), d.GetSlug(), d.GetLastError())
	}
	for _, r := range view.GetRefusals() {
		fmt.Fprintf(w, "refused %s by %s at %s: %s\n", r.GetReason(), r.GetBy().GetAgentId(), r.GetAt().AsTime().Format(time.RFC3339), r.GetMessage())
	}
}

func printLetters(w io.Writer, chain []*missionv1.Letter) error {
	if len(chain) == 0 {
		return nil
	}
	tw := tabwriter.NewWriter(w, 0, 2, 2, ' ', 0)
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

func missionBoard(fs *flag.FlagSet) action {
	brain := fs.String("brain", "", "only this brain (default: the credential's; every brain for the owner)")
	phases := fs.String("phase", "", "comma-separated phases to show")
	watch := fs.Bool("watch", false, "follow the board: the bell rings on merge_wait")
	cursor := fs.Int64("cursor", 0, "with --watch: resume after this cursor")
	return func(ctx context.Context, c *call) error {
		mc, err := c.mission()
		if err != nil {
			return err
		}
		if *watch {
			return watchBoard(ctx, mc, *brain, *cursor, c.out, c.json)
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
		all := &missionv1.ListMissionsResponse{}
		err = pageAll(func(token string) (string, error) {
			req.Page = &commonv1.PageRequest{PageToken: token}
			resp, err := mc.ListMissions(ctx, req)
			all.Missions = append(all.Missions, resp.GetMissions()...)
			return resp.GetPage().GetNextPageToken(), err
		})
		if err != nil {
			return err
		}
		return c.print(all, func(w io.Writer) error {
			tw := tabwriter.NewWriter(w, 0, 2, 2, ' ', 0)
			fmt.Fprintln(tw, "MISSION\tBRAIN\tPHASE\tHEAD\tRUNNER\tUPDATED\tTITLE")
			for _, m := range all.GetMissions() {
				ph := phaseName(m.GetPhase())
				if m.GetRinging() {
					ph += " *bell*"
				}
				fmt.Fprintf(tw, "%s\t%s\t%s\t%d\t%s\t%s\t%s\n", m.GetMissionId(), m.GetBrain(), ph, m.GetHeadSeq(), m.GetAssignedRunner(),
					m.GetUpdatedAt().AsTime().Format(time.RFC3339), m.GetTitle())
			}
			return tw.Flush()
		})
	}
}

// watchBoard follows the board. When the server stops (Unavailable, SHUTTING_DOWN) it
// reconnects and resumes after the last cursor it printed, so a restart loses no event.
// With asJSON every event is one line of JSON.
func watchBoard(ctx context.Context, mc missionv1.MissionServiceClient, brain string, cursor int64, out io.Writer, asJSON bool) error {
	for {
		err := followBoard(ctx, mc, brain, &cursor, out, asJSON)
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

func followBoard(ctx context.Context, mc missionv1.MissionServiceClient, brain string, cursor *int64, out io.Writer, asJSON bool) error {
	stream, err := mc.WatchBoard(ctx, &missionv1.WatchBoardRequest{Brain: brain, Cursor: *cursor})
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
		if asJSON {
			if err := streamJSON(out, ev); err != nil {
				return err
			}
			continue
		}
		kind := strings.ToLower(strings.TrimPrefix(ev.GetKind().String(), "BOARD_EVENT_KIND_"))
		fmt.Fprintf(out, "%s  cursor %d  %-8s %s %s seq %d %s -> %s\n", ev.GetAt().AsTime().Format(time.RFC3339), ev.GetCursor(), kind,
			ev.GetBrain(), ev.GetMissionId(), ev.GetSeq(), phaseName(ev.GetFromPhase()), phaseName(ev.GetToPhase()))
	}
}

func missionSpawn(fs *flag.FlagSet) action {
	runnerID := fs.String("runner", "", "pinned runner id (default: any pinned runner that serves the brain)")
	return func(ctx context.Context, c *call) error {
		mc, err := c.mission()
		if err != nil {
			return err
		}
		resp, err := mc.SpawnMission(ctx, &missionv1.SpawnMissionRequest{MissionId: c.args[0], RunnerId: *runnerID})
		if err != nil {
			return err
		}
		return c.print(resp, func(w io.Writer) error {
			_, err := fmt.Fprintf(w, "%s spawned to runner %s\n", c.args[0], resp.GetMission().GetAssignedRunner())
			return err
		})
	}
}

func missionLand(fs *flag.FlagSet) action {
	candidate := fs.String("candidate", "", "the merge_wait letter you reviewed (default: the current candidate)")
	version := fs.Int64("store-version", -1, "the brain's store version you saw (default: read it now; kept for compatibility, it no longer guards a landing)")
	landed := fs.String("landed-commit", "", "record mode: the sha of the merge you made through the code host")
	return func(ctx context.Context, c *call) error {
		id := c.args[0]
		mc, err := c.mission()
		if err != nil {
			return err
		}
		view, err := mc.GetMission(ctx, &missionv1.GetMissionRequest{MissionId: id})
		if err != nil {
			return err
		}
		cand := *candidate
		if cand == "" {
			cand = view.GetMission().GetCandidateLetterId()
		}
		if cand == "" {
			// The organ would refuse the empty id as a malformed argument; say why there is none.
			return fmt.Errorf("%s has no candidate to land: it is %s, and only a runner whose gate passed puts a mission in merge_wait",
				id, phaseName(view.GetMission().GetPhase()))
		}
		sv := *version
		if sv < 0 {
			b, err := medullav1.NewMedullaServiceClient(c.conn).GetBrain(ctx, &medullav1.GetBrainRequest{Name: view.GetMission().GetBrain()})
			if err != nil {
				return err
			}
			sv = b.GetBrain().GetStoreVersion()
		}
		resp, err := mc.ImportReceipt(ctx, &missionv1.ImportReceiptRequest{MissionId: id, CandidateLetterId: cand, ExpectedStoreVersion: sv,
			LandedCommit: *landed})
		if err != nil {
			return err
		}
		return c.print(resp, func(w io.Writer) error {
			rc, l := resp.GetReceipt(), resp.GetLetter().GetLanding()
			_, err := fmt.Fprintf(w, "landed %s as %s on %s (%s): receipt %s, store version %d -> %d\n", id, l.GetCommit(), l.GetTargetBranch(),
				l.GetMethod(), rc.GetReceiptId(), rc.GetStoreVersionBefore(), rc.GetStoreVersionAfter())
			return err
		})
	}
}

func missionReceipts(fs *flag.FlagSet) action {
	brain := fs.String("brain", "", "the brain whose ledger to list (default: your credential's brain)")
	security := fs.Bool("security", false, "the per-deployment security ledger (owner only)")
	limit := fs.Int("limit", 50, "at most this many receipts (0 = all)")
	return func(ctx context.Context, c *call) error {
		mc, err := c.mission()
		if err != nil {
			return err
		}
		all := &missionv1.ListReceiptsResponse{}
		err = pageAll(func(token string) (string, error) {
			res, err := mc.ListReceipts(ctx, &missionv1.ListReceiptsRequest{Brain: *brain, Security: *security,
				Page: &commonv1.PageRequest{PageSize: limitedPage(*limit, len(all.Receipts)), PageToken: token}})
			all.Receipts = append(all.Receipts, res.GetReceipts()...)
			if *limit > 0 && len(all.Receipts) >= *limit {
				return "", err
			}
			return res.GetPage().GetNextPageToken(), err
		})
		if err != nil {
			return err
		}
		return c.print(all, func(w io.Writer) error {
			for _, r := range all.GetReceipts() {
				printReceipt(w, r)
			}
			return nil
		})
	}
}
