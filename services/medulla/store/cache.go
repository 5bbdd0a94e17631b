package store

import "github.com/organism-dev/organism/services/medulla/domain"

// liveCache remembers recently written or read live versions so the write door's
// read-modify-write (is there a live version, is it verified, what evidence does it carry)
// usually skips SQL. Only the writer goroutine touches it, and it only ever holds committed
// state, so it cannot disagree with the database. It is bounded by dropping everything when
// full, which is crude but keeps the worst case a cache miss.
type liveCache struct {
	max int
	m   map[string]domain.Claim
}

func newLiveCache(max int) *liveCache { return &liveCache{max: max, m: make(map[string]domain.Claim)} }

func (c *liveCache) get(key string) (domain.Claim, bool) {
	v, ok := c.m[key]
	return v, ok
}

// maxCachedBody keeps the cache's memory bounded (entries x body): a claim with a larger body
// is simply looked up in SQL.
const maxCachedBody = 2 << 10

func (c *liveCache) put(key string, v domain.Claim) {
	if len(v.Body) > maxCachedBody {
		delete(c.m, key)
		return
	}
	if len(c.m) >= c.max {
		clear(c.m)
	}
	c.m[key] = v
}

// drop forgets a key whose live version was retired.
func (c *liveCache) drop(key string) { delete(c.m, key) }
