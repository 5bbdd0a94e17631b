package domain

import (
	"encoding/json"

	"github.com/organism-dev/organism/services/soul/engine"
)

// Counts is a check receipt's verifiable and unanchored claim counts. A receipt read back from the
// store keeps them in its stored summary (receipts.report_json), which every check receipt has had
// since the first one; a seat check or a tissue-map change has none and answers zeros.
func (r Receipt) Counts() (verifiable, unanchored int) {
	if r.Verifiable != 0 || r.Unanchored != 0 || len(r.ReportJSON) == 0 {
		return r.Verifiable, r.Unanchored
	}
	var s struct {
		Totals     engine.Totals `json:"totals"`
		Unanchored int           `json:"unanchored"`
	}
	if json.Unmarshal(r.ReportJSON, &s) != nil {
		return 0, 0
	}
	return s.Totals.Verifiable, s.Unanchored
}

// AgedOutCount is a check receipt's age findings (claims whose evidence no commit touched for a
// half-life), read back from its stored summary when the receipt came from the store.
func (r Receipt) AgedOutCount() int {
	if r.AgedOut != 0 || len(r.ReportJSON) == 0 {
		return r.AgedOut
	}
	var s struct {
		AgedOut int `json:"aged_out"`
	}
	if json.Unmarshal(r.ReportJSON, &s) != nil {
		return 0
	}
	return s.AgedOut
}
