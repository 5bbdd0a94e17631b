package gateway

import (
	"math"
	"math/rand/v2"

	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"
)

// filler populates a message deterministically from a seed with every kind of value the encoder
// must agree with protojson on: zero and unset fields, extreme numbers, hostile and non-ASCII
// strings, unknown enum numbers, nested and repeated messages, maps and oneofs. When bad is set
// it sometimes writes a value protojson refuses (invalid UTF-8, a Timestamp or Duration out of
// range), so that the errors are compared too.
type filler struct {
	r     *rand.Rand
	bad   bool
	depth int
	// maxDepth bounds nesting, so recursive types end.
	maxDepth int
	// any, when set, fills a google.protobuf.Any with one of these messages.
	any []proto.Message
}

func newFiller(seed uint64, bad bool) *filler {
	return &filler{r: rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)), bad: bad, maxDepth: 4}
}

func (f *filler) fill(m protoreflect.Message) {
	md := m.Descriptor()
	switch md.FullName() {
	case "google.protobuf.Timestamp":
		f.fillTime(m, minTimestampSecs, maxTimestampSecs, false)
		return
	case "google.protobuf.Duration":
		f.fillTime(m, -maxDurationSecs, maxDurationSecs, true)
		return
	case "google.protobuf.Value":
		if !f.bad || f.r.IntN(10) > 0 {
			f.fillValue(m)
			return
		}
	case "google.protobuf.FieldMask":
		if !f.bad || f.r.IntN(10) > 0 {
			paths := m.Mutable(md.Fields().ByName("paths")).List()
			for n := f.r.IntN(3); n > 0; n-- {
				paths.Append(protoreflect.ValueOfString([]string{"name", "brain.repo_root", "a_b.c_d"}[f.r.IntN(3)]))
			}
			return
		}
	case "kitchen.v1.Legacy":
		if !f.bad || f.r.IntN(4) > 0 {
			m.Set(md.Fields().ByName("id"), protoreflect.ValueOfString(f.str()))
		}
	case "google.protobuf.Any":
		if len(f.any) > 0 && (!f.bad || f.r.IntN(4) > 0) {
			inner := f.any[f.r.IntN(len(f.any))].ProtoReflect().Type().New()
			f.fill(inner)
			raw, _ := proto.MarshalOptions{Deterministic: true}.Marshal(inner.Interface())
			m.Set(md.Fields().ByName("type_url"), protoreflect.ValueOfString("type.googleapis.com/"+string(inner.Descriptor().FullName())))
			m.Set(md.Fields().ByName("value"), protoreflect.ValueOfBytes(raw))
			return
		}
	}
	f.depth++
	defer func() { f.depth-- }()
	oneofs := md.Oneofs()
	for i := 0; i < oneofs.Len(); i++ {
		od := oneofs.Get(i)
		if od.IsSynthetic() {
			continue
		}
		// None, or one arm, possibly at its zero value (a set arm is written even then).
		if pick := f.r.IntN(od.Fields().Len() + 1); pick < od.Fields().Len() {
			f.setField(m, od.Fields().Get(pick), true)
		}
	}
	fds := md.Fields()
	for i := 0; i < fds.Len(); i++ {
		fd := fds.Get(i)
		if od := fd.ContainingOneof(); od != nil && !od.IsSynthetic() {
			continue
		}
		if f.r.IntN(10) < 3 {
			continue // left unset
		}
		f.setField(m, fd, false)
	}
}

