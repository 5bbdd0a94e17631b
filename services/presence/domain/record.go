package domain

import (
	"fmt"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/organism-dev/organism/platform/refusal"
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
	// Changes are the files the session changed (sorted by path), when its client derived
	// its working set from git; Base is the merge-base their line numbers count in.
	Changes []FileChange
	Base    string
}

// ExpiresAt is the first instant at which the presence is no longer live.
func (r Record) ExpiresAt() time.Time { return r.LastBeat.Add(r.TTL) }

// LiveAt reports whether the presence is live at t: expiry happens exactly at last_beat + ttl.
func (r Record) LiveAt(t time.Time) bool { return t.Before(r.ExpiresAt()) }

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
	// Changes and Base: see Record. Each change names a literal path item of WorkingSet.
	Changes []FileChange
	Base    string
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
	changes  []FileChange
	base     string
}

// validate checks every field and reports all violations together.
func (in RegisterInput) validate() (validated, error) {
	var bad []refusal.Violation
	v := validated{id: in.ID, kind: Kind(in.Kind), intent: in.Intent, ttl: in.TTL}
	if in.ID != "" && !ValidID(in.ID) {
		bad = append(bad, refusal.Violation{Field: "presence_id", Description: "must be prs_ followed by 12 lowercase hex digits"})
	}
	if !validKind(v.kind) {
		bad = append(bad, refusal.Violation{Field: "kind", Description: fmt.Sprintf("must be one of %s", kindList())})
	}
	v.theme = strings.TrimSpace(in.Theme)
	switch {
	case !utf8.ValidString(v.theme):
		bad = append(bad, refusal.Violation{Field: "theme", Description: "not valid UTF-8"})
	case strings.ContainsFunc(v.theme, unicode.IsControl):
		bad = append(bad, refusal.Violation{Field: "theme", Description: "must be one line without control characters"})
	case utf8.RuneCountInString(v.theme) > MaxThemeRunes:
		bad = append(bad, refusal.Violation{Field: "theme", Description: fmt.Sprintf("has %d characters; at most %d", utf8.RuneCountInString(v.theme), MaxThemeRunes)})
	}
	if v.intent != IntentRead && v.intent != IntentMutate {
		bad = append(bad, refusal.Violation{Field: "intent", Description: "must be read or mutate"})
	}
	set, setBad := ParseWorkingSet(in.WorkingSet)
	bad = append(bad, setBad...)
	v.set = set
	if len(setBad) == 0 {
		changes, changesBad := parseChanges(in.Changes, set)
		bad = append(bad, changesBad...)
		v.changes = changes
	}
	v.base = in.Base
	if !validBase(v.base) {
		bad = append(bad, refusal.Violation{Field: "base", Description: "must be a hex object id (4 to 64 lowercase hex digits)"})
	}
	v.worktree = strings.TrimSpace(in.Worktree)
	switch {
	case len(v.worktree) > MaxWorktreeBytes:
		bad = append(bad, refusal.Violation{Field: "worktree", Description: fmt.Sprintf("longer than %d bytes", MaxWorktreeBytes)})
	case !utf8.ValidString(v.worktree) || strings.ContainsFunc(v.worktree, unicode.IsControl):
		bad = append(bad, refusal.Violation{Field: "worktree", Description: "must be one line of valid UTF-8"})
	}
	if v.ttl == 0 {
		v.ttl = DefaultTTL
	}
	if v.ttl < MinTTL || v.ttl > MaxTTL {
		bad = append(bad, refusal.Violation{Field: "ttl_seconds", Description: fmt.Sprintf("must be between %d and %d seconds (0 means %d)",
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
