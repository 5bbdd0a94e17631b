package engine

import (
	"strings"
	"testing"
)

// TestProtoDefinitionLine: the lines of a .proto file that declare a name, each form alone, are kept
// for the symbol index; comments, options, reserved names and braces are not.
func TestProtoDefinitionLine(t *testing.T) {
	for _, tc := range []struct {
		name, line string
		want       []string // name@scope of each declaration
	}{
		{"message", "message GetItemRequest {", []string{"GetItemRequest@"}},
		{"message with its brace on the next line", "message GetItemRequest", []string{"GetItemRequest@"}},
		{"enum", "  enum Kind {", []string{"Kind@"}},
		{"service", "service Store {", []string{"Store@"}},
		{"rpc", "  rpc GetItem(GetItemRequest) returns (GetItemResponse);", []string{"GetItem@"}},
		{"rpc with an option block", `  rpc List(A) returns (stream B) { option (x) = {callers: [C], note: "a = 1;"}; }`, []string{"List@"}},
		{"field", "  string item_id = 1;", []string{"item_id@"}},
		{"dotted type", "  google.protobuf.Timestamp at = 2;", []string{"at@"}},
		{"fully qualified type", "  .acme.v1.Item item = 3 [deprecated = true];", []string{"item@"}},
		{"repeated", "  repeated Label labels = 1;", []string{"labels@"}},
		{"optional", "  optional int32 version = 2;", []string{"version@"}},
		{"map", "  map<string, RefusalRepeats> repeats = 3;", []string{"repeats@"}},
		{"oneof", "  oneof source {", []string{"source@"}},
		{"enum value", "  KIND_BOOK = 1;", []string{"KIND_BOOK@"}},
		{"negative enum value", "  KIND_NONE = -1;", []string{"KIND_NONE@"}},
		{"one-line message", "message Label { string key = 1; string value = 2; }", []string{"Label@", "key@Label", "value@Label"}},
		{"one-line enum", "enum State { STATE_UNSPECIFIED = 0; STATE_ACTIVE = 1; }", []string{"State@", "STATE_UNSPECIFIED@State", "STATE_ACTIVE@State"}},
		{"trailing comment", "  string name = 1; // was title = 2", []string{"name@"}},
		{"line comment", "// string ghost = 1;", nil},
		{"option", `option go_package = "example.com/x;x";`, nil},
		{"numeric option", "option (my_opt) = 3;", nil},
		{"reserved number", "  reserved 3, 4;", nil},
		{"reserved name", `  reserved "legacy_name";`, nil},
		{"syntax", `syntax = "proto3";`, nil},
		{"closing brace", "}", nil},
		{"a string that looks like a field", `  // note: "string x = 1;"`, nil},
		{"an option value with =", `  option (a).b = "c = 1";`, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got []string
			protoWalk(tc.line, func(d protoDef) { got = append(got, d.name+"@"+d.scope) })
			if strings.Join(got, " ") != strings.Join(tc.want, " ") {
				t.Errorf("protoWalk(%q): got %q, want %q", tc.line, got, tc.want)
			}
			if def := DefinitionLine("api/v1/api.proto", tc.line); def != (len(tc.want) > 0) {
				t.Errorf("DefinitionLine(%q): got %v, want %v", tc.line, def, len(tc.want) > 0)
			}
		})
	}
}

const protoMemberFile = `syntax = "proto3";
service Store {
  rpc GetItem(A) returns (B) { option (x) = { y: "}" }; }
  rpc ListItems(A)
      returns (stream B);
}
message Item {
  message Label { string key = 1; }
  enum Kind { KIND_UNSPECIFIED = 0; KIND_BOOK = 1; }
  /* string hidden = 9; */
  // string hidden_too = 10;
  repeated Label labels = 1;
  map<string, int64> counters = 2;
  oneof source {
    string url = 3;
  }
  reserved "legacy";
  string next_page_token = 4;
}
message Other { string other_id = 1; }
`

// TestProtoMember: a member belongs to the block it is declared in, oneof members to their message,
// enum values to their enum and the enum's message, and generated spellings of a field to it.
func TestProtoMember(t *testing.T) {
	for _, tc := range []struct {
		block, member string
		want          bool
	}{
		{"Store", "GetItem", true},
		{"Store", "ListItems", true},
		{"Store", "DeleteItem", false},
		{"Item", "Label", true},
		{"Item", "Kind", true},
		{"Label", "key", true},
		{"Item", "key", false},
		{"Kind", "KIND_BOOK", true},
		{"Item", "KIND_BOOK", true},
		{"Other", "KIND_BOOK", false},
		{"Item", "labels", true},
		{"Item", "counters", true},
		{"Item", "source", true},
		{"Item", "url", true},
		{"Item", "legacy", false},
		{"Item", "hidden", false},
		{"Item", "hidden_too", false},
		{"Item", "next_page_token", true},
		{"Item", "NextPageToken", true},
		{"Item", "nextPageToken", true},
		{"Item", "GetNextPageToken", true},
		{"Item", "other_id", false},
		{"Other", "other_id", true},
	} {
		if got := protoMember(protoMemberFile, tc.block, tc.member); got != tc.want {
			t.Errorf("protoMember(%s, %s): got %v, want %v", tc.block, tc.member, got, tc.want)
		}
	}
}

// FuzzProtoWalk: the .proto reader takes any text, a whole file or one line, without panicking or
// running past it, and what it declares are identifiers found in the text.
func FuzzProtoWalk(f *testing.F) {
	for _, s := range []string{protoMemberFile, "message A {", "}", "map<", "rpc X(", "oneof o { int32 a = 1", "/* unclosed", `"unclosed`, "enum E { A = -", ".a.b c = 1;", "message { } } } {", "x = 1;"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		lines := strings.Count(s, "\n") + 1
		protoWalk(s, func(d protoDef) {
			if d.name == "" || !strings.Contains(s, d.name) || strings.Contains(d.name, ".") {
				t.Errorf("protoWalk(%q): declared %q, which is no identifier of the text", s, d.name)
			}
			if d.line < 1 || d.line > lines {
				t.Errorf("protoWalk(%q): %q at line %d of %d", s, d.name, d.line, lines)
			}
		})
		_ = DefinitionLine("x.proto", s)
		_ = protoMember(s, "A", "a")
	})
}
