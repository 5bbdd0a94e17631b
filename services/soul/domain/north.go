package domain

import (
	"context"
	"errors"
	"fmt"
	"github.com/organism-dev/organism/services/soul/engine"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/organism-dev/organism/platform/clock"

	"github.com/organism-dev/organism/platform/principal"
	"github.com/organism-dev/organism/platform/refusal"
)

// NorthCap bounds the soul sub-atom: headline plus receipt, in characters (SOUL-INV-4).
const NorthCap = 220

// Atom is the soul beat of the north packet.
type Atom struct {
	Headline string
	Receipt  string
	Read     string
}

// NorthResult is the atom (nil when the brain has no soul) and the gaps it could not fill.
type NorthResult struct {
	Atom *Atom
	Gaps []string
}

// DefaultNorthDeadline bounds how long the north atom waits for the last receipt (§4.4: a slow soul
// never blocks orientation).
const DefaultNorthDeadline = 200 * time.Millisecond

// North composes the soul sub-atom from the soul's headline and the last check receipt. It never
// runs a check: a check is slow (git) and would write a receipt in the asker's name, so a soul
// never checked says so as a gap. It fails open: a soul that cannot be read or parsed leaves the atom
// absent and names the gap, and never fails orientation. A brain without a soul has no atom at all.
func (o *Organ) North(ctx context.Context, actor principal.Principal, brain string) (NorthResult, error) {
	b, err := o.resolve(ctx, brain)
	if err != nil {
		if refusal.ReasonOf(err) == RefuseRepoNotFound {
			return NorthResult{Gaps: []string{"soul: repository not on this machine"}}, nil
		}
		return NorthResult{}, err
	}
	rel, src, err := engine.LoadSoul(b.RepoRoot, b.SoulPath, o.maxBytes)
	if errors.Is(err, engine.ErrSoulNotFound) && !engine.IsOutsideRepo(err) {
		return NorthResult{}, nil
	}
	if err != nil {
		return NorthResult{Gaps: []string{"soul unreadable: " + gapReason(err)}}, nil
	}
	soul, err := engine.Parse(rel, src, engine.ParseOptions{MaxBytes: o.maxBytes, Tissues: o.brainTissues(ctx, brain)})
	if err != nil {
		return NorthResult{Gaps: []string{"soul unparseable: " + gapReason(err)}}, nil
	}
	receipt, gap := o.lastReceiptLine(ctx, brain)
	var gaps []string
	if gap != "" {
		gaps = append(gaps, gap)
	}
	a := BoundAtom(soul.Headline, receipt)
	return NorthResult{Atom: &a, Gaps: gaps}, nil
}

// gapReason names why the soul could not be read, in words fixed here: a gap never carries a
// refusal's message, which may name paths.
func gapReason(err error) string {
	if engine.IsOutsideRepo(err) {
		return "invalid soul path"
	}
	switch refusal.ReasonOf(err) {
	case RefuseSoulTooLarge:
		return "soul too large"
	case RefuseSoulNotText:
		return "soul is not text"
	case RefuseSoulIsDirectory:
		return "soul path is a directory"
	case RefuseRepoNotFound:
		return "repository not found"
	}
	return "check failed"
}

// BoundAtom fits headline and receipt under NorthCap: the receipt is the trust signal and is kept whole
// when it can be; the headline gives way, cut on a character boundary with an ellipsis.
func BoundAtom(headline, receipt string) Atom {
	h := oneLine(headline)
	r := oneLine(receipt)
	if utf8.RuneCountInString(r) > NorthCap {
		r = cut(r, NorthCap)
	}
	room := NorthCap - utf8.RuneCountInString(r)
	if utf8.RuneCountInString(h) > room {
		h = cut(h, room)
	}
	return Atom{Headline: h, Receipt: r, Read: "soul.ReadSoul"}
}

// oneLine drops control and format characters and folds whitespace, so a hostile headline cannot
// smuggle line breaks or bidi overrides into the packet.
func oneLine(s string) string {
	s = strings.ToValidUTF8(s, "")
	var b strings.Builder
	space := false
	for _, r := range s {
		switch {
		case unicode.IsSpace(r):
			space = true
		case unicode.IsControl(r) || unicode.Is(unicode.Cf, r):
		default:
			if space && b.Len() > 0 {
				b.WriteByte(' ')
			}
			space = false
			b.WriteRune(r)
		}
	}
	return b.String()
}

func cut(s string, n int) string {
	if n <= 0 {
		return ""
	}
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	runes := []rune(s)
	return strings.TrimSpace(string(runes[:n-1])) + "…"
}

// Render is the atom as one line, the way the Hall and the Pre-Flight Card show it.
func (a Atom) Render() string {
	if a.Receipt == "" {
		return a.Headline
	}
	return fmt.Sprintf("%s — %s", a.Headline, a.Receipt)
}

// lastReceiptLine reads the newest check receipt within the north deadline. A store that errs or
// answers late leaves the receipt out and names the gap; orientation goes on without it.
func (o *Organ) lastReceiptLine(ctx context.Context, brain string) (line, gap string) {
	type answer struct {
		r   Receipt
		ok  bool
		err error
	}
	rctx, cancel := context.WithCancel(ctx)
	defer cancel()
	done := make(chan answer, 1)
	go func() {
		r, ok, err := o.store.LastReceipt(rctx, brain, ReceiptCheck)
		done <- answer{r, ok, err}
	}()
	timer := o.timer(o.northDeadline)
	defer timer.Stop()
	select {
	case a := <-done:
		switch {
		case a.err != nil:
			return "", "soul receipt unavailable"
		case !a.ok:
			// The gap reaches a person (CLI, Hall) or an agent (MCP): name what each runs, not the RPC.
			return "", "soul never checked: no receipt yet (record one: organism soul check --brain " + brain + ", or the MCP tool soul_check)"
		}
		return a.r.Line, ""
	case <-timer.C():
		return "", "soul receipt not read in time"
	case <-ctx.Done():
		return "", "soul receipt not read in time"
	}
}

// timer is a timer on the organ's clock when it can make one (a fake clock in tests), else a real one.
func (o *Organ) timer(d time.Duration) clock.Timer {
	if c, ok := o.clock.(interface {
		NewTimer(time.Duration) clock.Timer
	}); ok {
		return c.NewTimer(d)
	}
	return clock.Real{}.NewTimer(d)
}
