package wire

import (
	"sync"

	"google.golang.org/protobuf/encoding/protowire"
	"google.golang.org/protobuf/proto"

	presencev1 "github.com/organism-dev/organism/proto/organism/presence/v1"

	"github.com/organism-dev/organism/services/presence/domain"
)

// CollisionEncoder answers collision pages from the wire encoding of each pair, kept while the
// roster stands. Reading every pair of a large roster page by page spent most of its server
// time re-encoding the same pairs into the same bytes (tens of thousands of small strings per
// read); a pair's encoding cannot change while its two registrations stand, so each pair is
// encoded once and a page is the concatenation of its pairs' bytes.
//
// The response it builds carries those bytes as the message's unknown fields: on the wire it is
// exactly a CollisionsResponse (field 1 per pair, field 2 the token), and any client decodes it
// as one. It is meant to be sent, not read in process: GetCollisions on it is empty.
type CollisionEncoder struct {
	mu      sync.Mutex
	version uint64
	pairs   map[[2]*domain.Ref][]byte
}

// collisionsField and tokenField are CollisionsResponse's field numbers.
const (
	collisionsField protowire.Number = 1
	tokenField      protowire.Number = 2
)

// Response is the wire answer to page.
func (e *CollisionEncoder) Response(page domain.CollisionPage) *presencev1.CollisionsResponse {
	enc := make([][]byte, len(page.Collisions))
	var missing []int
	e.mu.Lock()
	if e.pairs == nil || e.version != page.Version {
		// The roster moved: what is held may name registrations that are gone.
		e.pairs, e.version = make(map[[2]*domain.Ref][]byte), page.Version
	}
	for i := range page.Collisions {
		c := &page.Collisions[i]
		if b, ok := e.pairs[[2]*domain.Ref{c.A, c.B}]; ok {
			enc[i] = b
		} else {
			missing = append(missing, i)
		}
	}
	e.mu.Unlock()
	if len(missing) > 0 {
		fresh := make([]domain.Collision, len(missing))
		for k, i := range missing {
			fresh[k] = page.Collisions[i]
		}
		for k, m := range Collisions(fresh) {
			b, err := proto.Marshal(m)
			if err != nil {
				// Cannot happen for these messages (valid UTF-8 is checked at register); answer
				// the page the ordinary way rather than fail it.
				return &presencev1.CollisionsResponse{Collisions: Collisions(page.Collisions), NextPageToken: PairToken(page.Next)}
			}
			enc[missing[k]] = b
		}
		e.mu.Lock()
		if e.version == page.Version {
			for _, i := range missing {
				c := &page.Collisions[i]
				e.pairs[[2]*domain.Ref{c.A, c.B}] = enc[i]
			}
		}
		e.mu.Unlock()
	}
	size := 0
	for _, b := range enc {
		size += protowire.SizeTag(collisionsField) + protowire.SizeBytes(len(b))
	}
	token := PairToken(page.Next)
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
