package domain

import (
	"testing"
)

func TestAgeAt(t *testing.T) {
	created := mustTime("2026-01-01T00:00:00Z")
	cases := []struct {
		name    string
		created string
		hours   float64
		known   bool
		weight  float64
		agedOut bool
	}{
		{"unknown age is never flagged", "", 10000, false, 1, false},
		{"new", created.Format(rfc), 0, true, 1, false},
		{"one half-life exactly", created.Format(rfc), 720, true, 0.5, false},
		{"past the half-life", created.Format(rfc), 721, true, 0.4995188, true},
		{"clock skew backwards", created.Format(rfc), -5, true, 1, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var c = mustTimeOrZero(tc.created)
			now := created.Add(durationHours(tc.hours))
			got := AgeAt(c, now)
			if got.Known != tc.known || got.AgedOut != tc.agedOut || abs(got.Weight-tc.weight) > 1e-6 {
				t.Fatalf("got %+v, want known=%v weight=%v agedOut=%v", got, tc.known, tc.weight, tc.agedOut)
			}
		})
	}
}
