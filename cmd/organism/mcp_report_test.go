package main

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/organism-dev/organism/platform/auth"
	commonv1 "github.com/organism-dev/organism/proto/organism/common/v1"
	missionv1 "github.com/organism-dev/organism/proto/organism/mission/v1"
)

// spool reads the whole field-report spool as the owner.
func (s *mcpSuite) spool(t *testing.T) []*missionv1.FieldReport {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), testWait)
	defer cancel()
	mc := missionv1.NewMissionServiceClient(s.conn(t, s.owner))
	var out []*missionv1.FieldReport
	token := ""
	for {
		resp, err := mc.ListReports(ctx, &missionv1.ListReportsRequest{Page: &commonv1.PageRequest{PageSize: 100, PageToken: token}})
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, resp.GetReports()...)
		if token = resp.GetPage().GetNextPageToken(); token == "" {
			return out
		}
	}
}

// TestMCPReportRefusals: the report tool files with the caller's credential and meets the
// spool's laws. A secret is refused with its family named and the text never echoed, and nothing
// is filed; a federation peer files nothing (the door refuses it; the organ's own law would
// say FOREIGN_BRAIN).
func TestMCPReportRefusals(t *testing.T) {
	s := startMCPSuite(t)
	// Built at run time so the source carries no credential-shaped literal.
	secret := "ghp_" + strings.Repeat("Zq7x", 10)
	peer := s.mint(t, auth.MintRequest{Kind: auth.KindPeer, Subject: "far"})
	for _, tr := range transports {
		t.Run(tr, func(t *testing.T) {
			cs := s.connect(t, tr, s.agent, nil)

			before := len(s.spool(t))
			out, res := callTool(t, cs, "report", map[string]any{"tool": "recall", "what": "recall printed my token " + secret})
			if out.OK || out.Refusal.Reason != "SECRET_DETECTED" || len(out.Refusal.Violations) != 1 || out.Refusal.Violations[0].Field != "what" {
				t.Errorf("secret in what: got %s %v, want SECRET_DETECTED on what", out.Summary, out.Refusal)
			}
			raw, _ := json.Marshal(res)
			if strings.Contains(string(raw), secret) || strings.Contains(string(raw), secret[:12]) {
				t.Errorf("the refusal echoes the secret: %s", raw)
			}
			if !strings.Contains(out.Refusal.Message, "github-token") {
				t.Errorf("got message %q, want the secret's family named", out.Refusal.Message)
			}
			if after := len(s.spool(t)); after != before {
				t.Errorf("got %d reports after a refused one, want %d (nothing filed)", after, before)
			}

			far := s.connect(t, tr, peer, nil)
			out, _ = callTool(t, far, "report", map[string]any{"repo": s.repo, "tool": "recall", "what": "a peer's complaint"})
			if out.OK || out.Refusal.Code != "PermissionDenied" || out.Refusal.Reason != "CALLER_NOT_ALLOWED" {
				t.Errorf("peer: got %s, want PermissionDenied CALLER_NOT_ALLOWED", out.Summary)
			}

		})
	}
}

// The report tool's annotations: a write that appends (not read-only, not destructive) and
// files anew each time (not idempotent).
func TestMCPReportAnnotations(t *testing.T) {
	s := startMCPSuite(t)
	cs := s.connect(t, "memory", s.agent, nil)
	ctx, cancel := context.WithTimeout(context.Background(), testWait)
	defer cancel()
	for tool, err := range cs.Tools(ctx, nil) {
		if err != nil {
			t.Fatal(err)
		}
		if tool.Name != "report" {
			continue
		}
		a := tool.Annotations
		if a.ReadOnlyHint || a.DestructiveHint == nil || *a.DestructiveHint || a.IdempotentHint {
			t.Errorf("got annotations %+v, want a write that is neither destructive nor idempotent", a)
		}
		return
	}
	t.Errorf("tools/list has no report tool")
}
