package gateway

import (
	"testing"

	"google.golang.org/protobuf/proto"
)

// FuzzJSONEncoder decodes random bytes as one of the services' responses (which picks it) and
// requires the encoder to write what protojson writes, or refuse as it does. The corpus starts
// from filled messages of every response type, so mutations land on real field layouts.
//
//	go test -run '^$' -fuzz FuzzJSONEncoder -fuzztime 60s ./gateway
func FuzzJSONEncoder(f *testing.F) {
	types := responseTypes(f)
	for i, mt := range types {
		m := mt.New()
		newFiller(uint64(i), false).fill(m)
		raw, err := proto.MarshalOptions{Deterministic: true}.Marshal(m.Interface())
		if err != nil {
			f.Fatal(err)
		}
		f.Add(raw, uint16(i))
	}
	f.Add([]byte{}, uint16(0))
	enc := &jsonEncoder{}
	f.Fuzz(func(t *testing.T, data []byte, which uint16) {
		mt := types[int(which)%len(types)]
		m := mt.New()
		// proto.Unmarshal refuses invalid UTF-8 in proto3 strings; the random populator covers those.
		if err := (proto.UnmarshalOptions{DiscardUnknown: which&0x8000 != 0}).Unmarshal(data, m.Interface()); err != nil {
			return
		}
		compareWithProtojson(t, enc, m.Interface(), string(mt.Descriptor().FullName()))
	})
}
