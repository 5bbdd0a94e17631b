package domain

import (
	"fmt"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
)

// Intent says whether a session only reads its working set or also changes it.
type Intent string

// The intents. Only two mutating sessions can collide.
const (
	IntentRead   Intent = "read"
	IntentMutate Intent = "mutate"
)

// Kind is what sort of session a presence is.
type Kind string

// The presence kinds of the seed's roster.
const (
	KindOrchestrator Kind = "orchestrator"
	KindExecutor     Kind = "executor"
	KindPoolHand     Kind = "pool-hand"
	KindRunner       Kind = "runner"
	KindOracle       Kind = "oracle"
	KindHumanUI      Kind = "human-ui"
)

// Kinds lists every accepted kind.
var Kinds = []Kind{KindOrchestrator, KindExecutor, KindPoolHand, KindRunner, KindOracle, KindHumanUI}

func validKind(k Kind) bool {
	for _, x := range Kinds {
		if x == k {
			return true
		}
	}
	return false
}

// TTL bounds. The default matches a sidecar beating every 30 s with two misses of slack.
const (
	DefaultTTL = 90 * time.Second
	MinTTL     = 5 * time.Second
	MaxTTL     = time.Hour
)

// Field limits.
const (
	MaxThemeRunes    = 120
	MaxWorktreeBytes = 1024
	MaxBrainBytes    = 128
)

// Record is one presence as stored. Liveness is never stored: it is last_beat + ttl against now.
type Record struct {
	ID         string
	Brain      string
	AgentID    string
	Kind       Kind
	Theme      string
	Intent     Intent
	WorkingSet WorkingSet
	Worktree   string
	StartedAt  time.Time
	// UpdatedAt is the last register (upsert) of this presence.
	UpdatedAt time.Time
	LastBeat  time.Time
	TTL       time.Duration
}

// ExpiresAt is the first instant at which the presence is no longer live.
func (r Record) ExpiresAt() time.Time { return r.LastBeat.Add(r.TTL) }

// LiveAt reports whether the presence is live at t: expiry happens exactly at last_beat + ttl.
func (r Record) LiveAt(t time.Time) bool { return t.Before(r.ExpiresAt()) }

// Caller is the authenticated identity of a request; it never comes from request fields.
type Caller struct {
	AgentID string
	// Brain is the credential's binding; empty for the owner and services.
	Brain string
	// Owner is the one human (either origin); Service is an Organism service acting for itself.
	Owner   bool
	Service bool
	// HumanUI is set only for the owner's Hall session.
	HumanUI bool
}

// unbound callers (owner, services) may name any brain; agents only their own.
func (c Caller) unbound() bool { return c.Owner || c.Service }

// resolveBrain picks the brain a request acts in: an agent's own binding, or the brain an
// unbound caller names.
func (c Caller) resolveBrain(requested string) (string, error) {
	if c.unbound() {
		if requested == "" {
			return "", invalid(Violation{Field: "brain", Description: "required for callers without a brain binding"})
		}
		if v := checkBrainName(requested); v != "" {
			return "", invalid(Violation{Field: "brain", Description: v})
		}
		return requested, nil
	}
	if requested != "" && requested != c.Brain {
		return "", ErrForeignBrain
	}
	return c.Brain, nil
}

// mayRead reports whether the caller may see presences of brain.
func (c Caller) mayRead(brain string) bool { return c.unbound() || c.Brain == brain }

func checkBrainName(b string) string {
	if len(b) > MaxBrainBytes {
		return fmt.Sprintf("longer than %d bytes", MaxBrainBytes)
	}
	if !utf8.ValidString(b) || strings.ContainsFunc(b, func(r rune) bool { return unicode.IsControl(r) || unicode.IsSpace(r) || r == '/' }) {
		return "must be one word without spaces, slashes or control characters"
	}
	return ""
}

// RegisterInput is an untrusted register (upsert) request.
type RegisterInput struct {
	// ID names an existing presence of the caller to update; empty creates one.
	ID         string
	Brain      string
	Kind       string
	Theme      string
	Intent     Intent
	WorkingSet []string
	Worktree   string
	// TTL zero means DefaultTTL.
	TTL time.Duration
}

// ValidID reports whether s has the presence id shape prs_ + 12 lowercase hex.
func ValidID(s string) bool {
	if len(s) != 16 || s[:4] != "prs_" {
		return false
	}
	for i := 4; i < len(s); i++ {
		if c := s[i]; (c < '0' || c > '9') && (c < 'a' || c > 'f') {
			return false
		}
	}
	return true
}

// validated is a register request that passed every rule.
type validated struct {
	id       string
	kind     Kind
	theme    string
	intent   Intent
	set      WorkingSet
	worktree string
	ttl      time.Duration
}

// validate checks every field and reports all violations together.
func (in RegisterInput) validate() (validated, error) {
	var bad []Violation
	v := validated{id: in.ID, kind: Kind(in.Kind), intent: in.Intent, ttl: in.TTL}
	if in.ID != "" && !ValidID(in.ID) {
		bad = append(bad, Violation{"presence_id", "must be prs_ followed by 12 lowercase hex digits"})
	}
	if !validKind(v.kind) {
		bad = append(bad, Violation{"kind", fmt.Sprintf("must be one of %s", kindList())})
	}
	v.theme = strings.TrimSpace(in.Theme)
	switch {
	case !utf8.ValidString(v.theme):
		bad = append(bad, Violation{"theme", "not valid UTF-8"})
	case strings.ContainsFunc(v.theme, unicode.IsControl):
		bad = append(bad, Violation{"theme", "must be one line without control characters"})
	case utf8.RuneCountInString(v.theme) > MaxThemeRunes:
		bad = append(bad, Violation{"theme", fmt.Sprintf("has %d characters; at most %d", utf8.RuneCountInString(v.theme), MaxThemeRunes)})
	}
	if v.intent != IntentRead && v.intent != IntentMutate {
		bad = append(bad, Violation{"intent", "must be read or mutate"})
	}
	set, setBad := ParseWorkingSet(in.WorkingSet)
	bad = append(bad, setBad...)
	v.set = set
	v.worktree = strings.TrimSpace(in.Worktree)
	switch {
	case len(v.worktree) > MaxWorktreeBytes:
		bad = append(bad, Violation{"worktree", fmt.Sprintf("longer than %d bytes", MaxWorktreeBytes)})
	case !utf8.ValidString(v.worktree) || strings.ContainsFunc(v.worktree, unicode.IsControl):
		bad = append(bad, Violation{"worktree", "must be one line of valid UTF-8"})
	}
	if v.ttl == 0 {
		v.ttl = DefaultTTL
	}
	if v.ttl < MinTTL || v.ttl > MaxTTL {
		bad = append(bad, Violation{"ttl_seconds", fmt.Sprintf("must be between %d and %d seconds (0 means %d)",
			int(MinTTL.Seconds()), int(MaxTTL.Seconds()), int(DefaultTTL.Seconds()))})
	}
	if len(bad) > 0 {
		return validated{}, invalid(bad...)
	}
	return v, nil
}

func kindList() string {
	s := make([]string, len(Kinds))
	for i, k := range Kinds {
		s[i] = string(k)
	}
	return strings.Join(s, ", ")
}
