package mcp

import (
	"context"
	"fmt"
	"path"
	"strings"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	presencev1 "github.com/organism-dev/organism/proto/organism/presence/v1"
)

// JoinIn announces a session.
type JoinIn struct {
	Brain      string   `json:"brain,omitempty" jsonschema:"brain to join; empty means your credential's brain"`
	Kind       string   `json:"kind,omitempty" jsonschema:"session kind (default executor)"`
	Theme      string   `json:"theme,omitempty" jsonschema:"what you are doing, one line"`
	Intent     string   `json:"intent,omitempty" jsonschema:"read or mutate (default mutate)"`
	WorkingSet []string `json:"working_set,omitempty" jsonschema:"repository paths you are working on; overlaps with others are collisions"`
	Worktree   string   `json:"worktree,omitempty" jsonschema:"your worktree path"`
	TTLSeconds int32    `json:"ttl_seconds,omitempty" jsonschema:"seconds without a beat before the presence expires (default 90)"`
	PresenceID string   `json:"presence_id,omitempty" jsonschema:"update this presence instead of creating one"`
}

// PresenceIDIn names one presence.
type PresenceIDIn struct {
	PresenceID        string `json:"presence_id" jsonschema:"the presence, as presence_join answered it"`
	IncludeCollisions bool   `json:"include_collisions,omitempty" jsonschema:"with presence_beat: answer the presence's collisions too"`
}

// WhoIn filters the roster.
type WhoIn struct {
	Brain      string `json:"brain,omitempty" jsonschema:"brain whose roster to read; empty means your credential's brain"`
	Kind       string `json:"kind,omitempty" jsonschema:"only sessions of this kind"`
	AgentID    string `json:"agent_id,omitempty" jsonschema:"only this agent's sessions"`
	Worktree   string `json:"worktree,omitempty" jsonschema:"only sessions that joined with this worktree (who is in worktree X)"`
	PathPrefix string `json:"path_prefix,omitempty" jsonschema:"only sessions whose working set has a path under this prefix"`
	Page
}

// CollisionsIn pages collisions.
type CollisionsIn struct {
	Brain      string `json:"brain,omitempty" jsonschema:"brain to read; empty means your credential's brain"`
	PresenceID string `json:"presence_id,omitempty" jsonschema:"only collisions involving this presence"`
	Page
}

// maxScanPages bounds how many roster pages one filtered presence_who reads before answering
// with a cursor, so a filter that matches little never holds the call open long.
const maxScanPages = 10

func enumWord(s, prefix string) string { return strings.ToLower(strings.TrimPrefix(s, prefix)) }

// whoMatches applies the filters the organ does not: worktree and working-set prefix.
func whoMatches(p *presencev1.Presence, in WhoIn) bool {
	if in.Worktree != "" && path.Clean(p.GetWorktree()) != path.Clean(in.Worktree) {
		return false
	}
	if in.PathPrefix == "" {
		return true
	}
	for _, w := range p.GetWorkingSet() {
		if strings.HasPrefix(w, in.PathPrefix) {
			return true
		}
	}
	return false
}

func presenceLine(p *presencev1.Presence) string {
	return fmt.Sprintf("%s %s (%s) in %s", p.GetPresenceId(), p.GetAgentId(), p.GetKind(), p.GetBrain())
}

