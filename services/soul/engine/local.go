package engine

import (
	"net/netip"
	"net/url"
	"strings"
)

// LocalURL is the one rule for "this URL is a runtime on this machine": it decides both which
// URLs a soul's claims cite as runtime anchors and which URLs the prober may GET, so a soul can
// never steer a check to another host.
//
// The URL is parsed, not matched by prefix, and its host compared exactly:
//   - the scheme is http or https;
//   - there is no userinfo ("http://localhost@evil.com" names evil.com, and "http://x@localhost"
//     is refused too rather than reasoned about);
//   - the host is "localhost" (any case, no trailing dot, no subdomain: "localhost.example.com"
//     and "127.0.0.1.nip.io" are other machines), or an IP literal in 127.0.0.0/8 or ::1
//     (IPv4-mapped forms included), or the unspecified address 0.0.0.0 / [::].
//
// 0.0.0.0 counts as local: it is how servers print the address they listen on, so souls cite it,
// and a connection to it can only reach this machine (Linux and macOS route it to the local
// host; elsewhere the connection fails, which holds the claim unprovable-now, never fresh).
// Shortened or numeric forms such as 127.1 or 2130706433 are not IP literals to net/netip and
// are refused: a name the resolver would have to interpret is not exact.
func LocalURL(raw string) bool {
	u, err := url.Parse(raw)
	if err != nil || u.User != nil || u.Opaque != "" {
		return false
	}
	if u.Scheme != "http" && u.Scheme != "https" {
		return false
	}
	return LocalHost(u.Hostname())
}

// LocalHost reports whether a URL's hostname (brackets already stripped) is this machine by
// LocalURL's rule.
func LocalHost(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	addr, err := netip.ParseAddr(host)
	if err != nil {
		return false
	}
	addr = addr.Unmap()
	return addr.IsLoopback() || addr.IsUnspecified()
}
