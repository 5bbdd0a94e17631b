package gateway

import (
	"bytes"
	"encoding/json"
	"reflect"
	"sort"
	"sync"
	"testing"
	"time"

	"github.com/grpc-ecosystem/grpc-gateway/v2/runtime"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/reflect/protoregistry"
	"google.golang.org/protobuf/types/dynamicpb"
	"google.golang.org/protobuf/types/known/durationpb"
	"google.golang.org/protobuf/types/known/timestamppb"

	commonv1 "github.com/organism-dev/organism/proto/organism/common/v1"
	medullav1 "github.com/organism-dev/organism/proto/organism/medulla/v1"
	missionv1 "github.com/organism-dev/organism/proto/organism/mission/v1"
	presencev1 "github.com/organism-dev/organism/proto/organism/presence/v1"
	soulv1 "github.com/organism-dev/organism/proto/organism/soul/v1"
)

// organismFiles are the proto files whose messages the gateway writes.
var organismFiles = []protoreflect.FileDescriptor{
	soulv1.File_organism_soul_v1_soul_proto,
	medullav1.File_organism_medulla_v1_medulla_proto,
	missionv1.File_organism_mission_v1_mission_proto,
	presencev1.File_organism_presence_v1_presence_proto,
	commonv1.File_organism_common_v1_access_proto,
	commonv1.File_organism_common_v1_receipt_proto,
}

