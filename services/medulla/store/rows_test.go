package store

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/organism-dev/organism/services/medulla/domain"
)

// checkReceiptLists: the hand-written encoding decodes to what encoding/json's own encoding of
// the same lists decodes to (which also replaces invalid UTF-8).
func checkReceiptLists(t *testing.T, gates []string, details map[string]string) {
	t.Helper()
	g, d, err := encodeReceiptLists(&domain.Receipt{Gates: gates, Details: details})
	if err != nil {
		t.Fatal(err)
	}
	var gotG, wantG []string
	var gotD, wantD map[string]string
	if err := json.Unmarshal([]byte(g), &gotG); err != nil {
		t.Fatalf("gates %q encode to invalid JSON %s: %v", gates, g, err)
	}
	if err := json.Unmarshal([]byte(d), &gotD); err != nil {
		t.Fatalf("details %q encode to invalid JSON %s: %v", details, d, err)
	}
	wg, _ := json.Marshal(gates)
	wd, _ := json.Marshal(details)
	_ = json.Unmarshal(wg, &wantG)
	_ = json.Unmarshal(wd, &wantD)
	if len(wantG) == 0 && len(gotG) == 0 {
		wantG, gotG = nil, nil
	}
	if len(wantD) == 0 && len(gotD) == 0 {
		wantD, gotD = nil, nil
	}
	if !reflect.DeepEqual(gotG, wantG) || !reflect.DeepEqual(gotD, wantD) {
		t.Fatalf("got %q %q, want %q %q", gotG, gotD, wantG, wantD)
	}
}

func TestReceiptListsDecode(t *testing.T) {
	for _, tc := range []struct {
		name    string
		gates   []string
		details map[string]string
	}{
		{"empty", nil, nil},
		{"plain", []string{"brain", "shape", "hygiene"}, map[string]string{"slug": "build", "version": "3"}},
		{"escapes", []string{`a"b\c`, "tab\there", "nl\n", "nul\x00", "<html>&"}, map[string]string{"k\"ey": "v\\al\u2028ue"}},
		{"unicode and invalid", []string{"ação", "日本", "bad\xffbyte", "\xed\xa0\x80"}, map[string]string{"\xc3": "\xe2\x82"}},
	} {
		t.Run(tc.name, func(t *testing.T) { checkReceiptLists(t, tc.gates, tc.details) })
	}
}

func FuzzReceiptLists(f *testing.F) {
	f.Add("brain", "slug", "build")
	f.Add(`a"b\c`, "k\x01", "\xff\xfe")
	f.Fuzz(func(t *testing.T, gate, key, value string) {
		checkReceiptLists(t, []string{gate, value}, map[string]string{key: value, gate: key})
	})
}

func TestSupersessionsAsJSON(t *testing.T) {
	for _, ss := range [][]supersession{{}, {{ID: 1, At: 2}}, {{ID: 9007199254740993, At: -5}, {ID: 0, At: 1764460800000000000}}} {
		want, err := json.Marshal(ss)
		if err != nil {
			t.Fatal(err)
		}
		if got := appendSupersessions(nil, ss); string(got) != string(want) {
			t.Errorf("got %s, want %s", got, want)
		}
	}
}
