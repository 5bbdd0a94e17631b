package domain

import (
	"context"
	"errors"
	"fmt"
	"os"
	"regexp"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/BurntSushi/toml"

	"github.com/organism-dev/organism/platform/refusal"
)

// branchPattern is the branch names landing.toml may name (no "..", no leading dash).
var branchPattern = regexp.MustCompile(`^[A-Za-z0-9_][A-Za-z0-9._/-]{0,199}$`)

// LandingMode is how a brain's landings reach its target branch.
type LandingMode string

// The landing modes. Apply lands the candidate's commit on the target branch; record is for
// teams that merge through a code host: the owner names the merge they made, and the landing
// checks that it carries the candidate's change and records it.
const (
	ModeApply  LandingMode = "apply"
	ModeRecord LandingMode = "record"
)

// BrainLanding is what the owner's landing.toml says of one brain.
type BrainLanding struct {
	// Target is the branch landings apply to; empty keeps the branch fixed when the organ first
	// met the brain (the one checked out then).
	Target string
	Mode   LandingMode
}

type landingEntry struct {
	Target string `toml:"target"`
	Mode   string `toml:"mode"`
}

// ParseLandings reads a landing.toml document:
//
//	[brain.alpha]
//	target = "main"     # default: the branch checked out when the organ first met the brain
//	mode = "record"     # "apply" (default) or "record"
func ParseLandings(data []byte) (map[string]BrainLanding, error) {
	var f struct {
		Brain map[string]landingEntry `toml:"brain"`
	}
	md, err := toml.Decode(string(data), &f)
	if err != nil {
		return nil, fmt.Errorf("landing file: %w", err)
	}
	if extra := md.Undecoded(); len(extra) > 0 {
		return nil, fmt.Errorf("landing file: unknown key %q", extra[0].String())
	}
	out := make(map[string]BrainLanding, len(f.Brain))
	names := make([]string, 0, len(f.Brain))
	for n := range f.Brain {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		e := f.Brain[n]
		bl := BrainLanding{Target: e.Target, Mode: LandingMode(e.Mode)}
		switch bl.Mode {
		case "":
			bl.Mode = ModeApply
		case ModeApply, ModeRecord:
		default:
			return nil, fmt.Errorf("landing file: brain %s: mode %q is neither apply nor record", n, e.Mode)
		}
		if e.Target != "" && (!branchPattern.MatchString(e.Target) || strings.Contains(e.Target, "..")) {
			return nil, fmt.Errorf("landing file: brain %s: target %q is not a branch name", n, e.Target)
		}
		out[n] = bl
	}
	return out, nil
}

// LandingBook reads the owner's landing.toml, re-reading it when it changes. A missing file
// lands every brain in apply mode on its fixed branch.
type LandingBook struct {
	path string

	mu      sync.Mutex
	modTime time.Time
	size    int64
	brains  map[string]BrainLanding
}

// NewLandingBook returns a book over the file at path.
func NewLandingBook(path string) *LandingBook { return &LandingBook{path: path} }

// For returns brain's landing configuration.
func (b *LandingBook) For(brain string) (BrainLanding, error) {
	if b == nil || b.path == "" {
		return BrainLanding{Mode: ModeApply}, nil
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	st, err := os.Stat(b.path)
	if errors.Is(err, os.ErrNotExist) {
		return BrainLanding{Mode: ModeApply}, nil
	}
	if err != nil {
		return BrainLanding{}, err
	}
	if b.brains == nil || !st.ModTime().Equal(b.modTime) || st.Size() != b.size {
		data, err := os.ReadFile(b.path)
		if err != nil {
			return BrainLanding{}, err
		}
		bs, err := ParseLandings(data)
		if err != nil {
			return BrainLanding{}, err
		}
		b.brains, b.modTime, b.size = bs, st.ModTime(), st.Size()
	}
	if bl, ok := b.brains[brain]; ok {
		return bl, nil
	}
	return BrainLanding{Mode: ModeApply}, nil
}

// ExecutorIdentity is the git identity a runner's executor authors candidate commits (and the
// merge commits that land them) under.
func ExecutorIdentity(runnerID string) Identity {
	return Identity{Name: runnerID, Email: runnerID + "@runner.organism.invalid"}
}

// fixTarget records the branch checked out in brain's repository as its landing target, the
// first time the organ meets the brain; later calls return what was fixed then.
func (s *Service) fixTarget(ctx context.Context, b Brain) (string, error) {
	if br, ok, err := s.o.Store.Target(ctx, b.Name); err != nil || ok {
		return br, err
	}
	if b.RepoRoot == "" {
		return "", nil
	}
	cur, err := s.o.Repo.CurrentBranch(ctx, b.RepoRoot)
	if err != nil || cur == "" {
		return "", err
	}
	return s.o.Store.FixTarget(ctx, b.Name, cur, s.o.Clock.Now())
}

// landingFor resolves where and how brain's landings go.
func (s *Service) landingFor(ctx context.Context, b Brain) (string, LandingMode, error) {
	bl, err := s.o.Landings.For(b.Name)
	if err != nil {
		return "", "", fmt.Errorf("landing configuration: %w", err)
	}
	if bl.Target != "" {
		return bl.Target, bl.Mode, nil
	}
	br, err := s.fixTarget(ctx, b)
	if err != nil {
		return "", "", fmt.Errorf("landing target of %s: %w", b.Name, err)
	}
	if br == "" {
		return "", "", refusal.New(ReasonMergeFailed, "brain %s has no target branch: its repository had no branch checked out when first met; name one in landing.toml", b.Name)
	}
	return br, bl.Mode, nil
}

// LandingTarget is where and how a brain lands, as the organ knows it before anything lands.
type LandingTarget struct {
	Branch string
	Mode   LandingMode
}

// knownTarget reads brain's landing target without touching its repository: the owner's
// landing.toml, else the branch fixed when the organ first met the brain (at its first open).
// ok is false when neither names a branch yet.
func (s *Service) knownTarget(ctx context.Context, brain string) (LandingTarget, bool, error) {
	bl, err := s.o.Landings.For(brain)
	if err != nil {
		return LandingTarget{}, false, fmt.Errorf("landing configuration: %w", err)
	}
	if bl.Target != "" {
		return LandingTarget{Branch: bl.Target, Mode: bl.Mode}, true, nil
	}
	br, ok, err := s.o.Store.Target(ctx, brain)
	if err != nil || !ok || br == "" {
		return LandingTarget{}, false, err
	}
	return LandingTarget{Branch: br, Mode: bl.Mode}, true, nil
}
