package main

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	commonv1 "github.com/organism-dev/organism/proto/organism/common/v1"
	medullav1 "github.com/organism-dev/organism/proto/organism/medulla/v1"
)

// The human rendering and flag parsing the memory verbs share.

func enumName(full, prefix string) string { return strings.ToLower(strings.TrimPrefix(full, prefix)) }

func parseKind(s string) (medullav1.ClaimKind, error) {
	v, ok := medullav1.ClaimKind_value["CLAIM_KIND_"+strings.ToUpper(s)]
	if !ok || v == 0 {
		return 0, usageError{fmt.Sprintf("kind %q: want fact, decision, process, doctrine or problem", s)}
	}
	return medullav1.ClaimKind(v), nil
}

func parseState(s string) (medullav1.ClaimState, error) {
	v, ok := medullav1.ClaimState_value["CLAIM_STATE_"+strings.ToUpper(s)]
	if !ok || v == 0 {
		return 0, usageError{fmt.Sprintf("state %q: want authored or verified", s)}
	}
	return medullav1.ClaimState(v), nil
}

func parseTier(s string) (medullav1.Tier, error) {
	v, ok := medullav1.Tier_value["TIER_"+strings.ToUpper(s)]
	if !ok || v == 0 {
		return 0, usageError{fmt.Sprintf("tier %q: want project or medulla", s)}
	}
	return medullav1.Tier(v), nil
}

// hashLocal returns the sha256 of a file under root, or "" when it cannot be read here (the
// server then measures it in the brain's repository).
func hashLocal(root, rel string) string {
	b, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(rel)))
	if err != nil {
		return ""
	}
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

func ago(t time.Time) string {
	if t.IsZero() {
		return "unknown"
	}
	d := time.Since(t).Round(time.Minute)
	switch {
	case d < time.Hour:
		return fmt.Sprintf("%dm ago", int(d.Minutes()))
	case d < 48*time.Hour:
		return fmt.Sprintf("%dh ago", int(d.Hours()))
	}
	return fmt.Sprintf("%dd ago", int(d.Hours()/24))
}

// printClaim renders one claim version for a human.
func printClaim(w io.Writer, c *medullav1.Claim) {
	p := c.GetProvenance()
	fmt.Fprintf(w, "%s v%d · %s · %s · %s", c.GetSlug(), c.GetVersion(), enumName(c.GetKind().String(), "CLAIM_KIND_"),
		enumName(c.GetState().String(), "CLAIM_STATE_"), enumName(c.GetTier().String(), "TIER_"))
	if c.GetAge().GetAgedOut() {
		fmt.Fprint(w, " · aged out")
	}
	if d := c.GetProvenance().GetDemoted(); d != "" {
		fmt.Fprintf(w, " · %s at %s", d, c.GetProvenance().GetDemotedLine())
	}
	fmt.Fprintln(w)
	fmt.Fprintf(w, "  by %s in %s, created %s", p.GetSourceAgent(), p.GetOriginBrain(), ago(p.GetCreated().AsTime()))
	if p.GetCreated() == nil {
		fmt.Fprint(w, " (age unknown)")
	}
	if p.GetSoulSource() != "" {
		fmt.Fprintf(w, ", soul %s", p.GetSoulSource())
	}
	if p.GetVerifiedVia() != "" {
		fmt.Fprintf(w, ", verified by %s via %s", p.GetVerifiedBy(), p.GetVerifiedVia())
	}
	fmt.Fprintf(w, ", receipt %s\n", c.GetReceiptId())
	if line := c.GetProvenanceLine(); line != "" {
		fmt.Fprintf(w, "  %s\n", line)
	}
	for _, a := range c.GetEvidence() {
		fmt.Fprintf(w, "  evidence %s\n", anchorString(a))
	}
	for _, line := range strings.Split(strings.TrimRight(c.GetBody(), "\n"), "\n") {
		fmt.Fprintf(w, "  │ %s\n", line)
	}
}

func anchorString(a *medullav1.EvidenceAnchor) string {
	kind := enumName(a.GetKind().String(), "EVIDENCE_KIND_")
	if q := a.GetQualified(); q != "" {
		if a.GetUnverifiable() {
			return kind + " " + q + " (evidence_unverifiable)"
		}
		return kind + " " + q
	}
	switch a.GetKind() {
	case medullav1.EvidenceKind_EVIDENCE_KIND_FILE:
		return fmt.Sprintf("%s %s sha256:%.12s", kind, a.GetPath(), a.GetSha256())
	case medullav1.EvidenceKind_EVIDENCE_KIND_LINE:
		return fmt.Sprintf("%s %s:%d sha256:%.12s", kind, a.GetPath(), a.GetLine(), a.GetSha256())
	}
	return kind + " " + a.GetRef()
}

func printReceipt(w io.Writer, r *commonv1.Receipt) {
	if c := r.GetCommit(); c != nil {
		fmt.Fprintf(w, "%s  commit     %-18s %-28s store %d→%d  by %s  %s\n", c.GetAt().AsTime().Format(time.RFC3339), c.GetProposal().GetEffect(),
			c.GetProposal().GetSubject(), c.GetStoreVersionBefore(), c.GetStoreVersionAfter(), c.GetBy().GetAgentId(), c.GetReceiptId())
		return
	}
	if a := r.GetAdoption(); a != nil {
		fmt.Fprintf(w, "%s  adoption   %-18s %-28s from %s  by %s  %s\n", a.GetAt().AsTime().Format(time.RFC3339), "adopt",
			a.GetForeignId(), a.GetSource(), a.GetBy().GetAgentId(), a.GetReceiptId())
		return
	}
	if j := r.GetRejection(); j != nil {
		fmt.Fprintf(w, "%s  rejection  %-18s %-28s %s  by %s  %s\n", j.GetAt().AsTime().Format(time.RFC3339), j.GetProposal().GetEffect(),
			j.GetProposal().GetSubject(), j.GetReason(), j.GetBy().GetAgentId(), j.GetReceiptId())
	}
}
