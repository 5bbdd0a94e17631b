package domain

import (
	"github.com/organism-dev/organism/platform/refusal"

	"errors"
	"fmt"
	"os"
	"regexp"
	"sort"
	"sync"
	"time"

	"github.com/BurntSushi/toml"
)

// CapabilityGate is the capability a runner needs to run a mission's gate in a worktree.
const CapabilityGate = "gate"

// CapabilityHandRunner is the capability a runner needs to take curations: it runs its pinned
// command once with the curation packet on stdin, with no worktree and no gate command.
const CapabilityHandRunner = "hand-runner"

// DefaultCurationTimeout bounds a hand-runner's run unless runners.toml says otherwise.
const DefaultCurationTimeout = 300 * time.Second

// Runner limits that keep a pinned entry honest.
const (
	DefaultRunnerTimeout = 10 * time.Minute
	MaxRunnerTimeout     = 24 * time.Hour
	maxRunnersFileBytes  = 1 << 20
)

var runnerIDPattern = regexp.MustCompile(`^[a-z0-9][a-z0-9._-]{0,63}$`)

// PinnedRunner is one runner the owner pinned in runners.toml. Work goes only to pinned
// runners: announcing oneself earns nothing.
type PinnedRunner struct {
	ID string
	// Command is an optional executor run in the worktree before the gate.
	Command string
	// GateCommand is the gate the charter composer derives for the brains the runner serves
	// (runners.toml gate_command); missions opened by hand carry their own.
	GateCommand  string
	Capabilities []string
	Timeout      time.Duration
	// CurationTimeout bounds a hand-runner's run of its command; default 300s.
	CurationTimeout time.Duration
	// Brains the runner serves; empty serves every brain.
	Brains []string
}

// Can reports whether the runner has capability c.
func (r PinnedRunner) Can(c string) bool {
	for _, have := range r.Capabilities {
		if have == c {
			return true
		}
	}
	return false
}

// Serves reports whether the runner takes work for brain.
func (r PinnedRunner) Serves(brain string) bool {
	if len(r.Brains) == 0 {
		return true
	}
	for _, b := range r.Brains {
		if b == brain {
			return true
		}
	}
	return false
}

type runnerEntry struct {
	ID           string   `toml:"id"`
	Command      string   `toml:"command"`
	GateCommand  string   `toml:"gate_command"`
	Capabilities []string `toml:"capabilities"`
	Timeout      string   `toml:"timeout"`
	TimeoutSecs  int64    `toml:"timeout_secs"`
	Brains       []string `toml:"brains"`
	// CurationTimeout / CurationTimeoutSecs bound a hand-runner's run (default 300s).
	CurationTimeout     string `toml:"curation_timeout"`
	CurationTimeoutSecs int64  `toml:"curation_timeout_secs"`
}

type runnersFile struct {
	Runner  []runnerEntry          `toml:"runner"`
	Runners map[string]runnerEntry `toml:"runners"`
}

// ParseRunners reads a runners.toml document. Runners are listed as an array of tables or
// keyed by id (both may appear):
//
//	[[runner]]
//	id = "r1"
//	command = ""             # optional executor, run before the gate
//	gate_command = "make test" # optional: the gate the charter composer charters with
//	capabilities = ["gate"]  # default ["gate"]
//	timeout = "10m"          # default 10m, at most 24h (or timeout_secs = 600)
//	brains = ["alpha"]       # default: every brain
//
//	[runners.r2]
//	timeout_secs = 300
func ParseRunners(data []byte) (map[string]PinnedRunner, error) {
	if len(data) > maxRunnersFileBytes {
		return nil, fmt.Errorf("runners file is %d bytes, more than %d", len(data), maxRunnersFileBytes)
	}
	var f runnersFile
	md, err := toml.Decode(string(data), &f)
	if err != nil {
		return nil, fmt.Errorf("runners file: %w", err)
	}
	if extra := md.Undecoded(); len(extra) > 0 {
		// A misspelt key would silently unpin or widen a runner; refuse the whole file instead.
		return nil, fmt.Errorf("runners file: unknown key %q", extra[0].String())
	}
	entries := append([]runnerEntry(nil), f.Runner...)
	keys := make([]string, 0, len(f.Runners))
	for k := range f.Runners {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		e := f.Runners[k]
		if e.ID != "" && e.ID != k {
			return nil, fmt.Errorf("runner [runners.%s] says id %q", k, e.ID)
		}
		e.ID = k
		entries = append(entries, e)
	}
	out := make(map[string]PinnedRunner, len(entries))
	for i, r := range entries {
		if !runnerIDPattern.MatchString(r.ID) {
			return nil, fmt.Errorf("runner %d: id %q must match %s", i, r.ID, runnerIDPattern)
		}
		if _, dup := out[r.ID]; dup {
			return nil, fmt.Errorf("runner %q pinned twice", r.ID)
		}
		p := PinnedRunner{ID: r.ID, Command: r.Command, GateCommand: r.GateCommand, Capabilities: r.Capabilities, Brains: r.Brains, Timeout: DefaultRunnerTimeout}
		if len(p.Capabilities) == 0 {
			p.Capabilities = []string{CapabilityGate}
		}
		var d time.Duration
		switch {
		case r.Timeout != "" && r.TimeoutSecs != 0:
			return nil, fmt.Errorf("runner %q: set timeout or timeout_secs, not both", r.ID)
		case r.Timeout != "":
			if d, err = time.ParseDuration(r.Timeout); err != nil {
				return nil, fmt.Errorf("runner %q: timeout: %w", r.ID, err)
			}
		case r.TimeoutSecs != 0:
			if r.TimeoutSecs < 0 || r.TimeoutSecs > int64(MaxRunnerTimeout/time.Second) {
				return nil, fmt.Errorf("runner %q: timeout_secs %d must be in (0, %d]", r.ID, r.TimeoutSecs, int64(MaxRunnerTimeout/time.Second))
			}
			d = time.Duration(r.TimeoutSecs) * time.Second
		}
		if d != 0 || r.Timeout != "" {
			if d <= 0 || d > MaxRunnerTimeout {
				return nil, fmt.Errorf("runner %q: timeout %s must be in (0, %s]", r.ID, d, MaxRunnerTimeout)
			}
			p.Timeout = d
		}
		if p.CurationTimeout, err = curationTimeout(r); err != nil {
			return nil, err
		}
		out[r.ID] = p
	}
	return out, nil
}

