package gateway

import (
	"testing"

	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protodesc"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/reflect/protoregistry"
	"google.golang.org/protobuf/types/descriptorpb"

	// The well-known types the kitchen fixture refers to must be in the global registry.
	_ "google.golang.org/protobuf/types/known/anypb"
	_ "google.golang.org/protobuf/types/known/durationpb"
	_ "google.golang.org/protobuf/types/known/emptypb"
	_ "google.golang.org/protobuf/types/known/fieldmaskpb"
	_ "google.golang.org/protobuf/types/known/structpb"
	_ "google.golang.org/protobuf/types/known/timestamppb"
	_ "google.golang.org/protobuf/types/known/wrapperspb"
)

// kitchenFiles builds, in memory, the message kinds the organisms' protos do not use today but a
// response could tomorrow: every scalar kind singular, repeated and proto3-optional; maps under
// every key kind; oneofs; recursion; a custom json_name; an aliased enum; every well-known type;
// google.protobuf.NullValue; and a proto2 message with a required field and defaults. The
// encoder must write the supported ones itself and hand the rest to protojson.
func kitchenFiles(t testing.TB) (kitchen, legacy protoreflect.MessageDescriptor) {
	t.Helper()
	opt := descriptorpb.FieldDescriptorProto_LABEL_OPTIONAL
	rep := descriptorpb.FieldDescriptorProto_LABEL_REPEATED
	field := func(name string, num int32, label descriptorpb.FieldDescriptorProto_Label, typ descriptorpb.FieldDescriptorProto_Type, typeName string) *descriptorpb.FieldDescriptorProto {
		f := &descriptorpb.FieldDescriptorProto{Name: proto.String(name), Number: proto.Int32(num), Label: label.Enum(), Type: typ.Enum()}
		if typeName != "" {
			f.TypeName = proto.String(typeName)
		}
		return f
	}
	T := func(k descriptorpb.FieldDescriptorProto_Type) descriptorpb.FieldDescriptorProto_Type { return k }
	scalars := []struct {
		name string
		typ  descriptorpb.FieldDescriptorProto_Type
	}{
		{"b", descriptorpb.FieldDescriptorProto_TYPE_BOOL}, {"s", descriptorpb.FieldDescriptorProto_TYPE_STRING},
		{"by", descriptorpb.FieldDescriptorProto_TYPE_BYTES}, {"i32", descriptorpb.FieldDescriptorProto_TYPE_INT32},
		{"si32", descriptorpb.FieldDescriptorProto_TYPE_SINT32}, {"sf32", descriptorpb.FieldDescriptorProto_TYPE_SFIXED32},
		{"u32", descriptorpb.FieldDescriptorProto_TYPE_UINT32}, {"f32", descriptorpb.FieldDescriptorProto_TYPE_FIXED32},
		{"i64", descriptorpb.FieldDescriptorProto_TYPE_INT64}, {"si64", descriptorpb.FieldDescriptorProto_TYPE_SINT64},
		{"sf64", descriptorpb.FieldDescriptorProto_TYPE_SFIXED64}, {"u64", descriptorpb.FieldDescriptorProto_TYPE_UINT64},
		{"f64", descriptorpb.FieldDescriptorProto_TYPE_FIXED64}, {"fl", descriptorpb.FieldDescriptorProto_TYPE_FLOAT},
		{"db", descriptorpb.FieldDescriptorProto_TYPE_DOUBLE},
	}
	msg := &descriptorpb.DescriptorProto{Name: proto.String("Kitchen")}
	// The real oneof comes first: protodesc wants synthetic oneofs after every real one.
	oneofDecls := []*descriptorpb.OneofDescriptorProto{{Name: proto.String("choice")}}
	num := int32(1)
	next := func() int32 { num++; return num - 1 }
	for _, s := range scalars {
		msg.Field = append(msg.Field, field(s.name, next(), opt, s.typ, ""), field("rep_"+s.name, next(), rep, s.typ, ""))
		// proto3 optional: a synthetic oneof of its own.
		o := field("opt_"+s.name, next(), opt, s.typ, "")
		o.Proto3Optional = proto.Bool(true)
		o.OneofIndex = proto.Int32(int32(len(oneofDecls)))
		oneofDecls = append(oneofDecls, &descriptorpb.OneofDescriptorProto{Name: proto.String("_opt_" + s.name)})
		msg.Field = append(msg.Field, o)
	}
	msgType := func(name string) (descriptorpb.FieldDescriptorProto_Type, string) {
		return descriptorpb.FieldDescriptorProto_TYPE_MESSAGE, name
	}
	for _, m := range []struct{ name, typ string }{
		{"child", ".kitchen.v1.Kitchen"}, {"legacy", ".kitchen.v1.Legacy"},
		{"ts", ".google.protobuf.Timestamp"}, {"dur", ".google.protobuf.Duration"},
		{"any", ".google.protobuf.Any"}, {"st", ".google.protobuf.Struct"}, {"val", ".google.protobuf.Value"},
		{"lv", ".google.protobuf.ListValue"}, {"sv", ".google.protobuf.StringValue"}, {"i64v", ".google.protobuf.Int64Value"},
		{"bv", ".google.protobuf.BoolValue"}, {"dv", ".google.protobuf.DoubleValue"}, {"byv", ".google.protobuf.BytesValue"},
		{"fm", ".google.protobuf.FieldMask"}, {"empty", ".google.protobuf.Empty"},
	} {
		typ, name := msgType(m.typ)
		msg.Field = append(msg.Field, field(m.name, next(), opt, typ, name), field("rep_"+m.name, next(), rep, typ, name))
	}
	msg.Field = append(msg.Field,
		field("color", next(), opt, T(descriptorpb.FieldDescriptorProto_TYPE_ENUM), ".kitchen.v1.Color"),
		field("rep_color", next(), rep, T(descriptorpb.FieldDescriptorProto_TYPE_ENUM), ".kitchen.v1.Color"),
		field("nothing", next(), opt, T(descriptorpb.FieldDescriptorProto_TYPE_ENUM), ".google.protobuf.NullValue"),
	)
	named := field("renamed_field", next(), opt, T(descriptorpb.FieldDescriptorProto_TYPE_STRING), "")
	named.JsonName = proto.String("customName")
	msg.Field = append(msg.Field, named)

	// A real oneof of a scalar, an enum, a message and a Timestamp.
	arms := []*descriptorpb.FieldDescriptorProto{
		field("arm_s", next(), opt, T(descriptorpb.FieldDescriptorProto_TYPE_STRING), ""),
		field("arm_color", next(), opt, T(descriptorpb.FieldDescriptorProto_TYPE_ENUM), ".kitchen.v1.Color"),
		field("arm_child", next(), opt, T(descriptorpb.FieldDescriptorProto_TYPE_MESSAGE), ".kitchen.v1.Kitchen"),
		field("arm_ts", next(), opt, T(descriptorpb.FieldDescriptorProto_TYPE_MESSAGE), ".google.protobuf.Timestamp"),
	}
	for _, a := range arms {
		a.OneofIndex = proto.Int32(0)
	}
	msg.Field = append(msg.Field, arms...)

	// Maps: one per key kind, and values of the kinds with their own spelling.
	mapKeys := []descriptorpb.FieldDescriptorProto_Type{
		descriptorpb.FieldDescriptorProto_TYPE_STRING, descriptorpb.FieldDescriptorProto_TYPE_BOOL,
		descriptorpb.FieldDescriptorProto_TYPE_INT32, descriptorpb.FieldDescriptorProto_TYPE_INT64,
		descriptorpb.FieldDescriptorProto_TYPE_UINT32, descriptorpb.FieldDescriptorProto_TYPE_UINT64,
		descriptorpb.FieldDescriptorProto_TYPE_SINT32, descriptorpb.FieldDescriptorProto_TYPE_SINT64,
		descriptorpb.FieldDescriptorProto_TYPE_FIXED32, descriptorpb.FieldDescriptorProto_TYPE_FIXED64,
		descriptorpb.FieldDescriptorProto_TYPE_SFIXED32, descriptorpb.FieldDescriptorProto_TYPE_SFIXED64,
	}
	mapVals := []struct {
		typ      descriptorpb.FieldDescriptorProto_Type
		typeName string
	}{
		{descriptorpb.FieldDescriptorProto_TYPE_STRING, ""}, {descriptorpb.FieldDescriptorProto_TYPE_DOUBLE, ""},
		{descriptorpb.FieldDescriptorProto_TYPE_BYTES, ""}, {descriptorpb.FieldDescriptorProto_TYPE_INT64, ""},
		{descriptorpb.FieldDescriptorProto_TYPE_ENUM, ".kitchen.v1.Color"}, {descriptorpb.FieldDescriptorProto_TYPE_MESSAGE, ".kitchen.v1.Kitchen"},
		{descriptorpb.FieldDescriptorProto_TYPE_MESSAGE, ".google.protobuf.Timestamp"}, {descriptorpb.FieldDescriptorProto_TYPE_MESSAGE, ".google.protobuf.Value"},
		{descriptorpb.FieldDescriptorProto_TYPE_FLOAT, ""}, {descriptorpb.FieldDescriptorProto_TYPE_UINT32, ""},
		{descriptorpb.FieldDescriptorProto_TYPE_BOOL, ""}, {descriptorpb.FieldDescriptorProto_TYPE_SINT32, ""},
	}
	for i, k := range mapKeys {
		v := mapVals[i%len(mapVals)]
		entry := &descriptorpb.DescriptorProto{
			Name:    proto.String("Map" + string(rune('A'+i)) + "Entry"),
			Field:   []*descriptorpb.FieldDescriptorProto{field("key", 1, opt, k, ""), field("value", 2, opt, v.typ, v.typeName)},
			Options: &descriptorpb.MessageOptions{MapEntry: proto.Bool(true)},
		}
		msg.NestedType = append(msg.NestedType, entry)
		msg.Field = append(msg.Field, field("map_"+string(rune('a'+i)), next(), rep, descriptorpb.FieldDescriptorProto_TYPE_MESSAGE, ".kitchen.v1.Kitchen."+entry.GetName()))
	}
	msg.OneofDecl = oneofDecls

	color := &descriptorpb.EnumDescriptorProto{
		Name: proto.String("Color"),
		Value: []*descriptorpb.EnumValueDescriptorProto{
			{Name: proto.String("COLOR_UNSPECIFIED"), Number: proto.Int32(0)},
			{Name: proto.String("COLOR_RED"), Number: proto.Int32(1)},
			{Name: proto.String("COLOR_CRIMSON"), Number: proto.Int32(1)}, // an alias: the first name wins
			{Name: proto.String("COLOR_FAR"), Number: proto.Int32(100000)},
			{Name: proto.String("COLOR_NEGATIVE"), Number: proto.Int32(-3)},
		},
		Options: &descriptorpb.EnumOptions{AllowAlias: proto.Bool(true)},
	}
	kitchenFile := &descriptorpb.FileDescriptorProto{
		Name:    proto.String("kitchen/v1/kitchen.proto"),
		Package: proto.String("kitchen.v1"),
		Syntax:  proto.String("proto3"),
		Dependency: []string{"kitchen/v1/legacy.proto", "google/protobuf/timestamp.proto", "google/protobuf/duration.proto",
			"google/protobuf/any.proto", "google/protobuf/struct.proto", "google/protobuf/wrappers.proto",
			"google/protobuf/field_mask.proto", "google/protobuf/empty.proto"},
		MessageType: []*descriptorpb.DescriptorProto{msg},
		EnumType:    []*descriptorpb.EnumDescriptorProto{color},
	}
	legacyFile := &descriptorpb.FileDescriptorProto{
		Name:    proto.String("kitchen/v1/legacy.proto"),
		Package: proto.String("kitchen.v1"),
		Syntax:  proto.String("proto2"),
		MessageType: []*descriptorpb.DescriptorProto{{
			Name: proto.String("Legacy"),
			Field: []*descriptorpb.FieldDescriptorProto{
				field("id", 1, descriptorpb.FieldDescriptorProto_LABEL_REQUIRED, T(descriptorpb.FieldDescriptorProto_TYPE_STRING), ""),
				{Name: proto.String("n"), Number: proto.Int32(2), Label: opt.Enum(), Type: descriptorpb.FieldDescriptorProto_TYPE_INT32.Enum(), DefaultValue: proto.String("7")},
				{Name: proto.String("word"), Number: proto.Int32(3), Label: opt.Enum(), Type: descriptorpb.FieldDescriptorProto_TYPE_STRING.Enum(), DefaultValue: proto.String("x")},
			},
		}},
	}
	files := new(protoregistry.Files)
	for _, fdp := range []*descriptorpb.FileDescriptorProto{legacyFile, kitchenFile} {
		fd, err := protodesc.NewFile(fdp, resolverChain{files})
		if err != nil {
			t.Fatalf("kitchen fixture: %v", err)
		}
		if err := files.RegisterFile(fd); err != nil {
			t.Fatalf("kitchen fixture: %v", err)
		}
	}
	k, err := files.FindDescriptorByName("kitchen.v1.Kitchen")
	if err != nil {
		t.Fatal(err)
	}
	l, err := files.FindDescriptorByName("kitchen.v1.Legacy")
	if err != nil {
		t.Fatal(err)
	}
	return k.(protoreflect.MessageDescriptor), l.(protoreflect.MessageDescriptor)
}

// resolverChain finds the fixture's own files first, then the global registry's.
type resolverChain struct{ local *protoregistry.Files }

func (r resolverChain) FindFileByPath(p string) (protoreflect.FileDescriptor, error) {
	if fd, err := r.local.FindFileByPath(p); err == nil {
		return fd, nil
	}
	return protoregistry.GlobalFiles.FindFileByPath(p)
}

func (r resolverChain) FindDescriptorByName(n protoreflect.FullName) (protoreflect.Descriptor, error) {
	if d, err := r.local.FindDescriptorByName(n); err == nil {
		return d, nil
	}
	return protoregistry.GlobalFiles.FindDescriptorByName(n)
}
