package joints_test

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	missionv1 "github.com/organism-dev/organism/proto/organism/mission/v1"
)

// hallPages is every page of the Hall with a word it must show on the suite's data.
func hallPages(m *missionv1.Mission, logSha string) []struct{ name, path, want string } {
	id := m.GetMissionId()
	return []struct{ name, path, want string }{
		{"overview", "/", "Waiting for your stamp"},
		{"brain", "/brains/" + hallBrain, "Receipt drawer"},
		{"brain-search", "/brains/" + hallBrain + "?q=cart&kind=fact", "cart-home"},
		{"board", "/missions", "merge wait"},
		{"phase", "/missions?phase=merge_wait", "Missions merge wait"},
		{"mission", "/missions/" + id, "Stamp and land"},
		{"chain", "/missions/" + id + "/chain", "seq 4"},
		{"log", "/missions/" + id + "/log/" + logSha, "Gate log"},
		{"presences", "/presences", "collides with"},
		{"federation", "/federation", "Foreign doctrine awaiting adoption"},
		{"receipts", "/receipts", "Receipts ledger"},
		{"curation", "/curation", "Skeletons by brain"},
		{"review", "/curation/" + hallBrain, "The runner's report, verbatim"},
		{"charter", "/charter", "Field reports"},
	}
}

func hallGet(t testing.TB, c *http.Client, u string) (int, string) {
	t.Helper()
	req, _ := http.NewRequest("GET", u, nil)
	req.Header.Set("Accept", "text/html")
	resp, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(raw)
}

// TestHallPagesEscapeAgentText reads every page over HTTP: each answers 200 with its content,
// carries the strict CSP, and shows the stored script as text, never as markup.
func TestHallPagesEscapeAgentText(t *testing.T) {
	s := hallStart(t)
	s.content()
	s.hallSkeleton()
	s.hallReports()
	m := s.ringing("fix the cart " + hallXSS)
	s.join("ada", "src/")
	s.join("bob", "src/main.go")
	c, _ := s.session(s.url)
	for _, p := range hallPages(m, hallLogSha(t, s, m)) {
		t.Run(p.name, func(t *testing.T) {
			code, body := hallGet(t, c, s.url+p.path)
			if code != 200 || !strings.Contains(body, p.want) {
				t.Fatalf("got %d without %q, want 200 with it:\n%s", code, p.want, body)
			}
			if strings.Contains(body, "<script>window.__pwned") || strings.Contains(body, `onerror="window.__pwned`) || strings.Contains(body, `<a href=javascript:`) {
				t.Errorf("page carries the stored script as markup")
			}
		})
	}
	req, _ := http.NewRequest("GET", s.url+"/", nil)
	req.Header.Set("Accept", "text/html")
	resp, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if got := resp.Header.Get("Content-Security-Policy"); !strings.Contains(got, "script-src 'self'") || strings.Contains(got, "unsafe-inline") {
		t.Errorf("CSP: got %q, want script-src 'self' and no unsafe-inline", got)
	}
}

func hallLogSha(t testing.TB, s *hallSuite, m *missionv1.Mission) string {
	ctx, cancel := s.within()
	defer cancel()
	return hallMust(s.msnOwner.GetMission(ctx, &missionv1.GetMissionRequest{MissionId: m.GetMissionId()}))(t).GetCandidate().GetCandidate().GetLogSha256()
}

