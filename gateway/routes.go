package gateway

import (
	"fmt"
	"net/http"
	"net/url"
	"sort"
	"strings"

	"google.golang.org/protobuf/reflect/protoreflect"

	medullav1 "github.com/organism-dev/organism/proto/organism/medulla/v1"
	missionv1 "github.com/organism-dev/organism/proto/organism/mission/v1"
	presencev1 "github.com/organism-dev/organism/proto/organism/presence/v1"
	soulv1 "github.com/organism-dev/organism/proto/organism/soul/v1"
)

// route is one HTTP rule: the gateway knows every route before grpc-gateway sees the request, so
// it can answer unknown paths (404) and wrong methods (405 with Allow) itself, and pick the body
// cap of the route before reading a byte.
type route struct {
	method    string
	template  string
	segs      []string // template segments; "{x}" matches one non-empty segment
	verb      string   // ":verb" suffix of the last segment, without the colon
	operation string   // OpenAPI operationId, Service_Method
	// clientStream routes read a newline-delimited sequence of messages (PutLog): their body is
	// streamed upstream under the cap instead of being read whole first.
	clientStream bool
	serverStream bool
}

type routeTable []route

// newRouteTable builds the table from the merged OpenAPI paths and the proto descriptors (which
// say which methods stream). A path whose operation names no proto method is a generation bug.
func newRouteTable(paths map[string]map[string]any) (routeTable, error) {
	methods := map[string]protoreflect.MethodDescriptor{}
	for _, f := range []protoreflect.FileDescriptor{soulv1.File_organism_soul_v1_soul_proto, medullav1.File_organism_medulla_v1_medulla_proto,
		missionv1.File_organism_mission_v1_mission_proto, presencev1.File_organism_presence_v1_presence_proto} {
		for i := 0; i < f.Services().Len(); i++ {
			svc := f.Services().Get(i)
			for j := 0; j < svc.Methods().Len(); j++ {
				m := svc.Methods().Get(j)
				methods[string(svc.Name())+"_"+string(m.Name())] = m
			}
		}
	}
	var t routeTable
	for tmpl, ops := range paths {
		for method, op := range ops {
			o, _ := op.(map[string]any)
			id, _ := o["operationId"].(string)
			md, ok := methods[id]
			if !ok {
				return nil, fmt.Errorf("gateway: route %s %s names unknown operation %q", method, tmpl, id)
			}
			r := route{method: strings.ToUpper(method), template: tmpl, operation: id,
				clientStream: md.IsStreamingClient(), serverStream: md.IsStreamingServer()}
			r.segs = strings.Split(strings.TrimPrefix(tmpl, "/"), "/")
			last := r.segs[len(r.segs)-1]
			if i := strings.LastIndex(last, ":"); i >= 0 && !strings.HasSuffix(last, "}") {
				r.segs[len(r.segs)-1], r.verb = last[:i], last[i+1:]
			}
			t = append(t, r)
		}
	}
	// Routes with a verb first: "/presences/{id}:beat" is more specific than "/presences/{id}".
	sort.SliceStable(t, func(i, j int) bool {
		if (t[i].verb != "") != (t[j].verb != "") {
			return t[i].verb != ""
		}
		return t[i].template < t[j].template
	})
	return t, nil
}

func (r route) matches(segs []string) bool {
	if len(segs) != len(r.segs) {
		return false
	}
	for i, want := range r.segs {
		got := segs[i]
		if i == len(segs)-1 && r.verb != "" {
			var ok bool
			if got, ok = strings.CutSuffix(got, ":"+r.verb); !ok {
				return false
			}
		}
		if strings.HasPrefix(want, "{") {
			if got == "" {
				return false
			}
			continue
		}
		if got != want {
			return false
		}
	}
	return true
}

// vars returns the values the path gives the route's {name} segments (only plain field names:
// those are what a body could also name), unescaped as grpc-gateway unescapes them.
func (r route) vars(path string) map[string]string {
	segs := strings.Split(strings.TrimPrefix(path, "/"), "/")
	var out map[string]string
	for i, want := range r.segs {
		name, ok := strings.CutPrefix(want, "{")
		if !ok || i >= len(segs) {
			continue
		}
		name = strings.TrimSuffix(name, "}")
		if strings.ContainsAny(name, ".=*") {
			continue
		}
		got := segs[i]
		if i == len(segs)-1 && r.verb != "" {
			got = strings.TrimSuffix(got, ":"+r.verb)
		}
		if v, err := url.PathUnescape(got); err == nil {
			got = v
		}
		if out == nil {
			out = map[string]string{}
		}
		out[name] = got
	}
	return out
}

// lookup finds the route for method and path; when the path is known but not for this method it
// returns the methods that are (for Allow), and when the path is unknown, neither.
func (t routeTable) lookup(method, path string) (route, []string, bool) {
	segs := strings.Split(strings.TrimPrefix(path, "/"), "/")
	var allow []string
	for _, r := range t {
		if !r.matches(segs) {
			continue
		}
		if r.method == method {
			return r, nil, true
		}
		allow = append(allow, r.method)
	}
	sort.Strings(allow)
	return route{}, dedupe(allow), false
}

func dedupe(s []string) []string {
	out := s[:0]
	for i, v := range s {
		if i == 0 || v != s[i-1] {
			out = append(out, v)
		}
	}
	return out
}

// prefersHTML reports whether the client asked for HTML by name (a browser navigating to the
// Hall) with at least the weight it gives JSON; a client that names neither gets JSON.
func prefersHTML(r *http.Request) bool {
	html, json := -1.0, -1.0
	for _, part := range strings.Split(r.Header.Get("Accept"), ",") {
		media, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		q := 1.0
		for _, p := range strings.Split(params, ";") {
			if v, ok := strings.CutPrefix(strings.TrimSpace(p), "q="); ok {
				fmt.Sscanf(v, "%g", &q)
			}
		}
		switch strings.ToLower(strings.TrimSpace(media)) {
		case "text/html":
			html = q
		case "application/json":
			json = q
		}
	}
	return html > 0 && html >= json
}
