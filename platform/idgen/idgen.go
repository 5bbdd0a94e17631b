// Package idgen mints random, prefixed identifiers for stored records and credentials.
package idgen

import (
	"crypto/rand"
	"encoding/hex"
	"time"
)

// Hex returns prefix followed by n random bytes in lowercase hex (2n characters).
func Hex(prefix string, n int) string {
	b := make([]byte, n)
	// crypto/rand.Read never returns an error on supported platforms (it aborts instead).
	_, _ = rand.Read(b)
	return prefix + hex.EncodeToString(b)
}

// Sortable returns prefix followed by 48 bits of millisecond time and 48 random bits in hex.
// The time prefix keeps ids ordered by creation, so inserts into a unique index land near its
// right edge and touch few pages per commit.
func Sortable(prefix string, now time.Time) string {
	var b [12]byte
	ms := uint64(now.UnixMilli())
	for i := 5; i >= 0; i-- {
		b[i] = byte(ms)
		ms >>= 8
	}
	_, _ = rand.Read(b[6:])
	return prefix + hex.EncodeToString(b[:])
}