// TestHallFormWithoutCSRFIsRefused: a stamp posted with the session cookie but without the
// session's CSRF token is refused and lands nothing; the agent's credential opens no session.
func TestHallFormWithoutCSRFIsRefused(t *testing.T) {
	s := hallStart(t)
	m := s.ringing("fix the cart")
	c, csrf := s.session(s.url)
	form := url.Values{"candidate_letter_id": {m.GetCandidateLetterId()}, "head_seq": {"4"}, "store_version": {"0"}}
	tests := []struct {
		name     string
		csrf     string
		wantCode int
	}{
		{"no token", "", http.StatusForbidden},
		{"another token", strings.Repeat("0", len(csrf)), http.StatusForbidden},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := url.Values{}
			for k, v := range form {
				f[k] = v
			}
			if tt.csrf != "" {
				f.Set("csrf", tt.csrf)
			}
			resp, err := c.PostForm(s.url+"/missions/"+m.GetMissionId()+"/stamp", f)
			if err != nil {
				t.Fatal(err)
			}
			raw, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode != tt.wantCode || !strings.Contains(string(raw), "CSRF") {
				t.Fatalf("got %d %s, want %d naming the CSRF token", resp.StatusCode, raw, tt.wantCode)
			}
			if got := s.phase(m.GetMissionId()); got != missionv1.Phase_PHASE_MERGE_WAIT {
				t.Errorf("got phase %s, want merge_wait: nothing lands without the token", got)
			}
		})
	}
}

// TestHallStreamResumesAfterGatewayRestart: the Hall's live stream carries the board cursor as
// its event id; a browser reconnecting to a restarted gateway with Last-Event-ID gets the
// events after it and none before.
func TestHallStreamResumesAfterGatewayRestart(t *testing.T) {
	s := hallStart(t)
	first := s.ringing("first")
	c, _ := s.session(s.url)
	ctx, cancel := s.within()
	defer cancel()
	last := hallReadBoard(t, ctx, c, s.url, "", func(ev hallSSE) bool {
		// The parecer (seq 4) is the first mission's last letter.
		return ev.Data["mission"] == first.GetMissionId() && ev.Data["seq"] == float64(4)
	})

	// A new gateway on the same organs: sessions are in memory, so the owner logs in again.
	restarted := s.gateway(s.grpcAddr)
	c2, _ := s.session(restarted)
	second := s.ringing("second")
	got := hallReadBoard(t, ctx, c2, restarted, last.ID, func(hallSSE) bool { return true })
	if got.Data["mission"] != second.GetMissionId() {
		t.Fatalf("got first event %v after %s, want the second mission's (nothing before the cursor)", got.Data, last.ID)
	}
	if hallCursor(t, got.ID) <= hallCursor(t, last.ID) {
		t.Errorf("got cursor %s after %s, want a later one", got.ID, last.ID)
	}
}

type hallSSE struct {
	ID    string
	Event string
	Data  map[string]any
}

// hallReadBoard reads the Hall's event stream until a board event satisfies want.
func hallReadBoard(t *testing.T, ctx context.Context, c *http.Client, base, lastID string, want func(hallSSE) bool) hallSSE {
	t.Helper()
	req, _ := http.NewRequestWithContext(ctx, "GET", base+"/events", nil)
	req.Header.Set("Accept", "text/event-stream")
	if lastID != "" {
		req.Header.Set("Last-Event-ID", lastID)
	}
	resp, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != 200 {
		raw, _ := io.ReadAll(resp.Body)
		t.Fatalf("events: got %d %s, want 200", resp.StatusCode, raw)
	}
	sc := bufio.NewScanner(resp.Body)
	var ev hallSSE
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "id: "):
			ev.ID = strings.TrimPrefix(line, "id: ")
		case strings.HasPrefix(line, "event: "):
			ev.Event = strings.TrimPrefix(line, "event: ")
		case strings.HasPrefix(line, "data: "):
			ev.Data = hallJSON(t, strings.TrimPrefix(line, "data: "))
		case line == "":
			if ev.Event == "board" && want(ev) {
				return ev
			}
			if ev.Event == "gone" {
				t.Fatalf("stream gone: %v", ev.Data)
			}
			ev = hallSSE{ID: ev.ID}
		}
	}
	t.Fatalf("stream ended (%v) before the event, want it within the deadline", sc.Err())
	return hallSSE{}
}

