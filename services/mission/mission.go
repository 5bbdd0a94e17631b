// Package mission assembles the mission organ: letter chains, pinned runners, the human
// landing gate, the bell and the debrief, served over gRPC.
package mission

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"sync"
	"time"

	"google.golang.org/grpc"

	"github.com/organism-dev/organism/platform/clock"
	"github.com/organism-dev/organism/platform/pgdb"
	"github.com/organism-dev/organism/platform/sqlitedb"
	medullav1 "github.com/organism-dev/organism/proto/organism/medulla/v1"
	missionv1 "github.com/organism-dev/organism/proto/organism/mission/v1"
	"github.com/organism-dev/organism/services/mission/domain"
	"github.com/organism-dev/organism/services/mission/gitrepo"
	"github.com/organism-dev/organism/services/mission/peers"
	"github.com/organism-dev/organism/services/mission/store"
	"github.com/organism-dev/organism/services/mission/transport"
)

// Options configure the organ. DataDir and Medulla are required.
type Options struct {
	// DataDir holds mission.db and, by default, runners.toml and skeletons/.
	DataDir string
	Logger  *slog.Logger
	// Clock defaults to the wall clock.
	Clock clock.Clock
	// Medulla is the brain registry, store-version door and memorize sink. Its connection
	// should carry auth.Credentials{Fallback: <mission service token>} so debriefs are written
	// as the mission service.
	Medulla medullav1.MedullaServiceClient
	// RunnersFile is the owner's runners.toml; default <DataDir>/runners.toml.
	RunnersFile string
	// SkeletonDir holds the old <brain>.blocks files (one sb_ block id per line), the
	// unknown-block gate's fallback for a brain the skeleton store holds no skeleton of;
	// default <DataDir>/skeletons.
	SkeletonDir string
	// LandingFile is the owner's landing.toml (each brain's target branch and landing mode);
	// default <DataDir>/landing.toml. Without it every brain lands in apply mode on the branch
	// checked out when the organ first met it.
	LandingFile string
	// RefGrace is how long a closed mission's candidate ref stays in its brain's repository;
	// default 24h. RefSweep is how often due refs are removed; default 10m, negative disables.
	RefGrace time.Duration
	RefSweep time.Duration
	// Store selects the backend: empty or "sqlite" is <DataDir>/mission.db; a postgres:// DSN
	// is the mission schema of that database, which any number of mission replicas may share.
	Store string
	// Synchronous is SQLite's commit durability; default FULL.
	Synchronous sqlitedb.Synchronous
	// DebriefRetry is how often pending debriefs are retried; default 1m, negative disables.
	DebriefRetry time.Duration
	// CharterSweep is how often the charter composer screens unread field reports; default
	// 1m, negative disables (the owner's `organism charter sweep` still runs one). CharterCap
	// is the most open auto-chartered missions per brain; default 3.
	CharterSweep time.Duration
	CharterCap   int

	// Tuning passed to the domain; zero takes its defaults.
	LeaseTTL         time.Duration
	MaxAttempts      int
	MaxClaimWait     time.Duration
	MaxCandidateAge  time.Duration
	ClockSkew        time.Duration
	ReminderInterval time.Duration
	BellPoll         time.Duration
	MaxLogBytes      int64

	// Shutdown, when it closes, ends long-poll ClaimWork calls and WatchBoard streams with
	// Unavailable (reason SHUTTING_DOWN) so a graceful server stop is not held until its
	// timeout; runners retry and watchers resume from their cursor. Pass the process's
	// shutdown signal (serve's ctx.Done()). Close ends them too.
	Shutdown <-chan struct{}

	// IDs and Repo replace the random id source and the git repository access (tests).
	IDs  domain.IDs
	Repo domain.Repo
}

// Service is the running organ.
type Service struct {
	Domain *domain.Service
	store  organStore
	server *transport.Server
	stop   context.CancelFunc
	wg     sync.WaitGroup
}