// RunnerBook reads the owner's runners.toml, re-reading it when the file changes so the owner
// can pin or unpin without a restart. A missing file pins nobody.
type RunnerBook struct {
	path string

	mu      sync.Mutex
	modTime time.Time
	size    int64
	runners map[string]PinnedRunner
}

// NewRunnerBook returns a book over the file at path.
func NewRunnerBook(path string) *RunnerBook { return &RunnerBook{path: path} }

// Runners returns the pinned runners as the file says now.
func (b *RunnerBook) Runners() (map[string]PinnedRunner, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	st, err := os.Stat(b.path)
	if errors.Is(err, os.ErrNotExist) {
		b.runners, b.modTime, b.size = map[string]PinnedRunner{}, time.Time{}, 0
		return b.runners, nil
	}
	if err != nil {
		return nil, err
	}
	if b.runners != nil && st.ModTime().Equal(b.modTime) && st.Size() == b.size {
		return b.runners, nil
	}
	data, err := os.ReadFile(b.path)
	if err != nil {
		return nil, err
	}
	rs, err := ParseRunners(data)
	if err != nil {
		return nil, err
	}
	b.runners, b.modTime, b.size = rs, st.ModTime(), st.Size()
	return rs, nil
}

// Pinned returns runner id's entry, or UNPINNED_RUNNER.
func (b *RunnerBook) Pinned(id string) (PinnedRunner, error) {
	rs, err := b.Runners()
	if err != nil {
		return PinnedRunner{}, err
	}
	r, ok := rs[id]
	if !ok {
		return PinnedRunner{}, refusal.New(ReasonUnpinnedRunner, "runner %q is not pinned in the owner's runners.toml", id)
	}
	return r, nil
}

// pickFor returns the first pinned runner (by id) that can run a gate for brain.
func (b *RunnerBook) pickFor(brain string) (PinnedRunner, bool, error) {
	rs, err := b.Runners()
	if err != nil {
		return PinnedRunner{}, false, err
	}
	ids := make([]string, 0, len(rs))
	for id := range rs {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, id := range ids {
		if r := rs[id]; r.Can(CapabilityGate) && r.Serves(brain) {
			return r, true, nil
		}
	}
	return PinnedRunner{}, false, nil
}

// curationTimeout reads a runner's curation_timeout (or curation_timeout_secs).
func curationTimeout(r runnerEntry) (time.Duration, error) {
	var d time.Duration
	switch {
	case r.CurationTimeout != "" && r.CurationTimeoutSecs != 0:
		return 0, fmt.Errorf("runner %q: set curation_timeout or curation_timeout_secs, not both", r.ID)
	case r.CurationTimeout != "":
		var err error
		if d, err = time.ParseDuration(r.CurationTimeout); err != nil {
			return 0, fmt.Errorf("runner %q: curation_timeout: %w", r.ID, err)
		}
	case r.CurationTimeoutSecs != 0:
		d = time.Duration(r.CurationTimeoutSecs) * time.Second
	default:
		return DefaultCurationTimeout, nil
	}
	if d <= 0 || d > MaxRunnerTimeout {
		return 0, fmt.Errorf("runner %q: curation timeout %s must be in (0, %s]", r.ID, d, MaxRunnerTimeout)
	}
	return d, nil
}

// pickHand returns the first pinned hand-runner (by id) that serves brain.
func (b *RunnerBook) pickHand(brain string) (PinnedRunner, bool, error) {
	rs, err := b.Runners()
	if err != nil {
		return PinnedRunner{}, false, err
	}
	ids := make([]string, 0, len(rs))
	for id := range rs {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, id := range ids {
		if r := rs[id]; r.Can(CapabilityHandRunner) && r.Serves(brain) {
			return r, true, nil
		}
	}
	return PinnedRunner{}, false, nil
}
