package domain

import "time"

// SecurityLedger is the per-deployment ledger of refusals of callers bound to no brain (the
// owner, services, federation peers). Its leading "_" is no valid brain or credential binding,
// so it is never a brain's ledger; only the owner lists it.
const SecurityLedger = "_security"

// DefaultRefusalWindow is how long identical refusals of one caller coalesce into one receipt
// of the security ledger, counted from the first of them.
const DefaultRefusalWindow = 10 * time.Minute

// RefusalRepeat is how many identical refusals one security-ledger receipt stands for, and when
// the newest of them was refused.
type RefusalRepeat struct {
	Count  int64
	LastAt time.Time
}
