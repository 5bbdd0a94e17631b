package engine_test

import (
	"strings"
	"testing"

	"github.com/organism-dev/organism/services/soul/engine"
)

// protoBefore is a .proto API before a release removed one member of each kind; protoAfter is it now.
const protoBefore = `syntax = "proto3";
package acme.api.v1;

option go_package = "example.com/acme/api/v1;apiv1";

// Store keeps items.
service Store {
  rpc GetItem(GetItemRequest) returns (GetItemResponse);
  rpc DeleteItem(GetItemRequest) returns (GetItemResponse);
  rpc ListItems(ListItemsRequest) returns (stream Item) { option (google.api.http) = { get: "/v1/items" }; }
}

message GetItemRequest {
  string item_id = 1;
  optional int32 version = 2 [deprecated = true];
  string legacy_name = 3;
  optional int32 revision = 4;
}

message Item {
  message Label { string key = 1; string value = 2; string color = 3; }
  enum Kind {
    KIND_UNSPECIFIED = 0;
    KIND_BOOK = 1;
    KIND_MOVIE = 2;
  }
  repeated Label labels = 1;
  repeated string tags = 6;
  map<string, int64> counters = 2;
  map<string, double> gauges = 7;
  oneof source {
    string url = 3;
    bytes blob = 4;
    string path = 8;
  }
  oneof origin { string region = 9; }
  Kind kind = 5;
}

enum State { STATE_UNSPECIFIED = 0; STATE_ACTIVE = 1; }
message GetItemResponse { Item item = 1; }
message ListItemsRequest {}
`

const protoAfter = `syntax = "proto3";
package acme.api.v1;

option go_package = "example.com/acme/api/v1;apiv1";

/* Store keeps items; a block comment
   spans lines { and holds braces } the block reader passes over. */
service Store {
  rpc GetItem(GetItemRequest) returns (GetItemResponse);
  rpc ListItems(ListItemsRequest)
      returns (stream Item) { option (google.api.http) = { get: "/v1/items" }; }
}

message GetItemRequest {
  string item_id = 1;
  optional int32 version = 2 [deprecated = true];
  reserved 3, 4;
  reserved "legacy_name", "revision";
}

message Item {
  message Label { string key = 1; string value = 2; }
  enum Kind {
    KIND_UNSPECIFIED = 0;
    KIND_BOOK = 1;
  }
  repeated Label labels = 1;
  map<string, int64> counters = 2;
  oneof source {
    string url = 3;
    bytes blob = 4;
  }
  Kind kind = 5;
}

enum State { STATE_UNSPECIFIED = 0; STATE_ACTIVE = 1; }
message GetItemResponse { Item item = 1; }
message ListItemsRequest {}
`

// TestProtoSymbols: every .proto form a document cites resolves against the file, and its twin (the
// same kind of member, removed by a commit or never there) is reported: drift named by the commit that
// removed it, or an unverified mention when no commit ever defined it (tiers.go).
func TestProtoSymbols(t *testing.T) {
	g := newGitFixture(t)
	g.write("api/v1/api.proto", protoBefore)
	g.write("main.go", "package main\n\nfunc main() {}\n")
	g.commit("2026-06-01T10:00:00Z", "api")
	g.write("api/v1/api.proto", protoAfter)
	gone := g.commit("2026-06-02T10:00:00Z", "api: drop members")[:7]
	repo := g.open(t)
	removed := func(ref string) string {
		return engine.ReasonSymbolRemoved + " " + ref + " " + ref + " was removed in " + gone + " (api/v1/api.proto)"
	}
	for _, tc := range []struct {
		name, fresh, drift, want string
	}{
		{"message", "api.GetItemRequest", "api.GhostRequest", "unverified " + engine.ReasonSymbolMissing + " api.GhostRequest GhostRequest is defined nowhere in the tracked sources"},
		{"enum", "api.State", "api.Phase", "unverified " + engine.ReasonSymbolMissing + " api.Phase Phase is defined nowhere in the tracked sources"},
		{"service", "api.Store", "api.Archive", "unverified " + engine.ReasonSymbolMissing + " api.Archive Archive is defined nowhere in the tracked sources"},
		{"rpc", "Store.GetItem", "Store.DeleteItem", removed("Store.DeleteItem")},
		{"rpc with an option block", "Store.ListItems()", "Store.PurgeItems()", "unverified " + engine.ReasonSymbolMissing + " Store.PurgeItems() Store has no member PurgeItems"},
		{"field", "GetItemRequest.item_id", "GetItemRequest.legacy_name", removed("GetItemRequest.legacy_name")},
		{"optional field", "GetItemRequest.version", "GetItemRequest.revision", removed("GetItemRequest.revision")},
		{"repeated field", "Item.labels", "Item.tags", removed("Item.tags")},
		{"map field", "Item.counters", "Item.gauges", removed("Item.gauges")},
		{"oneof member", "Item.url", "Item.path", removed("Item.path")},
		{"oneof", "Item.source", "Item.origin", removed("Item.origin")},
		{"nested message", "Item.Label", "Label.color", removed("Label.color")},
		{"nested message field", "Label.key", "Label.shade", "unverified " + engine.ReasonSymbolMissing + " Label.shade Label has no member shade"},
		{"enum value", "Kind.KIND_BOOK", "Kind.KIND_MOVIE", removed("Kind.KIND_MOVIE")},
		{"enum value by its enum's scope", "Item.KIND_BOOK", "State.KIND_BOOK", "unverified " + engine.ReasonChanged + " State.KIND_BOOK KIND_BOOK is defined, but not under State"},
		{"one-line enum value", "State.STATE_ACTIVE", "State.STATE_PAUSED", "unverified " + engine.ReasonSymbolMissing + " State.STATE_PAUSED State has no member STATE_PAUSED"},
		{"field of another message", "GetItemResponse.item", "Item.item_id", "unverified " + engine.ReasonChanged + " Item.item_id item_id is defined, but not under Item"},
		{"generated names of a field", "GetItemRequest.GetItemId()", "Item.comment_id", "unverified " + engine.ReasonSymbolMissing + " Item.comment_id Item has no member comment_id"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			label := func(f engine.Finding) string { return f.Reason + " " + f.Anchor + " " + f.Detail }
			assertDrift(t, driftLabeled(t, repo, "AGENTS.md", protoDoc(tc.fresh), label), nil)
			assertDrift(t, driftLabeled(t, repo, "AGENTS.md", protoDoc(tc.drift), label), []string{tc.want})
		})
	}
}

// TestProtoGeneratedCode: a member the .proto does not declare but code generated from it does (a
// method of every message, a getter, a JSON name, Rust's prost helpers) is not drift in a repository
// that does not track the generated code.
func TestProtoGeneratedCode(t *testing.T) {
	g := newGitFixture(t)
	g.write("api/v1/api.proto", protoAfter)
	g.commit("2026-06-01T10:00:00Z", "api")
	repo := g.open(t)
	for _, tc := range []struct{ name, ref string }{
		{"a method of every message", "Item.ProtoReflect()"},
		{"a getter", "Item.GetLabels()"},
		{"a JSON name", "GetItemRequest.itemId"},
		{"a Rust path", "Item::decode"},
		{"a Java field-number constant", "Item.LABELS_FIELD_NUMBER"},
		{"an enum's method", "Kind.String()"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assertDrift(t, driftOf(t, repo, "AGENTS.md", protoDoc(tc.ref)), nil)
		})
	}
}

func protoDoc(ref string) []byte {
	return []byte(strings.Join([]string{"# Agents", "", "## API", "", "- `" + ref + "` is how the API reads.", ""}, "\n"))
}
