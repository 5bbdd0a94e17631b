package mcp

import (
	"context"
	"fmt"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	commonv1 "github.com/organism-dev/organism/proto/organism/common/v1"
	medullav1 "github.com/organism-dev/organism/proto/organism/medulla/v1"
)

// Evidence is one anchor backing a claim.
type Evidence struct {
	Kind string `json:"kind" jsonschema:"file, line, commit or receipt"`
	Path string `json:"path,omitempty" jsonschema:"repository-relative path (file, line); the server hashes it in the brain's repository"`
	Line int32  `json:"line,omitempty" jsonschema:"line number (line)"`
	Ref  string `json:"ref,omitempty" jsonschema:"commit sha or tag (commit), receipt id (receipt)"`
}

// MemorizeIn is one claim to write.
type MemorizeIn struct {
	Brain           string     `json:"brain,omitempty" jsonschema:"brain to write in; empty means your credential's brain"`
	Slug            string     `json:"slug,omitempty" jsonschema:"claim slug; generated from the body when empty. Writing an existing slug supersedes it with a new version"`
	Kind            string     `json:"kind,omitempty" jsonschema:"fact, decision, process, doctrine or problem (default fact)"`
	Body            string     `json:"body" jsonschema:"the claim, markdown"`
	Evidence        []Evidence `json:"evidence,omitempty" jsonschema:"what the claim rests on; a claim without evidence stays authored, never verified"`
	Confidence      float64    `json:"confidence,omitempty" jsonschema:"confidence between 0 and 1"`
	ExpectedVersion int64      `json:"expected_version,omitempty" jsonschema:"refuse (VERSION_MISMATCH) unless the live version is this one: set it when superseding, so a concurrent write is never silently overwritten"`
}

// RecallIn is a full-text recall.
type RecallIn struct {
	Brain string   `json:"brain,omitempty" jsonschema:"brain to recall from (and the medulla tier); empty means your credential's brain"`
	Query string   `json:"query" jsonschema:"words to search for"`
	Kinds []string `json:"kinds,omitempty" jsonschema:"only these kinds: fact, decision, process, doctrine, problem"`
	Limit int32    `json:"limit,omitempty" jsonschema:"at most this many hits, 1 to 50 (default 10)"`
}

// ClaimIn names one claim, optionally one version of it.
type ClaimIn struct {
	Brain   string `json:"brain,omitempty" jsonschema:"brain of the claim; empty means your credential's brain"`
	Slug    string `json:"slug" jsonschema:"claim slug"`
	Version int64  `json:"version,omitempty" jsonschema:"this version; 0 means the live one"`
}

// HistoryIn pages a claim's versions.
type HistoryIn struct {
	Brain string `json:"brain,omitempty" jsonschema:"brain of the claim; empty means your credential's brain"`
	Slug  string `json:"slug" jsonschema:"claim slug"`
	Page
}

// VerifyIn re-measures a claim's evidence.
type VerifyIn struct {
	Brain       string `json:"brain,omitempty" jsonschema:"brain of the claim; empty means your credential's brain"`
	Slug        string `json:"slug" jsonschema:"claim slug"`
	Commit      string `json:"commit,omitempty" jsonschema:"a commit whose gate passed, as verification"`
	GateLogHash string `json:"gate_log_hash,omitempty" jsonschema:"sha256 of the gate log of that commit"`
	Note        string `json:"note,omitempty"`
}

// PromoteIn lifts a verified claim to the medulla tier.
type PromoteIn struct {
	Brain  string `json:"brain,omitempty" jsonschema:"brain of the claim; empty means your credential's brain"`
	Slug   string `json:"slug" jsonschema:"claim slug (must be verified)"`
	Reason string `json:"reason,omitempty" jsonschema:"why it holds beyond this project"`
}

// LearnIn is feedback on a recalled claim.
type LearnIn struct {
	Brain    string `json:"brain,omitempty" jsonschema:"brain of the claim; empty means your credential's brain"`
	Slug     string `json:"slug" jsonschema:"claim slug"`
	Feedback string `json:"feedback" jsonschema:"not_wrong (it helped) or wrong (it misled you)"`
	Note     string `json:"note,omitempty"`
}

// maxRecall bounds one recall's hits.
const maxRecall = 50

var evidenceKinds = map[string]medullav1.EvidenceKind{
	"file": medullav1.EvidenceKind_EVIDENCE_KIND_FILE, "line": medullav1.EvidenceKind_EVIDENCE_KIND_LINE,
	"commit": medullav1.EvidenceKind_EVIDENCE_KIND_COMMIT, "receipt": medullav1.EvidenceKind_EVIDENCE_KIND_RECEIPT,
}

