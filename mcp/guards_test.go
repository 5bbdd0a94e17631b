package mcp

import (
	"slices"
	"strings"
	"testing"
)

func TestOriginAllowed(t *testing.T) {
	allowed := map[string]bool{"https://hall.example": true}
	cases := []struct {
		origin string
		want   bool
	}{
		{"http://localhost:3000", true},
		{"http://127.0.0.1:7780", true},
		{"http://[::1]:8080", true},
		{"https://hall.example", true},
		{"https://HALL.example/", true},
		{"http://evil.example", false},
		{"http://localhost.evil.example", false},
		{"http://127.0.0.1.nip.io", false},
		{"null", false},
		{"file:///etc/passwd", false},
		{"", false},
	}
	for _, c := range cases {
		t.Run(c.origin, func(t *testing.T) {
			if got := originAllowed(c.origin, allowed); got != c.want {
				t.Errorf("originAllowed(%q): got %v, want %v", c.origin, got, c.want)
			}
		})
	}
}

func TestParseOrigins(t *testing.T) {
	cases := []struct {
		name, list string
		want       []string
		wantErr    bool
	}{
		{"empty", "", nil, false},
		{"two with blanks", " https://hall.example , ,http://10.0.0.2:8080/", []string{"https://hall.example", "http://10.0.0.2:8080"}, false},
		{"case folded", "HTTPS://Hall.Example", []string{"https://hall.example"}, false},
		{"no scheme", "hall.example", nil, true},
		{"a path", "https://hall.example/app", nil, true},
		{"credentials", "https://u:p@hall.example", nil, true},
		{"not http", "ftp://hall.example", nil, true},
		{"null", "null", nil, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := ParseOrigins(c.list)
			if (err != nil) != c.wantErr || !slices.Equal(got, c.want) {
				t.Errorf("got %q, %v; want %q, error %v", got, err, c.want, c.wantErr)
			}
		})
	}
}

func TestParseURI(t *testing.T) {
	cases := []struct {
		uri                  string
		brain, what, mission string
		ok                   bool
	}{
		{BrainURI("loja", "roster"), "loja", "roster", "", true},
		{BrainURI("loja", "soul"), "loja", "soul", "", true},
		{MissionURI("m_1"), "", "", "m_1", true},
		{BrainURI("loja", "secrets"), "", "", "", false},
		{"organism://brain//roster", "", "", "", false},
		{"organism://mission/a/b", "", "", "", false},
		{"organism://mission/", "", "", "", false},
		{"file:///etc/passwd", "", "", "", false},
	}
	for _, c := range cases {
		t.Run(c.uri, func(t *testing.T) {
			b, w, m, ok := parseURI(c.uri)
			if b != c.brain || w != c.what || m != c.mission || ok != c.ok {
				t.Errorf("got (%q, %q, %q, %v), want (%q, %q, %q, %v)", b, w, m, ok, c.brain, c.what, c.mission, c.ok)
			}
		})
	}
}

func TestPeekBrain(t *testing.T) {
	cases := []struct{ name, token, want string }{
		{"agent credential", "org1.eyJ0eXAiOiJhZ2VudCIsImJyYWluIjoibG9qYSJ9.sig", "loja"},
		{"owner credential has no brain", "org1.eyJ0eXAiOiJvd25lciJ9.sig", ""},
		{"not base64", "org1.!!!.sig", ""},
		{"not a credential", "hello", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := peekBrain(c.token); got != c.want {
				t.Errorf("got %q, want %q", got, c.want)
			}
		})
	}
}

func FuzzParseURI(f *testing.F) {
	for _, s := range []string{BrainURI("loja", "board"), MissionURI("m_1"), "organism://brain/x", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, uri string) {
		b, w, m, ok := parseURI(uri)
		if !ok {
			return
		}
		// Whatever parses names exactly one thing, and names it back to the same URI.
		switch {
		case m != "" && MissionURI(m) != uri, m == "" && BrainURI(b, w) != uri, strings.Contains(b, "/"):
			t.Errorf("%q parsed to (%q, %q, %q)", uri, b, w, m)
		}
	})
}

func FuzzOriginAllowed(f *testing.F) {
	for _, s := range []string{"http://localhost:1", "http://evil.example", "null", "http://[::1]"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, origin string) {
		if originAllowed(origin, nil) && !strings.HasPrefix(origin, "http") {
			t.Errorf("%q allowed without an http(s) scheme", origin)
		}
	})
}

func FuzzPeekBrain(f *testing.F) {
	f.Add("org1.eyJicmFpbiI6ImxvamEifQ.sig")
	f.Fuzz(func(t *testing.T, token string) { peekBrain(token) })
}
