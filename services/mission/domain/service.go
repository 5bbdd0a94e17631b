package domain

import (
	"context"
	"errors"
	"hash/fnv"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	"github.com/organism-dev/organism/platform/clock"
	"github.com/organism-dev/organism/platform/idgen"
	"github.com/organism-dev/organism/platform/refusal"
)

// Options configure the organ. Zero durations take the defaults named on each field.
type Options struct {
	Store   Store
	Brains  Brains
	Runners *RunnerBook
	Repo    Repo
	// Memory receives debriefs; nil leaves them pending (listed on the mission) until one is set.
	Memory Memory
	// Landings says where and how each brain lands (landing.toml); nil lands every brain in
	// apply mode on the branch fixed when the organ first met it.
	Landings *LandingBook
	// Skeletons answers the unknown-block gate for brains SkeletonStore holds no skeleton of
	// (the old <brain>.blocks files); nil means no such fallback.
	Skeletons Skeletons
	// Reports is the field-report spool (default: Store, when it keeps one); Registry is
	// medulla's brain registry the charter composer resolves repositories with. CharterCap
	// is the most open auto-chartered missions per brain; default 3.
	Reports    ReportStore
	Registry   BrainRegistry
	CharterCap int
	// SkeletonStore keeps skeleton revisions and curations; Tree reads a brain's repository
	// for the scan. Without them the skeleton and curation RPCs answer an internal error.
	SkeletonStore SkeletonStore
	Tree          Tree
	// CurationClaimWindow is how long a curation waits for its hand-runner's claim before it
	// fails and frees the brain's candidate lease; default 1h.
	CurationClaimWindow time.Duration
	// Clock tells the time of every rule and drives the bell's ticker.
	Clock  clock.Clock
	IDs    IDs
	Logger *slog.Logger

	// LeaseTTL is how long a claim holds without renewal; default 30s.
	LeaseTTL time.Duration
	// MaxAttempts is how many leases may expire on one mission before it is failed; default 3.
	MaxAttempts int
	// MaxClaimWait caps a runner's long poll; default 60s.
	MaxClaimWait time.Duration
	// MaxCandidateAge is how old a candidate's execution may be when it lands; default 24h.
	MaxCandidateAge time.Duration
	// ClockSkew is the tolerance between a runner's clock and the service's; default 2m.
	ClockSkew time.Duration
	// ReminderInterval is how often the bell reminds while a head waits; default 15m.
	ReminderInterval time.Duration
	// BellPoll is how often a board stream checks whether a reminder is due; default 1s.
	BellPoll time.Duration
	// RefGrace is how long a closed mission's candidate ref stays in its brain's repository
	// before SweepRefs removes it; default 24h.
	RefGrace time.Duration
	// MaxLogBytes bounds one stored gate log; default 64 MiB.
	MaxLogBytes int64
	// Shutdown, when it closes, ends waiting claims and board streams with SHUTTING_DOWN
	// (as Stop does); nil never closes.
	Shutdown <-chan struct{}
}

// Service is the mission organ.
type Service struct {
	o   Options
	log *slog.Logger
	// change wakes board watchers on every stored event; work wakes waiting runners only when
	// new work appears (a spawn, a re-run request), so appends do not stampede the long polls.
	change *notifier
	work   *notifier
	// claimWaiters counts ClaimWork calls waiting for work (see WaitingClaims).
	claimWaiters atomic.Int64
	// heads spares a letter the read of its mission when this replica wrote the head it
	// expects (heads.go).
	heads *heads

	// landMu serializes landings per mission (striped by mission id) inside this process so
	// one candidate can never bump the store twice.
	landMu [64]sync.Mutex
	// targetMu serializes the git side of landings per repository and branch, so two landings
	// on one target check their scopes and move the branch one after the other.
	targetMu [64]sync.Mutex

	// stopping closes on Stop or Shutdown; long polls and board streams select on it so a
	// graceful server stop is not held until its timeout by calls that would wait a minute.
	stopping chan struct{}
	stopOnce sync.Once
}

func (s *Service) landLock(missionID string) *sync.Mutex {
	h := fnv.New32a()
	h.Write([]byte(missionID))
	return &s.landMu[h.Sum32()%uint32(len(s.landMu))]
}

