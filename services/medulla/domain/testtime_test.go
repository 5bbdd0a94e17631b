package domain

import (
	"math"
	"time"
)

const rfc = time.RFC3339

func mustTime(s string) time.Time {
	t, err := time.Parse(rfc, s)
	if err != nil {
		panic(err)
	}
	return t
}

func mustTimeOrZero(s string) time.Time {
	if s == "" {
		return time.Time{}
	}
	return mustTime(s)
}

func durationHours(h float64) time.Duration { return time.Duration(h * float64(time.Hour)) }

func abs(f float64) float64 { return math.Abs(f) }
