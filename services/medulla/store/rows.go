package store

import (
	"database/sql"
	"encoding/json"
	"fmt"
	"slices"
	"time"
	"unicode/utf8"

	"github.com/organism-dev/organism/platform/principal"
	"github.com/organism-dev/organism/platform/refusal"
	"github.com/organism-dev/organism/services/medulla/domain"
)

type scanner interface{ Scan(dest ...any) error }

func scanBrain(row scanner) (domain.Brain, error) {
	var b domain.Brain
	var policy string
	var reserved int
	var created, updated int64
	if err := row.Scan(&b.Name, &b.RepoRoot, &b.SoulPath, &policy, &reserved, &b.StoreVersion, &b.LiveClaims, &created, &updated); err != nil {
		return domain.Brain{}, err
	}
	b.Policy, b.Reserved = domain.Policy(policy), reserved != 0
	b.CreatedAt, b.UpdatedAt = fromNanos(created), fromNanos(updated)
	return b, nil
}

func scanClaim(row scanner) (domain.Claim, error) {
	c, _, err := scanClaimRel(row, false)
	return c, err
}

// scanClaimRel scans a claim row, followed by a relevance column when withRel.
func scanClaimRel(row scanner, withRel bool) (domain.Claim, float64, error) {
	var c domain.Claim
	var kind, evidence, state, tier, verse, trust string
	var created, promoted, verified, superseded sql.NullInt64
	var written int64
	var rel float64
	p := &c.Provenance
	dest := []any{&c.ID, &c.Brain, &c.Slug, &c.Version, &kind, &c.Body, &evidence, &c.Confidence, &state, &tier, &verse,
		&created, &p.SourceAgent, &p.OriginBrain, &p.SoulSource, &p.PromotedBy, &p.PromotedReason, &promoted,
		&p.VerifiedBy, &p.VerifiedVia, &verified, &written, &superseded, &c.ReceiptID, &trust}
	if withRel {
		dest = append(dest, &rel)
	}
	if err := row.Scan(dest...); err != nil {
		return domain.Claim{}, 0, err
	}
	c.Kind, c.State, c.Tier, c.Verse = domain.Kind(kind), domain.State(state), domain.Tier(tier), domain.Verse(verse)
	p.Created, p.PromotedAt, p.VerifiedAt = fromNull(created), fromNull(promoted), fromNull(verified)
	c.WrittenAt, c.SupersededAt = fromNanos(written), fromNull(superseded)
	ev, err := decodeEvidence(evidence)
	if err != nil {
		return domain.Claim{}, 0, err
	}
	c.Evidence = ev
	if err := decodeTrust(trust, p); err != nil {
		return domain.Claim{}, 0, err
	}
	return c, rel, nil
}

func scanReceipt(row scanner) (domain.Receipt, error) {
	var r domain.Receipt
	var kind, gates, reason, details, origin, verse string
	var at int64
	if err := row.Scan(&r.Seq, &r.ID, &r.Brain, &kind, &r.ProposalID, &r.Effect, &r.Subject, &gates, &reason, &r.Message,
		&r.VersionFrom, &r.VersionTo, &details, &r.By.AgentID, &r.By.Seat, &r.By.Brain, &origin, &at, &verse); err != nil {
		return domain.Receipt{}, err
	}
	r.Kind, r.Reason, r.By.Origin, r.Verse, r.At = domain.ReceiptKind(kind), refusal.Reason(reason), principal.Origin(origin), domain.Verse(verse), fromNanos(at)
	if err := json.Unmarshal([]byte(gates), &r.Gates); err != nil {
		return domain.Receipt{}, fmt.Errorf("receipt %s gates: %w", r.ID, err)
	}
	if err := json.Unmarshal([]byte(details), &r.Details); err != nil {
		return domain.Receipt{}, fmt.Errorf("receipt %s details: %w", r.ID, err)
	}
	return r, nil
}

// evidenceRow is the stored JSON shape of one anchor; short keys keep 100k-claim stores small.
type evidenceRow struct {
	Kind string `json:"k"`
	Path string `json:"p,omitempty"`
	SHA  string `json:"h,omitempty"`
	Line int32  `json:"l,omitempty"`
	Ref  string `json:"r,omitempty"`
	// Origin and Unverifiable are the C8.2 stamps of an anchor that crossed.
	Origin       string `json:"o,omitempty"`
	Unverifiable bool   `json:"u,omitempty"`
}