func (s *Service) targetLock(repoRoot, branch string) *sync.Mutex {
	h := fnv.New32a()
	h.Write([]byte(repoRoot + "\x00" + branch))
	return &s.targetMu[h.Sum32()%uint32(len(s.targetMu))]
}

// New validates o and returns the organ.
func New(o Options) (*Service, error) {
	if o.Store == nil || o.Brains == nil || o.Runners == nil || o.Repo == nil {
		return nil, errors.New("mission: Store, Brains, Runners and Repo are required")
	}
	if o.Clock == nil {
		return nil, errors.New("mission: Clock is required")
	}
	if o.IDs == nil {
		o.IDs = RandomIDs{}
	}
	if o.Logger == nil {
		o.Logger = slog.Default()
	}
	def := func(d *time.Duration, v time.Duration) {
		if *d <= 0 {
			*d = v
		}
	}
	def(&o.LeaseTTL, 30*time.Second)
	def(&o.MaxClaimWait, 60*time.Second)
	def(&o.MaxCandidateAge, 24*time.Hour)
	def(&o.ClockSkew, 2*time.Minute)
	def(&o.ReminderInterval, 15*time.Minute)
	def(&o.BellPoll, time.Second)
	def(&o.RefGrace, 24*time.Hour)
	if o.Reports == nil {
		o.Reports, _ = o.Store.(ReportStore)
	}
	if o.CharterCap <= 0 {
		o.CharterCap = DefaultCharterCap
	}
	def(&o.CurationClaimWindow, time.Hour)
	if o.MaxAttempts <= 0 {
		o.MaxAttempts = 3
	}
	if o.MaxLogBytes <= 0 {
		o.MaxLogBytes = 64 << 20
	}
	s := &Service{o: o, log: o.Logger, change: newNotifier(), work: newNotifier(), heads: newHeads(), stopping: make(chan struct{})}
	if o.Shutdown != nil {
		go func() {
			select {
			case <-o.Shutdown:
				s.Stop()
			case <-s.stopping:
			}
		}()
	}
	return s, nil
}

// Stop ends every waiting claim and board stream with SHUTTING_DOWN and refuses new ones, so
// runners retry and watchers resume from their cursor against the next server. Safe to call
// more than once.
func (s *Service) Stop() { s.stopOnce.Do(func() { close(s.stopping) }) }

func errShuttingDown(what string) error {
	return refusal.New(ReasonShuttingDown, "mission is shutting down; %s", what)
}

// mission reads a mission row, turning the store's "no such mission" into the refusal.
func (s *Service) mission(ctx context.Context, id string) (Mission, error) {
	m, err := s.o.Store.Mission(ctx, id)
	if errors.Is(err, ErrNoMission) {
		return Mission{}, refusal.New(ReasonMissionNotFound, "no mission %s", id)
	}
	return m, err
}

// brain asks medulla about a brain, turning "no such brain" into the refusal.
func (s *Service) brain(ctx context.Context, name string) (Brain, error) {
	b, err := s.o.Brains.Brain(ctx, name)
	if errors.Is(err, ErrNoBrain) {
		return Brain{}, refusal.New(ReasonBrainNotFound, "medulla has no brain %q", name)
	}
	return b, err
}

const (
	retryClaim  = "claim again after reconnecting"
	resumeBoard = "watch again from the last cursor seen"
)

// Options returns the options in effect, defaults filled.
func (s *Service) Options() Options { return s.o }

// RandomIDs mints prefix + 16 random hex digits.
type RandomIDs struct{}

// New implements IDs.
func (RandomIDs) New(prefix string) string { return idgen.Hex(prefix, 8) }

// notifier wakes every waiter when anything on the board changes.
type notifier struct {
	mu sync.Mutex
	ch chan struct{}
}

func newNotifier() *notifier { return &notifier{ch: make(chan struct{})} }

// wait returns a channel closed at the next broadcast. Take it before reading state so a
// change between the read and the wait is never missed.
func (n *notifier) wait() <-chan struct{} {
	n.mu.Lock()
	defer n.mu.Unlock()
	return n.ch
}

func (n *notifier) broadcast() {
	n.mu.Lock()
	close(n.ch)
	n.ch = make(chan struct{})
	n.mu.Unlock()
}