func hallCursor(t *testing.T, id string) int64 {
	t.Helper()
	b, _, _ := strings.Cut(strings.TrimPrefix(id, "b"), ".")
	n, err := strconv.ParseInt(b, 10, 64)
	if err != nil {
		t.Fatalf("event id %q: %v", id, err)
	}
	return n
}

func hallJSON(t *testing.T, s string) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal([]byte(s), &m); err != nil {
		t.Fatalf("event data %q: %v", s, err)
	}
	return m
}

// TestHallLoginNextStaysInTheHall: the page a login leads to comes from the URL (?next=), which
// a hostile page can choose. Wherever it points, the owner lands on a page of this Hall, as a
// browser reads the Location (it drops tabs and newlines before resolving, so "/\t/evil" is
// "//evil", another host).
func TestHallLoginNextStaysInTheHall(t *testing.T) {
	s := hallStart(t)
	base, err := url.Parse(s.url)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, next, want string
	}{
		{"a page of the Hall", "/missions?brain=loja", "/missions?brain=loja"},
		{"another host", "//evil.example/", "/"},
		{"another host by backslash", "/\\evil.example/", "/"},
		{"another host behind a tab", "/\t/evil.example/", "/"},
		{"another host behind a newline", "/\n/evil.example/", "/"},
		{"another host behind a carriage return", "/\r/evil.example/", "/"},
		{"an absolute address", "https://evil.example/", "/"},
		{"a script address", "javascript:alert(1)", "/"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			jar, _ := cookiejar.New(nil)
			c := &http.Client{Jar: jar, Timeout: 20 * time.Second, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
			code, body := hallGet(t, c, s.url+"/login?next="+url.QueryEscape(tt.next))
			m := regexp.MustCompile(`name="csrf" value="([0-9a-f]+)"`).FindStringSubmatch(body)
			if code != 200 || m == nil {
				t.Fatalf("login page: got %d without a form token, want 200 with one", code)
			}
			// The transport, not the client: Go's client refuses to parse a Location a browser follows.
			req, _ := http.NewRequest("POST", s.url+"/login", strings.NewReader(url.Values{"csrf": {m[1]}, "next": {tt.next}, "credential": {s.owner}}.Encode()))
			req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
			for _, ck := range jar.Cookies(req.URL) {
				req.AddCookie(ck)
			}
			resp, err := http.DefaultTransport.RoundTrip(req)
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			loc := resp.Header.Get("Location")
			// What a browser does with the Location: drop ASCII tabs and newlines, resolve.
			went, err := base.Parse(strings.NewReplacer("\t", "", "\n", "", "\r", "").Replace(loc))
			if resp.StatusCode != http.StatusSeeOther || err != nil {
				t.Fatalf("got %d to %q (%v), want 303 to a page of the Hall", resp.StatusCode, loc, err)
			}
			if went.Host != base.Host || went.Scheme != base.Scheme || went.RequestURI() != tt.want {
				t.Errorf("got Location %q (a browser goes to %s), want %s on %s", loc, went, tt.want, base.Host)
			}
		})
	}
}

// TestHallNewInstallSaysWhatToDoNext: on a new install (no brain, no mission, no presence, no
// peer, no report) each page answers 200, says it is empty and names the command that fills
// it, with the flags the CLI really takes (an owner pastes them).
func TestHallNewInstallSaysWhatToDoNext(t *testing.T) {
	s := hallBoot(t, "")
	c, _ := s.session(s.url)
	tests := []struct {
		name, path string
		want       []string
	}{
		{"overview", "/", []string{"Nothing rings", "No brain yet", "organism brain register NAME --repo-root /path/to/repo", "0 live presences"}},
		{"board", "/missions", []string{"No mission yet", `organism mission open --brain NAME --title "what" --symptom "what hurts" --gate "make test"`}},
		{"presences", "/presences", []string{"No live presence", "organism presence join"}},
		{"federation", "/federation", []string{"You follow no peer", "organism peer follow NAME --peer-addr HOST:PORT --credential TOKEN", "Nothing awaits adoption"}},
		{"receipts", "/receipts", []string{"No receipt matches"}},
		{"curation", "/curation", []string{"No brain yet", "organism brain register NAME --repo-root /path/to/repo"}},
		{"charter", "/charter", []string{"No field report yet", "organism report --class bug"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, body := hallGet(t, c, s.url+tt.path)
			for _, want := range tt.want {
				if code != 200 || !strings.Contains(body, want) {
					t.Fatalf("got %d without %q, want 200 saying what to do next:\n%s", code, want, body)
				}
			}
			if strings.Contains(body, `class="problem"`) {
				t.Errorf("got a problem on an empty install, want only the empty state:\n%s", body)
			}
		})
	}
}

