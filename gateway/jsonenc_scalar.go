package gateway

import (
	"encoding/base64"
	"math"
	"strconv"
	"unicode/utf8"

	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/types/known/durationpb"
	"google.golang.org/protobuf/types/known/timestamppb"
)

const lowerHex = "0123456789abcdef"

// appendJSONString quotes s as protojson does: only '"', '\\' and the control characters below
// U+0020 are escaped (\b \f \n \r \t by name, the rest as \u00xx in lower case); everything else,
// '<', '>', '&', U+2028 and a well-formed U+FFFD included, is written as it is. Invalid UTF-8 is
// refused: protojson refuses it, with an error naming the field, which it then gives itself.
func appendJSONString(b []byte, s string) ([]byte, error) {
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c >= utf8.RuneSelf {
			r, n := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && n == 1 {
				return b, errNotOurs
			}
			i += n
			continue
		}
		if c >= 0x20 && c != '"' && c != '\\' {
			i++
			continue
		}
		b = append(b, s[start:i]...)
		switch c {
		case '"', '\\':
			b = append(b, '\\', c)
		case '\b':
			b = append(b, '\\', 'b')
		case '\f':
			b = append(b, '\\', 'f')
		case '\n':
			b = append(b, '\\', 'n')
		case '\r':
			b = append(b, '\\', 'r')
		case '\t':
			b = append(b, '\\', 't')
		default:
			b = append(b, '\\', 'u', '0', '0', lowerHex[c>>4], lowerHex[c&0xf])
		}
		i++
		start = i
	}
	b = append(b, s[start:]...)
	return append(b, '"'), nil
}

// appendJSONFloat writes a float or double as protojson does: the non-finite values as the
// strings "NaN", "Infinity" and "-Infinity"; otherwise the shortest decimal that reads back to the
// same value at its own width, in plain notation unless the magnitude is below 1e-6 or at least
// 1e21, where it is an exponent with at least one digit ("1e-07" becomes "1e-7").
func appendJSONFloat(b []byte, f float64, bits int) []byte {
	switch {
	case math.IsNaN(f):
		return append(b, `"NaN"`...)
	case math.IsInf(f, 1):
		return append(b, `"Infinity"`...)
	case math.IsInf(f, -1):
		return append(b, `"-Infinity"`...)
	}
	format := byte('f')
	if a := math.Abs(f); a != 0 {
		small, large := a < 1e-6, a >= 1e21
		if bits == 32 {
			small, large = float32(a) < 1e-6, float32(a) >= 1e21
		}
		if small || large {
			format = 'e'
		}
	}
	b = strconv.AppendFloat(b, f, format, -1, bits)
	if format == 'e' {
		// strconv writes at least two exponent digits; drop a leading zero of a negative one.
		if n := len(b); n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
			b[n-2] = b[n-1]
			b = b[:n-1]
		}
	}
	return b
}

// appendJSONBytes writes bytes as a string of standard, padded base64.
func appendJSONBytes(b []byte, v []byte) []byte {
	b = append(b, '"')
	b = base64.StdEncoding.AppendEncode(b, v)
	return append(b, '"')
}

// The ranges protojson accepts: a Timestamp from 0001-01-01T00:00:00Z to
// 9999-12-31T23:59:59.999999999Z, a Duration of at most ten thousand years either way.
const (
	minTimestampSecs = -62135596800
	maxTimestampSecs = 253402300799
	maxDurationSecs  = 315576000000
	maxNanos         = 999999999
)

func secsNanos(m protoreflect.Message, p *msgPlan) (int64, int64) {
	switch t := m.Interface().(type) {
	case *timestamppb.Timestamp:
		return t.GetSeconds(), int64(t.GetNanos())
	case *durationpb.Duration:
		return t.GetSeconds(), int64(t.GetNanos())
	}
	return m.Get(p.secs).Int(), m.Get(p.nanos).Int()
}

