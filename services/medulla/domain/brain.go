package domain

import (
	"context"
	"errors"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/organism-dev/organism/platform/hygiene"
	"github.com/organism-dev/organism/platform/principal"
	"github.com/organism-dev/organism/platform/refusal"
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

func (in *RegisterBrainInput) normalize() *refusal.Error {
	if !ValidBrainName(in.Name) {
		return refusal.Field(ReasonInvalidArgument, "name", "brain name must be lowercase letters, digits and single dashes, 1..63 characters, starting with a letter")
	}
	if in.Name == MedullaBrain {
		return refusal.Field(ReasonReservedBrain, "name", "%q is the reserved medulla tier", MedullaBrain)
	}
	if in.RepoRoot == "" || !filepath.IsAbs(in.RepoRoot) {
		return refusal.Field(ReasonInvalidArgument, "repo_root", "repository root must be an absolute path")
	}
	in.RepoRoot = filepath.Clean(in.RepoRoot)
	if in.SoulPath == "" {
		in.SoulPath = DefaultSoulPath
	}
	if !cleanRelative(in.SoulPath) {
		return refusal.Field(ReasonInvalidArgument, "soul_path", "soul path must be relative to the repository root and stay inside it")
	}
	// The repository root is where the repository lives on the serving machine, so a home
	// directory is normal there; a secret is not. Everything else is held to the full floor.
	if name := hygiene.FindSecret(in.RepoRoot); name != "" {
		return refusal.Field(ReasonSecretDetected, "repo_root", "repo_root looks like it carries a secret (%s); secrets are never stored", name).With("pattern", name)
	}
	if r := checkTexts("name", in.Name, "soul_path", in.SoulPath); r != nil {
		return r
	}
	switch in.Policy {
	case "":
		in.Policy = PolicyOwnerPersonal
	case PolicyOwnerPersonal, PolicyIsolated:
	default:
		return refusal.Field(ReasonInvalidArgument, "policy", "policy must be owner-personal or isolated")
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
func (s *Service) RegisterBrain(ctx context.Context, c principal.Principal, in RegisterBrainInput) (Brain, bool, error) {
	if !c.Owner() {
		return Brain{}, false, refusal.New(ReasonOwnerOnly, "only the owner registers brains")
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
func (s *Service) GetBrain(ctx context.Context, c principal.Principal, name string) (Brain, error) {
	if !mayRead(c, name) {
		return Brain{}, refusal.Field(ReasonForeignBrain, "name", "credential is bound to brain %q, not %q", c.Brain, name)
	}
	return s.brain(ctx, name)
}

func (s *Service) brain(ctx context.Context, name string) (Brain, error) {
	b, err := s.store.Brain(ctx, name)
	if errors.Is(err, ErrNotFound) {
		return Brain{}, refusal.Field(ReasonBrainNotFound, "brain", "no brain named %q", name)
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

// ListBrains pages through the brains the caller may see, by name: all for the owner, its
// own and the medulla tier for agents. after is the last name seen ("" is the start); next is
// the last name of this page when more follow, "" at the end.
func (s *Service) ListBrains(ctx context.Context, c principal.Principal, after string, limit int) ([]Brain, string, error) {
	all, err := s.store.Brains(ctx)
	if err != nil {
		return nil, "", err
	}
	visible := all[:0:0]
	for _, b := range all {
		if mayRead(c, b.Name) {
			visible = append(visible, b)
		}
	}
	page, more := pageByName(visible, func(b Brain) string { return b.Name }, after, limit)
	if !more {
		return page, "", nil
	}
	return page, page[len(page)-1].Name, nil
}

// pageByName returns up to limit items, ordered by name, whose name comes after after, and
// whether more follow. Lists keyed by a name resume after the name, not at an offset, so a
// brain registered between two pages moves nothing already listed.
func pageByName[T any](items []T, name func(T) string, after string, limit int) ([]T, bool) {
	sorted := slices.SortedFunc(slices.Values(items), func(a, b T) int { return strings.Compare(name(a), name(b)) })
	start, _ := slices.BinarySearchFunc(sorted, after, func(t T, key string) int { return strings.Compare(name(t), key) })
	for start < len(sorted) && name(sorted[start]) <= after {
		start++
	}
	rest := sorted[start:]
	if limit <= 0 || len(rest) <= limit {
		return rest, false
	}
	return rest[:limit], true
}
