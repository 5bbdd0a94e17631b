package mcp

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	commonv1 "github.com/organism-dev/organism/proto/organism/common/v1"
	missionv1 "github.com/organism-dev/organism/proto/organism/mission/v1"
)

// LetterSchema is the schema every letter carries (mission's domain.Schema; the joint test in
// cmd/organism asserts they agree).
const LetterSchema = "m1nd-mission-letter-v0"

// OpenIn opens a mission.
type OpenIn struct {
	Brain       string   `json:"brain,omitempty" jsonschema:"brain the mission belongs to; empty means your credential's brain"`
	Title       string   `json:"title,omitempty" jsonschema:"short title"`
	Symptom     string   `json:"symptom,omitempty" jsonschema:"the symptom, kept verbatim"`
	GateCommand string   `json:"gate_command,omitempty" jsonschema:"gate command run with sh -c in the worktree; exit 0 passes"`
	BlockIDs    []string `json:"block_ids,omitempty" jsonschema:"skeleton block ids (sb_...)"`
	ReportID    string   `json:"report_id,omitempty" jsonschema:"the field report this mission answers"`
	Note        string   `json:"note,omitempty" jsonschema:"note on the seq 1 letter"`
}

// PostIn posts a letter.
type PostIn struct {
	MissionID    string `json:"mission_id"`
	Phase        string `json:"phase,omitempty" jsonschema:"phase the letter moves to: judging, executing, merge_wait, failed, abandoned (landed is the owner's)"`
	Note         string `json:"note,omitempty" jsonschema:"letter text (required for failed and abandoned)"`
	ExpectedHead int64  `json:"expected_head,omitempty" jsonschema:"the head seq you read; a different head is refused (HEAD_CAS_MISMATCH). 0 reads it now"`
	Verdict      string `json:"verdict,omitempty" jsonschema:"post an advisory parecer instead: approve, reject or abstain"`
	Gist         string `json:"gist,omitempty" jsonschema:"with verdict: the parecer's gist"`
}

// ShowIn reads a mission and, with letters, a page of its chain.
type ShowIn struct {
	MissionID string `json:"mission_id"`
	Letters   bool   `json:"letters,omitempty" jsonschema:"also page through the chain's letters, oldest first"`
	Page
}

// BoardIn pages the board.
type BoardIn struct {
	Brain  string   `json:"brain,omitempty" jsonschema:"brain whose board to read; empty means your credential's brain"`
	Phases []string `json:"phases,omitempty" jsonschema:"only missions in these phases"`
	Page
}

func phaseOf(field, name string) (missionv1.Phase, error) {
	v, err := enumOf(field, "PHASE_", name, missionv1.Phase_value, "judging, executing, merge_wait, landed, failed, abandoned, spawn_refused")
	return missionv1.Phase(v), err
}

func missionLine(m *missionv1.Mission) string {
	return fmt.Sprintf("%s %q in %s: %s at seq %d", m.GetMissionId(), m.GetTitle(), m.GetBrain(), enumWord(m.GetPhase().String(), "PHASE_"), m.GetHeadSeq())
}