// appendTimestamp writes RFC 3339 in UTC with 'Z' and 0, 3, 6 or 9 fractional digits, the fewest
// that hold the nanoseconds, as protojson does.
func appendTimestamp(b []byte, m protoreflect.Message, p *msgPlan) ([]byte, error) {
	secs, nanos := secsNanos(m, p)
	if secs < minTimestampSecs || secs > maxTimestampSecs || nanos < 0 || nanos > maxNanos {
		return b, errNotOurs
	}
	days, rem := secs/86400, secs%86400
	if rem < 0 {
		days, rem = days-1, rem+86400
	}
	year, month, day := civilDate(days)
	b = append(b, '"')
	b = appendDigits(b, year, 4)
	b = append2(append(b, '-'), month)
	b = append2(append(b, '-'), day)
	b = append2(append(b, 'T'), rem/3600)
	b = append2(append(b, ':'), rem/60%60)
	b = append2(append(b, ':'), rem%60)
	b = appendFraction(b, nanos)
	return append(b, 'Z', '"'), nil
}

// civilDate turns days since 1970-01-01 into the proleptic Gregorian year, month and day that
// time.Time.Date gives (the two are compared over the whole Timestamp range in the tests). It
// counts in 400-year eras starting on March 1st, so the leap day falls at the end of a year.
func civilDate(days int64) (year, month, day int64) {
	d := days + 719468 // days from 0000-03-01 to 1970-01-01
	era := d / 146097
	if d < 0 {
		era = (d - 146096) / 146097
	}
	doe := d - era*146097                                  // day of the era, 0..146096
	yoe := (doe - doe/1460 + doe/36524 - doe/146096) / 365 // year of the era, 0..399
	doy := doe - (365*yoe + yoe/4 - yoe/100)               // day of the year from March 1st, 0..365
	mp := (5*doy + 2) / 153                                // month from March, 0..11
	day = doy - (153*mp+2)/5 + 1
	month = mp + 3
	if mp >= 10 {
		month = mp - 9
	}
	year = yoe + era*400
	if month <= 2 {
		year++
	}
	return year, month, day
}

// append2 writes 0..99 as two digits.
func append2(b []byte, n int64) []byte {
	return append(b, byte('0'+n/10), byte('0'+n%10))
}

// appendDuration writes seconds with 0, 3, 6 or 9 fractional digits and an 's', negative when
// either part is, as protojson does.
func appendDuration(b []byte, m protoreflect.Message, p *msgPlan) ([]byte, error) {
	secs, nanos := secsNanos(m, p)
	if secs < -maxDurationSecs || secs > maxDurationSecs || nanos < -maxNanos || nanos > maxNanos ||
		(secs > 0 && nanos < 0) || (secs < 0 && nanos > 0) {
		return b, errNotOurs
	}
	b = append(b, '"')
	if secs < 0 || nanos < 0 {
		b = append(b, '-')
		secs, nanos = -secs, -nanos
	}
	b = strconv.AppendInt(b, secs, 10)
	b = appendFraction(b, nanos)
	return append(b, 's', '"'), nil
}

// appendFraction writes nanos (0..999999999) as nothing, or a dot and 3, 6 or 9 digits.
func appendFraction(b []byte, nanos int64) []byte {
	switch {
	case nanos == 0:
		return b
	case nanos%1_000_000 == 0:
		return appendDigits(append(b, '.'), nanos/1_000_000, 3)
	case nanos%1_000 == 0:
		return appendDigits(append(b, '.'), nanos/1_000, 6)
	}
	return appendDigits(append(b, '.'), nanos, 9)
}

// appendDigits writes a non-negative n zero-padded to width digits.
func appendDigits(b []byte, n int64, width int) []byte {
	var buf [20]byte
	i := len(buf)
	for n > 0 || i > len(buf)-width {
		i--
		buf[i] = byte('0' + n%10)
		n /= 10
	}
	return append(b, buf[i:]...)
}