func (ss *session) presenceTools() {
	pres := func() presencev1.PresenceServiceClient { return ss.svc.opts.Organs.Presence }

	tool(ss, "presence_join", "Join (announce a session)",
		"Announce what you are working on: kind, theme, intent and working set. Answers your presence with its collisions. Beat before the TTL runs out; the presence leaves by itself when this MCP session ends.",
		writes, func(ctx context.Context, req *sdk.CallToolRequest, in JoinIn) (Outcome, error) {
			intent := presencev1.Intent_INTENT_MUTATE
			if in.Intent != "" {
				v, err := enumOf("intent", "INTENT_", in.Intent, presencev1.Intent_value, "read or mutate")
				if err != nil {
					return Outcome{}, err
				}
				intent = presencev1.Intent(v)
			}
			kind := in.Kind
			if kind == "" {
				kind = "executor"
			}
			resp, err := pres().Register(ctx, &presencev1.RegisterRequest{PresenceId: in.PresenceID, Kind: kind, Theme: in.Theme, Intent: intent,
				WorkingSet: in.WorkingSet, Worktree: in.Worktree, TtlSeconds: in.TTLSeconds, Brain: ss.brainOr(in.Brain)}, ss.call(req.Extra)...)
			if err != nil {
				return Outcome{}, err
			}
			p := resp.GetPresence()
			ss.mu.Lock()
			ss.presences[p.GetPresenceId()] = true
			ss.mu.Unlock()
			return Outcome{Summary: fmt.Sprintf("joined %s; %d collisions", presenceLine(p), len(p.GetCollisions())),
				Result: map[string]any{"presence": asMap(p)}}, nil
		})

	tool(ss, "presence_beat", "Beat",
		"Keep a presence live (and, with include_collisions, read its collisions).",
		rewrites, func(ctx context.Context, req *sdk.CallToolRequest, in PresenceIDIn) (Outcome, error) {
			resp, err := pres().Beat(ctx, &presencev1.BeatRequest{PresenceId: in.PresenceID, IncludeCollisions: in.IncludeCollisions}, ss.call(req.Extra)...)
			if err != nil {
				return Outcome{}, err
			}
			p := resp.GetPresence()
			return Outcome{Summary: fmt.Sprintf("beat %s; live until %s", p.GetPresenceId(), p.GetExpiresAt().AsTime().UTC().Format("15:04:05Z")),
				Result: map[string]any{"presence": asMap(p)}}, nil
		})

	tool(ss, "presence_leave", "Leave",
		"End a presence: others stop seeing you and your collisions end.",
		removes, func(ctx context.Context, req *sdk.CallToolRequest, in PresenceIDIn) (Outcome, error) {
			resp, err := pres().Leave(ctx, &presencev1.LeaveRequest{PresenceId: in.PresenceID}, ss.call(req.Extra)...)
			if err != nil {
				return Outcome{}, err
			}
			ss.mu.Lock()
			delete(ss.presences, in.PresenceID)
			ss.mu.Unlock()
			return Outcome{Summary: "left " + resp.GetPresence().GetPresenceId(), Result: map[string]any{"presence": asMap(resp.GetPresence())}}, nil
		})

	tool(ss, "presence_who", "Who is here",
		"The live sessions of a brain, each with its working set and collisions; filter by kind, agent, worktree (who is in worktree X) or a working-set path prefix. Worktree and path_prefix filter the organ's pages here, so a page may hold fewer than page_size rows and still have a cursor.",
		reads, func(ctx context.Context, req *sdk.CallToolRequest, in WhoIn) (Outcome, error) {
			size, err := in.size()
			if err != nil {
				return Outcome{}, err
			}
			var rows []*presencev1.Presence
			token := in.Cursor
			for range maxScanPages {
				resp, err := pres().List(ctx, &presencev1.ListRequest{Brain: ss.brainOr(in.Brain), Kind: in.Kind, AgentId: in.AgentID,
					PageSize: size, PageToken: token}, ss.call(req.Extra)...)
				if err != nil {
					return Outcome{}, err
				}
				for _, p := range resp.GetPresences() {
					if whoMatches(p, in) {
						rows = append(rows, p)
					}
				}
				token = resp.GetNextPageToken()
				if token == "" || int32(len(rows)) >= size {
					break
				}
			}
			list := make([]any, 0, len(rows))
			lines := make([]string, 0, len(rows))
			for _, p := range rows {
				list = append(list, asMap(p))
				lines = append(lines, presenceLine(p))
			}
			sum := fmt.Sprintf("%d live", len(rows))
			if len(lines) > 0 {
				sum += ": " + strings.Join(lines, "; ")
			}
			return Outcome{Summary: sum, Result: map[string]any{"presences": list}, NextCursor: token}, nil
		})

	tool(ss, "collisions", "Collisions",
		"Pairs of live sessions whose working sets overlap, with the overlapping paths; read before editing shared files.",
		reads, func(ctx context.Context, req *sdk.CallToolRequest, in CollisionsIn) (Outcome, error) {
			size, err := in.size()
			if err != nil {
				return Outcome{}, err
			}
			resp, err := pres().Collisions(ctx, &presencev1.CollisionsRequest{Brain: ss.brainOr(in.Brain), PresenceId: in.PresenceID,
				PageSize: size, PageToken: in.Cursor}, ss.call(req.Extra)...)
			if err != nil {
				return Outcome{}, err
			}
			lines := make([]string, 0, len(resp.GetCollisions()))
			for _, c := range resp.GetCollisions() {
				lines = append(lines, fmt.Sprintf("%s(%s)×%s(%s)", c.GetA().GetPresenceId(), c.GetA().GetAgentId(), c.GetB().GetPresenceId(), c.GetB().GetAgentId()))
			}
			sum := fmt.Sprintf("%d collisions", len(lines))
			if len(lines) > 0 {
				sum += ": " + strings.Join(lines, ", ")
			}
			return Outcome{Summary: sum, Result: map[string]any{"collisions": asMap(resp)["collisions"]}, NextCursor: resp.GetNextPageToken()}, nil
		})
}