// responseTypes are the output types of every method of the four services.
func responseTypes(t testing.TB) []protoreflect.MessageType {
	t.Helper()
	seen := map[protoreflect.FullName]bool{}
	var out []protoreflect.MessageType
	for _, fd := range organismFiles {
		for i := 0; i < fd.Services().Len(); i++ {
			ms := fd.Services().Get(i).Methods()
			for j := 0; j < ms.Len(); j++ {
				name := ms.Get(j).Output().FullName()
				if seen[name] {
					continue
				}
				seen[name] = true
				mt, err := protoregistry.GlobalTypes.FindMessageByName(name)
				if err != nil {
					t.Fatalf("response %s is not registered: %v", name, err)
				}
				out = append(out, mt)
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Descriptor().FullName() < out[j].Descriptor().FullName() })
	return out
}

// allMessages are every message declared in the organisms' files, nested ones and map entries
// excluded (a map entry is never written as a message).
func allMessages() []protoreflect.MessageDescriptor {
	var out []protoreflect.MessageDescriptor
	var walk func(protoreflect.MessageDescriptors)
	walk = func(ms protoreflect.MessageDescriptors) {
		for i := 0; i < ms.Len(); i++ {
			if md := ms.Get(i); !md.IsMapEntry() {
				out = append(out, md)
				walk(md.Messages())
			}
		}
	}
	for _, fd := range organismFiles {
		walk(fd.Messages())
	}
	return out
}

// compareWithProtojson marshals m both ways and fails unless they agree: the same error text, or
// the same bytes once protojson's random spaces are compacted away and the same value once
// decoded. It reports whether protojson refused the message.
func compareWithProtojson(t testing.TB, enc *jsonEncoder, m proto.Message, label string) (refused bool) {
	t.Helper()
	want, wantErr := wireJSON.Marshal(m)
	got, gotErr := enc.Marshal(m)
	if wantErr != nil || gotErr != nil {
		if wantErr == nil || gotErr == nil || wantErr.Error() != gotErr.Error() {
			t.Fatalf("%s: got error %v, want protojson's %v\nmessage: %v", label, gotErr, wantErr, m)
		}
		return true
	}
	var gotC, wantC bytes.Buffer
	if err := json.Compact(&gotC, got); err != nil {
		t.Fatalf("%s: our output is not JSON (%v): %s", label, err, got)
	}
	if err := json.Compact(&wantC, want); err != nil {
		t.Fatalf("%s: protojson output is not JSON (%v): %s", label, err, want)
	}
	if !bytes.Equal(gotC.Bytes(), wantC.Bytes()) {
		t.Fatalf("%s: bytes differ\n got %s\nwant %s", label, gotC.Bytes(), wantC.Bytes())
	}
	var gotV, wantV any
	if err := json.Unmarshal(got, &gotV); err != nil {
		t.Fatalf("%s: %v", label, err)
	}
	if err := json.Unmarshal(want, &wantV); err != nil {
		t.Fatalf("%s: %v", label, err)
	}
	if !reflect.DeepEqual(gotV, wantV) {
		t.Fatalf("%s: values differ\n got %s\nwant %s", label, got, want)
	}
	return false
}

// anyPayloads are organism messages a google.protobuf.Any in the kitchen fixture may carry.
func anyPayloads() []proto.Message {
	return []proto.Message{&medullav1.Brain{}, &medullav1.RecallResponse{}, &missionv1.Letter{}, &commonv1.PageResponse{}}
}

func TestJSONEncoderMatchesProtojsonOnEveryOrganismMessage(t *testing.T) {
	seeds := uint64(80)
	if testing.Short() {
		seeds = 10
	}
	types := responseTypes(t)
	if len(types) < 40 {
		t.Fatalf("got %d response types from the four services, want at least 40 (is a service missing?)", len(types))
	}
	enc := &jsonEncoder{}
	tests := []struct {
		name  string
		roots []protoreflect.MessageDescriptor
		new   func(protoreflect.MessageDescriptor) protoreflect.Message
	}{
		{"responses, generated types", descriptorsOf(types), func(md protoreflect.MessageDescriptor) protoreflect.Message {
			mt, _ := protoregistry.GlobalTypes.FindMessageByName(md.FullName())
			return mt.New()
		}},
		{"every declared message, generated types", allMessages(), func(md protoreflect.MessageDescriptor) protoreflect.Message {
			mt, _ := protoregistry.GlobalTypes.FindMessageByName(md.FullName())
			return mt.New()
		}},
		// dynamicpb reaches every value through reflection only: no generated fast path.
		{"responses, dynamic messages", descriptorsOf(types), func(md protoreflect.MessageDescriptor) protoreflect.Message {
			return dynamicpb.NewMessage(md)
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var cases, refused, refusedClean int
			for _, md := range tt.roots {
				for seed := uint64(0); seed < seeds; seed++ {
					for _, bad := range []bool{false, true} {
						m := tt.new(md)
						newFiller(seed, bad).fill(m)
						r := compareWithProtojson(t, enc, m.Interface(), string(md.FullName()))
						cases++
						if r {
							refused++
							if !bad {
								refusedClean++
							}
						}
					}
				}
				// The empty message: every field at its zero, unset messages null.
				compareWithProtojson(t, enc, tt.new(md).Interface(), string(md.FullName())+" (empty)")
			}
			if refusedClean != 0 {
				t.Errorf("got %d refusals of messages holding only valid values, want 0", refusedClean)
			}
			if refused == 0 {
				t.Errorf("got no refusal in %d cases, want some: the error path went untested", cases)
			}
			t.Logf("%d roots, %d cases, %d refused alike", len(tt.roots), cases, refused)
		})
	}
}

func descriptorsOf(types []protoreflect.MessageType) []protoreflect.MessageDescriptor {
	out := make([]protoreflect.MessageDescriptor, len(types))
	for i, mt := range types {
		out[i] = mt.Descriptor()
	}
	return out
}

// The encoder is only worth having if it writes the organisms' messages itself: none of them may
// fall through to protojson as a whole.
func TestJSONEncoderWritesEveryOrganismMessageItself(t *testing.T) {
	enc := &jsonEncoder{}
	for _, md := range allMessages() {
		if p := enc.plan(md); p.shape != shapeFields {
			t.Errorf("%s: got plan shape %d, want the encoder's own (%d)", md.FullName(), p.shape, shapeFields)
		}
	}
}

func TestJSONEncoderFallsBackOnSubtreesItDoesNotWrite(t *testing.T) {
	kitchen, legacy := kitchenFiles(t)
	enc := &jsonEncoder{}
	wantShape := map[protoreflect.FullName]msgShape{
		"kitchen.v1.Kitchen": shapeFields, "kitchen.v1.Legacy": shapeProtojson,
		"google.protobuf.Timestamp": shapeTimestamp, "google.protobuf.Duration": shapeDuration,
		"google.protobuf.Any": shapeProtojson, "google.protobuf.Struct": shapeProtojson, "google.protobuf.Value": shapeProtojson,
		"google.protobuf.ListValue": shapeProtojson, "google.protobuf.StringValue": shapeProtojson,
		"google.protobuf.FieldMask": shapeProtojson, "google.protobuf.Empty": shapeProtojson,
	}
	enc.plan(kitchen)
	for name, want := range wantShape {
		var md protoreflect.MessageDescriptor = legacy
		if name != legacy.FullName() {
			if name == kitchen.FullName() {
				md = kitchen
			} else {
				mt, err := protoregistry.GlobalTypes.FindMessageByName(name)
				if err != nil {
					t.Fatal(err)
				}
				md = mt.Descriptor()
			}
		}
		if got := enc.plan(md).shape; got != want {
			t.Errorf("%s: got shape %d, want %d", name, got, want)
		}
	}
	seeds := uint64(300)
	if testing.Short() {
		seeds = 50
	}
	var refused int
	for seed := uint64(0); seed < seeds; seed++ {
		for _, bad := range []bool{false, true} {
			m := dynamicpb.NewMessage(kitchen)
			f := newFiller(seed, bad)
			f.any, f.maxDepth = anyPayloads(), 3 // a Kitchen holds Kitchens three ways
			f.fill(m)
			if compareWithProtojson(t, enc, m, "kitchen.v1.Kitchen") {
				refused++
			}
		}
	}
	compareWithProtojson(t, enc, dynamicpb.NewMessage(kitchen), "kitchen.v1.Kitchen (empty)")
	if refused == 0 || refused > int(seeds) {
		t.Errorf("got %d refusals in %d cases, want some (an unset Value, a missing required field) but most accepted", refused, 2*seeds)
	}
	t.Logf("%d cases, %d refused alike", 2*seeds, refused)
}

// Named cases of each refusal protojson makes: the same error text comes back.
func TestJSONEncoderRefusesAsProtojsonDoes(t *testing.T) {
	tests := []struct {
		name string
		msg  proto.Message
	}{
		{"invalid UTF-8 in a string", &medullav1.Brain{Name: "brain\xff"}},
		{"invalid UTF-8 deep in a list", &medullav1.ListBrainsResponse{Brains: []*medullav1.Brain{{Name: "ok"}, {RepoRoot: "\xc3"}}}},
		{"invalid UTF-8 in a repeated string", &medullav1.RecallResponse{SearchedBrains: []string{"a", "\xed\xa0\x80"}}},
		{"timestamp after year 9999", &medullav1.Brain{CreatedAt: &timestamppb.Timestamp{Seconds: maxTimestampSecs + 1}}},
		{"timestamp before year 1", &medullav1.Brain{UpdatedAt: &timestamppb.Timestamp{Seconds: minTimestampSecs - 1}}},
		{"timestamp with negative nanos", &medullav1.Brain{CreatedAt: &timestamppb.Timestamp{Seconds: 1, Nanos: -1}}},
		{"timestamp with a whole second of nanos", &medullav1.Brain{CreatedAt: &timestamppb.Timestamp{Nanos: 1_000_000_000}}},
	}
	enc := &jsonEncoder{}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			want, wantErr := wireJSON.Marshal(tt.msg)
			_, gotErr := enc.Marshal(tt.msg)
			if wantErr == nil {
				t.Fatalf("protojson accepted the case (%s); it tests nothing", want)
			}
			if gotErr == nil || gotErr.Error() != wantErr.Error() {
				t.Fatalf("got error %v, want %v", gotErr, wantErr)
			}
		})
	}
}