func encodeEvidence(as []domain.Anchor) (string, error) {
	if len(as) == 0 {
		return "[]", nil
	}
	rows := make([]evidenceRow, len(as))
	for i, a := range as {
		rows[i] = evidenceRow{Kind: string(a.Kind), Path: a.Path, SHA: a.SHA256, Line: a.Line, Ref: a.Ref, Origin: a.Origin, Unverifiable: a.Unverifiable}
	}
	b, err := json.Marshal(rows)
	return string(b), err
}

func decodeEvidence(s string) ([]domain.Anchor, error) {
	if s == "[]" || s == "" {
		return nil, nil
	}
	var rows []evidenceRow
	if err := json.Unmarshal([]byte(s), &rows); err != nil {
		return nil, fmt.Errorf("evidence: %w", err)
	}
	out := make([]domain.Anchor, len(rows))
	for i, r := range rows {
		out[i] = domain.Anchor{Kind: domain.AnchorKind(r.Kind), Path: r.Path, SHA256: r.SHA, Line: r.Line, Ref: r.Ref, Origin: r.Origin, Unverifiable: r.Unverifiable}
	}
	return out, nil
}

// encodeReceiptLists writes a receipt's gates and details as JSON. It runs on the writer for
// every receipt, where encoding/json's reflection and map sorting were 6% of the writer's time,
// so it writes the two shapes by hand; the result decodes with encoding/json like its own
// output does (TestReceiptListsDecode, FuzzReceiptLists).
func encodeReceiptLists(r *domain.Receipt) (string, string, error) {
	g := make([]byte, 0, 16*len(r.Gates)+2)
	g = append(g, '[')
	for i, gate := range r.Gates {
		if i > 0 {
			g = append(g, ',')
		}
		g = appendJSONString(g, gate)
	}
	g = append(g, ']')
	keys := make([]string, 0, len(r.Details))
	for k := range r.Details {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	d := make([]byte, 0, 32*len(keys)+2)
	d = append(d, '{')
	for i, k := range keys {
		if i > 0 {
			d = append(d, ',')
		}
		d = appendJSONString(d, k)
		d = append(d, ':')
		d = appendJSONString(d, r.Details[k])
	}
	d = append(d, '}')
	return string(g), string(d), nil
}

// appendJSONString appends s as a JSON string: quotes, backslashes and control characters
// escaped, invalid UTF-8 replaced by U+FFFD (as encoding/json does), everything else as is.
func appendJSONString(dst []byte, s string) []byte {
	const hex = "0123456789abcdef"
	dst = append(dst, '"')
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			switch {
			case c == '"' || c == '\\':
				dst = append(dst, '\\', c)
			case c < 0x20:
				dst = append(dst, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xf])
			default:
				dst = append(dst, c)
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			dst = append(dst, `\ufffd`...)
		} else {
			dst = append(dst, s[i:i+size]...)
		}
		i += size
	}
	return append(dst, '"')
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

func nullTime(t time.Time) sql.NullInt64 {
	if t.IsZero() {
		return sql.NullInt64{}
	}
	return sql.NullInt64{Int64: t.UnixNano(), Valid: true}
}

func fromNull(n sql.NullInt64) time.Time {
	if !n.Valid {
		return time.Time{}
	}
	return fromNanos(n.Int64)
}

func fromNanos(n int64) time.Time { return time.Unix(0, n).UTC() }

// trustRow is the stored JSON shape of the provenance the independence rule and the doctrine
// sweep read; short keys, and empty values left out, keep it to a few bytes per version.
type trustRow struct {
	Family         string `json:"f,omitempty"`
	AuthoredCommit string `json:"ac,omitempty"`
	VerifiedCommit string `json:"vc,omitempty"`
	Demoted        string `json:"d,omitempty"`
	DemotedLine    string `json:"dl,omitempty"`
}

func encodeTrust(p domain.Provenance) (string, error) {
	t := trustRow{Family: p.SourceFamily, AuthoredCommit: p.AuthoredCommit, VerifiedCommit: p.VerifiedCommit, Demoted: p.Demoted, DemotedLine: p.DemotedLine}
	if t == (trustRow{}) {
		return "{}", nil
	}
	b, err := json.Marshal(t)
	return string(b), err
}

func decodeTrust(s string, p *domain.Provenance) error {
	if s == "{}" || s == "" {
		return nil
	}
	var t trustRow
	if err := json.Unmarshal([]byte(s), &t); err != nil {
		return fmt.Errorf("trust: %w", err)
	}
	p.SourceFamily, p.AuthoredCommit, p.VerifiedCommit, p.Demoted, p.DemotedLine = t.Family, t.AuthoredCommit, t.VerifiedCommit, t.Demoted, t.DemotedLine
	return nil
}