func (ss *session) missionTools() {
	mis := func() missionv1.MissionServiceClient { return ss.svc.opts.Organs.Mission }

	tool(ss, "mission_open", "Open a mission",
		"Open a mission chain (seq 1, judging) from a symptom and its gate command.",
		writes, func(ctx context.Context, req *sdk.CallToolRequest, in OpenIn) (Outcome, error) {
			resp, err := mis().OpenMission(ctx, &missionv1.OpenMissionRequest{Note: in.Note, Packet: &missionv1.Packet{
				Brain: ss.brainOr(in.Brain), Title: in.Title, Symptom: in.Symptom, GateCommand: in.GateCommand,
				BlockIds: in.BlockIDs, ReportId: in.ReportID}}, ss.call(req.Extra)...)
			if err != nil {
				return Outcome{}, err
			}
			return Outcome{Summary: "opened " + missionLine(resp.GetMission()), Result: asMap(resp), Receipt: letterReceipt(resp.GetLetter())}, nil
		})

	tool(ss, "mission_post", "Post a letter",
		"Post a letter moving the chain to a phase, or an advisory parecer (verdict). Letters are append-only; a stale expected_head is refused, never merged.",
		writes, func(ctx context.Context, req *sdk.CallToolRequest, in PostIn) (Outcome, error) {
			view, err := mis().GetMission(ctx, &missionv1.GetMissionRequest{MissionId: in.MissionID}, ss.call(req.Extra)...)
			if err != nil {
				return Outcome{}, err
			}
			l := &missionv1.Letter{Schema: LetterSchema, Brain: view.GetMission().GetBrain(), Note: in.Note}
			if in.Verdict != "" {
				v, err := enumOf("verdict", "VERDICT_", in.Verdict, missionv1.Verdict_value, "approve, reject or abstain")
				if err != nil {
					return Outcome{}, err
				}
				l.Advisory, l.Phase = true, missionv1.Phase_PHASE_JUDGING
				l.Parecer = &missionv1.Parecer{Verdict: missionv1.Verdict(v), Gist: in.Gist}
			} else if l.Phase, err = phaseOf("phase", in.Phase); err != nil {
				return Outcome{}, err
			}
			head := in.ExpectedHead
			if head == 0 {
				head = view.GetMission().GetHeadSeq()
			}
			resp, err := mis().PostLetter(ctx, &missionv1.PostLetterRequest{MissionId: in.MissionID, ExpectedHead: head, Letter: l}, ss.call(req.Extra)...)
			if err != nil {
				return Outcome{}, err
			}
			return Outcome{Summary: fmt.Sprintf("posted seq %d; %s", resp.GetLetter().GetSeq(), missionLine(resp.GetMission())),
				Result: asMap(resp), Receipt: letterReceipt(resp.GetLetter())}, nil
		})

	tool(ss, "mission_show", "Show a mission",
		"A mission with its head letter, candidate and refusals; with letters, one page of its chain (cursor is the last seq read).",
		reads, func(ctx context.Context, req *sdk.CallToolRequest, in ShowIn) (Outcome, error) {
			view, err := mis().GetMission(ctx, &missionv1.GetMissionRequest{MissionId: in.MissionID}, ss.call(req.Extra)...)
			if err != nil {
				return Outcome{}, err
			}
			out := Outcome{Summary: missionLine(view.GetMission()), Result: asMap(view)}
			if !in.Letters {
				return out, nil
			}
			letters, next, err := ss.letterPage(ctx, req, in.MissionID, in.Page)
			if err != nil {
				return Outcome{}, err
			}
			out.Result["letters"], out.NextCursor = letters, next
			out.Summary += fmt.Sprintf("; %d letters", len(letters))
			return out, nil
		})

	tool(ss, "mission_board", "Mission board",
		"The board of missions, one page at a time; a ringing bell (merge_wait) waits for the owner. Subscribe to organism://brain/{brain}/board to be told when it changes.",
		reads, func(ctx context.Context, req *sdk.CallToolRequest, in BoardIn) (Outcome, error) {
			size, err := in.size()
			if err != nil {
				return Outcome{}, err
			}
			r := &missionv1.ListMissionsRequest{Brain: ss.brainOr(in.Brain), Page: &commonv1.PageRequest{PageSize: size, PageToken: in.Cursor}}
			for i, p := range in.Phases {
				v, err := phaseOf(fmt.Sprintf("phases[%d]", i), p)
				if err != nil {
					return Outcome{}, err
				}
				r.Phases = append(r.Phases, v)
			}
			resp, err := mis().ListMissions(ctx, r, ss.call(req.Extra)...)
			if err != nil {
				return Outcome{}, err
			}
			lines := make([]string, 0, len(resp.GetMissions()))
			ringing := 0
			for _, m := range resp.GetMissions() {
				lines = append(lines, missionLine(m))
				if m.GetRinging() {
					ringing++
				}
			}
			sum := fmt.Sprintf("%d missions (%d ringing)", len(lines), ringing)
			if len(lines) > 0 {
				sum += ": " + strings.Join(lines, "; ")
			}
			return Outcome{Summary: sum, Result: map[string]any{"missions": asMap(resp)["missions"]}, NextCursor: resp.GetPage().GetNextPageToken()}, nil
		})
}

// letterPage reads one page of a chain after the cursor's seq; the cursor of the next page is
// the last seq read, empty at the head.
func (ss *session) letterPage(ctx context.Context, req *sdk.CallToolRequest, id string, p Page) ([]any, string, error) {
	size, err := p.size()
	if err != nil {
		return nil, "", err
	}
	var after int64
	if p.Cursor != "" {
		if after, err = strconv.ParseInt(p.Cursor, 10, 64); err != nil || after < 0 {
			return nil, "", invalid("cursor", "not a cursor this server gave out: %q", p.Cursor)
		}
	}
	resp, err := ss.svc.opts.Organs.Mission.ListLetters(ctx, &missionv1.ListLettersRequest{MissionId: id, AfterSeq: after, PageSize: size}, ss.call(req.Extra)...)
	if err != nil {
		return nil, "", err
	}
	out := make([]any, 0, len(resp.GetLetters()))
	for _, l := range resp.GetLetters() {
		out = append(out, asMap(l))
	}
	next := ""
	if resp.GetMore() && len(resp.GetLetters()) > 0 {
		next = strconv.FormatInt(resp.GetLetters()[len(resp.GetLetters())-1].GetSeq(), 10)
	}
	return out, next, nil
}

// letterReceipt is a letter's receipt: a letter is its own witness in the chain.
func letterReceipt(l *missionv1.Letter) map[string]any {
	if l == nil {
		return nil
	}
	return map[string]any{"letter_id": l.GetLetterId(), "mission_id": l.GetMissionId(), "seq": l.GetSeq(), "by": asMap(l.GetAuthor())}
}