// Edge values written by hand, each against protojson.
func TestJSONEncoderEdgeValues(t *testing.T) {
	tests := []struct {
		name string
		msg  proto.Message
	}{
		{"nil message", nil},
		{"typed nil message", (*medullav1.Brain)(nil)},
		{"timestamp at the epoch", &medullav1.Brain{CreatedAt: &timestamppb.Timestamp{}}},
		{"timestamp first instant", &medullav1.Brain{CreatedAt: &timestamppb.Timestamp{Seconds: minTimestampSecs}}},
		{"timestamp last instant", &medullav1.Brain{CreatedAt: &timestamppb.Timestamp{Seconds: maxTimestampSecs, Nanos: 999999999}}},
		{"timestamp milliseconds", &medullav1.Brain{CreatedAt: &timestamppb.Timestamp{Seconds: 1700000000, Nanos: 120000000}}},
		{"timestamp microseconds", &medullav1.Brain{CreatedAt: &timestamppb.Timestamp{Seconds: -1, Nanos: 123000}}},
		{"timestamp nanoseconds", &medullav1.Brain{CreatedAt: &timestamppb.Timestamp{Seconds: 1, Nanos: 1}}},
		{"empty list and unset page", &medullav1.ListBrainsResponse{Brains: []*medullav1.Brain{}}},
		{"list holding an empty brain", &medullav1.ListBrainsResponse{Brains: []*medullav1.Brain{{}}}},
		{"escapes", &medullav1.Brain{Name: "\"\\/\b\f\n\r\t\x00\x1f\x7f<>&\u2028\uFFFD😀"}},
		{"64-bit extremes", &medullav1.Brain{StoreVersion: -9223372036854775808}},
		{"recall scores", &medullav1.RecallResponse{Hits: []*medullav1.RecallHit{{Score: 1e-7}, {Score: 1e21}, {Score: -0.0}, {Score: 123.456}}}},
	}
	enc := &jsonEncoder{}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			compareWithProtojson(t, enc, tt.msg, tt.name)
		})
	}
}

