package mcp

import (
	"context"
	"fmt"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	soulv1 "github.com/organism-dev/organism/proto/organism/soul/v1"
)

// BrainIn names the brain a call acts in; empty means the credential's own.
type BrainIn struct {
	Brain string `json:"brain,omitempty" jsonschema:"brain to act in; empty means the brain your credential is bound to"`
}

// SoulCheckIn asks for a server-side soul check.
type SoulCheckIn struct {
	Brain  string `json:"brain,omitempty" jsonschema:"brain whose soul to check; empty means your credential's brain"`
	DryRun bool   `json:"dry_run,omitempty" jsonschema:"check without writing a receipt"`
}

// SoulReadIn asks for the soul's text.
type SoulReadIn struct {
	Brain        string `json:"brain,omitempty" jsonschema:"brain whose soul to read; empty means your credential's brain"`
	Section      string `json:"section,omitempty" jsonschema:"only this section (its heading text)"`
	HeadlineOnly bool   `json:"headline_only,omitempty" jsonschema:"only the headline"`
}

// Bounds on what one soul answer may put in an agent's context.
const (
	maxStaleRows = 25
	maxSoulBytes = 32 << 10
)

func (ss *session) soulTools() {
	soul := func() soulv1.SoulServiceClient { return ss.svc.opts.Organs.Soul }

	tool(ss, "soul_check", "Check the soul",
		"Check the brain's soul against its repository on the server (evidence re-measured, stale claims listed) and record a soul receipt unless dry_run. Orient with this before trusting the soul.",
		writes, func(ctx context.Context, req *sdk.CallToolRequest, in SoulCheckIn) (Outcome, error) {
			resp, err := soul().CheckSoul(ctx, &soulv1.CheckSoulRequest{Brain: ss.brainOr(in.Brain), DryRun: in.DryRun}, ss.call(req.Extra)...)
			if err != nil {
				return Outcome{}, err
			}
			rep := resp.GetReport()
			rep.ClaimRows = nil
			more := len(rep.GetStale()) - maxStaleRows
			if more > 0 {
				rep.Stale, rep.Truncated = rep.Stale[:maxStaleRows], true
			}
			sum := rep.GetReceiptLine()
			if sum == "" {
				sum = fmt.Sprintf("soul of %s checked: %d verified fresh, %d stale", rep.GetBrain(), rep.GetByState().GetVerifiedFresh(), rep.GetByState().GetEvidenceStale())
			}
			if more > 0 {
				sum += fmt.Sprintf(" (%d more stale rows not shown; run `organism soul check` for all)", more)
			}
			return Outcome{Summary: sum, Result: asMap(rep), Receipt: asMap(resp.GetReceipt())}, nil
		})

	tool(ss, "soul_read", "Read the soul",
		"Read the brain's soul (its markdown), one section of it, or only its headline, with the last soul receipt.",
		reads, func(ctx context.Context, req *sdk.CallToolRequest, in SoulReadIn) (Outcome, error) {
			resp, err := soul().ReadSoul(ctx, &soulv1.ReadSoulRequest{Brain: ss.brainOr(in.Brain), Section: in.Section, HeadlineOnly: in.HeadlineOnly}, ss.call(req.Extra)...)
			if err != nil {
				return Outcome{}, err
			}
			sum := fmt.Sprintf("soul of %s (%s): %s", resp.GetBrain(), resp.GetSoulPath(), resp.GetHeadline())
			var cut bool
			if resp.Markdown, cut = clip(resp.GetMarkdown(), maxSoulBytes); cut {
				sum += fmt.Sprintf(" — cut at %d bytes; read one section at a time", maxSoulBytes)
			}
			return Outcome{Summary: sum, Result: asMap(resp), Receipt: asMap(resp.GetLastReceipt())}, nil
		})

	tool(ss, "north", "North atom",
		"The brain's north atom: the soul's headline, its last receipt line and how to read it, plus the honest gaps. Read it first.",
		reads, func(ctx context.Context, req *sdk.CallToolRequest, in BrainIn) (Outcome, error) {
			resp, err := soul().NorthAtom(ctx, &soulv1.NorthAtomRequest{Brain: ss.brainOr(in.Brain)}, ss.call(req.Extra)...)
			if err != nil {
				return Outcome{}, err
			}
			sum := resp.GetSoul().GetHeadline()
			if r := resp.GetSoul().GetReceipt(); r != "" {
				sum += " — " + r
			}
			return Outcome{Summary: sum, Result: asMap(resp)}, nil
		})
}