// TestHallLogoutEndsTheSession: logging out needs the session's CSRF token (a page elsewhere
// cannot end the owner's session); with it the session is closed on the gateway, so the old
// cookie, replayed, opens no page and lands nothing.
func TestHallLogoutEndsTheSession(t *testing.T) {
	s := hallStart(t)
	m := s.ringing("fix the cart")
	c, csrf := s.session(s.url)
	u, _ := url.Parse(s.url)
	old := c.Jar.Cookies(u)
	if len(old) == 0 {
		t.Fatal("got no session cookie, want one")
	}
	if code, body, _ := hallPost(t, c, s.url+"/logout", "", nil); code != http.StatusForbidden || !strings.Contains(body, "CSRF") {
		t.Fatalf("logout without the token: got %d, want 403 naming the CSRF token:\n%s", code, body)
	}
	if code, body := hallGet(t, c, s.url+"/"); code != 200 || !strings.Contains(body, "Log out") {
		t.Fatalf("after a refused logout: got %d, want the session still open", code)
	}
	if code, _, loc := hallPost(t, c, s.url+"/logout", csrf, nil); code != http.StatusSeeOther || loc != "/login?ended=1" {
		t.Fatalf("logout: got %d to %q, want 303 to /login?ended=1", code, loc)
	}
	replay := &http.Client{Timeout: 20 * time.Second, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	tests := []struct {
		name, method, path string
		wantCode           int
	}{
		{"a page", "GET", "/missions", http.StatusSeeOther},
		{"the stamp", "POST", "/missions/" + m.GetMissionId() + "/stamp", http.StatusUnauthorized},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := s.stampForm(t, m.GetMissionId())
			f.Set("csrf", csrf)
			req, _ := http.NewRequest(tt.method, s.url+tt.path, strings.NewReader(f.Encode()))
			req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
			req.Header.Set("Accept", "text/html")
			for _, ck := range old {
				req.AddCookie(ck)
			}
			resp, err := replay.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			if resp.StatusCode != tt.wantCode || (tt.wantCode == http.StatusSeeOther && !strings.HasPrefix(resp.Header.Get("Location"), "/login")) {
				t.Fatalf("old cookie: got %d to %q, want %d (the session is gone)", resp.StatusCode, resp.Header.Get("Location"), tt.wantCode)
			}
			if got := s.phase(m.GetMissionId()); got != missionv1.Phase_PHASE_MERGE_WAIT {
				t.Errorf("got phase %s, want merge_wait: an ended session lands nothing", got)
			}
		})
	}
}