func TestDurationsMatchProtojson(t *testing.T) {
	enc := &jsonEncoder{}
	for _, d := range []*durationpb.Duration{
		{}, {Seconds: 1}, {Seconds: -1}, {Nanos: -500000000}, {Nanos: 1}, {Seconds: 3, Nanos: 1000},
		{Seconds: -maxDurationSecs, Nanos: -999999999}, {Seconds: maxDurationSecs, Nanos: 999999999},
		{Seconds: maxDurationSecs + 1}, {Seconds: 1, Nanos: -1}, {Seconds: -1, Nanos: 1}, {Nanos: 1_000_000_000},
	} {
		compareWithProtojson(t, enc, d, d.String())
	}
}

// The stream chunk {"result": message} goes through the encoder too; it must decode to what
// grpc-gateway's own JSONPb writes (which also escapes <, > and & for HTML), and the error chunk
// keeps its errorBody.
func TestWireMarshalerChunksMatchJSONPb(t *testing.T) {
	base := &runtime.JSONPb{MarshalOptions: wireJSON}
	wire := wireMarshaler{base}
	for seed := uint64(0); seed < 50; seed++ {
		m := &medullav1.ListBrainsResponse{}
		newFiller(seed, false).fill(m.ProtoReflect())
		for _, v := range []any{m, map[string]any{"result": m}} {
			got, err := wire.Marshal(v)
			if err != nil {
				t.Fatal(err)
			}
			want, err := base.Marshal(v)
			if err != nil {
				t.Fatal(err)
			}
			var gotV, wantV any
			if err := json.Unmarshal(got, &gotV); err != nil {
				t.Fatalf("seed %d: %v in %s", seed, err, got)
			}
			if err := json.Unmarshal(want, &wantV); err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(gotV, wantV) {
				t.Fatalf("seed %d %T: got %s, want %s", seed, v, got, want)
			}
		}
	}
}

// Plans are compiled on first use by whichever request comes first; concurrent first uses of
// types sharing nested plans must agree (run with -race).
func TestJSONEncoderConcurrentFirstUse(t *testing.T) {
	enc := &jsonEncoder{}
	types := responseTypes(t)
	var wg sync.WaitGroup
	errs := make(chan string, 8*len(types))
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			for i := range types {
				mt := types[(i+g*7)%len(types)]
				m := mt.New()
				newFiller(uint64(g*1000+i), false).fill(m)
				want, wantErr := wireJSON.Marshal(m.Interface())
				got, gotErr := enc.Marshal(m.Interface())
				var a, b bytes.Buffer
				if wantErr != nil || gotErr != nil || json.Compact(&a, got) != nil || json.Compact(&b, want) != nil || !bytes.Equal(a.Bytes(), b.Bytes()) {
					errs <- string(mt.Descriptor().FullName()) + ": " + string(got) + " vs " + string(want)
				}
			}
		}(g)
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}

// civilDate replaces time.Time.Date on the hot path; every day a Timestamp can name must agree.
func TestCivilDateMatchesTimeOnEveryDay(t *testing.T) {
	for days := int64(minTimestampSecs / 86400); days <= maxTimestampSecs/86400; days++ {
		y, m, d := civilDate(days)
		wy, wm, wd := time.Unix(days*86400, 0).UTC().Date()
		if y != int64(wy) || m != int64(wm) || d != int64(wd) {
			t.Fatalf("day %d: got %04d-%02d-%02d, want %04d-%02d-%02d", days, y, m, d, wy, wm, wd)
		}
	}
}
