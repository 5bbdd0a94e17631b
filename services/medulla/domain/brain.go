package domain

import (
	"context"
	"errors"
	"path"
	"path/filepath"
	"regexp"
	"strings"
	"time"
)

// MedullaBrain is the reserved brain that holds the shared doctrine tier.
const MedullaBrain = "medulla"

// DefaultSoulPath is used when a brain is registered without one.
const DefaultSoulPath = "docs/PATHOS.md"

// Policy is a brain's federation policy.
type Policy string

// The federation policies.
const (
	// PolicyOwnerPersonal lets every owned brain cross (the default).
	PolicyOwnerPersonal Policy = "owner-personal"
	// PolicyIsolated lets nothing cross in or out.
	PolicyIsolated Policy = "isolated"
)

// Brain is one project's memory bound to one repository.
type Brain struct {
	Name         string
	RepoRoot     string
	SoulPath     string
	Policy       Policy
	Reserved     bool
	StoreVersion int64
	LiveClaims   int64
	CreatedAt    time.Time
	UpdatedAt    time.Time
}

var brainNamePattern = regexp.MustCompile(`^[a-z][a-z0-9-]{0,62}$`)

// ValidBrainName reports whether name is a legal brain name.
func ValidBrainName(name string) bool {
	return brainNamePattern.MatchString(name) && !strings.HasSuffix(name, "-") && !strings.Contains(name, "--")
}

// RegisterBrainInput is what the owner asks to register.
type RegisterBrainInput struct {
	Name     string
	RepoRoot string
	SoulPath string
	Policy   Policy
}

func (in *RegisterBrainInput) normalize() *Refusal {
	if !ValidBrainName(in.Name) {
		return refuse(ReasonInvalidArgument, "name", "brain name must be lowercase letters, digits and single dashes, 1..63 characters, starting with a letter")
	}
	if in.Name == MedullaBrain {
		return refuse(ReasonReservedBrain, "name", "%q is the reserved medulla tier", MedullaBrain)
	}
	if in.RepoRoot == "" || !filepath.IsAbs(in.RepoRoot) {
		return refuse(ReasonInvalidArgument, "repo_root", "repository root must be an absolute path")
	}
	in.RepoRoot = filepath.Clean(in.RepoRoot)
	if in.SoulPath == "" {
		in.SoulPath = DefaultSoulPath
	}
	if !cleanRelative(in.SoulPath) {
		return refuse(ReasonInvalidArgument, "soul_path", "soul path must be relative to the repository root and stay inside it")
	}
	switch in.Policy {
	case "":
		in.Policy = PolicyOwnerPersonal
	case PolicyOwnerPersonal, PolicyIsolated:
	default:
		return refuse(ReasonInvalidArgument, "policy", "policy must be owner-personal or isolated")
	}
	return nil
}

// cleanRelative reports whether p is a slash-separated relative path that stays inside its root.
func cleanRelative(p string) bool {
	if p == "" || strings.HasPrefix(p, "/") || strings.Contains(p, "\\") || strings.ContainsRune(p, 0) {
		return false
	}
	c := path.Clean(p)
	return c == p && c != "." && c != ".." && !strings.HasPrefix(c, "../")
}

// RegisterBrain adds or updates a brain (owner only).
func (s *Service) RegisterBrain(ctx context.Context, c Caller, in RegisterBrainInput) (Brain, bool, error) {
	if !c.Owner() {
		return Brain{}, false, refuse(ReasonOwnerOnly, "", "only the owner registers brains")
	}
	if r := in.normalize(); r != nil {
		return Brain{}, false, r
	}
	var out Brain
	var created bool
	err := s.store.Write(ctx, func(tx Tx) error {
		now := s.clock.Now().UTC()
		b, err := tx.Brain(in.Name)
		switch {
		case errors.Is(err, ErrNotFound):
			created = true
			b = Brain{Name: in.Name, CreatedAt: now}
		case err != nil:
			return err
		}
		b.RepoRoot, b.SoulPath, b.Policy, b.UpdatedAt = in.RepoRoot, in.SoulPath, in.Policy, now
		if err := tx.PutBrain(b); err != nil {
			return err
		}
		out = b
		return nil
	})
	s.settingsMu.Lock()
	s.settingsGen.Add(1)
	s.settings.Delete(in.Name)
	s.settingsMu.Unlock()
	if err != nil {
		return Brain{}, false, err
	}
	return out, created, nil
}

// GetBrain returns one brain the caller may see.
func (s *Service) GetBrain(ctx context.Context, c Caller, name string) (Brain, error) {
	if !c.mayRead(name) {
		return Brain{}, refuse(ReasonForeignBrain, "name", "credential is bound to brain %q, not %q", c.Brain, name)
	}
	return s.brain(ctx, name)
}

func (s *Service) brain(ctx context.Context, name string) (Brain, error) {
	b, err := s.store.Brain(ctx, name)
	if errors.Is(err, ErrNotFound) {
		return Brain{}, refuse(ReasonBrainNotFound, "brain", "no brain named %q", name)
	}
	return b, err
}

// brainSettings returns a brain's registration (repository root, soul path, policy) from
// memory when it can: the write door needs it on every call, and only RegisterBrain, on this
// service, changes it. Counters on the result (store version, live claims) may be stale.
func (s *Service) brainSettings(ctx context.Context, name string) (Brain, error) {
	if b, ok := s.settings.Load(name); ok {
		return b.(Brain), nil
	}
	// A registration that commits while we read must not be overwritten by what we read
	// before it: remember only if no registration happened in between.
	gen := s.settingsGen.Load()
	b, err := s.brain(ctx, name)
	if err != nil {
		return Brain{}, err
	}
	s.settingsMu.Lock()
	if s.settingsGen.Load() == gen {
		s.settings.Store(name, b)
	}
	s.settingsMu.Unlock()
	return b, nil
}

// ListBrains lists the brains the caller may see: all for the owner, its own and the medulla tier for agents.
func (s *Service) ListBrains(ctx context.Context, c Caller) ([]Brain, error) {
	all, err := s.store.Brains(ctx)
	if err != nil {
		return nil, err
	}
	out := all[:0:0]
	for _, b := range all {
		if c.mayRead(b.Name) {
			out = append(out, b)
		}
	}
	return out, nil
}
