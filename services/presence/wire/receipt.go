package wire

import (
	"encoding/base64"
	"errors"
	"strconv"
	"strings"

	"google.golang.org/protobuf/types/known/timestamppb"

	commonv1 "github.com/organism-dev/organism/proto/organism/common/v1"
	presencev1 "github.com/organism-dev/organism/proto/organism/presence/v1"

	"github.com/organism-dev/organism/platform/principal"
	"github.com/organism-dev/organism/services/presence/domain"
)

var originToProto = map[principal.Origin]commonv1.Origin{
	principal.OriginAgent:    commonv1.Origin_ORIGIN_AGENT,
	principal.OriginHumanUI:  commonv1.Origin_ORIGIN_HUMAN_UI,
	principal.OriginHumanCLI: commonv1.Origin_ORIGIN_HUMAN_CLI,
	principal.OriginService:  commonv1.Origin_ORIGIN_SERVICE,
	principal.OriginPeer:     commonv1.Origin_ORIGIN_PEER,
}

// AgentRef renders who acted, as receipts name them.
func AgentRef(p principal.Principal) *commonv1.AgentRef {
	return &commonv1.AgentRef{AgentId: p.AgentID, Seat: p.Seat, Brain: p.Brain, Origin: originToProto[p.Origin]}
}

// Receipt renders one ledger entry in the shape medulla's ledger uses. Presence owns no store
// version, so the store-version fields stay 0; the receipt's brain is the ledger it is listed
// in and its proposal's brain the brain the caller aimed at. A rejection's count and newest
// time travel beside it (Repeats): the rejection receipt shape has no field for them.
func Receipt(r domain.Receipt) *commonv1.Receipt {
	at := timestamppb.New(r.At)
	prop := &commonv1.Proposal{ProposalId: r.ProposalID, Brain: r.Brain, Effect: r.Effect, Subject: r.Subject,
		ProposedBy: AgentRef(r.By), ProposedAt: at}
	if r.Kind == domain.ReceiptCommit {
		return &commonv1.Receipt{Kind: &commonv1.Receipt_Commit{Commit: &commonv1.CommitReceipt{
			ReceiptId: r.ID, Brain: r.Ledger, Proposal: prop,
			Review:  &commonv1.Review{ProposalId: r.ProposalID, Decision: commonv1.Decision_DECISION_COMMIT, Gates: r.Gates, ReviewedAt: at},
			Details: r.Details, By: AgentRef(r.By), At: at, Verse: commonv1.Verse_VERSE_INTERNAL,
		}}}
	}
	return &commonv1.Receipt{Kind: &commonv1.Receipt_Rejection{Rejection: &commonv1.RejectionReceipt{
		ReceiptId: r.ID, Brain: r.Ledger, Proposal: prop,
		Review: &commonv1.Review{ProposalId: r.ProposalID, Decision: commonv1.Decision_DECISION_REJECT, Gates: r.Gates, ReviewedAt: at},
		Reason: string(r.Reason), Message: r.Message, By: AgentRef(r.By), At: at, Verse: commonv1.Verse_VERSE_INTERNAL,
	}}}
}

// Repeats renders how many identical refusals a rejection receipt stands for.
func Repeats(r domain.Receipt) *presencev1.RefusalRepeats {
	return &presencev1.RefusalRepeats{Count: max(r.Count, 1), LastAt: timestamppb.New(r.LastAt)}
}

const receiptTokenPrefix = "rcpt:"

// ReceiptToken is the page token after a page that ended at ledger seq.
func ReceiptToken(seq int64) string {
	return base64.RawURLEncoding.EncodeToString([]byte(receiptTokenPrefix + strconv.FormatInt(seq, 10)))
}

// ParseReceiptToken returns the seq a receipts page token continues below; "" is the start (0).
func ParseReceiptToken(s string) (int64, error) {
	if s == "" {
		return 0, nil
	}
	raw, err := base64.RawURLEncoding.DecodeString(s)
	if err != nil {
		return 0, errNotOurToken
	}
	n, ok := strings.CutPrefix(string(raw), receiptTokenPrefix)
	if !ok {
		return 0, errNotOurToken
	}
	seq, err := strconv.ParseInt(n, 10, 64)
	if err != nil || seq <= 0 {
		return 0, errNotOurToken
	}
	return seq, nil
}

var errNotOurToken = errors.New("is not a receipts token this service issued")
