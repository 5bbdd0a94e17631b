package domain

import (
	"reflect"
	"strings"
	"testing"
	"time"
)

func TestClaimFileRoundTrip(t *testing.T) {
	ts := mustTime("2026-03-04T05:06:07Z").Add(123456789)
	cases := []struct {
		name  string
		claim Claim
	}{
		{"minimal", Claim{Slug: "a", Version: 1, Kind: KindFact, State: StateAuthored, Body: "Body.\n"}},
		{"full provenance", Claim{
			Slug: "retry-doctrine", Version: 4, Kind: KindDoctrine, State: StateVerified, Confidence: 0.85, Brain: "medulla",
			Body: "# Retries\n\n---\nA fence inside the body stays body.\n",
			Evidence: []Anchor{
				{Kind: AnchorFile, Path: "pkg/retry.go", SHA256: strings.Repeat("ab", 32)},
				{Kind: AnchorLine, Path: "dir with space/x.go", Line: 42},
				{Kind: AnchorCommit, Ref: "v1.2.3"},
				{Kind: AnchorReceipt, Ref: "rcpt_0011"},
				{Kind: AnchorFile, Path: "pay/jitter.go", SHA256: strings.Repeat("cd", 32), Origin: "loja"},
				{Kind: AnchorCommit, Ref: "v2.0.0", Origin: "alice:loja", Unverifiable: true},
			},
			Provenance: Provenance{Created: ts, SourceAgent: "agent-3", OriginBrain: "loja", SoulSource: "docs/PATHOS.md#Now: next",
				PromotedBy: "agent-3", PromotedReason: "  leading space and \"quotes\"\nand a newline", PromotedAt: ts.Add(time.Hour),
				VerifiedBy: "owner", VerifiedVia: VerifiedViaOwnerWord, VerifiedAt: ts.Add(2 * time.Hour)},
			WrittenAt: ts.Add(3 * time.Hour), SupersededAt: ts.Add(4 * time.Hour), ReceiptID: "rcpt_abc",
		}},
		{"empty body survives", Claim{Slug: "e", Version: 2, Kind: KindProblem, State: StateAuthored, Body: ""}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, err := DecodeClaimFile(EncodeClaimFile(tc.claim))
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tc.claim) {
				t.Fatalf("got %+v, want %+v", got, tc.claim)
			}
		})
	}
}

func TestDecodeClaimFileRefuses(t *testing.T) {
	cases := []struct {
		name    string
		content string
		wantErr string
	}{
		{"no fence", "Slug: a\n", "does not start"},
		{"unclosed", "---\nSlug: a\nKind: fact\n", "no closing"},
		{"missing slug", "---\nKind: fact\n---\nbody", "valid Slug"},
		{"bad slug", "---\nSlug: ../etc\nKind: fact\n---\nbody", "valid Slug"},
		{"bad kind", "---\nSlug: a\nKind: rumour\n---\nbody", "valid Kind"},
		{"duplicate key", "---\nSlug: a\nSlug: b\nKind: fact\n---\nbody", "twice"},
		{"bad time", "---\nSlug: a\nKind: fact\nCreated: yesterday\n---\nbody", "RFC 3339"},
		{"superseded state", "---\nSlug: a\nKind: fact\nState: superseded\n---\nbody", "unknown state"},
		{"confidence out of range", "---\nSlug: a\nKind: fact\nConfidence: 2\n---\nbody", "between 0 and 1"},
		{"unquoted evidence", "---\nSlug: a\nKind: fact\nEvidence: file a.go\n---\nbody", "quoted"},
		{"bad evidence kind", "---\nSlug: a\nKind: fact\nEvidence: rumour \"x\"\n---\nbody", "unknown evidence kind"},
		{"line without number", "---\nSlug: a\nKind: fact\nEvidence: line \"a.go\"\n---\nbody", "line number"},
		{"line without key", "---\nSlug: a\nKind: fact\njunk\n---\nbody", "no key"},
		{"bad quoting", "---\nSlug: \"a\nKind: fact\n---\nbody", "Slug"},
		{"not utf-8", "---\nSlug: a\xff\nKind: fact\n---\n", "UTF-8"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := DecodeClaimFile(tc.content)
			if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
				t.Fatalf("got %v, want an error mentioning %q", err, tc.wantErr)
			}
		})
	}
	// Unknown keys are ignored so that newer exports stay readable.
	c, err := DecodeClaimFile("---\nSlug: a\nKind: fact\nFuture-Key: whatever\n---\nbody")
	if err != nil || c.Body != "body" {
		t.Fatalf("got %+v %v, want unknown keys ignored", c, err)
	}
	// CRLF files from other editors decode the same.
	c, err = DecodeClaimFile("---\r\nSlug: a\r\nKind: fact\r\n---\r\nbody\r\n")
	if err != nil || c.Slug != "a" || c.Body != "body\n" {
		t.Fatalf("got %+v %v, want CRLF accepted", c, err)
	}
}

// FuzzDecodeClaimFile feeds arbitrary bytes to the import decoder: it must never panic, and
// whatever it accepts must survive encode → decode unchanged.
func FuzzDecodeClaimFile(f *testing.F) {
	f.Add("---\nSlug: a\nKind: fact\n---\nbody")
	f.Add("---\nSlug: a\nVersion: 3\nKind: doctrine\nState: verified\nConfidence: 0.5\nCreated: 2026-01-01T00:00:00Z\nEvidence: file \"a b.go\" sha256=" + strings.Repeat("0", 64) + "\nEvidence: line \"x.go\" 7\nEvidence: commit \"v1\"\n---\n# T\n")
	f.Add("---\n---\n")
	f.Add("---\nPromoted-Reason: \"a\\nb\"\n---\n")
	f.Add("---\r\nSlug: a\r\nKind: fact\r\n---\r\n")
	f.Fuzz(func(t *testing.T, content string) {
		c, err := DecodeClaimFile(content)
		if err != nil {
			return
		}
		again, err := DecodeClaimFile(EncodeClaimFile(c))
		if err != nil {
			t.Fatalf("re-decoding an accepted file failed: %v\n%q", err, EncodeClaimFile(c))
		}
		if !reflect.DeepEqual(again, c) {
			t.Fatalf("round trip changed the claim:\n got %+v\nwant %+v", again, c)
		}
	})
}