func claimKind(field, name string) (medullav1.ClaimKind, error) {
	v, err := enumOf(field, "CLAIM_KIND_", name, medullav1.ClaimKind_value, "fact, decision, process, doctrine or problem")
	return medullav1.ClaimKind(v), err
}

// claimLine is a claim's one-line form.
func claimLine(c *medullav1.Claim) string {
	return fmt.Sprintf("%s/%s v%d (%s)", c.GetBrain(), c.GetSlug(), c.GetVersion(), enumWord(c.GetState().String(), "CLAIM_STATE_"))
}

func receiptLine(r *commonv1.CommitReceipt) string {
	if r.GetReceiptId() == "" {
		return ""
	}
	return fmt.Sprintf("receipt %s, store %d→%d", r.GetReceiptId(), r.GetStoreVersionBefore(), r.GetStoreVersionAfter())
}

func (ss *session) medullaTools() {
	med := func() medullav1.MedullaServiceClient { return ss.svc.opts.Organs.Medulla }

	tool(ss, "memorize", "Memorize a claim",
		"Write one claim through medulla's memorize door. Every write returns a commit receipt; superseding a slug keeps its history. Set expected_version when superseding so a concurrent writer's version is never silently overwritten.",
		writes, func(ctx context.Context, req *sdk.CallToolRequest, in MemorizeIn) (Outcome, error) {
			kind := medullav1.ClaimKind_CLAIM_KIND_FACT
			if in.Kind != "" {
				k, err := claimKind("kind", in.Kind)
				if err != nil {
					return Outcome{}, err
				}
				kind = k
			}
			r := &medullav1.MemorizeRequest{Brain: ss.brainOr(in.Brain), Slug: in.Slug, Kind: kind, Body: in.Body,
				Confidence: in.Confidence, ExpectedVersion: in.ExpectedVersion}
			for i, e := range in.Evidence {
				k, ok := evidenceKinds[e.Kind]
				if !ok {
					return Outcome{}, invalid(fmt.Sprintf("evidence[%d].kind", i), "unknown kind %q (want file, line, commit or receipt)", e.Kind)
				}
				r.Evidence = append(r.Evidence, &medullav1.EvidenceAnchor{Kind: k, Path: e.Path, Line: e.Line, Ref: e.Ref})
			}
			resp, err := med().Memorize(ctx, r, ss.call(req.Extra)...)
			if err != nil {
				return Outcome{}, err
			}
			return Outcome{Summary: "memorized " + claimLine(resp.GetClaim()) + "; " + receiptLine(resp.GetReceipt()),
				Result: map[string]any{"claim": asMap(resp.GetClaim())}, Receipt: asMap(resp.GetReceipt())}, nil
		})

	tool(ss, "recall", "Recall",
		"Full-text recall over the brain and the medulla tier, best first, each hit with its tier label. Bounded by limit.",
		reads, func(ctx context.Context, req *sdk.CallToolRequest, in RecallIn) (Outcome, error) {
			limit := in.Limit
			switch {
			case limit < 0:
				return Outcome{}, invalid("limit", "want 1 to %d, got %d", maxRecall, limit)
			case limit == 0:
				limit = 10
			}
			r := &medullav1.RecallRequest{Brain: ss.brainOr(in.Brain), Query: in.Query, Limit: min(limit, maxRecall)}
			for i, k := range in.Kinds {
				v, err := claimKind(fmt.Sprintf("kinds[%d]", i), k)
				if err != nil {
					return Outcome{}, err
				}
				r.Kinds = append(r.Kinds, v)
			}
			resp, err := med().Recall(ctx, r, ss.call(req.Extra)...)
			if err != nil {
				return Outcome{}, err
			}
			sum := fmt.Sprintf("%d hits for %q", len(resp.GetHits()), in.Query)
			if len(resp.GetHits()) > 0 {
				sum += "; best: " + claimLine(resp.GetHits()[0].GetClaim())
			}
			return Outcome{Summary: sum, Result: asMap(resp)}, nil
		})

	tool(ss, "claim_show", "Show a claim",
		"One claim (its live version, or the version asked for) with its evidence, state, tier and provenance.",
		reads, func(ctx context.Context, req *sdk.CallToolRequest, in ClaimIn) (Outcome, error) {
			resp, err := med().GetClaim(ctx, &medullav1.GetClaimRequest{Brain: ss.brainOr(in.Brain), Slug: in.Slug, Version: in.Version}, ss.call(req.Extra)...)
			if err != nil {
				return Outcome{}, err
			}
			return Outcome{Summary: claimLine(resp.GetClaim()), Result: asMap(resp)}, nil
		})

	tool(ss, "claim_history", "Claim history",
		"Every version of a claim, newest first, one page at a time: a linear history where each supersession is a new version with its own receipt.",
		reads, func(ctx context.Context, req *sdk.CallToolRequest, in HistoryIn) (Outcome, error) {
			size, err := in.size()
			if err != nil {
				return Outcome{}, err
			}
			resp, err := med().History(ctx, &medullav1.HistoryRequest{Brain: ss.brainOr(in.Brain), Slug: in.Slug,
				Page: &commonv1.PageRequest{PageSize: size, PageToken: in.Cursor}}, ss.call(req.Extra)...)
			if err != nil {
				return Outcome{}, err
			}
			return Outcome{Summary: fmt.Sprintf("%d versions of %s", len(resp.GetVersions()), in.Slug),
				Result: map[string]any{"versions": asMap(resp)["versions"]}, NextCursor: resp.GetPage().GetNextPageToken()}, nil
		})

	tool(ss, "claim_verify", "Verify a claim",
		"Re-measure a claim's evidence now (or vouch for it with a commit whose gate passed); a verified claim gets a receipt. Drifted or missing evidence is refused with its reason.",
		rewrites, func(ctx context.Context, req *sdk.CallToolRequest, in VerifyIn) (Outcome, error) {
			resp, err := med().Verify(ctx, &medullav1.VerifyRequest{Brain: ss.brainOr(in.Brain), Slug: in.Slug, Commit: in.Commit,
				GateLogHash: in.GateLogHash, Note: in.Note}, ss.call(req.Extra)...)
			if err != nil {
				return Outcome{}, err
			}
			return Outcome{Summary: "verified " + claimLine(resp.GetClaim()) + "; " + receiptLine(resp.GetReceipt()),
				Result: map[string]any{"claim": asMap(resp.GetClaim()), "checks": asMap(resp)["checks"]}, Receipt: asMap(resp.GetReceipt())}, nil
		})

	tool(ss, "promote", "Promote to medulla",
		"Lift a verified claim to the medulla tier, where every brain's recall can find it. Promoting twice is a no-op.",
		rewrites, func(ctx context.Context, req *sdk.CallToolRequest, in PromoteIn) (Outcome, error) {
			resp, err := med().Promote(ctx, &medullav1.PromoteRequest{Brain: ss.brainOr(in.Brain), Slug: in.Slug, Reason: in.Reason}, ss.call(req.Extra)...)
			if err != nil {
				return Outcome{}, err
			}
			sum := "promoted " + claimLine(resp.GetClaim())
			if resp.GetAlreadyPromoted() {
				sum = "already promoted: " + claimLine(resp.GetClaim())
			}
			if r := receiptLine(resp.GetReceipt()); r != "" {
				sum += "; " + r
			}
			res := asMap(resp)
			delete(res, "receipt")
			return Outcome{Summary: sum, Result: res, Receipt: asMap(resp.GetReceipt())}, nil
		})

	tool(ss, "learn", "Feedback on a claim",
		"Say whether a recalled claim helped (not_wrong) or misled you (wrong); the count shapes future recall.",
		writes, func(ctx context.Context, req *sdk.CallToolRequest, in LearnIn) (Outcome, error) {
			fb, err := enumOf("feedback", "FEEDBACK_", in.Feedback, medullav1.Feedback_value, "not_wrong or wrong")
			if err != nil {
				return Outcome{}, err
			}
			resp, err := med().Learn(ctx, &medullav1.LearnRequest{Brain: ss.brainOr(in.Brain), Slug: in.Slug, Feedback: medullav1.Feedback(fb), Note: in.Note}, ss.call(req.Extra)...)
			if err != nil {
				return Outcome{}, err
			}
			sum := fmt.Sprintf("%s: reused %d, wrong %d", in.Slug, resp.GetReuseCount(), resp.GetWrongCount())
			if !resp.GetCounted() {
				sum += " (not counted: " + resp.GetNote() + ")"
			}
			res := asMap(resp)
			delete(res, "receipt")
			return Outcome{Summary: sum, Result: res, Receipt: asMap(resp.GetReceipt())}, nil
		})
}
