package store

import (
	"github.com/organism-dev/organism/services/medulla/domain"
)

// RecountRefusal rewrites a rejection receipt's details: the security ledger coalesces
// identical refusals into one receipt whose count grows (domain/security.go). It is the one
// change a stored receipt ever sees; both backends' transactions share it through sqlTx.
func (t *sqlTx) RecountRefusal(receiptID string, details map[string]string) error {
	_, d, err := encodeReceiptLists(&domain.Receipt{Details: details})
	if err != nil {
		return err
	}
	res, err := t.tx.ExecContext(t.ctx, t.q(`UPDATE receipts SET details = ? WHERE id = ? AND kind = ?`), d, receiptID, string(domain.ReceiptRejection))
	if err != nil {
		return t.wrap("recount refusal", err)
	}
	if n, err := res.RowsAffected(); err != nil {
		return t.wrap("recount refusal", err)
	} else if n == 0 {
		return domain.ErrNotFound
	}
	return nil
}
