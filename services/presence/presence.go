// Package presence assembles the presence service: live sessions by TTL and heartbeat, a gc
// sweep, a watch stream, and collisions derived at read time.
package presence

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"sync"
	"time"

	"google.golang.org/grpc"

	"github.com/organism-dev/organism/platform/clock"
	"github.com/organism-dev/organism/platform/pgdb"
	"github.com/organism-dev/organism/services/presence/domain"
	"github.com/organism-dev/organism/services/presence/store"
	"github.com/organism-dev/organism/services/presence/transport"
)

// Options configure the service. Only DataDir (or a postgres:// Store) is required.
type Options struct {
	// DataDir holds presence.db.
	DataDir string
	// Store selects the backend: empty or "sqlite" is the embedded SQLite file in DataDir;
	// postgres://… is that database (schema presence), which any number of presence replicas
	// share: the roster and collisions are then the same from every replica.
	Store string
	// FollowInterval is how often a replica on a shared store applies what the other replicas
	// wrote (for its reads and watchers; writes always catch up first); default 250ms,
	// negative disables. Unused on SQLite.
	FollowInterval time.Duration
	Logger         *slog.Logger
	// Clock defaults to the wall clock.
	Clock clock.Clock
	// NewID defaults to prs_ + 12 random hex digits.
	NewID func() string
	// SweepInterval is how often expired presences are swept and missed beats reported;
	// default 1s, negative disables (tests drive the sweep through the Gc RPC).
	SweepInterval time.Duration
	// FlushInterval is how often beats are written to the store (beats live in memory
	// between flushes, so a crash costs at most this much of last_beat); default 1s on SQLite and
	// 250ms on a shared store, where it is also how late other replicas learn of a beat;
	// negative disables.
	FlushInterval time.Duration
	// Shutdown, when it closes, ends open Watch streams (Unavailable; clients resume by seq)
	// so a graceful server stop does not wait on them. Pass the process's shutdown signal
	// (ctx.Done()). Close ends them too.
	Shutdown <-chan struct{}
	// EventRetention and KeepEvents bound the watch log (pruned every minute and on each Gc
	// call); defaults 24h and 10,000 events.
	EventRetention time.Duration
	KeepEvents     int
	// RefusalWindow is how long identical refusals of one caller coalesce into one rejection
	// receipt with a count (default 10 minutes; see README "Receipts").
	RefusalWindow time.Duration
}

// Service is the running presence organ.
type Service struct {
	opts   Options
	store  *store.Store
	reg    *domain.Registry
	server *transport.Server
	cancel context.CancelFunc
	wg     sync.WaitGroup
	once   sync.Once
}

// Open opens presence.db, loads the roster and starts the sweep and flush loops.
func Open(ctx context.Context, opts Options) (*Service, error) {
	shared := pgdb.IsDSN(opts.Store)
	if opts.DataDir == "" && !shared {
		return nil, errors.New("presence: DataDir is required")
	}
	if opts.Logger == nil {
		opts.Logger = slog.Default()
	}
	if opts.Clock == nil {
		opts.Clock = clock.Real{}
	}
	if opts.SweepInterval == 0 {
		opts.SweepInterval = time.Second
	}
	if opts.FlushInterval == 0 {
		opts.FlushInterval = time.Second
		if shared {
			opts.FlushInterval = 250 * time.Millisecond
		}
	}
	if opts.FollowInterval == 0 {
		opts.FollowInterval = 250 * time.Millisecond
	}
	if !shared {
		if err := os.MkdirAll(opts.DataDir, 0o700); err != nil {
			return nil, fmt.Errorf("presence: data dir: %w", err)
		}
	}
	st, err := store.OpenFor(ctx, opts.Store, opts.DataDir)
	if err != nil {
		return nil, fmt.Errorf("presence: %w", err)
	}
	var sharedStore domain.SharedStore
	if st.Shared() {
		sharedStore = st
	}
	reg, err := domain.Open(ctx, domain.Options{Store: st, Shared: sharedStore, Clock: opts.Clock, Logger: opts.Logger, NewID: opts.NewID,
		EventRetention: opts.EventRetention, KeepEvents: opts.KeepEvents, RefusalWindow: opts.RefusalWindow})
	if err != nil {
		st.Close()
		return nil, fmt.Errorf("presence: %w", err)
	}
	s := &Service{opts: opts, store: st, reg: reg,
		server: transport.New(transport.Options{Registry: reg, Logger: opts.Logger})}
	loopCtx, cancel := context.WithCancel(context.Background())
	s.cancel = cancel
	s.loop(loopCtx, opts.SweepInterval, "sweep", func(ctx context.Context) error {
		_, err := reg.Sweep(ctx)
		return err
	})
	s.loop(loopCtx, opts.FlushInterval, "flush beats", reg.FlushBeats)
	if sharedStore != nil {
		s.loop(loopCtx, opts.FollowInterval, "follow the other replicas", reg.Follow)
	}
	if opts.SweepInterval > 0 {
		s.loop(loopCtx, time.Minute, "prune events", reg.PruneEvents)
	}
	if opts.Shutdown != nil {
		go func() {
			select {
			case <-opts.Shutdown:
				reg.Stop()
			case <-loopCtx.Done():
			}
		}()
	}
	return s, nil
}

// loop runs fn every period on the service's clock until the service closes; a non-positive
// period switches the job off. A failure is logged and the next period tries again.
func (s *Service) loop(ctx context.Context, every time.Duration, what string, fn func(context.Context) error) {
	if every <= 0 {
		return
	}
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		clock.Loop(ctx, s.opts.Clock, every, func(ctx context.Context) {
			if err := fn(ctx); err != nil && ctx.Err() == nil {
				s.opts.Logger.Error("presence background "+what+" failed", "err", err)
			}
		})
	}()
}

// Register adds the PresenceService to r.
func (s *Service) Register(r grpc.ServiceRegistrar) { s.server.Attach(r) }

// Registry exposes the domain for in-process callers and benchmarks.
func (s *Service) Registry() *domain.Registry { return s.reg }

// Close stops the loops, writes pending beats and closes the store.
func (s *Service) Close() error {
	var err error
	s.once.Do(func() {
		s.reg.Stop()
		s.cancel()
		s.wg.Wait()
		err = errors.Join(s.reg.FlushBeats(context.Background()), s.store.Close())
	})
	return err
}