// TestHallMissingThingsAnswerInWords: an address naming no mission or no brain answers with
// the refusal's status and its reason in words inside the frame, and nothing pretends to be an
// empty record of a thing that does not exist.
func TestHallMissingThingsAnswerInWords(t *testing.T) {
	s := hallStart(t)
	c, _ := s.session(s.url)
	tests := []struct {
		name, path string
		wantCode   int
		want       []string
		notWant    []string
	}{
		{"a malformed mission id", "/missions/nope", http.StatusBadRequest, []string{"INVALID_ARGUMENT", "must be a mission id"}, []string{"Stamp and land"}},
		{"an unknown mission", "/missions/msn_0000000000000000", http.StatusNotFound, []string{"MISSION_NOT_FOUND"}, []string{"Stamp and land"}},
		{"an unknown mission's chain", "/missions/msn_0000000000000000/chain", http.StatusNotFound, []string{"MISSION_NOT_FOUND"}, nil},
		{"an unknown brain", "/brains/nope", http.StatusNotFound, []string{"<h1>Brain nope</h1>", "BRAIN_NOT_FOUND", `no brain named &#34;nope&#34;`},
			[]string{"Receipt drawer", "No recorded check yet", "no portfolio row", "Recall"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, body := hallGet(t, c, s.url+tt.path)
			if code != tt.wantCode || !strings.Contains(body, `class="problem" role="alert"`) || !strings.Contains(body, "Log out") {
				t.Fatalf("got %d, want %d with the refusal in the Hall's frame:\n%s", code, tt.wantCode, body)
			}
			for _, w := range tt.want {
				if !strings.Contains(body, w) {
					t.Errorf("got no %q, want the refusal in words", w)
				}
			}
			for _, w := range tt.notWant {
				if strings.Contains(body, w) {
					t.Errorf("got %q, want nothing drawn for a thing that does not exist", w)
				}
			}
		})
	}
}

// TestHallChainIsReadAPageAtATime: a long chain is not drawn whole: the chain page shows a page
// of letters with a link to the later ones and one to the newest, and every letter is reachable
// by following them.
func TestHallChainIsReadAPageAtATime(t *testing.T) {
	s := hallStart(t)
	ctx, cancel := s.within()
	defer cancel()
	m := hallMust(s.orch.OpenMission(ctx, &missionv1.OpenMissionRequest{Packet: &missionv1.Packet{Brain: hallBrain, BlockIds: []string{"sb_chain"},
		GateCommand: "true", Symptom: "a long chain", Title: "long"}}))(t).GetMission()
	// The judge's advisory pareceres on the judging head: letters that leave the phase as it is.
	const head = 250
	for seq := int64(2); seq <= head; seq++ {
		hallMust(s.judge.PostLetter(ctx, &missionv1.PostLetterRequest{MissionId: m.GetMissionId(), ExpectedHead: seq - 1,
			Letter: &missionv1.Letter{Schema: "m1nd-mission-letter-v0", Brain: hallBrain, Phase: missionv1.Phase_PHASE_JUDGING, Advisory: true,
				Parecer: &missionv1.Parecer{Verdict: missionv1.Verdict_VERDICT_ABSTAIN, Gist: "step " + strconv.FormatInt(seq, 10)}}}))(t)
	}
	c, _ := s.session(s.url)
	seqs := regexp.MustCompile(`<li class="letter" id="seq-(\d+)">`)
	next := regexp.MustCompile(`<a href="([^"]+)" rel="next">Later letters</a>`)
	newest := regexp.MustCompile(`<a href="([^"]+)">The newest letters</a>`)

	code, body := hallGet(t, c, s.url+"/missions/"+m.GetMissionId()+"/chain")
	if code != 200 {
		t.Fatalf("chain: got %d, want 200", code)
	}
	if nw := newest.FindStringSubmatch(body); nw == nil || nw[1] != "/missions/"+m.GetMissionId()+"/chain?after=150" {
		t.Errorf("first page: got newest link %v, want one to the last 100 letters (after=150)", nw)
	}
	var seen []int64
	for page := 1; ; page++ {
		got := seqs.FindAllStringSubmatch(body, -1)
		if len(got) == 0 || len(got) > 100 {
			t.Fatalf("page %d: got %d letters, want 1 to 100", page, len(got))
		}
		for _, g := range got {
			n, _ := strconv.ParseInt(g[1], 10, 64)
			seen = append(seen, n)
		}
		nx := next.FindStringSubmatch(body)
		if nx == nil {
			break
		}
		if page > 5 {
			t.Fatalf("got more than 5 pages for %d letters, want 3", head)
		}
		if code, body = hallGet(t, c, s.url+strings.ReplaceAll(nx[1], "&amp;", "&")); code != 200 {
			t.Fatalf("page %d: got %d, want 200", page+1, code)
		}
	}
	if len(seen) != head {
		t.Fatalf("got %d letters over the pages, want all %d", len(seen), head)
	}
	for i, n := range seen {
		if n != int64(i+1) {
			t.Fatalf("got seq %d at position %d, want %d: each letter once, in order", n, i, i+1)
		}
	}
	if code, body := hallGet(t, c, s.url+"/missions/"+m.GetMissionId()+"/chain?after=-1"); code != http.StatusBadRequest || !strings.Contains(body, "must be a letter") {
		t.Errorf("after=-1: got %d, want 400 in words", code)
	}
}