func (f *filler) setField(m protoreflect.Message, fd protoreflect.FieldDescriptor, force bool) {
	switch {
	case fd.IsList():
		l := m.Mutable(fd).List()
		for n := f.count(); n > 0; n-- {
			if fd.Kind() == protoreflect.MessageKind || fd.Kind() == protoreflect.GroupKind {
				e := l.NewElement()
				f.fillNested(e.Message())
				l.Append(e)
			} else {
				l.Append(f.scalar(fd))
			}
		}
	case fd.IsMap():
		mp := m.Mutable(fd).Map()
		for n := f.count(); n > 0; n-- {
			k := f.scalar(fd.MapKey()).MapKey()
			if fd.MapValue().Kind() == protoreflect.MessageKind {
				v := mp.NewValue()
				f.fillNested(v.Message())
				mp.Set(k, v)
			} else {
				mp.Set(k, f.scalar(fd.MapValue()))
			}
		}
	case fd.Kind() == protoreflect.MessageKind || fd.Kind() == protoreflect.GroupKind:
		if f.depth >= f.maxDepth && (!force || f.depth >= f.maxDepth+2) {
			return
		}
		v := m.NewField(fd)
		f.fillNested(v.Message())
		m.Set(fd, v)
	default:
		m.Set(fd, f.scalar(fd))
	}
}

// fillNested fills a nested message; past the depth limit fill itself adds no further messages,
// so recursive types end.
func (f *filler) fillNested(m protoreflect.Message) { f.fill(m) }

func (f *filler) count() int {
	if f.depth >= f.maxDepth {
		return 0
	}
	return f.r.IntN(4)
}

func (f *filler) fillTime(m protoreflect.Message, lo, hi int64, signed bool) {
	fds := m.Descriptor().Fields()
	secs := []int64{0, 1, -1, lo, hi, 1700000000, f.r.Int64N(hi-lo+1) + lo}[f.r.IntN(7)]
	nanos := []int64{0, 1, 999999999, 120000000, 123000, 123456789, 5000000, f.r.Int64N(1e9)}[f.r.IntN(8)]
	if signed && (secs < 0 || (secs == 0 && f.r.IntN(2) == 0)) {
		nanos = -nanos
	}
	if f.bad && f.r.IntN(8) == 0 {
		// Out of range, or (for a Duration) signs that disagree.
		switch f.r.IntN(4) {
		case 0:
			secs = hi + 1
		case 1:
			secs = lo - 1
		case 2:
			nanos = 1_000_000_000
		default:
			if signed {
				secs, nanos = 5, -1
			} else {
				nanos = -1
			}
		}
	}
	if !signed && secs < lo {
		secs = lo
	}
	m.Set(fds.ByNumber(1), protoreflect.ValueOfInt64(secs))
	m.Set(fds.ByNumber(2), protoreflect.ValueOfInt32(int32(nanos)))
}

var fillStrings = []string{
	"", "brain-0", "loja", `quote " and back \ slash`, "ctl \x00\x01\x07\x1f\x7f end",
	"\b\f\n\r\t", "<script>&amp;</script>", "line\u2028para\u2029", "\uFFFD replacement",
	"日本語のテキスト", "emoji 😀🧠", "mixé ünïcödé", "/v1/medulla/brains?x=1&y=2", "0", "null", "true",
}

var badStrings = []string{"\xff", "ok\xc3", "\xed\xa0\x80 surrogate", "tail \xe2\x82"}

func (f *filler) str() string {
	if f.bad && f.r.IntN(40) == 0 {
		return badStrings[f.r.IntN(len(badStrings))]
	}
	if f.r.IntN(3) == 0 {
		// Random runes across the planes, controls included.
		rs := make([]rune, f.r.IntN(12))
		for i := range rs {
			switch f.r.IntN(4) {
			case 0:
				rs[i] = rune(f.r.IntN(0x80))
			case 1:
				rs[i] = rune(0x80 + f.r.IntN(0x800-0x80))
			case 2:
				rs[i] = rune(0x800 + f.r.IntN(0xD800-0x800))
			default:
				rs[i] = rune(0x10000 + f.r.IntN(0x10FFFF-0x10000))
			}
		}
		return string(rs)
	}
	return fillStrings[f.r.IntN(len(fillStrings))]
}

var fillDoubles = []float64{0, math.Copysign(0, -1), 1, -1, 0.1, 1e-6, 9.99e-7, 1e-7, 1e20, 1e21, -1e21, 123456.789,
	math.MaxFloat64, -math.MaxFloat64, math.SmallestNonzeroFloat64, math.NaN(), math.Inf(1), math.Inf(-1), 0.30000000000000004}

