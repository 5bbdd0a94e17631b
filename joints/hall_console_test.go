package joints_test

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"

	cdplog "github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// hallConsole collects what a browser tab reports as an error: an uncaught exception, a
// console.error, and the browser's own error entries (a refused Content-Security-Policy, a
// script or style that failed to load). The owner's console must stay quiet on every page.
type hallConsole struct {
	mu     sync.Mutex
	errors []string
}

// hallWatchConsole starts collecting on the tab of ctx.
func hallWatchConsole(t *testing.T, ctx context.Context) *hallConsole {
	t.Helper()
	c := &hallConsole{}
	err := chromedp.Listen(ctx, func(ev any) {
		var msg string
		switch ev := ev.(type) {
		case *runtime.EventExceptionThrown:
			msg = "exception: " + ev.ExceptionDetails.Text
			if ev.ExceptionDetails.Exception != nil {
				msg += " " + ev.ExceptionDetails.Exception.Description
			}
		case *runtime.EventConsoleAPICalled:
			if ev.Type != runtime.ConsoleAPICalledTypeError && ev.Type != runtime.ConsoleAPICalledTypeAssert {
				return
			}
			var args []string
			for _, a := range ev.Args {
				args = append(args, string(a.Value)+a.Description)
			}
			msg = "console." + string(ev.Type) + ": " + strings.Join(args, " ")
		case *cdplog.EventEntryAdded:
			if ev.Entry.Level != cdplog.EntryLevelError {
				return
			}
			msg = fmt.Sprintf("%s: %s (%s)", ev.Entry.Source, ev.Entry.Text, ev.Entry.URL)
			if ev.Entry.Source == cdplog.EntrySourceNetwork && strings.Contains(ev.Entry.Text, "status of 403") {
				msg = "refused " + ev.Entry.URL + ": " + msg
			}
		default:
			return
		}
		c.mu.Lock()
		c.errors = append(c.errors, msg)
		c.mu.Unlock()
	})
	if err != nil {
		t.Fatalf("watching the console: %v", err)
	}
	return c
}

// take returns what was collected since the last take and forgets it.
func (c *hallConsole) take() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := c.errors
	c.errors = nil
	return out
}

// hallQuiet fails on every error the console heard since the last check, except a 403 answer
// for an address ending in one of refused: a refusal the test provoked on purpose.
func hallQuiet(t *testing.T, c *hallConsole, refused ...string) {
	t.Helper()
next:
	for _, e := range c.take() {
		for _, r := range refused {
			if u, _, ok := strings.Cut(strings.TrimPrefix(e, "refused "), ": "); ok && strings.HasPrefix(e, "refused ") && strings.HasSuffix(u, r) {
				continue next
			}
		}
		t.Errorf("console: got %q, want no error in the owner's console", e)
	}
}
