package gateway

import (
	"cmp"
	"errors"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"

	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"
)

// The gateway answers every response with protojson under wireJSON's options. protojson reaches
// each field through a general walker (a sorted copy of the fields per message, each name escaped
// again per value, a random space), which costs about as much as the organ's own query on a
// listing. jsonEncoder writes the same JSON from a plan compiled once per message type. It is a
// drop-in for protojson only under exactly these options; every message it does not handle itself
// (google.protobuf types other than Timestamp and Duration, non-proto3 messages, anything with
// extensions) is written by protojson, and any error it meets makes the whole message go through
// protojson again, so the answer and the error are always protojson's.
var wireJSON = protojson.MarshalOptions{UseProtoNames: true, EmitUnpopulated: true}

// errNotOurs tells the top level that protojson must write the message: a value it refuses
// (invalid UTF-8, a timestamp out of range) and whose exact error only protojson knows.
var errNotOurs = errors.New("gateway json: refused value, protojson decides")

// jsonEncoder writes proto messages as wireJSON would. The zero value is ready; it is safe for
// concurrent use.
type jsonEncoder struct {
	plans sync.Map // protoreflect.MessageDescriptor → *msgPlan, complete plans only
	mu    sync.Mutex
}

// sharedEncoder serves every gateway in the process: plans depend only on the descriptors.
var sharedEncoder = &jsonEncoder{}

// supports reports whether the encoder writes exactly what o writes.
func (*jsonEncoder) supports(o protojson.MarshalOptions) bool {
	return o.UseProtoNames && o.EmitUnpopulated && !o.Multiline && o.Indent == "" &&
		!o.AllowPartial && !o.UseEnumNumbers && o.Resolver == nil
}

// Marshal writes m as wireJSON.Marshal(m) would, without protojson's random spaces.
func (e *jsonEncoder) Marshal(m proto.Message) ([]byte, error) {
	if m == nil {
		return []byte("{}"), nil
	}
	rm := m.ProtoReflect()
	if !rm.IsValid() {
		// A typed nil: rare, and protojson's business.
		return wireJSON.Marshal(m)
	}
	p := e.plan(rm.Descriptor())
	out, err := p.append(make([]byte, 0, p.sizeHint.Load()), rm)
	if err != nil {
		return wireJSON.Marshal(m)
	}
	// The next answer of this type starts with room for this one, up to a bound: one huge answer
	// must not make every later one reserve its size.
	p.sizeHint.Store(min(int64(len(out)), maxSizeHint))
	return out, nil
}