var fillFloats = []float32{0, 1, -1, 0.1, 1e-6, 9.99e-7, 1e-7, 1e20, 1e21, math.MaxFloat32, -math.MaxFloat32,
	math.SmallestNonzeroFloat32, float32(math.NaN()), float32(math.Inf(1)), float32(math.Inf(-1)), 3.4028235e38, 16777217}

func (f *filler) scalar(fd protoreflect.FieldDescriptor) protoreflect.Value {
	pickInt := func(lo, hi int64) int64 {
		return []int64{0, 1, -1, lo, hi, lo + 1, hi - 1, f.r.Int64()}[f.r.IntN(8)]
	}
	pickUint := func(hi uint64) uint64 { return []uint64{0, 1, hi, hi - 1, f.r.Uint64()}[f.r.IntN(5)] }
	switch fd.Kind() {
	case protoreflect.BoolKind:
		return protoreflect.ValueOfBool(f.r.IntN(2) == 0)
	case protoreflect.StringKind:
		return protoreflect.ValueOfString(f.str())
	case protoreflect.BytesKind:
		b := make([]byte, f.r.IntN(9))
		for i := range b {
			b[i] = byte(f.r.IntN(256))
		}
		return protoreflect.ValueOfBytes(b)
	case protoreflect.Int32Kind, protoreflect.Sint32Kind, protoreflect.Sfixed32Kind:
		return protoreflect.ValueOfInt32(int32(pickInt(math.MinInt32, math.MaxInt32)))
	case protoreflect.Int64Kind, protoreflect.Sint64Kind, protoreflect.Sfixed64Kind:
		return protoreflect.ValueOfInt64(pickInt(math.MinInt64, math.MaxInt64))
	case protoreflect.Uint32Kind, protoreflect.Fixed32Kind:
		return protoreflect.ValueOfUint32(uint32(pickUint(math.MaxUint32)))
	case protoreflect.Uint64Kind, protoreflect.Fixed64Kind:
		return protoreflect.ValueOfUint64(pickUint(math.MaxUint64))
	case protoreflect.FloatKind:
		if f.r.IntN(4) == 0 {
			return protoreflect.ValueOfFloat32(math.Float32frombits(f.r.Uint32()))
		}
		return protoreflect.ValueOfFloat32(fillFloats[f.r.IntN(len(fillFloats))])
	case protoreflect.DoubleKind:
		if f.r.IntN(4) == 0 {
			return protoreflect.ValueOfFloat64(math.Float64frombits(f.r.Uint64()))
		}
		return protoreflect.ValueOfFloat64(fillDoubles[f.r.IntN(len(fillDoubles))])
	case protoreflect.EnumKind:
		vals := fd.Enum().Values()
		if f.r.IntN(6) == 0 {
			return protoreflect.ValueOfEnum(protoreflect.EnumNumber([]int32{99, -7, 1 << 20}[f.r.IntN(3)])) // unknown
		}
		return protoreflect.ValueOfEnum(vals.Get(f.r.IntN(vals.Len())).Number())
	}
	panic("filler: no scalar of kind " + fd.Kind().String())
}

// fillValue sets one arm of a google.protobuf.Value (protojson refuses one with none, or a
// non-finite number).
func (f *filler) fillValue(m protoreflect.Message) {
	fds := m.Descriptor().Fields()
	arm := []string{"null_value", "number_value", "string_value", "bool_value", "struct_value", "list_value"}[f.r.IntN(6)]
	if f.depth >= f.maxDepth && (arm == "struct_value" || arm == "list_value") {
		arm = "bool_value"
	}
	fd := fds.ByName(protoreflect.Name(arm))
	switch arm {
	case "number_value":
		d := fillDoubles[f.r.IntN(len(fillDoubles))]
		if math.IsNaN(d) || math.IsInf(d, 0) {
			d = 2.5
		}
		m.Set(fd, protoreflect.ValueOfFloat64(d))
	case "struct_value", "list_value":
		f.setField(m, fd, true)
	default:
		m.Set(fd, f.scalar(fd))
	}
}