// TestHallAgentCredentialNeverStamps: the landing gate is the owner's alone. An agent's
// credential, however it is presented to the Hall (as the session cookie, as a bearer header,
// with a CSRF token of its own choosing), opens no page and lands nothing.
func TestHallAgentCredentialNeverStamps(t *testing.T) {
	s := hallStart(t)
	m := s.ringing("fix the cart")
	agent := s.agentToken("ada", "executor")
	plain := &http.Client{Timeout: 20 * time.Second, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	tests := []struct {
		name   string
		cookie string
		bearer string
	}{
		{"as the session cookie", agent, ""},
		{"as a bearer header", "", agent},
		{"as both", agent, agent},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := s.stampForm(t, m.GetMissionId())
			f.Set("csrf", "chosen-by-the-agent")
			req, _ := http.NewRequest("POST", s.url+"/missions/"+m.GetMissionId()+"/stamp", strings.NewReader(f.Encode()))
			req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
			req.Header.Set("X-CSRF-Token", "chosen-by-the-agent")
			if tt.cookie != "" {
				req.AddCookie(&http.Cookie{Name: "organism_session", Value: tt.cookie})
			}
			if tt.bearer != "" {
				req.Header.Set("Authorization", "Bearer "+tt.bearer)
			}
			resp, err := plain.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			if resp.StatusCode != http.StatusUnauthorized {
				t.Errorf("stamp: got %d, want 401: no owner session", resp.StatusCode)
			}
			if got := s.phase(m.GetMissionId()); got != missionv1.Phase_PHASE_MERGE_WAIT {
				t.Fatalf("got phase %s, want merge_wait: an agent's credential lands nothing", got)
			}
		})
	}
}

// TestHallStaticServesOnlyItsFiles: the Hall's own files are served with a week's caching; the
// folder is not listed, and a missing file is the Hall's not-found page.
func TestHallStaticServesOnlyItsFiles(t *testing.T) {
	s := hallStart(t)
	tests := []struct {
		name, path, wantType string
		wantCode             int
		want                 string
	}{
		{"the stylesheet", "/static/hall.css", "text/css", 200, "--accent"},
		{"the icon", "/favicon.ico", "image/svg+xml", 200, "<svg"},
		{"the folder", "/static/", "text/html", 404, "There is no such page in the Hall."},
		{"a missing file", "/static/nothing.js", "text/html", 404, "There is no such page in the Hall."},
		{"a path out of the folder", "/static/../hall.go", "text/html", 404, "There is no such page in the Hall."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req, _ := http.NewRequest("GET", s.url+tt.path, nil)
			req.Header.Set("Accept", "text/html,*/*")
			resp, err := http.DefaultTransport.RoundTrip(req)
			if err != nil {
				t.Fatal(err)
			}
			raw, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode != tt.wantCode || !strings.HasPrefix(resp.Header.Get("Content-Type"), tt.wantType) || !strings.Contains(string(raw), tt.want) {
				t.Fatalf("got %d %s, want %d %s saying %q:\n%s", resp.StatusCode, resp.Header.Get("Content-Type"), tt.wantCode, tt.wantType, tt.want, raw)
			}
			if tt.wantCode == 200 && resp.Header.Get("Cache-Control") != "public, max-age=604800" {
				t.Errorf("got Cache-Control %q, want a week", resp.Header.Get("Cache-Control"))
			}
		})
	}
}