// plan returns the compiled plan of md, compiling md and every message it reaches once.
func (e *jsonEncoder) plan(md protoreflect.MessageDescriptor) *msgPlan {
	if p, ok := e.plans.Load(md); ok {
		return p.(*msgPlan)
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	if p, ok := e.plans.Load(md); ok {
		return p.(*msgPlan)
	}
	// Plans reach each other (a message may contain itself), so the whole graph is built in a
	// private map and published only when every plan in it is complete.
	building := map[protoreflect.MessageDescriptor]*msgPlan{}
	p := e.compile(md, building)
	for d, bp := range building {
		e.plans.Store(d, bp)
	}
	return p
}

const maxSizeHint = 64 << 10

type msgShape uint8

const (
	shapeFields    msgShape = iota // an object of its fields, written by the plan
	shapeProtojson                 // written by protojson
	shapeTimestamp
	shapeDuration
)

// msgPlan is how one message type is written.
type msgPlan struct {
	shape  msgShape
	fields []fieldPlan // in declaration order, as protojson emits them
	// secs and nanos are Timestamp's or Duration's two fields.
	secs, nanos protoreflect.FieldDescriptor
	// sizeHint is the length of the last answer of this type (at most maxSizeHint), to size the
	// next one's buffer.
	sizeHint atomic.Int64
}

type presence uint8

const (
	always   presence = iota // no presence: written even at its zero value ("", 0, false, [], {})
	nullable                 // has presence outside a oneof: null when unset
	oneofArm                 // in a oneof, proto3 optional included: written only when set
)

type fieldPlan struct {
	fd    protoreflect.FieldDescriptor
	name  []byte // "text_name":
	when  presence
	list  bool
	isMap bool
	key   protoreflect.Kind // a map's key kind
	val   valuePlan         // the field's value, a list's element, a map's value
}

// valuePlan writes one singular value of a kind.
type valuePlan struct {
	kind protoreflect.Kind
	enum *enumPlan
	msg  *msgPlan
	null bool // google.protobuf.NullValue
}

// enumPlan holds an enum's names, already quoted; a number without a name is written as a number.
type enumPlan struct {
	dense  [][]byte // by number, for 0..len-1
	sparse map[protoreflect.EnumNumber][]byte
}

func (ep *enumPlan) appendValue(b []byte, n protoreflect.EnumNumber) []byte {
	if n >= 0 && int(n) < len(ep.dense) && ep.dense[n] != nil {
		return append(b, ep.dense[n]...)
	}
	if q, ok := ep.sparse[n]; ok {
		return append(b, q...)
	}
	return strconv.AppendInt(b, int64(n), 10)
}

func compileEnum(ed protoreflect.EnumDescriptor) *enumPlan {
	ep := &enumPlan{sparse: map[protoreflect.EnumNumber][]byte{}}
	vals := ed.Values()
	for i := 0; i < vals.Len(); i++ {
		v := vals.Get(i)
		// An alias (allow_alias) shares a number: protojson names the first declared.
		first := vals.ByNumber(v.Number())
		q, _ := appendJSONString(nil, string(first.Name()))
		if n := v.Number(); n >= 0 && n < 256 {
			for int(n) >= len(ep.dense) {
				ep.dense = append(ep.dense, nil)
			}
			ep.dense[n] = q
		} else {
			ep.sparse[n] = q
		}
	}
	return ep
}

func (e *jsonEncoder) compile(md protoreflect.MessageDescriptor, building map[protoreflect.MessageDescriptor]*msgPlan) *msgPlan {
	if p, ok := e.plans.Load(md); ok {
		return p.(*msgPlan)
	}
	if p, ok := building[md]; ok {
		return p
	}
	p := &msgPlan{}
	building[md] = p
	fds := md.Fields()
	switch {
	case md.FullName().Parent() == "google.protobuf":
		// protojson keys its special forms on the full name alone.
		p.shape = shapeProtojson // Any, Struct, Value, wrappers, FieldMask, Empty, ...
		switch md.Name() {
		case "Timestamp":
			p.shape = shapeTimestamp
		case "Duration":
			p.shape = shapeDuration
		}
		if p.shape != shapeProtojson {
			p.secs, p.nanos = fds.ByNumber(1), fds.ByNumber(2)
			if p.secs == nil || p.nanos == nil || p.secs.Kind() != protoreflect.Int64Kind || p.nanos.Kind() != protoreflect.Int32Kind {
				p.shape = shapeProtojson
			}
		}
		return p
	case md.Syntax() != protoreflect.Proto3 || md.ExtensionRanges().Len() > 0 || md.IsMapEntry():
		p.shape = shapeProtojson
		return p
	}
	p.fields = make([]fieldPlan, 0, fds.Len())
	for i := 0; i < fds.Len(); i++ {
		fd := fds.Get(i)
		f := fieldPlan{fd: fd, list: fd.IsList(), isMap: fd.IsMap()}
		f.name, _ = appendJSONString(nil, fd.TextName())
		f.name = append(f.name, ':')
		switch {
		case fd.ContainingOneof() != nil:
			f.when = oneofArm
		case fd.HasPresence():
			f.when = nullable
		}
		vd := fd
		if f.isMap {
			f.key = fd.MapKey().Kind()
			vd = fd.MapValue()
		}
		var ok bool
		if f.val, ok = e.compileValue(vd, building); !ok {
			p.shape, p.fields = shapeProtojson, nil
			return p
		}
		p.fields = append(p.fields, f)
	}
	return p
}

func (e *jsonEncoder) compileValue(fd protoreflect.FieldDescriptor, building map[protoreflect.MessageDescriptor]*msgPlan) (valuePlan, bool) {
	v := valuePlan{kind: fd.Kind()}
	switch fd.Kind() {
	case protoreflect.EnumKind:
		if fd.Enum().FullName() == "google.protobuf.NullValue" {
			v.null = true // protojson writes every value of it as null
			break
		}
		v.enum = compileEnum(fd.Enum())
	case protoreflect.MessageKind:
		v.msg = e.compile(fd.Message(), building)
	case protoreflect.GroupKind:
		return v, false
	case protoreflect.BoolKind, protoreflect.StringKind, protoreflect.BytesKind,
		protoreflect.Int32Kind, protoreflect.Sint32Kind, protoreflect.Sfixed32Kind,
		protoreflect.Uint32Kind, protoreflect.Fixed32Kind,
		protoreflect.Int64Kind, protoreflect.Sint64Kind, protoreflect.Sfixed64Kind,
		protoreflect.Uint64Kind, protoreflect.Fixed64Kind,
		protoreflect.FloatKind, protoreflect.DoubleKind:
	default:
		return v, false
	}
	return v, true
}

// append writes m's JSON after b.
func (p *msgPlan) append(b []byte, m protoreflect.Message) ([]byte, error) {
	switch p.shape {
	case shapeProtojson:
		return wireJSON.MarshalAppend(b, m.Interface())
	case shapeTimestamp:
		return appendTimestamp(b, m, p)
	case shapeDuration:
		return appendDuration(b, m, p)
	}
	b = append(b, '{')
	wrote := false
	var err error
	for i := range p.fields {
		f := &p.fields[i]
		switch f.when {
		case nullable:
			if !m.Has(f.fd) {
				if wrote {
					b = append(b, ',')
				}
				b, wrote = append(append(b, f.name...), "null"...), true
				continue
			}
		case oneofArm:
			if !m.Has(f.fd) {
				continue
			}
		}
		if wrote {
			b = append(b, ',')
		}
		b, wrote = append(b, f.name...), true
		v := m.Get(f.fd)
		switch {
		case f.list:
			b, err = f.appendList(b, v.List())
		case f.isMap:
			b, err = f.appendMap(b, v.Map())
		default:
			b, err = f.val.append(b, v)
		}
		if err != nil {
			return b, err
		}
	}
	return append(b, '}'), nil
}

func (f *fieldPlan) appendList(b []byte, l protoreflect.List) ([]byte, error) {
	b = append(b, '[')
	var err error
	for i, n := 0, l.Len(); i < n; i++ {
		if i > 0 {
			b = append(b, ',')
		}
		if b, err = f.val.append(b, l.Get(i)); err != nil {
			return b, err
		}
	}
	return append(b, ']'), nil
}

type mapEntry struct {
	k protoreflect.MapKey
	v protoreflect.Value
}

// appendMap writes a map with its keys in protojson's order: false before true, numbers
// ascending, strings by bytes (UTF-8 code point order).
func (f *fieldPlan) appendMap(b []byte, mp protoreflect.Map) ([]byte, error) {
	if mp.Len() == 0 {
		return append(b, '{', '}'), nil
	}
	entries := make([]mapEntry, 0, mp.Len())
	mp.Range(func(k protoreflect.MapKey, v protoreflect.Value) bool {
		entries = append(entries, mapEntry{k, v})
		return true
	})
	switch f.key {
	case protoreflect.StringKind:
		slices.SortFunc(entries, func(x, y mapEntry) int { return cmp.Compare(x.k.String(), y.k.String()) })
	case protoreflect.BoolKind:
		slices.SortFunc(entries, func(x, y mapEntry) int { return compareBools(x.k.Bool(), y.k.Bool()) })
	case protoreflect.Uint32Kind, protoreflect.Fixed32Kind, protoreflect.Uint64Kind, protoreflect.Fixed64Kind:
		slices.SortFunc(entries, func(x, y mapEntry) int { return cmp.Compare(x.k.Uint(), y.k.Uint()) })
	default:
		slices.SortFunc(entries, func(x, y mapEntry) int { return cmp.Compare(x.k.Int(), y.k.Int()) })
	}
	b = append(b, '{')
	var err error
	for i, en := range entries {
		if i > 0 {
			b = append(b, ',')
		}
		switch f.key {
		case protoreflect.StringKind:
			if b, err = appendJSONString(b, en.k.String()); err != nil {
				return b, err
			}
		case protoreflect.BoolKind:
			b = append(append(append(b, '"'), strconv.FormatBool(en.k.Bool())...), '"')
		case protoreflect.Uint32Kind, protoreflect.Fixed32Kind, protoreflect.Uint64Kind, protoreflect.Fixed64Kind:
			b = append(strconv.AppendUint(append(b, '"'), en.k.Uint(), 10), '"')
		default:
			b = append(strconv.AppendInt(append(b, '"'), en.k.Int(), 10), '"')
		}
		b = append(b, ':')
		if b, err = f.val.append(b, en.v); err != nil {
			return b, err
		}
	}
	return append(b, '}'), nil
}

func compareBools(x, y bool) int {
	switch {
	case x == y:
		return 0
	case !x:
		return -1
	}
	return 1
}

// append writes one singular value the way protojson's marshalSingular does.
func (v *valuePlan) append(b []byte, val protoreflect.Value) ([]byte, error) {
	switch v.kind {
	case protoreflect.StringKind:
		return appendJSONString(b, val.String())
	case protoreflect.BoolKind:
		if val.Bool() {
			return append(b, "true"...), nil
		}
		return append(b, "false"...), nil
	case protoreflect.EnumKind:
		if v.null {
			return append(b, "null"...), nil
		}
		return v.enum.appendValue(b, val.Enum()), nil
	case protoreflect.MessageKind:
		return v.msg.append(b, val.Message())
	case protoreflect.Int32Kind, protoreflect.Sint32Kind, protoreflect.Sfixed32Kind:
		return strconv.AppendInt(b, val.Int(), 10), nil
	case protoreflect.Uint32Kind, protoreflect.Fixed32Kind:
		return strconv.AppendUint(b, val.Uint(), 10), nil
	case protoreflect.Int64Kind, protoreflect.Sint64Kind, protoreflect.Sfixed64Kind:
		// 64-bit integers are JSON strings: a JavaScript number cannot hold them.
		return append(strconv.AppendInt(append(b, '"'), val.Int(), 10), '"'), nil
	case protoreflect.Uint64Kind, protoreflect.Fixed64Kind:
		return append(strconv.AppendUint(append(b, '"'), val.Uint(), 10), '"'), nil
	case protoreflect.FloatKind:
		return appendJSONFloat(b, val.Float(), 32), nil
	case protoreflect.DoubleKind:
		return appendJSONFloat(b, val.Float(), 64), nil
	case protoreflect.BytesKind:
		return appendJSONBytes(b, val.Bytes()), nil
	}
	return b, errNotOurs
}