// Open opens the database and builds the organ.
func Open(ctx context.Context, o Options) (*Service, error) {
	if o.DataDir == "" {
		return nil, errors.New("mission: DataDir is required")
	}
	if o.Medulla == nil {
		return nil, errors.New("mission: Medulla client is required")
	}
	if o.Logger == nil {
		o.Logger = slog.Default()
	}
	if o.Clock == nil {
		o.Clock = clock.Real{}
	}
	if o.RunnersFile == "" {
		o.RunnersFile = filepath.Join(o.DataDir, "runners.toml")
	}
	if o.SkeletonDir == "" {
		o.SkeletonDir = filepath.Join(o.DataDir, "skeletons")
	}
	if o.Repo == nil {
		o.Repo = gitrepo.Repo{}
	}
	if o.LandingFile == "" {
		o.LandingFile = filepath.Join(o.DataDir, "landing.toml")
	}
	if o.RefSweep == 0 {
		o.RefSweep = 10 * time.Minute
	}
	if o.DebriefRetry == 0 {
		o.DebriefRetry = time.Minute
	}
	if o.CharterSweep == 0 {
		o.CharterSweep = time.Minute
	}
	if err := os.MkdirAll(o.DataDir, 0o700); err != nil {
		return nil, fmt.Errorf("mission: data dir: %w", err)
	}
	st, err := openStore(ctx, o)
	if err != nil {
		return nil, fmt.Errorf("mission: %w", err)
	}
	med := peers.NewMedulla(o.Medulla)
	d, err := domain.New(domain.Options{
		Store: st, Brains: med, Memory: med, Runners: domain.NewRunnerBook(o.RunnersFile), Repo: o.Repo,
		Landings: domain.NewLandingBook(o.LandingFile), RefGrace: o.RefGrace,
		Skeletons: SkeletonFiles{Dir: o.SkeletonDir}, SkeletonStore: st, Tree: gitrepo.Tree{}, Registry: med, CharterCap: o.CharterCap,
		Clock: o.Clock, IDs: o.IDs, Logger: o.Logger,
		LeaseTTL: o.LeaseTTL, MaxAttempts: o.MaxAttempts, MaxClaimWait: o.MaxClaimWait, MaxCandidateAge: o.MaxCandidateAge,
		ClockSkew: o.ClockSkew, ReminderInterval: o.ReminderInterval, BellPoll: o.BellPoll, MaxLogBytes: o.MaxLogBytes,
		Shutdown: o.Shutdown,
	})
	if err != nil {
		st.Close()
		return nil, err
	}
	bg, stop := context.WithCancel(context.Background())
	s := &Service{Domain: d, store: st, server: transport.New(d, o.Logger), stop: stop}
	if pg, ok := st.(*store.PG); ok {
		// Board watchers and waiting runners on this replica wake when another one writes.
		if err := pg.Follow(bg, d.Wake); err != nil {
			stop()
			st.Close()
			return nil, fmt.Errorf("mission: follow the shared store: %w", err)
		}
	}
	if o.DebriefRetry > 0 {
		s.wg.Add(1)
		go s.retryDebriefs(bg, o.Clock, o.DebriefRetry, o.Logger)
	}
	if o.RefSweep > 0 {
		s.wg.Add(1)
		go s.sweepRefs(bg, o.Clock, o.RefSweep, o.Logger)
	}
	if o.CharterSweep > 0 {
		s.wg.Add(1)
		go s.sweepCharter(bg, o.Clock, o.CharterSweep, o.Logger)
	}
	return s, nil
}

// organStore is what the organ needs of either backend.
type organStore interface {
	domain.Store
	domain.SkeletonStore
	domain.ReportStore
	Close() error
}

// openStore opens the backend o.Store names.
func openStore(ctx context.Context, o Options) (organStore, error) {
	switch {
	case o.Store == "" || o.Store == "sqlite":
		return store.Open(ctx, filepath.Join(o.DataDir, "mission.db"), store.Options{Synchronous: o.Synchronous, Clock: o.Clock})
	case pgdb.IsDSN(o.Store):
		return store.OpenPostgres(ctx, o.Store, store.PGOptions{})
	}
	return nil, fmt.Errorf("store %q: want sqlite or a postgres:// URL", pgdb.Redact(o.Store))
}

// sweepRefs removes the candidate refs of missions closed longer than the grace period, every
// period of the organ's clock.
func (s *Service) sweepRefs(ctx context.Context, clk clock.Clock, every time.Duration, log *slog.Logger) {
	defer s.wg.Done()
	clock.Loop(ctx, clk, every, func(ctx context.Context) {
		if n, err := s.Domain.SweepRefs(ctx); err != nil && ctx.Err() == nil {
			log.Warn("sweep mission refs", "err", err)
		} else if n > 0 {
			log.Info("mission refs removed", "count", n)
		}
	})
}

// retryDebriefs re-offers debriefs medulla could not take when their mission closed, every
// period of the organ's clock.
func (s *Service) retryDebriefs(ctx context.Context, clk clock.Clock, every time.Duration, log *slog.Logger) {
	defer s.wg.Done()
	clock.Loop(ctx, clk, every, func(ctx context.Context) {
		if n, err := s.Domain.RetryDebriefs(ctx); err != nil && ctx.Err() == nil {
			log.Warn("retry debriefs", "err", err)
		} else if n > 0 {
			log.Info("debriefs memorized on retry", "count", n)
		}
	})
}

// Register adds the mission service to a gRPC server.
func (s *Service) Register(r grpc.ServiceRegistrar) {
	missionv1.RegisterMissionServiceServer(r, s.server)
}

// Close stops background work and closes the database.
func (s *Service) Close() error {
	s.Domain.Stop()
	s.stop()
	s.wg.Wait()
	return s.store.Close()
}
