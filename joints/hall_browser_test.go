package joints_test

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	missionv1 "github.com/organism-dev/organism/proto/organism/mission/v1"
	soulv1 "github.com/organism-dev/organism/proto/organism/soul/v1"
)

var hallUpdate = flag.Bool("hall.update", false, "rewrite the Hall's page screenshots in testdata/hall (goldens for review, never pixel-compared)")

// hallChromium finds Debian's chromium. A missing browser fails the test: .ci/run installs it.
func hallChromium(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	t.Fatal("Debian's chromium is not installed, and the Hall's browser tests need it: apt-get install chromium (.ci/run installs it when missing)")
	return ""
}

// hallBrowserCtx starts a fresh headless chromium for one test. Every action run on the
// returned context ends within the test's patience.
func hallBrowserCtx(t *testing.T) context.Context {
	t.Helper()
	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(),
		chromedp.ExecPath(hallChromium(t)), chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU, chromedp.NoFirstRun,
		chromedp.Flag("disable-background-networking", true), chromedp.Flag("no-default-browser-check", true),
		chromedp.Flag("disable-extensions", true), chromedp.Flag("disable-dev-shm-usage", true),
		// A page in a second tab (the board watching a stamp) must keep running its script.
		chromedp.Flag("disable-background-timer-throttling", true), chromedp.Flag("disable-backgrounding-occluded-windows", true),
		chromedp.Flag("disable-renderer-backgrounding", true),
		chromedp.UserDataDir(t.TempDir()), chromedp.WindowSize(1280, 900))
	ctx, cancelCtx := chromedp.NewContext(alloc)
	ctx, cancelTimeout := context.WithTimeout(ctx, 100*time.Second)
	t.Cleanup(func() {
		cancelTimeout()
		cancelCtx()
		cancelAlloc()
	})
	// The first run starts the browser; it lives as long as ctx.
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("starting chromium: %v", err)
	}
	return ctx
}

// hallRun runs browser actions; on failure it writes a screenshot of the tab and fails.
func hallRun(t *testing.T, ctx context.Context, what string, actions ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	hallValue(t, ctx, what, chromedp.Steps(actions...))
}

// hallValue runs one browser action for its value, within the test's patience.
func hallValue[T any](t *testing.T, ctx context.Context, what string, a chromedp.Action[T]) T {
	t.Helper()
	step, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	v, err := chromedp.Run(step, a)
	if err != nil {
		t.Fatalf("%s: %v (screenshot: %s)", what, err, hallFailShot(t, ctx))
	}
	return v
}

func hallFailShot(t *testing.T, ctx context.Context) string {
	dir := filepath.Join(os.TempDir(), "organism-hall-failures")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "none: " + err.Error()
	}
	shotCtx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	png, err := chromedp.Run(shotCtx, chromedp.FullScreenshot(60))
	if err != nil {
		return "none: " + err.Error()
	}
	p := filepath.Join(dir, strings.NewReplacer("/", "_", " ", "_").Replace(t.Name())+".jpg")
	if err := os.WriteFile(p, png, 0o644); err != nil {
		return "none: " + err.Error()
	}
	return p
}

func hallText(t *testing.T, ctx context.Context, sel string) string {
	t.Helper()
	return hallValue(t, ctx, "read "+sel, chromedp.Text(chromedp.CSS(sel)))
}

func hallWantText(t *testing.T, ctx context.Context, sel, want string) {
	t.Helper()
	if got := hallText(t, ctx, sel); !strings.Contains(got, want) {
		t.Fatalf("%s: got %q, want it to say %q (screenshot: %s)", sel, got, want, hallFailShot(t, ctx))
	}
}

// hallLogin submits the login form and waits for the page it leads to: the overview (its bell)
// for the owner, the refusal otherwise.
func hallLogin(t *testing.T, ctx context.Context, base, credential string) {
	t.Helper()
	hallRun(t, ctx, "log in", chromedp.Navigate(base+"/login"), chromedp.WaitVisible(chromedp.CSS("#credential")),
		chromedp.SetValue(chromedp.CSS("#credential"), credential), chromedp.Click(chromedp.CSS("form.login button")),
		chromedp.WaitVisible(chromedp.CSS("#bell, main .problem")))
}

