package store

import "github.com/organism-dev/organism/services/medulla/domain"

// liveCache remembers, per slug, what the write door's read-modify-write needs: the live
// version (is it verified, what evidence does it carry), or that there is none and which version
// number the slug reached, so a write to a new or retired slug usually skips SQL too. Only the
// writer goroutine touches it, and it only ever holds committed state, so it cannot disagree
// with the database. It is bounded by dropping everything when full, which is crude but keeps
// the worst case a cache miss.
type liveCache struct {
	max int
	m   map[string]slugState
}

// slugState is a slug's committed state: live holds its live version, or, when there is none,
// last is the highest version it ever had (0 for a slug never written).
type slugState struct {
	live    domain.Claim
	hasLive bool
	last    int64
}

func newLiveCache(max int) *liveCache { return &liveCache{max: max, m: make(map[string]slugState)} }

func (c *liveCache) get(key string) (slugState, bool) {
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
	c.set(key, slugState{live: v, hasLive: true, last: v.Version})
}

// putAbsent records that key has no live version and reached version last.
func (c *liveCache) putAbsent(key string, last int64) { c.set(key, slugState{last: last}) }

func (c *liveCache) set(key string, v slugState) {
	if len(c.m) >= c.max {
		clear(c.m)
	}
	c.m[key] = v
}
