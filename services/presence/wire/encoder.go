package wire

import (
	"sync"

	"google.golang.org/protobuf/encoding/protowire"
	"google.golang.org/protobuf/proto"

	presencev1 "github.com/organism-dev/organism/proto/organism/presence/v1"

	"github.com/organism-dev/organism/services/presence/domain"
)

// CollisionEncoder answers collision pages from the wire encoding of each pair, kept while the
// pair set the pages are cut from stands. Reading every pair of a large roster page by page
// spent most of its server time converting and re-encoding the same pairs into the same bytes
// (tens of thousands of small strings per read); a set never changes once built, so each of
// its pairs is encoded once and a page is the concatenation of its pairs' bytes.
//
// The response it builds carries those bytes as the message's unknown fields: on the wire it is
// exactly a CollisionsResponse (field 1 per pair, field 2 the token), and every client decodes
// it as one. It is meant to be sent, not read in process: GetCollisions on it is empty.
type CollisionEncoder struct {
	mu sync.Mutex
	// sets holds the encodings of the latest pair sets read (a brain's and the merge of every
	// brain are different sets); the oldest gives way, so memory stays near one full answer per set.
	sets [keptSets]encodedSet
	next int
}

const keptSets = 2

type encodedSet struct {
	set   *domain.PairSet
	pairs [][]byte
}

// collisionsField and tokenField are CollisionsResponse's field numbers.
const (
	collisionsField protowire.Number = 1
	tokenField      protowire.Number = 2
)

// Response is the wire answer to page.
func (e *CollisionEncoder) Response(page domain.CollisionPage) *presencev1.CollisionsResponse {
	token := PairToken(page.Next)
	if page.Set == nil || len(page.Collisions) == 0 || len(page.Positions) != len(page.Collisions) {
		// One presence's pairs (derived per call) or an empty page: nothing to keep.
		return &presencev1.CollisionsResponse{Collisions: Collisions(page.Collisions), NextPageToken: token}
	}
	enc, missing := e.held(page)
	if len(missing) > 0 {
		fresh := make([]domain.Collision, len(missing))
		for k, i := range missing {
			fresh[k] = page.Collisions[i]
		}
		for k, m := range Collisions(fresh) {
			b, err := proto.Marshal(m)
			if err != nil {
				// Cannot happen for these messages (every string is checked as UTF-8 at
				// register); answer the page the ordinary way rather than fail it.
				return &presencev1.CollisionsResponse{Collisions: Collisions(page.Collisions), NextPageToken: token}
			}
			enc[missing[k]] = b
		}
		e.keep(page, enc, missing)
	}
	size := 0
	for _, b := range enc {
		size += protowire.SizeTag(collisionsField) + protowire.SizeBytes(len(b))
	}
	if token != "" {
		size += protowire.SizeTag(tokenField) + protowire.SizeBytes(len(token))
	}
	raw := make([]byte, 0, size)
	for _, b := range enc {
		raw = protowire.AppendTag(raw, collisionsField, protowire.BytesType)
		raw = protowire.AppendBytes(raw, b)
	}
	if token != "" {
		raw = protowire.AppendTag(raw, tokenField, protowire.BytesType)
		raw = protowire.AppendString(raw, token)
	}
	out := &presencev1.CollisionsResponse{}
	out.ProtoReflect().SetUnknown(raw)
	return out
}

// held returns the encodings kept for page's pairs and which of them are missing, under mu
// released by defer (a panic here must not leave every later page waiting).
func (e *CollisionEncoder) held(page domain.CollisionPage) (enc [][]byte, missing []int) {
	e.mu.Lock()
	defer e.mu.Unlock()
	enc = make([][]byte, len(page.Collisions))
	held := e.setLocked(page.Set)
	for i, pos := range page.Positions {
		if b := held[pos]; b != nil {
			enc[i] = b
		} else {
			missing = append(missing, i)
		}
	}
	return enc, missing
}

// keep stores the fresh encodings of page's missing pairs, under mu released by defer.
func (e *CollisionEncoder) keep(page domain.CollisionPage, enc [][]byte, missing []int) {
	e.mu.Lock()
	defer e.mu.Unlock()
	held := e.setLocked(page.Set)
	for _, i := range missing {
		held[page.Positions[i]] = enc[i]
	}
}

// setLocked returns the encodings held for set, making room for it when it is new. Caller holds mu.
func (e *CollisionEncoder) setLocked(set *domain.PairSet) [][]byte {
	for i := range e.sets {
		if e.sets[i].set == set {
			return e.sets[i].pairs
		}
	}
	e.sets[e.next] = encodedSet{set: set, pairs: make([][]byte, set.Len())}
	held := e.sets[e.next].pairs
	e.next = (e.next + 1) % keptSets
	return held
}