// hallLive waits until the page's live stream is open, so events after this are not missed.
func hallLive(t *testing.T, ctx context.Context) {
	t.Helper()
	step, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	if err := chromedp.Do(step, chromedp.WaitVisible(chromedp.CSS(`body[data-stream="open"]`))); err != nil {
		state, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`JSON.stringify(document.body.dataset) + ' ' + document.getElementById('live-status').textContent`))
		t.Fatalf("live stream did not open: %v; page state %s", err, state)
	}
}

// TestHallInBrowser drives the Hall in a real chromium against all four organs.
func TestHallInBrowser(t *testing.T) {
	s := hallStart(t)
	s.content()
	cand := s.hallSkeleton()
	s.hallReports()
	first := s.ringing("fix the cart " + hallXSS)
	ctx := hallBrowserCtx(t)
	console := hallWatchConsole(t, ctx)

	t.Run("an agent credential cannot log in", func(t *testing.T) {
		hallLogin(t, ctx, s.url, s.agentToken("ada", "executor"))
		hallWantText(t, ctx, ".problem", "not the owner's")
		hallRun(t, ctx, "open the overview", chromedp.Navigate(s.url+"/"), chromedp.WaitVisible(chromedp.CSS("#credential")))
		loc := hallValue(t, ctx, "location", chromedp.Location())
		if !strings.Contains(loc, "/login") {
			t.Fatalf("got %s, want the login page: no session was opened", loc)
		}
		hallAxe(t, ctx, "login")
	})

	t.Run("the owner logs in and sees the ringing mission", func(t *testing.T) {
		hallLogin(t, ctx, s.url, s.owner)
		hallWantText(t, ctx, "#bell", "1 ringing")
		hallWantText(t, ctx, ".ringing-list", "fix the cart <script>")
		hallWantText(t, ctx, ".session", "Session ends")
	})

	t.Run("stamp the candidate and watch the board move it live", func(t *testing.T) {
		// The board watches from a second browser (the owner's other screen), logged in on
		// its own: a second tab of one headless browser is not scheduled while another is.
		board := hallBrowserCtx(t)
		hallLogin(t, board, s.url, s.owner)
		hallRun(t, board, "open the board", chromedp.Navigate(s.url+"/missions"),
			chromedp.WaitVisible(chromedp.CSS(fmt.Sprintf(`#col-merge_wait ~ ul li[data-mission=%q]`, first.GetMissionId()))))
		hallLive(t, board)
		hallRun(t, ctx, "open the candidate", chromedp.Navigate(s.url+"/"), chromedp.Click(chromedp.CSS(".ringing-list a")),
			chromedp.WaitVisible(chromedp.CSS("#cand-h")))
		hallWantText(t, ctx, ".stamp", "src/main.go")
		commit := hallText(t, ctx, ".stamp-commit")
		if ref := hallGit(t, s.repo, "rev-parse", "refs/organism/missions/"+first.GetMissionId()); commit != ref {
			t.Fatalf("stamp shows commit %q, want the candidate's %s", commit, ref)
		}
		hallRun(t, ctx, "stamp", chromedp.Click(chromedp.CSS("#stamp")), chromedp.WaitVisible(chromedp.CSS(".notice")))
		hallWantText(t, ctx, ".notice", "Landed")
		if got, tip := hallText(t, ctx, ".landed-sha"), hallGit(t, s.repo, "rev-parse", "main"); got != tip || tip != commit {
			t.Fatalf("landed page shows %q, main is at %s, want both the candidate's commit %s", got, tip, commit)
		}
		hallShot(t, ctx, "landed")
		hallRun(t, board, "the card moves to landed", chromedp.WaitVisible(chromedp.CSS(fmt.Sprintf(`#col-landed ~ ul li[data-mission=%q]`, first.GetMissionId()))))
		hallWantText(t, board, fmt.Sprintf(`#col-landed ~ ul li[data-mission=%q] .landed`, first.GetMissionId()), commit[:12])
		if got := s.phase(first.GetMissionId()); got != missionv1.Phase_PHASE_LANDED {
			t.Errorf("got phase %s, want landed", got)
		}
	})

	t.Run("ratify a curated skeleton", func(t *testing.T) {
		hallRun(t, ctx, "open curation", chromedp.Navigate(s.url+"/curation"), chromedp.Click(chromedp.CSS(`tr[data-brain="loja"] a`)),
			chromedp.WaitVisible(chromedp.CSS("#ratify")))
		hallWantText(t, ctx, "pre.report", hallReport)
		hallWantText(t, ctx, ".diff.renamed", "shop <script>")
		hallAxe(t, ctx, "review with a candidate")
		hallShot(t, ctx, "review-candidate")
		hallRun(t, ctx, "ratify", chromedp.Click(chromedp.CSS("#ratify")), chromedp.WaitVisible(chromedp.CSS(".notice")))
		hallWantText(t, ctx, ".notice", "Ratified")
		cctx, cancel := s.within()
		defer cancel()
		got := hallMust(s.msnOwner.GetSkeleton(cctx, &missionv1.GetSkeletonRequest{Brain: hallBrain, Ratified: true}))(t).GetSkeleton()
		if got.GetSkeletonId() != cand.GetSkeletonId() || got.GetRatifiedVia().String() != "ORIGIN_HUMAN_UI" {
			t.Fatalf("got ratified %s via %s, want %s via human-ui", got.GetSkeletonId(), got.GetRatifiedVia(), cand.GetSkeletonId())
		}
	})

	t.Run("sweep the charter", func(t *testing.T) {
		hallRun(t, ctx, "sweep", chromedp.Navigate(s.url+"/charter"), chromedp.Click(chromedp.CSS("#sweep")), chromedp.WaitVisible(chromedp.CSS(".notice")))
		hallWantText(t, ctx, ".notice", "1 chartered, 1 refused")
		hallWantText(t, ctx, "table.reports", "INELIGIBLE_CLASS")
		hallRun(t, ctx, "open the chartered mission", chromedp.Click(chromedp.CSS(`td.screen a[href^="/missions/"]`)), chromedp.WaitVisible(chromedp.CSS(".meta .phase")),
			chromedp.Click(chromedp.CSS(`.meta a[href$="/chain"]`)), chromedp.WaitVisible(chromedp.CSS(".letters")))
		hallWantText(t, ctx, ".letters", "the cart forgets its items <script>")
	})

	t.Run("a stale soul shows its stale rows with reasons", func(t *testing.T) {
		cctx, cancel := s.within()
		defer cancel()
		report := hallMust(soulv1.NewSoulServiceClient(s.ownerConn).CheckSoul(cctx, &soulv1.CheckSoulRequest{Brain: hallBrain, DryRun: true}))(t).GetReport()
		var want *soulv1.StaleRow
		for _, r := range report.GetStale() {
			if strings.Contains(r.GetAnchor(), "gone.go") {
				want = r
			}
		}
		if want == nil {
			t.Fatalf("got stale rows %v, want one for src/gone.go", report.GetStale())
		}
		hallRun(t, ctx, "open the brain", chromedp.Navigate(s.url+"/brains/"+hallBrain), chromedp.WaitVisible(chromedp.CSS(".stale-row")))
		row := hallText(t, ctx, "table.stale tbody")
		if !strings.Contains(row, "gone.go") || !strings.Contains(row, want.GetReason()) {
			t.Fatalf("got stale table %q, want src/gone.go with reason %s", row, want.GetReason())
		}
	})

	t.Run("a collision appears on both presences live", func(t *testing.T) {
		hallRun(t, ctx, "open presences", chromedp.Navigate(s.url+"/presences"), chromedp.WaitReady(chromedp.CSS("main")))
		hallLive(t, ctx)
		a := s.join("carol", "web/")
		b := s.join("dave", "web/cart.ts")
		for _, p := range []string{a.GetPresenceId(), b.GetPresenceId()} {
			hallRun(t, ctx, "collision on "+p, chromedp.WaitVisible(chromedp.CSS(fmt.Sprintf(`tr[data-presence=%q] .collision`, p))))
		}
		hallWantText(t, ctx, fmt.Sprintf(`tr[data-presence=%q] .collision`, a.GetPresenceId()), "dave")
		hallWantText(t, ctx, fmt.Sprintf(`tr[data-presence=%q] .collision`, b.GetPresenceId()), "carol")
	})

	t.Run("adopt foreign doctrine", func(t *testing.T) {
		hallRun(t, ctx, "adopt", chromedp.Navigate(s.url+"/federation"), chromedp.WaitVisible(chromedp.CSS("form.adopt button")),
			chromedp.Click(chromedp.CSS("form.adopt button")), chromedp.WaitVisible(chromedp.CSS(".notice")))
		hallWantText(t, ctx, ".notice", "Adopted as")
	})

	second := s.ringing("second " + hallXSS)
	t.Run("a form post without the CSRF token is refused", func(t *testing.T) {
		hallRun(t, ctx, "open the second mission", chromedp.Navigate(s.url+"/missions/"+second.GetMissionId()), chromedp.WaitVisible(chromedp.CSS("#stamp")))
		removed := hallValue(t, ctx, "strip the token", chromedp.Evaluate[bool](`(function(){var i=document.querySelector('form[action$="/stamp"] input[name=csrf]'); if(!i){return false}; i.remove(); return true})()`))
		hallRun(t, ctx, "stamp without it", chromedp.Click(chromedp.CSS("#stamp")), chromedp.WaitVisible(chromedp.CSS("main.plain-error")))
		if !removed {
			t.Fatal("got no CSRF field on the stamp form, want one")
		}
		hallWantText(t, ctx, "main", "CSRF token")
		if got := s.phase(second.GetMissionId()); got != missionv1.Phase_PHASE_MERGE_WAIT {
			t.Errorf("got phase %s, want merge_wait: nothing lands without the token", got)
		}
	})

	t.Run("a broken upstream shows an honest error", func(t *testing.T) {
		broken := s.gateway("127.0.0.1:1") // nothing listens there: the soul organ is down
		hallLogin(t, ctx, broken, s.owner)
		hallRun(t, ctx, "open the brain", chromedp.Navigate(broken+"/brains/"+hallBrain), chromedp.WaitVisible(chromedp.CSS(".problem")))
		hallWantText(t, ctx, "#drawer-h + .problem", "soul organ cannot be reached")
		hallWantText(t, ctx, "main", "cart-home") // the rest of the page still reads the other organs
		// Cookies do not tell ports apart: the session on the broken gateway replaced the one
		// on the suite's gateway, so log in there again.
		hallLogin(t, ctx, s.url, s.owner)
	})

	t.Run("agent text never runs, pages pass the accessibility check", func(t *testing.T) {
		// Until here the console heard only the refusals these tests provoked (the agent's
		// login, the stamp without its token), each a page that answers 403 on purpose.
		hallQuiet(t, console, "/login", "/stamp")
		for _, p := range hallPages(second, hallLogSha(t, s, second)) {
			t.Run(p.name, func(t *testing.T) {
				hallRun(t, ctx, "open "+p.path, chromedp.Navigate(s.url+p.path), chromedp.WaitReady(chromedp.CSS("main")))
				raw := hallValue(t, ctx, "probe", chromedp.Evaluate[string](`JSON.stringify({pwned: window.__pwned !== undefined, inline: document.querySelectorAll('script:not([src])').length, links: document.querySelectorAll('[href^="javascript:" i], [src^="javascript:" i], [action^="javascript:" i]').length, shown: document.body.innerText.includes('window.__pwned'), href: location.href})`))
				var probe hallProbe
				if err := json.Unmarshal([]byte(raw), &probe); err != nil {
					t.Fatalf("probe %q: %v", raw, err)
				}
				if !strings.HasSuffix(probe.Href, p.path) {
					t.Fatalf("got %s, want the page %s", probe.Href, p.path)
				}
				if probe.Pwned || probe.Inline != 0 || probe.Links != 0 {
					t.Errorf("got pwned=%v inline scripts=%d javascript: links=%d, want the stored script never to run or be markup", probe.Pwned, probe.Inline, probe.Links)
				}
				if !probe.Shown && p.name != "curation" && p.name != "receipts" {
					t.Errorf("got no visible script text (%s), want the agent's text shown verbatim as text", raw)
				}
				hallAxe(t, ctx, p.name)
				hallShot(t, ctx, p.name)
				hallQuiet(t, console)
			})
		}
	})

	t.Run("log out, then log back in by keyboard to the page asked for", func(t *testing.T) {
		hallRun(t, ctx, "log out", chromedp.Navigate(s.url+"/"), chromedp.WaitVisible(chromedp.CSS("#bell")),
			chromedp.Click(chromedp.CSS("form.session button")), chromedp.WaitVisible(chromedp.CSS("#credential")))
		hallWantText(t, ctx, ".notice", "You are logged out")
		hallRun(t, ctx, "open the board logged out", chromedp.Navigate(s.url+"/missions"), chromedp.WaitVisible(chromedp.CSS("#credential")))
		if loc := hallValue(t, ctx, "location", chromedp.Location()); !strings.Contains(loc, "/login?next=%2Fmissions") {
			t.Fatalf("got %s, want the login page keeping the board as the next page: the session ended", loc)
		}
		// Only the keyboard: focus the credential, type it, press Enter.
		hallRun(t, ctx, "log in by keyboard", chromedp.Focus(chromedp.CSS("#credential")), chromedp.SendKeys(chromedp.CSS("#credential"), s.owner+"\r"),
			chromedp.WaitVisible(chromedp.CSS("#bell")))
		if loc := hallValue(t, ctx, "location", chromedp.Location()); loc != s.url+"/missions" {
			t.Fatalf("got %s after logging in, want the board it was asked for", loc)
		}
	})

	t.Run("usable at phone width", func(t *testing.T) {
		hallRun(t, ctx, "phone viewport", chromedp.EmulateViewport(390, 844))
		for _, p := range []string{"/", "/missions", "/presences", "/brains/" + hallBrain} {
			hallRun(t, ctx, "open "+p, chromedp.Navigate(s.url+p), chromedp.WaitReady(chromedp.CSS("main")))
			fits := hallValue(t, ctx, "measure "+p, chromedp.Evaluate[bool](`document.documentElement.scrollWidth <= window.innerWidth + 1`))
			if !fits {
				t.Errorf("%s: got a page wider than a 390px phone, want it to fit (tables scroll inside)", p)
			}
		}
		hallShot(t, ctx, "board-phone")
	})
}

