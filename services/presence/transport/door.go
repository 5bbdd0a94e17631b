package transport

import (
	"context"
	"path"
	"strings"
	"unicode"

	"github.com/organism-dev/organism/platform/auth"
	"github.com/organism-dev/organism/platform/refusal"
)

var _ auth.DoorRecorder = (*Server)(nil)

// RecordDoorRefusal implements auth.DoorRecorder: every refusal at presence's door (a peer,
// above all) is recorded like the organ's own, under the RPC it tried (spelled as the organ
// spells its effects: list-receipts), in the security ledger for a caller bound to no brain.
func (s *Server) RecordDoorRefusal(ctx context.Context, fullMethod string, _ any, ref *refusal.Error) (*refusal.Error, error) {
	p, err := auth.PrincipalFrom(ctx)
	if err != nil {
		return nil, err
	}
	err = s.reg.RecordDoorRefusal(ctx, p, effectName(path.Base(fullMethod)), ref)
	if recorded, ok := refusal.As(err); ok {
		return recorded, nil
	}
	return nil, err
}

// effectName spells an RPC name the way presence names its effects: ListReceipts -> list-receipts.
func effectName(method string) string {
	var b strings.Builder
	for i, r := range method {
		if unicode.IsUpper(r) {
			if i > 0 {
				b.WriteByte('-')
			}
			r = unicode.ToLower(r)
		}
		b.WriteRune(r)
	}
	return b.String()
}