// TestHallBoardIsReadAPageAtATime: a board column draws its newest cards and counts the rest,
// linking to that phase's own listing, which is read a page at a time: every mission is
// reachable, none is drawn twice.
func TestHallBoardIsReadAPageAtATime(t *testing.T) {
	s := hallStart(t)
	ctx, cancel := s.within()
	defer cancel()
	const open = 130
	var ids []string
	for i := range open {
		m := hallMust(s.orch.OpenMission(ctx, &missionv1.OpenMissionRequest{Packet: &missionv1.Packet{Brain: hallBrain, BlockIds: []string{"sb_chain"},
			GateCommand: "true", Symptom: "one of many", Title: "mission " + strconv.Itoa(i)}}))(t).GetMission()
		ids = append(ids, m.GetMissionId())
	}
	c, _ := s.session(s.url)
	cardRe := regexp.MustCompile(`<li class="card[^"]*" data-mission="([^"]+)">`)

	code, body := hallGet(t, c, s.url+"/missions")
	cards := cardRe.FindAllStringSubmatch(body, -1)
	if code != 200 || len(cards) != 25 {
		t.Fatalf("board: got %d with %d cards, want 200 with the newest 25 of the judging column", code, len(cards))
	}
	if cards[len(cards)-1][1] != ids[open-1] || cards[0][1] != ids[open-25] {
		t.Errorf("board: got cards %s..%s, want the newest 25 (%s..%s), oldest first", cards[0][1], cards[len(cards)-1][1], ids[open-25], ids[open-1])
	}
	for _, want := range []string{`<span class="count">130</span>`, "105 older not shown", `<a href="/missions?phase=judging">Every judging mission</a>`} {
		if !strings.Contains(body, want) {
			t.Errorf("board: got no %q, want the column's count and the way to the rest", want)
		}
	}

	var seen []string
	next := "/missions?phase=judging"
	nextRe := regexp.MustCompile(`<a href="([^"]+)" rel="next">Next page</a>`)
	for page := 1; next != ""; page++ {
		if page > 5 {
			t.Fatalf("got more than 5 pages for %d missions, want 2", open)
		}
		code, body := hallGet(t, c, s.url+strings.ReplaceAll(next, "&amp;", "&"))
		got := cardRe.FindAllStringSubmatch(body, -1)
		if code != 200 || len(got) == 0 || len(got) > 100 || !strings.Contains(body, "<h1>Missions judging</h1>") {
			t.Fatalf("phase page %d: got %d with %d cards, want 200 with 1 to 100 under its heading", page, code, len(got))
		}
		for _, g := range got {
			seen = append(seen, g[1])
		}
		next = ""
		if m := nextRe.FindStringSubmatch(body); m != nil {
			next = m[1]
		}
	}
	if !slices.Equal(seen, ids) {
		t.Fatalf("got %d missions over the pages, want all %d once each, oldest first", len(seen), open)
	}
	if code, body := hallGet(t, c, s.url+"/missions?phase=nonsense"); code != http.StatusBadRequest || !strings.Contains(body, "There is no phase") {
		t.Errorf("an unknown phase: got %d, want 400 in words", code)
	}
}

// TestHallBrainPageNamesItsOwnCommand: a brain with no recorded soul check says how to record
// one with the brain's own name filled in, ready to paste.
func TestHallBrainPageNamesItsOwnCommand(t *testing.T) {
	s := hallStart(t)
	c, _ := s.session(s.url)
	code, body := hallGet(t, c, s.url+"/brains/"+hallBrain)
	if want := "No recorded check yet: <code>organism soul check --owner --brain " + hallBrain + "</code>"; code != 200 || !strings.Contains(body, want) {
		t.Fatalf("got %d without %q, want the command for this brain:\n%s", code, want, body)
	}
}