// hallProbe is what a page says about the stored script: did it run, is any inline script in
// the document, is the text shown.
type hallProbe struct {
	Pwned  bool   `json:"pwned"`
	Inline int    `json:"inline"`
	Links  int    `json:"links"`
	Shown  bool   `json:"shown"`
	Href   string `json:"href"`
}

var hallAxeSource string

// hallAxe runs axe-core (vendored from npm, testdata/hall) in the page for WCAG 2 A and AA
// rules and fails on any violation.
func hallAxe(t *testing.T, ctx context.Context, page string) {
	t.Helper()
	if hallAxeSource == "" {
		raw, err := os.ReadFile(filepath.Join("testdata", "hall", "axe-4.14.1.min.js"))
		if err != nil {
			t.Fatal(err)
		}
		hallAxeSource = string(raw)
	}
	hallValue(t, ctx, "load axe", chromedp.Evaluate[*runtime.RemoteObject](hallAxeSource))
	violations := hallValue(t, ctx, "axe "+page, chromedp.Evaluate[[]string](`axe.run(document, {runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']}}).then(function (r) {
			return r.violations.map(function (v) { return v.id + ' (' + v.impact + '): ' + v.help + ' — ' + v.nodes.map(function (n) { return n.target.join(' '); }).slice(0, 3).join(', '); });
		})`, chromedp.EvalAwaitPromise))
	for _, v := range violations {
		t.Errorf("%s: accessibility: %s", page, v)
	}
}

// hallShot keeps a screenshot of the page as a golden for review (-hall.update rewrites them).
func hallShot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	if !*hallUpdate {
		return
	}
	png := hallValue(t, ctx, "screenshot "+name, chromedp.FullScreenshot(60))
	if err := os.WriteFile(filepath.Join("testdata", "hall", name+".jpg"), png, 0o644); err != nil {
		t.Fatal(err)
	}
}
