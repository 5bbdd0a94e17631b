package domain

import (
	"encoding/json"
	"github.com/organism-dev/organism/services/soul/engine"
	"sort"
)

// MaxWorstOffenders is how many stale rows a receipt hands back (§3.4 FreshnessReceipt.worst_offenders).
const MaxWorstOffenders = 10

// WorstOffenders reads back the stale rows a check receipt stored with it: drift before discipline,
// then age, then unverified, then in document order, at most MaxWorstOffenders, with how many it stored in all. Receipts of
// other kinds, and rows that cannot be read, answer none.
func (r Receipt) WorstOffenders() ([]SummaryRow, int) {
	if r.Kind != ReceiptCheck || len(r.ReportJSON) == 0 {
		return nil, 0
	}
	var s struct {
		Stale []SummaryRow `json:"stale"`
	}
	if json.Unmarshal(r.ReportJSON, &s) != nil {
		return nil, 0
	}
	rows := s.Stale
	sort.SliceStable(rows, func(i, j int) bool {
		ri, rj := rankOf(RowKind(rows[i])), rankOf(RowKind(rows[j]))
		if ri != rj {
			return ri < rj
		}
		return rows[i].Line < rows[j].Line
	})
	total := len(rows)
	if len(rows) > MaxWorstOffenders {
		rows = rows[:MaxWorstOffenders]
	}
	return rows, total
}

// kindRank orders a receipt's offenders: drift (what is wrong) before discipline (what was never
// gripped) before age (what may have drifted unseen) before unverified (a name soul found no trace of
// and the sentence did not assert: on four holdouts of real documents nearly all were fine, so they
// must never push a drift row out of the MaxWorstOffenders a receipt hands back) before a document's
// disagreement with itself (over the holdouts nearly always two different things counted). Read it
// through rankOf: a bare lookup would rank a kind missing here with drift.
var kindRank = map[engine.FindingKind]int{engine.KindDrift: 0, engine.KindDiscipline: 1, engine.KindAge: 2, engine.KindUnverified: 3, engine.KindDisagreement: 4}

// rankOf is a kind's place in kindRank; an unknown kind goes after every known one.
func rankOf(k engine.FindingKind) int {
	if r, ok := kindRank[k]; ok {
		return r
	}
	return len(kindRank)
}

// RowKind is a stored row's kind; rows stored before kinds were judged by their shape.
func RowKind(r SummaryRow) engine.FindingKind {
	switch {
	case r.Kind != "":
		return engine.FindingKind(r.Kind)
	case r.Reason == engine.ReasonUnanchored && r.Anchor == "":
		return engine.KindDiscipline
	}
	return engine.KindDrift
}
