package engine_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/organism-dev/organism/services/soul/engine"
)

// localCases is the one table for "is this URL a runtime on this machine": the anchor reader
// and the prober (package soul) answer from the same rule, and both tests read this table's
// expectations through LocalURL.
var localCases = []struct {
	name string
	url  string
	want bool
}{
	{"localhost", "http://localhost:7780/healthz", true},
	{"localhost without a port or path", "http://localhost", true},
	{"localhost over https", "https://localhost:8443/", true},
	{"localhost in capitals", "http://LOCALHOST:80/", true},
	{"loopback", "http://127.0.0.1:9/x", true},
	{"loopback elsewhere in 127/8", "http://127.2.3.4/", true},
	{"ipv6 loopback", "http://[::1]:7780/", true},
	{"ipv4-mapped loopback", "http://[::ffff:127.0.0.1]/", true},
	{"unspecified ipv4 (documented as local)", "http://0.0.0.0:8080/", true},
	{"unspecified ipv6", "http://[::]:8080/", true},
	{"subdomain of a public name", "http://localhost.example.com/", false},
	{"nip.io name of loopback", "http://127.0.0.1.nip.io/", false},
	{"userinfo naming localhost", "http://localhost@evil.com/", false},
	{"userinfo with a port naming localhost", "http://localhost:80@evil.com/", false},
	{"userinfo in front of localhost", "http://evil.com@localhost/", false},
	{"trailing dot", "http://localhost./", false},
	{"localhost with a suffix", "http://localhostevil.com/", false},
	{"ipv6 loopback prefix of a longer address", "http://[::10]/", false},
	{"shortened loopback", "http://127.1/", false},
	{"decimal loopback", "http://2130706433/", false},
	{"public host", "http://example.com/", false},
	{"private address", "http://10.0.0.1/", false},
	{"other scheme", "ftp://localhost/", false},
	{"file scheme", "file://localhost/etc/passwd", false},
	{"no scheme", "localhost:7780", false},
	{"scheme-relative", "//localhost/", false},
	{"unparseable port", "http://localhost:80x/", false},
	{"empty", "", false},
}

func TestLocalURL(t *testing.T) {
	for _, tc := range localCases {
		t.Run(tc.name, func(t *testing.T) {
			if got := engine.LocalURL(tc.url); got != tc.want {
				t.Errorf("LocalURL(%q): got %v, want %v", tc.url, got, tc.want)
			}
		})
	}
}

// TestRuntimeAnchorsFollowLocalURL pins the anchor reader to the same rule: a URL cited in
// prose, in a code span or as a link destination is a runtime anchor exactly when it is local.
func TestRuntimeAnchorsFollowLocalURL(t *testing.T) {
	for _, tc := range localCases {
		if tc.url == "" || tc.url[0] == '/' || !hasScheme(tc.url) || tc.name == "no scheme" {
			continue // not a URL a soul can cite as one; a scheme-less address: TestSchemelessAddresses
		}
		forms := map[string]string{
			"code span": "- The gateway serves `" + tc.url + "`.\n",
			"link":      "- The gateway serves [health](" + tc.url + ").\n",
		}
		if strings.HasPrefix(tc.url, "http") {
			forms["prose"] = "- The gateway serves " + tc.url + ".\n"
		}
		for form, md := range forms {
			t.Run(tc.name+"/"+form, func(t *testing.T) {
				soul, err := engine.Parse("PATHOS.md", []byte("# S\n\n## Current State\n\n"+md), engine.ParseOptions{})
				if err != nil {
					t.Fatal(err)
				}
				got := false
				for _, c := range soul.Claims {
					for _, a := range c.Anchors {
						if a.Kind == engine.AnchorRuntime {
							got = true
							if a.Ref != tc.url {
								t.Errorf("runtime anchor ref: got %q, want %q", a.Ref, tc.url)
							}
						}
					}
				}
				if got != tc.want {
					t.Errorf("runtime anchor for %q: got %v, want %v", tc.url, got, tc.want)
				}
			})
		}
	}
}

func hasScheme(u string) bool {
	for i := 0; i < len(u); i++ {
		if u[i] == ':' {
			return i > 0
		}
	}
	return false
}

// TestSchemelessAddresses: a host and port written without a scheme ("[localhost:3000](localhost:3000)",
// the twenty-first holdout's rubyevents) is read as a browser reads it, http: a runtime anchor when the
// host is this machine, no anchor otherwise, and never a path. LocalURL itself still wants a scheme.
func TestSchemelessAddresses(t *testing.T) {
	cases := []struct {
		name, addr, want string // want: the runtime anchor's ref, "" for no anchor at all
	}{
		{"localhost", "localhost:3000", "http://localhost:3000"},
		{"loopback with a path", "127.0.0.1:9000/admin", "http://127.0.0.1:9000/admin"},
		{"another host", "db.example.com:5432", ""},
	}
	for _, tc := range cases {
		for form, md := range map[string]string{
			"code span": "- The app serves `" + tc.addr + "`.\n",
			"link":      "- The app is forwarded to [the app](" + tc.addr + ").\n",
		} {
			t.Run(tc.name+"/"+form, func(t *testing.T) {
				soul, err := engine.Parse("PATHOS.md", []byte("# S\n\n## Current State\n\n"+md), engine.ParseOptions{})
				if err != nil {
					t.Fatal(err)
				}
				var got []string
				for _, c := range soul.Claims {
					for _, a := range c.Anchors {
						got = append(got, string(a.Kind)+" "+a.Ref)
					}
				}
				var want []string
				if tc.want != "" {
					want = []string{string(engine.AnchorRuntime) + " " + tc.want}
				}
				if !slices.Equal(got, want) {
					t.Errorf("anchors of %q: got %q, want %q", tc.addr, got, want)
				}
			})
		}
	}
}
